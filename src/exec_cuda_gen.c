/* exec_cuda_gen.c — the CUDA executor's primitives (precision-generic): our kernels. */
#include "prec.h"
#include "exec_cuda.h"
#include "kblasf_cuda.h"

#if defined(KBLASF_PREC_S)
typedef float CT;
#define TO_CT(a) (a)
#define CUBLAS(name) cublasS##name
#elif defined(KBLASF_PREC_D)
typedef double CT;
#define TO_CT(a) (a)
#define CUBLAS(name) cublasD##name
#elif defined(KBLASF_PREC_C)
typedef cuFloatComplex CT;
#define TO_CT(a) make_cuFloatComplex(crealf(a), cimagf(a))
#define CUBLAS(name) cublasC##name
#else
typedef cuDoubleComplex CT;
#define TO_CT(a) make_cuDoubleComplex(creal(a), cimag(a))
#define CUBLAS(name) cublasZ##name
#endif
/* our SYMV (real) or HEMV (complex) entry, and its form with the quadratic form */
#if IS_COMPLEX
#define SYMV_NAME hemv
#define SYMV_QF_NAME hemv_qf
#else
#define SYMV_NAME symv
#define SYMV_QF_NAME symv_qf
#endif

/* The kernels take a pointer to logical element 0 and a signed increment; BLAS gives
 * the first element in memory, which for inc < 0 is logical element len-1. */
static const T *first(const T *x, kblasf_int len, kblasf_int inc)
{
    return inc < 0 ? x + (size_t)(len - 1) * (size_t)(-inc) : x;
}

static kblasf_status_t cuda_gemv(kblasf_context *ctx, char trans, kblasf_int m,
                                 kblasf_int n, T alpha, const T *A, kblasf_int lda,
                                 kblasf_int offr, kblasf_int offc, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    int notrans = kblasf_lsame(trans, 'N');
    kblasf_int lenx = notrans ? n : m, leny = notrans ? m : n;

    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, gemv)((cudaStream_t)ctx->stream, trans, m, n,
            TO_CT(alpha), (const CT *)A, lda, offr, offc, (const CT *)first(x, lenx, incx),
            incx, TO_CT(beta), (CT *)first(y, leny, incy), incy),
        PNAME("GEMV kernel"));
}

static kblasf_status_t cuda_symv(kblasf_context *ctx, char uplo, kblasf_int n, T alpha,
                                 const T *A, kblasf_int lda, kblasf_int off, const T *x,
                                 kblasf_int incx, T beta, T *y, kblasf_int incy)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, SYMV_NAME)(
            (cudaStream_t)ctx->stream, uplo, n, TO_CT(alpha), (const CT *)A, lda, off,
            (const CT *)first(x, n, incx), incx, TO_CT(beta), (CT *)first(y, n, incy), incy),
        PNAME("SYMV kernel"));
}

/* A GEMM whose C is one column or one row is a matrix-vector product, which our GEMV
 * kernel runs at the copy bandwidth every time; cuBLAS's GEMM picks erratic kernels for
 * one row (H100: the same side-R solve with one right-hand side took 0.46 to 1.1 ms
 * through it, 0.39 ms through GEMV). Returns 0 for conjugated vectors, which have no GEMV
 * form: cuBLAS does those. */
static int gemm_as_gemv(kblasf_context *ctx, char transa, char transb, kblasf_int m,
                        kblasf_int n, kblasf_int k, T alpha, const T *A, kblasf_int lda,
                        const T *B, kblasf_int ldb, T beta, T *C, kblasf_int ldc,
                        kblasf_status_t *st)
{
    int na = kblasf_lsame(transa, 'N'), nb = kblasf_lsame(transb, 'N');

    if (n == 1 && !(IS_COMPLEX && kblasf_lsame(transb, 'C'))) {
        /* C(:,1) = alpha op(A) op(B)(:,1) + beta C(:,1) */
        *st = cuda_gemv(ctx, transa, na ? m : k, na ? k : m, alpha, A, lda, 0, 0, B,
                        nb ? 1 : ldb, beta, C, 1);
        return 1;
    }
    if (m == 1 && !(IS_COMPLEX && (kblasf_lsame(transa, 'C') || kblasf_lsame(transb, 'C')))) {
        /* C(1,:)^T = alpha op(B)^T op(A)(1,:)^T + beta C(1,:)^T */
        *st = cuda_gemv(ctx, nb ? 'T' : 'N', nb ? k : n, nb ? n : k, alpha, B, ldb, 0, 0, A,
                        na ? lda : 1, beta, C, ldc);
        return 1;
    }
    return 0;
}

