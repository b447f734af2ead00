/*
 * sytrd_gen.c — SYTRD/HETRD on the executor (device API), precision-generic:
 * kblasf_ssytrd, kblasf_dsytrd, kblasf_chetrd, kblasf_zhetrd (A in device memory; d, e and
 * tau in host memory). LAPACK analogues DSYTRD/ZHETRD.
 *
 * LAPACK's blocked one-stage reduction to tridiagonal form (DSYTRD with DLATRD panels).
 * A, the panel's reflectors V and its W stay on the device; per column of a panel of
 * TRD_NB columns:
 *   - the executor updates the column by the panel's earlier reflectors (DLATRD's
 *     a -= V W(c,:)^H + W V(c,:)^H, one product with the interleaved panel [v0 w0 v1 ...]);
 *   - the column comes to the CPU, which makes the reflector (LARFG: tau, e, v) exactly as
 *     LAPACK does, and v goes back (one download, one upload, page-locked);
 *   - the executor computes the column of W: w = tau (A22 v - V (W^H v) - W (V^H v)) by our
 *     offset SYMV/HEMV and two products with the panel, then w -= tau/2 (w^H v) v.
 * After the panel, A22 -= V W^H + W V^H is one SYR2K/HER2K; the last block (order <=
 * TRD_NX) is reduced on the CPU (sytrd_cpu_gen.c). The operations are DLATRD's; only the
 * rounding of the products differs, so d, e, tau and the reflectors in A mean what LAPACK's
 * mean (ORGTR/UNGTR, ORMTR/UNMTR and STEDC work on them); the other triangle of A is
 * never touched. (A first version ran DLATRD's corrections on the CPU: 66 us of CPU BLAS a
 * column at n = 8192 with the GPU idle; doc/reductions.md.)
 *
 * The panel lives twice on the device, interleaved in both orders: PW = [v0 w0 v1 w1 ...]
 * and PW2 = [w0 v0 w1 v1 ...] (columns of n rows, in the order the columns are done), so
 * that each of DLATRD's pairs of products is one product: a -= PW conj(PW2(c,:))^T,
 * t = PW2^H v = (W^H v, V^H v) interleaved, w -= PW t.
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

/* Panel width, and the order of the trailing block the CPU finishes alone (below it a
 * column's round trip costs more than its product). */
enum { TRD_NB = 32, TRD_NX = 128 };

typedef struct trd {
    kblasf_context *ctx;
    int lower;
    kblasf_int n;
    T *dA;
    kblasf_int ldda;
    RT *d, *e;
    T *tau;
    T *col;          /* host, page-locked: the column for LARFG; then the last block */
    T *ebuf;         /* host, page-locked: a panel's e, put back on A's off-diagonal */
    T *PW, *PW2;     /* device: the panel interleaved, n x 2 nb each (ld n) */
    T *dt, *dd;      /* device: the 2 nb products with v; w^H v */
    double t_cpu, t_wait, t_panel, t_last; /* where the time goes (KBLASF_VERBOSE) */
    long columns;
} trd;

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* Column k of the interleaved panels, from row r (ld n). */
static T *pw(const trd *t, T *P, kblasf_int k, kblasf_int r)
{
    return P + r + (size_t)k * t->n;
}

/* The reflector H = I - tau v v^H that annihilates x below alpha (LARFG); returns beta
 * (the new alpha, real) and leaves v = (1, x') with v[0] at alpha's place. */
static RT reflector(kblasf_int len, T *alpha_at, T *x, T *tau)
{
    kblasf_int one = 1;
    T alpha = *alpha_at;

    PFN(larfg_)(&len, &alpha, x, &one, tau);
    *alpha_at = 1;
    return REAL(alpha);
}

/* One column of the panel, the done-th (0-based) in the panel's order: the column's update
 * by the done earlier ones (rows r0 .. r0+len_a-1 of column c, its diagonal at row dg), its
 * reflector (LARFG on the len elements from row v0, alpha first), and its column of W:
 * w = tau (A22 v - [V W] t) - tau/2 (w^H v) v, A22 the trailing (lower) or leading (upper)
 * matrix of order len at (off, off). */
