/*
 * prec.h — the precision-generic source scheme.
 *
 * A generic source (a file named *_gen.c) is compiled four times, once with each of
 * -DKBLASF_PREC_S, _D, _C, _Z. It writes its element type as T, the matching real type
 * as RT, and names its functions FN(gemv) -> kblasf_dgemv, PFN(gemv) -> the
 * precision prefix without "kblasf_" (dgemv), and so on.
 */
#ifndef KBLASF_PREC_H
#define KBLASF_PREC_H

#include <complex.h>
#include "kblasf.h"

#if defined(KBLASF_PREC_S)
#  define T            float
#  define RT           float
#  define PREC         s
#  define PREC_UPPER   "S"
#  define IS_COMPLEX   0
#  define CONJ(x)      (x)
#  define REAL(x)      (x)
#  define PREC_INDEX   0
#elif defined(KBLASF_PREC_D)
#  define T            double
#  define RT           double
#  define PREC         d
#  define PREC_UPPER   "D"
#  define IS_COMPLEX   0
#  define CONJ(x)      (x)
#  define REAL(x)      (x)
#  define PREC_INDEX   1
#elif defined(KBLASF_PREC_C)
#  define T            float _Complex
#  define RT           float
#  define PREC         c
#  define PREC_UPPER   "C"
#  define IS_COMPLEX   1
#  define CONJ(x)      conjf(x)
#  define REAL(x)      crealf(x)
#  define PREC_INDEX   2
#elif defined(KBLASF_PREC_Z)
#  define T            double _Complex
#  define RT           double
#  define PREC         z
#  define PREC_UPPER   "Z"
#  define IS_COMPLEX   1
#  define CONJ(x)      conj(x)
#  define REAL(x)      creal(x)
#  define PREC_INDEX   3
#else
#  error "compile generic sources with one of -DKBLASF_PREC_S/_D/_C/_Z"
#endif

#define KBLASF_CAT3_(a, b, c) a##b##c
#define KBLASF_CAT3(a, b, c)  KBLASF_CAT3_(a, b, c)
#define KBLASF_CAT2_(a, b)    a##b
#define KBLASF_CAT2(a, b)     KBLASF_CAT2_(a, b)
#define KBLASF_STR_(a)        #a
#define KBLASF_STR(a)         KBLASF_STR_(a)

/* kblasf_<p>name: the public (or internal) precision-specific symbol. */
#define FN(name)    KBLASF_CAT3(kblasf_, PREC, name)
/* <p>name: a BLAS/LAPACK-style name, e.g. PFN(gemv_) -> dgemv_. */
#define PFN(name)   KBLASF_CAT3(, PREC, name)
/* "<P>NAME" string for messages, e.g. PNAME("GEMV") -> "DGEMV". */
#define PNAME(s)    PREC_UPPER s

#endif