static kblasf_status_t cuda_gemm(kblasf_context *ctx, char transa, char transb, kblasf_int m,
                                 kblasf_int n, kblasf_int k, T alpha, const T *A,
                                 kblasf_int lda, const T *B, kblasf_int ldb, T beta, T *C,
                                 kblasf_int ldc)
{
    CT a = TO_CT(alpha), b = TO_CT(beta);
    kblasf_status_t st;

    if (gemm_as_gemv(ctx, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc, &st))
        return st;
    return kblasf_cublas_check(
        CUBLAS(gemm)(kblasf_cuda_cublas(ctx), kblasf_cu_op(transa), kblasf_cu_op(transb),
                     m, n, k, &a, (const CT *)A, lda, (const CT *)B, ldb, &b, (CT *)C, ldc),
        PNAME("GEMM"));
}

/* B := alpha*op(A)*B (side L) or alpha*B*op(A) (side R) through cuBLAS TRMM out of place
 * into W (wbytes) and a copy back, in pieces of B that are independent (columns for side
 * L, rows for side R). cuBLAS TRMM is much faster out of place than in place (58 against
 * 12 TFLOP/s on 8192x512, H100). full: A's other triangle holds zeros, multiply by the
 * whole square with GEMM instead. Returns NOT_SUPPORTED when not one column/row fits. */
static kblasf_status_t trmm_out_of_place(kblasf_context *ctx, int full, char side, char uplo,
                                         char transa, char diag, kblasf_int m, kblasf_int n,
                                         T alpha, const T *A, kblasf_int lda, T *B,
                                         kblasf_int ldb, T *W, size_t wbytes)
{
    CT a = TO_CT(alpha);
    int left = kblasf_lsame(side, 'L');
    size_t unit = (size_t)(left ? m : n) * sizeof(T);
    kblasf_int total = left ? n : m, step = (kblasf_int)MIN((size_t)total, wbytes / unit), p0;
    kblasf_status_t st = KBLASF_STATUS_SUCCESS;

    if (step == 0)
        return KBLASF_STATUS_NOT_SUPPORTED;
    for (p0 = 0; p0 < total && !st; p0 += step) {
        kblasf_int len = MIN(step, total - p0), pm = left ? m : len, pn = left ? len : n;
        T *Bp = left ? B + (size_t)p0 * ldb : B + p0;
        if (full)
            st = left ? cuda_gemm(ctx, transa, 'N', pm, pn, pm, alpha, A, lda, Bp, ldb, 0, W, pm)
                      : cuda_gemm(ctx, 'N', transa, pm, pn, pn, alpha, Bp, ldb, A, lda, 0, W, pm);
        else
            st = kblasf_cublas_check(
                CUBLAS(trmm)(kblasf_cuda_cublas(ctx), kblasf_cu_side(side), kblasf_cu_fill(uplo),
                             kblasf_cu_op(transa), kblasf_cu_diag(diag), pm, pn, &a, (const CT *)A,
                             lda, (const CT *)Bp, ldb, (CT *)W, pm),
                PNAME("TRMM"));
        if (!st)
            st = kblasf_cuda_check(cudaMemcpy2DAsync(Bp, (size_t)ldb * sizeof(T), W,
                                                     (size_t)pm * sizeof(T), (size_t)pm * sizeof(T),
                                                     pn, cudaMemcpyDeviceToDevice,
                                                     (cudaStream_t)ctx->stream),
                                   "cudaMemcpy2DAsync");
    }
    return st;
}

/* Base case of the recursive TRMM (full: the padded form, prims.h): out of place through
 * the context's workspace (scratch of at most KBLASF_CUDA_WORKSPACE bytes, never O(m n)),
 * else cuBLAS in place. */
static kblasf_status_t trmm_base(kblasf_context *ctx, int full, char side, char uplo,
                                 char transa, char diag, kblasf_int m, kblasf_int n, T alpha,
                                 const T *A, kblasf_int lda, T *B, kblasf_int ldb)
{
    CT a = TO_CT(alpha);
    T *W;
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    W = kblasf_cuda_workspace(ctx, KBLASF_CUDA_WORKSPACE);
    if (W) {
        st = trmm_out_of_place(ctx, full, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb,
                               W, KBLASF_CUDA_WORKSPACE);
        if (st != KBLASF_STATUS_NOT_SUPPORTED)
            return st;
    }
    return kblasf_cublas_check(
        CUBLAS(trmm)(kblasf_cuda_cublas(ctx), kblasf_cu_side(side), kblasf_cu_fill(uplo),
                     kblasf_cu_op(transa), kblasf_cu_diag(diag), m, n, &a, (const CT *)A, lda,
                     (const CT *)B, ldb, (CT *)B, ldb),
        PNAME("TRMM"));
}

