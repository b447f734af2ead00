/*
 * sytrd_gen.c — SYTRD/HETRD on the executor (device API), precision-generic:
 * kblasf_ssytrd, kblasf_dsytrd, kblasf_chetrd, kblasf_zhetrd (A in device memory; d, e and
 * tau in host memory). LAPACK analogues DSYTRD/ZHETRD.
 *
 * LAPACK's blocked one-stage reduction to tridiagonal form (DSYTRD with DLATRD panels),
 * split between the CPU and the executor:
 *   - A stays on the device for the whole call.
 *   - Per panel of TRD_NB columns, the panel's block column comes to the CPU, which runs
 *     DLATRD's logic column by column: the column's update by the panel's earlier
 *     reflectors, the reflector itself (LARFG), and the corrections of w.
 *   - The product w = A22 v of each reflector with the trailing matrix, the dominant and
 *     memory-bound cost, runs on the executor with our offset SYMV/HEMV: one upload of v,
 *     one kernel, one download of w per column, from page-locked buffers. The CPU's share
 *     of the corrections (W^H v and V^H v) is computed while the device works.
 *   - The panel goes back, and the trailing update A22 -= V W^H + W V^H is one
 *     SYR2K/HER2K on the executor.
 *   - The last block (order <= TRD_NX) is reduced on the CPU (sytrd_cpu_gen.c).
 * Every operation is LAPACK's, in LAPACK's order, so d, e, tau and the reflectors left in
 * A mean what LAPACK's mean (ORGTR/UNGTR, ORMTR/UNMTR and STEDC work on them), and the
 * other triangle of A is left as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

#if IS_COMPLEX
#define CTRANS "C" /* conjugate transpose */
#else
#define CTRANS "T"
#endif

/* Panel width, and the order of the trailing block the CPU finishes alone (below it a
 * column's round trip costs more than its product). */
enum { TRD_NB = 32, TRD_NX = 128 };

typedef struct trd {
    kblasf_context *ctx;
    int lower;
    kblasf_int n, nb;
    T *dA;
    kblasf_int ldda;
    RT *d, *e;
    T *tau;
    T *P, *W;        /* host, page-locked where possible: the panel's block column and W */
    T *fix;          /* host, page-locked: the last e of a panel, written after the SYR2K */
    T *dv, *dw, *dW; /* device: v, w = A22 v, and W for the SYR2K */
    T x[TRD_NB], t1[TRD_NB], t2[TRD_NB];
    double t_cpu, t_wait, t_panel, t_last; /* where the time goes (KBLASF_VERBOSE) */
    long columns;
} trd;

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* y := alpha op(A) x + beta y on the CPU, unit strides */
static void gemv(const char *trans, kblasf_int m, kblasf_int n, T alpha, const T *A,
                 kblasf_int lda, const T *x, T beta, T *y)
{
    FN(cpu_gemv)(trans, m, n, alpha, A, lda, x, 1, beta, y, 1);
}

/* The column's update by the k panel columns done before it (DLATRD's first step):
 * a := a - V conj(w_r) - W conj(v_r), with v_r, w_r the rows of the column's diagonal
 * element in V and W (stride ld), over `len` rows. */
static void update_column(trd *t, kblasf_int len, kblasf_int k, const T *V, const T *W,
                          kblasf_int ld, const T *vr, const T *wr, T *a)
{
    kblasf_int j;

    for (j = 0; j < k; j++)
        t->x[j] = CONJ(wr[(size_t)j * ld]);
    gemv("N", len, k, -1, V, ld, t->x, 1, a);
    for (j = 0; j < k; j++)
        t->x[j] = CONJ(vr[(size_t)j * ld]);
    gemv("N", len, k, -1, W, ld, t->x, 1, a);
}

/* w := A22 v on the executor, the uplo triangle of the trailing matrix of order len at
 * (off, off) of A; v and w in host memory. Starts the upload, the kernel and the
 * download; kblasf_fetch_wait waits for w. */
static kblasf_status_t product_start(trd *t, kblasf_int off, kblasf_int len, const T *v, T *w)
{
    kblasf_context *ctx = t->ctx;
    kblasf_status_t st;

    st = ctx->exec->copy_to_device(ctx, len, 1, sizeof(T), v, len, t->dv, len);
    if (!st)
        st = PRIMS(ctx)->symv(ctx, t->lower ? 'L' : 'U', len, 1, t->dA, t->ldda, off, t->dv,
                              1, 0, t->dw, 1);
    return st ? st : kblasf_fetch_start(ctx, len, sizeof(T), t->dw, w);
}

