/*
 * test_batch_gen.c — testers of the batched Cholesky routines, precision-generic
 * (test_batch.c runs them): kblasf_?potrf_batch, ?potrs_batch, ?posv_batch and their
 * _strided forms, on the tester's handle (data moved with the handle's copy functions, so
 * the same tester runs on the host executor and on a GPU).
 *
 * Every routine, form and triangle at orders 1..40, 64, 100, 128, 255, 256 and 300 (above
 * the kernels' 256), batches of 1, 7 and 1000 (1000 at a few small orders), lda > n in two
 * cases of three, strides and gaps larger than a matrix, the pointer arrays in reverse
 * order. The buffers hold NaN everywhere outside the stored triangles (and B's blocks):
 * all of it must come back bit for bit. Complex diagonals come with a nonzero imaginary
 * part, which must be ignored and written as 0. About one POTRF/POSV case in two has
 * members that are not positive definite (a negative pivot, a NaN on the diagonal): each
 * must report its own info (exact), its leading factor must hold, POSV must leave its B
 * alone, and the other members must be solved all the same. Each info entry starts as
 * garbage between two guard entries.
 * Scaled residuals, in double (s, c) or the working precision (d, z), by the tester's own
 * O(n^2) loops, against TEST_TOLERANCE (10), with NPROBE random probe vectors x:
 *   POTRF (and POSV's factor)  ||(F F^H - A) x||_1 / (n ||A||_1 ||x||_1 eps)
 *   POSV   max_j ||b_j - A x_j||_1 / (n ||A||_1 ||x_j||_1 eps)
 *   POTRS  the same with A = F F^H and ||A||_1 taken as its bound ||F||_1 ||F||_inf
 * (F F^H meaning U^H U for 'U'); a residual that misses a planted wrong element fails.
 * Also: every illegal argument of every form (xerbla name and position, status, nothing
 * touched), quick returns (batch 0, n 0, nrhs 0, NULL pointers where they are legal), a
 * stride of 0 with one matrix, and a NULL handle.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "test_lapack_gen.h"

#define NPROBE 2

enum { R_POTRF, R_POTRS, R_POSV };
static const char *const rname[] = {"POTRF", "POTRS", "POSV"};

typedef struct {
    int r, strided;
    char uplo;                  /* as passed (lower case at times) */
    kblasf_int n, nrhs, lda, ldb, batch;
    kblasf_int sA, sB;          /* strides (strided form) or slot sizes (arrays) */
    int weak, bad;              /* weakly dominant; members that are not positive definite */
    int e2;                     /* matrices scaled by 2^e2 (a POTRS factor by 2^(e2/2)) */
} case_t;

#include "test_batch_util.h"

static unsigned rot; /* varies padding, nrhs, letter case, ... across cases */

static double absv_(T x) { return wabs((WT)x); }
static int has_b(int r) { return r != R_POTRF; }
static int has_info(int r) { return r != R_POTRS; }

static const char *describe(const case_t *c)
{
    static char buf[256];

    snprintf(buf, sizeof buf, PREC_UPPER "%s_BATCH%s uplo=%c n=%ld nrhs=%ld lda=%ld ldb=%ld "
             "batch=%ld %s=%ld%s%s [%s]", rname[c->r], c->strided ? "_STRIDED" : "", c->uplo,
             (long)c->n, (long)c->nrhs, (long)c->lda, (long)c->ldb, (long)c->batch,
             c->strided ? "strideA" : "slot", (long)c->sA, c->weak ? " weak" : "",
             c->e2 ? (c->e2 < 0 ? " scaled near underflow" : " scaled near overflow") : "",
             *test_mode_env ? test_mode_env : "default");
    return buf;
}

/* ---- the buffers of a case --------------------------------------------------------- */

typedef struct {
    size_t asz, bsz;            /* elements of the A and B buffers */
    T *A0, *A, *B0, *B;         /* before and after, host */
    T *dA, *dB;                 /* device */
    T **pA, **pB;               /* device pointer arrays (pointer-array form) */
    kblasf_int *info;           /* host copy of the batch + 2 entries (guards around) */
    kblasf_int *dinfo;
    kblasf_int *want;           /* expected info per matrix */
} bufs_t;

enum { GUARD = -7777, GARBAGE = -99 };

/* ---- test matrices ---------------------------------------------------------------- */

