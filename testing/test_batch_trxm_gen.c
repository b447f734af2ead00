/*
 * test_batch_trxm_gen.c — testers of the batched TRSM and TRMM, precision-generic
 * (test_batch_trxm.c runs them): kblasf_?trsm_batch, ?trmm_batch and their _strided forms,
 * on the tester's handle (data moved with the handle's copy functions, so the same tester
 * runs on the host executor and on a GPU).
 *
 * Default mode: each routine and form with every side, uplo, transa and diag at triangle
 * orders k = 1..40 (B's other dimension 1, 3, k, k+5, 33 or 130), batches of 1 and 7;
 * at orders 64, 100, 128, 255, 256 and 300 each routine, form and side with uplo, transa
 * and diag rotating (other dimension 1, 3, 33, 70, or k+5 with one matrix); batches of
 * 1000 at orders 1, 8, 17, 32 and 33. KBLASF_OFFLOAD=always (the library's GPU recursion
 * on any executor): every variant in both forms at orders 33, 64 and 100, in one form or
 * the other at 129, 255 and 300, batch 7 (other dimension 1, 3, 17, 33, at times k+5).
 * Padding: lda > k in two cases of three, ldb > m in one of two, strides (or the slots of
 * the pointer arrays) larger than a matrix in two of three, a stride of 0 with one matrix
 * at times; the pointer arrays in reverse memory order, at times all of A_array pointing
 * to one triangle; the letters in lower case at times; alpha = 1, a general value
 * (complex for c, z) and 0 (then with NaN and Inf planted in A's triangle and B's block:
 * the block must come back exactly 0). The buffers hold NaN outside A's triangle (and on
 * its diagonal for diag = 'U') and outside B's blocks: all of A, B outside its blocks and
 * the pointer arrays must come back bit for bit.
 * A: diagonal of magnitude 1..2 with a random sign (phase), the rest random in [-1,1]/k
 * (each part for complex), so that TRSM's residuals mean something.
 * Scaled residuals, in double (s, c) or the working precision (d, z), by the tester's own
 * loops, against TEST_TOLERANCE (10), for each column x of the result X (side 'L'; for
 * 'R' each row, with the infinity norm of op(A) in place of the 1-norm):
 *   TRSM  ||op(A) x - alpha b0||_1 / (||op(A)||_1 ||x||_1 k eps)
 *   TRMM  ||x - alpha op(A) b0||_1 / (|alpha| ||op(A)||_1 ||b0||_1 k eps)
 * (k the order of A, b0 the column of B before); one wrong element, three times the
 * tolerance off, must fail them (self-check, once per routine, precision and mode).
 * Also: every illegal argument of both forms (xerbla name and position, status, nothing
 * touched), the order of the checks, quick returns (batch 0, m 0, n 0, NULL pointers
 * where they are legal), strides of 0 with one matrix, lower-case letters, and a NULL
 * handle. KBLASF_TEST_QUICK=1: fewer orders and variants; KBLASF_TEST_BATCH_MAX caps the
 * batches.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "test_lapack_gen.h"


enum { OP_TRSM, OP_TRMM };
static const char *const opname[] = {"TRSM", "TRMM"};

typedef struct {
    int op, strided;
    char side, uplo, trans, diag; /* as passed (lower case at times) */
    kblasf_int m, n, lda, ldb, batch;
    kblasf_int sA, sB;            /* strides (strided form) or slot sizes (arrays) */
    T alpha;
} case_t;

#include "test_batch_util.h"

static unsigned rot; /* varies padding, alpha, letter case, ... across cases */

static kblasf_int order_of(const case_t *c) { return up(c->side) == 'L' ? c->m : c->n; }

static const char *describe(const case_t *c)
{
    static char buf[320];

    snprintf(buf, sizeof buf, PREC_UPPER "%s_BATCH%s side=%c uplo=%c transa=%c diag=%c m=%ld "
             "n=%ld lda=%ld ldb=%ld batch=%ld %s=%ld,%ld alpha=(%g,%g) [%s]", opname[c->op],
             c->strided ? "_STRIDED" : "", c->side, c->uplo, c->trans, c->diag, (long)c->m,
             (long)c->n, (long)c->lda, (long)c->ldb, (long)c->batch,
             c->strided ? "strides" : "slots", (long)c->sA, (long)c->sB,
             (double)REAL(c->alpha), IS_COMPLEX ? (double)cimag((WT)c->alpha) : 0.0,
             *test_mode_env ? test_mode_env : "default");
    return buf;
}

