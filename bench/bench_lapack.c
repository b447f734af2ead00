/*
 * bench_lapack — kblasf's Cholesky family (POTRF, POTRS, POTRI, POSV; D and Z) against
 * cuSOLVER in one process on the same data: the matrix is restored from a pristine device
 * copy (cudaMemcpyAsync) before every call and only the call is timed, between CUDA events
 * (median after warm-up). Bounds measured in the same run: the device copy bandwidth and
 * the DGEMM / ZGEMM rate at n = 8192. Then the host API (pageable memory) against the
 * transfers of the same bytes and the device compute, and the CPU LAPACK (dlopen'ed, since
 * the LAPACK names in this process are kblasf's own). A "# summary" section comes last.
 *
 * usage: bench_lapack [quick]     (quick: n in {2048, 4096}, host API and CPU at 2048)
 * environment: BENCH_OPS=potrf,potrs,potri,posv,host,cpu (default: all) limits the runs;
 *   BENCH_CPU_LAPACK=lib (default libopenblas.so.0, fallback liblapack.so.3);
 *   BENCH_CPU_N=n overrides the CPU LAPACK size.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <cublas_v2.h>
#include <cuComplex.h>
#include <curand.h>
#include <cusolverDn.h>
#include "kblasf.h"
#include "bench.h"

#define CHECK_CR(call) do { curandStatus_t s_ = (call); if (s_ != CURAND_STATUS_SUCCESS) { \
        fprintf(stderr, "%s:%d: %s failed (status %d)\n", __FILE__, __LINE__, #call, (int)s_); \
        exit(1); } } while (0)

enum { POTRF, POTRS, POTRI, POSV, HOST, CPU, NOPS };
static const char *op_names[NOPS] = {"potrf", "potrs", "potri", "posv", "host", "cpu"};
#define MAXRHS 256
static const int rhs_list[3] = {1, 16, 256};

/* ------------------------------------------------------------------ context, results */
typedef struct {
    cudaStream_t stream;
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    cublasHandle_t cb;
    curandGenerator_t gen;
    int *dinfo;        /* cuSOLVER devInfo */
    void *work;        /* cuSOLVER workspace */
    int lwork;         /* in elements */
    double copy_bw;    /* GB/s, read + write */
    double gemm[2];    /* TFLOP/s at n = 8192: DGEMM (2n^3 flops), ZGEMM (8n^3 flops) */
    int bad;           /* mismatches or nonzero info seen */
} ctx_t;

typedef struct { double ours, vend, diff; int have; } res_t;
#define NSIZES 3
static int sizes_full[NSIZES] = {4096, 8192, 16384}, sizes_quick[NSIZES] = {2048, 4096, 0};
static int *sizes, quick;
static res_t r_potrf[2][NSIZES][2];  /* [z][size][uplo L, U] */
static res_t r_potrs[2][NSIZES][3];  /* [z][size][nrhs index] */
static res_t r_potri[2][NSIZES];
static res_t r_posv[2][NSIZES][2];
static struct { double total, trans, comp; int have; } r_host[2][3]; /* [z][potrf,potrs,potri] */
static struct { double potrf, potrs, potri; int n, have; } r_cpu;


static int op_enabled(int op)
{
    const char *s = getenv("BENCH_OPS"), *p;
    size_t len = strlen(op_names[op]);
    if (!s || !*s || !strcmp(s, "all"))
        return 1;
    for (p = s; (p = strstr(p, op_names[op])) != NULL; p += len)
        if ((p == s || p[-1] == ',') && (p[len] == ',' || p[len] == '\0'))
            return 1;
    return 0;
}

static double median(double *t, int n)
{
    qsort(t, n, sizeof t[0], cmp_double);
    return t[n / 2];
}

static int size_index(int n)
{
    int i;
    for (i = 0; i < NSIZES; i++)
        if (sizes[i] == n)
            return i;
    return -1;
}

/* ------------------------------------------------------------------ calls (D or Z) */
static cublasFillMode_t fill(char uplo) { return uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER; }

typedef struct {
    ctx_t *c;
    int z, vendor, op, n, nrhs;
    char uplo;
    void *A, *B;
    kblasf_int info; /* first nonzero info of kblasf calls */
} call_t;

static void call(void *p)
{
    call_t *a = p;
    ctx_t *c = a->c;
    kblasf_int info = 0;
    int n = a->n, nrhs = a->nrhs;
    char u = a->uplo;
    cublasFillMode_t f = fill(u);
    double *dA = a->A, *dB = a->B;
    kblasf_complex_double *zA = a->A, *zB = a->B;
    cuDoubleComplex *cA = a->A, *cB = a->B, *cW = c->work;

    if (!a->vendor) {
        switch (a->op) {
        case POTRF:
            CHECK_KB(a->z ? kblasf_zpotrf(c->h, u, n, zA, n, &info) : kblasf_dpotrf(c->h, u, n, dA, n, &info));
            break;
        case POTRS:
            CHECK_KB(a->z ? kblasf_zpotrs(c->h, u, n, nrhs, zA, n, zB, n, &info)
                          : kblasf_dpotrs(c->h, u, n, nrhs, dA, n, dB, n, &info));
            break;
        case POTRI:
            CHECK_KB(a->z ? kblasf_zpotri(c->h, u, n, zA, n, &info) : kblasf_dpotri(c->h, u, n, dA, n, &info));
            break;
        default:
            CHECK_KB(a->z ? kblasf_zposv(c->h, u, n, nrhs, zA, n, zB, n, &info)
                          : kblasf_dposv(c->h, u, n, nrhs, dA, n, dB, n, &info));
        }
        if (info != 0 && a->info == 0)
            a->info = info;
        return;
    }
    switch (a->op) {
    case POTRF:
    case POSV:
        if (a->z)
            CHECK_CS(cusolverDnZpotrf(c->cs, f, n, cA, n, cW, c->lwork, c->dinfo));
        else
            CHECK_CS(cusolverDnDpotrf(c->cs, f, n, dA, n, c->work, c->lwork, c->dinfo));
        if (a->op == POTRF) /* POSV: POTRF then POTRS */
            break;
        /* fall through */
    case POTRS:
        if (a->z)
            CHECK_CS(cusolverDnZpotrs(c->cs, f, n, nrhs, cA, n, cB, n, c->dinfo));
        else
            CHECK_CS(cusolverDnDpotrs(c->cs, f, n, nrhs, dA, n, dB, n, c->dinfo));
        break;
    default:
        if (a->z)
            CHECK_CS(cusolverDnZpotri(c->cs, f, n, cA, n, cW, c->lwork, c->dinfo));
        else
            CHECK_CS(cusolverDnDpotri(c->cs, f, n, dA, n, c->work, c->lwork, c->dinfo));
    }
}

