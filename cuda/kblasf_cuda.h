/* kblasf_cuda.h — C ABI of the kblasf CUDA kernels (the cuda/ .cu files).
 *
 * Internal to the library: src/exec_cuda_gen.c calls these. Every routine is asynchronous
 * on `stream` and returns cudaSuccess or the error of the failing launch / runtime query.
 *
 * Matrices are column-major: element (i,j) of the whole matrix is A[i + j*lda]; the
 * routines work on a submatrix given by 0-based offsets into it (the KBLAS "offset"
 * interface), so the kernels can keep their loads aligned. Vectors: `x` points to logical
 * element 0 and element k is x[k*incx]; incx may be negative (the caller has already moved
 * the pointer), likewise y/incy.
 *
 * Preconditions (checked by the caller): m > 0, n > 0, lda >= max(1, offr+m) (gemv) or
 * lda >= max(1, off+n) (symv/hemv), incx != 0, incy != 0, x and y do not overlap each
 * other or A, pointers naturally aligned for their element type (as cuBLAS requires).
 * beta == 0 never reads y; alpha == 0 never reads A or x.
 */
#ifndef KBLASF_CUDA_H
#define KBLASF_CUDA_H

#include <stdint.h>
#include <cuComplex.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* y := alpha*op(A)*x + beta*y on the m x n submatrix A(offr:offr+m-1, offc:offc+n-1).
 * trans: 'N', 'T' or 'C' (either case); 'C' == 'T' for real types, for complex types 'T'
 * is the plain transpose and 'C' the conjugate transpose. Any other value:
 * cudaErrorInvalidValue. op(A) is m x n for 'N' (x has n, y has m elements), n x m else. */
cudaError_t kblasf_cuda_sgemv(cudaStream_t stream, char trans, int64_t m, int64_t n,
                              float alpha, const float *A, int64_t lda, int64_t offr,
                              int64_t offc, const float *x, int64_t incx, float beta,
                              float *y, int64_t incy);
cudaError_t kblasf_cuda_dgemv(cudaStream_t stream, char trans, int64_t m, int64_t n,
                              double alpha, const double *A, int64_t lda, int64_t offr,
                              int64_t offc, const double *x, int64_t incx, double beta,
                              double *y, int64_t incy);
cudaError_t kblasf_cuda_cgemv(cudaStream_t stream, char trans, int64_t m, int64_t n,
                              cuFloatComplex alpha, const cuFloatComplex *A, int64_t lda,
                              int64_t offr, int64_t offc, const cuFloatComplex *x,
                              int64_t incx, cuFloatComplex beta, cuFloatComplex *y,
                              int64_t incy);
cudaError_t kblasf_cuda_zgemv(cudaStream_t stream, char trans, int64_t m, int64_t n,
                              cuDoubleComplex alpha, const cuDoubleComplex *A, int64_t lda,
                              int64_t offr, int64_t offc, const cuDoubleComplex *x,
                              int64_t incx, cuDoubleComplex beta, cuDoubleComplex *y,
                              int64_t incy);

/* y := alpha*A*x + beta*y with A the n x n symmetric (s, d) / Hermitian (c, z) submatrix
 * A(off:off+n-1, off:off+n-1). Only the triangle named by uplo ('L' or 'U', either case;
 * else cudaErrorInvalidValue) is read; for Hermitian matrices the imaginary parts of the
 * diagonal are taken as zero and never read. */
cudaError_t kblasf_cuda_ssymv(cudaStream_t stream, char uplo, int64_t n, float alpha,
                              const float *A, int64_t lda, int64_t off, const float *x,
                              int64_t incx, float beta, float *y, int64_t incy);
cudaError_t kblasf_cuda_dsymv(cudaStream_t stream, char uplo, int64_t n, double alpha,
                              const double *A, int64_t lda, int64_t off, const double *x,
                              int64_t incx, double beta, double *y, int64_t incy);
cudaError_t kblasf_cuda_chemv(cudaStream_t stream, char uplo, int64_t n,
                              cuFloatComplex alpha, const cuFloatComplex *A, int64_t lda,
                              int64_t off, const cuFloatComplex *x, int64_t incx,
                              cuFloatComplex beta, cuFloatComplex *y, int64_t incy);
cudaError_t kblasf_cuda_zhemv(cudaStream_t stream, char uplo, int64_t n,
                              cuDoubleComplex alpha, const cuDoubleComplex *A, int64_t lda,
                              int64_t off, const cuDoubleComplex *x, int64_t incx,
                              cuDoubleComplex beta, cuDoubleComplex *y, int64_t incy);

