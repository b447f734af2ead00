/*
 * bench_mv — kblasf GEMV/SYMV/HEMV (+ _offset) against cuBLAS, in one process, on the
 * same random data, timed with CUDA events (median of batches after warm-up). Inputs
 * smaller than 4x the L2 cache are rotated among several copies. Reports GB/s (the
 * matrix bytes each routine must read: m*n for GEMV, n*(n+1)/2 for SYMV/HEMV, plus the
 * vectors), the ratio to cuBLAS, and the fraction of the device copy bandwidth measured
 * at the start of the run. Also checks that both give the same answer.
 *
 * usage: bench_mv [quick]      (quick: fewer sizes)
 */
#include <math.h>
#include <string.h>
#include <cublas_v2.h>
#include <curand.h>
#include "kblasf.h"
#include "bench.h"

enum { GEMV, SYMV };
enum { MAXROT = 16 };

typedef struct run_arg {
    int prec;                 /* 0..3 = s d c z */
    int kind, vendor;
    char op;                  /* trans for GEMV, uplo for SYMV */
    int m, n, lda, offr, offc;
    char *A[MAXROT];
    int nrot;
    void *x, *y;
    kblasf_handle_t h;
    cublasHandle_t cb;
    double alpha[2], beta[2]; /* big enough for any scalar type */
    cudaStream_t stream;
} run_arg;

static const size_t esize[4] = {4, 8, 8, 16};
static const char pname[4] = {'S', 'D', 'C', 'Z'};

static cublasOperation_t cuop(char t)
{
    return t == 'N' ? CUBLAS_OP_N : t == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

static cublasFillMode_t cufill(char u)
{
    return u == 'L' ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
}


/* One call of the routine under test, for each precision. */
#define RUN_PREC(P, T, CUT, CUP, SY)                                                   \
static void run_##P(run_arg *a, const char *Araw)                                      \
{                                                                                      \
    const T *A = (const T *)Araw, *al = (const T *)a->alpha, *be = (const T *)a->beta; \
    const CUT *cA = (const CUT *)Araw;                                                 \
    size_t sub = a->offr + (size_t)a->offc * a->lda;                                   \
    if (a->kind == GEMV && a->vendor)                                                  \
        CHECK_CB(cublas##CUP##gemv(a->cb, cuop(a->op), a->m, a->n, (const CUT *)al,    \
                 cA + sub, a->lda, a->x, 1, (const CUT *)be, a->y, 1));                \
    else if (a->kind == GEMV)                                                          \
        CHECK_KB(kblasf_##P##gemv_offset(a->h, a->op, a->m, a->n, al, A, a->lda,       \
                 a->x, 1, be, a->y, 1, a->offr, a->offc));                             \
    else if (a->vendor)                                                                \
        CHECK_CB(cublas##CUP##SY(a->cb, cufill(a->op), a->n, (const CUT *)al,          \
                 cA + sub, a->lda, a->x, 1, (const CUT *)be, a->y, 1));                \
    else                                                                               \
        CHECK_KB(kblasf_##P##SY##_offset(a->h, a->op, a->n, al, A, a->lda, a->x, 1,    \
                 be, a->y, 1, a->offr));                                               \
}
RUN_PREC(s, float, float, S, symv)
RUN_PREC(d, double, double, D, symv)
RUN_PREC(c, kblasf_complex_float, cuComplex, C, hemv)
RUN_PREC(z, kblasf_complex_double, cuDoubleComplex, Z, hemv)

static void run_once(void *p, int iter)
{
    run_arg *a = p;
    const char *A = a->A[iter % a->nrot];
    switch (a->prec) {
    case 0: run_s(a, A); break;
    case 1: run_d(a, A); break;
    case 2: run_c(a, A); break;
    default: run_z(a, A); break;
    }
}

