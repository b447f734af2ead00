/* exec_cuda.c — the CUDA executor: a stream, device memory, and 2D copies that go
 * through pinned staging buffers when the host side is pageable. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#if KBLASF_HAVE_CUDA
#include <cuda_runtime_api.h>
#include "exec_cuda.h"
#include "kblasf_cuda.h"

void kblasf_scuda_prims(kblasf_prims_s *p);
void kblasf_dcuda_prims(kblasf_prims_d *p);
void kblasf_ccuda_prims(kblasf_prims_c *p);
void kblasf_zcuda_prims(kblasf_prims_z *p);

enum { NSTAGE = 2, STAGE_BYTES = 8 << 20 }; /* two 8 MiB buffers: copy one, fill the other */

typedef struct cuda_state {
    cublasHandle_t cublas;
    cudaStream_t side[2];         /* pipeline queues 1 and 2, created on first use */
    cudaEvent_t order;            /* pipe_order's event, reused: a wait takes the record
                                     current when it is queued */
    void       *workspace;        /* KBLASF_CUDA_WORKSPACE bytes, on first use */
    int         workspace_failed;
    void       *stage[NSTAGE];
    cudaEvent_t stage_free[NSTAGE]; /* recorded when the DMA that reads/writes it is done */
    int         next;
    /* look-ahead lane 1 (created on first use): its stream and cuBLAS handle; while the
     * primitives run there (on_lane), ctx->stream is the lane's and home the handle's */
    cudaStream_t lane_stream;
    cublasHandle_t lane_cublas;
    cudaEvent_t lane_event;
    cudaStream_t home;
    int         on_lane;
    unsigned   *panel_sync;       /* kblasf_cuda_panel_sync's counter, on first use */
    int         panel_sync_failed;
    kblasf_chain_regions chain;   /* kblasf_cuda_chain_scratch's, allocated on first use */
} cuda_state;

kblasf_status_t kblasf_cuda_check(cudaError_t err, const char *what)
{
    if (err == cudaSuccess)
        return KBLASF_STATUS_SUCCESS;
    fprintf(stderr, "kblasf: %s failed: %s\n", what, cudaGetErrorString(err));
    return err == cudaErrorMemoryAllocation ? KBLASF_STATUS_ALLOC_FAILED
                                            : KBLASF_STATUS_EXECUTION_FAILED;
}

kblasf_status_t kblasf_cublas_check(cublasStatus_t st, const char *what)
{
    if (st == CUBLAS_STATUS_SUCCESS)
        return KBLASF_STATUS_SUCCESS;
    fprintf(stderr, "kblasf: %s failed: cuBLAS status %d\n", what, (int)st);
    return st == CUBLAS_STATUS_ALLOC_FAILED ? KBLASF_STATUS_ALLOC_FAILED
                                            : KBLASF_STATUS_EXECUTION_FAILED;
}

void *kblasf_cuda_workspace(kblasf_context *ctx, size_t bytes)
{
    cuda_state *s = ctx->exec_data;

    if (bytes > KBLASF_CUDA_WORKSPACE || s->workspace_failed)
        return NULL;
    if (!s->workspace && kblasf_dev_alloc(ctx, &s->workspace, KBLASF_CUDA_WORKSPACE)) {
        s->workspace = NULL;
        s->workspace_failed = 1;
        kblasf_log("no %d MiB device workspace: base cases run in place", KBLASF_CUDA_WORKSPACE >> 20);
    }
    return s->workspace;
}

unsigned *kblasf_cuda_panel_sync(kblasf_context *ctx)
{
    cuda_state *s = ctx->exec_data;
    void *p;

    if (s->panel_sync || s->panel_sync_failed)
        return s->panel_sync;
    if (!kblasf_dev_alloc(ctx, &p, sizeof(unsigned))) {
        if (cudaMemset(p, 0, sizeof(unsigned)) == cudaSuccess)
            s->panel_sync = p;
        else
            kblasf_dev_release(ctx, p);
    }
    s->panel_sync_failed = !s->panel_sync; /* one try: the leaf and cuBLAS's TRSM then */
    return s->panel_sync;
}

