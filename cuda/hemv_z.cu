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

extern "C" cudaError_t kblasf_cuda_zhemv(
    cudaStream_t stream, char uplo, int64_t n, cuDoubleComplex alpha, const cuDoubleComplex *A,
    int64_t lda, int64_t off, const cuDoubleComplex *x, int64_t incx, cuDoubleComplex beta,
    cuDoubleComplex *y, int64_t incy)
{
    return kblasf::symv_run<cuDoubleComplex, Cfg, true>(
        stream, uplo, n, alpha, A, lda, off, x, incx, beta, y, incy);
}

/* y := A x and the quadratic form into qf (kblasf_cuda.h) */
extern "C" cudaError_t kblasf_cuda_zhemv_qf(
    cudaStream_t stream, char uplo, int64_t n, const cuDoubleComplex *A, int64_t lda,
    int64_t off, const cuDoubleComplex *x, int64_t incx, cuDoubleComplex *y, int64_t incy,
    double *qf, int rev)
{
    return kblasf::symv_qf_run<cuDoubleComplex, Cfg, true>(
        stream, uplo, n, A, lda, off, x, incx, y, incy, qf, rev);
}
