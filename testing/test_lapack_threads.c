/*
 * test_lapack_threads — 8 threads at once, each with its own matrices and random stream,
 * each calling DPOTRF, DPOTRS, ZPOSV, DPOTRI and DSYTRD several times at orders 150 to 290: through
 * the LAPACK names when kblasf exports them, else through the host forms. Every thread
 * checks its own residuals (against TEST_TOLERANCE):
 *   DPOTRF ||L L^T - A||_1 / (n ||A||_1 eps)
 *   DPOTRS, ZPOSV  max_j ||b_j - A x_j||_1 / (||A||_1 ||x_j||_1 n eps)
 *   DPOTRI ||I - A inv(A)||_1 / (n ||A||_1 ||inv(A)||_1 eps)
 *   DSYTRD ||A - Q T Q^T||_1 / (n ||A||_1 eps), Q from DORGTR
 * and that kblasf_lapack_calls(), counted per thread, grew by exactly its own calls. The
 * threads keep their own pass/fail counts; main adds them up after joining.
 * Runs in the modes default and KBLASF_OFFLOAD=always (test_run_modes_list).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <complex.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "blas.h"
#include "testing.h"

typedef kblasf_complex_double zc;
typedef kblasf_int fint;

void dpotrf_(const char *, const fint *, double *, const fint *, fint *, size_t);
void dpotrs_(const char *, const fint *, const fint *, const double *, const fint *, double *,
             const fint *, fint *, size_t);
void dpotri_(const char *, const fint *, double *, const fint *, fint *, size_t);
void zposv_(const char *, const fint *, const fint *, zc *, const fint *, zc *, const fint *,
            fint *, size_t);
void dsytrd_(const char *, const fint *, double *, const fint *, double *, double *, double *,
             double *, const fint *, fint *, size_t);
void dorgtr_(const char *, const fint *, double *, const fint *, const double *, double *,
             const fint *, fint *, size_t);

#define NTHREADS 8
#define ITERS 3
#define AT(A, ld, i, j) ((A)[(size_t)(i) + (size_t)(j) * (size_t)(ld)])

typedef struct {
    int id;
    uint64_t rng;
    int passed, failed;
} worker;

static double wrand(worker *w) /* uniform in [-1, 1), the thread's own stream */
{
    w->rng ^= w->rng >> 12;
    w->rng ^= w->rng << 25;
    w->rng ^= w->rng >> 27;
    return (double)((w->rng * 2685821657736338717ULL) >> 11) * 0x1.0p-52 - 1.0;
}

static void wcheck(worker *w, int ok, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void wcheck(worker *w, int ok, const char *fmt, ...)
{
    char buf[400];
    va_list ap;

    if (ok) {
        w->passed++;
        return;
    }
    w->failed++;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    printf("FAIL thread %d [%s]: %s\n", w->id, *test_mode_env ? test_mode_env : "default", buf);
    fflush(stdout);
}

/* 1-norms, NaN read as infinite (a ratio over them then fails). */
static double dnorm1(const double *A, fint m, fint n, fint ld)
{
    double r = test_norm1_d(A, m, n, ld);
    return isnan(r) ? INFINITY : r;
}

static double znorm1(const zc *A, fint m, fint n, fint ld)
{
    double r = test_norm1_z(A, m, n, ld);
    return isnan(r) ? INFINITY : r;
}

/* SPD n x n (ld n): G G^T / n + 0.1 I. */
static double *gen_dspd(worker *w, fint n)
{
    double *G = test_alloc((size_t)n * n * sizeof(double)), *A = test_alloc((size_t)n * n * sizeof(double));
    double alpha = 1.0 / n, zero = 0;
    fint i, j;
    for (i = 0; i < n * n; i++)
        G[i] = wrand(w);
    dgemm_("N", "T", &n, &n, &n, &alpha, G, &n, G, &n, &zero, A, &n, 1, 1);
    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++)
            AT(A, n, j, i) = AT(A, n, i, j);
        AT(A, n, j, j) += 0.1;
    }
    free(G);
    return A;
}

