/*
 * batch_gen.c — the batched Cholesky family's device API (precision-generic):
 * kblasf_?potrf_batch, ?potrs_batch, ?posv_batch (arrays of pointers) and their
 * _batch_strided forms (a base pointer and a stride). Thousands of small problems at once,
 * each as LAPACK's POTRF, POTRS, POSV, with an info per matrix.
 *
 * Every form comes down to one call: the checks (batch_check.c), the quick returns, then
 * the executor's batched primitive (prims.h: the CUDA kernels up to order 256, one LAPACK
 * call per matrix on the host). For orders the executor's kernels do not take, the batch
 * runs one matrix at a time through the device algorithm of the non-batched routines
 * (chol_gen.c): correct, not fast. All of it is asynchronous on the handle's stream except
 * that loop's reads of the pointer arrays and, for POSV (there and above the GPU's order 32),
 * of the infos.
 *
 * POTRF above the executor's leaf order (kblasf_batch_potrf_leaf) recurses as the paper's
 * batched POTRF does (its off-diagonal work cast into batched GEMM), lower case (upper is
 * the mirror, A = U^H U):
 *   POTRF(A11); A21 := A21 L11^-H (batched TRSM); A22 -= A21 A21^H (batched HERK);
 *   POTRF(A22), its failures reported past column n1 where A11's did not fail.
 * A matrix that fails in A11 keeps its info and the columns before the failure (the TRSM's
 * columns of A21 before it depend only on L11's valid columns); the rest of its triangle is
 * unspecified, as LAPACK's. POSV there is that POTRF, then POTRS on the members whose info
 * is 0 (posv_split: one read of the infos). With KBLASF_OFFLOAD=always the recursion runs on
 * every executor, so that CI checks it on the host executor.
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"

/* The byte offset of a kblasf_int inside an int64_t that holds a small value: its
 * low-order bytes (host and device share their byte order). */
static size_t low_word(void)
{
    const int64_t one = 1;

    return *(const char *)&one ? 0 : sizeof(int64_t) - sizeof(kblasf_int);
}

/* Replaces d's array of pointers (executor's memory) by a host copy, *copy. */
static kblasf_status_t pointers_to_host(kblasf_handle_t h, batch_t *d, kblasf_int batch,
                                        T ***copy)
{
    kblasf_status_t st;

    *copy = malloc((size_t)batch * sizeof(T *));
    if (!*copy)
        return KBLASF_STATUS_ALLOC_FAILED;
    st = h->exec->copy_to_host(h, batch, 1, sizeof(T *), d->arr, batch, *copy, batch);
    d->arr = *copy;
    return st;
}

/* The batch one matrix at a time through the device algorithm. The arrays of pointers are
 * read on the host (one copy, which waits). Each factorization records its pivot in its
 * own device integer of a zeroed array; one strided copy then moves their low-order words
 * into info. POSV reads all infos (one wait) to know which systems to solve. */
