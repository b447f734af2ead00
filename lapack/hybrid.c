/*
 * hybrid.c — what the reductions (sytrd_gen.c, gebrd_gen.c) and their host forms share:
 * the host form's run on the device (A up once, the device form, A down, or the CPU path
 * before A is written) and host buffers page-locked for the length of a call.
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

double kblasf_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
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
