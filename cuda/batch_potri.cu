/* batch_potri.cu — batched TRTRI, LAUUM, POTRI and POTI for orders n <= 32
 * (kblasf_cuda_?trtri_batch, ?lauum_batch, ?potri_batch), and POTRI's zero-diagonal check for
 * any order (?zero_diag_batch).
 *
 * Register style, as the batched Cholesky (batch_small.cu): a group of G = 8, 16 or 32 lanes
 * (the smallest >= n) holds one matrix, lane r its row r in registers (arrays over G, loops
 * unrolled, static indices only). A group's G x LD tile in shared memory does two jobs:
 * whole columns of a triangle broadcast to every lane of the group by 16-byte loads (all
 * lanes at the same address), and the transposes between "lane r holds row r" and "lane r
 * holds column r". Loads and stores of A are rows: for each k the group's lanes touch a
 * contiguous run of column k, coalesced, and nothing outside the stored triangle is read
 * or written.
 *
 * Everything works on the lower form L (L = A's lower triangle, or L = U^H for uplo 'U';
 * then A = U^H U = L L^H, inv(U) = inv(L)^H, U U^H = L^H L), each lane starting from the row
 * it loaded (row r of L, or row r of U = conj(column r of L)):
 *  - POTI's Cholesky A = L L^H: right-looking on rows, column j broadcast through a
 *    two-slot column buffer (one __syncwarp a column), the pivots' square roots at the end
 *    (rcp_pos, sqrt_pos: no IEEE slow-path call in the unrolled loop). At G = 32 instead: in
 *    real double the whole POTI in the tile, the Cholesky by the batched POTRF's panels on the
 *    FP64 tensor cores (poti_in_tile); in the other precisions two launches, the batched
 *    POTRF's kernel and then this one's POTRI on the matrices it factored (poti_launches).
 *  - TRTRI, POTRI, POTI: the inverse by trtri_block.cuh's invert_rows (the piece that also
 *    inverts the recursive TRSM's diagonal blocks): the tile holds L^H, lane t solves
 *    L^H y = e_t by back substitution, a broadcast column a step, and gets row t of the
 *    inverse back. One multiply-add per element and step; no dynamic index. In real double
 *    at G = 32 by blocks instead (invert_rows_mma): the two diagonal blocks of order 16 in
 *    the warp's halves at once, the off-diagonal block on the FP64 tensor cores.
 *  - LAUUM, POTRI, POTI: M = W^H W with W = L or X: the tile holds W by columns, lane t
 *    takes column t of W from it and makes the whole row t of the Hermitian M, one dot
 *    product with each broadcast column c of W, each M(t, c) stored as it is made (its
 *    lower or upper part, a coalesced request per c). Where potri_split says so, by halves
 *    instead: the bottom lanes make M's lower left block, which whole rows make twice, and
 *    every lane makes 1.5 (G/2)^2 terms instead of G^2 / 2. In real double at G = 32 (LAUUM,
 *    POTRI and POTI; potri_mma, poti_in_tile) the warp makes M on the FP64 tensor cores from
 *    the tile instead.
 * The tile is always filled whole (zeros outside the triangle and outside n), so no
 * product reads stale shared memory. POTRI stops a matrix at the first exact zero on its
 * diagonal (a ballot over the group) and leaves it untouched; POTI stops at the first pivot
 * that is not positive (NaN included) and writes back what the factorization made so far
 * (the columns before it final, the rest the Schur complement so far), as LAPACK's POTRF.
 * As LAPACK's: LAUUM and POTI read the diagonal's real part only, POTRI the whole diagonal
 * (its TRTRI's), and all three write the diagonal real. */
#include "kblasf_cuda.h"
#include "trtri_block.cuh"
#include "chol_panels.cuh"