static kblasf_status_t loop(kblasf_handle_t h, const kblasf_batch_args *a, batch_t A,
                            batch_t B, kblasf_int *info)
{
    kblasf_int b, batch = a->batch, *hinfo = NULL;
    /* the pivots' array as T's, for set_zero */
    kblasf_int nt = (kblasf_int)((batch * sizeof(int64_t) + sizeof(T) - 1) / sizeof(T));
    T **pa = NULL, **pb = NULL;
    int64_t *dinfo = NULL;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (A.arr)
        st = pointers_to_host(h, &A, batch, &pa);
    if (!st && a->nrhs > 0 && B.arr)
        st = pointers_to_host(h, &B, batch, &pb);
    if (!st && a->r != KBLASF_R_POTRS) {
        st = kblasf_dev_alloc(h, (void **)&dinfo, (size_t)nt * sizeof(T));
        if (!st)
            st = PRIMS(h)->set_zero(h, nt, 1, (T *)dinfo, nt);
        for (b = 0; b < batch && !st; b++)
            st = FN(potrf_device)(h, a->uplo, a->n, KBLASF_BATCH_MAT(&A, b), a->lda, dinfo + b);
        if (!st)
            st = h->exec->copy_on_device(h, 1, batch, sizeof(kblasf_int),
                                         (const char *)dinfo + low_word(),
                                         sizeof(int64_t) / sizeof(kblasf_int), info, 1);
    }
    if (!st && a->r == KBLASF_R_POSV && a->nrhs > 0) {
        if (!(hinfo = malloc((size_t)batch * sizeof *hinfo)))
            st = KBLASF_STATUS_ALLOC_FAILED;
        else
            st = h->exec->copy_to_host(h, batch, 1, sizeof *hinfo, info, batch, hinfo, batch);
    }
    for (b = 0; a->nrhs > 0 && b < batch && !st; b++)
        if (!hinfo || hinfo[b] == 0)
            st = FN(potrs_device)(h, a->uplo, a->n, a->nrhs, KBLASF_BATCH_MAT(&A, b), a->lda,
                                  KBLASF_BATCH_MAT(&B, b), a->ldb);
    if (dinfo)
        kblasf_dev_release(h, dinfo);
    free(pa);
    free(pb);
    free(hinfo);
    return st;
}

/* POTRF of the diagonal block of order n at d of every matrix of A, by the recursion down
 * to blocks of order <= leaf; ioff: the column of the larger factorization where this
 * block starts (0: info set, else only where it is 0). path, trsm, herk: the first leaf's,
 * TRSM's and HERK's ways, for the log. */
static kblasf_status_t potrf_rec(kblasf_context *ctx, char uplo, kblasf_int n, kblasf_int d,
                                 const batch_t *A, kblasf_int *info, kblasf_int batch,
                                 kblasf_int leaf, const char **path, char *trsm, char *herk)
{
    const int lower = kblasf_lsame(uplo, 'L');
    batch_t A11 = FN(batch_at)(A, d, d), A22, off;
    kblasf_int n1, n2;
    char step[KBLASF_BATCH_PATHSZ];
    kblasf_status_t st;

    if (n <= leaf) {
        const char *how = "";
        st = PRIMS(ctx)->potrf_batch(ctx, uplo, n, &A11, info, d, batch, &how);
        if (!**path)
            *path = how;
        return st;
    }
    n1 = kblasf_split_point(n, leaf);
    n2 = n - n1;
    A22 = FN(batch_at)(A, d + n1, d + n1);
    off = lower ? FN(batch_at)(A, d + n1, d) : FN(batch_at)(A, d, d + n1);
    if ((st = potrf_rec(ctx, uplo, n1, d, A, info, batch, leaf, path, trsm, herk)))
        return st;
    /* A21 := A21 L11^-H, or A12 := U11^-H A12 */
    st = lower ? FN(trxm_batch_run)(ctx, 1, 'R', 'L', 'C', 'N', n2, n1, 1, &A11, &off, batch,
                                    step, sizeof step)
               : FN(trxm_batch_run)(ctx, 1, 'L', 'U', 'C', 'N', n1, n2, 1, &A11, &off, batch,
                                    step, sizeof step);
    kblasf_keep_first(trsm, KBLASF_BATCH_PATHSZ, step);
    if (st)
        return st;
    /* A22 -= A21 A21^H, or A22 -= U12^H U12 */
    st = FN(syrk_batch_run)(ctx, 1, uplo, lower ? 'N' : 'C', n2, n1, -1, &off, 1, &A22, batch,
                            step, sizeof step);
    kblasf_keep_first(herk, KBLASF_BATCH_PATHSZ, step);
    if (st)
        return st;
    return potrf_rec(ctx, uplo, n2, d + n1, A, info, batch, leaf, path, trsm, herk);
}

/* The order of the diagonal blocks that POTRF's recursion splits a matrix of order n into,
 * or 0 where the executor's primitive takes the matrix whole: above the kernels' order 256
 * (where the primitive declines: the caller's loop), and up to the leaf order, except that
 * KBLASF_OFFLOAD=always recurses there too, at the TRSM/TRMM leaf's order (the host
 * executor's leaf is 256, so that CI runs the recursion the GPU runs above 32). */
