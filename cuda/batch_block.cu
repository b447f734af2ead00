/* batch_block.cu — batched POTRF, POTRS and POSV for matrices of order 1 <= n <= 256, one
 * thread block per matrix (kblasf_cuda_?{potrf,potrs,posv}_batch_block; batch_small.cu has
 * the register kernels for n <= 32, a thread group per matrix). Uplo 'U' is done as L = U^H:
 * the loads and stores take the conjugate transpose, the rest is the same code, compiled
 * apart for each triangle so that the addressing is fixed at compile time.
 *
 * POTRF: blocked left-looking Cholesky by column panels of width W (32; 16 or 8 where the
 * register tile would otherwise not fit: see the tuning table). Panel j0..j0+W-1, P =
 * A(j0:n, j0:j0+W), lives in registers: thread (tr, tc) holds rows tr + 32a and columns
 * tc + CT b of it (tr < 32, tc < CT; RA = NMAX/32 rows, of which only those below n are
 * worked on, and CB = W/CT columns). For 'L' a warp is one tc and its lanes run down 32
 * rows (the column-major L coalesces); for 'U' a warp is CT columns by 32/CT rows, its lanes
 * along a row of L, a column of U in memory. Then:
 *  1. P -= L(j0:n, 0:j0) L(j0:j0+W, 0:j0)^H, a GEMM of (n-j0) x W x j0: the finished columns
 *     come back from global memory (L2: written moments ago) KC at a time into shared memory
 *     by asynchronous copies (cp.async: no registers, rows past n zero-filled), three buffers,
 *     two chunks ahead, one barrier a chunk. Rows j0..j0+W-1 of a chunk are the rows of P^H,
 *     so one chunk feeds both operands: per column of it a thread reads RA + CB values for
 *     RA x CB fused multiply-adds.
 *  2. Right-looking Cholesky of P in registers, one barrier per column (as potrf_diag.cu):
 *     the holders of column c copy it to a shared column (two used by turns), every thread
 *     reads the pivot d, its rows' and its columns' entries and updates its later columns,
 *     x -= l_r conj(l_c) / d (only 1/d on the critical path). This factors the diagonal block
 *     and solves the rows below it at once.
 *  3. Each column scaled by 1/sqrt(d) (the diagonal set to sqrt(d), real) and stored.
 * A pivot <= 0 or NaN (read from shared memory: the same verdict in every thread) stops that
 * matrix: the panel's finished columns are stored, info = j+1; the rest of the triangle,
 * unspecified by the ABI, is never stored and keeps its input (the emulator test checks it).
 * As a leaf of the batched POTRF's recursion (lapack/batch_gen.c) the matrices are blocks
 * offA elements into each matrix, and with ioff > 0 info reports as batch_common.cuh's
 * report_info says.
 *
 * POTRS: L Y = B, then L^H X = Y, on at most NR right-hand sides held in shared memory
 * (blockIdx.y walks the chunks of NR; POSV's block walks them all after factoring). L comes
 * through shared memory in column panels of WS by asynchronous copies (the stored elements
 * r >= c only, of the diagonal its real part), two buffers, the next panel in flight while
 * one is used (the backward pass starts on the panel the forward pass ended with). Per
 * panel: the WS x WS triangle by one warp per right-hand side (lane i holds row i; the solved
 * value of row j is broadcast by a shuffle), then forward the rows below (a thread per row
 * and right-hand side), backward first the panel rows' dot products with the rows solved
 * below (a warp per column and right-hand side, lanes down the rows, a shuffle reduction).
 * Three barriers a panel.
 *
 * POSV: POTRF then, where info == 0, POTRS in the same kernel (B untouched where info > 0);
 * the solve reads the factor back from L2 after a barrier.
 *
 * Instances: NMAX = 64 (128 threads), 128 and 256 (256 threads), the smallest that holds n;
 * at most 128 registers a thread, no spills (ptxas -v, sm_90, sm_80). Shared memory is sized from
 * n: POTRF (3 KC + 2) ld + W, POTRS (2 WS + min(NR, nrhs)) ld elements, ld = n rounded up
 * to 32, plus 1 (double, n = 128: 27 KB and 34 KB at nrhs = 1; n = 256: 54 KB and 68 KB);
 * above 48 KB the kernel is opted in once per device.
 *
 * Expected cost (H100, FP64, batch 10240; not measured yet). POTRF n = 128: ~0.5M FMA a
 * matrix (the diagonal blocks' upper halves included), 128 column steps of one barrier, a
 * reciprocal and <= 16 FMA a thread (~150-200 cycles each, ~13 us a matrix alone) plus 24
 * chunk steps; 2 blocks (16 warps) resident per SM by registers. At 15-25% of the FP64 FMA
 * rate the batch takes ~0.8-1.4 ms against 3.85 ms for cuSOLVER potrfBatched (1861
 * GFLOP/s), inside the 1.5x goal (2.57 ms) with room for the latency that is not hidden.
 * POTRS nrhs = 1, n = 128: the triangle (66 KB) is read twice (the second time partly from
 * L2): 0.25-0.45 ms of memory traffic; the latency chain per matrix is 2n shuffles and 6
 * barriers a panel over both passes (~15 us), hidden by 4 resident blocks per SM (63 registers); the 2x goal
 * (454 GFLOP/s) is 0.74 ms. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include <type_traits>

namespace kblasf {
namespace {

/* ------------------------------------------------------------------------- tuning
 * One instance per element type and largest order NMAX (64, 128, 256):
 *  NT    threads of a block (32 x CT: the register tile has 32 thread rows)
 *  W     POTRF panel width (CT x CB, at most 32)
 *  CT    thread columns of the POTRF tile (CB = W / CT columns a thread)
 *  KC    columns of L staged at a time for the POTRF update (three buffers of KC x ld)
 *  WS    POTRS panel width (<= 32: one lane per row in the triangle solves; two buffers)
 *  NR    right-hand sides a block holds at a time (POTRS, POSV)
 *  KU    unrolling of the POTRF update's loop over a chunk's columns (its loads overlap the
 *        FMAs before them, at the cost of registers)
 *  MINB  resident blocks per SM asked of the compiler (caps registers at 64K / (NT MINB)) */