/* The triangle of a Hermitian, diagonally dominant (so positive definite) matrix into M:
 * strong: diagonal about 1.5 n; weak: each diagonal element 0.1 above its row's
 * off-diagonal sum (eigenvalues from 0.1 up, condition up to about 10 n). The imaginary
 * part of a complex diagonal is garbage the routine must ignore. */
static void gen_hpd(T *M, kblasf_int ld, char U, kblasf_int n, int weak)
{
    double *rows = test_alloc((size_t)n * sizeof(double)), scale = weak ? 1.0 / sqrt((double)n) : 1.0;
    kblasf_int i, j;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            if (i != j && in_tri(U, i, j)) {
                T v = rnd() * (T)scale;
                AT(M, ld, i, j) = v;
                rows[i] += absv_(v);
                rows[j] += absv_(v);
            }
    for (i = 0; i < n; i++) {
        double d = weak ? rows[i] + 0.1 : (IS_COMPLEX ? 1.5 : 1.0) * n + 1.0 + test_rand();
        AT(M, ld, i, i) = (T)d;
#if IS_COMPLEX
        AT(M, ld, i, i) += (T)(0.25 + 0.5 * test_rand()) * I;
#endif
    }
    free(rows);
}

/* A Cholesky factor (real diagonal in [1.5, 2.5], the rest random / n or / sqrt(n)) into
 * the triangle of M: POTRS's input. */
static void gen_factor(T *M, kblasf_int ld, char U, kblasf_int n, int weak)
{
    double scale = weak ? 1.0 / sqrt((double)n) : 1.0 / n;
    kblasf_int i, j;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            if (i == j)
                AT(M, ld, i, i) = (T)(2.0 + 0.5 * test_rand());
            else if (in_tri(U, i, j))
                AT(M, ld, i, j) = rnd() * (T)scale;
}

/* Makes the matrix fail at pivot i: kind 0 zeros row and column i with a negative
 * diagonal (the pivot is exactly that), kind 1 a NaN on the diagonal. */
static void plant_failure(T *M, kblasf_int ld, char U, kblasf_int n, kblasf_int i, int kind)
{
    kblasf_int q;

    if (kind == 1) {
        AT(M, ld, i, i) = (T)NAN;
        return;
    }
    for (q = 0; q < n; q++)
        if (q != i)
            AT(M, ld, in_tri(U, i, q) ? i : q, in_tri(U, i, q) ? q : i) = 0;
    AT(M, ld, i, i) = (T)(-1.0 - fabs(test_rand()));
}

/* ---- residuals (WT, O(k^2) each) ---------------------------------------------------- */

/* y := op(F) x, F the order-k triangle U of M; ct: F^H. */
static void tri_mv(const T *M, kblasf_int ld, char U, kblasf_int k, int ct, const WT *x, WT *y)
{
    kblasf_int i, j;

    for (i = 0; i < k; i++)
        y[i] = 0;
    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++)
            if (in_tri(U, i, j)) {
                WT m = (WT)AT(M, ld, i, j);
                if (ct)
                    y[j] += wconj(m) * x[i];
                else
                    y[i] += m * x[j];
            }
}

/* y := F F^H x ('L') or F^H F x ('U') */
static void chol_mv(const T *M, kblasf_int ld, char U, kblasf_int k, const WT *x, WT *y, WT *t)
{
    tri_mv(M, ld, U, k, U == 'L', x, t);
    tri_mv(M, ld, U, k, U != 'L', t, y);
}

/* y := A x, A Hermitian from the order-k triangle U of M (real part of the diagonal) */
static void herm_mv(const T *M, kblasf_int ld, char U, kblasf_int k, const WT *x, WT *y)
{
    kblasf_int i, j;

    for (i = 0; i < k; i++)
        y[i] = (WT)REAL(AT(M, ld, i, i)) * x[i];
    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++)
            if (i != j && in_tri(U, i, j)) {
                WT m = (WT)AT(M, ld, i, j);
                y[i] += m * x[j];
                y[j] += wconj(m) * x[i];
            }
}

static double vnorm1(const WT *x, kblasf_int k)
{
    double s = 0;
    kblasf_int i;

    for (i = 0; i < k; i++)
        s += wabs(x[i]);
    return s;
}

/* ||r||_1 / (k an ||x||_1 eps), NaN as Inf */
static double ratio(const WT *r, const WT *x, kblasf_int k, double an)
{
    return fixnan(vnorm1(r, k) / (k * an * vnorm1(x, k) * EPS));
}

