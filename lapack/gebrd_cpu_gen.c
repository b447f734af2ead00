/*
 * gebrd_cpu_gen.c — the CPU path of GEBRD (precision-generic): LAPACK's blocked algorithm
 * (DGEBRD), written against its auxiliaries LABRD and GEBD2 and the BLAS GEMM with the
 * block sizes LAPACK's ILAENV gives, so that it computes what LAPACK computes. It never
 * calls a name kblasf exports (dgebrd_, ...): see lapack_aux.h. The device path
 * (gebrd_gen.c) also finishes its last block here.
 */
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

#if IS_COMPLEX
#define CTRANS "C"
#else
#define CTRANS "T"
#endif

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* ILAENV's answer ispec (1: block size, 3: crossover) for GEBRD on m x n. */
static kblasf_int brd_env(kblasf_int ispec, kblasf_int m, kblasf_int n)
{
    return kblasf_ilaenv(ispec, PNAME("GEBRD"), " ", m, n);
}

kblasf_int FN(brd_lwork)(kblasf_int m, kblasf_int n)
{
    if (MIN(m, n) <= 0)
        return 1;
    return (m + n) * MAX(1, brd_env(1, m, n));
}

void FN(cpu_brd)(kblasf_int m, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e, T *tauq,
                 T *taup)
{
    kblasf_int minmn = MIN(m, n), nb = MAX(1, brd_env(1, m, n)), nx = minmn, i = 0, j;
    kblasf_int ldx = m, ldy = n, mr, nr, iinfo;
    T one = 1, mone = -1, *X = NULL, *Y, *work;

    if (nb > 1 && nb < minmn) {
        nx = MAX(nb, brd_env(3, m, n));
        if (nx < minmn && !(X = malloc(((size_t)m + n) * nb * sizeof(T))))
            nx = minmn; /* no workspace: unblocked, as LAPACK with a small lwork */
    }
    Y = X ? X + (size_t)m * nb : NULL;
    for (i = 0; i < minmn - nx; i += nb) {
        mr = m - i;
        nr = n - i;
        PFN(labrd_)(&mr, &nr, &nb, at(A, lda, i, i), &lda, d + i, e + i, tauq + i, taup + i, X,
                    &ldx, Y, &ldy);
        mr = m - i - nb;
        nr = n - i - nb;
        PFN(gemm_)("N", CTRANS, &mr, &nr, &nb, &mone, at(A, lda, i + nb, i), &lda, Y + nb, &ldy,
                   &one, at(A, lda, i + nb, i + nb), &lda, 1, 1);
        PFN(gemm_)("N", "N", &mr, &nr, &nb, &mone, X + nb, &ldx, at(A, lda, i, i + nb), &lda,
                   &one, at(A, lda, i + nb, i + nb), &lda, 1, 1);
        for (j = i; j < i + nb; j++) {
            *at(A, lda, j, j) = d[j];
            if (m >= n)
                *at(A, lda, j, j + 1) = e[j];
            else
                *at(A, lda, j + 1, j) = e[j];
        }
    }
    free(X);
    mr = m - i;
    nr = n - i;
    work = malloc((size_t)MAX(1, MAX(mr, nr)) * sizeof(T));
    PFN(gebd2_)(&mr, &nr, at(A, lda, i, i), &lda, d + i, e + i, tauq + i, taup + i,
                work ? work : &one, &iinfo);
    free(work);
}
