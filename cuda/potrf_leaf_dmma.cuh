/* potrf_leaf_dmma.cuh — potrf_diag.cu's leaf of order n <= 64 in real double (the leaves of
 * DPOTRF's panel lane), by panels of 8 columns with the trailing update on the FP64 tensor
 * cores. The block (and, in a panel launch, the thread block's 64 panel rows below it) sits
 * in shared memory as one tall matrix in the lower form. In phase k all threads solve panel
 * k's rows against its factored 8 x 8 diagonal block (leaf_row); then warp 0 updates the next
 * diagonal block and factors it (leaf_chain: every lane the whole block, so that the pivots'
 * chain has no shuffle on it) while the other warps apply panel k to the rest of the
 * trailing matrix by DMMAs (leaf_blocks; two row blocks at a time, by m16n8k8 on sm_90).
 * Two barriers a panel where the leaf on rows
 * (potrf_diag_kernel) takes one a column. H200, n = 64: the block alone 11.9 against 12.9 us,
 * with 7168 / 960 panel rows 16.9 / 15.4 against 18.9 / 17.6 us; DPOTRF 8192 6.01-6.03
 * against 6.19-6.20 ms (doc/lapack.md). Same contract as potrf_diag_kernel: the scaled
 * factor, the panel rows solved, the first failing pivot in *info, and from a failed column
 * on the Schur complement so far.
 * Internal to cuda/; an unnamed namespace, as cuda_scalar.cuh. */
#ifndef KBLASF_POTRF_LEAF_DMMA_CUH
#define KBLASF_POTRF_LEAF_DMMA_CUH

#include "batch_common.cuh"


