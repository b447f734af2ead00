/*
 * test_lapack_drivers — unmodified LAPACK drivers of the system liblapack whose own names
 * kblasf does not export, and which call POTRF/POTRS inside the shared liblapack:
 * DPOSVX and ZPOSVX (FACT 'N' and 'E'), DSYGV and ZHEGV (ITYPE 1, JOBZ 'V'), on random
 * well-conditioned problems of order 5, 70 and 300, both triangles. Checked by residuals
 * (against TEST_TOLERANCE):
 *   POSVX  max_j ||b_j - A x_j||_1 / (||A||_1 ||x_j||_1 n eps), and componentwise
 *          max_ij |b - A x|_ij / ((|A| |x|)_ij + |b|_ij) / (n eps)
 *   SYGV   ||A Z - B Z diag(w)||_1 / ((||A||_1 + ||B||_1 max|w|) ||Z||_1 n eps),
 *          ||Z^H B Z - I||_1 / (||B||_1 ||Z||_1^2 n eps), w ascending
 * When kblasf exports the LAPACK names, kblasf_lapack_calls() must grow across each
 * driver call (kblasf served the driver's inner DPOTRF); otherwise it must not.
 * Runs in the modes default and KBLASF_OFFLOAD=always (test_run_modes_list).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "blas.h"
#include "testing.h"
#include "test_drivers.h"

void dposvx_(const char *fact, const char *uplo, const fint *n, const fint *nrhs, double *A,
             const fint *lda, double *AF, const fint *ldaf, char *equed, double *S, double *B,
             const fint *ldb, double *X, const fint *ldx, double *rcond, double *ferr,
             double *berr, double *work, fint *iwork, fint *info, size_t, size_t, size_t);
void zposvx_(const char *fact, const char *uplo, const fint *n, const fint *nrhs, zc *A,
             const fint *lda, zc *AF, const fint *ldaf, char *equed, double *S, zc *B,
             const fint *ldb, zc *X, const fint *ldx, double *rcond, double *ferr,
             double *berr, zc *work, double *rwork, fint *info, size_t, size_t, size_t);
void dsygv_(const fint *itype, const char *jobz, const char *uplo, const fint *n, double *A,
            const fint *lda, double *B, const fint *ldb, double *W, double *work,
            const fint *lwork, fint *info, size_t, size_t);
void zhegv_(const fint *itype, const char *jobz, const char *uplo, const fint *n, zc *A,
            const fint *lda, zc *B, const fint *ldb, double *W, zc *work, const fint *lwork,
            double *rwork, fint *info, size_t, size_t);

#define AT(A, ld, i, j) ((A)[(size_t)(i) + (size_t)(j) * (size_t)(ld)])

/* All matrices are kept as double complex n x n (ld n) for the residuals; real problems
 * have zero imaginary parts and are copied to double arrays for the d drivers. */
static zc rndz(int cplx) { double re = test_rand(); return cplx ? re + I * test_rand() : re; }

/* Hermitian positive definite: G G^H / n + shift I (eigenvalues in [shift, shift + 1.4]). */
static zc *gen_hpd(fint n, int cplx, double shift)
{
    zc *G = test_alloc((size_t)n * n * sizeof(zc)), *A = test_alloc((size_t)n * n * sizeof(zc));
    zc alpha = 1.0 / n, zero = 0;
    fint i, j;

    for (i = 0; i < n * n; i++)
        G[i] = rndz(cplx);
    zgemm_("N", "C", &n, &n, &n, &alpha, G, &n, G, &n, &zero, A, &n, 1, 1);
    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++)
            AT(A, n, j, i) = conj(AT(A, n, i, j));
        AT(A, n, j, j) = creal(AT(A, n, j, j)) + shift;
    }
    free(G);
    return A;
}

static zc *gen_herm(fint n, int cplx)
{
    zc *A = test_alloc((size_t)n * n * sizeof(zc));
    fint i, j;
    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++) {
            AT(A, n, i, j) = rndz(cplx);
            AT(A, n, j, i) = conj(AT(A, n, i, j));
        }
        AT(A, n, j, j) = test_rand();
    }
    return A;
}

/* The 1-norm, NaN read as infinite (a ratio over it then fails). */
static double norm1(const zc *A, fint m, fint n, fint ld)
{
    double r = test_norm1_z(A, m, n, ld);
    return isnan(r) ? INFINITY : r;
}

static double *to_real(const zc *A, size_t count)
{
    double *R = test_alloc(count * sizeof(double));
    size_t p;
    for (p = 0; p < count; p++)
        R[p] = creal(A[p]);
    return R;
}

static zc *to_cplx(const double *R, size_t count)
{
    zc *A = test_alloc(count * sizeof(zc));
    size_t p;
    for (p = 0; p < count; p++)
        A[p] = R[p];
    return A;
}

static zc *dupz(const zc *A, size_t count)
{
    zc *B = test_alloc(count * sizeof(zc));
    memcpy(B, A, count * sizeof(zc));
    return B;
}

