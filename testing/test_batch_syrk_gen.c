/*
 * test_batch_syrk_gen.c — testers of the batched SYRK and HERK, precision-generic
 * (test_batch_syrk.c runs them): kblasf_?syrk_batch and ?syrk_batch_strided (all types),
 * kblasf_?herk_batch and ?herk_batch_strided (c, z), on the tester's handle (data moved
 * with the handle's copy functions, so the same tester runs on the host executor and on a
 * GPU).
 *
 * Default mode: both forms, every uplo and trans (SYRK: N, T, and C for real types; HERK:
 * N, C) at orders n = 1..40 with k rotating over 0, 1, n/2 + 1, n and 2n + 3, and alpha,
 * beta rotating over ordinary values, alpha = 0, beta = 0 (C's triangle full of NaN, which
 * must not show) and beta = 1; orders 64, 100, 128, 255, 256 and 300; batches of 1 and 7,
 * 1000 at orders 1, 8, 17, 32 and 33. KBLASF_OFFLOAD=always (the library's GPU recursion
 * onto batched GEMM on any executor): every variant in both forms at orders 33, 64, 100,
 * 129, 255, batch 7. Padding: lda and ldc above their minimum, strides (slots of the pointer
 * arrays) larger than a matrix, a stride of 0 with one matrix, pointer arrays in reverse
 * memory order, lower-case letters at times. Everything but C's triangles comes back bit
 * for bit (A untouched, NaN around it); HERK's diagonal has a random imaginary part on
 * input that must be ignored, and 0 on output, except where BLAS returns at once (k = 0 or
 * alpha = 0, with beta = 1: C must come back bit for bit).
 * Error of each element of the triangle, in WT by the tester's own loops, against
 * TEST_TOLERANCE (10):
 *   |X(i,j) - R(i,j)| / ((k + 2) eps (|alpha| sum_l |op(A)(i,l)| |op(A)(j,l)| + |beta| |C(i,j)|))
 * (an exact 0 wanted when that bound is 0); one wrong element must fail it (self-check once
 * per precision, operation and mode). Also every illegal argument of every form (xerbla
 * name and position, status, nothing touched), the order of the checks, quick returns and
 * a NULL handle. KBLASF_TEST_QUICK=1: fewer cases; KBLASF_TEST_BATCH_MAX caps the batches.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "test_lapack_gen.h"


typedef struct {
    int strided, herk;
    char uplo, trans;             /* as passed (lower case at times) */
    kblasf_int n, k, lda, ldc, batch;
    kblasf_int sA, sC;            /* strides (strided form) or slot sizes (arrays) */
    T alpha, beta;                /* HERK: real */
} case_t;

#include "test_batch_util.h"

static unsigned rot;

static int notrans(const case_t *c) { return up(c->trans) == 'N'; }
static kblasf_int acols(const case_t *c) { return notrans(c) ? c->k : c->n; }
static const char *opname(const case_t *c) { return c->herk ? "HERK" : "SYRK"; }

static const char *describe(const case_t *c)
{
    static char buf[320];

    snprintf(buf, sizeof buf, PREC_UPPER "%s_BATCH%s uplo=%c trans=%c n=%ld k=%ld lda=%ld "
             "ldc=%ld batch=%ld %s=%ld,%ld alpha=%g%+gi beta=%g%+gi [%s]", opname(c),
             c->strided ? "_STRIDED" : "", c->uplo, c->trans, (long)c->n, (long)c->k,
             (long)c->lda, (long)c->ldc, (long)c->batch, c->strided ? "strides" : "slots",
             (long)c->sA, (long)c->sC, (double)creal(c->alpha), (double)cimag(c->alpha),
             (double)creal(c->beta), (double)cimag(c->beta),
             *test_mode_env ? test_mode_env : "default");
    return buf;
}

/* ---- the buffers of a case --------------------------------------------------------- */

