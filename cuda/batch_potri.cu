/* batch_potri.cu — batched LAUUM, POTRI and POTI for orders n <= 32 (kblasf_cuda_?lauum_batch,
 * ?potri_batch), and POTRI's zero-diagonal check for any order (?zero_diag_batch).
 *
 * One thread block of 32 threads per matrix; the matrix makes one trip through shared
 * memory: its stored triangle is read once, every step runs there, the result is written
 * once. The steps work on the lower triangle only: an upper triangle U is read as its
 * conjugate transpose L = U^H and written back the same way, which maps every step onto
 * its lower form (A = U^H U = L L^H; inv(U) = inv(L)^H; U U^H = L^H L). Loads and stores
 * run down columns of A, consecutive threads on consecutive rows.
 *  - POTI: Cholesky A = L L^H, right-looking: column j scaled by its pivot's square root,
 *    then thread t updates its row of the trailing triangle.
 *  - POTRI, and POTI after it: inv(L) by substitution, thread t solving for column t
 *    (trtri_block.cuh, the piece the TRSM's block inversion and the batched TRTRI use),
 *    then the product inv(L)^H inv(L) = inv(A).
 *  - LAUUM: the product L^H L, thread t computing row t of its lower triangle; as LAPACK's
 *    LAUUM, the real parts of the diagonal only. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include "trtri_block.cuh"

namespace kblasf {
namespace {

constexpr int NB = 32; /* the largest order, and the threads of a thread block */
enum Op { LAUUM, POTRI, POTI };

/* Column by column, thread t on row t: the lower-form triangle L of matrix Ab into s
 * (zeros above the diagonal and outside n; for upper, L = U^H). re_diag: the real parts of
 * the diagonal only. */
template <typename T>
__device__ __forceinline__ void load_lower(bool lower, int n, int t, const T *Ab, int64_t lda,
                                           bool re_diag, T (*s)[NB + 1])
{
    for (int c = 0; c < n; ++c) {
        if (lower) { /* A(t, c), t >= c */
            T v = Sc<T>::zero();
            if (t < n && t >= c)
                v = re_diag && t == c ? Sc<T>::ld_rw_real(Ab + t + c * lda) : ld_rw(Ab + t + c * lda);
            s[t][c] = v;
        } else {     /* U(t, c), t <= c, is L(c, t) conjugated */
            T v = Sc<T>::zero();
            if (t <= c)
                v = re_diag && t == c ? Sc<T>::ld_rw_real(Ab + t + c * lda)
                                      : Sc<T>::conj(ld_rw(Ab + t + c * lda));
            s[c][t] = v;
        }
    }
}

/* The lower-form triangle in s back to matrix Ab, the mirror of load_lower; real_diag: the
 * diagonal's imaginary parts written as 0 (a Hermitian result). */
template <typename T>
__device__ __forceinline__ void store_lower(bool lower, int n, int t, const T (*s)[NB + 1],
                                            bool real_diag, T *Ab, int64_t lda)
{
    for (int c = 0; c < n; ++c) {
        if (lower ? (t < n && t >= c) : t <= c) {
            T v = lower ? s[t][c] : Sc<T>::conj(s[c][t]);
            if (real_diag && t == c)
                v = Sc<T>::from_re(Sc<T>::re(v));
            Ab[t + c * lda] = v;
        }
    }
}

/* Cholesky of the lower triangle in s (real diagonal): 0, or the order j + 1 of the first
 * pivot that is not positive (NaN included); then the columns before j are final. */
template <typename T>
__device__ __forceinline__ int cholesky(int n, int t, T (*s)[NB + 1])
{
    using R = typename Sc<T>::Real;

    for (int j = 0; j < n; ++j) {
        const R d = Sc<T>::re(s[j][j]);
        if (!(d > R(0)))
            return j + 1; /* the same decision in every thread */
        const R sq = sqrt_r(d), rs = R(1) / sq;
        __syncthreads(); /* everyone has read s[j][j] */
        if (t == j)
            s[j][j] = Sc<T>::from_re(sq);
        else if (t > j && t < n)
            s[t][j] = Sc<T>::mulr(s[t][j], rs);
        __syncthreads();
        /* row t of the trailing triangle: A(t, c) -= L(t, j) conj(L(c, j)), j < c <= t */
        if (t > j && t < n) {
            const T ltj = s[t][j];
            for (int c = j + 1; c <= t; ++c)
                s[t][c] = Sc<T>::sub(s[t][c], Sc<T>::mul(ltj, Sc<T>::conj(s[c][j])));
        }
        __syncthreads();
    }
    return 0;
}

