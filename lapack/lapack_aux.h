/*
 * lapack_aux.h — the LAPACK auxiliaries the CPU paths are built from. None of these is a
 * name kblasf exports, so the LAPACK-name layer (names_gen.c) can never call itself,
 * whether the program links kblasf and LAPACK statically or as shared libraries.
 * Character arguments are followed by their hidden lengths (gfortran ABI).
 */
#ifndef KBLASF_LAPACK_AUX_H
#define KBLASF_LAPACK_AUX_H

#include <string.h>
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

/* The two-sided reductions' auxiliaries: LARFG (an elementary reflector), LATRD (one
 * panel of SYTRD/HETRD), SYTD2/HETD2 (the unblocked reduction), LABRD and GEBD2 (the same
 * for GEBRD). RT: the real type. */
#define KBLASF_LAPACK_TRD_AUX(P, TD2, T, RT)                                            \
void P##larfg_(const kblasf_int *n, T *alpha, T *x, const kblasf_int *incx, T *tau);   \
void P##latrd_(const char *uplo, const kblasf_int *n, const kblasf_int *nb, T *A,      \
               const kblasf_int *lda, RT *e, T *tau, T *W, const kblasf_int *ldw,      \
               kblasf_strlen);                                                         \
void P##TD2##_(const char *uplo, const kblasf_int *n, T *A, const kblasf_int *lda,     \
               RT *d, RT *e, T *tau, kblasf_int *info, kblasf_strlen);
#define KBLASF_LAPACK_BRD_AUX(P, T, RT)                                                 \
void P##labrd_(const kblasf_int *m, const kblasf_int *n, const kblasf_int *nb, T *A,   \
               const kblasf_int *lda, RT *d, RT *e, T *tauq, T *taup, T *X,            \
               const kblasf_int *ldx, T *Y, const kblasf_int *ldy);                    \
void P##gebd2_(const kblasf_int *m, const kblasf_int *n, T *A, const kblasf_int *lda,  \
               RT *d, RT *e, T *tauq, T *taup, T *work, kblasf_int *info);
KBLASF_LAPACK_BRD_AUX(s, float, float)
KBLASF_LAPACK_BRD_AUX(d, double, double)
KBLASF_LAPACK_BRD_AUX(c, kblasf_complex_float, float)
KBLASF_LAPACK_BRD_AUX(z, kblasf_complex_double, double)
#undef KBLASF_LAPACK_BRD_AUX
KBLASF_LAPACK_TRD_AUX(s, sytd2, float, float)
KBLASF_LAPACK_TRD_AUX(d, sytd2, double, double)
KBLASF_LAPACK_TRD_AUX(c, hetd2, kblasf_complex_float, float)
KBLASF_LAPACK_TRD_AUX(z, hetd2, kblasf_complex_double, double)
#undef KBLASF_LAPACK_TRD_AUX

/* LAPACK's block-size oracle (the CPU paths use LAPACK's own block sizes, so that they
 * leave A exactly as LAPACK's routines do, also when they stop early). */
kblasf_int ilaenv_(const kblasf_int *ispec, const char *name, const char *opts,
                   const kblasf_int *n1, const kblasf_int *n2, const kblasf_int *n3,
                   const kblasf_int *n4, kblasf_strlen lname, kblasf_strlen lopts);

/* ILAENV's answer ispec (1: block size, 2: minimum block size, 3: crossover order) for
 * routine name ("DPOTRF") with options opts and orders n1, n2 (-1 when unused). */
static inline kblasf_int kblasf_ilaenv(kblasf_int ispec, const char *name, const char *opts,
                                       kblasf_int n1, kblasf_int n2)
{
    kblasf_int none = -1;

    return ilaenv_(&ispec, name, opts, &n1, &n2, &none, &none, strlen(name), strlen(opts));
}

#endif
