/* trtri_diag.cu — inverts the small diagonal blocks of a triangular matrix, all at once:
 * the first step of the recursive TRSM's inverted leaves (src/exec_cuda_gen.c doubles
 * these blocks up to the leaf order with batched GEMMs).
 *
 * One thread block per diagonal block of order bs <= 32: the block goes to shared memory
 * (only its stored triangle, and its diagonal unless it is a unit one), then thread t
 * computes column t of the inverse by substitution against column t of the identity. All
 * threads walk the same rows and columns in the same order, so reads of the block are
 * broadcasts, and each thread reads and writes only its own column of the inverse: no
 * barrier inside the loops. */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

constexpr int IB = 32; /* the largest block, and the threads of a thread block */

template <typename T>
__global__ void __launch_bounds__(IB) trtri_diag_kernel(bool lower, bool unit, int64_t k, int bs,
                                                        const T *A, int64_t lda, T *W, int64_t ldw)
{
    __shared__ T sA[IB][IB + 1], sX[IB][IB + 1];
    __shared__ T dinv[IB];
    const int t = threadIdx.x;
    const int64_t o = (int64_t)blockIdx.x * bs;
    const int s = k - o < bs ? (int)(k - o) : bs;
    const T *Ab = A + (o + o * lda);
    T *Wb = W + (o + o * ldw);
    const T one = Sc<T>::one();

    /* row t of the block; a warp's loads run down a column. The other triangle and the
     * diagonal are never read (the caller may keep anything there). */
    for (int c = 0; c < s; ++c)
        sA[t][c] = t < s && (lower ? t > c : t < c) ? Ab[t + c * lda] : Sc<T>::zero();
    if (t < s)
        dinv[t] = unit ? one : Sc<T>::recip(Ab[t + t * lda]);
    __syncthreads();
    if (t < s) {
        /* X(i,t) = (delta(i,t) - sum over the rows solved before i of A(i,j) X(j,t)) / A(i,i),
         * in the order of the substitution; rows before t are 0, set explicitly so that a
         * singular block does not spread NaN outside the triangle */
        for (int r = 0; r < s; ++r) {
            const int i = lower ? r : s - 1 - r;
            T acc = Sc<T>::zero(), x;
            if (lower)
                for (int j = 0; j < i; ++j)
                    acc = Sc<T>::fma(sA[i][j], sX[j][t], acc);
            else
                for (int j = i + 1; j < s; ++j)
                    acc = Sc<T>::fma(sA[i][j], sX[j][t], acc);
            if (lower ? i < t : i > t)
                x = Sc<T>::zero();
            else
                x = Sc<T>::mul(Sc<T>::sub(i == t ? one : Sc<T>::zero(), acc), dinv[i]);
            sX[i][t] = x;
        }
    }
    __syncthreads();
    if (t < s) /* row t of the inverse, zeros included; coalesced down each column */
        for (int c = 0; c < s; ++c)
            Wb[t + c * ldw] = sX[t][c];
}

template <typename T>
cudaError_t trtri_diag_run(cudaStream_t stream, char uplo, char diag, int64_t k, int64_t bs,
                           const T *A, int64_t lda, T *W, int64_t ldw)
{
    const bool lower = uplo == 'L' || uplo == 'l', unit = diag == 'U' || diag == 'u';

    if (k < 0 || bs < 1 || bs > IB || lda < k || ldw < bs)
        return cudaErrorInvalidValue;
    if (k == 0)
        return cudaSuccess;
    return launch(trtri_diag_kernel<T>, dim3((unsigned)((k + bs - 1) / bs)), dim3(IB), stream,
                  false, lower, unit, k, (int)bs, A, lda, W, ldw);
}

} // namespace
} // namespace kblasf

#define KBLASF_TRTRI_DIAG(P, T)                                                             \
    extern "C" cudaError_t kblasf_cuda_##P##trtri_diag(cudaStream_t stream, char uplo,     \
            char diag, int64_t k, int64_t bs, const T *A, int64_t lda, T *W, int64_t ldw)  \
    {                                                                                       \
        return kblasf::trtri_diag_run<T>(stream, uplo, diag, k, bs, A, lda, W, ldw);        \
    }
KBLASF_TRTRI_DIAG(s, float)
KBLASF_TRTRI_DIAG(d, double)
KBLASF_TRTRI_DIAG(c, cuFloatComplex)
KBLASF_TRTRI_DIAG(z, cuDoubleComplex)
