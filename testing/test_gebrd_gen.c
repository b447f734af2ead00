/*
 * test_gebrd_gen.c — testers of GEBRD, precision-generic; test_gebrd.c runs them under the
 * KBLASF_OFFLOAD modes. Every call goes through one of four entries (device API, host
 * form, F77 symbol, LAPACK name), on fresh random m x n data with NaN in the padding rows
 * (which must come back bit for bit), m >= n and m < n. Q (m x k) and P^H (k x n), k =
 * min(m, n), are formed by the system LAPACK's ORGBR/UNGBR (not exported by kblasf), B is
 * the k x k bidiagonal of d and e (upper for m >= n, lower for m < n), and the ratios, in
 * double (s, c) or the working precision (d, z), must stay below TEST_TOLERANCE:
 *   ||A - Q B P^H||_1 / (max(m, n) ||A||_1 eps)
 *   ||I - Q^H Q||_1 / (m eps)      ||I - P^H P||_1 / (n eps)
 * Also: d and e stored in A where LAPACK stores them (exactly), finite outputs, the
 * workspace query (LAPACK's optimal lwork), every illegal argument through every entry,
 * NaN input (returns), and kblasf_lapack_calls().
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



#if IS_COMPLEX
#define ORGBR ungbr_
#else
#define ORGBR orgbr_
#endif

typedef const kblasf_int cint;
void FN(gebrd_)(cint *, cint *, T *, cint *, RT *, RT *, T *, T *, T *, cint *, kblasf_int *);
void PFN(gebrd_)(cint *, cint *, T *, cint *, RT *, RT *, T *, T *, T *, cint *, kblasf_int *);
void PFN(ORGBR)(const char *, cint *, cint *, cint *, T *, cint *, const T *, T *, cint *,
                kblasf_int *, size_t);
kblasf_int ilaenv_(cint *, const char *, const char *, cint *, cint *, cint *, cint *, size_t,
                   size_t);

static unsigned rot;

typedef struct {
    RT *d, *e;
    T *tauq, *taup, *work;
    kblasf_int lwork;
} outs;

static kblasf_int call(kblasf_handle_t h, int en, kblasf_int m, kblasf_int n, T *A,
                       kblasf_int lda, size_t asz, outs *o, kblasf_status_t *st, long *calls)
{
    kblasf_int info = -424242;
    long before = kblasf_lapack_calls();

    *st = KBLASF_STATUS_SUCCESS;
    if (en == E_DEVICE) {
        T *dA = test_to_device(h, A, asz, sizeof(T));
        *st = FN(gebrd)(h, m, n, dA, lda, o->d, o->e, o->tauq, o->taup, &info);
        kblasf_synchronize(h);
        test_from_device(h, A, dA, asz, sizeof(T));
        kblasf_free(h, dA);
    } else if (en == E_HOST) {
        *st = FN(gebrd_host)(m, n, A, lda, o->d, o->e, o->tauq, o->taup, o->work, o->lwork,
                             &info);
    } else if (en == E_F77) {
        FN(gebrd_)(&m, &n, A, &lda, o->d, o->e, o->tauq, o->taup, o->work, &o->lwork, &info);
    } else {
        PFN(gebrd_)(&m, &n, A, &lda, o->d, o->e, o->tauq, o->taup, o->work, &o->lwork, &info);
    }
    *calls = kblasf_lapack_calls() - before;
    return info;
}


/* Q (m x k) or P^H (k x n) from the output, in WT. */
static WT *form(char vect, kblasf_int m, kblasf_int n, const T *A, kblasf_int lda, const T *tau)
{
    kblasf_int k = m < n ? m : n, r = vect == 'Q' ? m : k, c = vect == 'Q' ? k : n;
    kblasf_int kk = vect == 'Q' ? n : m, lwork = -1, info, i, j;
    T *F = test_alloc((size_t)r * c * sizeof(T) + sizeof(T)), q, *work;
    WT *W = test_alloc((size_t)r * c * sizeof(WT) + sizeof(WT));

    for (j = 0; j < c; j++)
        for (i = 0; i < r; i++)
            AT(F, r, i, j) = AT(A, lda, i, j);
    PFN(ORGBR)(&vect, &r, &c, &kk, F, &r, tau, &q, &lwork, &info, 1);
    lwork = MAX(1, (kblasf_int)REAL(q));
    work = test_alloc((size_t)lwork * sizeof(T));
    PFN(ORGBR)(&vect, &r, &c, &kk, F, &r, tau, work, &lwork, &info, 1);
    for (i = 0; i < r * c; i++)
        W[i] = F[i];
    free(work);
    free(F);
    return W;
}

