/*
 * lapack.h — what the lapack/ sources share: argument checks, the choice between the CPU
 * and the device for the host forms (dispatch.c), and the precision-generic routines of
 * chol_gen.c (device algorithms), chol_cpu_gen.c (CPU paths) and chol_host_gen.c (host
 * forms), which names_gen.c exports under the F77 and LAPACK names.
 */
#ifndef KBLASF_LAPACK_H
#define KBLASF_LAPACK_H

#include "internal.h"
#include "blas.h"

/* LAPACK's argument checks of routine r, in LAPACK's order: the position (1-based, as
 * LAPACK counts, without a handle) of the first illegal argument, or 0. Arguments a
 * routine does not have are ignored. */
kblasf_int kblasf_lapack_check(kblasf_routine_t r, char uplo, char diag, kblasf_int n,
                               kblasf_int nrhs, kblasf_int lda, kblasf_int ldb);

/* GEBRD's checks (LAPACK's positions): m, n, lda, then lwork against lwkmin unless it
 * is -1 (the query). */
kblasf_int kblasf_gebrd_check(kblasf_int m, kblasf_int n, kblasf_int lda, kblasf_int lwork,
                              kblasf_int lwkmin);

/* The arguments of a batched call (batch_gen.c, batch_trxm_gen.c, batch_trtri_gen.c,
 * batch_syrk_gen.c, batch_potri_gen.c) as the caller gave them. */
typedef struct kblasf_batch_args {
    kblasf_routine_t r;     /* KBLASF_R_POTRF, _POTRS, _POSV, _TRTRI, _LAUUM or _POTRI
                             * (not for trxm, syrk) */
    int trxm, solve;        /* batched TRSM (solve) or TRMM: side..alpha are theirs */
    char syrk;              /* batched SYRK of a real type 'R', of a complex one 'S', HERK
                             * 'H'; 0: not these. transa is trans, B is C, ldb ldc */
    int poti;               /* with r = _POTRI: POTI, the factorization first */
    int strided;            /* the _batch_strided form: base pointers and strides */
    char side, uplo, transa, diag;
    kblasf_int m, n, k, nrhs, lda, ldb, strideA, strideB, batch;
    const void *alpha, *beta; /* TRSM/TRMM, SYRK: the caller's pointers */
    const void *A, *B;      /* the arrays of pointers, or the base pointers */
    const void *info;
} kblasf_batch_args;
/* The checks of the batched routines (batch_check.c), in the order of their argument
 * lists: the position (1-based, without the handle) of the first illegal argument, or 0.
 * Pointers must not be NULL where they will be used: for the Cholesky family (LAUUM,
 * POTRI, POTI too) A when batch > 0 and n > 0, B when also nrhs > 0, info (POTRF, POSV,
 * POTRI, POTI) whenever batch > 0 (it is written even for n = 0); for TRSM/TRMM alpha
 * always, A and B when batch, m and n are all > 0; for SYRK/HERK alpha and beta always, A
 * when batch, n and k are > 0, C when batch and n are. A stride must be at least one
 * matrix (lda*n, ldb*nrhs; lda*k, ldb*n for TRSM/TRMM; lda*(k or n), ldc*n for SYRK), or 0
 * when batch <= 1. */
kblasf_int kblasf_batch_check(const kblasf_batch_args *a);
/* The start of every batched call: KBLASF_STATUS_INVALID_VALUE for a NULL handle or (after
 * the report through xerbla_ as "KBLASF_" name) an illegal argument, else SUCCESS. */
kblasf_status_t kblasf_batch_start(kblasf_handle_t h, const kblasf_batch_args *a,
                                   const char *name);
/* Whether order n, above what every executor's batched primitive takes (limit), must run
 * the GPU's way (loop, recursion) on whatever executor: KBLASF_OFFLOAD=always, so that
 * CI's host executor checks that way too; *how then says so, for the log. The batched
 * routines' pattern: st = forced ? KBLASF_STATUS_NOT_SUPPORTED : the executor's primitive;
 * if (kblasf_batch_served(st, how, path, pathsz)) return st; then the recursion. */
int kblasf_batch_forced(kblasf_int n, kblasf_int limit, const char **how);
/* Whether the executor's primitive served the call (st is not NOT_SUPPORTED); if so, its
 * account `how` goes to path. */
int kblasf_batch_served(kblasf_status_t st, const char *how, char *path, size_t pathsz);
/* The recursions' log: a step's path fits KBLASF_BATCH_PATHSZ bytes; kblasf_keep_first
 * copies path into dst (sz bytes) unless dst already holds one (the first leaf's, TRSM's,
 * HERK's ... way is what the log reports). */
#define KBLASF_BATCH_PATHSZ 240
void kblasf_keep_first(char *dst, size_t sz, const char *path);

