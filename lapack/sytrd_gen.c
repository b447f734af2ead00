/*
 * sytrd_gen.c — SYTRD/HETRD on the executor (device API), precision-generic:
 * kblasf_ssytrd, kblasf_dsytrd, kblasf_chetrd, kblasf_zhetrd (A in device memory; d, e and
 * tau in host memory). LAPACK analogues DSYTRD/ZHETRD.
 *
 * LAPACK's blocked one-stage reduction to tridiagonal form (DSYTRD with DLATRD panels),
 * all of it on the executor: per column of a panel of TRD_NB columns, our offset SYMV/HEMV
 * (y = A22 v, the dominant cost) and one trd_step (prims.h) that finishes the column's w
 * (DLATRD's corrections, w = tau (y - V W^H v - W V^H v) - tau/2 (w^H v) v) and prepares
 * the next column (its update by the panel so far, then LARFG: d, e, tau and v). Nothing
 * comes back to the host per column, so the host only queues work: two calls a column, no
 * wait. After the panel, A22 -= V W^H + W V^H (SYR2K/HER2K on diagonal blocks, GEMMs beside
 * them: panel_end); d, e and tau come back once at the end; the last block (order <=
 * TRD_NX) is reduced on the CPU (sytrd_cpu_gen.c).
 * The operations are DLATRD's and LARFG's (the CUDA step computes LARFG's norm and
 * rescaling itself), only the rounding differs, so d, e, tau and the reflectors in A mean
 * what LAPACK's mean (ORGTR/UNGTR, ORMTR/UNMTR and STEDC work on them); the other triangle
 * of A is never touched. (Earlier versions ran LARFG, then also the corrections, on the
 * CPU: 65-70 us a column at n = 8192 in round trips and small calls; doc/reductions.md.)
 *
 * The panel lives on the device as PW = [v0 w0 v1 w1 ...] (columns of n rows, in the order
 * the columns are done): with PW~ the same columns with each pair swapped ([w0 v0 w1 ...],
 * read from PW by index), each of DLATRD's pairs of products is one product:
 * a -= PW conj(PW~(c,:))^T, t = PW~^H v = (W^H v, V^H v) interleaved, w -= PW t; PW also
 * feeds the trailing update (V and W as two matrices of leading dimension 2n, and PW with
 * a swapped copy PT of it for the GEMMs).
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

/* Panel width (64, not LAPACK's 32: the SYR2K reads and writes the trailing triangle once
 * a panel, and at k = 32 that traffic was half the SYMV's cost per column; the step's
 * extra columns come from L2), and the order of the trailing block the CPU finishes alone
 * (below it the device's fixed cost per column is more than the CPU's whole column). */
enum { TRD_NB = 64, TRD_NX = 128 };

typedef KBLASF_CAT2(kblasf_trd_step_, PREC) trd_step_t;

typedef struct trd {
    kblasf_context *ctx;
    int lower;
    kblasf_int n;
    T *dA;
    kblasf_int ldda;
    RT *d, *e;       /* host: the caller's */
    T *tau;
    T *col;          /* host, page-locked: the last block */
    T *PW;           /* device: the panel interleaved, n x 2 nb (ld n) */
    T *PT;           /* device: PW with the columns of each pair swapped (panel_end) */
    RT *dd, *de;     /* device: d and e of the panels' columns */
    T *dtau;         /* device: their tau */
    char *S;         /* device: the steps' scratch, two sets used by turns */
    long steps;
    double t_panel, t_last; /* where the time goes (KBLASF_VERBOSE) */
    long columns;
} trd;

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* Column k of the interleaved panel, from row r (ld n). */
static T *pw(const trd *t, kblasf_int k, kblasf_int r)
{
    return t->PW + r + (size_t)k * t->n;
}

/* One trd_step on rows rs .. rs+len-1: finish the panel's column done (done >= 0, tau at
 * tau_fin) and prepare column c (c >= 0: diagonal at row c, LARFG writing e and tau at
 * index ie), whose rows are the same. */