/* ||A||_1 of the Hermitian matrix of herm_mv; with tri: of the triangle alone (and with
 * inf: its infinity norm) */
static double mnorm(const T *M, kblasf_int ld, char U, kblasf_int k, int tri, int inf)
{
    double *s = test_alloc((size_t)MAX(1, k) * sizeof(double)), worst = 0;
    kblasf_int i, j;

    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++)
            if (in_tri(U, i, j)) {
                double a = i == j && !tri ? fabs((double)REAL(AT(M, ld, i, j)))
                                          : wabs((WT)AT(M, ld, i, j));
                s[inf ? i : j] += a;
                if (!tri && i != j)
                    s[i] += a;
            }
    for (j = 0; j < k; j++)
        if (!(s[j] <= worst))
            worst = s[j];
    free(s);
    return worst;
}

/* POTRF: the factor in the order-k triangle of F against the matrix in that of A */
static double res_factor(const T *F, const T *A, kblasf_int ld, char U, kblasf_int k)
{
    WT *w = test_alloc(4 * (size_t)MAX(1, k) * sizeof(WT)); /* x, F F^H x, A x, scratch */
    WT *x = w, *y = w + k, *ax = w + 2 * k, *t = w + 3 * k;
    double an = mnorm(A, ld, U, k, 0, 0), worst = 0, r;
    kblasf_int i, p;

    for (p = 0; p < NPROBE && k > 0; p++) {
        for (i = 0; i < k; i++)
            x[i] = (WT)rnd();
        chol_mv(F, ld, U, k, x, y, t);
        herm_mv(A, ld, U, k, x, ax);
        for (i = 0; i < k; i++)
            y[i] -= ax[i];
        if ((r = ratio(y, x, k, an)) > worst) /* ratio made NaN Inf */
            worst = r;
    }
    free(w);
    return worst;
}

/* POTRS (factored: A = F F^H from the triangle of M) or POSV (A Hermitian from M): the
 * solution X against the right-hand sides B0 */
static double res_solve(const T *M, kblasf_int lda, char U, kblasf_int n, int factored,
                        const T *X, const T *B0, kblasf_int ldb, kblasf_int nrhs)
{
    WT *w = test_alloc(3 * (size_t)n * sizeof(WT)), *x = w, *y = w + n, *t = w + 2 * n;
    double an = factored ? mnorm(M, lda, U, n, 1, 0) * mnorm(M, lda, U, n, 1, 1)
                         : mnorm(M, lda, U, n, 0, 0), worst = 0, r;
    kblasf_int i, j;

    for (j = 0; j < nrhs; j++) {
        for (i = 0; i < n; i++)
            x[i] = (WT)AT(X, ldb, i, j);
        if (factored)
            chol_mv(M, lda, U, n, x, y, t);
        else
            herm_mv(M, lda, U, n, x, y);
        for (i = 0; i < n; i++)
            y[i] = (WT)AT(B0, ldb, i, j) - y[i];
        if ((r = ratio(y, x, n, an)) > worst)
            worst = r;
    }
    free(w);
    return worst;
}

/* ---- one call ---------------------------------------------------------------------- */

/* The routine of case c on the device buffers (NULL pointers as given). */
static kblasf_status_t call(kblasf_handle_t h, const case_t *c, T *dA, T **pA, T *dB, T **pB,
                            kblasf_int *dinfo)
{
    kblasf_int n = c->n, nrhs = c->nrhs, lda = c->lda, ldb = c->ldb, batch = c->batch;
    char u = c->uplo;

    switch (c->r * 2 + c->strided) {
    case 0: return FN(potrf_batch)(h, u, n, pA, lda, dinfo, batch);
    case 1: return FN(potrf_batch_strided)(h, u, n, dA, lda, c->sA, dinfo, batch);
    case 2: return FN(potrs_batch)(h, u, n, nrhs, pA, lda, pB, ldb, batch);
    case 3: return FN(potrs_batch_strided)(h, u, n, nrhs, dA, lda, c->sA, dB, ldb, c->sB, batch);
    case 4: return FN(posv_batch)(h, u, n, nrhs, pA, lda, pB, ldb, dinfo, batch);
    default: return FN(posv_batch_strided)(h, u, n, nrhs, dA, lda, c->sA, dB, ldb, c->sB, dinfo, batch);
    }
}

