/*
 * gebrd_gen.c — GEBRD on the executor (device API), precision-generic: kblasf_?gebrd
 * (A in device memory; d, e, tauq, taup in host memory). LAPACK analogue DGEBRD/ZGEBRD.
 *
 * LAPACK's blocked reduction to bidiagonal form (DGEBRD with DLABRD panels), all of it on
 * the executor, as SYTRD does it (sytrd_gen.c). The panel of BRD_NB steps keeps four
 * device panels: Vb (m x nb, the column reflectors with their units), X (m x nb), Y
 * (n x nb) and U (n x nb, the row reflectors as LARFG makes them, units in place; A's
 * block row holds their conjugates). A step is two products with the trailing matrix by
 * our offset GEMV (A^H v into Y's column, A u into X's column) and two brd_step calls
 * (prims.h), one over rows (on Vb and X) and one over columns (on Y and U): each finishes
 * the vector its product made (DLABRD's corrections) and prepares the next reflector (its
 * update by the panel so far, LARFG), leaving the small sums the next call needs. A only
 * receives the outputs: d and e on its diagonals, the scaled reflectors. After the panel,
 * A22 -= Vb Y^H + X U^H (one GEMM); d, e, tauq and taup come back once at the end; the
 * last block (min(m, n) <= BRD_NX) is reduced on the CPU (gebrd_cpu_gen.c). m >= n gives
 * an upper bidiagonal B (column reflector first in each step), m < n a lower one (row
 * reflector first), as in LAPACK.
 */
#include <stdio.h>
#include <stdlib.h>
#include "prec.h"
#include "lapack.h"
#include "lapack_aux.h"

/* Panel width; the order of min(m, n) below which the CPU finishes alone. */
enum { BRD_NB = 32, BRD_NX = 128 };

typedef KBLASF_CAT2(kblasf_brd_step_, PREC) brd_step_t;

typedef struct brd {
    kblasf_context *ctx;
    kblasf_int m, n;
    T *dA;
    kblasf_int ldda;
    RT *d, *e;             /* host: the caller's */
    T *tauq, *taup;
    T *Vb, *X, *Y, *U;     /* device panels: ld m, m, n, n; indexed by A's row / column */
    RT *dd, *de;           /* device: d and e of the panels */
    T *dtauq, *dtaup;
    char *S;               /* device: the steps' scratch, two sets used by turns */
    long steps;
    T *last;               /* host: the last block */
    double t_panel, t_last;
} brd;

static T *at(T *A, kblasf_int lda, kblasf_int i, kblasf_int j)
{
    return A + i + (size_t)j * lda;
}

/* One brd_step; the scratch sets alternate. */
static kblasf_status_t step(brd *b, brd_step_t *s)
{
    s->scratch = b->S + (b->steps % 2) * KBLASF_TRD_SCRATCH_BYTES;
    s->scratch_next = b->S + ((b->steps + 1) % 2) * KBLASF_TRD_SCRATCH_BYTES;
    b->steps++;
    return PRIMS(b->ctx)->brd_step(b->ctx, s);
}

/* Over rows g0 .. m-1 (panels Vb, X): finish X's column i (when fin: f1 columns of Vb and
 * f2 of X) and prepare the column reflector of A's column c, rows g0.. (when c >= 0:
 * p1 columns of Vb against Y's row c, p2 of X against U's row c; v into Vb's column iv;
 * q1, q2 sums for the next step); d or e (de: e) and tauq at index ie. */
static kblasf_status_t rows_step(brd *b, kblasf_int g0, int fin, kblasf_int i, kblasf_int f1,
                                 kblasf_int f2, kblasf_int c, kblasf_int p1, kblasf_int p2,
                                 kblasf_int iv, kblasf_int q1, kblasf_int q2, int de,
                                 kblasf_int ie, kblasf_int itau)
{
    brd_step_t s = {0};

    s.len = b->m - g0;
    s.ld1 = s.ld2 = b->m;
    s.M1 = b->Vb + g0;
    s.M2 = b->X + g0;
    if (fin) {
        s.o = at(b->X, b->m, g0, i);
        s.ko1 = -1;
        s.ko2 = i;
        s.f1 = f1;
        s.f2 = f2;
        s.tau_fin = b->dtaup + itau;
    }
    if (c >= 0) {
        s.a = at(b->dA, b->ldda, g0, c);
        s.inca = 1;
        s.p1 = p1;
        s.p2 = p2;
        s.c1row = b->Y + c;
        s.ldc1 = b->n;
        s.c2row = b->U + c;
        s.ldc2 = b->n;
        s.q1 = q1;
        s.q2 = q2;
        s.beta_out = (de ? b->de : b->dd) + ie;
        s.tau_out = b->dtauq + ie;
        s.v_out = at(b->Vb, b->m, g0, iv);
    }
    return step(b, &s);
}