static kblasf_status_t cuda_trmm(kblasf_context *ctx, char side, char uplo, char transa,
                                 char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    return trmm_base(ctx, 0, side, uplo, transa, diag, m, n, alpha, A, lda, B, ldb);
}

/* The zero-padded form: GEMM on the whole square for few right-hand sides, where cuBLAS's
 * TRMM is slow (H100, 8192 x 1: 0.38 against 0.87 ms for a whole TRSM; x 16 on side R
 * 0.48 against 1.0 ms), TRMM else (8192 x 512: 34 against 31 TFLOP/s). */
static kblasf_status_t cuda_trmm_padded(kblasf_context *ctx, char side, char uplo, char transa,
                                        kblasf_int m, kblasf_int n, T alpha, const T *A,
                                        kblasf_int lda, T *B, kblasf_int ldb)
{
    int full = (kblasf_lsame(side, 'L') ? n : m) < 64;
    return trmm_base(ctx, full, side, uplo, transa, 'N', m, n, alpha, A, lda, B, ldb);
}

/* Base case of the recursive TRSM: cuBLAS TRSM in place. (Inverting the diagonal block
 * and multiplying out of place was measured slower on an H100: doc/trxm.md.) */
static kblasf_status_t cuda_trsm(kblasf_context *ctx, char side, char uplo, char transa,
                                 char diag, kblasf_int m, kblasf_int n, T alpha, const T *A,
                                 kblasf_int lda, T *B, kblasf_int ldb)
{
    CT a = TO_CT(alpha);

    cudaSetDevice(ctx->device);
    return kblasf_cublas_check(
        CUBLAS(trsm)(kblasf_cuda_cublas(ctx), kblasf_cu_side(side), kblasf_cu_fill(uplo),
                     kblasf_cu_op(transa), kblasf_cu_diag(diag), m, n, &a, (const CT *)A, lda,
                     (CT *)B, ldb),
        PNAME("TRSM"));
}

/* C_i := alpha * A_i * B_i for cnt triples at constant strides (no transposes, beta 0) */
static kblasf_status_t batched_product(kblasf_context *ctx, kblasf_int m, kblasf_int n,
                                       kblasf_int k, CT alpha, const T *A, kblasf_int lda,
                                       long long sa, const T *B, kblasf_int ldb, long long sb,
                                       T *C, kblasf_int ldc, long long sc, kblasf_int cnt)
{
    CT zero = TO_CT(0);
    return kblasf_cublas_check(
        CUBLAS(gemmStridedBatched)(kblasf_cuda_cublas(ctx), CUBLAS_OP_N, CUBLAS_OP_N, m, n, k,
                                   &alpha, (const CT *)A, lda, sa, (const CT *)B, ldb, sb, &zero,
                                   (CT *)C, ldc, sc, cnt),
        PNAME("GEMM (batched)"));
}

/* One doubling step of cuda_trtri_diag on `cnt` pairs of diagonal blocks of order s (and
 * s2 <= s for the second), spaced 2s apart from diagonal offset d: with the inverses X11
 * and X22 in W (leading dimension nb), the off-diagonal block of the pair's inverse is
 *   lower: X21 = -X22 * (A21 * X11)     upper: X12 = -X11 * (A12 * X22)
 * that is Xoff = -Xfirst * (Aoff * Xlast), through S. */
static kblasf_status_t double_blocks(kblasf_context *ctx, int lower, kblasf_int d,
                                     kblasf_int cnt, kblasf_int s, kblasf_int s2, const T *A,
                                     kblasf_int lda, T *W, kblasf_int nb, T *S)
{
    const T *X11 = W + d + (size_t)d * nb, *X22 = W + (d + s) + (size_t)(d + s) * nb;
    const T *Xfirst = lower ? X22 : X11, *Xlast = lower ? X11 : X22;
    kblasf_int rows = lower ? s2 : s, cols = lower ? s : s2; /* of Aoff and Xoff */
    size_t ir = lower ? d + s : d, ic = lower ? d : d + s;   /* where Aoff and Xoff start */
    long long sa = 2 * s * ((long long)lda + 1), sw = 2 * s * ((long long)nb + 1);
    long long ss = (long long)s * s;
    kblasf_status_t st;

    st = batched_product(ctx, rows, cols, cols, TO_CT(1), A + ir + ic * lda, lda, sa, Xlast, nb,
                         sw, S, s, ss, cnt);
    return st ? st : batched_product(ctx, rows, cols, rows, TO_CT(-1), Xfirst, nb, sw, S, s, ss,
                                     W + ir + ic * nb, nb, sw, cnt);
}

/* One right-hand side in one kernel a solve (cuda/trsv_chain.cu), in the executor's chain
 * scratch, its tiles by the TMA as the handle says; without the scratch NOT_SUPPORTED: the
 * recursion serves it. */
