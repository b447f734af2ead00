/*
 * test_svd_drivers — unmodified SVD drivers of the system liblapack, which call
 * xGEBRD inside the shared liblapack; with the LAPACK names exported, kblasf's bidiagonal
 * reduction serves them:
 *   DGESVD, ZGESVD  JOBU/JOBVT 'S'/'S', 'A'/'A', 'N'/'N', 'O'/'S'
 *   DGESDD, ZGESDD  JOBZ 'S', 'A', 'N'
 * on m x n matrices (m, n) = (1, 1), (5, 3), (3, 5), (70, 70), (120, 80), (80, 120),
 * (300, 200), (200, 300), (400, 150), (150, 400), each configuration on two spectra
 * below, and (600, 400) once per driver with vectors ('S'/'S', JOBZ 'S') on the second
 * (KBLASF_TEST_QUICK=1: up to (80, 120)). The shapes reach both of each driver's
 * families of paths: those that reduce A itself (m and n within a factor 1.5) and those
 * that first factor A = QR (or LQ) and reduce the square R (or L), taken when
 * max(m, n) / min(m, n) passes about 1.6 to 1.9 ((5, 3), (400, 150) and their
 * transposes); min(m, n) > 128 reaches kblasf's blocked reduction (smaller orders are
 * reduced by its unblocked CPU code alone) in the mode KBLASF_OFFLOAD=always.
 * About 8.5 s a mode on the host executor with the reference BLAS (about 2 s of it at
 * (600, 400)); KBLASF_TEST_QUICK=1 about 0.5 s.
 *
 * Problems have known singular values: A = U diag(sigma) V^H, k = min(m, n), U (m x k)
 * and V (n x k) the orthonormal factors of QR factorizations (the system's xGEQRF,
 * xORGQR/xUNGQR) of random matrices, sigma in closed form, descending:
 *   kind 0  sigma_j = 2 sin(j pi / (2 (k + 1))), j = k..1 (the first-difference matrix's);
 *   kind 1  geometric from 1 down to 1e-6, with an exact cluster (about k/4 equal values
 *           from j = k/3 on: a degenerate singular subspace); xGESVD only;
 *   kind 2  geometric from 1 down to 1e-6 alone; xGESDD's second spectrum instead of 1.
 * xGESDD (divide and conquer, xBDSDC) does not always survive the exact cluster, with the
 * system LAPACK's own xGEBRD as with kblasf's: it returned INFO = 1 (no convergence) on
 * one (300, 200) DGESDD call in 300 seeds and on ZGESDD at (600, 400) in one of 40
 * (Reference-LAPACK issue #672: xGESDD and large clusters of equal singular values), and
 * with a zero tail added its vectors' orthogonality reached 61 (n eps). The reduction
 * kblasf serves is the same xGEBRD in both drivers, so xGESVD alone meets the cluster.
 * No problem has exactly zero singular values (that, with the cluster, is what cost
 * xGESDD its orthogonality above).
 * The array passed to the driver has leading dimension m + 2, its two extra rows NaN
 * (never to be read, and still NaN afterwards: checked); U, VT and s start NaN, U and VT
 * with a leading dimension one larger than needed.
 *
 * Checks (eps = DBL_EPSILON, all against TEST_TOLERANCE = 10; a NaN in any ratio fails it):
 *   info == 0, s descending and nonnegative, the padding of A untouched,
 *   singular values  max_j |s_j - sigma_j| / (k ||A||_1 eps)
 *   with vectors     ||A - U_k diag(s) VT_k||_1 / (max(m, n) ||A||_1 eps) over the k
 *                    leading columns of U and rows of VT (below 5 TEST_TOLERANCE = 50
 *                    when max(m, n) <= 5: see TINY_RES);
 *                    ||I - U^H U||_1 / (m eps) over all the columns computed (k, or m for
 *                    'A': the full square), ||I - VT VT^H||_1 / (n eps) likewise (k, or n);
 *                    for JOBU 'O' the columns of U are read from A.
 *   calls            with the LAPACK names exported, kblasf_lapack_calls() grows across
 *                    each driver call, at every shape, (1, 1) included: LAPACK's xGESVD
 *                    and xGESDD return early only when m or n is 0, and every path (QR/LQ
 *                    first or not, any JOB) reduces through xGEBRD (of 3.11, checked in
 *                    its source and by KBLASF_VERBOSE's log). They also ask xGEBRD for its
 *                    workspace inside a computing call, which kblasf counts too (each
 *                    call grew by 2 or 3 here); the query and the reduction go through
 *                    the one symbol, so growth still means that the reduction was
 *                    kblasf's. Without the names the counter never grows.
 * JOBU 'O' (U overwrites A) is taken with JOBVT 'S' rather than 'N', so that the full
 * residual can be checked on xGESVD's overwriting paths.
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


/* The system LAPACK's drivers (character arguments followed by their hidden lengths). */
void dgesvd_(const char *jobu, const char *jobvt, const fint *m, const fint *n, double *A,
             const fint *lda, double *s, double *U, const fint *ldu, double *VT,
             const fint *ldvt, double *work, const fint *lwork, fint *info, size_t, size_t);
