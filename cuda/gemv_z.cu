/* gemv_z.cu — ZGEMV (+offset): gemv_kernels.cuh tuned for cuDoubleComplex. The grid
 * (the paper's Y) is chosen at run time from occupancy x SMs (choose_split). */
#include "kblasf_cuda.h"
#include "gemv_kernels.cuh"

namespace {
struct Cfg {
    static constexpr int V = 1;    /* an element is already 16 bytes */
    static constexpr int NB = 32;  /* 32 lanes x 1 row: 512 contiguous bytes per column */
    static constexpr int Q = 4;    /* 4 warps: T side by side (Q*L cols), N stacked (4*NB rows = 2 KB/col) */
    static constexpr int L = 8;    /* 32 columns/block: 8 elements (128 B)/thread in flight */
    static constexpr int MINB = 4; /* 4 blocks/SM (<= 128 regs): 64 KB in flight per SM */
};
} // namespace

extern "C" cudaError_t kblasf_cuda_zgemv(
    cudaStream_t stream, char trans, int64_t m, int64_t n, cuDoubleComplex alpha,
    const cuDoubleComplex *A, int64_t lda, int64_t offr, int64_t offc,
    const cuDoubleComplex *x, int64_t incx, cuDoubleComplex beta, cuDoubleComplex *y,
    int64_t incy)
{
    return kblasf::gemv_run<cuDoubleComplex, Cfg>(
        stream, trans, m, n, alpha, A, lda, offr, offc, x, incx, beta, y, incy);
}