static kblasf_status_t cuda_trsv(kblasf_context *ctx, char uplo, char transa, char transb,
                                 char diag, kblasf_int k, T alpha, const T *A, kblasf_int lda,
                                 T *x)
{
    const size_t bytes = kblasf_cuda_trsv_chain_scratch(k, sizeof(T), transb);
    int marked;
    void *next, *s;
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    if (!(s = kblasf_cuda_chain_scratch(ctx, bytes, &marked, &next)))
        return KBLASF_STATUS_NOT_SUPPORTED;
    st = kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, trsv_chain)(
                               (cudaStream_t)ctx->stream, uplo, transa, transb, diag, k,
                               TO_CT(alpha), (const CT *)A, lda, (CT *)x, s, marked, next,
                               (int)kblasf_trsv_tma(ctx)),
                           PNAME("TRSV kernel"));
    kblasf_cuda_chain_used(ctx, bytes, st == KBLASF_STATUS_SUCCESS);
    return st;
}

/* The inverses of the diagonal blocks of order nb (prims.h): our kernel inverts blocks of
 * order 32 (or nb when smaller), then each doubling step joins pairs of neighbours with
 * two batched GEMMs, log2(nb/32) steps in all, every block of the triangle at once. The
 * zeros outside each block's triangle, which the GEMMs read, come from one memset. */
static kblasf_status_t cuda_trtri_diag(kblasf_context *ctx, char uplo, char diag, kblasf_int k,
                                       kblasf_int nb, const T *A, kblasf_int lda, T *W, T *S)
{
    int lower = kblasf_lsame(uplo, 'L');
    kblasf_int bs = MIN(nb, 32), s, nblk = (k + nb - 1) / nb;
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    st = kblasf_cuda_check(cudaMemsetAsync(W, 0, (size_t)nblk * nb * (nb + 1) * sizeof(T),
                                           (cudaStream_t)ctx->stream),
                           "cudaMemsetAsync");
    if (!st)
        st = kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, trtri_diag)(
                                   (cudaStream_t)ctx->stream, lower ? 'L' : 'U', diag, k, bs,
                                   (const CT *)A, lda, (CT *)W, nb),
                               PNAME("TRTRI_DIAG kernel"));
    for (s = bs; s < nb && !st; s *= 2) {
        kblasf_int cnt = k / (2 * s), tail = k - cnt * 2 * s; /* full pairs, then the rest */
        if (cnt > 0)
            st = double_blocks(ctx, lower, 0, cnt, s, s, A, lda, W, nb, S);
        if (!st && tail > s)
            st = double_blocks(ctx, lower, cnt * 2 * s, 1, s, tail - s, A, lda, W, nb, S);
    }
    return st;
}

static kblasf_status_t cuda_syrk(kblasf_context *ctx, char uplo, char trans, kblasf_int n,
                                 kblasf_int k, RT alpha, const T *A, kblasf_int lda, RT beta,
                                 T *C, kblasf_int ldc)
{
    int notrans = kblasf_lsame(trans, 'N');

    cudaSetDevice(ctx->device);
    return kblasf_cublas_check(
#if IS_COMPLEX
        CUBLAS(herk)(kblasf_cuda_cublas(ctx), kblasf_cu_fill(uplo),
                     notrans ? CUBLAS_OP_N : CUBLAS_OP_C,
#else
        CUBLAS(syrk)(kblasf_cuda_cublas(ctx), kblasf_cu_fill(uplo),
                     notrans ? CUBLAS_OP_N : CUBLAS_OP_T,
#endif
                     n, k, &alpha, (const CT *)A, lda, &beta, (CT *)C, ldc),
        PNAME("SYRK"));
}

static kblasf_status_t cuda_potrf_leaf(kblasf_context *ctx, char uplo, kblasf_int n, T *A,
                                       kblasf_int lda, int64_t *info, kblasf_int ioff)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, potrf_diag)(
                                 (cudaStream_t)ctx->stream, kblasf_lsame(uplo, 'L') ? 'L' : 'U',
                                 n, (CT *)A, lda, info, ioff),
                             PNAME("POTRF_DIAG kernel"));
}

static kblasf_status_t cuda_potrf_panel(kblasf_context *ctx, char uplo, kblasf_int n,
                                        kblasf_int m, T *A, kblasf_int lda, int64_t *info,
                                        kblasf_int ioff)
{
    unsigned *sync = m > 0 ? kblasf_cuda_panel_sync(ctx) : NULL;
    int lower = kblasf_lsame(uplo, 'L');
    kblasf_status_t st;

    cudaSetDevice(ctx->device);
    if (m > 0 && !sync) { /* no device counter: the leaf, then cuBLAS's TRSM */
        st = cuda_potrf_leaf(ctx, uplo, n, A, lda, info, ioff);
        return st ? st : cuda_trsm(ctx, lower ? 'R' : 'L', uplo, 'C', 'N', lower ? m : n,
                                   lower ? n : m, 1, A, lda, lower ? A + n : A + (size_t)n * lda,
                                   lda);
    }
    return kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, potrf_panel)(
                                 (cudaStream_t)ctx->stream, lower ? 'L' : 'U', n, m, (CT *)A,
                                 lda, sync, info, ioff),
                             PNAME("POTRF_PANEL kernel"));
}

