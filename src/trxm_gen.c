/*
 * trxm_gen.c — in-place recursive TRMM and TRSM (precision-generic), after Charara,
 * Ltaief and Keyes, "Redesigning triangular dense matrix computations on GPUs".
 *
 * The triangle is split in two; the off-diagonal block becomes one large GEMM on half of
 * B while the two diagonal halves recurse, until a block is no larger than the stop size
 * nb, where a base case finishes it. B is overwritten in place. Splits fall at nb times a
 * power of two counted from the top of the triangle, so the blocks stay GEMM-friendly, no
 * thin remainder appears, and every leaf is one of the diagonal blocks of order nb of
 * the whole triangle (the last one possibly shorter).
 *
 * That grid is what the inverted-leaf TRSM needs: with leaves "invert" the executor first
 * inverts all diagonal blocks at once (trtri_diag, one batched step up front),
 * and each leaf solve becomes a multiplication by its inverse (the executor's TRMM base
 * case), instead of a latency-bound substitution. This is how the CUDA executor beats
 * cuBLAS's TRSM (doc/trxm.md).
 *
 * With op(A) the operator actually applied, everything depends only on whether op(A) is
 * lower ("eff_lower": uplo = L with no transpose, or uplo = U transposed) and on the
 * side; the off-diagonal block in memory is A21 for uplo = L and A12 for uplo = U, and
 * GEMM applies op() to it.
 */
#include <stdlib.h>
#include "prec.h"
#include "internal.h"
#include "trxm.h"

/* One half of a split: the diagonal block of order k at diagonal offset d of A, and the
 * rows (side L) or columns (side R) of B it acts on. */
typedef struct half {
    kblasf_int k, d;
    T *B;
} half;

static const T *at(const trxm_plan *a, kblasf_int i, kblasf_int j)
{
    return a->A + i + (size_t)j * a->lda;
}

/* The base case on block h: m x n is the shape of its part of B. */
static kblasf_status_t leaf(const trxm_plan *a, kblasf_int m, kblasf_int n, T alpha, half h)
{
    const T *Ad = at(a, h.d, h.d);

    if (a->inv) /* B := alpha * op(inv(A_dd)) * B; the inverse holds its diagonal */
        return PRIMS(a->ctx)->trmm_padded(a->ctx, a->side, a->uplo, a->trans, m, n, alpha,
                                          a->inv + (size_t)(h.d / a->nb) * a->nb * (a->nb + 1),
                                          a->nb, h.B, a->ldb);
    return (a->solve ? PRIMS(a->ctx)->trsm : PRIMS(a->ctx)->trmm)(
        a->ctx, a->side, a->uplo, a->trans, a->diag, m, n, alpha, Ad, a->lda, h.B, a->ldb);
}

/* dst := alpha*op(Aoff)*src + beta*dst (side L), or dst := alpha*src*op(Aoff) + beta*dst,
 * with Aoff the off-diagonal block between the two halves. */
static kblasf_status_t update(const trxm_plan *a, kblasf_int m, kblasf_int n, half dst,
                              half src, T alpha, const T *Aoff, T beta)
{
    return a->left ? PRIMS(a->ctx)->gemm(a->ctx, a->trans, 'N', dst.k, n, src.k, alpha, Aoff,
                                         a->lda, src.B, a->ldb, beta, dst.B, a->ldb)
                   : PRIMS(a->ctx)->gemm(a->ctx, 'N', a->trans, m, dst.k, src.k, alpha, src.B,
                                         a->ldb, Aoff, a->lda, beta, dst.B, a->ldb);
}

static kblasf_status_t rec(const trxm_plan *a, kblasf_int m, kblasf_int n, T alpha, half h);

/* The recursion on half x of a block whose part of B is m x n. */
static kblasf_status_t rec_half(const trxm_plan *a, kblasf_int m, kblasf_int n, T alpha, half x)
{
    return rec(a, a->left ? x.k : m, a->left ? n : x.k, alpha, x);
}

