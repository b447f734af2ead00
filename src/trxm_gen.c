/*
 * trxm_gen.c — in-place recursive TRMM and TRSM (precision-generic), after Charara,
 * Ltaief and Keyes, "Redesigning triangular dense matrix computations on GPUs".
 *
 * The triangle is split in two at a power of two; the off-diagonal block becomes one
 * large GEMM on half of B while the two diagonal halves recurse, until a block is no
 * larger than the stop size, where the executor's own TRMM/TRSM finishes it. B is
 * overwritten in place and no scratch memory is used.
 *
 * With op(A) the operator actually applied, everything depends only on whether op(A) is
 * lower ("eff_lower": uplo = L with no transpose, or uplo = U transposed) and on the
 * side; the off-diagonal block in memory is A21 for uplo = L and A12 for uplo = U, and
 * GEMM applies op() to it.
 */
#include <stdlib.h>
#include "prec.h"
#include "internal.h"

typedef struct trxm_args {
    kblasf_context *ctx;
    int left, lower, eff_lower, solve;
    char side, uplo, trans, diag;
    kblasf_int nb;  /* stop size */
} trxm_args;

/* Largest power of two not above k/2: the first block of a split of k > 1. */
static kblasf_int split_point(kblasf_int k)
{
    kblasf_int p = 1;
    while (2 * p <= k / 2)
        p *= 2;
    return p;
}

/* One half of a split: the diagonal block of A and the rows (side L) or columns (side R)
 * of B it acts on. */
typedef struct half {
    kblasf_int k;
    const T *A;
    T *B;
} half;

static kblasf_status_t rec(const trxm_args *a, kblasf_int m, kblasf_int n, T alpha,
                           const T *A, kblasf_int lda, T *B, kblasf_int ldb);

static kblasf_status_t rec_half(const trxm_args *a, kblasf_int m, kblasf_int n, half h, T alpha,
                                kblasf_int lda, kblasf_int ldb)
{
    return rec(a, a->left ? h.k : m, a->left ? n : h.k, alpha, h.A, lda, h.B, ldb);
}

/* dst := alpha*op(Aoff)*src + beta*dst (side L), or dst := alpha*src*op(Aoff) + beta*dst. */
static kblasf_status_t update(const trxm_args *a, kblasf_int m, kblasf_int n, half dst,
                              half src, T alpha, const T *Aoff, kblasf_int lda, T beta,
                              kblasf_int ldb)
{
    return a->left ? PRIMS(a->ctx)->gemm(a->ctx, a->trans, 'N', dst.k, n, src.k, alpha, Aoff,
                                         lda, src.B, ldb, beta, dst.B, ldb)
                   : PRIMS(a->ctx)->gemm(a->ctx, 'N', a->trans, m, dst.k, src.k, alpha, src.B,
                                         ldb, Aoff, lda, beta, dst.B, ldb);
}

static kblasf_status_t rec(const trxm_args *a, kblasf_int m, kblasf_int n, T alpha,
                           const T *A, kblasf_int lda, T *B, kblasf_int ldb)
{
    kblasf_int k = a->left ? m : n, k1;
    const T *Aoff;
    half h1, h2, first, second;
    T one = 1, minus_one = -1;
    kblasf_status_t st;

    if (k <= a->nb)
        return (a->solve ? PRIMS(a->ctx)->trsm : PRIMS(a->ctx)->trmm)(
            a->ctx, a->side, a->uplo, a->trans, a->diag, m, n, alpha, A, lda, B, ldb);
    k1 = split_point(k);
    h1.k = k1;
    h1.A = A;
    h1.B = B;
    h2.k = k - k1;
    h2.A = A + k1 + (size_t)k1 * lda;
    h2.B = a->left ? B + k1 : B + (size_t)k1 * ldb;
    Aoff = a->lower ? A + k1 : A + (size_t)k1 * lda;

    /* first: the half to recurse on first. TRMM: the half whose update reads the other's
     * ORIGINAL values (left lower: B2 = A22 B2 + A21 B1 before B1 = A11 B1); TRSM: the half
     * whose solve needs nothing of the other. */
    if (a->solve == (a->left == a->eff_lower)) {
        first = h1;
        second = h2;
    } else {
        first = h2;
        second = h1;
    }
    if ((st = rec_half(a, m, n, first, alpha, lda, ldb)))
        return st;
    if (!a->solve) {
        /* first += alpha * op(A)_{first,second} * second, then second in place */
        if ((st = update(a, m, n, first, second, alpha, Aoff, lda, one, ldb)))
            return st;
        return rec_half(a, m, n, second, alpha, lda, ldb);
    }
    /* second := alpha*second - op(A)_{second,first} * X_first, then solve it with alpha 1 */
    if ((st = update(a, m, n, second, first, minus_one, Aoff, lda, alpha, ldb)))
        return st;
    return rec_half(a, m, n, second, one, lda, ldb);
}

