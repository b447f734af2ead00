/*
 * test_batch_trtri_gen.c — testers of the batched TRTRI family, precision-generic:
 * kblasf_?trtri_batch and ?trtri_batch_strided (test_batch_trtri.c runs them), and the
 * batched LAUUM, POTRI and POTI in both forms (test_batch_potri.c; see "LAUUM, POTRI and
 * POTI" below), on the tester's handle (data moved with the handle's copy functions, so the same tester runs on
 * the host executor and on a GPU).
 *
 * Default mode: both forms with every uplo and diag at orders n = 1..40, batches of 1 and
 * 7; at orders 64, 100, 128, 255, 256 and 300 both forms with every uplo and diag (batch 7
 * in one case of three, else 1); batches of 1000 at orders 1, 8, 17, 32 and 33 (uplo and
 * diag rotating). KBLASF_OFFLOAD=always (the library's GPU recursion on any executor):
 * every variant in both forms at orders 33, 64, 100, 129, 255 and 300, batch 7.
 * Padding: lda > n in two cases of three, strides (or the slots of the pointer arrays)
 * larger than a matrix in two of three, a stride of 0 with one matrix at times; the
 * pointer arrays in reverse memory order; the letters in lower case at times. The buffers
 * hold NaN outside the triangles (and on their diagonals for diag = 'U'): everything but
 * the triangles (their diagonals excluded for 'U') and the pointer arrays must come back
 * bit for bit.
 * A: diagonal of magnitude 1..2 with a random sign (phase), the rest random in [-1,1]/n
 * (each part for complex), so that the inverse is well conditioned.
 * Scaled residual of each matrix as LAPACK's xTRT01, in double (s, c) or the working
 * precision (d, z), by the tester's own loops, against TEST_TOLERANCE (10):
 *   ||X A - I||_1 / (n ||A||_1 ||X||_1 eps)
 * (A the triangle before, with its implicit unit diagonal for 'U'; X the triangle after);
 * one wrong element, three times the tolerance off, must fail it (self-check, once per
 * precision and mode).
 * Scaled cases (LAPACK's testers' types 8 and 9): every routine with diag 'N' on matrices
 * times 2^-+SCALE_E2 (900 in d, z; 100 in s, c; for LAUUM and POTRI the factor by half the
 * exponent, so that its product is scaled so), batch 7, at orders 2, 9, 16, 17, 32, 64 and
 * 100 (KBLASF_OFFLOAD=always: 33, 64, 100, 129); the residuals above are scale-invariant.
 * Singular members: in each mode, precision and form one case (diag 'N', batch 7) has an
 * exact zero on the diagonal of one member; its triangle is not checked (Inf/NaN), but
 * nothing outside it may change and every other member must pass.
 * Also: every illegal argument of both forms (xerbla name and position, status, nothing
 * touched), the order of the checks, quick returns (batch 0, n 0, NULL where it is legal),
 * strides of 0 with one matrix, lower-case letters, and a NULL handle.
 * KBLASF_TEST_QUICK=1: fewer orders and variants; KBLASF_TEST_BATCH_MAX caps the batches.
 *
 * LAUUM, POTRI and POTI: the same cases, layouts and checks with diag 'N' (uplo both ways),
 * data and residuals of their own, each against TEST_TOLERANCE:
 *   LAUUM: a random triangle with a real diagonal; max-column sum of |X - R| over the
 *          triangle / (n ||M||_1^2 eps), R the tester's own U U^H or L^H L in WT;
 *   POTRI: a Cholesky factor F (real diagonal) of A = F F^H (L L^H, U^H U), POTI: A itself;
 *          ||A X - I||_1 / (n ||A||_1 ||X||_1 eps), X Hermitian from the triangle written,
 *          products by the reference BLAS in WT (never a LAPACK name: kblasf exports them).
 * Every info is checked. Failing members: POTRI, an exact zero at diagonal j of one factor:
 * info j+1 and that member untouched bit for bit; POTI, A(j,j) := -1 in one member: info
 * j+1 (its triangle then unspecified), every other member must pass.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "test_lapack_gen.h"


typedef struct {
    int strided;
    char uplo, diag;              /* as passed (lower case at times) */
    kblasf_int n, lda, batch;
    kblasf_int sA;                /* stride (strided form) or slot size (arrays) */
    kblasf_int sing, sing_at;     /* member with a zero at diagonal sing_at; -1: none */
    int op;                       /* OP_TRTRI, ... */
    int e2;                       /* the Hermitian matrix (TRTRI: the triangle) times 2^e2 */
} case_t;

enum { OP_TRTRI, OP_LAUUM, OP_POTRI, OP_POTI };
static const char *const opname[] = {"TRTRI", "LAUUM", "POTRI", "POTI"};
static int has_info(const case_t *c) { return c->op == OP_POTRI || c->op == OP_POTI; }

