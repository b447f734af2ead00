/*
 * test_sytrd_gen.c — testers of SYTRD/HETRD, precision-generic (compiled once per
 * precision, see src/prec.h); test_sytrd.c runs them under the KBLASF_OFFLOAD modes.
 *
 * Every call goes through one of four entries: the device API on the tester's handle, the
 * host form (kblasf_dsytrd_host), the F77 symbol (kblasf_dsytrd_) and the LAPACK name
 * (dsytrd_: kblasf's own when it exports the LAPACK names, else the system LAPACK's).
 * Each case draws a fresh Hermitian A; the other triangle and the padding rows hold NaN and
 * must come back bit for bit. Q is formed from the output by the system LAPACK's ORGTR /
 * UNGTR (names kblasf does not export) and the ratios, in double (s, c) or the working
 * precision (d, z), must stay below TEST_TOLERANCE:
 *   ||A - Q T Q^H||_1 / (n ||A||_1 eps)      ||I - Q^H Q||_1 / (n eps)
 * From order BIG_N on, NPROBE random vectors x replace the n x n products, with Q applied
 * by ORMTR/UNMTR: ||A x - Q T Q^H x||_1 / (n ||A||_1 ||x||_1 eps) and
 * ||x - Q^H Q x||_1 / (n ||x||_1 eps).
 * Also: d and e stored in A where LAPACK stores them (exactly), finite outputs, the
 * workspace query (LAPACK's optimal lwork), every illegal argument through every entry
 * (info, xerbla name and position, A unchanged), NaN input (returns, no hang), and
 * kblasf_lapack_calls() (+1 per call served by kblasf).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "test_lapack_gen.h"

#define BIG_N 1000
#define NPROBE 3


#if IS_COMPLEX
#define TRD hetrd
#define TRD_NAME "HETRD"
#define ORGTR ungtr_
#define ORMTR unmtr_
#define CT_ "C"
#else
#define TRD sytrd
#define TRD_NAME "SYTRD"
#define ORGTR orgtr_
#define ORMTR ormtr_
#define CT_ "T"
#endif
#define SYM(suffix) KBLASF_CAT3(, PREC, KBLASF_CAT2(TRD, suffix))

typedef const kblasf_int cint;
void FN(KBLASF_CAT2(TRD, _))(const char *, cint *, T *, cint *, RT *, RT *, T *, T *, cint *,
                             kblasf_int *, size_t);
void SYM(_)(const char *, cint *, T *, cint *, RT *, RT *, T *, T *, cint *, kblasf_int *,
            size_t);
void PFN(ORGTR)(const char *, cint *, T *, cint *, const T *, T *, cint *, kblasf_int *, size_t);
void PFN(ORMTR)(const char *, const char *, const char *, cint *, cint *, const T *, cint *,
                const T *, T *, cint *, T *, cint *, kblasf_int *, size_t, size_t, size_t);
kblasf_int ilaenv_(cint *, const char *, const char *, cint *, cint *, cint *, cint *, size_t,
                   size_t);

static unsigned rot;

static int in_tri(char U, kblasf_int i, kblasf_int j) { return U == 'L' ? i >= j : i <= j; }

/* One call through entry e; returns info, sets *st and *calls (lapack_calls growth). */
static kblasf_int call(kblasf_handle_t h, int e, char uplo, kblasf_int n, T *A, kblasf_int lda,
                       size_t asz, RT *d, RT *e_, T *tau, T *work, kblasf_int lwork,
                       kblasf_status_t *st, long *calls)
{
    kblasf_int info = -424242;
    long before = kblasf_lapack_calls();

    *st = KBLASF_STATUS_SUCCESS;
    if (e == E_DEVICE) {
        T *dA = test_to_device(h, A, asz, sizeof(T));
        *st = FN(TRD)(h, uplo, n, dA, lda, d, e_, tau, &info);
        kblasf_synchronize(h);
        test_from_device(h, A, dA, asz, sizeof(T));
        kblasf_free(h, dA);
    } else if (e == E_HOST) {
        *st = FN(KBLASF_CAT2(TRD, _host))(uplo, n, A, lda, d, e_, tau, work, lwork, &info);
    } else if (e == E_F77) {
        FN(KBLASF_CAT2(TRD, _))(&uplo, &n, A, &lda, d, e_, tau, work, &lwork, &info, 1);
    } else {
        SYM(_)(&uplo, &n, A, &lda, d, e_, tau, work, &lwork, &info, 1);
    }
    *calls = kblasf_lapack_calls() - before;
    return info;
}


