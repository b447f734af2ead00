/*
 * batch_potri_gen.c — batched LAUUM, POTRI and POTI, the device API (precision-generic):
 * kblasf_?lauum_batch, ?potri_batch, ?poti_batch (arrays of pointers) and their
 * _batch_strided forms. In place on the uplo triangle of each matrix; POTRI and POTI with
 * an info per matrix (include/kblasf.h).
 *
 * The executor's primitives take orders up to their own (the CUDA kernels: 32, one fused
 * kernel for POTRI and POTI; the host executor's LAPACK loop: any). Larger orders recurse:
 *   LAUUM, lower (upper is its mirror), L = [L11 0; L21 L22]:
 *     A11 := L11^H L11 (recursion), A11 += L21^H L21 (batched HERK),
 *     A21 := L22^H L21 (batched TRMM), A22 := L22^H L22 (recursion);
 *   POTRI: the infos (a zero on the diagonal), then batched TRTRI and LAUUM;
 *   POTI: the batched POTRF, then POTRI's last two steps.
 * A matrix with info > 0 must come out as LAPACK leaves it, so when any info is, the
 * infos are read (one wait) and the rest runs on an array of pointers to the others only.
 * With KBLASF_OFFLOAD=always the recursion runs on every executor (CI checks it on the
 * host executor).
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"

typedef struct plan {
    kblasf_context *ctx;
    char uplo;
    int lower;
    kblasf_int batch;
    batch_t A;
    /* the first of each, for the log */
    char leaf_path[KBLASF_BATCH_PATHSZ], herk_path[KBLASF_BATCH_PATHSZ],
        trmm_path[KBLASF_BATCH_PATHSZ];
} plan;

/* LAUUM of the diagonal block of order m at d */
static kblasf_status_t lauum_rec(plan *p, kblasf_int m, kblasf_int d)
{
    batch_t A11 = FN(batch_at)(&p->A, d, d), A22, off;
    kblasf_int m1, m2;
    char path[KBLASF_BATCH_PATHSZ];
    const char *how = "";
    kblasf_status_t st;

    if (m <= KBLASF_BATCH_TRXM_LEAF) {
        st = PRIMS(p->ctx)->lauum_batch(p->ctx, p->uplo, m, &A11, p->batch, &how);
        kblasf_keep_first(p->leaf_path, sizeof p->leaf_path, how);
        return st;
    }
    m1 = kblasf_split_point(m, KBLASF_BATCH_TRXM_LEAF);
    m2 = m - m1;
    A22 = FN(batch_at)(&p->A, d + m1, d + m1);
    off = p->lower ? FN(batch_at)(&p->A, d + m1, d) : FN(batch_at)(&p->A, d, d + m1);
    if ((st = lauum_rec(p, m1, d)))
        return st;
    /* A11 += L21^H L21 (lower: off is m2 x m1) or U12 U12^H (upper: m1 x m2) */
    st = FN(syrk_batch_run)(p->ctx, 1, p->uplo, p->lower ? 'C' : 'N', m1, m2, 1, &off, 1, &A11,
                            p->batch, path, sizeof path);
    kblasf_keep_first(p->herk_path, sizeof p->herk_path, path);
    if (st)
        return st;
    /* A21 := L22^H L21, or A12 := U12 U22^H */
    st = p->lower ? FN(trxm_batch_run)(p->ctx, 0, 'L', 'L', 'C', 'N', m2, m1, 1, &A22, &off,
                                       p->batch, path, sizeof path)
                  : FN(trxm_batch_run)(p->ctx, 0, 'R', 'U', 'C', 'N', m1, m2, 1, &A22, &off,
                                       p->batch, path, sizeof path);
    kblasf_keep_first(p->trmm_path, sizeof p->trmm_path, path);
    if (st)
        return st;
    return lauum_rec(p, m2, d + m1);
}

/* LAUUM of every matrix of A: the executor's primitive, or the recursion. */
static kblasf_status_t lauum_run(kblasf_context *ctx, char uplo, kblasf_int n, const batch_t *A,
                                 kblasf_int batch, char *path, size_t pathsz)
{
    plan p = {0};
    const char *how = "";
    kblasf_status_t st;

    p.ctx = ctx;
    p.uplo = uplo;
    p.lower = kblasf_lsame(uplo, 'L');
    p.batch = batch;
    p.A = *A;
    st = kblasf_batch_forced(n, KBLASF_BATCH_TRXM_LEAF, &how)
             ? KBLASF_STATUS_NOT_SUPPORTED
             : PRIMS(ctx)->lauum_batch(ctx, uplo, n, A, batch, &how);
    if (kblasf_batch_served(st, how, path, pathsz))
        return st;
    st = lauum_rec(&p, n, 0);
    snprintf(path, pathsz, "recursion (%s): diagonal blocks of order <= %d: %s; batched HERK: "
             "%s; batched TRMM: %s", how, KBLASF_BATCH_TRXM_LEAF, p.leaf_path, p.herk_path,
             p.trmm_path);
    return st;
}

/* POTRI (poti 0) or POTI above what the executor's primitive takes: the infos, then TRTRI
 * and LAUUM on the matrices whose info is 0. */