typedef struct {
    size_t asz, csz;
    T *A0, *A, *C0, *C;           /* before and after, host */
    T *dA, *dC;                   /* device */
    T **pA, **pC, **hpA, **hpC;   /* device pointer arrays (pointer-array form), their values */
    int ptrs_changed;
} bufs_t;

static void make_data(const case_t *c, bufs_t *u)
{
    kblasf_int b, i, j, ka = acols(c), ra = notrans(c) ? c->n : c->k;
    int beta0 = c->beta == 0;
    char U = up(c->uplo);

    u->asz = buffer_size(c, c->sA, c->lda * ka);
    u->csz = buffer_size(c, c->sC, c->ldc * c->n);
    u->A0 = nan_array(u->asz);
    u->C0 = nan_array(u->csz);
    for (b = 0; b < c->batch; b++) {
        T *A = MAT(c, u->A0, c->sA, b), *C = MAT(c, u->C0, c->sC, b);
        for (j = 0; j < ka; j++)
            for (i = 0; i < ra; i++)
                AT(A, c->lda, i, j) = rnd();
        if (!beta0) /* beta = 0: the triangle stays NaN, which must not show */
            for (j = 0; j < c->n; j++)
                for (i = 0; i < c->n; i++)
                    if (in_tri(U, i, j))
                        AT(C, c->ldc, i, j) = rnd();
    }
    u->A = test_alloc(u->asz * sizeof(T));
    u->C = test_alloc(u->csz * sizeof(T));
    memcpy(u->A, u->A0, u->asz * sizeof(T));
    memcpy(u->C, u->C0, u->csz * sizeof(T));
}

static T **pointers(kblasf_handle_t h, const case_t *c, T *d, kblasf_int s, T ***host)
{
    kblasf_int b;
    T **p;

    *host = NULL;
    if (c->strided || c->batch <= 0)
        return NULL;
    p = *host = test_alloc((size_t)c->batch * sizeof(T *));
    for (b = 0; b < c->batch; b++)
        p[b] = MAT(c, d, s, b);
    return test_to_device(h, p, c->batch, sizeof(T *));
}

static void upload(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    u->dA = test_to_device(h, u->A0, u->asz, sizeof(T));
    u->dC = test_to_device(h, u->C0, u->csz, sizeof(T));
    u->pA = pointers(h, c, u->dA, c->sA, &u->hpA);
    u->pC = pointers(h, c, u->dC, c->sC, &u->hpC);
    u->ptrs_changed = 0;
}

static int array_changed(kblasf_handle_t h, T **d, T **host, kblasf_int n)
{
    T **p;
    int changed;

    if (!host)
        return 0;
    p = test_alloc((size_t)n * sizeof(T *));
    test_from_device(h, p, d, n, sizeof(T *));
    kblasf_synchronize(h);
    changed = memcmp(p, host, (size_t)n * sizeof(T *)) != 0;
    free(p);
    return changed;
}

static void download(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_synchronize(h);
    test_from_device(h, u->A, u->dA, u->asz, sizeof(T));
    test_from_device(h, u->C, u->dC, u->csz, sizeof(T));
    u->ptrs_changed = array_changed(h, u->pA, u->hpA, c->batch) ||
                      array_changed(h, u->pC, u->hpC, c->batch);
    kblasf_synchronize(h);
    kblasf_free(h, u->dA);
    kblasf_free(h, u->dC);
    kblasf_free(h, u->pA);
    kblasf_free(h, u->pC);
}

static void bufs_free(bufs_t *u)
{
    free(u->A0); free(u->A); free(u->C0); free(u->C); free(u->hpA); free(u->hpC);
}