/* ---- the buffers of a case --------------------------------------------------------- */

typedef struct {
    size_t asz, bsz;            /* elements of the A and B buffers */
    T *A0, *A, *B0, *B;         /* before and after, host */
    T *dA, *dB;                 /* device */
    T **pA, **pB;               /* device pointer arrays (pointer-array form) */
    T **hp;                     /* what they hold (batch of A's, then batch of B's) */
    int ptrs_changed;           /* the routine wrote them */
} bufs_t;

/* The data of a case: A (NaN outside the triangles), B (NaN outside the blocks); with
 * alpha = 0 NaN planted inside them as well, which must not leak. */
static void make_data(const case_t *c, bufs_t *u)
{
    char U = up(c->uplo);
    int unit = up(c->diag) == 'U';
    kblasf_int b, i, j, k = order_of(c), m = c->m, n = c->n;

    u->asz = buffer_size(c, c->sA, c->lda * k);
    u->bsz = buffer_size(c, c->sB, c->ldb * n);
    u->A0 = nan_array(u->asz);
    u->B0 = nan_array(u->bsz);
    for (b = 0; b < c->batch; b++) {
        T *M = MAT(c, u->A0, c->sA, b), *B = MAT(c, u->B0, c->sB, b);
        gen_tri(M, c->lda, U, k, unit);
        for (j = 0; j < n; j++)
            for (i = 0; i < m; i++)
                AT(B, c->ldb, i, j) = rnd();
        if (c->alpha == 0 && k > 0 && m > 0 && n > 0) {
            AT(M, c->lda, k - 1, k - 1) = (T)NAN;
            AT(M, c->lda, U == 'L' ? k - 1 : 0, U == 'L' ? 0 : k - 1) = (T)NAN;
            AT(B, c->ldb, 0, 0) = (T)NAN;
            AT(B, c->ldb, m - 1, n - 1) = (T)NAN;
            AT(B, c->ldb, (m - 1) / 2, n / 2) = (T)INFINITY;
        }
    }
    u->A = test_alloc(u->asz * sizeof(T));
    memcpy(u->A, u->A0, u->asz * sizeof(T));
    u->B = test_alloc(u->bsz * sizeof(T));
    memcpy(u->B, u->B0, u->bsz * sizeof(T));
}

/* Uploads the buffers and builds the pointer arrays (device addresses of the matrices). */
static void upload(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_int b;

    u->dA = test_to_device(h, u->A0, u->asz, sizeof(T));
    u->dB = test_to_device(h, u->B0, u->bsz, sizeof(T));
    u->pA = u->pB = u->hp = NULL;
    u->ptrs_changed = 0;
    if (!c->strided && c->batch > 0) {
        T **p = u->hp = test_alloc(2 * (size_t)c->batch * sizeof(T *));
        for (b = 0; b < c->batch; b++) {
            p[b] = MAT(c, u->dA, c->sA, b);
            p[c->batch + b] = MAT(c, u->dB, c->sB, b);
        }
        u->pA = test_to_device(h, p, c->batch, sizeof(T *));
        u->pB = test_to_device(h, p + c->batch, c->batch, sizeof(T *));
    }
}

/* Fetches the results into A and B (and checks the pointer arrays), frees the device
 * buffers. */
static void download(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_synchronize(h);
    test_from_device(h, u->A, u->dA, u->asz, sizeof(T));
    test_from_device(h, u->B, u->dB, u->bsz, sizeof(T));
    if (u->hp) {
        T **p = test_alloc(2 * (size_t)c->batch * sizeof(T *));
        test_from_device(h, p, u->pA, c->batch, sizeof(T *));
        test_from_device(h, p + c->batch, u->pB, c->batch, sizeof(T *));
        kblasf_synchronize(h);
        u->ptrs_changed = memcmp(p, u->hp, 2 * (size_t)c->batch * sizeof(T *)) != 0;
        free(p);
    }
    kblasf_synchronize(h);
    kblasf_free(h, u->dA);
    kblasf_free(h, u->dB);
    kblasf_free(h, u->pA);
    kblasf_free(h, u->pB);
}

static void bufs_free(bufs_t *u)
{
    free(u->A0); free(u->A); free(u->B0); free(u->B); free(u->hp);
}