void zgesvd_(const char *jobu, const char *jobvt, const fint *m, const fint *n, zc *A,
             const fint *lda, double *s, zc *U, const fint *ldu, zc *VT, const fint *ldvt,
             zc *work, const fint *lwork, double *rwork, fint *info, size_t, size_t);
void dgesdd_(const char *jobz, const fint *m, const fint *n, double *A, const fint *lda,
             double *s, double *U, const fint *ldu, double *VT, const fint *ldvt, double *work,
             const fint *lwork, fint *iwork, fint *info, size_t);
void zgesdd_(const char *jobz, const fint *m, const fint *n, zc *A, const fint *lda,
             double *s, zc *U, const fint *ldu, zc *VT, const fint *ldvt, zc *work,
             const fint *lwork, double *rwork, fint *iwork, fint *info, size_t);
/* and what builds U and V (not exported by kblasf: the system's) */



enum driver { GESVD, GESDD };

/* The residual ||A - U S VT||_1 / (max(m, n) ||A||_1 eps) of the tiny shapes (max(m, n)
 * <= TINY: here (1, 1), (5, 3) and (3, 5)) reached 12.7 over 1000 seeds with the system
 * LAPACK alone (kblasf out of the link): 60 of 168000 driver calls on shapes up to 5 x 5
 * went above 10, all at (3, 5), on the LQ-first paths, where xGELQF, xGEBRD of L, the
 * bidiagonal SVD and the back transformations each add their rounding and max(m, n) = 5
 * absorbs too little of it. That check alone allows TINY_RES times the tolerance there,
 * 50: LAPACK's own SVD tests (svd.in) allow 50 on the same ratio at every size. Larger
 * shapes stayed below 0.4, and the other ratios below 5. */
enum { TINY = 5, TINY_RES = 5 };

static int isnanz(zc v) { return isnan(creal(v)) || isnan(cimag(v)); }

/* count elements of NaN */
static void *nan_alloc(int cplx, size_t count)
{
    void *A = test_alloc(MAX(count, 1) * esz(cplx));
    size_t p;

    for (p = 0; p < count; p++)
        put(cplx, A, p, nanz());
    return A;
}

/* C = alpha op(A) op(B) + beta C (ta, tb "N" or "C"; "C" is the transpose for DGEMM) */
static void gemm(int cplx, const char *ta, const char *tb, fint m, fint n, fint k, double alpha,
                 const void *A, fint lda, const void *B, fint ldb, double beta, void *C,
                 fint ldc)
{
    if (cplx) {
        zc za = alpha, zb = beta;
        zgemm_(ta, tb, &m, &n, &k, &za, A, &lda, B, &ldb, &zb, C, &ldc, 1, 1);
    } else {
        dgemm_(ta, tb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc, 1, 1);
    }
}

/* ---- problems with known singular values ------------------------------------------- */

typedef struct {
    int cplx, kind;
    fint m, n, k;
    void *A;       /* m x n, ld m */
    double *sigma; /* its singular values, descending */
    double anorm;  /* ||A||_1 */
} problem;

/* sigma descending, in closed form (see the header). */
static double *spectrum(int kind, fint k)
{
    double *s = test_alloc((size_t)k * sizeof(double));
    fint j, c0 = k / 3, nc = MAX(2, k / 4);

    for (j = 0; j < k; j++) {
        if (kind == 0)
            s[j] = 2 * sin((k - j) * M_PI / (2.0 * (k + 1)));
        else
            s[j] = k > 1 ? pow(10.0, -6.0 * j / (k - 1)) : 1;
    }
    if (kind == 1) {
        /* the exact cluster keeps the order: its values all equal its first one */
        for (j = c0 + 1; j < c0 + nc && j < k; j++)
            s[j] = s[c0];
    }
    return s;
}

