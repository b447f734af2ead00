/*
 * trace_reduce — kblasf_dsytrd or kblasf_zhetrd (lower), or kblasf_dgebrd (square), of a
 * random matrix of order n, device form, twice (a warm-up call, then the one to read)
 * 20 ms apart, for reading under kernel_trace.c: the gap separates the calls in the
 * trace. The event time of each call is printed. bench/trace/sytrd_steps.py turns a
 * DSYTRD trace into the per-column time split.
 *
 * usage: trace_reduce [sytrd|hetrd|gebrd [n]]      (default sytrd 8192)
 */
#include <string.h>
#include <unistd.h>
#include "bench.h"

int main(int argc, char **argv)
{
    const char *op = argc > 1 ? argv[1] : "sytrd";
    int n = argc > 2 ? atoi(argv[2]) : 8192, rep, brd = strcmp(op, "gebrd") == 0;
    int he = strcmp(op, "hetrd") == 0; /* complex: two doubles an element */
    size_t bytes = (size_t)n * n * sizeof(double) * (he ? 2 : 1), i, j;
    double *hA = malloc(bytes), *dA, *dA0, *d = malloc(n * sizeof(double));
    double *e = malloc(n * sizeof(double));
    double *tq = malloc(2 * n * sizeof(double)); /* room for a complex tau */
    double *tp = malloc(n * sizeof(double));
    kblasf_handle_t h;
    cudaStream_t s;
    cudaEvent_t e0, e1;
    kblasf_int info;
    float ms;

    if (!hA || !d || !e || !tq || !tp || n < 1 || (!brd && !he && strcmp(op, "sytrd")))
        return 1;
    srand(1);
    for (j = 0; j < (size_t)n; j++) /* symmetric, or Hermitian (re, im) with a real diagonal */
        for (i = j; i < (size_t)n; i++) {
            const size_t ij = (i + j * n) * (he ? 2 : 1), ji = (j + i * n) * (he ? 2 : 1);
            hA[ij] = hA[ji] = rand() / (double)RAND_MAX - 0.5;
            if (he) {
                const double im = i == j ? 0.0 : rand() / (double)RAND_MAX - 0.5;
                hA[ij + 1] = im;
                hA[ji + 1] = -im;
            }
        }
    bench_open(&s, &h);
    CHECK_CUDA(cudaMalloc((void **)&dA, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dA0, bytes));
    CHECK_CUDA(cudaMemcpy(dA0, hA, bytes, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaEventCreate(&e0));
    CHECK_CUDA(cudaEventCreate(&e1));
    for (rep = 0; rep < 2; rep++) {
        CHECK_CUDA(cudaMemcpyAsync(dA, dA0, bytes, cudaMemcpyDeviceToDevice, s));
        CHECK_CUDA(cudaEventRecord(e0, s));
        if (brd)
            CHECK_KB(kblasf_dgebrd(h, n, n, dA, n, d, e, tq, tp, &info));
        else if (he)
            CHECK_KB(kblasf_zhetrd(h, 'L', n, (kblasf_complex_double *)dA, n, d, e,
                                   (kblasf_complex_double *)tq, &info));
        else
            CHECK_KB(kblasf_dsytrd(h, 'L', n, dA, n, d, e, tq, &info));
        CHECK_CUDA(cudaEventRecord(e1, s));
        CHECK_CUDA(cudaEventSynchronize(e1));
        CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
        printf("kblasf_%c%s n=%d rep %d: %.3f ms (info %d)\n", he ? 'z' : 'd', op, n, rep, ms,
               (int)info);
        usleep(20000);
    }
    return 0;
}
