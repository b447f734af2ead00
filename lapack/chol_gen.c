/*
 * chol_gen.c — the Cholesky family on the executor (device API), precision-generic:
 * kblasf_?potrf, ?potrs, ?trtri, ?lauum, ?potri, ?posv; LAPACK analogues DPOTRF, DPOTRS,
 * DTRTRI, DLAUUM, DPOTRI, DPOSV.
 *
 * POTRF is right-looking by block columns with look-ahead (potrf_blocked below): each
 * block column (a panel) is factored recursively in its width, with leaves that factor a
 * diagonal block and solve the panel's rows below it in one step (the executor's
 * potrf_panel: our kernel on the GPU, POTRF2 and TRSM on the host), which record the
 * first failing pivot in one device integer, read once at the end.
 * The inversions are recursive (the KBLAS paper's POTRI section): the matrix is split in
 * two at a multiple of the leaf order times a power of two, so that almost all of the
 * work is a few large TRMM (our recursive in-place one, src/trxm_gen.c) and SYRK/HERK
 * calls, and the leaves are small diagonal blocks:
 *   TRTRI  (lower)  X11 = inv(L11); A21 := -A21 X11; X22 = inv(L22); A21 := X22 A21
 *          leaves: all diagonal blocks are inverted up front in one batched step (the
 *          executor's trtri_diag, as the recursive TRSM does) and copied in at the leaves
 *   LAUUM  (lower, L^H L)  A11 := lauum(A11) + A21^H A21; A21 := L22^H A21; lauum(A22)
 *          leaves: the block's triangle copied to a zeroed square W, then A11 := W^H W
 * The upper forms are the conjugate transposes of these. The other triangle of A is left
 * as it came: only POTRF touches it, writing over the other triangle of a diagonal block
 * of nb once it has saved it and putting it back after (potrf_blocked).
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "trxm.h"

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* C := alpha op(A) op(A)^H + beta C on the uplo triangle (trans 'N': op(A) = A, n x k;
 * 'C': A^H), recursive: the diagonal halves recurse and the off-diagonal block is one
 * GEMM, down to kblasf_syrk_block, where the executor's SYRK/HERK takes over. */
static kblasf_status_t syrk(kblasf_context *ctx, char uplo, char trans, kblasf_int n,
                            kblasf_int k, RT alpha, const T *A, kblasf_int lda, RT beta, T *C,
                            kblasf_int ldc)
{
    int notrans = kblasf_lsame(trans, 'N'), lower = kblasf_lsame(uplo, 'L');
    kblasf_int n1, n2, nb = kblasf_syrk_block(ctx);
    const T *A2;
    kblasf_status_t st;

    if (n <= nb)
        return PRIMS(ctx)->syrk(ctx, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);
    n1 = kblasf_split_point(n, nb / 2);
    n2 = n - n1;
    A2 = notrans ? A + n1 : A + (size_t)n1 * lda; /* the rows of op(A) of the second half */
    if ((st = syrk(ctx, uplo, trans, n1, k, alpha, A, lda, beta, C, ldc)))
        return st;
    /* lower: C21 += op(A)_2 op(A)_1^H;  upper: C12 += op(A)_1 op(A)_2^H */
    st = PRIMS(ctx)->gemm(ctx, notrans ? 'N' : 'C', notrans ? 'C' : 'N', lower ? n2 : n1,
                          lower ? n1 : n2, k, alpha, lower ? A2 : A, lda, lower ? A : A2, lda,
                          beta, lower ? C + n1 : C + (size_t)n1 * ldc, ldc);
    return st ? st : syrk(ctx, uplo, trans, n2, k, alpha, A2, lda, beta,
                          C + n1 + (size_t)n1 * ldc, ldc);
}

/* ------------------------------------------------------------------ POTRF */

/* Applies panel j0 (width w, factored) to the trailing block columns c0 to c1 - 1
 * (lower; rows, upper): their diagonal block by SYRK, the rest below (right of) it by
 * one GEMM; c1 == n: the whole trailing matrix from c0 by the recursive SYRK. clobber:
 * the diagonal block's other triangle is saved (potrf_blocked), so the SYRK and the GEMM
 * go as one GEMM over the whole block column, which writes that triangle too: one launch
 * and one dependent step fewer on the panels' path. */
