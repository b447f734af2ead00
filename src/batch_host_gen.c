/*
 * batch_host_gen.c — the host executor's batched Cholesky (precision-generic): one LAPACK
 * call per matrix, the matrices shared among OpenMP threads when the build has OpenMP.
 * POTRF is LAPACK's recursive POTRF2 (an auxiliary: never a name kblasf exports, so a
 * program that relinks LAPACK's names to kblasf cannot make this call itself), POTRS
 * the CPU path's two triangular solves (lapack/chol_cpu_gen.c).
 */
#include "prec.h"
#include "internal.h"
#include "lapack_aux.h"
#include "lapack.h"

typedef KBLASF_CAT2(kblasf_batch_, PREC) batch_t;

#ifdef _OPENMP
#define HOST_PATH "one LAPACK call per matrix, OpenMP threads over the matrices"
#else
#define HOST_PATH "one LAPACK call per matrix (built without OpenMP)"
#endif

/* POTRF of every matrix (factor) and POTRS of those that factored (nrhs > 0): the one
 * loop behind the three primitives. */
static void run(char uplo, kblasf_int n, kblasf_int nrhs, const batch_t *A, const batch_t *B,
                kblasf_int *info, int factor, kblasf_int batch)
{
    kblasf_int b;

    /* Every matrix is its own problem: the static schedule gives each thread a run of
     * neighbours in memory; the BLAS inside is called from several threads at once. */
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if (batch > 1)
#endif
    for (b = 0; b < batch; b++) {
        kblasf_int linfo = 0;

        if (n > 0) { /* order 0: the arrays may not even be there */
            T *Ab = KBLASF_BATCH_MAT(A, b);
            if (factor)
                PFN(potrf2_)(&uplo, &n, Ab, &A->ld, &linfo, 1);
            if (nrhs > 0 && linfo == 0)
                FN(cpu_potrs)(uplo, n, nrhs, Ab, A->ld, KBLASF_BATCH_MAT(B, b), B->ld);
        }
        if (info)
            info[b] = linfo;
    }
}

static kblasf_status_t host_potrf_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int *info, kblasf_int batch,
                                        const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, 0, A, NULL, info, 1, batch);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_potrs_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                        kblasf_int batch, const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, nrhs, A, B, NULL, 0, batch);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_posv_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                       kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                       kblasf_int *info, kblasf_int batch, const char **path)
{
    (void)ctx;
    *path = HOST_PATH;
    run(uplo, n, nrhs, A, B, info, 1, batch);
    return KBLASF_STATUS_SUCCESS;
}

void FN(host_batch_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p)
{
    p->potrf_batch = host_potrf_batch;
    p->potrs_batch = host_potrs_batch;
    p->posv_batch = host_posv_batch;
}