/* The routine of case c on the device buffers (NULL pointers as given). */
static kblasf_status_t call(kblasf_handle_t h, const case_t *c, const T *alpha, T *dA, T **pA,
                            T *dB, T **pB)
{
    if (c->op == OP_TRSM) {
        if (c->strided)
            return FN(trsm_batch_strided)(h, c->side, c->uplo, c->trans, c->diag, c->m, c->n,
                                          alpha, dA, c->lda, c->sA, dB, c->ldb, c->sB, c->batch);
        return FN(trsm_batch)(h, c->side, c->uplo, c->trans, c->diag, c->m, c->n, alpha, pA,
                              c->lda, pB, c->ldb, c->batch);
    }
    if (c->strided)
        return FN(trmm_batch_strided)(h, c->side, c->uplo, c->trans, c->diag, c->m, c->n,
                                      alpha, dA, c->lda, c->sA, dB, c->ldb, c->sB, c->batch);
    return FN(trmm_batch)(h, c->side, c->uplo, c->trans, c->diag, c->m, c->n, alpha, pA,
                          c->lda, pB, c->ldb, c->batch);
}

/* ---- residuals (WT) ----------------------------------------------------------------- */

/* Element (i, j) of the triangle of M as op(A) uses it: 1 on the diagonal for diag 'U',
 * conjugated for transa 'C'; only called inside the triangle. */
static WT elem(const case_t *c, const T *M, kblasf_int i, kblasf_int j)
{
    WT a;

    if (i == j && up(c->diag) == 'U')
        return 1;
    a = (WT)AT(M, c->lda, i, j);
    return up(c->trans) == 'C' ? wconj(a) : a;
}

/* Y (m x n, leading dimension m) := op(A) X (side L) or X op(A) (side R), A the triangle
 * of M, X of T with leading dimension ldx; the products in WT. */
static void op_apply(const case_t *c, const T *M, const T *X, kblasf_int ldx, WT *Y)
{
    kblasf_int k = order_of(c), m = c->m, n = c->n, i, j, l;
    char U = up(c->uplo);
    int left = up(c->side) == 'L', notrans = up(c->trans) == 'N', lower = U == 'L';

    memset(Y, 0, (size_t)m * (size_t)n * sizeof(WT));
    for (j = 0; j < n; j++) {
        WT *y = Y + (size_t)j * m;
        const T *xj = X + (size_t)j * ldx;
        if (left && notrans) /* y += A(:, l) x(l) over the stored part of column l */
            for (l = 0; l < k; l++) {
                WT x = (WT)xj[l];
                for (i = lower ? l : 0; i < (lower ? k : l + 1); i++)
                    y[i] += elem(c, M, i, l) * x;
            }
        else if (left) /* y(i) = A(:, i)^T x over the stored part of column i */
            for (i = 0; i < k; i++) {
                WT s = 0;
                for (l = lower ? i : 0; l < (lower ? k : i + 1); l++)
                    s += elem(c, M, l, i) * (WT)xj[l];
                y[i] = s;
            }
        else /* y += X(:, l) op(A)(l, j), op(A)(l, j) = A(l, j) or A(j, l) */
            for (l = 0; l < k; l++) {
                const T *xl = X + (size_t)l * ldx;
                WT w;
                if (!in_tri(U, notrans ? l : j, notrans ? j : l))
                    continue;
                w = notrans ? elem(c, M, l, j) : elem(c, M, j, l);
                for (i = 0; i < m; i++)
                    y[i] += (WT)xl[i] * w;
            }
    }
}

/* The worst residual of matrix b (INFINITY when it is NaN), with (when scale0 is not
 * NULL) the denominator of the first column (side L) or row (side R) in *scale0. */