namespace kblasf {
namespace {

/* TRTRI_U: TRTRI with a unit diagonal. A compile-time choice: with diag a run-time flag the
 * branches around the diagonal's loads, reciprocal and store cost double complex TRTRI at
 * n = 32 more than half its time (H100: ZTRTRI 0.357 against 0.168 ms, CTRTRI 0.191
 * against 0.092, bench/results/H100-2026-11-26-bench_batch-trtri-unit.txt). */
enum Op { TRTRI, TRTRI_U, LAUUM, POTRI, POTI, POTRI_OK };
/* POTRI_OK: POTRI behind the batched POTRF's own kernel (POTI by two launches, poti_launches
 * below): matrix b is inverted only where POTRF left info[b] = 0, and info is not written. */
__host__ __device__ constexpr bool is_potri(Op op) { return op == POTRI || op == POTRI_OK; }

/* POTI in double at G = 32 without the FP64 tensor cores (with them: poti_panels): its Cholesky
 * column taken 8 entries at a time (chol_column's CH), so that it fits the same 4 blocks (128
 * registers, 40 bytes spilled): DPOTI 32 0.192 -> 0.151 ms (H100, bench/results/
 * H100-2026-11-26-bench_batch-poti-budget.txt). Single
 * precision gained nothing that way, single complex spills 460 bytes. */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool poti_tight()
{
    return OP == POTI && G == 32 && !Sc<T>::complex && sizeof(T) == 8;
}

/* The product W^H W by halves (potri_regs_kernel) at G >= 16, where a row's broadcasts are
 * 16-byte loads (not double complex at G = 32, whose row is 128 registers). H200, batch
 * 10240, three rounds against whole rows (bench/results/H200-2026-11-28-stop46-batch-
 * product-halves.txt): DLAUUM 16 / 32 0.0124 / 0.0487 -> 0.0114 / 0.0471 ms, DPOTRI 32
 * 0.091 -> 0.084, SPOTRI / CPOTRI 32 5% / 7% faster, DPOTI 16 / 32 4% / 6%, SPOTI 32 17%,
 * CPOTI 32 3%. Not single precision's LAUUM (SLAUUM / CLAUUM 32 5% slower: 58 -> 90 and 90 ->
 * 120 registers) nor POTRI at G = 16 (DPOTRI 16 6% slower). */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool potri_split()
{
    using R = typename Sc<T>::Real;
    return G >= 16 && !row_wide<T, G>() && !(OP == LAUUM && sizeof(R) == 4) &&
           !(is_potri(OP) && G == 16);
}

/* The product W^T W on the FP64 tensor cores (prod_mma below), where warp_dmma. H200, batch
 * 10240, three rounds against the product by halves (bench/results/H200-2026-11-28-stop47-
 * batch-product-dmma.txt): DLAUUM 32 0.0464-0.0466 -> 0.0388-0.0396 ms, DPOTRI 32 0.0819-0.0822 ->
 * 0.0683-0.0693. Not at G = 16, two matrices a warp: DLAUUM 16 took 0.0139-0.0147 ms against
 * 0.0113 (56 registers instead of 74: the whole batch in one wave, every warp waiting on its
 * loads at once; ncu: 7.6 of 23 cycles between a warp's instructions on global loads, against
 * 2.7 of 11), also with the blocks an SM held to 5-7 by padding shared memory. Not POTI:
 * 0.145-0.146 ms against 0.137-0.138 (an earlier form of the call, the matrix's address
 * passed through a shuffle, took 0.124; why the compiled code differs that much is not
 * known). */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool potri_mma()
{
    return warp_dmma<T, G>() && (OP == LAUUM || is_potri(OP));
}

/* The inversion by blocks with the FP64 tensor cores (invert_rows_mma), where warp_dmma
 * (TRTRI, POTRI, POTI). H200, batch 10240, three rounds against invert_rows (bench/results/
 * H200-2026-11-28-stop47-batch-inverse-dmma.txt): DTRTRI 32 0.0705-0.0710 -> 0.0629-0.0635 ms,
 * DPOTRI 32 0.0686-0.0694 -> 0.0644-0.0650, DPOTI 32 0.1375-0.1382 -> 0.1354-0.1357. */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool potri_inv_mma()
{
    return warp_dmma<T, G>() && OP != LAUUM;
}

/* POTRI where both run on the tensor cores: invert_rows_mma leaves X in the tile just as
 * prod_mma reads W, so the lanes neither read X back nor write it again (32 shared loads and
 * 32 stores a lane). H200, batch 10240, three rounds (bench/results/H200-2026-11-28-stop48-
 * final-suite-bench.txt): DPOTRI 32 0.0633-0.0637 -> 0.0609-0.0618 ms. */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool potri_in_tile()
{
    return potri_mma<T, G, OP>() && potri_inv_mma<T, G, OP>();
}

/* POTI by panels in the tile (poti_in_tile below) where the warp's DMMAs serve. */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool poti_panels()
{
    return warp_dmma<T, G>() && OP == POTI;
}

/* M = W^T W for the matrix whose tile S holds W (order n <= G, lower, by columns, zeros
 * outside the triangle and past n), its stored part written to Am: the whole warp, each lane
 * its share. W's columns in blocks of 8, F_c = W(:, 8c .. 8c+7), make M's 8 x 8 blocks
 * M_pq = F_p^T F_q (p <= q) by 4-row steps s, where F_q's rows 4s .. 4s+3 are not all zero
 * (s >= 2q). Lane l holds F_c's rows 4s .. 4s+3 as the DMMA's A and B fragments both take
 * them: element (4s + l%4, 8c + l/4). So M(8p + l/4, 8q + 2(l%4) + e) comes out in lane l;
 * lower stores it at (8q + 2(l%4) + e, 8p + l/4), two rows of a column. At G = 32 that is
 * 40 DMMAs and 20 fragment loads a matrix, for the 528 multiply-adds a lane of whole rows. */
template <int G, int LD>
__device__ __forceinline__ void prod_mma(const double *S, double *Am, int64_t lda, int n,
                                         bool lower, int lane)
{
    constexpr int NB = G / 8, NS = G / 4;
    const int t4 = lane & 3, g8 = lane >> 2;
    double f[NB][NS];
#pragma unroll
    for (int c = 0; c < NB; ++c)
#pragma unroll
        for (int s = 2 * c; s < NS; ++s)
            f[c][s] = S[4 * s + t4 + (8 * c + g8) * LD];
#pragma unroll
    for (int q = 0; q < NB; ++q) {
        if (8 * q >= n)
            break;
#pragma unroll
        for (int p = 0; p <= q; ++p) {
            double d[2] = {0.0, 0.0};
#pragma unroll
            for (int s = 2 * q; s < NS; ++s)
                dmma_884(d[0], d[1], f[p][s], f[q][s]);
            const int i = 8 * p + g8;
#pragma unroll
            for (int e = 0; e < 2; ++e) {
                const int j = 8 * q + 2 * t4 + e;
                if (j >= i && j < n)
                    Am[lower ? j + i * lda : i + j * lda] = d[e];
            }
        }
    }
}

/* POTI in real double at G = 32 (poti_panels; 16 < n <= 32, the warp one matrix), the whole
 * of it in the warp's tile S: the stored triangle of Am goes to the tile, chol_panels
 * (chol_panels.cuh, the batched POTRF's) factors it there by panels on the FP64 tensor cores,
 * the lanes take the scaled rows of L from it, invert_rows_mma leaves inv(L) in the tile and
 * prod_mma makes inv(A) = inv(L)^T inv(L) from it into the stored triangle. Against the Cholesky
 * on whole rows (the column 8 entries at a time, 40 bytes spilled) and the product by halves:
 * the factor never leaves the tile, and each phase is the one the batched POTRF and POTRI run
 * (128 registers, 8 bytes spilled, 4 blocks an SM). H200, batch 10240, three rounds against
 * them (bench/results/H200-2026-11-29-stop49-batch-poti.txt): DPOTI 32 0.1345-0.1352 ->
 * 0.0828-0.0836 ms (15% -> 24-25% of the bandwidth bound), where the batched POTRF's kernel
 * and POTRI's one after the other took 0.1201-0.1209. A failed pivot: what the batched POTRF
 * leaves. cb: 64 doubles (chol_panels' column buffers), nd and rsb 32 each, shared. */
template <int LD>
__device__ __forceinline__ void poti_in_tile(bool lower, int n, int r, double *Am, int64_t lda,
                                             double *S, double *cb, double *nd, double *rsb,
                                             void *info, int info_bytes, int64_t b)
{
    constexpr int G = 32;
    const bool live = r < n;
    auto stored = [&](int k) { return live && k < n && (lower ? k <= r : k >= r); };
    {   /* the stored triangle -> the tile (zeros elsewhere), all loads issued first */
        double v[G];
#pragma unroll
        for (int k = 0; k < G; ++k)
            v[k] = stored(k) ? ld_rw(Am + (r + k * lda)) : 0.0;
        tile_put_row<G, LD>(S, r, v);
    }
    __syncwarp();
    double myd = 1.0; /* the lane's pivot d_r; 1 from the first failed column on */
    const int jstop = chol_panels<LD>(S, lower, n, r, cb, nd, myd);
    const double s = sqrt_pos(myd), rs = rcp_pos(s);
    rsb[r] = rs; /* column r's scale */
    __syncwarp();
    if (jstop < n) { /* as the batched POTRF leaves it: the columns before jstop scaled, the
                      * rest the Schur complement so far */
#pragma unroll
        for (int c = 0; c < G; ++c)
            if (stored(c)) {
                const double v = S[r + c * LD];
                Am[r + c * lda] = r != c ? v * (lower ? rsb[c] : rs) : c < jstop ? s : v;
            }
        if (r == 0)
            set_info(info, info_bytes, b, jstop + 1);
        return;
    }
    if (r == 0)
        set_info(info, info_bytes, b, 0);
    double rk[G], a[G]; /* a := row r of L */
    bcast_load<G>(rsb, 0, rk);
#pragma unroll
    for (int k = 0; k < G; ++k)
        a[k] = !live || k > r ? 0.0 : k == r ? s : tile_l<LD>(S, lower, r, k) * rk[k];
    __syncwarp(); /* the tile's readers are done: the inversion writes it */
    invert_rows_mma<LD, false, false>(true, n, r, a, s, S, nd);
    prod_mma<G, LD>(S, Am, lda, n, lower, r);
}

/* Thread blocks an SM that the registers must allow. At G = 32 the compiler's own choice (up
 * to 162 registers in double) leaves 3 blocks, 12 warps an SM, and the warps wait on their
 * global loads (ncu: 7 of 12 cycles between a DTRTRI warp's instructions); 4 blocks (128
 * registers, no spills) took DTRTRI 32 from 0.093 to 0.077 ms and DPOTRI 32 from 0.114 to
 * 0.097 (H100). Not for POTI but in double (poti_tight above), nor double complex (a row is
 * 128 registers); at G = 16, 6 blocks were no faster. */
template <typename T, int G, Op OP> constexpr int potri_min_blocks()
{
    return G == 32 && sizeof(T) <= 8 && (OP != POTI || poti_tight<T, G, OP>()) ? 4 : 1;
}

/* One matrix per group of G lanes, WPB warps a block; n <= G. */
template <typename T, Op OP, int G, int WPB>
__global__ void __launch_bounds__(32 * WPB, (potri_min_blocks<T, G, OP>()))
potri_regs_kernel(bool lower, int n, T *const *Aarr, T *A, int64_t lda,
                  int64_t strideA, int64_t offA, void *info, int info_bytes, int64_t batch)
{
    using R = typename Sc<T>::Real;
    constexpr int E = bcast_len<T>(); /* elements a 16-byte broadcast */
    constexpr int LD = tile_ld<T, G>(); /* the tile's leading dimension */
    constexpr int NG = WPB * 32 / G;  /* groups (matrices) a block */
    constexpr bool CHOL = OP == POTI, INV = OP != LAUUM, PROD = OP != TRTRI && OP != TRTRI_U;
    constexpr bool unit = OP == TRTRI_U;
    constexpr bool WIDE = row_wide<T, G>();
    constexpr bool MMA = potri_mma<T, G, OP>();
    __shared__ __align__(16) T tiles[NG * G * LD];
    __shared__ __align__(16) T dvs[INV ? NG * G : E];       /* invert_rows' reciprocals */
    __shared__ __align__(16) T cols[CHOL ? NG * 2 * G : E]; /* POTI: column j, two by turns */
    __shared__ __align__(16) R rss[CHOL ? NG * G : 4];      /* POTI: 1 / L(r, r) */
    const int t = threadIdx.x, r = t % G, g = t / G;
    const unsigned m = group_mask<G>(t);
    const int64_t b = (int64_t)blockIdx.x * NG + g;
    if (b >= batch)
        return; /* the whole group: b is the same in its lanes */
    if constexpr (OP == POTRI_OK)
        if (get_info(info, info_bytes, b) != 0)
            return; /* POTRF failed: the matrix stays as it left it */
    T *const Am = mat(Aarr, A, strideA, b) + offA;
    T *const S = tiles + g * (G * LD); /* element (i, k) at S[i + k * LD] */
    if constexpr (poti_panels<T, G, OP>()) {
        poti_in_tile<LD>(lower, n, r, Am, lda, S, cols + g * (2 * G), dvs + g * G, rss + g * G,
                         info, info_bytes, b);
        return;
    }
    const bool live = r < n;
    auto stored = [&](int k) { return live && k < n && (lower ? k <= r : k >= r); };
    /* row r of the stored triangle (zero elsewhere); dg its diagonal element. LAUUM, POTI and
     * POTRI_OK (behind POTRF, which wrote it real) read the diagonal's real part, TRTRI with a
     * unit diagonal not at all */
    T a[G], dg = Sc<T>::one();
#pragma unroll
    for (int k = 0; k < G; ++k) {
        a[k] = Sc<T>::zero();
        if (stored(k)) {
            const T *p = Am + (r + k * lda);
            if (k != r)
                a[k] = ld_rw(p);
            else
                a[k] = dg = unit ? Sc<T>::one()
                           : OP == LAUUM || CHOL || OP == POTRI_OK ? Sc<T>::ld_rw_real(p)
                                                             : ld_rw(p);
        }
    }
    /* from here a holds row r of L for 'L' (and POTI), row r of U = conj(column r of L) for 'U'.
     * rows is set again below for POTI's 'U' rather than written as the constant lower || CHOL:
     * that form, though the same, compiled slower (H100: DPOTRI 16 / 32 7% / 3.5% slower;
     * bench/results/H100-2026-11-27-stop34-suite-and-three-trials.txt) */
    bool rows = lower;

    if constexpr (CHOL) {
        if (!lower) { /* row r of L = conj(column r of U): transpose through the tile */
            tile_put_row<G, LD>(S, r, a);
            __syncwarp(m);
            tile_get_col<G, LD>(S, r, a);
#pragma unroll
            for (int k = 0; k < G; ++k)
                a[k] = Sc<T>::conj(a[k]);
            rows = true;
        }
        /* right-looking on rows, the columns unscaled: A(r, k) -= A(r, j) conj(A(k, j)) / d_j */
        T *const colb = cols + g * (2 * G);
        R *const rsb = rss + g * G;
        int jstop = n; /* the first column not factored */
        R myd = R(1);  /* d_r once column r is reached */
#pragma unroll
        for (int j = 0; j < G; ++j) {
            if (j >= n)
                break;
            const R d = chol_column<chol_chunk<T, G>(poti_tight<T, G, OP>())>(
                j, r, m, a, colb + (j & 1) * G);
            if (!(d > R(0))) { /* <= 0 or NaN */
                jstop = j;
                break;
            }
            if (r == j)
                myd = d;
        }
        /* the scale: column k by 1/sqrt(d_k) (1 from jstop on, where the Schur complement so
         * far stays), the diagonal sqrt(d_r); above the diagonal zero */
        const R s = sqrt_pos(myd);
        rsb[r] = rcp_pos(s);
        __syncwarp(m);
        R rk[G];
        bcast_load<G>(rsb, 0, rk);
        dg = r < jstop ? Sc<T>::from_re(s) : Sc<T>::from_re(Sc<T>::re(dg));
#pragma unroll
        for (int k = 0; k < G; ++k) {
            if (k == r)
                a[k] = r < jstop ? dg : Sc<T>::from_re(Sc<T>::re(a[k]));
            else
                a[k] = k < r ? Sc<T>::mulr(a[k], rk[k]) : Sc<T>::zero();
        }
        if (jstop < n) { /* as the factorization left it; for 'U', U(r, k) = conj(L(k, r)):
                          * column r of L, through the tile */
            if (r == 0)
                set_info(info, info_bytes, b, jstop + 1);
            if (!lower) {
                tile_put_row<G, LD>(S, r, a); /* (the tile last read before the loop's syncs) */
                __syncwarp(m);
                tile_get_col<G, LD>(S, r, a);
#pragma unroll
                for (int k = 0; k < G; ++k)
                    a[k] = Sc<T>::conj(a[k]);
            }
#pragma unroll
            for (int k = 0; k < G; ++k)
                if (stored(k))
                    Am[r + k * lda] = a[k];
            return;
        }
    }
    if constexpr (OP == POTRI) { /* the first exact zero on the diagonal: left untouched */
        const unsigned z = (__ballot_sync(m, live && Sc<T>::is_zero(dg)) & m) >> (t % 32 / G * G);
        if (z) {
            if (r == 0)
                set_info(info, info_bytes, b, __ffs(z));
            return;
        }
    }
    if (PROD && INV && OP != POTRI_OK && r == 0)
        set_info(info, info_bytes, b, 0);

    if constexpr (INV) {
        /* X = inv(L): a := row r of the inverse, in the stored triangle (for POTI, of L) */
        if constexpr (potri_inv_mma<T, G, OP>())
            invert_rows_mma<LD, unit, !potri_in_tile<T, G, OP>()>(rows, n, r, a, dg, S,
                                                                   dvs + g * G);
        else
            invert_rows<T, G, LD, unit>(rows, n, r, m, a, dg, S, dvs + g * G);
        if constexpr (!PROD) {
#pragma unroll
            for (int k = 0; k < G; ++k)
                if (stored(k) && !(unit && k == r))
                    Am[r + k * lda] = a[k];
        } else {
            /* the product reads the real part of the inverse's diagonal, as LAPACK's LAUUM */
#pragma unroll
            for (int k = 0; k < G; ++k)
                a[k] = k == r ? Sc<T>::from_re(Sc<T>::re(a[k])) : a[k];
            __syncwarp(m); /* the inversion's readers of the tile are done */
        }
    }
    if constexpr (PROD) {
        /* W = L, or X: a holds row r of W (rows), or row r of W^H = conj(column r of W).
         * The tile := W by columns; v := column r of W (not needed by the tensor cores) */
        T v[G];
        if constexpr (!potri_in_tile<T, G, OP>()) { /* (else the tile holds X already) */
            if (rows) {
                tile_put_row<G, LD>(S, r, a);
                __syncwarp(m);
                if constexpr (!MMA)
                    tile_get_col<G, LD>(S, r, v);
            } else {
#pragma unroll
                for (int k = 0; k < G; ++k)
                    v[k] = Sc<T>::conj(a[k]);
                tile_put_col<G, LD>(S, r, v);
                __syncwarp(m);
            }
        }

        if constexpr (MMA) {
            prod_mma<G, LD>(S, Am, lda, n, lower, r); /* G = 32: the warp's one matrix */
        } else if constexpr (potri_split<T, G, OP>()) {
            /* M = W^H W by halves (H = G/2), W = [P 0; B C], P and C lower of order H:
             *   M11 = P^H P + B^H B,  M21 = C^H B,  M22 = C^H C.
             * At step c < H every lane makes a dot of H - c terms and one of H, with column c
             * of P (top lanes) or of C (bottom lanes) and column c of B, all broadcast:
             *   top lane r:      sa = sum_{l>=c} conj(P(l,r)) P(l,c),
             *                    sb = sum_l conj(B(l,r)) B(l,c):   M(r, c) = sa + sb
             *   bottom lane H+i: sa = sum_{l>=c} conj(C(l,i)) C(l,c),
             *                    sb = sum_l conj(C(l,i)) B(l,c):
             *                    M(H+i, H+c) = sa, M(H+i, c) = sb.
             * 1.5 H^2 terms a lane instead of the whole rows' G^2 / 2 (at G = 32, 392 against 528).
             * v[0..H) := the dot with P's or C's column: rows 0..H-1 of column r of W (top) or
             * rows H.. (bottom, whose rows above H are zeros); v[H..) is B's or C's part. */
            constexpr int H = G / 2;
            const bool top = r < H;
#pragma unroll
            for (int l = 0; l < H; ++l)
                v[l] = top ? v[l] : v[H + l];
            const T *const pc = top ? S : S + H + H * LD; /* P's or C's column 0 */
#pragma unroll
            for (int c = 0; c < H; ++c) {
                if (c >= n)
                    break;
                T ya[H], yb[H];
                bcast_load<H>(pc + c * LD, c, ya);
                bcast_load<H>(S + H + c * LD, 0, yb);
                /* each dot in two chains of multiply-adds: the warps wait on the chains'
                 * latencies (ncu, DLAUUM 16: 2.6 of 11 cycles between a warp's instructions).
                 * DLAUUM 16 / 32 and DPOTRI 32 2-3% faster; the same in the whole rows' dots
                 * below was 15-20% slower in CLAUUM and ZLAUUM 32 */
                T pa[2] = {Sc<T>::zero(), Sc<T>::zero()}, pb[2] = {Sc<T>::zero(), Sc<T>::zero()};
#pragma unroll
                for (int l = c; l < H; ++l)
                    pa[l & 1] = Sc<T>::fmac(v[l], ya[l], pa[l & 1]);
#pragma unroll
                for (int l = 0; l < H; ++l)
                    pb[l & 1] = Sc<T>::fmac(v[H + l], yb[l], pb[l & 1]);
                const T sa = Sc<T>::add(pa[0], pa[1]), sb = Sc<T>::add(pb[0], pb[1]);
                const int c1 = top ? c : H + c;
                const T m1 = top ? Sc<T>::add(sa, sb) : sa;
                if (stored(c1))
                    Am[r + c1 * lda] = c1 == r ? Sc<T>::from_re(Sc<T>::re(m1)) : m1;
                if (!top && live && c < n) { /* M(r, c), below the diagonal: for 'U' its
                                              * conjugate at (c, r) */
                    if (lower)
                        Am[r + c * lda] = sb;
                    else
                        Am[c + r * lda] = Sc<T>::conj(sb);
                }
            }
        } else {
            /* M = W^H W, row r: M(r, c) = sum over l >= c of conj(W(l, r)) W(l, c), column c of
             * W broadcast; its stored part (lower: c <= r, upper: c >= r) written as it is made,
             * the diagonal's real part */
#pragma unroll
            for (int c = 0; c < G; ++c) {
                if (c >= n)
                    break;
                T w[G];
                if constexpr (!WIDE)
                    bcast_load<G>(S + c * LD, c, w);
                T acc = Sc<T>::zero();
#pragma unroll
                for (int l = c; l < G; ++l) {
                    if constexpr (WIDE)
                        w[l] = S[l + c * LD];
                    acc = Sc<T>::fmac(v[l], w[l], acc);
                }
                if (stored(c))
                    Am[r + c * lda] = c == r ? Sc<T>::from_re(Sc<T>::re(acc)) : acc;
            }
        }
    }
}

/* POTI at G = 32 but in real double (poti_launches): the batched POTRF's own kernel, then
 * POTRI's on the matrices it factored (POTRI_OK), instead of one fused kernel. Fused, the
 * Cholesky on whole rows and the inverse share one register budget and the occupancy of the
 * worse of the two; apart, each runs at its own, and the factor's round trip stays mostly in
 * the L2. H200, batch 10240, three rounds against the fused kernel (bench/results/H200-2026-11-29-
 * stop49-batch-poti.txt): SPOTI 32 0.1220-0.1227 -> 0.0946-0.0955 ms, CPOTI 32 0.343-0.347 ->
 * 0.277-0.280, ZPOTI 32 0.558-0.569 -> 0.518-0.520. Real double keeps one kernel, by panels in
 * the tile (poti_panels: 0.0828-0.0836 ms, where two launches took 0.1201-0.1209). A host-side
 * choice: warp_dmma is false in the host pass. */
template <typename T> constexpr bool poti_launches()
{
    return Sc<T>::complex || sizeof(T) == 4;
}
/* the batched POTRF's kernel (batch_small.cu) for T, where poti_launches */
template <typename T> struct PotrfSmall;
template <> struct PotrfSmall<float> {
    static constexpr auto fn = kblasf_cuda_spotrf_batch_small;
};
template <> struct PotrfSmall<cuFloatComplex> {
    static constexpr auto fn = kblasf_cuda_cpotrf_batch_small;
};
template <> struct PotrfSmall<cuDoubleComplex> {
    static constexpr auto fn = kblasf_cuda_zpotrf_batch_small;
};

/* The launch for order n: the smallest group of 8, 16 or 32 lanes that holds n. */
template <typename T, Op OP, int G>
cudaError_t launch_group(cudaStream_t stream, bool lower, int n, T *const *Aarr, T *A,
                         int64_t lda, int64_t strideA, int64_t offA, void *info, int info_bytes,
                         int64_t batch)
{
    constexpr int WPB = tile_warps<T, G, tile_ld<T, G>()>(), NG = WPB * 32 / G;
    return launch(potri_regs_kernel<T, OP, G, WPB>, dim3((unsigned)((batch + NG - 1) / NG)),
                  dim3(32 * WPB), stream, false, lower, n, Aarr, A, lda, strideA, offA,
                  info, info_bytes, batch);
}

template <typename T, Op OP>
cudaError_t launch_potri(cudaStream_t stream, bool lower, int n, T *const *Aarr,
                         T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,
                         int info_bytes, int64_t batch)
{
    if constexpr (OP == POTI && poti_launches<T>())
        if (n > 16) {
            const cudaError_t e = PotrfSmall<T>::fn(stream, lower ? 'L' : 'U', n, Aarr, A, lda,
                                                    strideA, offA, info, info_bytes, 0, batch);
            if (e != cudaSuccess)
                return e;
            return launch_group<T, POTRI_OK, 32>(stream, lower, n, Aarr, A, lda, strideA, offA,
                                                 info, info_bytes, batch);
        }
    if (n <= 8)
        return launch_group<T, OP, 8>(stream, lower, n, Aarr, A, lda, strideA, offA, info,
                                      info_bytes, batch);
    if (n <= 16)
        return launch_group<T, OP, 16>(stream, lower, n, Aarr, A, lda, strideA, offA, info,
                                       info_bytes, batch);
    return launch_group<T, OP, 32>(stream, lower, n, Aarr, A, lda, strideA, offA, info,
                                   info_bytes, batch);
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
        return unit ? launch_potri<T, TRTRI_U>(stream, lower, (int)n, Aarr, A, lda, strideA,
                                               offA, info, info_bytes, batch)
                    : launch_potri<T, TRTRI>(stream, lower, (int)n, Aarr, A, lda, strideA,
                                             offA, info, info_bytes, batch);
    case LAUUM:
        return launch_potri<T, LAUUM>(stream, lower, (int)n, Aarr, A, lda, strideA, offA, info,
                                      info_bytes, batch);
    case POTRI:
        return launch_potri<T, POTRI>(stream, lower, (int)n, Aarr, A, lda, strideA, offA, info,
                                      info_bytes, batch);
    default:
        return launch_potri<T, POTI>(stream, lower, (int)n, Aarr, A, lda, strideA, offA, info,
                                     info_bytes, batch);
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
