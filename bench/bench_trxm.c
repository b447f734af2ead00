/*
 * bench_trxm — kblasf's recursive in-place TRMM/TRSM against cuBLAS in place (C = B),
 * cuBLAS out-of-place TRMM, and the DGEMM rate, all in one process on the same random
 * data (CUDA events, median of repeats after warm-up). Then the host-pointer API on
 * pageable memory against the time to move A and B in and B out, and the device time.
 *
 * usage: bench_trxm [nb [all|trmm|trsm]]   (nb: recursion stop size, 0 for the library's
 * default; trmm/trsm: only that operation, and no host-pointer runs). BENCH_SHAPE=i (0..3)
 * and BENCH_VARIANT=LLNN (say) limit the runs, for profiling.
 */
#include <math.h>
#include <string.h>
#include <time.h>
#include <cublas_v2.h>
#include <curand.h>
#include "kblasf.h"
#include "bench.h"


enum { OURS, CUBLAS_INPLACE, CUBLAS_OUTOFPLACE, DGEMM };

typedef struct {
    int what, solve;
    char side, uplo, trans, diag;
    int m, n;
    double *A, *B, *C;
    kblasf_handle_t h;
    cublasHandle_t cb;
} arg_t;

static cublasSideMode_t cs(char c) { return c == 'L' ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT; }
static cublasFillMode_t cf(char c) { return c == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER; }
static cublasOperation_t co(char c) { return c == 'N' ? CUBLAS_OP_N : c == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C; }
static cublasDiagType_t cd(char c) { return c == 'U' ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT; }