static kblasf_int potrf_split(kblasf_int n, kblasf_int leaf)
{
    const char *forced;

    if (n > KBLASF_BATCH_KERNEL_MAX)
        return 0;
    if (n > leaf)
        return leaf;
    return kblasf_batch_forced(n, KBLASF_BATCH_TRXM_LEAF, &forced) ? KBLASF_BATCH_TRXM_LEAF : 0;
}

/* POTRF of every matrix of A (n > 0), by the primitive or the recursion (potrf_split). */
static kblasf_status_t potrf_run(kblasf_context *ctx, char uplo, kblasf_int n, const batch_t *A,
                                 kblasf_int *info, kblasf_int batch, char *path, size_t pathsz)
{
    const kblasf_int split = potrf_split(n, kblasf_batch_potrf_leaf(ctx));
    const char *how = "", *first = "";
    char trsm[KBLASF_BATCH_PATHSZ] = "", herk[KBLASF_BATCH_PATHSZ] = "";
    kblasf_status_t st;

    if (!split) {
        st = PRIMS(ctx)->potrf_batch(ctx, uplo, n, A, info, 0, batch, &how);
        snprintf(path, pathsz, "%s", how);
        return st;
    }
    st = potrf_rec(ctx, uplo, n, 0, A, info, batch, split, &first, trsm, herk);
    snprintf(path, pathsz, "recursion: diagonal blocks of order <= %lld: %s; batched TRSM: %s; "
             "batched %s: %s", (long long)split, first, trsm, IS_COMPLEX ? "HERK" : "SYRK",
             herk);
    return st;
}

/* The members whose info is 0 (lapack.h); POSV's and POTRI's ways above order 32. */
kblasf_status_t FN(batch_good_members)(kblasf_context *ctx, int nx, const batch_t *X,
                                       const kblasf_int *info, kblasf_int batch, batch_t *S,
                                       kblasf_int *count, T ***arr)
{
    kblasf_int *hinfo = malloc((size_t)batch * sizeof *hinfo), b, c = 0;
    T **all = NULL, **good = NULL;
    kblasf_status_t st;
    int i;

    for (i = 0; i < nx; i++)
        S[i] = X[i];
    *count = batch;
    *arr = NULL;
    if (!hinfo)
        return KBLASF_STATUS_ALLOC_FAILED;
    st = ctx->exec->copy_to_host(ctx, batch, 1, sizeof *hinfo, info, batch, hinfo, batch);
    for (b = 0; b < batch && !st; b++)
        c += hinfo[b] == 0;
    if (st || c == batch)
        goto done;
    all = malloc((size_t)batch * sizeof *all);
    good = malloc((size_t)nx * (size_t)(c > 0 ? c : 1) * sizeof *good);
    if (!all || !good) {
        st = KBLASF_STATUS_ALLOC_FAILED;
        goto done;
    }
    for (i = 0; i < nx && !st; i++) {
        kblasf_int k = 0;
        if (X[i].arr)
            st = ctx->exec->copy_to_host(ctx, batch, 1, sizeof(T *), X[i].arr, batch, all, batch);
        else
            for (b = 0; b < batch; b++)
                all[b] = X[i].base + (size_t)b * (size_t)X[i].stride;
        for (b = 0; b < batch && !st; b++)
            if (hinfo[b] == 0)
                good[(size_t)i * c + k++] = all[b] + X[i].off;
    }
    *count = c;
    if (!st && c > 0 &&
        !(st = kblasf_dev_alloc(ctx, (void **)arr, (size_t)nx * (size_t)c * sizeof(T *))))
        st = ctx->exec->copy_to_device(ctx, nx * c, 1, sizeof(T *), good, nx * c, *arr, nx * c);
    for (i = 0; i < nx && *arr; i++) {
        S[i].arr = *arr + (size_t)i * c;
        S[i].base = NULL;
        S[i].stride = 0;
        S[i].off = 0;
    }
done:
    free(hinfo);
    free(all);
    free(good);
    return st;
}

