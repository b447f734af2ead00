/*
 * batch_trtri_gen.c — batched TRTRI, the device API (precision-generic):
 * kblasf_?trtri_batch (arrays of pointers) and kblasf_?trtri_batch_strided. Each triangle
 * is inverted in place as LAPACK's TRTRI, without an info (include/kblasf.h).
 *
 * The executor's trtri_batch primitive takes triangles up to an order of its own (the
 * CUDA kernel: 32, the diagonal-block inversion of the recursive TRSM run on every matrix;
 * the host executor's LAPACK loop: any). Larger ones recurse: invert the two diagonal
 * halves, then the off-diagonal block by two batched TRMMs (batch_trxm_gen.c):
 *   lower: X21 = -X22 A21 X11        upper: X12 = -X11 A12 X22
 * all in place, the halves as batch descriptors with an element offset. With
 * KBLASF_OFFLOAD=always the recursion runs on every executor (CI checks it on the host).
 */
#include <stdio.h>
#include "prec.h"
#include "lapack.h"

typedef struct plan {
    kblasf_context *ctx;
    char uplo, diag;
    int lower;
    kblasf_int batch;
    batch_t A;
    char leaf_path[200], trmm_path[200]; /* the first of each, for the log */
} plan;

/* B := alpha*op(X)*B or alpha*B*op(X), X the inverted diagonal block at d of order k */
static kblasf_status_t trmm(plan *p, char side, kblasf_int m, kblasf_int n, T alpha,
                            kblasf_int d, const batch_t *B)
{
    batch_t X = FN(batch_at)(&p->A, d, d);
    char path[200];
    kblasf_status_t st;

    st = FN(trxm_batch_run)(p->ctx, 0, side, p->uplo, 'N', p->diag, m, n, alpha, &X, B,
                            p->batch, path, sizeof path);
    if (!p->trmm_path[0])
        snprintf(p->trmm_path, sizeof p->trmm_path, "%s", path);
    return st;
}

static kblasf_status_t rec(plan *p, kblasf_int k, kblasf_int d)
{
    kblasf_int k1, k2;
    batch_t A = FN(batch_at)(&p->A, d, d), off;
    const char *path = "";
    kblasf_status_t st;

    if (k <= KBLASF_BATCH_TRXM_LEAF) {
        st = PRIMS(p->ctx)->trtri_batch(p->ctx, p->uplo, p->diag, k, &A, p->batch, &path);
        if (!p->leaf_path[0])
            snprintf(p->leaf_path, sizeof p->leaf_path, "%s", path);
        return st;
    }
    k1 = kblasf_split_point(k, KBLASF_BATCH_TRXM_LEAF);
    k2 = k - k1;
    if ((st = rec(p, k1, d)) || (st = rec(p, k2, d + k1)))
        return st;
    if (p->lower) { /* A21 (k2 x k1) := -X22 A21 X11 */
        off = FN(batch_at)(&p->A, d + k1, d);
        if ((st = trmm(p, 'R', k2, k1, -1, d, &off)))
            return st;
        return trmm(p, 'L', k2, k1, 1, d + k1, &off);
    }
    off = FN(batch_at)(&p->A, d, d + k1); /* A12 (k1 x k2) := -X11 A12 X22 */
    if ((st = trmm(p, 'L', k1, k2, -1, d, &off)))
        return st;
    return trmm(p, 'R', k1, k2, 1, d + k1, &off);
}

kblasf_status_t FN(trtri_batch_run)(kblasf_context *ctx, char uplo, char diag, kblasf_int n,
                                    const batch_t *A, kblasf_int batch, char *path,
                                    size_t pathsz)
{
    plan p = {0};
    const char *how = "";
    kblasf_status_t st;

    p.ctx = ctx;
    p.uplo = uplo;
    p.diag = diag;
    p.lower = kblasf_lsame(uplo, 'L');
    p.batch = batch;
    p.A = *A;
    st = kblasf_batch_forced(n, KBLASF_BATCH_TRXM_LEAF, &how)
             ? KBLASF_STATUS_NOT_SUPPORTED
             : PRIMS(ctx)->trtri_batch(ctx, uplo, diag, n, &p.A, batch, &how);
    if (kblasf_batch_served(st, how, path, pathsz))
        return st;
    st = rec(&p, n, 0);
    snprintf(path, pathsz, "recursion (%s): diagonal blocks of order <= %d: %s; batched "
             "TRMMs: %s", how, KBLASF_BATCH_TRXM_LEAF, p.leaf_path, p.trmm_path);
    return st;
}

static kblasf_status_t run(kblasf_handle_t h, const kblasf_batch_args *a)
{
    char name[40], path[480];
    batch_t A = FN(batch_of)(a->A, a->strided, a->strideA, a->lda);
    kblasf_status_t st;

    snprintf(name, sizeof name, PREC_UPPER "TRTRI_BATCH%s", a->strided ? "_STRIDED" : "");
    if ((st = kblasf_batch_start(h, a, name)))
        return st;
    if (a->batch == 0 || a->n == 0)
        return KBLASF_STATUS_SUCCESS;
    st = FN(trtri_batch_run)(h, a->uplo, a->diag, a->n, &A, a->batch, path, sizeof path);
    kblasf_log_call(h, name, "uplo=%c, diag=%c, n=%lld, batch=%lld: %s", a->uplo, a->diag,
                    (long long)a->n, (long long)a->batch, path);
    return st;
}

kblasf_status_t FN(trtri_batch)(kblasf_handle_t h, char uplo, char diag, kblasf_int n,
                                T *const *A_array, kblasf_int lda, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_TRTRI, .uplo = uplo, .diag = diag, .n = n,
                           .lda = lda, .ldb = 1, .batch = batch, .A = A_array};
    return run(h, &a);
}

kblasf_status_t FN(trtri_batch_strided)(kblasf_handle_t h, char uplo, char diag, kblasf_int n,
                                        T *A, kblasf_int lda, kblasf_int strideA,
                                        kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_TRTRI, .strided = 1, .uplo = uplo, .diag = diag,
                           .n = n, .lda = lda, .ldb = 1, .strideA = strideA, .batch = batch,
                           .A = A};
    return run(h, &a);
}