/* ||I - op(M)^H op(M)|| / (dim eps) for M r x c: columns (Q) or rows (P^H) orthonormal */
static double orth(const WT *M, kblasf_int r, kblasf_int c, int rows, double dim)
{
    kblasf_int k = rows ? r : c, i;
    WT *G = test_alloc((size_t)k * k * sizeof(WT));
    double v;

    for (i = 0; i < k; i++)
        AT(G, k, i, i) = 1;
    if (rows)
        wgemm("N", "C", k, k, c, -1, M, r, M, r, 1, G, k);
    else
        wgemm("C", "N", k, k, r, -1, M, r, M, r, 1, G, k);
    v = norm1_w(G, k, k, k) / (dim * EPS);
    free(G);
    return isnan(v) ? INFINITY : v;
}

static void one_case(kblasf_handle_t h, int en, kblasf_int m, kblasf_int n, kblasf_int lda)
{
    kblasf_int k = m < n ? m : n, i, j, info, bad = 0;
    size_t asz;
    T *A, *A0;
    WT *W, *Q, *PT, *QB;
    outs o;
    kblasf_status_t st;
    long calls;
    double anorm, r1 = 0, r2 = 0, r3 = 0;

    if (en == E_DEVICE && test_mode > 0) /* the device API runs in the first mode only */
        en = E_HOST;
    lda = MAX(lda, MAX(1, m));
    asz = (size_t)lda * MAX(n, 1);
    A = test_alloc(asz * sizeof(T));
    A0 = test_alloc(asz * sizeof(T));
    W = test_alloc(((size_t)m * n + 1) * sizeof(WT));
    for (j = 0; j < n; j++)
        for (i = 0; i < lda; i++)
            AT(A, lda, i, j) = i < m ? rnd() : (T)NAN;
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            AT(W, m, i, j) = AT(A, lda, i, j);
    memcpy(A0, A, asz * sizeof(T));
    o.d = test_alloc((size_t)(k + 1) * sizeof(RT));
    o.e = test_alloc((size_t)(k + 1) * sizeof(RT));
    o.tauq = test_alloc((size_t)(k + 1) * sizeof(T));
    o.taup = test_alloc((size_t)(k + 1) * sizeof(T));
    o.lwork = rot % 2 ? MAX(1, (m + n) * 32) : MAX(1, MAX(m, n));
    o.work = test_alloc((size_t)o.lwork * sizeof(T));
    info = call(h, en, m, n, A, lda, asz, &o, &st, &calls);
    test_check(info == 0 && st == KBLASF_STATUS_SUCCESS && calls == want_calls(en),
               "%sGEBRD %s m=%lld n=%lld lda=%lld: info %lld status %d calls %ld", PREC_UPPER,
               ename[en], (long long)m, (long long)n, (long long)lda, (long long)info, (int)st,
               calls);
    for (j = 0; j < n; j++)
        for (i = m; i < lda; i++)
            bad += memcmp(&AT(A, lda, i, j), &AT(A0, lda, i, j), sizeof(T)) != 0;
    for (j = 0; j < k; j++) {
        bad += !(AT(A, lda, j, j) == (T)o.d[j]) || !isfinite(o.d[j]) ||
               !isfinite(REAL(o.tauq[j])) || !isfinite(REAL(o.taup[j]));
        if (j < k - 1)
            bad += !((m >= n ? AT(A, lda, j, j + 1) : AT(A, lda, j + 1, j)) == (T)o.e[j]) ||
                   !isfinite(o.e[j]);
    }
    test_check(bad == 0, "%sGEBRD %s m=%lld n=%lld: padding changed or d/e not where LAPACK "
               "stores them (%lld)", PREC_UPPER, ename[en], (long long)m, (long long)n,
               (long long)bad);
    if (k > 0) {
        anorm = norm1_w(W, m, n, m);
        if (anorm == 0)
            anorm = 1;
        Q = form('Q', m, n, A, lda, o.tauq);
        PT = form('P', m, n, A, lda, o.taup);
        QB = test_alloc((size_t)m * k * sizeof(WT));
        for (j = 0; j < k; j++) /* Q B, column j: d_j q_j + e q_{j-1} (upper) or e q_{j+1} */
            for (i = 0; i < m; i++) {
                WT v = o.d[j] * AT(Q, m, i, j);
                if (m >= n && j > 0)
                    v += o.e[j - 1] * AT(Q, m, i, j - 1);
                if (m < n && j < k - 1)
                    v += o.e[j] * AT(Q, m, i, j + 1);
                AT(QB, m, i, j) = v;
            }
        wgemm("N", "N", m, n, k, -1, QB, m, PT, k, 1, W, m);
        r1 = norm1_w(W, m, n, m) / (MAX(m, n) * anorm * EPS);
        r2 = orth(Q, m, k, 0, m);
        r3 = orth(PT, k, n, 1, n);
        if (isnan(r1))
            r1 = INFINITY;
        free(Q);
        free(PT);
        free(QB);
    }
    test_check(r1 < TEST_TOLERANCE && r2 < TEST_TOLERANCE && r3 < TEST_TOLERANCE,
               "%sGEBRD %s m=%lld n=%lld lda=%lld: ||A - Q B P^H|| ratio %.3g, ||I - Q^H Q|| "
               "%.3g, ||I - P^H P|| %.3g (tolerance %g)", PREC_UPPER, ename[en], (long long)m,
               (long long)n, (long long)lda, r1, r2, r3, TEST_TOLERANCE);
    rot++;
    free(A);
    free(A0);
    free(W);
    free(o.d);
    free(o.e);
    free(o.tauq);
    free(o.taup);
    free(o.work);
}