template <typename T, int NMAX> struct Blk;
#define KBLASF_BLK(T_, NMAX_, NT_, W_, CT_, KC_, WS_, NR_, KU_, MINB_)                      \
    template <> struct Blk<T_, NMAX_> {                                                     \
        static constexpr int NMAX = NMAX_, NT = NT_, W = W_, CT = CT_, KC = KC_, WS = WS_,  \
                             NR = NR_, KU = KU_, MINB = MINB_;                              \
    };
/* At most 128 registers a thread (MINB = 64K / 128 NT). The register tile, RA x CB = NMAX/32
 * x W/CT elements, takes 32 of them (16 double or single complex, 8 double complex, 32 float
 * at NMAX = 256): with 64 (W = 32 in double at n = 256) the rest spilled, so W shrinks there.
 * No spills as set (ptxas -v, sm_90 and sm_80); KU = 1 where 2 spilled (POSV 'U': single
 * and double complex at 256, double complex at 128 on sm_80). */
/*         type             NMAX  NT   W CT  KC  WS NR KU MINB */
KBLASF_BLK(float,            64, 128, 32, 4, 16, 16, 8, 2, 4)
KBLASF_BLK(float,           128, 256, 32, 8, 16, 16, 8, 2, 2)
KBLASF_BLK(float,           256, 256, 32, 8, 16, 16, 8, 2, 2)
KBLASF_BLK(double,           64, 128, 32, 4,  8, 16, 8, 2, 4)
KBLASF_BLK(double,          128, 256, 32, 8,  8, 16, 8, 2, 2)
KBLASF_BLK(double,          256, 256, 16, 8,  8, 16, 8, 2, 2)
KBLASF_BLK(cuFloatComplex,   64, 128, 32, 4,  8, 16, 8, 2, 4)
KBLASF_BLK(cuFloatComplex,  128, 256, 32, 8,  8, 16, 8, 2, 2)
KBLASF_BLK(cuFloatComplex,  256, 256, 16, 8,  8, 16, 8, 1, 2)
KBLASF_BLK(cuDoubleComplex,  64, 128, 16, 4,  4,  8, 4, 2, 4)
KBLASF_BLK(cuDoubleComplex, 128, 256, 16, 8,  4,  8, 4, 1, 2)
KBLASF_BLK(cuDoubleComplex, 256, 256,  8, 8,  4,  8, 4, 1, 2)
#undef KBLASF_BLK

constexpr int kMaxN = 256;

/* leading dimension of the shared columns: n rounded up to a whole number of 32-row tiles
 * (the rows a tile holds past n are zeros), plus one so that a warp walking across columns
 * (uplo 'U') spreads over the banks */