static int vendor_info(ctx_t *c)
{
    int info;
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
    CHECK_CUDA(cudaMemcpy(&info, c->dinfo, sizeof info, cudaMemcpyDeviceToHost));
    return info;
}

/* max |x| over `count` doubles with stride inc */
static double maxabs(ctx_t *c, const double *x, int count, int inc)
{
    int idx = 0;
    double v;
    CHECK_CB(cublasIdamax(c->cb, count, x, inc, &idx));
    if (idx < 1)
        return 0;
    CHECK_CUDA(cudaMemcpy(&v, x + (size_t)(idx - 1) * inc, sizeof v, cudaMemcpyDeviceToHost));
    return fabs(v);
}

/* max |res - ref| / max |ref| over rows x cols (ld == rows), complex as pairs of doubles;
 * res is overwritten by the difference. diag_norm: normalize by the largest diagonal
 * entry of ref (square, Hermitian positive definite: the largest entry of its triangle,
 * while the other triangle holds unrelated data). */
static double rel_diff(ctx_t *c, int z, void *res, const void *ref, int rows, int cols,
                       int diag_norm)
{
    const double one = 1, mone = -1;
    int r2 = z ? 2 * rows : rows;
    double nrm = diag_norm ? maxabs(c, ref, rows, z ? 2 * (rows + 1) : rows + 1)
                           : maxabs(c, ref, r2 * cols, 1);
    CHECK_CB(cublasDgeam(c->cb, CUBLAS_OP_N, CUBLAS_OP_N, r2, cols, &one, res, r2, &mone,
                         ref, r2, res, r2));
    return maxabs(c, res, r2 * cols, 1) / (nrm > 0 ? nrm : 1);
}

static const char *verdict(ctx_t *c, double d)
{
    if (d < 1e-10)
        return "ok";
    c->bad++;
    return "MISMATCH";
}

/* ------------------------------------------------------------------ device data */
typedef struct {
    int z, n;
    size_t es, mat, rhs;           /* element size; bytes of an n x n matrix, n x MAXRHS */
    void *P, *F, *W, *T;           /* pristine A, our factor, working copy, scratch */
    void *Bp, *Bw, *Bx;            /* pristine B, working B, scratch B */
    void *ones;
} data_t;

static int try_malloc(void **p, size_t bytes)
{
    if (cudaMalloc(p, bytes) != cudaSuccess) {
        *p = NULL;
        cudaGetLastError();
        return 0;
    }
    return 1;
}

static void data_free(ctx_t *c, data_t *d)
{
    void **p[] = {&d->P, &d->F, &d->W, &d->T, &d->Bp, &d->Bw, &d->Bx, &d->ones, &c->work};
    size_t i;
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
    for (i = 0; i < sizeof p / sizeof p[0]; i++) {
        if (*p[i])
            CHECK_CUDA(cudaFree(*p[i]));
        *p[i] = NULL;
    }
}

/* Allocates and fills: P = W + W^H + n I with W uniform random (Hermitian positive
 * definite, well conditioned), Bp random, F = kblasf's factor (uplo 'L') of P (untimed).
 * Returns 0, having said so, when device memory is short. */
