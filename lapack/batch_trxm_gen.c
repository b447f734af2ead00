/*
 * batch_trxm_gen.c — batched TRSM and TRMM, the device API (precision-generic):
 * kblasf_?trsm_batch, ?trmm_batch (arrays of pointers) and their _batch_strided forms.
 * Thousands of small problems at once, each as BLAS's TRSM or TRMM, in place on B.
 *
 * The executor's trxm_batch primitive takes triangles up to an order of its own (the CUDA
 * kernel: 32, the host executor's BLAS loop: any). Larger triangles recurse as the
 * non-batched TRMM/TRSM do (src/trxm_gen.c, after Charara, Ltaief and Keyes): split the
 * triangle in two at a power of two times the leaf order, run the off-diagonal block as
 * one batched GEMM over all matrices (gemm_batch), recurse on the two diagonal halves. The
 * halves are the same blocks of every matrix, so they are batch descriptors with an
 * element offset. With KBLASF_OFFLOAD=always the recursion runs on every executor, so
 * that CI checks it on the host executor.
 */
#include <stdio.h>
#include "prec.h"
#include "lapack.h"

/* One call's fixed data: the triangles A and the blocks B, B's m x n. */
typedef struct plan {
    kblasf_context *ctx;
    int solve, left, lower, eff_lower;
    char side, uplo, trans, diag;
    kblasf_int m, n, batch;
    batch_t A, B;
    const char *leaf_path; /* the executor's path of the first leaf, for the log */
} plan;

/* B's rows (side L) or columns (side R) from d on, of every matrix */
static batch_t b_at(const plan *p, kblasf_int d)
{
    return p->left ? FN(batch_at)(&p->B, d, 0) : FN(batch_at)(&p->B, 0, d);
}

/* The diagonal block of order k at d, on its part of B, in the executor's primitive. */
static kblasf_status_t leaf(plan *p, kblasf_int k, kblasf_int d, T alpha)
{
    batch_t A = FN(batch_at)(&p->A, d, d), B = b_at(p, d);
    const char *path = "";
    kblasf_status_t st;

    st = PRIMS(p->ctx)->trxm_batch(p->ctx, p->solve, p->side, p->uplo, p->trans, p->diag,
                                   p->left ? k : p->m, p->left ? p->n : k, alpha, &A, &B,
                                   p->batch, &path);
    if (!p->leaf_path)
        p->leaf_path = path;
    return st;
}

/* B[dst] := alpha*op(Aoff)*B[src] + beta*B[dst] (side L), or alpha*B[src]*op(Aoff) +
 * beta*B[dst] (side R); kd, ks: the orders of the two halves. */
static kblasf_status_t update(const plan *p, kblasf_int kd, kblasf_int dd, kblasf_int ks,
                              kblasf_int ds, T alpha, const batch_t *Aoff, T beta)
{
    batch_t dst = b_at(p, dd), src = b_at(p, ds);

    return p->left ? PRIMS(p->ctx)->gemm_batch(p->ctx, p->trans, 'N', kd, p->n, ks, alpha,
                                                Aoff, &src, beta, &dst, p->batch)
                   : PRIMS(p->ctx)->gemm_batch(p->ctx, 'N', p->trans, p->m, kd, ks, alpha,
                                                &src, Aoff, beta, &dst, p->batch);
}

/* The operation on the diagonal block of order k at d. The order of the halves and of
 * the updates is trxm_gen.c's rec(): TRMM first does the half whose update reads the
 * other's original values, TRSM the half whose solve needs nothing of the other. */
static kblasf_status_t rec(plan *p, kblasf_int k, kblasf_int d, T alpha)
{
    kblasf_int k1, kf, df, ks, ds;
    batch_t Aoff;
    kblasf_status_t st;

    if (k <= KBLASF_BATCH_TRXM_LEAF)
        return leaf(p, k, d, alpha);
    k1 = kblasf_split_point(k, KBLASF_BATCH_TRXM_LEAF);
    Aoff = p->lower ? FN(batch_at)(&p->A, d + k1, d) : FN(batch_at)(&p->A, d, d + k1);
    if (p->solve == (p->left == p->eff_lower)) {
        kf = k1, df = d, ks = k - k1, ds = d + k1;
    } else {
        kf = k - k1, df = d + k1, ks = k1, ds = d;
    }
    if ((st = rec(p, kf, df, alpha)))
        return st;
    if (alpha == 0) /* B := 0 without reading A: the leaves alone */
        return rec(p, ks, ds, alpha);
    if (!p->solve) {
        if ((st = update(p, kf, df, ks, ds, alpha, &Aoff, 1)))
            return st;
        return rec(p, ks, ds, alpha);
    }
    if ((st = update(p, ks, ds, kf, df, -1, &Aoff, alpha)))
        return st;
    return rec(p, ks, ds, 1);
}