static const char *xname(int e)
{
    return e == E_LAPACK ? PREC_UPPER TRD_NAME : "KBLASF_" PREC_UPPER TRD_NAME;
}

/* A random Hermitian matrix (full, ld n) with O(1) entries and a real diagonal. */
static T *hermitian(kblasf_int n)
{
    T *F = test_alloc((size_t)n * n * sizeof(T) + 1);
    kblasf_int i, j;

    for (j = 0; j < n; j++) {
        for (i = j + 1; i < n; i++) {
            AT(F, n, i, j) = rnd();
            AT(F, n, j, i) = CONJ(AT(F, n, i, j));
        }
        AT(F, n, j, j) = REAL(rnd());
    }
    return F;
}

/* y := T x with T the tridiagonal (d, e) */
static void tri_mul(kblasf_int n, const RT *d, const RT *e, const WT *x, WT *y)
{
    kblasf_int i;

    for (i = 0; i < n; i++) {
        y[i] = d[i] * x[i];
        if (i > 0)
            y[i] += e[i - 1] * x[i - 1];
        if (i < n - 1)
            y[i] += e[i] * x[i + 1];
    }
}

/* x := op(Q) x (n-vector, working precision) with Q from A, tau (ORMTR/UNMTR). */
static void apply_q(char uplo, const char *trans, kblasf_int n, const T *A, kblasf_int lda,
                    const T *tau, T *x)
{
    kblasf_int one = 1, lwork = -1, info;
    T q, *work;

    PFN(ORMTR)("L", &uplo, trans, &n, &one, A, &lda, tau, x, &n, &q, &lwork, &info, 1, 1, 1);
    lwork = MAX(1, (kblasf_int)REAL(q));
    work = test_alloc((size_t)lwork * sizeof(T));
    PFN(ORMTR)("L", &uplo, trans, &n, &one, A, &lda, tau, x, &n, work, &lwork, &info, 1, 1, 1);
    free(work);
}

