/*
 * dispatch.c — the one place where the LAPACK layer's host forms decide between the CPU
 * and the device, and LAPACK's argument checks of the Cholesky family.
 */
#include <stdio.h>
#include "lapack.h"

/* Orders below which the CPU path is used by default, from bench/bench_threshold on the
 * H100 machine (host forms with transfers against its 16-core OpenBLAS; doc/lapack.md):
 * the GPU wins from 256 for POTRF and POTRI, from 512 for POSV (a tie at 384), and for
 * POTRS (1 or 16 right-hand sides: moving the factor costs as much as solving with it)
 * only from 2048. TRTRI and LAUUM, each about half of POTRI's work, are set from POTRI's
 * times rather than measured alone. */
/* SYTRD/HETRD and GEBRD, from bench/bench_threshold on the H100 machine (host forms with
 * transfers, against the CPU path over its 16-core OpenBLAS; doc/reductions.md): DSYTRD
 * with its panels on the device ties at 512 (8.17 vs 8.12 ms; 5.69 vs 4.49 at 384) and
 * wins at 768 (13.1 vs 16.9 ms), so it starts halfway; DGEBRD with its panels on the
 * device loses at 256 (6.24 vs 5.77 ms) and wins at 384 (9.33 vs 11.66 ms), so it starts
 * between them. GEBRD's order is min(m, n). */
#define SYTRD_MIN_N_DEFAULT 640
#define GEBRD_MIN_N_DEFAULT 320

static const long default_min_n[KBLASF_NROUTINES] = {
    [KBLASF_R_POTRF] = 256, [KBLASF_R_POTRS] = 2048, [KBLASF_R_POTRI] = 256,
    [KBLASF_R_TRTRI] = 384, [KBLASF_R_LAUUM] = 384,  [KBLASF_R_POSV] = 512,
    [KBLASF_R_SYTRD] = SYTRD_MIN_N_DEFAULT, [KBLASF_R_GEBRD] = GEBRD_MIN_N_DEFAULT,
};

static __thread long lapack_calls;

long kblasf_lapack_calls(void)
{
    return lapack_calls;
}

void kblasf_lapack_served(void)
{
    lapack_calls++;
}

kblasf_int kblasf_lapack_check(kblasf_routine_t r, char uplo, char diag, kblasf_int n,
                               kblasf_int nrhs, kblasf_int lda, kblasf_int ldb)
{
    int tri = r == KBLASF_R_TRTRI, rhs = r == KBLASF_R_POTRS || r == KBLASF_R_POSV;

    if (!kblasf_lsame(uplo, 'U') && !kblasf_lsame(uplo, 'L'))
        return 1;
    if (tri && !kblasf_lsame(diag, 'N') && !kblasf_lsame(diag, 'U'))
        return 2;
    if (n < 0)
        return tri ? 3 : 2;
    if (rhs && nrhs < 0)
        return 3;
    if (lda < MAX(1, n))
        return tri ? 5 : rhs ? 5 : 4;
    if (rhs && ldb < MAX(1, n))
        return 7;
    return 0;
}

kblasf_int kblasf_gebrd_check(kblasf_int m, kblasf_int n, kblasf_int lda, kblasf_int lwork,
                              kblasf_int lwkmin)
{
    if (m < 0)
        return 1;
    if (n < 0)
        return 2;
    if (lda < MAX(1, m))
        return 4;
    if (lwork < lwkmin && lwork != -1)
        return 10;
    return 0;
}

void kblasf_lapack_route(kblasf_routine_t r, kblasf_int n, kblasf_route *rt)
{
    const kblasf_config *c = kblasf_get_config();
    long min_n = c->min_n[r] >= 0 ? c->min_n[r] : default_min_n[r];

    rt->h = NULL;
    rt->on_device = 0;
    if (c->offload == KBLASF_OFFLOAD_NEVER) {
        snprintf(rt->why, sizeof rt->why, "KBLASF_OFFLOAD=never");
        return;
    }
    rt->h = kblasf_default_handle();
    if (!rt->h) {
        snprintf(rt->why, sizeof rt->why, "no handle could be created");
        return;
    }
    if (c->offload == KBLASF_OFFLOAD_ALWAYS) {
        rt->on_device = 1;
        snprintf(rt->why, sizeof rt->why, "KBLASF_OFFLOAD=always, %s executor (%s)",
                 rt->h->exec->name, rt->h->why);
        return;
    }
    if (kblasf_get_backend(rt->h) != KBLASF_BACKEND_CUDA) {
        snprintf(rt->why, sizeof rt->why, "%s", rt->h->why);
        rt->h = NULL;
        return;
    }
    if (n < min_n) {
        snprintf(rt->why, sizeof rt->why, "n=%lld below the GPU threshold %ld (KBLASF_%s_MIN_N)",
                 (long long)n, min_n, kblasf_routine_names[r]);
        rt->h = NULL;
        return;
    }
    rt->on_device = 1;
    snprintf(rt->why, sizeof rt->why, "GPU %d: %s", rt->h->device, rt->h->why);
}