/* Uploads the buffers, builds the pointer arrays (device addresses of the matrices), and
 * sets every info entry to garbage between two guards. */
static void upload(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_int b, k;

    u->dA = test_to_device(h, u->A0, u->asz, sizeof(T));
    u->dB = u->B0 ? test_to_device(h, u->B0, u->bsz, sizeof(T)) : NULL;
    u->pA = u->pB = NULL;
    if (!c->strided && c->batch > 0) {
        T **p = test_alloc((size_t)c->batch * sizeof(T *));
        for (b = 0; b < c->batch; b++)
            p[b] = MAT(c, u->dA, c->sA, b);
        u->pA = test_to_device(h, p, c->batch, sizeof(T *));
        if (u->dB) {
            for (b = 0; b < c->batch; b++)
                p[b] = MAT(c, u->dB, c->sB, b);
            u->pB = test_to_device(h, p, c->batch, sizeof(T *));
        }
        free(p);
    }
    u->info = test_alloc((size_t)(c->batch + 2) * sizeof(kblasf_int));
    for (k = 0; k < c->batch + 2; k++)
        u->info[k] = k == 0 || k == c->batch + 1 ? GUARD : GARBAGE;
    u->dinfo = test_to_device(h, u->info, c->batch + 2, sizeof(kblasf_int));
}

/* Fetches the results into A, B and info, frees the device buffers. */
static void download(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_synchronize(h);
    test_from_device(h, u->A, u->dA, u->asz, sizeof(T));
    if (u->dB)
        test_from_device(h, u->B, u->dB, u->bsz, sizeof(T));
    test_from_device(h, u->info, u->dinfo, c->batch + 2, sizeof(kblasf_int));
    kblasf_synchronize(h);
    kblasf_free(h, u->dA);
    kblasf_free(h, u->dB);
    kblasf_free(h, u->pA);
    kblasf_free(h, u->pB);
    kblasf_free(h, u->dinfo);
}

static void bufs_free(bufs_t *u)
{
    free(u->A0); free(u->A); free(u->B0); free(u->B); free(u->info); free(u->want);
}

/* ---- a case ------------------------------------------------------------------------- */

#define WHY(...) snprintf(why + strlen(why), sizeof why - strlen(why), __VA_ARGS__)

/* Positions inside the stored triangles (A) or the blocks of the matrices that may change
 * (B): 1 in the mask. */
static char *mask_of(const case_t *c, const bufs_t *u, int forB)
{
    size_t sz = forB ? u->bsz : u->asz;
    char *m = test_alloc(sz), U = up(c->uplo);
    kblasf_int b, i, j;

    for (b = 0; b < c->batch; b++) {
        if (forB) {
            if (u->want[b] != 0) /* POSV leaves a failed matrix's B alone */
                continue;
            for (j = 0; j < c->nrhs; j++)
                for (i = 0; i < c->n; i++)
                    m[off(c, c->sB, b) + i + (size_t)j * c->ldb] = 1;
        } else {
            for (j = 0; j < c->n; j++)
                for (i = 0; i < c->n; i++)
                    if (in_tri(U, i, j))
                        m[off(c, c->sA, b) + i + (size_t)j * c->lda] = 1;
        }
    }
    return m;
}

/* Elements outside the mask that differ bit for bit. */
static long changed(const T *X, const T *X0, const char *mask, size_t sz)
{
    long bad = 0;
    size_t p;

    for (p = 0; p < sz; p++)
        if (!(mask && mask[p]) && memcmp(&X[p], &X0[p], sizeof(T)))
            bad++;
    return bad;
}

