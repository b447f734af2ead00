/*
 * test_batch_util.h — what the testers of the batched routines share (test_batch_gen.c,
 * test_batch_trxm_gen.c, test_batch_trtri_gen.c, test_batch_syrk_gen.c): letter case,
 * triangle membership, the layout of a batch in one buffer, the cases' hash, a
 * well-conditioned random triangle, the argument-check cases and their verdict.
 * Precision-generic (T, WT from prec.h and test_lapack_gen.h); included after the tester's
 * case_t, which has the fields `strided` and `batch`.
 */
#ifndef KBLASF_TEST_BATCH_UTIL_H
#define KBLASF_TEST_BATCH_UTIL_H

static inline char up(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c; }
static inline char low(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
static inline int in_tri(char U, kblasf_int i, kblasf_int j) { return U == 'L' ? i >= j : i <= j; }
static inline double fixnan(double r) { return isnan(r) ? INFINITY : r; }

/* The offset of matrix b in a buffer of slots of s elements: in order when strided, in
 * reverse order for the pointer arrays (the routine must follow them). */
static inline size_t off(const case_t *c, kblasf_int s, kblasf_int b)
{
    return (size_t)s * (size_t)(c->strided ? b : c->batch - 1 - b);
}

static size_t extra_pad; /* more elements after the last matrix (the argument checks) */

static inline size_t buffer_size(const case_t *c, kblasf_int s, kblasf_int one)
{
    return (size_t)MAX(0, c->batch - 1) * (size_t)s + (size_t)MAX(0, one) + 5 + extra_pad;
}

#define MAT(cp, X, s, b) ((X) + off((cp), (s), (b)))

/* A hash of a case counter (and the precision), so that the choices the testers make from
 * its digits do not repeat with their loops' periods. */
static inline unsigned mix(unsigned x)
{
    x = (x + PREC_INDEX * 0x3C6EF372u) * 0x9E3779B1u;
    x ^= x >> 15;
    x *= 0x85EBCA77u;
    x ^= x >> 13;
    return x;
}

/* The order-n triangle U of a well-conditioned triangular matrix into M: the diagonal
 * (not written for diag 'U': it stays NaN) of magnitude 1..2 with a random sign or phase,
 * the rest random / n. */
static inline void gen_tri(T *M, kblasf_int ld, char U, kblasf_int n, int unit)
{
    kblasf_int i, j;

    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++)
            if (i != j && in_tri(U, i, j))
                AT(M, ld, i, j) = rnd() / (T)n;
    if (!unit)
        for (i = 0; i < n; i++) {
            double mag = 1.5 + 0.5 * test_rand();
#if IS_COMPLEX
            double ph = M_PI * test_rand();
            AT(M, ld, i, i) = (T)(mag * cos(ph) + I * mag * sin(ph));
#else
            AT(M, ld, i, i) = (T)(test_rand() < 0 ? -mag : mag);
#endif
        }
}

/* An argument-check case: a call on the tester's small valid buffers with up to three
 * arguments changed, and the argument that must be reported (NULL: the call is legal). */
typedef struct {
    const char *f[3];
    kblasf_int v[3];
    const char *bad;
} change_t;

/* change_t initializers: one, two or three arguments changed, then the one reported */
#define C1(a, x, bad) {{a, NULL, NULL}, {x, 0, 0}, bad}
#define C2(a, x, b, y, bad) {{a, b, NULL}, {x, y, 0}, bad}
#define C3(a, x, b, y, c, z, bad) {{a, b, c}, {x, y, z}, bad}

/* Whether case x applies to a form (strided or not) whose argument positions pos() gives
 * (-1: no such argument): every changed argument and the one to report exist there. The
 * latter's position goes to *want_pos, 0 for a legal call. */
static inline int change_applies(kblasf_int (*pos)(int strided, const char *arg), int strided,
                                 const change_t *x, kblasf_int *want_pos)
{
    int q;

    *want_pos = 0;
    for (q = 0; q < 3 && x->f[q]; q++)
        if (pos(strided, x->f[q]) < 0)
            return 0;
    return !x->bad || (*want_pos = pos(strided, x->bad)) >= 0;
}

/* "arg=value, ..." of case x, for the failure message */
static inline void change_describe(const change_t *x, char *what, size_t size)
{
    int q;

    what[0] = 0;
    for (q = 0; q < 3 && x->f[q]; q++)
        snprintf(what + strlen(what), size - strlen(what), "%s%s=%ld", q ? ", " : "", x->f[q],
                 (long)x->v[q]);
}

/* The verdict on an argument-check call of routine KBLASF_<P><op>_BATCH[_STRIDED], whose
 * name goes to name: the argument at want_pos reported (status INVALID_VALUE, xerbla with
 * that name and position), or, for want_pos 0, nothing reported and success. */
static inline int arg_report_ok(char *name, size_t len, const char *op, int strided,
                                kblasf_status_t st, kblasf_int want_pos)
{
    snprintf(name, len, "KBLASF_" PREC_UPPER "%s_BATCH%s", op, strided ? "_STRIDED" : "");
    if (want_pos)
        return st == KBLASF_STATUS_INVALID_VALUE && test_xerbla_was(name, want_pos);
    return st == KBLASF_STATUS_SUCCESS && test_xerbla_info == 0;
}

#endif