/* y := A*x (the SYMV/HEMV above with alpha 1, beta 0) and, added to qf[0 ..
 * KBLASF_CUDA_QF_COPIES-1], the quadratic form Re(x^H A x) in parts (atomics spread over the
 * copies; the caller zeroes them and sums them). SYTRD's column: qf is the start of the next
 * trd_step's scratch, which takes its dot from it. rev (0 or 1) alternates from call to call
 * on (nearly) the same matrix: each call walks the matrix the other way and starts on the
 * blocks the call before left in L2 (a third of it, when the triangle exceeds the L2). */
#define KBLASF_CUDA_QF_COPIES 32
cudaError_t kblasf_cuda_ssymv_qf(cudaStream_t stream, char uplo, int64_t n, const float *A,
                                 int64_t lda, int64_t off, const float *x, int64_t incx,
                                 float *y, int64_t incy, double *qf, int rev);
cudaError_t kblasf_cuda_dsymv_qf(cudaStream_t stream, char uplo, int64_t n, const double *A,
                                 int64_t lda, int64_t off, const double *x, int64_t incx,
                                 double *y, int64_t incy, double *qf, int rev);
cudaError_t kblasf_cuda_chemv_qf(cudaStream_t stream, char uplo, int64_t n,
                                 const cuFloatComplex *A, int64_t lda, int64_t off,
                                 const cuFloatComplex *x, int64_t incx, cuFloatComplex *y,
                                 int64_t incy, double *qf, int rev);
cudaError_t kblasf_cuda_zhemv_qf(cudaStream_t stream, char uplo, int64_t n,
                                 const cuDoubleComplex *A, int64_t lda, int64_t off,
                                 const cuDoubleComplex *x, int64_t incx, cuDoubleComplex *y,
                                 int64_t incy, double *qf, int rev);

/* The inverses of the diagonal blocks of order bs (1 <= bs <= 32) of the k x k triangle A
 * (uplo 'L' or 'U'; diag 'U': the diagonal is taken as ones and never read; the other
 * triangle is never read): block b, of order min(bs, k - b*bs), goes to
 * W(b*bs, b*bs) with leading dimension ldw >= bs, as a full square (zeros outside the
 * triangle). A singular block gives Inf/NaN inside its triangle. */
#define KBLASF_CUDA_TRTRI_DIAG(P, T)                                                   \
cudaError_t kblasf_cuda_##P##trtri_diag(cudaStream_t stream, char uplo, char diag,     \
        int64_t k, int64_t bs, const T *A, int64_t lda, T *W, int64_t ldw);
KBLASF_CUDA_TRTRI_DIAG(s, float)
KBLASF_CUDA_TRTRI_DIAG(d, double)
KBLASF_CUDA_TRTRI_DIAG(c, cuFloatComplex)
KBLASF_CUDA_TRTRI_DIAG(z, cuDoubleComplex)
#undef KBLASF_CUDA_TRTRI_DIAG

/* x := alpha * inv(op(A)) * x for the k x k triangle A (uplo 'L' or 'U', trans 'N', 'T'
 * or 'C', diag 'N' or 'U'; either case; else cudaErrorInvalidValue) and one vector x of
 * unit stride (k >= 1, lda >= k), in one kernel (cuda/trsv_chain.cu); trans2 (0: none)
 * then x := inv(op2(A)) * x in a second kernel, launched dependent on the first (its setup
 * overlaps the first's end, and it takes the first's result as it is solved: POTRS).
 * scratch: device memory of kblasf_cuda_trsv_chain_scratch(k, sizeof(T), trans2) bytes,
 * 16-byte aligned, not used by anything else until the kernels are done; set to the mark on
 * the stream first unless `marked` says an earlier call's `next` already did. next (or NULL):
 * as much memory again, which these kernels set to the mark for a later call to use as its
 * scratch with `marked` (kblasf_cuda_chain_scratch). A singular triangle gives Inf/NaN in x,
 * as a substitution would. tma: the tiles by the TMA, with kblasf_trsv_tma_t's values
 * (include/kblasf.h): 0 where measured faster, 1 never, 2 wherever the TMA can. */