static kblasf_status_t column(trd *t, kblasf_int c, kblasf_int done, kblasf_int r0,
                              kblasf_int len_a, kblasf_int dg, kblasf_int v0, kblasf_int len,
                              kblasf_int off, RT *e_at, T *tau_at)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int k2 = 2 * done, n = t->n;
    T *acol = at(t->dA, t->ldda, r0, c), *a = t->col, *v, *w, *dv;
    double t0;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (done > 0) /* a -= PW(r0.., 0:2 done) conj(PW2(c, 0:2 done))^T */
        st = PRIMS(ctx)->gemm(ctx, 'N', 'C', len_a, 1, k2, -1, pw(t, t->PW, 0, r0), n,
                              pw(t, t->PW2, 0, c), n, 1, acol, t->ldda);
    if (!st)
        st = kblasf_fetch_start(ctx, len_a, sizeof(T), acol, a);
    if (!st)
        st = kblasf_fetch_wait(ctx, &t->t_wait);
    if (st)
        return st;
    t0 = kblasf_now();
    a[dg - r0] = REAL(a[dg - r0]);
    t->d[c] = REAL(a[dg - r0]);
    v = a + (v0 - r0); /* alpha: v's first element (lower) or its last (upper) */
    *e_at = t->lower ? reflector(len, v, len > 1 ? v + 1 : v, tau_at)
                     : reflector(len, v + len - 1, v, tau_at);
    t->t_cpu += kblasf_now() - t0;
    /* the column back to A; v also into PW (slot 2 done) and PW2 (slot 2 done + 1) */
    dv = pw(t, t->PW, k2, v0);
    w = pw(t, t->PW, k2 + 1, v0);
    st = ctx->exec->copy_to_device(ctx, len_a, 1, sizeof(T), a, len_a, acol, len_a);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, len, 1, sizeof(T), v, len, dv, len);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, len, 1, sizeof(T), v, len,
                                       pw(t, t->PW2, k2 + 1, v0), len);
    /* w = tau A22 v - tau PW t, t = PW2^H v */
    if (!st)
        st = PRIMS(ctx)->symv(ctx, t->lower ? 'L' : 'U', len, *tau_at, t->dA, t->ldda, off, dv,
                              1, 0, w, 1);
    if (!st && done > 0)
        st = PRIMS(ctx)->gemv(ctx, 'C', len, k2, 1, pw(t, t->PW2, 0, v0), n, 0, 0, dv, 1, 0,
                              t->dt, 1);
    if (!st && done > 0)
        st = PRIMS(ctx)->gemv(ctx, 'N', len, k2, -*tau_at, pw(t, t->PW, 0, v0), n, 0, 0, t->dt,
                              1, 1, w, 1);
    /* w -= tau/2 (w^H v) v */
    if (!st)
        st = PRIMS(ctx)->gemv(ctx, 'C', len, 1, 1, w, n, 0, 0, dv, 1, 0, t->dd, 1);
    if (!st)
        st = PRIMS(ctx)->gemm(ctx, 'N', 'N', len, 1, 1, -(RT)0.5 * *tau_at, dv, n, t->dd, 1, 1,
                              w, n);
    /* and into PW2 (slot 2 done) */
    if (!st)
        st = PRIMS(ctx)->tri_copy(ctx, 'L', 0, len, 1, w, n, pw(t, t->PW2, k2, v0), n);
    t->columns++;
    return st;
}

/* After a panel: e back on A's off-diagonal (n_e elements from A(r, c), stride ld+1), and
 * A22 -= V W^H + W V^H (order m at (s, s); V and W from the interleaved panel, rows r0..). */
static kblasf_status_t panel_end(trd *t, kblasf_int r, kblasf_int cc, const RT *e,
                                 kblasf_int n_e, kblasf_int s, kblasf_int m, kblasf_int r0)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int j;
    kblasf_status_t st;

    for (j = 0; j < n_e; j++)
        t->ebuf[j] = e[j];
    st = ctx->exec->copy_to_device(ctx, 1, n_e, sizeof(T), t->ebuf, 1,
                                   at(t->dA, t->ldda, r, cc), t->ldda + 1);
    if (!st && m > 0)
        st = PRIMS(ctx)->syr2k(ctx, t->lower ? 'L' : 'U', m, TRD_NB, -1, pw(t, t->PW, 0, r0),
                               2 * t->n, pw(t, t->PW, 1, r0), 2 * t->n, 1,
                               at(t->dA, t->ldda, s, s), t->ldda);
    return st;
}