/* The regions alternate so that no memset stands before a solve's kernels: each call's
 * first kernel marks the region the next call takes, and stream order makes those marks
 * visible to it, as it orders every use of kblasf_scratch. */
void *kblasf_cuda_chain_scratch(kblasf_context *ctx, size_t bytes, int *marked, void **next)
{
    cuda_state *s = ctx->exec_data;

    if (bytes > s->chain.bytes) {
        kblasf_dev_release(ctx, s->chain.base); /* waits for the work that used it */
        s->chain.base = NULL;
        s->chain.bytes = s->chain.ready = 0;
        if (kblasf_dev_alloc(ctx, (void **)&s->chain.base, 2 * bytes)) {
            s->chain.base = NULL;
            return NULL;
        }
        s->chain.bytes = bytes;
    }
    return kblasf_chain_take(&s->chain, bytes, marked, next);
}

void kblasf_cuda_chain_used(kblasf_context *ctx, size_t bytes, int ok)
{
    kblasf_chain_used(&((cuda_state *)ctx->exec_data)->chain, bytes, ok);
}

cublasHandle_t kblasf_cuda_cublas(kblasf_context *ctx)
{
    cuda_state *s = ctx->exec_data;

    return s->on_lane ? s->lane_cublas : s->cublas;
}

int kblasf_cuda_probe(char *why, size_t whylen)
{
    int n = 0, dev = kblasf_get_config()->device;
    cudaError_t err = cudaGetDeviceCount(&n);
    struct cudaDeviceProp prop;

    if (err != cudaSuccess) {
        cudaGetLastError(); /* clear it */
        snprintf(why, whylen, "%s", cudaGetErrorString(err));
        return 0;
    }
    if (n == 0) {
        snprintf(why, whylen, "no CUDA device");
        return 0;
    }
    if (dev < 0 || dev >= n || cudaGetDeviceProperties(&prop, dev) != cudaSuccess)
        snprintf(why, whylen, "%d CUDA device(s)", n);
    else
        snprintf(why, whylen, "%s, %d SMs", prop.name, prop.multiProcessorCount);
    return n;
}

static kblasf_status_t cuda_init(kblasf_context *ctx)
{
    cuda_state *s;
    kblasf_status_t st = kblasf_cuda_check(cudaSetDevice(ctx->device), "cudaSetDevice");
    int i;

    if (st != KBLASF_STATUS_SUCCESS)
        return st;
    s = calloc(1, sizeof *s);
    if (!s)
        return KBLASF_STATUS_ALLOC_FAILED;
    for (i = 0; i < NSTAGE && st == KBLASF_STATUS_SUCCESS; i++)
        st = kblasf_cuda_check(cudaEventCreateWithFlags(&s->stage_free[i],
                                                        cudaEventDisableTiming),
                               "cudaEventCreate");
    if (st == KBLASF_STATUS_SUCCESS)
        st = kblasf_cublas_check(cublasCreate(&s->cublas), "cublasCreate");
    if (st != KBLASF_STATUS_SUCCESS) {
        for (i = 0; i < NSTAGE; i++)
            if (s->stage_free[i])
                cudaEventDestroy(s->stage_free[i]);
        free(s);
        return st;
    }
    ctx->exec_data = s;
    ctx->stream = NULL;
    return KBLASF_STATUS_SUCCESS;
}

