/*
 * test_eig_drivers — unmodified symmetric/Hermitian eigensolvers of the system liblapack,
 * which call xSYTRD/xHETRD inside the shared liblapack; with the LAPACK names exported,
 * kblasf's reduction serves them:
 *   DSYEVD, ZHEEVD  JOBZ 'V' and 'N'    orders 1, 5, 70, 300; 700 with JOBZ 'V'
 *   DSYEVR, ZHEEVR  RANGE 'A', JOBZ 'V' orders 1, 5, 70, 300
 *   DSYEV, ZHEEV    JOBZ 'V'            orders 1, 5, 70, 300
 * each with UPLO 'L' and 'U' (KBLASF_TEST_QUICK=1: orders up to 70). About 5.5 s a mode on
 * the host executor with the reference BLAS, most of it at order 700.
 *
 * Problems have a known spectrum: A = Q diag(lambda) Q^H, Q the orthogonal/unitary factor
 * of the QR factorization (the system's xGEQRF, xORGQR/xUNGQR) of a random matrix, made
 * exactly Hermitian afterwards, with lambda in closed form, ascending:
 *   kind 0  lambda_k = 2 - 2 cos(k pi/(n+1)), k = 1..n (the 1D Laplacian's);
 *   kind 1  3 (the same) - 5, with negative values, an exact cluster (about n/4 equal
 *           eigenvalues from k = n/3 on: a degenerate eigenspace, so the reduction meets
 *           columns that are zero up to rounding) and a tight one (the top n/8 values
 *           1e-9 apart).
 * The array passed to the driver holds only the UPLO triangle (leading dimension n + 3):
 * the other triangle and the rows past n are NaN, and for the complex drivers the
 * diagonal has a nonzero imaginary part, which LAPACK assumes to be zero; w starts NaN.
 *
 * Checks (eps = DBL_EPSILON, all against TEST_TOLERANCE = 10):
 *   info == 0 (and m == n for xSYEVR/xHEEVR), w ascending,
 *   eigenvalues  max_k |w_k - lambda_k| / (n ||A||_1 eps)
 *   JOBZ 'V'     ||A Z - Z diag(w)||_1 / (n ||A||_1 eps),   ||I - Z^H Z||_1 / (n eps)
 *                (the latter below 20 TEST_TOLERANCE = 200 for xSYEVR: see MRRR_ORTH)
 *   calls        with the LAPACK names exported, kblasf_lapack_calls() grows across each
 *                driver call of order n > 1 (kblasf served its xSYTRD/xHETRD; at n == 1
 *                the drivers return before reducing, so nothing is required there);
 *                without them it never grows.
 * A NaN in any ratio fails it. Runs in the modes default and KBLASF_OFFLOAD=always
 * (test_run_modes_list).
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


/* The system LAPACK's drivers (character arguments followed by their hidden lengths). */
void dsyevd_(const char *jobz, const char *uplo, const fint *n, double *A, const fint *lda,
             double *w, double *work, const fint *lwork, fint *iwork, const fint *liwork,
             fint *info, size_t, size_t);
void zheevd_(const char *jobz, const char *uplo, const fint *n, zc *A, const fint *lda,
             double *w, zc *work, const fint *lwork, double *rwork, const fint *lrwork,
             fint *iwork, const fint *liwork, fint *info, size_t, size_t);
void dsyevr_(const char *jobz, const char *range, const char *uplo, const fint *n, double *A,
             const fint *lda, const double *vl, const double *vu, const fint *il,
             const fint *iu, const double *abstol, fint *m, double *w, double *Z,
             const fint *ldz, fint *isuppz, double *work, const fint *lwork, fint *iwork,
             const fint *liwork, fint *info, size_t, size_t, size_t);
void zheevr_(const char *jobz, const char *range, const char *uplo, const fint *n, zc *A,
             const fint *lda, const double *vl, const double *vu, const fint *il,
             const fint *iu, const double *abstol, fint *m, double *w, zc *Z, const fint *ldz,
             fint *isuppz, zc *work, const fint *lwork, double *rwork, const fint *lrwork,
             fint *iwork, const fint *liwork, fint *info, size_t, size_t, size_t);