static zc *gen_zhpd(worker *w, fint n)
{
    zc *G = test_alloc((size_t)n * n * sizeof(zc)), *A = test_alloc((size_t)n * n * sizeof(zc));
    zc alpha = 1.0 / n, zero = 0;
    fint i, j;
    for (i = 0; i < n * n; i++) {
        double re = wrand(w);
        G[i] = re + I * wrand(w);
    }
    zgemm_("N", "C", &n, &n, &n, &alpha, G, &n, G, &n, &zero, A, &n, 1, 1);
    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++)
            AT(A, n, j, i) = conj(AT(A, n, i, j));
        AT(A, n, j, j) = creal(AT(A, n, j, j)) + 0.1;
    }
    free(G);
    return A;
}

/* The calls under test: LAPACK names when kblasf exports them, else the host forms. */
static fint call_dpotrf(char uplo, fint n, double *A, fint lda)
{
    fint info = -4242;
#ifdef KBLASF_LAPACK_NAMES
    dpotrf_(&uplo, &n, A, &lda, &info, 1);
#else
    kblasf_dpotrf_host(uplo, n, A, lda, &info);
#endif
    return info;
}

static fint call_dpotrs(char uplo, fint n, fint nrhs, const double *A, fint lda, double *B, fint ldb)
{
    fint info = -4242;
#ifdef KBLASF_LAPACK_NAMES
    dpotrs_(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1);
#else
    kblasf_dpotrs_host(uplo, n, nrhs, A, lda, B, ldb, &info);
#endif
    return info;
}

static fint call_dpotri(char uplo, fint n, double *A, fint lda)
{
    fint info = -4242;
#ifdef KBLASF_LAPACK_NAMES
    dpotri_(&uplo, &n, A, &lda, &info, 1);
#else
    kblasf_dpotri_host(uplo, n, A, lda, &info);
#endif
    return info;
}

static fint call_zposv(char uplo, fint n, fint nrhs, zc *A, fint lda, zc *B, fint ldb)
{
    fint info = -4242;
#ifdef KBLASF_LAPACK_NAMES
    zposv_(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1);
#else
    kblasf_zposv_host(uplo, n, nrhs, A, lda, B, ldb, &info);
#endif
    return info;
}

static fint call_dsytrd(char uplo, fint n, double *A, fint lda, double *d, double *e,
                        double *tau, double *work, fint lwork)
{
    fint info = -4242;
#ifdef KBLASF_LAPACK_NAMES
    dsytrd_(&uplo, &n, A, &lda, d, e, tau, work, &lwork, &info, 1);
#else
    kblasf_dsytrd_host(uplo, n, A, lda, d, e, tau, work, lwork, &info);
#endif
    return info;
}

/* DSYTRD of the symmetric A (n x n), checked by ||A - Q T Q^T|| with Q from DORGTR. */
static void sytrd_round(worker *w, char uplo, fint n, fint lda, const double *A, double an)
{
    fint lwork = 64 * n, info, jnfo, i, j;
    double *Af = test_alloc((size_t)lda * n * sizeof(double)), *Q, *QT, *R, r;
    double *d = test_alloc((size_t)n * sizeof(double)), *e = test_alloc((size_t)n * sizeof(double));
    double *tau = test_alloc((size_t)n * sizeof(double));
    double *work = test_alloc((size_t)lwork * sizeof(double)), one = 1, mone = -1;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Af, lda, i, j) = AT(A, n, i, j);
    info = call_dsytrd(uplo, n, Af, lda, d, e, tau, work, lwork);
    Q = test_alloc((size_t)n * n * sizeof(double));
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Q, n, i, j) = AT(Af, lda, i, j);
    dorgtr_(&uplo, &n, Q, &n, tau, work, &lwork, &jnfo, 1);
    QT = test_alloc((size_t)n * n * sizeof(double)); /* Q T, column by column */
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(QT, n, i, j) = d[j] * AT(Q, n, i, j) + (j > 0 ? e[j - 1] * AT(Q, n, i, j - 1) : 0) +
                              (j < n - 1 ? e[j] * AT(Q, n, i, j + 1) : 0);
    R = test_alloc((size_t)n * n * sizeof(double));
    memcpy(R, A, (size_t)n * n * sizeof(double));
    dgemm_("N", "T", &n, &n, &n, &mone, QT, &n, Q, &n, &one, R, &n, 1, 1);
    r = dnorm1(R, n, n, n) / (n * an * DBL_EPSILON);
    wcheck(w, info == 0 && r < TEST_TOLERANCE, "DSYTRD uplo=%c n=%ld: info %ld, residual %.3g",
           uplo, (long)n, (long)info, isnan(r) ? INFINITY : r);
    free(Af); free(Q); free(QT); free(R); free(d); free(e); free(tau); free(work);
}

