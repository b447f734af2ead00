/* batch_small.cu — batched Cholesky POTRF, POTRS and POSV for uniform n <= 32: thousands of
 * small matrices, each held in the registers of one thread group of a warp (the design of
 * the KBLAS batched-triangular paper, shared/papers/002_*.txt §6.2).
 *
 * Groups. A group of G = 8, 16 or 32 lanes (the smallest of them >= n; a template
 * parameter, n <= G at run time) holds one matrix; a warp holds 32/G matrices and a thread
 * block 4 warps (2 in double complex at G = 32, to keep the tiles below within 48 KB).
 * Lanes talk only to their own group: __shfl_sync with width G and the group's mask, so a
 * group may stop (its matrix failed, or the batch ran out) while the others go on. One
 * matrix per group and launch (a launch per 2^31 - 1 blocks): in a grid-stride loop the
 * compiler hoists every lane-only address and predicate out of the loop into registers.
 *
 * Registers: lane r holds row r of the matrix, x[k] = A(r, k) (loops fully unrolled over G,
 * static register indices; rows and columns >= n zero, masked, never stored; uplo 'U',
 * A = U^H U, is factored as L = U^H: the lane takes column r of U from the tile,
 * conjugated, and stores it back the same way). Row rather
 * than column: the right-looking update of row r by column j needs A(r, j), which the lane
 * has at the static index j, and the column's other entries A(k, j), which lane k has at
 * the same static index j: no dynamic register index. They travel through shared memory:
 * each lane stores its A(r, j) into the group's column buffer and every lane reads the
 * column back by 16-byte broadcasts (the whole group reading the same address), two
 * doubles an instruction where a shuffle moves 32 bits (double: a quarter of the
 * instructions; DPOTRF n = 32 went from 0.122 to 0.107 ms with this alone, H100). For POTRS and
 * POSV the lane also holds the other triangle, x[k] = conj(A(k, r)) for k > r: it rides
 * along at no extra instruction (the unrolled update covers every k > j anyway) and leaves
 * lane r with row r of L (what the forward substitution wants) and row r of L^H (what the
 * backward one wants), so neither needs a transpose.
 *
 * POTRF, right-looking (left-looking gathers row j of L from lane j with as many shuffles,
 * but then lane r needs L(j, k) at k = r, a dynamic register index). At column j the pivot
 * d = A(j, j) and the entries A(k, j), k > j, are read from the column buffer (two buffers
 * used by turns, so one __syncwarp a column orders a store after the reads of two columns
 * before; the loads are issued before the pivot's test so that they overlap it, but in
 * double complex at G = 32, where they would need 124 registers more), 1/d by the hardware
 * approximation and Newton steps (no division on the critical chain), then every lane
 * r > j updates its row, A(r, k) -= A(r, j) conj(A(k, j)) / d for all k > j. Column j is
 * then final but for its scale, and goes to the tile at once (POTRF through the tile, and
 * POSV in double complex at G = 32): the compiler can reuse its registers for the rest of
 * the loop. The scale, sqrt(d_j) and its reciprocal, once per column at the end; column
 * c's 1/sqrt(d_c) reaches the other lanes through a shared buffer, and is applied where
 * the factor is written out, or, where the solve uses x, to x (the other triangle of row r
 * by the lane's own 1/sqrt(d_r)). sqrt and 1/x
 * go through the hardware approximations too (sqrt_pos, rcp_pos, with out-of-range values
 * scaled by powers of two): the IEEE routines' slow path is a call, and ptxas saves
 * registers around a call. A pivot <= 0 or NaN stops the group: info = j + 1 (with ioff > 0,
 * as a trailing leaf of the batched POTRF's recursion: report_info), the columns
 * before j final, the rest the Schur complement so far, and that is written back.
 *
 * POTRF and POSV in real double at G = 32 go by panels instead (chol_panels.cuh): the matrix
 * stays in the tile, a lane holds 8 entries of its row, not 32, and the trailing matrix takes
 * each panel's update on the FP64 tensor cores; POSV's solve then reads the factor from the
 * tile.
 *
 * POTRS, POSV: forward then backward substitution with the factor in registers; lane r
 * holds row r of NR right-hand-side columns at once (NR = 1 for nrhs = 1, else 4, 2 in
 * double complex), each row of both systems scaled by 1/L(r, r) beforehand, so a step is one
 * shuffle of the solved element y_j from lane j and one multiply-add per column in the
 * lanes below (above, for L^H). A group walks its right-hand sides NR columns at a time.
 * POTRS: a 2D grid, blockIdx.y over chunks of G columns (grid-stride past 65535 chunks),
 * each chunk re-reading A (its triangle is at most a quarter of the chunk's B traffic).
 * POSV: POTRF and POTRS in one kernel; one group takes all of its matrix's right-hand
 * sides, because A is overwritten in place and a second block reading A could see the
 * factor half written; B is left untouched where info > 0.
 * In double complex at G = 32 the row alone is 128 registers and ptxas spills if it stays
 * live through the solve, so there POSV's solve reads L from the tile (it is there anyway,
 * on its way to A): the factor still never leaves the multiprocessor.
 *
 * Loads and stores: POTRF of a lower triangle reads row r of A straight into x and writes
 * it back from x (for each k the group's lanes touch a contiguous run of column k: coalesced,
 * and no tile; DPOTRF n = 32 0.107 -> 0.080 ms, a quarter of the kernel's instructions were
 * the tile's stores, loads and predicates). Not in complex at G = 32, where x live to the
 * end costs a block an SM (176 registers, CPOTRF 0.139 against 0.123 ms). Everything else
 * goes through shared memory (a G x (G+1) tile per group; the paper's way of avoiding
 * non-coalesced reads of transposed data). The group reads the stored
 * triangle a column at a time, lane r taking row r, so each request is a contiguous run of
 * a column in either triangle; then lane r takes row r from the tile, for the other
 * triangle by column (the G+1 padding makes rows and columns conflict-free for 4-, 8- and
 * 16-byte elements). Direct loads would be coalesced for one triangle only (lower: row r
 * of L down a column; upper: column r of U, a lane per column). Stores go back the same
 * way. B needs no staging: lane r holds row r, so a column of B is one contiguous request.
 * Only the stored triangle (complex diagonal: its real part) and the n x nrhs block of B are
 * read; nothing else is written.
 *
 * Expected bytes (H100, batch 10240, double, lda = n): POTRF n = 8 moves the 32-byte
 * sectors that hold the triangle, about 14 of a column-major 8 x 8 matrix's 16, read and
 * written: 2 x 448 B x 10240 = 9.2 MB, 3 us at 3 TB/s, plus launch: the ~6 us goal. n = 32:
 * 2 x ~4.4 KB x 10240 = 90 MB, 30 us. POTRS nrhs = 1 adds 2n elements and does not write A:
 * n = 8 5.9 MB, n = 32 48 MB. Every sector is fetched once (a group's column requests are
 * contiguous), so the bound is reachable if the instructions keep up. They do not, quite:
 * ncu on DPOTRF n = 32 (H100) counts about 2900 warp instructions a matrix (3800 through
 * the tile, about 5500 with shuffles), 12 warps an SM at 154 registers and an instruction
 * every 6.8 cycles a warp: 36% of the bound.
 *
 * ptxas (-Xptxas -v, sm_90): no spills, no stack; registers by G = 8 / 16 / 32, over
 * POTRF, POTRS and POSV and both NR: s 34-55 / 42-64 / 52-87, d 44-78 / 60-94 / 90-128,
 * c 43-71 / 59-96 / 86-161, z 65-94 / 96-174 / 158-206 (double POTRF and POSV at G
 * = 32 by panels: 96, POSV with 4 right-hand sides at once 128). __launch_bounds__(threads,
 * 1): without the minimum of one block ptxas spills a few words to stay at a lower count;
 * but single complex POTRF at G = 32, held to 4 blocks an SM with its column taken 8
 * entries at a time (112 registers, chol_tight below). */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include "chol_panels.cuh"