/* The routine of case c (NULL pointers as given); alpha and beta may be NULL (al, be). */
static kblasf_status_t call(kblasf_handle_t h, const case_t *c, T *dA, T **pA, T *dC, T **pC,
                            int al, int be)
{
#if IS_COMPLEX
    if (c->herk) {
        RT ra = creal(c->alpha), rb = creal(c->beta);
        const RT *a = al ? &ra : NULL, *b = be ? &rb : NULL;
        return c->strided ? FN(herk_batch_strided)(h, c->uplo, c->trans, c->n, c->k, a, dA,
                                                   c->lda, c->sA, b, dC, c->ldc, c->sC, c->batch)
                          : FN(herk_batch)(h, c->uplo, c->trans, c->n, c->k, a, pA, c->lda, b,
                                           pC, c->ldc, c->batch);
    }
#endif
    {
        const T *a = al ? &c->alpha : NULL, *b = be ? &c->beta : NULL;
        return c->strided ? FN(syrk_batch_strided)(h, c->uplo, c->trans, c->n, c->k, a, dA,
                                                   c->lda, c->sA, b, dC, c->ldc, c->sC, c->batch)
                          : FN(syrk_batch)(h, c->uplo, c->trans, c->n, c->k, a, pA, c->lda, b,
                                           pC, c->ldc, c->batch);
    }
}

/* ---- errors ------------------------------------------------------------------------ */

/* op(A)(i, l) of matrix A (conjugated for HERK's A^H) */
static WT opa(const case_t *c, const T *A, kblasf_int i, kblasf_int l)
{
    if (notrans(c))
        return (WT)AT(A, c->lda, i, l);
    return c->herk ? wconj((WT)AT(A, c->lda, l, i)) : (WT)AT(A, c->lda, l, i);
}

/* The largest scaled error over matrix b's triangle; *where: its (i, j); *bound0 the bound
 * of element (n-1, 0) or (0, n-1), for the self-check. */
static double err_matrix(const case_t *c, const bufs_t *u, kblasf_int b, double *bound0)
{
    const T *A = MAT(c, u->A0, c->sA, b), *C0 = MAT(c, u->C0, c->sC, b);
    const T *X = MAT(c, u->C, c->sC, b);
    kblasf_int i, j, l, n = c->n;
    char U = up(c->uplo);
    double worst = 0;

    /* as BLAS: nothing to do, C unchanged (HERK's diagonal too) */
    if ((c->k == 0 || c->alpha == 0) && c->beta == 1) {
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                if (in_tri(U, i, j) &&
                    memcmp(&AT(X, c->ldc, i, j), &AT(C0, c->ldc, i, j), sizeof(T)))
                    return INFINITY;
        return 0;
    }
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            WT r = 0, x = (WT)AT(X, c->ldc, i, j), c0;
            double mag = 0, bound, e;
            if (!in_tri(U, i, j))
                continue;
            for (l = 0; l < c->k; l++) {
                WT a = opa(c, A, i, l), bb = opa(c, A, j, l);
                r += a * (c->herk ? wconj(bb) : bb);
                mag += wabs(a) * wabs(bb);
            }
            r *= (WT)c->alpha;
            mag *= wabs((WT)c->alpha);
            if (c->beta != 0) {
                c0 = (WT)AT(C0, c->ldc, i, j);
                if (c->herk && i == j)
                    c0 = creal(c0);
                r += (WT)c->beta * c0;
                mag += wabs((WT)c->beta) * wabs(c0);
            }
            bound = (double)(c->k + 2) * EPS * mag;
#if IS_COMPLEX
            if (c->herk && i == j && cimag(x) != 0)
                x = INFINITY; /* HERK's diagonal must be real */
#endif
            e = bound > 0 ? wabs(x - r) / bound : (x == 0 ? 0 : INFINITY);
            e = fixnan(e);
            if (i == (U == 'L' ? n - 1 : 0) && j == (U == 'L' ? 0 : n - 1) && bound0)
                *bound0 = bound;
            if (!(e <= worst))
                worst = e;
        }
    return worst;
}

/* elements of the C buffer outside the triangles of c (matrices where lay puts them) that
 * changed bit for bit */
