/* exec_host_gen.c — the host executor's primitives (precision-generic): the CPU BLAS. */
#include "prec.h"
#include "internal.h"
#include "blas.h"

static kblasf_status_t host_gemv(kblasf_context *ctx, char trans, kblasf_int m,
                                 kblasf_int n, T alpha, const T *A, kblasf_int lda,
                                 kblasf_int offr, kblasf_int offc, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    (void)ctx;
    PFN(gemv_)(&trans, &m, &n, &alpha, A + offr + (size_t)offc * lda, &lda, x, &incx,
               &beta, y, &incy, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_symv(kblasf_context *ctx, char uplo, kblasf_int n, T alpha,
                                 const T *A, kblasf_int lda, kblasf_int off, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    (void)ctx;
#if IS_COMPLEX
    PFN(hemv_)
#else
    PFN(symv_)
#endif
        (&uplo, &n, &alpha, A + off + (size_t)off * lda, &lda, x, &incx, &beta, y, &incy, 1);
    return KBLASF_STATUS_SUCCESS;
}

void FN(host_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p)
{
    p->gemv = host_gemv;
    p->symv = host_symv;
}
