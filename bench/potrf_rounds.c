/*
 * potrf_rounds — DPOTRF or ZPOTRF (lower) against cuSOLVER's in one process on the same
 * positive definite matrix, for A/B runs of two libraries or of one knob read once per
 * process: per order, `rounds` rounds of (ours, cuSOLVER), each the median of 5 calls
 * after a warm-up, the input restored before every call. Prints both times and the ratio.
 * bench_lapack is the record; this is the quick probe between versions.
 *
 * build: gcc -O2 -Iinclude -I$CUDA/include bench/potrf_rounds.c -Llib -lkblasf
 *        -L$CUDA/lib64 -lcusolver -lcublas -lcudart -o potrf_rounds
 * usage: potrf_rounds [d|z] [rounds [n ...]]      (default d, 3 rounds of 4096 8192 16384)
 */
#include <cusolverDn.h>
#include "bench.h"

typedef struct {
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    int z, n, lwork, *dinfo;
    double *dA, *work; /* z: interleaved (re, im) pairs */
} call_t;

static void ours(void *arg)
{
    call_t *c = arg;
    kblasf_int info;

    if (c->z)
        CHECK_KB(kblasf_zpotrf(c->h, 'L', c->n, (kblasf_complex_double *)c->dA, c->n, &info));
    else
        CHECK_KB(kblasf_dpotrf(c->h, 'L', c->n, c->dA, c->n, &info));
}

static void vendor(void *arg)
{
    call_t *c = arg;

    if (c->z)
        CHECK_CS(cusolverDnZpotrf(c->cs, CUBLAS_FILL_MODE_LOWER, c->n, (cuDoubleComplex *)c->dA,
                                  c->n, (cuDoubleComplex *)c->work, c->lwork, c->dinfo));
    else
        CHECK_CS(cusolverDnDpotrf(c->cs, CUBLAS_FILL_MODE_LOWER, c->n, c->dA, c->n, c->work,
                                  c->lwork, c->dinfo));
}

int main(int argc, char **argv)
{
    static const int dflt[] = {4096, 8192, 16384};
    const int z = argc > 1 && argv[1][0] == 'z', a0 = argc > 1 && (argv[1][0] == 'z' ||
                                                                   argv[1][0] == 'd');
    const int rounds = argc > 1 + a0 ? atoi(argv[1 + a0]) : 3;
    const int nn = argc > 2 + a0 ? argc - 2 - a0 : 3;
    call_t c;
    cudaStream_t s;
    int k;

    c.z = z;

    bench_open(&s, &c.h);
    CHECK_CS(cusolverDnCreate(&c.cs));
    CHECK_CS(cusolverDnSetStream(c.cs, s));
    CHECK_CUDA(cudaMalloc((void **)&c.dinfo, sizeof(int)));
    for (k = 0; k < nn; k++) {
        const int n = argc > 2 + a0 ? atoi(argv[k + 2 + a0]) : dflt[k];
        const size_t es = z ? 2 : 1, bytes = (size_t)n * n * es * sizeof(double);
        double *hA = malloc(bytes), *dA0;
        restore_t r;
        size_t i, j;
        int rd;

        if (!hA || n < 1)
            return 1;
        srand(1);
        for (j = 0; j < (size_t)n; j++) /* Hermitian, diagonally dominant: positive definite */
            for (i = j; i < (size_t)n; i++) {
                const double re = i == j ? n : rand() / (double)RAND_MAX;
                const double im = i == j || !z ? 0 : rand() / (double)RAND_MAX;
                hA[es * (i + j * n)] = hA[es * (j + i * n)] = re;
                if (z) {
                    hA[2 * (i + j * n) + 1] = im;
                    hA[2 * (j + i * n) + 1] = -im;
                }
            }
        c.n = n;
        CHECK_CUDA(cudaMalloc((void **)&c.dA, bytes));
        CHECK_CUDA(cudaMalloc((void **)&dA0, bytes));
        CHECK_CUDA(cudaMemcpy(dA0, hA, bytes, cudaMemcpyHostToDevice));
        if (z)
            CHECK_CS(cusolverDnZpotrf_bufferSize(c.cs, CUBLAS_FILL_MODE_LOWER, n,
                                                 (cuDoubleComplex *)c.dA, n, &c.lwork));
        else
            CHECK_CS(cusolverDnDpotrf_bufferSize(c.cs, CUBLAS_FILL_MODE_LOWER, n, c.dA, n,
                                                 &c.lwork));
        CHECK_CUDA(cudaMalloc((void **)&c.work, (size_t)c.lwork * es * sizeof(double)));
        r.dst = c.dA;
        r.src = dA0;
        r.bytes = bytes;
        for (rd = 0; rd < rounds; rd++) {
            const double t0 = time_calls(s, &r, 1, ours, &c, 1, 5);
            const double t1 = time_calls(s, &r, 1, vendor, &c, 1, 5);
            printf("%cPOTRF n=%d round %d: kblasf %.3f ms, cuSOLVER %.3f ms, %.3fx\n",
                   z ? 'Z' : 'D', n, rd, 1e3 * t0, 1e3 * t1, t1 / t0);
        }
        CHECK_CUDA(cudaFree(c.work));
        CHECK_CUDA(cudaFree(c.dA));
        CHECK_CUDA(cudaFree(dA0));
        free(hA);
    }
    return 0;
}