/* A = (U diag(sigma)) V^H for given U (m x k) and V (n x k) */
static problem make_problem(int cplx, int kind, fint m, fint n, const void *U, const void *V)
{
    fint k = MIN(m, n), i, j;
    problem P = {cplx, kind, m, n, k, test_alloc((size_t)m * n * esz(cplx)), spectrum(kind, k),
                 0};
    void *US = test_alloc((size_t)m * k * esz(cplx));

    for (j = 0; j < k; j++)
        for (i = 0; i < m; i++) {
            size_t p = (size_t)i + (size_t)j * m;
            put(cplx, US, p, get(cplx, U, p) * P.sigma[j]);
        }
    gemm(cplx, "N", "C", m, n, k, 1, US, m, V, n, 0, P.A, m);
    P.anorm = driver_norm1(cplx, P.A, m, n, m);
    free(US);
    return P;
}

static void free_problem(problem *P)
{
    free(P->A);
    free(P->sigma);
}

/* ---- one driver call --------------------------------------------------------------- */

/* A driver configuration: for xGESDD jobu == jobvt == JOBZ. */
typedef struct {
    enum driver d;
    char jobu, jobvt;
} config;

static const char *driver_name(enum driver d, int cplx)
{
    static const char *const names[2][2] = {{"DGESVD", "DGESDD"}, {"ZGESVD", "ZGESDD"}};
    return names[cplx][d];
}

/* The columns of U and the rows of VT a job computes ('O': k, in A) */
static fint job_count(char job, fint full, fint k)
{
    return job == 'A' ? full : job == 'N' ? 0 : k;
}

typedef struct {
    fint info;
    long grew;       /* kblasf_lapack_calls() across the computing call */
    int pad_intact;  /* the rows past m of the driver's A still NaN */
    void *U, *VT;    /* m x ucols (ld m), vrows x n (ld vrows) */
    fint ucols, vrows;
} result;

