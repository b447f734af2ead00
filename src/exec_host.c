/* exec_host.c — the host executor: "device" memory is host memory, copies are memcpy,
 * primitives are the CPU BLAS. It runs every algorithm where no GPU is present and lets
 * make check exercise every index and transfer of the algorithms without one. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

void kblasf_shost_prims(kblasf_prims_s *p);
void kblasf_dhost_prims(kblasf_prims_d *p);
void kblasf_chost_prims(kblasf_prims_c *p);
void kblasf_zhost_prims(kblasf_prims_z *p);

static kblasf_status_t host_init(kblasf_context *ctx) { (void)ctx; return KBLASF_STATUS_SUCCESS; }
static void host_fini(kblasf_context *ctx) { (void)ctx; }
static kblasf_status_t host_sync(kblasf_context *ctx) { (void)ctx; return KBLASF_STATUS_SUCCESS; }

static kblasf_status_t host_set_stream(kblasf_context *ctx, void *stream)
{
    ctx->stream = stream; /* kept for kblasf_get_stream; the host runs synchronously */
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_malloc(kblasf_context *ctx, void **p, size_t bytes)
{
    (void)ctx;
    /* 64-byte alignment, as cudaMalloc gives at least that. */
    if (posix_memalign(p, 64, bytes) != 0) {
        *p = NULL;
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_free(kblasf_context *ctx, void *p)
{
    (void)ctx;
    free(p);
    return KBLASF_STATUS_SUCCESS;
}

static void copy2d(size_t rows, size_t cols, size_t elsize, const void *src, size_t lds,
                   void *dst, size_t ldd)
{
    size_t j;

    if (rows == 1) { /* a strided vector */
        for (j = 0; j < cols; j++)
            memcpy((char *)dst + j * ldd * elsize, (const char *)src + j * lds * elsize, elsize);
        return;
    }
    for (j = 0; j < cols; j++)
        memmove((char *)dst + j * ldd * elsize, (const char *)src + j * lds * elsize,
                rows * elsize);
}

static kblasf_status_t host_to_device(kblasf_context *ctx, size_t rows, size_t cols,
                                      size_t elsize, const void *h, size_t ldh, void *d,
                                      size_t ldd)
{
    (void)ctx;
    copy2d(rows, cols, elsize, h, ldh, d, ldd);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_to_host(kblasf_context *ctx, size_t rows, size_t cols,
                                    size_t elsize, const void *d, size_t ldd, void *h,
                                    size_t ldh)
{
    (void)ctx;
    copy2d(rows, cols, elsize, d, ldd, h, ldh);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_executor host_executor = {
    .name = "host",
    .init = host_init,
    .fini = host_fini,
    .set_stream = host_set_stream,
    .sync = host_sync,
    .dev_malloc = host_malloc,
    .dev_free = host_free,
    .copy_to_device = host_to_device,
    .copy_to_host = host_to_host,
    .copy_on_device = host_to_device, /* all three are one 2D copy in host memory */
};

static pthread_once_t host_once = PTHREAD_ONCE_INIT;

static void host_fill(void)
{
    kblasf_shost_prims(&host_executor.s);
    kblasf_dhost_prims(&host_executor.d);
    kblasf_chost_prims(&host_executor.c);
    kblasf_zhost_prims(&host_executor.z);
}

const kblasf_executor *kblasf_host_executor(void)
{
    pthread_once(&host_once, host_fill);
    return &host_executor;
}
