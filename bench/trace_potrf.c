/*
 * trace_potrf — one kblasf_dpotrf and one cusolverDnDpotrf of an SPD matrix of order n,
 * each after a warm-up call and 20 ms apart, for reading under kernel_trace.c: the gaps
 * separate the four calls in the trace, and the event times are printed for reference.
 *
 * usage: trace_potrf [n [uplo]]      (default 8192 L)
 */
#include <unistd.h>
#include <cusolverDn.h>
#include "bench.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8192, lwork, *dinfo, rep, vendor;
    char uplo = argc > 2 ? argv[2][0] : 'L';
    size_t bytes = (size_t)n * n * sizeof(double), i, j;
    double *hA = malloc(bytes), *dA, *dA0, *work;
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    cudaStream_t s;
    cudaEvent_t e0, e1;
    kblasf_int info;
    float ms;

    if (!hA || n < 1)
        return 1;
    srand(1);
    for (j = 0; j < (size_t)n; j++) /* symmetric, diagonally dominant: SPD */
        for (i = j; i < (size_t)n; i++)
            hA[i + j * n] = hA[j + i * n] = i == j ? n : rand() / (double)RAND_MAX;
    bench_open(&s, &h);
    CHECK_CS(cusolverDnCreate(&cs));
    CHECK_CS(cusolverDnSetStream(cs, s));
    CHECK_CUDA(cudaMalloc((void **)&dA, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dA0, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dinfo, sizeof(int)));
    CHECK_CUDA(cudaMemcpy(dA0, hA, bytes, cudaMemcpyHostToDevice));
    CHECK_CS(cusolverDnDpotrf_bufferSize(cs, uplo == 'L' ? CUBLAS_FILL_MODE_LOWER
                                                   : CUBLAS_FILL_MODE_UPPER, n, dA, n, &lwork));
    CHECK_CUDA(cudaMalloc((void **)&work, (size_t)lwork * sizeof(double)));
    CHECK_CUDA(cudaEventCreate(&e0));
    CHECK_CUDA(cudaEventCreate(&e1));
    for (vendor = 0; vendor < 2; vendor++)
        for (rep = 0; rep < 2; rep++) {
            CHECK_CUDA(cudaMemcpyAsync(dA, dA0, bytes, cudaMemcpyDeviceToDevice, s));
            CHECK_CUDA(cudaEventRecord(e0, s));
            if (vendor)
                CHECK_CS(cusolverDnDpotrf(cs, uplo == 'L' ? CUBLAS_FILL_MODE_LOWER
                                                    : CUBLAS_FILL_MODE_UPPER,
                                    n, dA, n, work, lwork, dinfo));
            else
                CHECK_KB(kblasf_dpotrf(h, uplo, n, dA, n, &info));
            CHECK_CUDA(cudaEventRecord(e1, s));
            CHECK_CUDA(cudaEventSynchronize(e1));
            CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
            printf("%s n=%d uplo=%c rep %d: %.3f ms\n", vendor ? "cusolverDnDpotrf" : "kblasf_dpotrf",
                   n, uplo, rep, ms);
            usleep(20000);
        }
    return 0;
}
