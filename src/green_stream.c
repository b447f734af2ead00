/* green_stream.c — a stream whose kernels run on part of the device's SMs only: a CUDA green
 * context over all SMs but a reserve (the driver API, reached through the runtime's driver
 * entry points so that the library needs no link to libcuda). The POTRF look-ahead runs its
 * trailing updates there, so that the panel lane always finds the reserved SMs free instead
 * of waiting for the blocks of a large GEMM to drain (doc/lapack.md). */
#include <stdio.h>
#include "internal.h"

#if KBLASF_HAVE_CUDA
#include <cuda.h>
#include "exec_cuda.h"

#if CUDART_VERSION >= 12050
typedef struct {
    CUresult (*device_get)(CUdevice *, int);
    CUresult (*get_resource)(CUdevice, CUdevResource *, CUdevResourceType);
    CUresult (*split)(CUdevResource *, unsigned *, const CUdevResource *, CUdevResource *,
                      unsigned, unsigned);
    CUresult (*desc)(CUdevResourceDesc *, CUdevResource *, unsigned);
    CUresult (*create)(CUgreenCtx *, CUdevResourceDesc, CUdevice, unsigned);
    CUresult (*stream_create)(CUstream *, CUgreenCtx, unsigned, int);
    CUresult (*destroy)(CUgreenCtx);
    CUresult (*as_ctx)(CUcontext *, CUgreenCtx);
    CUresult (*push)(CUcontext);
    CUresult (*pop)(CUcontext *);
    CUresult (*event_create)(CUevent *, unsigned);
    CUresult (*event_destroy)(CUevent);
} green_api;

/* The driver's function `name` as of CUDA 12.5 (cuGreenCtxStreamCreate's first version) */
static int entry(const char *name, void *fn)
{
    enum cudaDriverEntryPointQueryResult q;
    void *p = NULL;

    if (cudaGetDriverEntryPointByVersion(name, &p, 12050, cudaEnableDefault, &q) != cudaSuccess ||
        q != cudaDriverEntryPointSuccess || !p) {
        cudaGetLastError();
        return 0;
    }
    *(void **)fn = p;
    return 1;
}

static int green_api_get(green_api *g)
{
    return entry("cuDeviceGet", &g->device_get) &&
           entry("cuDeviceGetDevResource", &g->get_resource) &&
           entry("cuDevSmResourceSplitByCount", &g->split) &&
           entry("cuDevResourceGenerateDesc", &g->desc) &&
           entry("cuGreenCtxCreate", &g->create) &&
           entry("cuGreenCtxStreamCreate", &g->stream_create) &&
           entry("cuGreenCtxDestroy", &g->destroy) && entry("cuCtxFromGreenCtx", &g->as_ctx) &&
           entry("cuCtxPushCurrent", &g->push) && entry("cuCtxPopCurrent", &g->pop) &&
           entry("cuEventCreate", &g->event_create) && entry("cuEventDestroy", &g->event_destroy);
}

/* An event of the green context (an event is recorded only on streams of its own context;
 * any stream may wait on it). */
static int green_event(const green_api *g, CUgreenCtx green, CUevent *ev)
{
    CUcontext c, prev;
    int bad;

    if (g->as_ctx(&c, green) != CUDA_SUCCESS || g->push(c) != CUDA_SUCCESS)
        return 1;
    bad = g->event_create(ev, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS;
    g->pop(&prev);
    return bad;
}

int kblasf_green_stream_create(int device, int reserve, cudaStream_t *stream,
                               cudaEvent_t *event, void **green, int *nsm, char *why,
                               size_t whylen)
{
    green_api g;
    CUevent ev = NULL;
    CUdevice dev;
    CUdevResource all, part, rest;
    CUdevResourceDesc desc;
    CUgreenCtx ctx = NULL;
    CUstream st = NULL;
    unsigned groups = 1;

    if (!green_api_get(&g)) {
        snprintf(why, whylen, "the driver has no green contexts");
        return 1;
    }
    if (g.device_get(&dev, device) != CUDA_SUCCESS ||
        g.get_resource(dev, &all, CU_DEV_RESOURCE_TYPE_SM) != CUDA_SUCCESS ||
        g.split(&part, &groups, &all, &rest, 0, (unsigned)reserve) != CUDA_SUCCESS ||
        groups != 1 || rest.sm.smCount == 0) {
        snprintf(why, whylen, "the device's SMs cannot be split off %d", reserve);
        return 1;
    }
    if (g.desc(&desc, &rest, 1) != CUDA_SUCCESS ||
        g.create(&ctx, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM) != CUDA_SUCCESS) {
        snprintf(why, whylen, "cuGreenCtxCreate failed");
        return 1;
    }
    if (g.stream_create(&st, ctx, CU_STREAM_NON_BLOCKING, 0) != CUDA_SUCCESS ||
        green_event(&g, ctx, &ev)) {
        if (st)
            cudaStreamDestroy((cudaStream_t)st);
        g.destroy(ctx);
        snprintf(why, whylen, "no stream or event in a green context");
        return 1;
    }
    *stream = (cudaStream_t)st;
    *event = (cudaEvent_t)ev;
    *green = ctx;
    *nsm = (int)rest.sm.smCount;
    snprintf(why, whylen, "%u of %u SMs (%u kept apart)", rest.sm.smCount, all.sm.smCount,
             part.sm.smCount);
    return 0;
}

void kblasf_green_stream_destroy(cudaStream_t stream, cudaEvent_t event, void *green)
{
    green_api g;

    if (!green || !green_api_get(&g))
        return;
    if (stream)
        cudaStreamDestroy(stream);
    if (event)
        g.event_destroy((CUevent)event);
    g.destroy((CUgreenCtx)green);
}

#else /* CUDA before 12.5: no entry points by version */

int kblasf_green_stream_create(int device, int reserve, cudaStream_t *stream,
                               cudaEvent_t *event, void **green, int *nsm, char *why,
                               size_t whylen)
{
    (void)device, (void)reserve, (void)stream, (void)event, (void)green, (void)nsm;
    snprintf(why, whylen, "built with CUDA before 12.5");
    return 1;
}

void kblasf_green_stream_destroy(cudaStream_t stream, cudaEvent_t event, void *green)
{
    (void)stream, (void)event, (void)green;
}
#endif
#endif /* KBLASF_HAVE_CUDA */
