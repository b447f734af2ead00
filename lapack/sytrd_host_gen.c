/*
 * sytrd_host_gen.c — the host forms of SYTRD/HETRD (precision-generic): LAPACK's argument
 * list on host memory, behind kblasf_dsytrd_host, the F77 symbols and the LAPACK names
 * (names_gen.c).
 *
 * LAPACK's checks and workspace query first (lwork = -1 returns LAPACK's optimal size in
 * work(1); the reduction itself uses workspace of its own, so any legal lwork is enough),
 * then dispatch.c decides. On the device, A goes up once (page-locked for the call where
 * possible), the device form runs on the per-thread default handle, and A comes back; d,
 * e and tau are written by the device form directly. No device memory or a failed device
 * step sends the call to the CPU path before the caller's A is written.
 */
#include "prec.h"
#include "lapack.h"

/* The device form on the uploaded A (kblasf_host_on_device). */
typedef struct trd_args {
    char uplo;
    kblasf_int n;
    RT *d, *e;
    T *tau;
} trd_args;

static kblasf_status_t device_form(kblasf_handle_t h, void *dA, void *arg)
{
    trd_args *x = arg;
    kblasf_int info;

    return FN(TRD)(h, x->uplo, x->n, dA, x->n, x->d, x->e, x->tau, &info);
}

kblasf_status_t TRD_FN(_named)(const char *name, char uplo, kblasf_int n, T *A,
                               kblasf_int lda, RT *d, RT *e, T *tau, T *work,
                               kblasf_int lwork, kblasf_int *info)
{
    kblasf_int pos = kblasf_lapack_check(KBLASF_R_SYTRD, uplo, 'N', n, 0, lda, 1);
    kblasf_int lwkopt = 1, lquery = lwork == -1;
    kblasf_route rt;

    kblasf_lapack_served();
    *info = 0;
    if (!pos && lwork < 1 && !lquery)
        pos = 9;
    if (pos) {
        *info = -pos;
        return kblasf_arg_error(name, pos);
    }
    lwkopt = FN(trd_lwork)(uplo, n);
    work[0] = (T)lwkopt;
    if (lquery)
        return KBLASF_STATUS_SUCCESS;
    if (n == 0) {
        work[0] = 1;
        return KBLASF_STATUS_SUCCESS;
    }
    kblasf_lapack_route(KBLASF_R_SYTRD, n, &rt);
    if (rt.on_device) {
        kblasf_log("%s(uplo=%c, n=%lld) on the device: %s", name, uplo, (long long)n, rt.why);
        trd_args x = {uplo, n, d, e, tau};
        if (!kblasf_host_on_device(rt.h, name, A, sizeof(T), n, n, lda, device_form, &x))
            FN(cpu_trd)(uplo, n, A, lda, d, e, tau);
    } else {
        kblasf_log("%s(uplo=%c, n=%lld) on the CPU: %s", name, uplo, (long long)n, rt.why);
        FN(cpu_trd)(uplo, n, A, lda, d, e, tau);
    }
    work[0] = (T)lwkopt;
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t TRD_FN(_host)(char uplo, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e,
                              T *tau, T *work, kblasf_int lwork, kblasf_int *info)
{
    return TRD_FN(_named)("KBLASF_" PNAME(TRD_NAME), uplo, n, A, lda, d, e, tau, work, lwork,
                          info);
}