/* POSV where the executor recurses for POTRF (potrf_split; on the GPU above order 32): the
 * batched POTRF, then the batched POTRS on the members whose info is 0 (a wait for the
 * infos: B stays untouched where info > 0). The executor's fused POSV primitive factors in
 * the block kernel, a thread block a matrix, which the recursion onto batched TRSM and HERK
 * outruns. H200, batch 10240, nrhs 1, three rounds against the fused primitive (bench/results/
 * H200-2026-11-29-stop49-batch-posv-split.txt): DPOSV 128 4.44 -> 1.81-1.83 ms (1.09x ->
 * 2.65-2.68x cuSOLVER's POTRF and POTRS), SPOSV 3.15 -> 1.27-1.29, CPOSV 5.08 -> 2.45-2.46,
 * ZPOSV 8.08 -> 4.10-4.11. */
static kblasf_status_t posv_split(kblasf_context *ctx, const kblasf_batch_args *a,
                                  const batch_t *A, const batch_t *B, kblasf_int *info,
                                  char *path, size_t pathsz)
{
    char fpath[4 * KBLASF_BATCH_PATHSZ];
    const char *spath = "-";
    batch_t X[2] = {*A, *B}, S[2];
    kblasf_int count = 0;
    T **arr = NULL;
    kblasf_status_t st = potrf_run(ctx, a->uplo, a->n, A, info, a->batch, fpath, sizeof fpath);

    if (!st)
        st = FN(batch_good_members)(ctx, 2, X, info, a->batch, S, &count, &arr);
    if (!st && count > 0)
        st = PRIMS(ctx)->potrs_batch(ctx, a->uplo, a->n, a->nrhs, &S[0], &S[1], count, &spath);
    if (arr)
        kblasf_dev_release(ctx, arr);
    snprintf(path, pathsz, "batched POTRF (%s), then on the %lld matrices with info 0%s "
             "batched POTRS: %s", fpath, (long long)count,
             count < a->batch ? " (through arrays of pointers)" : "", spath);
    return st;
}

/* One batched call, any routine and form. */
static kblasf_status_t run(kblasf_handle_t h, const kblasf_batch_args *a)
{
    char name[40], why[160], rhs[32] = "", rec[6 * KBLASF_BATCH_PATHSZ];
    batch_t A = FN(batch_of)(a->A, a->strided, a->strideA, a->lda);
    batch_t B = FN(batch_of)(a->B, a->strided, a->strideB, a->ldb);
    kblasf_int *info = (kblasf_int *)a->info;
    const char *path = "";
    int factor_only = a->r == KBLASF_R_POTRF || (a->r == KBLASF_R_POSV && a->nrhs == 0);
    kblasf_status_t st;

    snprintf(name, sizeof name, PREC_UPPER "%s_BATCH%s", kblasf_routine_names[a->r],
             a->strided ? "_STRIDED" : "");
    if ((st = kblasf_batch_start(h, a, name)))
        return st;
    /* nothing to compute: POTRF and POSV still say 0 for every matrix of order 0 */
    if (a->batch == 0 || (a->r == KBLASF_R_POTRS && (a->n == 0 || a->nrhs == 0)))
        return KBLASF_STATUS_SUCCESS;
    if (kblasf_batch_forced(a->n, KBLASF_BATCH_KERNEL_MAX, &path))
        st = KBLASF_STATUS_NOT_SUPPORTED; /* the GPU's way for this order, on any executor */
    else if (a->n == 0)
        st = PRIMS(h)->potrf_batch(h, a->uplo, 0, &A, info, 0, a->batch, &path);
    else if (factor_only) {
        st = potrf_run(h, a->uplo, a->n, &A, info, a->batch, rec, sizeof rec);
        path = rec;
    }
    else if (a->r == KBLASF_R_POTRS)
        st = PRIMS(h)->potrs_batch(h, a->uplo, a->n, a->nrhs, &A, &B, a->batch, &path);
    else if (potrf_split(a->n, kblasf_batch_potrf_leaf(h))) {
        st = posv_split(h, a, &A, &B, info, rec, sizeof rec);
        path = rec;
    } else
        st = PRIMS(h)->posv_batch(h, a->uplo, a->n, a->nrhs, &A, &B, info, a->batch, &path);
    if (st == KBLASF_STATUS_NOT_SUPPORTED) {
        snprintf(why, sizeof why, "the device algorithm on each matrix (correct, not fast): %s",
                 path);
        path = why;
    }
    if (a->r != KBLASF_R_POTRF)
        snprintf(rhs, sizeof rhs, ", nrhs=%lld", (long long)a->nrhs);
    kblasf_log_call(h, name, "uplo=%c, n=%lld%s, batch=%lld: %s", a->uplo, (long long)a->n, rhs,
                    (long long)a->batch, a->n == 0 ? "order 0, every info set to 0" : path);
    return st == KBLASF_STATUS_NOT_SUPPORTED ? loop(h, a, A, B, info) : st;
}

