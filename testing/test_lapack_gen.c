/*
 * test_lapack_gen.c — testers of the Cholesky family (POTRF, POTRS, POTRI, TRTRI, LAUUM,
 * POSV), precision-generic (compiled once per precision, see src/prec.h); test_lapack.c
 * runs them under the KBLASF_OFFLOAD modes of test_run_modes.
 *
 * Every routine is called through four entries: the device API on the tester's handle,
 * the host form (kblasf_dpotrf_host), the F77 symbol (kblasf_dpotrf_) and the LAPACK name
 * (dpotrf_: kblasf's own when it exports the LAPACK names, else the system LAPACK's).
 * Each case draws fresh data; the other triangle holds NaN (never read: it and the padding
 * rows of A and B must come back bit for bit, and the result triangle must be NaN-free).
 * Residuals, against TEST_TOLERANCE, computed in double (s, c) or in the working precision
 * (d, z) with the reference BLAS, LAUUM's in long double (d, z) by the tester's own loops:
 *   POTRF  ||L L^H - A||_1 / (n ||A||_1 eps)
 *   POTRS, POSV  max_j ||b_j - A x_j||_1 / (||A||_1 ||x_j||_1 n eps)
 *   POTRI  ||I - A inv(A)||_1 / (n ||A||_1 ||inv(A)||_1 eps)   (inv(A) made Hermitian)
 *   TRTRI  ||T inv(T) - I||_1 / (n ||T||_1 ||inv(T)||_1 eps)
 *   LAUUM  ||R - L^H L||_1 / (n ||L||_1^2 eps)                   (U U^H for uplo 'U')
 * From order BIG_N on the n x n products are replaced by NPROBE random probe vectors X
 * (e.g. ||(L L^H - A) x_j||_1 / (n ||A||_1 ||x_j||_1 eps)), and ||A||_1 of A = L L^H by
 * its bound ||L||_1 ||L||_inf, to keep the reference BLAS cost O(n^2).
 * Also: exact info for non-positive-definite matrices (negative pivot, NaN, Inf) with the
 * factor of the leading minor checked and, through the host forms, F77 symbols and LAPACK
 * names, A compared bit for bit with what the system LAPACK's own POTRF (found with
 * dl_iterate_phdr/dlsym beside kblasf's; only when it is the reference LAPACK's) leaves; exact info for singular triangles (A unchanged),
 * every illegal argument through every entry (info, xerbla name and position, data
 * unchanged), and kblasf_lapack_calls() (+1 per LAPACK-style call served by kblasf).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* dladdr, dl_iterate_phdr */
#endif
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "blas.h"
#include "testing.h"
#include "test_lapack_gen.h"

/* The system LAPACK's own POTRF, found beside kblasf's in the process, is the reference
 * for what the host forms leave in A after info > 0 (glibc >= 2.34 has dlopen in libc:
 * nothing to add to the link line). */
#if defined(__GLIBC__) && defined(__GLIBC_MINOR__) && \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define HAVE_REF_POTRF 1
#include <dlfcn.h>
#include <link.h>
#endif

#define BIG_N 1000
#define NPROBE 4

/* LT: the precision of the LAUUM reference (long double for d and z); WT, WFN, rnd, wabs,
 * wconj: test_lapack_gen.h. */
#if IS_COMPLEX
static double absv(T x) { return cabs((double _Complex)x); }
#else
static double absv(T x) { return fabs((double)x); }
#endif

#if PREC_INDEX == 1 || PREC_INDEX == 3
#  if IS_COMPLEX
typedef long double _Complex LT;
static long double labs_(LT x) { return cabsl(x); }
static LT lconj(LT x) { return conjl(x); }
#  else
typedef long double LT;
static long double labs_(LT x) { return fabsl(x); }
static LT lconj(LT x) { return x; }
#  endif
#else
typedef WT LT;
static long double labs_(LT x) { return wabs(x); }
static LT lconj(LT x) { return wconj(x); }
#endif

/* ---- the routines under test, through their four entries ------------------------- */