#include "test_batch_util.h"

static unsigned rot; /* varies padding, batch, letter case, ... across cases */
static int cur_op;   /* the routine the driver is testing */


static const char *describe(const case_t *c)
{
    static char buf[320];
    char sing[64] = "";

    if (c->sing >= 0)
        snprintf(sing, sizeof sing, " singular member %ld (zero at %ld)", (long)c->sing,
                 (long)c->sing_at);
    snprintf(buf, sizeof buf, PREC_UPPER "%s_BATCH%s uplo=%c diag=%c n=%ld lda=%ld "
             "batch=%ld %s=%ld%s%s [%s]", opname[c->op], c->strided ? "_STRIDED" : "", c->uplo, c->diag,
             (long)c->n, (long)c->lda, (long)c->batch, c->strided ? "stride" : "slot",
             (long)c->sA, sing,
             c->e2 ? (c->e2 < 0 ? " scaled near underflow" : " scaled near overflow") : "",
             *test_mode_env ? test_mode_env : "default");
    return buf;
}

/* ---- the buffers of a case --------------------------------------------------------- */

typedef struct {
    size_t asz;                 /* elements of the A buffer */
    T *A0, *A;                  /* before and after, host */
    T *dA;                      /* device */
    T **pA;                     /* device pointer array (pointer-array form) */
    T **hp;                     /* what it holds */
    int ptrs_changed;           /* the routine wrote it */
    kblasf_int *dinfo, *info;   /* POTRI, POTI: device, and what came back */
    WT *F;                      /* POTRI, POTI: the Hermitian matrix of each member, n x n */
} bufs_t;

/* LAUUM, POTRI, POTI: the triangle in M gets a real positive diagonal (a Cholesky factor
 * F); F's Hermitian matrix A = F F^H (lower) or F^H F (upper) goes to W (n x n) when W is
 * not NULL, and for POTI replaces F's triangle in M. */
static void make_hermitian(const case_t *c, T *M, WT *W)
{
    kblasf_int n = c->n, i, j;
    int lower = up(c->uplo) == 'L';
    WT *Fw;

    for (i = 0; i < n; i++)
        AT(M, c->lda, i, i) = (T)wabs((WT)AT(M, c->lda, i, i));
    if (!W)
        return;
    Fw = test_alloc((size_t)n * n * sizeof(WT));
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Fw, n, i, j) = in_tri(up(c->uplo), i, j) ? (WT)AT(M, c->lda, i, j) : 0;
    wgemm(lower ? "N" : "C", lower ? "C" : "N", n, n, n, 1, Fw, n, Fw, n, 0, W, n);
    free(Fw);
    if (c->op == OP_POTI)
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++)
                if (in_tri(up(c->uplo), i, j))
                    AT(M, c->lda, i, j) = i == j ? (T)creal(AT(W, n, i, i)) : (T)AT(W, n, i, j);
}

/* Scaled cases (c->e2 != 0, LAPACK's testers' types 8 and 9), exactly by powers of two:
 * TRTRI's triangle (diag 'N') and POTI's A by 2^e2; a factor (LAUUM's input, POTRI's) by
 * 2^(e2/2), so that its product (LAUUM's result, POTRI's A in W) is 2^e2 times as large */
static void scale_case(const case_t *c, T *M, WT *W)
{
    kblasf_int i, n = c->n;

    scale_tri(M, c->lda, up(c->uplo), n,
              c->op == OP_LAUUM || c->op == OP_POTRI ? c->e2 / 2 : c->e2);
    for (i = 0; W && c->e2 && i < n * n; i++)
        W[i] *= (WT)ldexp(1.0, c->e2);
}

/* The data of a case: the triangles, NaN everywhere else (and a zero on the diagonal of
 * the singular member). */
static void make_data(const case_t *c, bufs_t *u)
{
    char U = up(c->uplo);
    int unit = up(c->diag) == 'U';
    kblasf_int b, n = c->n;

    u->asz = buffer_size(c, c->sA, c->lda * n);
    u->A0 = nan_array(u->asz);
    u->F = c->op >= OP_POTRI ? test_alloc((size_t)MAX(1, c->batch) * n * n * sizeof(WT)) : NULL;
    for (b = 0; b < c->batch; b++) {
        T *M = MAT(c, u->A0, c->sA, b);
        gen_tri(M, c->lda, U, n, unit);
        if (c->op != OP_TRTRI)
            make_hermitian(c, M, u->F ? u->F + (size_t)b * n * n : NULL);
        scale_case(c, M, u->F ? u->F + (size_t)b * n * n : NULL);
        if (b == c->sing)
            AT(M, c->lda, c->sing_at, c->sing_at) = c->op == OP_POTI ? -1 : 0;
    }
    u->A = test_alloc(u->asz * sizeof(T));
    memcpy(u->A, u->A0, u->asz * sizeof(T));
}