static void check_calls(long grew, const char *what)
{
    check_served(grew, what, "DPOTRF");
}

/* ---- POSVX ------------------------------------------------------------------------ */

static void posvx_case(int cplx, char fact, char uplo, fint n)
{
    fint nrhs = 3, lda = n + 2, ldb = n + 1, info = -1, i, j;
    zc *A = gen_hpd(n, cplx, 0.2), *B = test_alloc((size_t)n * nrhs * sizeof(zc)), *X, *R;
    zc *Aa = test_alloc((size_t)lda * n * sizeof(zc)), *Bb = test_alloc((size_t)ldb * nrhs * sizeof(zc));
    double *S = test_alloc((size_t)n * sizeof(double)), rcond = 0, worst = 0, cworst = 0, an;
    double *ferr = test_alloc(nrhs * sizeof(double)), *berr = test_alloc(nrhs * sizeof(double));
    char equed = 'N', what[96];
    long before;
    zc one = 1, mone = -1;

    if (fact == 'E') /* a badly scaled (but well-conditioned after scaling) matrix */
        for (j = 0; j < n; j++) {
            double dj = pow(10.0, 3 * test_rand());
            for (i = 0; i < n; i++) {
                AT(A, n, i, j) *= dj;
                AT(A, n, j, i) *= dj;
            }
        }
    for (i = 0; i < n * nrhs; i++)
        B[i] = rndz(cplx);
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Aa, lda, i, j) = AT(A, n, i, j);
    for (j = 0; j < nrhs; j++)
        for (i = 0; i < n; i++)
            AT(Bb, ldb, i, j) = AT(B, n, i, j);
    snprintf(what, sizeof what, "%sPOSVX fact=%c uplo=%c n=%ld", cplx ? "Z" : "D", fact, uplo,
             (long)n);

    before = kblasf_lapack_calls();
    if (!cplx) {
        double *a = to_real(Aa, (size_t)lda * n), *b = to_real(Bb, (size_t)ldb * nrhs);
        double *af = test_alloc((size_t)n * n * sizeof(double)), *x = test_alloc((size_t)n * nrhs * sizeof(double));
        double *work = test_alloc(3 * (size_t)n * sizeof(double));
        fint *iwork = test_alloc((size_t)n * sizeof(fint));
        dposvx_(&fact, &uplo, &n, &nrhs, a, &lda, af, &n, &equed, S, b, &ldb, x, &n, &rcond,
                ferr, berr, work, iwork, &info, 1, 1, 1);
        X = to_cplx(x, (size_t)n * nrhs);
        free(a); free(b); free(af); free(x); free(work); free(iwork);
    } else {
        zc *af = test_alloc((size_t)n * n * sizeof(zc)), *work = test_alloc(2 * (size_t)n * sizeof(zc));
        double *rwork = test_alloc((size_t)n * sizeof(double));
        X = test_alloc((size_t)n * nrhs * sizeof(zc));
        zposvx_(&fact, &uplo, &n, &nrhs, Aa, &lda, af, &n, &equed, S, Bb, &ldb, X, &n, &rcond,
                ferr, berr, work, rwork, &info, 1, 1, 1);
        free(af); free(work); free(rwork);
    }
    check_calls(kblasf_lapack_calls() - before, what);

    /* R = B - A X with the original A and B */
    R = dupz(B, (size_t)n * nrhs);
    zgemm_("N", "N", &n, &nrhs, &n, &mone, A, &n, X, &n, &one, R, &n, 1, 1);
    an = norm1(A, n, n, n);
    for (j = 0; j < nrhs; j++) {
        double r = norm1(R + (size_t)j * n, n, 1, n), x = norm1(X + (size_t)j * n, n, 1, n);
        double q = r / (an * x * n * DBL_EPSILON);
        if (!(q <= worst))
            worst = q;
    }
    /* componentwise (the scaled matrices of fact 'E' make the normwise one lenient):
     * max |r_ij| / ((|A| |X|)_ij + |b_ij|) / (n eps) */
    for (j = 0; j < nrhs; j++)
        for (i = 0; i < n; i++) {
            double g = cabs(AT(B, n, i, j)), q;
            fint k;
            for (k = 0; k < n; k++)
                g += cabs(AT(A, n, i, k)) * cabs(AT(X, n, k, j));
            q = cabs(AT(R, n, i, j)) / (g * n * DBL_EPSILON);
            if (!(q <= cworst))
                cworst = q;
        }
    test_check(info == 0 && rcond > 0 && worst < TEST_TOLERANCE && cworst < TEST_TOLERANCE,
               "%s [%s]: info %ld, rcond %.3g, equed %c, residual %.3g, componentwise %.3g",
               what, mode(), (long)info, rcond, equed, worst, cworst);
    free(A); free(B); free(X); free(R); free(Aa); free(Bb); free(S); free(ferr); free(berr);
}

/* ---- SYGV / HEGV ------------------------------------------------------------------ */

