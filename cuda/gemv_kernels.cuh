/* gemv_kernels.cuh — GEMV templates (KBLAS design, paper sections 6.2-6.4 and 6.6).
 *
 * A warp spans NB = 32*V rows of a column (VEC: V consecutive rows per lane, one 16-byte
 * load; else rows lane + 32*v). 'T': blocks of NB rows x Q*L columns, the Q warps side by
 * side, thread (lane, q) on columns q, q+Q, ...; 'N': blocks of Q*NB rows x L columns, the
 * Q warps stacked (2 KB contiguous per column and block), each thread on all L columns. Each thread keeps two register
 * tiles of L x V elements: while it multiplies the block it holds, the loads of the next
 * block are in flight (double buffering in registers).
 *
 *  'N': a thread block walks right along a block row; the x values of a block travel one
 *       per lane and are broadcast with shuffles; each thread's row sums are complete in
 *       its registers and go to y only when the walk leaves the block row.
 *  'T'/'C': a thread block walks down a block column; the column sums stay in registers
 *       and are reduced with warp shuffles (no shared memory, no barrier) only when the
 *       walk leaves the block column.
 *
 * Grid (choose_split): the paper's X output segments x Y thread blocks per segment, with
 * Y generalized to a fraction: every thread block gets an equal run of consecutive blocks
 * (a run may end inside a segment and continue into the next one), and there are as many
 * runs as thread blocks resident on the device, so the grid is one full wave for every
 * shape. Partial sums meet in y through atomics, after a scal_kernel launched just before
 * has scaled y by beta (the GEMV kernel overlaps it through programmatic dependent
 * launch). When whole segments per thread block already fill >= 90% of a wave, the
 * owner writes alpha*r + beta*y itself: no atomics and no scaling kernel; with beta = 1
 * there is none either, and the GEMV, still launched dependent, waits before its first
 * load (wait_first).
 * Offsets: block rows start at the 128-byte-aligned row at or above offr and the rows
 * above offr are masked (section 6.6), so a submatrix keeps aligned loads; the full
 * matrix is offr = offc = 0 of the same code.
 * A matrix larger than the L2 is loaded evict-first (ld_a), but for a fixed third of the
 * L2's worth of it (load_tile: the same elements in both walks), which the next GEMV on
 * nearly the same matrix finds in L2 (GEBRD; H100, DGEBRD 4096 / 8192: 190 / 1159 -> 181 /
 * 1125 ms). */
#ifndef KBLASF_GEMV_KERNELS_CUH
#define KBLASF_GEMV_KERNELS_CUH

#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

template <typename T> struct GemvParams {
    const T *A;
    int64_t lda;
    int64_t r0;       /* first row of block row 0 (aligned, <= rlo) */
    int64_t rlo, rhi; /* rows of the submatrix: [offr, offr+m) */
    int64_t clo, chi; /* columns of the submatrix: [offc, offc+n) */
    const T *x;
    int64_t incx;
    T *y;
    int64_t incy;
    T alpha, beta;
    int64_t W;  /* blocks along the walked dimension (one output segment's blocks) */
    int64_t U;  /* all blocks: X output segments x W */
    int64_t w;  /* blocks per thread block (a run; the last one may be shorter) */
    int direct; /* runs are whole segments: y = alpha*r + beta*y, no atomics */
    int beta0;  /* beta == 0: y is not read */
    int once;   /* load A evict-first (stream_once) */
    unsigned keep;  /* with once: the share of A loaded to stay in L2 (load_tile) */
    int wait_first; /* no scaling kernel before it: pdl_wait() before the first load */
};

/* ----------------------------------------------------------------- y = A x
 * Block: Q warps stacked along the rows (NR = Q*NB rows, so one column of a block is Q*NB
 * contiguous elements: 2 KB for every type) x L consecutive columns. A thread's V rows
 * are its own for the whole run: the row sums stay in registers, need no shared memory
 * and no barrier, and go to y only when the run leaves the block row.
 * Runs walk the blocks row-major: block row rblk, block columns k = 0..W-1, then on to
 * the next block row. */
