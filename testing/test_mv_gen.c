/*
 * test_mv_gen.c — testers of GEMV and SYMV/HEMV with their _offset forms
 * (precision-generic). Each case draws fresh random data, runs kblasf on the handle's
 * executor and the CPU BLAS as reference on the same data, and checks the LAPACK-style
 * scaled residual
 *     max_i |y_i - yref_i| / (eps * (k + 1) * G_i),
 *     G_i = |alpha| * sum_j |op(A)_ij| |x_j| + |beta| |y0_i|
 * against TEST_TOLERANCE. Everything the routine must not read (outside the submatrix,
 * the other triangle, y when beta = 0) holds NaN, and everything it must not write
 * (the gaps of a strided y) must come back bit for bit.
 */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "blas.h"
#include "testing.h"

#define TFN(name) KBLASF_CAT3(test_, PREC, name)
#define EPS (sizeof(RT) == sizeof(float) ? (double)FLT_EPSILON : DBL_EPSILON)

#if IS_COMPLEX
#  define SYMV_OFFSET FN(hemv_offset)
#  define SYMV        FN(hemv)
#  define REF_SYMV    PFN(hemv_)
#  define SYMV_NAME   "HEMV"
static double absv(T x) { return cabs((double _Complex)x); }
static T rnd(void) { double re = test_rand(); return re + I * test_rand(); }
#else
#  define SYMV_OFFSET FN(symv_offset)
#  define SYMV        FN(symv)
#  define REF_SYMV    PFN(symv_)
#  define SYMV_NAME   "SYMV"
static double absv(T x) { return fabs((double)x); }
static T rnd(void) { return (T)test_rand(); }
#endif

static const int offsets[] = {0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65};
static const int incxs[] = {1, 2, -1, -3};
static const int incys[] = {1, -2, 3, 1};
static unsigned rot; /* rotates offsets, increments and padding across cases */

static size_t vlen(kblasf_int n, kblasf_int inc)
{
    return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs((int)inc) : 1;
}

/* Index in memory of logical element i of a BLAS vector of length n. */
static size_t vidx(kblasf_int i, kblasf_int n, kblasf_int inc)
{
    return inc > 0 ? (size_t)i * inc : (size_t)(n - 1 - i) * (size_t)(-inc);
}

static T *dev_copy(kblasf_handle_t h, const T *src, size_t count)
{
    return test_to_device(h, src, count, sizeof(T));
}

static void host_copy(kblasf_handle_t h, T *dst, const T *d, size_t count)
{
    test_from_device(h, dst, d, count, sizeof(T));
}

static T nan_value(void) { return (T)NAN; }

/* Scaled residual of y against yref (logical length len, increment inc); G holds the
 * per-element scale. Gaps between the elements must equal y0 bit for bit: returns
 * INFINITY otherwise. NaN anywhere gives INFINITY. */
static double residual(const T *y, const T *yref, const T *y0, size_t ylen, kblasf_int len,
                       kblasf_int inc, const double *G, kblasf_int k)
{
    double worst = 0;
    size_t p;
    kblasf_int i;
    char *is_elem = calloc(ylen, 1);

    for (i = 0; i < len; i++) {
        size_t q = vidx(i, len, inc);
        double diff = absv(y[q] - yref[q]), r;
        is_elem[q] = 1;
        if (isnan(diff) || isinf(diff)) {
            worst = INFINITY;
            continue;
        }
        r = G[i] > 0 ? diff / (EPS * (k + 1) * G[i]) : (diff > 0 ? INFINITY : 0);
        if (r > worst)
            worst = r;
    }
    for (p = 0; p < ylen; p++)
        if (!is_elem[p] && memcmp(&y[p], &y0[p], sizeof(T)) != 0)
            worst = INFINITY;
    free(is_elem);
    return worst;
}

/* One GEMV case: kblasf against the reference BLAS on the same data (quick returns must
 * leave y untouched, bit for bit). */