size_t kblasf_cuda_trsv_chain_scratch(int64_t k, size_t elsize, char trans2);
/* That scratch kept between calls, as the CUDA executor keeps it (its memory its owner's):
 * two regions of `bytes` from `base`, taken in turn; `ready`, the bytes of the region the
 * next call takes that hold the mark (its other region never does: the call before used it).
 * kblasf_chain_take gives a call of `need` bytes its region, whether it is marked already
 * (`marked` above) and the region its kernels mark (`next`); kblasf_chain_used then records
 * the call's outcome. An owner that (re)allocates sets base and bytes, and ready to 0. */
typedef struct kblasf_chain_regions {
    char  *base;
    size_t bytes;
    int    cur;
    size_t ready;
} kblasf_chain_regions;
static inline void *kblasf_chain_take(const kblasf_chain_regions *r, size_t need, int *marked,
                                      void **next)
{
    *marked = r->ready >= need;
    *next = r->base + (size_t)(1 - r->cur) * r->bytes;
    return r->base + (size_t)r->cur * r->bytes;
}
static inline void kblasf_chain_used(kblasf_chain_regions *r, size_t need, int ok)
{
    r->cur ^= 1;
    r->ready = ok ? need : 0;
}
#define KBLASF_CUDA_TRSV_CHAIN(P, T)                                                   \
cudaError_t kblasf_cuda_##P##trsv_chain(cudaStream_t stream, char uplo, char trans,    \
        char trans2, char diag, int64_t k, T alpha, const T *A, int64_t lda, T *x,     \
        void *scratch, int marked, void *next, int tma);
KBLASF_CUDA_TRSV_CHAIN(s, float)
KBLASF_CUDA_TRSV_CHAIN(d, double)
KBLASF_CUDA_TRSV_CHAIN(c, cuFloatComplex)
KBLASF_CUDA_TRSV_CHAIN(z, cuDoubleComplex)
#undef KBLASF_CUDA_TRSV_CHAIN

/* Cholesky factorization in place of the n x n diagonal block A (1 <= n <= 128, 64 for
 * double complex: KBLASF_CUDA_POTRF_DIAG_MAX, KBLASF_CUDA_ZPOTRF_DIAG_MAX; uplo 'L':
 * A = L L^H, 'U': A = U^H U), the leaves of the recursive POTRF. Only the triangle named
 * by uplo is read and written; for complex types the imaginary part of the diagonal is
 * never read and written as zero. If the pivot of column j (0-based) is not positive
 * (<= 0 or NaN), the factorization of the block stops there and, when *info == 0 on
 * entry, *info := ioff + j + 1 (info in device memory); columns j.. are then left
 * partially updated. If *info != 0 on entry the block is still factored (or fails) but
 * *info keeps its value: the first failure of a sequence of leaves wins. */
/* kblasf_cuda_?potrf_panel: the same, and then (m > 0) the m rows below the block (lower:
 * A21 := A21 L^-H, A21 at A + n) or the m columns right of it (upper: A12 := U^-H A12, at
 * A + n lda) in the same launch: every thread block factors the block and solves its
 * part of the panel, and one writes the factor back once the others have loaded the block.
 * sync: a device counter, 0 on entry and again on return (launches that share one must
 * run one after another). After a failure the panel is garbage. */
#define KBLASF_CUDA_POTRF_DIAG(P, T)                                                   \
cudaError_t kblasf_cuda_##P##potrf_diag(cudaStream_t stream, char uplo, int64_t n,     \
        T *A, int64_t lda, int64_t *info, int64_t ioff);                                \
cudaError_t kblasf_cuda_##P##potrf_panel(cudaStream_t stream, char uplo, int64_t n,    \
        int64_t m, T *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff);
KBLASF_CUDA_POTRF_DIAG(s, float)
KBLASF_CUDA_POTRF_DIAG(d, double)
KBLASF_CUDA_POTRF_DIAG(c, cuFloatComplex)
KBLASF_CUDA_POTRF_DIAG(z, cuDoubleComplex)
#undef KBLASF_CUDA_POTRF_DIAG
/* The largest block kblasf_cuda_?potrf_diag takes: s, d, c; z. */
#define KBLASF_CUDA_POTRF_DIAG_MAX 128
#define KBLASF_CUDA_ZPOTRF_DIAG_MAX 64

/* B := the triangle of the m x n matrix A named by uplo ('L': i >= j, 'U': i <= j; with
 * unit != 0 the diagonal is excluded), elements of elsize bytes (4, 8 or 16; else
 * cudaErrorInvalidValue). Nothing else of A is read and nothing else of B is written.
 * A and B must not overlap. */
