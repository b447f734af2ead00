/* potrf_diag.cu — Cholesky factorization in place of one diagonal block of order n <= 128
 * (64 for double complex), and with it (kblasf_cuda_?potrf_panel) the solve of the panel
 * below it: the leaves of the look-ahead POTRF (lapack/chol_gen.c: one launch per leaf,
 * in stream order). Two instances: blocks up to 64, and up to 128 where 128 x 129 elements
 * fit in shared memory (not double complex).
 *
 * One thread block of 16 x 16 threads factors the block. The stored triangle goes to shared
 * memory (coalesced, zeros elsewhere; for complex types the diagonal's real part only),
 * then to registers as the lower factor L (uplo 'U' is factored as L = U^H): the block is
 * cut into NT x NT tiles of 16 x 16 (NT = 4 or 8) and thread (tx, ty) holds element
 * (tx, ty) of each tile on or below the diagonal, so that every thread works on every step
 * until the trailing matrix leaves its tiles. Right-looking, one barrier per column: at
 * step j the threads holding column j store it (unscaled, final) into shared memory, then
 * every thread reads the pivot d = a_jj, the column's entries of its rows and columns, and
 * updates its part of the trailing matrix, a_ik -= a_ij conj(a_kj) / d. Only the
 * reciprocal 1/d is on the critical path (hardware approximation and Newton steps, no IEEE
 * special-case branch in range); the columns are scaled by 1/sqrt(d) (and the diagonal set
 * to sqrt(d)) when written back. Measured on the H100 (n = 64, back to back): s 10.8, d
 * 12.8, c 17.2, z 22.2 us. Two columns per barrier (the warp holding them updating column
 * j+1 through shuffles) measured 10-15% slower.
 *
 * A panel (m > 0 rows below the block) takes 1 + ceil(m / PANEL_ROWS) thread blocks: each
 * factors the block itself (in the time one block would, side by side) and all but the
 * last solve PANEL_ROWS rows of the panel against it (potrf_panel_solve); the last writes
 * the factor back once the others have loaded the block. This replaces the leaf kernel
 * followed by cuBLAS's TRSM: H100, n = 128, m = 8064: 63 against 97 us. */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

constexpr int TS = 16;                         /* tile side = threads per row/column */
constexpr int THREADS = TS * TS;

/* NB: the largest block of an instance, padded to NB + 1 rows in shared memory */
template <typename T, int NB> constexpr size_t potrf_smem() { return sizeof(T) * NB * (NB + 1); }

/* The rows of a panel (below the block, lower; its columns right of it, upper) that one
 * thread block solves: groups of G lanes, each solving RPG of them (potrf_panel_solve). */
constexpr int G = 8, RPG = 2, PANEL_ROWS = THREADS / G * RPG;

template <typename T, int NB>
__device__ void potrf_panel_solve(bool lower, int n, int64_t m, T *P, int64_t lda, const T *S,
                                  const typename Sc<T>::Real *scl);