__host__ __device__ inline int lds_of(int n) { return ((n + 31) & ~31) + 1; }
__host__ __device__ inline int imin(int a, int b) { return a < b ? a : b; }

/* shared memory, in elements: POTRF three staged chunks, two shared columns, the pivots of
 * a panel; POTRS two panels and nr right-hand sides */
template <class C> constexpr size_t potrf_elems(int ld) { return (size_t)(3 * C::KC + 2) * ld + C::W; }
template <class C> constexpr size_t potrs_elems(int ld, int nr) { return (size_t)(2 * C::WS + nr) * ld; }
template <typename T, class C> constexpr size_t smem_max()
{
    return sizeof(T) * (potrf_elems<C>(C::NMAX + 1) > potrs_elems<C>(C::NMAX + 1, C::NR)
                                ? potrf_elems<C>(C::NMAX + 1)
                                : potrs_elems<C>(C::NMAX + 1, C::NR));
}

template <typename T> __device__ __forceinline__ T neg(T a)
{
    if constexpr (Sc<T>::complex) return Sc<T>::mk(-a.x, -a.y);
    else return -a;
}

/* Element (i, j), i >= j, of the lower factor L lies at A(i, j) for 'L' and, conjugated, at
 * A(j, i) for 'U'. Shared memory holds the stored elements as they are (the asynchronous
 * copies cannot conjugate); lv() makes an element of L of one. */
template <bool LO, typename P> __device__ __forceinline__ P *at_l(P *A, int64_t lda, int i, int j)
{
    return LO ? A + (i + (int64_t)j * lda) : A + (j + (int64_t)i * lda);
}
template <bool LO, typename T> __device__ __forceinline__ T lv(T a)
{
    return LO ? a : Sc<T>::conj(a);
}
/* the diagonal: its real part only */
template <typename T> __device__ __forceinline__ T ld_diag(const T *A, int64_t lda, int i)
{
    return Sc<T>::ld_rw_real(A + i * (lda + 1));
}

/* A panel of rows r < NMAX, columns c < WD spread over the NT threads, Q elements each:
 * element e = t + NT q is (r, c) = (e % 32 + 32 (e / 32WD), e / 32 % WD) for 'L' (a warp
 * copies 32 rows of a column of L), (e / WD, e % WD) for 'U' (WD consecutive elements of a
 * column of U). */
template <bool LO, int WD, int NT, int NMAX> struct Spread {
    static_assert((NMAX * WD) % NT == 0 && NMAX % 32 == 0, "panel spread");
    static constexpr int Q = NMAX * WD / NT;
    __device__ __forceinline__ static void rc(int q, int &r, int &c)
    {
        const int e = (int)threadIdx.x + NT * q;
        if (LO) {
            r = e % 32 + 32 * (e / (32 * WD));
            c = (e / 32) % WD;
        } else {
            r = e / WD;
            c = e % WD;
        }
    }
};

/* thread (tr, tc) of the POTRF register tile (tr: 32 rows, tc: CT columns) */
template <bool LO, int CT> __device__ __forceinline__ void tile_coords(int &tr, int &tc)
{
    static_assert(32 % CT == 0, "CT divides a warp");
    const int t = threadIdx.x;
    if (LO) {
        tr = t % 32;
        tc = t / 32;
    } else {
        tc = t % CT;
        tr = (t % 32) / CT + (32 / CT) * (t / 32);
    }
}

/* -------------------------------------------------------------------------- POTRF
 * Factors the n x n matrix A in place; returns info (0, or j+1 at the first pivot of
 * column j that is not > 0). Every thread returns the same value. */