cudaError_t kblasf_cuda_tri_copy(cudaStream_t stream, char uplo, int unit, int64_t m,
                                 int64_t n, size_t elsize, const void *A, int64_t lda,
                                 void *B, int64_t ldb);

/* One step of SYTRD/HETRD's panel (DLATRD's loop; lapack/sytrd_gen.c, cuda/trd_step.cu),
 * on len rows of the interleaved panel pw = [v0 w0 v1 w1 ...] (pointer at the step's first
 * row, leading dimension ldp); pw~ is pw with each pair of columns swapped (pw~(:,k) =
 * pw(:,k^1)):
 *  - finish (k2 >= 0, k2 <= 126 even): v is pw(:,k2) and y = A22 v is pw(:,k2+1); with
 *    tau = *tau_fin: w = tau (y - pw(:,0:k2) t) - tau/2 (w^H v) v, where t = pw~(:,0:k2)^H v
 *    is taken from the scratch (the step that made v left it there) and w^H v from t and
 *    the quadratic form v^H y that kblasf_cuda_?symv_qf summed into the scratch's start;
 *    w goes to pw(:,k2+1), but for row ic when the step also prepares (that row keeps y);
 *  - prepare (a != NULL, len >= 2): the next column a (len rows, its diagonal at row ic and
 *    LARFG's alpha at row ia: (ic, ia) = (0, 1) or (len-1, len-2)) is updated,
 *    a -= pw(:,0:K) conj(pw~(ic,0:K))^T with K = k2+2 (0 without a finish); *d_out = the
 *    real part of a(ic), left real in a; then LARFG as LAPACK's DLARFG/ZLARFG on alpha and
 *    the other rows x: *e_out = beta, also stored at a(ia), *tau_out = tau, x scaled in
 *    place; v' (1 at ia, x elsewhere, row ic left alone) goes to pw(:,K), and
 *    t' = pw~(:,0:K)^H v' to the scratch for the next finish.
 * scratch, scratch_next: two sets of KBLASF_CUDA_TRD_SCRATCH_BYTES of device memory, both
 * zero before a sequence of steps, used by turns (a step's scratch_next is the next step's
 * scratch): the step sums into scratch, clears scratch_next's sums and leaves t' there.
 * All blocks resident at once; launched dependent on the kernel before it (programmatic
 * dependent launch, sm_90), or cooperatively when `cooperative` is set (the caller passes
 * KBLASF_STEP_LAUNCH=cooperative through) or before sm_90.
 * Before its pdl_wait() it reads what earlier steps wrote, so the kernel launched just before
 * it is never a step, and lets its dependents start only once every earlier kernel has
 * finished (the SYMV and GEMV kernels: right after their own pdl_wait(); a kernel launched
 * without PDL: at its end). */
#define KBLASF_CUDA_TRD_SCRATCH_BYTES 32768
#define KBLASF_CUDA_TRD_STEP(P, T, R)                                                   \
typedef struct {                                                                        \
    int64_t len, ldp, k2, ic, ia;                                                       \
    T *pw;                                                                              \
    const T *tau_fin;                                                                   \
    T *a;                                                                               \
    R *d_out, *e_out;                                                                   \
    T *tau_out;                                                                         \
    void *scratch, *scratch_next;                                                       \
    int cooperative;                                                                    \
} kblasf_cuda_##P##trd_step_t;                                                          \
cudaError_t kblasf_cuda_##P##trd_step(cudaStream_t stream, const kblasf_cuda_##P##trd_step_t *a);
KBLASF_CUDA_TRD_STEP(s, float, float)
KBLASF_CUDA_TRD_STEP(d, double, double)
KBLASF_CUDA_TRD_STEP(c, cuFloatComplex, float)
KBLASF_CUDA_TRD_STEP(z, cuDoubleComplex, double)
#undef KBLASF_CUDA_TRD_STEP

/* One step of GEBRD's panel (DLABRD's loop; lapack/gebrd_gen.c, cuda/brd_step.cu): the
 * operation of kblasf_brd_step_? in src/prims.h, with its fields, on len rows of the
 * panels M1, M2 (leading dimensions ld1, ld2, all counts <= 64), the scratch the two
 * sets of KBLASF_CUDA_TRD_SCRATCH_BYTES used by turns. Launched as trd_step is. */
