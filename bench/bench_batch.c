/*
 * bench_batch — kblasf's batched Cholesky, TRSM, TRMM, TRTRI, LAUUM, POTRI, POTI and SYRK
 * against the vendor's batched
 * routines (cuSOLVER, cuBLAS), in one process on the same data: a batch of 10240 matrices
 * (BENCH_BATCH) of order n in {8, 16, 32, 64, 128, 256} in double, and at n in {8, 32, 128}
 * in single, single complex and double complex; uplo 'L', lda = n.
 *   POTRF  kblasf_?potrf_batch (arrays of pointers, cuSOLVER's interface) and
 *          kblasf_?potrf_batch_strided against cusolverDn?potrfBatched;
 *   POTRS  one right-hand side (cuSOLVER's potrsBatched takes only nrhs = 1), on the same
 *          factors: kblasf_?potrs_batch and _strided against cusolverDn?potrsBatched;
 *   POSV   one right-hand side, POTRF and POTRS in one call: kblasf_?posv_batch and _strided
 *          against cusolverDn?potrfBatched then ?potrsBatched (cuSOLVER has no batched POSV);
 *   TRSM   side L, uplo L, trans N, diag N, B square (m = n, ldb = n), alpha 1.5 (1.5 - 0.5i
 *          in complex): kblasf_?trsm_batch and _strided against cublas?trsmBatched (arrays
 *          of pointers: cuBLAS has no strided TRSM) on the same triangles and B;
 *   TRMM   the same shapes: kblasf_?trmm_batch and _strided. cuBLAS has no batched TRMM:
 *          the vendor time is cublas?gemmBatched C = alpha A B on the same arrays of
 *          pointers (the full A, C apart from B: twice TRMM's flops), a time reference only;
 *          the results are checked against cublas?trmm called once per matrix on the first
 *          208 matrices of the batch (every distinct pair of A and B, see below);
 *   TRTRI  uplo L, diag N, in place: kblasf_?trtri_batch and _strided, ours only (no
 *          vendor batched TRTRI), with the fraction of the bandwidth bound (the triangle
 *          read and written); LAUUM, POTRI, POTI the same way (uplo L; POTRI on the
 *          triangles as factors, POTI on them read as Hermitian positive definite matrices:
 *          every info must be 0);
 *   SYRK   uplo L, trans N, k = n, alpha = beta = 1: kblasf_?syrk_batch and _strided;
 *          cuBLAS has no batched SYRK: the vendor time is cublas?gemmStridedBatched on the
 *          whole C (twice SYRK's flops), a time reference only;
 *   CPU    (double) the system LAPACK's dpotrf_ / dpotrs_ and the BLAS's dtrsm_ / dtrmm_
 *          (dlopen'ed: this process's LAPACK names are kblasf's) once per matrix, one call
 *          after the other, timed on as many matrices as take about a second (TRSM, TRMM: a
 *          quarter of one) at 2 GFLOP/s and scaled to the batch.
 * Every input is restored from a pristine device copy before each call and only the call
 * is timed (bench.h's time_calls: CUDA events, median after warm-up). Columns: ms per
 * batch, GFLOP/s (n^3/3 per matrix for POTRF, 2 n^2 for POTRS, n^3 for TRSM and TRMM in
 * every column, the GEMM baseline's too; POSV POTRF's and POTRS's; four times that in
 * complex), kblasf over the
 * vendor (time ratio: > 1 means kblasf is faster), and the fraction of the bandwidth
 * bound: the bytes a batch must move (POTRF reads and writes each triangle, POTRS reads
 * the triangle and reads and writes b, POSV reads and writes both, TRSM and TRMM read the
 * triangle, n (n+1)/2
 * elements, and read and write B) over the device copy bandwidth measured in the same
 * run. Results are compared with the vendor's (largest difference over the largest
 * element; every info must be 0). A "# summary" section with the goals (doc/batch.md)
 * comes last.
 *
 * usage: bench_batch [quick] [ops=LIST]
 *   quick: batch 1024, n in {8, 32, 128}, no CPU loop;
 *   BENCH_ORDERS=LIST (of 8, 16, 32, 64, 128, 256): those orders only, in every precision;
 *   ops=LIST or BENCH_OPS=LIST (the argument wins): which operations to run, a comma-
 *   separated list of potrf, potrs, trsm, trmm, trtri, lauum, potri, poti, syrk, posv (or all, the
 *   default; other names are
 *   skipped, as bench_lapack does with BENCH_OPS); e.g. BENCH_OPS=trsm,trmm bench/bench_batch
 *   runs only the TRSM and TRMM rows.
 */
#include <math.h>
#include <string.h>
#include <strings.h>
#include <cuComplex.h>
#include <cusolverDn.h>
#include "kblasf.h"
#include "bench.h"

enum { S, D, C, Z };
static const char pname[] = "SDCZ";
static const size_t esize[] = {4, 8, 8, 16};
/* The element type's mantissa as the comparisons see it: s and c float, d and z double */
static int is_double(int p) { return p == D || p == Z; }
static int is_complex(int p) { return p == C || p == Z; }

/* The operations (bits of ctx_t.ops, rows of res) */
enum { OP_POTRF, OP_POTRS, OP_TRSM, OP_TRMM, OP_TRTRI, OP_LAUUM, OP_POTRI, OP_POTI, OP_SYRK,
       OP_POSV, NOPS };
static const char *const opname[NOPS] = {"potrf", "potrs", "trsm", "trmm", "trtri", "lauum",
                                         "potri", "poti", "syrk", "posv"};
static const char *const upper_names[NOPS] = {"POTRF", "POTRS", "TRSM", "TRMM", "TRTRI",
                                               "LAUUM", "POTRI", "POTI", "SYRK", "POSV"};
/* the rows of run_row, on the same matrices and b */
static const int chol_ops[3] = {OP_POTRF, OP_POTRS, OP_POSV};
/* the in-place operations on one triangle, ours only (no vendor batched ones) */
static int in_place(int op) { return op >= OP_TRTRI && op <= OP_POTI; }

typedef struct {
    cudaStream_t stream;
    kblasf_handle_t h;
    cusolverDnHandle_t cs;
    cublasHandle_t cb;
    double copy_bw;             /* GB/s, read + write */
    int batch, quick, bad;
    int ops;                    /* bit 1 << OP_...: the operations to run */
    int order_mask;             /* BENCH_ORDERS: bit k for orders[k], every precision; 0: unset */
    void *cpu;                  /* the dlopen'ed LAPACK, or NULL */
} ctx_t;

/* One precision and order: the batch's buffers (lda = n, matrices one after the other). */
typedef struct {
    ctx_t *c;
    int p, n;
    size_t mat, vec;            /* bytes of one matrix, of one b */
    void *P, *W, *K, *F;        /* pristine matrices, working copy, kept result, factors */
    void *Bp, *Bw, *Bk;         /* pristine b, working b, kept result */
    void **Warr, **Farr, **Barr; /* device arrays of pointers into W, F, Bw */
    kblasf_int *info;           /* kblasf's infos */
    int *vinfo;                 /* cuSOLVER's */
} data_t;

enum { OURS, OURS_STRIDED, VENDOR };
typedef struct { data_t *d; int op, who; } call_t; /* op: OP_POTRF, OP_POTRS or OP_POSV */

/* ------------------------------------------------------------------ the calls */

/* cuSOLVER's POTRS, one right-hand side, on the factors at Fa (d_info: one int, argument
 * errors only) */
static void vendor_potrs(data_t *d, void **Fa)
{
    ctx_t *c = d->c;
    int n = d->n, nb = c->batch;
    cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
    void **Ba = d->Barr;

    switch (d->p) {
    case S: CHECK_CS(cusolverDnSpotrsBatched(c->cs, lo, n, 1, (float **)Fa, n, (float **)Ba, n, d->vinfo, nb)); break;
    case D: CHECK_CS(cusolverDnDpotrsBatched(c->cs, lo, n, 1, (double **)Fa, n, (double **)Ba, n, d->vinfo, nb)); break;
    case C: CHECK_CS(cusolverDnCpotrsBatched(c->cs, lo, n, 1, (cuComplex **)Fa, n, (cuComplex **)Ba, n, d->vinfo, nb)); break;
    default: CHECK_CS(cusolverDnZpotrsBatched(c->cs, lo, n, 1, (cuDoubleComplex **)Fa, n, (cuDoubleComplex **)Ba, n, d->vinfo, nb));
    }
}

