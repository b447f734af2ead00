/*
 * gebrd_gen.c — GEBRD on the executor (device API), precision-generic: kblasf_?gebrd
 * (A in device memory; d, e, tauq, taup in host memory). LAPACK analogue DGEBRD/ZGEBRD.
 *
 * LAPACK's blocked reduction to bidiagonal form (DGEBRD with DLABRD panels), split as
 * SYTRD is (sytrd_gen.c):
 *   - A stays on the device for the whole call.
 *   - Per panel of BRD_NB rows and columns, the panel's block column and block row come to
 *     the CPU, which runs DLABRD's logic: the column and row updates by the panel's
 *     earlier reflectors, the reflectors (LARFG), and the corrections of X and Y.
 *   - The two products of each step with the trailing matrix, y = A^H v and x = A u (the
 *     dominant, memory-bound cost), run on the executor with our offset GEMV: per product
 *     one upload, one kernel, one download, the CPU's share of the corrections computed
 *     while the device works.
 *   - The panel goes back, and the trailing update A22 -= V Y^H + X U^H is two GEMMs.
 *   - The last block (min(m, n) <= BRD_NX) is reduced on the CPU (gebrd_cpu_gen.c).
 * m >= n gives an upper bidiagonal B (column reflector first in each step), m < n a lower
 * one (row reflector first), as in LAPACK.
 *
 * The CPU keeps the block column Pc (rows i0..m-1) and the block row Pr (columns
 * i0..n-1); they share the nb x nb diagonal block, of which the part the column steps
 * write (m >= n: the lower triangle with the diagonal; m < n: the strict lower triangle)
 * is read from Pc and the rest from Pr, until both copies are made whole before going
 * back to the device.
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

#if IS_COMPLEX
#define CTRANS "C"
#else
#define CTRANS "T"
#endif

/* Panel width; the order of min(m, n) below which the CPU finishes alone. */
enum { BRD_NB = 32, BRD_NX = 128 };

typedef struct brd {
    kblasf_context *ctx;
    kblasf_int m, n, nb;
    T *dA;
    kblasf_int ldda;
    RT *d, *e;
    T *tauq, *taup;
    kblasf_int i0, mc, nc; /* the panel's corner, and the rows and columns from it */
    T *Pc, *Pr, *X, *Y;    /* host (page-locked where possible): ld mc, nb, mc, nc */
    T *u, *fix, *last;     /* host: a row made contiguous; one element; the last block */
    T *dv, *dw, *dX, *dY;  /* device */
    T tmp[BRD_NB + 1], t1[BRD_NB + 1], t2[BRD_NB + 1];
    double t_cpu, t_wait, t_panel, t_last;
    long products;
} brd;

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

#define hgemv FN(cpu_gemv) /* on the CPU; strides: the panel's rows are y's too */

/* k elements (stride inc) conjugated into b->tmp */
static T *conj_copy(brd *b, kblasf_int k, const T *x, kblasf_int inc)
{
    kblasf_int j;

    for (j = 0; j < k; j++)
        b->tmp[j] = CONJ(x[(size_t)j * inc]);
    return b->tmp;
}

static void conj_in_place(kblasf_int k, T *x, kblasf_int inc)
{
#if IS_COMPLEX
    kblasf_int j;
    for (j = 0; j < k; j++)
        x[(size_t)j * inc] = CONJ(x[(size_t)j * inc]);
#else
    (void)k, (void)x, (void)inc;
#endif
}

static void scal(kblasf_int k, T a, T *x)
{
    kblasf_int j;

    for (j = 0; j < k; j++)
        x[j] *= a;
}

/* The reflector that annihilates len-1 elements after alpha (stride inc); returns beta. */
static RT reflector(kblasf_int len, T *alpha_at, T *x, kblasf_int inc, T *tau)
{
    T alpha = *alpha_at;

    PFN(larfg_)(&len, &alpha, x, &inc, tau);
    *alpha_at = alpha;
    return REAL(alpha);
}

/* out := op(A(offr:offr+rows, offc:offc+cols)) x on the executor; x, out in host memory.
 * Starts the upload, the kernel and the download (kblasf_fetch_wait waits). */