namespace kblasf {
namespace {

/* One thread block of LEAF_WARPS warps: warp 0 factors the diagonal blocks, the others
 * apply the panels.
 * Four, so that the block (255 registers a thread at most) fits on an SM beside one of
 * cuBLAS's 128-thread GEMM blocks (254 registers): DPOTRF's leaves run beside its updates. */
constexpr int LEAF_WARPS = 4, LEAF_THREADS = 32 * LEAF_WARPS;
/* the panel rows a thread block carries (the launch's grid: one block each, and the writer) */
constexpr int LEAF_PANEL_ROWS = 64;

/* The writer's side of a panel leaf's hand-over (here and in potrf_diag_kernel): the last
 * thread block writes the factor back only once the others, which count themselves in on
 * *sync after loading the block, have all loaded it; it then resets *sync for the next leaf */
__device__ __forceinline__ void leaf_hand_over(unsigned *sync)
{
    if (gridDim.x > 1) {
        if (threadIdx.x == 0) {
            while (*(volatile unsigned *)sync < gridDim.x - 1)
                __nanosleep(200);
            *sync = 0;
        }
        __syncthreads();
    }
}

/* The tile: 64 rows of the block, then (panel launch) 64 panel rows; its leading dimension
 * is 4 (mod 16) doubles, so that a DMMA operand's 16 lanes of a phase, 4 rows by 4 columns,
 * fall in distinct banks */
template <bool PANEL> constexpr int leaf_tile_rows = PANEL ? 64 + LEAF_PANEL_ROWS : 64;
template <bool PANEL> constexpr int leaf_ld = leaf_tile_rows<PANEL> + 4;
template <bool PANEL> constexpr size_t leaf_dmma_smem()
{
    return sizeof(double) * leaf_ld<PANEL> * 64;
}

/* The pivots' range in which leaf_chain's first pass may take the next pivot from a square
 * (below). For an SPD block x = D[u+1][u] has x^2 <= d_u D[u+1][u+1], so with every pivot
 * in [2^-450, 2^450) a square that underflows drops less than 2^-572 from a pivot of at
 * least 2^-450, and one that overflows leaves -inf or NaN, out of the range. Wider ranges,
 * as LAPACK's testers' matrices scaled near underflow or overflow (types 8 and 9, pivots
 * near 2^-+970), take the checked pass; their plain order (the multiplier first) has no
 * square. */
constexpr double LEAF_CHAIN_LO = 0x1p-450, LEAF_CHAIN_HI = 0x1p450;

/* One pass of the diagonal block's factorization in leaf_chain (columns 0 .. nu - 1 of D,
 * unscaled, right-looking). CHECKED: each pivot is tested and out-of-range ones inverted
 * with rcp_pos, as potrf_diag_kernel does; a failed one stops the pass (returns its
 * column u). Unchecked: no test on the pivots' chain, only a flag (returns -1 when some
 * pivot was not in [LEAF_CHAIN_LO, LEAF_CHAIN_HI), which excludes <= 0 and NaN). nj[u] :=
 * -1/d_u. */
template <bool CHECKED>
__device__ __forceinline__ int leaf_chain_pass(int nu, double (&D)[8][8], double (&nj)[8])
{
    bool bad = false;
#pragma unroll
    for (int u = 0; u < 8; ++u)
        nj[u] = 0.0;
#pragma unroll
    for (int u = 0; u < 8; ++u) {
        if (u >= nu)
            break;
        const double d = D[u][u];
        if constexpr (CHECKED) {
            if (!(d > 0.0)) /* <= 0 or NaN */
                return u;
            nj[u] = -rcp_pos(d);
        } else {
            bad |= !(d >= LEAF_CHAIN_LO && d < LEAF_CHAIN_HI); /* in rcp_chain's range */
            nj[u] = -rcp_chain(d);
        }
        /* Unchecked, the next pivot from a square that does not wait for 1/d_u: one
         * multiply-add after it (LEAF_CHAIN_LO). The other entries, and the next pivot in
         * the checked pass, by the multiplier D[a][u] / d_u. */
        const bool sq = !CHECKED && u + 1 < 8;
        if (sq)
            D[u + 1][u + 1] = fm(D[u + 1][u] * D[u + 1][u], nj[u], D[u + 1][u + 1]);
#pragma unroll
        for (int a = u + 1; a < 8; ++a) {
            const double wa = D[a][u] * nj[u];
#pragma unroll
            for (int b = u + 1; b <= a; ++b)
                if (!sq || a != u + 1 || b != u + 1)
                    D[a][b] = fm(D[b][u], wa, D[a][b]);
        }
    }
    return bad ? -1 : 8;
}

/* Warp 0 factors the diagonal block of the panel c0 .. c0 + 7, every lane the whole 8 x 8
 * block D from broadcast loads (no shuffle, and in the first pass no test, on the pivots'
 * chain), and puts it back: its lower triangle unscaled (the Schur complement from a
 * failed column on), -1/d_j in nd[j] (0 from a failed column on). Returns the first column
 * not factored, n if none. The rows below are solved after (leaf_row). */
template <int LD>
__device__ __forceinline__ int leaf_chain(double *S, int n, int c0, int l, double *nd)
{
    const int nu = n - c0 < 8 ? n - c0 : 8;
    double D[8][8], nj[8];
    auto load = [&]() {
#pragma unroll
        for (int a = 0; a < 8; ++a)
#pragma unroll
            for (int b = 0; b <= a; ++b)
                D[a][b] = S[c0 + a + (c0 + b) * LD];
    };
    load();
    int u = leaf_chain_pass<false>(nu, D, nj);
    if (u < 0) { /* a pivot out of range, <= 0 or NaN: again, with the tests */
        load();
        u = leaf_chain_pass<true>(nu, D, nj);
    }
    __syncwarp(); /* every lane has read D before it is stored */
    if (l == 0)
#pragma unroll
        for (int a = 0; a < 8; ++a)
#pragma unroll
            for (int b = 0; b <= a; ++b)
                S[c0 + a + (c0 + b) * LD] = D[a][b];
#pragma unroll
    for (int b = 0; b < 8; ++b)
        if (l == b)
            nd[c0 + b] = nj[b];
    return u < nu ? c0 + u : n;
}

/* Row r of the tile, columns c0 .. c0 + 7, solved against the panel's factored diagonal
 * block (leaf_chain): right-looking steps, A(r, k) -= A(r, j) A(k, j) / d_j, with D's
 * columns and nd from shared memory (broadcasts). */
template <int LD>
__device__ __forceinline__ void leaf_row(double *S, int r, int c0, const double *nd)
{
    double x[8];
#pragma unroll
    for (int u = 0; u < 8; ++u)
        x[u] = S[r + (c0 + u) * LD];
#pragma unroll
    for (int u = 0; u < 8; ++u) {
        const double w = x[u] * nd[c0 + u];
#pragma unroll
        for (int k = u + 1; k < 8; ++k)
            x[k] = fm(S[c0 + k + (c0 + u) * LD], w, x[k]);
    }
#pragma unroll
    for (int u = 1; u < 8; ++u)
        S[r + (c0 + u) * LD] = x[u];
}

/* The trailing update by the panel c0 .. c0 + 7 (its columns in S, -1/d_j in s0 = nd[c0 +
 * q], s1 = nd[c0 + 4 + q], q = l % 4) of the blocks (R, J0 + u), u < cnt <= CNT, of NR row
 * blocks R: I, and I2 when NR = 2; each A(R) (-D^-1) A(J)^T. One row block takes two
 * dmma_884 a block (k-steps of 4); two take one dmma_1688 for both, A(J) the shared operand
 * and A(I), A(I2) the stacked ones: on sm_90 a quarter of the MMAs, at twice the rate (H200,
 * against a row block at a time: the leaf with 7168 / 960 panel rows 15.42 / 14.34 ->
 * 14.75 / 13.62 us by two m16n8k4 a pair, DPOTRF 8192 5.76-5.82 -> 5.71-5.75 ms,
 * bench/results/H200-2026-11-29-stop52-dmma-shapes-leaf-pairs.txt; then 14.58 / 13.50 ->
 * 14.22 / 13.09 us by one m16n8k8, DPOTRF within 1%, ...-stop53-leaf-k8.txt). Every
 * operand and block is loaded before the first MMA, so that the blocks' MMAs overlap (the
 * compiler cannot move a load past the store of another block). Warp 0 takes its one block
 * with CNT = 1, the workers a row block's up to 7 blocks CNT = 4 at a time (all at once
 * spills: 15.14 against 14.22 us with 7168 rows). */
template <int LD, int NR, int CNT>
__device__ __forceinline__ void leaf_blocks(double *S, int c0, int I, int I2, int J0, int cnt,
                                            double s0, double s1, int l)
{
    static_assert(NR == 1 || NR == 2, "one or two row blocks");
    const int g = l >> 2, q = l & 3;
    auto R = [&](int r) { return r ? I2 : I; };
    auto blk = [&](int r, int u) { return S + 8 * R(r) + g + (8 * (J0 + u) + 2 * q) * LD; };
    double a0[NR], a1[NR], b0[CNT], b1[CNT], d0[NR][CNT], d1[NR][CNT];
#pragma unroll
    for (int r = 0; r < NR; ++r) {
        const double *ai = S + 8 * R(r) + g + c0 * LD;
        a0[r] = ai[q * LD] * s0;
        a1[r] = ai[(4 + q) * LD] * s1;
    }
#pragma unroll
    for (int u = 0; u < CNT; ++u)
        if (u < cnt) {
            const double *aj = S + 8 * (J0 + u) + g + c0 * LD;
            b0[u] = aj[q * LD];
            b1[u] = aj[(4 + q) * LD];
#pragma unroll
            for (int r = 0; r < NR; ++r) {
                d0[r][u] = blk(r, u)[0];
                d1[r][u] = blk(r, u)[LD];
            }
        }
    if constexpr (NR == 2) {
#pragma unroll
        for (int u = 0; u < CNT; ++u)
            if (u < cnt)
                dmma_1688(d0[0][u], d1[0][u], d0[1][u], d1[1][u], a0[0], a0[1], a1[0], a1[1],
                          b0[u], b1[u]);
    } else {
        /* the blocks' first k-steps, then their second: a block's two depend on each other */
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
            for (int u = 0; u < CNT; ++u)
                if (u < cnt)
                    dmma_884(d0[0][u], d1[0][u], h ? a1[0] : a0[0], h ? b1[u] : b0[u]);
    }
#pragma unroll
    for (int u = 0; u < CNT; ++u)
        if (u < cnt)
#pragma unroll
            for (int r = 0; r < NR; ++r) {
                blk(r, u)[0] = d0[r][u];
                blk(r, u)[LD] = d1[r][u];
            }
}

/* The leaf (see the file's head): arguments, grid and the writer's hand-over as
 * potrf_diag_kernel's; leaf_dmma_smem<PANEL>() bytes of dynamic shared memory. */
template <bool PANEL>
__global__ void __launch_bounds__(LEAF_THREADS)
    potrf_leaf_dmma_kernel(bool lower, int n, int64_t m, double *A, int64_t lda, unsigned *sync,
                           int64_t *info, int64_t ioff)
{
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(leaf_dmma_smem<PANEL>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    double *S = reinterpret_cast<double *>(smem);
    constexpr int LD = leaf_ld<PANEL>, PR = LEAF_PANEL_ROWS;
    pdl_wait(); /* a programmatic dependent (potrf_diag_run): A is read after this */
    __shared__ double nd[64], scl[64], sq[64];
    const int t = threadIdx.x, l = t & 31, w = t >> 5;
    const bool writer = blockIdx.x == gridDim.x - 1;
    const int64_t r0 = (int64_t)blockIdx.x * PR;
    const int rows = !PANEL || writer ? 0 : (int)(m - r0 < PR ? m - r0 : PR);
    double *P = lower ? A + n : A + n * lda; /* P(r, c) at P[r + c*lda] (lower), P[c + r*lda] */

    /* the stored triangle -> S as L's lower form, zeros elsewhere; the panel rows below it
     * (upper: along P's columns). Thread t takes (t % 64, t / 64 + CS q), coalesced in A
     * and P, all loads before the first store */
    constexpr int LQ = 64 * 64 / LEAF_THREADS, CS = LEAF_THREADS / 64;
    double v[LQ], vb[PANEL ? LQ : 1];
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % 64, c = t / 64 + CS * q;
        v[q] = 0.0;
        if (r < n && c < n && (lower ? r >= c : r <= c))
            v[q] = ld_rw(A + (r + c * lda));
    }
    if (PANEL)
#pragma unroll
        for (int q = 0; q < LQ; ++q) {
            const int a = t % 64, b = t / 64 + CS * q; /* lower (row a, column b), upper (b, a) */
            const int r = lower ? a : b, c = lower ? b : a;
            vb[q] = 0.0;
            if (r < rows && c < n)
                vb[q] = lower ? ld_rw(P + (r0 + r + c * lda)) : ld_rw(P + (c + (r0 + r) * lda));
        }
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % 64, c = t / 64 + CS * q;
        S[lower ? r + c * LD : c + r * LD] = v[q];
    }
    if (PANEL)
#pragma unroll
        for (int q = 0; q < LQ; ++q) {
            const int a = t % 64, b = t / 64 + CS * q;
            S[PR + (lower ? a + b * LD : b + a * LD)] = vb[q];
        }
    __syncthreads();
    if (!writer && t == 0)
        atomicAdd(sync, 1u);