/* Over columns g0 .. n-1 (panels Y, U): finish Y's column i and prepare the row reflector
 * of A's row c, columns g0.. (p1 columns of Y against Vb's row c, p2 of U against X's
 * row c; u into U's column iv); d or e and taup at index ie. */
static kblasf_status_t cols_step(brd *b, kblasf_int g0, int fin, kblasf_int i, kblasf_int f1,
                                 kblasf_int f2, kblasf_int c, kblasf_int p1, kblasf_int p2,
                                 kblasf_int iv, kblasf_int q1, kblasf_int q2, int de,
                                 kblasf_int ie, kblasf_int itau)
{
    brd_step_t s = {0};

    s.len = b->n - g0;
    s.ld1 = s.ld2 = b->n;
    s.M1 = b->Y + g0;
    s.M2 = b->U + g0;
    if (fin) {
        s.o = at(b->Y, b->n, g0, i);
        s.ko1 = i;
        s.ko2 = -1;
        s.f1 = f1;
        s.f2 = f2;
        s.tau_fin = b->dtauq + itau;
    }
    if (c >= 0) {
        s.a = at(b->dA, b->ldda, c, g0);
        s.inca = b->ldda;
        s.conja = 1;
        s.p1 = p1;
        s.p2 = p2;
        s.c1row = b->Vb + c;
        s.ldc1 = b->m;
        s.c2row = b->X + c;
        s.ldc2 = b->m;
        s.q1 = q1;
        s.q2 = q2;
        s.beta_out = (de ? b->de : b->dd) + ie;
        s.tau_out = b->dtaup + ie;
        s.v_out = at(b->U, b->n, g0, iv);
    }
    return step(b, &s);
}

/* A(r0.., c0..) (rows x cols) times the panel vector x added into y, on our offset GEMV:
 * panel() zeroes X and Y first, so beta = 1 and the GEMV needs no scaling kernel. */
static kblasf_status_t product(brd *b, char trans, kblasf_int r0, kblasf_int c0, const T *x,
                               T *y)
{
    return PRIMS(b->ctx)->gemv(b->ctx, trans, b->m - r0, b->n - c0, 1, b->dA, b->ldda, r0, c0,
                               x, 1, 1, y, 1);
}

/* m >= n: step i of the panel at i0 (DLABRD's first branch). The column reflector of
 * column g was prepared by the step before (or the panel's first call). */
static kblasf_status_t panel_upper(brd *b, kblasf_int i0)
{
    kblasf_int nb = BRD_NB, i;
    kblasf_status_t st = rows_step(b, i0, 0, 0, 0, 0, i0, 0, 0, 0, 0, 0, 0, i0, 0);

    for (i = 0; i < nb && !st; i++) {
        kblasf_int g = i0 + i, more = i + 1 < nb;
        /* Y(:,i) = A(g:m, g+1:n)^H v; then Y's corrections and the row reflector of row g */
        st = product(b, 'C', g, g + 1, at(b->Vb, b->m, g, i), at(b->Y, b->n, g + 1, i));
        if (!st)
            st = cols_step(b, g + 1, 1, i, i, i, g, i + 1, i, i, i + 1, i, 1, g, g);
        /* X(:,i) = A(g+1:m, g+1:n) u; then X's corrections and the next column reflector */
        if (!st)
            st = product(b, 'N', g + 1, g + 1, at(b->U, b->n, g + 1, i), at(b->X, b->m, g + 1, i));
        if (!st)
            st = rows_step(b, g + 1, 1, i, i + 1, i, more ? g + 1 : -1, i + 1, i + 1, i + 1,
                           i + 1, i + 1, 0, g + 1, g);
    }
    return st;
}

/* m < n: step i of the panel at i0 (DLABRD's second branch): the row reflector of row g
 * was prepared by the step before (or the panel's first call). */
static kblasf_status_t panel_lower(brd *b, kblasf_int i0)
{
    kblasf_int nb = BRD_NB, i;
    kblasf_status_t st = cols_step(b, i0, 0, 0, 0, 0, i0, 0, 0, 0, 0, 0, 0, i0, 0);

    for (i = 0; i < nb && !st; i++) {
        kblasf_int g = i0 + i, more = i + 1 < nb;
        /* X(:,i) = A(g+1:m, g:n) u; then X's corrections and the column reflector of
         * column g (rows g+1..) */
        st = product(b, 'N', g + 1, g, at(b->U, b->n, g, i), at(b->X, b->m, g + 1, i));
        if (!st)
            st = rows_step(b, g + 1, 1, i, i, i, g, i, i + 1, i, i, i + 1, 1, g, g);
        /* Y(:,i) = A(g+1:m, g+1:n)^H v; then Y's corrections and the next row reflector */
        if (!st)
            st = product(b, 'C', g + 1, g + 1, at(b->Vb, b->m, g + 1, i),
                         at(b->Y, b->n, g + 1, i));
        if (!st)
            st = cols_step(b, g + 1, 1, i, i, i + 1, more ? g + 1 : -1, i + 1, i + 1, i + 1,
                           i + 1, i + 1, 0, g + 1, g);
    }
    return st;
}

