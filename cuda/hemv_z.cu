/* hemv_z.cu — ZHEMV (+offset, Hermitian): symv_kernels.cuh tuned for
 * cuDoubleComplex. The grid is chosen at run time: one wave of resident thread blocks, each
 * with an equal run of off-diagonal blocks (symv_main). */
#include "kblasf_cuda.h"
#include "symv_kernels.cuh"

namespace {
struct Cfg {
    static constexpr int NB = 32;  /* 32x32 blocks: 64 real y atomics per 16 KB read */
    static constexpr int V = 1;    /* an element is already 16 bytes */
    static constexpr int Q = 4;    /* 4 column lanes: a warp reads 4 columns x 128 B */
    static constexpr int WR = 4;   /* NB = WR*(32/Q)*V; 8 elements (128 B)/thread in flight */
    static constexpr int MINB = 4; /* 4 blocks/SM (<= 128 regs): 64 KB in flight per SM */
    static constexpr int DTY = 8;  /* diagonal kernel: NB x 8 threads */
};
} // namespace

KBLASF_SYMV_ENTRIES(zhemv, cuDoubleComplex, true)
