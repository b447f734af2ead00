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

enum Op { TRTRI, LAUUM, POTRI, POTI };

/* Column by column, thread t on row t: the lower-form triangle L of matrix Ab into s
 * (zeros above the diagonal and outside n; for upper, L = U^H). re_diag: the real parts of
 * the diagonal only; unit: the diagonal is not read (TRTRI with diag 'U'). */
template <typename T, int LD>
__device__ __forceinline__ void load_lower(bool lower, int n, int t, const T *Ab, int64_t lda,
                                           bool re_diag, bool unit, T (*s)[LD])
{
    /* U columns' loads in flight before the first store waits on one (a warp issues in
     * order: a store right behind its load paid a memory latency per column) */
    constexpr int U = 8;
    for (int c0 = 0; c0 < n; c0 += U) {
        T v[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int c = c0 + u;
            const bool in = c < n && (lower ? (t < n && t >= c) : t <= c); /* A(t, c) stored */
            v[u] = Sc<T>::zero();
            if (in && t == c)
                v[u] = unit ? Sc<T>::one()
                            : re_diag ? Sc<T>::ld_rw_real(Ab + t + c * lda)
                                      : ld_rw(Ab + t + c * lda);
            else if (in)
                v[u] = ld_rw(Ab + t + c * lda);
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
            const int c = c0 + u;
            if (c >= n)
                break;
            if (lower)
                s[t][c] = v[u];
            else /* U(t, c) is L(c, t) conjugated */
                s[c][t] = Sc<T>::conj(v[u]);
        }
    }
}

/* The lower-form triangle in s back to matrix Ab, the mirror of load_lower; real_diag: the
 * diagonal's imaginary parts written as 0 (a Hermitian result); unit: the diagonal not
 * written. */
template <typename T, int LD>
__device__ __forceinline__ void store_lower(bool lower, int n, int t, const T (*s)[LD],
                                            bool real_diag, bool unit, T *Ab, int64_t lda)
{
    for (int c = 0; c < n; ++c) {
        if (lower ? (t < n && t >= c) : t <= c) {
            T v = lower ? s[t][c] : Sc<T>::conj(s[c][t]);
            if (t == c && unit)
                continue;
            if (real_diag && t == c)
                v = Sc<T>::from_re(Sc<T>::re(v));
            Ab[t + c * lda] = v;
        }
    }
}

/* Cholesky of the lower triangle in s (real diagonal): 0, or the order j + 1 of the first
 * pivot that is not positive (NaN included), after which this matrix is left alone (its
 * columns before j final). Every thread of the block runs every barrier: idle threads (no
 * matrix) and failed matrices only skip the work. */
template <typename T, int LD>
__device__ __forceinline__ int cholesky(int n, int t, bool idle, T (*s)[LD])
{
    using R = typename Sc<T>::Real;
    int bad = idle ? -1 : 0;

    for (int j = 0; j < n; ++j) {
        R sq = R(1);
        if (!bad) {
            const R d = Sc<T>::re(s[j][j]);
            if (!(d > R(0)))
                bad = j + 1; /* the same decision in every thread of the matrix */
            else
                sq = sqrt_r(d);
        }
        __syncthreads(); /* everyone has read s[j][j] */
        if (!bad) {
            if (t == j)
                s[j][j] = Sc<T>::from_re(sq);
            else if (t > j && t < n)
                s[t][j] = Sc<T>::mulr(s[t][j], R(1) / sq);
        }
        __syncthreads();
        /* row t of the trailing triangle: A(t, c) -= L(t, j) conj(L(c, j)), j < c <= t */
        if (!bad && t > j && t < n) {
            const T ltj = s[t][j];
            for (int c = j + 1; c <= t; ++c)
                s[t][c] = Sc<T>::sub(s[t][c], Sc<T>::mul(ltj, Sc<T>::conj(s[c][j])));
        }
        __syncthreads();
    }
    return bad < 0 ? 0 : bad;
}