static kblasf_status_t cuda_tri_copy(kblasf_context *ctx, char uplo, int unit, kblasf_int m,
                                     kblasf_int n, const T *A, kblasf_int lda, T *B,
                                     kblasf_int ldb)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(kblasf_cuda_tri_copy((cudaStream_t)ctx->stream,
                                                  kblasf_lsame(uplo, 'L') ? 'L' : 'U', unit, m,
                                                  n, sizeof(T), A, lda, B, ldb),
                             "TRI_COPY kernel");
}

static kblasf_status_t cuda_set_zero(kblasf_context *ctx, kblasf_int m, kblasf_int n, T *B,
                                     kblasf_int ldb)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(cudaMemset2DAsync(B, (size_t)ldb * sizeof(T), 0,
                                               (size_t)m * sizeof(T), n,
                                               (cudaStream_t)ctx->stream),
                             "cudaMemset2DAsync");
}

static kblasf_status_t cuda_syr2k(kblasf_context *ctx, char uplo, kblasf_int n, kblasf_int k,
                                  T alpha, const T *A, kblasf_int lda, const T *B,
                                  kblasf_int ldb, RT beta, T *C, kblasf_int ldc)
{
    CT a = TO_CT(alpha);

    cudaSetDevice(ctx->device);
    return kblasf_cublas_check(
#if IS_COMPLEX
        CUBLAS(her2k)(kblasf_cuda_cublas(ctx), kblasf_cu_fill(uplo), CUBLAS_OP_N, n, k, &a,
                      (const CT *)A, lda, (const CT *)B, ldb, &beta, (CT *)C, ldc),
#else
        CUBLAS(syr2k)(kblasf_cuda_cublas(ctx), kblasf_cu_fill(uplo), CUBLAS_OP_N, n, k, &a,
                      (const CT *)A, lda, (const CT *)B, ldb, &beta, (CT *)C, ldc),
#endif
        PNAME("SYR2K"));
}

/* the scratch the callers allocate is the scratch the kernel needs */
typedef char trd_scratch_size_check[KBLASF_TRD_SCRATCH_BYTES == KBLASF_CUDA_TRD_SCRATCH_BYTES ? 1 : -1];

static kblasf_status_t cuda_trd_step(kblasf_context *ctx,
                                     const KBLASF_CAT2(kblasf_trd_step_, PREC) *s)
{
    KBLASF_CAT3(kblasf_cuda_, PREC, trd_step_t) a = {
        s->len, s->ldp, s->k2, s->ic, s->ia, (CT *)s->pw,
        (const CT *)s->tau_fin, (CT *)s->a, s->d_out, s->e_out, (CT *)s->tau_out, s->scratch,
        s->scratch_next, kblasf_get_config()->step_cooperative};

    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, trd_step)((cudaStream_t)ctx->stream,
                                                                       &a),
                             PNAME("TRD_STEP kernel"));
}

/* The SYMV with the quadratic form into the start of the step's scratch (trd_step.cu) */
static kblasf_status_t cuda_trd_symv(kblasf_context *ctx, char uplo, kblasf_int n, const T *A,
                                     kblasf_int lda, kblasf_int off, const T *x, T *y,
                                     void *scratch, int rev)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, SYMV_QF_NAME)((cudaStream_t)ctx->stream, uplo, n,
                                                      (const CT *)A, lda, off, (const CT *)x,
                                                      1, (CT *)y, 1, (double *)scratch, rev),
        PNAME("SYMV kernel"));
}

static kblasf_status_t cuda_brd_step(kblasf_context *ctx,
                                     const KBLASF_CAT2(kblasf_brd_step_, PREC) *s)
{
    KBLASF_CAT3(kblasf_cuda_, PREC, brd_step_t) a = {
        s->len, s->ld1, s->ld2, (CT *)s->M1, (CT *)s->M2, (CT *)s->o, s->ko1, s->ko2, s->f1,
        s->f2,
        (const CT *)s->tau_fin, (CT *)s->a, s->inca, s->conja, s->p1, s->p2, s->ldc1, s->ldc2,
        s->q1, s->q2, (const CT *)s->c1row, (const CT *)s->c2row, s->beta_out, (CT *)s->tau_out,
        (CT *)s->v_out, s->scratch, s->scratch_next, kblasf_get_config()->step_cooperative};

    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, brd_step)((cudaStream_t)ctx->stream,
                                                                       &a),
                             PNAME("BRD_STEP kernel"));
}

