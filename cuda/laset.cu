/* laset.cu — A := offdiag off the diagonal, diag on it (LAPACK's LASET) for an m x n
 * matrix: the identity that the TRSM base case inverts a diagonal block from. */
#include "kblasf_cuda.h"

namespace {

template <typename T>
__global__ void laset_kernel(int64_t m, int64_t n, T offdiag, T diag, T *A, int64_t lda)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m)
        return;
    for (int64_t j = blockIdx.y; j < n; j += gridDim.y)
        A[i + j * lda] = i == j ? diag : offdiag;
}

template <typename T>
cudaError_t laset(cudaStream_t stream, int64_t m, int64_t n, T offdiag, T diag, T *A,
                  int64_t lda)
{
    if (m <= 0 || n <= 0)
        return cudaSuccess;
    const int threads = 256;
    dim3 grid((unsigned)((m + threads - 1) / threads), (unsigned)(n < 1024 ? n : 1024));
    laset_kernel<T><<<grid, threads, 0, stream>>>(m, n, offdiag, diag, A, lda);
    return cudaGetLastError();
}

} // namespace

extern "C" {
cudaError_t kblasf_cuda_slaset(cudaStream_t s, int64_t m, int64_t n, float o, float d,
                               float *A, int64_t lda)
{ return laset(s, m, n, o, d, A, lda); }
cudaError_t kblasf_cuda_dlaset(cudaStream_t s, int64_t m, int64_t n, double o, double d,
                               double *A, int64_t lda)
{ return laset(s, m, n, o, d, A, lda); }
cudaError_t kblasf_cuda_claset(cudaStream_t s, int64_t m, int64_t n, cuFloatComplex o,
                               cuFloatComplex d, cuFloatComplex *A, int64_t lda)
{ return laset(s, m, n, o, d, A, lda); }
cudaError_t kblasf_cuda_zlaset(cudaStream_t s, int64_t m, int64_t n, cuDoubleComplex o,
                               cuDoubleComplex d, cuDoubleComplex *A, int64_t lda)
{ return laset(s, m, n, o, d, A, lda); }
}