static kblasf_status_t potrf_update(kblasf_context *ctx, int lower, kblasf_int n,
                                    kblasf_int j0, kblasf_int w, kblasf_int c0, kblasf_int c1,
                                    T *A, kblasf_int lda, int clobber)
{
    const kblasf_int from = clobber ? c0 : c1; /* where the GEMM's rows (columns) start */
    const T *P0 = lower ? at(A, lda, c0, j0) : at(A, lda, j0, c0);   /* the panel at c0 */
    const T *Pf = lower ? at(A, lda, from, j0) : at(A, lda, j0, from); /* ... at from */
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (!clobber)
        st = syrk(ctx, lower ? 'L' : 'U', lower ? 'N' : 'C', c1 - c0, w, -1, P0, lda, 1,
                  at(A, lda, c0, c0), lda);
    if (st || from == n)
        return st;
    /* lower: A(from:n, c0:c1) -= P(from:n) P(c0:c1)^H;
     * upper: A(c0:c1, from:n) -= P(c0:c1)^H P(from:n) */
    return lower ? PRIMS(ctx)->gemm(ctx, 'N', 'C', n - from, c1 - c0, w, -1, Pf, lda, P0, lda,
                                    1, at(A, lda, from, c0), lda)
                 : PRIMS(ctx)->gemm(ctx, 'C', 'N', c1 - c0, n - from, w, -1, P0, lda, Pf, lda,
                                    1, at(A, lda, c0, from), lda);
}

/* The panel of width w whose diagonal block is at A, with m rows below it (lower; columns
 * right of it, upper): recursive in its width, the leaves in one step each (the executor's
 * potrf_panel: the diagonal block and its rows of the panel at once). clobber: the w x w
 * block's other triangle is saved, and the updates inside the panel may write it. */
static kblasf_status_t potrf_tall(kblasf_context *ctx, int lower, kblasf_int w, kblasf_int m,
                                  T *A, kblasf_int lda, int64_t *dinfo, kblasf_int ioff,
                                  int clobber)
{
    kblasf_int leaf = kblasf_potrf_leaf(ctx, sizeof(T)), w1, w2;
    kblasf_status_t st;

    if (w <= leaf)
        return PRIMS(ctx)->potrf_panel(ctx, lower ? 'L' : 'U', w, m, A, lda, dinfo, ioff);
    w1 = kblasf_split_point(w, leaf);
    w2 = w - w1;
    st = potrf_tall(ctx, lower, w1, w2 + m, A, lda, dinfo, ioff, clobber);
    if (!st)
        st = potrf_update(ctx, lower, w + m, 0, w1, w1, w, A, lda, clobber);
    return st ? st
              : potrf_tall(ctx, lower, w2, m, at(A, lda, w1, w1), lda, dinfo, ioff + w1, clobber);
}

/* The other triangle (lower: strictly above the diagonal; upper: below) of the w x w
 * diagonal block of the panel at j0 to slot `slot` (0 or 1: the panel's number mod 2) of W
 * (nb x nb slots), or back (restore); nothing without W (the updates then leave that
 * triangle alone). */
static kblasf_status_t keep_other(kblasf_context *ctx, int lower, kblasf_int j0, kblasf_int w,
                                  T *A, kblasf_int lda, T *W, kblasf_int nb, int slot,
                                  int restore)
{
    char other = lower ? 'U' : 'L';
    T *D = at(A, lda, j0, j0), *S;

    if (!W)
        return KBLASF_STATUS_SUCCESS;
    S = W + (size_t)slot * nb * nb;
    return restore ? PRIMS(ctx)->tri_copy(ctx, other, 1, w, w, S, nb, D, lda)
                   : PRIMS(ctx)->tri_copy(ctx, other, 1, w, w, D, lda, S, nb);
}

/* The width of the panel at column (row) j0 of n in blocks of nb: the last 3 nb columns
 * go in panels of nb / 2 when more than 3 nb columns are left in all. By then the trailing
 * updates have shrunk and the panel lane sets the pace; a narrower panel moves flops of
 * its own recursive updates off that lane, into lane 0's updates (H200, with the leaves'
 * programmatic launch: DPOTRF 4096 1.71 -> 1.65-1.67 ms, 6144 3.31 -> 3.25-3.28, 8192
 * 5.81-5.86 -> 5.75-5.78, 12288 and 16384 within their spread; doc/lapack.md, stop 51) */