static void cuda_fini(kblasf_context *ctx)
{
    cuda_state *s = ctx->exec_data;
    int i;

    cudaSetDevice(ctx->device);
    for (i = 0; i < NSTAGE; i++) {
        cudaEventSynchronize(s->stage_free[i]);
        cudaEventDestroy(s->stage_free[i]);
        if (s->stage[i])
            cudaFreeHost(s->stage[i]);
    }
    cublasDestroy(s->cublas);
    if (s->lane_cublas)
        cublasDestroy(s->lane_cublas);
    if (s->lane_stream)
        cudaStreamDestroy(s->lane_stream);
    if (s->lane_event)
        cudaEventDestroy(s->lane_event);
    for (i = 0; i < 2; i++)
        if (s->side[i])
            cudaStreamDestroy(s->side[i]);
    if (s->order)
        cudaEventDestroy(s->order);
    if (s->workspace)
        cudaFree(s->workspace);
    if (s->panel_sync)
        cudaFree(s->panel_sync);
    if (s->chain.base)
        cudaFree(s->chain.base);
    free(s);
}

static kblasf_status_t cuda_set_stream(kblasf_context *ctx, void *stream)
{
    cuda_state *s = ctx->exec_data;

    ctx->stream = stream;
    return kblasf_cublas_check(cublasSetStream(s->cublas, (cudaStream_t)stream),
                               "cublasSetStream");
}

static kblasf_status_t cuda_sync(kblasf_context *ctx)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(cudaStreamSynchronize(ctx->stream), "cudaStreamSynchronize");
}