/* M := X^H X, X lower in x (the real parts of its diagonal), M's lower triangle into m:
 * thread t, row t: M(t, j) = sum over l >= t of conj(X(l, t)) X(l, j), j <= t. */
template <typename T>
__device__ __forceinline__ void lauum_lower(int n, int t, const T (*x)[NB + 1], T (*m)[NB + 1])
{
    if (t >= n)
        return;
    for (int j = 0; j <= t; ++j) {
        T acc = Sc<T>::zero();
        for (int l = t; l < n; ++l)
            acc = Sc<T>::fmac(x[l][t], x[l][j], acc);
        m[t][j] = acc;
    }
}

template <typename T, Op OP>
__global__ void __launch_bounds__(NB)
potri_batch_kernel(bool lower, int n, T *const *Aarr, T *A, int64_t lda, int64_t strideA,
                   int64_t offA, void *info, int info_bytes)
{
    __shared__ T s[NB][NB + 1], x[NB][NB + 1];
    __shared__ T dinv[NB];
    const int t = threadIdx.x;
    T *Ab = mat(Aarr, A, strideA, blockIdx.x) + offA;

    if (OP == LAUUM) {
        load_lower(lower, n, t, Ab, lda, true, x);
        __syncthreads();
        lauum_lower(n, t, x, s);
        __syncthreads();
        store_lower(lower, n, t, s, true, Ab, lda);
        return;
    }
    /* POTI: the imaginary parts of A's diagonal are ignored; POTRI inverts the factor's
     * diagonal as it is, as LAPACK's TRTRI */
    load_lower(lower, n, t, Ab, lda, OP == POTI, s);
    __syncthreads();
    int bad = 0;
    if (OP == POTI) {
        if ((bad = cholesky(n, t, s)) != 0) {
            __syncthreads();
            store_lower(lower, n, t, s, true, Ab, lda); /* as the factorization left it */
        }
    } else {
        for (int j = n - 1; j >= 0; --j) /* the first zero on the diagonal: left untouched */
            if (Sc<T>::is_zero(s[j][j]))
                bad = j + 1;
    }
    if (t == 0)
        set_info(info, info_bytes, blockIdx.x, bad);
    if (bad)
        return;
    if (t < n)
        dinv[t] = Sc<T>::recip(s[t][t]);
    __syncthreads();
    if (t < n)
        invert_column(true, n, t, s, dinv, x);
    __syncthreads();
    if (t < n) /* LAUUM reads the real parts of the inverse's diagonal, as LAPACK's */
        x[t][t] = Sc<T>::from_re(Sc<T>::re(x[t][t]));
    __syncthreads();
    lauum_lower(n, t, x, s);
    __syncthreads();
    store_lower(lower, n, t, s, true, Ab, lda);
}

/* POTRI's check for any order: thread b, matrix b. */
template <typename T>
__global__ void zero_diag_kernel(int64_t n, T *const *Aarr, const T *A, int64_t lda,
                                 int64_t strideA, int64_t offA, void *info, int info_bytes,
                                 int64_t batch)
{
    const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= batch)
        return;
    const T *Ab = (Aarr ? Aarr[b] : A + b * strideA) + offA;
    int64_t bad = 0;
    for (int64_t j = 0; j < n && !bad; ++j)
        if (Sc<T>::is_zero(Sc<T>::ld(Ab + j + j * lda)))
            bad = j + 1;
    set_info(info, info_bytes, b, bad);
}

inline bool bad_uplo(char uplo, bool &lower)
{
    lower = uplo == 'L' || uplo == 'l';
    return !lower && uplo != 'U' && uplo != 'u';
}