#define KBLASF_CUDA_BRD_STEP(P, T, R)                                                   \
typedef struct {                                                                        \
    int64_t len, ld1, ld2;                                                              \
    T *M1, *M2, *o;                                                                     \
    int64_t ko1, ko2, f1, f2;                                                           \
    const T *tau_fin;                                                                   \
    T *a;                                                                               \
    int64_t inca;                                                                       \
    int conja;                                                                          \
    int64_t p1, p2, ldc1, ldc2, q1, q2;                                                 \
    const T *c1row, *c2row;                                                             \
    R *beta_out;                                                                        \
    T *tau_out, *v_out;                                                                 \
    void *scratch, *scratch_next;                                                       \
    int cooperative;                                                                    \
} kblasf_cuda_##P##brd_step_t;                                                          \
cudaError_t kblasf_cuda_##P##brd_step(cudaStream_t stream, const kblasf_cuda_##P##brd_step_t *a);
KBLASF_CUDA_BRD_STEP(s, float, float)
KBLASF_CUDA_BRD_STEP(d, double, double)
KBLASF_CUDA_BRD_STEP(c, cuFloatComplex, float)
KBLASF_CUDA_BRD_STEP(z, cuDoubleComplex, double)
#undef KBLASF_CUDA_BRD_STEP

/* ------------------------------------------------------------- batched Cholesky, n <= 32
 * (cuda/batch_small.cu: one matrix per thread group of 8, 16 or 32 lanes of a warp, held in
 * registers). Matrix b of a batch is at Aarr[b] when Aarr != NULL, else at A + b*strideA
 * (strideA 0 with batch 1 is legal); the same for B. All pointers are device memory.
 * uplo 'L': A = L L^H, 'U': A = U^H U (either case); only the stored triangle of each A and
 * the n x nrhs block of each B are read or written; for complex types the diagonal's
 * imaginary part is never read and is written as 0.
 * potrf: info[b] (kblasf_int: info_bytes 4 or 8) := 0, or j (1-based) where the leading
 * minor of order j of matrix b is not positive definite (the first pivot <= 0 or NaN); then
 * the columns before j are final and the rest of the triangle holds the Schur complement
 * after j-1 columns (unspecified by the interface). The other matrices are still factored.
 * potrf's offA: each matrix starts offA elements past Aarr[b] or A + b*strideA (a block of
 * a larger matrix). ioff > 0 (the matrices are the trailing blocks, from column ioff, of
 * larger ones whose leading blocks reported first): info[b] is kept where it is not 0,
 * else set to ioff + j where the block fails, else left 0.
 * potrs: B := A^-1 B with A holding the factor (as potrf leaves it); no info.
 * posv: potrf then potrs in one kernel; B untouched where info[b] > 0; nrhs 0 still factors.
 * cudaErrorInvalidValue: uplo other than L/U, n < 1, n > KBLASF_CUDA_BATCH_SMALL_MAX,
 * lda < n, ldb < n, nrhs < 0, batch < 0, info_bytes not 4 or 8, ioff < 0. batch 0 (potrs:
 * or nrhs 0) launches nothing. Asynchronous on the stream. */
#define KBLASF_CUDA_BATCH_SMALL_MAX 32
#define KBLASF_CUDA_BATCH_SMALL(P, T)                                                     \
cudaError_t kblasf_cuda_##P##potrf_batch_small(cudaStream_t s, char uplo, int64_t n,      \
        T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,     \
        int info_bytes, int64_t ioff, int64_t batch);                                     \
cudaError_t kblasf_cuda_##P##potrs_batch_small(cudaStream_t s, char uplo, int64_t n,      \
        int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,                 \
        T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch);               \
cudaError_t kblasf_cuda_##P##posv_batch_small(cudaStream_t s, char uplo, int64_t n,       \
        int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,                 \
        T *const *Barr, T *B, int64_t ldb, int64_t strideB, void *info, int info_bytes,   \
        int64_t batch);