static kblasf_int potrf_width(kblasf_int n, kblasf_int j0, kblasf_int nb)
{
    const kblasf_int tail = 3 * nb;

    if (nb < 2 || n <= tail)
        return MIN(nb, n - j0);
    return j0 < n - tail ? MIN(nb, n - tail - j0) : MIN(nb / 2, n - j0);
}

/* The panel after panel j0 (width w): width w2 at column (row) c0, issued on both lanes
 * from lane 0. Lane 0 updates its first s columns with panel j0, then the rest; lane 1
 * factors those s columns as soon as their update is done, waits for the rest's, applies
 * the s columns to the rest and factors it. So only the update of s columns, not of the
 * whole panel, stands between two panels on lane 1 (H100, DPOTRF 8192: the waits between
 * panels 1.32 -> 0.55 ms, the factorization 7.17-7.26 -> 6.96-6.99 ms; s of an eighth or
 * half of the panel no better). Returns on lane 1. */
static kblasf_status_t potrf_next(kblasf_context *ctx, int lower, kblasf_int n, kblasf_int j0,
                                  kblasf_int w, kblasf_int c0, kblasf_int w2, T *A,
                                  kblasf_int lda, int64_t *dinfo, kblasf_int ioff, int clobber)
{
    kblasf_int leaf = kblasf_potrf_leaf(ctx, sizeof(T)), s = w2;
    T *D = at(A, lda, c0, c0);
    kblasf_status_t st;

    if (w2 > leaf) /* a quarter of the panel: the recursion's second split */
        s = MIN(w2, kblasf_split_point(kblasf_split_point(w2, leaf), leaf));
    st = potrf_update(ctx, lower, n, j0, w, c0, c0 + s, A, lda, clobber);
    if (!st)
        st = kblasf_lane_order(ctx, 0, 1);
    if (!st && s < w2)
        st = potrf_update(ctx, lower, n, j0, w, c0 + s, c0 + w2, A, lda, clobber);
    if (!st)
        st = kblasf_use_lane(ctx, 1);
    if (!st)
        st = potrf_tall(ctx, lower, s, n - c0 - s, D, lda, dinfo, ioff + c0, clobber);
    if (st || s == w2)
        return st;
    st = kblasf_lane_order(ctx, 0, 1); /* the rest is updated */
    if (!st)
        st = potrf_update(ctx, lower, n - c0, 0, s, s, w2, D, lda, clobber);
    return st ? st
              : potrf_tall(ctx, lower, w2 - s, n - c0 - w2, at(A, lda, c0 + s, c0 + s), lda,
                           dinfo, ioff + c0 + s, clobber);
}

/*
 * POTRF by block columns of nb (lower; block rows, upper; the last ones narrower:
 * potrf_width), right-looking with look-ahead
 * (MAGMA's scheme): lane 1 factors each panel, and lane 0, once a panel is factored,
 * first updates the next panel with it, lets lane 1 start factoring that one, and then
 * updates the rest of the trailing matrix, so that the panels' small, latency-bound steps
 * run under the large updates instead of between them. Lane 1 runs every leaf, in order,
 * so the first failing pivot still sets info.
 * Lane 0 updates the next panel in two steps (potrf_next): its first quarter, which lane
 * 1 starts factoring at once, then the rest.
 * The updates of a panel's block column (in the panel and the one that precedes it) write
 * its diagonal block's other triangle (potrf_update's clobber): lane 0 saves that
 * triangle to one of two slots of scratch before the block column's first update and puts
 * it back once the panel is factored, both off the panels' path. Without the scratch
 * (or with KBLASF_POTRF_NB=0) the updates leave the other triangle alone instead.
 */