template <bool LO, typename T, class C>
__device__ int potrf_one(int n, T *A, int64_t lda, T *smem)
{
    using R = typename Sc<T>::Real;
    constexpr int NT = C::NT, W = C::W, CT = C::CT, KC = C::KC, RA = C::NMAX / 32,
                  CB = W / CT;
    using SK = Spread<LO, KC, NT, C::NMAX>;
    static_assert(NT == 32 * CT && W % CT == 0 && W <= 32 && W % KC == 0, "POTRF tiling");
    const int ld = lds_of(n);
    T *S = smem;                 /* three staged chunks of KC columns of L, S + i KC ld */
    T *colb = smem + 3 * KC * ld; /* two shared columns used by turns, colb + p ld */
    T *piv = colb + 2 * ld;       /* the panel's pivots (real) */
    int tr, tc;
    tile_coords<LO, CT>(tr, tc);

    for (int j0 = 0; j0 < n; j0 += W) {
        const int nrows = n - j0, na = (nrows + 31) / 32, wc = imin(W, nrows);
        /* x[a][b] = P(tr + 32a, tc + CT b); the diagonal block's upper part stays zero */
        T x[RA][CB];
#pragma unroll
        for (int a = 0; a < RA; ++a)
#pragma unroll
            for (int b = 0; b < CB; ++b) {
                const int r = tr + 32 * a, c = tc + CT * b;
                T v = Sc<T>::zero();
                if (a < na && r < nrows && c < wc && r >= c)
                    v = r == c ? ld_diag(A, lda, j0 + r) : lv<LO>(ld_rw(at_l<LO>(A, lda, j0 + r, j0 + c)));
                x[a][b] = v;
            }

        /* 1. P -= L(j0:n, 0:j0) L(j0:j0+W, 0:j0)^H: chunk q = L(j0:j0+32na, qKC:qKC+KC) as
         * stored (rows past n zero) into buffer q % 3, two chunks ahead; one barrier a chunk */
        if (j0 > 0) {
            const int nq = j0 / KC;
            auto stage = [&](int q) {
                T *dst = S + (q % 3) * KC * ld;
#pragma unroll 1 /* the addresses are cheap to recompute: keep no registers across */
                for (int i = 0; i < SK::Q; ++i) {
                    int r, c;
                    SK::rc(i, r, c);
                    if (r < 32 * na) {
                        const bool ok = r < nrows;
                        cp_async<sizeof(T)>(dst + (r + c * ld),
                                            ok ? at_l<LO>(A, lda, j0 + r, q * KC + c) : A, ok);
                    }
                }
            };
            stage(0);
            cp_commit();
            if (nq > 1)
                stage(1);
            cp_commit();
            for (int q = 0; q < nq; ++q) {
                cp_wait<1>(); /* chunk q's copies of this thread */
                __syncthreads(); /* everyone's, and chunk q-1 done with: its buffer is q+2's */
                if (q + 2 < nq)
                    stage(q + 2);
                cp_commit();
                const T *Sq = S + (q % 3) * KC * ld;
#pragma unroll(C::KU)
                for (int kk = 0; kk < KC; ++kk) {
                    const T *s = Sq + kk * ld;
                    T u[RA], w[CB];
#pragma unroll
                    for (int a = 0; a < RA; ++a)
                        u[a] = a < na ? lv<LO>(s[tr + 32 * a]) : Sc<T>::zero();
#pragma unroll
                    for (int b = 0; b < CB; ++b)
                        w[b] = neg(Sc<T>::conj(lv<LO>(s[tc + CT * b])));
#pragma unroll
                    for (int a = 0; a < RA; ++a)
                        if (a < na)
#pragma unroll
                            for (int b = 0; b < CB; ++b)
                                x[a][b] = Sc<T>::fma(u[a], w[b], x[a][b]);
                }
            }
        }

        /* 2. right-looking Cholesky of P in registers, column c = CT b + cc at step c; the
         * holders of column c (tc == cc) keep their registers from then on (final, unscaled) */
        int cf = wc; /* the first column not factored */
        bool stop = false;
#pragma unroll
        for (int b = 0; b < CB; ++b) {
            if (!stop) {
                for (int cc = 0; cc < CT; ++cc) {
                    const int c = CT * b + cc;
                    if (c >= wc) {
                        stop = true;
                        break;
                    }
                    T *col = colb + (c & 1) * ld;
                    if (tc == cc)
#pragma unroll
                        for (int a = 0; a < RA; ++a)
                            if (a < na)
                                col[tr + 32 * a] = x[a][b];
                    __syncthreads();
                    /* all loads first: they overlap the pivot's test and reciprocal */
                    const R d = Sc<T>::re(col[c]);
                    T u[RA], w[CB];
#pragma unroll
                    for (int a = 0; a < RA; ++a)
                        u[a] = a < na ? col[tr + 32 * a] : Sc<T>::zero();
#pragma unroll
                    for (int b2 = b; b2 < CB; ++b2)
                        w[b2] = Sc<T>::conj(col[tc + CT * b2]);
                    R mrd;
                    if (d >= RcpRange<R>::lo && d < RcpRange<R>::hi) {
                        mrd = -rcp_in_range(d);
                    } else {
                        if (!(d > R(0))) { /* <= 0 or NaN */
                            cf = c;
                            stop = true;
                            break;
                        }
                        mrd = -Sc<R>::recip(d);
                    }
                    if (threadIdx.x == 0)
                        piv[c] = Sc<T>::from_re(d);
#pragma unroll
                    for (int b2 = b; b2 < CB; ++b2)
                        if (tc + CT * b2 > c) { /* the columns after c only */
                            const T wm = Sc<T>::mulr(w[b2], mrd);
#pragma unroll
                            for (int a = 0; a < RA; ++a)
                                if (a < na)
                                    x[a][b2] = Sc<T>::fma(u[a], wm, x[a][b2]);
                        }
                }
            }
        }

        /* 3. the finished columns, scaled by 1/sqrt(d), the diagonal sqrt(d), real */
        __syncthreads(); /* piv */
#pragma unroll
        for (int b = 0; b < CB; ++b) {
            const int c = tc + CT * b;
            if (c < cf) {
                const R sq = sqrt_r(Sc<T>::re(piv[c])), sc = Sc<R>::recip(sq);
#pragma unroll
                for (int a = 0; a < RA; ++a) {
                    const int r = tr + 32 * a;
                    if (a < na && r < nrows && r >= c) {
                        const T v = r == c ? Sc<T>::from_re(sq) : Sc<T>::mulr(x[a][b], sc);
                        *at_l<LO>(A, lda, j0 + r, j0 + c) = lv<LO>(v);
                    }
                }
            }
        }
        if (cf < wc)
            return j0 + cf + 1;
        __syncthreads(); /* the stored columns are staged by the next panels */
    }
    return 0;
}