KBLASF_CUDA_BATCH_SMALL(s, float)
KBLASF_CUDA_BATCH_SMALL(d, double)
KBLASF_CUDA_BATCH_SMALL(c, cuFloatComplex)
KBLASF_CUDA_BATCH_SMALL(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_SMALL

/* ------------------------------------------------------ batched Cholesky, n <= 256
 * (cuda/batch_block.cu: one thread block per matrix, blocked left-looking by column panels
 * in registers and shared memory). The same arguments and semantics as the _small routines
 * above, for 1 <= n <= KBLASF_CUDA_BATCH_BLOCK_MAX: matrix b at Aarr[b] when Aarr != NULL,
 * else at A + b*strideA (strideA 0 with batch 1 is legal; the caller keeps the matrices of
 * a batch apart), the same for B; device pointers; uplo 'L': A = L L^H, 'U': A = U^H U
 * (either case); only the stored triangle of each A and the n x nrhs block of each B are
 * read or written; complex: the diagonal's imaginary part is never read, written as 0.
 * potrf: info[b] (kblasf_int: info_bytes 4 or 8) := 0, or j (1-based) where the leading
 * minor of order j of matrix b is not positive definite (the first pivot <= 0 or NaN); the
 * columns before j are then final, the rest of the triangle is unspecified (here: as on
 * input, columns j.. being never stored). The other matrices are still factored. ioff as
 * for the _small routines.
 * potrs: B := A^-1 B with A holding the factor (as potrf leaves it); no info. nrhs beyond
 * one block's share (8 right-hand sides; 4 in double complex) spread over blockIdx.y.
 * posv: potrf then potrs in one kernel; B untouched where info[b] > 0; nrhs 0 still factors.
 * cudaErrorInvalidValue: uplo other than L/U, n < 1, n > KBLASF_CUDA_BATCH_BLOCK_MAX,
 * lda < n, ldb < n, nrhs < 0, batch < 0, info_bytes not 4 or 8, ioff < 0, and (batch > 0)
 * A and Aarr both NULL, info NULL, or (potrs, posv with nrhs > 0) B and Barr both NULL. batch 0
 * (potrs: or nrhs 0) launches nothing. Asynchronous on the stream. */
#define KBLASF_CUDA_BATCH_BLOCK_MAX 256
#define KBLASF_CUDA_BATCH_BLOCK(P, T)                                                     \
cudaError_t kblasf_cuda_##P##potrf_batch_block(cudaStream_t s, char uplo, int64_t n,      \
        T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,     \
        int info_bytes, int64_t ioff, int64_t batch);                                     \
cudaError_t kblasf_cuda_##P##potrs_batch_block(cudaStream_t s, char uplo, int64_t n,      \
        int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,                 \
        T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch);               \
cudaError_t kblasf_cuda_##P##posv_batch_block(cudaStream_t s, char uplo, int64_t n,       \
        int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,                 \
        T *const *Barr, T *B, int64_t ldb, int64_t strideB, void *info, int info_bytes,   \
        int64_t batch);
KBLASF_CUDA_BATCH_BLOCK(s, float)
KBLASF_CUDA_BATCH_BLOCK(d, double)
KBLASF_CUDA_BATCH_BLOCK(c, cuFloatComplex)
KBLASF_CUDA_BATCH_BLOCK(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_BLOCK

/* ------------------------------------------ batched POTRS with few right-hand sides
 * (cuda/batch_potrs_warp.cu: a warp per matrix and right-hand side, the factor streamed by
 * columns into registers, no barrier.) The arguments, checks and semantics of
 * kblasf_cuda_?potrs_batch_block, for 1 <= n <= KBLASF_CUDA_BATCH_BLOCK_MAX. Each
 * right-hand side reads the factor again, so this pays where nrhs is small (the CUDA
 * executor's choice: src/exec_cuda_gen.c). */
#define KBLASF_CUDA_POTRS_WARP(P, T)                                                      \
cudaError_t kblasf_cuda_##P##potrs_batch_warp(cudaStream_t s, char uplo, int64_t n,       \
        int64_t nrhs, T *const *Aarr, T *A, int64_t lda, int64_t strideA,                 \
        T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t batch);
KBLASF_CUDA_POTRS_WARP(s, float)
KBLASF_CUDA_POTRS_WARP(d, double)
KBLASF_CUDA_POTRS_WARP(c, cuFloatComplex)
KBLASF_CUDA_POTRS_WARP(z, cuDoubleComplex)
#undef KBLASF_CUDA_POTRS_WARP

