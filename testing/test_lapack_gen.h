/*
 * test_lapack_gen.h — what the testers of the LAPACK layer (test_lapack_gen.c,
 * test_sytrd_gen.c, test_gebrd_gen.c) share, precision-generic (include after prec.h):
 * the residual precision WT (double for s and d, double complex for c and z) and its BLAS,
 * random elements, the four entry kinds and the calls each must count.
 */
#ifndef KBLASF_TEST_LAPACK_GEN_H
#define KBLASF_TEST_LAPACK_GEN_H

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "blas.h"
#include "testing.h"

#define TFN(name) KBLASF_CAT3(test_, PREC, name)
#define EPS (sizeof(RT) == sizeof(float) ? (double)FLT_EPSILON : DBL_EPSILON)
/* The scaled cases' exponent (LAPACK's testers' types 8 and 9): a matrix times 2^-+SCALE_E2
 * has squares of its elements out of RT's range and their quotients within it */
#define SCALE_E2 (sizeof(RT) == sizeof(float) ? 100 : 900)
#define AT(A, ld, i, j) ((A)[(size_t)(i) + (size_t)(j) * (size_t)(ld)])

/* The triangle U ('L' or 'U') of the order-n M times 2^e, exactly (the scaled cases of the
 * batch testers) */
static inline void scale_tri(T *M, kblasf_int ld, char U, kblasf_int n, int e)
{
    const T s = (T)ldexp(1.0, e);
    kblasf_int i, j;

    for (j = 0; j < n && e; j++)
        for (i = U == 'L' ? j : 0; i < (U == 'L' ? n : j + 1); i++)
            AT(M, ld, i, j) *= s;
}

#ifdef KBLASF_LAPACK_NAMES
#define NAMES_EXPORTED 1
#else
#define NAMES_EXPORTED 0
#endif

#if IS_COMPLEX
typedef double _Complex WT;
#define WFN(name) KBLASF_CAT3(z, name, )
static inline T rnd(void) { double re = test_rand(); return re + I * test_rand(); }
static inline double wabs(WT x) { return cabs(x); }
static inline WT wconj(WT x) { return conj(x); }
#else
typedef double WT;
#define WFN(name) KBLASF_CAT3(d, name, )
static inline T rnd(void) { return (T)test_rand(); }
static inline double wabs(WT x) { return fabs(x); }
static inline WT wconj(WT x) { return x; }
#endif

enum { E_DEVICE, E_HOST, E_F77, E_LAPACK, E_COUNT };
static const char *const ename[] = {"device API", "host form", "F77 symbol", "LAPACK name"};

/* kblasf_lapack_calls() growth expected from one legal call through entry e */
static inline long want_calls(int e)
{
    return e == E_DEVICE ? 0 : e == E_LAPACK ? NAMES_EXPORTED : 1;
}

/* count elements of NaN: what a routine must neither read nor write. Each real number is a
 * quiet NaN whose payload is its position, so that the bit-for-bit checks also catch a
 * value put back in the wrong place (POTRF saves and restores the other triangle of its
 * diagonal blocks, for one). */
static inline T *nan_array(size_t count)
{
    T *p = test_alloc(count * sizeof(T));
    size_t i, nr = count * (sizeof(T) / sizeof(RT)); /* real numbers */

    for (i = 0; i < nr; i++) {
        if (sizeof(RT) == sizeof(float)) {
            uint32_t b = 0x7fc00000u | (uint32_t)(i & 0x3fffffu);
            memcpy((char *)p + i * sizeof(RT), &b, sizeof b);
        } else {
            uint64_t b = 0x7ff8000000000000ull | (uint64_t)(i & 0x7ffffffffffffull);
            memcpy((char *)p + i * sizeof(RT), &b, sizeof b);
        }
    }
    return p;
}

static inline double norm1_w(const WT *A, kblasf_int m, kblasf_int n, kblasf_int ld)
{
#if IS_COMPLEX
    return test_norm1_z(A, m, n, ld);
#else
    return test_norm1_d(A, m, n, ld);
#endif
}

/* C := alpha op(A) op(B) + beta C in WT with the reference BLAS */
static inline void wgemm(const char *ta, const char *tb, kblasf_int m, kblasf_int n,
                         kblasf_int k, WT alpha, const WT *A, kblasf_int lda, const WT *B,
                         kblasf_int ldb, WT beta, WT *C, kblasf_int ldc)
{
    WFN(gemm_)(ta, tb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc, 1, 1);
}

#endif