/* Uploads the buffer and builds the pointer array (device addresses of the matrices). */
static void upload(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_int b;

    u->dA = test_to_device(h, u->A0, u->asz, sizeof(T));
    u->pA = u->hp = NULL;
    u->ptrs_changed = 0;
    u->dinfo = u->info = NULL;
    if (has_info(c) && c->batch > 0) { /* -7: not written */
        u->info = test_alloc((size_t)c->batch * sizeof(kblasf_int));
        for (b = 0; b < c->batch; b++)
            u->info[b] = -7;
        u->dinfo = test_to_device(h, u->info, c->batch, sizeof(kblasf_int));
    }
    if (!c->strided && c->batch > 0) {
        T **p = u->hp = test_alloc((size_t)c->batch * sizeof(T *));
        for (b = 0; b < c->batch; b++)
            p[b] = MAT(c, u->dA, c->sA, b);
        u->pA = test_to_device(h, p, c->batch, sizeof(T *));
    }
}

/* Fetches the result into A (and checks the pointer array), frees the device buffers. */
static void download(kblasf_handle_t h, const case_t *c, bufs_t *u)
{
    kblasf_synchronize(h);
    test_from_device(h, u->A, u->dA, u->asz, sizeof(T));
    if (u->hp) {
        T **p = test_alloc((size_t)c->batch * sizeof(T *));
        test_from_device(h, p, u->pA, c->batch, sizeof(T *));
        kblasf_synchronize(h);
        u->ptrs_changed = memcmp(p, u->hp, (size_t)c->batch * sizeof(T *)) != 0;
        free(p);
    }
    if (u->dinfo)
        test_from_device(h, u->info, u->dinfo, c->batch, sizeof(kblasf_int));
    kblasf_synchronize(h);
    kblasf_free(h, u->dA);
    kblasf_free(h, u->pA);
    kblasf_free(h, u->dinfo);
}

static void bufs_free(bufs_t *u)
{
    free(u->A0); free(u->A); free(u->hp); free(u->info); free(u->F);
}

/* The routine of case c on the device buffers (NULL pointers as given). */
static kblasf_status_t call(kblasf_handle_t h, const case_t *c, T *dA, T **pA, kblasf_int *info)
{
    const kblasf_int n = c->n, lda = c->lda, sA = c->sA, nb = c->batch;

    switch (c->op) {
    case OP_LAUUM:
        return c->strided ? FN(lauum_batch_strided)(h, c->uplo, n, dA, lda, sA, nb)
                          : FN(lauum_batch)(h, c->uplo, n, pA, lda, nb);
    case OP_POTRI:
        return c->strided ? FN(potri_batch_strided)(h, c->uplo, n, dA, lda, sA, info, nb)
                          : FN(potri_batch)(h, c->uplo, n, pA, lda, info, nb);
    case OP_POTI:
        return c->strided ? FN(poti_batch_strided)(h, c->uplo, n, dA, lda, sA, info, nb)
                          : FN(poti_batch)(h, c->uplo, n, pA, lda, info, nb);
    default:
        return c->strided ? FN(trtri_batch_strided)(h, c->uplo, c->diag, n, dA, lda, sA, nb)
                          : FN(trtri_batch)(h, c->uplo, c->diag, n, pA, lda, nb);
    }
}

/* ---- residuals (WT) ----------------------------------------------------------------- */

/* Element (i, j) of the triangle of M: 1 on the diagonal for diag 'U'; only called inside
 * the triangle. */
static WT elem(const case_t *c, const T *M, kblasf_int i, kblasf_int j)
{
    if (i == j && up(c->diag) == 'U')
        return 1;
    return (WT)AT(M, c->lda, i, j);
}

/* The 1-norm of the triangle of M (with the implicit unit diagonal for 'U') */
static double tri_norm1(const case_t *c, const T *M)
{
    kblasf_int i, j, n = c->n;
    int lower = up(c->uplo) == 'L';
    double worst = 0;

    for (j = 0; j < n; j++) {
        double s = 0;
        for (i = lower ? j : 0; i < (lower ? n : j + 1); i++)
            s += wabs(elem(c, M, i, j));
        if (!(s <= worst))
            worst = s;
    }
    return worst;
}

/* The residual ||X A - I||_1 / (n ||A||_1 ||X||_1 eps) of matrix b (INFINITY when it is
 * NaN), with the denominator in *scale0 when that is not NULL. X A is triangular: column j
 * is the sum over the stored A(l, j) of A(l, j) times the stored part of X's column l. */