static void call(void *arg);

/* POSV: kblasf's in either form on W and b; cuSOLVER's POTRF then POTRS on W */
static void call_posv(const call_t *a)
{
    data_t *d = a->d;
    ctx_t *c = d->c;
    kblasf_handle_t h = c->h;
    int n = d->n, nb = c->batch;
    kblasf_int sa = (kblasf_int)n * n;
    void *W = d->W, *B = d->Bw, **Wa = d->Warr, **Ba = d->Barr;
    call_t f = {d, OP_POTRF, VENDOR};

    if (a->who == OURS) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_sposv_batch(h, 'L', n, 1, (float *const *)Wa, n, (float *const *)Ba, n, d->info, nb)); break;
        case D: CHECK_KB(kblasf_dposv_batch(h, 'L', n, 1, (double *const *)Wa, n, (double *const *)Ba, n, d->info, nb)); break;
        case C: CHECK_KB(kblasf_cposv_batch(h, 'L', n, 1, (kblasf_complex_float *const *)Wa, n, (kblasf_complex_float *const *)Ba, n, d->info, nb)); break;
        default: CHECK_KB(kblasf_zposv_batch(h, 'L', n, 1, (kblasf_complex_double *const *)Wa, n, (kblasf_complex_double *const *)Ba, n, d->info, nb));
        }
    } else if (a->who == OURS_STRIDED) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_sposv_batch_strided(h, 'L', n, 1, W, n, sa, B, n, n, d->info, nb)); break;
        case D: CHECK_KB(kblasf_dposv_batch_strided(h, 'L', n, 1, W, n, sa, B, n, n, d->info, nb)); break;
        case C: CHECK_KB(kblasf_cposv_batch_strided(h, 'L', n, 1, W, n, sa, B, n, n, d->info, nb)); break;
        default: CHECK_KB(kblasf_zposv_batch_strided(h, 'L', n, 1, W, n, sa, B, n, n, d->info, nb));
        }
    } else { /* cuSOLVER's POTRF, then its POTRS on the factors that left in W */
        call(&f);
        vendor_potrs(d, Wa);
    }
}

static void call(void *arg)
{
    call_t *a = arg;
    data_t *d = a->d;
    ctx_t *c = d->c;
    kblasf_handle_t h = c->h;
    int n = d->n, nb = c->batch;
    kblasf_int sa = (kblasf_int)n * n;
    cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
    void *W = d->W, *F = d->F, *B = d->Bw, **Wa = d->Warr, **Fa = d->Farr, **Ba = d->Barr;

    if (a->op == OP_POSV) {
        call_posv(a);
        return;
    }
    if (a->op == OP_POTRF && a->who == OURS) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_spotrf_batch(h, 'L', n, (float *const *)Wa, n, d->info, nb)); break;
        case D: CHECK_KB(kblasf_dpotrf_batch(h, 'L', n, (double *const *)Wa, n, d->info, nb)); break;
        case C: CHECK_KB(kblasf_cpotrf_batch(h, 'L', n, (kblasf_complex_float *const *)Wa, n, d->info, nb)); break;
        default: CHECK_KB(kblasf_zpotrf_batch(h, 'L', n, (kblasf_complex_double *const *)Wa, n, d->info, nb));
        }
    } else if (a->op == OP_POTRF && a->who == OURS_STRIDED) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_spotrf_batch_strided(h, 'L', n, W, n, sa, d->info, nb)); break;
        case D: CHECK_KB(kblasf_dpotrf_batch_strided(h, 'L', n, W, n, sa, d->info, nb)); break;
        case C: CHECK_KB(kblasf_cpotrf_batch_strided(h, 'L', n, W, n, sa, d->info, nb)); break;
        default: CHECK_KB(kblasf_zpotrf_batch_strided(h, 'L', n, W, n, sa, d->info, nb));
        }
    } else if (a->op == OP_POTRF) {
        switch (d->p) {
        case S: CHECK_CS(cusolverDnSpotrfBatched(c->cs, lo, n, (float **)Wa, n, d->vinfo, nb)); break;
        case D: CHECK_CS(cusolverDnDpotrfBatched(c->cs, lo, n, (double **)Wa, n, d->vinfo, nb)); break;
        case C: CHECK_CS(cusolverDnCpotrfBatched(c->cs, lo, n, (cuComplex **)Wa, n, d->vinfo, nb)); break;
        default: CHECK_CS(cusolverDnZpotrfBatched(c->cs, lo, n, (cuDoubleComplex **)Wa, n, d->vinfo, nb));
        }
    } else if (a->who == OURS) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_spotrs_batch(h, 'L', n, 1, (float *const *)Fa, n, (float *const *)Ba, n, nb)); break;
        case D: CHECK_KB(kblasf_dpotrs_batch(h, 'L', n, 1, (double *const *)Fa, n, (double *const *)Ba, n, nb)); break;
        case C: CHECK_KB(kblasf_cpotrs_batch(h, 'L', n, 1, (kblasf_complex_float *const *)Fa, n, (kblasf_complex_float *const *)Ba, n, nb)); break;
        default: CHECK_KB(kblasf_zpotrs_batch(h, 'L', n, 1, (kblasf_complex_double *const *)Fa, n, (kblasf_complex_double *const *)Ba, n, nb));
        }
    } else if (a->who == OURS_STRIDED) {
        switch (d->p) {
        case S: CHECK_KB(kblasf_spotrs_batch_strided(h, 'L', n, 1, F, n, sa, B, n, n, nb)); break;
        case D: CHECK_KB(kblasf_dpotrs_batch_strided(h, 'L', n, 1, F, n, sa, B, n, n, nb)); break;
        case C: CHECK_KB(kblasf_cpotrs_batch_strided(h, 'L', n, 1, F, n, sa, B, n, n, nb)); break;
        default: CHECK_KB(kblasf_zpotrs_batch_strided(h, 'L', n, 1, F, n, sa, B, n, n, nb));
        }
    } else {
        vendor_potrs(d, Fa);
    }
}

/* ------------------------------------------------------------------ data */

static void *dmalloc(size_t bytes)
{
    void *p = NULL;

    if (cudaMalloc(&p, bytes) != cudaSuccess) {
        cudaGetLastError();
        return NULL;
    }
    return p;
}

/* Element i of a host buffer of precision p := re + i im. */
static void put_elem(void *buf, int p, size_t i, double re, double im)
{
    switch (p) {
    case S: ((float *)buf)[i] = (float)re; break;
    case D: ((double *)buf)[i] = re; break;
    case C: ((float *)buf)[2 * i] = (float)re; ((float *)buf)[2 * i + 1] = (float)im; break;
    default: ((double *)buf)[2 * i] = re; ((double *)buf)[2 * i + 1] = im;
    }
}

static double urand(void) { return rand() / (RAND_MAX + 1.0); }

/* Fills the device buffer X (batch slots of `bytes`) from `distinct` host slots by doubling
 * copies: the batch repeats a few random matrices, which costs the kernels the same. */
static void replicate(void *X, const void *host, size_t bytes, int distinct, int batch)
{
    size_t have = (size_t)(distinct < batch ? distinct : batch);

    CHECK_CUDA(cudaMemcpy(X, host, have * bytes, cudaMemcpyHostToDevice));
    while (have < (size_t)batch) {
        size_t more = have < (size_t)batch - have ? have : (size_t)batch - have;
        CHECK_CUDA(cudaMemcpy((char *)X + have * bytes, X, more * bytes, cudaMemcpyDeviceToDevice));
        have += more;
    }
}

/* A device array of pointers to the batch slots of X. */
static void **slots(const void *X, size_t bytes, int batch)
{
    void **host = malloc((size_t)batch * sizeof *host), **dev = dmalloc((size_t)batch * sizeof *dev);
    int b;

    if (!host || !dev) {
        fprintf(stderr, "out of memory for the arrays of pointers\n");
        exit(1);
    }
    for (b = 0; b < batch; b++)
        host[b] = (char *)X + (size_t)b * bytes;
    CHECK_CUDA(cudaMemcpy(dev, host, (size_t)batch * sizeof *dev, cudaMemcpyHostToDevice));
    free(host);
    return dev;
}

