/*
 * bench_calls — what one CUDA call of a reduction's column costs the host. The hybrid
 * SYTRD issues about 15 small calls a column, and at n = 8192 the host's share of them
 * (about 65 us a column) is what keeps it behind cuSOLVER (doc/reductions.md). For each
 * kind of call: the host time per call (enqueue cost, the stream kept busy enough not to
 * stall it, 400 calls) and the device time per call (events around the same 400 calls),
 * at the sizes of a column at n = 8192 (panel width 32). And one round trip: a small
 * download and a stream synchronization.
 * usage: bench_calls
 */
#include <string.h>
#include <time.h>
#include <cublas_v2.h>
#include "kblasf.h"
#include "bench.h"

enum { CALLS = 400, N = 8192, K = 64 };

typedef struct {
    cudaStream_t s;
    kblasf_handle_t h;
    cublasHandle_t cb;
    double *dA, *dx, *dy, *hx;
} ctx_t;

typedef void (*op_fn)(ctx_t *c);

static void gemv_n(ctx_t *c)
{
    double one = 1, zero = 0;
    CHECK_KB(kblasf_dgemv_offset(c->h, 'N', N, K, &one, c->dA, N, c->dx, 1, &zero, c->dy, 1, 0,
                                 0));
}

static void gemv_t(ctx_t *c)
{
    double one = 1, zero = 0;
    CHECK_KB(kblasf_dgemv_offset(c->h, 'T', N, K, &one, c->dA, N, c->dx, 1, &zero, c->dy, 1, 0,
                                 0));
}

static void gemv_dot(ctx_t *c) /* w^H v as a GEMV of one column */
{
    double one = 1, zero = 0;
    CHECK_KB(kblasf_dgemv_offset(c->h, 'T', N, 1, &one, c->dA, N, c->dx, 1, &zero, c->dy, 1, 0,
                                 0));
}

static void symv_small(ctx_t *c) /* the SYMV's launch cost, on a small matrix (K x K) */
{
    double one = 1, zero = 0;
    CHECK_KB(kblasf_dsymv_offset(c->h, 'L', K, &one, c->dA, N, c->dx, 1, &zero, c->dy, 1, 0));
}

static void cublas_gemm(ctx_t *c) /* the complex column update's path: GEMM, n = 1 */
{
    double one = 1;
    CHECK_CB(cublasDgemm(c->cb, CUBLAS_OP_N, CUBLAS_OP_T, N, 1, K, &one, c->dA, N, c->dx, N,
                         &one, c->dy, N));
}

static void cublas_gemv_t(ctx_t *c) /* cuBLAS's GEMV, for comparison */
{
    double one = 1, zero = 0;
    CHECK_CB(cublasDgemv(c->cb, CUBLAS_OP_T, N, K, &one, c->dA, N, c->dx, 1, &zero, c->dy, 1));
}

static void h2d(ctx_t *c)
{
    CHECK_CUDA(cudaMemcpyAsync(c->dy, c->hx, N * sizeof(double), cudaMemcpyHostToDevice, c->s));
}

static void d2h(ctx_t *c)
{
    CHECK_CUDA(cudaMemcpyAsync(c->hx, c->dy, N * sizeof(double), cudaMemcpyDeviceToHost, c->s));
}

static void ptr_attr(ctx_t *c)
{
    struct cudaPointerAttributes a;
    CHECK_CUDA(cudaPointerGetAttributes(&a, c->hx));
}

static void measure(ctx_t *c, const char *name, op_fn fn, int on_gpu)
{
    cudaEvent_t e0, e1;
    double t0, host;
    float ms = 0;
    int i;

    for (i = 0; i < 20; i++) /* warm-up */
        fn(c);
    CHECK_CUDA(cudaStreamSynchronize(c->s));
    CHECK_CUDA(cudaEventCreate(&e0));
    CHECK_CUDA(cudaEventCreate(&e1));
    CHECK_CUDA(cudaEventRecord(e0, c->s));
    t0 = bench_now();
    for (i = 0; i < CALLS; i++)
        fn(c);
    host = (bench_now() - t0) / CALLS;
    CHECK_CUDA(cudaEventRecord(e1, c->s));
    CHECK_CUDA(cudaEventSynchronize(e1));
    CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
    if (on_gpu)
        printf("%-44s host %6.2f us/call, device %6.2f us/call\n", name, host * 1e6,
               ms * 1e3 / CALLS);
    else
        printf("%-44s host %6.2f us/call\n", name, host * 1e6);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
}

int main(void)
{
    struct cudaDeviceProp prop;
    ctx_t c;
    double t0, rt = 0;
    int i;

    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&c.s, &c.h);
    CHECK_CB(cublasCreate(&c.cb));
    CHECK_CB(cublasSetStream(c.cb, c.s));
    CHECK_CUDA(cudaMalloc((void **)&c.dA, (size_t)N * K * sizeof(double)));
    CHECK_CUDA(cudaMalloc((void **)&c.dx, (size_t)N * K * sizeof(double)));
    CHECK_CUDA(cudaMalloc((void **)&c.dy, (size_t)N * K * sizeof(double)));
    CHECK_CUDA(cudaMemset(c.dA, 0, (size_t)N * K * sizeof(double)));
    CHECK_CUDA(cudaMemset(c.dx, 0, (size_t)N * K * sizeof(double)));
    CHECK_CUDA(cudaMallocHost((void **)&c.hx, N * sizeof(double)));
    memset(c.hx, 0, N * sizeof(double));
    printf("# bench_calls, %s: host and device time per call, %d calls each, n = %d, panel "
           "columns %d\n", prop.name, CALLS, N, K);
    measure(&c, "kblasf GEMV N 8192 x 64", gemv_n, 1);
    measure(&c, "kblasf GEMV T 8192 x 64", gemv_t, 1);
    measure(&c, "kblasf GEMV T 8192 x 1 (a dot)", gemv_dot, 1);
    measure(&c, "kblasf SYMV 64 (launch cost)", symv_small, 1);
    measure(&c, "cuBLAS DGEMM 8192 x 1 x 64", cublas_gemm, 1);
    measure(&c, "cuBLAS DGEMV T 8192 x 64", cublas_gemv_t, 1);
    measure(&c, "cudaMemcpyAsync H2D 64 KiB, page-locked", h2d, 1);
    measure(&c, "cudaMemcpyAsync D2H 64 KiB, page-locked", d2h, 1);
    measure(&c, "cudaPointerGetAttributes", ptr_attr, 0);
    for (i = 0; i < 100; i++) { /* one round trip: a download and the wait for it */
        t0 = bench_now();
        d2h(&c);
        CHECK_CUDA(cudaStreamSynchronize(c.s));
        rt += bench_now() - t0;
    }
    printf("%-44s host %6.2f us\n", "round trip: D2H 64 KiB + stream sync", rt / 100 * 1e6);
    kblasf_destroy(c.h);
    cublasDestroy(c.cb);
    return 0;
}
