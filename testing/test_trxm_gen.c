/*
 * test_trxm_gen.c — testers of the recursive in-place TRMM and TRSM (precision-generic).
 * Every side/uplo/trans/diag, sizes 0, 1, powers of two and their neighbours, tall and
 * wide shapes, lda/ldb larger than needed, alpha 0, 1 and random, several recursion stop
 * sizes, and for TRSM both kinds of leaves (solved, or multiplied by the inverted
 * diagonal blocks). What must not be read (the other triangle; the diagonal when diag = 'U') holds
 * NaN. Residuals, elementwise, scaled like LAPACK's:
 *   TRMM  |B - Bref| / (eps (k+1) |alpha| |op(A)| |B0|)
 *   TRSM  |op(A) X - alpha B0| / (eps (k+1) (|op(A)| |X| + |alpha| |B0|))   (backward error)
 * with k the order of A.
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
static double absv(T x) { return cabs((double _Complex)x); }
static T rnd(void) { double re = test_rand(); return re + I * test_rand(); }
#else
static double absv(T x) { return fabs((double)x); }
static T rnd(void) { return (T)test_rand(); }
#endif

static unsigned rot;
static const char *leaves_name = "";
static int leaves_invert; /* the leaves multiply by inverted blocks (the one-kernel solve's mode) */

/* |op(A)| |X| for the m x n result layout, into G (m x n), through the reference TRMM
 * on absolute values (|op(A)| = op(|A|); the unit diagonal stays implicit). */
static void abs_product(const T *A, kblasf_int lda, char side, char uplo, char trans, char diag,
                        kblasf_int m, kblasf_int n, const T *X, kblasf_int ldx, double *G)
{
    kblasf_int k = side == 'L' ? m : n, i, j, ldw = MAX(1, m);
    T *Aa = malloc((size_t)lda * MAX(1, k) * sizeof(T)), *W = malloc((size_t)ldw * n * sizeof(T));
    T one = 1;
    char t = trans == 'C' ? 'T' : trans;

    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++) {
            size_t q = i + (size_t)j * lda;
            int stored = uplo == 'L' ? i >= j : i <= j;
            Aa[q] = stored && !(i == j && diag == 'U') ? (T)absv(A[q]) : (T)0;
        }
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            W[i + (size_t)j * ldw] = (T)absv(X[i + (size_t)j * ldx]);
    PFN(trmm_)(&side, &uplo, &t, &diag, &m, &n, &one, Aa, &lda, W, &ldw, 1, 1, 1, 1);
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            G[i + (size_t)j * m] = REAL(W[i + (size_t)j * ldw]);
    free(Aa);
    free(W);
}

/* API used by a case: the device API on the handle, the host-pointer API, or the F77 symbol. */
enum { DEVICE_API, HOST_API, F77_API };
static const char *api_name[] = {"", " (host API)", " (F77)"};

void FN(trmm_)(const char *, const char *, const char *, const char *, const kblasf_int *,
               const kblasf_int *, const T *, const T *, const kblasf_int *, T *,
               const kblasf_int *, size_t, size_t, size_t, size_t);
void FN(trsm_)(const char *, const char *, const char *, const char *, const kblasf_int *,
               const kblasf_int *, const T *, const T *, const kblasf_int *, T *,
               const kblasf_int *, size_t, size_t, size_t, size_t);