void dsyev_(const char *jobz, const char *uplo, const fint *n, double *A, const fint *lda,
            double *w, double *work, const fint *lwork, fint *info, size_t, size_t);
void zheev_(const char *jobz, const char *uplo, const fint *n, zc *A, const fint *lda,
            double *w, zc *work, const fint *lwork, double *rwork, fint *info, size_t, size_t);


enum driver { SYEVD, SYEVR, SYEV };

/* xSYEVR's eigenvectors (MRRR, xSTEMR) are orthogonal only to some tens of n eps on these
 * problems: ||I - Z^H Z||_1 / (n eps) reached 60 at order 70 and 53 at 300 over a few
 * hundred seeds, with the same values when the system LAPACK's own xSYTRD/xHETRD served
 * the driver (kblasf out of the link), so it is xSTEMR's and not the reduction's (LAPACK's
 * own SEP tests allow 50, at orders up to 20). That check alone allows MRRR_ORTH times the
 * tolerance, 200: still about 1e-12 of the O(1) a wrong reflector would give. The other
 * ratios stayed below 3.1 over the same seeds. */
enum { MRRR_ORTH = 20 };

/* C = A op(B), all n x n with leading dimension n; tb "N" or "C" ("C" is the transpose for
 * DGEMM). */
static void mm(int cplx, const char *tb, fint n, const void *A, const void *B, void *C)
{
    if (cplx) {
        zc one = 1, zero = 0;
        zgemm_("N", tb, &n, &n, &n, &one, A, &n, B, &n, &zero, C, &n, 1, 1);
    } else {
        double one = 1, zero = 0;
        dgemm_("N", tb, &n, &n, &n, &one, A, &n, B, &n, &zero, C, &n, 1, 1);
    }
}

/* ---- problems with a known spectrum ------------------------------------------------ */

typedef struct {
    int cplx;
    fint n;
    void *Q;        /* n x n orthogonal/unitary */
} basis;

typedef struct {
    int cplx, kind;
    fint n;
    void *A;        /* n x n, ld n, exactly Hermitian */
    double *lambda; /* its eigenvalues, ascending */
    double anorm;   /* ||A||_1 */
} problem;

/* Q of the QR factorization of a random n x n matrix (orthonormal, test_drivers.h). */
static basis make_basis(int cplx, fint n)
{
    basis b = {cplx, n, orthonormal(cplx, n, n, "test_eig_drivers")};
    return b;
}

/* lambda ascending, in closed form (see the header). */
static double *spectrum(int kind, fint n)
{
    double *l = test_alloc((size_t)n * sizeof(double));
    fint k, c0 = n / 3, nc = MAX(2, n / 4), nt = n / 8;

    for (k = 0; k < n; k++) {
        l[k] = 2 - 2 * cos((k + 1) * M_PI / (n + 1));
        if (kind == 1)
            l[k] = 3 * l[k] - 5;
    }
    if (kind == 1) {
        /* the exact cluster keeps the order: its values all equal its first one */
        for (k = c0 + 1; k < c0 + nc && k < n; k++)
            l[k] = l[c0];
        /* the tight one: spacing 1e-9 below the top, far less than the Laplacian's gaps
         * (above 1e-5 for n <= 700), so the order holds; stays clear of the exact one */
        for (k = 1; k < nt && n - 1 - k >= c0 + nc; k++)
            l[n - 1 - k] = l[n - 1] - 1e-9 * k;
    }
    return l;
}

