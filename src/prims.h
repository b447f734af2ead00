/*
 * prims.h — the primitive operations an executor provides, one table per precision.
 * Arguments follow the BLAS: x and y point at the first element in memory, increments
 * may be negative, scalars come by value. The callers have checked every argument and
 * handled quick returns. `off*` give the submatrix of A used by the operation
 * (A + offr + offc*lda); executors that can keep loads aligned use the original pointer.
 */
#ifndef KBLASF_PRIMS_H
#define KBLASF_PRIMS_H

#include <stdint.h>
#include "kblasf.h"

struct kblasf_context;
typedef float RT_s;
typedef double RT_d;
typedef float RT_c;
typedef double RT_z;

/* One of the two sets of device scratch of a sequence of trd_step calls. */
#define KBLASF_TRD_SCRATCH_BYTES 32768

#define KBLASF_PRIMS_TABLE(P, T)                                                        \
/* One step of SYTRD/HETRD's panel (DLATRD's loop, lapack/sytrd_gen.c) on len rows of    \
 * the interleaved panel pw = [v0 w0 v1 w1 ...] (at the step's first row, leading        \
 * dimension ldp); pw~(:,k) = pw(:,k^1) is the same with each pair swapped. Finish        \
 * (k2 >= 0): v = pw(:,k2), y = A22 v in pw(:,k2+1) (made by trd_symv); w := tau (y -    \
 * pw(:,0:k2) pw~(:,0:k2)^H v) - tau/2 (w^H v) v with tau = *tau_fin, into pw(:,k2+1),    \
 * except row ic when the step also prepares (no later step reads it). Prepare            \
 * (a != NULL, len >= 2; diagonal at row ic, alpha at ia, (ic, ia) = (0, 1) or            \
 * (len-1, len-2)): a -= pw(:,0:K) conj(pw~(ic,0:K))^T, K = k2+2 (0 without a finish);    \
 * *d_out = re a(ic), a(ic) made real; LARFG on alpha = a(ia) and x = the other rows:     \
 * *e_out = beta, also into a(ia), *tau_out = tau, x scaled in place; v' (1 at ia, x      \
 * elsewhere, not row ic) into pw(:,K). scratch, scratch_next: the executor's state, two  \
 * sets of KBLASF_TRD_SCRATCH_BYTES used by turns (zero before the first step; a step's   \
 * scratch_next is the next one's scratch); d_out, e_out, tau_out, tau_fin in the         \
 * executor's memory. */                                                                 \
typedef struct kblasf_trd_step_##P {                                                    \
    kblasf_int len, ldp, k2, ic, ia;                                                    \
    T *pw;                                                                              \
    const T *tau_fin;                                                                   \
    T *a;                                                                               \
    RT_##P *d_out, *e_out;                                                              \
    T *tau_out;                                                                         \
    void *scratch, *scratch_next;                                                       \
} kblasf_trd_step_##P;                                                                  \
/* One step of GEBRD's panel (DLABRD's loop, lapack/gebrd_gen.c) on len rows (or, for \
 * the row steps, columns: the same operation on Y and U) of two panels M1, M2 (at the  \
 * range's first row; leading dimensions ld1, ld2). Finish (o != NULL: column ko1 of M1 \
 * or ko2 of M2, the other -1, holding the raw product): o := tau (o - M1(:,0:f1) c1 -  \
 * M2(:,0:f2) c2),                                                                      \
 * tau = *tau_fin, c1 and c2 the sums the step before left in the scratch. Prepare      \
 * (a != NULL; a's element j at a[j inca], conjugated when conja): a -= M1(:,0:p1) e1 + \
 * M2(:,0:p2) e2 with e1_k = conj(c1row[k ldc1]), e2_k = conj(c2row[k ldc2]) (the M    \
 * columns may include o); LARFG on alpha = a(0) and x = a(1:len): *beta_out = beta,    \
 * *tau_out = tau; a(0) := beta, a(1:len) := x scaled; v = (1, x) into v_out; and for   \
 * the next step the sums M1(:,0:q1)^H v and M2(:,0:q2)^H v into scratch_next.          \
 * scratch, scratch_next: the executor's state, two sets of KBLASF_TRD_SCRATCH_BYTES    \
 * used by turns (zero before the first step); tau_fin, beta_out, tau_out in the        \
 * executor's memory. */                                                                \