static long outside_changed(const case_t *c, const case_t *lay, const bufs_t *u)
{
    char *mask = test_alloc(u->csz);
    kblasf_int b, i, j;
    long bad = 0;
    size_t p;

    if (c->n > 0)
        for (b = 0; b < c->batch; b++)
            for (j = 0; j < c->n; j++)
                for (i = 0; i < c->n; i++)
                    if (in_tri(up(c->uplo), i, j))
                        mask[off(lay, lay->sC, b) + i + (size_t)j * c->ldc] = 1;
    for (p = 0; p < u->csz; p++)
        if (!mask[p] && memcmp(&u->C[p], &u->C0[p], sizeof(T)))
            bad++;
    free(mask);
    return bad;
}

#define WHY(...) snprintf(why + strlen(why), sizeof why - strlen(why), __VA_ARGS__)

static int selfchecked[2];

static void run_case(kblasf_handle_t h, case_t c)
{
    bufs_t u;
    kblasf_status_t st;
    char why[400] = "";
    double worst = 0;
    kblasf_int b, nfail = 0, first = -1;
    long bad;
    int ok = 1;

    make_data(&c, &u);
    upload(h, &c, &u);
    test_xerbla_reset();
    st = call(h, &c, u.dA, u.pA, u.dC, u.pC, 1, 1);
    download(h, &c, &u);
    if (st != KBLASF_STATUS_SUCCESS) { ok = 0; WHY(" status %d;", (int)st); }
    if (test_xerbla_info) { ok = 0; WHY(" xerbla %s %ld;", test_xerbla_name, test_xerbla_info); }
    if (u.ptrs_changed) { ok = 0; WHY(" pointer array written;"); }
    if (memcmp(u.A, u.A0, u.asz * sizeof(T))) { ok = 0; WHY(" A changed;"); }
    if ((bad = outside_changed(&c, &c, &u))) { ok = 0; WHY(" %ld elements of C outside the triangles changed;", bad); }
    for (b = 0; b < c.batch; b++) {
        double e = err_matrix(&c, &u, b, NULL);
        if (!(e < TEST_TOLERANCE) && !nfail++)
            first = b;
        if (!(e <= worst))
            worst = e;
    }
    if (nfail) { ok = 0; WHY(" %ld matrices wrong, first %ld;", (long)nfail, (long)first); }
    test_check(ok, "%s: worst error %.3g;%s", describe(&c), worst, why);

    if (!selfchecked[c.herk] && ok && c.n >= 8 && c.k > 0 && c.alpha != 0) {
        /* one element of the first matrix, three times the tolerance off, must fail */
        double bound0 = 0;
        T *X = MAT(&c, u.C, c.sC, 0);
        int lower = up(c.uplo) == 'L';

        selfchecked[c.herk] = 1;
        err_matrix(&c, &u, 0, &bound0);
        AT(X, c.ldc, lower ? c.n - 1 : 0, lower ? 0 : c.n - 1) += (T)(3 * TEST_TOLERANCE * bound0);
        test_check(!(err_matrix(&c, &u, 0, NULL) < TEST_TOLERANCE),
                   "%s: the error check missed a wrong element", describe(&c));
    }
    bufs_free(&u);
}

/* ---- the cases ---------------------------------------------------------------------- */

/* the trans letters of an operation: SYRK N, T (and C for real types), HERK N, C */
static int ntrans(int herk) { return herk || IS_COMPLEX ? 2 : 3; }
static char trans_of(int herk, int t) { return t == 0 ? 'N' : herk || t == 2 ? 'C' : 'T'; }

/* A case of variant v (uplo: bit 0; trans: v / 2) at order n; k, scalars, padding, strides
 * and letter case from rot. */
