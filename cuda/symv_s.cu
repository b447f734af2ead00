/* symv_s.cu — SSYMV (+offset, symmetric): symv_kernels.cuh tuned for
 * float. The grid is chosen at run time: one wave of resident thread blocks, each
 * with an equal run of off-diagonal blocks (symv_main). */
#include "kblasf_cuda.h"
#include "symv_kernels.cuh"

namespace {
struct Cfg {
    static constexpr int NB = 32;   /* 32x32 blocks: 32 y atomics per 4 KB read */
    static constexpr int V = 4;     /* float4: one 16-byte load = 4 rows */
    static constexpr int Q = 4;     /* 4 column lanes: a warp reads 4 columns x 128 B */
    static constexpr int WR = 1;    /* NB = WR*(32/Q)*V; 32 floats (128 B)/thread in flight */
    static constexpr int MINB = 16; /* 16 blocks/SM (<= 128 regs): 64 KB in flight per SM */
    static constexpr int DTY = 8;   /* diagonal kernel: NB x 8 threads */
};
} // namespace

KBLASF_SYMV_ENTRIES(ssymv, float, false)