static kblasf_status_t step(trd *t, kblasf_int rs, kblasf_int len, kblasf_int done,
                            const T *tau_fin, kblasf_int c, kblasf_int ie)
{
    trd_step_t s = {0};

    s.len = len;
    s.ldp = t->n;
    s.k2 = done >= 0 ? 2 * done : -1;
    s.pw = pw(t, 0, rs);
    s.tau_fin = tau_fin;
    s.scratch = t->S + (t->steps % 2) * KBLASF_TRD_SCRATCH_BYTES;
    s.scratch_next = t->S + ((t->steps + 1) % 2) * KBLASF_TRD_SCRATCH_BYTES;
    t->steps++;
    if (c >= 0) {
        s.a = at(t->dA, t->ldda, rs, c);
        s.ic = c - rs;
        s.ia = t->lower ? s.ic + 1 : s.ic - 1;
        s.d_out = t->dd + c;
        s.e_out = t->de + ie;
        s.tau_out = t->dtau + ie;
    }
    return PRIMS(t->ctx)->trd_step(t->ctx, &s);
}

/* The panel's column done (0-based, in the panel's order): its v at rows v0 .. v0+len-1
 * (A22 of order len at (v0, v0)) into the SYMV, then the step that finishes it and prepares
 * column next (next < 0: none; e and tau at index ie). */
static kblasf_status_t column(trd *t, kblasf_int done, kblasf_int v0, kblasf_int len,
                              kblasf_int c, kblasf_int next, kblasf_int ie)
{
    kblasf_status_t st;

    /* the next step's scratch (step() takes the turn) receives what it needs of y */
    st = PRIMS(t->ctx)->trd_symv(t->ctx, t->lower ? 'L' : 'U', len, t->dA, t->ldda, v0,
                                 pw(t, 2 * done, v0), pw(t, 2 * done + 1, v0),
                                 t->S + (t->steps % 2) * KBLASF_TRD_SCRATCH_BYTES,
                                 (int)(t->columns % 2));
    t->columns++;
    return st ? st : step(t, v0, len, done, t->dtau + (t->lower ? c : c - 1), next, ie);
}

/* P~ (the w columns first, then the v columns, rows r0 .. r0+m-1) on the look-ahead lane,
 * after all that came before on the main one. */
static kblasf_status_t swapped_copy(trd *t, kblasf_int m, kblasf_int r0)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int n = t->n;
    kblasf_status_t st = kblasf_lane_order(ctx, 0, 1), st2;

    if (!st)
        st = kblasf_use_lane(ctx, 1);
    if (!st)
        st = ctx->exec->copy_on_device(ctx, m, TRD_NB, sizeof(T), pw(t, 1, r0), 2 * n,
                                       t->PT + r0, 2 * n);
    if (!st)
        st = ctx->exec->copy_on_device(ctx, m, TRD_NB, sizeof(T), pw(t, 0, r0), 2 * n,
                                       t->PT + r0 + n, 2 * n);
    st2 = kblasf_use_lane(ctx, 0);
    return st ? st : st2;
}

/* After a panel: A22 -= V W^H + W V^H (order m at (s, s); V and W from the interleaved
 * panel P, rows r0..), by diagonal blocks: a SYR2K on each, and beside it (below for L,
 * above for U) one GEMM P P~^H of inner order 2 nb, P~ being P with the columns of each
 * pair swapped, so that sum_k P(:,k) conj(P~(:,k))^T = V W^H + W V^H.
 * The SYR2Ks go on the main lane and the GEMMs on the look-ahead lane, behind P~'s copies
 * (which the first SYR2K runs beside), so that each kind fills the SMs that the tail of
 * the other leaves idle; the main lane then waits for the other (DSYTRD 16384 on the
 * H100: 2230 -> 2213 ms; doc/reductions.md). */