static kblasf_status_t potrf_blocked(kblasf_context *ctx, int lower, kblasf_int n, T *A,
                                     kblasf_int lda, int64_t *dinfo, kblasf_int ioff)
{
    kblasf_int nb = kblasf_potrf_block(ctx, n, PREC_UPPER[0]), j0, w, c0, w2, p;
    T *W;
    kblasf_status_t st, st2;

    if (nb <= 0) /* no blocks: the recursion alone */
        return potrf_tall(ctx, lower, n, 0, A, lda, dinfo, ioff, 0);
    nb = MIN(nb, n);
    /* two slots with look-ahead (panels p and p + 1 are saved at once), one without */
    W = kblasf_scratch(ctx, (n > nb ? 2 : 1) * (size_t)nb * nb * sizeof(T));
    if (n <= nb) { /* one panel, no look-ahead */
        st = keep_other(ctx, lower, 0, n, A, lda, W, nb, 0, 0);
        if (!st)
            st = potrf_tall(ctx, lower, n, 0, A, lda, dinfo, ioff, W != NULL);
        return st ? st : keep_other(ctx, lower, 0, n, A, lda, W, nb, 0, 1);
    }
    w = potrf_width(n, 0, nb);
    c0 = w;
    w2 = potrf_width(n, c0, nb);
    st = keep_other(ctx, lower, 0, w, A, lda, W, nb, 0, 0);
    if (!st)
        st = kblasf_lane_order(ctx, 0, 1); /* lane 1 after what the caller queued */
    if (!st) /* beside panel 0 */
        st = keep_other(ctx, lower, c0, w2, A, lda, W, nb, 1, 0);
    if (!st)
        st = kblasf_use_lane(ctx, 1);
    if (!st)
        st = potrf_tall(ctx, lower, w, n - w, A, lda, dinfo, ioff, W != NULL);
    /* panel p at j0 (width w), the next one at c0 (width w2) */
    for (j0 = 0, p = 0; !st && c0 < n; j0 = c0, w = w2, c0 += w2, ++p) {
        w2 = potrf_width(n, c0, nb);
        st = kblasf_lane_order(ctx, 1, 0); /* panel p is factored */
        if (!st)
            st = kblasf_use_lane(ctx, 0);
        if (!st)
            st = potrf_next(ctx, lower, n, j0, w, c0, w2, A, lda, dinfo, ioff, W != NULL);
        if (!st)
            st = kblasf_use_lane(ctx, 0);
        if (!st) /* this panel's triangle back; its slot to panel p + 2 */
            st = keep_other(ctx, lower, j0, w, A, lda, W, nb, p % 2, 1);
        if (!st && c0 + w2 < n)
            st = keep_other(ctx, lower, c0 + w2, potrf_width(n, c0 + w2, nb), A, lda, W, nb,
                            p % 2, 0);
        if (!st && c0 + w2 < n)
            st = potrf_update(ctx, lower, n, j0, w, c0 + w2, n, A, lda, 0);
    }
    /* lane 0 again, after the last panel (also after a failure: nothing left running) */
    st2 = kblasf_lane_order(ctx, 1, 0);
    if (!st2)
        st2 = kblasf_use_lane(ctx, 0);
    if (!st && !st2) /* the last panel's triangle back */
        st2 = keep_other(ctx, lower, j0, n - j0, A, lda, W, nb, p % 2, 1);
    return st ? st : st2;
}

/* The common start of a device-API routine: the handle, LAPACK's checks (info = -pos
 * through xerbla_), info = 0. Returns 1 when the caller must return *st. */
static int begin(kblasf_handle_t h, kblasf_routine_t r, char uplo, char diag, kblasf_int n,
                 kblasf_int nrhs, kblasf_int lda, kblasf_int ldb, kblasf_int *info,
                 kblasf_status_t *st)
{
    char name[32];
    kblasf_int pos;

    *st = KBLASF_STATUS_SUCCESS;
    if (!h || !info) {
        *st = KBLASF_STATUS_INVALID_VALUE;
        return 1;
    }
    *info = 0;
    pos = kblasf_lapack_check(r, uplo, diag, n, nrhs, lda, ldb);
    if (pos) {
        snprintf(name, sizeof name, "KBLASF_%s%s", PREC_UPPER, kblasf_routine_names[r]);
        *info = -pos;
        *st = kblasf_arg_error(name, pos);
        return 1;
    }
    return 0;
}