static const char *xname(int en)
{
    return en == E_LAPACK ? PREC_UPPER "GEBRD" : "KBLASF_" PREC_UPPER "GEBRD";
}

static void bad_args(kblasf_handle_t h)
{
    struct { kblasf_int m, n, lda, lwork, pos; } bad[] = {
        {-1, 3, 4, 100, 1}, {4, -1, 4, 100, 2}, {4, 3, 3, 100, 4}, {5, 4, 5, 4, 10},
    };
    kblasf_int one = 1, none = -1, m = 45, n = 37, nb;
    RT d[8], e[8];
    T A[24], A0[24], tq[8], tp[8], work[100];
    outs o = {d, e, tq, tp, work, 0};
    size_t b;
    int en, i;

    for (en = 0; en < E_COUNT; en++) {
        kblasf_status_t st;
        long calls;
        kblasf_int info;
        for (b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            if (en == E_DEVICE && (bad[b].pos == 10 || test_mode > 0))
                continue;
            for (i = 0; i < 24; i++)
                A[i] = A0[i] = rnd();
            o.lwork = bad[b].lwork;
            test_xerbla_reset();
            info = call(h, en, bad[b].m, bad[b].n, A, bad[b].lda, 24, &o, &st, &calls);
            test_check(info == -bad[b].pos && test_xerbla_was(xname(en), bad[b].pos) &&
                           !memcmp(A, A0, sizeof A),
                       "%sGEBRD %s illegal argument %lld: info %lld, xerbla %s %ld",
                       PREC_UPPER, ename[en], (long long)bad[b].pos, (long long)info,
                       test_xerbla_name, test_xerbla_info);
        }
        if (en == E_DEVICE)
            continue;
        o.lwork = -1;
        work[0] = 0;
        info = call(h, en, m, n, A, m, 0, &o, &st, &calls);
        nb = ilaenv_(&one, PREC_UPPER "GEBRD", " ", &m, &n, &none, &none, 6, 1);
        test_check(info == 0 && REAL(work[0]) == (RT)((m + n) * MAX(1, nb)),
                   "%sGEBRD %s lwork=-1: info %lld, work[0] %g, LAPACK's %lld", PREC_UPPER,
                   ename[en], (long long)info, (double)REAL(work[0]),
                   (long long)((m + n) * MAX(1, nb)));
    }
}