/* M := X^H X, X lower in x (the real parts of its diagonal), M's lower triangle into m:
 * thread t, row t: M(t, j) = sum over l >= t of conj(X(l, t)) X(l, j), j <= t. */
template <typename T, int LD>
__device__ __forceinline__ void lauum_lower(int n, int t, const T (*x)[LD], T (*m)[LD])
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

/* MPB matrices of order n <= NB per thread block, NB x MPB threads: threadIdx.y picks the
 * matrix, threadIdx.x = t its row. All matrices of a block run the same steps between the
 * same barriers; a block's last matrices may be missing (idle threads keep the barriers). */
template <typename T, Op OP, int NB, int MPB>
__global__ void __launch_bounds__(NB * MPB)
potri_batch_kernel(bool lower, bool unit, int n, T *const *Aarr, T *A, int64_t lda,
                   int64_t strideA, int64_t offA, void *info, int info_bytes, int64_t batch)
{
    constexpr int LD = NB + 1; /* rows of 33 (17, 9): a warp's column reads hit distinct banks */
    __shared__ T s_[MPB][NB][LD], x_[MPB][NB][LD];
    __shared__ T dinv_[MPB][NB];
    /* (one matrix a block: the shared arrays at addresses known when compiling) */
    const int t = threadIdx.x, g = MPB == 1 ? 0 : (int)threadIdx.y;
    const int64_t b = (int64_t)blockIdx.x * MPB + g;
    const bool here = b < batch;
    T (*s)[LD] = s_[g], (*x)[LD] = x_[g];
    T *dinv = dinv_[g];
    T *Ab = here ? mat(Aarr, A, strideA, b) + offA : nullptr;

    if (OP == LAUUM) {
        if (here)
            load_lower(lower, n, t, Ab, lda, true, false, x);
        __syncthreads();
        if (here)
            lauum_lower(n, t, x, s);
        __syncthreads();
        if (here)
            store_lower(lower, n, t, s, true, false, Ab, lda);
        return;
    }
    /* POTI: the imaginary parts of A's diagonal are ignored; POTRI and TRTRI invert the
     * diagonal as it is, as LAPACK's TRTRI */
    if (here)
        load_lower(lower, n, t, Ab, lda, OP == POTI, unit, s);
    __syncthreads();
    int bad = 0;
    if (OP == POTI) {
        bad = cholesky(n, t, !here, s);
        if (here && bad) /* as the factorization left it */
            store_lower(lower, n, t, s, true, false, Ab, lda);
    } else if (OP == POTRI && here) {
        for (int j = n - 1; j >= 0; --j) /* the first zero on the diagonal: left untouched */
            if (Sc<T>::is_zero(s[j][j]))
                bad = j + 1;
    }
    if (OP != TRTRI && here && t == 0)
        set_info(info, info_bytes, b, bad);
    const bool go = here && !bad;
    if (go && t < n)
        dinv[t] = unit ? Sc<T>::one() : Sc<T>::recip(s[t][t]);
    __syncthreads();
    if (go && t < n)
        invert_column(true, n, t, s, dinv, x);
    __syncthreads();
    if (OP == TRTRI) {
        if (go)
            store_lower(lower, n, t, x, false, unit, Ab, lda);
        return;
    }
    if (go && t < n) /* LAUUM reads the real parts of the inverse's diagonal, as LAPACK's */
        x[t][t] = Sc<T>::from_re(Sc<T>::re(x[t][t]));
    __syncthreads();
    if (go)
        lauum_lower(n, t, x, s);
    __syncthreads();
    if (go)
        store_lower(lower, n, t, s, true, false, Ab, lda);
}

