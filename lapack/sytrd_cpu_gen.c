/*
 * sytrd_cpu_gen.c — the CPU path of SYTRD/HETRD (precision-generic): LAPACK's blocked
 * algorithm (DSYTRD), written against its auxiliaries LATRD and SYTD2/HETD2 and the BLAS
 * SYR2K/HER2K with the block sizes LAPACK's ILAENV gives, so that it computes what LAPACK
 * computes. It never calls a name kblasf exports (dsytrd_, ...): see lapack_aux.h. The
 * device path (sytrd_gen.c) also finishes its last block here.
 */
#include <stdlib.h>
#include <string.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

#if IS_COMPLEX
#define SYR2K PFN(her2k_)
#define TD2 PFN(hetd2_)
#else
#define SYR2K PFN(syr2k_)
#define TD2 PFN(sytd2_)
#endif

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* ILAENV's answer ispec (1: block size, 3: crossover order) for SYTRD/HETRD. */
static kblasf_int trd_env(kblasf_int ispec, char uplo, kblasf_int n)
{
    const char u[2] = {uplo, 0};

    return kblasf_ilaenv(ispec, PNAME(TRD_NAME), u, n, -1);
}

kblasf_int FN(trd_lwork)(char uplo, kblasf_int n)
{
    return MAX(1, n * trd_env(1, uplo, n));
}

void FN(cpu_trd)(char uplo, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e, T *tau)
{
    kblasf_int nb = trd_env(1, uplo, n), nx = n, ldw = n, i, j, m, rest, kk, iinfo;
    RT rone = 1;
    T mone = -1, *W = NULL;

    if (nb > 1 && nb < n) {
        nx = MAX(nb, trd_env(3, uplo, n));
        if (nx < n && !(W = malloc((size_t)n * nb * sizeof(T))))
            nx = n; /* no workspace: unblocked, as LAPACK with a small lwork */
    }
    if (nx >= n)
        nb = 1;
    if (kblasf_lsame(uplo, 'U')) {
        /* panels from the bottom right: columns i .. i+nb-1 of the leading i+nb block */
        kk = nx < n ? n - ((n - nx + nb - 1) / nb) * nb : n;
        for (i = n - nb; nx < n && i >= kk; i -= nb) {
            m = i + nb;
            PFN(latrd_)(&uplo, &m, &nb, A, &lda, e, tau, W, &ldw, 1);
            SYR2K(&uplo, "N", &i, &nb, &mone, at(A, lda, 0, i), &lda, W, &ldw, &rone, A, &lda,
                  1, 1);
            for (j = i; j < i + nb; j++) {
                *at(A, lda, j - 1, j) = e[j - 1];
                d[j] = REAL(*at(A, lda, j, j));
            }
        }
        TD2(&uplo, &kk, A, &lda, d, e, tau, &iinfo, 1);
    } else {
        for (i = 0; i < n - nx; i += nb) {
            m = n - i;
            rest = n - i - nb;
            PFN(latrd_)(&uplo, &m, &nb, at(A, lda, i, i), &lda, e + i, tau + i, W, &ldw, 1);
            SYR2K(&uplo, "N", &rest, &nb, &mone, at(A, lda, i + nb, i), &lda, W + nb, &ldw,
                  &rone, at(A, lda, i + nb, i + nb), &lda, 1, 1);
            for (j = i; j < i + nb; j++) {
                *at(A, lda, j + 1, j) = e[j];
                d[j] = REAL(*at(A, lda, j, j));
            }
        }
        m = n - i;
        TD2(&uplo, &m, at(A, lda, i, i), &lda, d + i, e + i, tau + i, &iinfo, 1);
    }
    free(W);
}