/* The panel at (i0, i0), then A22 -= Vb Y^H + X U^H as one GEMM of inner order 2 nb:
 * [Vb X] and [Y U] are each one matrix (X follows Vb, U follows Y), so A22 is read and
 * written once a panel. */
static kblasf_status_t panel(brd *b, kblasf_int i0)
{
    kblasf_context *ctx = b->ctx;
    kblasf_int nb = BRD_NB, s0 = i0 + nb, mm = b->m - s0, nn = b->n - s0, ld = b->ldda;
    double t0 = kblasf_now();
    /* X and Y (adjacent) start at zero: the products add into them */
    kblasf_status_t st = PRIMS(ctx)->set_zero(ctx, (b->m + b->n) * nb, 1, b->X,
                                              (b->m + b->n) * nb);

    if (!st)
        st = b->m >= b->n ? panel_upper(b, i0) : panel_lower(b, i0);
    if (!st)
        st = PRIMS(ctx)->gemm(ctx, 'N', 'C', mm, nn, 2 * nb, -1, at(b->Vb, b->m, s0, 0), b->m,
                              at(b->Y, b->n, s0, 0), b->n, 1, at(b->dA, ld, s0, s0), ld);
    b->t_panel += kblasf_now() - t0;
    return st;
}

/* d, e, tauq and taup of the panels' steps 0 .. k-1 to the caller's arrays. */
static kblasf_status_t outputs(brd *b, kblasf_int k)
{
    kblasf_context *ctx = b->ctx;
    kblasf_status_t st;

    if (k == 0)
        return KBLASF_STATUS_SUCCESS;
    st = ctx->exec->copy_to_host(ctx, k, 1, sizeof(RT), b->dd, k, b->d, k);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, k, 1, sizeof(RT), b->de, k, b->e, k);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, k, 1, sizeof(T), b->dtauq, k, b->tauq, k);
    if (!st)
        st = ctx->exec->copy_to_host(ctx, k, 1, sizeof(T), b->dtaup, k, b->taup, k);
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
    kblasf_int nb = BRD_NB, nx = MAX((kblasf_int)BRD_NX, nb), minmn = MIN(m, n), i0;
    size_t lastsz = (size_t)MAX(m, n) * MIN(minmn, nx + nb);
    size_t panels = 2 * ((size_t)m + n) * nb;
    size_t bytes = 2 * KBLASF_TRD_SCRATCH_BYTES + (panels + 2 * (size_t)minmn) * sizeof(T) +
                   2 * (size_t)minmn * sizeof(RT);
    brd b = {0};
    char *dev = NULL;
    T *host;
    int locked;
    kblasf_status_t st;

    b.ctx = h;
    b.m = m;
    b.n = n;
    b.dA = A;
    b.ldda = lda;
    b.d = d;
    b.e = e;
    b.tauq = tauq;
    b.taup = taup;
    if ((st = kblasf_dev_alloc(h, (void **)&dev, bytes)))
        return st;
    if (!(host = kblasf_pinned_alloc(h, lastsz * sizeof(T), &locked))) {
        kblasf_dev_release(h, dev);
        return KBLASF_STATUS_ALLOC_FAILED;
    }
    b.last = host;
    b.S = dev;
    b.Vb = (T *)(dev + 2 * KBLASF_TRD_SCRATCH_BYTES); /* the order panel() relies on */
    b.X = b.Vb + (size_t)m * nb;
    b.Y = b.X + (size_t)m * nb;
    b.U = b.Y + (size_t)n * nb;
    b.dtauq = b.U + (size_t)n * nb;
    b.dtaup = b.dtauq + minmn;
    b.dd = (RT *)(b.dtaup + minmn);
    b.de = b.dd + minmn;
    st = PRIMS(h)->set_zero(h, 2 * KBLASF_TRD_SCRATCH_BYTES / sizeof(T), 1, (T *)b.S, 1);
    for (i0 = 0; i0 < minmn - nx && !st; i0 += nb)
        st = panel(&b, i0);
    if (!st)
        st = outputs(&b, i0);
    if (!st)
        st = last_block(&b, i0);
    kblasf_pinned_free(h, host, locked);
    kblasf_dev_release(h, dev);
    kblasf_log("%sGEBRD(m=%lld, n=%lld) time: %ld steps, panels %.3f s (queued), last "
               "block %.3f s", PREC_UPPER, (long long)m, (long long)n, b.steps, b.t_panel,
               b.t_last);
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