static problem make_problem(const basis *b, int kind)
{
    int cplx = b->cplx;
    fint n = b->n, i, j;
    problem P = {cplx, kind, n, test_alloc((size_t)n * n * esz(cplx)), spectrum(kind, n), 0};
    void *QL = test_alloc((size_t)n * n * esz(cplx));

    /* A = (Q diag(lambda)) Q^H */
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            size_t p = (size_t)i + (size_t)j * n;
            put(cplx, QL, p, get(cplx, b->Q, p) * P.lambda[j]);
        }
    mm(cplx, "C", n, QL, b->Q, P.A);
    /* rounding left A a little off Hermitian: average the two triangles */
    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++) {
            zc v = 0.5 * (get(cplx, P.A, (size_t)i + (size_t)j * n) +
                          conj(get(cplx, P.A, (size_t)j + (size_t)i * n)));
            put(cplx, P.A, (size_t)i + (size_t)j * n, v);
            put(cplx, P.A, (size_t)j + (size_t)i * n, conj(v));
        }
        put(cplx, P.A, (size_t)j * (n + 1), creal(get(cplx, P.A, (size_t)j * (n + 1))));
    }
    P.anorm = driver_norm1(cplx, P.A, n, n, n);
    free(QL);
    return P;
}

static void free_problem(problem *P)
{
    free(P->A);
    free(P->lambda);
}

/* ---- one driver call --------------------------------------------------------------- */

static const char *driver_name(enum driver d, int cplx)
{
    static const char *const names[2][3] = {{"DSYEVD", "DSYEVR", "DSYEV"},
                                            {"ZHEEVD", "ZHEEVR", "ZHEEV"}};
    return names[cplx][d];
}

/* Runs driver d on a copy of P->A holding only the uplo triangle; fills w, and Z (n x n,
 * ld n) for jobz 'V'. Returns info; *m the number of eigenvalues found, *grew the growth
 * of kblasf_lapack_calls() across the computing call (the workspace queries excluded). */