static kblasf_status_t potri_rec(kblasf_handle_t h, const kblasf_batch_args *a, batch_t *A,
                                 kblasf_int *info, char *path, size_t pathsz)
{
    char tpath[480], lpath[480];
    kblasf_int count;
    T **arr = NULL;
    batch_t S;
    kblasf_status_t st;

    if (a->poti)
        st = a->strided ? FN(potrf_batch_strided)(h, a->uplo, a->n, A->base, a->lda, a->strideA,
                                                  info, a->batch)
                        : FN(potrf_batch)(h, a->uplo, a->n, (T *const *)A->arr, a->lda, info,
                                          a->batch);
    else
        st = PRIMS(h)->zero_diag_batch(h, a->n, A, info, a->batch);
    if (!st)
        st = FN(batch_good_members)(h, 1, A, info, a->batch, &S, &count, &arr);
    if (!st && count > 0)
        st = FN(trtri_batch_run)(h, a->uplo, 'N', a->n, &S, count, tpath, sizeof tpath);
    if (!st && count > 0)
        st = lauum_run(h, a->uplo, a->n, &S, count, lpath, sizeof lpath);
    if (arr)
        kblasf_dev_release(h, arr);
    if (!st)
        snprintf(path, pathsz, "%s; then on the %lld matrices with info 0%s: batched TRTRI: %s; "
                 "batched LAUUM: %s", a->poti ? "batched POTRF" : "the zero-diagonal check",
                 (long long)count, count < a->batch ? " (through an array of pointers)" : "",
                 count > 0 ? tpath : "-", count > 0 ? lpath : "-");
    return st;
}

/* One batched call, any routine and form. */
static kblasf_status_t run(kblasf_handle_t h, const kblasf_batch_args *a)
{
    char name[40], path[1300];
    batch_t A = FN(batch_of)(a->A, a->strided, a->strideA, a->lda);
    kblasf_int *info = (kblasf_int *)a->info;
    const char *how = "";
    kblasf_status_t st;

    snprintf(name, sizeof name, PREC_UPPER "%s_BATCH%s",
             a->r == KBLASF_R_LAUUM ? "LAUUM" : a->poti ? "POTI" : "POTRI",
             a->strided ? "_STRIDED" : "");
    if ((st = kblasf_batch_start(h, a, name)))
        return st;
    if (a->batch == 0)
        return KBLASF_STATUS_SUCCESS;
    if (a->n == 0) /* POTRI and POTI still say 0 for every matrix (POTRF's of order 0) */
        return info ? PRIMS(h)->potrf_batch(h, a->uplo, 0, &A, info, 0, a->batch, &how)
                    : KBLASF_STATUS_SUCCESS;
    if (a->r == KBLASF_R_LAUUM)
        st = lauum_run(h, a->uplo, a->n, &A, a->batch, path, sizeof path);
    else {
        st = kblasf_batch_forced(a->n, KBLASF_BATCH_TRXM_LEAF, &how)
                 ? KBLASF_STATUS_NOT_SUPPORTED
                 : PRIMS(h)->potri_batch(h, a->poti, a->uplo, a->n, &A, info, a->batch, &how);
        if (!kblasf_batch_served(st, how, path, sizeof path)) {
            char rec[1200];
            st = potri_rec(h, a, &A, info, rec, sizeof rec);
            snprintf(path, sizeof path, "recursion (%s): %s", how, rec);
        }
    }
    kblasf_log_call(h, name, "uplo=%c, n=%lld, batch=%lld: %s", a->uplo, (long long)a->n,
                    (long long)a->batch, path);
    return st;
}

/* ------------------------------------------------------------------ the six forms */

#define POTRI_ARGS(routine, is_poti, is_strided)                                           \
    {.r = (routine), .poti = (is_poti), .strided = (is_strided), .uplo = uplo, .n = n,    \
     .lda = lda, .ldb = 1, .batch = batch}

kblasf_status_t FN(lauum_batch)(kblasf_handle_t h, char uplo, kblasf_int n, T *const *A_array,
                                kblasf_int lda, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_LAUUM, 0, 0);

    a.A = A_array;
    return run(h, &a);
}

kblasf_status_t FN(lauum_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n, T *A,
                                        kblasf_int lda, kblasf_int strideA, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_LAUUM, 0, 1);

    a.A = A;
    a.strideA = strideA;
    return run(h, &a);
}

kblasf_status_t FN(potri_batch)(kblasf_handle_t h, char uplo, kblasf_int n, T *const *A_array,
                                kblasf_int lda, kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_POTRI, 0, 0);

    a.A = A_array;
    a.info = info_array;
    return run(h, &a);
}

kblasf_status_t FN(potri_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n, T *A,
                                        kblasf_int lda, kblasf_int strideA,
                                        kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_POTRI, 0, 1);

    a.A = A;
    a.strideA = strideA;
    a.info = info_array;
    return run(h, &a);
}

kblasf_status_t FN(poti_batch)(kblasf_handle_t h, char uplo, kblasf_int n, T *const *A_array,
                               kblasf_int lda, kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_POTRI, 1, 0);

    a.A = A_array;
    a.info = info_array;
    return run(h, &a);
}

kblasf_status_t FN(poti_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n, T *A,
                                       kblasf_int lda, kblasf_int strideA,
                                       kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = POTRI_ARGS(KBLASF_R_POTRI, 1, 1);

    a.A = A;
    a.strideA = strideA;
    a.info = info_array;
    return run(h, &a);
}