/* ------------------------------------------------- batched TRSM and TRMM, order k <= 32
 * (cuda/batch_trxm.cu: a group of 8, 16 or 32 lanes per matrix, a lane per column of B for
 * side 'L', per row for 'R', the triangle in shared memory.) Each problem as BLAS's TRSM
 * (solve != 0) or TRMM, in place: B := alpha*inv(op(A))*B, alpha*B*inv(op(A)),
 * alpha*op(A)*B or alpha*B*op(A); A k x k with k = m (side 'L') or n ('R'),
 * 1 <= k <= KBLASF_CUDA_BATCH_TRXM_MAX, B m x n. Matrix b at
 * Aarr[b] + offA when Aarr != NULL, else at A + b*strideA + offA (elements); the same for
 * B. Only A's uplo triangle (without the diagonal for diag 'U') and B's block are read,
 * only B's block written; alpha = 0 writes zeros and reads neither. Letters in either
 * case. cudaErrorInvalidValue: a bad letter, m or n < 0, k above the maximum, lda < max(1, k),
 * ldb < max(1, m), batch < 0, a negative offset, (something to do) A and Aarr or B and Barr both
 * NULL. batch, m or n 0 launches nothing. Asynchronous on the stream.
 * kblasf_cuda_offset_pointers: out[b] = (char *)in[b] + off_bytes for b < batch (device
 * arrays): the arrays of pointers to blocks that cuBLAS's batched GEMM takes. */
#define KBLASF_CUDA_BATCH_TRXM_MAX 32
#define KBLASF_CUDA_BATCH_TRXM(P, T)                                                      \
cudaError_t kblasf_cuda_##P##trxm_batch(cudaStream_t s, int solve, char side, char uplo,  \
        char transa, char diag, int64_t m, int64_t n, T alpha, T *const *Aarr, T *A,      \
        int64_t lda, int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,    \
        int64_t strideB, int64_t offB, int64_t batch);
KBLASF_CUDA_BATCH_TRXM(s, float)
KBLASF_CUDA_BATCH_TRXM(d, double)
KBLASF_CUDA_BATCH_TRXM(c, cuFloatComplex)
KBLASF_CUDA_BATCH_TRXM(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_TRXM
cudaError_t kblasf_cuda_offset_pointers(cudaStream_t s, const void *const *in, int64_t off_bytes,
                                        void **out, int64_t batch);

/* ------------------------------------------------------ batched TRTRI, order n <= 32
 * (cuda/batch_potri.cu, the kernel of the batched LAUUM, POTRI and POTI: the triangle in
 * shared memory, 16 matrices of order <= 8 a thread block, 4 of order <= 16, else 1; the
 * substitution of the TRSM's diagonal-block inversion, trtri_block.cuh; in place).
 * Inverts each n x n triangle: matrix b at Aarr[b] + offA when Aarr != NULL, else at
 * A + b*strideA + offA (elements). Only the uplo triangle is read and written, its
 * diagonal neither for diag 'U'; the other triangle is never touched. A zero on the
 * diagonal gives Inf/NaN in that matrix (no error). Letters in either case.
 * cudaErrorInvalidValue: bad letters, n < 0 or above KBLASF_CUDA_BATCH_TRTRI_MAX, lda < max(1, n),
 * batch < 0, offA < 0, (n and batch > 0) A and Aarr both NULL. n or batch 0: nothing.
 * Asynchronous on the stream. */
#define KBLASF_CUDA_BATCH_TRTRI_MAX 32
#define KBLASF_CUDA_BATCH_TRTRI(P, T)                                                     \
cudaError_t kblasf_cuda_##P##trtri_batch(cudaStream_t s, char uplo, char diag, int64_t n, \
        T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA, int64_t batch);
KBLASF_CUDA_BATCH_TRTRI(s, float)
KBLASF_CUDA_BATCH_TRTRI(d, double)
KBLASF_CUDA_BATCH_TRTRI(c, cuFloatComplex)
KBLASF_CUDA_BATCH_TRTRI(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_TRTRI

/* ------------------------------------------- batched SYRK/HERK, order n <= 32, any k
 * (cuda/batch_syrk.cu). Each problem as BLAS's SYRK (herm 0) or HERK (herm 1, complex
 * types): C := alpha*op(A)*op(A)^T + beta*C (^H for HERK) on the uplo triangle of the
 * n x n C; op(A) = A (n x k) for trans 'N', else A^T (SYRK: 'T', or 'C' for real types) or
 * A^H (HERK: 'C'), A k x n. HERK uses the real parts of alpha and beta and writes the
 * imaginary parts of C's diagonal as 0. beta = 0: C not read; k = 0 or alpha = 0: C :=
 * beta*C, A not read. Matrix b at Aarr[b] + offA when Aarr != NULL, else A + b*strideA +
 * offA (elements); the same for C. Only the uplo triangle of each C written.
 * cudaErrorInvalidValue: bad letters, n < 0, n above KBLASF_CUDA_BATCH_SYRK_MAX, k < 0,
 * lda too small, ldc < max(1, n), batch < 0, a negative offset, (something to do) A and
 * Aarr or C and Carr both NULL. n or batch 0: nothing. Asynchronous on the stream. */
#define KBLASF_CUDA_BATCH_SYRK_MAX 32
#define KBLASF_CUDA_BATCH_SYRK(P, T)                                                      \
cudaError_t kblasf_cuda_##P##syrk_batch(cudaStream_t s, int herm, char uplo, char trans,  \
        int64_t n, int64_t k, T alpha, T *const *Aarr, const T *A, int64_t lda,          \
        int64_t strideA, int64_t offA, T beta, T *const *Carr, T *C, int64_t ldc,        \
        int64_t strideC, int64_t offC, int64_t batch);