static int data_setup(ctx_t *c, data_t *d, int z, int n, const char *what)
{
    size_t fr, tot, need;
    const double one = 1;
    const cuDoubleComplex zone = {1, 0};
    double alpha = n;
    cuDoubleComplex zalpha = {(double)n, 0};
    call_t a = {c, z, 0, POTRF, n, 0, 'L', NULL, NULL, 0};
    int lw1 = 0, lw2 = 0, lw3 = 0, i;

    memset(d, 0, sizeof *d);
    d->z = z;
    d->n = n;
    d->es = z ? 16 : 8;
    d->mat = (size_t)n * n * d->es;
    d->rhs = (size_t)n * MAXRHS * d->es;
    CHECK_CUDA(cudaMemGetInfo(&fr, &tot));
    need = 5 * d->mat + 3 * d->rhs + ((size_t)1 << 30); /* + workspaces and a margin */
    if (fr < need) {
        printf("# %s %cPOTR* n=%d skipped: needs about %.1f GiB of device memory, %.1f GiB free\n",
               what, z ? 'Z' : 'D', n, need / 1073741824.0, fr / 1073741824.0);
        return 0;
    }
    if (!try_malloc(&d->P, d->mat) || !try_malloc(&d->F, d->mat) || !try_malloc(&d->W, d->mat) ||
        !try_malloc(&d->T, d->mat) || !try_malloc(&d->Bp, d->rhs) || !try_malloc(&d->Bw, d->rhs) ||
        !try_malloc(&d->Bx, d->rhs) || !try_malloc(&d->ones, (size_t)n * d->es)) {
        printf("# %s %cPOTR* n=%d skipped: device allocation failed\n", what, z ? 'Z' : 'D', n);
        data_free(c, d);
        return 0;
    }
    /* the cuSOLVER workspace: the largest of potrf (both triangles) and potri */
    if (z) {
        CHECK_CS(cusolverDnZpotrf_bufferSize(c->cs, CUBLAS_FILL_MODE_LOWER, n, d->P, n, &lw1));
        CHECK_CS(cusolverDnZpotrf_bufferSize(c->cs, CUBLAS_FILL_MODE_UPPER, n, d->P, n, &lw2));
        CHECK_CS(cusolverDnZpotri_bufferSize(c->cs, CUBLAS_FILL_MODE_LOWER, n, d->P, n, &lw3));
    } else {
        CHECK_CS(cusolverDnDpotrf_bufferSize(c->cs, CUBLAS_FILL_MODE_LOWER, n, d->P, n, &lw1));
        CHECK_CS(cusolverDnDpotrf_bufferSize(c->cs, CUBLAS_FILL_MODE_UPPER, n, d->P, n, &lw2));
        CHECK_CS(cusolverDnDpotri_bufferSize(c->cs, CUBLAS_FILL_MODE_LOWER, n, d->P, n, &lw3));
    }
    c->lwork = lw1 > lw2 ? lw1 : lw2;
    c->lwork = c->lwork > lw3 ? c->lwork : lw3;
    if (c->lwork < 1)
        c->lwork = 1;
    if (!try_malloc(&c->work, (size_t)c->lwork * d->es)) {
        printf("# %s %cPOTR* n=%d skipped: cuSOLVER workspace allocation failed\n", what,
               z ? 'Z' : 'D', n);
        data_free(c, d);
        return 0;
    }
    {
        double *h1 = malloc((size_t)n * d->es);
        if (!h1) { fprintf(stderr, "out of host memory\n"); exit(1); }
        for (i = 0; i < n * (z ? 2 : 1); i++)
            h1[i] = z ? (i % 2 ? 0.0 : 1.0) : 1.0;
        CHECK_CUDA(cudaMemcpy(d->ones, h1, (size_t)n * d->es, cudaMemcpyHostToDevice));
        free(h1);
    }
    CHECK_CR(curandGenerateUniformDouble(c->gen, d->W, d->mat / 8));
    CHECK_CR(curandGenerateUniformDouble(c->gen, d->Bp, d->rhs / 8));
    if (z) {
        CHECK_CB(cublasZgeam(c->cb, CUBLAS_OP_N, CUBLAS_OP_C, n, n, &zone, d->W, n, &zone,
                             d->W, n, d->P, n));
        CHECK_CB(cublasZaxpy(c->cb, n, &zalpha, d->ones, 1, d->P, n + 1));
    } else {
        CHECK_CB(cublasDgeam(c->cb, CUBLAS_OP_N, CUBLAS_OP_T, n, n, &one, d->W, n, &one,
                             d->W, n, d->P, n));
        CHECK_CB(cublasDaxpy(c->cb, n, &alpha, d->ones, 1, d->P, n + 1));
    }
    CHECK_CUDA(cudaMemcpyAsync(d->F, d->P, d->mat, cudaMemcpyDeviceToDevice, c->stream));
    a.A = d->F;
    call(&a);
    if (a.info != 0) {
        printf("# %s %cPOTRF n=%d: kblasf info = %ld on a positive definite matrix\n", what,
               z ? 'Z' : 'D', n, (long)a.info);
        c->bad++;
    }
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
    return 1;
}

static double flops_of(int op, int z, int n, int nrhs)
{
    double f, dn = n;
    switch (op) {
    case POTRF: f = dn * dn * dn / 3; break;
    case POTRS: f = 2 * dn * dn * nrhs; break;
    case POTRI: f = 2 * dn * dn * dn / 3; break;
    default:    f = dn * dn * dn / 3 + 2 * dn * dn * nrhs;
    }
    return z ? 4 * f : f;
}

/* ------------------------------------------------------------------ the device tables */
/* kblasf (a->vendor 0), then the vendor on the same inputs (r restored before each call);
 * kblasf's result, bytes at out, is kept in keep for the comparison. Returns the vendor's
 * info. */
static int time_pair(ctx_t *c, const restore_t *r, int nr, call_t *a, int warm, int reps,
                     void *keep, const void *out, size_t bytes, double *t, double *tv)
{
    *t = time_calls(c->stream, r, nr, call, a, warm, reps);
    CHECK_CUDA(cudaMemcpyAsync(keep, out, bytes, cudaMemcpyDeviceToDevice, c->stream));
    a->vendor = 1;
    *tv = time_calls(c->stream, r, nr, call, a, warm, reps);
    return vendor_info(c);
}

/* Milliseconds, GFLOP/s and percent of the in-run GEMM rate g of one library's time t. */
static void rate_columns(double t, double fl, double g)
{
    printf("  %9.3f %9.1f %6.1f%%", 1e3 * t, fl / t * 1e-9, 100 * fl / t * 1e-12 / g);
}

/* The end of a row: the difference and its verdict, both infos when either is not 0
 * (counted as a failed check). */
static void end_row(ctx_t *c, const call_t *a, int vinfo, double diff)
{
    printf("  %8.1e %s", diff, verdict(c, diff));
    if (a->info || vinfo) {
        printf("  info kblasf %ld cuSOLVER %d", (long)a->info, vinfo);
        c->bad++;
    }
    printf("\n");
    fflush(stdout);
}

/* Printed before a row: "" or the warm-up's mark (device_tables) */
static const char *row_prefix = "";

static void bench_potrf(ctx_t *c, data_t *d, char uplo)
{
    int z = d->z, n = d->n, reps = n >= 16384 ? 7 : 9, warm = n >= 16384 ? 1 : 2;
    int si = size_index(n), vinfo;
    call_t a = {c, z, 0, POTRF, n, 0, uplo, d->W, NULL, 0};
    restore_t r = {d->W, d->P, d->mat};
    double t, tv, diff, fl = flops_of(POTRF, z, n, 0), g = c->gemm[z];

    vinfo = time_pair(c, &r, 1, &a, warm, reps, d->T, d->W, d->mat, &t, &tv);
    diff = rel_diff(c, z, d->W, d->T, n, n, 0);
    printf("%s%c  %c %6d", row_prefix, z ? 'Z' : 'D', uplo, n);
    rate_columns(t, fl, g);
    rate_columns(tv, fl, g);
    printf("  %6.2f", tv / t);
    end_row(c, &a, vinfo, diff);
    r_potrf[z][si][uplo == 'U'] = (res_t){t, tv, diff, 1};
}

