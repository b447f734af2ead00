/*
 * batch_host_gen.c — the host executor's batched routines (precision-generic): one LAPACK
 * or BLAS call per matrix, the matrices shared among OpenMP threads when the build has
 * OpenMP. (TRSM, TRMM and GEMM are the system BLAS's: kblasf exports no BLAS names.)
 * POTRF is LAPACK's recursive POTRF2 (an auxiliary: never a name kblasf exports, so a
 * program that relinks LAPACK's names to kblasf cannot make this call itself), POTRS
 * the CPU path's two triangular solves (lapack/chol_cpu_gen.c).
 */
#include "prec.h"
#include "internal.h"
#include "lapack_aux.h"
#include "lapack.h"

#ifdef _OPENMP
#define THREADS ", OpenMP threads over the matrices"
#else
#define THREADS " (built without OpenMP)"
#endif
/* for (b = 0; b < batch; b++) over the matrices, shared among the OpenMP threads when the
 * build has OpenMP: every matrix is its own problem, the static schedule gives each
 * thread a run of neighbours in memory, and the BLAS inside is called from several
 * threads at once. (The variable `batch` is the loop's bound at every use.) */
#ifdef _OPENMP
#define FOR_EACH_MATRIX(b) \
    _Pragma("omp parallel for schedule(static) if (batch > 1)") for (b = 0; b < batch; b++)
#else
#define FOR_EACH_MATRIX(b) for (b = 0; b < batch; b++)
#endif
#define HOST_PATH "one LAPACK call per matrix" THREADS
#define HOST_BLAS_PATH "one BLAS call per matrix" THREADS

/* POTRF of every matrix (factor) and POTRS of those that factored (nrhs > 0): the one
 * loop behind the three primitives. ioff > 0: potrf_batch's trailing blocks (prims.h). */
static void run(char uplo, kblasf_int n, kblasf_int nrhs, const batch_t *A, const batch_t *B,
                kblasf_int *info, kblasf_int ioff, int factor, kblasf_int batch)
{
    kblasf_int b;

    FOR_EACH_MATRIX(b) {
        kblasf_int linfo = 0;

        if (n > 0) { /* order 0: the arrays may not even be there */
            T *Ab = KBLASF_BATCH_MAT(A, b);
            if (factor)
                PFN(potrf2_)(&uplo, &n, Ab, &A->ld, &linfo, 1);
            if (nrhs > 0 && linfo == 0)
                FN(cpu_potrs)(uplo, n, nrhs, Ab, A->ld, KBLASF_BATCH_MAT(B, b), B->ld);
        }
        if (info && ioff == 0)
            info[b] = linfo;
        else if (info && linfo != 0 && info[b] == 0)
            info[b] = ioff + linfo;
    }
}

static kblasf_status_t host_potrf_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int *info, kblasf_int ioff,
                                        kblasf_int batch, const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, 0, A, NULL, info, ioff, 1, batch);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_potrs_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                        kblasf_int batch, const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, nrhs, A, B, NULL, 0, 0, batch);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_posv_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                       kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                       kblasf_int *info, kblasf_int batch, const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, nrhs, A, B, info, 0, 1, batch);
    return KBLASF_STATUS_SUCCESS;
}