KBLASF_CUDA_BATCH_SYRK(s, float)
KBLASF_CUDA_BATCH_SYRK(d, double)
KBLASF_CUDA_BATCH_SYRK(c, cuFloatComplex)
KBLASF_CUDA_BATCH_SYRK(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_SYRK

/* ------------------------------------ batched LAUUM, POTRI and POTI, order n <= 32
 * (cuda/batch_potri.cu: the matrix in shared memory, 16 matrices of order <= 8 a thread
 * block, 4 of order <= 16, else 1, in place on the uplo triangle; the other triangle never
 * read or written). Matrix b at Aarr[b] + offA when Aarr != NULL, else A + b*strideA + offA
 * (elements).
 *  - lauum: U*U^H (uplo 'U') or L^H*L ('L'), as LAPACK's LAUUM.
 *  - potri (op 0): info[b] := the first j (1-based) with A(j,j) == 0, and that matrix is
 *    left untouched; else 0 and A := inv(A) from its Cholesky factor (TRTRI, then LAUUM).
 *  - poti (op 1): the Cholesky of A first (as kblasf_cuda_?potrf_batch_small: info[b] :=
 *    the first j whose pivot is <= 0 or NaN; then the factor's columns ('L') or rows ('U')
 *    before j are written and the rest of that triangle is unspecified), then POTRI. One
 *    kernel, but for 16 < n <= 32 in s, c and z: ?potrf_batch_small's, then POTRI's on the
 *    matrices whose info is 0 (both on the stream; a launch error of the first is returned).
 * info: batch integers of info_bytes (4 or 8) each, device memory. Complex types: the
 * imaginary parts of the diagonal are ignored on input (poti) and written as 0.
 * cudaErrorInvalidValue: bad letter, n < 0 or above KBLASF_CUDA_BATCH_POTRI_MAX,
 * lda < max(1, n), batch < 0, offA < 0, info_bytes not 4 or 8, (n and batch > 0) A and Aarr
 * both NULL or (potri) info NULL. n or batch 0: nothing (potri: info zeroed when batch > 0).
 * kblasf_cuda_?zero_diag_batch, any n: info[b] := the first j with A(j,j) == 0, else 0
 * (POTRI's check for orders the fused kernel does not take). Asynchronous on the stream. */
#define KBLASF_CUDA_BATCH_POTRI_MAX 32
#define KBLASF_CUDA_BATCH_POTRI(P, T)                                                     \
cudaError_t kblasf_cuda_##P##lauum_batch(cudaStream_t s, char uplo, int64_t n,            \
        T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA, int64_t batch); \
cudaError_t kblasf_cuda_##P##potri_batch(cudaStream_t s, int poti, char uplo, int64_t n,  \
        T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,     \
        int info_bytes, int64_t batch);                                                   \
cudaError_t kblasf_cuda_##P##zero_diag_batch(cudaStream_t s, int64_t n, T *const *Aarr,   \
        const T *A, int64_t lda, int64_t strideA, int64_t offA, void *info,               \
        int info_bytes, int64_t batch);
KBLASF_CUDA_BATCH_POTRI(s, float)
KBLASF_CUDA_BATCH_POTRI(d, double)
KBLASF_CUDA_BATCH_POTRI(c, cuFloatComplex)
KBLASF_CUDA_BATCH_POTRI(z, cuDoubleComplex)
#undef KBLASF_CUDA_BATCH_POTRI

#ifdef __cplusplus
}
#endif

#endif /* KBLASF_CUDA_H */