static void gemv_case(kblasf_handle_t h, char trans, kblasf_int m, kblasf_int n,
                      kblasf_int offr, kblasf_int offc, kblasf_int incx, kblasf_int incy,
                      T alpha, T beta, int selfcheck)
{
    int notrans = toupper((unsigned char)trans) == 'N';
    kblasf_int lda = MAX(1, offr + m + (kblasf_int)(rot % 3)), cols = offc + n;
    kblasf_int lenx = notrans ? n : m, leny = notrans ? m : n, k = notrans ? n : m;
    size_t asz = (size_t)lda * MAX(1, cols), xsz = vlen(lenx, incx), ysz = vlen(leny, incy);
    T *A = malloc(asz * sizeof(T)), *x = malloc(xsz * sizeof(T));
    T *y0 = malloc(ysz * sizeof(T)), *y = malloc(ysz * sizeof(T)), *yref = malloc(ysz * sizeof(T));
    double *G = calloc(MAX(1, leny), sizeof(double)), ratio;
    T *dA, *dx, *dy;
    kblasf_int i, j;
    size_t p;
    kblasf_status_t st;

    for (p = 0; p < asz; p++)
        A[p] = nan_value(); /* never to be read */
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            A[offr + i + (size_t)(offc + j) * lda] = rnd();
    for (p = 0; p < xsz; p++)
        x[p] = rnd();
    for (p = 0; p < ysz; p++)
        y0[p] = beta == 0 ? nan_value() : rnd(); /* beta = 0 must not read y */
    memcpy(yref, y0, ysz * sizeof(T));
    PFN(gemv_)(&trans, &m, &n, &alpha, A + offr + (size_t)offc * lda, &lda, x, &incx, &beta,
               yref, &incy, 1);

    for (i = 0; i < leny; i++) {
        double g = 0;
        for (j = 0; j < lenx; j++) {
            T a = notrans ? A[offr + i + (size_t)(offc + j) * lda]
                          : A[offr + j + (size_t)(offc + i) * lda];
            g += absv(a) * absv(x[vidx(j, lenx, incx)]);
        }
        G[i] = absv(alpha) * g + (beta != 0 ? absv(beta) * absv(y0[vidx(i, leny, incy)]) : 0);
    }

    dA = dev_copy(h, A, asz);
    dx = dev_copy(h, x, xsz);
    dy = dev_copy(h, y0, ysz);
    st = FN(gemv_offset)(h, trans, m, n, &alpha, dA, lda, dx, incx, &beta, dy, incy, offr, offc);
    host_copy(h, y, dy, ysz);

    if (m == 0 || n == 0 || (alpha == 0 && beta == 1))
        ratio = memcmp(y, y0, ysz * sizeof(T)) ? INFINITY : 0; /* quick return: untouched */
    else
        ratio = residual(y, yref, y0, ysz, leny, incy, G, k);
    test_check(st == KBLASF_STATUS_SUCCESS && ratio < TEST_TOLERANCE,
               PNAME("GEMV") " trans=%c m=%d n=%d off=(%d,%d) lda=%d incx=%d incy=%d "
               "alpha=%g beta=%g: status %d, residual %.3g",
               trans, (int)m, (int)n, (int)offr, (int)offc, (int)lda, (int)incx, (int)incy,
               (double)REAL(alpha), (double)REAL(beta), (int)st, ratio);
    if (selfcheck && leny > 0) {
        /* The checker itself must be able to fail: one wrong element is caught. */
        size_t q = vidx(leny / 2, leny, incy);
        y[q] += (T)(1e2 * TEST_TOLERANCE * EPS * (k + 1) * (G[leny / 2] + 1));
        test_check(residual(y, yref, y0, ysz, leny, incy, G, k) >= TEST_TOLERANCE,
                   PNAME("GEMV") " checker missed a wrong element");
    }
    kblasf_free(h, dA);
    kblasf_free(h, dx);
    kblasf_free(h, dy);
    free(A); free(x); free(y0); free(y); free(yref); free(G);
}