/* Runs configuration c on a copy of P->A; fills s and r. */
static result call_driver(config c, const problem *P, double *s)
{
    int cplx = P->cplx;
    fint m = P->m, n = P->n, k = P->k, lda = m + 2, i, j, neg = -1;
    fint ucols = job_count(c.jobu, m, k), vrows = job_count(c.jobvt, n, k);
    /* leading dimensions one above the least the driver accepts; the extra row stays NaN */
    fint ldu = (c.jobu == 'A' || c.jobu == 'S' ? m : 1) + 1;
    fint ldvt = (c.jobvt == 'A' ? n : c.jobvt == 'S' ? k : 1) + 1;
    fint lwork = 1, lrwork = 1, info = -1;
    void *Aa = nan_alloc(cplx, (size_t)lda * n), *work;
    void *Uw = nan_alloc(cplx, (size_t)ldu * MAX(1, c.jobu == 'O' ? 0 : ucols));
    void *VTw = nan_alloc(cplx, (size_t)ldvt * (vrows ? n : 1));
    fint *iwork = test_alloc((size_t)MAX(1, 8 * k) * sizeof(fint)); /* xGESDD: 8 min(m,n) */
    double *rwork;
    result r = {0, 0, 1, NULL, NULL, ucols, vrows};
    long before;

    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            put(cplx, Aa, (size_t)i + (size_t)j * lda,
                get(cplx, P->A, (size_t)i + (size_t)j * m));
    for (j = 0; j < k; j++)
        s[j] = NAN;

    /* RWORK (complex drivers) has a documented size rather than a query:
     *   ZGESVD  5 min(m,n);
     *   ZGESDD  JOBZ 'N': 5 mn (LAPACK <= 3.6 needed 7 mn: 7 mn suits both); otherwise
     *           max(5 mn^2 + 5 mn, 2 mx mn + 2 mn^2 + mn), which also covers the
     *           "mx >> mn" case's 5 mn^2 + 5 mn (mx = max(m,n), mn = min(m,n)). */
    if (c.d == GESVD)
        lrwork = 5 * k;
    else if (c.jobu == 'N')
        lrwork = 7 * k;
    else
        lrwork = MAX(5 * k * k + 5 * k, 2 * MAX(m, n) * k + 2 * k * k + k);
    rwork = test_alloc((size_t)MAX(1, lrwork) * sizeof(double));

    /* workspace query, then the call */
    if (!cplx) {
        double q = 0;
        if (c.d == GESVD)
            dgesvd_(&c.jobu, &c.jobvt, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, &q, &neg,
                    &info, 1, 1);
        else
            dgesdd_(&c.jobu, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, &q, &neg, iwork, &info,
                    1);
        lwork = MAX(1, (fint)q);
    } else {
        zc q = 0;
        if (c.d == GESVD)
            zgesvd_(&c.jobu, &c.jobvt, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, &q, &neg,
                    rwork, &info, 1, 1);
        else
            zgesdd_(&c.jobu, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, &q, &neg, rwork, iwork,
                    &info, 1);
        lwork = MAX(1, (fint)creal(q));
    }
    if (info != 0) {
        r.info = info;
        free(Aa); free(Uw); free(VTw); free(iwork); free(rwork);
        return r;
    }
    work = test_alloc((size_t)lwork * esz(cplx));

    before = kblasf_lapack_calls();
    info = -1;
    if (!cplx) {
        if (c.d == GESVD)
            dgesvd_(&c.jobu, &c.jobvt, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, work, &lwork,
                    &info, 1, 1);
        else
            dgesdd_(&c.jobu, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, work, &lwork, iwork,
                    &info, 1);
    } else {
        if (c.d == GESVD)
            zgesvd_(&c.jobu, &c.jobvt, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, work, &lwork,
                    rwork, &info, 1, 1);
        else
            zgesdd_(&c.jobu, &m, &n, Aa, &lda, s, Uw, &ldu, VTw, &ldvt, work, &lwork, rwork,
                    iwork, &info, 1);
    }
    r.grew = kblasf_lapack_calls() - before;
    r.info = info;

    for (j = 0; j < n; j++)
        for (i = m; i < lda; i++)
            if (!isnanz(get(cplx, Aa, (size_t)i + (size_t)j * lda)))
                r.pad_intact = 0;
    /* the vectors, compacted (U from A for JOBU 'O') */
    if (ucols) {
        const void *src = c.jobu == 'O' ? Aa : Uw;
        fint lds = c.jobu == 'O' ? lda : ldu;
        r.U = test_alloc((size_t)m * ucols * esz(cplx));
        for (j = 0; j < ucols; j++)
            for (i = 0; i < m; i++)
                put(cplx, r.U, (size_t)i + (size_t)j * m,
                    get(cplx, src, (size_t)i + (size_t)j * lds));
    }
    if (vrows) {
        r.VT = test_alloc((size_t)vrows * n * esz(cplx));
        for (j = 0; j < n; j++)
            for (i = 0; i < vrows; i++)
                put(cplx, r.VT, (size_t)i + (size_t)j * vrows,
                    get(cplx, VTw, (size_t)i + (size_t)j * ldvt));
    }
    free(Aa); free(Uw); free(VTw); free(work); free(iwork); free(rwork);
    return r;
}

/* ---- checks ------------------------------------------------------------------------ */

static void check_calls(long grew, const char *what)
{
    /* every shape: see the header (no xGESVD/xGESDD path skips xGEBRD when m, n >= 1) */
    check_served(grew, what, "xGEBRD");
}

/* ||A - U_k diag(s) VT_k||_1 / (max(m,n) ||A||_1 eps) */
static double residual(const problem *P, const result *r, const double *s)
{
    int cplx = P->cplx;
    fint m = P->m, n = P->n, k = P->k, i, j;
    void *R = test_alloc((size_t)m * n * esz(cplx));
    void *US = test_alloc((size_t)m * k * esz(cplx));
    double res;

    memcpy(R, P->A, (size_t)m * n * esz(cplx));
    for (j = 0; j < k; j++)
        for (i = 0; i < m; i++) {
            size_t p = (size_t)i + (size_t)j * m;
            put(cplx, US, p, get(cplx, r->U, p) * s[j]);
        }
    gemm(cplx, "N", "N", m, n, k, -1, US, m, r->VT, r->vrows, 1, R, m);
    res = driver_norm1(cplx, R, m, n, m) / (MAX(m, n) * P->anorm * DBL_EPSILON);
    free(R);
    free(US);
    return res;
}


