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

/* The call on the device: 1 when done, 0 when the CPU path must run (A untouched). */
static int on_device(kblasf_handle_t h, const char *name, kblasf_int m, kblasf_int n, T *A,
                     kblasf_int lda, RT *d, RT *e, T *tauq, T *taup)
{
    T *dA = NULL;
    kblasf_held a;
    kblasf_int info = 0;
    kblasf_status_t st;

    if (kblasf_dev_alloc(h, (void **)&dA, (size_t)m * n * sizeof(T))) {
        kblasf_log("%s(m=%lld, n=%lld) on the CPU: no device memory for A", name, (long long)m,
                   (long long)n);
        return 0;
    }
    kblasf_hold(h, &a, A, sizeof(T), m, n, lda);
    st = kblasf_held_upload(h, &a, dA);
    if (!st)
        st = FN(gebrd)(h, m, n, dA, m, d, e, tauq, taup, &info);
    if (!st)
        st = kblasf_held_download(h, &a, dA);
    h->exec->sync(h); /* nothing may still read the memory below */
    kblasf_release(h, &a);
    kblasf_dev_release(h, dA);
    if (st) {
        kblasf_log("%s(m=%lld, n=%lld): the device failed (%s): the CPU path runs instead",
                   name, (long long)m, (long long)n, kblasf_status_string(st));
        return 0;
    }
    return 1;
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
        if (!on_device(rt.h, name, m, n, A, lda, d, e, tauq, taup))
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
