/*
 * bench_reduce — kblasf's two-sided reductions against cuSOLVER in one process on the same
 * data: DSYTRD/ZHETRD (cusolverDnDsytrd/Zhetrd) and DGEBRD/ZGEBRD (cusolverDnDgebrd/Zgebrd),
 * device-resident: the matrix is restored from a pristine device
 * copy before every call and each call is timed on the wall clock around a synchronized
 * call (both are synchronous in effect). Beside them, measured in the same run:
 *   - the SYMV floor: our offset SYMV/HEMV alone on every trailing matrix the reduction
 *     multiplies by (orders n-1 .. 1, lower, back to back on the device, no transfers),
 *     i.e. the kernel time the hybrid cannot go below; for GEBRD the GEMV floor (both
 *     products of every step: A(i:m, i+1:n)^H v and A(i+1:m, i+1:n) u);
 *   - the per-column overhead: (kblasf's time - SYMV floor) / (n - 1), everything that is
 *     not the SYMV kernel (transfers, CPU panel arithmetic, launches, SYR2K);
 *   - the host API from pageable memory (A up, reduction, A down), DSYTRD and DGEBRD;
 *   - optionally the CPU LAPACK (dlopen'ed OpenBLAS: the LAPACK names in this process are
 *     kblasf's own).
 * kblasf's own time split (CPU, waiting for the device, panels) is logged by the library
 * with KBLASF_VERBOSE=1 ("DSYTRD(n=...) time: ...", "DGEBRD(m=..., n=...) time: ...").
 * A "# summary" section comes last.
 *
 * usage: bench_reduce [quick]   (quick: n in {2048, 4096})
 * environment: BENCH_OPS=sytrd,syevd,gebrd (default all; syevd: cusolverDnDsyevd with and
 *   without vectors, for the eigensolver example)
 * environment: BENCH_CPU=1 also times the CPU LAPACK's DSYTRD (BENCH_CPU_N, default 8192;
 *   BENCH_CPU_LAPACK, default libopenblas.so.0); BENCH_REPS (default 3): timed calls a size,
 *   the median printed; BENCH_REPS_LARGE (default 1): the same above n = 8192 (a DGEBRD
 *   16384 pair takes 18 s), e.g. 3 where a ratio at a goal's edge is to be settled.
 */
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <cuComplex.h>
#include <curand.h>
#include <cusolverDn.h>
#include "kblasf.h"
#include "bench.h"

typedef struct {
    cudaStream_t stream;
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    curandGenerator_t gen;
    double copy_bw;
} ctx_t;

/* Median of the wall-clock times of reps calls of fn (each call ends synchronized), after
 * one untimed call: the first call of a routine in a process pays for loading its kernels
 * and for first allocations, which a caller that reduces many matrices does not. */
typedef void (*call_fn)(ctx_t *c, void *arg);
static double wall(ctx_t *c, call_fn fn, void *arg, int reps)
{
    double t[16];
    int r;

    if (reps > 16)
        reps = 16;
    if (reps < 1)
        reps = 1;
    fn(c, arg);
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
    for (r = 0; r < reps; r++) {
        double t0 = bench_now();
        fn(c, arg);
        CHECK_CUDA(cudaStreamSynchronize(c->stream));
        t[r] = bench_now() - t0;
    }
    qsort(t, reps, sizeof t[0], cmp_double);
    return t[reps / 2];
}

typedef struct {
    int z, n;
    char uplo;
    void *dA, *dA0;   /* working and pristine copies */
    double *d, *e;    /* host results (kblasf) */
    void *tau;
    double *dd, *de;  /* device results (cuSOLVER) */
    void *dtau, *work;
    int lwork, *dinfo;
    size_t bytes;
} job_t;

static void restore(ctx_t *c, job_t *j)
{
    CHECK_CUDA(cudaMemcpyAsync(j->dA, j->dA0, j->bytes, cudaMemcpyDeviceToDevice, c->stream));
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
}

/* A job's buffers: the pristine and working matrices (random, generated on the device),
 * cuSOLVER's d, e, ntau reflector scalars and workspace of lwork elements (at least
 * min_work), and the host d, e, tau of kblasf. lwork_of fills j->lwork from cuSOLVER. */