static kblasf_status_t panel_end(trd *t, kblasf_int s, kblasf_int m, kblasf_int r0)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int n = t->n, b = kblasf_sytrd_update_block(ctx), j, nbj, i0, mr;
    kblasf_status_t st = m > b ? swapped_copy(t, m, r0) : KBLASF_STATUS_SUCCESS, st2;

    for (j = 0; j < m && !st; j += b) {
        nbj = MIN(b, m - j);
        i0 = t->lower ? j + nbj : 0; /* block column j's rows beside its diagonal block */
        mr = t->lower ? m - j - nbj : j;
        st = PRIMS(ctx)->syr2k(ctx, t->lower ? 'L' : 'U', nbj, TRD_NB, -1, pw(t, 0, r0 + j),
                               2 * n, pw(t, 1, r0 + j), 2 * n, 1,
                               at(t->dA, t->ldda, s + j, s + j), t->ldda);
        if (st || mr == 0)
            continue;
        st = kblasf_use_lane(ctx, 1);
        if (!st)
            st = PRIMS(ctx)->gemm(ctx, 'N', 'C', mr, nbj, 2 * TRD_NB, -1, pw(t, 0, r0 + i0), n,
                                  t->PT + r0 + j, n, 1, at(t->dA, t->ldda, s + i0, s + j),
                                  t->ldda);
        st2 = kblasf_use_lane(ctx, 0);
        st = st ? st : st2;
    }
    if (m > b) { /* also after a failure, so that nothing runs beside what follows */
        st2 = kblasf_lane_order(ctx, 1, 0);
        st = st ? st : st2;
    }
    return st;
}

/* Lower: the panel of columns i0 .. i0+nb-1 (DLATRD on A(i0:n, i0:n)), then the SYR2K of
 * the trailing matrix from row and column i0+nb. Column c's v has rows c+1 .. n-1; e and
 * tau are at index c. */
static kblasf_status_t panel_lower(trd *t, kblasf_int i0)
{
    kblasf_int n = t->n, nb = TRD_NB, j;
    kblasf_status_t st = step(t, i0, n - i0, -1, NULL, i0, i0);

    for (j = 0; j < nb && !st; j++) {
        kblasf_int c = i0 + j;
        st = column(t, j, c + 1, n - c - 1, c, j + 1 < nb ? c + 1 : -1, c + 1);
    }
    return st ? st : panel_end(t, i0 + nb, n - i0 - nb, i0 + nb);
}

/* Upper: the panel of columns i0 .. i0+nb-1 of the leading block of order i0+nb (DLATRD on
 * A(0:k, 0:k), from the right), then the SYR2K of the leading block of order i0. Column
 * c's v has rows 0 .. c-1; e and tau are at index c-1. */
static kblasf_status_t panel_upper(trd *t, kblasf_int i0)
{
    kblasf_int nb = TRD_NB, iw, c = i0 + nb - 1;
    kblasf_status_t st = step(t, 0, c + 1, -1, NULL, c, c - 1);

    for (iw = nb - 1; iw >= 0 && !st; iw--) {
        c = i0 + iw;
        st = column(t, nb - 1 - iw, 0, c, c, iw > 0 ? c - 1 : -1, c - 2);
    }
    return st ? st : panel_end(t, 0, i0, 0);
}

/* The last block, of order mm at (s, s), on the CPU. */
static kblasf_status_t last_block(trd *t, kblasf_int s, kblasf_int mm)
{
    kblasf_context *ctx = t->ctx;
    T *dB = at(t->dA, t->ldda, s, s);
    double t0 = kblasf_now();
    kblasf_status_t st;

    if (mm == 0)
        return KBLASF_STATUS_SUCCESS;
    st = ctx->exec->copy_to_host(ctx, mm, mm, sizeof(T), dB, t->ldda, t->col, mm);
    if (st)
        return st;
    FN(cpu_trd)(t->lower ? 'L' : 'U', mm, t->col, mm, t->d + s, t->e + s, t->tau + s);
    st = ctx->exec->copy_to_device(ctx, mm, mm, sizeof(T), t->col, mm, dB, t->ldda);
    if (!st)
        st = ctx->exec->sync(ctx);
    t->t_last += kblasf_now() - t0;
    return st;
}

/* d, e and tau of the panels' columns c0 .. c1-1 (e and tau from index c0 + de), to the
 * caller's arrays. */
static kblasf_status_t outputs(trd *t, kblasf_int c0, kblasf_int c1, kblasf_int de)
{
    kblasf_context *ctx = t->ctx;
    size_t m = (size_t)(c1 - c0);
    kblasf_status_t st;

    if (m == 0)
        return KBLASF_STATUS_SUCCESS;
    st = ctx->exec->copy_to_host(ctx, m, 1, sizeof(RT), t->dd + c0, m, t->d + c0, m);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, m, 1, sizeof(RT), t->de + c0 + de, m,
                                     t->e + c0 + de, m);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, m, 1, sizeof(T), t->dtau + c0 + de, m,
                                     t->tau + c0 + de, m);
    return st;
}