/* ---- batched Cholesky: cuda/batch_small.cu (n <= 32), cuda/batch_block.cu (n <= 256) */

typedef KBLASF_CAT2(kblasf_batch_, PREC) batch_t;

/* A batch as the kernels take it: array, base, leading dimension, stride. */
#define BATCH_ARGS(d) (CT *const *)(d)->arr, (CT *)(d)->base, (d)->ld, (d)->stride

/* Above the block kernels' order the batch is the caller's loop (prims.h). */
typedef char batch_max_check[KBLASF_BATCH_KERNEL_MAX == KBLASF_CUDA_BATCH_BLOCK_MAX ? 1 : -1];

/* The kernel for order n (name_small and name_block have the same signature). */
#define BATCH_KERNEL(name, n)                                                               \
    ((n) <= KBLASF_CUDA_BATCH_SMALL_MAX ? KBLASF_CAT3(kblasf_cuda_, PREC, name##_small)      \
                                        : KBLASF_CAT3(kblasf_cuda_, PREC, name##_block))

/* *path for order n > 0; 0 when no kernel takes n (the caller loops). */
static int batch_path(kblasf_int n, const char **path)
{
    if (n > KBLASF_CUDA_BATCH_BLOCK_MAX) {
        *path = "n above the batched kernels' 256";
        return 0;
    }
    *path = n <= KBLASF_CUDA_BATCH_SMALL_MAX
                ? "small kernel: n <= 32, a matrix per group of threads of a warp"
                : "block kernel: n <= 256, a thread block per matrix";
    return 1;
}

static kblasf_status_t cuda_potrf_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int *info, kblasf_int ioff,
                                        kblasf_int batch, const char **path)
{
    cudaSetDevice(ctx->device);
    if (n == 0 && ioff > 0)
        return KBLASF_STATUS_SUCCESS; /* nothing to add to the infos */
    if (n == 0) /* every info 0: zero bytes are 0 in either width */
        return kblasf_cuda_check(cudaMemsetAsync(info, 0, (size_t)batch * sizeof(kblasf_int),
                                                 (cudaStream_t)ctx->stream),
                                 "cudaMemsetAsync");
    if (!batch_path(n, path))
        return KBLASF_STATUS_NOT_SUPPORTED;
    return kblasf_cuda_check(BATCH_KERNEL(potrf_batch, n)((cudaStream_t)ctx->stream, uplo, n,
                                                          BATCH_ARGS(A), A->off, info,
                                                          (int)sizeof(kblasf_int), ioff, batch),
                             PNAME("POTRF_BATCH kernel"));
}

static kblasf_status_t cuda_potrs_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                        kblasf_int batch, const char **path)
{
    if (!batch_path(n, path))
        return KBLASF_STATUS_NOT_SUPPORTED;
    cudaSetDevice(ctx->device);
    if (n > KBLASF_CUDA_BATCH_SMALL_MAX && nrhs <= kblasf_batch_potrs_warp_nrhs(n, sizeof(T))) {
        *path = "warp kernel: a warp per matrix and right-hand side, a column of the factor "
                "(at most 2 KB) in its registers";
        return kblasf_cuda_check(KBLASF_CAT3(kblasf_cuda_, PREC, potrs_batch_warp)(
                                     (cudaStream_t)ctx->stream, uplo, n, nrhs, BATCH_ARGS(A),
                                     BATCH_ARGS(B), batch),
                                 PNAME("POTRS_BATCH kernel"));
    }
    return kblasf_cuda_check(BATCH_KERNEL(potrs_batch, n)((cudaStream_t)ctx->stream, uplo, n,
                                                          nrhs, BATCH_ARGS(A), BATCH_ARGS(B),
                                                          batch),
                             PNAME("POTRS_BATCH kernel"));
}

static kblasf_status_t cuda_posv_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                       kblasf_int nrhs, const batch_t *A, const batch_t *B,
                                       kblasf_int *info, kblasf_int batch, const char **path)
{
    if (!batch_path(n, path))
        return KBLASF_STATUS_NOT_SUPPORTED;
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(BATCH_KERNEL(posv_batch, n)((cudaStream_t)ctx->stream, uplo, n,
                                                         nrhs, BATCH_ARGS(A), BATCH_ARGS(B),
                                                         info, (int)sizeof(kblasf_int), batch),
                             PNAME("POSV_BATCH kernel"));
}

/* ---- batched TRSM/TRMM: cuda/batch_trxm.cu up to order 32; above, the caller recurses
 * onto cuda_gemm_batch (lapack/batch_trxm_gen.c) */