static void symv_case(kblasf_handle_t h, char uplo, kblasf_int n, kblasf_int off,
                      kblasf_int incx, kblasf_int incy, T alpha, T beta, int selfcheck)
{
    int lower = (toupper((unsigned char)uplo) == 'L');
    kblasf_int lda = MAX(1, off + n + (kblasf_int)(rot % 3)), cols = off + n;
    size_t asz = (size_t)lda * MAX(1, cols), xsz = vlen(n, incx), ysz = vlen(n, incy);
    T *A = malloc(asz * sizeof(T)), *x = malloc(xsz * sizeof(T));
    T *y0 = malloc(ysz * sizeof(T)), *y = malloc(ysz * sizeof(T)), *yref = malloc(ysz * sizeof(T));
    double *G = calloc(MAX(1, n), sizeof(double)), ratio;
    T *dA, *dx, *dy;
    kblasf_int i, j;
    size_t p;
    kblasf_status_t st;

    for (p = 0; p < asz; p++)
        A[p] = nan_value(); /* outside the stored triangle: never to be read */
    for (j = 0; j < n; j++)
        for (i = lower ? j : 0; i < (lower ? n : j + 1); i++) {
            T a = rnd();
#if IS_COMPLEX
            if (i == j) /* the imaginary part of the diagonal is not referenced */
                a = creal(a) + I * 1e30;
#endif
            A[off + i + (size_t)(off + j) * lda] = a;
        }
    for (p = 0; p < xsz; p++)
        x[p] = rnd();
    for (p = 0; p < ysz; p++)
        y0[p] = beta == 0 ? nan_value() : rnd();
    memcpy(yref, y0, ysz * sizeof(T));
    REF_SYMV(&uplo, &n, &alpha, A + off + (size_t)off * lda, &lda, x, &incx, &beta, yref,
             &incy, 1);

    for (i = 0; i < n; i++) {
        double g = 0;
        for (j = 0; j < n; j++) {
            int stored = lower ? i >= j : i <= j;
            T a = stored ? A[off + i + (size_t)(off + j) * lda] : A[off + j + (size_t)(off + i) * lda];
            g += (i == j ? fabs((double)REAL(a)) : absv(a)) * absv(x[vidx(j, n, incx)]);
        }
        G[i] = absv(alpha) * g + (beta != 0 ? absv(beta) * absv(y0[vidx(i, n, incy)]) : 0);
    }

    dA = dev_copy(h, A, asz);
    dx = dev_copy(h, x, xsz);
    dy = dev_copy(h, y0, ysz);
    st = SYMV_OFFSET(h, uplo, n, &alpha, dA, lda, dx, incx, &beta, dy, incy, off);
    host_copy(h, y, dy, ysz);

    if (n == 0 || (alpha == 0 && beta == 1))
        ratio = memcmp(y, y0, ysz * sizeof(T)) ? INFINITY : 0;
    else
        ratio = residual(y, yref, y0, ysz, n, incy, G, n);
    test_check(st == KBLASF_STATUS_SUCCESS && ratio < TEST_TOLERANCE,
               PNAME(SYMV_NAME) " uplo=%c n=%d off=%d lda=%d incx=%d incy=%d alpha=%g "
               "beta=%g: status %d, residual %.3g",
               uplo, (int)n, (int)off, (int)lda, (int)incx, (int)incy, (double)REAL(alpha),
               (double)REAL(beta), (int)st, ratio);
    if (selfcheck && n > 0) {
        size_t q = vidx(n / 2, n, incy);
        y[q] += (T)(1e2 * TEST_TOLERANCE * EPS * (n + 1) * (G[n / 2] + 1));
        test_check(residual(y, yref, y0, ysz, n, incy, G, n) >= TEST_TOLERANCE,
                   PNAME(SYMV_NAME) " checker missed a wrong element");
    }
    kblasf_free(h, dA);
    kblasf_free(h, dx);
    kblasf_free(h, dy);
    free(A); free(x); free(y0); free(y); free(yref); free(G);
}

/* alpha, beta pairs: plain, beta = 0 (y is NaN), alpha = 0, quick return, random. */
static void scalars(int s, T *alpha, T *beta)
{
    switch (s) {
    case 0: *alpha = 1; *beta = 1; break;
    case 1: *alpha = rnd(); *beta = 0; break;
    case 2: *alpha = 0; *beta = rnd(); break;
    case 3: *alpha = 0; *beta = 1; break;
    default: *alpha = rnd(); *beta = rnd(); break;
    }
}

enum { NSCALARS = 5 };

