/* trtri_block.cuh — the inversion of a triangle of order n <= G by a group of G lanes (G = 8,
 * 16 or 32), lane r holding row r in registers: the one piece behind the recursive TRSM's
 * inverted diagonal blocks (trtri_diag.cu) and the batched TRTRI, POTRI and POTI
 * (batch_potri.cu; in double at G = 32 by blocks, invert_rows_mma). Also the group's tile
 * moves that both use. Internal to cuda/; everything in an unnamed namespace (as
 * cuda_scalar.cuh), so each .cu file has its own copy.
 *
 * The tile: a G x LD array in shared memory, element (i, k) at S[i + k * LD], LD a multiple
 * of 16 / sizeof(T) so that every column starts 16-byte aligned for bcast_load. */
#ifndef KBLASF_TRTRI_BLOCK_CUH
#define KBLASF_TRTRI_BLOCK_CUH

#include "batch_common.cuh"

namespace kblasf {
namespace {

/* the tile's row r or column r := v, or v := them (a column write or read is the transpose:
 * lanes LD elements apart, some bank conflicts; a row's is conflict-free) */
template <int G, int LD, typename T>
__device__ __forceinline__ void tile_put_row(T *S, int r, const T (&v)[G])
{
#pragma unroll
    for (int k = 0; k < G; ++k)
        S[r + k * LD] = v[k];
}
template <int G, int LD, typename T>
__device__ __forceinline__ void tile_put_col(T *S, int r, const T (&v)[G])
{
#pragma unroll
    for (int k = 0; k < G; ++k)
        S[k + r * LD] = v[k];
}
template <int G, int LD, typename T>
__device__ __forceinline__ void tile_get_row(const T *S, int r, T (&v)[G])
{
#pragma unroll
    for (int k = 0; k < G; ++k)
        v[k] = S[r + k * LD];
}
template <int G, int LD, typename T>
__device__ __forceinline__ void tile_get_col(const T *S, int r, T (&v)[G])
{
#pragma unroll
    for (int k = 0; k < G; ++k)
        v[k] = S[k + r * LD];
}

/* On entry lane r (of the group whose lanes are m) holds in a row r of a triangle of order
 * n <= G (lower: a[k] = A(r, k), k <= r; upper: k >= r; zero elsewhere, and zero in lanes
 * r >= n), dg its diagonal element (ignored when UNIT); on return row r of the inverse, in
 * the same triangle, zero elsewhere, the diagonal explicit (1 when UNIT). UNIT at compile
 * time: as a run-time flag its branches cost the complex kernels half their time. S: the group's
 * tile; dv: G elements of shared memory.
 *
 * With L the lower form (A, or U^H for upper) the tile takes H = L^H (the rows of L
 * conjugated into its columns, or the rows of U as they are) and lane r solves H y = e_r by
 * back substitution, column j of H broadcast at step j: y = column r of inv(H). Lower: the
 * row wanted is conj(y) (inv(L) = inv(H)^H). Upper: inv(H) = inv(U) itself, so y goes to
 * the tile as column r and row r comes back. One multiply-add per element and step, static
 * register indices only; a singular triangle gives Inf/NaN, as a substitution does. */
template <typename T, int G, int LD, bool UNIT>
__device__ __forceinline__ void invert_rows(bool lower, int n, int r, unsigned m, T (&a)[G],
                                            T dg, T *S, T *dv)
{
    constexpr bool WIDE = row_wide<T, G>();
    const bool live = r < n;
#pragma unroll
    for (int k = 0; k < G; ++k)
        a[k] = lower ? Sc<T>::conj(a[k]) : a[k];
    if (lower)
        tile_put_col<G, LD>(S, r, a);
    else
        tile_put_row<G, LD>(S, r, a);
    dv[r] = UNIT || !live ? Sc<T>::one() : Sc<T>::recip(lower ? Sc<T>::conj(dg) : dg);
    __syncwarp(m);
#pragma unroll
    for (int i = 0; i < G; ++i)
        a[i] = i == r && live ? Sc<T>::one() : Sc<T>::zero();
    /* Past n the tile holds zeros, dv ones and a zeros, so a step there changes nothing.
     * Up to G = 16 every step runs, with no test of n between them: H200, batch 10240,
     * DTRTRI 16 0.0144 -> 0.0133 ms, DPOTI 16 0.037 -> 0.0344. At G = 32 the test stays:
     * without it CTRTRI 32 took 0.091 ms against 0.083, STRTRI 32 0.058 against 0.055
     * (bench/results/H200-2026-11-28-stop45-batch-no-order-tests.txt) */
#pragma unroll
    for (int j = G - 1; j >= 0; --j) {
        if (G > 16 && j >= n)
            continue;
        const T yj = Sc<T>::mul(a[j], dv[j]);
        a[j] = yj;
        T c[G]; /* H(i, j), i < j; in double complex at G = 32 each read where it is used
                 * (the whole column beside a would not fit the registers) */
        if constexpr (!WIDE)
            bcast_load<G>(S + j * LD, 0, c, j);
#pragma unroll
        for (int i = 0; i < j; ++i) {
            if constexpr (WIDE)
                c[i] = S[i + j * LD];
            a[i] = fnma(c[i], yj, a[i]);
        }
    }
    if (lower) {
#pragma unroll
        for (int k = 0; k < G; ++k)
            a[k] = Sc<T>::conj(a[k]);
    } else {
        __syncwarp(m); /* the substitution's readers are done */
        tile_put_col<G, LD>(S, r, a);
        __syncwarp(m);
        tile_get_row<G, LD>(S, r, a);
    }
}

/* invert_rows for real double at G = 32 (one matrix a warp, r the lane, 16 < n <= 32), by
 * blocks of L = [L11 0; L21 L22]: the two diagonal blocks by invert_rows of order 16 in the
 * warp's two halves at once (16 steps instead of 32, rows of 16 instead of 32), then
 * X21 = -X22 (L21 X11) on the FP64 tensor cores (dmma_884, 24 DMMAs) through the tile, which
 * holds L's form [X11 0; L21 X22] by columns (rows of L from the lanes, or for upper the
 * rows of U = L^T as its columns). Same contract as invert_rows; with BACK false the lanes'
 * rows are not read back (a is left undefined) and the inverse stays only in the tile, in that
 * same form (POTRI's product reads it there). */
template <int LD, bool UNIT, bool BACK = true>
__device__ __forceinline__ void invert_rows_mma(bool lower, int n, int r, double (&a)[32],
                                                double dg, double *S, double *dv)
{
    constexpr int H = 16, LDH = tile_ld<double, H>();
    const int h = r / H;
    double b[H]; /* the lane's row of its diagonal block */
#pragma unroll
    for (int k = 0; k < H; ++k)
        b[k] = h ? a[H + k] : a[k];
    invert_rows<double, H, LDH, UNIT>(lower, h ? n - H : H, r % H, group_mask<H>(r), b, dg,
                                      S + h * (H * LDH), dv + h * H);
#pragma unroll
    for (int k = 0; k < H; ++k) {
        a[k] = h ? a[k] : b[k];
        a[H + k] = h ? b[k] : a[H + k];
    }
    __syncwarp(); /* both halves are done with their tiles */
    if (lower)
        tile_put_row<32, LD>(S, r, a);
    else
        tile_put_col<32, LD>(S, r, a);
    __syncwarp();
    const int t4 = r & 3, g8 = r >> 2;
    double d[2][2][2]; /* 16 x 16 in the DMMA's layout: (8rb + g8, 8cb + 2 t4 + e) */
    auto put21 = [&](double sign) { /* the tile's rows 16.., columns 0..15 := sign d */
#pragma unroll
        for (int rb = 0; rb < 2; ++rb)
#pragma unroll
            for (int cb = 0; cb < 2; ++cb)
#pragma unroll
                for (int e = 0; e < 2; ++e)
                    S[H + 8 * rb + g8 + (8 * cb + 2 * t4 + e) * LD] = sign * d[rb][cb][e];
    };
    /* d := the tile's block at rows 16.., columns c0..c0+15 times its block at rows c0..,
     * columns 0..15, whichever of the two is lower triangular taking only its nonzero rows:
     * the right one (X11, c0 = 0): d's columns 8cb.. take its rows k >= 8cb; the left one
     * (X22, c0 = 16): d's rows 8rb.. take its columns k < 8rb + 8 */
    auto mul = [&](int c0) {
#pragma unroll
        for (int rb = 0; rb < 2; ++rb)
#pragma unroll
            for (int cb = 0; cb < 2; ++cb) {
                d[rb][cb][0] = d[rb][cb][1] = 0.0;
#pragma unroll
                for (int s = c0 ? 0 : 2 * cb; s < (c0 ? 2 * rb + 2 : 4); ++s)
                    dmma_884(d[rb][cb][0], d[rb][cb][1],
                             S[H + 8 * rb + g8 + (c0 + 4 * s + t4) * LD],
                             S[c0 + 4 * s + t4 + (8 * cb + g8) * LD]);
            }
    };
    mul(0);       /* T = L21 X11 */
    __syncwarp(); /* L21 read: T goes in its place */
    put21(1.0);
    __syncwarp();
    mul(H);       /* X22 T */
    __syncwarp(); /* T read: X21 = -X22 T goes in its place */
    put21(-1.0);
    __syncwarp();
    if constexpr (BACK) {
        if (lower)
            tile_get_row<32, LD>(S, r, a);
        else
            tile_get_col<32, LD>(S, r, a);
    }
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_TRTRI_BLOCK_CUH */