typedef char batch_trxm_check[KBLASF_BATCH_TRXM_LEAF <= KBLASF_CUDA_BATCH_TRXM_MAX ? 1 : -1];

static kblasf_status_t cuda_trxm_batch(kblasf_context *ctx, int solve, char side, char uplo,
                                       char transa, char diag, kblasf_int m, kblasf_int n,
                                       T alpha, const batch_t *A, const batch_t *B,
                                       kblasf_int batch, const char **path)
{
    kblasf_int k = kblasf_lsame(side, 'L') ? m : n;

    if (k > KBLASF_CUDA_BATCH_TRXM_MAX) {
        *path = "order of the triangle above the batched kernel's 32";
        return KBLASF_STATUS_NOT_SUPPORTED;
    }
    *path = "batched kernel: a group of 8, 16 or 32 lanes per matrix, a lane per vector of B, "
            "the triangle in shared memory";
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, trxm_batch)((cudaStream_t)ctx->stream, solve, side, uplo,
            transa, diag, m, n, TO_CT(alpha), BATCH_ARGS(A), A->off, BATCH_ARGS(B), B->off,
            batch),
        solve ? PNAME("TRSM_BATCH kernel") : PNAME("TRMM_BATCH kernel"));
}

typedef char batch_trtri_check[KBLASF_BATCH_TRXM_LEAF <= KBLASF_CUDA_BATCH_TRTRI_MAX ? 1 : -1];

static kblasf_status_t cuda_trtri_batch(kblasf_context *ctx, char uplo, char diag, kblasf_int n,
                                        const batch_t *A, kblasf_int batch, const char **path)
{
    if (n > KBLASF_CUDA_BATCH_TRTRI_MAX) {
        *path = "order above the batched kernel's 32";
        return KBLASF_STATUS_NOT_SUPPORTED;
    }
    *path = "batched kernel: a group of lanes per matrix, its rows in registers";
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, trtri_batch)((cudaStream_t)ctx->stream, uplo, diag, n,
                                                     BATCH_ARGS(A), A->off, batch),
        PNAME("TRTRI_BATCH kernel"));
}

/* ---- batched SYRK/HERK (cuda/batch_syrk.cu), LAUUM, POTRI and POTI (cuda/batch_potri.cu)
 * up to order 32; above, the caller recurses (lapack/batch_syrk_gen.c, batch_potri_gen.c) */

typedef char batch_syrk_check[KBLASF_BATCH_TRXM_LEAF <= KBLASF_CUDA_BATCH_SYRK_MAX &&
                              KBLASF_BATCH_TRXM_LEAF <= KBLASF_CUDA_BATCH_POTRI_MAX ? 1 : -1];

static kblasf_status_t cuda_syrk_batch(kblasf_context *ctx, int herm, char uplo, char trans,
                                       kblasf_int n, kblasf_int k, T alpha, const batch_t *A,
                                       T beta, const batch_t *C, kblasf_int batch,
                                       const char **path)
{
    if (n > KBLASF_CUDA_BATCH_SYRK_MAX) {
        *path = "order above the batched kernel's 32";
        return KBLASF_STATUS_NOT_SUPPORTED;
    }
    *path = "batched kernel";
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, syrk_batch)((cudaStream_t)ctx->stream, herm, uplo, trans,
            n, k, TO_CT(alpha), BATCH_ARGS(A), A->off, TO_CT(beta), BATCH_ARGS(C), C->off,
            batch),
        herm ? PNAME("HERK_BATCH kernel") : PNAME("SYRK_BATCH kernel"));
}

static kblasf_status_t cuda_lauum_batch(kblasf_context *ctx, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int batch, const char **path)
{
    if (n > KBLASF_CUDA_BATCH_POTRI_MAX) {
        *path = "order above the batched kernel's 32";
        return KBLASF_STATUS_NOT_SUPPORTED;
    }
    *path = "batched kernel: a group of lanes per matrix, its rows in registers";
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, lauum_batch)((cudaStream_t)ctx->stream, uplo, n,
                                                     BATCH_ARGS(A), A->off, batch),
        PNAME("LAUUM_BATCH kernel"));
}

static kblasf_status_t cuda_potri_batch(kblasf_context *ctx, int poti, char uplo, kblasf_int n,
                                        const batch_t *A, kblasf_int *info, kblasf_int batch,
                                        const char **path)
{
    if (n > KBLASF_CUDA_BATCH_POTRI_MAX) {
        *path = "order above the fused kernel's 32";
        return KBLASF_STATUS_NOT_SUPPORTED;
    }
    *path = "fused kernel: a group of lanes per matrix, its rows in registers";
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, potri_batch)((cudaStream_t)ctx->stream, poti, uplo, n,
                                                     BATCH_ARGS(A), A->off, info,
                                                     (int)sizeof(kblasf_int), batch),
        poti ? PNAME("POTI_BATCH kernel") : PNAME("POTRI_BATCH kernel"));
}