/* One column of W from the product w = A22 v (DLATRD's steps after the SYMV): with the
 * k panel columns V, W (len rows, stride ld) already done,
 *   w := tau (w - V (W^H v) - W (V^H v));  w := w - 1/2 tau (w^H v) v.
 * The two products with v run on the CPU while the device computes A22 v. */
static kblasf_status_t column_of_w(trd *t, kblasf_int off, kblasf_int len, kblasf_int k,
                                   const T *V, const T *Wk, kblasf_int ld, T tau, const T *v,
                                   T *w)
{
    kblasf_status_t st = product_start(t, off, len, v, w);
    kblasf_int i;
    T dot = 0, alpha;

    if (k > 0) {
        gemv(CTRANS, len, k, 1, Wk, ld, v, 0, t->t1);
        gemv(CTRANS, len, k, 1, V, ld, v, 0, t->t2);
    }
    if (!st)
        st = kblasf_fetch_wait(t->ctx, &t->t_wait);
    if (st)
        return st;
    if (k > 0) {
        gemv("N", len, k, -1, V, ld, t->t1, 1, w);
        gemv("N", len, k, -1, Wk, ld, t->t2, 1, w);
    }
    for (i = 0; i < len; i++)
        w[i] *= tau;
    for (i = 0; i < len; i++)
        dot += CONJ(w[i]) * v[i];
    alpha = -(RT)0.5 * tau * dot;
    for (i = 0; i < len; i++)
        w[i] += alpha * v[i];
    t->columns++;
    return KBLASF_STATUS_SUCCESS;
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

/* Lower: the panel of columns i0 .. i0+nb-1 (DLATRD on A(i0:n, i0:n)), then the SYR2K
 * of the trailing matrix from row and column i0+nb. P and W hold rows i0 .. n-1. */
static kblasf_status_t panel_lower(trd *t, kblasf_int i0)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int m = t->n - i0, nb = t->nb, j;
    T *P = t->P, *W = t->W;
    double t0 = kblasf_now();
    kblasf_status_t st;

    st = ctx->exec->copy_to_host(ctx, m, nb, sizeof(T), at(t->dA, t->ldda, i0, i0), t->ldda, P, m);
    t->t_panel += kblasf_now() - t0;
    for (j = 0; j < nb && !st; j++) {
        kblasf_int c = i0 + j, len = m - j - 1;
        T *a = at(P, m, j, j), *v = a + 1;

        t0 = kblasf_now();
        a[0] = REAL(a[0]);
        update_column(t, m - j, j, at(P, m, j, 0), at(W, m, j, 0), m, at(P, m, j, 0),
                      at(W, m, j, 0), a);
        a[0] = REAL(a[0]);
        if (len == 0)
            break;
        t->e[c] = reflector(len, v, len > 1 ? v + 1 : v, &t->tau[c]);
        st = column_of_w(t, c + 1, len, j, at(P, m, j + 1, 0), at(W, m, j + 1, 0), m, t->tau[c],
                         v, at(W, m, j + 1, j));
        t->t_cpu += kblasf_now() - t0;
    }
    if (st)
        return st;
    t0 = kblasf_now();
    /* e back in place of the unit elements, except the last, which the SYR2K reads */
    for (j = 0; j < nb; j++) {
        if (j < nb - 1)
            P[j + 1 + (size_t)j * m] = t->e[i0 + j];
        t->d[i0 + j] = REAL(P[j + (size_t)j * m]);
    }
    st = ctx->exec->copy_to_device(ctx, m, nb, sizeof(T), P, m, at(t->dA, t->ldda, i0, i0),
                                   t->ldda);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, m - nb, nb, sizeof(T), W + nb, m, t->dW, m - nb);
    if (!st)
        st = PRIMS(ctx)->syr2k(ctx, 'L', m - nb, nb, -1, at(t->dA, t->ldda, i0 + nb, i0), t->ldda,
                               t->dW, m - nb, 1, at(t->dA, t->ldda, i0 + nb, i0 + nb), t->ldda);
    *t->fix = t->e[i0 + nb - 1];
    if (!st)
        st = ctx->exec->copy_to_device(ctx, 1, 1, sizeof(T), t->fix, 1,
                                       at(t->dA, t->ldda, i0 + nb, i0 + nb - 1), 1);
    t->t_panel += kblasf_now() - t0;
    return st;
}

/* Upper: the panel of columns i0 .. i0+nb-1 of the leading block of order k = i0+nb
 * (DLATRD on A(0:k, 0:k), from the right), then the SYR2K of the leading block of order
 * i0. P and W hold rows 0 .. k-1. */