/* n x n copy of the triangle of A (zeros elsewhere). */
static double *dtri(const double *A, fint lda, char uplo, fint n)
{
    double *F = test_alloc((size_t)n * n * sizeof(double));
    fint i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(F, n, i, j) = (uplo == 'L' ? i >= j : i <= j) ? AT(A, lda, i, j) : 0;
    return F;
}

static double max_col_ratio_d(const double *R, const double *X, fint n, fint nrhs, double scale)
{
    double worst = 0;
    fint j;
    for (j = 0; j < nrhs; j++) {
        double q = dnorm1(R + (size_t)j * n, n, 1, n) / (scale * dnorm1(X + (size_t)j * n, n, 1, n));
        if (!(q <= worst))
            worst = q;
    }
    return isnan(worst) ? INFINITY : worst;
}

static void one_round(worker *w, int it)
{
    fint n = 150 + 20 * w->id + 3 * it, lda = n + w->id % 3, nrhs = 4, ldb = n + 1;
    char uplo = (w->id + it) % 2 ? 'U' : 'L';
    double *A = gen_dspd(w, n), *Af = test_alloc((size_t)lda * n * sizeof(double));
    double *B = test_alloc((size_t)ldb * nrhs * sizeof(double)), *X, *R, *F, *P, *V;
    double an = dnorm1(A, n, n, n), one = 1, zero = 0, mone = -1, r;
    fint info, i, j;

    sytrd_round(w, uplo, n, lda, A, an);
    /* DPOTRF */
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Af, lda, i, j) = AT(A, n, i, j);
    info = call_dpotrf(uplo, n, Af, lda);
    F = dtri(Af, lda, uplo, n);
    P = test_alloc((size_t)n * n * sizeof(double));
    memcpy(P, F, (size_t)n * n * sizeof(double));
    if (uplo == 'L')
        dtrmm_("R", "L", "T", "N", &n, &n, &one, F, &n, P, &n, 1, 1, 1, 1);
    else
        dtrmm_("L", "U", "T", "N", &n, &n, &one, F, &n, P, &n, 1, 1, 1, 1);
    for (i = 0; i < n * n; i++)
        P[i] -= A[i];
    r = dnorm1(P, n, n, n) / (n * an * DBL_EPSILON);
    wcheck(w, info == 0 && r < TEST_TOLERANCE, "DPOTRF uplo=%c n=%ld: info %ld, residual %.3g",
           uplo, (long)n, (long)info, r);

    /* DPOTRS with that factor */
    for (i = 0; i < ldb * nrhs; i++)
        B[i] = wrand(w);
    R = test_alloc((size_t)n * nrhs * sizeof(double));
    for (j = 0; j < nrhs; j++)
        for (i = 0; i < n; i++)
            AT(R, n, i, j) = AT(B, ldb, i, j);
    info = call_dpotrs(uplo, n, nrhs, Af, lda, B, ldb);
    X = test_alloc((size_t)n * nrhs * sizeof(double));
    for (j = 0; j < nrhs; j++)
        for (i = 0; i < n; i++)
            AT(X, n, i, j) = AT(B, ldb, i, j);
    dgemm_("N", "N", &n, &nrhs, &n, &mone, A, &n, X, &n, &one, R, &n, 1, 1);
    r = max_col_ratio_d(R, X, n, nrhs, an * n * DBL_EPSILON);
    wcheck(w, info == 0 && r < TEST_TOLERANCE, "DPOTRS uplo=%c n=%ld: info %ld, residual %.3g",
           uplo, (long)n, (long)info, r);

    /* DPOTRI from the factor */
    info = call_dpotri(uplo, n, Af, lda);
    V = test_alloc((size_t)n * n * sizeof(double));
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(V, n, i, j) = (uplo == 'L' ? i >= j : i <= j) ? AT(Af, lda, i, j) : AT(Af, lda, j, i);
    dgemm_("N", "N", &n, &n, &n, &one, A, &n, V, &n, &zero, P, &n, 1, 1);
    for (i = 0; i < n; i++)
        AT(P, n, i, i) -= 1;
    r = dnorm1(P, n, n, n) / (n * an * dnorm1(V, n, n, n) * DBL_EPSILON);
    wcheck(w, info == 0 && r < TEST_TOLERANCE, "DPOTRI uplo=%c n=%ld: info %ld, residual %.3g",
           uplo, (long)n, (long)info, r);
    free(A); free(Af); free(B); free(X); free(R); free(F); free(P); free(V);

    /* ZPOSV */
    {
        fint zn = n - 40;
        zc *ZA = gen_zhpd(w, zn), *ZAf = test_alloc((size_t)lda * zn * sizeof(zc));
        zc *ZB = test_alloc((size_t)ldb * nrhs * sizeof(zc)), *ZR = test_alloc((size_t)zn * nrhs * sizeof(zc));
        zc *ZX = test_alloc((size_t)zn * nrhs * sizeof(zc)), zone = 1, zmone = -1;
        double zan = znorm1(ZA, zn, zn, zn), worst = 0;
        for (j = 0; j < zn; j++)
            for (i = 0; i < zn; i++)
                AT(ZAf, lda, i, j) = AT(ZA, zn, i, j);
        for (j = 0; j < nrhs; j++)
            for (i = 0; i < zn; i++) {
                double re = wrand(w);
                AT(ZB, ldb, i, j) = AT(ZR, zn, i, j) = re + I * wrand(w);
            }
        info = call_zposv(uplo, zn, nrhs, ZAf, lda, ZB, ldb);
        for (j = 0; j < nrhs; j++)
            for (i = 0; i < zn; i++)
                AT(ZX, zn, i, j) = AT(ZB, ldb, i, j);
        zgemm_("N", "N", &zn, &nrhs, &zn, &zmone, ZA, &zn, ZX, &zn, &zone, ZR, &zn, 1, 1);
        for (j = 0; j < nrhs; j++) {
            double q = znorm1(ZR + (size_t)j * zn, zn, 1, zn) /
                       (zan * znorm1(ZX + (size_t)j * zn, zn, 1, zn) * zn * DBL_EPSILON);
            if (!(q <= worst))
                worst = q;
        }
        wcheck(w, info == 0 && worst < TEST_TOLERANCE, "ZPOSV uplo=%c n=%ld: info %ld, residual %.3g",
               uplo, (long)zn, (long)info, worst);
        free(ZA); free(ZAf); free(ZB); free(ZR); free(ZX);
    }
}