/* The launch for order n: 16 matrices of order <= 8 a block, 4 of order <= 16, 1 above. */
template <typename T, Op OP>
cudaError_t launch_potri(cudaStream_t stream, bool lower, bool unit, int n, T *const *Aarr,
                         T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,
                         int info_bytes, int64_t batch)
{
    if (n <= 8)
        return launch(potri_batch_kernel<T, OP, 8, 16>, dim3((unsigned)((batch + 15) / 16)),
                      dim3(8, 16), stream, false, lower, unit, n, Aarr, A, lda, strideA, offA,
                      info, info_bytes, batch);
    if (n <= 16)
        return launch(potri_batch_kernel<T, OP, 16, 4>, dim3((unsigned)((batch + 3) / 4)),
                      dim3(16, 4), stream, false, lower, unit, n, Aarr, A, lda, strideA, offA,
                      info, info_bytes, batch);
    return launch(potri_batch_kernel<T, OP, 32, 1>, dim3((unsigned)batch), dim3(32, 1), stream,
                  false, lower, unit, n, Aarr, A, lda, strideA, offA, info, info_bytes, batch);
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

template <typename T>
cudaError_t potri_batch_run(Op op, char uplo, char diag, int64_t n, T *const *Aarr, T *A,
                            int64_t lda, int64_t strideA, int64_t offA, void *info,
                            int info_bytes, int64_t batch, cudaStream_t stream)
{
    bool lower;
    const bool unit = diag == 'U' || diag == 'u', with_info = op == POTRI || op == POTI;

    if (bad_uplo(uplo, lower) || (!unit && diag != 'N' && diag != 'n') || n < 0 ||
        n > KBLASF_CUDA_BATCH_POTRI_MAX || lda < (n > 1 ? n : 1) || batch < 0 ||
        batch > 0x7fffffff || offA < 0 || (with_info && info_bytes != 4 && info_bytes != 8))
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    if (with_info && !info)
        return cudaErrorInvalidValue;
    if (n == 0) /* every info 0: the zero-diagonal check of order 0 */
        return with_info ? zero_diag_run<T>(stream, 0, Aarr, A, lda, strideA, offA, info,
                                            info_bytes, batch)
                         : cudaSuccess;
    if (!A && !Aarr)
        return cudaErrorInvalidValue;
    switch (op) {
    case TRTRI:
        return launch_potri<T, TRTRI>(stream, lower, unit, (int)n, Aarr, A, lda, strideA, offA,
                                      info, info_bytes, batch);
    case LAUUM:
        return launch_potri<T, LAUUM>(stream, lower, false, (int)n, Aarr, A, lda, strideA, offA,
                                      info, info_bytes, batch);
    case POTRI:
        return launch_potri<T, POTRI>(stream, lower, false, (int)n, Aarr, A, lda, strideA, offA,
                                      info, info_bytes, batch);
    default:
        return launch_potri<T, POTI>(stream, lower, false, (int)n, Aarr, A, lda, strideA, offA,
                                     info, info_bytes, batch);
    }
}

} // namespace
} // namespace kblasf

#define KBLASF_POTRI_BATCH(P, T)                                                            \
    extern "C" cudaError_t kblasf_cuda_##P##trtri_batch(cudaStream_t stream, char uplo,    \
            char diag, int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA,       \
            int64_t offA, int64_t batch)                                                    \
    {                                                                                       \
        return kblasf::potri_batch_run<T>(kblasf::TRTRI, uplo, diag, n, Aarr, A, lda,       \
                                          strideA, offA, nullptr, 4, batch, stream);        \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##lauum_batch(cudaStream_t stream, char uplo,    \
            int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,    \
            int64_t batch)                                                                  \
    {                                                                                       \
        return kblasf::potri_batch_run<T>(kblasf::LAUUM, uplo, 'N', n, Aarr, A, lda,        \
                                          strideA, offA, nullptr, 4, batch, stream);        \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##potri_batch(cudaStream_t stream, int poti,     \
            char uplo, int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA,       \
            int64_t offA, void *info, int info_bytes, int64_t batch)                        \
    {                                                                                       \
        return kblasf::potri_batch_run<T>(poti ? kblasf::POTI : kblasf::POTRI, uplo, 'N', n, \
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
