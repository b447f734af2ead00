/*
 * hybrid.c — what the hybrid reductions (sytrd_gen.c, gebrd_gen.c) share: host buffers
 * page-locked for the length of a call, and the per-column download that the CPU waits
 * for, asynchronous where the executor has pipelines (GEBRD runs its share of a step's
 * arithmetic while the device works; SYTRD waits for the column LARFG needs).
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
