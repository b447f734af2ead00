/* context.c — handles: creation with executor choice, streams, the per-thread default. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

int kblasf_device_count(void)
{
    char why[128];
    return kblasf_cuda_probe(why, sizeof why);
}

/* Picks the executor for `backend` and says why in ctx->why. */
static kblasf_status_t choose_executor(kblasf_context *ctx, int device,
                                       kblasf_backend_t backend)
{
    char why[128] = "";
    int ndev;

    if (backend == KBLASF_BACKEND_HOST) {
        ctx->exec = kblasf_host_executor();
        ctx->device = -1;
        snprintf(ctx->why, sizeof ctx->why, "backend host requested");
        return KBLASF_STATUS_SUCCESS;
    }
    ndev = kblasf_cuda_probe(why, sizeof why);
    if (device < 0)
        device = kblasf_get_config()->device;
    if (ndev > 0 && device < ndev) {
        ctx->exec = kblasf_cuda_executor();
        ctx->device = device;
        snprintf(ctx->why, sizeof ctx->why, "%s", why);
        return KBLASF_STATUS_SUCCESS;
    }
    if (ndev > 0)
        snprintf(why, sizeof why, "device %d requested but only %d present", device, ndev);
    if (backend == KBLASF_BACKEND_CUDA) {
        kblasf_log("CUDA backend requested but unusable: %s", why);
        return KBLASF_STATUS_NO_DEVICE;
    }
    ctx->exec = kblasf_host_executor();
    ctx->device = -1;
    snprintf(ctx->why, sizeof ctx->why, "no GPU: %s", why);
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_create_backend(kblasf_handle_t *handle, int device,
                                      kblasf_backend_t backend)
{
    kblasf_context *ctx;
    kblasf_status_t st;

    if (!handle)
        return KBLASF_STATUS_INVALID_VALUE;
    *handle = NULL;
    ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return KBLASF_STATUS_ALLOC_FAILED;
    st = choose_executor(ctx, device, backend);
    if (st == KBLASF_STATUS_SUCCESS)
        st = ctx->exec->init(ctx);
    if (st != KBLASF_STATUS_SUCCESS) {
        free(ctx);
        return st;
    }
    kblasf_log("handle %p on %s executor (%s)", (void *)ctx, ctx->exec->name, ctx->why);
    *handle = ctx;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_create(kblasf_handle_t *handle, int device)
{
    return kblasf_create_backend(handle, device, kblasf_get_config()->backend);
}

kblasf_status_t kblasf_destroy(kblasf_handle_t handle)
{
    if (!handle)
        return KBLASF_STATUS_INVALID_VALUE;
    handle->exec->sync(handle);
    kblasf_dev_release(handle, handle->scratch);
    kblasf_dev_release(handle, handle->dinfo);
    handle->exec->fini(handle);
    free(handle->allocs);
    free(handle);
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_set_stream(kblasf_handle_t handle, void *stream)
{
    if (!handle)
        return KBLASF_STATUS_INVALID_VALUE;
    return handle->exec->set_stream(handle, stream);
}

kblasf_status_t kblasf_get_stream(kblasf_handle_t handle, void **stream)
{
    if (!handle || !stream)
        return KBLASF_STATUS_INVALID_VALUE;
    *stream = handle->stream;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_synchronize(kblasf_handle_t handle)
{
    if (!handle)
        return KBLASF_STATUS_INVALID_VALUE;
    return handle->exec->sync(handle);
}

kblasf_backend_t kblasf_get_backend(kblasf_handle_t handle)
{
    return handle && handle->device >= 0 ? KBLASF_BACKEND_CUDA : KBLASF_BACKEND_HOST;
}

/* ---- the per-thread default handle (LAPACK-style host API) ---- */

static pthread_key_t default_key;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static void destroy_default(void *h)
{
    kblasf_destroy(h);
}

static void make_default_key(void)
{
    pthread_key_create(&default_key, destroy_default);
}

kblasf_handle_t kblasf_default_handle(void)
{
    kblasf_handle_t h;

    pthread_once(&default_once, make_default_key);
    h = pthread_getspecific(default_key);
    if (h)
        return h;
    /* Never fail: a CUDA backend that cannot start falls back to the host. */
    if (kblasf_create(&h, -1) != KBLASF_STATUS_SUCCESS) {
        kblasf_log("default handle: CUDA unusable, falling back to the host executor");
        if (kblasf_create_backend(&h, -1, KBLASF_BACKEND_HOST) != KBLASF_STATUS_SUCCESS)
            return NULL;
    }
    pthread_setspecific(default_key, h);
    return h;
}

kblasf_status_t kblasf_set_trxm_stop_size(kblasf_handle_t handle, kblasf_int nb)
{
    if (!handle || nb < 0)
        return KBLASF_STATUS_INVALID_VALUE;
    handle->trxm_nb = nb;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_set_trsm_leaves(kblasf_handle_t handle, kblasf_trsm_leaves_t leaves)
{
    if (!handle || (unsigned)leaves > (unsigned)KBLASF_TRSM_LEAVES_INVERT)
        return KBLASF_STATUS_INVALID_VALUE;
    handle->trsm_leaves = leaves;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t kblasf_set_trsv_tma(kblasf_handle_t handle, kblasf_trsv_tma_t mode)
{
    if (!handle || (unsigned)mode > (unsigned)KBLASF_TRSV_TMA_ALWAYS)
        return KBLASF_STATUS_INVALID_VALUE;
    handle->trsv_tma = mode;
    return KBLASF_STATUS_SUCCESS;
}

void *kblasf_scratch(kblasf_context *ctx, size_t bytes)
{
    if (bytes <= ctx->scratch_bytes)
        return ctx->scratch;
    kblasf_dev_release(ctx, ctx->scratch); /* waits for the work that used it */
    ctx->scratch = NULL;
    ctx->scratch_bytes = 0;
    if (kblasf_dev_alloc(ctx, &ctx->scratch, bytes) != KBLASF_STATUS_SUCCESS) {
        ctx->scratch = NULL;
        return NULL;
    }
    ctx->scratch_bytes = bytes;
    return ctx->scratch;
}