static void run(void *p, int iter)
{
    arg_t *a = p;
    const double one = 1.0, zero = 0.0;
    int k = a->side == 'L' ? a->m : a->n;
    (void)iter;
    switch (a->what) {
    case OURS:
        CHECK_KB((a->solve ? kblasf_dtrsm : kblasf_dtrmm)(a->h, a->side, a->uplo, a->trans,
                 a->diag, a->m, a->n, &one, a->A, k, a->B, a->m));
        break;
    case CUBLAS_INPLACE:
        if (a->solve)
            CHECK_CB(cublasDtrsm(a->cb, cs(a->side), cf(a->uplo), co(a->trans), cd(a->diag),
                                 a->m, a->n, &one, a->A, k, a->B, a->m));
        else
            CHECK_CB(cublasDtrmm(a->cb, cs(a->side), cf(a->uplo), co(a->trans), cd(a->diag),
                                 a->m, a->n, &one, a->A, k, a->B, a->m, a->B, a->m));
        break;
    case CUBLAS_OUTOFPLACE:
        CHECK_CB(cublasDtrmm(a->cb, cs(a->side), cf(a->uplo), co(a->trans), cd(a->diag),
                             a->m, a->n, &one, a->A, k, a->B, a->m, a->C, a->m));
        break;
    default:
        CHECK_CB(cublasDgemm(a->cb, CUBLAS_OP_N, CUBLAS_OP_N, a->m, a->n, k, &one, a->A, k,
                             a->B, k, &zero, a->C, a->m));
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* TRMM, then TRSM (do_ops bit 1, bit 2) of every variant on an m x n B (the first variant
 * is the one the others are compared with) */
static void sweep(int m, int n, int do_ops, double gemm_rate, double copy_bw, double *A,
                  double *B, double *C, kblasf_handle_t h, cublasHandle_t cb,
                  cudaStream_t stream, curandGenerator_t gen, char *summary, size_t *sl)
{
    static const char *variants[2][8] = {
        {"LLTN", "LLNN", "LUNN", "LUTN", "RLNN", "RLTN", "RUNN", "RUTN"},
        {"LLNN", "LLTN", "LUNN", "LUTN", "RLNN", "RLTN", "RUNN", "RUTN"}};
    double flops = (double)m * m * n, read_a = (double)m * m / 2 * 8 / (copy_bw * 1e9);
    /* calls of well under a millisecond vary from run to run: more and longer batches */
    int batches = n <= 16 ? 15 : 7, per = n <= 16 ? 10 : 2;
    int solve, v;

    for (solve = 0; solve < 2; solve++) {
        double base = 0;
        if (!(do_ops & (1 << solve)))
            continue;
        for (v = 0; v < 8; v++) {
            const char *var = variants[solve][v], *only = getenv("BENCH_VARIANT");
            if (only && *only && strcmp(only, var))
                continue;
            arg_t b = {OURS, solve, var[0], var[1], var[2], var[3], m, n, A, B, C, h, cb};
            double rate, rref, t, tref, tref2;
            if (var[0] == 'R') { b.m = n; b.n = m; } /* same flops, A of order m */
            curandGenerateUniformDouble(gen, B, (size_t)m * n);
            t = bench_time(stream, run, &b, batches, per);
            b.what = CUBLAS_INPLACE;
            tref = bench_time(stream, run, &b, batches, per);
            rate = flops / t * 1e-12;
            rref = flops / tref * 1e-12;
            if (v == 0)
                base = rate;
            printf("D%s %s %5dx%-5d  kblasf %6.2f TFLOP/s  cuBLAS in place %6.2f  ratio %5.2f"
                   "  of DGEMM %5.1f%%  of variant %s %5.1f%%", solve ? "TRSM" : "TRMM", var,
                   b.m, b.n, rate, rref, rate / rref, 100 * rate / gemm_rate,
                   variants[solve][0], 100 * rate / base);
            if (!solve) {
                b.what = CUBLAS_OUTOFPLACE;
                tref2 = bench_time(stream, run, &b, batches, per);
                printf("  cuBLAS out of place %6.2f", flops / tref2 * 1e-12);
            }
            if (n <= 16) /* the time to read A's triangle once: the bound for few columns */
                printf("  time %.3f ms = %.2fx reading A (cuBLAS %.2fx)", 1e3 * t, t / read_a,
                       tref / read_a);
            printf("\n");
            if (v < 2)
                *sl += snprintf(summary + *sl, 16384 - *sl,
                                "D%s %s %dx%d: %.2f TFLOP/s = %.1f%% of DGEMM, %.2fx cuBLAS in "
                                "place%s\n", solve ? "TRSM" : "TRMM", var, m, n, rate,
                                100 * rate / gemm_rate, rate / rref, "");
            if (v < 2 && n <= 16)
                *sl += snprintf(summary + *sl, 16384 - *sl, "    %.3f ms = %.2fx reading A\n",
                                1e3 * t, t / read_a);
        }
    }
}

/* The host-pointer API on pageable memory: total time against the transfers (A and B in,
 * B out, through the library's own copies) and the device compute, same run. */
static void host_api(int solve, double *A, double *B, double *C, kblasf_handle_t h,
                     cublasHandle_t cb, cudaStream_t stream, char *summary, size_t *sl)
{
    int m = 8192, n = 8192, i;
    size_t max = (size_t)m * n;
    double *hA = malloc(max * 8), *hB = malloc(max * 8), one = 1, t0, t_total, t_in, t_out, t_dev;
    arg_t b = {OURS, solve, 'L', 'L', 'T', 'N', m, n, A, B, C, h, cb};
    kblasf_status_t (*fn)(char, char, char, char, kblasf_int, kblasf_int, const double *,
                          const double *, kblasf_int, double *, kblasf_int) =
        solve ? kblasf_dtrsm_host : kblasf_dtrmm_host;
    const char *name = solve ? "DTRSM" : "DTRMM";

    for (i = 0; i < m * n; i++) {
        hA[i] = (i % 8193 == 0) ? 8192.0 : (double)rand() / RAND_MAX;
        hB[i] = (double)rand() / RAND_MAX;
    }
    CHECK_KB(fn('L', 'L', 'T', 'N', 512, 512, &one, hA, m, hB, m)); /* warm */
    t0 = now();
    CHECK_KB(kblasf_set_matrix(h, m, m, 8, hA, m, A, m));
    CHECK_KB(kblasf_set_matrix(h, m, n, 8, hB, m, B, m));
    CHECK_KB(kblasf_synchronize(h));
    t_in = now() - t0;
    t0 = now();
    CHECK_KB(kblasf_get_matrix(h, m, n, 8, B, m, hB, m));
    t_out = now() - t0;
    t_dev = bench_time(stream, run, &b, 5, 1);
    t0 = now();
    CHECK_KB(fn('L', 'L', 'T', 'N', m, n, &one, hA, m, hB, m));
    t_total = now() - t0;
    printf("host API %s LLTN 8192x8192 pageable: total %.1f ms; transfers %.1f ms (in %.1f, "
           "out %.1f); device compute %.1f ms; total / max = %.2f\n", name, 1e3 * t_total,
           1e3 * (t_in + t_out), 1e3 * t_in, 1e3 * t_out, 1e3 * t_dev,
           t_total / fmax(t_in + t_out, t_dev));
    *sl += snprintf(summary + *sl, 16384 - *sl, "host API %s 8192x8192: total %.1f ms, transfers "
                    "%.1f ms, compute %.1f ms: %.2fx the larger (goal <= 1.25)\n", name,
                    1e3 * t_total, 1e3 * (t_in + t_out), 1e3 * t_dev,
                    t_total / fmax(t_in + t_out, t_dev));
    free(hA);
    free(hB);
}

int main(int argc, char **argv)
{
    static const struct { int m, n; } shapes[] = {{8192, 8192}, {8192, 512}, {8192, 16}, {8192, 1}};
    const char *ops = argc > 2 ? argv[2] : "all";
    int do_ops = !strcmp(ops, "trmm") ? 1 : !strcmp(ops, "trsm") ? 2 : 3;
    cudaStream_t stream;
    cublasHandle_t cb;
    kblasf_handle_t h;
    curandGenerator_t gen;
    struct cudaDeviceProp prop;
    double *A, *B, *C, gemm_rate = 0, copy_bw;
    size_t max = (size_t)8192 * 8192;
    int s, i;
    char summary[16384] = "";
    size_t sl = 0;

    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&stream, &h);
    if (argc > 1 && atoi(argv[1]) > 0)
        CHECK_KB(kblasf_set_trxm_stop_size(h, atoi(argv[1])));
    CHECK_CB(cublasCreate(&cb));
    CHECK_CB(cublasSetStream(cb, stream));
    copy_bw = bench_copy_bandwidth(stream);
    CHECK_CUDA(cudaMalloc((void **)&A, max * 8));
    CHECK_CUDA(cudaMalloc((void **)&B, max * 8));
    CHECK_CUDA(cudaMalloc((void **)&C, max * 8));
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandGenerateUniformDouble(gen, A, max);
    /* a well-conditioned triangle for the solves: a large diagonal */
    {
        double *hd = malloc(8192 * sizeof(double));
        for (i = 0; i < 8192; i++)
            hd[i] = 8192.0;
        CHECK_CUDA(cudaMemcpy2D(A, 8193 * 8, hd, 8, 8, 8192, cudaMemcpyHostToDevice));
        free(hd);
    }
    printf("# %s, stop size %s, copy bandwidth %.0f GB/s\n", prop.name,
           argc > 1 && atoi(argv[1]) > 0 ? argv[1] : "default", copy_bw);

    for (s = 0; s < 4; s++) {
        int m = shapes[s].m, n = shapes[s].n;
        if (getenv("BENCH_SHAPE") && *getenv("BENCH_SHAPE") && atoi(getenv("BENCH_SHAPE")) != s)
            continue;
        arg_t a = {DGEMM, 0, 'L', 'L', 'T', 'N', m, n, A, B, C, h, cb};
        double t;
        curandGenerateUniformDouble(gen, B, (size_t)m * n);
        t = bench_time(stream, run, &a, 7, 3);
        if (s == 0)
            gemm_rate = 2.0 * m * m * n / t * 1e-12;
        printf("DGEMM %dx%dx%d: %.1f TFLOP/s\n", m, n, m, 2.0 * m * m * n / t * 1e-12);
        sweep(m, n, do_ops, gemm_rate, copy_bw, A, B, C, h, cb, stream, gen, summary, &sl);
    }
    if (strcmp(ops, "all") == 0) {
        host_api(0, A, B, C, h, cb, stream, summary, &sl);
        host_api(1, A, B, C, h, cb, stream, summary, &sl);
    }
    printf("\n# summary (%s, DGEMM %.1f TFLOP/s, copy %.0f GB/s)\n%s", prop.name, gemm_rate,
           copy_bw, summary);
    return 0;
}
