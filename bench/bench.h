/* bench.h — timing helpers shared by the benchmarks: CUDA events, warm-up, median of
 * batches, and the device copy bandwidth measured in the same run. */
#ifndef KBLASF_BENCH_H
#define KBLASF_BENCH_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "kblasf.h"

#define CHECK_CUDA(call)                                                               \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,             \
                    cudaGetErrorString(e_));                                           \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

#define CHECK_CB(call) do { if ((call) != CUBLAS_STATUS_SUCCESS) { \
        fprintf(stderr, "%s failed\n", #call); exit(1); } } while (0)
/* for the files that include cusolverDn.h (the macro names its types only where used) */
#define CHECK_CS(call) do { cusolverStatus_t s_ = (call); if (s_ != CUSOLVER_STATUS_SUCCESS) { \
        fprintf(stderr, "%s:%d: %s failed (cuSOLVER status %d)\n", __FILE__, __LINE__, #call, \
                (int)s_); exit(1); } } while (0)
#define CHECK_KB(call) do { kblasf_status_t s_ = (call); if (s_ != KBLASF_STATUS_SUCCESS) { \
        fprintf(stderr, "%s: %s\n", #call, kblasf_status_string(s_)); exit(1); } } while (0)

typedef void (*bench_fn)(void *arg, int iter);

/* A new stream and a kblasf handle on the CUDA executor bound to it (device 0): every
 * benchmark times kblasf and the vendor library on one stream. */
static inline void bench_open(cudaStream_t *stream, kblasf_handle_t *h)
{
    CHECK_CUDA(cudaStreamCreate(stream));
    CHECK_KB(kblasf_create_backend(h, 0, KBLASF_BACKEND_CUDA));
    CHECK_KB(kblasf_set_stream(*h, *stream));
}

/* Monotonic wall-clock seconds (calls that are synchronous in effect, host time per call). */
static inline double bench_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* The "# summary" section a benchmark prints last: sum_add appends a formatted line. */
static char summary[16384];
static size_t summary_len;
static void sum_add(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), unused))
#endif
    ;
static void sum_add(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    if (summary_len < sizeof summary)
        summary_len += vsnprintf(summary + summary_len, sizeof summary - summary_len, fmt, ap);
    va_end(ap);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median time in seconds of one call of fn, over `batches` batches of `per` calls each
 * timed by events on `stream`, after `per` warm-up calls. `iter` counts up so that fn
 * can rotate among input copies (inputs larger than the L2 cache). */
static double bench_time(cudaStream_t stream, bench_fn fn, void *arg, int batches, int per)
{
    cudaEvent_t e0, e1;
    double t[64];
    int b, i, it = 0;

    if (batches > 64)
        batches = 64;
    CHECK_CUDA(cudaEventCreate(&e0));
    CHECK_CUDA(cudaEventCreate(&e1));
    for (i = 0; i < per; i++)
        fn(arg, it++);
    CHECK_CUDA(cudaStreamSynchronize(stream));
    for (b = 0; b < batches; b++) {
        float ms;
        CHECK_CUDA(cudaEventRecord(e0, stream));
        for (i = 0; i < per; i++)
            fn(arg, it++);
        CHECK_CUDA(cudaEventRecord(e1, stream));
        CHECK_CUDA(cudaEventSynchronize(e1));
        CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
        t[b] = ms * 1e-3 / per;
    }
    CHECK_CUDA(cudaGetLastError());
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    qsort(t, batches, sizeof t[0], cmp_double);
    return t[batches / 2];
}

typedef struct { void *dst, *src; size_t bytes; cudaStream_t s; } copy_arg;

static void copy_once(void *arg, int iter)
{
    copy_arg *c = (copy_arg *)arg; /* (the cast: C++ includes this header too) */
    (void)iter;
    CHECK_CUDA(cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, c->s));
}

/* Device copy bandwidth in GB/s, counting bytes read plus bytes written (1 GiB each way). */
static double bench_copy_bandwidth(cudaStream_t stream)
{
    copy_arg c = {NULL, NULL, (size_t)1 << 30, stream};
    double t;

    CHECK_CUDA(cudaMalloc(&c.dst, c.bytes));
    CHECK_CUDA(cudaMalloc(&c.src, c.bytes));
    CHECK_CUDA(cudaMemset(c.src, 1, c.bytes));
    t = bench_time(stream, copy_once, &c, 9, 3);
    cudaFree(c.dst);
    cudaFree(c.src);
    return 2.0 * c.bytes / t * 1e-9;
}

/* A device-to-device copy queued before each timed call: restores the inputs the call
 * overwrites (a factorization cannot run twice on its own output). */
typedef struct { void *dst; const void *src; size_t bytes; } restore_t;
#define MAXREPS 32

/* Median time in seconds of fn(arg) over `reps` calls after `warm` calls; before each
 * call the `nr` restores are queued (cudaMemcpyAsync), and only the call lies between
 * the two events. */
static inline double time_calls(cudaStream_t s, const restore_t *r, int nr,
                                void (*fn)(void *), void *arg, int warm, int reps)
{
    cudaEvent_t e0[MAXREPS], e1[MAXREPS];
    double t[MAXREPS];
    int i, k;

    if (reps > MAXREPS)
        reps = MAXREPS;
    for (i = 0; i < reps; i++) {
        CHECK_CUDA(cudaEventCreate(&e0[i]));
        CHECK_CUDA(cudaEventCreate(&e1[i]));
    }
    for (i = 0; i < warm + reps; i++) {
        for (k = 0; k < nr; k++)
            CHECK_CUDA(cudaMemcpyAsync(r[k].dst, r[k].src, r[k].bytes, cudaMemcpyDeviceToDevice, s));
        if (i >= warm)
            CHECK_CUDA(cudaEventRecord(e0[i - warm], s));
        fn(arg);
        if (i >= warm)
            CHECK_CUDA(cudaEventRecord(e1[i - warm], s));
    }
    CHECK_CUDA(cudaStreamSynchronize(s));
    CHECK_CUDA(cudaGetLastError());
    for (i = 0; i < reps; i++) {
        float ms;
        CHECK_CUDA(cudaEventElapsedTime(&ms, e0[i], e1[i]));
        t[i] = 1e-3 * ms;
        CHECK_CUDA(cudaEventDestroy(e0[i]));
        CHECK_CUDA(cudaEventDestroy(e1[i]));
    }
    qsort(t, reps, sizeof t[0], cmp_double);
    return t[reps / 2];
}

/* The system LAPACK for the CPU baselines, dlopen'ed (the LAPACK names in a process
 * linked with kblasf are kblasf's own): BENCH_CPU_LAPACK, else libopenblas.so.0, else
 * liblapack.so.3. NULL, having said why, when none opens; *lib: the one opened. */
static inline void *bench_cpu_lapack(const char **lib)
{
    const char *env = getenv("BENCH_CPU_LAPACK");
    void *dl;
    char err[512];

    *lib = env && *env ? env : "libopenblas.so.0";
    dl = dlopen(*lib, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!dl) {
        snprintf(err, sizeof err, "%s", dlerror());
        if (!(env && *env)) {
            *lib = "liblapack.so.3";
            dl = dlopen(*lib, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
            if (dl)
                printf("CPU LAPACK: %s (falling back to %s)\n", err, *lib);
        }
        if (!dl)
            printf("CPU LAPACK: not available (%s)\n", err);
    }
    return dl;
}

#endif