static void trxm_case_api(kblasf_handle_t h, int api, int solve, char side, char uplo,
                          char trans, char diag, kblasf_int m, kblasf_int n, T alpha,
                          kblasf_int nb, int selfcheck)
{
    int left = side == 'L', lower = uplo == 'L', unit = diag == 'U';
    kblasf_int k = left ? m : n, lda = MAX(1, k + (kblasf_int)(rot % 3)),
               ldb = MAX(1, m + (kblasf_int)((rot / 3) % 2) * 5), i, j;
    size_t asz = (size_t)lda * MAX(1, k), bsz = (size_t)ldb * MAX(1, n), p;
    T *A = malloc(asz * sizeof(T)), *B0 = malloc(bsz * sizeof(T)), *B = malloc(bsz * sizeof(T));
    T *R = malloc(bsz * sizeof(T));
    double *G = malloc(MAX(1, (size_t)m * n) * sizeof(double)), worst = 0;
    T *dA, *dB;
    kblasf_status_t st;
    const char *name = solve ? PNAME("TRSM") : PNAME("TRMM");

    for (p = 0; p < asz; p++)
        A[p] = (T)NAN; /* the other triangle, and padding: never read */
    for (j = 0; j < k; j++)
        for (i = 0; i < k; i++) {
            if (i == j)
                A[i + (size_t)j * lda] = unit ? (T)NAN : rnd() + (T)2;
            else if (lower ? i > j : i < j)
                A[i + (size_t)j * lda] = rnd() / (T)(solve ? k : 1); /* keep solves tame */
        }
    for (p = 0; p < bsz; p++)
        B0[p] = rnd();
    memcpy(B, B0, bsz * sizeof(T));

    if (api == DEVICE_API) {
        dA = test_to_device(h, A, asz, sizeof(T));
        dB = test_to_device(h, B0, bsz, sizeof(T));
        kblasf_set_trxm_stop_size(h, nb);
        st = solve ? FN(trsm)(h, side, uplo, trans, diag, m, n, &alpha, dA, lda, dB, ldb)
                   : FN(trmm)(h, side, uplo, trans, diag, m, n, &alpha, dA, lda, dB, ldb);
        test_from_device(h, B, dB, bsz, sizeof(T));
        kblasf_free(h, dA);
        kblasf_free(h, dB);
    } else if (api == HOST_API) {
        st = solve ? FN(trsm_host)(side, uplo, trans, diag, m, n, &alpha, A, lda, B, ldb)
                   : FN(trmm_host)(side, uplo, trans, diag, m, n, &alpha, A, lda, B, ldb);
    } else {
        (solve ? FN(trsm_) : FN(trmm_))(&side, &uplo, &trans, &diag, &m, &n, &alpha, A, &lda,
                                         B, &ldb, 1, 1, 1, 1);
        st = KBLASF_STATUS_SUCCESS;
    }

    if (m > 0 && n > 0) {
        if (!solve) {
            /* reference on the same data */
            memcpy(R, B0, bsz * sizeof(T));
            PFN(trmm_)(&side, &uplo, &trans, &diag, &m, &n, &alpha, A, &lda, R, &ldb, 1, 1, 1, 1);
            abs_product(A, lda, side, uplo, trans, diag, m, n, B0, ldb, G);
            for (p = 0; p < (size_t)m * n; p++)
                G[p] *= absv(alpha);
        } else {
            /* R = op(A) X recomputed by the reference TRMM; compare with alpha B0 */
            T one = 1;
            memcpy(R, B, bsz * sizeof(T));
            PFN(trmm_)(&side, &uplo, &trans, &diag, &m, &n, &one, A, &lda, R, &ldb, 1, 1, 1, 1);
            abs_product(A, lda, side, uplo, trans, diag, m, n, B, ldb, G);
            for (j = 0; j < n; j++)
                for (i = 0; i < m; i++) {
                    size_t q = i + (size_t)j * ldb;
                    G[i + (size_t)j * m] += absv(alpha) * absv(B0[q]);
                    R[q] -= alpha * B0[q];
                }
        }
        for (j = 0; j < n; j++)
            for (i = 0; i < m; i++) {
                size_t q = i + (size_t)j * ldb;
                double diff = solve ? absv(R[q]) : absv(B[q] - R[q]), g = G[i + (size_t)j * m];
                double r = isnan(diff) || isinf(diff) ? INFINITY
                         : g > 0 ? diff / (EPS * (k + 1) * g) : (diff > 0 ? INFINITY : 0);
                if (r > worst)
                    worst = r;
            }
        for (j = 0; j < n; j++) /* rows m..ldb-1 are not B's: untouched */
            for (i = m; i < ldb; i++)
                if (memcmp(&B[i + (size_t)j * ldb], &B0[i + (size_t)j * ldb], sizeof(T)))
                    worst = INFINITY;
    } else if (memcmp(B, B0, bsz * sizeof(T))) {
        worst = INFINITY;
    }
    test_check(st == KBLASF_STATUS_SUCCESS && worst < TEST_TOLERANCE,
               "%s%s %c%c%c%c m=%d n=%d lda=%d ldb=%d alpha=%g nb=%d%s: status %d, residual %.3g",
               name, api_name[api], side, uplo, trans, diag, (int)m, (int)n, (int)lda, (int)ldb,
               (double)REAL(alpha), (int)nb, solve ? leaves_name : "", (int)st, worst);
    if (selfcheck && m > 1 && n > 1 && !solve) {
        /* the check must be able to fail: one wrong element of B */
        size_t q = 1 + (size_t)ldb;
        double g = G[1 + (size_t)m];
        T bad = B[q] + (T)(1e2 * TEST_TOLERANCE * EPS * (k + 1) * (g + 1));
        test_check(absv(bad - R[q]) / (EPS * (k + 1) * g) >= TEST_TOLERANCE,
                   "%s checker missed a wrong element", name);
    }
    free(A); free(B0); free(B); free(R); free(G);
}

static void trxm_case(kblasf_handle_t h, int solve, char side, char uplo, char trans, char diag,
                      kblasf_int m, kblasf_int n, T alpha, kblasf_int nb, int selfcheck)
{
    trxm_case_api(h, DEVICE_API, solve, side, uplo, trans, diag, m, n, alpha, nb, selfcheck);
}

