/*
 * batch_check.c — the argument checks of the batched Cholesky routines (lapack.h), one
 * walk over the argument list of each routine and form, so that the positions reported
 * through xerbla_ are those of the caller's list.
 */
#include "lapack.h"

/* A stride smaller than one matrix would make neighbours overlap; with one matrix it is
 * never used, and 0 is the natural value to pass. */
static int bad_stride(kblasf_int stride, int64_t need, kblasf_int batch)
{
    return stride < need && !(stride == 0 && batch <= 1);
}

kblasf_int kblasf_batch_check(const kblasf_batch_args *a)
{
    int rhs = a->r != KBLASF_R_POTRF, has_info = a->r != KBLASF_R_POTRS;
    int used = a->batch > 0 && a->n > 0; /* the matrices will be touched */
    kblasf_int pos = 0;

/* the next argument of the list: its position when bad */
#define ARG(bad) do { pos++; if (bad) return pos; } while (0)
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
#undef ARG
    return 0;
}
