/* batch_potrs_warp.cu — batched POTRS with few right-hand sides, one warp per matrix and
 * pair of right-hand sides (kblasf_cuda_?potrs_batch_warp; batch_block.cu holds the
 * block-per-matrix kernel that takes many right-hand sides at once). With nrhs >= 2 a warp
 * takes two (the last "pair" may be one), reading each element of the factor once for
 * both; with nrhs = 1, one.
 *
 * Why: with one right-hand side the work is reading the factor twice, and the block kernel
 * spent its time at barriers while one warp walked each panel's triangle (ncu, DPOTRS
 * n = 128: 4.75 of 11.6 cycles between a warp's instructions). Here a warp owns a whole
 * solve, so there is no barrier at all; many warps per SM hide each one's shuffle chain,
 * and the columns of the factor stream straight from memory into registers.
 *
 * Layout: lane l holds rows l + 32a (a < RA = ceil(n/32) rounded up to 1, 2, 4 or 8) of the
 * right-hand side(s) in registers. Every read of the factor is a column segment S(i, j) over
 * the lanes' rows i, as stored (column-major, coalesced), S being the stored triangle:
 * L for uplo 'L', U for 'U'. Two sweeps over the columns of S, in either direction:
 *  - axpy sweep (L y = b ascending, U x = y descending): column j's solved value x_j =
 *    v_j / S(j, j) is broadcast from its lane by a shuffle and the rows not yet solved
 *    (below j for L, above for U) take v_i -= S(i, j) x_j. Per 32-row slot: first the
 *    32 x 32 diagonal block one column at a time (the chain), then the other slots' rows
 *    with all 32 solved values at once (independent loads and FMAs);
 *  - dot sweep (L^H x = y descending, U^H y = b ascending): x_j = (v_j - sum_i conj(S(i, j))
 *    x_i) / S(j, j) over the rows already solved (below j for L, above for U): each lane's
 *    partial sum, then a warp sum by xor shuffles.
 * The diagonal is read as its real part only and multiplied by its reciprocal (each lane
 * owns the reciprocal of its row's pivot), as the block kernel does. Rows past n are zero
 * and never loaded.
 *
 * Measured (H100, batch 10240, one right-hand side; bench/results/H100-2026-11-25-*): DPOTRS
 * 128 0.605 ms against 1.02 for the block kernel and 1.46 for cuSOLVER (2.42x); the
 * triangle read twice is 1.35 GB, 0.45 ms at 3 TB/s. ncu: DRAM at 67%, 49% occupancy by
 * registers, and each warp's loads wait on DRAM a column after the other (18 of 24 cycles
 * between its instructions); L2 prefetches a few columns ahead made it slower. Each pair of
 * right-hand sides reads the factor again (the block kernel: each 8): the warp kernel
 * wins up to eight at n <= 128 and up to two at 256 (DPOTRS 128 with two 0.65 against
 * 1.25 ms), not for double complex at n > 128 (a column of 256 takes 32 registers a lane;
 * bench/results/H100-2026-11-25-kernels_potrs.txt, the default in src/config.c). The
 * reciprocals' IEEE division leaves 4-48 bytes of stack in some instances (its slow-path
 * call, in the prologue). */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include <type_traits>