static void data_free(data_t *d)
{
    void *p[] = {d->P, d->W, d->K, d->F, d->Bp, d->Bw, d->Bk, d->Warr, d->Farr, d->Barr,
                 d->info, d->vinfo};
    size_t i;

    CHECK_CUDA(cudaStreamSynchronize(d->c->stream));
    for (i = 0; i < sizeof p / sizeof p[0]; i++)
        if (p[i])
            CHECK_CUDA(cudaFree(p[i]));
    memset(d, 0, sizeof *d);
}

enum { DISTINCT = 16 };

/* Allocates and fills: P = DISTINCT random Hermitian diagonally dominant matrices (lower
 * triangle random, diagonal 1.5 n + 1; the upper triangle random too, never read), Bp
 * random, F = kblasf's factors of P (untimed). Returns 0, having said so, when device
 * memory is short. */
static int data_setup(ctx_t *c, data_t *d, int p, int n)
{
    size_t fr, tot, nb = (size_t)c->batch, i, elems = (size_t)n * n;
    void *hP, *hB;
    int k;
    call_t a;

    memset(d, 0, sizeof *d);
    d->c = c;
    d->p = p;
    d->n = n;
    d->mat = elems * esize[p];
    d->vec = (size_t)n * esize[p];
    CHECK_CUDA(cudaMemGetInfo(&fr, &tot));
    if (fr < 4 * nb * d->mat + ((size_t)1 << 30)) {
        printf("# %c n=%d skipped: needs %.1f GiB of device memory, %.1f GiB free\n", pname[p],
               n, 4.0 * nb * d->mat / 1073741824.0, fr / 1073741824.0);
        return 0;
    }
    d->P = dmalloc(nb * d->mat);
    d->W = dmalloc(nb * d->mat);
    d->K = dmalloc(nb * d->mat);
    d->F = dmalloc(nb * d->mat);
    d->Bp = dmalloc(nb * d->vec);
    d->Bw = dmalloc(nb * d->vec);
    d->Bk = dmalloc(nb * d->vec);
    d->info = dmalloc(nb * sizeof(kblasf_int));
    d->vinfo = dmalloc(nb * sizeof(int));
    if (!d->P || !d->W || !d->K || !d->F || !d->Bp || !d->Bw || !d->Bk || !d->info || !d->vinfo) {
        printf("# %c n=%d skipped: device allocation failed\n", pname[p], n);
        data_free(d);
        return 0;
    }
    hP = malloc(DISTINCT * d->mat);
    hB = malloc(nb * d->vec);
    if (!hP || !hB) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    for (k = 0; k < DISTINCT; k++)
        for (i = 0; i < elems; i++) {
            size_t r = i % n, col = i / n;
            if (r == col)
                put_elem(hP, p, k * elems + i, 1.5 * n + 1 + urand(), 0);
            else
                put_elem(hP, p, k * elems + i, 2 * urand() - 1, is_complex(p) ? 2 * urand() - 1 : 0);
        }
    for (i = 0; i < nb * n; i++)
        put_elem(hB, p, i, 2 * urand() - 1, is_complex(p) ? 2 * urand() - 1 : 0);
    replicate(d->P, hP, d->mat, DISTINCT, c->batch);
    CHECK_CUDA(cudaMemcpy(d->Bp, hB, nb * d->vec, cudaMemcpyHostToDevice));
    free(hP);
    free(hB);
    d->Warr = slots(d->W, d->mat, c->batch);
    d->Farr = slots(d->F, d->mat, c->batch);
    d->Barr = slots(d->Bw, d->vec, c->batch);
    /* the factors: kblasf's strided POTRF into W, kept in F */
    CHECK_CUDA(cudaMemcpy(d->W, d->P, nb * d->mat, cudaMemcpyDeviceToDevice));
    a.d = d;
    a.op = OP_POTRF;
    a.who = OURS_STRIDED;
    call(&a);
    CHECK_CUDA(cudaMemcpyAsync(d->F, d->W, nb * d->mat, cudaMemcpyDeviceToDevice, c->stream));
    CHECK_CUDA(cudaStreamSynchronize(c->stream));
    return 1;
}

/* ------------------------------------------------------------------ checks */

/* |X[i]| of a device array of the real type of precision p */
static double abs_at(int p, const void *X, int i)
{
    double v = 0;
    float f = 0;

    if (is_double(p))
        CHECK_CUDA(cudaMemcpy(&v, (const double *)X + i, sizeof v, cudaMemcpyDeviceToHost));
    else
        CHECK_CUDA(cudaMemcpy(&f, (const float *)X + i, sizeof f, cudaMemcpyDeviceToHost));
    return is_double(p) ? fabs(v) : fabs((double)f);
}

/* max |X - Y| / max |Y| over `count` elements (X is overwritten by the difference). */
static double rel_diff(ctx_t *c, int p, void *X, const void *Y, size_t count)
{
    int len = (int)(count * (is_complex(p) ? 2 : 1)), ix = 1, iy = 1;
    const double dm = -1;
    const float sm = -1;
    double ny;

    if (is_double(p)) {
        CHECK_CB(cublasIdamax(c->cb, len, Y, 1, &iy));
        CHECK_CB(cublasDaxpy(c->cb, len, &dm, Y, 1, X, 1));
        CHECK_CB(cublasIdamax(c->cb, len, X, 1, &ix));
    } else {
        CHECK_CB(cublasIsamax(c->cb, len, Y, 1, &iy));
        CHECK_CB(cublasSaxpy(c->cb, len, &sm, Y, 1, X, 1));
        CHECK_CB(cublasIsamax(c->cb, len, X, 1, &ix));
    }
    ny = abs_at(p, Y, iy - 1);
    return abs_at(p, X, ix - 1) / (ny > 0 ? ny : 1);
}