namespace kblasf {
namespace {

enum class Op { potrf, potrs, posv };

/* shuffle within a group of G lanes (mask m: the group's lanes) from its lane src */
template <int G, typename T> __device__ __forceinline__ T gshfl(unsigned m, T v, int src)
{
    if constexpr (Sc<T>::complex) {
        v.x = __shfl_sync(m, v.x, src, G);
        v.y = __shfl_sync(m, v.y, src, G);
        return v;
    } else {
        return __shfl_sync(m, v, src, G);
    }
}

/* x, unknown to the compiler (not hoisted out of a loop) */
__device__ __forceinline__ int opaque(int x)
{
#if defined(__CUDA_ARCH__)
    int y;
    asm volatile("mov.b32 %0, %1;" : "=r"(y) : "r"(x));
    return y;
#else
    return x;
#endif
}

/* right-hand-side columns a lane holds at once beyond nrhs = 1 */
template <typename T> constexpr int nr_max() { return sizeof(T) == 16 ? 2 : 4; }

/* Single complex POTRF at G = 32 (through the tile): the column by 8 entries and 4 thread
 * blocks an SM (at most 128 registers; its own choice is 3 blocks, the whole column held
 * ahead). H100, batch 10240: CPOTRF 32 0.124 -> 0.104 ms, 128 (its leaves) 2.36 -> 2.27.
 * The same in double (direct, x live to the end) spills and is slower (DPOTRF 32 0.081 ->
 * 0.089 ms; 0.103 with 4 blocks and the whole column). bench/results/
 * H100-2026-11-26-bench_batch-chol-budget.txt */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool chol_tight()
{
    return G == 32 && OP == Op::potrf && Sc<T>::complex && sizeof(T) == 8;
}
/* POTRF in real double at G = 32 by panels of 8 columns, the trailing update on the FP64
 * tensor cores (chol_panels below): 96 registers instead of 158, 5 blocks an SM instead of 3.
 * H200, batch 10240, five rounds against whole rows (bench/results/H200-2026-11-28-stop48-
 * batch-potrf-panels.txt, ...-stop48-final-suite-bench.txt): DPOTRF 32 0.0773-0.0793 ->
 * 0.0621-0.0626 ms, 128 (its leaves) 1.376-1.380 -> 1.312-1.316. Held to 6 blocks an SM (80
 * registers) it took 0.0655-0.0660 ms; uplo as a template parameter (constant tile offsets,
 * ...-stop48-potrf-panels-sass-uplo-trial.txt) was 1% faster at 32 and 1% slower at 128.
 * POSV the same way, its solve reading the scaled factor from the tile (as double complex's
 * POSV at G = 32 does), three rounds against whole rows and the solve from x (bench/results/
 * H200-2026-11-29-stop49-batch-posv-suite.txt): DPOSV 32 nrhs 1 0.1117-0.1122 -> 0.0814-0.0822
 * ms (20% -> 27% of the bandwidth bound, 4.2x -> 5.7x cuSOLVER's POTRF and POTRS). */
template <typename T, int G, Op OP> __host__ __device__ constexpr bool chol_dmma()
{
    return warp_dmma<T, G>() && (OP == Op::potrf || OP == Op::posv);
}

template <typename T, int G, Op OP> constexpr int chol_min_blocks()
{
    return chol_tight<T, G, OP>() ? 4 : 1;
}

template <typename T, int G, int WPB, int NR, Op OP>
__global__ void __launch_bounds__(32 * WPB, (chol_min_blocks<T, G, OP>()))
chol_small_kernel(bool lower, int n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda,
                  int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                  int64_t strideB,
                  void *info, int info_bytes, int64_t ioff, int64_t b0,
                  int64_t batch)
{
    using R = typename Sc<T>::Real;
    constexpr int LD = G + 1;        /* the tile's leading dimension */
    constexpr int NG = WPB * 32 / G; /* groups (matrices) per block */
    /* x alone takes G sizeof(T) / 4 registers: 128 in double complex at G = 32. There the
     * column's shuffles are not issued ahead of the pivot's test, and POSV's solve reads
     * the factor from the tile (with x live through the solve as well, ptxas spills). */
    constexpr bool WIDE = row_wide<T, G>();
    constexpr bool XSOLVE = /* solve from x; else from the tile */
        OP == Op::potrs || (OP == Op::posv && !WIDE && !chol_dmma<T, G, OP>());
    constexpr int CCH = chol_chunk<T, G>(chol_tight<T, G, OP>()); /* chol_column's CH */
    __shared__ T tiles[NG * G * LD];
    /* a group's broadcast buffers: two for the columns (used by turns, so that one
     * __syncwarp a column orders them) and one for the 1/sqrt(d) of the rows; the groups of a
     * warp start 4G bytes apart modulo 128, so that their 16-byte loads (one address a group)
     * fall on different banks */
    constexpr int CB = (2 * G * sizeof(T) + G * sizeof(R) + 127) / 128 * 128 + 4 * G;
    __shared__ uint4 bufs[NG * CB / 16];
    const int t = threadIdx.x, r = t % G;
    const unsigned m = group_mask<G>(t);
    /* S(i, k) = S[i + k*LD]: the stored triangle (and zeros in the rest of each lane's row) */
    T *S = tiles + t / G * (G * LD);
    T *const colb = reinterpret_cast<T *>(bufs + t / G * (CB / 16)); /* [2][G] */
    R *const rsb = reinterpret_cast<R *>(colb + 2 * G);                /* [G] */
    /* Is A(r, c) in the stored triangle, and (inr) is column k in range for lane r? Through
     * [slo, shi], the stored columns of the lane's row (none for rows >= n), a column with a
     * static index takes two comparisons, not the triangle's test and the order's, and the
     * staging's loads become predicated instead of branches (DPOTRS n = 32 0.0360 -> 0.0316
     * ms, H100, batch 10240). Not where the registers are at their cap (WIDE, chol_tight):
     * there ptxas then spends registers on loads ahead (ZPOTRF 32 202 -> 254 registers) and
     * ZPOTRF / CPOTRF 32 took 0.194 / 0.111 ms against 0.177 / 0.100 ms.
     * bench/results/H100-2026-11-28-stop41-batch-potrs-prescaled.txt */
    constexpr bool ranged = !(WIDE || chol_tight<T, G, OP>());
    const int slo = lower ? 0 : r, shi = r >= n ? -1 : lower ? r : n - 1, nr = r < n ? n : 0;
    auto mine = [&](int c) {
        return ranged ? c >= slo && c <= shi : c < n && r < n && (lower ? r >= c : r <= c);
    };
    auto inr = [&](int k) { return ranged ? k < nr : r < n && k < n; };
    auto Lt = [&](int i, int k) { /* L(i, k), i >= k, from the tile */
        return lower ? S[i + k * LD] : Sc<T>::conj(S[k + i * LD]);
    };

    /* one matrix per group and launch: a grid-stride loop would let the compiler hoist
     * every address and predicate that depends on the lane only out of it, into registers */
    const int64_t b = b0 + (int64_t)blockIdx.x * NG + t / G;
    if (b >= batch)
        return; /* the whole group: b is the same in its lanes */
    T *Am = mat(Aarr, A, strideA, b) + offA;

    /* POTRF of a lower triangle works on A itself: lane r's row is a column's contiguous run
     * across the group for each k, and nothing needs the other triangle. Not in complex at
     * G = 32, where x stays live to the end: 176 registers, 2 blocks an SM instead of 3
     * (CPOTRF n = 32 0.139 against 0.123 ms through the tile; ZPOTRF spilled) */
    constexpr bool DM = chol_dmma<T, G, OP>(); /* by panels through the tile */
    const bool direct = OP == Op::potrf && lower && !(Sc<T>::complex && G == 32) && !DM;
    T x[G]; /* row r of the Hermitian matrix (only its lower part where the solve does not
             * use x) */
    if (direct) {
#pragma unroll
        for (int k = 0; k < G; ++k) {
            x[k] = Sc<T>::zero();
            const T *p = Am + (r + k * lda);
            if (mine(k)) /* k <= r < n: lower */
                x[k] = Sc<T>::complex && r == k ? Sc<T>::ld_rw_real(p) : ld_rw(p);
        }
    } else {
        /* the stored triangle -> S, a column at a time across the group (contiguous), LDU
         * columns' loads issued before the first store waits on one: a warp issues in order,
         * and a store right behind its load paid a memory latency per column. At G = 32 (and 16) in
         * double and double complex all G are issued at once (one memory latency instead of
         * four; no spills, registers the same in double). H100, batch 10240, three rounds
         * against 8 at a time (stop 40): DPOTRS n = 32 nrhs 1 0.0426 against 0.0470 ms (L)
         * and 0.0427 against 0.0459 (U), n = 24 0.0330 against 0.0353, nrhs 4 0.0663 against
         * 0.0730; DPOSV 32 nrhs 1 0.126 / 0.123 against 0.138 / 0.133 ms (L / U); DPOTRF 32
         * 'U' 0.104 against 0.113; ZPOTRS 32 nrhs 1 / 2 0.1034 / 0.1404 against 0.1077 /
         * 0.1461, ZPOTRF 32 0.183 / 0.197 against 0.192 / 0.205 (L / U). Not ZPOSV (0.360
         * against 0.356 ms), nor single and single complex (POTRS: 77 registers instead of
         * 52 in float, SPOTRS 32 0.0307 against 0.0292 ms, CPOTRS 0.0674 against 0.0622),
         * and at G = 16 only since the staging's loads are predicated (stop 41; before, DPOTRS
         * 16 0.0155 against 0.0143): DPOTRS 16 0.0130-0.0135 against 0.0142-0.0146 ms, ZPOTRF
         * 16 'U' 0.0495 against 0.0505, the others within 2%. */
        constexpr bool all_cols =
            G >= 16 && sizeof(R) == 8 && !(Sc<T>::complex && OP == Op::posv);
        constexpr int LDU = all_cols ? G : G < 8 ? G : 8;
#pragma unroll
        for (int c0 = 0; c0 < G; c0 += LDU) {
            if (c0 >= n)
                break;
            T v[LDU];
#pragma unroll
            for (int u = 0; u < LDU; ++u) {
                const int c = c0 + u;
                const T *p = Am + (r + c * lda);
                const bool re = Sc<T>::complex && r == c; /* the diagonal's real part */
                v[u] = Sc<T>::zero();
                if (mine(c)) {
                    if constexpr (OP == Op::potrs) /* A only read: the read-only path */
                        v[u] = re ? Sc<T>::ld_real(p) : Sc<T>::ld(p);
                    else
                        v[u] = re ? Sc<T>::ld_rw_real(p) : ld_rw(p);
                }
            }
            /* the lane's whole row, zero outside its stored columns: no predicate to keep
             * per column (with one, ptxas moved stores up behind their loads) */
#pragma unroll
            for (int u = 0; u < LDU; ++u)
                S[r + (c0 + u) * LD] = v[u];
        }
        __syncwarp(m);
        if constexpr (!DM) {
#pragma unroll
            for (int k = 0; k < G; ++k) {
                x[k] = Sc<T>::zero();
                if (inr(k) && (XSOLVE || k <= r))
                    x[k] = mine(k) ? S[r + k * LD] : Sc<T>::conj(S[k + r * LD]);
            }
        }
    }

    int jstop = n; /* the first column not factored */
    R rs = R(1);   /* 1/L(r, r) once column r is factored */
    if constexpr (OP != Op::potrs) {
        /* element (r, k <= r) of L into the tile, in the stored triangle's place */
        auto put = [&](int k, T v) {
            if (lower)
                S[r + k * LD] = v;
            else
                S[k + r * LD] = Sc<T>::conj(v);
        };
        R myd = R(1); /* the pivot of column r once it is reached */
        if constexpr (DM) {
            jstop = chol_panels<LD>(S, lower, n, r, colb, rsb, myd);
        } else {
#pragma unroll
            for (int j = 0; j < G; ++j) {
                if (j >= n)
                    break;
                /* column j through shared memory (batch_common.cuh): each lane puts its A(r, j),
                 * every lane reads the pivot and the entries below it by 16-byte broadcasts, a
                 * quarter of the instructions (in double) that shuffles took; the loads issued
                 * before the pivot's test so that they overlap it (but where chol_chunk says
                 * otherwise) */
                const R d = chol_column<CCH>(j, r, m, x, colb + (j & 1) * G);
                if (!(d > R(0))) { /* <= 0 or NaN */
                    jstop = j;
                    break;
                }
                if (r == j)
                    myd = d;
                /* column j is final but for its scale: to the tile, so that x[j] is free
                 * from here on (where the solve does not need x and A is not written from x) */
                if constexpr (!XSOLVE)
                    if (!direct && r >= j && r < n)
                        put(j, r == j ? Sc<T>::from_re(d) : x[j]);
            }
        }
        const R s = sqrt_pos(myd); /* the lane's diagonal sqrt(d_r) and its reciprocal */
        rs = rcp_pos(s);
        rsb[r] = rs; /* for the other lanes: column r's scale */
        __syncwarp(m);
        if constexpr (XSOLVE) {
            /* x scaled: column k by 1/sqrt(d_k) from lane k, the diagonal := sqrt(d), the
             * other triangle by the lane's own 1/sqrt(d_r); its lower part to the tile */
            R rk[G];
            bcast_load<G>(rsb, 0, rk);
#pragma unroll
            for (int k = 0; k < G; ++k) {
                if (k >= jstop)
                    break;
                x[k] = r > k ? Sc<T>::mulr(x[k], rk[k]) : r == k ? Sc<T>::from_re(s) : x[k];
            }
#pragma unroll
            for (int k = 0; k < G; ++k)
                x[k] = k > r ? Sc<T>::mulr(x[k], rs) : x[k];
            __syncwarp(m);
#pragma unroll
            for (int k = 0; k < G; ++k) {
                if (k >= n)
                    break;
                if (r < n && k <= r)
                    put(k, k == r ? Sc<T>::from_re(Sc<T>::re(x[k])) : x[k]);
            }
        } else if (!DM && !direct && jstop < n) {
            /* failed: the columns from jstop on hold the Schur complement so far */
#pragma unroll
            for (int k = 0; k < G; ++k) {
                if (k >= n)
                    break;
                if (k >= jstop && k <= r && r < n)
                    put(k, k == r ? Sc<T>::from_re(Sc<T>::re(x[k])) : x[k]);
            }
        }
        if (direct) {
            /* row r of L from x straight to A, column k scaled by lane k's 1/sqrt(d_k) (1
             * from jstop on: those columns keep the Schur complement so far) */
            R rk[G];
            bcast_load<G>(rsb, 0, rk);
#pragma unroll
            for (int k = 0; k < G; ++k) {
                if (k >= n)
                    break;
                if (mine(k))
                    Am[r + k * lda] = r != k      ? Sc<T>::mulr(x[k], rk[k])
                                      : k < jstop ? Sc<T>::from_re(s)
                                                  : Sc<T>::from_re(Sc<T>::re(x[k]));
            }
        } else {
            /* the tile -> the stored triangle, a column at a time; where the tile holds the
             * unscaled columns, L(r, c) is scaled by column c's 1/sqrt(d_c) on the way (for
             * 'U', U(r, c) = conj(L(c, r)) by the lane's own), and the scaled factor goes
             * back to the tile for the solve */
            __syncwarp(m);
#pragma unroll
            for (int c = 0; c < G; ++c) {
                if (c >= n)
                    break;
                R sc = R(1);
                if constexpr (!XSOLVE)
                    sc = lower ? rsb[c] : rs; /* 1 past jstop */
                if (mine(c)) {
                    T v = S[r + c * LD];
                    if constexpr (!XSOLVE) {
                        v = r != c ? Sc<T>::mulr(v, sc) : c < jstop ? Sc<T>::from_re(s) : v;
                        if constexpr (OP == Op::posv)
                            S[r + c * LD] = v;
                    }
                    Am[r + c * lda] = v;
                }
            }
        }
        if (r == 0)
            report_info(info, info_bytes, b, jstop < n ? jstop + 1 : 0, ioff);
    }

    if constexpr (OP != Op::potrf) {
        if (jstop < n || nrhs == 0) /* POSV: B untouched (and Barr not read) */
            return;
        R invd = rs; /* 1/L(r, r) */
        if constexpr (!XSOLVE)
            __syncwarp(m); /* the scaled factor in the tile */
        if constexpr (OP == Op::potrs)
            invd = r < n ? rcp_pos(Sc<T>::re(S[r + r * LD])) : R(1);
        /* Row r of both triangular systems is scaled by 1/L(r, r) up front (its coefficients
         * here, its right-hand side below), so that lane j holds y_j (x_j) as soon as step j
         * is reached: a step is a shuffle and a multiply-add, with no multiply on the chain
         * between them. H100, batch 10240, against the scale taken at each step (stop 41):
         * DPOTRS n = 32 nrhs 1 0.0358 against 0.0388 ms, n = 16 0.0148 against 0.0150, CPOTRS
         * / ZPOTRS 32 0.0432 / 0.0733 against 0.0581 / 0.0999 (nrhs 4: 0.077 / 0.122 against
         * 0.142 / 0.219); DPOSV 32 0.120 against 0.125. bench/results/
         * H100-2026-11-28-stop41-batch-potrs-prescaled.txt */
        if constexpr (XSOLVE) {
#pragma unroll
            for (int k = 0; k < G; ++k)
                x[k] = Sc<T>::mulr(x[k], invd); /* the diagonal is not used */
        }
        auto fwd = [&](int j) { /* row r's coefficient of y_j, r > j */
            if constexpr (XSOLVE)
                return x[j];
            else
                return Sc<T>::mulr(Lt(r, j), invd);
        };
        auto bwd = [&](int j) { /* row r's coefficient of x_j, r < j */
            if constexpr (XSOLVE)
                return x[j];
            else
                return Sc<T>::mulr(Sc<T>::conj(Lt(j, r)), invd);
        };
        T *Bm = mat(Barr, B, strideB, b);
        /* POTRS: chunks of G right-hand sides over blockIdx.y; POSV: one chunk of all */
        const int64_t chunk = OP == Op::potrs ? G : nrhs;
        const int64_t nchunks = OP == Op::potrs ? (nrhs + G - 1) / G : 1;
        for (int64_t ch = blockIdx.y; ch < nchunks; ch += gridDim.y) {
            const int64_t c1 = nrhs - ch * chunk < chunk ? nrhs : (ch + 1) * chunk;
            for (int64_t c0 = ch * chunk; c0 < c1; c0 += NR) {
                /* the lane's row, made opaque so that the compiler does not hoist the 2G
                 * comparisons with it below out of the loop into registers */
                const int r = opaque(t % G);
                T v[NR];
#pragma unroll
                for (int q = 0; q < NR; ++q) {
                    v[q] = Sc<T>::zero();
                    if (r < n && c0 + q < c1)
                        v[q] = Sc<T>::mulr(ld_rw(Bm + (r + (c0 + q) * ldb)), invd);
                }
                /* L y = b: y_j from lane j, then the rows below subtract L(r, j) y_j. From x
                 * (XSOLVE) all G steps: past n, v and the coefficients are zero and a step
                 * changes nothing, so no test of n stands between the steps (the tile's
                 * columns past n are not written: there the test stays) */
#pragma unroll
                for (int j = 0; j < G; ++j) {
                    if (!XSOLVE && j >= n)
                        break;
                    T y[NR];
#pragma unroll
                    for (int q = 0; q < NR; ++q)
                        y[q] = gshfl<G>(m, v[q], j);
                    const T l = fwd(j);
#pragma unroll
                    for (int q = 0; q < NR; ++q)
                        v[q] = r > j ? fnma(l, y[q], v[q]) : v[q];
                }
                /* L^H x = y: x_j from lane j, then the rows above subtract conj(L(j, r)) x_j */
#pragma unroll
                for (int q = 0; q < NR; ++q)
                    v[q] = Sc<T>::mulr(v[q], invd);
#pragma unroll
                for (int j = G - 1; j >= 0; --j) {
                    if (!XSOLVE && j >= n)
                        continue;
                    T y[NR];
#pragma unroll
                    for (int q = 0; q < NR; ++q)
                        y[q] = gshfl<G>(m, v[q], j);
                    const T l = bwd(j);
#pragma unroll
                    for (int q = 0; q < NR; ++q)
                        v[q] = r < j ? fnma(l, y[q], v[q]) : v[q];
                }
#pragma unroll
                for (int q = 0; q < NR; ++q)
                    if (r < n && c0 + q < c1)
                        Bm[r + (c0 + q) * ldb] = v[q];
            }
        }
    }
}

template <typename T, int G, int NR, Op OP>
cudaError_t small_launch(cudaStream_t s, bool lower, int n, int64_t nrhs, T *const *Aarr, T *A,
                         int64_t lda, int64_t strideA, int64_t offA, T *const *Barr, T *B,
                         int64_t ldb, int64_t strideB, void *info, int info_bytes, int64_t ioff,
                         int64_t batch)
{
    constexpr int WPB = tile_warps<T, G, G + 1>(), NG = WPB * 32 / G;
    constexpr int64_t maxgx = ((int64_t)1 << 31) - 1;
    int64_t gy = OP == Op::potrs ? (nrhs + G - 1) / G : 1;
    if (gy > 65535) /* grid-stride beyond */
        gy = 65535;
    /* a launch per 2^31 - 1 blocks of the batch (one matrix per group) */
    for (int64_t b0 = 0; b0 < batch; b0 += maxgx * NG) {
        const int64_t left = (batch - b0 + NG - 1) / NG, gx = left < maxgx ? left : maxgx;
        const cudaError_t e = launch(chol_small_kernel<T, G, WPB, NR, OP>,
                                     dim3((unsigned)gx, (unsigned)gy), dim3(32 * WPB), s, false,
                                     lower, n, nrhs, Aarr, A, lda, strideA, offA, Barr, B, ldb,
                                     strideB, info, info_bytes, ioff, b0, batch);
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

template <typename T, int G, Op OP>
cudaError_t small_nr(cudaStream_t s, bool lower, int n, int64_t nrhs, T *const *Aarr, T *A,
                     int64_t lda, int64_t strideA, int64_t offA, T *const *Barr, T *B,
                     int64_t ldb, int64_t strideB, void *info, int info_bytes, int64_t ioff,
                     int64_t batch)
{
    if (OP == Op::potrf || nrhs <= 1)
        return small_launch<T, G, 1, OP>(s, lower, n, nrhs, Aarr, A, lda, strideA, offA, Barr,
                                         B, ldb, strideB, info, info_bytes, ioff, batch);
    return small_launch<T, G, OP == Op::potrf ? 1 : nr_max<T>(), OP>(
        s, lower, n, nrhs, Aarr, A, lda, strideA, offA, Barr, B, ldb, strideB, info, info_bytes,
        ioff, batch);
}

template <typename T, Op OP>
cudaError_t small_run(cudaStream_t s, char uplo, int64_t n, int64_t nrhs, T *const *Aarr, T *A,
                      int64_t lda, int64_t strideA, int64_t offA, T *const *Barr, T *B,
                      int64_t ldb, int64_t strideB, void *info, int info_bytes, int64_t ioff,
                      int64_t batch)
{
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || n < 1 || n > KBLASF_CUDA_BATCH_SMALL_MAX ||
        lda < n || batch < 0)
        return cudaErrorInvalidValue;
    if (OP != Op::potrf && (ldb < n || nrhs < 0))
        return cudaErrorInvalidValue;
    if (OP != Op::potrs && ((info_bytes != 4 && info_bytes != 8) || ioff < 0))
        return cudaErrorInvalidValue;
    if (batch == 0 || (OP == Op::potrs && nrhs == 0))
        return cudaSuccess;
    if (n <= 8)
        return small_nr<T, 8, OP>(s, lower, (int)n, nrhs, Aarr, A, lda, strideA, offA, Barr, B,
                                  ldb, strideB, info, info_bytes, ioff, batch);
    if (n <= 16)
        return small_nr<T, 16, OP>(s, lower, (int)n, nrhs, Aarr, A, lda, strideA, offA, Barr, B,
                                   ldb, strideB, info, info_bytes, ioff, batch);
    return small_nr<T, 32, OP>(s, lower, (int)n, nrhs, Aarr, A, lda, strideA, offA, Barr, B,
                               ldb, strideB, info, info_bytes, ioff, batch);
}

} // namespace
} // namespace kblasf

#define KBLASF_BATCH_SMALL(P, T)                                                            \
    extern "C" cudaError_t kblasf_cuda_##P##potrf_batch_small(cudaStream_t s, char uplo,   \
            int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,    \
            void *info, int info_bytes, int64_t ioff, int64_t batch)                        \
    {                                                                                       \
        return kblasf::small_run<T, kblasf::Op::potrf>(s, uplo, n, 0, Aarr, A, lda,         \
                strideA, offA, nullptr, nullptr, n, 0, info, info_bytes, ioff, batch);      \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##potrs_batch_small(cudaStream_t s, char uplo,   \
            int64_t n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,    \
            T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch)              \
    {                                                                                       \
        return kblasf::small_run<T, kblasf::Op::potrs>(s, uplo, n, nrhs, Aarr, A, lda,      \
                strideA, 0, Barr, B, ldb, strideB, nullptr, 0, 0, batch);                   \
    }                                                                                       \
    extern "C" cudaError_t kblasf_cuda_##P##posv_batch_small(cudaStream_t s, char uplo,    \
            int64_t n, int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,    \
            T *const *Barr, T *B, int64_t ldb, int64_t strideB, void *info, int info_bytes, \
            int64_t batch)                                                                  \
    {                                                                                       \
        return kblasf::small_run<T, kblasf::Op::posv>(s, uplo, n, nrhs, Aarr, A, lda,       \
                strideA, 0, Barr, B, ldb, strideB, info, info_bytes, 0, batch);             \
    }
KBLASF_BATCH_SMALL(s, float)
KBLASF_BATCH_SMALL(d, double)
KBLASF_BATCH_SMALL(c, cuFloatComplex)
KBLASF_BATCH_SMALL(z, cuDoubleComplex)