kblasf_status_t FN(trxm_batch_run)(kblasf_context *ctx, int solve, char side, char uplo,
                                   char transa, char diag, kblasf_int m, kblasf_int n, T alpha,
                                   const batch_t *A, const batch_t *B, kblasf_int batch,
                                   char *path, size_t pathsz)
{
    plan p = {0};
    const char *how = "";
    kblasf_int k;
    kblasf_status_t st;

    p.ctx = ctx;
    p.solve = solve;
    p.side = side;
    p.uplo = uplo;
    p.trans = transa;
    p.diag = diag;
    p.left = kblasf_lsame(side, 'L');
    p.lower = kblasf_lsame(uplo, 'L');
    p.eff_lower = p.lower == kblasf_lsame(transa, 'N');
    p.m = m;
    p.n = n;
    p.batch = batch;
    p.A = *A;
    p.B = *B;
    k = p.left ? m : n;
    st = kblasf_batch_forced(k, KBLASF_BATCH_TRXM_LEAF, &how)
             ? KBLASF_STATUS_NOT_SUPPORTED
             : PRIMS(ctx)->trxm_batch(ctx, solve, side, uplo, transa, diag, m, n, alpha, A, B,
                                      batch, &how);
    if (kblasf_batch_served(st, how, path, pathsz))
        return st;
    st = rec(&p, k, 0, alpha);
    snprintf(path, pathsz, "recursion onto batched GEMM (%s), triangles of order <= %d: %s", how,
             KBLASF_BATCH_TRXM_LEAF, p.leaf_path ? p.leaf_path : "");
    return st;
}

/* One batched call, either operation and form. */
static kblasf_status_t run(kblasf_handle_t h, const kblasf_batch_args *a)
{
    char name[40], path[200];
    batch_t A = FN(batch_of)(a->A, a->strided, a->strideA, a->lda);
    batch_t B = FN(batch_of)(a->B, a->strided, a->strideB, a->ldb);
    kblasf_status_t st;

    snprintf(name, sizeof name, PREC_UPPER "%s_BATCH%s", a->solve ? "TRSM" : "TRMM",
             a->strided ? "_STRIDED" : "");
    if ((st = kblasf_batch_start(h, a, name)))
        return st;
    if (a->batch == 0 || a->m == 0 || a->n == 0)
        return KBLASF_STATUS_SUCCESS;
    st = FN(trxm_batch_run)(h, a->solve, a->side, a->uplo, a->transa, a->diag, a->m, a->n,
                            *(const T *)a->alpha, &A, &B, a->batch, path, sizeof path);
    kblasf_log_call(h, name, "side=%c, uplo=%c, transa=%c, diag=%c, m=%lld, n=%lld, batch=%lld: %s",
                    a->side, a->uplo, a->transa, a->diag, (long long)a->m, (long long)a->n,
                    (long long)a->batch, path);
    return st;
}

/* ------------------------------------------------------------------ the four forms */

static kblasf_status_t pointers(kblasf_handle_t h, int solve, char side, char uplo,
                                char transa, char diag, kblasf_int m, kblasf_int n,
                                const T *alpha, T *const *A_array, kblasf_int lda,
                                T *const *B_array, kblasf_int ldb, kblasf_int batch)
{
    kblasf_batch_args a = {.trxm = 1, .solve = solve, .side = side, .uplo = uplo,
                           .transa = transa, .diag = diag, .m = m, .n = n, .alpha = alpha,
                           .lda = lda, .ldb = ldb, .batch = batch, .A = A_array, .B = B_array};
    return run(h, &a);
}

static kblasf_status_t strided(kblasf_handle_t h, int solve, char side, char uplo,
                               char transa, char diag, kblasf_int m, kblasf_int n,
                               const T *alpha, const T *A, kblasf_int lda, kblasf_int strideA,
                               T *B, kblasf_int ldb, kblasf_int strideB, kblasf_int batch)
{
    kblasf_batch_args a = {.trxm = 1, .solve = solve, .strided = 1, .side = side,
                           .uplo = uplo, .transa = transa, .diag = diag, .m = m, .n = n,
                           .alpha = alpha, .lda = lda, .ldb = ldb, .strideA = strideA,
                           .strideB = strideB, .batch = batch, .A = A, .B = B};
    return run(h, &a);
}

kblasf_status_t FN(trsm_batch)(kblasf_handle_t h, char side, char uplo, char transa, char diag,
                               kblasf_int m, kblasf_int n, const T *alpha, T *const *A_array,
                               kblasf_int lda, T *const *B_array, kblasf_int ldb,
                               kblasf_int batch)
{
    return pointers(h, 1, side, uplo, transa, diag, m, n, alpha, A_array, lda, B_array, ldb,
                    batch);
}

kblasf_status_t FN(trmm_batch)(kblasf_handle_t h, char side, char uplo, char transa, char diag,
                               kblasf_int m, kblasf_int n, const T *alpha, T *const *A_array,
                               kblasf_int lda, T *const *B_array, kblasf_int ldb,
                               kblasf_int batch)
{
    return pointers(h, 0, side, uplo, transa, diag, m, n, alpha, A_array, lda, B_array, ldb,
                    batch);
}

kblasf_status_t FN(trsm_batch_strided)(kblasf_handle_t h, char side, char uplo, char transa,
                                       char diag, kblasf_int m, kblasf_int n, const T *alpha,
                                       const T *A, kblasf_int lda, kblasf_int strideA, T *B,
                                       kblasf_int ldb, kblasf_int strideB, kblasf_int batch)
{
    return strided(h, 1, side, uplo, transa, diag, m, n, alpha, A, lda, strideA, B, ldb,
                   strideB, batch);
}

kblasf_status_t FN(trmm_batch_strided)(kblasf_handle_t h, char side, char uplo, char transa,
                                       char diag, kblasf_int m, kblasf_int n, const T *alpha,
                                       const T *A, kblasf_int lda, kblasf_int strideA, T *B,
                                       kblasf_int ldb, kblasf_int strideB, kblasf_int batch)
{
    return strided(h, 0, side, uplo, transa, diag, m, n, alpha, A, lda, strideA, B, ldb,
                   strideB, batch);
}
