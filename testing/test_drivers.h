/*
 * test_drivers.h — what the testers of unmodified LAPACK drivers (test_eig_drivers.c,
 * test_svd_drivers.c) share: real problems live in double arrays and complex ones in
 * double complex arrays, so that the O(n^3) work of the real cases costs real flops;
 * every helper takes cplx and reads or writes element p of either through get/put.
 */
#ifndef KBLASF_TEST_DRIVERS_H
#define KBLASF_TEST_DRIVERS_H

#include <complex.h>
#include <math.h>
#include "testing.h"

typedef kblasf_complex_double zc;
typedef kblasf_int fint;

#ifdef KBLASF_LAPACK_NAMES
#define NAMES_EXPORTED 1
#else
#define NAMES_EXPORTED 0
#endif

/* the KBLASF_OFFLOAD mode this child runs in, for messages */
static inline const char *mode(void) { return *test_mode_env ? test_mode_env : "default"; }

static inline size_t esz(int cplx) { return cplx ? sizeof(zc) : sizeof(double); }

static inline zc get(int cplx, const void *A, size_t p)
{
    return cplx ? ((const zc *)A)[p] : ((const double *)A)[p];
}

static inline void put(int cplx, void *A, size_t p, zc v)
{
    if (cplx)
        ((zc *)A)[p] = v;
    else
        ((double *)A)[p] = creal(v);
}

static inline zc nanz(void)
{
    zc v;
    double *parts = (double *)&v; /* C lays a complex out as double[2] */

    parts[0] = parts[1] = NAN;
    return v;
}

#endif