static double res_matrix(const case_t *c, const bufs_t *u, kblasf_int b, double *scale0)
{
    kblasf_int k = order_of(c), m = c->m, n = c->n, i, j, nv;
    int left = up(c->side) == 'L', solve = c->op == OP_TRSM;
    /* ||op(A)||_1 (left: a column x is multiplied) or ||op(A)||_inf (right: a row), that
     * is A's largest column sum when left == notrans, else its largest row sum */
    int colsums = left == (up(c->trans) == 'N');
    const T *X = MAT(c, u->B, c->sB, b), *B0 = MAT(c, u->B0, c->sB, b);
    const T *M = MAT(c, u->A0, c->sA, b);
    WT *Y = test_alloc((size_t)m * (size_t)n * sizeof(WT)), alpha = (WT)c->alpha;
    double an = 0, worst = 0, *rn, *xn;

    nv = MAX(k, left ? n : m);
    rn = test_alloc(2 * (size_t)nv * sizeof(double));
    xn = rn + nv;
    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++)
            if (in_tri(up(c->uplo), i, j))
                rn[colsums ? j : i] += wabs(elem(c, M, i, j));
    for (j = 0; j < k; j++) {
        if (!(rn[j] <= an))
            an = rn[j];
        rn[j] = 0;
    }
    nv = left ? n : m;
    /* TRSM: Y = op(A) X (or X op(A)); TRMM: Y = op(A) B0 (or B0 op(A)) */
    op_apply(c, M, solve ? X : B0, c->ldb, Y);
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++) {
            WT x = (WT)AT(X, c->ldb, i, j), b0 = (WT)AT(B0, c->ldb, i, j), y = Y[i + (size_t)j * m];
            WT r = solve ? y - alpha * b0 : x - alpha * y;
            kblasf_int v = left ? j : i;
            rn[v] += wabs(r);
            xn[v] += wabs(solve ? x : b0); /* the x (TRSM) or b0 (TRMM) of the ratio */
        }
    for (j = 0; j < nv; j++) {
        double den = an * xn[j] * (solve ? 1.0 : wabs(alpha)), r = fixnan(rn[j] / (den * k * EPS));
        if (j == 0 && scale0)
            *scale0 = den * k * EPS;
        if (!(r <= worst))
            worst = r;
    }
    free(Y);
    free(rn);
    return fixnan(worst);
}

/* ---- a case ------------------------------------------------------------------------- */

#define WHY(...) snprintf(why + strlen(why), sizeof why - strlen(why), __VA_ARGS__)

/* Elements of B outside the blocks that differ bit for bit */
static long b_outside_changed(const case_t *c, const bufs_t *u)
{
    char *mask = test_alloc(u->bsz);
    kblasf_int b, i, j;
    long bad = 0;
    size_t p;

    for (b = 0; b < c->batch; b++)
        for (j = 0; j < c->n; j++)
            for (i = 0; i < c->m; i++)
                mask[off(c, c->sB, b) + i + (size_t)j * c->ldb] = 1;
    for (p = 0; p < u->bsz; p++)
        if (!mask[p] && memcmp(&u->B[p], &u->B0[p], sizeof(T)))
            bad++;
    free(mask);
    return bad;
}

/* Elements of B's block of matrix b that are not exactly 0 (alpha = 0) */
static long nonzero_block(const case_t *c, const bufs_t *u, kblasf_int b)
{
    const T *X = MAT(c, u->B, c->sB, b);
    kblasf_int i, j;
    long bad = 0;

    for (j = 0; j < c->n; j++)
        for (i = 0; i < c->m; i++)
            if (!(AT(X, c->ldb, i, j) == 0))
                bad++;
    return bad;
}

static int selfchecked[2];

/* One case through the routine; once per routine, also makes sure that the residual
 * catches one wrong element of the first matrix's result. */