/* The two ratios of the output (A, d, e, tau) against the input F (full, ld n). */
static void ratios(char U, kblasf_int n, const T *F, const T *A, kblasf_int lda, const RT *d,
                   const RT *e, const T *tau, double *r1, double *r2)
{
    size_t nn = (size_t)n * n;
    kblasf_int i, j;
    double anorm;
    WT *W = test_alloc(nn * sizeof(WT));

    for (i = 0; i < (kblasf_int)nn; i++)
        W[i] = F[i];
    anorm = norm1_w(W, n, n, n);
    if (anorm == 0)
        anorm = 1;
    if (n < BIG_N) {
        WT *Q = test_alloc(nn * sizeof(WT)), *QT = test_alloc(nn * sizeof(WT)), *col;
        T *Qt = test_alloc(nn * sizeof(T)), qw;
        kblasf_int lwork = -1, info;
        T *work;

        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                AT(Qt, n, i, j) = AT(A, lda, i, j);
        PFN(ORGTR)(&U, &n, Qt, &n, tau, &qw, &lwork, &info, 1);
        lwork = MAX(1, (kblasf_int)REAL(qw));
        work = test_alloc((size_t)lwork * sizeof(T));
        PFN(ORGTR)(&U, &n, Qt, &n, tau, work, &lwork, &info, 1);
        free(work);
        for (i = 0; i < (kblasf_int)nn; i++)
            Q[i] = Qt[i];
        /* QT := Q T, column by column of T (Q T)^H = T Q^H: row-wise tri_mul */
        col = test_alloc((size_t)n * sizeof(WT));
        for (i = 0; i < n; i++) { /* row i of Q T = (T applied to row i of Q) */
            WT *row = test_alloc((size_t)n * sizeof(WT));
            for (j = 0; j < n; j++)
                col[j] = AT(Q, n, i, j);
            tri_mul(n, d, e, col, row);
            for (j = 0; j < n; j++)
                AT(QT, n, i, j) = row[j];
            free(row);
        }
        free(col);
        wgemm("N", "C", n, n, n, -1, QT, n, Q, n, 1, W, n); /* A - Q T Q^H */
        *r1 = norm1_w(W, n, n, n) / (n * anorm * EPS);
        for (i = 0; i < (kblasf_int)nn; i++)
            W[i] = 0;
        for (i = 0; i < n; i++)
            AT(W, n, i, i) = 1;
        wgemm("C", "N", n, n, n, -1, Q, n, Q, n, 1, W, n); /* I - Q^H Q */
        *r2 = norm1_w(W, n, n, n) / (n * EPS);
        free(Q);
        free(QT);
        free(Qt);
    } else {
        T *x = test_alloc((size_t)n * sizeof(T)), *y = test_alloc((size_t)n * sizeof(T));
        WT *wx = test_alloc((size_t)n * sizeof(WT)), *wy = test_alloc((size_t)n * sizeof(WT));
        WT *ax = test_alloc((size_t)n * sizeof(WT));
        kblasf_int p;

        *r1 = *r2 = 0;
        for (p = 0; p < NPROBE; p++) {
            double xn = 0, rn = 0, on = 0;
            for (i = 0; i < n; i++) {
                x[i] = rnd();
                xn += wabs(x[i]);
                ax[i] = 0;
            }
            for (j = 0; j < n; j++)
                for (i = 0; i < n; i++)
                    ax[i] += AT(W, n, i, j) * (WT)x[j];
            memcpy(y, x, (size_t)n * sizeof(T));
            apply_q(U, CT_, n, A, lda, tau, y); /* Q^H x */
            for (i = 0; i < n; i++)
                wx[i] = y[i];
            tri_mul(n, d, e, wx, wy);
            for (i = 0; i < n; i++)
                y[i] = (T)wy[i];
            apply_q(U, "N", n, A, lda, tau, y); /* Q T Q^H x (rounded to T) */
            for (i = 0; i < n; i++)
                rn += wabs(ax[i] - (WT)y[i]);
            memcpy(y, x, (size_t)n * sizeof(T));
            apply_q(U, "N", n, A, lda, tau, y);
            apply_q(U, CT_, n, A, lda, tau, y); /* Q^H Q x */
            for (i = 0; i < n; i++)
                on += wabs((WT)x[i] - (WT)y[i]);
            *r1 = fmax(*r1, isnan(rn) ? INFINITY : rn / (n * anorm * xn * EPS));
            *r2 = fmax(*r2, isnan(on) ? INFINITY : on / (n * xn * EPS));
        }
        free(x);
        free(y);
        free(wx);
        free(wy);
        free(ax);
    }
    free(W);
    if (isnan(*r1))
        *r1 = INFINITY;
    if (isnan(*r2))
        *r2 = INFINITY;
}

/* Counts elements outside the uplo triangle of the n x n block, or in the padding rows,
 * that differ bit for bit from A0. */
static long changed_outside(const T *A, const T *A0, size_t asz, kblasf_int lda, char U,
                            kblasf_int n)
{
    size_t k;
    long bad = 0;

    for (k = 0; k < asz; k++) {
        kblasf_int i = (kblasf_int)(k % (size_t)lda), j = (kblasf_int)(k / (size_t)lda);
        if (i < n && j < n && in_tri(U, i, j))
            continue;
        bad += memcmp(&A[k], &A0[k], sizeof(T)) != 0;
    }
    return bad;
}