    /* Phase k: all threads solve panel k's rows below its diagonal block (factored in the
     * phase before), then warp 0 updates the next diagonal block with panel k and factors
     * it while the other warps apply panel k to the rest of the trailing matrix. The
     * pivots' chain of one panel (leaf_chain) is then all that a phase waits for besides
     * two barriers. After a failure the phase still applies the failed panel's columns
     * before it, so that S holds the Schur complement so far. */
    __shared__ int stop;
    const int nb = (n + 7) / 8, rb = PANEL ? (rows + 7) / 8 : 0, lq = l & 3;
    if (w == 0) {
        const int js = leaf_chain<LD>(S, n, 0, l, nd);
        if (l == 0)
            stop = js;
    }
    __syncthreads();
    int jstop = n;
    for (int k = 0; k < nb; ++k) {
        const int c0 = 8 * k;
        jstop = stop;
        { /* panel k's rows: the block's below its diagonal block, then the panel rows */
            const int nr = n - c0 - 8 > 0 ? n - c0 - 8 : 0;
            if (t < nr)
                leaf_row<LD>(S, c0 + 8 + t, c0, nd);
            else if (PANEL && t - nr < rows)
                leaf_row<LD>(S, PR + t - nr, c0, nd);
        }
        __syncthreads();
        if (k + 1 >= nb)
            break;
        const double s0 = nd[c0 + lq], s1 = nd[c0 + 4 + lq];
        if (w == 0) {
            leaf_blocks<LD, 1, 1>(S, c0, k + 1, k + 1, k + 1, 1, s0, s1, l);
            if (jstop == n) {
                __syncwarp();
                const int js = leaf_chain<LD>(S, n, c0 + 8, l, nd);
                if (l == 0)
                    stop = js;
            }
        } else {
            /* row blocks: the block's k + 2 .. nb - 1 (block column k + 1 on), then the
             * panel rows' (every block column from k + 1), in that order two at a time (the
             * last alone when they are odd). Along the list a row's count of blocks never
             * falls, so a pair takes its second row's; the first then gets one block more
             * only when both are the block's own rows I, I + 1, and that block, (I, I + 1),
             * is above the diagonal */
            const int nd_rows = nb - k - 2 > 0 ? nb - k - 2 : 0, nrows = nd_rows + rb;
            auto row = [&](int i) { return i < nd_rows ? k + 2 + i : 8 + i - nd_rows; };
            auto count = [&](int I) { return (I < 8 ? I + 1 : nb) - (k + 1); };
            for (int it = w - 1; it < (nrows + 1) / 2; it += LEAF_WARPS - 1) {
                const int I = row(2 * it);
                if (2 * it + 1 < nrows) {
                    const int I2 = row(2 * it + 1), cnt = count(I2);
                    for (int J0 = 0; J0 < cnt; J0 += 4)
                        leaf_blocks<LD, 2, 4>(S, c0, I, I2, k + 1 + J0,
                                              cnt - J0 < 4 ? cnt - J0 : 4, s0, s1, l);
                } else {
                    const int cnt = count(I);
                    for (int J0 = 0; J0 < cnt; J0 += 4)
                        leaf_blocks<LD, 1, 4>(S, c0, I, I, k + 1 + J0,
                                              cnt - J0 < 4 ? cnt - J0 : 4, s0, s1, l);
                }
            }
        }
        __syncthreads();
        if (jstop < n)
            break;
    }
    if (t < n) { /* the scale of column t: 1/sqrt(d) when factored, else 1 (left as is) */
        double s = 1.0, r = 1.0;
        if (t < jstop) {
            s = sqrt_r(S[t + t * LD]);
            r = Sc<double>::recip(s);
        }
        sq[t] = s;
        scl[t] = r;
    }
    if (jstop < n && t == 0 && writer && ld_rw(info) == 0)
        *info = ioff + jstop + 1;
    __syncthreads();
    /* the epilogue's shared-memory reads all go before its stores, into v */
    if (PANEL && !writer) { /* its panel rows, column c scaled by scl[c], coalesced */
#pragma unroll
        for (int q = 0; q < LQ; ++q) {
            const int a = t % 64, b = t / 64 + CS * q;
            const int r = lower ? a : b, c = lower ? b : a;
            v[q] = S[PR + r + c * LD] * scl[c];
        }
#pragma unroll
        for (int q = 0; q < LQ; ++q) {
            const int a = t % 64, b = t / 64 + CS * q;
            const int r = lower ? a : b, c = lower ? b : a;
            if (r < rows && c < n)
                P[lower ? r0 + r + c * lda : c + (r0 + r) * lda] = v[q];
        }
        return;
    }
    leaf_hand_over(sync);
    /* S -> the stored triangle, coalesced down its columns; U(r, c) = L(c, r) */
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % 64, c = t / 64 + CS * q;
        const int i = lower ? r : c, k = lower ? c : r; /* L(i, k) */
        v[q] = i == k ? (i < jstop ? sq[i] : S[i + i * LD]) : S[i + k * LD] * scl[k];
    }
#pragma unroll
    for (int q = 0; q < LQ; ++q) {
        const int r = t % 64, c = t / 64 + CS * q;
        if (r < n && c < n && (lower ? r >= c : r <= c))
            A[r + c * lda] = v[q];
    }
}

template <bool PANEL>
cudaError_t potrf_leaf_dmma_launch(cudaStream_t stream, bool pdl, bool lower, int n, int64_t m,
                                   double *A, int64_t lda, unsigned *sync, int64_t *info,
                                   int64_t ioff)
{
    static std::atomic<bool> done[kMaxDevices];
    constexpr size_t smem = leaf_dmma_smem<PANEL>();
    return launch_smem(potrf_leaf_dmma_kernel<PANEL>, dim3((unsigned)(1 + (m + LEAF_PANEL_ROWS - 1) / LEAF_PANEL_ROWS)),
                       dim3(LEAF_THREADS), smem, smem, done, stream, pdl, lower, n, m, A, lda,
                       sync, info, ioff);
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_POTRF_LEAF_DMMA_CUH */