/* -------------------------------------------------------------------------- POTRS
 * B := A^-1 B for nr <= NR right-hand sides (B n x nr, leading dimension ldb), A = L L^H
 * from POTRF. */
template <bool LO, typename T, class C>
__device__ void potrs_one(int n, const T *A, int64_t lda, T *B, int64_t ldb, int nr, T *smem)
{
    using R = typename Sc<T>::Real;
    constexpr int NT = C::NT, WS = C::WS, NW = NT / 32;
    using SP_ = Spread<LO, WS, NT, C::NMAX>;
    static_assert(WS <= 32, "one lane per row of a triangle");
    const int ld = lds_of(n), t = threadIdx.x, lane = t % 32, warp = t / 32;
    T *SPb = smem;              /* two panels L(j0:n, j0:j0+WS) as stored: SPb + i WS ld */
    T *SB = smem + 2 * WS * ld; /* the right-hand sides: SB[r + k ld] */
    const int np = (n + WS - 1) / WS;

    /* panel p (rows r >= c only; of the diagonal its real part) into buffer p % 2 */
    auto stage = [&](int p) {
        const int j0 = WS * p, nrows = n - j0;
        T *dst = SPb + (p % 2) * WS * ld;
#pragma unroll 1 /* the addresses are cheap to recompute: keep no registers across */
        for (int i = 0; i < SP_::Q; ++i) {
            int r, c;
            SP_::rc(i, r, c);
            if (r < nrows && c < WS && r >= c) {
                if (r == c)
                    cp_async<sizeof(R)>(dst + r * (ld + 1), A + (j0 + r) * (lda + 1), true);
                else
                    cp_async<sizeof(T)>(dst + (r + c * ld), at_l<LO>(A, lda, j0 + r, j0 + c), true);
            }
        }
    };
    stage(0);
    cp_commit();
    for (int e = t; e < n * nr; e += NT) {
        const int r = e % n, k = e / n;
        SB[r + k * ld] = ld_rw(B + (r + k * ldb));
    }

    /* L Y = B */
    for (int p = 0; p < np; ++p) {
        const int j0 = WS * p, nrows = n - j0, wc = imin(WS, nrows);
        const T *SP = SPb + (p % 2) * WS * ld;
        T *sb = SB + j0;
        if (p + 1 < np)
            stage(p + 1);
        cp_commit();
        cp_wait<1>();
        __syncthreads();
        /* the triangle: one warp per right-hand side, lane i holds row i */
        if (warp < nr) {
            const bool act = lane < wc;
            const R rd = act ? Sc<R>::recip(Sc<T>::re(SP[lane * (ld + 1)])) : R(1);
            for (int k = warp; k < nr; k += NW) {
                T v = act ? sb[lane + k * ld] : Sc<T>::zero();
#pragma unroll 4
                for (int j = 0; j < wc; ++j) {
                    const T l = lane > j && act ? neg(lv<LO>(SP[lane + j * ld])) : Sc<T>::zero();
                    const T y = Sc<T>::shfl(Sc<T>::mulr(v, rd), j);
                    if (lane == j) v = y;
                    else if (lane > j) v = Sc<T>::fma(l, y, v);
                }
                if (act) sb[lane + k * ld] = v;
            }
        }
        __syncthreads();
        /* the rows below: b(r) -= L(r, j0:j0+wc) y(j0:j0+wc) */
        const int nb = nrows - wc;
        for (int e = t; e < nb * nr; e += NT) {
            const int r = wc + e % nb, k = e / nb;
            T s = sb[r + k * ld];
#pragma unroll 4
            for (int c = 0; c < wc; ++c)
                s = Sc<T>::fma(neg(lv<LO>(SP[r + c * ld])), sb[c + k * ld], s);
            sb[r + k * ld] = s;
        }
        __syncthreads(); /* also: panel p's buffer is p+2's */
    }

    /* L^H X = Y, from the last panel (still in its buffer) up */
    for (int p = np - 1; p >= 0; --p) {
        const int j0 = WS * p, nrows = n - j0, wc = imin(WS, nrows);
        const T *SP = SPb + (p % 2) * WS * ld;
        T *sb = SB + j0;
        if (p > 0)
            stage(p - 1);
        cp_commit();
        if (p < np - 1) {
            cp_wait<1>();
            __syncthreads();
        }
        /* y(j0 + c) -= L(j0+wc:n, j0 + c)^H x(j0+wc:n): a warp per (c, k), lanes down the rows */
        for (int q = warp; q < wc * nr; q += NW) {
            const int c = q % wc, k = q / wc;
            T s = Sc<T>::zero();
            for (int r = wc + lane; r < nrows; r += 32)
                s = Sc<T>::fmac(lv<LO>(SP[r + c * ld]), sb[r + k * ld], s);
#pragma unroll
            for (int m = 16; m >= 1; m /= 2)
                s = Sc<T>::add(s, Sc<T>::shfl_xor(s, m));
            if (lane == 0) sb[c + k * ld] = Sc<T>::sub(sb[c + k * ld], s);
        }
        __syncthreads();
        /* the triangle L^H: lane i holds row i, rows solved from the last up */
        if (warp < nr) {
            const bool act = lane < wc;
            const R rd = act ? Sc<R>::recip(Sc<T>::re(SP[lane * (ld + 1)])) : R(1);
            for (int k = warp; k < nr; k += NW) {
                T v = act ? sb[lane + k * ld] : Sc<T>::zero();
#pragma unroll 4
                for (int j = wc - 1; j >= 0; --j) {
                    /* L^H(lane, j) = conj(L(j, lane)) */
                    const T l = lane < j ? neg(Sc<T>::conj(lv<LO>(SP[j + lane * ld]))) : Sc<T>::zero();
                    const T y = Sc<T>::shfl(Sc<T>::mulr(v, rd), j);
                    if (lane == j) v = y;
                    else if (lane < j) v = Sc<T>::fma(l, y, v);
                }
                if (act) sb[lane + k * ld] = v;
            }
        }
        __syncthreads(); /* also: panel p's buffer is p-2's */
    }

    for (int e = t; e < n * nr; e += NT) {
        const int r = e % n, k = e / n;
        B[r + k * ldb] = SB[r + k * ld];
    }
}