template <typename T, int NB>
__global__ void __launch_bounds__(THREADS) potrf_diag_kernel(bool lower, int n, int64_t m, T *A,
                                                             int64_t lda, unsigned *sync,
                                                             int64_t *info, int64_t ioff)
{
    constexpr int NT = NB / TS, LDS = NB + 1; /* tiles per side; leading dimension of S */
    static_assert(NB % TS == 0 && THREADS % NB == 0, "tiling");
    using R = typename Sc<T>::Real;
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(potrf_smem<T, NB>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    /* S(r, c) = S[r + c*LDS]; the stored triangle in place, then the columns of L below
     * the diagonal as they are finished (unscaled) */
    T *S = reinterpret_cast<T *>(smem);
    __shared__ R scl[NB], sq[NB]; /* 1/sqrt(d) and sqrt(d) of each finished column */
    const int t = threadIdx.x, tx = t % TS, ty = t / TS;

    /* With a panel (m > 0) every block factors the block; the last one writes the factor
     * back, once the others have counted themselves in *sync after loading the block,
     * and the others solve the panel. */
    const bool writer = blockIdx.x == gridDim.x - 1;

    /* stored triangle -> S, zeros elsewhere; a warp reads 32 rows of a column. All the
     * thread's loads go out before its first store waits on one (a warp issues in order) */
    constexpr int LQ = NB * NB / THREADS;
    T v[LQ];
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % NB, c = t / NB + q * (THREADS / NB);
        v[q] = Sc<T>::zero();
        if (r < n && c < n && (lower ? r >= c : r <= c))
            v[q] = r == c ? Sc<T>::ld_rw_real(A + (r + c * lda)) : ld_rw(A + (r + c * lda));
    }
#pragma unroll
    for (int q = 0; q < LQ; ++q)
        S[t % NB + (t / NB + q * (THREADS / NB)) * LDS] = v[q];
    __syncthreads();
    if (!writer && t == 0)
        atomicAdd(sync, 1u);

    /* x[a][b] = L(tx + TS*a, ty + TS*b) for a >= b; elements above the diagonal stay zero.
     * Each thread reads only elements it later stores itself (lower: the same place;
     * upper: the other triangle of S, which no thread stores), so no barrier is needed. */
    T x[NT][NT];
#pragma unroll
    for (int a = 0; a < NT; ++a)
#pragma unroll
        for (int b = 0; b <= a; ++b) {
            const int i = tx + TS * a, k = ty + TS * b;
            x[a][b] = Sc<T>::zero();
            if (i >= k)
                x[a][b] = lower ? S[i + k * LDS] : Sc<T>::conj(S[k + i * LDS]);
        }

    /* The steps in 4 phases of 16 columns, one per tile column bj, so that the tiles a
     * step touches are known at compile time (no branches, static register indices).
     * Tiles past n hold zeros (rows and columns): they are updated too, harmlessly. */
    int jstop = n; /* the first column not factored */
#pragma unroll
    for (int bj = 0; bj < NT; ++bj) {
        const int jend = n - TS * bj < TS ? n - TS * bj : TS;
        for (int jj = 0; jj < jend; ++jj) {
            const int j = TS * bj + jj;
            /* column j is final: its holders store it (rows j and below) */
#pragma unroll
            for (int a = bj; a < NT; ++a)
                if (ty == jj && (a > bj || tx >= jj))
                    S[tx + TS * a + j * LDS] = x[a][bj];
            __syncthreads();
            /* all loads first: they overlap the pivot's test and reciprocal */
            const R d = Sc<T>::re(S[j + j * LDS]);
            T u[NT], w[NT];
#pragma unroll
            for (int a = bj; a < NT; ++a) {
                u[a] = S[tx + TS * a + j * LDS];
                w[a] = Sc<T>::conj(S[ty + TS * a + j * LDS]);
            }
            R mrd;
            if (d >= RcpRange<R>::lo && d < RcpRange<R>::hi) {
                mrd = -rcp_in_range(d);
            } else {
                if (!(d > R(0))) { /* <= 0 or NaN: the same verdict in every thread */
                    jstop = j;
                    break;
                }
                mrd = -Sc<R>::recip(d);
            }
#pragma unroll
            for (int a = bj; a < NT; ++a)
                w[a] = Sc<T>::mulr(w[a], mrd);
            /* a_ik -= a_ij conj(a_kj) / d from column j's tile column on; its columns
             * k <= j are updated too, harmlessly: they were stored already and their
             * registers are dead */
#pragma unroll
            for (int b = bj; b < NT; ++b)
#pragma unroll
                for (int a = b; a < NT; ++a)
                    x[a][b] = Sc<T>::fma(u[a], w[b], x[a][b]);
        }
        if (jstop < n || TS * (bj + 1) >= n)
            break;
    }

    /* failure at jstop: the columns after it were never stored; store them as they are */
    if (jstop < n) {
#pragma unroll
        for (int b = 0; b < NT; ++b)
#pragma unroll
            for (int a = b; a < NT; ++a) {
                const int i = tx + TS * a, k = ty + TS * b;
                if (k > jstop && i >= k && i < n)
                    S[i + k * LDS] = x[a][b];
            }
        if (t == 0 && writer && ld_rw(info) == 0)
            *info = ioff + jstop + 1;
    }
    if (t < n) { /* the scale of column t: 1/sqrt(d) when factored, else 1 (left as is) */
        R s = R(1), r = R(1);
        if (t < jstop) {
            s = sqrt_r(Sc<T>::re(S[t + t * LDS]));
            r = Sc<R>::recip(s);
        }
        sq[t] = s;
        scl[t] = r;
    }
    __syncthreads();
    if (!writer) { /* its part of the panel */
        potrf_panel_solve<T, NB>(lower, n, m, lower ? A + n : A + n * lda, lda, S, scl);
        return;
    }
    if (gridDim.x > 1) { /* the others have loaded the block: it may be overwritten */
        if (t == 0) {
            while (*(volatile unsigned *)sync < gridDim.x - 1)
                __nanosleep(200);
            *sync = 0; /* for the next launch */
        }
        __syncthreads();
    }

    /* S -> the stored triangle, coalesced down its columns; column c of L is scaled by
     * scl[c]; U(r, c) = conj(L(c, r)) */
#pragma unroll
    for (int q = 0; q < NB * NB / THREADS; ++q) {
        const int r = t % NB, c = t / NB + q * (THREADS / NB);
        if (r < n && c < n && (lower ? r >= c : r <= c)) {
            T v;
            if (r == c)
                v = Sc<T>::from_re(r < jstop ? sq[r] : Sc<T>::re(S[r + r * LDS]));
            else if (lower)
                v = Sc<T>::mulr(S[r + c * LDS], scl[c]);
            else
                v = Sc<T>::mulr(Sc<T>::conj(S[c + r * LDS]), scl[r]);
            A[r + c * lda] = v;
        }
    }
}