static void job_alloc(ctx_t *c, job_t *j, int z, int n, int ntau,
                      void (*lwork_of)(ctx_t *, job_t *), int min_work)
{
    size_t es = z ? 16 : 8;

    j->z = z;
    j->n = n;
    j->bytes = (size_t)n * n * es;
    CHECK_CUDA(cudaMalloc(&j->dA, j->bytes));
    CHECK_CUDA(cudaMalloc(&j->dA0, j->bytes));
    CHECK_CUDA(cudaMalloc((void **)&j->dd, n * sizeof(double)));
    CHECK_CUDA(cudaMalloc((void **)&j->de, n * sizeof(double)));
    CHECK_CUDA(cudaMalloc(&j->dtau, (size_t)ntau * es));
    CHECK_CUDA(cudaMalloc((void **)&j->dinfo, sizeof(int)));
    if (curandGenerateUniformDouble(c->gen, j->dA0, j->bytes / 8) != CURAND_STATUS_SUCCESS)
        exit(1);
    lwork_of(c, j);
    j->lwork = j->lwork > min_work ? j->lwork : min_work;
    CHECK_CUDA(cudaMalloc(&j->work, (size_t)j->lwork * es));
    j->d = malloc(n * sizeof(double));
    j->e = malloc(n * sizeof(double));
    j->tau = malloc((size_t)ntau * es);
}

static void job_free(job_t *j)
{
    cudaFree(j->dA);
    cudaFree(j->dA0);
    cudaFree(j->dd);
    cudaFree(j->de);
    cudaFree(j->dtau);
    cudaFree(j->dinfo);
    cudaFree(j->work);
    free(j->d);
    free(j->e);
    free(j->tau);
}

static void lwork_trd(ctx_t *c, job_t *j)
{
    cublasFillMode_t f = j->uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;

    if (j->z)
        CHECK_CS(cusolverDnZhetrd_bufferSize(c->cs, f, j->n, j->dA, j->n, j->dd, j->de, j->dtau,
                                             &j->lwork));
    else
        CHECK_CS(cusolverDnDsytrd_bufferSize(c->cs, f, j->n, j->dA, j->n, j->dd, j->de, j->dtau,
                                             &j->lwork));
}

static void lwork_brd(ctx_t *c, job_t *j)
{
    if (j->z)
        CHECK_CS(cusolverDnZgebrd_bufferSize(c->cs, j->n, j->n, &j->lwork));
    else
        CHECK_CS(cusolverDnDgebrd_bufferSize(c->cs, j->n, j->n, &j->lwork));
}

static void run_ours(ctx_t *c, void *arg)
{
    job_t *j = arg;
    kblasf_int info;

    restore(c, j);
    if (j->z)
        CHECK_KB(kblasf_zhetrd(c->h, j->uplo, j->n, j->dA, j->n, j->d, j->e, j->tau, &info));
    else
        CHECK_KB(kblasf_dsytrd(c->h, j->uplo, j->n, j->dA, j->n, j->d, j->e, j->tau, &info));
}

static void run_vendor(ctx_t *c, void *arg)
{
    job_t *j = arg;
    cublasFillMode_t f = j->uplo == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;

    restore(c, j);
    if (j->z)
        CHECK_CS(cusolverDnZhetrd(c->cs, f, j->n, j->dA, j->n, j->dd, j->de, j->dtau, j->work,
                                  j->lwork, j->dinfo));
    else
        CHECK_CS(cusolverDnDsytrd(c->cs, f, j->n, j->dA, j->n, j->dd, j->de, j->dtau, j->work,
                                  j->lwork, j->dinfo));
}

/* The SYMV floor: y = A22 x for every trailing order n-1 .. 1 (lower), back to back. */
static void run_floor(ctx_t *c, void *arg)
{
    job_t *j = arg;
    void *x = j->dtau, *y = (char *)j->work;
    kblasf_int k;

    for (k = 1; k < j->n; k++) {
        if (j->z) {
            kblasf_complex_double one = 1, zero = 0;
            CHECK_KB(kblasf_zhemv_offset(c->h, 'L', j->n - k, &one, j->dA0, j->n, x, 1, &zero,
                                         y, 1, k));
        } else {
            double one = 1, zero = 0;
            CHECK_KB(kblasf_dsymv_offset(c->h, 'L', j->n - k, &one, j->dA0, j->n, x, 1, &zero,
                                         y, 1, k));
        }
    }
}

/* max |a_i - b_i| / max |b_i| over the diagonal, and over |e| (signs may differ) */
static double compare(const double *a, const double *b, int n, int absval)
{
    double m = 0, s = 0;
    int i;

    for (i = 0; i < n; i++) {
        double x = absval ? fabs(a[i]) : a[i], y = absval ? fabs(b[i]) : b[i];
        m = fmax(m, fabs(x - y));
        s = fmax(s, fabs(y));
    }
    return s > 0 ? m / s : m;
}