static void *thread_main(void *arg)
{
    worker *w = arg;
    long before = kblasf_lapack_calls(), grew;
    int it;

    for (it = 0; it < ITERS; it++)
        one_round(w, it);
    /* the counter is per thread: exactly this thread's 5 calls per round */
    grew = kblasf_lapack_calls() - before;
    wcheck(w, grew == 5L * ITERS, "kblasf_lapack_calls grew by %ld on this thread, not %d",
           grew, 5 * ITERS);
    return NULL;
}

static void run(kblasf_handle_t h)
{
    pthread_t tid[NTHREADS];
    worker w[NTHREADS];
    int t;

    (void)h;
    for (t = 0; t < NTHREADS; t++) {
        w[t].id = t;
        w[t].rng = (uint64_t)((test_rand() + 1.0) * 0x1.0p52) * 2654435761ULL + (uint64_t)t + 1;
        w[t].passed = w[t].failed = 0;
    }
    for (t = 0; t < NTHREADS; t++)
        if (pthread_create(&tid[t], NULL, thread_main, &w[t]) != 0) {
            test_check(0, "pthread_create %d", t);
            tid[t] = 0;
            w[t].id = -1;
        }
    for (t = 0; t < NTHREADS; t++)
        if (w[t].id >= 0)
            pthread_join(tid[t], NULL);
    for (t = 0; t < NTHREADS; t++) {
        test_passed += w[t].passed;
        test_failed += w[t].failed;
    }
    printf("test_lapack_threads: %d threads, %d rounds each, %s\n", NTHREADS, ITERS,
#ifdef KBLASF_LAPACK_NAMES
           "LAPACK names"
#else
           "host forms"
#endif
    );
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_lapack_threads", run, test_modes_offload);
}
