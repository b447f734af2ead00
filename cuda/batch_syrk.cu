/* batch_syrk.cu — batched SYRK and HERK for orders n <= 32, any k (kblasf_cuda_?syrk_batch):
 * the diagonal blocks of the batched SYRK/HERK recursion (lapack/batch_syrk_gen.c), and the
 * whole problem when n <= 32.
 *
 * One thread block of 32 x 8 threads per matrix. op(A) streams through shared memory in
 * chunks of 32 of its k columns, each chunk loaded with consecutive threads on consecutive
 * addresses (down A's columns, whichever way op reads them); thread (i, y) then holds
 * C(i, y), C(i, y+8), C(i, y+16), C(i, y+24) in registers. In the inner loop a warp reads
 * the 32 rows of one column of the chunk (a row stride of 33: no bank conflicts) and one
 * element shared by all its threads (a broadcast). Only the stored triangle of C is read
 * (beta != 0) and written, after the last chunk. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"

namespace kblasf {
namespace {

constexpr int NB = 32;         /* the largest n, the rows of a chunk, its columns */
constexpr int NY = 8;          /* threadIdx.y: columns of C per pass */
constexpr int NC = NB / NY;    /* columns of C per thread */

template <typename T, bool HERM>
__global__ void __launch_bounds__(NB * NY)
syrk_batch_kernel(bool lower, bool notrans, int n, int64_t k, T alpha, T beta, bool beta0,
                  T *const *Aarr, const T *A, int64_t lda, int64_t strideA, int64_t offA,
                  T *const *Carr, T *C, int64_t ldc, int64_t strideC, int64_t offC)
{
    __shared__ T sA[NB][NB + 1]; /* sA[i][l] = op(A)(i, l0 + l) */
    const int i = threadIdx.x, y = threadIdx.y;
    const T *Ab = (Aarr ? Aarr[blockIdx.x] : A + blockIdx.x * strideA) + offA;
    T *Cb = mat(Carr, C, strideC, blockIdx.x) + offC;
    T acc[NC];

    for (int c = 0; c < NC; ++c)
        acc[c] = Sc<T>::zero();
    for (int64_t l0 = 0; l0 < k; l0 += NB) {
        const int kc = k - l0 < NB ? (int)(k - l0) : NB;
        __syncthreads(); /* the previous chunk is used up */
        if (notrans) {   /* thread i loads row i: a warp reads down a column of A */
            for (int l = y; l < kc; l += NY)
                if (i < n)
                    sA[i][l] = Sc<T>::ld(Ab + i + (l0 + l) * lda);
        } else {         /* op(A)(r, l) = A(l, r) (conjugated for HERK): a warp reads down column r */
            for (int r = y; r < n; r += NY)
                if (i < kc) {
                    const T v = Sc<T>::ld(Ab + (l0 + i) + r * lda);
                    sA[r][i] = HERM ? Sc<T>::conj(v) : v;
                }
        }
        __syncthreads();
        if (i < n)
            for (int l = 0; l < kc; ++l) {
                const T a = sA[i][l];
                for (int c = 0; c < NC; ++c) {
                    const int j = y + c * NY;
                    if (j < n) /* C(i, j) += op(A)(i, l) * op(A)(j, l) (conjugated for HERK) */
                        acc[c] = HERM ? Sc<T>::fmac(sA[j][l], a, acc[c])
                                      : Sc<T>::fma(a, sA[j][l], acc[c]);
                }
            }
    }
    if (i >= n)
        return;
    for (int c = 0; c < NC; ++c) {
        const int j = y + c * NY;
        if (j >= n || (lower ? i < j : i > j))
            continue;
        T *p = Cb + i + (int64_t)j * ldc;
        T v = Sc<T>::mul(alpha, acc[c]);
        if (!beta0) /* HERK: the diagonal's imaginary part is not read */
            v = Sc<T>::fma(beta, HERM && i == j ? Sc<T>::ld_rw_real(p) : ld_rw(p), v);
        if (HERM && i == j)
            v = Sc<T>::from_re(Sc<T>::re(v));
        *p = v;
    }
}

template <typename T>
cudaError_t syrk_batch_run(cudaStream_t stream, int herm, char uplo, char trans, int64_t n,
                           int64_t k, T alpha, T *const *Aarr, const T *A, int64_t lda,
                           int64_t strideA, int64_t offA, T beta, T *const *Carr, T *C,
                           int64_t ldc, int64_t strideC, int64_t offC, int64_t batch)
{
    const bool lower = uplo == 'L' || uplo == 'l', notrans = trans == 'N' || trans == 'n';
    const bool hm = herm && Sc<T>::complex;
    /* SYRK: 'T' (or 'C' for real types); HERK: 'C' */
    const bool tr = trans == 'T' || trans == 't', ct = trans == 'C' || trans == 'c';
    const bool trans_ok = notrans || (hm ? ct : (tr || (ct && !Sc<T>::complex)));

    if ((!lower && uplo != 'U' && uplo != 'u') || !trans_ok || n < 0 ||
        n > KBLASF_CUDA_BATCH_SYRK_MAX || k < 0 || lda < (notrans ? (n > 1 ? n : 1) : (k > 1 ? k : 1)) ||
        ldc < (n > 1 ? n : 1) || batch < 0 || batch > 0x7fffffff || offA < 0 || offC < 0)
        return cudaErrorInvalidValue;
    if (n == 0 || batch == 0)
        return cudaSuccess;
    if (hm) { /* HERK's scalars are real */
        alpha = Sc<T>::from_re(Sc<T>::re(alpha));
        beta = Sc<T>::from_re(Sc<T>::re(beta));
    }
    if (Sc<T>::is_zero(alpha))
        k = 0; /* C := beta C: A is not read */
    if ((k > 0 && !A && !Aarr) || (!C && !Carr))
        return cudaErrorInvalidValue;
    const bool beta0 = Sc<T>::is_zero(beta);
    const dim3 grid((unsigned)batch), block(NB, NY);
    return hm ? launch(syrk_batch_kernel<T, true>, grid, block, stream, false, lower, notrans,
                       (int)n, k, alpha, beta, beta0, Aarr, A, lda, strideA, offA, Carr, C, ldc,
                       strideC, offC)
              : launch(syrk_batch_kernel<T, false>, grid, block, stream, false, lower, notrans,
                       (int)n, k, alpha, beta, beta0, Aarr, A, lda, strideA, offA, Carr, C, ldc,
                       strideC, offC);
}

} // namespace
} // namespace kblasf

#define KBLASF_SYRK_BATCH(P, T)                                                             \
    extern "C" cudaError_t kblasf_cuda_##P##syrk_batch(cudaStream_t stream, int herm,      \
            char uplo, char trans, int64_t n, int64_t k, T alpha, T *const *Aarr,           \
            const T *A, int64_t lda, int64_t strideA, int64_t offA, T beta, T *const *Carr, \
            T *C, int64_t ldc, int64_t strideC, int64_t offC, int64_t batch)                \
    {                                                                                       \
        return kblasf::syrk_batch_run<T>(stream, herm, uplo, trans, n, k, alpha, Aarr, A,   \
                                         lda, strideA, offA, beta, Carr, C, ldc, strideC,   \
                                         offC, batch);                                      \
    }
KBLASF_SYRK_BATCH(s, float)
KBLASF_SYRK_BATCH(d, double)
KBLASF_SYRK_BATCH(c, cuFloatComplex)
KBLASF_SYRK_BATCH(z, cuDoubleComplex)
