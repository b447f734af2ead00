/* symv_d.cu — DSYMV (+offset, symmetric): symv_kernels.cuh tuned for
 * double. The grid is chosen at run time: one wave of resident thread blocks, each
 * with an equal run of off-diagonal blocks (symv_main). */
#include "kblasf_cuda.h"
#include "symv_kernels.cuh"

namespace {
struct Cfg {
    static constexpr int NB = 32;  /* 32x32 blocks: 32 y atomics per 8 KB read */
    static constexpr int V = 2;    /* double2: one 16-byte load = 2 rows */
    static constexpr int Q = 4;    /* 4 column lanes: a warp reads 4 columns x 128 B */
    static constexpr int WR = 2;   /* NB = WR*(32/Q)*V; 16 doubles (128 B)/thread in flight */
    static constexpr int MINB = 8; /* 8 blocks/SM (<= 128 regs): 64 KB in flight per SM */
    static constexpr int DTY = 8;  /* diagonal kernel: NB x 8 threads */
};
} // namespace

KBLASF_SYMV_ENTRIES(dsymv, double, false)