/* The operation on block h of order h.k; B's part of it is m x n. */
static kblasf_status_t rec(const trxm_plan *a, kblasf_int m, kblasf_int n, T alpha, half h)
{
    kblasf_int k1;
    const T *Aoff;
    half h1, h2, first, second;
    T one = 1, minus_one = -1;
    kblasf_status_t st;

    if (h.k <= a->nb)
        return leaf(a, m, n, alpha, h);
    k1 = kblasf_split_point(h.k, a->nb);
    h1.k = k1;
    h1.d = h.d;
    h1.B = h.B;
    h2.k = h.k - k1;
    h2.d = h.d + k1;
    h2.B = a->left ? h.B + k1 : h.B + (size_t)k1 * a->ldb;
    Aoff = a->lower ? at(a, h2.d, h1.d) : at(a, h1.d, h2.d);

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
    if ((st = rec_half(a, m, n, alpha, first)))
        return st;
    if (!a->solve) {
        /* first += alpha * op(A)_{first,second} * second, then second in place */
        if ((st = update(a, m, n, first, second, alpha, Aoff, one)))
            return st;
        return rec_half(a, m, n, alpha, second);
    }
    /* second := alpha*second - op(A)_{second,first} * X_first, then solve it with alpha 1 */
    if ((st = update(a, m, n, second, first, minus_one, Aoff, alpha)))
        return st;
    return rec_half(a, m, n, one, second);
}

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

/* TRSM with leaves "invert": sets p->nb to the order of the diagonal blocks (a power of
 * two, as the executor's batched inversion doubles blocks; never above the next power of
 * two of k) and p->inv to their inverses. Returns NULL, or why it could not (p->inv stays
 * NULL and the leaves solve). */
static const char *prepare_inverse(trxm_plan *p)
{
    kblasf_context *ctx = p->ctx;
    kblasf_int nb = 1, ninv, k = p->k;
    size_t elems;
    T *W;

    if (!PRIMS(ctx)->trtri_diag)
        return "the executor has no batched inversion";
    while (2 * nb <= p->nb && nb < k)
        nb *= 2;
    ninv = (k + nb - 1) / nb;
    /* the blocks (ld nb, block b at b*nb*(nb+1)), then the inversion's scratch */
    elems = (size_t)ninv * nb * (nb + 1) + kblasf_trtri_diag_scratch(k, nb);
    W = kblasf_scratch(ctx, elems * sizeof(T));
    if (!W)
        return "no device memory for the inverted blocks";
    if (PRIMS(ctx)->trtri_diag(ctx, p->uplo, p->diag, k, nb, p->A, p->lda, W,
                               W + (size_t)ninv * nb * (nb + 1)))
        return "the batched inversion failed";
    p->nb = nb;
    p->inv = W;
    return NULL;
}

void FN(trxm_plan)(trxm_plan *p, kblasf_handle_t h, int solve, char side, char uplo,
                   char trans, char diag, kblasf_int k, T alpha, const T *A, kblasf_int lda,
                   kblasf_int ldb)
{
    const char *why;

    p->ctx = h;
    p->solve = solve;
    p->side = side;
    p->uplo = uplo;
    p->trans = trans;
    p->diag = diag;
    p->left = kblasf_lsame(side, 'L');
    p->lower = kblasf_lsame(uplo, 'L');
    p->eff_lower = p->lower == kblasf_lsame(trans, 'N');
    p->A = A;
    p->lda = lda;
    p->ldb = ldb;
    p->k = k;
    p->alpha = alpha;
    p->inv = NULL;
    p->nb = kblasf_trxm_stop_size(h, solve);
    if (solve && alpha != 0 && kblasf_trsm_invert(h) && (why = prepare_inverse(p)))
        kblasf_log("%sTRSM: leaves solve instead of multiplying by inverses: %s", PREC_UPPER, why);
}