/* Where a host form runs. On the device: h is the calling thread's default handle. */
typedef struct kblasf_route {
    kblasf_handle_t h;
    int on_device;
    char why[200];
} kblasf_route;
/* The decision for routine r on order n (KBLASF_OFFLOAD, the default handle's executor,
 * the routine's threshold KBLASF_<R>_MIN_N / KBLASF_MIN_N); device memory comes later
 * and its failure sends the call back to the CPU. */
void kblasf_lapack_route(kblasf_routine_t r, kblasf_int n, kblasf_route *route);
/* Counts one LAPACK-style call served by kblasf on this thread (kblasf_lapack_calls). */
void kblasf_lapack_served(void);

/* The hybrid reductions' shared pieces (hybrid.c). Host memory page-locked for one call
 * where the executor can (*locked as kblasf_pipe_ops.lock returns; -1: plain memory);
 * kblasf_pinned_free waits for the handle's work first. */
void *kblasf_pinned_alloc(kblasf_context *ctx, size_t bytes, int *locked);
void kblasf_pinned_free(kblasf_context *ctx, void *p, int locked);
/* A reduction's host form on the device: A (m x n, lda, elements of elsize bytes) goes up
 * once (page-locked where possible), device_form(h, dA, arg) runs on it (leading dimension
 * m), A comes back. Returns 1 when done, 0 when the CPU path must run instead (no device
 * memory, or a failed device step): A is then untouched. */
int kblasf_host_on_device(kblasf_handle_t h, const char *name, void *A, size_t elsize,
                          kblasf_int m, kblasf_int n, kblasf_int lda,
                          kblasf_status_t (*device_form)(kblasf_handle_t h, void *dA, void *arg),
                          void *arg);
/* Monotonic seconds, for the reductions' time split (KBLASF_VERBOSE). */
double kblasf_now(void);

/* The executor's look-ahead lanes (internal.h); without them everything runs in order. */
static inline kblasf_status_t kblasf_use_lane(kblasf_context *ctx, int lane)
{
    return ctx->exec->use_lane ? ctx->exec->use_lane(ctx, lane) : KBLASF_STATUS_SUCCESS;
}
static inline kblasf_status_t kblasf_lane_order(kblasf_context *ctx, int from, int to)
{
    return ctx->exec->lane_order ? ctx->exec->lane_order(ctx, from, to) : KBLASF_STATUS_SUCCESS;
}

#endif

/* ---- precision-generic declarations (after prec.h) ---- */
#if defined(T) && !defined(KBLASF_LAPACK_GEN_H_DONE)
#define KBLASF_LAPACK_GEN_H_DONE

/* The batched routines' descriptors (prims.h), and the block at (i, j) of every matrix
 * of one: the recursions' halves. */
typedef KBLASF_CAT2(kblasf_batch_, PREC) batch_t;
static inline batch_t FN(batch_at)(const batch_t *d, kblasf_int i, kblasf_int j)
{
    batch_t x = *d;

    x.off += i + (int64_t)j * x.ld;
    return x;
}
/* The descriptor of a caller's batch: p is the array of pointers, or for the strided
 * form the base (the kernels take T's; a read-only A is never written). */
static inline batch_t FN(batch_of)(const void *p, int strided, kblasf_int stride, kblasf_int ld)
{
    batch_t x = {NULL, NULL, stride, ld, 0};

    if (strided)
        x.base = (T *)p;
    else
        x.arr = (T *const *)p;
    return x;
}
/* The tridiagonal reduction's name: SYTRD for real types, HETRD for complex ones.
 * TRD_FN(_host) -> kblasf_dsytrd_host, kblasf_zhetrd_host, ... */
#if IS_COMPLEX
#define TRD hetrd
#define TRD_NAME "HETRD"
#else
#define TRD sytrd
#define TRD_NAME "SYTRD"
#endif
#define TRD_FN(suffix) FN(KBLASF_CAT2(TRD, suffix))

/* CPU paths (chol_cpu_gen.c): LAPACK's blocked algorithms from its auxiliaries and the
 * BLAS, arguments already checked, n > 0. */
void FN(cpu_potrf)(char uplo, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info);
void FN(cpu_potrs)(char uplo, kblasf_int n, kblasf_int nrhs, const T *A, kblasf_int lda,
                   T *B, kblasf_int ldb);
void FN(cpu_trtri)(char uplo, char diag, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info);
void FN(cpu_lauum)(char uplo, kblasf_int n, T *A, kblasf_int lda);
/* SYTRD/HETRD's CPU path (sytrd_cpu_gen.c): LAPACK's blocked algorithm from LATRD,
 * SYR2K/HER2K and SYTD2/HETD2 with ILAENV's block sizes; n > 0. */
void FN(cpu_trd)(char uplo, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e, T *tau);
/* LAPACK's optimal lwork of SYTRD/HETRD: max(1, n nb), nb from ILAENV. */
kblasf_int FN(trd_lwork)(char uplo, kblasf_int n);
kblasf_status_t TRD_FN(_named)(const char *name, char uplo, kblasf_int n, T *A,
                               kblasf_int lda, RT *d, RT *e, T *tau, T *work,
                               kblasf_int lwork, kblasf_int *info);