/* A case's data: the matrices (some failing when c->bad), B, what info must say. */
static void make_data(const case_t *c, bufs_t *u)
{
    char U = up(c->uplo);
    kblasf_int b, i, j, n = c->n;

    u->asz = buffer_size(c, c->sA, c->lda * n);
    u->A0 = nan_array(u->asz);
    u->want = test_alloc((size_t)MAX(1, c->batch) * sizeof(kblasf_int));
    u->B0 = u->B = NULL;
    for (b = 0; b < c->batch; b++) {
        T *M = MAT(c, u->A0, c->sA, b);
        if (c->r == R_POTRS) {
            gen_factor(M, c->lda, U, n, c->weak);
            scale_tri(M, c->lda, U, n, c->e2 / 2);
            continue;
        }
        gen_hpd(M, c->lda, U, n, c->weak);
        scale_tri(M, c->lda, U, n, c->e2);
        /* about one member in three (one in fifty of 1000) fails */
        if (c->bad && n > 0 && b % (c->batch >= 100 ? 50 : 3) == 1) {
            kblasf_int at = (kblasf_int)((b * 7u + rot) % (unsigned)n);
            plant_failure(M, c->lda, U, n, at, (int)((b / 3 + rot) % 2));
            u->want[b] = at + 1;
        }
    }
    u->A = nan_array(u->asz);
    memcpy(u->A, u->A0, u->asz * sizeof(T));
    if (has_b(c->r)) {
        u->bsz = buffer_size(c, c->sB, c->ldb * c->nrhs);
        u->B0 = nan_array(u->bsz);
        for (b = 0; b < c->batch; b++)
            for (j = 0; j < c->nrhs; j++)
                for (i = 0; i < n; i++)
                    AT(MAT(c, u->B0, c->sB, b), c->ldb, i, j) = rnd();
        u->B = nan_array(u->bsz);
        memcpy(u->B, u->B0, u->bsz * sizeof(T));
    }
}

/* Checks matrix b of a finished case; returns its worst residual (0 when it failed as
 * planted), or INFINITY with the reason in why. */
static double check_matrix(const case_t *c, const bufs_t *u, kblasf_int b, char *why, size_t wsz)
{
    char U = up(c->uplo);
    kblasf_int n = c->n, got = has_info(c->r) ? u->info[b + 1] : 0, want = u->want[b], i;
    const T *F = MAT(c, u->A, c->sA, b), *A0 = MAT(c, u->A0, c->sA, b);
    double r = 0, r2 = 0;

    if (got != want) {
        snprintf(why, wsz, " matrix %ld: info %ld, want %ld;", (long)b, (long)got, (long)want);
        return INFINITY;
    }
    if (c->r != R_POTRS) {
        kblasf_int k = want ? want - 1 : n; /* the factored leading part */
#if IS_COMPLEX
        for (i = 0; i < k; i++)
            if (cimag(AT(F, c->lda, i, i)) != 0) {
                snprintf(why, wsz, " matrix %ld: imaginary part on the diagonal of the factor;",
                         (long)b);
                return INFINITY;
            }
#else
        (void)i;
#endif
        r = res_factor(F, A0, c->lda, U, k);
    }
    if (has_b(c->r) && want == 0)
        r2 = res_solve(c->r == R_POTRS ? F : A0, c->lda, U, n, c->r == R_POTRS,
                       MAT(c, u->B, c->sB, b), MAT(c, u->B0, c->sB, b), c->ldb, c->nrhs);
    if (!(r < TEST_TOLERANCE && r2 < TEST_TOLERANCE))
        snprintf(why, wsz, " matrix %ld: residual %.3g (solve %.3g);", (long)b, r, r2);
    return r > r2 ? r : r2;
}

/* One case through the routine; selfcheck: also make sure that the residual catches one
 * wrong element of the first matrix's result. */