static double res_trtri(const case_t *c, const bufs_t *u, kblasf_int b, double *scale0)
{
    kblasf_int n = c->n, i, j, l;
    int lower = up(c->uplo) == 'L';
    const T *X = MAT(c, u->A, c->sA, b), *M = MAT(c, u->A0, c->sA, b);
    WT *y = test_alloc((size_t)n * sizeof(WT));
    double an = tri_norm1(c, M), xn = tri_norm1(c, X), rn = 0, den;

    for (j = 0; j < n; j++) {
        kblasf_int lo = lower ? j : 0, hi = lower ? n : j + 1; /* column j's rows */
        double s = 0;
        for (i = lo; i < hi; i++)
            y[i] = 0;
        for (l = lo; l < hi; l++) {
            WT a = elem(c, M, l, j);
            for (i = lower ? l : 0; i < (lower ? n : l + 1); i++)
                y[i] += elem(c, X, i, l) * a;
        }
        y[j] -= 1;
        for (i = lo; i < hi; i++)
            s += wabs(y[i]);
        if (!(s <= rn))
            rn = s;
    }
    free(y);
    den = (double)n * an * xn * EPS;
    if (scale0)
        *scale0 = den;
    return fixnan(rn / den);
}

/* The triangle (with the diagonal) of matrix b's result as a full n x n WT matrix: zeros
 * in the other triangle, or (herm) its mirror, X Hermitian. */
static WT *result_full(const case_t *c, const bufs_t *u, kblasf_int b, int herm)
{
    kblasf_int n = c->n, i, j;
    const T *X = MAT(c, u->A, c->sA, b);
    WT *W = test_alloc((size_t)n * n * sizeof(WT));

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(W, n, i, j) = in_tri(up(c->uplo), i, j) ? (WT)AT(X, c->lda, i, j)
                             : herm ? wconj((WT)AT(X, c->lda, j, i)) : 0;
    return W;
}

/* LAUUM: the column sums of |X - R| over the triangle, R = U U^H or L^H L of the input in
 * WT, over n ||M||_1^2 eps */
static double res_lauum(const case_t *c, const bufs_t *u, kblasf_int b, double *scale0)
{
    kblasf_int n = c->n, i, j;
    int lower = up(c->uplo) == 'L';
    const T *M = MAT(c, u->A0, c->sA, b);
    WT *Mw = test_alloc((size_t)n * n * sizeof(WT)), *R = test_alloc((size_t)n * n * sizeof(WT));
    WT *X = result_full(c, u, b, 0);
    double mn = tri_norm1(c, M), worst = 0, den;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(Mw, n, i, j) = in_tri(up(c->uplo), i, j) ? (WT)AT(M, c->lda, i, j) : 0;
    wgemm(lower ? "C" : "N", lower ? "N" : "C", n, n, n, 1, Mw, n, Mw, n, 0, R, n);
    for (j = 0; j < n; j++) {
        double sum = 0;
        for (i = 0; i < n; i++)
            if (in_tri(up(c->uplo), i, j))
                sum += wabs(AT(X, n, i, j) - AT(R, n, i, j));
        if (!(sum <= worst))
            worst = sum;
    }
    free(Mw); free(R); free(X);
    den = (double)n * mn * mn * EPS;
    if (scale0)
        *scale0 = den;
    return fixnan(worst / den);
}

/* POTRI, POTI: ||A X - I||_1 / (n ||A||_1 ||X||_1 eps), A member b's Hermitian matrix */
static double res_inverse(const case_t *c, const bufs_t *u, kblasf_int b, double *scale0)
{
    kblasf_int n = c->n, i;
    const WT *A = u->F + (size_t)b * n * n;
    WT *X = result_full(c, u, b, 1), *R = test_alloc((size_t)n * n * sizeof(WT));
    double den, r;

    wgemm("N", "N", n, n, n, 1, A, n, X, n, 0, R, n);
    for (i = 0; i < n; i++)
        AT(R, n, i, i) -= 1;
    den = (double)n * norm1_w(A, n, n, n) * norm1_w(X, n, n, n) * EPS;
    r = norm1_w(R, n, n, n) / den;
    free(X); free(R);
    if (scale0)
        *scale0 = den;
    return fixnan(r);
}

static double res_matrix(const case_t *c, const bufs_t *u, kblasf_int b, double *scale0)
{
    return c->op == OP_TRTRI ? res_trtri(c, u, b, scale0)
           : c->op == OP_LAUUM ? res_lauum(c, u, b, scale0)
                               : res_inverse(c, u, b, scale0);
}

/* ---- a case ------------------------------------------------------------------------- */

