/* chol_panels.cuh — the Cholesky of one matrix of order n <= 32 in a warp's shared-memory
 * tile, by panels of 8 columns with the trailing update on the FP64 tensor cores (real
 * double): the batched POTRF's kernel at G = 32 (batch_small.cu) and POTI's (batch_potri.cu).
 * Internal to cuda/; an unnamed namespace, as cuda_scalar.cuh. */
#ifndef KBLASF_CHOL_PANELS_CUH
#define KBLASF_CHOL_PANELS_CUH

#include "batch_common.cuh"

namespace kblasf {
namespace {

/* element (i, k) of L in a 32 x LD tile that holds L by columns (lower) or L^T (upper) */
template <int LD> __device__ __forceinline__ double &tile_l(double *S, bool lower, int i, int k)
{
    return lower ? S[i + k * LD] : S[k + i * LD];
}

/* Column c0 + u of chol_panels' panel, as chol_column does it but over the panel's 8 columns:
 * lane r holds row r of the panel in x. Returns the pivot d; where d > 0, nd := -1/d. */
__device__ __forceinline__ double panel_column(int c0, int u, int r, double (&x)[8], double *cj,
                                               double &nd)
{
    cj[r] = x[u];
    __syncwarp();
    double c[8]; /* A(c0 + k, c0 + u), k >= u */
    bcast_load<8>(cj + c0, u, c);
    const double d = c[u];
    if (d > 0.0) {
        nd = -rcp_pos(d);
        const double w = x[u] * (r > c0 + u ? nd : 0.0);
#pragma unroll
        for (int k = u + 1; k < 8; ++k)
            x[k] = fm(c[k], w, x[k]);
    }
    return d;
}

/* The trailing update A22 -= P D^-1 P^T of chol_panels' panel c0 .. c0 + 7 on the FP64 tensor
 * cores: P the panel's rows from c0 + 8 on, -D^-1 in nd[c0 ..] (0 for a column not factored),
 * A22's lower 8 x 8 blocks read from the tile and written back. Lane l holds P(8I + l/4,
 * c0 + 4h + l%4) as block row I's operand of step h, both as dmma_884's A (scaled) and B. */
template <int LD>
__device__ __forceinline__ void trail_dmma(double *S, bool lower, int c0, const double *nd,
                                           int l)
{
    const int g = l >> 2, q = l & 3, I0 = c0 / 8 + 1;
    double f[4][2], fs[4][2];
#pragma unroll
    for (int I = I0; I < 4; ++I)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            f[I][h] = tile_l<LD>(S, lower, 8 * I + g, c0 + 4 * h + q);
            fs[I][h] = f[I][h] * nd[c0 + 4 * h + q];
        }
#pragma unroll
    for (int I = I0; I < 4; ++I)
#pragma unroll
        for (int J = I0; J <= I; ++J) {
            double &e0 = tile_l<LD>(S, lower, 8 * I + g, 8 * J + 2 * q);
            double &e1 = tile_l<LD>(S, lower, 8 * I + g, 8 * J + 2 * q + 1);
            double d0 = e0, d1 = e1;
            dmma_884(d0, d1, fs[I][0], f[J][0]);
            dmma_884(d0, d1, fs[I][1], f[J][1]);
            e0 = d0;
            e1 = d1;
        }
}

/* POTRF of the matrix in the tile S (order n <= 32, zeros outside the stored triangle) where
 * chol_dmma, the warp one matrix: by panels of 8 columns. Lane r takes row r of the panel from
 * the tile, the panel is factored column by column (panel_column) and goes back; then the
 * trailing matrix takes the panel's update on the tensor cores (trail_dmma). Against
 * chol_column on whole rows: a lane holds 8 entries of its row instead of 32, and the rank-1
 * updates of the trailing matrix, about 3/4 of the multiply-adds, become 20 DMMAs. The tile
 * ends with the unscaled factor, the pivots d_j on its diagonal, and from a failed column on
 * the Schur complement so far (the failed panel's columns before it applied to the trailing
 * matrix too). nd: 32 doubles of shared memory; cb: two column buffers of 32 doubles, used by
 * turns as chol_column's, 16-byte aligned. Returns the first column not factored (n: none
 * failed); myd := the lane's pivot d_r. */
template <int LD>
__device__ __forceinline__ int chol_panels(double *S, bool lower, int n, int r, double *cb,
                                           double *nd, double &myd)
{
    int jstop = n;
#pragma unroll
    for (int c0 = 0; c0 < 32; c0 += 8) {
        if (c0 >= n)
            break;
        double x[8];
#pragma unroll
        for (int u = 0; u < 8; ++u)
            x[u] = tile_l<LD>(S, lower, r, c0 + u);
        double mine = 0.0; /* lane u < 8: -1/d of column c0 + u once factored */
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            const int j = c0 + u;
            if (j >= n)
                break;
            double nj = 0.0;
            const double d = panel_column(c0, u, r, x, cb + (j & 1) * 32, nj);
            if (!(d > 0.0)) { /* <= 0 or NaN */
                jstop = j;
                break;
            }
            if (r == j)
                myd = d;
            if (r == u)
                mine = nj;
        }
#pragma unroll
        for (int u = 0; u < 8; ++u)
            tile_l<LD>(S, lower, r, c0 + u) = x[u];
        if (r < 8)
            nd[c0 + r] = mine;
        __syncwarp();
        if (c0 + 8 < n)
            trail_dmma<LD>(S, lower, c0, nd, r);
        __syncwarp();
        if (jstop < n)
            break;
    }
    return jstop;
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_CHOL_PANELS_CUH */