static const kblasf_int sizes[] = {0, 1, 2, 3, 5, 16, 17, 31, 32, 33, 64, 65, 100, 129};
/* On the GPU, shapes that span many blocks and column splits as well. */
static const kblasf_int big[][2] = {{1000, 1000}, {2049, 513}, {513, 2049}, {4099, 3001},
                                    {8192, 64}, {64, 8192}, {2048, 2048}};

/* Argument errors: the call reports through xerbla_ and leaves y alone. A, x and y are
 * device copies of the same 64 random elements; err_check reads y back after each call. */
typedef struct {
    T host[64];
    T *dA, *dx, *dy;
} err_bufs;

static void err_setup(kblasf_handle_t h, err_bufs *b)
{
    size_t p;

    for (p = 0; p < 64; p++)
        b->host[p] = rnd();
    b->dA = dev_copy(h, b->host, 64);
    b->dx = dev_copy(h, b->host, 64);
    b->dy = dev_copy(h, b->host, 64);
}

/* name: the routine as xerbla_ reports it (KBLASF_...) */
static void err_check(kblasf_handle_t h, const err_bufs *b, const char *name, kblasf_int pos,
                      kblasf_status_t st)
{
    T back[64];

    host_copy(h, back, b->dy, 64);
    test_check(st == KBLASF_STATUS_INVALID_VALUE && test_xerbla_was(name, pos) &&
                   !memcmp(back, b->host, sizeof back),
               "%s illegal argument %d: status %d, xerbla %s %ld", name + 7, (int)pos, (int)st,
               test_xerbla_name, test_xerbla_info);
}

static void err_free(kblasf_handle_t h, err_bufs *b)
{
    kblasf_free(h, b->dA);
    kblasf_free(h, b->dx);
    kblasf_free(h, b->dy);
}

static void gemv_errors(kblasf_handle_t h)
{
    static const struct { kblasf_int pos, m, n, lda, incx, incy, offr, offc; char trans; int nullab; }
    bad[] = {
        {1, 4, 4, 4, 1, 1, 0, 0, 'X', 0}, {2, -1, 4, 4, 1, 1, 0, 0, 'N', 0},
        {3, 4, -1, 4, 1, 1, 0, 0, 'N', 0}, {4, 4, 4, 4, 1, 1, 0, 0, 'N', 1},
        {6, 4, 4, 3, 1, 1, 0, 0, 'T', 0}, {8, 4, 4, 4, 0, 1, 0, 0, 'N', 0},
        {9, 4, 4, 4, 1, 1, 0, 0, 'N', 2}, {11, 4, 4, 4, 1, 0, 0, 0, 'C', 0},
        {12, 4, 4, 8, 1, 1, -1, 0, 'N', 0}, {13, 4, 4, 8, 1, 1, 0, -1, 'N', 0},
        {6, 4, 4, 4, 1, 1, 1, 0, 'N', 0},
    };
    T one = 1;
    err_bufs b;
    size_t t;

    err_setup(h, &b);
    for (t = 0; t < COUNT(bad); t++) {
        kblasf_status_t st;
        test_xerbla_reset();
        st = FN(gemv_offset)(h, bad[t].trans, bad[t].m, bad[t].n, bad[t].nullab == 1 ? NULL : &one,
                             b.dA, bad[t].lda, b.dx, bad[t].incx,
                             bad[t].nullab == 2 ? NULL : &one, b.dy, bad[t].incy, bad[t].offr,
                             bad[t].offc);
        err_check(h, &b, "KBLASF_" PNAME("GEMV"), bad[t].pos, st);
    }
    err_free(h, &b);
}

