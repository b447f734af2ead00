/*
 * gebrd_host_gen.c — the host forms of GEBRD (precision-generic): LAPACK's argument list
 * on host memory, behind kblasf_dgebrd_host, the F77 symbols and the LAPACK names
 * (names_gen.c). As sytrd_host_gen.c: LAPACK's checks and workspace query (work(1) =
 * LAPACK's optimal size; the reduction uses workspace of its own, so any legal lwork is
 * enough), then the CPU path or the device form on one upload of A; no device memory or a
 * failed device step sends the call to the CPU before the caller's A is written.
 */
#include "prec.h"
#include "lapack.h"

/* The device form on the uploaded A (kblasf_host_on_device). */
typedef struct brd_args {
    kblasf_int m, n;
    RT *d, *e;
    T *tauq, *taup;
} brd_args;

static kblasf_status_t device_form(kblasf_handle_t h, void *dA, void *arg)
{
    brd_args *x = arg;
    kblasf_int info;

    return FN(gebrd)(h, x->m, x->n, dA, x->m, x->d, x->e, x->tauq, x->taup, &info);
}

kblasf_status_t FN(gebrd_named)(const char *name, kblasf_int m, kblasf_int n, T *A,
                                kblasf_int lda, RT *d, RT *e, T *tauq, T *taup, T *work,
                                kblasf_int lwork, kblasf_int *info)
{
    kblasf_int minmn = MIN(m, n), lwkmin = minmn > 0 ? MAX(m, n) : 1, pos;
    kblasf_route rt;

    kblasf_lapack_served();
    *info = 0;
    pos = kblasf_gebrd_check(m, n, lda, lwork, lwkmin);
    if (pos) {
        *info = -pos;
        return kblasf_arg_error(name, pos);
    }
    work[0] = (T)FN(brd_lwork)(m, n);
    if (lwork == -1)
        return KBLASF_STATUS_SUCCESS;
    if (minmn == 0) {
        work[0] = 1;
        return KBLASF_STATUS_SUCCESS;
    }
    /* the order that decides is min(m, n): the panels run down the shorter side */
    kblasf_lapack_route(KBLASF_R_GEBRD, minmn, &rt);
    if (rt.on_device) {
        kblasf_log("%s(m=%lld, n=%lld) on the device: %s", name, (long long)m, (long long)n,
                   rt.why);
        brd_args x = {m, n, d, e, tauq, taup};
        if (!kblasf_host_on_device(rt.h, name, A, sizeof(T), m, n, lda, device_form, &x))
            FN(cpu_brd)(m, n, A, lda, d, e, tauq, taup);
    } else {
        kblasf_log("%s(m=%lld, n=%lld) on the CPU: %s", name, (long long)m, (long long)n,
                   rt.why);
        FN(cpu_brd)(m, n, A, lda, d, e, tauq, taup);
    }
    work[0] = (T)FN(brd_lwork)(m, n);
    return KBLASF_STATUS_SUCCESS;
}

kblasf_status_t FN(gebrd_host)(kblasf_int m, kblasf_int n, T *A, kblasf_int lda, RT *d, RT *e,
                               T *tauq, T *taup, T *work, kblasf_int lwork, kblasf_int *info)
{
    return FN(gebrd_named)("KBLASF_" PNAME("GEBRD"), m, n, A, lda, d, e, tauq, taup, work,
                           lwork, info);
}