static void bench_potrs(ctx_t *c, data_t *d, int ri)
{
    int z = d->z, n = d->n, nrhs = rhs_list[ri], si = size_index(n), vinfo;
    call_t a = {c, z, 0, POTRS, n, nrhs, 'L', d->F, d->Bw, 0};
    size_t bb = (size_t)n * nrhs * d->es;
    restore_t r = {d->Bw, d->Bp, bb};
    double t, tv, diff, fl = flops_of(POTRS, z, n, nrhs);
    double read2 = 2.0 * ((double)n * n / 2 * d->es) / (c->copy_bw * 1e9);

    vinfo = time_pair(c, &r, 1, &a, 3, 15, d->Bx, d->Bw, bb, &t, &tv);
    diff = rel_diff(c, z, d->Bw, d->Bx, n, nrhs, 0);
    printf("%s%c %6d %4d  %9.3f %9.1f %7.2fx  %9.3f %9.1f %7.2fx  %6.2f  %8.3f", row_prefix,
           z ? 'Z' : 'D', n, nrhs, 1e3 * t, fl / t * 1e-9, t / read2, 1e3 * tv, fl / tv * 1e-9,
           tv / read2, tv / t, 1e3 * read2);
    end_row(c, &a, vinfo, diff);
    r_potrs[z][si][ri] = (res_t){t, tv, diff, 1};
}

static void bench_potri(ctx_t *c, data_t *d)
{
    int z = d->z, n = d->n, reps = n >= 16384 ? 5 : 7, warm = 1;
    int si = size_index(n), vinfo;
    call_t a = {c, z, 0, POTRI, n, 0, 'L', d->W, NULL, 0};
    restore_t r = {d->W, d->F, d->mat};
    double t, tv, diff, fl = flops_of(POTRI, z, n, 0), g = c->gemm[z];

    vinfo = time_pair(c, &r, 1, &a, warm, reps, d->T, d->W, d->mat, &t, &tv);
    diff = rel_diff(c, z, d->W, d->T, n, n, 1);
    printf("%s%c %6d", row_prefix, z ? 'Z' : 'D', n);
    rate_columns(t, fl, g);
    rate_columns(tv, fl, g);
    printf("  %6.2f", tv / t);
    end_row(c, &a, vinfo, diff);
    r_potri[z][si] = (res_t){t, tv, diff, 1};
}

static void bench_posv(ctx_t *c, data_t *d, int ri)
{
    int z = d->z, n = d->n, nrhs = rhs_list[ri], si = size_index(n), vinfo;
    int reps = n >= 16384 ? 7 : 9, warm = n >= 16384 ? 1 : 2;
    call_t a = {c, z, 0, POSV, n, nrhs, 'L', d->W, d->Bw, 0};
    size_t bb = (size_t)n * nrhs * d->es;
    restore_t r[2] = {{d->W, d->P, d->mat}, {d->Bw, d->Bp, bb}};
    double t, tv, diff, fl = flops_of(POSV, z, n, nrhs), g = c->gemm[z];

    vinfo = time_pair(c, r, 2, &a, warm, reps, d->Bx, d->Bw, bb, &t, &tv);
    diff = rel_diff(c, z, d->Bw, d->Bx, n, nrhs, 0);
    printf("%s%c %6d %4d", row_prefix, z ? 'Z' : 'D', n, nrhs);
    rate_columns(t, fl, g);
    rate_columns(tv, fl, g);
    printf("  %6.2f", tv / t);
    end_row(c, &a, vinfo, diff);
    r_posv[z][si][ri] = (res_t){t, tv, diff, 1};
}

/* One table per operation: for each type and size, fresh data. */
static void device_tables(ctx_t *c, int op)
{
    static const char *hdr[4] = {
        "type uplo  n    kblasf ms   GFLOP/s  %GEMM  cuSOLVER ms  GFLOP/s  %GEMM  ratio  max|diff|/max|L|\n",
        "type  n  nrhs   kblasf ms  GFLOP/s  x-read2  cuSOLVER ms  GFLOP/s  x-read2  ratio  read2 ms  max|diff|/max|X|\n",
        "type  n       kblasf ms   GFLOP/s  %GEMM  cuSOLVER ms  GFLOP/s  %GEMM  ratio  max|diff|/max|diag|\n",
        "type  n  nrhs   kblasf ms   GFLOP/s  %GEMM  cuSOLVER(potrf+potrs) ms  GFLOP/s  %GEMM  ratio  max|diff|/max|X|\n"};
    static const char *title[4] = {
        "POTRF: kblasf_?potrf vs cusolverDn?potrf (A restored before each call; ratio = cuSOLVER time / kblasf time)",
        "POTRS on the factor: kblasf_?potrs vs cusolverDn?potrs (B restored before each call; x-read2 = time over "
        "reading the factor twice at the copy bandwidth)",
        "POTRI on the factor: kblasf_?potri vs cusolverDn?potri (factor restored before each call)",
        "POSV: kblasf_?posv vs cusolverDn?potrf + cusolverDn?potrs (A and B restored before each call)"};
    int z, s, ri, pass;
    int unum = quick ? 4096 : 8192;

    printf("\n# %s\n", title[op]);
    fputs(hdr[op], stdout);
    for (z = 0; z < 2; z++)
        for (s = 0; s < NSIZES && sizes[s]; s++) {
            data_t d;
            if (!data_setup(c, &d, z, sizes[s], op_names[op]))
                continue;
            /* The table's first order once more before its rows, marked and discarded:
             * the first order timed in a process ran slow (H200: DPOTRF 4096 0.95x
             * cuSOLVER there, 1.09-1.11x in potrf_rounds and where it came second) */
            for (pass = !z && s == 0 ? 0 : 1; pass < 2; pass++) {
                row_prefix = pass ? "" : "# warm-up, discarded: ";
                switch (op) {
                case POTRF:
                    bench_potrf(c, &d, 'L');
                    if (!z && sizes[s] == unum)
                        bench_potrf(c, &d, 'U');
                    break;
                case POTRS:
                    for (ri = 0; ri < 3; ri++)
                        bench_potrs(c, &d, ri);
                    break;
                case POTRI:
                    bench_potri(c, &d);
                    break;
                default:
                    for (ri = 0; ri < 2; ri++)
                        bench_posv(c, &d, ri);
                }
            }
            data_free(c, &d);
        }
}