/* NaN in A: the call returns (no crash, no hang) with info 0. */
static void nan_input(kblasf_handle_t h, kblasf_int m, kblasf_int n)
{
    size_t asz = (size_t)m * n, k;
    T *A = test_alloc(asz * sizeof(T));
    outs o;
    kblasf_status_t st;
    long calls;
    kblasf_int info, mn = m < n ? m : n;

    o.d = test_alloc((size_t)mn * sizeof(RT));
    o.e = test_alloc((size_t)mn * sizeof(RT));
    o.tauq = test_alloc((size_t)mn * sizeof(T));
    o.taup = test_alloc((size_t)mn * sizeof(T));
    o.lwork = MAX(m, n);
    o.work = test_alloc((size_t)o.lwork * sizeof(T));
    for (k = 0; k < asz; k++)
        A[k] = k % 7 == 3 ? (T)NAN : rnd();
    info = call(h, E_HOST, m, n, A, m, asz, &o, &st, &calls);
    test_check(info == 0, "%sGEBRD NaN input m=%lld n=%lld: info %lld", PREC_UPPER,
               (long long)m, (long long)n, (long long)info);
    free(A);
    free(o.d);
    free(o.e);
    free(o.tauq);
    free(o.taup);
    free(o.work);
}

void TFN(gebrd)(kblasf_handle_t h)
{
    static const kblasf_int small[][2] = {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {1, 7}, {7, 1},
                                          {2, 3}, {3, 2}, {31, 31}, {33, 40}, {40, 33}, {65, 65}};
    static const kblasf_int panels[][2] = {{129, 129}, {160, 140}, {140, 160}, {257, 200},
                                           {200, 257}, {300, 300}, {600, 150}, {150, 600}};
    size_t s;
    int e;

    for (s = 0; s < sizeof small / sizeof small[0]; s++)
        for (e = 0; e < E_COUNT; e++)
            one_case(h, e, small[s][0], small[s][1], small[s][0] + (rot % 3 == 0 ? 2 : 0));
    for (s = 0; s < sizeof panels / sizeof panels[0]; s++)
        if (!test_quick || s % 3 == 1)
            one_case(h, (int)(s % E_COUNT), panels[s][0], panels[s][1],
                     panels[s][0] + (s % 2 ? 3 : 0));
    if (!test_quick && (PREC_INDEX == 1 || PREC_INDEX == 3)) {
        one_case(h, E_LAPACK, 1000, 300, 1000);
        one_case(h, E_HOST, 300, 1000, 301);
    }
    if (test_on_gpu && !test_quick && (PREC_INDEX == 1 || PREC_INDEX == 3)) {
        one_case(h, E_DEVICE, 1100, 1100, 1101);
        one_case(h, E_LAPACK, 1500, 1200, 1500);
    }
    bad_args(h);
    nan_input(h, 40, 30);
    nan_input(h, 200, 260);
}