static void run_case(kblasf_handle_t h, case_t c)
{
    bufs_t u;
    kblasf_status_t st;
    char why[512] = "";
    double worst = 0;
    long bad;
    kblasf_int b, nfail = 0, first = -1;
    double firstr = 0;
    int ok = 1;

    make_data(&c, &u);
    upload(h, &c, &u);
    test_xerbla_reset();
    st = call(h, &c, &c.alpha, u.dA, u.pA, u.dB, u.pB);
    download(h, &c, &u);

    if (st != KBLASF_STATUS_SUCCESS) { ok = 0; WHY(" status %d;", (int)st); }
    if (test_xerbla_info) { ok = 0; WHY(" xerbla %s %ld;", test_xerbla_name, test_xerbla_info); }
    if (memcmp(u.A, u.A0, u.asz * sizeof(T))) { ok = 0; WHY(" A written;"); }
    if (u.ptrs_changed) { ok = 0; WHY(" pointer arrays written;"); }
    if ((bad = b_outside_changed(&c, &u))) { ok = 0; WHY(" %ld elements of B outside the blocks changed;", bad); }
    for (b = 0; b < c.batch; b++) {
        double r = c.alpha == 0 ? (nonzero_block(&c, &u, b) ? INFINITY : 0) : res_matrix(&c, &u, b, NULL);
        if (!(r < TEST_TOLERANCE) && !nfail++) {
            first = b;
            firstr = r;
        }
        if (!(r <= worst))
            worst = r;
    }
    if (nfail) {
        ok = 0;
        if (c.alpha == 0)
            WHY(" alpha = 0: %ld blocks not zero, first matrix %ld;", (long)nfail, (long)first);
        else
            WHY(" %ld matrices wrong, first %ld (residual %.3g);", (long)nfail, (long)first, firstr);
    }
    test_check(ok, "%s: worst residual %.3g;%s", describe(&c), worst, why);

    if (!selfchecked[c.op] && ok && c.alpha != 0 && order_of(&c) >= 16 && c.m >= 2 && c.n >= 2) {
        /* one wrong element, three times the tolerance off, must show */
        int left = up(c.side) == 'L';
        T *X = MAT(&c, u.B, c.sB, 0);
        double scale0 = 0;
        kblasf_int pi = left ? c.m - 1 : 0, pj = left ? 0 : c.n - 1;

        selfchecked[c.op] = 1;
        res_matrix(&c, &u, 0, &scale0);
        AT(X, c.ldb, pi, pj) += (T)(3 * TEST_TOLERANCE * scale0);
        test_check(!(res_matrix(&c, &u, 0, NULL) < TEST_TOLERANCE),
                   "%s: the residual missed a wrong element", describe(&c));
    }
    bufs_free(&u);
}

/* ---- the cases ---------------------------------------------------------------------- */

/* A general alpha: magnitude 0.5..1.5, random sign (real) or phase (complex) */
static T general_alpha(void)
{
    double mag = 1.0 + 0.5 * test_rand();
#if IS_COMPLEX
    double ph = M_PI * test_rand();
    return (T)(mag * cos(ph) + I * mag * sin(ph));
#else
    return (T)(test_rand() < 0 ? -mag : mag);
#endif
}

/* A case of variant v (bits: side, uplo, diag; v / 8: transa N, T, C) at triangle order k,
 * B's other dimension o; padding, strides, alpha and letter case from rot. */
static case_t make_case(int op, int strided, int v, kblasf_int k, kblasf_int o, kblasf_int batch)
{
    static const kblasf_int pads[] = {0, 1, 7};
    static const char tr[] = {'N', 'T', 'C'};
    case_t c;
    unsigned r = mix(rot), lc = r % 5 == 2 ? 0xF : r % 11 == 4 ? (r / 11) & 0xF : 0;

    c.op = op;
    c.strided = strided;
    c.side = v & 1 ? 'R' : 'L';
    c.uplo = v & 2 ? 'U' : 'L';
    c.diag = v & 4 ? 'U' : 'N';
    c.trans = tr[(v / 8) % 3];
    if (lc & 1) c.side = low(c.side);
    if (lc & 2) c.uplo = low(c.uplo);
    if (lc & 4) c.trans = low(c.trans);
    if (lc & 8) c.diag = low(c.diag);
    c.m = v & 1 ? o : k;
    c.n = v & 1 ? k : o;
    c.batch = batch;
    r /= 55;
    c.lda = k + pads[r % 3];
    c.ldb = c.m + (kblasf_int)((r / 3) % 2) * 2;
    c.sA = c.lda * k + pads[(r / 6) % 3];
    c.sB = c.ldb * c.n + pads[(r / 18) % 3];
    if (strided && batch == 1 && (r / 54) % 2)
        c.sA = c.sB = 0; /* legal with one matrix */
    if (!strided && batch > 1 && (r / 108) % 8 == 3)
        c.sA = 0; /* every pointer of A_array to one triangle */
    r /= 864;
    c.alpha = r % 7 == 3 ? (T)0 : (r / 7) % 3 == 0 ? (T)1 : general_alpha();
    rot++;
    return c;
}

#define NVAR 24 /* side x uplo x diag x transa */

/* ---- illegal arguments and quick returns ------------------------------------------- */

/* The position of argument `arg` in the form's list (1-based, no handle); -1: none */
static kblasf_int argpos(int strided, const char *arg)
{
    const char *lists[2] = {"side uplo transa diag m n alpha A lda B ldb batch",
                            "side uplo transa diag m n alpha A lda sA B ldb sB batch"};

    return test_arg_position(lists[strided], arg);
}