/* ------------------------------------------------------------------ bounds */
typedef struct { ctx_t *c; int z, n; void *A, *B, *C; int syrk; } gemm_arg;

static void gemm_once(void *p, int iter)
{
    gemm_arg *g = p;
    const double one = 1, zero = 0;
    const cuDoubleComplex zone = {1, 0}, zzero = {0, 0};
    (void)iter;
    if (g->syrk) /* C := A A^T on the lower triangle: the trailing update of POTRF */
        CHECK_CB(cublasDsyrk(g->c->cb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, g->n, g->n, &one,
                             g->A, g->n, &zero, g->C, g->n));
    else if (g->z)
        CHECK_CB(cublasZgemm(g->c->cb, CUBLAS_OP_N, CUBLAS_OP_N, g->n, g->n, g->n, &zone, g->A,
                             g->n, g->B, g->n, &zzero, g->C, g->n));
    else
        CHECK_CB(cublasDgemm(g->c->cb, CUBLAS_OP_N, CUBLAS_OP_N, g->n, g->n, g->n, &one, g->A,
                             g->n, g->B, g->n, &zero, g->C, g->n));
}

/* TFLOP/s of ?GEMM at n = 8192 (complex: 8 n^3 flops); syrk: cuBLAS DSYRK n = k = 4096
 * (n^3 flops), which tells whether POTRF's trailing updates should be GEMMs instead */
static double gemm_rate(ctx_t *c, int z, int syrk)
{
    int n = syrk ? 4096 : 8192;
    size_t bytes = (size_t)n * n * (z ? 16 : 8);
    gemm_arg g = {c, z, n, NULL, NULL, NULL, syrk};
    double t;

    CHECK_CUDA(cudaMalloc(&g.A, bytes));
    CHECK_CUDA(cudaMalloc(&g.B, bytes));
    CHECK_CUDA(cudaMalloc(&g.C, bytes));
    CHECK_CR(curandGenerateUniformDouble(c->gen, g.A, bytes / 8));
    CHECK_CR(curandGenerateUniformDouble(c->gen, g.B, bytes / 8));
    t = bench_time(c->stream, gemm_once, &g, z ? 5 : 7, z ? 1 : 2);
    CHECK_CUDA(cudaFree(g.A));
    CHECK_CUDA(cudaFree(g.B));
    CHECK_CUDA(cudaFree(g.C));
    return (z ? 8.0 : syrk ? 1.0 : 2.0) * n * n * (double)n / t * 1e-12;
}

/* ------------------------------------------------------------------ host data */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double urand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (rng_state >> 11) * (1.0 / 9007199254740992.0);
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "out of host memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* n x n (lda n) random with n on the diagonal (imaginary part 0): the Hermitian matrix
 * that either triangle defines is positive definite and well conditioned. */
static void host_spd(double *A, int z, int n)
{
    size_t i, cnt = (size_t)n * n * (z ? 2 : 1);
    int j;
    for (i = 0; i < cnt; i++)
        A[i] = urand();
    for (j = 0; j < n; j++) {
        size_t k = (size_t)j * n + j;
        if (z) {
            A[2 * k] = n + A[2 * k];
            A[2 * k + 1] = 0;
        } else
            A[k] = n + A[k];
    }
}

/* max |x - y| / max |y| over the lower triangle (lower) or all of rows x cols (ld = rows) */
static double host_diff(int z, const double *x, const double *y, int rows, int cols, int lower)
{
    double dm = 0, ym = 0;
    int i, j, e = z ? 2 : 1;
    for (j = 0; j < cols; j++)
        for (i = lower ? j * e : 0; i < rows * e; i++) {
            size_t k = (size_t)j * rows * e + i;
            dm = fmax(dm, fabs(x[k] - y[k]));
            ym = fmax(ym, fabs(y[k]));
        }
    return dm / (ym > 0 ? ym : 1);
}

/* ------------------------------------------------------------------ host API */
static double copy_time(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
    double t[3];
    int i;
    for (i = 0; i < 3; i++) {
        double t0 = bench_now();
        CHECK_CUDA(cudaMemcpy(dst, src, bytes, kind));
        CHECK_CUDA(cudaDeviceSynchronize());
        t[i] = bench_now() - t0;
    }
    return median(t, 3);
}

