/* memory.c — the handle's device memory and the 2D host<->device copies. */
#include <stdlib.h>
#include "internal.h"

kblasf_status_t kblasf_dev_alloc(kblasf_context *ctx, void **p, size_t bytes)
{
    size_t limit = kblasf_get_config()->device_memory_limit;
    kblasf_status_t st;

    *p = NULL;
    if (limit && ctx->dev_bytes + bytes > limit) {
        kblasf_log("device allocation of %zu bytes refused: KBLASF_DEVICE_MEMORY_LIMIT=%zu, "
                   "%zu in use", bytes, limit, ctx->dev_bytes);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    if (ctx->nallocs == ctx->cap_allocs) {
        size_t cap = ctx->cap_allocs ? 2 * ctx->cap_allocs : 16;
        struct kblasf_alloc *a = realloc(ctx->allocs, cap * sizeof *a);
        if (!a)
            return KBLASF_STATUS_ALLOC_FAILED;
        ctx->allocs = a;
        ctx->cap_allocs = cap;
    }
    st = ctx->exec->dev_malloc(ctx, p, bytes);
    if (st)
        return st;
    ctx->allocs[ctx->nallocs].p = *p;
    ctx->allocs[ctx->nallocs++].bytes = bytes;
    ctx->dev_bytes += bytes;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_dev_release(kblasf_context *ctx, void *p)
{
    size_t i;

    if (!p)
        return KBLASF_STATUS_SUCCESS;
    for (i = 0; i < ctx->nallocs; i++)
        if (ctx->allocs[i].p == p) {
            ctx->dev_bytes -= ctx->allocs[i].bytes;
            ctx->allocs[i] = ctx->allocs[--ctx->nallocs];
            break;
        }
    return ctx->exec->dev_free(ctx, p);
}

int64_t *kblasf_dev_info(kblasf_context *ctx)
{
    if (!ctx->dinfo && kblasf_dev_alloc(ctx, (void **)&ctx->dinfo, sizeof(int64_t)))
        ctx->dinfo = NULL;
    return ctx->dinfo;
}

kblasf_status_t kblasf_malloc(kblasf_handle_t h, void **ptr, size_t bytes)
{
    if (!h || !ptr)
        return KBLASF_STATUS_INVALID_VALUE;
    *ptr = NULL;
    if (bytes == 0)
        return KBLASF_STATUS_SUCCESS;
    return kblasf_dev_alloc(h, ptr, bytes);
}

kblasf_status_t kblasf_free(kblasf_handle_t h, void *ptr)
{
    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    return kblasf_dev_release(h, ptr);
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

void kblasf_hold(kblasf_context *ctx, kblasf_held *m, void *host, size_t elsize,
                 kblasf_int rows, kblasf_int cols, kblasf_int ld)
{
    const kblasf_pipe_ops *P = ctx->exec->pipe;

    m->host = host;
    m->elsize = elsize;
    m->rows = rows;
    m->cols = cols;
    m->ld = ld;
    m->locked = P ? P->lock(ctx, host, ((size_t)(cols - 1) * ld + rows) * elsize) : -1;
}

void kblasf_release(kblasf_context *ctx, const kblasf_held *m)
{
    if (m->locked == 1)
        ctx->exec->pipe->unlock(ctx, m->host);
}

kblasf_status_t kblasf_held_upload(kblasf_context *ctx, const kblasf_held *m, void *d)
{
    if (m->locked < 0)
        return kblasf_set_matrix(ctx, m->rows, m->cols, m->elsize, m->host, m->ld, d, m->rows);
    return ctx->exec->pipe->upload(ctx, 0, m->rows, m->cols, m->elsize, m->host, m->ld, d,
                                   m->rows);
}

kblasf_status_t kblasf_held_download(kblasf_context *ctx, const kblasf_held *m, const void *d)
{
    kblasf_status_t st;

    if (m->locked < 0)
        return kblasf_get_matrix(ctx, m->rows, m->cols, m->elsize, d, m->rows, m->host, m->ld);
    st = ctx->exec->pipe->download(ctx, 0, m->rows, m->cols, m->elsize, d, m->rows, m->host,
                                   m->ld);
    return st ? st : ctx->exec->pipe->sync_queue(ctx, 0);
}