/* ------------------------------------------------------------------ the six forms */

kblasf_status_t FN(potrf_batch)(kblasf_handle_t h, char uplo, kblasf_int n, T *const *A_array,
                                kblasf_int lda, kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POTRF, .uplo = uplo, .n = n, .lda = lda, .ldb = 1,
                           .batch = batch, .A = A_array, .info = info_array};
    return run(h, &a);
}

kblasf_status_t FN(potrf_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n, T *A,
                                        kblasf_int lda, kblasf_int strideA,
                                        kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POTRF, .strided = 1, .uplo = uplo, .n = n,
                           .lda = lda, .ldb = 1, .strideA = strideA, .batch = batch, .A = A,
                           .info = info_array};
    return run(h, &a);
}

kblasf_status_t FN(potrs_batch)(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int nrhs,
                                T *const *A_array, kblasf_int lda, T *const *B_array,
                                kblasf_int ldb, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POTRS, .uplo = uplo, .n = n, .nrhs = nrhs,
                           .lda = lda, .ldb = ldb, .batch = batch, .A = A_array, .B = B_array};
    return run(h, &a);
}

kblasf_status_t FN(potrs_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n,
                                        kblasf_int nrhs, const T *A, kblasf_int lda,
                                        kblasf_int strideA, T *B, kblasf_int ldb,
                                        kblasf_int strideB, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POTRS, .strided = 1, .uplo = uplo, .n = n,
                           .nrhs = nrhs, .lda = lda, .ldb = ldb, .strideA = strideA,
                           .strideB = strideB, .batch = batch, .A = A, .B = B};
    return run(h, &a);
}

kblasf_status_t FN(posv_batch)(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int nrhs,
                               T *const *A_array, kblasf_int lda, T *const *B_array,
                               kblasf_int ldb, kblasf_int *info_array, kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POSV, .uplo = uplo, .n = n, .nrhs = nrhs,
                           .lda = lda, .ldb = ldb, .batch = batch, .A = A_array, .B = B_array,
                           .info = info_array};
    return run(h, &a);
}

kblasf_status_t FN(posv_batch_strided)(kblasf_handle_t h, char uplo, kblasf_int n,
                                       kblasf_int nrhs, T *A, kblasf_int lda,
                                       kblasf_int strideA, T *B, kblasf_int ldb,
                                       kblasf_int strideB, kblasf_int *info_array,
                                       kblasf_int batch)
{
    kblasf_batch_args a = {.r = KBLASF_R_POSV, .strided = 1, .uplo = uplo, .n = n,
                           .nrhs = nrhs, .lda = lda, .ldb = ldb, .strideA = strideA,
                           .strideB = strideB, .batch = batch, .A = A, .B = B,
                           .info = info_array};
    return run(h, &a);
}