#define WHY(...) snprintf(why + strlen(why), sizeof why - strlen(why), __VA_ARGS__)

/* Elements outside the triangles of c's geometry (and their diagonals for diag 'U') that
 * differ bit for bit, the matrices where lay's layout puts them; with first (when not
 * NULL) the first such offset. */
static long outside_changed(const case_t *c, const case_t *lay, const bufs_t *u, long *first)
{
    char *mask = test_alloc(u->asz);
    char U = up(c->uplo);
    int unit = up(c->diag) == 'U';
    kblasf_int b, i, j;
    long bad = 0;
    size_t p;

    if (c->batch > 0 && c->n > 0)
        for (b = 0; b < c->batch; b++)
            for (j = 0; j < c->n; j++)
                for (i = 0; i < c->n; i++)
                    if (in_tri(U, i, j) && !(unit && i == j))
                        mask[off(lay, lay->sA, b) + i + (size_t)j * c->lda] = 1;
    for (p = 0; p < u->asz; p++)
        if (!mask[p] && memcmp(&u->A[p], &u->A0[p], sizeof(T))) {
            if (!bad && first)
                *first = (long)p;
            bad++;
        }
    free(mask);
    return bad;
}

static int selfchecked;

/* One case through the routine; once per precision and mode, also makes sure that the
 * residual catches one wrong element of the first matrix's result. */
static void run_case(kblasf_handle_t h, case_t c)
{
    bufs_t u;
    kblasf_status_t st;
    char why[512] = "";
    double worst = 0, firstr = 0;
    long bad, firstp = -1;
    kblasf_int b, nfail = 0, first = -1;
    int ok = 1;

    make_data(&c, &u);
    upload(h, &c, &u);
    test_xerbla_reset();
    st = call(h, &c, u.dA, u.pA, u.dinfo);
    download(h, &c, &u);

    if (st != KBLASF_STATUS_SUCCESS) { ok = 0; WHY(" status %d;", (int)st); }
    if (test_xerbla_info) { ok = 0; WHY(" xerbla %s %ld;", test_xerbla_name, test_xerbla_info); }
    if (u.ptrs_changed) { ok = 0; WHY(" pointer array written;"); }
    if ((bad = outside_changed(&c, &c, &u, &firstp))) {
        ok = 0;
        WHY(" %ld elements outside the triangles%s changed, first at offset %ld;", bad,
            up(c.diag) == 'U' ? " (diagonals included)" : "", firstp);
    }
    for (b = 0; u.info && b < c.batch; b++) {
        kblasf_int want = b == c.sing ? c.sing_at + 1 : 0;
        if (u.info[b] != want) {
            ok = 0;
            WHY(" info[%ld] = %ld, want %ld;", (long)b, (long)u.info[b], (long)want);
            break;
        }
    }
    if (c.op == OP_POTRI && c.sing >= 0 &&
        memcmp(MAT(&c, u.A, c.sA, c.sing), MAT(&c, u.A0, c.sA, c.sing),
               (size_t)c.lda * c.n * sizeof(T))) {
        ok = 0;
        WHY(" the member with info > 0 was changed;");
    }
    for (b = 0; b < c.batch; b++) {
        double r;
        if (b == c.sing)
            continue; /* Inf/NaN expected: only its neighbours count */
        r = res_matrix(&c, &u, b, NULL);
        if (!(r < TEST_TOLERANCE) && !nfail++) {
            first = b;
            firstr = r;
        }
        if (!(r <= worst))
            worst = r;
    }
    if (nfail) {
        ok = 0;
        WHY(" %ld matrices wrong, first %ld (residual %.3g);", (long)nfail, (long)first, firstr);
    }
    test_check(ok, "%s: worst residual %.3g;%s", describe(&c), worst, why);

    if (!selfchecked && ok && c.n >= 16 && c.sing != 0) {
        /* one wrong element, three times the tolerance off, must show: X(n-1, 0) (lower)
         * or X(0, n-1) (upper) changes only the element of X A in its row and column,
         * by the error times A's diagonal element there (magnitude >= 1) */
        int lower = up(c.uplo) == 'L';
        T *X = MAT(&c, u.A, c.sA, 0);
        double scale0 = 0;

        selfchecked = 1;
        res_matrix(&c, &u, 0, &scale0);
        /* (POTRI, POTI: X read as Hermitian, the error moves a column of A X by its size
         * times a diagonal element of A, >= 1) */
        AT(X, c.lda, lower ? c.n - 1 : 0, lower ? 0 : c.n - 1) += (T)(3 * TEST_TOLERANCE * scale0);
        test_check(!(res_matrix(&c, &u, 0, NULL) < TEST_TOLERANCE),
                   "%s: the residual missed a wrong element", describe(&c));
    }
    bufs_free(&u);
}