static kblasf_status_t reduce(trd *t)
{
    kblasf_int n = t->n, nb = TRD_NB, nx = MAX((kblasf_int)TRD_NX, nb), i0, kk;
    double t0 = kblasf_now();
    kblasf_status_t st = PRIMS(t->ctx)->set_zero(t->ctx,
                                                  2 * KBLASF_TRD_SCRATCH_BYTES / sizeof(T), 1,
                                                  (T *)t->S, 1);

    if (t->lower) {
        for (i0 = 0; i0 < n - nx && !st; i0 += nb)
            st = panel_lower(t, i0);
        if (!st)
            st = outputs(t, 0, i0, 0);
        t->t_panel = kblasf_now() - t0;
        return st ? st : last_block(t, i0, n - i0);
    }
    kk = n > nx ? n - ((n - nx + nb - 1) / nb) * nb : n;
    for (i0 = n - nb; i0 >= kk && !st; i0 -= nb)
        st = panel_upper(t, i0);
    if (!st)
        st = outputs(t, kk, n, -1);
    t->t_panel = kblasf_now() - t0;
    return st ? st : last_block(t, 0, kk);
}

/* SYTRD/HETRD on the executor, arguments checked, n > 0. */
static kblasf_status_t sytrd(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                             RT *d, RT *e, T *tau)
{
    kblasf_int nb = TRD_NB, nlast = MIN(n, (kblasf_int)TRD_NX);
    size_t panel = (size_t)n * 2 * nb;
    size_t bytes = 2 * KBLASF_TRD_SCRATCH_BYTES + (2 * panel + n) * sizeof(T) +
                   2 * n * sizeof(RT);
    trd t = {0};
    T *host = NULL;
    char *dev = NULL;
    int locked = -1;
    kblasf_status_t st;

    t.ctx = h;
    t.lower = kblasf_lsame(uplo, 'L');
    t.n = n;
    t.dA = A;
    t.ldda = lda;
    t.d = d;
    t.e = e;
    t.tau = tau;
    if ((st = kblasf_dev_alloc(h, (void **)&dev, bytes)))
        return st;
    if (!(host = kblasf_pinned_alloc(h, (size_t)nlast * nlast * sizeof(T), &locked))) {
        kblasf_dev_release(h, dev);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    t.col = host;
    t.S = dev;
    t.PW = (T *)(dev + 2 * KBLASF_TRD_SCRATCH_BYTES);
    t.PT = t.PW + panel;
    t.dtau = t.PT + panel;
    t.dd = (RT *)(t.dtau + n);
    t.de = t.dd + n;
    st = reduce(&t);
    kblasf_pinned_free(h, host, locked);
    kblasf_dev_release(h, dev);
    kblasf_log("%s(n=%lld) time: %ld columns, panels %.3f s (queued, then d, e and tau "
               "fetched), last block %.3f s",
               PNAME(TRD_NAME), (long long)n, t.columns, t.t_panel, t.t_last);
    return st;
}

kblasf_status_t FN(TRD)(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                        RT *d, RT *e, T *tau, kblasf_int *info)
{
    char name[32];
    kblasf_int pos;

    if (!h || !info)
        return KBLASF_STATUS_INVALID_VALUE;
    *info = 0;
    pos = kblasf_lapack_check(KBLASF_R_SYTRD, uplo, 'N', n, 0, lda, 1);
    if (pos) {
        snprintf(name, sizeof name, "KBLASF_%s", PNAME(TRD_NAME));
        *info = -pos;
        return kblasf_arg_error(name, pos);
    }
    if (n == 0)
        return KBLASF_STATUS_SUCCESS;
    kblasf_log_call(h, PNAME(TRD_NAME), "uplo=%c, n=%lld, panels of %d", uplo, (long long)n,
                    (int)TRD_NB);
    return sytrd(h, uplo, n, A, lda, d, e, tau);
}
