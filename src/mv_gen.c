/* mv_gen.c — device API of the matrix-vector products (precision-generic):
 * argument checks in BLAS order, quick returns, then the executor's primitive. */
#include "prec.h"
#include "internal.h"

#if IS_COMPLEX
#  define SYMV_FN        FN(hemv)
#  define SYMV_OFFSET_FN FN(hemv_offset)
#  define SYMV_NAME      "HEMV"
#else
#  define SYMV_FN        FN(symv)
#  define SYMV_OFFSET_FN FN(symv_offset)
#  define SYMV_NAME      "SYMV"
#endif

kblasf_status_t FN(gemv_offset)(kblasf_handle_t h, char trans, kblasf_int m, kblasf_int n,
                                const T *alpha, const T *A, kblasf_int lda, const T *x,
                                kblasf_int incx, const T *beta, T *y, kblasf_int incy,
                                kblasf_int offr, kblasf_int offc)
{
    static const char *name = "KBLASF_" PNAME("GEMV");
    kblasf_int pos = 0;

    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    if (!kblasf_lsame(trans, 'N') && !kblasf_lsame(trans, 'T') && !kblasf_lsame(trans, 'C'))
        pos = 1;
    else if (m < 0)
        pos = 2;
    else if (n < 0)
        pos = 3;
    else if (!alpha)
        pos = 4;
    else if (lda < MAX(1, m))
        pos = 6;
    else if (incx == 0)
        pos = 8;
    else if (!beta)
        pos = 9;
    else if (incy == 0)
        pos = 11;
    else if (offr < 0)
        pos = 12;
    else if (offc < 0)
        pos = 13;
    else if (lda < offr + m)
        pos = 6;
    if (pos)
        return kblasf_arg_error(name, pos);
    if (m == 0 || n == 0 || (*alpha == 0 && *beta == 1))
        return KBLASF_STATUS_SUCCESS;
    kblasf_log_call(h, name + 7, "%c, m=%lld, n=%lld, offset=(%lld,%lld)", trans,
                    (long long)m, (long long)n, (long long)offr, (long long)offc);
    return PRIMS(h)->gemv(h, trans, m, n, *alpha, A, lda, offr, offc, x, incx, *beta, y, incy);
}

kblasf_status_t FN(gemv)(kblasf_handle_t h, char trans, kblasf_int m, kblasf_int n,
                         const T *alpha, const T *A, kblasf_int lda, const T *x,
                         kblasf_int incx, const T *beta, T *y, kblasf_int incy)
{
    return FN(gemv_offset)(h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy, 0, 0);
}

kblasf_status_t SYMV_OFFSET_FN(kblasf_handle_t h, char uplo, kblasf_int n, const T *alpha,
                               const T *A, kblasf_int lda, const T *x, kblasf_int incx,
                               const T *beta, T *y, kblasf_int incy, kblasf_int off)
{
    static const char *name = "KBLASF_" PNAME(SYMV_NAME);
    kblasf_int pos = 0;

    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    if (!kblasf_lsame(uplo, 'L') && !kblasf_lsame(uplo, 'U'))
        pos = 1;
    else if (n < 0)
        pos = 2;
    else if (!alpha)
        pos = 3;
    else if (lda < MAX(1, n))
        pos = 5;
    else if (incx == 0)
        pos = 7;
    else if (!beta)
        pos = 8;
    else if (incy == 0)
        pos = 10;
    else if (off < 0)
        pos = 11;
    else if (lda < off + n)
        pos = 5;
    if (pos)
        return kblasf_arg_error(name, pos);
    if (n == 0 || (*alpha == 0 && *beta == 1))
        return KBLASF_STATUS_SUCCESS;
    kblasf_log_call(h, name + 7, "%c, n=%lld, offset=%lld", uplo, (long long)n,
                    (long long)off);
    return PRIMS(h)->symv(h, uplo, n, *alpha, A, lda, off, x, incx, *beta, y, incy);
}

kblasf_status_t SYMV_FN(kblasf_handle_t h, char uplo, kblasf_int n, const T *alpha,
                        const T *A, kblasf_int lda, const T *x, kblasf_int incx,
                        const T *beta, T *y, kblasf_int incy)
{
    return SYMV_OFFSET_FN(h, uplo, n, alpha, A, lda, x, incx, beta, y, incy, 0);
}