static void run_case(kblasf_handle_t h, case_t c, int selfcheck)
{
    bufs_t u;
    kblasf_status_t st;
    char why[512] = "", first[160] = "";
    double worst = 0;
    long bad;
    kblasf_int b, nfail = 0;
    int ok = 1;

    make_data(&c, &u);
    upload(h, &c, &u);
    st = call(h, &c, u.dA, u.pA, u.dB, u.pB, u.dinfo + 1);
    download(h, &c, &u);

    if (st != KBLASF_STATUS_SUCCESS) { ok = 0; WHY(" status %d;", (int)st); }
    if (u.info[0] != GUARD || u.info[c.batch + 1] != GUARD) { ok = 0; WHY(" info guard written;"); }
    if (!has_info(c.r))
        for (b = 0; b < c.batch; b++)
            if (u.info[b + 1] != GARBAGE) { ok = 0; WHY(" POTRS wrote info;"); break; }
    {
        char *m = c.r == R_POTRS ? NULL : mask_of(&c, &u, 0);
        if ((bad = changed(u.A, u.A0, m, u.asz))) { ok = 0; WHY(" %ld elements of A outside the triangles changed;", bad); }
        free(m);
    }
    if (has_b(c.r)) {
        char *m = mask_of(&c, &u, 1);
        if ((bad = changed(u.B, u.B0, m, u.bsz))) { ok = 0; WHY(" %ld elements of B outside the solved blocks changed;", bad); }
        free(m);
    }
    for (b = 0; b < c.batch; b++) {
        char w[160] = "";
        double r = check_matrix(&c, &u, b, w, sizeof w);
        if (!(r < TEST_TOLERANCE)) {
            if (!nfail++)
                snprintf(first, sizeof first, "%s", w);
            ok = 0;
        }
        if (!(r <= worst))
            worst = r;
    }
    if (nfail)
        WHY(" %ld matrices wrong, first:%s", (long)nfail, first);
    test_check(ok, "%s%s: worst residual %.3g;%s", describe(&c), c.bad ? " (with failing members)" : "",
               worst, why);

    if (selfcheck && ok && c.n >= 3 && u.want[0] == 0) {
        /* one wrong element, well above the rounding the residuals allow, must show */
        char w[160];
        T *X = has_b(c.r) ? MAT(&c, u.B, c.sB, 0) : MAT(&c, u.A, c.sA, 0);
        kblasf_int ld = has_b(c.r) ? c.ldb : c.lda, pi = c.n - 1, pj = up(c.uplo) == 'L' || has_b(c.r) ? 0 : c.n - 1;
        AT(X, ld, pi, pj) += (T)(1e3 * TEST_TOLERANCE * c.n * c.n * EPS * (1 + absv_(AT(X, ld, pi, pj))));
        test_check(!(check_matrix(&c, &u, 0, w, sizeof w) < TEST_TOLERANCE),
                   "%s: the residual missed a wrong element", describe(&c));
    }
    bufs_free(&u);
}

/* ---- illegal arguments and quick returns ------------------------------------------- */

static int cur_r; /* the routine whose argument checks run */

/* The position of argument `arg` in the list of routine cur_r's form (1-based, no handle). */
static kblasf_int argpos(int strided, const char *arg)
{
    const char *lists[3][2] = {
        {"uplo n A lda info batch", "uplo n A lda sA info batch"},
        {"uplo n nrhs A lda B ldb batch", "uplo n nrhs A lda sA B ldb sB batch"},
        {"uplo n nrhs A lda B ldb info batch", "uplo n nrhs A lda sA B ldb sB info batch"}};

    return test_arg_position(lists[cur_r][strided], arg);
}

static void apply(case_t *c, const char *f, kblasf_int v, int *nullA, int *nullB, int *nullI)
{
    if (!strcmp(f, "uplo")) c->uplo = (char)v;
    else if (!strcmp(f, "n")) c->n = v;
    else if (!strcmp(f, "nrhs")) c->nrhs = v;
    else if (!strcmp(f, "lda")) c->lda = v;
    else if (!strcmp(f, "ldb")) c->ldb = v;
    else if (!strcmp(f, "sA")) c->sA = v;
    else if (!strcmp(f, "sB")) c->sB = v;
    else if (!strcmp(f, "batch")) c->batch = v;
    else if (!strcmp(f, "A")) *nullA = 1;
    else if (!strcmp(f, "B")) *nullB = 1;
    else if (!strcmp(f, "info")) *nullI = 1;
}

/* Calls on small valid buffers (n = 4, nrhs = 2, batch = 2) with up to two changes, and
 * what must happen: the illegal argument reported, or for a legal call nothing reported. */