static void one_case(kblasf_handle_t h, int e, char uplo, kblasf_int n, kblasf_int lda)
{
    char U = uplo == 'l' || uplo == 'L' ? 'L' : 'U';
    size_t asz;
    T *F = hermitian(n), *A, *A0, *tau, *work;
    RT *d = test_alloc((size_t)(n + 1) * sizeof(RT));
    RT *ev = test_alloc((size_t)(n + 1) * sizeof(RT));
    kblasf_int i, j, info, lwork = MAX(1, n * 32), bad = 0;
    kblasf_status_t st;
    long calls;
    double r1 = 0, r2 = 0;

    if (e == E_DEVICE && test_mode > 0) /* the device API runs in the first mode only */
        e = E_HOST;
    lda = MAX(lda, 1);
    asz = (size_t)lda * MAX(n, 1);
    A = test_alloc(asz * sizeof(T));
    tau = test_alloc((size_t)(n + 1) * sizeof(T));
    work = test_alloc((size_t)lwork * sizeof(T));
    for (j = 0; j < MAX(n, 1); j++)
        for (i = 0; i < lda; i++)
            AT(A, lda, i, j) = i < n && j < n && in_tri(U, i, j) ? AT(F, n, i, j) : (T)NAN;
    A0 = test_alloc(asz * sizeof(T));
    memcpy(A0, A, asz * sizeof(T));
    info = call(h, e, uplo, n, A, lda, asz, d, ev, tau, work, rot % 2 ? lwork : 1, &st, &calls);
    test_check(info == 0 && st == KBLASF_STATUS_SUCCESS && calls == want_calls(e),
               "%s%s %s uplo=%c n=%lld lda=%lld: info %lld status %d calls %ld", PREC_UPPER,
               TRD_NAME, ename[e], uplo, (long long)n, (long long)lda, (long long)info, (int)st,
               calls);
    test_check(changed_outside(A, A0, asz, lda, U, n) == 0,
               "%s%s %s uplo=%c n=%lld: the other triangle or the padding changed", PREC_UPPER,
               TRD_NAME, ename[e], uplo, (long long)n);
    for (j = 0; j < n; j++) {
        T dj = AT(A, lda, j, j);
        bad += !(REAL(dj) == d[j]) || (IS_COMPLEX && REAL(dj) != dj) || !isfinite(d[j]);
        if (j < n - 1) {
            T ej = U == 'L' ? AT(A, lda, j + 1, j) : AT(A, lda, j, j + 1);
            bad += !((T)ev[j] == ej) || !isfinite(ev[j]) || !isfinite(REAL(tau[j]));
        }
    }
    test_check(bad == 0, "%s%s %s uplo=%c n=%lld: d/e not stored as LAPACK stores them (%lld)",
               PREC_UPPER, TRD_NAME, ename[e], uplo, (long long)n, (long long)bad);
    if (n > 0)
        ratios(U, n, F, A, lda, d, ev, tau, &r1, &r2);
    test_check(r1 < TEST_TOLERANCE && r2 < TEST_TOLERANCE,
               "%s%s %s uplo=%c n=%lld lda=%lld: ||A - Q T Q^H|| ratio %.3g, ||I - Q^H Q|| "
               "ratio %.3g (tolerance %g)", PREC_UPPER, TRD_NAME, ename[e], uplo, (long long)n,
               (long long)lda, r1, r2, TEST_TOLERANCE);
    rot++;
    free(F);
    free(A);
    free(A0);
    free(d);
    free(ev);
    free(tau);
    free(work);
}

