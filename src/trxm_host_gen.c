/*
 * trxm_host_gen.c — TRMM/TRSM on host memory with BLAS argument lists (precision-
 * generic): kblasf_?trmm_host / kblasf_?trsm_host, behind the F77 symbols KBLASF_?TRMM
 * and KBLASF_?TRSM. Small problems, and machines without a usable GPU, run on the CPU
 * BLAS; otherwise A and B go to the GPU, the recursive device routine runs there and B
 * comes back. The log says which and why.
 */
#include <stdlib.h>
#include "prec.h"
#include "internal.h"
#include "blas.h"

/* Below this order of A, the CPU BLAS is faster than the round trip to the GPU. */
enum { HOST_MAX_ORDER = 256 };

typedef kblasf_status_t (*device_fn)(kblasf_handle_t, char, char, char, char, kblasf_int,
                                     kblasf_int, const T *, const T *, kblasf_int, T *,
                                     kblasf_int);

static kblasf_status_t on_cpu(int solve, char side, char uplo, char transa, char diag,
                              kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                              kblasf_int lda, T *B, kblasf_int ldb)
{
    (solve ? PFN(trsm_) : PFN(trmm_))(&side, &uplo, &transa, &diag, &m, &n, alpha, A, &lda, B,
                                      &ldb, 1, 1, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t trxm_host(int solve, char side, char uplo, char transa, char diag,
                                 kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    const char *name = solve ? "KBLASF_" PNAME("TRSM") : "KBLASF_" PNAME("TRMM");
    kblasf_int k = kblasf_lsame(side, 'L') ? m : n, pos = 0;
    kblasf_handle_t h;
    void *dA = NULL, *dB = NULL;
    kblasf_status_t st;

    /* the device routine checks the same arguments; check here first so that nothing
     * is copied for an illegal call */
    if (!kblasf_lsame(side, 'L') && !kblasf_lsame(side, 'R')) pos = 1;
    else if (!kblasf_lsame(uplo, 'L') && !kblasf_lsame(uplo, 'U')) pos = 2;
    else if (!kblasf_lsame(transa, 'N') && !kblasf_lsame(transa, 'T') &&
             !kblasf_lsame(transa, 'C')) pos = 3;
    else if (!kblasf_lsame(diag, 'U') && !kblasf_lsame(diag, 'N')) pos = 4;
    else if (m < 0) pos = 5;
    else if (n < 0) pos = 6;
    else if (!alpha) pos = 7;
    else if (lda < MAX(1, k)) pos = 9;
    else if (ldb < MAX(1, m)) pos = 11;
    if (pos)
        return kblasf_arg_error(name, pos);
    if (m == 0 || n == 0)
        return KBLASF_STATUS_SUCCESS;

    h = kblasf_default_handle();
    if (!h || kblasf_get_backend(h) != KBLASF_BACKEND_CUDA) {
        kblasf_log("%s(m=%lld, n=%lld) on the CPU BLAS: %s", name + 7, (long long)m,
                   (long long)n, h ? h->why : "no handle");
        return on_cpu(solve, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
    }
    if (k < HOST_MAX_ORDER) {
        kblasf_log("%s(m=%lld, n=%lld) on the CPU BLAS: order %lld below %d", name + 7,
                   (long long)m, (long long)n, (long long)k, HOST_MAX_ORDER);
        return on_cpu(solve, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
    }
    if (kblasf_malloc(h, &dA, (size_t)k * k * sizeof(T)) ||
        kblasf_malloc(h, &dB, (size_t)m * n * sizeof(T))) {
        kblasf_free(h, dA);
        kblasf_log("%s(m=%lld, n=%lld) on the CPU BLAS: device memory exhausted", name + 7,
                   (long long)m, (long long)n);
        return on_cpu(solve, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
    }
    st = kblasf_set_matrix(h, k, k, sizeof(T), A, lda, dA, k);
    if (!st)
        st = kblasf_set_matrix(h, m, n, sizeof(T), B, ldb, dB, m);
    if (!st)
        st = (solve ? (device_fn)FN(trsm) : (device_fn)FN(trmm))(h, side, uplo, transa, diag,
                                                                 m, n, alpha, dA, k, dB, m);
    if (!st)
        st = kblasf_get_matrix(h, m, n, sizeof(T), dB, m, B, ldb);
    kblasf_free(h, dA);
    kblasf_free(h, dB);
    return st;
}

kblasf_status_t FN(trmm_host)(char side, char uplo, char transa, char diag, kblasf_int m,
                              kblasf_int n, const T *alpha, const T *A, kblasf_int lda, T *B,
                              kblasf_int ldb)
{
    return trxm_host(0, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}

kblasf_status_t FN(trsm_host)(char side, char uplo, char transa, char diag, kblasf_int m,
                              kblasf_int n, const T *alpha, const T *A, kblasf_int lda, T *B,
                              kblasf_int ldb)
{
    return trxm_host(1, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}

/* F77 symbols: KBLASF_DTRMM has DTRMM's arguments. */
void FN(trmm_)(const char *side, const char *uplo, const char *transa, const char *diag,
               const kblasf_int *m, const kblasf_int *n, const T *alpha, const T *A,
               const kblasf_int *lda, T *B, const kblasf_int *ldb, kblasf_strlen l1,
               kblasf_strlen l2, kblasf_strlen l3, kblasf_strlen l4)
{
    (void)l1; (void)l2; (void)l3; (void)l4;
    trxm_host(0, *side, *uplo, *transa, *diag, *m, *n, alpha, A, *lda, B, *ldb);
}

void FN(trsm_)(const char *side, const char *uplo, const char *transa, const char *diag,
               const kblasf_int *m, const kblasf_int *n, const T *alpha, const T *A,
               const kblasf_int *lda, T *B, const kblasf_int *ldb, kblasf_strlen l1,
               kblasf_strlen l2, kblasf_strlen l3, kblasf_strlen l4)
{
    (void)l1; (void)l2; (void)l3; (void)l4;
    trxm_host(1, *side, *uplo, *transa, *diag, *m, *n, alpha, A, *lda, B, *ldb);
}