/* ------------------------------------------------------------------------ kernels */
#ifdef KBLASF_CUDA_EMU /* the host emulator has static shared memory only */
#define KBLASF_BLK_SMEM(T, C)                                                                 \
    __shared__ uint4 smem_raw[(smem_max<T, C>() + 15) / 16];                                  \
    T *smem = reinterpret_cast<T *>(smem_raw)
#else
#define KBLASF_BLK_SMEM(T, C)                                                                 \
    extern __shared__ __align__(16) unsigned char smem_raw[];                                 \
    T *smem = reinterpret_cast<T *>(smem_raw)
#endif

template <bool LO, typename T, class C>
__global__ void __launch_bounds__(C::NT, C::MINB)
potrf_batch_kernel(int n, T *const *Aarr, T *A, int64_t lda, int64_t sA, int64_t offA,
                   void *info, int ib, int64_t ioff, int64_t batch)
{
    KBLASF_BLK_SMEM(T, C);
    for (int64_t b = blockIdx.x; b < batch; b += gridDim.x) {
        const int f = potrf_one<LO, T, C>(n, mat(Aarr, A, sA, b) + offA, lda, smem);
        if (threadIdx.x == 0)
            report_info(info, ib, b, f, ioff);
        __syncthreads(); /* shared memory reused by the next matrix */
    }
}