/* GEBRD's CPU path (gebrd_cpu_gen.c): LAPACK's blocked algorithm from LABRD, GEMM and
 * GEBD2 with ILAENV's block sizes; min(m, n) > 0. */
void FN(cpu_brd)(kblasf_int m, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e, T *tauq,
                 T *taup);
/* LAPACK's optimal lwork of GEBRD: (m + n) nb, 1 when min(m, n) = 0. */
kblasf_int FN(brd_lwork)(kblasf_int m, kblasf_int n);
kblasf_status_t FN(gebrd_named)(const char *name, kblasf_int m, kblasf_int n, T *A,
                                kblasf_int lda, RT *d, RT *e, T *tauq, T *taup, T *work,
                                kblasf_int lwork, kblasf_int *info);
/* The first exactly zero diagonal element (1-based), 0 when none: TRTRI's singularity. */
kblasf_int FN(zero_diagonal)(kblasf_int n, const T *A, kblasf_int lda);

/* The members whose info is 0 of nx batches X[0..nx) of `batch` matrices each (batch_gen.c):
 * where some info is not 0, S[i] := an array of pointers to those matrices of X[i] (in one
 * allocation of the executor's memory, *arr, which the caller releases), else S[i] := X[i]
 * and *arr := NULL. *count: how many. Reads the infos (a wait), and the caller's pointers
 * where X[i] is an array of them. */
kblasf_status_t FN(batch_good_members)(kblasf_context *ctx, int nx, const batch_t *X,
                                       const kblasf_int *info, kblasf_int batch, batch_t *S,
                                       kblasf_int *count, T ***arr);

/* Batched TRSM (solve) or TRMM on batch descriptors (batch_trxm_gen.c): the executor's
 * trxm_batch, or the recursion onto gemm_batch for triangles it does not take (or any above
 * the leaf order with KBLASF_OFFLOAD=always); arguments checked, batch, m, n > 0. *path
 * (at least 160 bytes): how it ran, for the log. Asynchronous. */
kblasf_status_t FN(trxm_batch_run)(kblasf_context *ctx, int solve, char side, char uplo,
                                   char transa, char diag, kblasf_int m, kblasf_int n, T alpha,
                                   const batch_t *A, const batch_t *B, kblasf_int batch,
                                   char *path, size_t pathsz);

/* Batched SYRK (herm 0) or HERK (herm 1) on batch descriptors (batch_syrk_gen.c): the
 * executor's syrk_batch, or the recursion onto gemm_batch for orders it does not take;
 * arguments checked, batch, n > 0. HERK takes the real parts of alpha and beta. *path (at
 * least 160 bytes): how it ran. Asynchronous. */
kblasf_status_t FN(syrk_batch_run)(kblasf_context *ctx, int herm, char uplo, char trans,
                                   kblasf_int n, kblasf_int k, T alpha, const batch_t *A,
                                   T beta, const batch_t *C, kblasf_int batch, char *path,
                                   size_t pathsz);
/* Batched TRTRI on a batch descriptor (batch_trtri_gen.c): the executor's trtri_batch, or
 * the recursion onto batched TRMM; arguments checked, batch, n > 0. */
kblasf_status_t FN(trtri_batch_run)(kblasf_context *ctx, char uplo, char diag, kblasf_int n,
                                    const batch_t *A, kblasf_int batch, char *path,
                                    size_t pathsz);

/* The device algorithms of POTRF and POTRS (chol_gen.c) on one matrix, arguments
 * checked, n > 0 (and nrhs > 0), asynchronous: the batched routines' loop for orders their
 * executor's kernels do not take (batch_gen.c). dinfo: one integer of the executor's memory,
 * zero before the call: the first failing pivot's order goes there. */
kblasf_status_t FN(potrf_device)(kblasf_context *ctx, char uplo, kblasf_int n, T *A,
                                 kblasf_int lda, int64_t *dinfo);
kblasf_status_t FN(potrs_device)(kblasf_context *ctx, char uplo, kblasf_int n,
                                 kblasf_int nrhs, const T *A, kblasf_int lda, T *B,
                                 kblasf_int ldb);

/* Host forms with the name the caller used for xerbla_ ("DPOTRF" for the LAPACK name,
 * "KBLASF_DPOTRF" otherwise). chol_host_gen.c. */
kblasf_status_t FN(potrf_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info);
kblasf_status_t FN(potrs_named)(const char *name, char uplo, kblasf_int n, kblasf_int nrhs,
                                const T *A, kblasf_int lda, T *B, kblasf_int ldb,
                                kblasf_int *info);
kblasf_status_t FN(potri_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info);
kblasf_status_t FN(trtri_named)(const char *name, char uplo, char diag, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info);
kblasf_status_t FN(lauum_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info);
kblasf_status_t FN(posv_named)(const char *name, char uplo, kblasf_int n, kblasf_int nrhs,
                               T *A, kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info);
#endif