/* Thread block b < gridDim.x - 1 of a panel: rows b*PANEL_ROWS on of the m x n block P
 * below the factored one (lower: X L^H = P; upper, P n x m right of it: U^H X = P, columns for rows),
 * by forward substitution with L in S (unscaled columns, the pivots d_j on the diagonal,
 * scl[j] = 1/sqrt(d_j): L(k, j) = S(k, j) scl[j]). Each group of G lanes solves RPG rows;
 * lane l keeps elements k = l + G q of them in registers, so that a step is one shuffle
 * from the lane owning element j and an update of the lane's own elements with column j
 * of S, without barriers: with y = b_j / d_j, b_k -= y conj(S(k, j)) (lower) or
 * S(k, j) y (upper), and x_j = b_j scl[j]. After each G steps the G finished elements
 * (slot 0 of the group's lanes) are stored and the slots shift down by one, so that the
 * loop over the blocks of G steps need not be unrolled: the fully unrolled solve (about
 * 80 KB of straight-line code) took 85 against 68 us for a 128 x 8064 panel (H100). */
template <typename T, int NB>
__device__ void potrf_panel_solve(bool lower, int n, int64_t m, T *P, int64_t lda, const T *S,
                                  const typename Sc<T>::Real *scl)
{
    constexpr int Q = NB / G, LDS = NB + 1;
    using R = typename Sc<T>::Real;
    const int t = threadIdx.x, l = t % G, g = t / G, base = (t % 32) & ~(G - 1);
    const int64_t r0 = (int64_t)blockIdx.x * PANEL_ROWS + g;
    T b[RPG][Q];

#pragma unroll
    for (int p = 0; p < RPG; ++p)
#pragma unroll
        for (int q = 0; q < Q; ++q) {
            const int64_t r = r0 + p * (THREADS / G);
            const int k = l + G * q;
            b[p][q] = Sc<T>::zero();
            if (r < m && k < n)
                b[p][q] = ld_rw(lower ? P + (r + k * lda) : P + (k + r * lda));
        }
#pragma unroll 1
    for (int jb = 0; G * jb < n; ++jb) { /* slot q holds element l + G (q + jb) */
#pragma unroll
        for (int jl = 0; jl < G; ++jl) {
            const int j = G * jb + jl;
            if (j < n) {
                const R s = scl[j];
                const T *Sj = S + (G * jb + l) + j * LDS; /* S(l + G (q + jb), j) at Sj[G q] */
                T ny[RPG];
#pragma unroll
                for (int p = 0; p < RPG; ++p) {
                    ny[p] = Sc<T>::mulr(Sc<T>::shfl(b[p][0], base + jl), -(s * s));
                    if (l == jl)
                        b[p][0] = Sc<T>::mulr(b[p][0], s);
                }
                /* slot 0: only the lanes after the owner, by a select (a branch that
                 * diverges at every step was 3% slower); slots past the end (q >= Q - jb,
                 * the same in the whole block) are skipped */
#pragma unroll
                for (int p = 0; p < RPG; ++p) {
                    const T lkj = Sj[0];
                    const T v = lower ? Sc<T>::fmac(lkj, ny[p], b[p][0])
                                      : Sc<T>::fma(lkj, ny[p], b[p][0]);
                    b[p][0] = l > jl ? v : b[p][0];
                }
#pragma unroll
                for (int q = 1; q < Q; ++q)
                    if (q < Q - jb) {
                        const T lkj = Sj[G * q];
#pragma unroll
                        for (int p = 0; p < RPG; ++p)
                            b[p][q] = lower ? Sc<T>::fmac(lkj, ny[p], b[p][q])
                                            : Sc<T>::fma(lkj, ny[p], b[p][q]);
                    }
            }
        }
        const int k = G * jb + l;
#pragma unroll
        for (int p = 0; p < RPG; ++p) {
            const int64_t r = r0 + p * (THREADS / G);
            if (r < m && k < n)
                (lower ? P[r + k * lda] : P[k + r * lda]) = b[p][0];
#pragma unroll
            for (int q = 0; q + 1 < Q; ++q)
                b[p][q] = b[p][q + 1];
        }
    }
}