/* Nonzero infos among kblasf's (all of them) and cuSOLVER's (count of them). */
static long bad_infos(data_t *d, int vcount)
{
    int nb = d->c->batch, b;
    kblasf_int *ours = malloc((size_t)nb * sizeof *ours);
    int *theirs = malloc((size_t)nb * sizeof *theirs);
    long bad = 0;

    CHECK_CUDA(cudaStreamSynchronize(d->c->stream));
    CHECK_CUDA(cudaMemcpy(ours, d->info, (size_t)nb * sizeof *ours, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(theirs, d->vinfo, (size_t)vcount * sizeof *theirs, cudaMemcpyDeviceToHost));
    for (b = 0; b < nb; b++)
        bad += ours[b] != 0 || (b < vcount && theirs[b] != 0);
    free(ours);
    free(theirs);
    return bad;
}

/* ------------------------------------------------------------------ the CPU loop */

typedef void (*potrf_fn)(const char *, const int *, double *, const int *, int *, size_t);
typedef void (*potrs_fn)(const char *, const int *, const int *, const double *, const int *,
                         double *, const int *, int *, size_t);

/* Seconds per batch of the CPU LAPACK's DPOTRF (potrs 0) or DPOTRS, one matrix after the
 * other on the first `cnt` matrices of the batch (about a second's worth), scaled to the
 * batch; median of 3 after a warm-up. < 0 when no CPU LAPACK. */
static double cpu_loop(data_t *d, int potrs)
{
    ctx_t *c = d->c;
    potrf_fn potrf = c->cpu ? (potrf_fn)dlsym(c->cpu, "dpotrf_") : NULL;
    potrs_fn potrs_ = c->cpu ? (potrs_fn)dlsym(c->cpu, "dpotrs_") : NULL;
    int n = d->n, one = 1, info = 0, cnt, rep, b;
    double per = potrs ? 2.0 * n * n : (double)n * n * n / 3, t[4];
    double *A, *F, *B, *B0;

    if (!potrf || !potrs_)
        return -1;
    cnt = (int)fmin((double)c->batch, fmax(16.0, 2e9 / per)); /* ~1 s at 2 GFLOP/s */
    A = malloc((size_t)cnt * d->mat);
    F = malloc((size_t)cnt * d->mat);
    B0 = malloc((size_t)cnt * d->vec);
    B = malloc((size_t)cnt * d->vec);
    if (!A || !F || !B || !B0) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    CHECK_CUDA(cudaMemcpy(F, d->F, (size_t)cnt * d->mat, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(B0, d->Bp, (size_t)cnt * d->vec, cudaMemcpyDeviceToHost));
    for (rep = 0; rep < 4; rep++) {
        double t0;
        CHECK_CUDA(cudaMemcpy(A, d->P, (size_t)cnt * d->mat, cudaMemcpyDeviceToHost));
        memcpy(B, B0, (size_t)cnt * d->vec);
        t0 = bench_now();
        for (b = 0; b < cnt; b++) {
            if (potrs)
                potrs_("L", &n, &one, F + (size_t)b * n * n, &n, B + (size_t)b * n, &n, &info, 1);
            else
                potrf("L", &n, A + (size_t)b * n * n, &n, &info, 1);
            if (info)
                d->c->bad++;
        }
        t[rep] = (bench_now() - t0) / cnt * c->batch;
    }
    free(A);
    free(F);
    free(B);
    free(B0);
    qsort(t + 1, 3, sizeof t[0], cmp_double);
    return t[2];
}

/* ------------------------------------------------------------------ a row */

typedef struct { double t[3], cpu, diff[2]; int have; } row_t;
static row_t res[NOPS][4][6]; /* [OP_...][p][size index] */
static const int orders[6] = {8, 16, 32, 64, 128, 256};

/* Whether the rows of precision p and orders[k] run: those BENCH_ORDERS names, in every
 * precision, when it is set; else every order in double in the full run, and 8, 32, 128. */
static int order_on(const ctx_t *c, int p, int k)
{
    if (c->order_mask)
        return c->order_mask >> k & 1;
    return (p == D && !c->quick) || orders[k] == 8 || orders[k] == 32 || orders[k] == 128;
}

/* Flops per matrix: n^3/3 (POTRF, TRTRI), 2 n^2 (POTRS, nrhs 1), both (POSV), n^3 (TRSM and TRMM,
 * side L with m = n: n m^2), four times that in complex. */
static double flops(int op, int p, int n)
{
    double n3 = (double)n * n * n;
    double f = op == OP_POTRS ? 2.0 * n * n
               : op == OP_POSV ? n3 / 3 + 2.0 * n * n
               : op == OP_POTRF || op == OP_TRTRI || op == OP_LAUUM ? n3 / 3
               : op == OP_POTRI ? 2 * n3 / 3
               : n3; /* TRSM, TRMM, POTI, SYRK with k = n (n(n+1)k, called n^3) */
    return is_complex(p) ? 4 * f : f;
}

/* Bytes a batch must move at the least: the triangle read and written (POTRF, TRTRI), the
 * triangle read and b read and written (POTRS), both read and written (POSV), the triangle
 * read and the n x n B read and written (TRSM, TRMM). */
static double bound_bytes(int op, int p, int n, int batch)
{
    double tri = (double)n * (n + 1) / 2 * esize[p];
    double rhs = op == OP_POTRS || op == OP_POSV ? (double)n : op == OP_POTRF ? 0 : (double)n * n;
    if (op == OP_SYRK) /* A (n x n) read, C's triangle read and written */
        return ((double)n * n * esize[p] + 2 * tri) * batch;
    if (op == OP_POSV) /* the triangle and b, both read and written */
        return (2 * tri + 2 * rhs * esize[p]) * batch;
    return (op == OP_POTRF || in_place(op) ? 2 * tri : tri + 2 * rhs * esize[p]) * batch;
}

static void print_rate(const ctx_t *c, int op, int p, int n, double t)
{
    double bound = bound_bytes(op, p, n, c->batch) / (c->copy_bw * 1e9);
    printf(" %9.4f %8.1f %5.0f%%", 1e3 * t, flops(op, p, n) * c->batch / t * 1e-9,
           100 * bound / t);
}

static void run_row(ctx_t *c, int p, int k)
{
    int n = orders[k], i, who;
    size_t nb = (size_t)c->batch;
    data_t d;

    if (!(c->ops & (1 << OP_POTRF | 1 << OP_POTRS | 1 << OP_POSV)) || !data_setup(c, &d, p, n))
        return;
    for (i = 0; i < 3; i++) {
        const int op = chol_ops[i], potrs = op == OP_POTRS, solve = op != OP_POTRF;
        row_t *r = &res[op][p][k];
        /* POTRF overwrites the matrices, POTRS b, POSV both; the result compared is b
         * wherever there is one */
        const restore_t rs[2] = {potrs ? (restore_t){d.Bw, d.Bp, nb * d.vec}
                                       : (restore_t){d.W, d.P, nb * d.mat},
                                 {d.Bw, d.Bp, nb * d.vec}};
        void *out = solve ? d.Bw : d.W, *keep = solve ? d.Bk : d.K;
        size_t bytes = solve ? nb * d.vec : nb * d.mat;
        int warm = 2, reps = c->quick ? 5 : 11;

        if (!(c->ops & 1 << op))
            continue;

        for (who = OURS; who <= VENDOR; who++) {
            call_t a = {&d, op, who};
            r->t[who] = time_calls(c->stream, rs, op == OP_POSV ? 2 : 1, call, &a, warm, reps);
            if (who == OURS)
                CHECK_CUDA(cudaMemcpyAsync(keep, out, bytes, cudaMemcpyDeviceToDevice, c->stream));
            if (who == OURS_STRIDED) /* the strided result against the pointer form's */
                r->diff[1] = rel_diff(c, p, out, keep, bytes / esize[p]);
        }
        r->diff[0] = rel_diff(c, p, keep, out, bytes / esize[p]); /* against cuSOLVER's */
        if (bad_infos(&d, potrs ? 1 : c->batch)) {
            printf("# %c%s n=%d: a nonzero info on positive definite matrices\n", pname[p],
                   upper_names[op], n);
            c->bad++;
        }
        r->cpu = p == D && !c->quick && op != OP_POSV ? cpu_loop(&d, potrs) : -1;
        r->have = 1;
        printf("%c%-5s %4d", pname[p], upper_names[op], n);
        for (who = OURS; who <= VENDOR; who++)
            print_rate(c, op, p, n, r->t[who]);
        printf("  %6.2fx", r->t[VENDOR] / r->t[OURS]);
        if (r->cpu > 0)
            printf(" %9.2f %8.1f", 1e3 * r->cpu, flops(op, p, n) * c->batch / r->cpu * 1e-9);
        else
            printf(" %9s %8s", "-", "-");
        printf("  %8.1e %8.1e %s\n", r->diff[0], r->diff[1],
               fmax(r->diff[0], r->diff[1]) < (is_double(p) ? 1e-10 : 1e-4) ? "ok"
                                                                           : (c->bad++, "MISMATCH"));
    }
    data_free(&d);
}

/* ------------------------------------------------------------------ TRSM and TRMM */

/* One precision and order for TRSM and TRMM: side L, uplo L, trans N, diag N, m = n, lda =
 * ldb = n, the matrices one after the other (stride n^2). */
typedef struct {
    ctx_t *c;
    int p, n;
    size_t mat;                 /* bytes of one n x n matrix */
    void *A;                    /* the triangles (random above them, never read) */
    void *Bp, *Bw, *Bk, *C;     /* pristine B, working B, kept result, GEMM's C / references */
    void **Aarr, **Barr, **Carr; /* device arrays of pointers into A, Bw, C */
} tdata_t;

typedef struct { tdata_t *d; int op, who; } tcall_t;

/* alpha (host memory): 1.5, or 1.5 - 0.5i; GEMM's beta 0 */
static const float alpha_s[2] = {1.5f, -0.5f}, zero_s[2] = {0, 0};
static const double alpha_d[2] = {1.5, -0.5}, zero_d[2] = {0, 0};

/* B distinct matrices repeat with this period, A's with DISTINCT: 16 and 13 are coprime,
 * so the first 16 * 13 matrices hold every distinct (A, B) pair of the batch. */
enum { BDISTINCT = 13 };

#define TRXM_OURS(P, T)                                                                   \
    (a->op == OP_TRSM                                                                     \
         ? kblasf_##P##trsm_batch(h, 'L', 'L', 'N', 'N', n, n, (const T *)al, (T *const *)Aa, \
                                  n, (T *const *)Ba, n, nb)                               \
         : kblasf_##P##trmm_batch(h, 'L', 'L', 'N', 'N', n, n, (const T *)al, (T *const *)Aa, \
                                  n, (T *const *)Ba, n, nb))
