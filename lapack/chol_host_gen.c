/*
 * chol_host_gen.c — host forms of the Cholesky family (precision-generic): LAPACK's
 * argument lists on host memory, behind kblasf_?potrf_host, the F77 symbols and the LAPACK
 * names (names_gen.c).
 *
 * Each call checks its arguments as LAPACK does, then dispatch.c decides: the CPU path
 * (chol_cpu_gen.c) or the device. On the device the caller's matrices are page-locked for
 * the call where possible (direct DMA at full PCIe speed instead of staged copies), A (and
 * B) go up (kblasf_hold: src/memory.c), the device form runs on the per-thread default
 * handle, and the results come back. Everything that can send the call back to the CPU
 * (no device memory, a failed device step) happens before the caller's data is written,
 * and POTRF's info > 0 also
 * re-runs on the CPU from the caller's untouched A, so that A is left exactly as LAPACK
 * leaves it. KBLASF_VERBOSE=1 prints where each call ran and why.
 */
#include "prec.h"
#include "lapack.h"

/* One call's operands and what the device must do with them. */
typedef struct job {
    kblasf_routine_t r;
    const char *name;        /* for the log and xerbla_: the name the caller used */
    char uplo, diag;
    kblasf_int n, nrhs;
    T *A, *B;
    kblasf_int lda, ldb;
} job;

/* The device form of the job on dA (ld n) and dB (ld n). */
static kblasf_status_t device_form(kblasf_handle_t h, const job *j, T *dA, T *dB,
                                   kblasf_int *info)
{
    switch (j->r) {
    case KBLASF_R_POTRF: return FN(potrf)(h, j->uplo, j->n, dA, j->n, info);
    case KBLASF_R_POTRS: return FN(potrs)(h, j->uplo, j->n, j->nrhs, dA, j->n, dB, j->n, info);
    case KBLASF_R_POTRI: return FN(potri)(h, j->uplo, j->n, dA, j->n, info);
    case KBLASF_R_TRTRI: return FN(trtri)(h, j->uplo, j->diag, j->n, dA, j->n, info);
    case KBLASF_R_LAUUM: return FN(lauum)(h, j->uplo, j->n, dA, j->n, info);
    case KBLASF_R_POSV:  return FN(posv)(h, j->uplo, j->n, j->nrhs, dA, j->n, dB, j->n, info);
    default:             return KBLASF_STATUS_INTERNAL_ERROR;
    }
}

/* The job on the device. Returns 1 when it is done (results and info in place), 0 when
 * the CPU path must run instead; in that case nothing of the caller's has been written. */
static int on_device(kblasf_handle_t h, const job *j, kblasf_int *info)
{
    int with_b = j->B && j->nrhs > 0;
    T *dA = NULL, *dB = NULL;
    kblasf_held a, b;
    kblasf_status_t st;

    if (kblasf_dev_alloc(h, (void **)&dA, (size_t)j->n * j->n * sizeof(T)) ||
        (with_b && kblasf_dev_alloc(h, (void **)&dB, (size_t)j->n * j->nrhs * sizeof(T)))) {
        kblasf_dev_release(h, dA);
        kblasf_log("%s(n=%lld) on the CPU: no device memory for the operands", j->name,
                   (long long)j->n);
        return 0;
    }
    kblasf_hold(h, &a, j->A, sizeof(T), j->n, j->n, j->lda);
    if (with_b)
        kblasf_hold(h, &b, j->B, sizeof(T), j->n, j->nrhs, j->ldb);
    st = kblasf_held_upload(h, &a, dA);
    if (!st && with_b)
        st = kblasf_held_upload(h, &b, dB);
    if (!st)
        st = device_form(h, j, dA, dB, info);
    if (!st && *info == 0) {
        if (j->r != KBLASF_R_POTRS) /* POTRS only reads A */
            st = kblasf_held_download(h, &a, dA);
        if (!st && with_b)
            st = kblasf_held_download(h, &b, dB);
    }
    h->exec->sync(h); /* nothing may still read the memory below */
    kblasf_release(h, &a);
    if (with_b)
        kblasf_release(h, &b);
    kblasf_dev_release(h, dA);
    kblasf_dev_release(h, dB);
    if (st) {
        kblasf_log("%s(n=%lld): the device failed (%s): the CPU path runs instead", j->name,
                   (long long)j->n, kblasf_status_string(st));
        return 0;
    }
    if (*info > 0 && (j->r == KBLASF_R_POTRF || j->r == KBLASF_R_POSV)) {
        kblasf_log("%s(n=%lld): info=%lld on the device: the CPU path runs again on the "
                   "untouched A, to leave it as LAPACK does", j->name, (long long)j->n,
                   (long long)*info);
        return 0;
    }
    return 1;
}