/* ---- the cases ---------------------------------------------------------------------- */

/* A case of variant v (bits: uplo, diag) at order n; padding, strides and letter case
 * from rot. */
static case_t make_case(int strided, int v, kblasf_int n, kblasf_int batch)
{
    static const kblasf_int pads[] = {0, 1, 7};
    case_t c;
    unsigned r = mix(rot), lc = r % 5 == 2 ? 3 : r % 7 == 4 ? (r / 7) & 3 : 0;

    c.strided = strided;
    c.uplo = v & 1 ? 'U' : 'L';
    c.diag = v & 2 ? 'U' : 'N';
    if (lc & 1) c.uplo = low(c.uplo);
    if (lc & 2) c.diag = low(c.diag);
    c.n = n;
    c.batch = batch;
    r /= 35;
    c.lda = n + pads[r % 3];
    c.sA = c.lda * n + pads[(r / 3) % 3];
    if (strided && batch == 1 && (r / 9) % 2)
        c.sA = 0; /* legal with one matrix */
    c.sing = c.sing_at = -1;
    c.op = cur_op;
    c.e2 = 0;
    rot++;
    return c;
}

/* A case with a zero on the diagonal of one member (diag 'N', uplo rotating) */
static void run_singular(kblasf_handle_t h, int strided, kblasf_int n, kblasf_int batch)
{
    case_t c = make_case(strided, (int)(mix(rot) % 2), n, batch);

    c.sing = batch / 2;
    c.sing_at = (kblasf_int)((mix(rot) / 2) % (unsigned)n);
    run_case(h, c);
}

/* the variants: uplo x diag for TRTRI, uplo for the others (diag 'N') */
#define NVAR (cur_op == OP_TRTRI ? 4 : 2)

/* ---- illegal arguments and quick returns ------------------------------------------- */

/* The position of argument `arg` in the form's list (1-based, no handle); -1: none */
static kblasf_int argpos(int strided, const char *arg)
{
    static const char *const lists[][2] = {
        {"uplo diag n A lda batch", "uplo diag n A lda sA batch"},       /* TRTRI */
        {"uplo n A lda batch", "uplo n A lda sA batch"},                 /* LAUUM */
        {"uplo n A lda info batch", "uplo n A lda sA info batch"},       /* POTRI, POTI */
    };

    return test_arg_position(lists[MIN(cur_op, 2)][strided], arg);
}


static void apply(case_t *c, const char *f, kblasf_int v, int *nullA)
{
    if (!f) return;
    if (!strcmp(f, "uplo")) c->uplo = (char)v;
    else if (!strcmp(f, "diag")) c->diag = (char)v;
    else if (!strcmp(f, "n")) c->n = v;
    else if (!strcmp(f, "lda")) c->lda = v;
    else if (!strcmp(f, "sA")) c->sA = v;
    else if (!strcmp(f, "batch")) c->batch = v;
    else if (!strcmp(f, "A")) *nullA |= 1;
    else if (!strcmp(f, "info")) *nullA |= 2;
}