#define TRXM_STRIDED(P, T)                                                                \
    (a->op == OP_TRSM                                                                     \
         ? kblasf_##P##trsm_batch_strided(h, 'L', 'L', 'N', 'N', n, n, (const T *)al,     \
                                          (const T *)A, n, s, (T *)B, n, s, nb)           \
         : kblasf_##P##trmm_batch_strided(h, 'L', 'L', 'N', 'N', n, n, (const T *)al,     \
                                          (const T *)A, n, s, (T *)B, n, s, nb))
/* cuBLAS: TRSM in place on B; "TRMM" as GEMM C = alpha A B (beta 0) */
#define TRXM_VENDOR(P, T)                                                                 \
    (a->op == OP_TRSM                                                                     \
         ? cublas##P##trsmBatched(cb, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER,           \
                                  CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, (const T *)al, \
                                  (const T *const *)Aa, n, (T *const *)Ba, n, nb)         \
         : cublas##P##gemmBatched(cb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, (const T *)al,   \
                                  (const T *const *)Aa, n, (const T *const *)Ba, n,       \
                                  (const T *)zero, (T *const *)Ca, n, nb))

static void call_trxm(void *arg)
{
    tcall_t *a = arg;
    tdata_t *d = a->d;
    ctx_t *c = d->c;
    kblasf_handle_t h = c->h;
    cublasHandle_t cb = c->cb;
    int n = d->n, nb = c->batch;
    kblasf_int s = (kblasf_int)n * n;
    const void *al = is_double(d->p) ? (const void *)alpha_d : (const void *)alpha_s;
    const void *zero = is_double(d->p) ? (const void *)zero_d : (const void *)zero_s;
    void *A = d->A, *B = d->Bw, **Aa = d->Aarr, **Ba = d->Barr, **Ca = d->Carr;

    if (a->who == OURS) {
        switch (d->p) {
        case S: CHECK_KB(TRXM_OURS(s, float)); break;
        case D: CHECK_KB(TRXM_OURS(d, double)); break;
        case C: CHECK_KB(TRXM_OURS(c, kblasf_complex_float)); break;
        default: CHECK_KB(TRXM_OURS(z, kblasf_complex_double));
        }
    } else if (a->who == OURS_STRIDED) {
        switch (d->p) {
        case S: CHECK_KB(TRXM_STRIDED(s, float)); break;
        case D: CHECK_KB(TRXM_STRIDED(d, double)); break;
        case C: CHECK_KB(TRXM_STRIDED(c, kblasf_complex_float)); break;
        default: CHECK_KB(TRXM_STRIDED(z, kblasf_complex_double));
        }
    } else {
        switch (d->p) {
        case S: CHECK_CB(TRXM_VENDOR(S, float)); break;
        case D: CHECK_CB(TRXM_VENDOR(D, double)); break;
        case C: CHECK_CB(TRXM_VENDOR(C, cuComplex)); break;
        default: CHECK_CB(TRXM_VENDOR(Z, cuDoubleComplex));
        }
    }
}

/* The reference for TRMM: cublas?trmm (out of place: C := alpha A Bp), one call per
 * matrix, on the first `count` matrices. */
static void trmm_reference(tdata_t *d, int count)
{
    cublasHandle_t cb = d->c->cb;
    const cublasSideMode_t L = CUBLAS_SIDE_LEFT;
    const cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
    const cublasOperation_t N = CUBLAS_OP_N;
    const cublasDiagType_t nu = CUBLAS_DIAG_NON_UNIT;
    int n = d->n, b;

    for (b = 0; b < count; b++) {
        size_t off = (size_t)b * d->mat;
        const void *A = (const char *)d->A + off, *B = (const char *)d->Bp + off;
        void *X = (char *)d->C + off;
        switch (d->p) {
        case S: CHECK_CB(cublasStrmm(cb, L, lo, N, nu, n, n, alpha_s, A, n, B, n, X, n)); break;
        case D: CHECK_CB(cublasDtrmm(cb, L, lo, N, nu, n, n, alpha_d, A, n, B, n, X, n)); break;
        case C:
            CHECK_CB(cublasCtrmm(cb, L, lo, N, nu, n, n, (const cuComplex *)alpha_s, A, n, B, n,
                                 X, n));
            break;
        default:
            CHECK_CB(cublasZtrmm(cb, L, lo, N, nu, n, n, (const cuDoubleComplex *)alpha_d, A, n,
                                 B, n, X, n));
        }
    }
}

static void tdata_free(tdata_t *d)
{
    void *p[] = {d->A, d->Bp, d->Bw, d->Bk, d->C, d->Aarr, d->Barr, d->Carr};
    size_t i;

    CHECK_CUDA(cudaStreamSynchronize(d->c->stream));
    for (i = 0; i < sizeof p / sizeof p[0]; i++)
        if (p[i])
            CHECK_CUDA(cudaFree(p[i]));
    memset(d, 0, sizeof *d);
}

/* Allocates and fills: A = DISTINCT random lower triangles repeated over the batch
 * (diagonally dominant: off-diagonal entries in [-1, 1), in both parts in complex, the
 * diagonal 1.5 n + 1 + [0, 1); the strict upper triangle random too, never read), Bp =
 * BDISTINCT random B (entries in [-1, 1)) repeated. Returns 0, having said so, when device
 * memory is short. */
static int tdata_setup(ctx_t *c, tdata_t *d, int p, int n)
{
    size_t fr, tot, nb = (size_t)c->batch, i, elems = (size_t)n * n;
    void *hA, *hB;
    int k;

    memset(d, 0, sizeof *d);
    d->c = c;
    d->p = p;
    d->n = n;
    d->mat = elems * esize[p];
    CHECK_CUDA(cudaMemGetInfo(&fr, &tot));
    if (fr < 5 * nb * d->mat + ((size_t)1 << 30)) {
        printf("# %c TRSM/TRMM n=%d skipped: needs %.1f GiB of device memory, %.1f GiB free\n",
               pname[p], n, 5.0 * nb * d->mat / 1073741824.0, fr / 1073741824.0);
        return 0;
    }
    d->A = dmalloc(nb * d->mat);
    d->Bp = dmalloc(nb * d->mat);
    d->Bw = dmalloc(nb * d->mat);
    d->Bk = dmalloc(nb * d->mat);
    d->C = dmalloc(nb * d->mat);
    if (!d->A || !d->Bp || !d->Bw || !d->Bk || !d->C) {
        printf("# %c TRSM/TRMM n=%d skipped: device allocation failed\n", pname[p], n);
        tdata_free(d);
        return 0;
    }
    hA = malloc(DISTINCT * d->mat);
    hB = malloc(BDISTINCT * d->mat);
    if (!hA || !hB) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    for (k = 0; k < DISTINCT; k++)
        for (i = 0; i < elems; i++) {
            if (i % n == i / n)
                put_elem(hA, p, k * elems + i, 1.5 * n + 1 + urand(), is_complex(p) ? urand() : 0);
            else
                put_elem(hA, p, k * elems + i, 2 * urand() - 1, is_complex(p) ? 2 * urand() - 1 : 0);
        }
    for (i = 0; i < BDISTINCT * elems; i++)
        put_elem(hB, p, i, 2 * urand() - 1, is_complex(p) ? 2 * urand() - 1 : 0);
    replicate(d->A, hA, d->mat, DISTINCT, c->batch);
    replicate(d->Bp, hB, d->mat, BDISTINCT, c->batch);
    free(hA);
    free(hB);
    d->Aarr = slots(d->A, d->mat, c->batch);
    d->Barr = slots(d->Bw, d->mat, c->batch);
    d->Carr = slots(d->C, d->mat, c->batch);
    return 1;
}

typedef void (*trxm_fn)(const char *, const char *, const char *, const char *, const int *,
                        const int *, const double *, const double *, const int *, double *,
                        const int *, size_t, size_t, size_t, size_t);

/* Seconds per batch of the CPU BLAS's DTRSM (op OP_TRSM) or DTRMM, one matrix after the
 * other on the first `cnt` matrices of the batch (a quarter of a second's worth at 2
 * GFLOP/s: twelve such loops stay cheap), scaled to the batch; median of 3 after a
 * warm-up. < 0 when no CPU BLAS. */
