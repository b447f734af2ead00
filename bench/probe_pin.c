/* probe_pin.c — what the host API's transfers cost on this machine: page-locking a malloc'ed
 * buffer (cudaHostRegister / cudaHostUnregister, which the host API does for the caller's
 * pageable matrix at every call, src/exec_cuda.c pipe_lock), copies from pageable and from
 * page-locked memory, then kblasf_dpotrf_host itself (KBLASF_VERBOSE=1 for its split).
 * Written for the H200 machine of 2026-11-28, where bench_lapack's host section printed
 * nothing in 400 s (bench/results/H200.md). A development tool:
 *   gcc -O2 -I$CUDA/include -Iinclude -Ibench bench/probe_pin.c -L.libs -lkblasf -lcudart -lm
 *   usage: probe_pin [MB ...]   (default 64 256 512 1024; the potrf orders: PIN_NS, "4096,8192") */
#include <string.h>
#include "bench.h"

static void fill(double *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = 1.0 / (double)(1 + i % 977);
}

int main(int argc, char **argv)
{
    static const int mbs_default[] = {64, 256, 512, 1024};
    int nmb = argc > 1 ? argc - 1 : 4;
    void *d;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (cudaFree(0) != cudaSuccess) {
        printf("no CUDA device\n");
        return 1;
    }
    printf("# MB  register_s  unregister_s  pageable_h2d_GB/s  pageable_d2h_GB/s  locked_h2d_GB/s\n");
    for (int m = 0; m < nmb; m++) {
        const size_t mb = argc > 1 ? (size_t)atol(argv[m + 1]) : (size_t)mbs_default[m];
        const size_t bytes = mb << 20;
        double *h = malloc(bytes), t0, reg, unreg, ph, pd, lh;
        if (!h)
            return 1;
        fill(h, bytes / sizeof *h); /* the pages exist before they are locked */
        CHECK_CUDA(cudaMalloc(&d, bytes));
        t0 = bench_now();
        CHECK_CUDA(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
        ph = bytes / (bench_now() - t0) / 1e9;
        t0 = bench_now();
        CHECK_CUDA(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
        pd = bytes / (bench_now() - t0) / 1e9;
        t0 = bench_now();
        CHECK_CUDA(cudaHostRegister(h, bytes, cudaHostRegisterDefault));
        reg = bench_now() - t0;
        t0 = bench_now();
        CHECK_CUDA(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
        lh = bytes / (bench_now() - t0) / 1e9;
        t0 = bench_now();
        CHECK_CUDA(cudaHostUnregister(h));
        unreg = bench_now() - t0;
        printf("%5zu  %10.4f  %12.4f  %17.1f  %17.1f  %15.1f\n", mb, reg, unreg, ph, pd, lh);
        CHECK_CUDA(cudaFree(d));
        free(h);
    }

    char ns[64];
    snprintf(ns, sizeof ns, "%s", getenv("PIN_NS") ? getenv("PIN_NS") : "4096,8192");
    for (char *t = strtok(ns, ","); t; t = strtok(NULL, ",")) {
        const kblasf_int n = atoi(t);
        double *a = malloc((size_t)n * n * sizeof *a), t0;
        kblasf_int info = 0;
        if (!a)
            return 1;
        for (int r = 0; r < 3; r++) { /* a diagonally dominant matrix, made again each call */
            for (kblasf_int j = 0; j < n; j++)
                for (kblasf_int i = 0; i < n; i++)
                    a[i + (size_t)j * n] = i == j ? n : 1.0 / (1 + i + j);
            t0 = bench_now();
            CHECK_KB(kblasf_dpotrf_host('L', n, a, n, &info));
            printf("kblasf_dpotrf_host n=%d call %d: %.1f ms, info %d\n", (int)n, r,
                   1e3 * (bench_now() - t0), (int)info);
        }
        free(a);
    }
    return 0;
}