void FN(potrf_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void FN(potrs_)(const char *, const kblasf_int *, const kblasf_int *, const T *,
                const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void FN(potri_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void FN(trtri_)(const char *, const char *, const kblasf_int *, T *, const kblasf_int *,
                kblasf_int *, size_t, size_t);
void FN(lauum_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void FN(posv_)(const char *, const kblasf_int *, const kblasf_int *, T *, const kblasf_int *,
               T *, const kblasf_int *, kblasf_int *, size_t);
void PFN(potrf_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void PFN(potrs_)(const char *, const kblasf_int *, const kblasf_int *, const T *,
                 const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void PFN(potri_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void PFN(trtri_)(const char *, const char *, const kblasf_int *, T *, const kblasf_int *,
                 kblasf_int *, size_t, size_t);
void PFN(lauum_)(const char *, const kblasf_int *, T *, const kblasf_int *, kblasf_int *, size_t);
void PFN(posv_)(const char *, const kblasf_int *, const kblasf_int *, T *, const kblasf_int *,
                T *, const kblasf_int *, kblasf_int *, size_t);

enum { R_POTRF, R_POTRS, R_POTRI, R_TRTRI, R_LAUUM, R_POSV, R_COUNT };
static const char *const rname[] = {"POTRF", "POTRS", "POTRI", "TRTRI", "LAUUM", "POSV"};

typedef struct {
    int r, e;
    char uplo, diag; /* as passed (lower case sometimes) */
    kblasf_int n, nrhs, lda, ldb;
} case_t;

static unsigned rot; /* rotates padding, nrhs, letter case, ... across cases */
/* run_case's inputs scaled by 2^scale_e2 (A, B; a triangle by 2^(scale_e2 / 2)): matrices
 * near underflow or overflow, as LAPACK's testers' types 8 and 9 */
static int scale_e2;

static char up(char c) { return (char)toupper((unsigned char)c); }
static int has_b(int r) { return r == R_POTRS || r == R_POSV; }

/* "DPOTRF (host form) uplo=L n=33 lda=35 [mode]" */
static const char *describe(const case_t *c)
{
    static char buf[256];
    int k;

    snprintf(buf, sizeof buf, PREC_UPPER "%s (%s) uplo=%c%s%c n=%ld lda=%ld", rname[c->r],
             ename[c->e], c->uplo, c->r == R_TRTRI ? " diag=" : "", c->r == R_TRTRI ? c->diag : ' ',
             (long)c->n, (long)c->lda);
    if (has_b(c->r)) {
        k = (int)strlen(buf);
        snprintf(buf + k, sizeof buf - k, " nrhs=%ld ldb=%ld", (long)c->nrhs, (long)c->ldb);
    }
    k = (int)strlen(buf);
    snprintf(buf + k, sizeof buf - k, " [%s]", *test_mode_env ? test_mode_env : "default");
    return buf;
}

/* Runs case c on A (asz elements) and B (bsz elements, or NULL); returns info. *calls:
 * how much kblasf_lapack_calls() grew. */
static kblasf_int call(kblasf_handle_t h, const case_t *c, T *A, size_t asz, T *B, size_t bsz,
                       kblasf_status_t *st, long *calls)
{
    kblasf_int info = -424242, n = c->n, nrhs = c->nrhs, lda = c->lda, ldb = c->ldb;
    char uplo = c->uplo, diag = c->diag;
    long before = kblasf_lapack_calls();

    *st = KBLASF_STATUS_SUCCESS;
    if (c->e == E_DEVICE) {
        T *dA = test_to_device(h, A, asz, sizeof(T)), *dB = NULL;
        if (B)
            dB = test_to_device(h, B, bsz, sizeof(T));
        switch (c->r) {
        case R_POTRF: *st = FN(potrf)(h, uplo, n, dA, lda, &info); break;
        case R_POTRS: *st = FN(potrs)(h, uplo, n, nrhs, dA, lda, dB, ldb, &info); break;
        case R_POTRI: *st = FN(potri)(h, uplo, n, dA, lda, &info); break;
        case R_TRTRI: *st = FN(trtri)(h, uplo, diag, n, dA, lda, &info); break;
        case R_LAUUM: *st = FN(lauum)(h, uplo, n, dA, lda, &info); break;
        case R_POSV:  *st = FN(posv)(h, uplo, n, nrhs, dA, lda, dB, ldb, &info); break;
        }
        kblasf_synchronize(h);
        test_from_device(h, A, dA, asz, sizeof(T));
        if (B)
            test_from_device(h, B, dB, bsz, sizeof(T));
        kblasf_synchronize(h);
        kblasf_free(h, dA);
        if (dB)
            kblasf_free(h, dB);
    } else if (c->e == E_HOST) {
        switch (c->r) {
        case R_POTRF: *st = FN(potrf_host)(uplo, n, A, lda, &info); break;
        case R_POTRS: *st = FN(potrs_host)(uplo, n, nrhs, A, lda, B, ldb, &info); break;
        case R_POTRI: *st = FN(potri_host)(uplo, n, A, lda, &info); break;
        case R_TRTRI: *st = FN(trtri_host)(uplo, diag, n, A, lda, &info); break;
        case R_LAUUM: *st = FN(lauum_host)(uplo, n, A, lda, &info); break;
        case R_POSV:  *st = FN(posv_host)(uplo, n, nrhs, A, lda, B, ldb, &info); break;
        }
    } else if (c->e == E_F77) {
        switch (c->r) {
        case R_POTRF: FN(potrf_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_POTRS: FN(potrs_)(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1); break;
        case R_POTRI: FN(potri_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_TRTRI: FN(trtri_)(&uplo, &diag, &n, A, &lda, &info, 1, 1); break;
        case R_LAUUM: FN(lauum_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_POSV:  FN(posv_)(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1); break;
        }
    } else {
        switch (c->r) {
        case R_POTRF: PFN(potrf_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_POTRS: PFN(potrs_)(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1); break;
        case R_POTRI: PFN(potri_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_TRTRI: PFN(trtri_)(&uplo, &diag, &n, A, &lda, &info, 1, 1); break;
        case R_LAUUM: PFN(lauum_)(&uplo, &n, A, &lda, &info, 1); break;
        case R_POSV:  PFN(posv_)(&uplo, &n, &nrhs, A, &lda, B, &ldb, &info, 1); break;
        }
    }
    *calls = kblasf_lapack_calls() - before;
    return info;
}

/* ---- data ----------------------------------------------------------------------- */

static T *dup_array(const T *src, size_t count)
{
    T *p = test_alloc(count * sizeof(T));
    memcpy(p, src, count * sizeof(T));
    return p;
}

static int in_tri(char U, kblasf_int i, kblasf_int j) { return U == 'L' ? i >= j : i <= j; }

/* Random Hermitian positive definite n x n matrix (full, ld n). Strong: random entries,
 * made Hermitian, diagonal dominant (n on the diagonal); weak: G G^H / n + 0.05 I, with
 * eigenvalues from 0.05 to about 1.4 (so that the residuals mean something). */
static void fill_hpd(T *Af, kblasf_int n, int weak)
{
    kblasf_int i, j;

    if (!weak) {
        for (j = 0; j < n; j++) {
            for (i = j + 1; i < n; i++) {
                AT(Af, n, i, j) = rnd();
                AT(Af, n, j, i) = CONJ(AT(Af, n, i, j));
            }
            AT(Af, n, j, j) = (T)(test_rand() + (IS_COMPLEX ? 1.5 : 1.0) * n + 1.0);
        }
        return;
    }
    {
        WT *G = test_alloc((size_t)n * n * sizeof(WT)), *P = test_alloc((size_t)n * n * sizeof(WT));
        WT alpha = 1.0 / n, zero = 0;
        size_t p;
        for (p = 0; p < (size_t)n * n; p++)
            G[p] = (WT)rnd();
        WFN(gemm_)("N", "C", &n, &n, &n, &alpha, G, &n, G, &n, &zero, P, &n, 1, 1);
        for (j = 0; j < n; j++) {
            for (i = j + 1; i < n; i++) {
                AT(Af, n, i, j) = (T)AT(P, n, i, j);
                AT(Af, n, j, i) = CONJ(AT(Af, n, i, j));
            }
            AT(Af, n, j, j) = (T)(REAL(AT(P, n, j, j)) + 0.05);
        }
        free(G);
        free(P);
    }
}

/* Random triangle (n x n, ld n, zeros in the other triangle). kind 0: a Cholesky factor
 * (real diagonal in [1.5, 2.5]), kind 1: a general triangle (diagonal around 2, complex
 * for c and z). Off the diagonal: random / n, or / sqrt(n) when weak. */
static void fill_tri(T *F, char U, kblasf_int n, int general, int weak)
{
    kblasf_int i, j;
    double scale = n > 0 ? (weak ? 1.0 / sqrt((double)n) : 1.0 / n) : 1;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            if (i == j)
                AT(F, n, i, j) = general ? (T)2 + (T)0.5 * rnd()
                                         : (T)(2.0 + 0.5 * test_rand());
            else if (in_tri(U, i, j))
                AT(F, n, i, j) = rnd() * (T)scale;
            else
                AT(F, n, i, j) = 0;
        }
}

/* Copies the triangle of the full n x n F (ld ldf) into A (ld lda). */
static void put_tri(T *A, kblasf_int lda, const T *F, kblasf_int ldf, char U, kblasf_int n)
{
    kblasf_int i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            if (in_tri(U, i, j))
                AT(A, lda, i, j) = AT(F, ldf, i, j);
}

/* Elements of A outside the triangle of order n (the other triangle, padding rows,
 * columns past n, and the diagonal when unit) that differ from A0 bit for bit. */
static long changed_outside(const T *A, const T *A0, size_t asz, kblasf_int lda, char U,
                            kblasf_int n, int unit)
{
    long bad = 0;
    size_t p;
    for (p = 0; p < asz; p++) {
        kblasf_int i = (kblasf_int)(p % (size_t)lda), j = (kblasf_int)(p / (size_t)lda);
        int inside = i < n && j < n && in_tri(U, i, j) && !(unit && i == j);
        if (!inside && memcmp(&A[p], &A0[p], sizeof(T)))
            bad++;
    }
    return bad;
}

/* Non-finite elements in the triangle of order k of A. */
static long nonfinite_tri(const T *A, kblasf_int lda, char U, kblasf_int k, int unit)
{
    long bad = 0;
    kblasf_int i, j;
    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++)
            if (in_tri(U, i, j) && !(unit && i == j) && !isfinite(absv(AT(A, lda, i, j))))
                bad++;
    return bad;
}

/* Rows n..ldb-1 of B (ncol columns) that differ from B0. */
static long changed_rows(const T *B, const T *B0, kblasf_int ldb, kblasf_int n, kblasf_int ncol)
{
    long bad = 0;
    kblasf_int i, j;
    for (j = 0; j < ncol; j++)
        for (i = n; i < ldb; i++)
            if (memcmp(&AT(B, ldb, i, j), &AT(B0, ldb, i, j), sizeof(T)))
                bad++;
    return bad;
}

/* ---- residuals ------------------------------------------------------------------ */

static double fixnan(double r) { return isnan(r) ? INFINITY : r; }

/* n x n wide copy of the triangle of A (zeros elsewhere; 1 on the diagonal if unit). */
static WT *wide_tri(const T *A, kblasf_int lda, char U, kblasf_int n, int unit)
{
    WT *F = test_alloc((size_t)n * n * sizeof(WT));
    kblasf_int i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(F, n, i, j) = i == j && unit ? (WT)1
                           : in_tri(U, i, j) ? (WT)AT(A, lda, i, j) : (WT)0;
    return F;
}

/* n x n wide Hermitian matrix from the triangle of A. */
static WT *wide_herm(const T *A, kblasf_int lda, char U, kblasf_int n)
{
    WT *F = test_alloc((size_t)n * n * sizeof(WT));
    kblasf_int i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            AT(F, n, i, j) = in_tri(U, i, j) ? (WT)AT(A, lda, i, j) : wconj((WT)AT(A, lda, j, i));
    return F;
}

static WT *wide_full(const T *A, kblasf_int lda, kblasf_int m, kblasf_int n)
{
    WT *F = test_alloc((size_t)m * n * sizeof(WT));
    kblasf_int i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            AT(F, m, i, j) = (WT)AT(A, lda, i, j);
    return F;
}

static double norm1(const WT *M, kblasf_int m, kblasf_int n, kblasf_int ld)
{
#if IS_COMPLEX
    return test_norm1_z(M, m, n, ld);
#else
    return test_norm1_d(M, m, n, ld);
#endif
}

static double norminf(const WT *M, kblasf_int n)
{
    double worst = 0;
    kblasf_int i, j;
    for (i = 0; i < n; i++) {
        double s = 0;
        for (j = 0; j < n; j++)
            s += wabs(AT(M, n, i, j));
        if (!(s <= worst))
            worst = s;
    }
    return worst;
}

static WT *probes(kblasf_int n, kblasf_int k)
{
    WT *X = test_alloc((size_t)n * k * sizeof(WT));
    size_t p;
    for (p = 0; p < (size_t)n * k; p++)
        X[p] = (WT)rnd();
    return X;
}

/* X := A X (n x nx) with A = F F^H ('L') or F^H F ('U'), F the n x n wide triangle. */
static void apply_chol(char U, kblasf_int n, const WT *F, WT *X, kblasf_int nx)
{
    WT one = 1;
    if (U == 'L') {
        WFN(trmm_)("L", "L", "C", "N", &n, &nx, &one, F, &n, X, &n, 1, 1, 1, 1);
        WFN(trmm_)("L", "L", "N", "N", &n, &nx, &one, F, &n, X, &n, 1, 1, 1, 1);
    } else {
        WFN(trmm_)("L", "U", "N", "N", &n, &nx, &one, F, &n, X, &n, 1, 1, 1, 1);
        WFN(trmm_)("L", "U", "C", "N", &n, &nx, &one, F, &n, X, &n, 1, 1, 1, 1);
    }
}

/* F F^H ('L') or F^H F ('U'), n x n. */
static WT *chol_product(char U, kblasf_int n, const WT *F)
{
    WT *P = test_alloc((size_t)n * n * sizeof(WT)), one = 1;
    memcpy(P, F, (size_t)n * n * sizeof(WT));
    if (U == 'L')
        WFN(trmm_)("R", "L", "C", "N", &n, &n, &one, F, &n, P, &n, 1, 1, 1, 1);
    else
        WFN(trmm_)("L", "U", "C", "N", &n, &n, &one, F, &n, P, &n, 1, 1, 1, 1);
    return P;
}

/* max_j ||R_j||_1 / (scale ||X_j||_1) over nx columns (ld n). */
static double col_ratio(const WT *R, const WT *X, kblasf_int n, kblasf_int nx, double scale)
{
    double worst = 0;
    kblasf_int j;
    for (j = 0; j < nx; j++) {
        double r = norm1(R + (size_t)j * n, n, 1, n), x = norm1(X + (size_t)j * n, n, 1, n);
        double q = r == 0 ? 0 : r / (scale * x);
        if (!(q <= worst))
            worst = q;
    }
    return fixnan(worst);
}

/* POTRF: the factor in the triangle of order k of A (ld lda) against Af (ld ldf). */
static double res_potrf(const T *A, kblasf_int lda, char U, kblasf_int k, const T *Af,
                        kblasf_int ldf)
{
    WT *F, *Aw;
    double an, r;
    kblasf_int p;

    if (k == 0)
        return 0;
    F = wide_tri(A, lda, U, k, 0);
    Aw = wide_full(Af, ldf, k, k);
    an = norm1(Aw, k, k, k);
    if (k < BIG_N) {
        WT *P = chol_product(U, k, F);
        for (p = 0; p < k * k; p++)
            P[p] -= Aw[p];
        r = fixnan(norm1(P, k, k, k) / (k * an * EPS));
        free(P);
    } else {
        WT *X = probes(k, NPROBE), *Y = test_alloc((size_t)k * NPROBE * sizeof(WT)), mone = -1, one = 1;
        kblasf_int np = NPROBE;
        memcpy(Y, X, (size_t)k * NPROBE * sizeof(WT));
        apply_chol(U, k, F, Y, NPROBE);
        WFN(gemm_)("N", "N", &k, &np, &k, &mone, Aw, &k, X, &k, &one, Y, &k, 1, 1);
        r = col_ratio(Y, X, k, NPROBE, k * an * EPS);
        free(X);
        free(Y);
    }
    free(F);
    free(Aw);
    return r;
}

/* POTRS/POSV: X (in B, ld ldb) against B0 for A = Af (full, ld n) or, when Af is NULL,
 * A = F F^H / F^H F from the wide factor F. */
static double res_solve(const T *X, const T *B0, kblasf_int ldb, kblasf_int n, kblasf_int nrhs,
                        const T *Af, char U, const WT *F)
{
    WT *Xw, *R;
    double an, r;
    size_t p;

    if (n == 0 || nrhs == 0)
        return 0;
    Xw = wide_full(X, ldb, n, nrhs);
    R = test_alloc((size_t)n * nrhs * sizeof(WT));
    memcpy(R, Xw, (size_t)n * nrhs * sizeof(WT));
    if (Af) {
        WT *Aw = wide_full(Af, n, n, n), zero = 0, one = 1;
        WFN(gemm_)("N", "N", &n, &nrhs, &n, &one, Aw, &n, Xw, &n, &zero, R, &n, 1, 1);
        an = norm1(Aw, n, n, n);
        free(Aw);
    } else {
        apply_chol(U, n, F, R, nrhs);
        if (n < BIG_N) {
            WT *P = chol_product(U, n, F);
            an = norm1(P, n, n, n);
            free(P);
        } else {
            an = norm1(F, n, n, n) * norminf(F, n);
        }
    }
    {
        WT *B0w = wide_full(B0, ldb, n, nrhs);
        for (p = 0; p < (size_t)n * nrhs; p++)
            R[p] = B0w[p] - R[p];
        free(B0w);
    }
    r = col_ratio(R, Xw, n, nrhs, an * n * EPS);
    free(Xw);
    free(R);
    return r;
}

/* POTRI: V (triangle of A) against the inverse of A = F F^H / F^H F. */
static double res_potri(const T *A, kblasf_int lda, char U, kblasf_int n, const WT *F)
{
    WT *V, one = 1, zero = 0;
    double vn, an, r;
    kblasf_int i;

    if (n == 0)
        return 0;
    V = wide_herm(A, lda, U, n);
    vn = norm1(V, n, n, n);
    if (n < BIG_N) {
        WT *P = chol_product(U, n, F), *W = test_alloc((size_t)n * n * sizeof(WT));
        an = norm1(P, n, n, n);
        WFN(gemm_)("N", "N", &n, &n, &n, &one, P, &n, V, &n, &zero, W, &n, 1, 1);
        for (i = 0; i < n; i++)
            AT(W, n, i, i) -= 1;
        r = fixnan(norm1(W, n, n, n) / (n * an * vn * EPS));
        free(P);
        free(W);
    } else {
        WT *X = probes(n, NPROBE), *Y = test_alloc((size_t)n * NPROBE * sizeof(WT));
        kblasf_int np = NPROBE;
        size_t p;
        an = norm1(F, n, n, n) * norminf(F, n);
        WFN(gemm_)("N", "N", &n, &np, &n, &one, V, &n, X, &n, &zero, Y, &n, 1, 1);
        apply_chol(U, n, F, Y, NPROBE);
        for (p = 0; p < (size_t)n * NPROBE; p++)
            Y[p] -= X[p];
        r = col_ratio(Y, X, n, NPROBE, n * an * vn * EPS);
        free(X);
        free(Y);
    }
    free(V);
    return r;
}

/* TRTRI: V (triangle of A) against T (triangle of A0). */
static double res_trtri(const T *A, const T *A0, kblasf_int lda, char U, int unit, kblasf_int n)
{
    WT *Tw, *V, one = 1;
    double tn, vn, r;
    kblasf_int i;
    char u[2] = {U, 0};

    if (n == 0)
        return 0;
    Tw = wide_tri(A0, lda, U, n, unit);
    V = wide_tri(A, lda, U, n, unit);
    tn = norm1(Tw, n, n, n);
    vn = norm1(V, n, n, n);
    if (n < BIG_N) {
        WFN(trmm_)("L", u, "N", "N", &n, &n, &one, Tw, &n, V, &n, 1, 1, 1, 1); /* V := T V */
        for (i = 0; i < n; i++)
            AT(V, n, i, i) -= 1;
        r = fixnan(norm1(V, n, n, n) / (n * tn * vn * EPS));
    } else {
        WT *X = probes(n, NPROBE), *Y = test_alloc((size_t)n * NPROBE * sizeof(WT));
        kblasf_int np = NPROBE;
        size_t p;
        memcpy(Y, X, (size_t)n * NPROBE * sizeof(WT));
        WFN(trmm_)("L", u, "N", "N", &n, &np, &one, V, &n, Y, &n, 1, 1, 1, 1);
        WFN(trmm_)("L", u, "N", "N", &n, &np, &one, Tw, &n, Y, &n, 1, 1, 1, 1);
        for (p = 0; p < (size_t)n * NPROBE; p++)
            Y[p] -= X[p];
        r = col_ratio(Y, X, n, NPROBE, n * tn * vn * EPS);
        free(X);
        free(Y);
    }
    free(Tw);
    free(V);
    return r;
}

/* LAUUM: R (triangle of A) against L^H L ('L') or U U^H ('U') of the triangle of A0,
 * computed by the tester in LT. */
static double res_lauum(const T *A, const T *A0, kblasf_int lda, char U, kblasf_int n)
{
    LT *F = test_alloc((size_t)n * n * sizeof(LT));
    double ln = 0, r;
    kblasf_int i, j, k;

    if (n == 0) {
        free(F);
        return 0;
    }
    /* F: the factor with the roles made alike: G = F^H F with F = L, or F = U^H */
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            LT v = 0;
            if (U == 'L' && i >= j)
                v = (LT)AT(A0, lda, i, j);
            else if (U == 'U' && i >= j)
                v = lconj((LT)AT(A0, lda, j, i)); /* F(i,j) = conj(U(j,i)) */
            AT(F, n, i, j) = v;
        }
    for (j = 0; j < n; j++) { /* ||L||_1 (of L or U: the same set of columns / rows) */
        double s = 0;
        for (i = 0; i < n; i++)
            s += (double)labs_(U == 'L' ? AT(F, n, i, j) : AT(F, n, j, i));
        if (s > ln)
            ln = s;
    }
    if (n < BIG_N) {
        /* D = R - F^H F in the lower triangle (index (i,j), i >= j); for 'U' the result
         * element (j,i) is conj of G(i,j) */
        double *colsum = calloc((size_t)n, sizeof(double)), worst = 0;
        for (j = 0; j < n; j++)
            for (i = j; i < n; i++) {
                LT g = 0, rij;
                double d;
                for (k = i; k < n; k++)
                    g += lconj(AT(F, n, k, i)) * AT(F, n, k, j);
                rij = U == 'L' ? (LT)AT(A, lda, i, j) : lconj((LT)AT(A, lda, j, i));
                d = (double)labs_(rij - g);
                if (isnan(d))
                    d = INFINITY;
                colsum[j] += d;
                if (i != j)
                    colsum[i] += d;
            }
        for (j = 0; j < n; j++)
            if (colsum[j] > worst)
                worst = colsum[j];
        r = fixnan(worst / (n * ln * ln * EPS));
        free(colsum);
    } else {
        LT *x = test_alloc((size_t)n * sizeof(LT)), *y = test_alloc((size_t)n * sizeof(LT));
        int q;
        r = 0;
        for (q = 0; q < NPROBE; q++) {
            double dn = 0, xn = 0, ratio;
            for (i = 0; i < n; i++) {
                x[i] = (LT)rnd();
                xn += (double)labs_(x[i]);
            }
            for (i = 0; i < n; i++) { /* y = F x */
                LT s = 0;
                for (k = 0; k <= i; k++)
                    s += AT(F, n, i, k) * x[k];
                y[i] = s;
            }
            for (i = 0; i < n; i++) { /* (F^H y)_i - (R x)_i */
                LT s = 0, t = 0;
                for (k = i; k < n; k++)
                    s += lconj(AT(F, n, k, i)) * y[k];
                for (k = 0; k < n; k++) {
                    /* Hermitian R in F's orientation: G(i,k), lower part stored as
                     * R(i,k) ('L') or conj(R(k,i)) ('U') */
                    kblasf_int a = i >= k ? i : k, b = i >= k ? k : i;
                    LT g = U == 'L' ? (LT)AT(A, lda, a, b) : lconj((LT)AT(A, lda, b, a));
                    t += (i >= k ? g : lconj(g)) * x[k];
                }
                dn += (double)labs_(s - t);
            }
            ratio = fixnan(dn / (n * ln * ln * xn * EPS));
            if (!(ratio <= r))
                r = ratio;
        }
        free(x);
        free(y);
    }
    free(F);
    return r;
}

/* ---- the cases ------------------------------------------------------------------ */

static void check_calls(const case_t *c, long calls, int *ok, char *why, size_t sz)
{
    /* quick returns (n = 0, nrhs = 0) may or may not count */
    if (c->n > 0 && !(has_b(c->r) && c->nrhs == 0) && calls != want_calls(c->e)) {
        *ok = 0;
        snprintf(why + strlen(why), sz - strlen(why), " kblasf_lapack_calls grew by %ld, not %ld;",
                 calls, want_calls(c->e));
    }
}

#define WHY(...) snprintf(why + strlen(why), sizeof why - strlen(why), __VA_ARGS__)

/* A normal case (a positive definite / nonsingular problem). selfcheck: also make sure
 * that the residual catches one wrong element. */
static void run_case(kblasf_handle_t h, case_t c, int weak, int selfcheck)
{
    char U = up(c.uplo);
    int unit = c.r == R_TRTRI && up(c.diag) == 'U';
    kblasf_int n = c.n, lda = c.lda, ldb = c.ldb, nrhs = c.nrhs, i;
    size_t asz = (size_t)lda * MAX(1, n), bsz = (size_t)ldb * MAX(1, nrhs);
    T *Af = NULL, *F = NULL, *A0 = nan_array(asz), *A, *B0 = NULL, *B = NULL;
    WT *Fw = NULL;
    kblasf_status_t st;
    kblasf_int info;
    long calls;
    double res = 0, res2 = 0;
    int ok = 1;
    char why[512] = "";

    if (c.r == R_POTRF || c.r == R_POSV) {
        Af = test_alloc((size_t)n * n * sizeof(T));
        fill_hpd(Af, n, weak);
        for (i = 0; i < n * n; i++)
            Af[i] *= (T)ldexp(1.0, scale_e2);
        put_tri(A0, lda, Af, n, U, n);
    } else {
        F = test_alloc((size_t)n * n * sizeof(T));
        fill_tri(F, U, n, c.r == R_TRTRI, weak);
        for (i = 0; i < n * n; i++)
            F[i] *= (T)ldexp(1.0, scale_e2 / 2);
        put_tri(A0, lda, F, n, U, n);
        if (unit)
            for (i = 0; i < n; i++)
                AT(A0, lda, i, i) = (T)NAN;
        Fw = wide_tri(F, n, U, n, 0);
    }
    A = dup_array(A0, asz);
    if (has_b(c.r)) {
        B0 = nan_array(bsz);
        for (i = 0; i < nrhs; i++) {
            kblasf_int r;
            for (r = 0; r < n; r++)
                AT(B0, ldb, r, i) = rnd() * (T)ldexp(1.0, scale_e2);
        }
        B = dup_array(B0, bsz);
    }

    info = call(h, &c, A, asz, B, bsz, &st, &calls);

    if (st != KBLASF_STATUS_SUCCESS) { ok = 0; WHY(" status %d;", (int)st); }
    if (info != 0) { ok = 0; WHY(" info %ld;", (long)info); }
    check_calls(&c, calls, &ok, why, sizeof why);
    if (c.r == R_POTRS) {
        if (memcmp(A, A0, asz * sizeof(T))) { ok = 0; WHY(" A changed;"); }
    } else {
        long bad = changed_outside(A, A0, asz, lda, U, n, unit);
        if (bad) { ok = 0; WHY(" %ld elements outside the triangle changed;", bad); }
        bad = nonfinite_tri(A, lda, U, n, unit);
        if (bad) { ok = 0; WHY(" %ld non-finite elements in the triangle;", bad); }
    }
    if (has_b(c.r)) {
        long bad = changed_rows(B, B0, ldb, n, nrhs);
        if (bad) { ok = 0; WHY(" %ld padding elements of B changed;", bad); }
        if (nrhs > 0 && (size_t)ldb * nrhs < bsz && memcmp(B + (size_t)ldb * nrhs, B0 + (size_t)ldb * nrhs, (bsz - (size_t)ldb * nrhs) * sizeof(T))) {
            ok = 0; WHY(" B changed past its columns;");
        }
    }
    if (n == 0 && (memcmp(A, A0, asz * sizeof(T)) || (B && memcmp(B, B0, bsz * sizeof(T))))) {
        ok = 0; WHY(" data changed for n = 0;");
    }
    if (info == 0) {
        switch (c.r) {
        case R_POTRF: res = res_potrf(A, lda, U, n, Af, n); break;
        case R_POSV:
            res = res_solve(B, B0, ldb, n, nrhs, Af, U, NULL);
            res2 = res_potrf(A, lda, U, n, Af, n);
            break;
        case R_POTRS: res = res_solve(B, B0, ldb, n, nrhs, NULL, U, Fw); break;
        case R_POTRI: res = res_potri(A, lda, U, n, Fw); break;
        case R_TRTRI: res = res_trtri(A, A0, lda, U, unit, n); break;
        case R_LAUUM: res = res_lauum(A, A0, lda, U, n); break;
        }
        if (!(res < TEST_TOLERANCE && res2 < TEST_TOLERANCE)) {
            ok = 0;
            WHY(" residual %.3g", res);
            if (c.r == R_POSV)
                WHY(" (factor %.3g)", res2);
            WHY(";");
        }
    }
    test_check(ok, "%s%s%s:%s", describe(&c), weak ? " weak" : "",
               scale_e2 ? (scale_e2 < 0 ? " scaled near underflow" : " scaled near overflow") : "",
               why);

    if (selfcheck && ok && n > 2 && !(has_b(c.r) && nrhs == 0)) {
        /* one wrong element, well above the rounding the residual allows, must show */
        T *X = c.r == R_POTRS || c.r == R_POSV ? B : A;
        kblasf_int ldx = X == B ? ldb : lda, pi = n - 1, pj = X == B ? 0 : (U == 'L' ? 1 : n - 1);
        double after = 0, mag;
        if (X == A && U == 'U')
            pi = 1;
        mag = absv(AT(X, ldx, pi, pj));
        AT(X, ldx, pi, pj) += (T)(1e2 * TEST_TOLERANCE * n * EPS * (mag + 1) * n);
        switch (c.r) {
        case R_POTRF: after = res_potrf(A, lda, U, n, Af, n); break;
        case R_POSV: after = res_solve(B, B0, ldb, n, nrhs, Af, U, NULL); break;
        case R_POTRS: after = res_solve(B, B0, ldb, n, nrhs, NULL, U, Fw); break;
        case R_POTRI: after = res_potri(A, lda, U, n, Fw); break;
        case R_TRTRI: after = res_trtri(A, A0, lda, U, unit, n); break;
        case R_LAUUM: after = res_lauum(A, A0, lda, U, n); break;
        }
        test_check(after >= TEST_TOLERANCE, "%s: the residual missed a wrong element (%.3g)",
                   describe(&c), after);
    }
    free(Af); free(F); free(Fw); free(A0); free(A); free(B0); free(B);
}

/* ---- info > 0 ------------------------------------------------------------------- */

typedef void (*potrf_fn)(const char *, const kblasf_int *, T *, const kblasf_int *,
                         kblasf_int *, size_t);
static potrf_fn ref_potrf;
static int ref_searched, ref_rejected;

#ifdef HAVE_REF_POTRF
static const char *kblasf_object;

/* The first loaded object other than the executable and libkblasf that defines ?potrf_
 * itself (the system liblapack, or a BLAS library that bundles LAPACK). */
static int find_ref(struct dl_phdr_info *info, size_t size, void *data)
{
    void *h, *sym;
    Dl_info di;

    (void)size;
    (void)data;
    if (!info->dlpi_name || !*info->dlpi_name ||
        (kblasf_object && !strcmp(info->dlpi_name, kblasf_object)))
        return 0;
    h = dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD);
    if (!h)
        return 0;
    sym = dlsym(h, KBLASF_STR(PFN(potrf_)));
    if (sym && dladdr(sym, &di) && di.dli_fname && !strcmp(di.dli_fname, info->dlpi_name) &&
        sym != (void *)FN(potrf_)) {
        /* only the reference LAPACK's POTRF (over any BLAS) is the algorithm kblasf's CPU
         * path follows: not OpenBLAS's, MKL's, BLIS/libFLAME's own, nor one that lets a NaN
         * pivot through */
        static const char *const others[] = {"openblas_get_config", "mkl_get_version",
                                             "bli_info_get_version_str", "FLA_Init"};
        size_t k;
        int reference = 1;
        for (k = 0; k < COUNT(others); k++)
            if (dlsym(h, others[k]))
                reference = 0;
        ref_rejected = !reference;
        if (reference)
            ref_potrf = (potrf_fn)sym; /* probed below, outside the loader's iteration */
        dlclose(h);
        return 1;
    }
    dlclose(h);
    return 0;
}
#endif

static void find_ref_potrf(void)
{
    const char *where = "";

    if (ref_searched)
        return;
    ref_searched = 1;
#ifdef HAVE_REF_POTRF
    {
        Dl_info di;
        if (dladdr((void *)FN(potrf_), &di) && di.dli_fname)
            kblasf_object = di.dli_fname;
        dl_iterate_phdr(find_ref, NULL);
        if (ref_potrf) {
            T a[2] = {(T)NAN, (T)-1};
            kblasf_int one = 1, inf1 = 0, inf2 = 0;
            ref_potrf("L", &one, &a[0], &one, &inf1, 1);
            ref_potrf("U", &one, &a[1], &one, &inf2, 1);
            if (inf1 != 1 || inf2 != 1) {
                ref_potrf = NULL;
                ref_rejected = 1;
            }
        }
        if (ref_potrf && dladdr((void *)ref_potrf, &di) && di.dli_fname)
            where = di.dli_fname;
    }
#endif
    printf("%s: reference for A after info > 0: %s%s\n", PNAME("POTRF"),
           ref_potrf ? "bit for bit, the POTRF of "
           : ref_rejected ? "none (the system LAPACK's POTRF is not the reference one; "
                            "leading factor only)"
                          : "none found (leading factor only)", where);
}

enum { K_NEGDIAG, K_NANDIAG, K_NANOFF, K_INFDIAG, K_INFOFF, K_COUNT };
static const char *const kname[] = {"negative pivot", "NaN on the diagonal",
                                    "NaN off the diagonal", "Inf on the diagonal",
                                    "Inf off the diagonal"};

/* POTRF/POSV on a matrix that is not positive definite: kind at row i (column j < i for
 * the off-diagonal kinds). Expected info: i+1 (0 or above i for Inf on the diagonal).
 * Through the host forms, F77 symbols and LAPACK names A must come back exactly as the
 * system LAPACK's own POTRF leaves it, when it can be found in the process. */
static void not_pd_case(kblasf_handle_t h, case_t c, int kind, kblasf_int i, kblasf_int j)
{
    char U = up(c.uplo);
    kblasf_int n = c.n, lda = c.lda, ldb = c.ldb, nrhs = c.nrhs, r, q, want = i + 1;
    size_t asz = (size_t)lda * MAX(1, n), bsz = (size_t)ldb * MAX(1, nrhs);
    T *Af = test_alloc((size_t)n * n * sizeof(T)), *A0 = nan_array(asz), *A, *B0 = NULL, *B = NULL;
    kblasf_status_t st;
    kblasf_int info;
    long calls;
    int ok = 1;
    char why[512] = "";

    fill_hpd(Af, n, 0);
    switch (kind) {
    case K_NEGDIAG: /* zeros between row/column i and the rest: the pivot is exactly A(i,i) */
        for (q = 0; q < n; q++)
            AT(Af, n, i, q) = AT(Af, n, q, i) = 0;
        AT(Af, n, i, i) = (T)(-1.0 - fabs(test_rand()));
        break;
    case K_NANDIAG: AT(Af, n, i, i) = (T)NAN; break;
    case K_INFDIAG: AT(Af, n, i, i) = (T)INFINITY; break;
    case K_NANOFF: AT(Af, n, i, j) = AT(Af, n, j, i) = (T)NAN; break;
    case K_INFOFF: AT(Af, n, i, j) = AT(Af, n, j, i) = (T)INFINITY; break;
    }
    put_tri(A0, lda, Af, n, U, n);
    A = dup_array(A0, asz);
    if (c.r == R_POSV) {
        B0 = nan_array(bsz);
        for (q = 0; q < nrhs; q++)
            for (r = 0; r < n; r++)
                AT(B0, ldb, r, q) = rnd();
        B = dup_array(B0, bsz);
    }

    info = call(h, &c, A, asz, B, bsz, &st, &calls);

    if (st == KBLASF_STATUS_INVALID_VALUE || (st != KBLASF_STATUS_SUCCESS && info == 0)) {
        ok = 0; WHY(" status %d;", (int)st);
    }
    check_calls(&c, calls, &ok, why, sizeof why);
    /* Inf on the diagonal: LAPACK goes on (sqrt(Inf) = Inf > 0), and what follows from
     * the Inf (Inf * 0 = NaN in a complex product, say) may stop a later pivot; but the
     * leading minor of order i is positive definite: info = 0 or info > i */
    if (kind == K_INFDIAG ? (info < 0 || info > n || (info > 0 && info <= i)) : info != want) {
        ok = 0;
        if (kind == K_INFDIAG)
            WHY(" info %ld, want 0 or %ld..%ld;", (long)info, (long)i + 1, (long)n);
        else
            WHY(" info %ld, want %ld;", (long)info, (long)want);
    }
    {
        long bad = changed_outside(A, A0, asz, lda, U, n, 0);
        if (bad) { ok = 0; WHY(" %ld elements outside the triangle changed;", bad); }
    }
    /* host forms, F77 symbols, LAPACK names: A exactly as LAPACK's own POTRF leaves it */
    find_ref_potrf();
    if (ref_potrf && c.e != E_DEVICE && (kind != K_INFDIAG || info > 0)) {
        T *R = dup_array(A0, asz);
        kblasf_int rinfo = -1;
        char ru = c.uplo;
        ref_potrf(&ru, &n, R, &lda, &rinfo, 1);
        if (rinfo != info || memcmp(R, A, asz * sizeof(T))) {
            size_t p, diff = 0, first = 0;
            for (p = asz; p-- > 0;)
                if (memcmp(&R[p], &A[p], sizeof(T))) {
                    diff++;
                    first = p;
                }
            ok = 0;
            WHY(" LAPACK's own POTRF gives info %ld and A differs in %zu elements (first at "
                "(%zu,%zu));", (long)rinfo, diff, first % (size_t)lda, first / (size_t)lda);
        }
        free(R);
    }
    if (info > 0 && info <= n && !(kind == K_INFDIAG && info - 1 > i)) {
        /* the leading minor of order info-1 is factored (unless it holds the Inf) */
        long bad = nonfinite_tri(A, lda, U, info - 1, 0);
        double res = res_potrf(A, lda, U, info - 1, Af, n);
        if (bad) { ok = 0; WHY(" %ld non-finite elements in the leading factor;", bad); }
        if (!(res < TEST_TOLERANCE)) { ok = 0; WHY(" leading factor residual %.3g;", res); }
        if (B && memcmp(B, B0, bsz * sizeof(T))) { ok = 0; WHY(" B changed;"); }
    }
    test_check(ok, "%s, %s at (%ld,%ld), info %ld:%s", describe(&c), kname[kind], (long)i,
               (long)(kind == K_NANOFF || kind == K_INFOFF ? j : i), (long)info, why);
    free(Af); free(A0); free(A); free(B0); free(B);
}

/* TRTRI/POTRI with exact zeros on the diagonal at k (and k2 > k when k2 >= 0): info k+1,
 * nothing computed. With diag 'U' (trtri) the zeros are not looked at: info 0. */
static void singular_case(kblasf_handle_t h, case_t c, kblasf_int k, kblasf_int k2)
{
    char U = up(c.uplo);
    int unit = c.r == R_TRTRI && up(c.diag) == 'U';
    kblasf_int n = c.n, lda = c.lda;
    size_t asz = (size_t)lda * MAX(1, n);
    T *F = test_alloc((size_t)n * n * sizeof(T)), *A0 = nan_array(asz), *A;
    kblasf_status_t st;
    kblasf_int info;
    long calls;
    int ok = 1;
    char why[512] = "";

    fill_tri(F, U, n, c.r == R_TRTRI, 0);
    put_tri(A0, lda, F, n, U, n);
    AT(A0, lda, k, k) = 0;
    if (k2 >= 0)
        AT(A0, lda, k2, k2) = 0;
    A = dup_array(A0, asz);
    info = call(h, &c, A, asz, NULL, 0, &st, &calls);
    /* kblasf_lapack_calls: not checked, the singular return comes before the routing */
    if (unit) {
        double res;
        long bad = changed_outside(A, A0, asz, lda, U, n, 1);
        if (st != KBLASF_STATUS_SUCCESS || info != 0) { ok = 0; WHY(" status %d info %ld;", (int)st, (long)info); }
        if (bad) { ok = 0; WHY(" %ld elements outside the strict triangle changed;", bad); }
        res = info == 0 ? res_trtri(A, A0, lda, U, 1, n) : INFINITY;
        if (!(res < TEST_TOLERANCE)) { ok = 0; WHY(" residual %.3g;", res); }
    } else {
        if (st == KBLASF_STATUS_INVALID_VALUE) { ok = 0; WHY(" status %d;", (int)st); }
        if (info != k + 1) { ok = 0; WHY(" info %ld, want %ld;", (long)info, (long)k + 1); }
        if (memcmp(A, A0, asz * sizeof(T))) { ok = 0; WHY(" A changed;"); }
    }
    test_check(ok, "%s, zero diagonal at %ld%s:%s", describe(&c), (long)k,
               k2 >= 0 ? " and n-1" : "", why);
    free(F); free(A0); free(A);
}

/* ---- illegal arguments ---------------------------------------------------------- */

static void illegal(kblasf_handle_t h, int e)
{
    static const struct { int r; kblasf_int pos; char uplo, diag; kblasf_int n, nrhs, lda, ldb; }
    bad[] = {
        {R_POTRF, 1, 'X', 'N', 4, 0, 4, 4}, {R_POTRF, 2, 'L', 'N', -1, 0, 4, 4},
        {R_POTRF, 4, 'U', 'N', 4, 0, 3, 4}, {R_POTRF, 4, 'L', 'N', 0, 0, 0, 4},
        {R_POTRF, 1, 'X', 'N', -1, 0, 0, 4},
        {R_POTRS, 1, 'x', 'N', 4, 2, 4, 4}, {R_POTRS, 2, 'L', 'N', -1, 2, 4, 4},
        {R_POTRS, 3, 'U', 'N', 4, -1, 4, 4}, {R_POTRS, 5, 'L', 'N', 4, 2, 3, 4},
        {R_POTRS, 7, 'U', 'N', 4, 2, 4, 3}, {R_POTRS, 5, 'L', 'N', 0, 1, 0, 1},
        {R_POTRS, 7, 'L', 'N', 0, 1, 1, 0},
        {R_POTRI, 1, ' ', 'N', 4, 0, 4, 4}, {R_POTRI, 2, 'U', 'N', -2, 0, 4, 4},
        {R_POTRI, 4, 'L', 'N', 5, 0, 4, 4}, {R_POTRI, 4, 'U', 'N', 0, 0, 0, 4},
        {R_TRTRI, 1, 'N', 'N', 4, 0, 4, 4}, {R_TRTRI, 2, 'L', 'X', 4, 0, 4, 4},
        {R_TRTRI, 3, 'U', 'U', -1, 0, 4, 4}, {R_TRTRI, 5, 'L', 'N', 4, 0, 3, 4},
        {R_TRTRI, 5, 'U', 'N', 0, 0, 0, 4}, {R_TRTRI, 2, 'l', 'T', -1, 0, 0, 4},
        {R_LAUUM, 1, 'T', 'N', 4, 0, 4, 4}, {R_LAUUM, 2, 'L', 'N', -1, 0, 4, 4},
        {R_LAUUM, 4, 'U', 'N', 4, 0, 2, 4}, {R_LAUUM, 4, 'L', 'N', 0, 0, 0, 4},
        {R_POSV, 1, 'C', 'N', 4, 2, 4, 4}, {R_POSV, 2, 'U', 'N', -1, 2, 4, 4},
        {R_POSV, 3, 'L', 'N', 4, -3, 4, 4}, {R_POSV, 5, 'U', 'N', 4, 2, 3, 4},
        {R_POSV, 7, 'L', 'N', 4, 2, 4, 3}, {R_POSV, 5, 'U', 'N', 0, 0, 0, 1},
        {R_POSV, 7, 'L', 'N', 0, 0, 1, 0}, {R_POSV, 3, 'L', 'N', 4, -1, 4, 3},
    };
    T A0[64], B0[64], A[64], B[64];
    size_t t, p;

    for (t = 0; t < COUNT(bad); t++) {
        case_t c;
        kblasf_status_t st;
        kblasf_int info;
        long calls;
        char want[32];
        int ok;

        c.r = bad[t].r; c.e = e; c.uplo = bad[t].uplo; c.diag = bad[t].diag; c.n = bad[t].n;
        c.nrhs = bad[t].nrhs; c.lda = bad[t].lda; c.ldb = bad[t].ldb;
        for (p = 0; p < 64; p++) {
            A0[p] = rnd();
            B0[p] = rnd();
        }
        memcpy(A, A0, sizeof A);
        memcpy(B, B0, sizeof B);
        snprintf(want, sizeof want, "%s" PREC_UPPER "%s", e == E_LAPACK ? "" : "KBLASF_", rname[c.r]);
        test_xerbla_reset();
        info = call(h, &c, A, 64, has_b(c.r) ? B : NULL, 64, &st, &calls);
        ok = info == -bad[t].pos && test_xerbla_was(want, bad[t].pos) && !memcmp(A, A0, sizeof A) &&
             !memcmp(B, B0, sizeof B) &&
             ((e != E_DEVICE && e != E_HOST) || st == KBLASF_STATUS_INVALID_VALUE);
        test_check(ok, "%s: illegal argument %ld: info %ld, xerbla %s %ld (want %s), status %d%s",
                   describe(&c), (long)bad[t].pos, (long)info, test_xerbla_name,
                   test_xerbla_info, want, (int)st,
                   memcmp(A, A0, sizeof A) || memcmp(B, B0, sizeof B) ? ", data changed" : "");
    }
}

/* ---- the driver ----------------------------------------------------------------- */

static case_t mk(int r, int e, char uplo, char diag, kblasf_int n, kblasf_int nrhs)
{
    case_t c;
    c.r = r;
    c.e = e;
    /* LAPACK's letters are case-insensitive: every seventh case passes lower case */
    c.uplo = rot % 7 == 2 ? (char)tolower((unsigned char)uplo) : uplo;
    c.diag = rot % 7 == 3 ? (char)tolower((unsigned char)diag) : diag;
    c.n = n;
    c.nrhs = nrhs;
    c.lda = MAX(1, n + (kblasf_int)(rot % 4));        /* lda = n every fourth case */
    c.ldb = MAX(1, n + 1 + (kblasf_int)((rot / 4) % 3));
    rot++;
    return c;
}

void TFN(chol)(kblasf_handle_t h)
{
    static const kblasf_int sizes[] = {0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 129, 257};
    static const kblasf_int quick[] = {0, 1, 3, 32, 65, 129};
    static const kblasf_int nrhss[] = {0, 1, 3, 16, 100};
    static const char uplos[] = "LU", diags[] = "NU";
    const kblasf_int *ns = test_quick ? quick : sizes;
    size_t nn = test_quick ? COUNT(quick) : COUNT(sizes), s;
    int first_entry = test_mode <= 0 ? E_DEVICE : E_HOST; /* the device API in the first mode */
    int r, e, u, d, selfchecked[R_COUNT] = {0};
    int is_dz = PREC_INDEX == 1 || PREC_INDEX == 3;

    /* every routine, entry, triangle (and diagonal), size */
    for (r = 0; r < R_COUNT; r++)
        for (e = first_entry; e < E_COUNT; e++)
            for (u = 0; u < 2; u++)
                for (d = 0; d < (r == R_TRTRI ? 2 : 1); d++)
                    for (s = 0; s < nn; s++) {
                        kblasf_int n = ns[s];
                        case_t c = mk(r, e, uplos[u], diags[d], n, nrhss[rot % COUNT(nrhss)]);
                        int self = !selfchecked[r] && n >= 60 && e == E_HOST &&
                                   !(has_b(r) && c.nrhs == 0);
                        run_case(h, c, n >= 2 && (rot / 3) % 2, self);
                        if (self)
                            selfchecked[r] = 1;
                    }
    /* scaled near underflow and overflow (2^-+900 in d and z, 2^-+100 in s and c): the
     * squares of the elements leave the range, the quotients a factorization takes do not
     * (the GPU's DPOTRF leaf once squared them; LAPACK's testers caught it). Every routine,
     * both triangles, orders around the leaves' (64); TRTRI non-unit (a unit triangle
     * scaled is no longer near its inverse's range: the inverse's entries overflow) */
    {
        static const kblasf_int sns[] = {2, 33, 100, 257};
        size_t s0 = test_quick ? 2 : 0;
        int sg;
        for (sg = -1; sg <= 1; sg += 2)
            for (r = 0; r < R_COUNT; r++)
                for (e = first_entry; e < E_COUNT; e += E_COUNT - 1 - first_entry)
                    for (u = 0; u < 2; u++)
                        for (s = s0; s < COUNT(sns); s++) {
                            scale_e2 = sg * SCALE_E2;
                            run_case(h, mk(r, e, uplos[u], 'N', sns[s], 1 + rot % 5), 0, 0);
                        }
        scale_e2 = 0;
    }
    /* large orders: 1000 (d, z; host form; one triangle), 1025 and 2100 on the GPU */
    if (is_dz)
        for (r = 0; r < R_COUNT; r++) {
            kblasf_int big[] = {1000, 1025, 2100};
            /* 1025 and 2100 where the host form can reach the GPU (not in the CPU modes) */
            int cpu_mode = strstr(test_mode_env, "never") || strstr(test_mode_env, "MEMORY_LIMIT");
            size_t nb = test_on_gpu && !test_quick && !cpu_mode ? 3 : 1, b;
            if (test_quick && r != R_POTRF && r != R_POSV)
                continue;
            for (b = 0; b < nb; b++)
                for (e = first_entry; e <= E_HOST; e++) {
                    if (big[b] == 1000 && e == E_DEVICE)
                        continue;
                    run_case(h, mk(r, e, uplos[(r + b) % 2], diags[(r + b) % 2], big[b], 16), 0, 0);
                }
        }

    /* info > 0 */
    for (e = first_entry; e < E_COUNT; e++) {
        static const kblasf_int pns[] = {1, 2, 33, 70, 130};
        size_t p;
        for (r = 0; r < 2; r++)
            for (u = 0; u < 2; u++)
                for (p = test_quick ? 2 : 0; p < COUNT(pns); p++) {
                    kblasf_int n = pns[p];
                    int kind;
                    for (kind = 0; kind < K_COUNT; kind++) {
                        kblasf_int choices[] = {0, n - 1, n / 2, MAX(0, MIN(n - 1, 64)), MIN(n - 1, 31)};
                        kblasf_int i = choices[rot % 5], j;
                        int off = kind == K_NANOFF || kind == K_INFOFF;
                        if (off && i == 0)
                            i = n - 1;
                        if (off && i == 0)
                            continue; /* n = 1: no off-diagonal */
                        j = off ? (kblasf_int)((rot * 7u) % (unsigned)i) : i;
                        not_pd_case(h, mk(r ? R_POSV : R_POTRF, e, uplos[u], 'N', n, 1 + (kblasf_int)(rot % 4)),
                                    kind, i, j);
                    }
                }
        for (r = 0; r < 2; r++)
            for (u = 0; u < 2; u++)
                for (p = test_quick ? 2 : 0; p < COUNT(pns); p++) {
                    kblasf_int n = pns[p], k = (kblasf_int)((rot * 13u) % (unsigned)n);
                    kblasf_int k2 = rot % 3 == 0 && k + 1 < n ? n - 1 : -1;
                    singular_case(h, mk(r ? R_POTRI : R_TRTRI, e, uplos[u], 'N', n, 0), k, k2);
                    if (!r)
                        singular_case(h, mk(R_TRTRI, e, uplos[u], 'U', n, 0), k, k2);
                }
        illegal(h, e);
    }
}