static double cpu_trxm_loop(tdata_t *d, int op)
{
    ctx_t *c = d->c;
    trxm_fn f = c->cpu ? (trxm_fn)dlsym(c->cpu, op == OP_TRSM ? "dtrsm_" : "dtrmm_") : NULL;
    int n = d->n, cnt, rep, b;
    double per = (double)n * n * n, t[4];
    double *A, *B, *B0;

    if (!f)
        return -1;
    cnt = (int)fmin((double)c->batch, fmax(16.0, 5e8 / per));
    A = malloc((size_t)cnt * d->mat);
    B0 = malloc((size_t)cnt * d->mat);
    B = malloc((size_t)cnt * d->mat);
    if (!A || !B || !B0) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    CHECK_CUDA(cudaMemcpy(A, d->A, (size_t)cnt * d->mat, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(B0, d->Bp, (size_t)cnt * d->mat, cudaMemcpyDeviceToHost));
    for (rep = 0; rep < 4; rep++) {
        double t0;
        memcpy(B, B0, (size_t)cnt * d->mat);
        t0 = bench_now();
        for (b = 0; b < cnt; b++)
            f("L", "L", "N", "N", &n, &n, alpha_d, A + (size_t)b * n * n, &n,
              B + (size_t)b * n * n, &n, 1, 1, 1, 1);
        t[rep] = (bench_now() - t0) / cnt * c->batch;
    }
    free(A);
    free(B);
    free(B0);
    qsort(t + 1, 3, sizeof t[0], cmp_double);
    return t[2];
}

/* TRSM then TRMM (those in c->ops) at precision p and order orders[k], on one data set. */
static void run_trxm_row(ctx_t *c, int p, int k)
{
    int n = orders[k], op, who, nchk = c->batch < DISTINCT * BDISTINCT ? c->batch
                                                                      : DISTINCT * BDISTINCT;
    size_t nb = (size_t)c->batch;
    double tol = is_double(p) ? 1e-10 : 1e-4;
    tdata_t d;

    if (!(c->ops & (1 << OP_TRSM | 1 << OP_TRMM)) || !tdata_setup(c, &d, p, n))
        return;
    for (op = OP_TRSM; op <= OP_TRMM; op++) {
        row_t *r = &res[op][p][k];
        restore_t rs = {d.Bw, d.Bp, nb * d.mat};
        size_t count = nb * d.mat / esize[p];

        if (!(c->ops & 1 << op))
            continue;
        for (who = OURS; who <= VENDOR; who++) {
            tcall_t a = {&d, op, who};
            /* one call first (a warm-up too): fewer repetitions for slow calls, so that
             * a slow vendor routine at n = 256 cannot stretch the run (POTRF's rows keep
             * 2 + 11) */
            double t1 = time_calls(c->stream, &rs, 1, call_trxm, &a, 0, 1);
            int warm = t1 > 0.02 ? 0 : 1, reps = t1 > 0.05 ? 3 : t1 > 0.01 ? 5 : 11;
            if (c->quick && reps > 5)
                reps = 5;
            r->t[who] = time_calls(c->stream, &rs, 1, call_trxm, &a, warm, reps);
            if (who == OURS)
                CHECK_CUDA(cudaMemcpyAsync(d.Bk, d.Bw, nb * d.mat, cudaMemcpyDeviceToDevice,
                                           c->stream));
            if (who == OURS_STRIDED) /* the strided result against the pointer form's */
                r->diff[1] = rel_diff(c, p, d.Bw, d.Bk, count);
        }
        if (op == OP_TRSM) { /* against cublas?trsmBatched's */
            r->diff[0] = rel_diff(c, p, d.Bk, d.Bw, count);
        } else { /* against cublas?trmm's, matrix by matrix (GEMM's C is no TRMM) */
            trmm_reference(&d, nchk);
            r->diff[0] = rel_diff(c, p, d.Bk, d.C, (size_t)nchk * d.mat / esize[p]);
        }
        r->cpu = p == D && !c->quick ? cpu_trxm_loop(&d, op) : -1;
        r->have = 1;
        printf("%c%-5s %4d", pname[p], op == OP_TRSM ? "TRSM" : "TRMM", n);
        for (who = OURS; who <= VENDOR; who++)
            print_rate(c, op, p, n, r->t[who]);
        printf("  %6.2fx", r->t[VENDOR] / r->t[OURS]);
        if (r->cpu > 0)
            printf(" %9.2f %8.1f", 1e3 * r->cpu, flops(op, p, n) * c->batch / r->cpu * 1e-9);
        else
            printf(" %9s %8s", "-", "-");
        printf("  %8.1e %8.1e %s\n", r->diff[0], r->diff[1], /* NaN fails */
               r->diff[0] < tol && r->diff[1] < tol ? "ok" : (c->bad++, "MISMATCH"));
    }
    tdata_free(&d);
}

/* TRTRI, LAUUM, POTRI, POTI (no vendor batched ones): ours on the lower triangles of A,
 * in place on a copy restored before each call; the strided result against the pointer
 * form's. A's triangle is diagonally dominant with a real positive diagonal part: a
 * factor for TRTRI, LAUUM and POTRI, and read as Hermitian, positive definite for POTI. */
typedef struct { tdata_t *d; int op, who; kblasf_int *info; } ipcall_t;

#define IN_PLACE_CALL(P, T)                                                                \
    (a->op == OP_TRTRI                                                                     \
         ? (ptrs ? kblasf_##P##trtri_batch(h, 'L', 'N', n, (T *const *)Ba, n, nb)           \
                 : kblasf_##P##trtri_batch_strided(h, 'L', 'N', n, (T *)W, n, sn, nb))     \
     : a->op == OP_LAUUM                                                                   \
         ? (ptrs ? kblasf_##P##lauum_batch(h, 'L', n, (T *const *)Ba, n, nb)                \
                 : kblasf_##P##lauum_batch_strided(h, 'L', n, (T *)W, n, sn, nb))          \
     : a->op == OP_POTRI                                                                   \
         ? (ptrs ? kblasf_##P##potri_batch(h, 'L', n, (T *const *)Ba, n, a->info, nb)       \
                 : kblasf_##P##potri_batch_strided(h, 'L', n, (T *)W, n, sn, a->info, nb)) \
         : (ptrs ? kblasf_##P##poti_batch(h, 'L', n, (T *const *)Ba, n, a->info, nb)        \
                 : kblasf_##P##poti_batch_strided(h, 'L', n, (T *)W, n, sn, a->info, nb)))
static void call_in_place(void *arg)
{
    ipcall_t *a = arg;
    tdata_t *d = a->d;
    kblasf_handle_t h = d->c->h;
    int n = d->n, nb = d->c->batch, ptrs = a->who == OURS;
    kblasf_int sn = (kblasf_int)n * n;
    void *W = d->Bw, **Ba = d->Barr;

    switch (d->p) {
    case S: CHECK_KB(IN_PLACE_CALL(s, float)); break;
    case D: CHECK_KB(IN_PLACE_CALL(d, double)); break;
    case C: CHECK_KB(IN_PLACE_CALL(c, kblasf_complex_float)); break;
    default: CHECK_KB(IN_PLACE_CALL(z, kblasf_complex_double));
    }
}

/* SYRK (uplo L, trans N, k = n, alpha 1, beta 1) against cuBLAS's batched GEMM computing
 * the whole C = A A^T + C (twice SYRK's flops, as cuBLAS has no batched SYRK). */
static void call_syrk(void *arg)
{
    ipcall_t *a = arg;
    tdata_t *d = a->d;
    ctx_t *c = d->c;
    int n = d->n, nb = c->batch;
    kblasf_int sn = (kblasf_int)n * n;
    long long sl = sn;
    void *A = d->A, *W = d->Bw, **Aa = d->Aarr, **Ba = d->Barr;
    const float s1 = 1;
    const double d1 = 1;
    const cuComplex c1 = {1, 0};
    const cuDoubleComplex z1 = {1, 0};
    const cublasOperation_t N = CUBLAS_OP_N, Tr = CUBLAS_OP_T;

    if (a->who == VENDOR)
        switch (d->p) {
        case S: CHECK_CB(cublasSgemmStridedBatched(c->cb, N, Tr, n, n, n, &s1, A, n, sl, A, n, sl, &s1, W, n, sl, nb)); break;
        case D: CHECK_CB(cublasDgemmStridedBatched(c->cb, N, Tr, n, n, n, &d1, A, n, sl, A, n, sl, &d1, W, n, sl, nb)); break;
        case C: CHECK_CB(cublasCgemmStridedBatched(c->cb, N, Tr, n, n, n, &c1, A, n, sl, A, n, sl, &c1, W, n, sl, nb)); break;
        default: CHECK_CB(cublasZgemmStridedBatched(c->cb, N, Tr, n, n, n, &z1, A, n, sl, A, n, sl, &z1, W, n, sl, nb));
        }
    else if (a->who == OURS)
        switch (d->p) {
        case S: CHECK_KB(kblasf_ssyrk_batch(c->h, 'L', 'N', n, n, &s1, (float *const *)Aa, n, &s1, (float *const *)Ba, n, nb)); break;
        case D: CHECK_KB(kblasf_dsyrk_batch(c->h, 'L', 'N', n, n, &d1, (double *const *)Aa, n, &d1, (double *const *)Ba, n, nb)); break;
        case C: CHECK_KB(kblasf_csyrk_batch(c->h, 'L', 'N', n, n, (const kblasf_complex_float *)&c1, (kblasf_complex_float *const *)Aa, n, (const kblasf_complex_float *)&c1, (kblasf_complex_float *const *)Ba, n, nb)); break;
        default: CHECK_KB(kblasf_zsyrk_batch(c->h, 'L', 'N', n, n, (const kblasf_complex_double *)&z1, (kblasf_complex_double *const *)Aa, n, (const kblasf_complex_double *)&z1, (kblasf_complex_double *const *)Ba, n, nb));
        }
    else
        switch (d->p) {
        case S: CHECK_KB(kblasf_ssyrk_batch_strided(c->h, 'L', 'N', n, n, &s1, A, n, sn, &s1, W, n, sn, nb)); break;
        case D: CHECK_KB(kblasf_dsyrk_batch_strided(c->h, 'L', 'N', n, n, &d1, A, n, sn, &d1, W, n, sn, nb)); break;
        case C: CHECK_KB(kblasf_csyrk_batch_strided(c->h, 'L', 'N', n, n, (const kblasf_complex_float *)&c1, A, n, sn, (const kblasf_complex_float *)&c1, W, n, sn, nb)); break;
        default: CHECK_KB(kblasf_zsyrk_batch_strided(c->h, 'L', 'N', n, n, (const kblasf_complex_double *)&z1, A, n, sn, (const kblasf_complex_double *)&z1, W, n, sn, nb));
        }
}

/* One row of an in-place operation (ours, both forms) or of SYRK (and the vendor's GEMM). */
static void run_ours_row(ctx_t *c, int op, int p, int k)
{
    int n = orders[k], who, last = op == OP_SYRK ? VENDOR : OURS_STRIDED, i, bad = 0;
    size_t nb = (size_t)c->batch;
    double tol = is_double(p) ? 1e-10 : 1e-4;
    row_t *r = &res[op][p][k];
    kblasf_int *info = NULL, *hinfo = NULL;
    tdata_t d;

    if (!(c->ops & 1 << op) || !tdata_setup(c, &d, p, n))
        return;
    info = dmalloc(nb * sizeof *info);
    /* in place: the working copy from A; SYRK: C from the pristine B */
    restore_t rs = {d.Bw, op == OP_SYRK ? d.Bp : d.A, nb * d.mat};
    for (who = OURS; who <= last; who++) {
        ipcall_t a = {&d, op, who, info};
        void (*fn)(void *) = op == OP_SYRK ? call_syrk : call_in_place;
        double t1 = time_calls(c->stream, &rs, 1, fn, &a, 0, 1);
        r->t[who] = time_calls(c->stream, &rs, 1, fn, &a, t1 > 0.02 ? 0 : 1,
                               t1 > 0.05 || c->quick ? 5 : 11);
        if (who == OURS)
            CHECK_CUDA(cudaMemcpyAsync(d.Bk, d.Bw, nb * d.mat, cudaMemcpyDeviceToDevice,
                                       c->stream));
        if (who == OURS_STRIDED)
            r->diff[1] = rel_diff(c, p, d.Bw, d.Bk, nb * d.mat / esize[p]);
    }
    if (op == OP_POTRI || op == OP_POTI) {
        hinfo = malloc(nb * sizeof *hinfo);
        CHECK_CUDA(cudaMemcpy(hinfo, info, nb * sizeof *hinfo, cudaMemcpyDeviceToHost));
        for (i = 0; i < c->batch; i++)
            bad += hinfo[i] != 0;
        free(hinfo);
        if (bad) {
            printf("# %c%s n=%d: %d nonzero infos on well-conditioned matrices\n", pname[p],
                   op == OP_POTRI ? "POTRI" : "POTI", n, bad);
            c->bad++;
        }
    }
    CHECK_CUDA(cudaFree(info));
    r->have = 1;
    printf("%c%-5s %4d", pname[p], upper_names[op], n);
    for (who = OURS; who <= last; who++)
        print_rate(c, op, p, n, r->t[who]);
    if (op == OP_SYRK)
        printf("  %6.2fx", r->t[VENDOR] / r->t[OURS]);
    else
        printf(" %25s %8s", "-", "-");
    printf(" %9s %8s  %8s %8.1e %s\n", "-", "-", "-", r->diff[1],
           r->diff[1] < tol ? "ok" : (c->bad++, "MISMATCH"));
    tdata_free(&d);
}

/* ------------------------------------------------------------------ summary, main */

static void summarize(const ctx_t *c)
{
    /* issue 9's goals: kblasf over cuSOLVER at n = 8, 32, 128 (double), and n <= 32 at half
     * the bandwidth bound or better; the same for TRSM against cublasDtrsmBatched (B
     * square, side L). TRMM has no goal: its vendor time is GEMM's. */
    static const struct { int op, k; double goal; } goals[] = {
        {OP_POTRF, 0, 10}, {OP_POTRF, 2, 3}, {OP_POTRF, 4, 1.5}, {OP_POTRS, 0, 5},
        {OP_POTRS, 2, 3}, {OP_POTRS, 4, 2}, {OP_TRSM, 0, 3}, {OP_TRSM, 2, 2},
        {OP_TRSM, 4, 1.5}};
    static const char *const label[NOPS] = {"POTRF", "POTRS nrhs=1", "TRSM (L, L, N, N; m = n)",
                                            "TRMM"};
    static const char *const vendor[NOPS] = {"cuSOLVER", "cuSOLVER", "cublasDtrsmBatched",
                                             "cublasDgemmBatched"};
    size_t g;
    int op, k;

    for (g = 0; g < sizeof goals / sizeof goals[0]; g++) {
        const row_t *r = &res[goals[g].op][D][goals[g].k];
        double q;
        if (!r->have)
            continue;
        q = r->t[VENDOR] / r->t[OURS];
        sum_add("D%s n=%d: %.3f ms, %s %.3f ms: %.2fx (goal %.1fx: %s)\n",
                label[goals[g].op], orders[goals[g].k], 1e3 * r->t[OURS], vendor[goals[g].op],
                1e3 * r->t[VENDOR], q, goals[g].goal, q >= goals[g].goal ? "met" : "NOT met");
    }
    for (op = OP_POTRF; op < NOPS; op++)
        for (k = 0; k <= 2 && op != OP_TRMM; k++) {
            const row_t *r = &res[op][D][k];
            double frac;
            if (!r->have)
                continue;
            frac = bound_bytes(op, D, orders[k], c->batch) / (c->copy_bw * 1e9) / r->t[OURS];
            sum_add("D%s n=%d: %.0f%% of the bandwidth bound (goal >= 50%%: %s)\n",
                    upper_names[op], orders[k], 100 * frac, frac >= 0.5 ? "met" : "NOT met");
        }
    sum_add("checks: %s\n", c->bad ? "SOME FAILED (see MISMATCH / info above)"
                                   : !(c->ops & (1 << OP_POTRF | 1 << OP_POTRS | 1 << OP_POSV |
                                                 1 << OP_TRSM | 1 << OP_TRMM))
                                   ? "all results agree between the two forms, all infos 0"
                                   : c->ops & (1 << OP_TRSM | 1 << OP_TRMM)
                                   ? "all results agree with the vendor's (cuSOLVER, cuBLAS), "
                                     "all infos 0"
                                   : "all results agree with cuSOLVER's, all infos 0");
}

/* The operations named in a comma-separated list (potrf, potrs, trsm, ..., posv, all), as bits.
 * Other names are skipped with a note, as bench_lapack skips the names it does not know:
 * testing/gpu/run.sh may hand both benchmarks the same BENCH_OPS. */
static int parse_ops(const char *list)
{
    char buf[256], *tok, *save = NULL;
    int ops = 0, op;

    snprintf(buf, sizeof buf, "%s", list);
    for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        if (!strcasecmp(tok, "all")) {
            ops |= (1 << NOPS) - 1;
            continue;
        }
        for (op = 0; op < NOPS && strcasecmp(tok, opname[op]); op++)
            ;
        if (op < NOPS)
            ops |= 1 << op;
        else
            printf("# ops: \"%s\" skipped (bench_batch knows potrf, potrs, trsm, trmm, trtri, "
                   "lauum, potri, poti, syrk, posv, all)\n", tok);
    }
    return ops;
}

int main(int argc, char **argv)
{
    ctx_t c;
    struct cudaDeviceProp prop;
    const char *env = getenv("BENCH_BATCH"), *lib = "", *ops = getenv("BENCH_OPS");
    int p, k, i, op;

    memset(&c, 0, sizeof c);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "quick"))
            c.quick = 1;
        else if (!strncmp(argv[i], "ops=", 4))
            ops = argv[i] + 4;
        else {
            fprintf(stderr, "usage: bench_batch [quick] [ops=potrf,potrs,trsm,trmm,trtri,"
                            "lauum,potri,poti,syrk,posv]\n");
            return 1;
        }
    }
    c.batch = env && atoi(env) > 0 ? atoi(env) : c.quick ? 1024 : 10240;
    setvbuf(stdout, NULL, _IOLBF, 0);
    c.ops = parse_ops(ops && *ops ? ops : "all");
    if (getenv("BENCH_ORDERS")) { /* e.g. 16,32: those orders only, in every precision */
        char buf[128], *tok, *save = NULL;
        snprintf(buf, sizeof buf, "%s", getenv("BENCH_ORDERS"));
        for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
            for (k = 0; k < 6; k++)
                c.order_mask |= (atoi(tok) == orders[k]) << k;
    }
    srand(20261124);
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&c.stream, &c.h);
    CHECK_CS(cusolverDnCreate(&c.cs));
    CHECK_CS(cusolverDnSetStream(c.cs, c.stream));
    CHECK_CB(cublasCreate(&c.cb));
    CHECK_CB(cublasSetStream(c.cb, c.stream));
    if (!c.quick)
        c.cpu = bench_cpu_lapack(&lib);
    c.copy_bw = bench_copy_bandwidth(c.stream);

    printf("# %s, copy bandwidth %.0f GB/s, batch %d, uplo L, lda = n, %s; CPU loop: %s; ops:",
           prop.name, c.copy_bw, c.batch, c.quick ? "quick" : "full",
           c.cpu ? lib : "not run");
    for (i = 0; i < NOPS; i++)
        if (c.ops & 1 << i)
            printf(" %s", opname[i]);
    printf("%s\n", c.ops ? "" : " none (BENCH_OPS / ops= names no operation bench_batch knows)");
    if (c.ops & (1 << OP_POTRF | 1 << OP_POTRS | 1 << OP_POSV)) {
        printf("# per library: ms per batch, GFLOP/s (n^3/3 POTRF, 2n^2 POTRS, both POSV, x4 "
               "complex), %% of the bandwidth bound; ratio: cuSOLVER time / kblasf (pointer "
               "arrays) time; POSV's cuSOLVER: potrfBatched, then potrsBatched;\n"
               "# diff: max |kblasf - cuSOLVER| / max |cuSOLVER|, then strided vs pointer arrays\n");
        printf("%-10s %-25s %-25s %-25s %7s %-18s %s\n", "op n", "kblasf (pointer arrays)",
               "kblasf (strided)", "cuSOLVER", "ratio", "CPU LAPACK loop", "diff");
        for (k = 0; k < 6; k++)
            if (order_on(&c, D, k))
                run_row(&c, D, k);
        for (p = S; p <= Z; p++)
            for (k = 0; k < 6 && p != D; k++)
                if (order_on(&c, p, k))
                    run_row(&c, p, k);
    }
    if (c.ops & (1 << OP_TRSM | 1 << OP_TRMM)) {
        printf("# TRSM, TRMM: side L, uplo L, trans N, diag N, m = n (B n x n), lda = ldb = n, "
               "alpha 1.5 (1.5 - 0.5i complex); GFLOP/s: n^3 per matrix (x4 complex) in every "
               "column;\n"
               "# %% of the bandwidth bound: the triangle read, B read and written; ratio: "
               "cuBLAS time / kblasf (pointer arrays) time;\n"
               "# TRSM's cuBLAS: cublas?trsmBatched (pointer arrays). TRMM's cuBLAS: none batched, "
               "so cublas?gemmBatched C = alpha A B (full A, separate C, 2n^3 flops) on the same "
               "pointer arrays, time only;\n"
               "# diff: max |kblasf - cuBLAS| / max |cuBLAS| (TRSM: cublas?trsmBatched's B; TRMM: "
               "cublas?trmm per matrix on the first %d matrices, every distinct A, B pair), then "
               "strided vs pointer arrays\n", c.batch < DISTINCT * BDISTINCT ? c.batch
                                                                            : DISTINCT * BDISTINCT);
        printf("%-10s %-25s %-25s %-25s %7s %-18s %s\n", "op n", "kblasf (pointer arrays)",
               "kblasf (strided)", "cuBLAS (TRMM: GEMM)", "ratio", "CPU BLAS loop", "diff");
        for (k = 0; k < 6; k++)
            if (order_on(&c, D, k))
                run_trxm_row(&c, D, k);
        for (p = S; p <= Z; p++)
            for (k = 0; k < 6 && p != D; k++)
                if (order_on(&c, p, k))
                    run_trxm_row(&c, p, k);
    }
    if (c.ops & (1 << OP_TRTRI | 1 << OP_LAUUM | 1 << OP_POTRI | 1 << OP_POTI)) {
        printf("\n# TRTRI (diag N), LAUUM, POTRI, POTI: uplo L, in place, lda = n; no vendor "
               "batched ones: ours only (pointer arrays, strided), GFLOP/s n^3/3 (TRTRI, LAUUM), "
               "2n^3/3 (POTRI), n^3 (POTI) per matrix (x4 complex), the bound the triangle read "
               "and written; diff: strided vs pointer arrays\n");
        for (op = OP_TRTRI; op <= OP_POTI; op++)
            for (p = S; p <= Z; p++)
                for (k = 0; k < 6; k++)
                    if (order_on(&c, p, k))
                        run_ours_row(&c, op, p, k);
    }
    if (c.ops & 1 << OP_SYRK) {
        printf("\n# SYRK: uplo L, trans N, k = n, alpha = beta = 1, lda = ldc = n; cuBLAS has no "
               "batched SYRK: the third column is cublas?gemmStridedBatched C = A A^T + C on the "
               "whole C (2n^3 flops, time only); GFLOP/s n^3 per matrix (x4 complex) in every "
               "column; the bound: A read, C's triangle read and written; ratio: GEMM time / "
               "kblasf (pointer arrays) time; diff: strided vs pointer arrays\n");
        for (p = S; p <= Z; p++)
            for (k = 0; k < 6; k++)
                if (order_on(&c, p, k))
                    run_ours_row(&c, OP_SYRK, p, k);
    }
    summarize(&c);

    if (c.cpu)
        dlclose(c.cpu);
    CHECK_CB(cublasDestroy(c.cb));
    CHECK_CS(cusolverDnDestroy(c.cs));
    CHECK_KB(kblasf_destroy(c.h));
    CHECK_CUDA(cudaStreamDestroy(c.stream));
    printf("\n# summary (%s, copy %.0f GB/s, batch %d)\n%s", prop.name, c.copy_bw, c.batch,
           summary);
    return c.bad ? 2 : 0;
}