/* POTRF on the executor, arguments checked, n > 0. */
static kblasf_status_t potrf(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                             kblasf_int *info)
{
    int64_t zero = 0, result = 0, *dinfo = kblasf_dev_info(h);
    kblasf_status_t st;

    if (!dinfo)
        return KBLASF_STATUS_ALLOC_FAILED;
    st = h->exec->copy_to_device(h, 1, 1, sizeof zero, &zero, 1, dinfo, 1);
    if (!st)
        st = potrf_blocked(h, kblasf_lsame(uplo, 'L'), n, A, lda, dinfo, 0);
    if (!st) /* waits for the factorization */
        st = h->exec->copy_to_host(h, 1, 1, sizeof result, dinfo, 1, &result, 1);
    *info = (kblasf_int)result;
    return st;
}

kblasf_status_t FN(potrf_device)(kblasf_context *ctx, char uplo, kblasf_int n, T *A,
                                 kblasf_int lda, int64_t *dinfo)
{
    return potrf_blocked(ctx, kblasf_lsame(uplo, 'L'), n, A, lda, dinfo, 0);
}

kblasf_status_t FN(potrf)(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                          kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_POTRF, uplo, 'N', n, 0, lda, lda, info, &st) || n == 0)
        return st;
    kblasf_log_call(h, PNAME("POTRF"), "uplo=%c, n=%lld, block columns of %lld, leaves of %lld",
                    uplo, (long long)n, (long long)kblasf_potrf_block(h, n, PREC_UPPER[0]),
                    (long long)kblasf_potrf_leaf(h, sizeof(T)));
    return potrf(h, uplo, n, A, lda, info);
}

/* ------------------------------------------------------------------ POTRS */

static kblasf_status_t potrs(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int nrhs,
                             const T *A, kblasf_int lda, T *B, kblasf_int ldb)
{
    int lower = kblasf_lsame(uplo, 'L');
    trxm_plan p;
    kblasf_status_t st;

    /* A = L L^H: L Y = B, then L^H X = Y;  A = U^H U: U^H Y = B, then U X = Y. One right-
     * hand side: a pair of one-kernel solves where the executor has them (the second sets
     * up while the first ends and takes its result as it comes). Else one plan: the
     * diagonal blocks are inverted once for both solves. */
    if (nrhs == 1 && (st = FN(trsv_try)(h, uplo, lower ? 'N' : 'C', lower ? 'C' : 'N', 'N', n, 1,
                                        A, lda, B)) != KBLASF_STATUS_NOT_SUPPORTED)
        return st;
    FN(trxm_plan)(&p, h, 1, 'L', uplo, lower ? 'N' : 'C', 'N', n, 1, A, lda, ldb);
    st = FN(trxm_run)(&p, n, nrhs, B);
    FN(trxm_plan_retrans)(&p, lower ? 'C' : 'N');
    return st ? st : FN(trxm_run)(&p, n, nrhs, B);
}

kblasf_status_t FN(potrs_device)(kblasf_context *ctx, char uplo, kblasf_int n,
                                 kblasf_int nrhs, const T *A, kblasf_int lda, T *B,
                                 kblasf_int ldb)
{
    return potrs(ctx, uplo, n, nrhs, A, lda, B, ldb);
}

kblasf_status_t FN(potrs)(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int nrhs,
                          const T *A, kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_POTRS, uplo, 'N', n, nrhs, lda, ldb, info, &st) || n == 0 ||
        nrhs == 0)
        return st;
    kblasf_log_call(h, PNAME("POTRS"), "uplo=%c, n=%lld, nrhs=%lld", uplo, (long long)n,
                    (long long)nrhs);
    return potrs(h, uplo, n, nrhs, A, lda, B, ldb);
}

/* ------------------------------------------------------------------ TRTRI */