static fint call_driver(enum driver d, const problem *P, char jobz, char uplo, double *w,
                        void *Z, fint *m, long *grew)
{
    int cplx = P->cplx;
    fint n = P->n, lda = n + 3, ldz = n + 2, info = -1, i, j, neg = -1;
    fint lwork, lrwork = 0, liwork = 0, il = 0, iu = 0;
    double vl = 0, vu = 0, abstol = 0;
    void *Aa = test_alloc((size_t)lda * n * esz(cplx)), *Zr = NULL, *work;
    double *rwork = NULL;
    fint *iwork = NULL, *isuppz = NULL;
    long before;

    for (j = 0; j < n; j++)
        for (i = 0; i < lda; i++) {
            size_t p = (size_t)i + (size_t)j * lda;
            if (i >= n || (uplo == 'L' ? i < j : i > j))
                put(cplx, Aa, p, nanz()); /* never to be read */
            else if (i == j && cplx)
                put(cplx, Aa, p, get(cplx, P->A, (size_t)i + (size_t)j * n) +
                                 I * (0.5 + test_rand()));
            else
                put(cplx, Aa, p, get(cplx, P->A, (size_t)i + (size_t)j * n));
        }
    for (i = 0; i < n; i++)
        w[i] = NAN;
    *m = n;

    /* workspace queries, then the call */
    if (d == SYEVR) {
        Zr = test_alloc((size_t)ldz * MAX(1, n) * esz(cplx));
        isuppz = test_alloc(2 * (size_t)MAX(1, n) * sizeof(fint));
    }
    if (!cplx) {
        double q = 0;
        fint qi = 0;
        switch (d) {
        case SYEVD:
            dsyevd_(&jobz, &uplo, &n, Aa, &lda, w, &q, &neg, &qi, &neg, &info, 1, 1);
            break;
        case SYEVR:
            dsyevr_(&jobz, "A", &uplo, &n, Aa, &lda, &vl, &vu, &il, &iu, &abstol, m, w, Zr,
                    &ldz, isuppz, &q, &neg, &qi, &neg, &info, 1, 1, 1);
            break;
        case SYEV:
            dsyev_(&jobz, &uplo, &n, Aa, &lda, w, &q, &neg, &info, 1, 1);
            break;
        }
        lwork = MAX(1, (fint)q);
        liwork = MAX(1, qi);
    } else {
        zc q = 0;
        double rq = 0;
        fint qi = 0;
        switch (d) {
        case SYEVD:
            zheevd_(&jobz, &uplo, &n, Aa, &lda, w, &q, &neg, &rq, &neg, &qi, &neg, &info, 1, 1);
            break;
        case SYEVR:
            zheevr_(&jobz, "A", &uplo, &n, Aa, &lda, &vl, &vu, &il, &iu, &abstol, m, w, Zr,
                    &ldz, isuppz, &q, &neg, &rq, &neg, &qi, &neg, &info, 1, 1, 1);
            break;
        case SYEV: /* RWORK has a fixed size, 3n - 2; only LWORK is queried */
            zheev_(&jobz, &uplo, &n, Aa, &lda, w, &q, &neg, &rq, &info, 1, 1);
            rq = 3 * n - 2;
            break;
        }
        lwork = MAX(1, (fint)creal(q));
        lrwork = MAX(1, (fint)rq);
        liwork = MAX(1, qi);
    }
    if (info != 0) {
        test_check(0, "%s jobz=%c uplo=%c n=%ld [%s]: workspace query info %ld",
                   driver_name(d, cplx), jobz, uplo, (long)n, mode(), (long)info);
        free(Aa); free(Zr); free(isuppz);
        *grew = 0;
        return info;
    }
    work = test_alloc((size_t)lwork * esz(cplx));
    iwork = test_alloc((size_t)liwork * sizeof(fint));
    rwork = test_alloc((size_t)MAX(1, lrwork) * sizeof(double));

    before = kblasf_lapack_calls();
    info = -1;
    if (!cplx)
        switch (d) {
        case SYEVD:
            dsyevd_(&jobz, &uplo, &n, Aa, &lda, w, work, &lwork, iwork, &liwork, &info, 1, 1);
            break;
        case SYEVR:
            dsyevr_(&jobz, "A", &uplo, &n, Aa, &lda, &vl, &vu, &il, &iu, &abstol, m, w, Zr,
                    &ldz, isuppz, work, &lwork, iwork, &liwork, &info, 1, 1, 1);
            break;
        case SYEV:
            dsyev_(&jobz, &uplo, &n, Aa, &lda, w, work, &lwork, &info, 1, 1);
            break;
        }
    else
        switch (d) {
        case SYEVD:
            zheevd_(&jobz, &uplo, &n, Aa, &lda, w, work, &lwork, rwork, &lrwork, iwork,
                    &liwork, &info, 1, 1);
            break;
        case SYEVR:
            zheevr_(&jobz, "A", &uplo, &n, Aa, &lda, &vl, &vu, &il, &iu, &abstol, m, w, Zr,
                    &ldz, isuppz, work, &lwork, rwork, &lrwork, iwork, &liwork, &info, 1, 1,
                    1);
            break;
        case SYEV:
            zheev_(&jobz, &uplo, &n, Aa, &lda, w, work, &lwork, rwork, &info, 1, 1);
            break;
        }
    *grew = kblasf_lapack_calls() - before;

    if (jobz == 'V') { /* the vectors overwrite A, or (xSYEVR) come in Z */
        const void *src = d == SYEVR ? Zr : Aa;
        fint lds = d == SYEVR ? ldz : lda;
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                put(cplx, Z, (size_t)i + (size_t)j * n,
                    get(cplx, src, (size_t)i + (size_t)j * lds));
    }
    free(Aa); free(Zr); free(isuppz); free(work); free(iwork); free(rwork);
    return info;
}

/* ---- checks ------------------------------------------------------------------------ */

static void check_calls(long grew, fint n, const char *what)
{
    if (NAMES_EXPORTED && n <= 1)
        return; /* the drivers quick-return at n == 1: no reduction to serve */
    check_served(grew, what, "xSYTRD/xHETRD");
}

/* ||A Z - Z diag(w)||_1 / (n ||A||_1 eps) */
static double residual(const problem *P, const void *Z, const double *w)
{
    int cplx = P->cplx;
    fint n = P->n, i, j;
    void *R = test_alloc((size_t)n * n * esz(cplx));
    double r;

    mm(cplx, "N", n, P->A, Z, R);
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            size_t p = (size_t)i + (size_t)j * n;
            put(cplx, R, p, get(cplx, R, p) - get(cplx, Z, p) * w[j]);
        }
    r = driver_norm1(cplx, R, n, n, n) / (n * P->anorm * DBL_EPSILON);
    free(R);
    return r;
}


