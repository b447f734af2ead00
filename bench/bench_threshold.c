/*
 * bench_threshold — where the LAPACK-style host calls should move from the CPU to the GPU.
 * Times the host forms (host memory in and out, so the GPU path pays its transfers) of
 * DPOTRF, DPOTRS (nrhs 1 and 16), DPOTRI, DPOSV (nrhs 1), DSYTRD and DGEBRD (square) at
 * orders 64 to 2048: median
 * wall time of 5 calls after a warm-up, the inputs restored before each call. Run it once
 * with KBLASF_OFFLOAD=never (the CPU path over the configured BLAS) and once with
 * KBLASF_OFFLOAD=always (the GPU path at every order) and compare the columns; the
 * crossovers are the defaults of lapack/dispatch.c (doc/lapack.md).
 * usage: KBLASF_OFFLOAD=never|always bench_threshold
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kblasf.h"

enum { REPS = 5 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef enum { POTRF, POTRS1, POTRS16, POTRI, POSV1, SYTRD, GEBRD, NOPS } op_t;
static const char *names[NOPS] = {"DPOTRF", "DPOTRS nrhs=1", "DPOTRS nrhs=16", "DPOTRI",
                                  "DPOSV nrhs=1", "DSYTRD", "DGEBRD"};

/* One call of op on fresh copies of A0 (the matrix, or its factor for POTRS/POTRI) and B0. */
static double one_call(op_t op, kblasf_int n, const double *A0, const double *B0, double *A,
                       double *B)
{
    kblasf_int info = 0, nrhs = op == POTRS16 ? 16 : 1;
    double t, *v = B + n, w; /* B holds 16 columns: d, e, tau, ... fit behind the first */

    memcpy(A, A0, sizeof(double) * n * n);
    memcpy(B, B0, sizeof(double) * n * nrhs);
    t = now();
    switch (op) {
    case POTRF: kblasf_dpotrf_host('L', n, A, n, &info); break;
    case POTRS1:
    case POTRS16: kblasf_dpotrs_host('L', n, nrhs, A, n, B, n, &info); break;
    case POTRI: kblasf_dpotri_host('L', n, A, n, &info); break;
    case POSV1: kblasf_dposv_host('L', n, 1, A, n, B, n, &info); break;
    case SYTRD: kblasf_dsytrd_host('L', n, A, n, v, v + n, v + 2 * n, &w, 1, &info); break;
    case GEBRD:
        kblasf_dgebrd_host(n, n, A, n, v, v + n, v + 2 * n, v + 3 * n, v + 4 * n, n, &info);
        break;
    default: break;
    }
    t = now() - t;
    if (info) {
        fprintf(stderr, "%s n=%lld: info %lld\n", names[op], (long long)n, (long long)info);
        exit(1);
    }
    return t;
}

int main(void)
{
    static const kblasf_int sizes[] = {64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048};
    const char *mode = getenv("KBLASF_OFFLOAD");
    kblasf_int nmax = 2048, s, i, j, info;
    double *S = malloc(sizeof(double) * nmax * nmax), *F = malloc(sizeof(double) * nmax * nmax);
    double *A = malloc(sizeof(double) * nmax * nmax), *B0 = malloc(sizeof(double) * nmax * 16);
    double *B = malloc(sizeof(double) * nmax * 16);
    op_t op;

    printf("# bench_threshold, KBLASF_OFFLOAD=%s: median wall ms of %d host-form calls\n",
           mode ? mode : "(unset)", REPS);
    printf("%-16s", "order");
    for (s = 0; s < (kblasf_int)(sizeof sizes / sizeof sizes[0]); s++)
        printf(" %8lld", (long long)sizes[s]);
    printf("\n");
    for (i = 0; i < nmax * 16; i++)
        B0[i] = (double)rand() / RAND_MAX - 0.5;
    for (op = POTRF; op < NOPS; op++) {
        printf("%-16s", names[op]);
        for (s = 0; s < (kblasf_int)(sizeof sizes / sizeof sizes[0]); s++) {
            kblasf_int n = sizes[s];
            double t[REPS];
            int r;
            /* well-conditioned symmetric positive definite, and its factor */
            for (j = 0; j < n; j++)
                for (i = j; i < n; i++)
                    S[i + j * n] = S[j + i * n] = i == j ? n : (double)rand() / RAND_MAX - 0.5;
            memcpy(F, S, sizeof(double) * n * n);
            kblasf_dpotrf_host('L', n, F, n, &info);
            const double *A0 = op == POTRS1 || op == POTRS16 || op == POTRI ? F : S;
            one_call(op, n, A0, B0, A, B); /* warm-up (handle, cuBLAS, staging) */
            for (r = 0; r < REPS; r++)
                t[r] = one_call(op, n, A0, B0, A, B);
            qsort(t, REPS, sizeof t[0], cmp);
            printf(" %8.3f", t[REPS / 2] * 1e3);
            fflush(stdout);
        }
        printf("\n");
    }
    free(S); free(F); free(A); free(B0); free(B);
    return 0;
}