/* Argument checks in BLAS order (positions without the handle); 0 when all are legal.
 * Shared with the host-pointer forms (trxm_host_gen.c). */
kblasf_int FN(trxm_check_args)(char side, char uplo, char trans, char diag, kblasf_int m,
                               kblasf_int n, const T *alpha, kblasf_int lda, kblasf_int ldb)
{
    kblasf_int nrowa = kblasf_lsame(side, 'L') ? m : n;

    if (!kblasf_lsame(side, 'L') && !kblasf_lsame(side, 'R'))
        return 1;
    if (!kblasf_lsame(uplo, 'L') && !kblasf_lsame(uplo, 'U'))
        return 2;
    if (!kblasf_lsame(trans, 'N') && !kblasf_lsame(trans, 'T') && !kblasf_lsame(trans, 'C'))
        return 3;
    if (!kblasf_lsame(diag, 'U') && !kblasf_lsame(diag, 'N'))
        return 4;
    if (m < 0)
        return 5;
    if (n < 0)
        return 6;
    if (!alpha)
        return 7;
    if (lda < MAX(1, nrowa))
        return 9;
    if (ldb < MAX(1, m))
        return 11;
    return 0;
}

static kblasf_status_t trxm(kblasf_handle_t h, int solve, char side, char uplo, char trans,
                            char diag, kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                            kblasf_int lda, T *B, kblasf_int ldb)
{
    const char *name = solve ? "KBLASF_" PNAME("TRSM") : "KBLASF_" PNAME("TRMM");
    kblasf_int pos;
    trxm_args a;

    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    if ((pos = FN(trxm_check_args)(side, uplo, trans, diag, m, n, alpha, lda, ldb)))
        return kblasf_arg_error(name, pos);
    if (m == 0 || n == 0)
        return KBLASF_STATUS_SUCCESS;
    a.ctx = h;
    a.solve = solve;
    a.side = side;
    a.uplo = uplo;
    a.trans = trans;
    a.diag = diag;
    a.left = kblasf_lsame(side, 'L');
    a.lower = kblasf_lsame(uplo, 'L');
    a.eff_lower = a.lower == kblasf_lsame(trans, 'N');
    a.nb = kblasf_trxm_stop_size(h, solve);
    kblasf_log_call(h, name + 7, "%c%c%c%c, m=%lld, n=%lld, stop size %lld", side, uplo,
                    trans, diag, (long long)m, (long long)n, (long long)a.nb);
    return rec(&a, m, n, *alpha, A, lda, B, ldb);
}

kblasf_status_t FN(trmm)(kblasf_handle_t h, char side, char uplo, char transa, char diag,
                         kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                         kblasf_int lda, T *B, kblasf_int ldb)
{
    return trxm(h, 0, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}

kblasf_status_t FN(trsm)(kblasf_handle_t h, char side, char uplo, char transa, char diag,
                         kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                         kblasf_int lda, T *B, kblasf_int ldb)
{
    return trxm(h, 1, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}