static void host_api(ctx_t *c, int z)
{
    int n = quick ? 2048 : 8192, nrhs = 16, i, k;
    size_t es = z ? 16 : 8, mat = (size_t)n * n * es, bb = (size_t)n * nrhs * es;
    double *hA0 = xmalloc(mat), *hA = xmalloc(mat), *hF = xmalloc(mat), *hB0 = xmalloc(bb);
    double *hB = xmalloc(bb), *hchk = xmalloc(mat);
    void *dA0, *dA, *dF, *dB0, *dB;
    double t_ain, t_aout, t_bin, t_bout, t_dev[3], t_tot[3], tr[3], dif[3];
    kblasf_int info = 0;
    static const char *nm[3] = {"POTRF", "POTRS", "POTRI"};
    char T = z ? 'Z' : 'D';
    size_t fr, tot;

    CHECK_CUDA(cudaMemGetInfo(&fr, &tot));
    if (fr < 3 * mat + 2 * bb + ((size_t)1 << 30)) {
        printf("# host API %cPOTR* n=%d skipped: device memory short (%.1f GiB free)\n", T, n,
               fr / 1073741824.0);
        free(hA0); free(hA); free(hF); free(hB0); free(hB); free(hchk);
        return;
    }
    host_spd(hA0, z, n);
    for (i = 0; i < (int)(bb / 8); i++)
        hB0[i] = urand();
    memcpy(hA, hA0, mat);
    memcpy(hB, hB0, bb);
    CHECK_CUDA(cudaMalloc(&dA0, mat));
    CHECK_CUDA(cudaMalloc(&dA, mat));
    CHECK_CUDA(cudaMalloc(&dF, mat));
    CHECK_CUDA(cudaMalloc(&dB0, bb));
    CHECK_CUDA(cudaMalloc(&dB, bb));

    /* pageable transfers of the same bytes, same buffers */
    t_ain = copy_time(dA0, hA, mat, cudaMemcpyHostToDevice);
    t_aout = copy_time(hA, dA0, mat, cudaMemcpyDeviceToHost);
    t_bin = copy_time(dB0, hB, bb, cudaMemcpyHostToDevice);
    t_bout = copy_time(hB, dB0, bb, cudaMemcpyDeviceToHost);
    tr[0] = tr[2] = t_ain + t_aout;
    tr[1] = t_ain + t_bin + t_bout;

    /* device-resident compute on the same data, this run */
    {
        call_t a = {c, z, 0, POTRF, n, nrhs, 'L', dA, dB, 0};
        restore_t r = {dA, dA0, mat};
        t_dev[0] = time_calls(c->stream, &r, 1, call, &a, 1, 5);
        CHECK_CUDA(cudaMemcpyAsync(dF, dA, mat, cudaMemcpyDeviceToDevice, c->stream));
        a.op = POTRS;
        a.A = dF;
        r = (restore_t){dB, dB0, bb};
        t_dev[1] = time_calls(c->stream, &r, 1, call, &a, 2, 9);
        a.op = POTRI;
        a.A = dA;
        r = (restore_t){dA, dF, mat};
        t_dev[2] = time_calls(c->stream, &r, 1, call, &a, 1, 5);
        if (a.info) {
            printf("# host API %c: device info %ld\n", T, (long)a.info);
            c->bad++;
        }
    }

    /* the host forms: one warm-up, then the median of 3; inputs restored outside */
    for (k = 0; k < 3; k++) {
        double t[3];
        for (i = 0; i < 4; i++) {
            double t0;
            if (k == 1)
                memcpy(hB, hB0, bb);
            else
                memcpy(hA, k == 0 ? hA0 : hF, mat);
            t0 = bench_now();
            if (k == 0)
                CHECK_KB(z ? kblasf_zpotrf_host('L', n, (kblasf_complex_double *)hA, n, &info)
                           : kblasf_dpotrf_host('L', n, hA, n, &info));
            else if (k == 1)
                CHECK_KB(z ? kblasf_zpotrs_host('L', n, nrhs, (kblasf_complex_double *)hF, n,
                                                (kblasf_complex_double *)hB, n, &info)
                           : kblasf_dpotrs_host('L', n, nrhs, hF, n, hB, n, &info));
            else
                CHECK_KB(z ? kblasf_zpotri_host('L', n, (kblasf_complex_double *)hA, n, &info)
                           : kblasf_dpotri_host('L', n, hA, n, &info));
            if (i > 0)
                t[i - 1] = bench_now() - t0;
            if (info != 0) {
                printf("# host API %c%s: info %ld\n", T, nm[k], (long)info);
                c->bad++;
            }
        }
        t_tot[k] = median(t, 3);
        /* compare with the device API's result on the same data */
        if (k == 0) {
            memcpy(hF, hA, mat);
            CHECK_CUDA(cudaMemcpy(hchk, dF, mat, cudaMemcpyDeviceToHost));
            dif[0] = host_diff(z, hF, hchk, n, n, 1);
        } else if (k == 1) {
            CHECK_CUDA(cudaMemcpy(hchk, dB, bb, cudaMemcpyDeviceToHost));
            dif[1] = host_diff(z, hB, hchk, n, nrhs, 0);
        } else {
            CHECK_CUDA(cudaMemcpy(hchk, dA, mat, cudaMemcpyDeviceToHost));
            dif[2] = host_diff(z, hA, hchk, n, n, 1);
        }
    }
    for (k = 0; k < 3; k++) {
        double q = t_tot[k] / fmax(tr[k], t_dev[k]);
        printf("%c%s n=%d%s  total %8.1f ms  transfers %8.1f ms  device compute %8.2f ms  "
               "total/max %5.2f  vs device API %8.1e %s\n", T, nm[k], n, k == 1 ? " nrhs=16" : "",
               1e3 * t_tot[k], 1e3 * tr[k], 1e3 * t_dev[k], q, dif[k], verdict(c, dif[k]));
        r_host[z][k].total = t_tot[k];
        r_host[z][k].trans = tr[k];
        r_host[z][k].comp = t_dev[k];
        r_host[z][k].have = 1;
    }
    printf("   (pageable transfers of %c A: in %.1f ms = %.1f GB/s, out %.1f ms = %.1f GB/s; "
           "B in %.2f ms, out %.2f ms)\n", T, 1e3 * t_ain, mat / t_ain * 1e-9, 1e3 * t_aout,
           mat / t_aout * 1e-9, 1e3 * t_bin, 1e3 * t_bout);
    fflush(stdout);
    CHECK_CUDA(cudaFree(dA0));
    CHECK_CUDA(cudaFree(dA));
    CHECK_CUDA(cudaFree(dF));
    CHECK_CUDA(cudaFree(dB0));
    CHECK_CUDA(cudaFree(dB));
    free(hA0); free(hA); free(hF); free(hB0); free(hB); free(hchk);
}

