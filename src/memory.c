/* memory.c — the handle's device memory and the 2D host<->device copies. */
#include "internal.h"

kblasf_status_t kblasf_malloc(kblasf_handle_t h, void **ptr, size_t bytes)
{
    if (!h || !ptr)
        return KBLASF_STATUS_INVALID_VALUE;
    *ptr = NULL;
    if (bytes == 0)
        return KBLASF_STATUS_SUCCESS;
    return h->exec->dev_malloc(h, ptr, bytes);
}

kblasf_status_t kblasf_free(kblasf_handle_t h, void *ptr)
{
    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    return ptr ? h->exec->dev_free(h, ptr) : KBLASF_STATUS_SUCCESS;
}

static int bad_copy(kblasf_handle_t h, kblasf_int m, kblasf_int n, size_t elsize,
                    const void *a, kblasf_int lda, const void *b, kblasf_int ldb)
{
    return !h || m < 0 || n < 0 || elsize == 0 || lda < MAX(1, m) || ldb < MAX(1, m) ||
           ((m > 0 && n > 0) && (!a || !b));
}

kblasf_status_t kblasf_set_matrix(kblasf_handle_t h, kblasf_int m, kblasf_int n,
                                  size_t elsize, const void *hA, kblasf_int lda,
                                  void *dA, kblasf_int ldda)
{
    if (bad_copy(h, m, n, elsize, hA, lda, dA, ldda))
        return KBLASF_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return KBLASF_STATUS_SUCCESS;
    return h->exec->copy_to_device(h, m, n, elsize, hA, lda, dA, ldda);
}

kblasf_status_t kblasf_get_matrix(kblasf_handle_t h, kblasf_int m, kblasf_int n,
                                  size_t elsize, const void *dA, kblasf_int ldda,
                                  void *hA, kblasf_int lda)
{
    if (bad_copy(h, m, n, elsize, dA, ldda, hA, lda))
        return KBLASF_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return KBLASF_STATUS_SUCCESS;
    return h->exec->copy_to_host(h, m, n, elsize, dA, ldda, hA, lda);
}

/* A vector with increment inc is a 1 x n matrix with leading dimension inc. */
kblasf_status_t kblasf_set_vector(kblasf_handle_t h, kblasf_int n, size_t elsize,
                                  const void *hx, kblasf_int incx, void *dy, kblasf_int incy)
{
    if (incx <= 0 || incy <= 0)
        return KBLASF_STATUS_INVALID_VALUE;
    return kblasf_set_matrix(h, 1, n, elsize, hx, incx, dy, incy);
}

kblasf_status_t kblasf_get_vector(kblasf_handle_t h, kblasf_int n, size_t elsize,
                                  const void *dx, kblasf_int incx, void *hy, kblasf_int incy)
{
    if (incx <= 0 || incy <= 0)
        return KBLASF_STATUS_INVALID_VALUE;
    return kblasf_get_matrix(h, 1, n, elsize, dx, incx, hy, incy);
}
