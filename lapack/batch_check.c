/*
 * batch_check.c — the argument checks of the batched routines (lapack.h), one
 * walk over the argument list of each routine and form, so that the positions reported
 * through xerbla_ are those of the caller's list.
 */
#include <stdio.h>
#include "lapack.h"

/* A stride smaller than one matrix would make neighbours overlap; with one matrix it is
 * never used, and 0 is the natural value to pass. */
static int bad_stride(kblasf_int stride, int64_t need, kblasf_int batch)
{
    return stride < need && !(stride == 0 && batch <= 1);
}

/* the next argument of the list: its position when bad */
#define ARG(bad) do { pos++; if (bad) return pos; } while (0)

/* TRSM/TRMM: BLAS's list, then the batch's own arguments */
static kblasf_int trxm_check(const kblasf_batch_args *a)
{
    int left = kblasf_lsame(a->side, 'L');
    kblasf_int k = left ? a->m : a->n, pos = 0;
    int used = a->batch > 0 && a->m > 0 && a->n > 0;

    ARG(!left && !kblasf_lsame(a->side, 'R'));
    ARG(!kblasf_lsame(a->uplo, 'U') && !kblasf_lsame(a->uplo, 'L'));
    ARG(!kblasf_lsame(a->transa, 'N') && !kblasf_lsame(a->transa, 'T') &&
        !kblasf_lsame(a->transa, 'C'));
    ARG(!kblasf_lsame(a->diag, 'U') && !kblasf_lsame(a->diag, 'N'));
    ARG(a->m < 0);
    ARG(a->n < 0);
    ARG(!a->alpha);
    ARG(used && !a->A);
    ARG(a->lda < MAX(1, k));
    if (a->strided)
        ARG(bad_stride(a->strideA, (int64_t)a->lda * k, a->batch));
    ARG(used && !a->B);
    ARG(a->ldb < MAX(1, a->m));
    if (a->strided)
        ARG(bad_stride(a->strideB, (int64_t)a->ldb * a->n, a->batch));
    ARG(a->batch < 0);
    return 0;
}

/* TRTRI: LAPACK's list without info, then the batch's own arguments */
static kblasf_int trtri_check(const kblasf_batch_args *a)
{
    kblasf_int pos = 0;

    ARG(!kblasf_lsame(a->uplo, 'U') && !kblasf_lsame(a->uplo, 'L'));
    ARG(!kblasf_lsame(a->diag, 'U') && !kblasf_lsame(a->diag, 'N'));
    ARG(a->n < 0);
    ARG(a->batch > 0 && a->n > 0 && !a->A);
    ARG(a->lda < MAX(1, a->n));
    if (a->strided)
        ARG(bad_stride(a->strideA, (int64_t)a->lda * a->n, a->batch));
    ARG(a->batch < 0);
    return 0;
}

/* SYRK/HERK: BLAS's list, then the batch's own arguments */
static kblasf_int syrk_check(const kblasf_batch_args *a)
{
    int notrans = kblasf_lsame(a->transa, 'N');
    kblasf_int ka = notrans ? a->k : a->n, pos = 0; /* A's columns */
    /* SYRK: 'T' (and 'C' for real types, as BLAS), HERK: 'C' */
    int trans_ok = notrans || (a->syrk != 'H' && kblasf_lsame(a->transa, 'T')) ||
                   (a->syrk != 'S' && kblasf_lsame(a->transa, 'C'));

    ARG(!kblasf_lsame(a->uplo, 'U') && !kblasf_lsame(a->uplo, 'L'));
    ARG(!trans_ok);
    ARG(a->n < 0);
    ARG(a->k < 0);
    ARG(!a->alpha);
    ARG(a->batch > 0 && a->n > 0 && a->k > 0 && !a->A);
    ARG(a->lda < MAX(1, notrans ? a->n : a->k));
    if (a->strided)
        ARG(bad_stride(a->strideA, (int64_t)a->lda * ka, a->batch));
    ARG(!a->beta);
    ARG(a->batch > 0 && a->n > 0 && !a->B);
    ARG(a->ldb < MAX(1, a->n));
    if (a->strided)
        ARG(bad_stride(a->strideB, (int64_t)a->ldb * a->n, a->batch));
    ARG(a->batch < 0);
    return 0;
}

kblasf_int kblasf_batch_check(const kblasf_batch_args *a)
{
    int rhs = a->r == KBLASF_R_POTRS || a->r == KBLASF_R_POSV;
    int has_info = a->r != KBLASF_R_POTRS && a->r != KBLASF_R_LAUUM;
    int used = a->batch > 0 && a->n > 0; /* the matrices will be touched */
    kblasf_int pos = 0;

    if (a->trxm)
        return trxm_check(a);
    if (a->syrk)
        return syrk_check(a);
    if (a->r == KBLASF_R_TRTRI)
        return trtri_check(a);
    ARG(!kblasf_lsame(a->uplo, 'U') && !kblasf_lsame(a->uplo, 'L'));
    ARG(a->n < 0);
    if (rhs)
        ARG(a->nrhs < 0);
    ARG(used && !a->A);
    ARG(a->lda < MAX(1, a->n));
    if (a->strided)
        ARG(bad_stride(a->strideA, (int64_t)a->lda * a->n, a->batch));
    if (rhs) {
        ARG(used && a->nrhs > 0 && !a->B);
        ARG(a->ldb < MAX(1, a->n));
        if (a->strided)
            ARG(bad_stride(a->strideB, (int64_t)a->ldb * a->nrhs, a->batch));
    }
    if (has_info)
        ARG(a->batch > 0 && !a->info);
    ARG(a->batch < 0);
    return 0;
}
#undef ARG

kblasf_status_t kblasf_batch_start(kblasf_handle_t h, const kblasf_batch_args *a,
                                   const char *name)
{
    char full[64];
    kblasf_int pos;

    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    if ((pos = kblasf_batch_check(a))) {
        snprintf(full, sizeof full, "KBLASF_%s", name);
        return kblasf_arg_error(full, pos);
    }
    return KBLASF_STATUS_SUCCESS;
}

int kblasf_batch_forced(kblasf_int n, kblasf_int limit, const char **how)
{
    if (n <= limit || kblasf_get_config()->offload != KBLASF_OFFLOAD_ALWAYS)
        return 0;
    *how = "KBLASF_OFFLOAD=always";
    return 1;
}

void kblasf_keep_first(char *dst, size_t sz, const char *path)
{
    if (!dst[0])
        snprintf(dst, sz, "%s", path);
}

int kblasf_batch_served(kblasf_status_t st, const char *how, char *path, size_t pathsz)
{
    if (st == KBLASF_STATUS_NOT_SUPPORTED)
        return 0;
    snprintf(path, pathsz, "%s", how);
    return 1;
}