static void arguments(kblasf_handle_t h)
{
    static const change_t ch[] = {
        /* each argument alone */
        C1("uplo", 'X', "uplo"),   C1("uplo", 0, "uplo"),      C1("uplo", 'N', "uplo"),
        C1("diag", 'X', "diag"),   C1("diag", 'L', "diag"),    C1("diag", 0, "diag"),
        C1("n", -1, "n"),          C1("A", 0, "A"),            C1("lda", 3, "lda"),
        C1("lda", 0, "lda"),       C1("lda", -4, "lda"),       C1("sA", 15, "sA"),
        C1("sA", 0, "sA"),         C1("sA", -1, "sA"),         C1("batch", -1, "batch"),
        /* the order of the checks */
        C2("uplo", 'X', "diag", 'X', "uplo"), C2("uplo", 'X', "n", -1, "uplo"),
        C2("diag", 'X', "n", -1, "diag"),     C2("diag", 'X', "A", 0, "diag"),
        C2("n", -1, "A", 0, "n"),             C2("n", -1, "lda", 0, "n"),
        C2("A", 0, "lda", 3, "A"),            C2("A", 0, "batch", -1, "batch"),
        C2("lda", 3, "sA", 1, "lda"),         C2("lda", 3, "batch", -1, "lda"),
        C2("sA", 1, "batch", -1, "sA"),       C3("uplo", 'X', "sA", 1, "batch", -1, "uplo"),
        /* where the sizes make NULL legal, the next check counts */
        C2("n", 0, "lda", 0, "lda"),          C3("A", 0, "n", 0, "lda", 0, "lda"),
        C3("A", 0, "batch", 0, "lda", 3, "lda"), C2("batch", 0, "uplo", 'X', "uplo"),
        C2("n", 0, "diag", 'X', "diag"),      C2("sA", 5, "batch", 1, "sA"),
        C2("sA", 5, "batch", 0, "sA"),        C2("sA", -1, "batch", 0, "sA"),
        C2("sA", -1, "batch", 1, "sA"),       C2("lda", 5, "sA", 16, "sA"),
        /* legal: quick returns, NULL where nothing is touched, one matrix at stride 0 */
        C1("batch", 0, NULL),                 C2("A", 0, "batch", 0, NULL),
        C2("A", 0, "n", 0, NULL),             C1("n", 0, NULL),
        C2("n", 0, "lda", 1, NULL),           C3("n", 0, "lda", 1, "sA", 0, NULL),
        /* info (POTRI, POTI): written whenever batch > 0, even for n = 0 */
        C1("info", 0, "info"),                C2("info", 0, "n", 0, "info"),
        C2("info", 0, "batch", -1, "batch"),  C2("info", 0, "batch", 0, NULL),
        C2("lda", 3, "info", 0, "lda"),       C2("info", 0, "A", 0, "A"),
        C2("sA", 1, "info", 0, "sA"),
        C3("A", 0, "n", 0, "sA", 0, NULL),    C2("sA", 0, "batch", 1, NULL),
        C2("sA", 0, "batch", 0, NULL),        C1("batch", 1, NULL),
        C1("uplo", 'u', NULL),                C1("uplo", 'l', NULL),
        C1("uplo", 'U', NULL),                C1("diag", 'u', NULL),
        C1("diag", 'n', NULL),                C1("diag", 'U', NULL),
        C2("uplo", 'u', "diag", 'u', NULL),   C1("lda", 9, NULL),
        C2("lda", 9, "sA", 36, NULL),         C1("sA", 16, NULL),
        C1("n", 1, NULL),                     C2("n", 3, "lda", 3, NULL),
    };
    size_t t;
    int s, q;

    for (s = 0; s < 2; s++)
        for (t = 0; t < COUNT(ch); t++) {
            /* uplo L, diag N, n 4, lda 4, batch 2, stride (slot) 40; the buffer large
             * enough for every legal change above */
            case_t c = {s, 'L', 'N', 4, 4, 2, 40, -1, -1, cur_op, 0}, c0 = c;
            bufs_t u;
            int nullA = 0, ok, touches;
            kblasf_int want_pos = 0;
            long bad;
            kblasf_status_t st;
            char name[48], what[160] = "";

            if (!change_applies(argpos, s, &ch[t], &want_pos))
                continue; /* an argument the form does not have */
            extra_pad = 64;
            make_data(&c, &u);
            extra_pad = 0;
            upload(h, &c, &u);
            for (q = 0; q < 3 && ch[t].f[q]; q++)
                apply(&c, ch[t].f[q], ch[t].v[q], &nullA);
            change_describe(&ch[t], what, sizeof what);
            test_xerbla_reset();
            st = call(h, &c, nullA & 1 ? NULL : u.dA, nullA & 1 ? NULL : u.pA,
                      nullA & 2 ? NULL : u.dinfo);
            download(h, &c0, &u);
            ok = arg_report_ok(name, sizeof name, opname[cur_op], s, st, want_pos);
            touches = c.batch > 0 && c.n > 0;
            ok = ok && !u.ptrs_changed;
            /* A only by a legal call that touches data, and then only inside the
             * triangles of the call's geometry (the array form's matrices where its
             * pointers, built for batch 2, put them) */
            if (want_pos || !touches) {
                bad = memcmp(u.A, u.A0, u.asz * sizeof(T)) != 0;
            } else {
                bad = outside_changed(&c, s ? &c : &c0, &u, NULL);
            }
            ok = ok && !bad;
            test_check(ok, "%s: %s: status %d, xerbla '%s' %ld (want %s %ld)%s", name, what,
                       (int)st, test_xerbla_name, test_xerbla_info,
                       want_pos ? name : "nothing", (long)want_pos,
                       bad ? ", A changed where it must not" : "");
            bufs_free(&u);
        }
    /* no handle: refused without a report, in both forms, legal arguments or not */
    test_xerbla_reset();
    {
        case_t c1 = {1, 'L', 'N', 1, 1, 0, 0, -1, -1, cur_op, 0}, c2 = c1, c3 = c1, c4 = c1;
        c2.strided = 0;
        c3.uplo = 'X';
        c4.strided = 0;
        c4.n = -1;
        test_check(call(NULL, &c1, NULL, NULL, NULL) == KBLASF_STATUS_INVALID_VALUE &&
                       call(NULL, &c2, NULL, NULL, NULL) == KBLASF_STATUS_INVALID_VALUE &&
                       call(NULL, &c3, NULL, NULL, NULL) == KBLASF_STATUS_INVALID_VALUE &&
                       call(NULL, &c4, NULL, NULL, NULL) == KBLASF_STATUS_INVALID_VALUE &&
                       test_xerbla_info == 0,
                   PREC_UPPER "%s_BATCH(_STRIDED): a NULL handle must be refused",
                   opname[cur_op]);
    }
}