void FN(trxm_plan_retrans)(trxm_plan *p, char trans)
{
    p->trans = trans;
    p->eff_lower = p->lower == kblasf_lsame(trans, 'N');
}

kblasf_status_t FN(trxm_run)(const trxm_plan *p, kblasf_int m, kblasf_int n, T *B)
{
    half all;

    all.k = p->k;
    all.d = 0;
    all.B = B;
    kblasf_log_call(p->ctx, p->solve ? PNAME("TRSM") : PNAME("TRMM"),
                    "%c%c%c%c, m=%lld, n=%lld, stop size %lld%s", p->side, p->uplo, p->trans,
                    p->diag, (long long)m, (long long)n, (long long)p->nb,
                    !p->solve ? "" : p->inv ? ", leaves multiply by inverted blocks"
                                            : ", leaves solve");
    return rec(p, m, n, p->alpha, all);
}

kblasf_status_t FN(trsv_try)(kblasf_handle_t h, char uplo, char trans, char trans2, char diag,
                             kblasf_int k, T alpha, const T *A, kblasf_int lda, T *x)
{
    kblasf_status_t st;

    /* the chain multiplies by inverted diagonal blocks: leaves set to solve (substitution,
     * LAPACK's backward error) send one right-hand side to the recursion as well */
    if (!PRIMS(h)->trsv || alpha == 0 || !kblasf_trsv_chain() || !kblasf_trsm_invert(h))
        return KBLASF_STATUS_NOT_SUPPORTED;
    st = PRIMS(h)->trsv(h, uplo, trans, trans2, diag, k, alpha, A, lda, x);
    if (st != KBLASF_STATUS_NOT_SUPPORTED && !trans2)
        kblasf_log_call(h, PNAME("TRSM"), "L%c%c%c, m=%lld, n=1: one kernel over the chunks "
                        "of the triangle", uplo, trans, diag, (long long)k);
    else if (st != KBLASF_STATUS_NOT_SUPPORTED)
        kblasf_log_call(h, PNAME("TRSM"), "L%c%c%c then L%c%c%c, m=%lld, n=1: one kernel each "
                        "over the chunks of the triangle, the second launched dependent on the "
                        "first and reading its result as it is solved", uplo, trans, diag, uplo, trans2, diag, (long long)k);
    return st;
}

kblasf_status_t FN(trxm_apply)(kblasf_handle_t h, int solve, char side, char uplo, char trans,
                               char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                               kblasf_int lda, T *B, kblasf_int ldb)
{
    trxm_plan p;
    kblasf_status_t st;

    /* one right-hand side on the left: the chain of the recursion's small steps is its
     * whole time, one kernel does better (doc/trxm.md) */
    if (solve && n == 1 && kblasf_lsame(side, 'L') &&
        (st = FN(trsv_try)(h, uplo, trans, 0, diag, m, alpha, A, lda, B)) !=
            KBLASF_STATUS_NOT_SUPPORTED)
        return st;

    FN(trxm_plan)(&p, h, solve, side, uplo, trans, diag, kblasf_lsame(side, 'L') ? m : n, alpha,
                  A, lda, ldb);
    return FN(trxm_run)(&p, m, n, B);
}

static kblasf_status_t trxm(kblasf_handle_t h, int solve, char side, char uplo, char trans,
                            char diag, kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                            kblasf_int lda, T *B, kblasf_int ldb)
{
    const char *name = solve ? "KBLASF_" PNAME("TRSM") : "KBLASF_" PNAME("TRMM");
    kblasf_int pos;

    if (!h)
        return KBLASF_STATUS_INVALID_VALUE;
    if ((pos = FN(trxm_check_args)(side, uplo, trans, diag, m, n, alpha, lda, ldb)))
        return kblasf_arg_error(name, pos);
    if (m == 0 || n == 0)
        return KBLASF_STATUS_SUCCESS;
    return FN(trxm_apply)(h, solve, side, uplo, trans, diag, m, n, *alpha, A, lda, B, ldb);
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
