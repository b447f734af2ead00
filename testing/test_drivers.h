/*
 * test_drivers.h — what the testers of unmodified LAPACK drivers (test_eig_drivers.c,
 * test_svd_drivers.c, test_lapack_drivers.c) share: real problems live in double arrays and complex ones in
 * double complex arrays, so that the O(n^3) work of the real cases costs real flops;
 * every helper takes cplx and reads or writes element p of either through get/put.
 */
#ifndef KBLASF_TEST_DRIVERS_H
#define KBLASF_TEST_DRIVERS_H

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "blas.h"
#include "testing.h"

typedef kblasf_complex_double zc;
typedef kblasf_int fint;

#ifdef KBLASF_LAPACK_NAMES
#define NAMES_EXPORTED 1
#else
#define NAMES_EXPORTED 0
#endif

/* the KBLASF_OFFLOAD mode this child runs in, for messages */
static inline const char *mode(void) { return *test_mode_env ? test_mode_env : "default"; }

static inline size_t esz(int cplx) { return cplx ? sizeof(zc) : sizeof(double); }

static inline zc get(int cplx, const void *A, size_t p)
{
    return cplx ? ((const zc *)A)[p] : ((const double *)A)[p];
}

static inline void put(int cplx, void *A, size_t p, zc v)
{
    if (cplx)
        ((zc *)A)[p] = v;
    else
        ((double *)A)[p] = creal(v);
}

static inline zc nanz(void)
{
    zc v;
    double *parts = (double *)&v; /* C lays a complex out as double[2] */

    parts[0] = parts[1] = NAN;
    return v;
}

/* The 1-norm of an m x n matrix (ld), NaN read as infinite (a ratio over it then fails). */
static inline double driver_norm1(int cplx, const void *A, fint m, fint n, fint ld)
{
    double r = cplx ? test_norm1_z(A, m, n, ld) : test_norm1_d(A, m, n, ld);
    return isnan(r) ? INFINITY : r;
}

/* ||I - G||_1 / (scale eps), G the Gram matrix (c x c) of c vectors of length len:
 * columns 1: the columns of X (len x c, ld len), G = X^H X;
 * columns 0: the rows of X (c x len, ld c), G = X X^H.
 * G from SYRK/HERK (half a GEMM) into the lower triangle. */
static inline double gram_error(int cplx, int columns, fint c, fint len, const void *X,
                                fint scale)
{
    void *E = test_alloc((size_t)c * c * esz(cplx));
    fint i, j, ldx = columns ? len : c;
    const char *t = columns ? (cplx ? "C" : "T") : "N";
    double r, one = 1, zero = 0;

    if (cplx)
        zherk_("L", t, &c, &len, &one, X, &ldx, &zero, E, &c, 1, 1);
    else
        dsyrk_("L", t, &c, &len, &one, X, &ldx, &zero, E, &c, 1, 1);
    for (j = 0; j < c; j++) {
        size_t d = (size_t)j * (c + 1);
        put(cplx, E, d, get(cplx, E, d) - 1);
        for (i = j + 1; i < c; i++) /* the upper triangle, for the norm */
            put(cplx, E, (size_t)j + (size_t)i * c,
                conj(get(cplx, E, (size_t)i + (size_t)j * c)));
    }
    r = driver_norm1(cplx, E, c, c, c) / (scale * DBL_EPSILON);
    free(E);
    return r;
}

/* kblasf served the driver's inner routine (kblasf_lapack_calls grew by grew across it)
 * exactly when the LAPACK names are exported. */
static inline void check_served(long grew, const char *what, const char *routine)
{
    test_check(NAMES_EXPORTED ? grew > 0 : grew == 0,
               "%s [%s]: kblasf_lapack_calls grew by %ld across the driver (LAPACK names %s%s)",
               what, mode(), grew, NAMES_EXPORTED ? "exported: kblasf must serve its "
                                                  : "not exported: it must not",
               NAMES_EXPORTED ? routine : "");
}

/* What builds the orthonormal factors (not exported by kblasf: the system's). */
void dgeqrf_(const fint *m, const fint *n, double *A, const fint *lda, double *tau,
             double *work, const fint *lwork, fint *info);
void dorgqr_(const fint *m, const fint *n, const fint *k, double *A, const fint *lda,
             const double *tau, double *work, const fint *lwork, fint *info);
void zgeqrf_(const fint *m, const fint *n, zc *A, const fint *lda, zc *tau, zc *work,
             const fint *lwork, fint *info);
void zungqr_(const fint *m, const fint *n, const fint *k, zc *A, const fint *lda,
             const zc *tau, zc *work, const fint *lwork, fint *info);

/* rows x cols (rows >= cols) with orthonormal columns: Q of the QR factorization of a
 * random matrix (the system's xGEQRF and xORGQR/xUNGQR); a failure ends the tester. */
static inline void *orthonormal(int cplx, fint rows, fint cols, const char *tester)
{
    void *Q = test_alloc((size_t)rows * cols * esz(cplx));
    void *tau = test_alloc((size_t)cols * esz(cplx)), *work;
    fint lwork = -1, info = 0, info2 = 0, lq;
    size_t p;

    for (p = 0; p < (size_t)rows * cols; p++)
        put(cplx, Q, p, cplx ? test_rand() + I * test_rand() : test_rand());
    if (cplx) {
        zc q1, q2;
        zgeqrf_(&rows, &cols, Q, &rows, tau, &q1, &lwork, &info);
        zungqr_(&rows, &cols, &cols, Q, &rows, tau, &q2, &lwork, &info2);
        lq = (fint)MAX(creal(q1), creal(q2));
    } else {
        double q1, q2;
        dgeqrf_(&rows, &cols, Q, &rows, tau, &q1, &lwork, &info);
        dorgqr_(&rows, &cols, &cols, Q, &rows, tau, &q2, &lwork, &info2);
        lq = (fint)MAX(q1, q2);
    }
    lwork = MAX(1, lq);
    work = test_alloc((size_t)lwork * esz(cplx));
    if (cplx) {
        zgeqrf_(&rows, &cols, Q, &rows, tau, work, &lwork, &info);
        zungqr_(&rows, &cols, &cols, Q, &rows, tau, work, &lwork, &info2);
    } else {
        dgeqrf_(&rows, &cols, Q, &rows, tau, work, &lwork, &info);
        dorgqr_(&rows, &cols, &cols, Q, &rows, tau, work, &lwork, &info2);
    }
    if (!test_check(info == 0 && info2 == 0, "%s %ldx%ld: building Q failed (GEQRF info %ld, "
                    "%s info %ld)", cplx ? "complex" : "real", (long)rows, (long)cols,
                    (long)info, cplx ? "UNGQR" : "ORGQR", (long)info2))
        exit(test_finish(tester));
    free(tau);
    free(work);
    return Q;
}

#endif