static void eig_case(const problem *P, enum driver d, char jobz, char uplo)
{
    int cplx = P->cplx, sorted = 1;
    fint n = P->n, m = 0, k, info;
    double *w = test_alloc((size_t)n * sizeof(double)), werr = 0, r1 = 0, r2 = 0;
    void *Z = jobz == 'V' ? test_alloc((size_t)n * n * esz(cplx)) : NULL;
    char what[112];
    long grew = 0;

    snprintf(what, sizeof what, "%s jobz=%c uplo=%c n=%ld spectrum %d", driver_name(d, cplx),
             jobz, uplo, (long)n, P->kind);
    info = call_driver(d, P, jobz, uplo, w, Z, &m, &grew);
    check_calls(grew, n, what);

    for (k = 0; k < n; k++) {
        double e = fabs(w[k] - P->lambda[k]) / (n * P->anorm * DBL_EPSILON);
        if (!(e <= werr))
            werr = e;
        if (k > 0 && !(w[k] >= w[k - 1]))
            sorted = 0;
    }
    if (jobz == 'V' && info == 0 && m == n) {
        r1 = residual(P, Z, w);
        r2 = gram_error(cplx, 1, n, n, Z, n);
    }
    if (jobz == 'V')
        test_check(info == 0 && m == n && sorted && werr < TEST_TOLERANCE &&
                   r1 < TEST_TOLERANCE && r2 < (d == SYEVR ? MRRR_ORTH : 1) * TEST_TOLERANCE,
                   "%s [%s]: info %ld, m %ld, eigenvalues %s, eigenvalue error %.3g, "
                   "residual %.3g, orthogonality %.3g", what, mode(), (long)info, (long)m,
                   sorted ? "ascending" : "NOT ascending", werr, r1, r2);
    else
        test_check(info == 0 && sorted && werr < TEST_TOLERANCE,
                   "%s [%s]: info %ld, eigenvalues %s, eigenvalue error %.3g", what, mode(),
                   (long)info, sorted ? "ascending" : "NOT ascending", werr);
    free(w);
    free(Z);
}

/* ---- the run ----------------------------------------------------------------------- */

static void run(kblasf_handle_t h)
{
    /* the driver configurations of orders <= 300: each runs with both uplo, the two on
     * different spectra, and the next configuration swaps them */
    static const struct { enum driver d; char jobz; } cfg[] = {
        {SYEVD, 'V'}, {SYEVD, 'N'}, {SYEVR, 'V'}, {SYEV, 'V'}};
    static const fint ns[] = {1, 5, 70, 300};
    size_t c, k, nn = test_quick ? 3 : sizeof ns / sizeof ns[0];
    int cplx, u;

    (void)h;
    for (cplx = 0; cplx < 2; cplx++) {
        for (k = 0; k < nn; k++) {
            basis b = make_basis(cplx, ns[k]);
            problem P[2];
            P[0] = make_problem(&b, 0);
            P[1] = make_problem(&b, 1);
            for (c = 0; c < sizeof cfg / sizeof cfg[0]; c++)
                for (u = 0; u < 2; u++)
                    eig_case(&P[(u + c) % 2], cfg[c].d, cfg[c].jobz, "LU"[u]);
            free_problem(&P[0]);
            free_problem(&P[1]);
            free(b.Q);
        }
        if (!test_quick) {
            /* order 700, xSYEVD/xHEEVD with vectors, both uplo on one matrix of the harder
             * spectrum: one Q and one A instead of two keeps the tester fast on the
             * reference BLAS */
            basis b = make_basis(cplx, 700);
            problem P = make_problem(&b, 1);
            eig_case(&P, SYEVD, 'V', 'L');
            eig_case(&P, SYEVD, 'V', 'U');
            free_problem(&P);
            free(b.Q);
        }
    }
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_eig_drivers", run, test_modes_offload);
}