static void on_cpu(const job *j, kblasf_int *info)
{
    *info = 0;
    switch (j->r) {
    case KBLASF_R_POTRF:
        FN(cpu_potrf)(j->uplo, j->n, j->A, j->lda, info);
        break;
    case KBLASF_R_POTRS:
        FN(cpu_potrs)(j->uplo, j->n, j->nrhs, j->A, j->lda, j->B, j->ldb);
        break;
    case KBLASF_R_POTRI: /* DPOTRI: TRTRI then LAUUM */
        FN(cpu_trtri)(j->uplo, 'N', j->n, j->A, j->lda, info);
        if (*info == 0)
            FN(cpu_lauum)(j->uplo, j->n, j->A, j->lda);
        break;
    case KBLASF_R_TRTRI:
        FN(cpu_trtri)(j->uplo, j->diag, j->n, j->A, j->lda, info);
        break;
    case KBLASF_R_LAUUM:
        FN(cpu_lauum)(j->uplo, j->n, j->A, j->lda);
        break;
    case KBLASF_R_POSV:
        FN(cpu_potrf)(j->uplo, j->n, j->A, j->lda, info);
        if (*info == 0 && j->nrhs > 0)
            FN(cpu_potrs)(j->uplo, j->n, j->nrhs, j->A, j->lda, j->B, j->ldb);
        break;
    default:
        break;
    }
}

/* Every host form: LAPACK's checks and quick returns, the singular check of TRTRI and
 * POTRI (LAPACK's first step, before anything is computed), then CPU or device. */
static kblasf_status_t run(job *j, kblasf_int *info)
{
    kblasf_int pos = kblasf_lapack_check(j->r, j->uplo, j->diag, j->n, j->nrhs, j->lda, j->ldb);
    kblasf_route rt;

    kblasf_lapack_served();
    *info = 0;
    if (pos) {
        *info = -pos;
        return kblasf_arg_error(j->name, pos);
    }
    if (j->n == 0 || (j->r == KBLASF_R_POTRS && j->nrhs == 0))
        return KBLASF_STATUS_SUCCESS;
    if ((j->r == KBLASF_R_TRTRI && kblasf_lsame(j->diag, 'N')) || j->r == KBLASF_R_POTRI) {
        *info = FN(zero_diagonal)(j->n, j->A, j->lda);
        if (*info)
            return KBLASF_STATUS_SUCCESS;
    }
    kblasf_lapack_route(j->r, j->n, &rt);
    if (rt.on_device) {
        kblasf_log("%s(uplo=%c, n=%lld, nrhs=%lld) on the device: %s", j->name, j->uplo,
                   (long long)j->n, (long long)j->nrhs, rt.why);
        if (on_device(rt.h, j, info))
            return KBLASF_STATUS_SUCCESS;
    } else {
        kblasf_log("%s(uplo=%c, n=%lld, nrhs=%lld) on the CPU: %s", j->name, j->uplo,
                   (long long)j->n, (long long)j->nrhs, rt.why);
    }
    on_cpu(j, info);
    return KBLASF_STATUS_SUCCESS;
}

