/*
 * trxm.h — the recursive TRMM/TRSM of trxm_gen.c as a plan made once for a triangle and run
 * on any number of pieces of B (precision-generic: include after prec.h). The host-pointer
 * pipeline (trxm_host_gen.c) runs one plan on each panel of B as it arrives, so that a
 * TRSM inverts its diagonal blocks once per call, not once per panel.
 */
#ifndef KBLASF_TRXM_H
#define KBLASF_TRXM_H

#include "internal.h"

typedef struct trxm_plan {
    kblasf_context *ctx;
    int left, lower, eff_lower, solve;
    char side, uplo, trans, diag;
    kblasf_int nb;       /* stop size: the order of the diagonal blocks */
    const T *A;          /* the whole triangle, of order k */
    kblasf_int lda, ldb, k;
    T alpha;
    const T *inv;        /* TRSM with leaves "invert": the inverted diagonal blocks, else NULL */
} trxm_plan;

/* Argument checks in BLAS order (positions without the handle); 0 when all are legal. */
kblasf_int FN(trxm_check_args)(char side, char uplo, char trans, char diag, kblasf_int m,
                               kblasf_int n, const T *alpha, kblasf_int lda, kblasf_int ldb);
/* For legal arguments, k = order of A > 0: chooses the stop size and, for a TRSM with
 * leaves "invert", inverts the diagonal blocks (on the handle's stream). */
void FN(trxm_plan)(trxm_plan *p, kblasf_handle_t h, int solve, char side, char uplo,
                   char trans, char diag, kblasf_int k, T alpha, const T *A, kblasf_int lda,
                   kblasf_int ldb);
/* The plan for the whole triangle run on the whole B (m x n, arguments legal, m, n > 0). */
kblasf_status_t FN(trxm_apply)(kblasf_handle_t h, int solve, char side, char uplo, char trans,
                               char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                               kblasf_int lda, T *B, kblasf_int ldb);
/* x := alpha*inv(op(A))*x for one vector x of unit stride (arguments legal, k > 0), then
 * (trans2 != 0) x := inv(op2(A))*x, by the executor's one-step solves, logged;
 * KBLASF_STATUS_NOT_SUPPORTED, nothing touched, where there are none for this call (then
 * the recursion serves it). */
kblasf_status_t FN(trsv_try)(kblasf_handle_t h, char uplo, char trans, char trans2, char diag,
                             kblasf_int k, T alpha, const T *A, kblasf_int lda, T *x);
/* The plan turned into the same one for another trans (same side, triangle, stop size):
 * a TRSM's inverted blocks serve every trans, as inv(op(A_ii)) = op(inv(A_ii)) — POTRS
 * solves with L and then L^H on one inversion. */
void FN(trxm_plan_retrans)(trxm_plan *p, char trans);
/* The operation on the m x n piece B of the plan's B (m = k for side L, n = k for side R;
 * leading dimension the plan's ldb). */
kblasf_status_t FN(trxm_run)(const trxm_plan *p, kblasf_int m, kblasf_int n, T *B);

#endif