static void errors(kblasf_handle_t h, int solve)
{
    static const struct { kblasf_int pos; char side, uplo, trans, diag; kblasf_int m, n, lda, ldb; int nullalpha; }
    bad[] = {
        {1, 'X', 'L', 'N', 'N', 4, 4, 4, 4, 0}, {2, 'L', 'X', 'N', 'N', 4, 4, 4, 4, 0},
        {3, 'L', 'L', 'X', 'N', 4, 4, 4, 4, 0}, {4, 'R', 'U', 'T', 'X', 4, 4, 4, 4, 0},
        {5, 'L', 'L', 'N', 'N', -1, 4, 4, 4, 0}, {6, 'L', 'L', 'N', 'N', 4, -1, 4, 4, 0},
        {7, 'L', 'L', 'N', 'N', 4, 4, 4, 4, 1}, {9, 'L', 'L', 'N', 'N', 4, 2, 3, 4, 0},
        {9, 'R', 'U', 'C', 'U', 2, 4, 3, 4, 0}, {11, 'R', 'L', 'N', 'N', 4, 2, 4, 3, 0},
    };
    const char *want = solve ? "KBLASF_" PNAME("TRSM") : "KBLASF_" PNAME("TRMM");
    T host[64], back[64], one = 1;
    T *dA, *dB;
    size_t t, p;

    for (p = 0; p < 64; p++)
        host[p] = rnd();
    dA = test_to_device(h, host, 64, sizeof(T));
    dB = test_to_device(h, host, 64, sizeof(T));
    for (t = 0; t < COUNT(bad); t++) {
        kblasf_status_t st;
        test_xerbla_reset();
        st = (solve ? FN(trsm) : FN(trmm))(h, bad[t].side, bad[t].uplo, bad[t].trans, bad[t].diag,
                                           bad[t].m, bad[t].n, bad[t].nullalpha ? NULL : &one,
                                           dA, bad[t].lda, dB, bad[t].ldb);
        test_from_device(h, back, dB, 64, sizeof(T));
        test_check(st == KBLASF_STATUS_INVALID_VALUE && test_xerbla_was(want, bad[t].pos) &&
                   !memcmp(back, host, sizeof host),
                   "%s illegal argument %d: status %d, xerbla %s %ld", want + 7,
                   (int)bad[t].pos, (int)st, test_xerbla_name, test_xerbla_info);
    }
    kblasf_free(h, dA);
    kblasf_free(h, dB);
}