template <typename T, int NB, int Q, int L, int V, bool VEC, int MINB>
__global__ void __launch_bounds__(32 * Q, MINB) gemvn_kernel(const GemvParams<T> P)
{
    constexpr int NR = Q * NB;
    static_assert(NB == 32 * V, "one warp spans NB rows of a block");
    static_assert(L <= 32, "the x values of a block travel one per lane");

    const int lane = threadIdx.x, q = threadIdx.y;
    const int trow = q * NB + (VEC ? lane * V : lane); /* first row of the thread in a block */
    int64_t b = (int64_t)blockIdx.x * P.w;
    const int64_t bend = b + P.w < P.U ? b + P.w : P.U;
    if (b >= bend) return; /* not launched so, but keep it safe */
    if (P.wait_first) pdl_wait_then_release();
    int64_t rblk = b / P.W, k = b - rblk * P.W;

    T acc[V];
#pragma unroll
    for (int v = 0; v < V; ++v) acc[v] = Sc<T>::zero();
    T cur[L][V], nxt[L][V];
    T xc, xn;

    /* block (i, kk): the tile, and x of column cb + lane in lane `lane` */
    auto load = [&](int64_t i, int64_t kk, T(&buf)[L][V], T & xv) {
        const int64_t rb = P.r0 + i * NR, cb = P.clo + kk * L;
        const bool full = rb >= P.rlo && rb + NR <= P.rhi && cb + L <= P.chi;
        load_tile<T, L, V, VEC, 32>(buf, P.A, P.lda, rb + trow, cb, 1, full, P.rlo, P.rhi,
                                    P.clo, P.chi, P.once, P.keep, P.r0 % NB);
        const int64_t cx = cb + lane;
        xv = Sc<T>::zero();
        if (lane < L && cx < P.chi) xv = Sc<T>::ld(P.x + (cx - P.clo) * P.incx);
    };

    load(rblk, k, cur, xc);
    for (; b < bend; ++b) {
        int64_t nr = rblk, nk = k + 1;
        if (nk == P.W) { nk = 0; ++nr; }
        const bool more = b + 1 < bend;
        if (more) load(nr, nk, nxt, xn);
#pragma unroll
        for (int l = 0; l < L; ++l) {
            const T xl = Sc<T>::shfl(xc, l);
#pragma unroll
            for (int v = 0; v < V; ++v) acc[v] = Sc<T>::fma(cur[l][v], xl, acc[v]);
        }
        if (!more || nr != rblk) { /* leaving block row rblk: this thread's rows */
            pdl_wait_then_release(); /* y has been scaled */
            const int64_t r = P.r0 + rblk * NR + trow;
#pragma unroll
            for (int v = 0; v < V; ++v) {
                const int64_t row = r + (VEC ? v : 32 * v);
                if (row >= P.rlo && row < P.rhi)
                    put_y(P.y + (row - P.rlo) * P.incy, P.alpha, acc[v], P.beta, P.direct,
                          P.beta0);
                acc[v] = Sc<T>::zero();
            }
        }
#pragma unroll
        for (int l = 0; l < L; ++l)
#pragma unroll
            for (int v = 0; v < V; ++v) cur[l][v] = nxt[l][v];
        xc = xn;
        rblk = nr;
        k = nk;
    }
}

/* ------------------------------------------------- y = A^T x (CJ: y = A^H x)
 * Runs walk the blocks column-major: block column cblk, block rows k = 0..W-1, then on to
 * the next block column; the column sums are flushed when the run leaves a block column. */