static void one(ctx_t *c, int z, int n, char uplo, int reps)
{
    size_t es = z ? 16 : 8;
    job_t j = {0};
    double t_ours, t_vend, t_floor, dv, ev, *hd, *he;
    const char *name = z ? "ZHETRD" : "DSYTRD";

    j.uplo = uplo;
    job_alloc(c, &j, z, n, n, lwork_trd, n);
    hd = malloc(n * sizeof(double));
    he = malloc(n * sizeof(double));
    t_ours = wall(c, run_ours, &j, reps);
    t_vend = wall(c, run_vendor, &j, reps);
    CHECK_CUDA(cudaMemcpy(hd, j.dd, n * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(he, j.de, (n - 1) * sizeof(double), cudaMemcpyDeviceToHost));
    dv = compare(j.d, hd, n, 0);
    ev = compare(j.e, he, n - 1, 1);
    t_floor = uplo == 'L' ? wall(c, run_floor, &j, 1) : 0;
    printf("%s uplo=%c n=%d: kblasf %.4f s, cuSOLVER %.4f s, ratio %.2f; d rel diff %.1e, "
           "|e| rel diff %.1e\n", name, uplo, n, t_ours, t_vend, t_vend / t_ours, dv, ev);
    if (t_floor > 0) {
        double bytes = (double)es * n * (double)n * n / 6.0;
        printf("  SYMV floor (orders n-1..1 back to back) %.4f s = %.0f GB/s (copy %.0f GB/s); "
               "per-column overhead %.1f us\n", t_floor, bytes / t_floor * 1e-9, c->copy_bw,
               (t_ours - t_floor) / (n - 1) * 1e6);
    }
    sum_add("%s uplo=%c n=%d: kblasf %.4f s, cuSOLVER %.4f s, ratio %.2f", name, uplo, n,
            t_ours, t_vend, t_vend / t_ours);
    if (t_floor > 0)
        sum_add("; SYMV floor %.4f s, per-column overhead %.1f us", t_floor,
                (t_ours - t_floor) / (n - 1) * 1e6);
    sum_add("%s\n", dv > 1e-6 || ev > 1e-6 ? " (RESULTS DIFFER)" : "");
    job_free(&j);
    free(hd);
    free(he);
}

/* ---- GEBRD (square n x n) ---- */
static void run_ours_brd(ctx_t *c, void *arg)
{
    job_t *j = arg;
    kblasf_int info;

    restore(c, j);
    if (j->z)
        CHECK_KB(kblasf_zgebrd(c->h, j->n, j->n, j->dA, j->n, j->d, j->e, j->tau,
                               (kblasf_complex_double *)j->tau + j->n, &info));
    else
        CHECK_KB(kblasf_dgebrd(c->h, j->n, j->n, j->dA, j->n, j->d, j->e, j->tau,
                               (double *)j->tau + j->n, &info));
}

static void run_vendor_brd(ctx_t *c, void *arg)
{
    job_t *j = arg;
    size_t es = j->z ? 16 : 8;
    void *taup = (char *)j->dtau + (size_t)j->n * es;

    restore(c, j);
    if (j->z)
        CHECK_CS(cusolverDnZgebrd(c->cs, j->n, j->n, j->dA, j->n, j->dd, j->de, j->dtau, taup,
                                  j->work, j->lwork, j->dinfo));
    else
        CHECK_CS(cusolverDnDgebrd(c->cs, j->n, j->n, j->dA, j->n, j->dd, j->de, j->dtau, taup,
                                  j->work, j->lwork, j->dinfo));
}

/* The GEMV floor: both products of every step, back to back. */
static void run_floor_brd(ctx_t *c, void *arg)
{
    job_t *j = arg;
    void *x = j->work, *y = (char *)j->work + (size_t)j->n * 16;
    kblasf_int i, n = j->n;

    for (i = 0; i + 1 < n; i++) {
        if (j->z) {
            kblasf_complex_double one = 1, zero = 0;
            CHECK_KB(kblasf_zgemv_offset(c->h, 'C', n - i, n - i - 1, &one, j->dA0, n, x, 1,
                                         &zero, y, 1, i, i + 1));
            CHECK_KB(kblasf_zgemv_offset(c->h, 'N', n - i - 1, n - i - 1, &one, j->dA0, n, x, 1,
                                         &zero, y, 1, i + 1, i + 1));
        } else {
            double one = 1, zero = 0;
            CHECK_KB(kblasf_dgemv_offset(c->h, 'C', n - i, n - i - 1, &one, j->dA0, n, x, 1,
                                         &zero, y, 1, i, i + 1));
            CHECK_KB(kblasf_dgemv_offset(c->h, 'N', n - i - 1, n - i - 1, &one, j->dA0, n, x, 1,
                                         &zero, y, 1, i + 1, i + 1));
        }
    }
}

static void one_brd(ctx_t *c, int z, int n, int reps)
{
    size_t es = z ? 16 : 8;
    job_t j = {0};
    double t_ours, t_vend, t_floor, dv, *hd;
    const char *name = z ? "ZGEBRD" : "DGEBRD";

    job_alloc(c, &j, z, n, 2 * n, lwork_brd, 4 * n);
    hd = malloc(n * sizeof(double));
    t_ours = wall(c, run_ours_brd, &j, reps);
    t_vend = wall(c, run_vendor_brd, &j, reps);
    CHECK_CUDA(cudaMemcpy(hd, j.dd, n * sizeof(double), cudaMemcpyDeviceToHost));
    dv = compare(j.d, hd, n, 1); /* |d|: the reflectors' signs may differ */
    t_floor = wall(c, run_floor_brd, &j, 1);
    printf("%s n=%d: kblasf %.4f s, cuSOLVER %.4f s, ratio %.2f; |d| rel diff %.1e\n", name, n,
           t_ours, t_vend, t_vend / t_ours, dv);
    printf("  GEMV floor (both products of every step) %.4f s = %.0f GB/s; per-step overhead "
           "%.1f us\n", t_floor, 2.0 * es * (double)n * n * n / 3.0 / t_floor * 1e-9,
           (t_ours - t_floor) / (n - 1) * 1e6);
    sum_add("%s n=%d: kblasf %.4f s, cuSOLVER %.4f s, ratio %.2f; GEMV floor %.4f s, per-step "
            "overhead %.1f us%s\n", name, n, t_ours, t_vend, t_vend / t_ours, t_floor,
            (t_ours - t_floor) / (n - 1) * 1e6, dv > 1e-6 ? " (RESULTS DIFFER)" : "");
    job_free(&j);
    free(hd);
}

/* cusolverDnDsyevd (the vendor's whole eigensolver, device-resident) with and without
 * vectors: the number the eigensolver example is compared with. */
static void vendor_syevd(ctx_t *c, int n)
{
    void *dA, *dA0, *work;
    double *dw;
    int *dinfo, lwork, v;
    size_t bytes = (size_t)n * n * 8;

    CHECK_CUDA(cudaMalloc(&dA, bytes));
    CHECK_CUDA(cudaMalloc(&dA0, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dw, n * sizeof(double)));
    CHECK_CUDA(cudaMalloc((void **)&dinfo, sizeof(int)));
    if (curandGenerateUniformDouble(c->gen, dA0, bytes / 8) != CURAND_STATUS_SUCCESS)
        exit(1);
    for (v = 1; v >= 0; v--) {
        cusolverEigMode_t jobz = v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
        double t[3];
        int r;
        CHECK_CS(cusolverDnDsyevd_bufferSize(c->cs, jobz, CUBLAS_FILL_MODE_LOWER, n, dA, n, dw,
                                             &lwork));
        CHECK_CUDA(cudaMalloc(&work, (size_t)lwork * 8));
        for (r = 0; r < 3; r++) {
            double t0;
            CHECK_CUDA(cudaMemcpyAsync(dA, dA0, bytes, cudaMemcpyDeviceToDevice, c->stream));
            CHECK_CUDA(cudaStreamSynchronize(c->stream));
            t0 = bench_now();
            CHECK_CS(cusolverDnDsyevd(c->cs, jobz, CUBLAS_FILL_MODE_LOWER, n, dA, n, dw, work,
                                      lwork, dinfo));
            CHECK_CUDA(cudaStreamSynchronize(c->stream));
            t[r] = bench_now() - t0;
        }
        qsort(t, 3, sizeof t[0], cmp_double);
        printf("cusolverDnDsyevd n=%d %s vectors: %.4f s\n", n, v ? "with" : "without", t[1]);
        sum_add("cusolverDnDsyevd n=%d %s vectors: %.4f s\n", n, v ? "with" : "without", t[1]);
        cudaFree(work);
    }
    cudaFree(dA);
    cudaFree(dA0);
    cudaFree(dw);
    cudaFree(dinfo);
}

static int op_on(const char *op)
{
    const char *s = getenv("BENCH_OPS");
    return !s || strstr(s, op) != NULL;
}

/* The host API from pageable memory (transfers included): DSYTRD (lower) or DGEBRD
 * (square), the smallest legal lwork. */
static void host_api(int n, int brd)
{
    double *A = malloc((size_t)n * n * sizeof(double)), *d = malloc(n * sizeof(double));
    double *e = malloc(n * sizeof(double)), *tq = malloc(n * sizeof(double));
    double *tp = malloc(n * sizeof(double)), *w = malloc(n * sizeof(double)), t0;
    const char *name = brd ? "DGEBRD" : "DSYTRD";
    kblasf_int info;
    size_t k;

    for (k = 0; k < (size_t)n * n; k++)
        A[k] = (double)rand() / RAND_MAX;
    t0 = bench_now();
    if (brd)
        CHECK_KB(kblasf_dgebrd_host(n, n, A, n, d, e, tq, tp, w, n, &info));
    else
        CHECK_KB(kblasf_dsytrd_host('L', n, A, n, d, e, tq, w, 1, &info));
    t0 = bench_now() - t0;
    printf("host API %s n=%d pageable: %.4f s (info %lld)\n", name, n, t0, (long long)info);
    sum_add("host API %s n=%d (pageable, transfers included): %.4f s\n", name, n, t0);
    free(A);
    free(d);
    free(e);
    free(tq);
    free(tp);
    free(w);
}

typedef void (*dsytrd_t)(const char *, const int *, double *, const int *, double *, double *,
                         double *, double *, const int *, int *, size_t);

static void cpu_lapack(int n)
{
    const char *lib = getenv("BENCH_CPU_LAPACK") ? getenv("BENCH_CPU_LAPACK") : "libopenblas.so.0";
    void *so = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    dsytrd_t f = so ? (dsytrd_t)dlsym(so, "dsytrd_") : NULL;
    double *A, *d, *e, *tau, *work, t0, q;
    int lwork = -1, info;
    size_t k;

    if (!f) {
        printf("CPU LAPACK: %s not loadable\n", lib);
        return;
    }
    A = malloc((size_t)n * n * sizeof(double));
    d = malloc(n * sizeof(double));
    e = malloc(n * sizeof(double));
    tau = malloc(n * sizeof(double));
    for (k = 0; k < (size_t)n * n; k++)
        A[k] = (double)rand() / RAND_MAX;
    f("L", &n, A, &n, d, e, tau, &q, &lwork, &info, 1);
    lwork = (int)q;
    work = malloc((size_t)lwork * sizeof(double));
    t0 = bench_now();
    f("L", &n, A, &n, d, e, tau, work, &lwork, &info, 1);
    t0 = bench_now() - t0;
    printf("CPU DSYTRD n=%d (%s): %.3f s\n", n, lib, t0);
    sum_add("CPU DSYTRD n=%d (%s): %.3f s\n", n, lib, t0);
    free(A);
    free(d);
    free(e);
    free(tau);
    free(work);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "quick");
    int reps = getenv("BENCH_REPS") ? atoi(getenv("BENCH_REPS")) : 3;
    int reps_large = getenv("BENCH_REPS_LARGE") ? atoi(getenv("BENCH_REPS_LARGE")) : 1;
    static const int full[] = {4096, 8192, 16384}, small[] = {2048, 4096};
    const int *sizes = quick ? small : full;
    int ns = quick ? 2 : 3, i;
    struct cudaDeviceProp prop;
    ctx_t c;

    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&c.stream, &c.h);
    CHECK_CS(cusolverDnCreate(&c.cs));
    CHECK_CS(cusolverDnSetStream(c.cs, c.stream));
    if (curandCreateGenerator(&c.gen, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS)
        return 1;
    curandSetStream(c.gen, c.stream);
    c.copy_bw = bench_copy_bandwidth(c.stream);
    printf("# %s, copy %.0f GB/s\n", prop.name, c.copy_bw);
    if (op_on("sytrd")) {
        for (i = 0; i < ns; i++)
            one(&c, 0, sizes[i], 'L', sizes[i] > 8192 ? reps_large : reps);
        one(&c, 0, sizes[ns - 2], 'U', reps);
        one(&c, 1, sizes[ns - 2], 'L', 1);
        host_api(sizes[ns - 2], 0);
    }
    if (op_on("syevd"))
        vendor_syevd(&c, sizes[ns - 2]);
    if (op_on("gebrd")) {
        for (i = 0; i < ns; i++)
            one_brd(&c, 0, sizes[i], sizes[i] > 8192 ? reps_large : reps);
        one_brd(&c, 1, sizes[ns - 2], 1);
        host_api(sizes[ns - 2], 1);
    }
    if (getenv("BENCH_CPU"))
        cpu_lapack(getenv("BENCH_CPU_N") ? atoi(getenv("BENCH_CPU_N")) : sizes[ns - 2]);
    printf("# summary (%s, copy %.0f GB/s)\n%s", prop.name, c.copy_bw, summary);
    kblasf_destroy(c.h);
    return 0;
}
