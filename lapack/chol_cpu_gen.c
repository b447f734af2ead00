/*
 * chol_cpu_gen.c — the CPU paths of the Cholesky family (precision-generic): LAPACK's own
 * blocked algorithms (DPOTRF, DTRTRI, DLAUUM, DPOTRS), written against its unblocked
 * auxiliaries (POTRF2, TRTI2, LAUU2) and the BLAS with the block size LAPACK's ILAENV
 * gives, so that they compute what LAPACK computes and, when POTRF stops at a
 * non-positive pivot, leave A exactly as LAPACK leaves it. They never call a name that
 * kblasf exports (dpotrf_, ...): see lapack_aux.h.
 */
#include <stdio.h>
#include <string.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

#if IS_COMPLEX
#define HERK PFN(herk_)
#define CTRANS "C" /* conjugate transpose */
#else
#define HERK PFN(syrk_)
#define CTRANS "T"
#endif

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* LAPACK's block size for routine `name` (e.g. "POTRF") with options opts. */
static kblasf_int block_size(const char *name, const char *opts, kblasf_int n)
{
    char full[16];

    snprintf(full, sizeof full, "%s%s", PREC_UPPER, name);
    return kblasf_ilaenv(1, full, opts, n, -1);
}

void FN(cpu_potrf)(char uplo, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info)
{
    const char u[2] = {uplo, 0};
    kblasf_int nb = block_size("POTRF", u, n), j, jb, rest;
    RT rone = 1, rmone = -1;
    T one = 1, mone = -1;

    *info = 0;
    if (nb <= 1 || nb >= n) {
        PFN(potrf2_)(&uplo, &n, A, &lda, info, 1);
        return;
    }
    /* left-looking by block columns (rows for upper): update the diagonal block with the
     * finished part, factor it, then update and solve the block column below it */
    for (j = 0; j < n; j += nb) {
        jb = MIN(nb, n - j);
        rest = n - j - jb;
        if (kblasf_lsame(uplo, 'U')) {
            HERK("U", CTRANS, &jb, &j, &rmone, at(A, lda, 0, j), &lda, &rone, at(A, lda, j, j),
                 &lda, 1, 1);
            PFN(potrf2_)("U", &jb, at(A, lda, j, j), &lda, info, 1);
            if (*info)
                break;
            if (rest > 0) {
                PFN(gemm_)(CTRANS, "N", &jb, &rest, &j, &mone, at(A, lda, 0, j), &lda,
                           at(A, lda, 0, j + jb), &lda, &one, at(A, lda, j, j + jb), &lda, 1, 1);
                PFN(trsm_)("L", "U", CTRANS, "N", &jb, &rest, &one, at(A, lda, j, j), &lda,
                           at(A, lda, j, j + jb), &lda, 1, 1, 1, 1);
            }
        } else {
            HERK("L", "N", &jb, &j, &rmone, at(A, lda, j, 0), &lda, &rone, at(A, lda, j, j),
                 &lda, 1, 1);
            PFN(potrf2_)("L", &jb, at(A, lda, j, j), &lda, info, 1);
            if (*info)
                break;
            if (rest > 0) {
                PFN(gemm_)("N", CTRANS, &rest, &jb, &j, &mone, at(A, lda, j + jb, 0), &lda,
                           at(A, lda, j, 0), &lda, &one, at(A, lda, j + jb, j), &lda, 1, 1);
                PFN(trsm_)("R", "L", CTRANS, "N", &rest, &jb, &one, at(A, lda, j, j), &lda,
                           at(A, lda, j + jb, j), &lda, 1, 1, 1, 1);
            }
        }
    }
    if (*info)
        *info += j;
}

void FN(cpu_potrs)(char uplo, kblasf_int n, kblasf_int nrhs, const T *A, kblasf_int lda,
                   T *B, kblasf_int ldb)
{
    T one = 1;

    if (kblasf_lsame(uplo, 'U')) { /* U^H U X = B */
        PFN(trsm_)("L", "U", CTRANS, "N", &n, &nrhs, &one, A, &lda, B, &ldb, 1, 1, 1, 1);
        PFN(trsm_)("L", "U", "N", "N", &n, &nrhs, &one, A, &lda, B, &ldb, 1, 1, 1, 1);
    } else { /* L L^H X = B */
        PFN(trsm_)("L", "L", "N", "N", &n, &nrhs, &one, A, &lda, B, &ldb, 1, 1, 1, 1);
        PFN(trsm_)("L", "L", CTRANS, "N", &n, &nrhs, &one, A, &lda, B, &ldb, 1, 1, 1, 1);
    }
}