typedef struct kblasf_brd_step_##P {                                                    \
    kblasf_int len, ld1, ld2;                                                           \
    T *M1, *M2;                                                                         \
    T *o;                                                                               \
    kblasf_int ko1, ko2; /* o's column in M1 or M2 (-1 in the other) */                 \
    kblasf_int f1, f2;                                                                  \
    const T *tau_fin;                                                                   \
    T *a;                                                                               \
    kblasf_int inca;                                                                    \
    int conja;                                                                          \
    kblasf_int p1, p2, ldc1, ldc2, q1, q2;                                              \
    const T *c1row, *c2row;                                                             \
    RT_##P *beta_out;                                                                   \
    T *tau_out, *v_out;                                                                 \
    void *scratch, *scratch_next;                                                       \
} kblasf_brd_step_##P;                                                                  \
/* A batch of matrices of the batched routines (lapack/batch_gen.c): matrix b at arr[b]  \
 * when arr != NULL (the array in the executor's memory), else at base + b*stride;       \
 * leading dimension ld; off elements further (a block inside each matrix: the batched   \
 * TRSM/TRMM recursion's halves). (A read-only A has non-const pointers all the same.) */\
typedef struct kblasf_batch_##P {                                                       \
    T *const *arr;                                                                      \
    T *base;                                                                            \
    int64_t stride;                                                                     \
    kblasf_int ld;                                                                      \
    int64_t off;                                                                        \
} kblasf_batch_##P;                                                                     \
typedef struct kblasf_prims_##P {                                                       \
    kblasf_status_t (*gemv)(struct kblasf_context *ctx, char trans, kblasf_int m,       \
            kblasf_int n, T alpha, const T *A, kblasf_int lda, kblasf_int offr,         \
            kblasf_int offc, const T *x, kblasf_int incx, T beta, T *y, kblasf_int incy);\
    /* symmetric (s, d) or Hermitian (c, z) */                                          \
    kblasf_status_t (*symv)(struct kblasf_context *ctx, char uplo, kblasf_int n,        \
            T alpha, const T *A, kblasf_int lda, kblasf_int off, const T *x,            \
            kblasf_int incx, T beta, T *y, kblasf_int incy);                            \
    /* C := alpha*op(A)*op(B) + beta*C */                                               \
    kblasf_status_t (*gemm)(struct kblasf_context *ctx, char transa, char transb,       \
            kblasf_int m, kblasf_int n, kblasf_int k, T alpha, const T *A, kblasf_int lda, \
            const T *B, kblasf_int ldb, T beta, T *C, kblasf_int ldc);                  \
    /* in place: B := alpha*op(A)*B or alpha*B*op(A) (the recursion's base case) */     \
    kblasf_status_t (*trmm)(struct kblasf_context *ctx, char side, char uplo,           \
            char transa, char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,    \
            kblasf_int lda, T *B, kblasf_int ldb);                                      \
    /* trmm with diag 'N' where A's other triangle holds zeros: an executor may multiply \
     * by the whole square (the inverted blocks of trtri_diag, when zero-padded) */     \
    kblasf_status_t (*trmm_padded)(struct kblasf_context *ctx, char side, char uplo,    \
            char transa, kblasf_int m, kblasf_int n, T alpha, const T *A, kblasf_int lda, \
            T *B, kblasf_int ldb);                                                      \
    /* in place: B := alpha*inv(op(A))*B or alpha*B*inv(op(A)) */                       \
    kblasf_status_t (*trsm)(struct kblasf_context *ctx, char side, char uplo,           \
            char transa, char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,    \
            kblasf_int lda, T *B, kblasf_int ldb);                                      \
    /* x := alpha*inv(op(A))*x for one vector x of unit stride (k >= 1, alpha != 0), in  \
     * one step, then (transb != 0) x := inv(opb(A))*x in another; NULL where the        \
     * executor has none (the recursion serves it, trxm_gen.c) */                       \
    kblasf_status_t (*trsv)(struct kblasf_context *ctx, char uplo, char transa,         \
            char transb, char diag, kblasf_int k, T alpha, const T *A, kblasf_int lda,   \
            T *x);                                                                       \
    /* Inverts the diagonal blocks of order nb (a power of two) of the k x k triangle A: \
     * block b (order min(nb, k - b*nb)) goes to W + b*nb*(nb+1) with leading dimension \
     * nb, its diagonal explicit also for diag 'U', zeros in the other triangle of each \
     * block. S: kblasf_trtri_diag_scratch(k, nb) elements of scratch. A      \
     * singular block gives Inf/NaN, as a substitution would. (The recursive TRSM    \
     * multiplies its leaves by these inverses: trxm_gen.c.) */                       \
    kblasf_status_t (*trtri_diag)(struct kblasf_context *ctx, char uplo, char diag,     \
            kblasf_int k, kblasf_int nb, const T *A, kblasf_int lda, T *W, T *S);       \
    /* C := alpha*op(A)*op(A)^H + beta*C on the uplo triangle of the n x n C, op(A) n x k \
     * (trans 'N': A, 'C': A^H; for real types 'C' means 'T'); HERK for complex types, \
     * so alpha and beta are real. */                                                  \
    kblasf_status_t (*syrk)(struct kblasf_context *ctx, char uplo, char trans,          \
            kblasf_int n, kblasf_int k, RT_##P alpha, const T *A, kblasf_int lda,       \
            RT_##P beta, T *C, kblasf_int ldc);                                         \
    /* Cholesky of the diagonal block A (n <= kblasf_potrf_leaf) in place, only the uplo \
     * triangle touched; info is the executor's memory (kblasf_dev_info): when the pivot \
     * of column j is not positive or NaN and *info == 0, *info := ioff+j+1. Then the m   \
     * rows of the panel below the block (lower: A21 := A21 L^-H, A21 at A + n) or the m  \
     * columns right of it (upper: A12 := U^-H A12, at A + n lda); after a failure the    \
     * panel's values are unspecified. */                                                \
    kblasf_status_t (*potrf_panel)(struct kblasf_context *ctx, char uplo, kblasf_int n, \
            kblasf_int m, T *A, kblasf_int lda, int64_t *info, kblasf_int ioff);        \
    /* B := the uplo triangle of the m x n A (unit: without the diagonal); nothing else \
     * of B is written. */                                                              \
    kblasf_status_t (*tri_copy)(struct kblasf_context *ctx, char uplo, int unit,        \
            kblasf_int m, kblasf_int n, const T *A, kblasf_int lda, T *B, kblasf_int ldb); \
    /* B := 0 (m x n) */                                                                \
    kblasf_status_t (*set_zero)(struct kblasf_context *ctx, kblasf_int m, kblasf_int n, \
            T *B, kblasf_int ldb);                                                      \
    /* C := alpha A B^H + conj(alpha) B A^H + beta C on the uplo triangle of the n x n C, \
     * A and B n x k (SYR2K for real types, HER2K for complex ones: beta real) */        \
    kblasf_status_t (*syr2k)(struct kblasf_context *ctx, char uplo, kblasf_int n,       \
            kblasf_int k, T alpha, const T *A, kblasf_int lda, const T *B, kblasf_int ldb, \
            RT_##P beta, T *C, kblasf_int ldc);                                         \
    kblasf_status_t (*trd_step)(struct kblasf_context *ctx,                             \
            const kblasf_trd_step_##P *s);                                              \
    /* y := A x (the symv above, alpha 1, beta 0) for the trd_step whose scratch is      \
     * `scratch`: the executor may leave there what that step takes from the product     \
     * (the CUDA executor: the quadratic form x^H A x, for the step's dot). rev: 0 and 1  \
     * by turns from column to column (the CUDA executor walks A the other way each     \
     * time, starting on what the call before left in L2). */                           \
    kblasf_status_t (*trd_symv)(struct kblasf_context *ctx, char uplo, kblasf_int n,    \
            const T *A, kblasf_int lda, kblasf_int off, const T *x, T *y, void *scratch, \
            int rev);                                                                   \
    kblasf_status_t (*brd_step)(struct kblasf_context *ctx,                             \
            const kblasf_brd_step_##P *s);                                              \
    /* Batched Cholesky: `batch` > 0 problems of order n at once, each as LAPACK's       \
     * POTRF, POTRS (nrhs > 0) or POSV (nrhs > 0), only the uplo triangle of each A      \
     * read or written. info: batch entries in the executor's memory, each 0 or the      \
     * order of the first leading minor that is not positive definite; POSV leaves that  \
     * matrix's B untouched. potrf_batch with n == 0 only zeroes info; with ioff > 0    \
     * (A: the trailing blocks from column ioff of a recursion) it keeps an info that is \
     * not 0 and records a failure at j as ioff + j. *path: how the                      \
     * executor served it, for the log. KBLASF_STATUS_NOT_SUPPORTED, nothing touched,    \
     * *path why: not for this n (the caller runs the device algorithm on each matrix). */\
    kblasf_status_t (*potrf_batch)(struct kblasf_context *ctx, char uplo, kblasf_int n, \
            const kblasf_batch_##P *A, kblasf_int *info, kblasf_int ioff,               \
            kblasf_int batch, const char **path);                                       \
    kblasf_status_t (*potrs_batch)(struct kblasf_context *ctx, char uplo, kblasf_int n, \
            kblasf_int nrhs, const kblasf_batch_##P *A, const kblasf_batch_##P *B,      \
            kblasf_int batch, const char **path);                                       \
    kblasf_status_t (*posv_batch)(struct kblasf_context *ctx, char uplo, kblasf_int n,  \
            kblasf_int nrhs, const kblasf_batch_##P *A, const kblasf_batch_##P *B,      \
            kblasf_int *info, kblasf_int batch, const char **path);                     \
    /* Batched TRSM (solve) or TRMM, each problem as BLAS's, in place on B's m x n       \
     * blocks; alpha may be 0 (B := 0, A not read). KBLASF_STATUS_NOT_SUPPORTED, nothing \
     * touched, *path why: not for this order of the triangle (the caller recurses onto   \
     * gemm_batch, lapack/batch_trxm_gen.c). *path: how the executor served it. */        \
    kblasf_status_t (*trxm_batch)(struct kblasf_context *ctx, int solve, char side,      \
            char uplo, char transa, char diag, kblasf_int m, kblasf_int n, T alpha,     \
            const kblasf_batch_##P *A, const kblasf_batch_##P *B, kblasf_int batch,     \
            const char **path);                                                         \
    /* Batched TRTRI in place, each as LAPACK's (only the uplo triangle, its diagonal    \
     * neither for diag 'U'); a singular member is left unspecified. NOT_SUPPORTED as    \
     * trxm_batch (the caller recurses, lapack/batch_trtri_gen.c). */                    \
    kblasf_status_t (*trtri_batch)(struct kblasf_context *ctx, char uplo, char diag,     \
            kblasf_int n, const kblasf_batch_##P *A, kblasf_int batch, const char **path);\
    /* C := alpha*op(A)*op(B) + beta*C for each matrix of the batch (C m x n) */         \
    kblasf_status_t (*gemm_batch)(struct kblasf_context *ctx, char transa, char transb,  \
            kblasf_int m, kblasf_int n, kblasf_int k, T alpha, const kblasf_batch_##P *A, \
            const kblasf_batch_##P *B, T beta, const kblasf_batch_##P *C,               \
            kblasf_int batch);                                                          \
    /* Batched SYRK (herm 0) or HERK (herm 1: the real parts of alpha and beta, the      \
     * imaginary parts of C's diagonal written as 0), each as BLAS's, on the uplo        \
     * triangle of the n x n C, op(A) n x k (trans 'N': A, else A^T or A^H); beta = 0    \
     * does not read C. NOT_SUPPORTED as trxm_batch (the caller recurses onto gemm_batch,\
     * lapack/batch_syrk_gen.c). */                                                     \
    kblasf_status_t (*syrk_batch)(struct kblasf_context *ctx, int herm, char uplo,       \
            char trans, kblasf_int n, kblasf_int k, T alpha, const kblasf_batch_##P *A,  \
            T beta, const kblasf_batch_##P *C, kblasf_int batch, const char **path);     \
    /* Batched LAUUM in place (U U^H or L^H L on the uplo triangle). NOT_SUPPORTED as    \
     * trxm_batch (the caller recurses, lapack/batch_potri_gen.c). */                    \
    kblasf_status_t (*lauum_batch)(struct kblasf_context *ctx, char uplo, kblasf_int n,  \
            const kblasf_batch_##P *A, kblasf_int batch, const char **path);            \
    /* Batched POTRI (poti 0) or POTI (poti 1: POTRF first) in place, with the infos of  \
     * kblasf_?potri_batch / ?poti_batch (batch entries, executor's memory): a matrix    \
     * with info > 0 is left untouched (POTRI) or as the Cholesky left it (POTI).        \
     * NOT_SUPPORTED, nothing touched: not for this n (the caller recurses). */         \
    kblasf_status_t (*potri_batch)(struct kblasf_context *ctx, int poti, char uplo,      \
            kblasf_int n, const kblasf_batch_##P *A, kblasf_int *info, kblasf_int batch, \
            const char **path);                                                         \
    /* info[b] := the first j (1-based) with A(j,j) == 0 in matrix b, else 0 (any n > 0);\
     * POTRI's check before the recursion. */                                          \
    kblasf_status_t (*zero_diag_batch)(struct kblasf_context *ctx, kblasf_int n,         \
            const kblasf_batch_##P *A, kblasf_int *info, kblasf_int batch);             \
} kblasf_prims_##P;

KBLASF_PRIMS_TABLE(s, float)
KBLASF_PRIMS_TABLE(d, double)
KBLASF_PRIMS_TABLE(c, kblasf_complex_float)
KBLASF_PRIMS_TABLE(z, kblasf_complex_double)
#undef KBLASF_PRIMS_TABLE

/* The largest order every executor's batched primitives take (the CUDA kernels'); above
 * it an executor may answer KBLASF_STATUS_NOT_SUPPORTED. */
#define KBLASF_BATCH_KERNEL_MAX 256

/* Matrix b of a batch (a kblasf_batch_? whose array, if any, the caller can read). */
#define KBLASF_BATCH_MAT(d, b) \
    (((d)->arr ? (d)->arr[b] : (d)->base + (size_t)(b) * (size_t)(d)->stride) + (d)->off)

/* The largest triangle every executor's trxm_batch and trtri_batch take; the batched
 * TRSM/TRMM and TRTRI recursions stop there. */
#define KBLASF_BATCH_TRXM_LEAF 32

/* PRIMS(ctx): the table of the precision a generic source is compiled for. */
#define PRIMS(ctx) (&(ctx)->exec->PREC)

#endif