static void apply(case_t *c, const char *f, kblasf_int v, int *nullAlpha, int *nullA, int *nullB)
{
    if (!f) return;
    if (!strcmp(f, "side")) c->side = (char)v;
    else if (!strcmp(f, "uplo")) c->uplo = (char)v;
    else if (!strcmp(f, "transa")) c->trans = (char)v;
    else if (!strcmp(f, "diag")) c->diag = (char)v;
    else if (!strcmp(f, "m")) c->m = v;
    else if (!strcmp(f, "n")) c->n = v;
    else if (!strcmp(f, "lda")) c->lda = v;
    else if (!strcmp(f, "ldb")) c->ldb = v;
    else if (!strcmp(f, "sA")) c->sA = v;
    else if (!strcmp(f, "sB")) c->sB = v;
    else if (!strcmp(f, "batch")) c->batch = v;
    else if (!strcmp(f, "alpha")) *nullAlpha = 1;
    else if (!strcmp(f, "A")) *nullA = 1;
    else if (!strcmp(f, "B")) *nullB = 1;
}

static void arguments(kblasf_handle_t h)
{
    static const change_t ch[] = {
        /* each argument alone */
        C1("side", 'X', "side"),   C1("side", 0, "side"),      C1("uplo", 'X', "uplo"),
        C1("transa", 'X', "transa"), C1("transa", 'R', "transa"), C1("diag", 'X', "diag"),
        C1("diag", 'L', "diag"),   C1("m", -1, "m"),          C1("n", -1, "n"),
        C1("alpha", 0, "alpha"),   C1("A", 0, "A"),           C1("lda", 3, "lda"),
        C1("lda", 0, "lda"),       C1("sA", 11, "sA"),        C1("sA", 0, "sA"),
        C1("sA", -1, "sA"),        C1("B", 0, "B"),           C1("ldb", 3, "ldb"),
        C1("sB", 11, "sB"),        C1("sB", 0, "sB"),         C1("sB", -12, "sB"),
        C1("batch", -1, "batch"),
        /* the order of the checks */
        C2("side", 'X', "m", -1, "side"),  C2("uplo", 'X', "transa", 'X', "uplo"),
        C2("transa", 'X', "diag", 'X', "transa"), C2("diag", 'X', "m", -1, "diag"),
        C2("m", -1, "n", -1, "m"),         C2("n", -1, "alpha", 0, "n"),
        C2("alpha", 0, "A", 0, "alpha"),   C2("A", 0, "lda", 3, "A"),
        C2("lda", 3, "sA", 1, "lda"),      C2("lda", 3, "B", 0, "lda"),
        C2("sA", 1, "B", 0, "sA"),         C2("B", 0, "ldb", 3, "B"),
        C2("ldb", 3, "sB", 1, "ldb"),      C2("ldb", 3, "batch", -1, "ldb"),
        C2("sB", 1, "batch", -1, "sB"),
        /* k follows side; ldb always m */
        C2("side", 'R', "lda", 2, "lda"),  C3("side", 'R', "ldb", 3, "lda", 3, "ldb"),
        C3("side", 'R', "lda", 3, "sA", 8, "sA"),
        /* where the sizes make NULL legal, the next check counts */
        C2("A", 0, "batch", -1, "batch"),  C2("B", 0, "batch", -1, "batch"),
        C2("m", 0, "lda", 0, "lda"),       C2("n", 0, "lda", 3, "lda"),
        C2("m", 0, "ldb", 0, "ldb"),       C2("batch", 0, "alpha", 0, "alpha"),
        C2("m", 0, "alpha", 0, "alpha"),   C2("sA", 5, "batch", 1, "sA"),
        C2("sB", 5, "batch", 1, "sB"),     C2("sA", -1, "batch", 0, "sA"),
        C3("side", 'R', "n", 0, "lda", 0, "lda"),
        /* legal: quick returns, NULL where nothing is touched, one matrix at stride 0 */
        C1("batch", 0, NULL),              C2("A", 0, "batch", 0, NULL),
        C2("B", 0, "batch", 0, NULL),      C3("A", 0, "B", 0, "batch", 0, NULL),
        C2("A", 0, "m", 0, NULL),          C2("B", 0, "n", 0, NULL),
        C3("A", 0, "B", 0, "n", 0, NULL),  C1("m", 0, NULL),
        C1("n", 0, NULL),                  C2("m", 0, "lda", 1, NULL),
        C3("side", 'R', "n", 0, "lda", 1, NULL), C3("m", 0, "ldb", 1, "sB", 3, NULL),
        C2("sA", 0, "batch", 1, NULL),     C2("sB", 0, "batch", 1, NULL),
        C3("sA", 0, "sB", 0, "batch", 1, NULL), C2("sA", 0, "batch", 0, NULL),
        C2("sB", 0, "batch", 0, NULL),     C1("side", 'r', NULL),
        C1("side", 'l', NULL),             C1("uplo", 'u', NULL),
        C1("uplo", 'l', NULL),             C1("transa", 't', NULL),
        C1("transa", 'c', NULL),           C1("transa", 'n', NULL),
        C1("diag", 'u', NULL),             C1("diag", 'n', NULL),
        C1("lda", 9, NULL),                C1("ldb", 9, NULL),
        C2("side", 'R', "lda", 3, NULL),   C1("sA", 15, "sA"),
        C1("sA", 16, NULL),                C1("sB", 12, NULL),
    };
    size_t t;
    int op, s, q;
    T one = 1;

    for (op = 0; op < 2; op++)
        for (s = 0; s < 2; s++)
            for (t = 0; t < COUNT(ch); t++) {
                /* side L, uplo L, N, N, m 4, n 3, lda 4, ldb 4, batch 2, strides (slots)
                 * 40 and 30; the buffers large enough for every legal change above */
                case_t c = {op, s, 'L', 'L', 'N', 'N', 4, 3, 4, 4, 2, 40, 30, 1}, c0 = c;
                bufs_t u;
                int nullAlpha = 0, nullA = 0, nullB = 0, ok, touches;
                kblasf_int want_pos = 0, nb;
                kblasf_status_t st;
                char name[48], what[160] = "";

                if (!change_applies(argpos, s, &ch[t], &want_pos))
                    continue; /* an argument the form does not have */
                extra_pad = 64;
                make_data(&c, &u);
                extra_pad = 0;
                upload(h, &c, &u);
                for (q = 0; q < 3 && ch[t].f[q]; q++)
                    apply(&c, ch[t].f[q], ch[t].v[q], &nullAlpha, &nullA, &nullB);
                change_describe(&ch[t], what, sizeof what);
                nb = c.batch;
                test_xerbla_reset();
                st = call(h, &c, nullAlpha ? NULL : &one, nullA ? NULL : u.dA,
                          nullA ? NULL : u.pA, nullB ? NULL : u.dB, nullB ? NULL : u.pB);
                download(h, &c0, &u);
                ok = arg_report_ok(name, sizeof name, opname[op], s, st, want_pos);
                touches = nb > 0 && c.m > 0 && c.n > 0;
                /* A is never written; B only by a legal call that touches data, and then
                 * only inside the blocks of the call's geometry */
                ok = ok && !memcmp(u.A, u.A0, u.asz * sizeof(T)) && !u.ptrs_changed;
                if (want_pos || !touches)
                    ok = ok && !memcmp(u.B, u.B0, u.bsz * sizeof(T));
                else
                    ok = ok && !b_outside_changed(&c, &u);
                test_check(ok, "%s: %s: status %d, xerbla '%s' %ld (want %s %ld)%s", name, what,
                           (int)st, test_xerbla_name, test_xerbla_info,
                           want_pos ? name : "nothing", (long)want_pos,
                           memcmp(u.B, u.B0, u.bsz * sizeof(T)) ? ", B changed" : "");
                bufs_free(&u);
            }
    /* no handle: refused without a report */
    test_xerbla_reset();
    test_check(FN(trsm_batch_strided)(NULL, 'L', 'L', 'N', 'N', 1, 1, &one, NULL, 1, 0, NULL, 1,
                                      0, 0) == KBLASF_STATUS_INVALID_VALUE &&
                   FN(trsm_batch)(NULL, 'L', 'L', 'N', 'N', 1, 1, &one, NULL, 1, NULL, 1, 0) ==
                       KBLASF_STATUS_INVALID_VALUE &&
                   FN(trmm_batch_strided)(NULL, 'L', 'L', 'N', 'N', 1, 1, &one, NULL, 1, 0, NULL,
                                          1, 0, 0) == KBLASF_STATUS_INVALID_VALUE &&
                   FN(trmm_batch)(NULL, 'L', 'L', 'N', 'N', 1, 1, &one, NULL, 1, NULL, 1, 0) ==
                       KBLASF_STATUS_INVALID_VALUE &&
                   test_xerbla_info == 0,
               PREC_UPPER "TRSM/TRMM_BATCH(_STRIDED): a NULL handle must be refused");
}