template <typename T, int NB, int Q, int L, int V, bool VEC, bool CJ, int MINB>
__global__ void __launch_bounds__(32 * Q, MINB) gemvt_kernel(const GemvParams<T> P)
{
    constexpr int NBC = Q * L;
    static_assert(NB == 32 * V, "one warp spans the NB rows of a block");
    static_assert(L <= 32, "the column sums leave one per lane");

    const int lane = threadIdx.x, q = threadIdx.y;
    int64_t b = (int64_t)blockIdx.x * P.w;
    const int64_t bend = b + P.w < P.U ? b + P.w : P.U;
    if (b >= bend) return;
    if (P.wait_first) pdl_wait_then_release();
    int64_t cblk = b / P.W, k = b - cblk * P.W;

    T vres[L];
#pragma unroll
    for (int l = 0; l < L; ++l) vres[l] = Sc<T>::zero();
    T cur[L][V], nxt[L][V];
    T xc[V], xn[V];

    /* block (kk, j): the tile and x of this thread's rows */
    auto load = [&](int64_t j, int64_t kk, T(&buf)[L][V], T(&xv)[V]) {
        const int64_t rb = P.r0 + kk * NB, cb = P.clo + j * NBC;
        const int64_t r = rb + (VEC ? lane * V : lane);
        const bool full = rb >= P.rlo && rb + NB <= P.rhi && cb + NBC <= P.chi;
        load_tile<T, L, V, VEC, 32>(buf, P.A, P.lda, r, cb + q, Q, full, P.rlo, P.rhi, P.clo,
                                    P.chi, P.once, P.keep, P.r0 % NB);
#pragma unroll
        for (int v = 0; v < V; ++v) {
            const int64_t rr = r + (VEC ? v : 32 * v);
            xv[v] = Sc<T>::zero();
            if (full || (rr >= P.rlo && rr < P.rhi)) xv[v] = Sc<T>::ld(P.x + (rr - P.rlo) * P.incx);
        }
    };

    load(cblk, k, cur, xc);
    for (; b < bend; ++b) {
        int64_t nc = cblk, nk = k + 1;
        if (nk == P.W) { nk = 0; ++nc; }
        const bool more = b + 1 < bend;
        if (more) load(nc, nk, nxt, xn);
#pragma unroll
        for (int l = 0; l < L; ++l)
#pragma unroll
            for (int v = 0; v < V; ++v) vres[l] = madd<CJ>(cur[l][v], xc[v], vres[l]);
        if (!more || nc != cblk) {
            /* leaving block column cblk: sums over the warp's 32 lanes, lane l writes
             * column cb + q + Q*l */
            T mine = Sc<T>::zero();
#pragma unroll
            for (int l = 0; l < L; ++l) {
#pragma unroll
                for (int s = 16; s > 0; s >>= 1) vres[l] = Sc<T>::add(vres[l], Sc<T>::shfl_xor(vres[l], s));
                if (lane == l) mine = vres[l];
                vres[l] = Sc<T>::zero();
            }
            pdl_wait_then_release(); /* y has been scaled */
            const int64_t col = P.clo + cblk * NBC + q + (int64_t)Q * lane;
            if (lane < L && col < P.chi)
                put_y(P.y + (col - P.clo) * P.incy, P.alpha, mine, P.beta, P.direct, P.beta0);
        }
#pragma unroll
        for (int l = 0; l < L; ++l)
#pragma unroll
            for (int v = 0; v < V; ++v) cur[l][v] = nxt[l][v];
#pragma unroll
        for (int v = 0; v < V; ++v) xc[v] = xn[v];
        cblk = nc;
        k = nk;
    }
}

/* ------------------------------------------------------------------- host side */

/* Work split. X output segments (block rows for 'N', block columns for 'T') of W blocks
 * each, `slots` thread blocks resident on the device at once.
 *  - If whole segments per thread block (ceil(X/slots) each) fill at least 90% of a wave,
 *    do that: no atomics, no scaling kernel, y written directly.
 *  - Else cut the X*W blocks into equal runs, one per resident thread block (a run may
 *    span several segments; partial sums go to y with atomics): one full wave whatever the
 *    shape, so no wave-quantization dips; tiny problems get one block per thread block. */
struct Split {
    int64_t grid, w;
    bool direct;
};
inline Split choose_split(int64_t X, int64_t W, int64_t slots)
{
    Split s;
    const int64_t per = (X + slots - 1) / slots;
    const int64_t g = (X + per - 1) / per;
    if (g * 10 >= slots * 9) {
        s.grid = g;
        s.w = per * W;
        s.direct = true;
        return s;
    }
    const int64_t U = X * W;
    const int64_t g0 = U < slots ? U : slots;
    s.w = (U + g0 - 1) / g0;
    s.grid = (U + s.w - 1) / s.w;
    s.direct = false;
    return s;
}

