/*
 * batch_syrk_gen.c — batched SYRK and HERK, the device API (precision-generic):
 * kblasf_?syrk_batch (arrays of pointers), ?syrk_batch_strided, and for complex types
 * kblasf_?herk_batch, ?herk_batch_strided. Each problem as BLAS's SYRK or HERK on the uplo
 * triangle of its C.
 *
 * The executor's syrk_batch primitive takes orders up to its own (the CUDA kernel: 32, the
 * host executor's BLAS loop: any). Larger C recurse (the paper's nested batching): split C
 * in two at a power of two times the leaf order, the off-diagonal block of every matrix is
 * one batched GEMM, the two diagonal halves recurse, down to diagonal blocks the primitive
 * takes. With KBLASF_OFFLOAD=always the recursion runs on every executor (CI checks it on
 * the host executor).
 */
#include <stdio.h>
#include "prec.h"
#include "lapack.h"

typedef struct plan {
    kblasf_context *ctx;
    int herm, notrans;
    char uplo, trans, tb; /* tb: how GEMM takes the transposed factor, 'T' or 'C' (HERK) */
    kblasf_int k, batch;
    T alpha, beta;
    batch_t A, C;
    const char *leaf_path; /* the executor's path of the first leaf, for the log */
} plan;

/* op(A)'s rows from d on: A's rows (trans 'N') or columns */
static batch_t a_at(const plan *p, kblasf_int d)
{
    return p->notrans ? FN(batch_at)(&p->A, d, 0) : FN(batch_at)(&p->A, 0, d);
}

/* C's block of rows r (kr of them) and columns c (kc): alpha op(A)_r op(A)_c^H + beta C
 * (^T for SYRK), one batched GEMM. */
static kblasf_status_t off_block(const plan *p, kblasf_int kr, kblasf_int r, kblasf_int kc,
                                 kblasf_int c)
{
    batch_t Ar = a_at(p, r), Ac = a_at(p, c), Cb = FN(batch_at)(&p->C, r, c);

    return p->notrans ? PRIMS(p->ctx)->gemm_batch(p->ctx, 'N', p->tb, kr, kc, p->k, p->alpha,
                                                  &Ar, &Ac, p->beta, &Cb, p->batch)
                      : PRIMS(p->ctx)->gemm_batch(p->ctx, p->tb, 'N', kr, kc, p->k, p->alpha,
                                                  &Ar, &Ac, p->beta, &Cb, p->batch);
}

static kblasf_status_t rec(plan *p, kblasf_int m, kblasf_int d)
{
    kblasf_int m1;
    kblasf_status_t st;

    if (m <= KBLASF_BATCH_TRXM_LEAF) {
        batch_t A = a_at(p, d), C = FN(batch_at)(&p->C, d, d);
        const char *path = "";

        st = PRIMS(p->ctx)->syrk_batch(p->ctx, p->herm, p->uplo, p->trans, m, p->k, p->alpha,
                                       &A, p->beta, &C, p->batch, &path);
        if (!p->leaf_path)
            p->leaf_path = path;
        return st;
    }
    m1 = kblasf_split_point(m, KBLASF_BATCH_TRXM_LEAF);
    if ((st = rec(p, m1, d)) || (st = rec(p, m - m1, d + m1)))
        return st;
    return kblasf_lsame(p->uplo, 'L') ? off_block(p, m - m1, d + m1, m1, d)
                                      : off_block(p, m1, d, m - m1, d + m1);
}

kblasf_status_t FN(syrk_batch_run)(kblasf_context *ctx, int herm, char uplo, char trans,
                                   kblasf_int n, kblasf_int k, T alpha, const batch_t *A,
                                   T beta, const batch_t *C, kblasf_int batch, char *path,
                                   size_t pathsz)
{
    plan p = {0};
    const char *how = "";
    kblasf_status_t st;

    p.ctx = ctx;
    p.herm = herm && IS_COMPLEX;
    p.notrans = kblasf_lsame(trans, 'N');
    p.uplo = uplo;
    p.trans = trans;
    p.tb = p.herm ? 'C' : 'T';
    p.k = k;
    p.batch = batch;
    /* HERK's scalars are real: its GEMMs must see the same ones */
    p.alpha = p.herm ? (T)REAL(alpha) : alpha;
    p.beta = p.herm ? (T)REAL(beta) : beta;
    p.A = *A;
    p.C = *C;
    if ((k == 0 || p.alpha == 0) && p.beta == 1) {
        snprintf(path, pathsz, "nothing to do (k = 0 or alpha = 0, beta = 1), as BLAS");
        return KBLASF_STATUS_SUCCESS; /* C unchanged, HERK's diagonal too, as BLAS */
    }
    if (k == 0 || p.alpha == 0) {
        /* C := beta C reads nothing of A, which may not even be there: every GEMM then
         * has k = 0, and takes C's own blocks where A's would be */
        p.k = 0;
        p.A = p.C;
    }
    st = kblasf_batch_forced(n, KBLASF_BATCH_TRXM_LEAF, &how)
             ? KBLASF_STATUS_NOT_SUPPORTED
             : PRIMS(ctx)->syrk_batch(ctx, p.herm, uplo, trans, n, p.k, p.alpha, &p.A, p.beta,
                                      &p.C, batch, &how);
    if (kblasf_batch_served(st, how, path, pathsz))
        return st;
    st = rec(&p, n, 0);
    snprintf(path, pathsz, "recursion onto batched GEMM (%s), diagonal blocks of order <= %d: %s",
             how, KBLASF_BATCH_TRXM_LEAF, p.leaf_path ? p.leaf_path : "");
    return st;
}

