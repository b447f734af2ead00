/*
 * demo — kblasf's main job in one run on a built-in default problem: a symmetric
 * matrix-vector product y = A*x (the kernel that dominates SYTRD, the tridiagonal
 * reduction behind DSYEV), on whatever executor this machine has (GPU if present),
 * checked against the CPU BLAS. usage: demo [n]   (default n = 4096)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "kblasf.h"

void dsymv_(const char *uplo, const kblasf_int *n, const double *alpha, const double *A,
            const kblasf_int *lda, const double *x, const kblasf_int *incx,
            const double *beta, double *y, const kblasf_int *incy, size_t luplo);

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    kblasf_int n = argc > 1 ? atoi(argv[1]) : 4096, one = 1, i;
    double alpha = 1, beta = 0, t0, t_lib, t_cpu, err = 0, norm = 0;
    double *A, *x, *y, *yref;
    void *dA, *dx, *dy;
    kblasf_handle_t h;
    size_t p;
    int rep, reps = 20;

    if (n <= 0) {
        fprintf(stderr, "usage: demo [n > 0]\n");
        return 2;
    }
    A = malloc((size_t)n * n * sizeof *A);
    x = malloc(n * sizeof *x);
    y = malloc(n * sizeof *y);
    yref = malloc(n * sizeof *yref);
    if (!A || !x || !y || !yref) {
        fprintf(stderr, "demo: out of host memory for n = %ld\n", (long)n);
        return 1;
    }
    srand(1);
    for (p = 0; p < (size_t)n * n; p++)
        A[p] = rand() / (double)RAND_MAX - 0.5;
    for (i = 0; i < n; i++)
        x[i] = rand() / (double)RAND_MAX - 0.5;

    if (kblasf_create(&h, -1) != KBLASF_STATUS_SUCCESS) {
        fprintf(stderr, "demo: cannot create a kblasf handle\n");
        return 1;
    }
    printf("kblasf %s demo: DSYMV (lower), n = %ld, on the %s executor\n", kblasf_version(),
           (long)n, kblasf_get_backend(h) == KBLASF_BACKEND_CUDA ? "CUDA" : "host");
    kblasf_malloc(h, &dA, (size_t)n * n * sizeof(double));
    kblasf_malloc(h, &dx, n * sizeof(double));
    kblasf_malloc(h, &dy, n * sizeof(double));
    kblasf_set_matrix(h, n, n, sizeof(double), A, n, dA, n);
    kblasf_set_vector(h, n, sizeof(double), x, 1, dx, 1);

    kblasf_dsymv(h, 'L', n, &alpha, dA, n, dx, 1, &beta, dy, 1); /* warm-up */
    kblasf_synchronize(h);
    t0 = now();
    for (rep = 0; rep < reps; rep++)
        kblasf_dsymv(h, 'L', n, &alpha, dA, n, dx, 1, &beta, dy, 1);
    kblasf_synchronize(h);
    t_lib = (now() - t0) / reps;
    kblasf_get_vector(h, n, sizeof(double), dy, 1, y, 1);

    t0 = now();
    dsymv_("L", &n, &alpha, A, &n, x, &one, &beta, yref, &one, 1);
    t_cpu = now() - t0;

    for (i = 0; i < n; i++) {
        err = fmax(err, fabs(y[i] - yref[i]));
        norm = fmax(norm, fabs(yref[i]));
    }
    printf("  kblasf: %9.3f ms  (%6.1f GB/s of the lower triangle)\n", 1e3 * t_lib,
           (double)n * (n + 1) / 2 * 8 / t_lib * 1e-9);
    printf("  CPU BLAS: %7.3f ms\n", 1e3 * t_cpu);
    printf("  max |y - y_BLAS| / max |y_BLAS| = %.2e  -> %s\n", err / norm,
           err / norm < 1e-12 * sqrt((double)n) ? "same answer" : "MISMATCH");
    kblasf_free(h, dA);
    kblasf_free(h, dx);
    kblasf_free(h, dy);
    kblasf_destroy(h);
    free(A); free(x); free(y); free(yref);
    return err / norm < 1e-12 * sqrt((double)n) ? 0 : 1;
}
