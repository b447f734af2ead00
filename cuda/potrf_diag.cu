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
 * A panel (m > 0 rows below the block) takes 1 + ceil(m / R) thread blocks (R = 64 rows,
 * 32 beside blocks over 64): each factors the block itself (in the time one block would,
 * side by side), and all but the last carry R rows of the panel through the same steps,
 * as rows of the factorization below the block; the last writes the factor back once the
 * others have loaded the block. This replaces the leaf kernel followed by cuBLAS's TRSM
 * (H100, n = 128, m = 8064: 63 against 97 us), and the rows riding along replace a
 * forward substitution after the block (H100, double, n = 64, m = 7168 / 3072 / 960: 19.7
 * / 18.3 / 17.7 against 24.5 / 23.8 / 23.3 us; 32 rows a thread block, twice the blocks,
 * were faster alone at small m but slower inside DPOTRF). An instance without panel rows
 * serves m = 0 (13.1-13.3 us for the block alone, 12.6 before the rows rode along).
 * Real double blocks up to 64 on GPUs with FP64 tensor cores (compute capability 8 on) take
 * potrf_leaf_dmma.cuh's leaf instead: panels of 8 columns, the trailing updates by DMMAs. */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"
#include "potrf_leaf_dmma.cuh"

namespace kblasf {
namespace {

constexpr int TS = 16;                         /* tile side = threads per row/column */
constexpr int THREADS = TS * TS;

/* The rows of a panel one thread block solves: 64 beside blocks up to 64, 32 beside
 * blocks up to 128 (the registers of the 128 instance) */
template <int NB> constexpr int panel_rows = NB <= 64 ? 64 : 32;

/* NB: the largest block of an instance; PANEL: launched with panel rows (m > 0), which
 * the instance without them does not pay for (registers, the steps' extra work). Shared
 * memory for the block (NB + 1 rows) and a thread block's panel rows (panel_rows + 1
 * rows, NB columns) */
template <typename T, int NB, bool PANEL> constexpr size_t potrf_smem()
{
    return sizeof(T) * (NB + 1) * (PANEL ? NB + panel_rows<NB> + 1 : NB);
}

template <typename T, int NB, bool PANEL>
__global__ void __launch_bounds__(THREADS) potrf_diag_kernel(bool lower, int n, int64_t m, T *A,
                                                             int64_t lda, unsigned *sync,
                                                             int64_t *info, int64_t ioff)
{
    constexpr int NT = NB / TS, LDS = NB + 1; /* tiles per side; leading dimension of S */
    constexpr int PR = panel_rows<NB>, PT = PR / TS, LDB = PR + 1; /* panel rows, tiles */
    static_assert(NB % TS == 0 && THREADS % NB == 0 && PR % TS == 0 && THREADS % PR == 0,
                  "tiling");
    using R = typename Sc<T>::Real;
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(potrf_smem<T, NB, PANEL>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    /* S(r, c) = S[r + c*LDS]; the stored triangle in place, then the columns of L below
     * the diagonal as they are finished (unscaled). B(r, c) = B[r + c*LDB]: the thread
     * block's rows of the panel (upper: B = P^H), then their columns as they are finished */
    T *S = reinterpret_cast<T *>(smem), *B = S + NB * LDS;
    __shared__ R scl[NB], sq[NB]; /* 1/sqrt(d) and sqrt(d) of each finished column */
    const int t = threadIdx.x, tx = t % TS, ty = t / TS;
    pdl_wait(); /* a programmatic dependent (potrf_diag_run): A is read after this */

    /* With a panel (m > 0) every block factors the block; the last one writes the factor
     * back, once the others have counted themselves in *sync after loading the block,
     * and each of the others factors its rows of the panel with it, as rows of the same
     * factorization: lower, [A11; P] = [L11; X] L11^H; upper, the same with P^H. */
    const bool writer = blockIdx.x == gridDim.x - 1;
    const int64_t r0 = (int64_t)blockIdx.x * PR;
    const int rows = !PANEL || writer ? 0 : (int)(m - r0 < PR ? m - r0 : PR);
    T *P = lower ? A + n : A + n * lda; /* P(r, c) at P[r + c*lda] (lower), P[c + r*lda] */

    /* stored triangle -> S, zeros elsewhere; a warp reads 32 rows of a column. The panel
     * rows -> B likewise (upper: along the columns of P, conjugated). All the thread's
     * loads go out before its first store waits on one (a warp issues in order) */
    constexpr int LQ = NB * NB / THREADS, LB = PR * NB / THREADS;
    /* (r, c) of B that thread t loads and stores q-th, coalesced in P */
    auto panel_rc = [&](int q, int &r, int &c) {
        r = lower ? t % PR : t / NB + q * (THREADS / NB);
        c = lower ? t / PR + q * (THREADS / PR) : t % NB;
    };
    T v[LQ], vb[LB];
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % NB, c = t / NB + q * (THREADS / NB);
        v[q] = Sc<T>::zero();
        if (r < n && c < n && (lower ? r >= c : r <= c))
            v[q] = r == c ? Sc<T>::ld_rw_real(A + (r + c * lda)) : ld_rw(A + (r + c * lda));
    }
#pragma unroll
    for (int q = 0; q < LB; ++q) {
        int r, c;
        panel_rc(q, r, c);
        vb[q] = Sc<T>::zero();
        if (PANEL && r < rows && c < n)
            vb[q] = lower ? ld_rw(P + (r0 + r + c * lda))
                          : Sc<T>::conj(ld_rw(P + (c + (r0 + r) * lda)));
    }
#pragma unroll
    for (int q = 0; q < LQ; ++q)
        S[t % NB + (t / NB + q * (THREADS / NB)) * LDS] = v[q];
#pragma unroll
    for (int q = 0; q < LB; ++q) {
        int r, c;
        panel_rc(q, r, c);
        if (PANEL)
            B[r + c * LDB] = vb[q];
    }
    __syncthreads();
    if (!writer && t == 0)
        atomicAdd(sync, 1u);

    /* x[a][b] = L(tx + TS*a, ty + TS*b) for a >= b; elements above the diagonal stay zero;
     * y[a][b] = B(tx + TS*a, ty + TS*b). Each thread reads only elements it later stores
     * itself (lower: the same place; upper: the other triangle of S, which no thread
     * stores), so no barrier is needed. */
    T x[NT][NT], y[PT][NT];
#pragma unroll
    for (int a = 0; a < NT; ++a)
#pragma unroll
        for (int b = 0; b <= a; ++b) {
            const int i = tx + TS * a, k = ty + TS * b;
            x[a][b] = Sc<T>::zero();
            if (i >= k)
                x[a][b] = lower ? S[i + k * LDS] : Sc<T>::conj(S[k + i * LDS]);
        }
#pragma unroll
    for (int a = 0; a < PT; ++a)
#pragma unroll
        for (int b = 0; b < NT; ++b)
            y[a][b] = PANEL ? B[tx + TS * a + (ty + TS * b) * LDB] : Sc<T>::zero();

    /* The steps in 4 phases of 16 columns, one per tile column bj, so that the tiles a
     * step touches are known at compile time (no branches, static register indices).
     * Tiles past n hold zeros (rows and columns): they are updated too, harmlessly. The
     * panel rows ride along: their update is independent work beside each column's chain
     * of dependent steps, which leaves most issue slots idle (H100, DPOTRF's leaf of 64
     * with 7168 rows below: 24.4 us when the rows were solved after the block). */
    int jstop = n; /* the first column not factored */
#pragma unroll
    for (int bj = 0; bj < NT; ++bj) {
        const int jend = n - TS * bj < TS ? n - TS * bj : TS;
        for (int jj = 0; jj < jend; ++jj) {
            const int j = TS * bj + jj;
            /* column j is final: its holders store it (rows j and below, panel rows) */
            if (ty == jj) {
#pragma unroll
                for (int a = bj; a < NT; ++a)
                    if (a > bj || tx >= jj)
                        S[tx + TS * a + j * LDS] = x[a][bj];
                if (PANEL && rows > 0)
#pragma unroll
                    for (int a = 0; a < PT; ++a)
                        B[tx + TS * a + j * LDB] = y[a][bj];
            }
            __syncthreads();
            /* all loads first: they overlap the pivot's test and reciprocal */
            const R d = Sc<T>::re(S[j + j * LDS]);
            T u[NT], w[NT], z[PT];
#pragma unroll
            for (int a = bj; a < NT; ++a) {
                u[a] = S[tx + TS * a + j * LDS];
                w[a] = Sc<T>::conj(S[ty + TS * a + j * LDS]);
            }
            if (PANEL && rows > 0)
#pragma unroll
                for (int a = 0; a < PT; ++a)
                    z[a] = B[tx + TS * a + j * LDB];
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
            if (PANEL && rows > 0)
#pragma unroll
                for (int b = bj; b < NT; ++b)
#pragma unroll
                    for (int a = 0; a < PT; ++a)
                        y[a][b] = Sc<T>::fma(z[a], w[b], y[a][b]);
        }
        if (jstop < n || TS * (bj + 1) >= n)
            break;
    }

    /* failure at jstop: the columns after it were never stored; store them as they are */
    if (jstop < n) {
#pragma unroll
        for (int b = 0; b < NT; ++b) {
            const int k = ty + TS * b;
#pragma unroll
            for (int a = b; a < NT; ++a) {
                const int i = tx + TS * a;
                if (k > jstop && i >= k && i < n)
                    S[i + k * LDS] = x[a][b];
            }
#pragma unroll
            for (int a = 0; a < PT; ++a)
                if (PANEL && k > jstop && k < n)
                    B[tx + TS * a + k * LDB] = y[a][b];
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
    if (PANEL && !writer) { /* its rows of the panel, column c scaled by scl[c], coalesced */
#pragma unroll
        for (int q = 0; q < LB; ++q) {
            int r, c;
            panel_rc(q, r, c);
            if (r < rows && c < n) {
                const T v = Sc<T>::mulr(B[r + c * LDB], scl[c]);
                if (lower)
                    P[r0 + r + c * lda] = v;
                else
                    P[c + (r0 + r) * lda] = Sc<T>::conj(v);
            }
        }
        return;
    }
    leaf_hand_over(sync); /* the others have loaded the block: it may be overwritten */

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

template <typename T, int NB, bool PANEL>
cudaError_t potrf_diag_launch(cudaStream_t stream, bool pdl, bool lower, int64_t n, int64_t m,
                              T *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff)
{
    void (*k)(bool, int, int64_t, T *, int64_t, unsigned *, int64_t *, int64_t) =
        potrf_diag_kernel<T, NB, PANEL>;
    constexpr size_t smem = potrf_smem<T, NB, PANEL>();
    static std::atomic<bool> done[kMaxDevices];
    constexpr int PR = panel_rows<NB>;
    return launch_smem(k, dim3((unsigned)(1 + (m + PR - 1) / PR)), dim3(THREADS),
                       smem, smem, done, stream, pdl, lower, (int)n, m, A, lda, sync, info, ioff);
}

template <typename T>
cudaError_t potrf_diag_run(cudaStream_t stream, char uplo, int64_t n, int64_t m, T *A,
                           int64_t lda, unsigned *sync, int64_t *info, int64_t ioff)
{
    constexpr int MAXN = sizeof(T) == 16 ? KBLASF_CUDA_ZPOTRF_DIAG_MAX : KBLASF_CUDA_POTRF_DIAG_MAX;
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || n < 0 || n > MAXN || m < 0 || (m > 0 && !sync) ||
        lda < (lower ? n + m : n) ||
        (m + panel_rows<MAXN> - 1) / panel_rows<MAXN> >= (int64_t)INT32_MAX)
        return cudaErrorInvalidValue;
    if (n == 0)
        return cudaSuccess;
    DevInfo d;
    const cudaError_t e = dev_info(d);
    if (e != cudaSuccess)
        return e;
    /* Launched as a programmatic dependent of the kernel before it on the stream (sm_90 on;
     * the kernel waits for it in pdl_wait before it reads anything), so that the leaf's
     * launch overlaps that kernel's last blocks: on DPOTRF's panel lane a leaf follows the
     * GEMM that updated its columns (H200, DPOTRF 8192 5.93-5.99 -> 5.81-5.86 ms, 4096
     * 1.79-1.80 -> 1.71-1.72; doc/lapack.md, stop 51) */
    const bool pdl = d.major >= 9;
    /* the instances with panel rows when there are any (PANEL = m > 0) */
    auto go = [&](auto panel) -> cudaError_t {
        constexpr bool PANEL = decltype(panel)::value;
        if constexpr (std::is_same<T, double>::value) /* real double on the tensor cores */
            if (n <= 64 && d.major >= 8)
                return potrf_leaf_dmma_launch<PANEL>(stream, pdl, lower, (int)n, m, A, lda, sync,
                                                     info, ioff);
        return n <= 64 ? potrf_diag_launch<T, 64, PANEL>(stream, pdl, lower, n, m, A, lda, sync,
                                                         info, ioff)
                       : potrf_diag_launch<T, MAXN, PANEL>(stream, pdl, lower, n, m, A, lda,
                                                           sync, info, ioff);
    };
    return m ? go(std::true_type{}) : go(std::false_type{});
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