template <typename T>
cudaError_t potri_batch_run(Op op, char uplo, int64_t n, T *const *Aarr, T *A, int64_t lda,
                            int64_t strideA, int64_t offA, void *info, int info_bytes,
                            int64_t batch, cudaStream_t stream)
{
    bool lower;

    if (bad_uplo(uplo, lower) || n < 0 || n > KBLASF_CUDA_BATCH_POTRI_MAX ||
        lda < (n > 1 ? n : 1) || batch < 0 || batch > 0x7fffffff || offA < 0 ||
        (op != LAUUM && info_bytes != 4 && info_bytes != 8))
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    if (op != LAUUM && !info)
        return cudaErrorInvalidValue;
    if (n == 0) /* every info 0 */
        return op == LAUUM ? cudaSuccess
                           : cudaMemsetAsync(info, 0, (size_t)batch * info_bytes, stream);
    if (!A && !Aarr)
        return cudaErrorInvalidValue;
    const dim3 grid((unsigned)batch), block(NB);
    switch (op) {
    case LAUUM:
        return launch(potri_batch_kernel<T, LAUUM>, grid, block, stream, false, lower, (int)n,
                      Aarr, A, lda, strideA, offA, info, info_bytes);
    case POTRI:
        return launch(potri_batch_kernel<T, POTRI>, grid, block, stream, false, lower, (int)n,
                      Aarr, A, lda, strideA, offA, info, info_bytes);
    default:
        return launch(potri_batch_kernel<T, POTI>, grid, block, stream, false, lower, (int)n,
                      Aarr, A, lda, strideA, offA, info, info_bytes);
    }
}

template <typename T>
cudaError_t zero_diag_run(cudaStream_t stream, int64_t n, T *const *Aarr, const T *A,
                          int64_t lda, int64_t strideA, int64_t offA, void *info,
                          int info_bytes, int64_t batch)
{
    const int threads = 128;

    if (n < 0 || lda < (n > 1 ? n : 1) || batch < 0 || offA < 0 ||
        (info_bytes != 4 && info_bytes != 8) || (batch > 0 && !info) ||
        (batch > 0 && n > 0 && !A && !Aarr))
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    return launch(zero_diag_kernel<T>, dim3((unsigned)((batch + threads - 1) / threads)),
                  dim3(threads), stream, false, n, Aarr, A, lda, strideA, offA, info,
                  info_bytes, batch);
}

} // namespace
} // namespace kblasf

#define KBLASF_POTRI_BATCH(P, T)                                                            \
    extern "C" cudaError_t kblasf_cuda_##P##lauum_batch(cudaStream_t stream, char uplo,    \
            int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,    \
            int64_t batch)                                                                  \
    {                                                                                       \
        return kblasf::potri_batch_run<T>(kblasf::LAUUM, uplo, n, Aarr, A, lda, strideA,    \
                                          offA, nullptr, 4, batch, stream);                 \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##potri_batch(cudaStream_t stream, int poti,     \
            char uplo, int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA,       \
            int64_t offA, void *info, int info_bytes, int64_t batch)                        \
    {                                                                                       \
        return kblasf::potri_batch_run<T>(poti ? kblasf::POTI : kblasf::POTRI, uplo, n,     \
                                          Aarr, A, lda, strideA, offA, info, info_bytes,    \
                                          batch, stream);                                   \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##zero_diag_batch(cudaStream_t stream, int64_t n, \
            T *const *Aarr, const T *A, int64_t lda, int64_t strideA, int64_t offA,         \
            void *info, int info_bytes, int64_t batch)                                      \
    {                                                                                       \
        return kblasf::zero_diag_run<T>(stream, n, Aarr, A, lda, strideA, offA, info,       \
                                        info_bytes, batch);                                 \
    }
KBLASF_POTRI_BATCH(s, float)
KBLASF_POTRI_BATCH(d, double)
KBLASF_POTRI_BATCH(c, cuFloatComplex)
KBLASF_POTRI_BATCH(z, cuDoubleComplex)
