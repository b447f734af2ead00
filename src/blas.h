/*
 * blas.h — the Fortran BLAS routines the host executor and the core call.
 * Character arguments are followed by their hidden lengths (gfortran ABI), which
 * reference BLAS and OpenBLAS both accept.
 */
#ifndef KBLASF_BLAS_H
#define KBLASF_BLAS_H

#include "kblasf.h"

typedef size_t kblasf_strlen; /* hidden Fortran character length */

#define KBLASF_BLAS_MV(P, NAME, T)                                                      \
void P##gemv_(const char *trans, const kblasf_int *m, const kblasf_int *n,             \
              const T *alpha, const T *A, const kblasf_int *lda, const T *x,           \
              const kblasf_int *incx, const T *beta, T *y, const kblasf_int *incy,     \
              kblasf_strlen ltrans);                                                   \
void P##NAME##_(const char *uplo, const kblasf_int *n, const T *alpha, const T *A,     \
              const kblasf_int *lda, const T *x, const kblasf_int *incx,               \
              const T *beta, T *y, const kblasf_int *incy, kblasf_strlen luplo);

#define KBLASF_BLAS_L3(P, T)                                                            \
void P##gemm_(const char *transa, const char *transb, const kblasf_int *m,             \
              const kblasf_int *n, const kblasf_int *k, const T *alpha, const T *A,    \
              const kblasf_int *lda, const T *B, const kblasf_int *ldb, const T *beta, \
              T *C, const kblasf_int *ldc, kblasf_strlen, kblasf_strlen);              \
void P##trmm_(const char *side, const char *uplo, const char *transa, const char *diag,\
              const kblasf_int *m, const kblasf_int *n, const T *alpha, const T *A,    \
              const kblasf_int *lda, T *B, const kblasf_int *ldb, kblasf_strlen,       \
              kblasf_strlen, kblasf_strlen, kblasf_strlen);                            \
void P##trsm_(const char *side, const char *uplo, const char *transa, const char *diag,\
              const kblasf_int *m, const kblasf_int *n, const T *alpha, const T *A,    \
              const kblasf_int *lda, T *B, const kblasf_int *ldb, kblasf_strlen,       \
              kblasf_strlen, kblasf_strlen, kblasf_strlen);

/* SYRK (s, d) and HERK (c, z; real alpha and beta) */
#define KBLASF_BLAS_SYRK(P, NAME, T, RT)                                                \
void P##NAME##_(const char *uplo, const char *trans, const kblasf_int *n,              \
              const kblasf_int *k, const RT *alpha, const T *A, const kblasf_int *lda, \
              const RT *beta, T *C, const kblasf_int *ldc, kblasf_strlen, kblasf_strlen);
KBLASF_BLAS_SYRK(s, syrk, float, float)
KBLASF_BLAS_SYRK(d, syrk, double, double)
KBLASF_BLAS_SYRK(c, herk, kblasf_complex_float, float)
KBLASF_BLAS_SYRK(z, herk, kblasf_complex_double, double)
/* SYRK of the complex types (complex symmetric: alpha and beta complex) */
KBLASF_BLAS_SYRK(c, syrk, kblasf_complex_float, kblasf_complex_float)
KBLASF_BLAS_SYRK(z, syrk, kblasf_complex_double, kblasf_complex_double)
#undef KBLASF_BLAS_SYRK

/* SYR2K (s, d) and HER2K (c, z; real beta) */
#define KBLASF_BLAS_SYR2K(P, NAME, T, BT)                                               \
void P##NAME##_(const char *uplo, const char *trans, const kblasf_int *n,              \
              const kblasf_int *k, const T *alpha, const T *A, const kblasf_int *lda,  \
              const T *B, const kblasf_int *ldb, const BT *beta, T *C,                 \
              const kblasf_int *ldc, kblasf_strlen, kblasf_strlen);
KBLASF_BLAS_SYR2K(s, syr2k, float, float)
KBLASF_BLAS_SYR2K(d, syr2k, double, double)
KBLASF_BLAS_SYR2K(c, her2k, kblasf_complex_float, float)
KBLASF_BLAS_SYR2K(z, her2k, kblasf_complex_double, double)
#undef KBLASF_BLAS_SYR2K

KBLASF_BLAS_L3(s, float)
KBLASF_BLAS_L3(d, double)
KBLASF_BLAS_L3(c, kblasf_complex_float)
KBLASF_BLAS_L3(z, kblasf_complex_double)
#undef KBLASF_BLAS_L3

KBLASF_BLAS_MV(s, symv, float)
KBLASF_BLAS_MV(d, symv, double)
KBLASF_BLAS_MV(c, hemv, kblasf_complex_float)
KBLASF_BLAS_MV(z, hemv, kblasf_complex_double)
#undef KBLASF_BLAS_MV

void xerbla_(const char *srname, const kblasf_int *info, kblasf_strlen lsrname);

#endif