static void arguments(kblasf_handle_t h)
{
    static const change_t ch[] = {
        C1("uplo", 'X', "uplo"),    C2("uplo", 'N', "n", -1, "uplo"),
        C1("n", -1, "n"),           C2("n", -1, "batch", -1, "n"),
        C1("nrhs", -1, "nrhs"),     C1("A", 0, "A"),
        C1("lda", 3, "lda"),        C2("lda", 0, "n", 0, "lda"),
        C1("sA", 7, "sA"),          C1("sA", 0, "sA"),
        C1("sA", -16, "sA"),        C1("B", 0, "B"),
        C1("ldb", 3, "ldb"),        C2("ldb", 0, "n", 0, "ldb"),
        C1("sB", 7, "sB"),          C1("sB", 0, "sB"),
        C1("info", 0, "info"),      C1("batch", -1, "batch"),
        C2("A", 0, "batch", -1, "batch"), C2("lda", 3, "nrhs", -2, "nrhs"),
        /* legal: quick returns, NULL where nothing is touched, one matrix at stride 0 */
        C1("batch", 0, NULL),       C2("A", 0, "batch", 0, NULL),
        C2("info", 0, "batch", 0, NULL), C2("A", 0, "n", 0, NULL),
        C2("B", 0, "nrhs", 0, NULL), C1("n", 0, NULL),
        C1("nrhs", 0, NULL),        C2("sA", 0, "batch", 1, NULL),
        C2("sB", 0, "batch", 1, NULL), C1("uplo", 'u', NULL),
        C1("uplo", 'l', NULL),
    };
    size_t t;
    int s, q;

    for (cur_r = 0; cur_r < 3; cur_r++)
        for (s = 0; s < 2; s++)
            for (t = 0; t < COUNT(ch); t++) {
                const int r = cur_r;
                case_t c = {r, s, 'L', 4, 2, 4, 4, 2, 16, 8, 0, 0, 0};
                bufs_t u;
                int nullA = 0, nullB = 0, nullI = 0, ok;
                kblasf_int k, want_pos, nb;
                kblasf_status_t st;
                char name[48], what[160];

                if (!change_applies(argpos, s, &ch[t], &want_pos))
                    continue; /* an argument the form does not have */
                if (!ch[t].bad && !strcmp(ch[t].f[0], "uplo"))
                    c.uplo = (char)ch[t].v[0]; /* legal letters: data for that triangle */
                make_data(&c, &u); /* valid data for the unchanged case */
                upload(h, &c, &u);
                for (q = 0; q < 3 && ch[t].f[q]; q++)
                    apply(&c, ch[t].f[q], ch[t].v[q], &nullA, &nullB, &nullI);
                change_describe(&ch[t], what, sizeof what);
                nb = MAX(0, c.batch);
                test_xerbla_reset();
                st = call(h, &c, nullA ? NULL : u.dA, nullA ? NULL : u.pA, nullB ? NULL : u.dB,
                          nullB ? NULL : u.pB, nullI ? NULL : u.dinfo + 1);
                c.batch = 2; /* the buffers' batch, for the download */
                download(h, &c, &u);
                ok = arg_report_ok(name, sizeof name, rname[r], s, st, want_pos);
                if (want_pos) {
                    ok = ok && !memcmp(u.A, u.A0, u.asz * sizeof(T)) &&
                         (!u.B || !memcmp(u.B, u.B0, u.bsz * sizeof(T)));
                    for (k = 1; k <= 2; k++)
                        ok = ok && u.info[k] == GARBAGE;
                } else {
                    /* legal: order 0 or a quick return touch no data, and POTRF/POSV set
                     * each info entry they were given (0 for order 0) */
                    int touches = c.n > 0 && nb > 0 && !(r == R_POTRS && c.nrhs == 0);
                    if (!touches)
                        ok = ok && !memcmp(u.A, u.A0, u.asz * sizeof(T)) &&
                             (!u.B || !memcmp(u.B, u.B0, u.bsz * sizeof(T)));
                    if (touches && has_b(r) && c.nrhs == 0)
                        ok = ok && !memcmp(u.B, u.B0, u.bsz * sizeof(T));
                    if (has_info(r) && !nullI)
                        for (k = 1; k <= 2; k++)
                            ok = ok && u.info[k] == (k <= nb ? 0 : GARBAGE);
                }
                ok = ok && u.info[0] == GUARD && u.info[3] == GUARD;
                test_check(ok, "%s: %s: status %d, xerbla %s %ld (want %s %ld)", name, what,
                           (int)st, test_xerbla_name, test_xerbla_info,
                           want_pos ? name : "nothing", (long)want_pos);
                bufs_free(&u);
            }
    /* no handle: refused without a report */
    test_xerbla_reset();
    test_check(FN(potrf_batch_strided)(NULL, 'L', 1, NULL, 1, 0, NULL, 0) ==
                   KBLASF_STATUS_INVALID_VALUE && test_xerbla_info == 0,
               PREC_UPPER "POTRF_BATCH_STRIDED: a NULL handle must be refused");
}

/* ---- the driver -------------------------------------------------------------------- */