static void sygv_case(int cplx, char uplo, fint n)
{
    fint itype = 1, lda = n + 1, ldb = n + 3, info = -1, lwork = -1, i, j;
    zc *A = gen_herm(n, cplx), *B = gen_hpd(n, cplx, 0.3), *Z, *W1, *W2, *E;
    zc *Aa = test_alloc((size_t)lda * n * sizeof(zc)), *Bb = test_alloc((size_t)ldb * n * sizeof(zc));
    zc one = 1, zero = 0;
    double *w = test_alloc((size_t)n * sizeof(double)), an, bn, zn, wmax = 0, r1, r2;
    int sorted = 1;
    char what[96];
    long before;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            AT(Aa, lda, i, j) = AT(A, n, i, j);
            AT(Bb, ldb, i, j) = AT(B, n, i, j);
        }
    snprintf(what, sizeof what, "%s itype=1 jobz=V uplo=%c n=%ld", cplx ? "ZHEGV" : "DSYGV",
             uplo, (long)n);

    before = kblasf_lapack_calls();
    if (!cplx) {
        double *a = to_real(Aa, (size_t)lda * n), *b = to_real(Bb, (size_t)ldb * n), q;
        double *work;
        dsygv_(&itype, "V", &uplo, &n, a, &lda, b, &ldb, w, &q, &lwork, &info, 1, 1);
        lwork = (fint)q;
        work = test_alloc((size_t)MAX(1, lwork) * sizeof(double));
        dsygv_(&itype, "V", &uplo, &n, a, &lda, b, &ldb, w, work, &lwork, &info, 1, 1);
        Z = test_alloc((size_t)n * n * sizeof(zc));
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                AT(Z, n, i, j) = AT(a, lda, i, j);
        free(a); free(b); free(work);
    } else {
        zc q, *work;
        double *rwork = test_alloc((size_t)MAX(1, 3 * n - 2) * sizeof(double));
        zhegv_(&itype, "V", &uplo, &n, Aa, &lda, Bb, &ldb, w, &q, &lwork, rwork, &info, 1, 1);
        lwork = (fint)creal(q);
        work = test_alloc((size_t)MAX(1, lwork) * sizeof(zc));
        zhegv_(&itype, "V", &uplo, &n, Aa, &lda, Bb, &ldb, w, work, &lwork, rwork, &info, 1, 1);
        Z = test_alloc((size_t)n * n * sizeof(zc));
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                AT(Z, n, i, j) = AT(Aa, lda, i, j);
        free(work); free(rwork);
    }
    check_calls(kblasf_lapack_calls() - before, what);

    /* W1 = A Z, W2 = B Z; W1 - W2 diag(w) */
    W1 = test_alloc((size_t)n * n * sizeof(zc));
    W2 = test_alloc((size_t)n * n * sizeof(zc));
    E = test_alloc((size_t)n * n * sizeof(zc));
    zgemm_("N", "N", &n, &n, &n, &one, A, &n, Z, &n, &zero, W1, &n, 1, 1);
    zgemm_("N", "N", &n, &n, &n, &one, B, &n, Z, &n, &zero, W2, &n, 1, 1);
    for (j = 0; j < n; j++) {
        if (fabs(w[j]) > wmax)
            wmax = fabs(w[j]);
        if (j > 0 && !(w[j] >= w[j - 1]))
            sorted = 0;
        for (i = 0; i < n; i++)
            AT(W1, n, i, j) -= AT(W2, n, i, j) * w[j];
    }
    an = norm1(A, n, n, n);
    bn = norm1(B, n, n, n);
    zn = norm1(Z, n, n, n);
    r1 = norm1(W1, n, n, n) / ((an + bn * wmax) * zn * n * DBL_EPSILON);
    /* E = Z^H (B Z) - I */
    zgemm_("C", "N", &n, &n, &n, &one, Z, &n, W2, &n, &zero, E, &n, 1, 1);
    for (i = 0; i < n; i++)
        AT(E, n, i, i) -= 1;
    r2 = norm1(E, n, n, n) / (bn * zn * zn * n * DBL_EPSILON);
    test_check(info == 0 && sorted && r1 < TEST_TOLERANCE && r2 < TEST_TOLERANCE,
               "%s [%s]: info %ld, eigenvalues %s, residual %.3g, B-orthonormality %.3g",
               what, mode(), (long)info, sorted ? "ascending" : "NOT ascending", r1, r2);
    free(A); free(B); free(Z); free(W1); free(W2); free(E); free(Aa); free(Bb); free(w);
}

static void run(kblasf_handle_t h)
{
    static const fint ns[] = {5, 70, 300};
    size_t k;
    int cplx, u;

    (void)h;
    for (cplx = 0; cplx < 2; cplx++)
        for (k = 0; k < sizeof ns / sizeof ns[0]; k++)
            for (u = 0; u < 2; u++) {
                posvx_case(cplx, "NE"[u], "LU"[(u + k) % 2], ns[k]);
                posvx_case(cplx, "EN"[u], "LU"[(u + k + 1) % 2], ns[k]);
                sygv_case(cplx, "LU"[u], ns[k]);
            }
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_lapack_drivers", run, test_modes_offload);
}