namespace kblasf {
namespace {

constexpr int kWarpsPerBlock = 4;
constexpr int kMaxN = 256;

/* the stored triangle S of one matrix: column j is contiguous */
template <typename T> struct Tri {
    const T *a;
    int64_t lda;
    __device__ __forceinline__ T at(int i, int j) const { return Sc<T>::ld(a + i + j * lda); }
    __device__ __forceinline__ typename Sc<T>::Real diag(int j) const
    {
        return Sc<T>::re(Sc<T>::ld_real(a + j * (lda + 1)));
    }
};

template <typename T> __device__ __forceinline__ T negate(T a)
{
    return Sc<T>::sub(Sc<T>::zero(), a);
}

/* v := S^-1 v for each of the NR vectors (ASC: S = L lower, forward; else S = U upper,
 * backward) */
template <bool ASC, typename T, int NR, int RA>
__device__ __forceinline__ void axpy_sweep(const Tri<T> &S, int n, T (&v)[NR][RA],
                                           const typename Sc<T>::Real (&rd)[RA], int lane)
{
#pragma unroll
    for (int q = 0; q < RA; ++q) {
        const int s = ASC ? q : RA - 1 - q, j0 = 32 * s;
        if (j0 >= n)
            continue;
        const int w = n - j0 < 32 ? n - j0 : 32;
        /* the diagonal block, a column at a time */
#pragma unroll 4
        for (int t = 0; t < w; ++t) {
            const int jj = ASC ? t : w - 1 - t;
            const bool after = ASC ? (lane > jj && lane < w) : lane < jj;
            const T m = negate(after ? S.at(j0 + lane, j0 + jj) : Sc<T>::zero());
#pragma unroll
            for (int r = 0; r < NR; ++r) {
                const T x = Sc<T>::shfl(Sc<T>::mulr(v[r][s], rd[s]), jj);
                if (lane == jj)
                    v[r][s] = x;
                else if (after)
                    v[r][s] = Sc<T>::fma(m, x, v[r][s]);
            }
        }
        /* the other unsolved slots: v(a) -= S(slot a, j0:j0+w) x(j0:j0+w) */
#pragma unroll 4
        for (int c = 0; c < w; ++c) {
            T x[NR];
#pragma unroll
            for (int r = 0; r < NR; ++r)
                x[r] = Sc<T>::shfl(v[r][s], c);
#pragma unroll
            for (int a = 0; a < RA; ++a) {
                if (ASC ? a <= s : a >= s)
                    continue;
                const int i = 32 * a + lane;
                if (i < n) {
                    const T m = negate(S.at(i, j0 + c));
#pragma unroll
                    for (int r = 0; r < NR; ++r)
                        v[r][a] = Sc<T>::fma(m, x[r], v[r][a]);
                }
            }
        }
    }
}

/* the sum over the warp's lanes */
template <typename T> __device__ __forceinline__ T warp_sum(T p)
{
#pragma unroll
    for (int m = 16; m >= 1; m /= 2)
        p = Sc<T>::add(p, Sc<T>::shfl_xor(p, m));
    return p;
}

/* v := S^-H v for each of the NR vectors (ASC: S = U upper, forward; else S = L lower,
 * backward) */
template <bool ASC, typename T, int NR, int RA>
__device__ __forceinline__ void dot_sweep(const Tri<T> &S, int n, T (&v)[NR][RA],
                                          const typename Sc<T>::Real (&rd)[RA], int lane)
{
#pragma unroll
    for (int q = 0; q < RA; ++q) {
        const int s = ASC ? q : RA - 1 - q, j0 = 32 * s;
        if (j0 >= n)
            continue;
        const int w = n - j0 < 32 ? n - j0 : 32;
#pragma unroll 4 /* 2: 2-5% slower at n = 64, 128 */
        for (int t = 0; t < w; ++t) {
            const int jj = ASC ? t : w - 1 - t, j = j0 + jj;
            T p[NR];
#pragma unroll
            for (int r = 0; r < NR; ++r)
                p[r] = Sc<T>::zero();
            /* the solved slots */
#pragma unroll
            for (int a = 0; a < RA; ++a) {
                if (ASC ? a >= s : a <= s)
                    continue;
                const int i = 32 * a + lane;
                if (i < n) {
                    const T m = S.at(i, j);
#pragma unroll
                    for (int r = 0; r < NR; ++r)
                        p[r] = Sc<T>::fmac(m, v[r][a], p[r]);
                }
            }
            /* the solved rows of this slot */
            const bool solved = ASC ? lane < jj : (lane > jj && lane < w);
            if (solved) {
                const T m = S.at(j0 + lane, j);
#pragma unroll
                for (int r = 0; r < NR; ++r)
                    p[r] = Sc<T>::fmac(m, v[r][s], p[r]);
            }
#pragma unroll
            for (int r = 0; r < NR; ++r) {
                p[r] = warp_sum(p[r]);
                if (lane == jj)
                    v[r][s] = Sc<T>::mulr(Sc<T>::sub(v[r][s], p[r]), rd[s]);
            }
        }
    }
}

/* Matrix b (a warp each, grid-stride) with right-hand sides NR g .. NR g + NR - 1 (g:
 * blockIdx.y, grid-stride; the last group may hold fewer, the missing ones zero) */
template <bool LO, typename T, int NR, int RA>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
potrs_warp_kernel(int n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t sA,
                  T *const *Barr, T *B, int64_t ldb, int64_t sB, int64_t batch)
{
    using R = typename Sc<T>::Real;
    const int lane = threadIdx.x % 32;
    const int64_t nwarps = (int64_t)gridDim.x * kWarpsPerBlock;
    for (int64_t k0 = (int64_t)blockIdx.y * NR; k0 < nrhs; k0 += (int64_t)gridDim.y * NR)
    for (int64_t b = (int64_t)blockIdx.x * kWarpsPerBlock + threadIdx.x / 32; b < batch;
         b += nwarps) {
        const Tri<T> S{mat(Aarr, A, sA, b), lda};
        T *x = mat(Barr, B, sB, b) + k0 * ldb;
        const int nr = nrhs - k0 < NR ? (int)(nrhs - k0) : NR;
        T v[NR][RA];
        R rd[RA]; /* the reciprocals of the lane's pivots, for both sweeps */
#pragma unroll
        for (int a = 0; a < RA; ++a) {
            const int i = 32 * a + lane;
#pragma unroll
            for (int r = 0; r < NR; ++r)
                v[r][a] = i < n && r < nr ? ld_rw(x + i + r * ldb) : Sc<T>::zero();
            rd[a] = i < n ? Sc<R>::recip(S.diag(i)) : R(1);
        }
        if constexpr (LO) {
            axpy_sweep<true>(S, n, v, rd, lane);
            dot_sweep<false>(S, n, v, rd, lane);
        } else {
            dot_sweep<true>(S, n, v, rd, lane);
            axpy_sweep<false>(S, n, v, rd, lane);
        }
#pragma unroll
        for (int a = 0; a < RA; ++a) {
            const int i = 32 * a + lane;
#pragma unroll
            for (int r = 0; r < NR; ++r)
                if (i < n && r < nr)
                    x[i + r * ldb] = v[r][a];
        }
    }
}

template <typename T>
cudaError_t potrs_warp_run(cudaStream_t stream, char uplo, int64_t n, int64_t nrhs,
                           T *const *Aarr, T *A, int64_t lda, int64_t sA, T *const *Barr,
                           T *B, int64_t ldb, int64_t sB, int64_t batch)
{
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || n < 1 || n > kMaxN || nrhs < 0 || lda < n ||
        ldb < n || batch < 0)
        return cudaErrorInvalidValue;
    if (batch == 0 || nrhs == 0)
        return cudaSuccess;
    if ((!Aarr && !A) || (!Barr && !B))
        return cudaErrorInvalidValue;
    const int64_t blocks = (batch + kWarpsPerBlock - 1) / kWarpsPerBlock;
    /* two right-hand sides a warp where there are two or more: the factor read once for
     * both */
    const int64_t groups = nrhs == 1 ? 1 : (nrhs + 1) / 2;
    const dim3 grid((unsigned)(blocks < 2147483647 ? blocks : 2147483647),
                    (unsigned)(groups < 65535 ? groups : 65535));
    auto go = [&](auto ra, auto lo) {
        constexpr bool LO = decltype(lo)::value;
        constexpr int RA = decltype(ra)::value;
        const auto k =
            nrhs == 1 ? potrs_warp_kernel<LO, T, 1, RA> : potrs_warp_kernel<LO, T, 2, RA>;
        return launch(k, grid, dim3(32 * kWarpsPerBlock), stream, false, (int)n, nrhs, Aarr, A,
                      lda, sA, Barr, B, ldb, sB, batch);
    };
    using L = std::true_type;
    using U = std::false_type;
    using R1 = std::integral_constant<int, 1>;
    using R2 = std::integral_constant<int, 2>;
    using R4 = std::integral_constant<int, 4>;
    using R8 = std::integral_constant<int, 8>;
    if (n <= 32) return lower ? go(R1{}, L{}) : go(R1{}, U{});
    if (n <= 64) return lower ? go(R2{}, L{}) : go(R2{}, U{});
    if (n <= 128) return lower ? go(R4{}, L{}) : go(R4{}, U{});
    return lower ? go(R8{}, L{}) : go(R8{}, U{});
}

} // namespace
} // namespace kblasf

#define KBLASF_POTRS_WARP(P, T)                                                               \
    extern "C" cudaError_t kblasf_cuda_##P##potrs_batch_warp(cudaStream_t s, char uplo,      \
            int64_t n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,      \
            T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch)                \
    {                                                                                         \
        return kblasf::potrs_warp_run<T>(s, uplo, n, nrhs, Aarr, A, lda, strideA, Barr, B,    \
                                         ldb, strideB, batch);                                \
    }
KBLASF_POTRS_WARP(s, float)
KBLASF_POTRS_WARP(d, double)
KBLASF_POTRS_WARP(c, cuFloatComplex)
KBLASF_POTRS_WARP(z, cuDoubleComplex)
