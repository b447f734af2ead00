/* gemv_c.cu — CGEMV (+offset): gemv_kernels.cuh tuned for cuFloatComplex. The grid
 * (the paper's Y) is chosen at run time from occupancy x SMs (choose_split). */
#include "kblasf_cuda.h"
#include "gemv_kernels.cuh"

namespace {
struct Cfg {
    static constexpr int V = 2;    /* float4: one 16-byte load = 2 complex rows */
    static constexpr int NB = 64;  /* 32 lanes x V rows: 512 contiguous bytes per column */
    static constexpr int Q = 4;    /* 4 warps: T side by side (Q*L cols), N stacked (4*NB rows = 2 KB/col) */
    static constexpr int L = 8;    /* 32 columns/block: 16 elements (128 B)/thread in flight */
    static constexpr int MINB = 4; /* 4 blocks/SM (<= 128 regs): 64 KB in flight per SM */
};
} // namespace

extern "C" cudaError_t kblasf_cuda_cgemv(
    cudaStream_t stream, char trans, int64_t m, int64_t n, cuFloatComplex alpha,
    const cuFloatComplex *A, int64_t lda, int64_t offr, int64_t offc, const cuFloatComplex *x,
    int64_t incx, cuFloatComplex beta, cuFloatComplex *y, int64_t incy)
{
    return kblasf::gemv_run<cuFloatComplex, Cfg>(
        stream, trans, m, n, alpha, A, lda, offr, offc, x, incx, beta, y, incy);
}
