/* probe_potrs1.c — DPOTRS with one right-hand side (kblasf's pair of one-kernel solves) and
 * DTRSM n x 1 (L, N and T), kblasf against cuSOLVER / cuBLAS on the same data in one process,
 * rounds alternating; for A/B trials of cuda/trsv_chain.cu. Also kblasf's DTRSM n x 1 on the
 * upper triangle (U, N and T: the factor's diagonal alone there, the timing the same), so that
 * a solve run backwards (LLT, LUN) and one over a tile's columns (LLT, LUT) can be told
 * apart. A development tool:
 *   gcc -O2 -I$CUDA/include -Iinclude -Ibench bench/probe_potrs1.c -L.libs -lkblasf -lcusolver \
 *       -lcublas -lcudart
 *   probe_potrs1 [n ...]   (default 8192; PROBE_LDA=p: leading dimension n + p, to tell a
 *   solve's pace from the DRAM's mapping of the strides) */
#include <cusolverDn.h>
#include <math.h>
#include "bench.h"

typedef struct {
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    cublasHandle_t cb;
    int n, ld, which;
    double *F, *B;
    int *dinfo;
} arg_t;

static void run(void *v)
{
    arg_t *a = v;
    kblasf_int info;
    const double one = 1;
    switch (a->which) {
    case 0: CHECK_KB(kblasf_dpotrs(a->h, 'L', a->n, 1, a->F, a->ld, a->B, a->n, &info)); break;
    case 1:
        CHECK_CS(cusolverDnDpotrs(a->cs, CUBLAS_FILL_MODE_LOWER, a->n, 1, a->F, a->ld, a->B, a->n,
                                  a->dinfo));
        break;
    case 2:
    case 3:
        CHECK_KB(kblasf_dtrsm(a->h, 'L', 'L', a->which == 2 ? 'N' : 'T', 'N', a->n, 1, &one, a->F,
                              a->ld, a->B, a->n));
        break;
    case 5:
    case 6:
        CHECK_KB(kblasf_dtrsm(a->h, 'L', 'U', a->which == 5 ? 'N' : 'T', 'N', a->n, 1, &one, a->F,
                              a->ld, a->B, a->n));
        break;
    default: CHECK_CB(cublasDtrsm(a->cb, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N,
                                  CUBLAS_DIAG_NON_UNIT, a->n, 1, &one, a->F, a->ld, a->B, a->n));
    }
}

int main(int argc, char **argv)
{
    static const char *name[] = {"kblasf DPOTRS", "cuSOLVER DPOTRS", "kblasf DTRSM LLNN",
                                 "kblasf DTRSM LLTN", "cuBLAS DTRSM LLNN", "kblasf DTRSM LUNN",
                                 "kblasf DTRSM LUTN"};
    cudaStream_t s;
    arg_t a;
    int k, i, w;

    bench_open(&s, &a.h);
    CHECK_CS(cusolverDnCreate(&a.cs));
    CHECK_CS(cusolverDnSetStream(a.cs, s));
    CHECK_CB(cublasCreate(&a.cb));
    CHECK_CB(cublasSetStream(a.cb, s));
    CHECK_CUDA(cudaMalloc((void **)&a.dinfo, sizeof(int)));
    for (k = 1; k < (argc > 1 ? argc : 2); k++) {
        int n = argc > 1 ? atoi(argv[k]) : 8192;
        const int ld = n + (getenv("PROBE_LDA") ? atoi(getenv("PROBE_LDA")) : 0);
        size_t nn = (size_t)ld * n;
        double *hF = malloc(nn * sizeof(double)), *hB = malloc(n * sizeof(double));
        double *B0, *x, res = 0, t[7];
        /* a well-conditioned lower factor: diagonal 1..2, below it uniform(-1,1)/sqrt(n) */
        srand(7);
        for (size_t e = 0; e < nn; e++) {
            size_t r = e % ld, c = e / ld;
            hF[e] = r < c || r >= (size_t)n ? 0
                    : r == c ? 1 + rand() / (double)RAND_MAX
                             : (2.0 * rand() / RAND_MAX - 1) / n;
        }
        for (i = 0; i < n; i++)
            hB[i] = 2.0 * rand() / RAND_MAX - 1;
        a.n = n;
        a.ld = ld;
        CHECK_CUDA(cudaMalloc((void **)&a.F, nn * sizeof(double)));
        CHECK_CUDA(cudaMalloc((void **)&a.B, n * sizeof(double)));
        CHECK_CUDA(cudaMalloc((void **)&B0, n * sizeof(double)));
        CHECK_CUDA(cudaMemcpy(a.F, hF, nn * sizeof(double), cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(B0, hB, n * sizeof(double), cudaMemcpyHostToDevice));
        restore_t r = {a.B, B0, n * sizeof(double)};
        for (w = 0; w < 7; w++) {
            a.which = w;
            t[w] = time_calls(s, &r, 1, run, &a, 3, 21);
        }
        /* kblasf's POTRS residual ||L L^T x - b|| / (||b|| n eps), two host products */
        x = malloc(n * sizeof(double));
        a.which = 0;
        CHECK_CUDA(cudaMemcpy(a.B, B0, n * sizeof(double), cudaMemcpyDeviceToDevice));
        run(&a);
        CHECK_CUDA(cudaMemcpy(x, a.B, n * sizeof(double), cudaMemcpyDeviceToHost));
        const char *nores = getenv("PROBE_NORES"); /* PROBE_NORES=1: timings only */
        if (!nores || !*nores) {
            double *y = calloc(n, sizeof(double)), nb = 0;
            for (int c = 0; c < n; c++) /* y = L^T x */
                for (int r2 = c; r2 < n; r2++)
                    y[c] += hF[r2 + (size_t)c * ld] * x[r2];
            for (int r2 = 0; r2 < n; r2++) { /* (L y)_r - b_r */
                double v = 0;
                for (int c = 0; c <= r2; c++)
                    v += hF[r2 + (size_t)c * ld] * y[c];
                res = fmax(res, fabs(v - hB[r2]));
                nb = fmax(nb, fabs(hB[r2]));
            }
            res /= nb * n * 2.2e-16;
            free(y);
        }
        printf("n %6d ld %6d  ", n, ld);
        for (w = 0; w < 7; w++)
            printf("%s %.4f ms  ", name[w], 1e3 * t[w]);
        printf("POTRS ratio %.3f  residual %.2g\n", t[1] / t[0], res);
        free(hF); free(hB); free(x);
        CHECK_CUDA(cudaFree(a.F)); CHECK_CUDA(cudaFree(a.B)); CHECK_CUDA(cudaFree(B0));
    }
    return 0;
}