template <typename T, int NB>
cudaError_t potrf_diag_launch(cudaStream_t stream, bool lower, int64_t n, int64_t m, T *A,
                              int64_t lda, unsigned *sync, int64_t *info, int64_t ioff)
{
    void (*k)(bool, int, int64_t, T *, int64_t, unsigned *, int64_t *, int64_t) =
        potrf_diag_kernel<T, NB>;
    constexpr size_t smem = potrf_smem<T, NB>();
    static std::atomic<bool> done[kMaxDevices];
    return launch_smem(k, dim3((unsigned)(1 + (m + PANEL_ROWS - 1) / PANEL_ROWS)), dim3(THREADS),
                       smem, smem, done, stream, false, lower, (int)n, m, A, lda, sync, info, ioff);
}

template <typename T>
cudaError_t potrf_diag_run(cudaStream_t stream, char uplo, int64_t n, int64_t m, T *A,
                           int64_t lda, unsigned *sync, int64_t *info, int64_t ioff)
{
    constexpr int MAXN = sizeof(T) == 16 ? KBLASF_CUDA_ZPOTRF_DIAG_MAX : KBLASF_CUDA_POTRF_DIAG_MAX;
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || n < 0 || n > MAXN || m < 0 || (m > 0 && !sync) ||
        lda < (lower ? n + m : n) || (m + PANEL_ROWS - 1) / PANEL_ROWS >= (int64_t)INT32_MAX)
        return cudaErrorInvalidValue;
    if (n == 0)
        return cudaSuccess;
    if (n <= 64)
        return potrf_diag_launch<T, 64>(stream, lower, n, m, A, lda, sync, info, ioff);
    return potrf_diag_launch<T, MAXN>(stream, lower, n, m, A, lda, sync, info, ioff);
}

} // namespace
} // namespace kblasf

#define KBLASF_POTRF_DIAG(P, T)                                                             \
    extern "C" cudaError_t kblasf_cuda_##P##potrf_diag(cudaStream_t stream, char uplo,     \
            int64_t n, T *A, int64_t lda, int64_t *info, int64_t ioff)                      \
    {                                                                                       \
        return kblasf::potrf_diag_run<T>(stream, uplo, n, 0, A, lda, NULL, info, ioff);     \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##potrf_panel(cudaStream_t stream, char uplo,    \
            int64_t n, int64_t m, T *A, int64_t lda, unsigned *sync, int64_t *info,         \
            int64_t ioff)                                                                   \
    {                                                                                       \
        return kblasf::potrf_diag_run<T>(stream, uplo, n, m, A, lda, sync, info, ioff);     \
    }
KBLASF_POTRF_DIAG(s, float)
KBLASF_POTRF_DIAG(d, double)
KBLASF_POTRF_DIAG(c, cuFloatComplex)
KBLASF_POTRF_DIAG(z, cuDoubleComplex)