static case_t make_case(int herk, int strided, int v, kblasf_int n, kblasf_int batch)
{
    static const kblasf_int pads[] = {0, 1, 5};
    unsigned r = mix(rot);
    kblasf_int ks[] = {0, 1, n / 2 + 1, n, 2 * n + 3};
    case_t c;

    c.herk = herk;
    c.strided = strided;
    c.uplo = v & 1 ? 'U' : 'L';
    c.trans = trans_of(herk, v / 2);
    if (r % 5 == 2) c.uplo = low(c.uplo);
    if (r % 7 == 3) c.trans = low(c.trans);
    r /= 35;
    c.n = n;
    c.k = ks[1 + r % 4];
    if (r % 13 == 5) c.k = 0;
    r /= 4;
    c.batch = batch;
    c.lda = (notrans(&c) ? n : c.k) + pads[r % 3];
    if (c.lda < 1) c.lda = 1;
    c.ldc = n + pads[(r / 3) % 3];
    r /= 9;
    c.sA = c.lda * acols(&c) + pads[r % 3];
    c.sC = c.ldc * n + pads[(r / 3) % 3];
    if (strided && batch == 1 && (r / 9) % 2)
        c.sA = c.sC = 0; /* legal with one matrix */
    r /= 18;
    c.alpha = (T)(0.75 + 0.5 * test_rand());
    c.beta = (T)(-0.5 + 0.25 * test_rand());
#if IS_COMPLEX
    if (!herk) {
        c.alpha += (T)(I * 0.3);
        c.beta += (T)(I * 0.6);
    }
#endif
    switch (r % 6) {
    case 1: c.alpha = 0; break;
    case 2: c.beta = 0; break;
    case 3: c.beta = 1; break;
    default: break;
    }
    rot++;
    return c;
}

/* ---- illegal arguments and quick returns ------------------------------------------- */

static kblasf_int argpos(int strided, const char *arg)
{
    static const char *const lists[2] = {"uplo trans n k alpha A lda beta C ldc batch",
                                         "uplo trans n k alpha A lda sA beta C ldc sC batch"};

    return test_arg_position(lists[strided], arg);
}

static void apply(case_t *c, const char *f, kblasf_int v, int *nulls)
{
    if (!f) return;
    if (!strcmp(f, "uplo")) c->uplo = (char)v;
    else if (!strcmp(f, "trans")) /* 1: the operation's transposing letter */
        c->trans = v == 1 ? (c->herk ? 'C' : 'T') : (char)v;
    else if (!strcmp(f, "n")) c->n = v;
    else if (!strcmp(f, "k")) c->k = v;
    else if (!strcmp(f, "lda")) c->lda = v;
    else if (!strcmp(f, "ldc")) c->ldc = v;
    else if (!strcmp(f, "sA")) c->sA = v;
    else if (!strcmp(f, "sC")) c->sC = v;
    else if (!strcmp(f, "batch")) c->batch = v;
    else if (!strcmp(f, "A")) *nulls |= 1;
    else if (!strcmp(f, "C")) *nulls |= 2;
    else if (!strcmp(f, "alpha")) *nulls |= 4;
    else if (!strcmp(f, "beta")) *nulls |= 8;
}

