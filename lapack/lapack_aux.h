/*
 * lapack_aux.h — the LAPACK auxiliaries the CPU paths are built from. None of these is a
 * name kblasf exports, so the LAPACK-name layer (names_gen.c) can never call itself,
 * whether the program links kblasf and LAPACK statically or as shared libraries.
 * Character arguments are followed by their hidden lengths (gfortran ABI).
 */
#ifndef KBLASF_LAPACK_AUX_H
#define KBLASF_LAPACK_AUX_H

#include "blas.h"

#define KBLASF_LAPACK_AUX(P, T)                                                         \
void P##potrf2_(const char *uplo, const kblasf_int *n, T *A, const kblasf_int *lda,    \
                kblasf_int *info, kblasf_strlen);                                      \
void P##trti2_(const char *uplo, const char *diag, const kblasf_int *n, T *A,          \
               const kblasf_int *lda, kblasf_int *info, kblasf_strlen, kblasf_strlen);  \
void P##lauu2_(const char *uplo, const kblasf_int *n, T *A, const kblasf_int *lda,     \
               kblasf_int *info, kblasf_strlen);
KBLASF_LAPACK_AUX(s, float)
KBLASF_LAPACK_AUX(d, double)
KBLASF_LAPACK_AUX(c, kblasf_complex_float)
KBLASF_LAPACK_AUX(z, kblasf_complex_double)
#undef KBLASF_LAPACK_AUX

/* LAPACK's block-size oracle (the CPU paths use LAPACK's own block sizes, so that they
 * leave A exactly as LAPACK's routines do, also when they stop early). */
kblasf_int ilaenv_(const kblasf_int *ispec, const char *name, const char *opts,
                   const kblasf_int *n1, const kblasf_int *n2, const kblasf_int *n3,
                   const kblasf_int *n4, kblasf_strlen lname, kblasf_strlen lopts);

#endif