template <typename T, class C, bool TR, bool VEC, bool CJ>
inline cudaError_t gemv_main(cudaStream_t stream, const DevInfo &d, GemvParams<T> P)
{
    static std::atomic<int> occ[kMaxDevices];
    constexpr int NBC = C::Q * C::L;
    void (*kern)(const GemvParams<T>);
    if constexpr (TR) kern = gemvt_kernel<T, C::NB, C::Q, C::L, C::V, VEC, CJ, C::MINB>;
    else kern = gemvn_kernel<T, C::NB, C::Q, C::L, C::V, VEC, C::MINB>;

    int64_t slots;
    cudaError_t e = resident_tbs(kern, 32 * C::Q, 0, d, occ, slots);
    if (e != cudaSuccess) return e;
    /* 'N': blocks of Q*NB rows x L columns; 'T': NB rows x Q*L columns */
    constexpr int64_t BR = TR ? C::NB : C::Q * C::NB, BC = TR ? NBC : C::L;
    const int64_t rblocks = (P.rhi - P.r0 + BR - 1) / BR;
    const int64_t cblocks = (P.chi - P.clo + BC - 1) / BC;
    const int64_t X = TR ? cblocks : rblocks;
    P.W = TR ? rblocks : cblocks;
    P.U = X * P.W;
    const Split sp = choose_split(X, P.W, slots);
    P.w = sp.w;
    P.direct = sp.direct;
    /* Launched dependent in either case (no launch gap): after the scaling kernel it
     * loads A and x at once and waits only before its first write to y; with nothing to
     * scale it waits before its first load, so it still sees all that came before. */
    P.wait_first = P.direct || Sc<T>::is_one(P.beta);
    if (!P.wait_first) {
        e = scale_y(stream, d, TR ? P.chi - P.clo : P.rhi - P.rlo, P.beta, P.y, P.incy);
        if (e != cudaSuccess) return e;
    }
    return launch(kern, dim3((unsigned)sp.grid), dim3(32, C::Q), stream, d.major >= 9, P);
}

/* keep (load_tile) for a matrix of `bytes` streamed evict-first (so larger than the L2, and
 * the share below a third): l2_keep_bytes of it (H100, DGEBRD 8192, a first form that chose
 * load by load: a sixth, a third and a half of the L2 took 1147, 1137-1140 and 1141 ms, none
 * 1159-1166 ms) */
inline unsigned keep_share(const DevInfo &d, double bytes)
{
    return (unsigned)(l2_keep_bytes(d) / bytes * 4294967296.0);
}

/* The whole operation; C supplies NB, Q, L, V and MINB (see the gemv_?.cu files). */
template <typename T, class C>
inline cudaError_t gemv_run(cudaStream_t stream, char trans, int64_t m, int64_t n, T alpha,
                            const T *A, int64_t lda, int64_t offr, int64_t offc, const T *x,
                            int64_t incx, T beta, T *y, int64_t incy)
{
    static_assert(C::NB == 32 * C::V, "NB must be 32*V");
    int op; /* 0: N, 1: T, 2: C */
    switch (trans) {
    case 'N': case 'n': op = 0; break;
    case 'T': case 't': op = 1; break;
    case 'C': case 'c': op = Sc<T>::complex ? 2 : 1; break;
    default: return cudaErrorInvalidValue;
    }
    if (m <= 0 || n <= 0) return cudaSuccess;
    DevInfo d;
    cudaError_t e = dev_info(d);
    if (e != cudaSuccess) return e;
    if (Sc<T>::is_zero(alpha)) /* A and x are not referenced */
        return Sc<T>::is_one(beta) ? cudaSuccess : scale_y(stream, d, op ? n : m, beta, y, incy);

    GemvParams<T> P;
    P.A = A;
    P.lda = lda;
    P.r0 = aligned_row(A, sizeof(T), offr, align_bytes(C::NB, (int64_t)sizeof(T)));
    P.rlo = offr;
    P.rhi = offr + m;
    P.clo = offc;
    P.chi = offc + n;
    P.x = x;
    P.incx = incx;
    P.y = y;
    P.incy = incy;
    P.alpha = alpha;
    P.beta = beta;
    P.W = 0;
    P.U = 0;
    P.w = 1;
    P.direct = 0;
    P.wait_first = 0;
    P.beta0 = Sc<T>::is_zero(beta);
    P.once = stream_once(d, (double)m * (double)n * sizeof(T));
    P.keep = P.once ? keep_share(d, (double)m * (double)n * sizeof(T)) : 0u;

    const bool vec = vec_ok<T, C::V>(A, lda);
    if constexpr (C::V > 1) {
        if (vec) {
            if (op == 0) return gemv_main<T, C, false, true, false>(stream, d, P);
            if constexpr (Sc<T>::complex)
                if (op == 2) return gemv_main<T, C, true, true, true>(stream, d, P);
            return gemv_main<T, C, true, true, false>(stream, d, P);
        }
    }
    (void)vec;
    if (op == 0) return gemv_main<T, C, false, false, false>(stream, d, P);
    if constexpr (Sc<T>::complex)
        if (op == 2) return gemv_main<T, C, true, false, true>(stream, d, P);
    return gemv_main<T, C, true, false, false>(stream, d, P);
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_GEMV_KERNELS_CUH */