/* TRSM/TRMM: one BLAS call per matrix, any order. */
static kblasf_status_t host_trxm_batch(kblasf_context *ctx, int solve, char side, char uplo,
                                       char transa, char diag, kblasf_int m, kblasf_int n,
                                       T alpha, const batch_t *A, const batch_t *B,
                                       kblasf_int batch, const char **path)
{
    kblasf_int b;

    (void)ctx;
    *path = HOST_BLAS_PATH;
    FOR_EACH_MATRIX(b)
        (solve ? PFN(trsm_) : PFN(trmm_))(&side, &uplo, &transa, &diag, &m, &n, &alpha,
                                          KBLASF_BATCH_MAT(A, b), &A->ld,
                                          KBLASF_BATCH_MAT(B, b), &B->ld, 1, 1, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

/* TRTRI: the CPU path's blocked TRTRI (LAPACK auxiliaries and BLAS) per matrix; a
 * singular member is left as it was (its info is dropped: the batched form has none). */
static kblasf_status_t host_trtri_batch(kblasf_context *ctx, char uplo, char diag,
                                        kblasf_int n, const batch_t *A, kblasf_int batch,
                                        const char **path)
{
    kblasf_int b;

    (void)ctx;
    *path = HOST_PATH;
    FOR_EACH_MATRIX(b) {
        kblasf_int info;
        FN(cpu_trtri)(uplo, diag, n, KBLASF_BATCH_MAT(A, b), A->ld, &info);
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_gemm_batch(kblasf_context *ctx, char transa, char transb,
                                       kblasf_int m, kblasf_int n, kblasf_int k, T alpha,
                                       const batch_t *A, const batch_t *B, T beta,
                                       const batch_t *C, kblasf_int batch)
{
    kblasf_int b;

    (void)ctx;
    FOR_EACH_MATRIX(b)
        PFN(gemm_)(&transa, &transb, &m, &n, &k, &alpha, KBLASF_BATCH_MAT(A, b), &A->ld,
                   KBLASF_BATCH_MAT(B, b), &B->ld, &beta, KBLASF_BATCH_MAT(C, b), &C->ld, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

/* SYRK/HERK: one BLAS call per matrix, any order. For real types HERK is SYRK. */
static kblasf_status_t host_syrk_batch(kblasf_context *ctx, int herm, char uplo, char trans,
                                       kblasf_int n, kblasf_int k, T alpha, const batch_t *A,
                                       T beta, const batch_t *C, kblasf_int batch,
                                       const char **path)
{
    kblasf_int b;
    RT ralpha = REAL(alpha), rbeta = REAL(beta);

    (void)ctx;
    (void)ralpha;
    (void)rbeta;
    *path = HOST_BLAS_PATH;
    FOR_EACH_MATRIX(b) {
        const T *Ab = KBLASF_BATCH_MAT(A, b);
        T *Cb = KBLASF_BATCH_MAT(C, b);
#if IS_COMPLEX
        if (herm)
            PFN(herk_)(&uplo, &trans, &n, &k, &ralpha, Ab, &A->ld, &rbeta, Cb, &C->ld, 1, 1);
        else
#endif
            PFN(syrk_)(&uplo, &trans, &n, &k, &alpha, Ab, &A->ld, &beta, Cb, &C->ld, 1, 1);
    }
    (void)herm;
    return KBLASF_STATUS_SUCCESS;
}

/* LAUUM: the CPU path's blocked LAUUM (LAPACK's LAUU2, TRMM, HERK) per matrix. */
static kblasf_status_t host_lauum_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int batch, const char **path)
{
    kblasf_int b;

    (void)ctx;
    *path = HOST_PATH;
    FOR_EACH_MATRIX(b)
        FN(cpu_lauum)(uplo, n, KBLASF_BATCH_MAT(A, b), A->ld);
    return KBLASF_STATUS_SUCCESS;
}

/* POTRI (POTI: POTRF2 first) per matrix: a zero on the factor's diagonal leaves the
 * matrix as it is, as LAPACK's POTRI does. */
static kblasf_status_t host_potri_batch(kblasf_context *ctx, int poti, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int *info, kblasf_int batch,
                                        const char **path)
{
    kblasf_int b;

    (void)ctx;
    *path = HOST_PATH;
    FOR_EACH_MATRIX(b) {
        T *Ab = KBLASF_BATCH_MAT(A, b);
        kblasf_int linfo = 0;

        if (poti)
            PFN(potrf2_)(&uplo, &n, Ab, &A->ld, &linfo, 1);
        else
            linfo = FN(zero_diagonal)(n, Ab, A->ld);
        if (linfo == 0) {
            FN(cpu_trtri)(uplo, 'N', n, Ab, A->ld, &linfo);
            FN(cpu_lauum)(uplo, n, Ab, A->ld);
        }
        info[b] = linfo;
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_zero_diag_batch(kblasf_context *ctx, kblasf_int n, const batch_t *A,
                                            kblasf_int *info, kblasf_int batch)
{
    kblasf_int b;

    (void)ctx;
    for (b = 0; b < batch; b++)
        info[b] = FN(zero_diagonal)(n, KBLASF_BATCH_MAT(A, b), A->ld);
    return KBLASF_STATUS_SUCCESS;
}

void FN(host_batch_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p)
{
    p->trxm_batch = host_trxm_batch;
    p->trtri_batch = host_trtri_batch;
    p->gemm_batch = host_gemm_batch;
    p->syrk_batch = host_syrk_batch;
    p->lauum_batch = host_lauum_batch;
    p->potri_batch = host_potri_batch;
    p->zero_diag_batch = host_zero_diag_batch;
    p->potrf_batch = host_potrf_batch;
    p->potrs_batch = host_potrs_batch;
    p->posv_batch = host_posv_batch;
}