/* ---- the driver -------------------------------------------------------------------- */

void TFN(batch_trxm)(kblasf_handle_t h)
{
    static const kblasf_int big[] = {64, 100, 128, 255, 256, 300};
    static const kblasf_int big_quick[] = {64, 256, 300};
    static const kblasf_int rec[] = {33, 64, 100, 129, 255, 300}; /* KBLASF_OFFLOAD=always */
    static const kblasf_int rec_quick[] = {33, 100, 300};
    static const kblasf_int thousand[] = {1, 8, 17, 32, 33};
    int always = strstr(test_mode_env, "always") != NULL;
    /* KBLASF_TEST_BATCH_MAX caps the batches (the GPU machine's racecheck run) */
    const char *cap_env = getenv("KBLASF_TEST_BATCH_MAX");
    kblasf_int cap = cap_env && atoi(cap_env) > 0 ? atoi(cap_env) : 1000;
    kblasf_int k, o;
    size_t s;
    int op, f, v;

    selfchecked[0] = selfchecked[1] = 0;
    if (always) {
        /* the recursion: every variant at orders above the leaves, batch 7 */
        const kblasf_int *ks = test_quick ? rec_quick : rec;
        size_t nk = test_quick ? COUNT(rec_quick) : COUNT(rec);
        for (s = 0; s < nk; s++)
            for (op = 0; op < 2; op++)
                for (f = 0; f < 2; f++)
                    for (v = 0; v < NVAR; v++) {
                        static const kblasf_int others[] = {1, 3, 17, 33};
                        k = ks[s];
                        if (k > 128 && (v + op + (int)s) % 2 != f)
                            continue; /* above 128 each variant in one form, in turn */
                        o = others[(v + op + f + (int)s) % 4];
                        if (k <= 100 && (v * 5 + op * 3 + f + (int)s) % 12 == 5)
                            o = k + 5;
                        run_case(h, make_case(op, f, v, k, o, MIN(7, cap)));
                    }
        return;
    }
    /* orders 1..40 (quick: a third of them): every variant */
    for (k = 1; k <= 40; k++) {
        if (test_quick && !(k % 3 == 1 || k == 32 || k == 33))
            continue;
        for (op = 0; op < 2; op++)
            for (f = 0; f < 2; f++)
                for (v = 0; v < NVAR; v++) {
                    kblasf_int others[] = {1, 3, k, k + 5, 33, 130};
                    if (test_quick && (v + op + f + k) % 2)
                        continue; /* quick: each variant at every other order */
                    o = others[(v + op * 2 + f + k) % COUNT(others)];
                    run_case(h, make_case(op, f, v, k, o, MIN(mix(rot) % 4 == 0 ? 1 : 7, cap)));
                }
    }
    /* 1000 matrices at a few small orders */
    for (s = 0; s < COUNT(thousand); s++) {
        if (test_quick && thousand[s] != 8 && thousand[s] != 33)
            continue;
        for (op = 0; op < 2; op++)
            for (f = 0; f < 2; f++) {
                static const kblasf_int others[] = {1, 3, 8};
                k = thousand[s];
                o = others[mix(rot) % COUNT(others)];
                v = (int)((mix(rot) / 3) % NVAR);
                run_case(h, make_case(op, f, v, k, o, MIN(1000, cap)));
            }
    }
    /* the larger orders: each routine, form and side, uplo, transa and diag rotating */
    for (s = 0; s < (test_quick ? COUNT(big_quick) : COUNT(big)); s++)
        for (op = 0; op < 2; op++)
            for (f = 0; f < 2; f++)
                for (v = 0; v < 2; v++) {
                    static const kblasf_int others[] = {1, 3, 33, 70, -1};
                    int var = v | (int)(((rot / 2 + s + PREC_INDEX * 3) % 12) << 1);
                    kblasf_int batch = mix(rot) % 4 == 0 ? 1 : 7;
                    k = test_quick ? big_quick[s] : big[s];
                    o = others[(mix(rot) / 4) % COUNT(others)];
                    if (o < 0) {
                        o = k + 5; /* B as large as A: one matrix */
                        batch = 1;
                    }
                    run_case(h, make_case(op, f, var, k, o, MIN(batch, cap)));
                }
    arguments(h);
}
