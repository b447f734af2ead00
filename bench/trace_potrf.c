/*
 * trace_potrf — one kblasf_dpotrf and one cusolverDnDpotrf of an SPD matrix of order n,
 * each after a warm-up call and 20 ms apart, for reading under kernel_trace.c: the gaps
 * separate the four calls in the trace, and the event times are printed for reference.
 *
 * usage: trace_potrf [n [uplo]]      (default 8192 L)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include "kblasf.h"

#define CK(call) do { if ((call) != 0) { fprintf(stderr, "%s:%d: %s failed\n", __FILE__, \
                                                  __LINE__, #call); exit(1); } } while (0)

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
    CK(cudaStreamCreate(&s));
    CK(kblasf_create(&h, 0));
    CK(kblasf_set_stream(h, s));
    CK(cusolverDnCreate(&cs));
    CK(cusolverDnSetStream(cs, s));
    CK(cudaMalloc((void **)&dA, bytes));
    CK(cudaMalloc((void **)&dA0, bytes));
    CK(cudaMalloc((void **)&dinfo, sizeof(int)));
    CK(cudaMemcpy(dA0, hA, bytes, cudaMemcpyHostToDevice));
    CK(cusolverDnDpotrf_bufferSize(cs, uplo == 'L' ? CUBLAS_FILL_MODE_LOWER
                                                   : CUBLAS_FILL_MODE_UPPER, n, dA, n, &lwork));
    CK(cudaMalloc((void **)&work, (size_t)lwork * sizeof(double)));
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (vendor = 0; vendor < 2; vendor++)
        for (rep = 0; rep < 2; rep++) {
            CK(cudaMemcpyAsync(dA, dA0, bytes, cudaMemcpyDeviceToDevice, s));
            CK(cudaEventRecord(e0, s));
            if (vendor)
                CK(cusolverDnDpotrf(cs, uplo == 'L' ? CUBLAS_FILL_MODE_LOWER
                                                    : CUBLAS_FILL_MODE_UPPER,
                                    n, dA, n, work, lwork, dinfo));
            else
                CK(kblasf_dpotrf(h, uplo, n, dA, n, &info));
            CK(cudaEventRecord(e1, s));
            CK(cudaEventSynchronize(e1));
            CK(cudaEventElapsedTime(&ms, e0, e1));
            printf("%s n=%d uplo=%c rep %d: %.3f ms\n", vendor ? "cusolverDnDpotrf" : "kblasf_dpotrf",
                   n, uplo, rep, ms);
            usleep(20000);
        }
    return 0;
}
