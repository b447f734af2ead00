/* trtri_diag.cu — inverts the small diagonal blocks of a triangular matrix, all at once:
 * the first step of the recursive TRSM's inverted leaves (src/exec_cuda_gen.c doubles
 * these blocks up to the leaf order with batched GEMMs).
 *
 * One thread block per diagonal block of order bs <= 32: the block goes to shared memory
 * (only its stored triangle, and its diagonal unless it is a unit one), then thread t
 * computes column t of the inverse by substitution against column t of the identity
 * (trtri_block.cuh: the same substitution is the batched TRTRI, LAUUM, POTRI and POTI's,
 * in batch_potri.cu). */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include "trtri_block.cuh"

namespace kblasf {
namespace {

constexpr int IB = 32; /* the largest block, and the threads of a thread block */

/* The inverse of the s x s triangle at Ab (lda), s <= IB, one thread block of IB threads,
 * written to Wb (ldw): the whole square, zeros in the other triangle and the diagonal
 * explicit. */
template <typename T>
__device__ __forceinline__ void invert_block(bool lower, bool unit, int s, const T *Ab,
                                             int64_t lda, T *Wb, int64_t ldw)
{
    __shared__ T sA[IB][IB + 1], sX[IB][IB + 1];
    __shared__ T dinv[IB];
    const int t = threadIdx.x;
    const T one = Sc<T>::one();

    /* row t of the block; a warp's loads run down a column. The other triangle and the
     * diagonal are never read (the caller may keep anything there). All loads are issued
     * before the first store waits on one: a warp issues in order, and a store right
     * behind its load paid a memory latency per column. */
    T v[IB];
    const T d = t < s && !unit ? ld_rw(Ab + t + t * lda) : one;
#pragma unroll
    for (int c = 0; c < IB; ++c)
        v[c] = c < s && t < s && (lower ? t > c : t < c) ? ld_rw(Ab + t + c * lda)
                                                         : Sc<T>::zero();
#pragma unroll
    for (int c = 0; c < IB; ++c)
        sA[t][c] = v[c];
    if (t < s)
        dinv[t] = unit ? one : Sc<T>::recip(d);
    __syncthreads();
    if (t < s)
        invert_column(lower, s, t, sA, dinv, sX);
    __syncthreads();
    if (t < s) /* row t of the inverse; coalesced down each column */
        for (int c = 0; c < s; ++c)
            Wb[t + c * ldw] = sX[t][c];
}

template <typename T>
__global__ void __launch_bounds__(IB) trtri_diag_kernel(bool lower, bool unit, int64_t k, int bs,
                                                        const T *A, int64_t lda, T *W, int64_t ldw)
{
    const int64_t o = (int64_t)blockIdx.x * bs;
    const int s = k - o < bs ? (int)(k - o) : bs;

    invert_block(lower, unit, s, A + (o + o * lda), lda, W + (o + o * ldw), ldw);
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