template <bool LO, typename T, class C>
__global__ void __launch_bounds__(C::NT, C::MINB)
potrs_batch_kernel(int n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda,
                   int64_t sA, T *const *Barr, T *B, int64_t ldb, int64_t sB, int64_t batch)
{
    KBLASF_BLK_SMEM(T, C);
    for (int64_t b = blockIdx.x; b < batch; b += gridDim.x) {
        const T *Ab = mat(Aarr, A, sA, b);
        T *Bb = mat(Barr, B, sB, b);
        for (int64_t k0 = (int64_t)blockIdx.y * C::NR; k0 < nrhs; k0 += (int64_t)gridDim.y * C::NR) {
            potrs_one<LO, T, C>(n, Ab, lda, Bb + k0 * ldb, ldb,
                            (int)(nrhs - k0 < C::NR ? nrhs - k0 : C::NR), smem);
            __syncthreads();
        }
    }
}

template <bool LO, typename T, class C>
__global__ void __launch_bounds__(C::NT, C::MINB)
posv_batch_kernel(int n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda,
                  int64_t sA, T *const *Barr, T *B, int64_t ldb, int64_t sB, void *info,
                  int ib, int64_t batch)
{
    KBLASF_BLK_SMEM(T, C);
    for (int64_t b = blockIdx.x; b < batch; b += gridDim.x) {
        T *Ab = mat(Aarr, A, sA, b);
        const int f = potrf_one<LO, T, C>(n, Ab, lda, smem);
        if (threadIdx.x == 0)
            set_info(info, ib, b, f);
        __syncthreads(); /* the factor's last columns, and shared memory, before the solve */
        if (f == 0) {
            T *Bb = mat(Barr, B, sB, b);
            for (int64_t k0 = 0; k0 < nrhs; k0 += C::NR) {
                potrs_one<LO, T, C>(n, Ab, lda, Bb + k0 * ldb, ldb,
                                (int)(nrhs - k0 < C::NR ? nrhs - k0 : C::NR), smem);
                __syncthreads();
            }
        }
    }
}

/* --------------------------------------------------------------------------- host */
constexpr int64_t kMaxGridX = 2147483647, kMaxGridY = 65535;

inline unsigned grid_x(int64_t batch) { return (unsigned)(batch < kMaxGridX ? batch : kMaxGridX); }

inline bool parse_uplo(char uplo, bool &lower)
{
    lower = uplo == 'L' || uplo == 'l';
    return lower || uplo == 'U' || uplo == 'u';
}

/* f(Blk<T, NMAX>{}, lower as a type) with the smallest instance that holds n */
template <typename T, typename F> cudaError_t with_blk(int64_t n, bool lower, F &&f)
{
    using L = std::true_type;
    using U = std::false_type;
    if (n <= 64) return lower ? f(Blk<T, 64>{}, L{}) : f(Blk<T, 64>{}, U{});
    if (n <= 128) return lower ? f(Blk<T, 128>{}, L{}) : f(Blk<T, 128>{}, U{});
    return lower ? f(Blk<T, 256>{}, L{}) : f(Blk<T, 256>{}, U{});
}

template <typename T>
cudaError_t potrf_batch_run(cudaStream_t stream, char uplo, int64_t n, T *const *Aarr, T *A,
                            int64_t lda, int64_t sA, int64_t offA, void *info, int ib,
                            int64_t ioff, int64_t batch)
{
    bool lower;
    if (!parse_uplo(uplo, lower) || n < 1 || n > kMaxN || lda < n || batch < 0 ||
        (ib != 4 && ib != 8) || ioff < 0)
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    if ((!Aarr && !A) || !info)
        return cudaErrorInvalidValue;
    return with_blk<T>(n, lower, [&](auto cfg, auto lo) {
        using C = decltype(cfg);
        static std::atomic<bool> done[kMaxDevices];
        const size_t smem = sizeof(T) * potrf_elems<C>(lds_of((int)n));
        return launch_smem(potrf_batch_kernel<lo(), T, C>, dim3(grid_x(batch)), dim3(C::NT),
                           smem, smem_max<T, C>(), done, stream, false, (int)n, Aarr, A, lda, sA,
                           offA, info, ib, ioff, batch);
    });
}