static kblasf_status_t product_start(brd *b, char trans, kblasf_int rows, kblasf_int cols,
                                     kblasf_int offr, kblasf_int offc, const T *x, T *out)
{
    kblasf_context *ctx = b->ctx;
    int notrans = trans == 'N';
    kblasf_int lx = notrans ? cols : rows, lo = notrans ? rows : cols;
    kblasf_status_t st;

    b->products++;
    st = ctx->exec->copy_to_device(ctx, lx, 1, sizeof(T), x, lx, b->dv, lx);
    if (!st)
        st = PRIMS(ctx)->gemv(ctx, trans, rows, cols, 1, b->dA, b->ldda, offr, offc, b->dv, 1, 0,
                              b->dw, 1);
    return st ? st : kblasf_fetch_start(ctx, lo, sizeof(T), b->dw, out);
}

static kblasf_status_t product_wait(brd *b)
{
    return kblasf_fetch_wait(b->ctx, &b->t_wait);
}

#define PC(r, c) at(b->Pc, b->mc, r, c)
#define PR(r, c) at(b->Pr, b->nb, r, c)
#define XM(r, c) at(b->X, b->mc, r, c)
#define YM(r, c) at(b->Y, b->nc, r, c)

/* m >= n, step i of the panel (DLABRD's first branch): column i, then row i. */
static kblasf_status_t step_upper(brd *b, kblasf_int i)
{
    kblasf_int mc = b->mc, nc = b->nc, nb = b->nb, g = b->i0 + i;
    kblasf_int mi = mc - i, ni = nc - i - 1; /* rows from i; columns after i */
    kblasf_status_t st;

    /* A(i:m, i) -= A(i:m, 0:i) conj(Y(i, 0:i)) + X(i:m, 0:i) A(0:i, i) */
    hgemv("N", mi, i, -1, PC(i, 0), mc, conj_copy(b, i, YM(i, 0), nc), 1, 1, PC(i, i), 1);
    hgemv("N", mi, i, -1, XM(i, 0), mc, PR(0, i), 1, 1, PC(i, i), 1);
    b->d[g] = reflector(mi, PC(i, i), PC(MIN(i + 1, mc - 1), i), 1, &b->tauq[g]);
    *PC(i, i) = 1;
    /* Y(i+1:n, i) = tauq (A(i:m, i+1:n)^H v - Y (A(i:m, 0:i)^H v) - A(0:i, i+1:n)^H (X^H v)) */
    st = product_start(b, 'C', mi, ni, g, g + 1, PC(i, i), YM(i + 1, i));
    hgemv(CTRANS, mi, i, 1, PC(i, 0), mc, PC(i, i), 1, 0, b->t1, 1);
    hgemv(CTRANS, mi, i, 1, XM(i, 0), mc, PC(i, i), 1, 0, b->t2, 1);
    if (!st)
        st = product_wait(b);
    if (st)
        return st;
    hgemv("N", ni, i, -1, YM(i + 1, 0), nc, b->t1, 1, 1, YM(i + 1, i), 1);
    hgemv(CTRANS, i, ni, -1, PR(0, i + 1), nb, b->t2, 1, 1, YM(i + 1, i), 1);
    scal(ni, b->tauq[g], YM(i + 1, i));
    /* row i (conjugated while it is worked on, as LAPACK does):
     * A(i, i+1:n) -= Y(i+1:n, 0:i+1) conj(A(i, 0:i+1)) + A(0:i, i+1:n)^H conj(X(i, 0:i)) */
    conj_in_place(ni, PR(i, i + 1), nb);
    hgemv("N", ni, i + 1, -1, YM(i + 1, 0), nc, conj_copy(b, i + 1, PC(i, 0), mc), 1, 1,
         PR(i, i + 1), nb);
    hgemv(CTRANS, i, ni, -1, PR(0, i + 1), nb, conj_copy(b, i, XM(i, 0), mc), 1, 1, PR(i, i + 1),
         nb);
    b->e[g] = reflector(ni, PR(i, i + 1), PR(i, MIN(i + 2, nc - 1)), nb, &b->taup[g]);
    *PR(i, i + 1) = 1;
    /* X(i+1:m, i) = taup (A(i+1:m, i+1:n) u - A(i+1:m, 0:i+1) (Y^H u) - X (A(0:i, i+1:n) u)) */
    for (kblasf_int j = 0; j < ni; j++)
        b->u[j] = *PR(i, i + 1 + j);
    st = product_start(b, 'N', mi - 1, ni, g + 1, g + 1, b->u, XM(i + 1, i));
    hgemv(CTRANS, ni, i + 1, 1, YM(i + 1, 0), nc, b->u, 1, 0, b->t1, 1);
    hgemv("N", i, ni, 1, PR(0, i + 1), nb, b->u, 1, 0, b->t2, 1);
    if (!st)
        st = product_wait(b);
    if (st)
        return st;
    hgemv("N", mi - 1, i + 1, -1, PC(i + 1, 0), mc, b->t1, 1, 1, XM(i + 1, i), 1);
    hgemv("N", mi - 1, i, -1, XM(i + 1, 0), mc, b->t2, 1, 1, XM(i + 1, i), 1);
    scal(mi - 1, b->taup[g], XM(i + 1, i));
    conj_in_place(ni, PR(i, i + 1), nb);
    return KBLASF_STATUS_SUCCESS;
}