/* Illegal arguments: info, xerbla's name and position, A unchanged; and lwork = -1. */
static void bad_args(kblasf_handle_t h)
{
    struct { char uplo; kblasf_int n, lda, lwork, pos; } bad[] = {
        {'X', 4, 4, 200, 1}, {'L', -1, 4, 200, 2}, {'U', 4, 3, 200, 4}, {'L', 4, 4, 0, 9},
    };
    kblasf_int nb, one = 1, none = -1, n = 37;
    RT d[8], e[8];
    T A[16], A0[16], tau[8], work[200];
    size_t b;
    int en;

    for (en = 0; en < E_COUNT; en++) {
        for (b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            kblasf_status_t st;
            long calls;
            kblasf_int info;
            if (en == E_DEVICE && (bad[b].pos == 9 || test_mode > 0))
                continue; /* the device API: no workspace; first mode only */
            for (int i = 0; i < 16; i++)
                A[i] = A0[i] = rnd();
            test_xerbla_reset();
            info = call(h, en, bad[b].uplo, bad[b].n, A, bad[b].lda, 16, d, e, tau, work,
                        bad[b].lwork, &st, &calls);
            test_check(info == -bad[b].pos && test_xerbla_was(xname(en), bad[b].pos) &&
                           !memcmp(A, A0, sizeof A),
                       "%s%s %s illegal argument %lld: info %lld, xerbla %s %ld", PREC_UPPER,
                       TRD_NAME, ename[en], (long long)bad[b].pos, (long long)info,
                       test_xerbla_name, test_xerbla_info);
        }
        if (en == E_DEVICE)
            continue;
        {   /* the workspace query */
            kblasf_status_t st;
            long calls;
            kblasf_int info;
            work[0] = 0;
            info = call(h, en, 'L', n, A, n, 0, d, e, tau, work, -1, &st, &calls);
            nb = ilaenv_(&one, PREC_UPPER TRD_NAME, "L", &n, &none, &none, &none,
                         strlen(PREC_UPPER TRD_NAME), 1);
            test_check(info == 0 && REAL(work[0]) == (RT)MAX(1, n * nb),
                       "%s%s %s lwork=-1: info %lld, work[0] %g, LAPACK's %lld", PREC_UPPER,
                       TRD_NAME, ename[en], (long long)info, (double)REAL(work[0]),
                       (long long)(n * nb));
        }
    }
}

/* NaN in the triangle: the call returns (no crash, no hang) with info 0. */
static void nan_input(kblasf_handle_t h, kblasf_int n)
{
    size_t asz = (size_t)n * n;
    T *A = test_alloc(asz * sizeof(T)), *tau = test_alloc((size_t)n * sizeof(T));
    T *work = test_alloc(sizeof(T));
    RT *d = test_alloc((size_t)n * sizeof(RT)), *e = test_alloc((size_t)n * sizeof(RT));
    kblasf_status_t st;
    long calls;
    size_t k;
    kblasf_int info;

    for (k = 0; k < asz; k++)
        A[k] = k % 7 == 3 ? (T)NAN : rnd();
    info = call(h, E_HOST, 'L', n, A, n, asz, d, e, tau, work, 1, &st, &calls);
    test_check(info == 0, "%s%s NaN input n=%lld: info %lld", PREC_UPPER, TRD_NAME,
               (long long)n, (long long)info);
    free(A);
    free(tau);
    free(work);
    free(d);
    free(e);
}

void TFN(sytrd)(kblasf_handle_t h)
{
    static const kblasf_int small[] = {0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 100};
    static const kblasf_int panels[] = {127, 128, 129, 160, 193, 257, 300};
    static const char uplos[] = {'L', 'U', 'l', 'u'};
    size_t s, u;
    int e;

    for (u = 0; u < 2; u++) {
        char uplo = uplos[u + 2 * (rot % 2)];
        for (s = 0; s < sizeof small / sizeof small[0]; s++)
            for (e = 0; e < E_COUNT; e++)
                one_case(h, e, uplo, small[s], small[s] + (rot % 3 == 0 ? 3 : 0));
        for (s = 0; s < sizeof panels / sizeof panels[0]; s++)
            if (!test_quick || s % 3 == 2)
                one_case(h, (int)((s + u) % E_COUNT), uplo, panels[s],
                         panels[s] + (s % 2 ? 5 : 0));
        if (!test_quick && (PREC_INDEX == 1 || PREC_INDEX == 3))
            one_case(h, u ? E_LAPACK : E_HOST, uplo, BIG_N, BIG_N + 1);
        if (test_on_gpu && !test_quick && (PREC_INDEX == 1 || PREC_INDEX == 3)) {
            one_case(h, E_DEVICE, uplo, 1100, 1103);
            one_case(h, E_LAPACK, uplo, 2100, 2100);
        }
    }
    bad_args(h);
    nan_input(h, 40);
    nan_input(h, 200);
}