/* Lower: the panel of columns i0 .. i0+nb-1 (DLATRD on A(i0:n, i0:n)), then the SYR2K of
 * the trailing matrix from row and column i0+nb. */
static kblasf_status_t panel_lower(trd *t, kblasf_int i0)
{
    kblasf_int n = t->n, nb = TRD_NB, j;
    double t0 = kblasf_now();
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    for (j = 0; j < nb && !st; j++) {
        kblasf_int c = i0 + j;
        st = column(t, c, j, c, n - c, c, c + 1, n - c - 1, c + 1, &t->e[c], &t->tau[c]);
    }
    t->t_panel += kblasf_now() - t0;
    return st ? st : panel_end(t, i0 + 1, i0, t->e + i0, nb, i0 + nb, n - i0 - nb, i0 + nb);
}

/* Upper: the panel of columns i0 .. i0+nb-1 of the leading block of order i0+nb (DLATRD on
 * A(0:k, 0:k), from the right), then the SYR2K of the leading block of order i0. */
static kblasf_status_t panel_upper(trd *t, kblasf_int i0)
{
    kblasf_int nb = TRD_NB, iw;
    double t0 = kblasf_now();
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    for (iw = nb - 1; iw >= 0 && !st; iw--) {
        kblasf_int c = i0 + iw;
        st = column(t, c, nb - 1 - iw, 0, c + 1, c, 0, c, 0, &t->e[c - 1], &t->tau[c - 1]);
    }
    t->t_panel += kblasf_now() - t0;
    return st ? st : panel_end(t, i0 - 1, i0, t->e + i0 - 1, nb, 0, i0, 0);
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

static kblasf_status_t reduce(trd *t)
{
    kblasf_int n = t->n, nb = TRD_NB, nx = MAX((kblasf_int)TRD_NX, nb), i0, kk;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (t->lower) {
        for (i0 = 0; i0 < n - nx && !st; i0 += nb)
            st = panel_lower(t, i0);
        return st ? st : last_block(t, i0, n - i0);
    }
    kk = n > nx ? n - ((n - nx + nb - 1) / nb) * nb : n;
    for (i0 = n - nb; i0 >= kk && !st; i0 -= nb)
        st = panel_upper(t, i0);
    return st ? st : last_block(t, 0, kk);
}

/* SYTRD/HETRD on the executor, arguments checked, n > 0. */
static kblasf_status_t sytrd(kblasf_handle_t h, char uplo, kblasf_int n, T *A, kblasf_int lda,
                             RT *d, RT *e, T *tau)
{
    kblasf_int nb = TRD_NB, nlast = MIN(n, (kblasf_int)TRD_NX);
    size_t csize = MAX((size_t)n, (size_t)nlast * nlast), panel = (size_t)n * 2 * nb;
    trd t = {0};
    T *host = NULL, *dev = NULL;
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
    if ((st = kblasf_dev_alloc(h, (void **)&dev, (2 * panel + 2 * nb + 1) * sizeof(T))))
        return st;
    if (!(host = kblasf_pinned_alloc(h, (csize + nb) * sizeof(T), &locked))) {
        kblasf_dev_release(h, dev);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    t.col = host;
    t.ebuf = host + csize;
    t.PW = dev;
    t.PW2 = dev + panel;
    t.dt = dev + 2 * panel;
    t.dd = t.dt + 2 * nb;
    st = reduce(&t);
    kblasf_pinned_free(h, host, locked);
    kblasf_dev_release(h, dev);
    kblasf_log("%s(n=%lld) time: %ld columns, panels %.3f s (of which LARFG on the CPU %.3f s, "
               "waiting for the column %.3f s), last block %.3f s",
               PNAME(TRD_NAME), (long long)n, t.columns, t.t_panel, t.t_cpu, t.t_wait,
               t.t_last);
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