/* m < n, step i of the panel (DLABRD's second branch): row i, then column i. */
static kblasf_status_t step_lower(brd *b, kblasf_int i)
{
    kblasf_int mc = b->mc, nc = b->nc, nb = b->nb, g = b->i0 + i;
    kblasf_int ni = nc - i, mi = mc - i - 1; /* columns from i; rows after i */
    kblasf_status_t st;

    /* row i: A(i, i:n) -= Y(i:n, 0:i) conj(A(i, 0:i)) + A(0:i, i:n)^H conj(X(i, 0:i)) */
    conj_in_place(ni, PR(i, i), nb);
    hgemv("N", ni, i, -1, YM(i, 0), nc, conj_copy(b, i, PC(i, 0), mc), 1, 1, PR(i, i), nb);
    hgemv(CTRANS, i, ni, -1, PR(0, i), nb, conj_copy(b, i, XM(i, 0), mc), 1, 1, PR(i, i), nb);
    b->d[g] = reflector(ni, PR(i, i), PR(i, MIN(i + 1, nc - 1)), nb, &b->taup[g]);
    *PR(i, i) = 1;
    /* X(i+1:m, i) = taup (A(i+1:m, i:n) u - A(i+1:m, 0:i) (Y^H u) - X (A(0:i, i:n) u)) */
    for (kblasf_int j = 0; j < ni; j++)
        b->u[j] = *PR(i, i + j);
    st = product_start(b, 'N', mi, ni, g + 1, g, b->u, XM(i + 1, i));
    hgemv(CTRANS, ni, i, 1, YM(i, 0), nc, b->u, 1, 0, b->t1, 1);
    hgemv("N", i, ni, 1, PR(0, i), nb, b->u, 1, 0, b->t2, 1);
    if (!st)
        st = product_wait(b);
    if (st)
        return st;
    hgemv("N", mi, i, -1, PC(i + 1, 0), mc, b->t1, 1, 1, XM(i + 1, i), 1);
    hgemv("N", mi, i, -1, XM(i + 1, 0), mc, b->t2, 1, 1, XM(i + 1, i), 1);
    scal(mi, b->taup[g], XM(i + 1, i));
    conj_in_place(ni, PR(i, i), nb);
    /* column i: A(i+1:m, i) -= A(i+1:m, 0:i) conj(Y(i, 0:i)) + X(i+1:m, 0:i+1) A(0:i+1, i) */
    hgemv("N", mi, i, -1, PC(i + 1, 0), mc, conj_copy(b, i, YM(i, 0), nc), 1, 1, PC(i + 1, i), 1);
    hgemv("N", mi, i + 1, -1, XM(i + 1, 0), mc, PR(0, i), 1, 1, PC(i + 1, i), 1);
    b->e[g] = reflector(mi, PC(i + 1, i), PC(MIN(i + 2, mc - 1), i), 1, &b->tauq[g]);
    *PC(i + 1, i) = 1;
    /* Y(i+1:n, i) = tauq (A(i+1:m, i+1:n)^H v - Y (A(i+1:m, 0:i)^H v) - A(0:i+1, i+1:n)^H
     * (X^H v)) */
    st = product_start(b, 'C', mi, ni - 1, g + 1, g + 1, PC(i + 1, i), YM(i + 1, i));
    hgemv(CTRANS, mi, i, 1, PC(i + 1, 0), mc, PC(i + 1, i), 1, 0, b->t1, 1);
    hgemv(CTRANS, mi, i + 1, 1, XM(i + 1, 0), mc, PC(i + 1, i), 1, 0, b->t2, 1);
    if (!st)
        st = product_wait(b);
    if (st)
        return st;
    hgemv("N", ni - 1, i, -1, YM(i + 1, 0), nc, b->t1, 1, 1, YM(i + 1, i), 1);
    hgemv(CTRANS, i + 1, ni - 1, -1, PR(0, i + 1), nb, b->t2, 1, 1, YM(i + 1, i), 1);
    scal(ni - 1, b->tauq[g], YM(i + 1, i));
    return KBLASF_STATUS_SUCCESS;
}