static void arguments(kblasf_handle_t h, int herk)
{
    /* the base call: uplo L, trans N, n 4, k 3, lda 4, ldc 4, batch 2, slots 40 */
    static const change_t ch[] = {
        C1("uplo", 'X', "uplo"),    C1("uplo", 0, "uplo"),      C1("trans", 'X', "trans"),
        C1("trans", 0, "trans"),    C1("n", -1, "n"),           C1("k", -1, "k"),
        C1("alpha", 0, "alpha"),    C1("A", 0, "A"),            C1("lda", 3, "lda"),
        C1("lda", 0, "lda"),        C1("sA", 11, "sA"),         C1("sA", -1, "sA"),
        C1("beta", 0, "beta"),      C1("C", 0, "C"),            C1("ldc", 3, "ldc"),
        C1("ldc", 0, "ldc"),        C1("sC", 15, "sC"),         C1("batch", -1, "batch"),
        /* order */
        C2("uplo", 'X', "trans", 'X', "uplo"), C2("trans", 'X', "n", -1, "trans"),
        C2("n", -1, "k", -1, "n"),            C2("k", -1, "alpha", 0, "k"),
        C2("alpha", 0, "A", 0, "alpha"),      C2("A", 0, "lda", 0, "A"),
        C2("lda", 0, "sA", 1, "lda"),         C2("sA", 1, "beta", 0, "sA"),
        C2("beta", 0, "C", 0, "beta"),        C2("C", 0, "ldc", 0, "C"),
        C2("ldc", 0, "sC", 1, "ldc"),         C2("sC", 1, "batch", -1, "sC"),
        /* transposed (1: 'T', HERK 'C'): lda against k */
        C2("trans", 1, "lda", 2, "lda"),      C3("trans", 1, "lda", 3, "sA", 11, "sA"),
        C3("trans", 1, "lda", 3, "sA", 12, NULL),
        /* where sizes make NULL legal, the next check counts */
        C2("k", 0, "A", 0, NULL),             C3("k", 0, "A", 0, "lda", 0, "lda"),
        C2("n", 0, "C", 0, NULL),             C3("n", 0, "A", 0, "C", 0, NULL),
        C2("batch", 0, "A", 0, NULL),         C3("batch", 0, "C", 0, "ldc", 0, "ldc"),
        C2("batch", 0, "alpha", 0, "alpha"),  C2("n", 0, "beta", 0, "beta"),
        /* legal */
        C1("batch", 0, NULL),                 C1("n", 0, NULL),            C1("k", 0, NULL),
        C2("sA", 0, "batch", 1, NULL),        C3("sA", 0, "sC", 0, "batch", 1, NULL),
        C1("uplo", 'u', NULL),                C1("trans", 'n', NULL),      C1("lda", 9, NULL),
        C1("ldc", 9, NULL),                   C2("ldc", 9, "sC", 36, NULL),
    };
    size_t t;
    int s, q;

    for (s = 0; s < 2; s++)
        for (t = 0; t < COUNT(ch) + 2; t++) {
            case_t c = {s, herk, 'L', 'N', 4, 3, 4, 4, 2, 40, 40, (T)0.5, (T)0.25}, c0 = c;
            /* two more: the trans letter this operation does not take, and one it does */
            char badt = herk ? 'T' : IS_COMPLEX ? 'C' : 'X', goodt = herk ? 'C' : 'T';
            change_t x = t == COUNT(ch) ? (change_t)C1("trans", badt, "trans")
                         : t == COUNT(ch) + 1 ? (change_t)C1("trans", goodt, NULL) : ch[t];
            bufs_t u;
            int nulls = 0, ok;
            kblasf_int want_pos = 0;
            long bad;
            kblasf_status_t st;
            char name[48], what[160] = "";

            if (!change_applies(argpos, s, &x, &want_pos))
                continue; /* an argument the form does not have */
            extra_pad = 64;
            make_data(&c, &u);
            extra_pad = 0;
            upload(h, &c, &u);
            for (q = 0; q < 3 && x.f[q]; q++)
                apply(&c, x.f[q], x.v[q], &nulls);
            change_describe(&x, what, sizeof what);
            test_xerbla_reset();
            st = call(h, &c, nulls & 1 ? NULL : u.dA, nulls & 1 ? NULL : u.pA,
                      nulls & 2 ? NULL : u.dC, nulls & 2 ? NULL : u.pC, !(nulls & 4),
                      !(nulls & 8));
            download(h, &c0, &u);
            ok = arg_report_ok(name, sizeof name, herk ? "HERK" : "SYRK", s, st, want_pos);
            ok = ok && !u.ptrs_changed && !memcmp(u.A, u.A0, u.asz * sizeof(T));
            bad = want_pos || c.batch <= 0 || c.n <= 0
                      ? memcmp(u.C, u.C0, u.csz * sizeof(T)) != 0
                      : outside_changed(&c, s ? &c : &c0, &u);
            ok = ok && !bad;
            test_check(ok, "%s: %s: status %d, xerbla '%s' %ld (want %s %ld)%s", name, what,
                       (int)st, test_xerbla_name, test_xerbla_info, want_pos ? name : "nothing",
                       (long)want_pos, bad ? ", C changed where it must not" : "");
            bufs_free(&u);
        }
    test_xerbla_reset();
    {
        case_t c = {1, herk, 'L', 'N', 1, 1, 1, 1, 0, 0, 0, (T)1, (T)1}, c2 = c;
        c2.strided = 0;
        c2.uplo = 'X';
        test_check(call(NULL, &c, NULL, NULL, NULL, NULL, 1, 1) == KBLASF_STATUS_INVALID_VALUE &&
                       call(NULL, &c2, NULL, NULL, NULL, NULL, 1, 1) == KBLASF_STATUS_INVALID_VALUE &&
                       test_xerbla_info == 0,
                   PREC_UPPER "%s_BATCH(_STRIDED): a NULL handle must be refused",
                   herk ? "HERK" : "SYRK");
    }
}