static void symv_errors(kblasf_handle_t h)
{
    static const struct { kblasf_int pos, n, lda, incx, incy, off; char uplo; int nullab; }
    bad[] = {
        {1, 4, 4, 1, 1, 0, 'X', 0}, {2, -1, 4, 1, 1, 0, 'L', 0}, {3, 4, 4, 1, 1, 0, 'U', 1},
        {5, 4, 3, 1, 1, 0, 'L', 0}, {7, 4, 4, 0, 1, 0, 'U', 0}, {8, 4, 4, 1, 1, 0, 'L', 2},
        {10, 4, 4, 1, 0, 0, 'L', 0}, {11, 4, 8, 1, 1, -1, 'U', 0}, {5, 4, 4, 1, 1, 1, 'L', 0},
    };
    T one = 1;
    err_bufs b;
    size_t t;

    err_setup(h, &b);
    for (t = 0; t < COUNT(bad); t++) {
        kblasf_status_t st;
        test_xerbla_reset();
        st = SYMV_OFFSET(h, bad[t].uplo, bad[t].n, bad[t].nullab == 1 ? NULL : &one, b.dA,
                         bad[t].lda, b.dx, bad[t].incx, bad[t].nullab == 2 ? NULL : &one, b.dy,
                         bad[t].incy, bad[t].off);
        err_check(h, &b, "KBLASF_" PNAME(SYMV_NAME), bad[t].pos, st);
    }
    err_free(h, &b);
}

void TFN(gemv)(kblasf_handle_t h)
{
    static const char trans[] = {'N', 'T', 'C'};
    size_t im, in, t, b;
    int s, first = 1;
    T alpha, beta;

    for (t = 0; t < 3; t++)
        for (im = 0; im < COUNT(sizes); im += test_quick ? 3 : 1)
            for (in = 0; in < COUNT(sizes); in += test_quick ? 4 : 1)
                for (s = 0; s < NSCALARS; s++, rot++) {
                    scalars(s, &alpha, &beta);
                    gemv_case(h, trans[t], sizes[im], sizes[in], offsets[rot % COUNT(offsets)],
                              offsets[(rot / 3) % COUNT(offsets)], incxs[rot % COUNT(incxs)],
                              incys[(rot / 2) % COUNT(incys)], alpha, beta,
                              first && s == 4 && sizes[im] > 1 && sizes[in] > 1);
                    if (s == 4 && sizes[im] > 1 && sizes[in] > 1)
                        first = 0;
                }
    /* Submatrix offsets 0..nb+1 on one shape, unit increments, in all three modes. */
    for (t = 0; t < 3; t++)
        for (s = 0; s <= 65; s += test_quick ? 8 : 1, rot++) {
            scalars(4, &alpha, &beta);
            gemv_case(h, trans[t], 67, 45, s, (s * 7) % 66, 1, 1, alpha, beta, 0);
        }
    if (test_on_gpu)
        for (t = 0; t < 3; t++)
            for (b = 0; b < COUNT(big); b++, rot++) {
                scalars(b % 2 ? 4 : 1, &alpha, &beta);
                gemv_case(h, trans[t], big[b][0], big[b][1], b % 2 ? 0 : offsets[rot % COUNT(offsets)],
                          b % 2 ? 0 : 3, b == 2 ? -2 : 1, 1, alpha, beta, 0);
            }
    gemv_errors(h);
}

void TFN(symv)(kblasf_handle_t h)
{
    static const char uplos[] = {'L', 'U'};
    static const kblasf_int nbig[] = {255, 256, 257, 1000, 2049, 4099};
    size_t in, t, b;
    int s;
    T alpha, beta;

    for (t = 0; t < 2; t++) {
        for (in = 0; in < COUNT(sizes); in++)
            for (s = 0; s < NSCALARS; s++, rot++) {
                scalars(s, &alpha, &beta);
                symv_case(h, uplos[t], sizes[in], offsets[rot % COUNT(offsets)],
                          incxs[rot % COUNT(incxs)], incys[(rot / 2) % COUNT(incys)], alpha,
                          beta, in == 8 && s == 4);
            }
        for (s = 0; s <= 65; s += test_quick ? 8 : 1, rot++) {
            scalars(4, &alpha, &beta);
            symv_case(h, uplos[t], 97, s, 1, 1, alpha, beta, 0);
        }
        if (test_on_gpu)
            for (b = 0; b < COUNT(nbig); b++, rot++) {
                scalars(b % 2 ? 4 : 1, &alpha, &beta);
                symv_case(h, uplos[t], nbig[b], b % 2 ? 0 : offsets[rot % COUNT(offsets)],
                          b == 3 ? -1 : 1, b == 4 ? 2 : 1, alpha, beta, 0);
            }
    }
    symv_errors(h);
}