/* The panel at (i0, i0): to the CPU, its steps, back with d and e in place (except the
 * unit element the GEMMs read), the two GEMMs of the trailing matrix, the last e. */
static kblasf_status_t panel(brd *b, kblasf_int i0)
{
    kblasf_context *ctx = b->ctx;
    kblasf_int nb = b->nb, i, r, mc, nc, upper = b->m >= b->n;
    T *dA = b->dA, *corner;
    kblasf_int ld = b->ldda;
    double t0 = kblasf_now();
    kblasf_status_t st;

    b->i0 = i0;
    b->mc = mc = b->m - i0;
    b->nc = nc = b->n - i0;
    corner = at(dA, ld, i0, i0);
    st = ctx->exec->copy_to_host(ctx, mc, nb, sizeof(T), corner, ld, b->Pc, mc);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, nb, nc, sizeof(T), corner, ld, b->Pr, nb);
    b->t_panel += kblasf_now() - t0;
    t0 = kblasf_now();
    for (i = 0; i < nb && !st; i++)
        st = upper ? step_upper(b, i) : step_lower(b, i);
    b->t_cpu += kblasf_now() - t0;
    if (st)
        return st;
    t0 = kblasf_now();
    /* the diagonal block made whole in both copies, with d and e in place */
    for (i = 0; i < nb; i++) {
        for (r = 0; r < nb; r++)
            if (upper ? r >= i : r > i)
                *PR(r, i) = *PC(r, i);
        *PR(i, i) = b->d[i0 + i];
        if (i < nb - 1)
            *(upper ? PR(i, i + 1) : PR(i + 1, i)) = b->e[i0 + i];
        for (r = 0; r < nb; r++)
            *PC(r, i) = *PR(r, i);
    }
    st = ctx->exec->copy_to_device(ctx, mc, nb, sizeof(T), b->Pc, mc, corner, ld);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, nb, nc, sizeof(T), b->Pr, nb, corner, ld);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, mc - nb, nb, sizeof(T), XM(nb, 0), mc, b->dX, mc - nb);
    if (!st)
        st = ctx->exec->copy_to_device(ctx, nc - nb, nb, sizeof(T), YM(nb, 0), nc, b->dY, nc - nb);
    /* A22 -= V Y^H + X U^H */
    if (!st)
        st = PRIMS(ctx)->gemm(ctx, 'N', 'C', mc - nb, nc - nb, nb, -1, at(dA, ld, i0 + nb, i0), ld,
                              b->dY, nc - nb, 1, at(dA, ld, i0 + nb, i0 + nb), ld);
    if (!st)
        st = PRIMS(ctx)->gemm(ctx, 'N', 'N', mc - nb, nc - nb, nb, -1, b->dX, mc - nb,
                              at(dA, ld, i0, i0 + nb), ld, 1, at(dA, ld, i0 + nb, i0 + nb), ld);
    *b->fix = b->e[i0 + nb - 1];
    if (!st)
        st = ctx->exec->copy_to_device(ctx, 1, 1, sizeof(T), b->fix, 1,
                                       upper ? at(dA, ld, i0 + nb - 1, i0 + nb)
                                             : at(dA, ld, i0 + nb, i0 + nb - 1), 1);
    b->t_panel += kblasf_now() - t0;
    return st;
}