/* ------------------------------------------------------------------ CPU LAPACK */
typedef void (*potrf_fn)(const char *, const int *, double *, const int *, int *, size_t);
typedef void (*potrs_fn)(const char *, const int *, const int *, const double *, const int *,
                         double *, const int *, int *, size_t);

static void cpu_lapack(ctx_t *c)
{
    const char *lib;
    void *dl = bench_cpu_lapack(&lib);
    potrf_fn potrf, potri;
    potrs_fn potrs;
    int (*nthreads)(void);
    int n = quick ? 2048 : 8192, nw = 512, nrhs = 16, info, pass;
    double *A, *F, *B, t0;
    char err[512];
    (void)c;

    if (getenv("BENCH_CPU_N") && atoi(getenv("BENCH_CPU_N")) > 0)
        n = atoi(getenv("BENCH_CPU_N"));
    if (!dl) {
        sum_add("CPU LAPACK: not available\n");
        return;
    }
    potrf = (potrf_fn)dlsym(dl, "dpotrf_");
    potrs = (potrs_fn)dlsym(dl, "dpotrs_");
    potri = (potrf_fn)dlsym(dl, "dpotri_");
    nthreads = (int (*)(void))dlsym(dl, "openblas_get_num_threads");
    if (!potrf || !potrs || !potri) {
        printf("CPU LAPACK: not available (%s lacks dpotrf_/dpotrs_/dpotri_)\n", lib);
        sum_add("CPU LAPACK: not available\n");
        dlclose(dl);
        return;
    }
    A = xmalloc((size_t)n * n * 8);
    F = xmalloc((size_t)n * n * 8);
    B = xmalloc((size_t)n * nrhs * 8);
    for (pass = 0; pass < 2; pass++) { /* pass 0: warm-up at nw */
        int m = pass ? n : nw, i;
        double tf, ts, ti;
        host_spd(A, 0, m);
        for (i = 0; i < m * nrhs; i++)
            B[i] = urand();
        t0 = bench_now();
        potrf("L", &m, A, &m, &info, 1);
        tf = bench_now() - t0;
        if (info)
            printf("CPU DPOTRF n=%d: info %d\n", m, info);
        memcpy(F, A, (size_t)m * m * 8);
        t0 = bench_now();
        potrs("L", &m, &nrhs, F, &m, B, &m, &info, 1);
        ts = bench_now() - t0;
        t0 = bench_now();
        potri("L", &m, A, &m, &info, 1);
        ti = bench_now() - t0;
        if (info)
            printf("CPU DPOTRI n=%d: info %d\n", m, info);
        if (pass) {
            r_cpu.potrf = tf;
            r_cpu.potrs = ts;
            r_cpu.potri = ti;
            r_cpu.n = n;
            r_cpu.have = 1;
        }
    }
    if (nthreads)
        snprintf(err, sizeof err, "%d threads", nthreads());
    else
        snprintf(err, sizeof err, "threads unknown");
    printf("CPU LAPACK %s (%s): DPOTRF n=%d %.1f ms, DPOTRS nrhs=16 %.1f ms, DPOTRI "
           "%.1f ms (wall, once each after a warm-up at n=%d)\n", lib, err, n, 1e3 * r_cpu.potrf,
           1e3 * r_cpu.potrs, 1e3 * r_cpu.potri, nw);
    {
        int si = size_index(n);
        const char *nm[3] = {"DPOTRF", "DPOTRS nrhs=16", "DPOTRI"};
        double cpu[3] = {r_cpu.potrf, r_cpu.potrs, r_cpu.potri};
        res_t *g[3] = {NULL, NULL, NULL};
        int k;
        if (si >= 0) {
            g[0] = &r_potrf[0][si][0];
            g[1] = &r_potrs[0][si][1];
            g[2] = &r_potri[0][si];
        }
        for (k = 0; k < 3; k++) {
            if (g[k] && g[k]->have)
                printf("   %s n=%d: CPU %.1f ms, kblasf device %.2f ms (%.0fx), cuSOLVER %.2f ms\n",
                       nm[k], n, 1e3 * cpu[k], 1e3 * g[k]->ours, cpu[k] / g[k]->ours,
                       1e3 * g[k]->vend);
            sum_add("CPU %s n=%d (%s): %.1f ms%s\n", nm[k], n, lib, 1e3 * cpu[k],
                    k == 0 ? "" : k == 1 ? " (GPU.md: OpenBLAS 16 cores 92 ms at 8192)"
                                         : " (GPU.md: OpenBLAS 16 cores 910 ms at 8192)");
        }
    }
    free(A);
    free(F);
    free(B);
    dlclose(dl);
}

/* ------------------------------------------------------------------ summary */
static void sum_ratio(const char *name, int z, int n, const res_t *r, double goal)
{
    if (!r || !r->have) {
        sum_add("%c%s n=%d: not run\n", z ? 'Z' : 'D', name, n);
        return;
    }
    sum_add("%c%s n=%d: kblasf %.3f ms, cuSOLVER %.3f ms, ratio %.2f", z ? 'Z' : 'D', name, n,
            1e3 * r->ours, 1e3 * r->vend, r->vend / r->ours);
    if (goal > 0)
        sum_add(" (goal %.1f: %s)", goal, r->vend / r->ours >= goal ? "met" : "NOT met");
    sum_add("\n");
}