/* ---- the driver -------------------------------------------------------------------- */

/* Every routine scaled near underflow and overflow (2^-+SCALE_E2 on the Hermitian matrix,
 * TRTRI's triangle): diag 'N' (a unit triangle scaled up has an inverse that overflows),
 * uplo and form alternating, batch 7 */
static void run_scaled(kblasf_handle_t h, const kblasf_int *ns, size_t cnt, kblasf_int cap)
{
    size_t s;
    int sg;

    for (s = 0; s < cnt; s++)
        for (sg = -1; sg <= 1; sg += 2) {
            case_t c = make_case((int)(s % 2), (int)((s / 2) % 2), ns[s], MIN(7, cap));
            c.e2 = sg * SCALE_E2;
            run_case(h, c);
        }
}

static void run_all(kblasf_handle_t h, int op)
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
    kblasf_int n;
    size_t s;
    int f, v;

    cur_op = op;
    selfchecked = 0;
    if (always) {
        /* the recursion: every variant at orders above the leaves, batch 7 */
        const kblasf_int *ks = test_quick ? rec_quick : rec;
        size_t nk = test_quick ? COUNT(rec_quick) : COUNT(rec);
        for (s = 0; s < nk; s++)
            for (f = 0; f < 2; f++)
                for (v = 0; v < NVAR; v++) {
                    if (test_quick && ks[s] > 128 && (v + f + (int)s) % 2)
                        continue; /* quick, above 128: each variant in one form, in turn */
                    run_case(h, make_case(f, v, ks[s], MIN(7, cap)));
                }
        /* a zero on one member's diagonal (POTI: a negative pivot): the others unharmed */
        if (op != OP_LAUUM) {
            run_singular(h, 0, 33, MIN(7, cap));
            run_singular(h, 1, 100, MIN(7, cap));
        }
        {
            static const kblasf_int sn[] = {33, 64, 100, 129};
            run_scaled(h, sn, COUNT(sn), cap);
        }
        return;
    }
    /* orders 1..40 (quick: a third of them): every variant */
    for (n = 1; n <= 40; n++) {
        if (test_quick && !(n % 3 == 1 || n == 32 || n == 33))
            continue;
        for (f = 0; f < 2; f++)
            for (v = 0; v < NVAR; v++) {
                if (test_quick && (v + f + n) % 2)
                    continue; /* quick: each variant at every other order */
                run_case(h, make_case(f, v, n, MIN(mix(rot) % 4 == 0 ? 1 : 7, cap)));
            }
    }
    /* 1000 matrices at a few small orders */
    for (s = 0; s < COUNT(thousand); s++) {
        if (test_quick && thousand[s] != 8 && thousand[s] != 33)
            continue;
        for (f = 0; f < 2; f++)
            run_case(h, make_case(f, (int)(mix(rot) % NVAR), thousand[s], MIN(1000, cap)));
    }
    /* the larger orders: every form and variant (quick: each variant in one form) */
    for (s = 0; s < (test_quick ? COUNT(big_quick) : COUNT(big)); s++)
        for (f = 0; f < 2; f++)
            for (v = 0; v < NVAR; v++) {
                if (test_quick && (v + f + (int)s) % 2)
                    continue;
                n = test_quick ? big_quick[s] : big[s];
                run_case(h, make_case(f, v, n, MIN(mix(rot) % 3 == 0 ? 7 : 1, cap)));
            }
    /* a zero on one member's diagonal (POTI: a negative pivot), inside a kernel's leaf and
     * above it; LAUUM has no failing member */
    if (op != OP_LAUUM) {
        run_singular(h, 0, 20, MIN(7, cap));
        run_singular(h, 1, 70, MIN(7, cap));
    }
    {
        static const kblasf_int sn[] = {2, 9, 16, 17, 32, 64, 100};
        run_scaled(h, sn, COUNT(sn), cap);
    }
    arguments(h);
}

void TFN(batch_trtri)(kblasf_handle_t h)
{
    run_all(h, OP_TRTRI);
}

void TFN(batch_potri)(kblasf_handle_t h)
{
    run_all(h, OP_LAUUM);
    run_all(h, OP_POTRI);
    run_all(h, OP_POTI);
}