/* The inverted diagonal blocks of order nb (ld nb, block b at b*nb*(nb+1)) in W. */
static kblasf_status_t trtri_rec(kblasf_context *ctx, int lower, char diag, kblasf_int n,
                                 T *A, kblasf_int lda, const T *W, kblasf_int nb)
{
    int unit = kblasf_lsame(diag, 'U');
    char uplo = lower ? 'L' : 'U';
    kblasf_int n1, n2;
    T *Aoff, *A22;
    kblasf_status_t st;

    if (n <= nb) /* this block's inverse, computed up front; the diagonal stays if unit */
        return PRIMS(ctx)->tri_copy(ctx, uplo, unit, n, n, W, nb, A, lda);
    n1 = kblasf_split_point(n, nb);
    n2 = n - n1;
    Aoff = lower ? at(A, lda, n1, 0) : at(A, lda, 0, n1);
    A22 = at(A, lda, n1, n1);
    /* lower: X21 = -X22 L21 X11;  upper: X12 = -X11 U12 X22 */
    if ((st = trtri_rec(ctx, lower, diag, n1, A, lda, W, nb)))
        return st;
    if (lower)
        st = FN(trxm_apply)(ctx, 0, 'R', uplo, 'N', diag, n2, n1, -1, A, lda, Aoff, lda);
    else
        st = FN(trxm_apply)(ctx, 0, 'L', uplo, 'N', diag, n1, n2, -1, A, lda, Aoff, lda);
    if (!st)
        st = trtri_rec(ctx, lower, diag, n2, A22, lda, W + (size_t)(n1 / nb) * nb * (nb + 1), nb);
    if (!st && lower)
        st = FN(trxm_apply)(ctx, 0, 'L', uplo, 'N', diag, n2, n1, 1, A22, lda, Aoff, lda);
    else if (!st)
        st = FN(trxm_apply)(ctx, 0, 'R', uplo, 'N', diag, n1, n2, 1, A22, lda, Aoff, lda);
    return st;
}

/* Order of the diagonal blocks TRTRI inverts in its batched first step: a power of two,
 * as trtri_diag doubles blocks. Large, because every level of the recursion below it
 * costs launches (two TRMMs) while the batched inversion of all blocks costs a few
 * launches whatever their order (H100: doc/lapack.md). */
enum { TRTRI_LEAF = 512 };

/* TRTRI on the executor, arguments checked, n > 0, no zero on a non-unit diagonal. */
static kblasf_status_t trtri(kblasf_handle_t h, char uplo, char diag, kblasf_int n, T *A,
                             kblasf_int lda)
{
    kblasf_int nb = 1, nblk;
    size_t elems;
    T *W;

    while (nb < TRTRI_LEAF && nb < n)
        nb *= 2;
    nblk = (n + nb - 1) / nb;
    elems = (size_t)nblk * nb * (nb + 1) + kblasf_trtri_diag_scratch(n, nb);
    /* the scratch's one other user, the recursive TRSM, never runs inside TRTRI */
    W = kblasf_scratch(h, elems * sizeof(T));
    if (!W)
        return KBLASF_STATUS_ALLOC_FAILED;
    if (PRIMS(h)->trtri_diag(h, uplo, diag, n, nb, A, lda, W, W + (size_t)nblk * nb * (nb + 1)))
        return KBLASF_STATUS_EXECUTION_FAILED;
    return trtri_rec(h, kblasf_lsame(uplo, 'L'), diag, n, A, lda, W, nb);
}

/* info > 0 when A(info, info) is exactly zero (non-unit diag), read from the device. */
static kblasf_status_t singular(kblasf_handle_t h, char diag, kblasf_int n, const T *A,
                                kblasf_int lda, kblasf_int *info)
{
    T *d;
    kblasf_status_t st;

    *info = 0;
    if (kblasf_lsame(diag, 'U'))
        return KBLASF_STATUS_SUCCESS;
    d = malloc((size_t)n * sizeof(T));
    if (!d)
        return KBLASF_STATUS_ALLOC_FAILED;
    /* the diagonal is a 1 x n matrix with leading dimension lda + 1 */
    st = h->exec->copy_to_host(h, 1, n, sizeof(T), A, lda + 1, d, 1);
    if (!st) /* d is a vector: element i at d + i + i*0 */
        *info = FN(zero_diagonal)(n, d, 0);
    free(d);
    return st;
}

kblasf_status_t FN(trtri)(kblasf_handle_t h, char uplo, char diag, kblasf_int n, T *A,
                          kblasf_int lda, kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_TRTRI, uplo, diag, n, 0, lda, lda, info, &st) || n == 0)
        return st;
    kblasf_log_call(h, PNAME("TRTRI"), "uplo=%c, diag=%c, n=%lld", uplo, diag, (long long)n);
    if ((st = singular(h, diag, n, A, lda, info)) || *info)
        return st;
    st = trtri(h, uplo, diag, n, A, lda);
    return st ? st : h->exec->sync(h);
}