static kblasf_status_t cuda_zero_diag_batch(kblasf_context *ctx, kblasf_int n, const batch_t *A,
                                            kblasf_int *info, kblasf_int batch)
{
    cudaSetDevice(ctx->device);
    return kblasf_cuda_check(
        KBLASF_CAT3(kblasf_cuda_, PREC, zero_diag_batch)((cudaStream_t)ctx->stream, n,
                                                         BATCH_ARGS(A), A->off, info,
                                                         (int)sizeof(kblasf_int), batch),
        "zero-diagonal check kernel");
}

/* cuBLAS's batched GEMM: strided when all three are, else on arrays of pointers, which
 * for blocks inside the matrices (off != 0) are built in the handle's scratch first. */
static kblasf_status_t cuda_gemm_batch(kblasf_context *ctx, char transa, char transb,
                                       kblasf_int m, kblasf_int n, kblasf_int k, T alpha,
                                       const batch_t *A, const batch_t *B, T beta,
                                       const batch_t *C, kblasf_int batch)
{
    const batch_t *d[3] = {A, B, C};
    void *const *arr[3];
    void **scratch = NULL;
    CT a = TO_CT(alpha), b = TO_CT(beta);
    int i;

    cudaSetDevice(ctx->device);
    if (!A->arr && !B->arr && !C->arr)
        return kblasf_cublas_check(
            CUBLAS(gemmStridedBatched)(kblasf_cuda_cublas(ctx), kblasf_cu_op(transa),
                kblasf_cu_op(transb), m, n, k, &a, (const CT *)A->base + A->off, A->ld,
                A->stride, (const CT *)B->base + B->off, B->ld, B->stride, &b,
                (CT *)C->base + C->off, C->ld, C->stride, batch),
            PNAME("GEMM (batched)"));
    for (i = 0; i < 3; i++) {
        if (!d[i]->arr) /* the API takes both forms of one call alike */
            return KBLASF_STATUS_INTERNAL_ERROR;
        arr[i] = (void *const *)d[i]->arr;
        if (d[i]->off) {
            if (!scratch && !(scratch = kblasf_scratch(ctx, 3 * (size_t)batch * sizeof(void *))))
                return KBLASF_STATUS_ALLOC_FAILED;
            kblasf_status_t st = kblasf_cuda_check(
                kblasf_cuda_offset_pointers((cudaStream_t)ctx->stream,
                                            (const void *const *)d[i]->arr,
                                            d[i]->off * (int64_t)sizeof(T), scratch + i * batch,
                                            batch),
                "offset pointers kernel");
            if (st)
                return st;
            arr[i] = scratch + i * batch;
        }
    }
    return kblasf_cublas_check(
        CUBLAS(gemmBatched)(kblasf_cuda_cublas(ctx), kblasf_cu_op(transa), kblasf_cu_op(transb),
                            m, n, k, &a, (const CT *const *)arr[0], A->ld,
                            (const CT *const *)arr[1], B->ld, &b, (CT *const *)arr[2], C->ld,
                            batch),
        PNAME("GEMM (batched)"));
}

void FN(cuda_prims)(KBLASF_CAT3(kblasf_prims_, PREC, ) *p)
{
    p->gemv = cuda_gemv;
    p->symv = cuda_symv;
    p->gemm = cuda_gemm;
    p->trmm = cuda_trmm;
    p->trmm_padded = cuda_trmm_padded;
    p->trsm = cuda_trsm;
    p->trsv = cuda_trsv;
    p->trtri_diag = cuda_trtri_diag;
    p->syrk = cuda_syrk;
    p->potrf_panel = cuda_potrf_panel;
    p->tri_copy = cuda_tri_copy;
    p->set_zero = cuda_set_zero;
    p->syr2k = cuda_syr2k;
    p->trd_step = cuda_trd_step;
    p->trd_symv = cuda_trd_symv;
    p->brd_step = cuda_brd_step;
    p->potrf_batch = cuda_potrf_batch;
    p->potrs_batch = cuda_potrs_batch;
    p->posv_batch = cuda_posv_batch;
    p->trxm_batch = cuda_trxm_batch;
    p->trtri_batch = cuda_trtri_batch;
    p->gemm_batch = cuda_gemm_batch;
    p->syrk_batch = cuda_syrk_batch;
    p->lauum_batch = cuda_lauum_batch;
    p->potri_batch = cuda_potri_batch;
    p->zero_diag_batch = cuda_zero_diag_batch;
}