static void make_summary(ctx_t *c)
{
    int kn = quick ? 4096 : 8192, ki = size_index(kn), bi = size_index(16384), z, k;
    const char *rs[3] = {"POTRS nrhs=1", "POTRS nrhs=16", "POTRS nrhs=256"};
    static const char *hn[3] = {"POTRF", "POTRS nrhs=16", "POTRI"};
    double goals_rs[3] = {4, 4, 2};

    if (quick)
        sum_add("(quick run: the n=8192 goals are shown at n=%d)\n", kn);
    for (z = 0; z < 2; z++) {
        if (op_enabled(POTRF)) {
            sum_ratio("POTRF", z, kn, &r_potrf[z][ki][0], z ? 0 : 1.5);
            if (!z)
                sum_ratio("POTRF uplo=U", z, kn, &r_potrf[z][ki][1], 0);
            if (bi >= 0)
                sum_ratio("POTRF", z, 16384, &r_potrf[z][bi][0], z ? 0 : 1.2);
        }
        if (op_enabled(POTRS)) {
            double read2 = 2.0 * ((double)kn * kn / 2 * (z ? 16 : 8)) / (c->copy_bw * 1e9);
            for (k = 0; k < 3; k++)
                sum_ratio(rs[k], z, kn, &r_potrs[z][ki][k], z ? 0 : goals_rs[k]);
            if (!z && r_potrs[z][ki][0].have)
                sum_add("DPOTRS n=%d nrhs=1: %.3f ms = %.2fx reading the factor twice (%.3f ms) "
                        "(goal <= 2: %s); cuSOLVER %.2fx\n", kn, 1e3 * r_potrs[z][ki][0].ours,
                        r_potrs[z][ki][0].ours / read2, 1e3 * read2,
                        r_potrs[z][ki][0].ours / read2 <= 2 ? "met" : "NOT met",
                        r_potrs[z][ki][0].vend / read2);
        }
        if (op_enabled(POTRI))
            sum_ratio("POTRI", z, kn, &r_potri[z][ki], z ? 0 : 4);
        if (op_enabled(POSV))
            for (k = 0; k < 2; k++)
                sum_ratio(k ? "POSV nrhs=16" : "POSV nrhs=1", z, kn, &r_posv[z][ki][k], 0);
    }
    if (op_enabled(HOST))
        for (z = 0; z < 2; z++)
            for (k = 0; k < 3; k++) {
                double q;
                if (!r_host[z][k].have)
                    continue;
                q = r_host[z][k].total / fmax(r_host[z][k].trans, r_host[z][k].comp);
                sum_add("host API %c%s n=%d pageable: total %.1f ms, transfers %.1f ms, compute "
                        "%.2f ms: %.2fx the larger (goal <= 1.25: %s)\n", z ? 'Z' : 'D', hn[k],
                        quick ? 2048 : 8192, 1e3 * r_host[z][k].total, 1e3 * r_host[z][k].trans,
                        1e3 * r_host[z][k].comp, q, q <= 1.25 ? "met" : "NOT met");
            }
    sum_add("checks: %s\n", c->bad ? "SOME FAILED (see MISMATCH / info above)"
                                   : "all results agree with cuSOLVER / the device API, all info 0");
}

/* ------------------------------------------------------------------ main */
int main(int argc, char **argv)
{
    ctx_t c;
    struct cudaDeviceProp prop;
    const char *ops = getenv("BENCH_OPS");
    int op, z;

    memset(&c, 0, sizeof c);
    quick = argc > 1 && !strcmp(argv[1], "quick");
    sizes = quick ? sizes_quick : sizes_full;
    setvbuf(stdout, NULL, _IOLBF, 0);
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&c.stream, &c.h);
    CHECK_CS(cusolverDnCreate(&c.cs));
    CHECK_CS(cusolverDnSetStream(c.cs, c.stream));
    CHECK_CB(cublasCreate(&c.cb));
    CHECK_CB(cublasSetStream(c.cb, c.stream));
    CHECK_CR(curandCreateGenerator(&c.gen, CURAND_RNG_PSEUDO_DEFAULT));
    CHECK_CR(curandSetPseudoRandomGeneratorSeed(c.gen, 20261124ULL));
    CHECK_CR(curandSetStream(c.gen, c.stream));
    CHECK_CUDA(cudaMalloc((void **)&c.dinfo, sizeof(int)));

    c.copy_bw = bench_copy_bandwidth(c.stream);
    c.gemm[0] = gemm_rate(&c, 0, 0);
    c.gemm[1] = gemm_rate(&c, 1, 0);
    printf("# %s, copy bandwidth %.0f GB/s, DGEMM 8192 %.1f TFLOP/s, ZGEMM 8192 %.1f TFLOP/s "
           "(8n^3 flops), cuBLAS DSYRK 4096 %.1f TFLOP/s, %s, ops %s\n", prop.name, c.copy_bw,
           c.gemm[0], c.gemm[1], gemm_rate(&c, 0, 1), quick ? "quick" : "full",
           ops && *ops ? ops : "all");
    printf("# times: median of calls between CUDA events, inputs restored before each call; "
           "flops n^3/3 (POTRF), 2n^2 nrhs (POTRS), 2n^3/3 (POTRI), x4 for Z; %%GEMM of the "
           "in-run ?GEMM rate\n");

    for (op = POTRF; op <= POSV; op++)
        if (op_enabled(op))
            device_tables(&c, op);
    if (op_enabled(HOST)) {
        printf("\n# host API from pageable host memory (malloc), uplo L, wall time median of 3 "
               "after a warm-up; transfers: cudaMemcpy of the same bytes from the same buffers "
               "(A in + A out; POTRS: A in + B in + B out)\n");
        for (z = 0; z < 2; z++)
            host_api(&c, z);
    }
    if (op_enabled(CPU)) {
        printf("\n# CPU LAPACK (dlopen'ed, the process's own LAPACK names are kblasf's)\n");
        cpu_lapack(&c);
    }
    make_summary(&c);

    CHECK_CUDA(cudaFree(c.dinfo));
    CHECK_CR(curandDestroyGenerator(c.gen));
    CHECK_CB(cublasDestroy(c.cb));
    CHECK_CS(cusolverDnDestroy(c.cs));
    CHECK_KB(kblasf_destroy(c.h));
    CHECK_CUDA(cudaStreamDestroy(c.stream));
    printf("\n# summary (%s, DGEMM %.1f / ZGEMM %.1f TFLOP/s, copy %.0f GB/s)\n%s", prop.name,
           c.gemm[0], c.gemm[1], c.copy_bw, summary);
    return c.bad ? 2 : 0;
}
