/*
 * trxm_host_gen.c — TRMM/TRSM on host memory with BLAS argument lists (precision-
 * generic): kblasf_?trmm_host / kblasf_?trsm_host, behind the F77 symbols KBLASF_?TRMM
 * and KBLASF_?TRSM. Small problems, and machines without a usable GPU, run on the CPU
 * BLAS; otherwise A and B go to the GPU in a pipeline (on_gpu), the recursive device
 * routine runs there and B comes back. The log says which and why.
 */
#include <stdlib.h>
#include "prec.h"
#include "internal.h"
#include "blas.h"
#include "trxm.h"

/* Below this order of A, the CPU BLAS is faster than the round trip to the GPU. */
enum { HOST_MAX_ORDER = 256 };

static kblasf_status_t on_cpu(int solve, char side, char uplo, char transa, char diag,
                              kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                              kblasf_int lda, T *B, kblasf_int ldb)
{
    (solve ? PFN(trsm_) : PFN(trmm_))(&side, &uplo, &transa, &diag, &m, &n, alpha, A, &lda, B,
                                      &ldb, 1, 1, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

/* The GPU path with the transfers overlapped: A goes first, then B in independent panels
 * (columns for side L, rows for side R) so that panel j computes on the handle's stream
 * while j+1 uploads on queue 1 and j-1 downloads on queue 2; one plan (trxm.h) serves all
 * panels, so a TRSM inverts its diagonal blocks once. The pipeline needs A and B
 * page-locked: they are locked for the call (kblasf_hold); where either cannot be, the
 * copies go one after the other. dA is k x k, dB is m x n with ld m. */
static kblasf_status_t on_gpu(kblasf_handle_t h, int solve, char side, char uplo, char transa,
                              char diag, kblasf_int m, kblasf_int n, const T *alpha,
                              const T *A, kblasf_int lda, T *B, kblasf_int ldb, T *dA, T *dB)
{
    const kblasf_pipe_ops *P = h->exec->pipe;
    int left = kblasf_lsame(side, 'L');
    kblasf_int k = left ? m : n, total = left ? n : m, w, p0;
    kblasf_status_t st;
    kblasf_held a, b;
    trxm_plan plan;

    kblasf_hold(h, &a, (T *)A, sizeof(T), k, k, lda);
    kblasf_hold(h, &b, B, sizeof(T), m, n, ldb);
    if (a.locked < 0 || b.locked < 0) { /* no pipeline: one copy after the other */
        st = kblasf_held_upload(h, &a, dA);
        if (!st)
            st = kblasf_held_upload(h, &b, dB);
        if (!st)
            st = FN(trxm_apply)(h, solve, side, uplo, transa, diag, m, n, *alpha, dA, k, dB, m);
        if (!st)
            st = kblasf_held_download(h, &b, dB);
        h->exec->sync(h); /* nothing may still read the memory below */
        kblasf_release(h, &a);
        kblasf_release(h, &b);
        return st;
    }
    w = MAX(256, (total + 7) / 8); /* about 8 panels */
    st = P->upload(h, 1, k, k, sizeof(T), A, lda, dA, k);
    if (!st)
        st = P->order(h, 1, 0);
    if (!st) /* on the handle's stream, once A is there */
        FN(trxm_plan)(&plan, h, solve, side, uplo, transa, diag, k, *alpha, dA, k, m);
    for (p0 = 0; p0 < total && !st; p0 += w) {
        kblasf_int len = MIN(w, total - p0), pm = left ? m : len, pn = left ? len : n;
        T *hBp = left ? B + (size_t)p0 * ldb : B + p0, *dBp = left ? dB + (size_t)p0 * m : dB + p0;
        st = P->upload(h, 1, pm, pn, sizeof(T), hBp, ldb, dBp, m);
        if (!st)
            st = P->order(h, 1, 0);
        if (!st)
            st = FN(trxm_run)(&plan, pm, pn, dBp);
        if (!st)
            st = P->order(h, 0, 2);
        if (!st)
            st = P->download(h, 2, pm, pn, sizeof(T), dBp, m, hBp, ldb);
    }
    /* everything must be done before the memory is unlocked, also after an error */
    P->sync_queue(h, 1);
    P->sync_queue(h, 0);
    if (P->sync_queue(h, 2) && !st)
        st = KBLASF_STATUS_EXECUTION_FAILED;
    kblasf_release(h, &a);
    kblasf_release(h, &b);
    return st;
}

static kblasf_status_t trxm_host(int solve, char side, char uplo, char transa, char diag,
                                 kblasf_int m, kblasf_int n, const T *alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    const char *name = solve ? "KBLASF_" PNAME("TRSM") : "KBLASF_" PNAME("TRMM");
    kblasf_int k = kblasf_lsame(side, 'L') ? m : n, pos;
    kblasf_handle_t h;
    void *dA = NULL, *dB = NULL;
    kblasf_status_t st;

    /* checked here too, so that nothing is copied for an illegal call */
    pos = FN(trxm_check_args)(side, uplo, transa, diag, m, n, alpha, lda, ldb);
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
    st = on_gpu(h, solve, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb, dA, dB);
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