/* ------------------------------------------------------------------ LAUUM */

static kblasf_status_t lauum_rec(kblasf_context *ctx, int lower, kblasf_int n, T *A,
                                 kblasf_int lda, T *W, kblasf_int nb)
{
    char uplo = lower ? 'L' : 'U';
    kblasf_int n1, n2;
    T *Aoff, *A22;
    kblasf_status_t st;

    if (n <= nb) { /* W := the triangle, zero-padded; A := W^H W (lower) or W W^H */
        st = PRIMS(ctx)->set_zero(ctx, n, n, W, n);
        if (!st)
            st = PRIMS(ctx)->tri_copy(ctx, uplo, 0, n, n, A, lda, W, n);
        return st ? st : PRIMS(ctx)->syrk(ctx, uplo, lower ? 'C' : 'N', n, n, 1, W, n, 0, A, lda);
    }
    n1 = kblasf_split_point(n, nb);
    n2 = n - n1;
    Aoff = lower ? at(A, lda, n1, 0) : at(A, lda, 0, n1);
    A22 = at(A, lda, n1, n1);
    /* lower: A11 := L11^H L11 + L21^H L21, A21 := L22^H L21;
     * upper: A11 := U11 U11^H + U12 U12^H, A12 := U12 U22^H */
    if ((st = lauum_rec(ctx, lower, n1, A, lda, W, nb)))
        return st;
    st = syrk(ctx, uplo, lower ? 'C' : 'N', n1, n2, 1, Aoff, lda, 1, A, lda);
    if (!st && lower)
        st = FN(trxm_apply)(ctx, 0, 'L', uplo, 'C', 'N', n2, n1, 1, A22, lda, Aoff, lda);
    else if (!st)
        st = FN(trxm_apply)(ctx, 0, 'R', uplo, 'C', 'N', n1, n2, 1, A22, lda, Aoff, lda);
    return st ? st : lauum_rec(ctx, lower, n2, A22, lda, W, nb);
}

/* Order of LAUUM's leaves: large for the same reason (each leaf is three launches, each
 * level of the recursion a SYRK and a TRMM); the leaf's HERK on the zero-padded square
 * does at most twice the leaf's work. */
enum { LAUUM_LEAF = 512 };

static kblasf_status_t lauum(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda)
{
    kblasf_int nb = MIN(n, LAUUM_LEAF);
    T *W = kblasf_scratch(h, (size_t)nb * nb * sizeof(T));

    if (!W)
        return KBLASF_STATUS_ALLOC_FAILED;
    return lauum_rec(h, kblasf_lsame(uplo, 'L'), n, A, lda, W, nb);
}

kblasf_status_t FN(lauum)(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                          kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_LAUUM, uplo, 'N', n, 0, lda, lda, info, &st) || n == 0)
        return st;
    kblasf_log_call(h, PNAME("LAUUM"), "uplo=%c, n=%lld", uplo, (long long)n);
    st = lauum(h, uplo, n, A, lda);
    return st ? st : h->exec->sync(h);
}

/* ------------------------------------------------------------------ POTRI, POSV */

kblasf_status_t FN(potri)(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                          kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_POTRI, uplo, 'N', n, 0, lda, lda, info, &st) || n == 0)
        return st;
    kblasf_log_call(h, PNAME("POTRI"), "uplo=%c, n=%lld", uplo, (long long)n);
    if ((st = singular(h, 'N', n, A, lda, info)) || *info)
        return st;
    st = trtri(h, uplo, 'N', n, A, lda);
    if (!st)
        st = lauum(h, uplo, n, A, lda);
    return st ? st : h->exec->sync(h);
}

kblasf_status_t FN(posv)(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int nrhs, T *A,
                         kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info)
{
    kblasf_status_t st;

    if (begin(h, KBLASF_R_POSV, uplo, 'N', n, nrhs, lda, ldb, info, &st) || n == 0)
        return st;
    kblasf_log_call(h, PNAME("POSV"), "uplo=%c, n=%lld, nrhs=%lld", uplo, (long long)n,
                    (long long)nrhs);
    st = potrf(h, uplo, n, A, lda, info);
    if (st || *info || nrhs == 0)
        return st;
    return potrs(h, uplo, n, nrhs, A, lda, B, ldb);
}