static kblasf_status_t panel_upper(trd *t, kblasf_int i0)
{
    kblasf_context *ctx = t->ctx;
    kblasf_int nb = t->nb, k = i0 + nb, iw;
    T *P = t->P, *W = t->W;
    double t0 = kblasf_now();
    kblasf_status_t st;

    st = ctx->exec->copy_to_host(ctx, k, nb, sizeof(T), at(t->dA, t->ldda, 0, i0), t->ldda, P, k);
    t->t_panel += kblasf_now() - t0;
    for (iw = nb - 1; iw >= 0 && !st; iw--) {
        kblasf_int c = i0 + iw, done = nb - 1 - iw; /* done: panel columns right of c */
        T *a = at(P, k, 0, iw);

        t0 = kblasf_now();
        a[c] = REAL(a[c]);
        update_column(t, c + 1, done, at(P, k, 0, iw + 1), at(W, k, 0, iw + 1), k,
                      at(P, k, c, iw + 1), at(W, k, c, iw + 1), a);
        a[c] = REAL(a[c]);
        if (c == 0)
            break;
        t->e[c - 1] = reflector(c, a + c - 1, a, &t->tau[c - 1]);
        st = column_of_w(t, 0, c, done, at(P, k, 0, iw + 1), at(W, k, 0, iw + 1), k,
                         t->tau[c - 1], a, at(W, k, 0, iw));
        t->t_cpu += kblasf_now() - t0;
    }
    if (st)
        return st;
    t0 = kblasf_now();
    /* e back in place of the unit elements, except the first (row i0-1: the SYR2K's) */
    for (iw = 0; iw < nb; iw++) {
        if (iw > 0)
            P[i0 + iw - 1 + (size_t)iw * k] = t->e[i0 + iw - 1];
        t->d[i0 + iw] = REAL(P[i0 + iw + (size_t)iw * k]);
    }
    st = ctx->exec->copy_to_device(ctx, k, nb, sizeof(T), P, k, at(t->dA, t->ldda, 0, i0), t->ldda);
    if (!st && i0 > 0)
        st = ctx->exec->copy_to_device(ctx, i0, nb, sizeof(T), W, k, t->dW, i0);
    if (!st && i0 > 0)
        st = PRIMS(ctx)->syr2k(ctx, 'U', i0, nb, -1, at(t->dA, t->ldda, 0, i0), t->ldda, t->dW,
                               i0, 1, t->dA, t->ldda);
    if (i0 > 0) {
        *t->fix = t->e[i0 - 1];
        if (!st)
            st = ctx->exec->copy_to_device(ctx, 1, 1, sizeof(T), t->fix, 1,
                                           at(t->dA, t->ldda, i0 - 1, i0), 1);
    }
    t->t_panel += kblasf_now() - t0;
    return st;
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
    st = ctx->exec->copy_to_host(ctx, mm, mm, sizeof(T), dB, t->ldda, t->P, mm);
    if (st)
        return st;
    FN(cpu_trd)(t->lower ? 'L' : 'U', mm, t->P, mm, t->d + s, t->e + s, t->tau + s);
    st = ctx->exec->copy_to_device(ctx, mm, mm, sizeof(T), t->P, mm, dB, t->ldda);
    if (!st)
        st = ctx->exec->sync(ctx);
    t->t_last += kblasf_now() - t0;
    return st;
}

static kblasf_status_t reduce(trd *t)
{
    kblasf_int n = t->n, nb = t->nb, nx = MAX((kblasf_int)TRD_NX, nb), i0, kk;
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
    size_t psize = MAX((size_t)n * nb, (size_t)nlast * nlast), hbytes;
    trd t = {0};
    T *host = NULL, *dev = NULL;
    int locked = -1;
    kblasf_status_t st;

    t.ctx = h;
    t.lower = kblasf_lsame(uplo, 'L');
    t.n = n;
    t.nb = nb;
    t.dA = A;
    t.ldda = lda;
    t.d = d;
    t.e = e;
    t.tau = tau;
    hbytes = (psize + (size_t)n * nb + 1) * sizeof(T);
    if ((st = kblasf_dev_alloc(h, (void **)&dev, (size_t)n * (nb + 2) * sizeof(T))))
        return st;
    if (!(host = kblasf_pinned_alloc(h, hbytes, &locked))) {
        kblasf_dev_release(h, dev);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    t.P = host;
    t.W = host + psize;
    t.fix = t.W + (size_t)n * nb;
    t.dv = dev;
    t.dw = dev + n;
    t.dW = dev + 2 * (size_t)n;
    st = reduce(&t);
    kblasf_pinned_free(h, host, locked);
    kblasf_dev_release(h, dev);
    kblasf_log("%s(n=%lld) time: %ld columns, CPU %.3f s (of which waiting for the device "
               "%.3f s), panels in and out with SYR2K %.3f s, last block %.3f s",
               PNAME(TRD_NAME), (long long)n, t.columns, t.t_cpu, t.t_wait, t.t_panel,
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