kblasf_int FN(zero_diagonal)(kblasf_int n, const T *A, kblasf_int lda)
{
    kblasf_int i;

    for (i = 0; i < n; i++)
        if (A[i + (size_t)i * lda] == 0)
            return i + 1;
    return 0;
}

void FN(cpu_trtri)(char uplo, char diag, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info)
{
    const char opts[3] = {uplo, diag, 0};
    kblasf_int nb, j, jb, rest;
    T one = 1, mone = -1;

    *info = kblasf_lsame(diag, 'N') ? FN(zero_diagonal)(n, A, lda) : 0;
    if (*info)
        return;
    nb = block_size("TRTRI", opts, n);
    if (nb <= 1 || nb >= n) {
        PFN(trti2_)(&uplo, &diag, &n, A, &lda, info, 1, 1);
        return;
    }
    if (kblasf_lsame(uplo, 'U')) {
        /* block column j: A(0:j, j) := -inv(U(0:j,0:j)) A(0:j, j) inv(U_jj), the first
         * factor already inverted in place; then invert the diagonal block */
        for (j = 0; j < n; j += nb) {
            jb = MIN(nb, n - j);
            PFN(trmm_)("L", "U", "N", &diag, &j, &jb, &one, A, &lda, at(A, lda, 0, j), &lda,
                       1, 1, 1, 1);
            PFN(trsm_)("R", "U", "N", &diag, &j, &jb, &mone, at(A, lda, j, j), &lda,
                       at(A, lda, 0, j), &lda, 1, 1, 1, 1);
            PFN(trti2_)("U", &diag, &jb, at(A, lda, j, j), &lda, info, 1, 1);
        }
    } else {
        /* from the last block column backwards, the mirror image */
        for (j = ((n - 1) / nb) * nb; j >= 0; j -= nb) {
            jb = MIN(nb, n - j);
            rest = n - j - jb;
            if (rest > 0) {
                PFN(trmm_)("L", "L", "N", &diag, &rest, &jb, &one, at(A, lda, j + jb, j + jb),
                           &lda, at(A, lda, j + jb, j), &lda, 1, 1, 1, 1);
                PFN(trsm_)("R", "L", "N", &diag, &rest, &jb, &mone, at(A, lda, j, j), &lda,
                           at(A, lda, j + jb, j), &lda, 1, 1, 1, 1);
            }
            PFN(trti2_)("L", &diag, &jb, at(A, lda, j, j), &lda, info, 1, 1);
        }
    }
}

void FN(cpu_lauum)(char uplo, kblasf_int n, T *A, kblasf_int lda)
{
    const char u[2] = {uplo, 0};
    kblasf_int nb = block_size("LAUUM", u, n), i, ib, rest, info = 0;
    RT rone = 1;
    T one = 1;

    if (nb <= 1 || nb >= n) {
        PFN(lauu2_)(&uplo, &n, A, &lda, &info, 1);
        return;
    }
    for (i = 0; i < n; i += nb) {
        ib = MIN(nb, n - i);
        rest = n - i - ib;
        if (kblasf_lsame(uplo, 'U')) { /* U U^H */
            PFN(trmm_)("R", "U", CTRANS, "N", &i, &ib, &one, at(A, lda, i, i), &lda,
                       at(A, lda, 0, i), &lda, 1, 1, 1, 1);
            PFN(lauu2_)("U", &ib, at(A, lda, i, i), &lda, &info, 1);
            if (rest > 0) {
                PFN(gemm_)("N", CTRANS, &i, &ib, &rest, &one, at(A, lda, 0, i + ib), &lda,
                           at(A, lda, i, i + ib), &lda, &one, at(A, lda, 0, i), &lda, 1, 1);
                HERK("U", "N", &ib, &rest, &rone, at(A, lda, i, i + ib), &lda, &rone,
                     at(A, lda, i, i), &lda, 1, 1);
            }
        } else { /* L^H L */
            PFN(trmm_)("L", "L", CTRANS, "N", &ib, &i, &one, at(A, lda, i, i), &lda,
                       at(A, lda, i, 0), &lda, 1, 1, 1, 1);
            PFN(lauu2_)("L", &ib, at(A, lda, i, i), &lda, &info, 1);
            if (rest > 0) {
                PFN(gemm_)(CTRANS, "N", &ib, &i, &rest, &one, at(A, lda, i + ib, i), &lda,
                           at(A, lda, i + ib, 0), &lda, &one, at(A, lda, i, 0), &lda, 1, 1);
                HERK("L", CTRANS, &ib, &rest, &rone, at(A, lda, i + ib, i), &lda, &rone,
                     at(A, lda, i, i), &lda, 1, 1);
            }
        }
    }
}