static kblasf_status_t cuda_malloc(kblasf_context *ctx, void **p, size_t bytes)
{
    cudaSetDevice(ctx->device);
    if (cudaMalloc(p, bytes) != cudaSuccess) {
        cudaGetLastError();
        *p = NULL;
        kblasf_log("cudaMalloc of %zu bytes failed", bytes);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t cuda_free(kblasf_context *ctx, void *p)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(cudaFree(p), "cudaFree");
}

static int is_pinned(const void *h)
{
    struct cudaPointerAttributes attr;

    if (cudaPointerGetAttributes(&attr, h) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return attr.type == cudaMemoryTypeHost;
}

/* Waits until staging buffer i is free (allocating it on first use). */
static kblasf_status_t take_stage(cuda_state *s, int i)
{
    if (!s->stage[i]) {
        if (cudaHostAlloc(&s->stage[i], STAGE_BYTES, cudaHostAllocDefault) != cudaSuccess) {
            cudaGetLastError();
            s->stage[i] = NULL;
            return KBLASF_STATUS_ALLOC_FAILED;
        }
        return KBLASF_STATUS_SUCCESS;
    }
    return kblasf_cuda_check(cudaEventSynchronize(s->stage_free[i]), "cudaEventSynchronize");
}

/* Host-side packing of a rows x cols block between a strided matrix and a packed one. */
static void pack(size_t rows, size_t cols, size_t es, const char *src, size_t lds, char *dst,
                 size_t ldd)
{
    size_t j;
    for (j = 0; j < cols; j++)
        memcpy(dst + j * ldd * es, src + j * lds * es, rows * es);
}

/* The pieces of a rows x cols matrix that fit one staging buffer: whole columns when a
 * column fits, else row slices of one column. */
typedef struct { size_t r0, nr, c0, nc; } piece;

static int next_piece(piece *p, size_t rows, size_t cols, size_t es)
{
    size_t per = STAGE_BYTES / es;

    if (p->nr == 0) { /* first */
        p->r0 = p->c0 = 0;
    } else if (p->r0 + p->nr < rows) {
        p->r0 += p->nr;
    } else {
        p->r0 = 0;
        p->c0 += p->nc;
    }
    if (p->c0 >= cols)
        return 0;
    if (rows <= per) {
        p->nr = rows;
        p->nc = MIN(cols - p->c0, per / rows);
    } else {
        p->nr = MIN(rows - p->r0, per);
        p->nc = 1;
    }
    return 1;
}

static kblasf_status_t cuda_to_device(kblasf_context *ctx, size_t rows, size_t cols,
                                      size_t es, const void *h, size_t ldh, void *d,
                                      size_t ldd)
{
    cuda_state *s = ctx->exec_data;
    cudaStream_t stream = ctx->stream;
    kblasf_status_t st;
    piece p = {0, 0, 0, 0};

    cudaSetDevice(ctx->device);
    if (is_pinned(h))
        return kblasf_cuda_check(cudaMemcpy2DAsync(d, ldd * es, h, ldh * es, rows * es, cols,
                                                   cudaMemcpyHostToDevice, stream),
                                 "cudaMemcpy2DAsync");
    while (next_piece(&p, rows, cols, es)) {
        int i = s->next;
        s->next = (s->next + 1) % NSTAGE;
        if ((st = take_stage(s, i)) != KBLASF_STATUS_SUCCESS)
            return st;
        pack(p.nr, p.nc, es, (const char *)h + (p.r0 + p.c0 * ldh) * es, ldh, s->stage[i], p.nr);
        st = kblasf_cuda_check(cudaMemcpy2DAsync((char *)d + (p.r0 + p.c0 * ldd) * es, ldd * es,
                                                 s->stage[i], p.nr * es, p.nr * es, p.nc,
                                                 cudaMemcpyHostToDevice, stream),
                               "cudaMemcpy2DAsync");
        if (st == KBLASF_STATUS_SUCCESS)
            st = kblasf_cuda_check(cudaEventRecord(s->stage_free[i], stream), "cudaEventRecord");
        if (st != KBLASF_STATUS_SUCCESS)
            return st;
    }
    return KBLASF_STATUS_SUCCESS;
}

/* Device to host: the result must be in host memory on return, so this waits; the copy
 * of one piece overlaps the unpacking of the previous one. */
static kblasf_status_t cuda_to_host(kblasf_context *ctx, size_t rows, size_t cols,
                                    size_t es, const void *d, size_t ldd, void *h,
                                    size_t ldh)
{
    cuda_state *s = ctx->exec_data;
    cudaStream_t stream = ctx->stream;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;
    piece p = {0, 0, 0, 0}, prev = {0, 0, 0, 0};
    int have_prev = 0, prev_i = 0;

    cudaSetDevice(ctx->device);
    if (is_pinned(h)) {
        st = kblasf_cuda_check(cudaMemcpy2DAsync(h, ldh * es, d, ldd * es, rows * es, cols,
                                                 cudaMemcpyDeviceToHost, stream),
                               "cudaMemcpy2DAsync");
        return st == KBLASF_STATUS_SUCCESS ? cuda_sync(ctx) : st;
    }
    for (;;) {
        int more = next_piece(&p, rows, cols, es);
        int i = s->next;
        if (more) {
            s->next = (s->next + 1) % NSTAGE;
            if ((st = take_stage(s, i)) != KBLASF_STATUS_SUCCESS)
                break;
            st = kblasf_cuda_check(cudaMemcpy2DAsync(s->stage[i], p.nr * es,
                                                     (const char *)d + (p.r0 + p.c0 * ldd) * es,
                                                     ldd * es, p.nr * es, p.nc,
                                                     cudaMemcpyDeviceToHost, stream),
                                   "cudaMemcpy2DAsync");
            if (st == KBLASF_STATUS_SUCCESS)
                st = kblasf_cuda_check(cudaEventRecord(s->stage_free[i], stream),
                                       "cudaEventRecord");
            if (st != KBLASF_STATUS_SUCCESS)
                break;
        }
        if (have_prev) {
            st = kblasf_cuda_check(cudaEventSynchronize(s->stage_free[prev_i]),
                                   "cudaEventSynchronize");
            if (st != KBLASF_STATUS_SUCCESS)
                break;
            pack(prev.nr, prev.nc, es, s->stage[prev_i], prev.nr,
                 (char *)h + (prev.r0 + prev.c0 * ldh) * es, ldh);
        }
        if (!more)
            break;
        prev = p;
        prev_i = i;
        have_prev = 1;
    }
    return st;
}

static kblasf_status_t cuda_on_device(kblasf_context *ctx, size_t rows, size_t cols,
                                      size_t es, const void *src, size_t lds, void *dst,
                                      size_t ldd)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(cudaMemcpy2DAsync(dst, ldd * es, src, lds * es, rows * es, cols,
                                               cudaMemcpyDeviceToDevice, ctx->stream),
                             "cudaMemcpy2DAsync");
}

/* ---- pipelines: side queues beside the handle's stream ---- */

static cudaStream_t queue(kblasf_context *ctx, int q)
{
    cuda_state *s = ctx->exec_data;

    if (q == 0)
        return ctx->stream;
    if (!s->side[q - 1] &&
        cudaStreamCreateWithFlags(&s->side[q - 1], cudaStreamNonBlocking) != cudaSuccess) {
        cudaGetLastError();
        s->side[q - 1] = NULL;
        return ctx->stream; /* still correct, only without overlap */
    }
    return s->side[q - 1];
}

static int pipe_lock(kblasf_context *ctx, const void *p, size_t bytes)
{
    cudaError_t e;

    cudaSetDevice(ctx->device);
    if (is_pinned(p))
        return 0;
    e = cudaHostRegister((void *)p, bytes, cudaHostRegisterDefault);
    if (e == cudaSuccess)
        return 1;
    cudaGetLastError();
    kblasf_log("cannot page-lock %zu bytes of host memory (%s): no pipeline", bytes,
               cudaGetErrorString(e));
    return -1;
}

static void pipe_unlock(kblasf_context *ctx, const void *p)
{
    cudaSetDevice(ctx->device);
    cudaHostUnregister((void *)p);
}

static kblasf_status_t pipe_upload(kblasf_context *ctx, int q, size_t rows, size_t cols,
                                   size_t es, const void *h, size_t ldh, void *d, size_t ldd)
{
    return kblasf_cuda_check(cudaMemcpy2DAsync(d, ldd * es, h, ldh * es, rows * es, cols,
                                               cudaMemcpyHostToDevice, queue(ctx, q)),
                             "cudaMemcpy2DAsync");
}

static kblasf_status_t pipe_download(kblasf_context *ctx, int q, size_t rows, size_t cols,
                                     size_t es, const void *d, size_t ldd, void *h, size_t ldh)
{
    return kblasf_cuda_check(cudaMemcpy2DAsync(h, ldh * es, d, ldd * es, rows * es, cols,
                                               cudaMemcpyDeviceToHost, queue(ctx, q)),
                             "cudaMemcpy2DAsync");
}

static kblasf_status_t pipe_order(kblasf_context *ctx, int from, int to)
{
    cuda_state *s = ctx->exec_data;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (!s->order)
        st = kblasf_cuda_check(cudaEventCreateWithFlags(&s->order, cudaEventDisableTiming),
                               "cudaEventCreate");
    if (!st)
        st = kblasf_cuda_check(cudaEventRecord(s->order, queue(ctx, from)), "cudaEventRecord");
    if (!st)
        st = kblasf_cuda_check(cudaStreamWaitEvent(queue(ctx, to), s->order, 0),
                               "cudaStreamWaitEvent");
    return st;
}

static kblasf_status_t pipe_sync(kblasf_context *ctx, int q)
{
    return kblasf_cuda_check(cudaStreamSynchronize(queue(ctx, q)), "cudaStreamSynchronize");
}

/* ---- look-ahead lanes (internal.h) ---- */

/* Lane 1's stream (at the device's highest priority, so that a panel's small kernels are
 * scheduled ahead of a running update's blocks: H100, DPOTRF 8192 7.79 against 7.90 ms at
 * the lowest, ZPOTRF 8192 20.45 against 20.94 ms; ZPOTRF 16384 1.5% the other way),
 * cuBLAS handle and event, once. */
static kblasf_status_t lane_create(cuda_state *s)
{
    int least, greatest;
    kblasf_status_t st;

    if (s->lane_stream && s->lane_cublas && s->lane_event)
        return KBLASF_STATUS_SUCCESS;
    st = kblasf_cuda_check(cudaDeviceGetStreamPriorityRange(&least, &greatest),
                           "cudaDeviceGetStreamPriorityRange");
    if (!st && !s->lane_stream)
        st = kblasf_cuda_check(cudaStreamCreateWithPriority(&s->lane_stream,
                                                            cudaStreamNonBlocking, greatest),
                               "cudaStreamCreateWithPriority");
    if (!st && !s->lane_event)
        st = kblasf_cuda_check(cudaEventCreateWithFlags(&s->lane_event, cudaEventDisableTiming),
                               "cudaEventCreate");
    if (!st && !s->lane_cublas) {
        st = kblasf_cublas_check(cublasCreate(&s->lane_cublas), "cublasCreate");
        if (!st)
            st = kblasf_cublas_check(cublasSetStream(s->lane_cublas, s->lane_stream),
                                     "cublasSetStream");
    }
    return st;
}

static cudaStream_t lane_stream(kblasf_context *ctx, int lane)
{
    cuda_state *s = ctx->exec_data;

    return lane ? s->lane_stream : s->on_lane ? s->home : (cudaStream_t)ctx->stream;
}

static kblasf_status_t cuda_use_lane(kblasf_context *ctx, int lane)
{
    cuda_state *s = ctx->exec_data;
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    if (!lane == !s->on_lane)
        return KBLASF_STATUS_SUCCESS;
    if (!lane) {
        ctx->stream = s->home;
        s->on_lane = 0;
        return KBLASF_STATUS_SUCCESS;
    }
    if ((st = lane_create(s)))
        return st;
    s->home = ctx->stream;
    ctx->stream = s->lane_stream;
    s->on_lane = 1;
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t cuda_lane_order(kblasf_context *ctx, int from, int to)
{
    cuda_state *s = ctx->exec_data;
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    if (from == to)
        return KBLASF_STATUS_SUCCESS;
    if ((st = lane_create(s)))
        return st;
    st = kblasf_cuda_check(cudaEventRecord(s->lane_event, lane_stream(ctx, from)),
                           "cudaEventRecord");
    return st ? st : kblasf_cuda_check(cudaStreamWaitEvent(lane_stream(ctx, to), s->lane_event, 0),
                                       "cudaStreamWaitEvent");
}

static const kblasf_pipe_ops cuda_pipe = {
    .lock = pipe_lock,
    .unlock = pipe_unlock,
    .upload = pipe_upload,
    .download = pipe_download,
    .order = pipe_order,
    .sync_queue = pipe_sync,
};

static kblasf_executor cuda_executor = {
    .pipe = &cuda_pipe,
    .name = "cuda",
    .init = cuda_init,
    .fini = cuda_fini,
    .set_stream = cuda_set_stream,
    .use_lane = cuda_use_lane,
    .lane_order = cuda_lane_order,
    .sync = cuda_sync,
    .dev_malloc = cuda_malloc,
    .dev_free = cuda_free,
    .copy_to_device = cuda_to_device,
    .copy_to_host = cuda_to_host,
    .copy_on_device = cuda_on_device,
};

static pthread_once_t cuda_once = PTHREAD_ONCE_INIT;

static void cuda_fill(void)
{
    kblasf_scuda_prims(&cuda_executor.s);
    kblasf_dcuda_prims(&cuda_executor.d);
    kblasf_ccuda_prims(&cuda_executor.c);
    kblasf_zcuda_prims(&cuda_executor.z);
}

const kblasf_executor *kblasf_cuda_executor(void)
{
    pthread_once(&cuda_once, cuda_fill);
    return &cuda_executor;
}

#else /* no CUDA in this build */

int kblasf_cuda_probe(char *why, size_t whylen)
{
    snprintf(why, whylen, "built without CUDA (--without-cuda)");
    return 0;
}

const kblasf_executor *kblasf_cuda_executor(void)
{
    return NULL;
}

#endif