template <typename T>
cudaError_t potrs_batch_run(cudaStream_t stream, char uplo, int64_t n, int64_t nrhs,
                            T *const *Aarr, T *A, int64_t lda, int64_t sA, T *const *Barr,
                            T *B, int64_t ldb, int64_t sB, int64_t batch)
{
    bool lower;
    if (!parse_uplo(uplo, lower) || n < 1 || n > kMaxN || nrhs < 0 || lda < n || ldb < n ||
        batch < 0)
        return cudaErrorInvalidValue;
    if (batch == 0 || nrhs == 0)
        return cudaSuccess;
    if ((!Aarr && !A) || (!Barr && !B))
        return cudaErrorInvalidValue;
    return with_blk<T>(n, lower, [&](auto cfg, auto lo) {
        using C = decltype(cfg);
        static std::atomic<bool> done[kMaxDevices];
        const int nr = nrhs < C::NR ? (int)nrhs : C::NR;
        const size_t smem = sizeof(T) * potrs_elems<C>(lds_of((int)n), nr);
        const int64_t chunks = (nrhs + C::NR - 1) / C::NR;
        const dim3 grid(grid_x(batch), (unsigned)(chunks < kMaxGridY ? chunks : kMaxGridY));
        return launch_smem(potrs_batch_kernel<lo(), T, C>, grid, dim3(C::NT), smem,
                           smem_max<T, C>(), done, stream, false, (int)n, nrhs, Aarr, A, lda, sA,
                           Barr, B, ldb, sB, batch);
    });
}

template <typename T>
cudaError_t posv_batch_run(cudaStream_t stream, char uplo, int64_t n, int64_t nrhs,
                           T *const *Aarr, T *A, int64_t lda, int64_t sA, T *const *Barr,
                           T *B, int64_t ldb, int64_t sB, void *info, int ib, int64_t batch)
{
    bool lower;
    if (!parse_uplo(uplo, lower) || n < 1 || n > kMaxN || nrhs < 0 || lda < n || ldb < n ||
        batch < 0 || (ib != 4 && ib != 8))
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    if ((!Aarr && !A) || (nrhs > 0 && !Barr && !B) || !info)
        return cudaErrorInvalidValue;
    return with_blk<T>(n, lower, [&](auto cfg, auto lo) {
        using C = decltype(cfg);
        static std::atomic<bool> done[kMaxDevices];
        const int ld = lds_of((int)n), nr = nrhs < C::NR ? (int)nrhs : C::NR;
        const size_t f = potrf_elems<C>(ld), s = nr > 0 ? potrs_elems<C>(ld, nr) : 0;
        const size_t smem = sizeof(T) * (f > s ? f : s);
        return launch_smem(posv_batch_kernel<lo(), T, C>, dim3(grid_x(batch)), dim3(C::NT),
                           smem, smem_max<T, C>(), done, stream, false, (int)n, nrhs, Aarr, A, lda,
                           sA, Barr, B, ldb, sB, info, ib, batch);
    });
}

} // namespace
} // namespace kblasf

#define KBLASF_BATCH_BLOCK(P, T)                                                              \
    extern "C" cudaError_t kblasf_cuda_##P##potrf_batch_block(cudaStream_t s, char uplo,     \
            int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,      \
            void *info, int info_bytes, int64_t ioff, int64_t batch)                          \
    {                                                                                         \
        return kblasf::potrf_batch_run<T>(s, uplo, n, Aarr, A, lda, strideA, offA, info,      \
                                          info_bytes, ioff, batch);                           \
    }                                                                                         \
    extern "C" cudaError_t kblasf_cuda_##P##potrs_batch_block(cudaStream_t s, char uplo,     \
            int64_t n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,      \
            T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch)                \
    {                                                                                         \
        return kblasf::potrs_batch_run<T>(s, uplo, n, nrhs, Aarr, A, lda, strideA, Barr, B,   \
                                          ldb, strideB, batch);                               \
    }                                                                                         \
    extern "C" cudaError_t kblasf_cuda_##P##posv_batch_block(cudaStream_t s, char uplo,      \
            int64_t n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,      \
            T *const *Barr, T *B, int64_t ldb, int64_t strideB, void *info, int info_bytes,   \
            int64_t batch)                                                                    \
    {                                                                                         \
        return kblasf::posv_batch_run<T>(s, uplo, n, nrhs, Aarr, A, lda, strideA, Barr, B,    \
                                         ldb, strideB, info, info_bytes, batch);              \
    }
KBLASF_BATCH_BLOCK(s, float)
KBLASF_BATCH_BLOCK(d, double)
KBLASF_BATCH_BLOCK(c, cuFloatComplex)
KBLASF_BATCH_BLOCK(z, cuDoubleComplex)