static job make_job(kblasf_routine_t r, const char *name, char uplo, char diag, kblasf_int n,
                    kblasf_int nrhs, T *A, kblasf_int lda, T *B, kblasf_int ldb)
{
    job j;

    j.r = r;
    j.name = name;
    j.uplo = uplo;
    j.diag = diag;
    j.n = n;
    j.nrhs = nrhs;
    j.A = A;
    j.lda = lda;
    j.B = B;
    j.ldb = ldb;
    return j;
}

kblasf_status_t FN(potrf_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info)
{
    job j = make_job(KBLASF_R_POTRF, name, uplo, 'N', n, 0, A, lda, NULL, 1);
    return run(&j, info);
}

kblasf_status_t FN(potrs_named)(const char *name, char uplo, kblasf_int n, kblasf_int nrhs,
                                const T *A, kblasf_int lda, T *B, kblasf_int ldb,
                                kblasf_int *info)
{
    /* A is only read: on_device does not download it */
    job j = make_job(KBLASF_R_POTRS, name, uplo, 'N', n, nrhs, (T *)A, lda, B, ldb);
    return run(&j, info);
}

kblasf_status_t FN(potri_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info)
{
    job j = make_job(KBLASF_R_POTRI, name, uplo, 'N', n, 0, A, lda, NULL, 1);
    return run(&j, info);
}

kblasf_status_t FN(trtri_named)(const char *name, char uplo, char diag, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info)
{
    job j = make_job(KBLASF_R_TRTRI, name, uplo, diag, n, 0, A, lda, NULL, 1);
    return run(&j, info);
}

kblasf_status_t FN(lauum_named)(const char *name, char uplo, kblasf_int n, T *A,
                                kblasf_int lda, kblasf_int *info)
{
    job j = make_job(KBLASF_R_LAUUM, name, uplo, 'N', n, 0, A, lda, NULL, 1);
    return run(&j, info);
}

kblasf_status_t FN(posv_named)(const char *name, char uplo, kblasf_int n, kblasf_int nrhs,
                               T *A, kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info)
{
    job j = make_job(KBLASF_R_POSV, name, uplo, 'N', n, nrhs, A, lda, B, ldb);
    return run(&j, info);
}

/* The C host forms: kblasf_dpotrf_host(...) reports as KBLASF_DPOTRF. */
#define HOST_NAME(r) "KBLASF_" PNAME(r)

kblasf_status_t FN(potrf_host)(char uplo, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info)
{
    return FN(potrf_named)(HOST_NAME("POTRF"), uplo, n, A, lda, info);
}

kblasf_status_t FN(potrs_host)(char uplo, kblasf_int n, kblasf_int nrhs, const T *A,
                               kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info)
{
    return FN(potrs_named)(HOST_NAME("POTRS"), uplo, n, nrhs, A, lda, B, ldb, info);
}

kblasf_status_t FN(potri_host)(char uplo, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info)
{
    return FN(potri_named)(HOST_NAME("POTRI"), uplo, n, A, lda, info);
}

kblasf_status_t FN(trtri_host)(char uplo, char diag, kblasf_int n, T *A, kblasf_int lda,
                               kblasf_int *info)
{
    return FN(trtri_named)(HOST_NAME("TRTRI"), uplo, diag, n, A, lda, info);
}

kblasf_status_t FN(lauum_host)(char uplo, kblasf_int n, T *A, kblasf_int lda, kblasf_int *info)
{
    return FN(lauum_named)(HOST_NAME("LAUUM"), uplo, n, A, lda, info);
}

kblasf_status_t FN(posv_host)(char uplo, kblasf_int n, kblasf_int nrhs, T *A, kblasf_int lda,
                              T *B, kblasf_int ldb, kblasf_int *info)
{
    return FN(posv_named)(HOST_NAME("POSV"), uplo, n, nrhs, A, lda, B, ldb, info);
}