void TFN(batch)(kblasf_handle_t h)
{
    static const kblasf_int big[] = {64, 100, 128, 255, 256, 300};
    static const kblasf_int nrhss[] = {1, 2, 3, 5, 16, 33};
    static const kblasf_int pads[] = {0, 1, 7};
    int loop_mode = strstr(test_mode_env, "always") != NULL;
    kblasf_int sizes[64], n;
    size_t ns = 0, s;
    int r, f, u, selfchecked[3] = {0};
    /* KBLASF_TEST_BATCH_MAX caps the batches (the GPU machine's racecheck run, where 1000
     * matrices of every order take too long under the tool) */
    const char *cap_env = getenv("KBLASF_TEST_BATCH_MAX");
    kblasf_int cap = cap_env && atoi(cap_env) > 0 ? atoi(cap_env) : 1000;

    /* the orders: 1..40 and the larger ones; quick: a third of the small ones */
    for (n = 1; n <= 40; n++)
        if (!test_quick || n % 3 == 1 || n == 32 || n == 33)
            sizes[ns++] = n;
    for (s = 0; s < COUNT(big); s++)
        if (!test_quick || big[s] == 128 || big[s] == 256 || big[s] == 300)
            sizes[ns++] = big[s];

    for (r = 0; r < 3; r++)
        for (f = 0; f < 2; f++)
            for (u = 0; u < 2; u++)
                for (s = 0; s < ns; s++) {
                    case_t c;
                    n = sizes[s];
                    /* this mode is for the loop above the kernels, for POTRF's
                     * recursion onto batched TRSM and HERK above order 32, and for POSV's
                     * way there (that POTRF, then POTRS on the members whose info is 0) */
                    if (loop_mode && n <= 256 && !(r != R_POTRS && n > 32))
                        continue;
                    c.r = r;
                    c.strided = f;
                    c.uplo = rot % 5 == 2 ? (u ? 'u' : 'l') : (u ? 'U' : 'L');
                    c.n = n;
                    c.nrhs = has_b(r) ? nrhss[rot % COUNT(nrhss)] : 0;
                    /* 1000 matrices at a few small orders, one in some cases, else 7 */
                    c.batch = n == 1 || n == 8 || n == 17 || n == 32 || n == 33 || n == 40 ? 1000
                            : (rot + n) % 4 == 0 ? 1 : 7;
                    if (c.batch == 1000 && c.nrhs > 5)
                        c.nrhs = 5;
                    c.batch = MIN(c.batch, cap);
                    c.lda = n + (kblasf_int)(rot % 3);
                    c.ldb = n + (kblasf_int)((rot / 3) % 2) * 2;
                    c.sA = c.lda * n + pads[rot % 3];
                    c.sB = c.ldb * c.nrhs + pads[(rot / 2) % 3];
                    if (f && c.batch == 1 && rot % 2)
                        c.sA = c.sB = 0; /* legal with one matrix */
                    c.weak = (rot / 2) % 2;
                    c.e2 = 0;
                    c.bad = has_info(r) && c.batch > 1 && rot % 2 == 0;
                    rot++;
                    if (!selfchecked[r] && n >= 20 && c.batch == 7) {
                        selfchecked[r] = 1;
                        run_case(h, c, 1);
                    } else
                        run_case(h, c, 0);
                }
    /* scaled near underflow and overflow (2^-+900 in d and z, 2^-+100 in s and c): every
     * routine, the small kernels' orders and the blocked ones' */
    if (!loop_mode)
        for (r = 0; r < 3; r++)
            for (s = 0; s < 6; s++) {
                static const kblasf_int sn[] = {2, 9, 17, 32, 64, 100};
                case_t c = {r, (int)(s % 2), s % 3 ? 'L' : 'U', sn[s], has_b(r) ? 3 : 0, sn[s] + 1,
                            sn[s] + 2, 7, 0, 0, 0, 0, 0};
                c.sA = c.lda * c.n + 5;
                c.sB = c.ldb * c.nrhs + 3;
                for (c.e2 = -SCALE_E2; c.e2 <= SCALE_E2; c.e2 += 2 * SCALE_E2)
                    run_case(h, c, 0);
            }
    /* POSV without right-hand sides only factors (B may be anything, it stays) */
    for (n = 5; n <= 300; n += 295)
        if (!loop_mode || n > 256) {
            case_t c = {R_POSV, n < 256, 'U', n, 0, n + 1, n, 7, (n + 1) * n + 3, 2, 0, 1, 0};
            run_case(h, c, 0);
        }
    if (!loop_mode)
        arguments(h);
}