/* One batched call, either operation and form. */
static kblasf_status_t run(kblasf_handle_t h, const kblasf_batch_args *a, T alpha, T beta)
{
    char name[40], path[240];
    batch_t A = FN(batch_of)(a->A, a->strided, a->strideA, a->lda);
    batch_t C = FN(batch_of)(a->B, a->strided, a->strideB, a->ldb);
    kblasf_status_t st;

    snprintf(name, sizeof name, PREC_UPPER "%s_BATCH%s", a->syrk == 'H' ? "HERK" : "SYRK",
             a->strided ? "_STRIDED" : "");
    if ((st = kblasf_batch_start(h, a, name)))
        return st;
    if (a->batch == 0 || a->n == 0)
        return KBLASF_STATUS_SUCCESS;
    st = FN(syrk_batch_run)(h, a->syrk == 'H', a->uplo, a->transa, a->n, a->k, alpha, &A, beta,
                            &C, a->batch, path, sizeof path);
    kblasf_log_call(h, name, "uplo=%c, trans=%c, n=%lld, k=%lld, batch=%lld: %s", a->uplo,
                    a->transa, (long long)a->n, (long long)a->k, (long long)a->batch, path);
    return st;
}

/* The arguments of both operations and forms; alpha and beta are read after the checks
 * (which reject NULL ones). */
#define SYRK_ARGS(kind, is_strided)                                                        \
    {.syrk = (kind), .strided = (is_strided), .uplo = uplo, .transa = trans, .n = n,      \
     .k = k, .lda = lda, .ldb = ldc, .batch = batch, .alpha = alpha, .beta = beta}

kblasf_status_t FN(syrk_batch)(kblasf_handle_t h, char uplo, char trans, kblasf_int n,
                               kblasf_int k, const T *alpha, T *const *A_array, kblasf_int lda,
                               const T *beta, T *const *C_array, kblasf_int ldc,
                               kblasf_int batch)
{
    kblasf_batch_args a = SYRK_ARGS(IS_COMPLEX ? 'S' : 'R', 0);

    a.A = A_array;
    a.B = C_array;
    return run(h, &a, alpha ? *alpha : 0, beta ? *beta : 0);
}

kblasf_status_t FN(syrk_batch_strided)(kblasf_handle_t h, char uplo, char trans, kblasf_int n,
                                       kblasf_int k, const T *alpha, const T *A,
                                       kblasf_int lda, kblasf_int strideA, const T *beta, T *C,
                                       kblasf_int ldc, kblasf_int strideC, kblasf_int batch)
{
    kblasf_batch_args a = SYRK_ARGS(IS_COMPLEX ? 'S' : 'R', 1);

    a.A = A;
    a.B = C;
    a.strideA = strideA;
    a.strideB = strideC;
    return run(h, &a, alpha ? *alpha : 0, beta ? *beta : 0);
}

#if IS_COMPLEX
kblasf_status_t FN(herk_batch)(kblasf_handle_t h, char uplo, char trans, kblasf_int n,
                               kblasf_int k, const RT *alpha, T *const *A_array, kblasf_int lda,
                               const RT *beta, T *const *C_array, kblasf_int ldc,
                               kblasf_int batch)
{
    kblasf_batch_args a = SYRK_ARGS('H', 0);

    a.A = A_array;
    a.B = C_array;
    return run(h, &a, alpha ? *alpha : 0, beta ? *beta : 0);
}

kblasf_status_t FN(herk_batch_strided)(kblasf_handle_t h, char uplo, char trans, kblasf_int n,
                                       kblasf_int k, const RT *alpha, const T *A,
                                       kblasf_int lda, kblasf_int strideA, const RT *beta, T *C,
                                       kblasf_int ldc, kblasf_int strideC, kblasf_int batch)
{
    kblasf_batch_args a = SYRK_ARGS('H', 1);

    a.A = A;
    a.B = C;
    a.strideA = strideA;
    a.strideB = strideC;
    return run(h, &a, alpha ? *alpha : 0, beta ? *beta : 0);
}
#endif