/* The last block, (m - i0) x (n - i0) at (i0, i0), on the CPU. */
static kblasf_status_t last_block(brd *b, kblasf_int i0)
{
    kblasf_context *ctx = b->ctx;
    kblasf_int mm = b->m - i0, nn = b->n - i0;
    T *dB = at(b->dA, b->ldda, i0, i0);
    double t0 = kblasf_now();
    kblasf_status_t st;

    st = ctx->exec->copy_to_host(ctx, mm, nn, sizeof(T), dB, b->ldda, b->last, mm);
    if (st)
        return st;
    FN(cpu_brd)(mm, nn, b->last, mm, b->d + i0, b->e + i0, b->tauq + i0, b->taup + i0);
    st = ctx->exec->copy_to_device(ctx, mm, nn, sizeof(T), b->last, mm, dB, b->ldda);
    if (!st)
        st = ctx->exec->sync(ctx);
    b->t_last += kblasf_now() - t0;
    return st;
}

/* GEBRD on the executor, arguments checked, min(m, n) > 0. */
static kblasf_status_t gebrd(kblasf_handle_t h, kblasf_int m, kblasf_int n, T *A,
                             kblasf_int lda, RT *d, RT *e, T *tauq, T *taup)
{
    kblasf_int nb = BRD_NB, nx = MAX((kblasf_int)BRD_NX, nb), minmn = MIN(m, n);
    kblasf_int big = MAX(m, n), i0;
    size_t lastsz = (size_t)big * MIN(minmn, nx + nb), hsize, off = 0;
    brd b = {0};
    T *host, *dev = NULL;
    int locked;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    b.ctx = h;
    b.m = m;
    b.n = n;
    b.nb = nb;
    b.dA = A;
    b.ldda = lda;
    b.d = d;
    b.e = e;
    b.tauq = tauq;
    b.taup = taup;
    hsize = 2 * ((size_t)m + n) * nb + (size_t)n + 1 + lastsz;
    if ((st = kblasf_dev_alloc(h, (void **)&dev, (2 * (size_t)big + ((size_t)m + n) * nb) *
                                                     sizeof(T))))
        return st;
    if (!(host = kblasf_pinned_alloc(h, hsize * sizeof(T), &locked))) {
        kblasf_dev_release(h, dev);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    b.Pc = host;
    b.X = host + (off += (size_t)m * nb);
    b.Pr = host + (off += (size_t)m * nb);
    b.Y = host + (off += (size_t)n * nb);
    b.u = host + (off += (size_t)n * nb);
    b.fix = host + (off += n);
    b.last = host + off + 1;
    b.dv = dev;
    b.dw = dev + big;
    b.dX = dev + 2 * (size_t)big;
    b.dY = b.dX + (size_t)m * nb;
    for (i0 = 0; i0 < minmn - nx && !st; i0 += nb)
        st = panel(&b, i0);
    if (!st)
        st = last_block(&b, i0);
    kblasf_pinned_free(h, host, locked);
    kblasf_dev_release(h, dev);
    kblasf_log("%sGEBRD(m=%lld, n=%lld) time: %ld products, CPU %.3f s (of which waiting "
               "for the device %.3f s), panels in and out with GEMMs %.3f s, last block "
               "%.3f s", PREC_UPPER, (long long)m, (long long)n, b.products, b.t_cpu,
               b.t_wait, b.t_panel, b.t_last);
    return st;
}

kblasf_status_t FN(gebrd)(kblasf_handle_t h, kblasf_int m, kblasf_int n, T *A, kblasf_int lda,
                          RT *d, RT *e, T *tauq, T *taup, kblasf_int *info)
{
    kblasf_int pos;

    if (!h || !info)
        return KBLASF_STATUS_INVALID_VALUE;
    *info = 0;
    pos = kblasf_gebrd_check(m, n, lda, 1, 1);
    if (pos) {
        *info = -pos;
        return kblasf_arg_error("KBLASF_" PNAME("GEBRD"), pos);
    }
    if (MIN(m, n) == 0)
        return KBLASF_STATUS_SUCCESS;
    kblasf_log_call(h, PNAME("GEBRD"), "m=%lld, n=%lld, panels of %d", (long long)m,
                    (long long)n, (int)BRD_NB);
    return gebrd(h, m, n, A, lda, d, e, tauq, taup);
}