static void run(kblasf_handle_t h, int solve)
{
    static const char sides[] = "LR", uplos[] = "LU", transs[] = "NTC", diags[] = "NU";
    static const kblasf_int ks[] = {0, 1, 2, 3, 7, 8, 9, 16, 31, 32, 33, 63, 64, 65, 100, 127,
                                    128, 129, 200, 256, 257};
    static const kblasf_int others[] = {1, 2, 5, 17, 64, 130};
    static const kblasf_int nbs[] = {1, 4, 16, 64, 0, 48}; /* 48: not a power of two */
    int s, u, t, d, first = 1;
    size_t i;

    for (s = 0; s < 2; s++)
        for (u = 0; u < 2; u++)
            for (t = 0; t < 3; t++)
                for (d = 0; d < 2; d++)
                    for (i = 0; i < COUNT(ks); i += test_quick ? 4 : 1, rot++) {
                        kblasf_int k = ks[i], o = others[rot % COUNT(others)];
                        T alpha = rot % 7 == 0 ? (T)0 : rot % 5 == 0 ? (T)1 : rnd();
                        kblasf_int nb = nbs[rot % COUNT(nbs)];
                        trxm_case(h, solve, sides[s], uplos[u], transs[t], diags[d],
                                  sides[s] == 'L' ? k : o, sides[s] == 'L' ? o : k, alpha, nb,
                                  first && k > 100);
                        if (k > 100)
                            first = 0;
                    }
    /* tall (m = 1000, n = 1..64) and wide shapes, on both sides; larger on the GPU */
    for (s = 0; s < 2; s++)
        for (i = 0; i < 4; i++, rot++) {
            kblasf_int big = test_on_gpu && !test_quick ? 4096 : 600, thin = (kblasf_int[]){1, 7, 16, 64}[i];
            trxm_case(h, solve, sides[s], uplos[rot % 2], transs[rot % 3], diags[rot % 2],
                      sides[s] == 'L' ? big : thin, sides[s] == 'L' ? thin : big, rnd(),
                      0, 0);
            trxm_case(h, solve, sides[s], uplos[rot % 2], transs[rot % 3], diags[(rot + 1) % 2],
                      sides[s] == 'L' ? thin : big, sides[s] == 'L' ? big : thin, rnd(),
                      0, 0);
        }
    /* one right-hand side with the one-kernel solve's tiles forced through the TMA (GPU,
     * sm_90; elsewhere the loads serve it): last chunks of 1, 8, 40 and 1 rows, forward and
     * backward, lda = k, k + 1, k + 2 by turns (odd k backward keeps the loads) */
    if (solve && test_on_gpu) {
        static const kblasf_int tk[] = {129, 200, 1000, 4097};
        test_check(kblasf_set_trsv_tma(h, KBLASF_TRSV_TMA_ALWAYS) == KBLASF_STATUS_SUCCESS,
                   "set_trsv_tma(ALWAYS)");
        for (i = 0; i < 4 * COUNT(tk); i++, rot++)
            trxm_case(h, 1, 'L', uplos[i % 2], transs[(i / 2) % 2 ? 1 + rot % 2 : 0],
                      diags[rot % 2], tk[i / 4], 1, rnd(), 0, 0);
        kblasf_set_trsv_tma(h, KBLASF_TRSV_TMA_DEFAULT);
        /* more chunks than the GPU has SMs (161 in real types, for GPUs of up to 160 SMs):
         * the blocks past the first wave, and in real types x_{q-2} by N_q (chain_ahead2);
         * once a precision, as its host-side set-up and check cost about 20 s each (not in
         * the quick runs that the sanitizers make) */
        if (leaves_invert && !test_quick)
            trxm_case(h, 1, 'L', uplos[rot % 2], transs[rot % 3], diags[rot % 2], 10257, 1,
                      rnd(), 0, 0);
    }
    /* B of 1000 columns (rows) on a triangle of order 300 */
    for (s = 0; s < 2; s++, rot++)
        trxm_case(h, solve, sides[s], uplos[rot % 2], transs[rot % 3], diags[rot % 2],
                  sides[s] == 'L' ? 300 : 1000 + (kblasf_int)(rot % 3),
                  sides[s] == 'L' ? 1000 + (kblasf_int)(rot % 3) : 300, rnd(), nbs[rot % COUNT(nbs)], 0);
    kblasf_set_trxm_stop_size(h, 0);
    /* host-pointer API and F77 symbol: below and above the size sent to the GPU */
    for (i = 0; i < 4; i++, rot++) {
        kblasf_int k = (kblasf_int[]){5, 255, 300, 700}[i];
        trxm_case_api(h, i % 2 ? F77_API : HOST_API, solve, sides[rot % 2], uplos[(rot / 2) % 2],
                      transs[rot % 3], diags[rot % 2], k, k / 2 + 1, rnd(), 0, 0);
        trxm_case_api(h, i % 2 ? HOST_API : F77_API, solve, sides[(rot + 1) % 2], uplos[rot % 2],
                      transs[(rot + 1) % 3], diags[(rot + 1) % 2], k + 3, k, rnd(), 0, 0);
    }
    errors(h, solve);
}

void TFN(trmm)(kblasf_handle_t h) { run(h, 0); }

void TFN(trsm)(kblasf_handle_t h)
{
    static const struct { kblasf_trsm_leaves_t mode; const char *name; } leaves[] = {
        {KBLASF_TRSM_LEAVES_INVERT, ", inverted leaves"}, {KBLASF_TRSM_LEAVES_SOLVE, ", solved leaves"}};
    size_t i;

    for (i = 0; i < COUNT(leaves); i++) {
        test_check(kblasf_set_trsm_leaves(h, leaves[i].mode) == KBLASF_STATUS_SUCCESS,
                   "set_trsm_leaves(%d)", (int)leaves[i].mode);
        leaves_name = leaves[i].name;
        leaves_invert = leaves[i].mode == KBLASF_TRSM_LEAVES_INVERT;
        run(h, 1);
    }
    test_check(kblasf_set_trsm_leaves(h, (kblasf_trsm_leaves_t)7) == KBLASF_STATUS_INVALID_VALUE &&
                   kblasf_set_trsm_leaves(NULL, KBLASF_TRSM_LEAVES_SOLVE) == KBLASF_STATUS_INVALID_VALUE,
               "set_trsm_leaves rejects a bad mode and a NULL handle");
    kblasf_set_trsm_leaves(h, KBLASF_TRSM_LEAVES_DEFAULT);
    leaves_name = "";
    leaves_invert = 0;
    test_check(kblasf_set_trsv_tma(h, (kblasf_trsv_tma_t)7) == KBLASF_STATUS_INVALID_VALUE &&
                   kblasf_set_trsv_tma(NULL, KBLASF_TRSV_TMA_NEVER) == KBLASF_STATUS_INVALID_VALUE,
               "set_trsv_tma rejects a bad mode and a NULL handle");
}
