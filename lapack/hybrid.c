/*
 * hybrid.c — what the reductions (sytrd_gen.c, gebrd_gen.c) and their host forms share:
 * the host form's run on the device (A up once, the device form, A down, or the CPU path
 * before A is written), host buffers page-locked for the length of a call, and GEBRD's
 * per-column download that the CPU waits for, asynchronous where the executor has
 * pipelines (GEBRD runs its share of a step's arithmetic while the device works).
 */
#include <stdlib.h>
#include <time.h>
#include "lapack.h"

void *kblasf_pinned_alloc(kblasf_context *ctx, size_t bytes, int *locked)
{
    void *p = calloc(1, bytes); /* large blocks come zeroed from mmap at no extra cost */

    *locked = -1;
    if (p && ctx->exec->pipe)
        *locked = ctx->exec->pipe->lock(ctx, p, bytes);
    return p;
}

void kblasf_pinned_free(kblasf_context *ctx, void *p, int locked)
{
    if (!p)
        return;
    ctx->exec->sync(ctx); /* nothing may still read or write it */
    if (locked == 1)
        ctx->exec->pipe->unlock(ctx, p);
    free(p);
}

kblasf_status_t kblasf_fetch_start(kblasf_context *ctx, size_t len, size_t elsize,
                                   const void *d, void *h)
{
    if (ctx->exec->pipe)
        return ctx->exec->pipe->download(ctx, 0, len, 1, elsize, d, len, h, len);
    return ctx->exec->copy_to_host(ctx, len, 1, elsize, d, len, h, len);
}

double kblasf_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

kblasf_status_t kblasf_fetch_wait(kblasf_context *ctx, double *waited)
{
    double t0 = kblasf_now();
    kblasf_status_t st = ctx->exec->pipe ? ctx->exec->pipe->sync_queue(ctx, 0)
                                         : KBLASF_STATUS_SUCCESS;

    *waited += kblasf_now() - t0;
    return st;
}

int kblasf_host_on_device(kblasf_handle_t h, const char *name, void *A, size_t elsize,
                          kblasf_int m, kblasf_int n, kblasf_int lda,
                          kblasf_status_t (*device_form)(kblasf_handle_t h, void *dA, void *arg),
                          void *arg)
{
    void *dA = NULL;
    kblasf_held a;
    kblasf_status_t st;

    if (kblasf_dev_alloc(h, &dA, (size_t)m * n * elsize)) {
        kblasf_log("%s(m=%lld, n=%lld) on the CPU: no device memory for A", name, (long long)m,
                   (long long)n);
        return 0;
    }
    kblasf_hold(h, &a, A, elsize, m, n, lda);
    st = kblasf_held_upload(h, &a, dA);
    if (!st)
        st = device_form(h, dA, arg);
    if (!st)
        st = kblasf_held_download(h, &a, dA);
    h->exec->sync(h); /* nothing may still read the memory below */
    kblasf_release(h, &a);
    kblasf_dev_release(h, dA);
    if (st) {
        kblasf_log("%s(m=%lld, n=%lld): the device failed (%s): the CPU path runs instead",
                   name, (long long)m, (long long)n, kblasf_status_string(st));
        return 0;
    }
    return 1;
}