/* ---- the shared state of the run ---- */
static char *big;                 /* one large random buffer, carved into matrices */
static size_t big_bytes;
static void *xbuf, *ybuf, *yref;
static double copy_bw;
static kblasf_handle_t handle;
static cublasHandle_t cublas;
static cudaStream_t stream;
static curandGenerator_t gen;
static int filled_prec = -1;

static void fill(int prec)
{
    if (filled_prec == prec)
        return;
    if (prec == 0 || prec == 2)
        curandGenerateUniform(gen, (float *)big, big_bytes / 4);
    else
        curandGenerateUniformDouble(gen, (double *)big, big_bytes / 8);
    CHECK_CUDA(cudaDeviceSynchronize());
    filled_prec = prec;
}

/* Relative difference between the two results in y (as real numbers). */
static double rel_diff(int prec, size_t len)
{
    size_t n = len * (prec >= 2 ? 2 : 1), i;
    double num = 0, den = 0;
    if (prec == 0 || prec == 2) {
        float *a = malloc(n * 4), *b = malloc(n * 4);
        CHECK_CUDA(cudaMemcpy(a, ybuf, n * 4, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(b, yref, n * 4, cudaMemcpyDeviceToHost));
        for (i = 0; i < n; i++) { num += (a[i] - b[i]) * (double)(a[i] - b[i]); den += (double)b[i] * b[i]; }
        free(a); free(b);
    } else {
        double *a = malloc(n * 8), *b = malloc(n * 8);
        CHECK_CUDA(cudaMemcpy(a, ybuf, n * 8, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(b, yref, n * 8, cudaMemcpyDeviceToHost));
        for (i = 0; i < n; i++) { num += (a[i] - b[i]) * (a[i] - b[i]); den += b[i] * b[i]; }
        free(a); free(b);
    }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

typedef struct { double ours, vendor; } result;

/* Stores re (+ im i for complex) in the scalar type of precision prec. */
static void set_scalar(double *dst, int prec, double re, double im)
{
    float f[2] = {(float)re, (float)im};
    double d[2] = {re, im};

    memset(dst, 0, 2 * sizeof(double));
    if (prec == 0 || prec == 2)
        memcpy(dst, f, (prec == 2 ? 2 : 1) * sizeof(float));
    else
        memcpy(dst, d, (prec == 3 ? 2 : 1) * sizeof(double));
}

/* Times kblasf and cuBLAS on the m x n (SYMV: n x n) submatrix at (off, off) [GEMV:
 * (offr, offc)] of a matrix with leading dimension lda; prints one line. */
static result measure(int prec, int kind, char op, int m, int n, int lda, int offr, int offc,
                      const char *tag)
{
    run_arg a;
    size_t es = esize[prec], cols = (size_t)offc + n, mat = (size_t)lda * cols * es;
    double bytes, t_ours, t_vendor, diff;
    int i, leny = kind == GEMV && op != 'N' ? n : m;
    result r;

    memset(&a, 0, sizeof a);
    fill(prec);
    a.prec = prec; a.kind = kind; a.op = op; a.m = m; a.n = n; a.lda = lda;
    a.offr = offr; a.offc = offc; a.h = handle; a.cb = cublas; a.stream = stream;
    a.x = xbuf; a.y = ybuf;
    set_scalar(a.alpha, prec, 1.0, 0.25);
    set_scalar(a.beta, prec, 0.5, 0.0);
    /* rotate among copies so that the inputs together exceed 4x the 50 MB L2 */
    a.nrot = (int)((200u << 20) / mat) + 1;
    if (a.nrot > MAXROT) a.nrot = MAXROT;
    while ((size_t)a.nrot * mat > big_bytes && a.nrot > 1) a.nrot--;
    for (i = 0; i < a.nrot; i++)
        a.A[i] = big + (size_t)i * mat;

    /* same answer? run each once from the same y */
    CHECK_CUDA(cudaMemcpy(yref, xbuf, (size_t)leny * es, cudaMemcpyDeviceToDevice));
    CHECK_CUDA(cudaMemcpy(ybuf, xbuf, (size_t)leny * es, cudaMemcpyDeviceToDevice));
    a.vendor = 1; a.y = yref; run_once(&a, 0);
    a.vendor = 0; a.y = ybuf; run_once(&a, 0);
    CHECK_CUDA(cudaDeviceSynchronize());
    diff = rel_diff(prec, leny);

    int per = m * (double)n < 4e6 ? 50 : 10;
    a.vendor = 0; t_ours = bench_time(stream, run_once, &a, 15, per);
    a.vendor = 1; t_vendor = bench_time(stream, run_once, &a, 15, per);
    bytes = kind == GEMV ? (double)m * n * es + (double)(m + 2 * n) * es
                         : (double)n * (n + 1) / 2 * es + 3.0 * n * es;
    r.ours = bytes / t_ours * 1e-9;
    r.vendor = bytes / t_vendor * 1e-9;
    printf("%c%s %c %-8s m=%5d n=%5d off=(%2d,%2d)  kblasf %7.1f GB/s  cuBLAS %7.1f GB/s  "
           "ratio %5.2f  of copy %5.1f%%  diff %.1e%s\n",
           pname[prec], kind == GEMV ? "GEMV" : prec >= 2 ? "HEMV" : "SYMV", op, tag, m, n,
           offr, offc, r.ours, r.vendor, r.ours / r.vendor, 100 * r.ours / copy_bw, diff,
           diff > (prec == 0 || prec == 2 ? 1e-4 : 1e-10) ? "  MISMATCH" : "");
    fflush(stdout);
    return r;
}

/* The submatrix at offsets (o, o), o = 1..31, of a 16384 matrix against o = 0: the worst
 * rate relative to aligned, for kblasf and for cuBLAS, appended to the summary. */
static void offset_sweep(int kind, char op, char *summary, size_t size)
{
    static const int offs[] = {1, 2, 3, 5, 7, 8, 13, 15, 16, 17, 24, 31};
    const int big_n = 16384, sub = 16384 - 32;
    result r0 = measure(1, kind, op, sub, sub, big_n, 0, 0, "aligned");
    double worst = 1e9, vworst = 1e9;
    size_t k, len = strlen(summary);

    for (k = 0; k < sizeof offs / sizeof offs[0]; k++) {
        result r = measure(1, kind, op, sub, sub, big_n, offs[k], offs[k], "offset");
        worst = fmin(worst, r.ours / r0.ours);
        vworst = fmin(vworst, r.vendor / r0.vendor);
    }
    snprintf(summary + len, size - len, "D%s_offset %c n=%d in 16384, offsets 1..31: worst "
             "%.1f%% of aligned (goal >= 95%%); cuBLAS worst %.1f%%\n",
             kind == GEMV ? "GEMV" : "SYMV", op, sub, 100 * worst, 100 * vworst);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "quick");
    int p, n, k, t;
    const int big_n = 16384;
    struct cudaDeviceProp prop;
    char summary[8192] = "";
    size_t sl = 0;

    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    bench_open(&stream, &handle);
    CHECK_CB(cublasCreate(&cublas));
    CHECK_CB(cublasSetStream(cublas, stream));
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    curandSetPseudoRandomGeneratorSeed(gen, 1234);
    big_bytes = (size_t)big_n * big_n * 16;
    CHECK_CUDA(cudaMalloc((void **)&big, big_bytes));
    CHECK_CUDA(cudaMalloc(&xbuf, (size_t)big_n * 16));
    CHECK_CUDA(cudaMalloc(&ybuf, (size_t)big_n * 16));
    CHECK_CUDA(cudaMalloc(&yref, (size_t)big_n * 16));
    CHECK_CUDA(cudaMemset(xbuf, 0, (size_t)big_n * 16));
    curandGenerateUniformDouble(gen, (double *)xbuf, (size_t)big_n * 2);
    copy_bw = bench_copy_bandwidth(stream);
    printf("# %s, %d SMs, L2 %d MB; copy bandwidth (read+write) %.0f GB/s\n", prop.name,
           prop.multiProcessorCount, prop.l2CacheSize >> 20, copy_bw);

#define SUM(...) (sl += snprintf(summary + sl, sizeof summary - sl, __VA_ARGS__))
    /* DSYMV lower and upper */
    for (t = 0; t < 2; t++) {
        char u = t ? 'U' : 'L';
        static const int ns[] = {2048, 4096, 6144, 8192, 12288, 16384};
        for (k = 0; k < 6; k++) {
            result r = measure(1, SYMV, u, ns[k], ns[k], ns[k], 0, 0, "");
            if (ns[k] == 4096 || ns[k] >= 8192)
                SUM("DSYMV %c n=%5d: %6.0f GB/s = %5.1f%% of copy (goal >= 90%% at n >= 8192), "
                    "%.2fx cuBLAS (goal >= 1.3x at 4096)\n", u, ns[k], r.ours,
                    100 * r.ours / copy_bw, r.ours / r.vendor);
        }
    }
    /* DSYMV_offset inside a 16384 matrix */
    for (t = 0; t < 2; t++) {
        offset_sweep(SYMV, t ? 'U' : 'L', summary, sizeof summary);
        sl = strlen(summary);
    }
    /* DGEMV sweep for wave-quantization dips */
    for (t = 0; t < 2; t++) {
        char op = t ? 'T' : 'N';
        double prev = 0, worst_ratio = 1e9, worst_dip = 0;
        int worst_n = 0, dip_n = 0, step = quick ? 1024 : 256;
        for (n = 512; n <= 16384; n += step) {
            result r = measure(1, GEMV, op, n, n, n, 0, 0, "sweep");
            if (r.ours / r.vendor < worst_ratio) { worst_ratio = r.ours / r.vendor; worst_n = n; }
            if (prev > 0 && 1 - r.ours / prev > worst_dip) { worst_dip = 1 - r.ours / prev; dip_n = n; }
            prev = fmax(prev, r.ours);
            if (n < 4096) prev = r.ours; /* still ramping up: compare to the last one only */
        }
        SUM("DGEMV %c n=512..16384 step %d: worst ratio to cuBLAS %.2f at n=%d (goal >= 1); "
            "worst dip %.1f%% at n=%d (goal <= 10%%)\n", op, step, worst_ratio, worst_n,
            100 * worst_dip, dip_n);
        offset_sweep(GEMV, op, summary, sizeof summary);
        sl = strlen(summary);
    }
    /* the other precisions */
    for (p = 0; p < 4; p++) {
        static const int ns[] = {4096, 8192, 16384};
        if (p == 1) continue;
        for (k = 0; k < 3; k++) {
            result r;
            for (t = 0; t < 2; t++) {
                r = measure(p, SYMV, t ? 'U' : 'L', ns[k], ns[k], ns[k], 0, 0, "");
                SUM("%c%s %c n=%5d: %6.0f GB/s = %5.1f%% of copy, %.2fx cuBLAS%s\n", pname[p],
                    p >= 2 ? "HEMV" : "SYMV", t ? 'U' : 'L', ns[k], r.ours,
                    100 * r.ours / copy_bw, r.ours / r.vendor,
                    p == 3 && ns[k] >= 8192 ? " (goal >= 85% of copy)" : "");
            }
            for (t = 0; t < (p >= 2 ? 3 : 2); t++) {
                char op = "NTC"[t];
                r = measure(p, GEMV, op, ns[k], ns[k], ns[k], 0, 0, "");
                SUM("%cGEMV %c n=%5d: %6.0f GB/s = %5.1f%% of copy, %.2fx cuBLAS\n", pname[p],
                    op, ns[k], r.ours, 100 * r.ours / copy_bw, r.ours / r.vendor);
            }
        }
    }
    printf("\n# summary (%s, copy bandwidth %.0f GB/s)\n%s", prop.name, copy_bw, summary);
    kblasf_destroy(handle);
    cublasDestroy(cublas);
    return 0;
}