/* ---- the driver -------------------------------------------------------------------- */

static void run_op(kblasf_handle_t h, int herk)
{
    static const kblasf_int big[] = {64, 100, 128, 255, 256, 300};
    static const kblasf_int big_quick[] = {64, 256, 300};
    static const kblasf_int rec[] = {33, 64, 100, 129, 255};
    static const kblasf_int rec_quick[] = {33, 100};
    static const kblasf_int thousand[] = {1, 8, 17, 32, 33};
    int always = strstr(test_mode_env, "always") != NULL, nv = 2 * ntrans(herk), f, v;
    const char *cap_env = getenv("KBLASF_TEST_BATCH_MAX");
    kblasf_int cap = cap_env && atoi(cap_env) > 0 ? atoi(cap_env) : 1000, n;
    size_t s;

    if (always) {
        const kblasf_int *ks = test_quick ? rec_quick : rec;
        size_t nk = test_quick ? COUNT(rec_quick) : COUNT(rec);
        for (s = 0; s < nk; s++)
            for (f = 0; f < 2; f++)
                for (v = 0; v < nv; v++)
                    run_case(h, make_case(herk, f, v, ks[s], MIN(7, cap)));
        return;
    }
    for (n = 1; n <= 40; n++) {
        if (test_quick && !(n % 3 == 1 || n == 32 || n == 33))
            continue;
        for (f = 0; f < 2; f++)
            for (v = 0; v < nv; v++) {
                if (test_quick && (v + f + n) % 2)
                    continue;
                run_case(h, make_case(herk, f, v, n, MIN(mix(rot) % 4 == 0 ? 1 : 7, cap)));
            }
    }
    for (s = 0; s < COUNT(thousand); s++) {
        if (test_quick && thousand[s] != 8 && thousand[s] != 33)
            continue;
        for (f = 0; f < 2; f++)
            run_case(h, make_case(herk, f, (int)(mix(rot) % (unsigned)nv), thousand[s],
                                  MIN(1000, cap)));
    }
    for (s = 0; s < (test_quick ? COUNT(big_quick) : COUNT(big)); s++)
        for (f = 0; f < 2; f++)
            for (v = 0; v < nv; v++) {
                if ((v + f + (int)s) % 2)
                    continue; /* each variant in one form at each order, in turn */
                n = test_quick ? big_quick[s] : big[s];
                run_case(h, make_case(herk, f, v, n, MIN(mix(rot) % 3 == 0 ? 7 : 1, cap)));
            }
    arguments(h, herk);
}

void TFN(batch_syrk)(kblasf_handle_t h)
{
    selfchecked[0] = selfchecked[1] = 0;
    run_op(h, 0);
#if IS_COMPLEX
    run_op(h, 1);
#endif
}
