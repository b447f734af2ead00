/* exec_host_gen.c — the host executor's primitives (precision-generic): the CPU BLAS. */
#include "prec.h"
#include "internal.h"
#include "blas.h"
#include "lapack_aux.h"

static kblasf_status_t host_gemv(kblasf_context *ctx, char trans, kblasf_int m,
                                 kblasf_int n, T alpha, const T *A, kblasf_int lda,
                                 kblasf_int offr, kblasf_int offc, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    (void)ctx;
    PFN(gemv_)(&trans, &m, &n, &alpha, A + offr + (size_t)offc * lda, &lda, x, &incx,
               &beta, y, &incy, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_symv(kblasf_context *ctx, char uplo, kblasf_int n, T alpha,
                                 const T *A, kblasf_int lda, kblasf_int off, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    (void)ctx;
#if IS_COMPLEX
    PFN(hemv_)
#else
    PFN(symv_)
#endif
        (&uplo, &n, &alpha, A + off + (size_t)off * lda, &lda, x, &incx, &beta, y, &incy, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_gemm(kblasf_context *ctx, char transa, char transb, kblasf_int m,
                                 kblasf_int n, kblasf_int k, T alpha, const T *A,
                                 kblasf_int lda, const T *B, kblasf_int ldb, T beta, T *C,
                                 kblasf_int ldc)
{
    (void)ctx;
    PFN(gemm_)(&transa, &transb, &m, &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_trmm(kblasf_context *ctx, char side, char uplo, char transa,
                                 char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    (void)ctx;
    PFN(trmm_)(&side, &uplo, &transa, &diag, &m, &n, &alpha, A, &lda, B, &ldb, 1, 1, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_trmm_padded(kblasf_context *ctx, char side, char uplo, char transa,
                                        kblasf_int m, kblasf_int n, T alpha, const T *A,
                                        kblasf_int lda, T *B, kblasf_int ldb)
{
    return host_trmm(ctx, side, uplo, transa, 'N', m, n, alpha, A, lda, B, ldb);
}

static kblasf_status_t host_trsm(kblasf_context *ctx, char side, char uplo, char transa,
                                 char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    (void)ctx;
    PFN(trsm_)(&side, &uplo, &transa, &diag, &m, &n, &alpha, A, &lda, B, &ldb, 1, 1, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

/* Each diagonal block's inverse by a solve on the identity (prims.h). */
static kblasf_status_t host_trtri_diag(kblasf_context *ctx, char uplo, char diag, kblasf_int k,
                                       kblasf_int nb, const T *A, kblasf_int lda, T *W, T *S)
{
    kblasf_int d, i, j;
    T one = 1;

    (void)ctx;
    (void)S;
    for (d = 0; d < k; d += nb) {
        kblasf_int s = MIN(nb, k - d);
        T *Wb = W + (size_t)(d / nb) * nb * (nb + 1);
        for (j = 0; j < s; j++)
            for (i = 0; i < s; i++)
                Wb[i + (size_t)j * nb] = i == j ? one : (T)0;
        PFN(trsm_)("L", &uplo, "N", &diag, &s, &s, &one, A + d + (size_t)d * lda, &lda, Wb, &nb,
                   1, 1, 1, 1);
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_syrk(kblasf_context *ctx, char uplo, char trans, kblasf_int n,
                                 kblasf_int k, RT alpha, const T *A, kblasf_int lda, RT beta,
                                 T *C, kblasf_int ldc)
{
    (void)ctx;
#if IS_COMPLEX
    PFN(herk_)
#else
    trans = kblasf_lsame(trans, 'N') ? 'N' : 'T';
    PFN(syrk_)
#endif
        (&uplo, &trans, &n, &k, &alpha, A, &lda, &beta, C, &ldc, 1, 1);
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_syr2k(kblasf_context *ctx, char uplo, kblasf_int n, kblasf_int k,
                                  T alpha, const T *A, kblasf_int lda, const T *B,
                                  kblasf_int ldb, RT beta, T *C, kblasf_int ldc)
{
    (void)ctx;
#if IS_COMPLEX
    PFN(her2k_)(&uplo, "N", &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc, 1, 1);
#else
    PFN(syr2k_)(&uplo, "N", &n, &k, &alpha, A, &lda, B, &ldb, &beta, C, &ldc, 1, 1);
#endif
    return KBLASF_STATUS_SUCCESS;
}

/* LAPACK's recursive POTRF2 on the block; the first failure of a sequence wins. */
static kblasf_status_t host_potrf_leaf(kblasf_context *ctx, char uplo, kblasf_int n, T *A,
                                       kblasf_int lda, int64_t *info, kblasf_int ioff)
{
    kblasf_int linfo = 0;

    (void)ctx;
    PFN(potrf2_)(&uplo, &n, A, &lda, &linfo, 1);
    if (linfo > 0 && *info == 0)
        *info = (int64_t)ioff + linfo;
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_potrf_panel(kblasf_context *ctx, char uplo, kblasf_int n,
                                        kblasf_int m, T *A, kblasf_int lda, int64_t *info,
                                        kblasf_int ioff)
{
    int lower = kblasf_lsame(uplo, 'L');

    host_potrf_leaf(ctx, uplo, n, A, lda, info, ioff);
    return m == 0 ? KBLASF_STATUS_SUCCESS
                  : host_trsm(ctx, lower ? 'R' : 'L', uplo, 'C', 'N', lower ? m : n,
                              lower ? n : m, 1, A, lda, lower ? A + n : A + (size_t)n * lda, lda);
}

static kblasf_status_t host_tri_copy(kblasf_context *ctx, char uplo, int unit, kblasf_int m,
                                     kblasf_int n, const T *A, kblasf_int lda, T *B,
                                     kblasf_int ldb)
{
    int lower = kblasf_lsame(uplo, 'L');
    kblasf_int i, j;

    (void)ctx;
    for (j = 0; j < n; j++) {
        kblasf_int i0 = lower ? j + (unit ? 1 : 0) : 0;
        kblasf_int i1 = lower ? m : MIN(m, j + (unit ? 0 : 1));
        for (i = i0; i < i1; i++)
            B[i + (size_t)j * ldb] = A[i + (size_t)j * lda];
    }
    return KBLASF_STATUS_SUCCESS;
}

static kblasf_status_t host_set_zero(kblasf_context *ctx, kblasf_int m, kblasf_int n, T *B,
                                     kblasf_int ldb)
{
    kblasf_int i, j;

    (void)ctx;
    for (j = 0; j < n; j++)
        for (i = 0; i < m; i++)
            B[i + (size_t)j * ldb] = 0;
    return KBLASF_STATUS_SUCCESS;
}

/* The plain SYMV: the host step sums its dot itself. */
static kblasf_status_t host_trd_symv(kblasf_context *ctx, char uplo, kblasf_int n, const T *A,
                                     kblasf_int lda, kblasf_int off, const T *x, T *y,
                                     void *scratch, int rev)
{
    (void)scratch;
    (void)rev;
    return host_symv(ctx, uplo, n, 1, A, lda, off, x, 1, 0, y, 1);
}

/* DLATRD's loop body, as prims.h states it (P~(:,k) = P(:,k^1)); LARFG is LAPACK's. */
static kblasf_status_t host_trd_step(kblasf_context *ctx, const KBLASF_CAT2(kblasf_trd_step_, PREC) *s)
{
    kblasf_int len = s->len, k2 = s->k2, K = k2 >= 0 ? k2 + 2 : 0, r, k;
    size_t ld = (size_t)s->ldp;
    T *P = s->pw;

    (void)ctx;
    if (k2 >= 0) {
        T tau = *s->tau_fin, *v = P + k2 * ld, *w = P + (k2 + 1) * ld, dot = 0, al;
        for (k = 0; k < k2; k++) { /* y -= P(:,k) t_k, t_k = P~(:,k)^H v */
            T tk = 0;
            for (r = 0; r < len; r++)
                tk += CONJ(P[r + (k ^ 1) * ld]) * v[r];
            for (r = 0; r < len; r++)
                w[r] -= P[r + k * ld] * tk;
        }
        for (r = 0; r < len; r++) {
            w[r] *= tau;
            dot += CONJ(w[r]) * v[r];
        }
        al = -(RT)0.5 * tau * dot;
        for (r = 0; r < len; r++)
            w[r] += al * v[r];
    }
    if (s->a) {
        T *a = s->a, alpha, tau;
        kblasf_int ic = s->ic, ia = s->ia, nx = len - 1, one = 1;
        for (k = 0; k < K; k++) {
            T cf = CONJ(P[ic + (k ^ 1) * ld]);
            for (r = 0; r < len; r++)
                a[r] -= P[r + k * ld] * cf;
        }
        *s->d_out = REAL(a[ic]);
        a[ic] = REAL(a[ic]);
        alpha = a[ia];
        PFN(larfg_)(&nx, &alpha, ia > ic ? a + ia + 1 : a, &one, &tau);
        *s->e_out = REAL(alpha);
        *s->tau_out = tau;
        a[ia] = REAL(alpha);
        for (r = 0; r < len; r++)
            if (r != ic)
                P[r + K * ld] = r == ia ? 1 : a[r];
    }
    return KBLASF_STATUS_SUCCESS;
}

/* DLABRD's loop body, as prims.h states it; LARFG is LAPACK's. The scratch holds the two
 * vectors of sums one step leaves the next. */
static kblasf_status_t host_brd_step(kblasf_context *ctx, const KBLASF_CAT2(kblasf_brd_step_, PREC) *s)
{
    enum { KS = KBLASF_TRD_SCRATCH_BYTES / (2 * sizeof(T)) };
    kblasf_int len = s->len, r, k, one = 1, nx = len - 1;
    size_t l1 = (size_t)s->ld1, l2 = (size_t)s->ld2;
    const T *c = s->scratch;
    T *cn = s->scratch_next, *w, alpha, tau;

    (void)ctx;
    if (s->o) { /* o := tau (o - M1 c1 - M2 c2) */
        for (k = 0; k < s->f1; k++)
            for (r = 0; r < len; r++)
                s->o[r] -= s->M1[r + k * l1] * c[k];
        for (k = 0; k < s->f2; k++)
            for (r = 0; r < len; r++)
                s->o[r] -= s->M2[r + k * l2] * c[KS + k];
        for (r = 0; r < len; r++)
            s->o[r] *= *s->tau_fin;
    }
    if (!s->a)
        return KBLASF_STATUS_SUCCESS;
    w = s->v_out; /* the vector is worked on where v goes */
    for (r = 0; r < len; r++)
        w[r] = s->conja ? CONJ(s->a[r * s->inca]) : s->a[r * s->inca];
    for (k = 0; k < s->p1; k++) {
        T e = CONJ(s->c1row[k * s->ldc1]);
        for (r = 0; r < len; r++)
            w[r] -= s->M1[r + k * l1] * e;
    }
    for (k = 0; k < s->p2; k++) {
        T e = CONJ(s->c2row[k * s->ldc2]);
        for (r = 0; r < len; r++)
            w[r] -= s->M2[r + k * l2] * e;
    }
    alpha = w[0];
    PFN(larfg_)(&len, &alpha, w + MIN(1, nx), &one, &tau);
    *s->beta_out = REAL(alpha);
    *s->tau_out = tau;
    w[0] = 1;
    s->a[0] = REAL(alpha);
    for (r = 1; r < len; r++)
        s->a[r * s->inca] = s->conja ? CONJ(w[r]) : w[r];
    for (k = 0; k < s->q1 || k < s->q2; k++) { /* the next step's sums */
        T t1 = 0, t2 = 0;
        for (r = 0; r < len; r++) {
            if (k < s->q1)
                t1 += CONJ(s->M1[r + k * l1]) * w[r];
            if (k < s->q2)
                t2 += CONJ(s->M2[r + k * l2]) * w[r];
        }
        cn[k] = t1;
        cn[KS + k] = t2;
    }
    return KBLASF_STATUS_SUCCESS;
}

/* batch_host_gen.c: the batched Cholesky */
void FN(host_batch_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p);

void FN(host_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p)
{
    p->gemv = host_gemv;
    p->symv = host_symv;
    p->gemm = host_gemm;
    p->trmm = host_trmm;
    p->trmm_padded = host_trmm_padded;
    p->trsm = host_trsm;
    p->trtri_diag = host_trtri_diag;
    p->syrk = host_syrk;
    p->potrf_panel = host_potrf_panel;
    p->tri_copy = host_tri_copy;
    p->set_zero = host_set_zero;
    p->syr2k = host_syr2k;
    p->trd_step = host_trd_step;
    p->trd_symv = host_trd_symv;
    p->brd_step = host_brd_step;
    FN(host_batch_prims)(p);
}
