/*
 * names_gen.c — the Fortran entry points of the LAPACK layer (precision-generic), from one
 * table: for each routine the F77 symbol KBLASF_DPOTRF (kblasf_dpotrf_) and, unless
 * configured with --disable-lapack-names, the LAPACK name DPOTRF (dpotrf_) itself, both
 * with LAPACK's argument list (character arguments followed by their hidden lengths).
 * Linked ahead of LAPACK, the LAPACK names take every call in the process: the program's
 * own and those of LAPACK's drivers inside liblapack (DPOSV, DSYGV, ... calling DPOTRF).
 * Illegal arguments reach xerbla_ with the name the caller used.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "prec.h"
#include "lapack.h"

typedef const kblasf_int cint;

/* X(routine, "NAME", (parameters), (arguments of the _named form after the name));
 * routine may be a macro (TRD: sytrd or hetrd). */
#define KBLASF_LAPACK_NAMES_TABLE(X)                                                      \
    X(potrf, "POTRF", (const char *uplo, cint *n, T *A, cint *lda, kblasf_int *info,      \
                       kblasf_strlen l1),                                                 \
      (*uplo, *n, A, *lda, info))                                                         \
    X(potrs, "POTRS", (const char *uplo, cint *n, cint *nrhs, const T *A, cint *lda,      \
                       T *B, cint *ldb, kblasf_int *info, kblasf_strlen l1),              \
      (*uplo, *n, *nrhs, A, *lda, B, *ldb, info))                                         \
    X(potri, "POTRI", (const char *uplo, cint *n, T *A, cint *lda, kblasf_int *info,      \
                       kblasf_strlen l1),                                                 \
      (*uplo, *n, A, *lda, info))                                                         \
    X(trtri, "TRTRI", (const char *uplo, const char *diag, cint *n, T *A, cint *lda,      \
                       kblasf_int *info, kblasf_strlen l1, kblasf_strlen l2),             \
      (*uplo, *diag, *n, A, *lda, info))                                                  \
    X(lauum, "LAUUM", (const char *uplo, cint *n, T *A, cint *lda, kblasf_int *info,      \
                       kblasf_strlen l1),                                                 \
      (*uplo, *n, A, *lda, info))                                                         \
    X(posv, "POSV", (const char *uplo, cint *n, cint *nrhs, T *A, cint *lda, T *B,        \
                     cint *ldb, kblasf_int *info, kblasf_strlen l1),                      \
      (*uplo, *n, *nrhs, A, *lda, B, *ldb, info))                                         \
    X(TRD, TRD_NAME, (const char *uplo, cint *n, T *A, cint *lda, RT *d, RT *e, T *tau,   \
                      T *work, cint *lwork, kblasf_int *info, kblasf_strlen l1),          \
      (*uplo, *n, A, *lda, d, e, tau, work, *lwork, info))                                \
    X(gebrd, "GEBRD", (cint *m, cint *n, T *A, cint *lda, RT *d, RT *e, T *tauq, T *taup, \
                       T *work, cint *lwork, kblasf_int *info),                           \
      (*m, *n, A, *lda, d, e, tauq, taup, work, *lwork, info))

/* KBLASF_DPOTRF: kblasf_dpotrf_ */
#define F77_ENTRY(r, NAME, params, args)                                                  \
    void FN(KBLASF_CAT2(r, _)) params                                                     \
    {                                                                                     \
        FN(KBLASF_CAT2(r, _named))("KBLASF_" PNAME(NAME), KBLASF_UNPAREN args);           \
    }
/* DPOTRF: dpotrf_ */
#define LAPACK_ENTRY(r, NAME, params, args)                                               \
    void PFN(KBLASF_CAT2(r, _)) params                                                    \
    {                                                                                     \
        FN(KBLASF_CAT2(r, _named))(PNAME(NAME), KBLASF_UNPAREN args);                     \
    }
#define KBLASF_UNPAREN(...) __VA_ARGS__

KBLASF_LAPACK_NAMES_TABLE(F77_ENTRY)
#if KBLASF_LAPACK_NAMES
KBLASF_LAPACK_NAMES_TABLE(LAPACK_ENTRY)
#endif