static void svd_case(const problem *P, config c)
{
    int cplx = P->cplx, sorted = 1, vectors = c.jobu != 'N';
    fint m = P->m, n = P->n, k = P->k, j;
    double *s = test_alloc((size_t)k * sizeof(double)), serr = 0, res = 0, ou = 0, ov = 0;
    char what[128];
    result r;

    if (c.d == GESVD)
        snprintf(what, sizeof what, "%s jobu=%c jobvt=%c %ldx%ld sigma %d",
                 driver_name(c.d, cplx), c.jobu, c.jobvt, (long)m, (long)n, P->kind);
    else
        snprintf(what, sizeof what, "%s jobz=%c %ldx%ld sigma %d", driver_name(c.d, cplx),
                 c.jobu, (long)m, (long)n, P->kind);
    r = call_driver(c, P, s);
    check_calls(r.grew, what);

    for (j = 0; j < k; j++) {
        double e = fabs(s[j] - P->sigma[j]) / (k * P->anorm * DBL_EPSILON);
        if (!(e <= serr))
            serr = e;
        if (!(s[j] >= 0) || (j > 0 && !(s[j] <= s[j - 1])))
            sorted = 0;
    }
    if (vectors && r.info == 0) {
        res = residual(P, &r, s);
        ou = gram_error(cplx, 1, r.ucols, m, r.U, m);
        ov = gram_error(cplx, 0, r.vrows, n, r.VT, n);
    }
    if (vectors)
        test_check(r.info == 0 && sorted && r.pad_intact && serr < TEST_TOLERANCE &&
                   res < (MAX(m, n) <= TINY ? TINY_RES : 1) * TEST_TOLERANCE &&
                   ou < TEST_TOLERANCE && ov < TEST_TOLERANCE,
                   "%s [%s]: info %ld, s %s, padding %s, singular value error %.3g, "
                   "residual %.3g, orthogonality U %.3g VT %.3g", what, mode(), (long)r.info,
                   sorted ? "descending" : "NOT descending and nonnegative",
                   r.pad_intact ? "intact" : "WRITTEN", serr, res, ou, ov);
    else
        test_check(r.info == 0 && sorted && r.pad_intact && serr < TEST_TOLERANCE,
                   "%s [%s]: info %ld, s %s, padding %s, singular value error %.3g", what,
                   mode(), (long)r.info,
                   sorted ? "descending" : "NOT descending and nonnegative",
                   r.pad_intact ? "intact" : "WRITTEN", serr);
    free(s);
    free(r.U);
    free(r.VT);
}

/* ---- the run ----------------------------------------------------------------------- */

static void run(kblasf_handle_t h)
{
    static const config cfg[] = {
        {GESVD, 'S', 'S'}, {GESVD, 'A', 'A'}, {GESVD, 'N', 'N'}, {GESVD, 'O', 'S'},
        {GESDD, 'S', 'S'}, {GESDD, 'A', 'A'}, {GESDD, 'N', 'N'}};
    static const fint shapes[][2] = {{1, 1},   {5, 3},     {3, 5},     {70, 70},
                                     {120, 80}, {80, 120},  {300, 200}, {200, 300},
                                     {400, 150}, {150, 400}};
    size_t c, t, nt = test_quick ? 6 : sizeof shapes / sizeof shapes[0];
    int cplx, kind;

    (void)h;
    for (cplx = 0; cplx < 2; cplx++) {
        for (t = 0; t < nt; t++) {
            fint m = shapes[t][0], n = shapes[t][1], k = MIN(m, n);
            void *U = orthonormal(cplx, m, k, "test_svd_drivers");
            void *V = orthonormal(cplx, n, k, "test_svd_drivers");
            for (kind = 0; kind < 3; kind++) {
                problem P = make_problem(cplx, kind, m, n, U, V);
                for (c = 0; c < sizeof cfg / sizeof cfg[0]; c++)
                    if (kind == 0 || kind == (cfg[c].d == GESVD ? 1 : 2)) /* see the header */
                        svd_case(&P, cfg[c]);
                free_problem(&P);
            }
            free(U);
            free(V);
        }
        if (!test_quick) {
            /* (600, 400) with vectors, once per driver on its second spectrum (one call
             * each keeps the tester fast on the reference BLAS) */
            static const config big[] = {{GESVD, 'S', 'S'}, {GESDD, 'S', 'S'}};
            void *U = orthonormal(cplx, 600, 400, "test_svd_drivers"),
                 *V = orthonormal(cplx, 400, 400, "test_svd_drivers");
            for (c = 0; c < 2; c++) {
                problem P = make_problem(cplx, big[c].d == GESVD ? 1 : 2, 600, 400, U, V);
                svd_case(&P, big[c]);
                free_problem(&P);
            }
            free(U);
            free(V);
        }
    }
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_svd_drivers", run, test_modes_offload);
}
