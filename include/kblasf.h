/*
 * kblasf.h — public C interface of kblasf, a Fortran-compatible LAPACK acceleration
 * library for NVIDIA GPUs.
 *
 * Two kinds of calls:
 *  - device API (kblasf_dgemv, ...): operands live in "device" memory of a handle
 *    (GPU memory for the CUDA executor, host memory for the host executor); the call is
 *    asynchronous on the handle's stream; alpha/beta are passed by pointer to host memory.
 *  - memory helpers (kblasf_malloc, kblasf_set_matrix, ...) that move data to and from
 *    the handle's device memory.
 *
 * Illegal arguments are reported through the LAPACK/BLAS error handler xerbla_ (name
 * "KBLASF_DGEMV", position of the first bad argument, counting from 1 without the
 * handle) and the call returns KBLASF_STATUS_INVALID_VALUE without touching any data.
 */
#ifndef KBLASF_H
#define KBLASF_H

#include <stddef.h>
#include <stdint.h>
#include "kblasf_config.h"

#ifdef __cplusplus
#include <complex>
typedef std::complex<float>  kblasf_complex_float;
typedef std::complex<double> kblasf_complex_double;
extern "C" {
#else
#include <complex.h>
typedef float _Complex  kblasf_complex_float;
typedef double _Complex kblasf_complex_double;
#endif

#if KBLASF_ILP64
typedef int64_t kblasf_int;
#else
typedef int32_t kblasf_int;
#endif

typedef enum {
    KBLASF_STATUS_SUCCESS         = 0,
    KBLASF_STATUS_INVALID_VALUE   = 1, /* an illegal argument (reported through xerbla_) */
    KBLASF_STATUS_ALLOC_FAILED    = 2, /* device or pinned memory could not be allocated */
    KBLASF_STATUS_NO_DEVICE       = 3, /* a CUDA backend was required but no GPU is usable */
    KBLASF_STATUS_EXECUTION_FAILED= 4, /* a kernel launch, cuBLAS or copy failed */
    KBLASF_STATUS_NOT_SUPPORTED   = 5, /* not available in this build */
    KBLASF_STATUS_INTERNAL_ERROR  = 6
} kblasf_status_t;

typedef enum {
    KBLASF_BACKEND_AUTO = 0, /* CUDA when a usable GPU is present, else host */
    KBLASF_BACKEND_CUDA = 1,
    KBLASF_BACKEND_HOST = 2
} kblasf_backend_t;

/* Opaque handle: an executor (CUDA stream + cuBLAS handle, or the host executor). */
typedef struct kblasf_context *kblasf_handle_t;

/* ---- handle ---------------------------------------------------------------- */

/* Creates a handle on GPU `device` (-1: KBLASF_DEVICE or 0). The backend follows
 * KBLASF_BACKEND (auto|cuda|host); without a usable GPU "auto" gives the host executor. */
kblasf_status_t kblasf_create(kblasf_handle_t *handle, int device);
/* Same, with the backend chosen by the caller instead of the environment. */
kblasf_status_t kblasf_create_backend(kblasf_handle_t *handle, int device,
                                      kblasf_backend_t backend);
kblasf_status_t kblasf_destroy(kblasf_handle_t handle);
/* stream: a cudaStream_t (NULL: the default stream). Ignored by the host executor. */
kblasf_status_t kblasf_set_stream(kblasf_handle_t handle, void *stream);
kblasf_status_t kblasf_get_stream(kblasf_handle_t handle, void **stream);
/* Waits for all work queued on the handle's stream. */
kblasf_status_t kblasf_synchronize(kblasf_handle_t handle);
/* KBLASF_BACKEND_CUDA or KBLASF_BACKEND_HOST: the executor this handle runs on. */
kblasf_backend_t kblasf_get_backend(kblasf_handle_t handle);
/* The lazily created per-thread default handle used by the LAPACK-style host API. */
kblasf_handle_t kblasf_default_handle(void);
/* Number of usable CUDA devices (0 without a GPU, a driver, or CUDA in this build). */
int kblasf_device_count(void);
const char *kblasf_status_string(kblasf_status_t status);
const char *kblasf_version(void);

/* ---- memory of the handle's executor ----------------------------------------- */

kblasf_status_t kblasf_malloc(kblasf_handle_t handle, void **ptr, size_t bytes);
kblasf_status_t kblasf_free(kblasf_handle_t handle, void *ptr);
/* 2D copies of an m x n column-major matrix of elements of `elsize` bytes.
 * Asynchronous on the handle's stream; the host side may be pageable memory (it goes
 * through pinned staging buffers) and may be reused once the call returns. */
kblasf_status_t kblasf_set_matrix(kblasf_handle_t handle, kblasf_int m, kblasf_int n,
                                  size_t elsize, const void *hA, kblasf_int lda,
                                  void *dA, kblasf_int ldda);
kblasf_status_t kblasf_get_matrix(kblasf_handle_t handle, kblasf_int m, kblasf_int n,
                                  size_t elsize, const void *dA, kblasf_int ldda,
                                  void *hA, kblasf_int lda);
/* Vectors with BLAS increments (incx, incy > 0 on both sides). */
kblasf_status_t kblasf_set_vector(kblasf_handle_t handle, kblasf_int n, size_t elsize,
                                  const void *hx, kblasf_int incx, void *dy, kblasf_int incy);
kblasf_status_t kblasf_get_vector(kblasf_handle_t handle, kblasf_int n, size_t elsize,
                                  const void *dx, kblasf_int incx, void *hy, kblasf_int incy);

/* ---- matrix-vector (device API) ------------------------------------------------
 * BLAS semantics: quick return when m or n is 0 (or alpha == 0 and beta == 1),
 * beta == 0 never reads y, any nonzero incx/incy.
 *
 * _offset forms: A is the ORIGINAL matrix pointer; the operation uses the submatrix
 * that starts at row offr, column offc (0-based), i.e. A + offr + offc*lda, and the
 * kernels keep their loads aligned to the original matrix so that a submatrix costs no
 * more than a full matrix. lda >= max(1, offr + m) is required. x and y are the
 * vectors of the submatrix product. For symv/hemv the submatrix is the diagonal
 * block A(off:off+n-1, off:off+n-1).
 */
#define KBLASF_MV_PROTOS(P, T)                                                          \
kblasf_status_t kblasf_##P##gemv(kblasf_handle_t h, char trans, kblasf_int m,          \
        kblasf_int n, const T *alpha, const T *A, kblasf_int lda, const T *x,          \
        kblasf_int incx, const T *beta, T *y, kblasf_int incy);                        \
kblasf_status_t kblasf_##P##gemv_offset(kblasf_handle_t h, char trans, kblasf_int m,   \
        kblasf_int n, const T *alpha, const T *A, kblasf_int lda, const T *x,          \
        kblasf_int incx, const T *beta, T *y, kblasf_int incy, kblasf_int offr,        \
        kblasf_int offc);

KBLASF_MV_PROTOS(s, float)
KBLASF_MV_PROTOS(d, double)
KBLASF_MV_PROTOS(c, kblasf_complex_float)
KBLASF_MV_PROTOS(z, kblasf_complex_double)
#undef KBLASF_MV_PROTOS

/* Symmetric (s, d) and Hermitian (c, z) matrix-vector product. */
#define KBLASF_SYMV_PROTOS(P, NAME, T)                                                 \
kblasf_status_t kblasf_##P##NAME(kblasf_handle_t h, char uplo, kblasf_int n,           \
        const T *alpha, const T *A, kblasf_int lda, const T *x, kblasf_int incx,       \
        const T *beta, T *y, kblasf_int incy);                                         \
kblasf_status_t kblasf_##P##NAME##_offset(kblasf_handle_t h, char uplo, kblasf_int n,  \
        const T *alpha, const T *A, kblasf_int lda, const T *x, kblasf_int incx,       \
        const T *beta, T *y, kblasf_int incy, kblasf_int off);

KBLASF_SYMV_PROTOS(s, symv, float)
KBLASF_SYMV_PROTOS(d, symv, double)
KBLASF_SYMV_PROTOS(c, hemv, kblasf_complex_float)
KBLASF_SYMV_PROTOS(z, hemv, kblasf_complex_double)
#undef KBLASF_SYMV_PROTOS

/* ---- triangular matrix multiply and solve (device API) --------------------------
 * BLAS semantics and argument order, in place (B is overwritten, no O(m n) scratch):
 *   trmm: B := alpha*op(A)*B (side 'L') or alpha*B*op(A) (side 'R')
 *   trsm: B := alpha*inv(op(A))*B or alpha*B*inv(op(A))
 * op(A) = A, A^T ('T') or A^H ('C'); diag 'U' never reads the diagonal of A.
 * Recursive: the triangle is split at a power of two and the off-diagonal work runs
 * as large GEMMs down to a stop size (kblasf_set_trxm_stop_size, KBLASF_TRXM_NB).
 */
#define KBLASF_TRXM_PROTOS(P, T)                                                       \
kblasf_status_t kblasf_##P##trmm(kblasf_handle_t h, char side, char uplo, char transa, \
        char diag, kblasf_int m, kblasf_int n, const T *alpha, const T *A,             \
        kblasf_int lda, T *B, kblasf_int ldb);                                         \
kblasf_status_t kblasf_##P##trsm(kblasf_handle_t h, char side, char uplo, char transa, \
        char diag, kblasf_int m, kblasf_int n, const T *alpha, const T *A,             \
        kblasf_int lda, T *B, kblasf_int ldb);

KBLASF_TRXM_PROTOS(s, float)
KBLASF_TRXM_PROTOS(d, double)
KBLASF_TRXM_PROTOS(c, kblasf_complex_float)
KBLASF_TRXM_PROTOS(z, kblasf_complex_double)
#undef KBLASF_TRXM_PROTOS

/* Host-pointer forms with BLAS argument lists (A and B in host memory, synchronous):
 * small problems and machines without a GPU run on the CPU BLAS, others on the GPU
 * through the per-thread default handle; KBLASF_VERBOSE=1 says which. Also exported as
 * the F77 symbols kblasf_?trmm_ / kblasf_?trsm_ (KBLASF_DTRMM with DTRMM's arguments). */
#define KBLASF_TRXM_HOST_PROTOS(P, T)                                                  \
kblasf_status_t kblasf_##P##trmm_host(char side, char uplo, char transa, char diag,    \
        kblasf_int m, kblasf_int n, const T *alpha, const T *A, kblasf_int lda, T *B,  \
        kblasf_int ldb);                                                               \
kblasf_status_t kblasf_##P##trsm_host(char side, char uplo, char transa, char diag,    \
        kblasf_int m, kblasf_int n, const T *alpha, const T *A, kblasf_int lda, T *B,  \
        kblasf_int ldb);

KBLASF_TRXM_HOST_PROTOS(s, float)
KBLASF_TRXM_HOST_PROTOS(d, double)
KBLASF_TRXM_HOST_PROTOS(c, kblasf_complex_float)
KBLASF_TRXM_HOST_PROTOS(z, kblasf_complex_double)
#undef KBLASF_TRXM_HOST_PROTOS

/* Stop size of the TRMM/TRSM recursion for this handle (0: KBLASF_TRXM_NB or the
 * built-in default for the executor and the operation). */
kblasf_status_t kblasf_set_trxm_stop_size(kblasf_handle_t handle, kblasf_int nb);

/* How the recursive TRSM finishes its diagonal blocks: INVERT inverts all of them first
 * (one batched step) and multiplies each leaf by its inverse, as fast as a GEMM; SOLVE
 * runs the executor's triangular solve on each. With INVERT the stop size is rounded
 * down to a power of two. DEFAULT: KBLASF_TRSM_LEAVES=invert|solve, else INVERT on the
 * GPU and SOLVE on the host. */
typedef enum {
    KBLASF_TRSM_LEAVES_DEFAULT = 0,
    KBLASF_TRSM_LEAVES_SOLVE   = 1,
    KBLASF_TRSM_LEAVES_INVERT  = 2
} kblasf_trsm_leaves_t;
kblasf_status_t kblasf_set_trsm_leaves(kblasf_handle_t handle, kblasf_trsm_leaves_t leaves);

/* Whether the GPU's one-kernel solve of one right-hand side (TRSM with n = 1 on the left,
 * POTRS with nrhs = 1) copies its tiles of the triangle by the TMA (sm_90) instead of loading
 * them by its computing warps (the same arithmetic either way). NEVER; ALWAYS: wherever the
 * TMA can (not double complex; A and lda 16-byte aligned; a solve run from the bottom, k
 * times the element size too); DEFAULT (a new handle's): KBLASF_TRSV_TMA=0 (NEVER) or 1
 * (ALWAYS) where set, else where the TMA measured faster (more chunks of 64 rows than the
 * GPU has SMs; single complex from order 4096). */
typedef enum {
    KBLASF_TRSV_TMA_DEFAULT = 0,
    KBLASF_TRSV_TMA_NEVER   = 1,
    KBLASF_TRSV_TMA_ALWAYS  = 2
} kblasf_trsv_tma_t;
kblasf_status_t kblasf_set_trsv_tma(kblasf_handle_t handle, kblasf_trsv_tma_t mode);

/* ---- Cholesky family (LAPACK layer) ----------------------------------------------
 * Device API: A (and B) in the handle's device memory, LAPACK's arguments after the
 * handle. `info` (host memory) is set as LAPACK sets it: -i when argument i (counting
 * from 1 without the handle) is illegal (reported through xerbla_ as KBLASF_DPOTRF, and
 * the call returns KBLASF_STATUS_INVALID_VALUE without touching data); for POTRF/POSV i > 0
 * when the leading minor of order i is not positive definite (a non-positive or NaN
 * pivot); for TRTRI/POTRI i > 0 when A(i,i) is exactly zero (nothing is computed then).
 *   potrf: Cholesky A = L L^H (uplo 'L') or U^H U ('U'); the other triangle comes back
 *          as it was: while the call runs, the other triangle of each diagonal block of
 *          order KBLASF_POTRF_NB is copied to the handle's scratch (up to 2 nb^2 elements),
 *          written over, and copied back before potrf returns. On info > 0 the leading
 *          info-1 columns (rows for 'U') hold the factor of the leading minor and the rest
 *          of the triangle is unspecified (the host API and the LAPACK names leave A
 *          exactly as LAPACK does).
 *   potrs: solves A X = B with the factor from potrf (two triangular solves); B is
 *          overwritten by X.
 *   trtri: inverse of a triangular matrix in place (diag 'U': unit, never read).
 *   lauum: the product L^H L ('L') or U U^H ('U') in place, of the triangle (meant for a
 *          factor from potrf, whose diagonal is real).
 *   potri: inverse of A from its Cholesky factor (trtri then lauum), in place.
 *   posv:  potrf then potrs, B untouched when info > 0.
 * potrs is asynchronous on the handle's stream. potrf, trtri, lauum, potri and posv wait
 * for their own work before returning, because info must be known on return (trtri reads
 * the diagonal first; potrf reads the pivot check of its diagonal blocks at the end).
 */
#define KBLASF_CHOL_PROTOS(P, T)                                                       \
kblasf_status_t kblasf_##P##potrf(kblasf_handle_t h, char uplo, kblasf_int n, T *A,    \
        kblasf_int lda, kblasf_int *info);                                             \
kblasf_status_t kblasf_##P##potrs(kblasf_handle_t h, char uplo, kblasf_int n,          \
        kblasf_int nrhs, const T *A, kblasf_int lda, T *B, kblasf_int ldb,             \
        kblasf_int *info);                                                             \
kblasf_status_t kblasf_##P##potri(kblasf_handle_t h, char uplo, kblasf_int n, T *A,    \
        kblasf_int lda, kblasf_int *info);                                             \
kblasf_status_t kblasf_##P##trtri(kblasf_handle_t h, char uplo, char diag, kblasf_int n,\
        T *A, kblasf_int lda, kblasf_int *info);                                       \
kblasf_status_t kblasf_##P##lauum(kblasf_handle_t h, char uplo, kblasf_int n, T *A,    \
        kblasf_int lda, kblasf_int *info);                                             \
kblasf_status_t kblasf_##P##posv(kblasf_handle_t h, char uplo, kblasf_int n,           \
        kblasf_int nrhs, T *A, kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info);\
/* Host forms: LAPACK's argument lists on host memory, synchronous. Small problems and \
 * machines without a usable GPU run on the CPU (LAPACK's blocked algorithms built from \
 * its auxiliaries and the BLAS); larger ones upload A (and B), run the device form on \
 * the per-thread default handle and copy the result back. KBLASF_VERBOSE=1 says which \
 * ran and why. Also the F77 symbols kblasf_?potrf_ ... (CALL KBLASF_DPOTRF(...)) and, \
 * unless configured with --disable-lapack-names, the LAPACK names dpotrf_ ... */      \
kblasf_status_t kblasf_##P##potrf_host(char uplo, kblasf_int n, T *A, kblasf_int lda,  \
        kblasf_int *info);                                                             \
kblasf_status_t kblasf_##P##potrs_host(char uplo, kblasf_int n, kblasf_int nrhs,       \
        const T *A, kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info);           \
kblasf_status_t kblasf_##P##potri_host(char uplo, kblasf_int n, T *A, kblasf_int lda,  \
        kblasf_int *info);                                                             \
kblasf_status_t kblasf_##P##trtri_host(char uplo, char diag, kblasf_int n, T *A,       \
        kblasf_int lda, kblasf_int *info);                                             \
kblasf_status_t kblasf_##P##lauum_host(char uplo, kblasf_int n, T *A, kblasf_int lda,  \
        kblasf_int *info);                                                             \
kblasf_status_t kblasf_##P##posv_host(char uplo, kblasf_int n, kblasf_int nrhs, T *A,  \
        kblasf_int lda, T *B, kblasf_int ldb, kblasf_int *info);

KBLASF_CHOL_PROTOS(s, float)
KBLASF_CHOL_PROTOS(d, double)
KBLASF_CHOL_PROTOS(c, kblasf_complex_float)
KBLASF_CHOL_PROTOS(z, kblasf_complex_double)
#undef KBLASF_CHOL_PROTOS

/* ---- Batched Cholesky (device API) -----------------------------------------------
 * `batch` independent problems of one order n, each as LAPACK's POTRF, POTRS or POSV:
 * thousands of small matrices at once. Orders up to 256 run in batched GPU kernels (up to
 * 32 one matrix per group of threads in a warp, above that one thread block per matrix);
 * larger orders are still correct, one matrix at a time through the algorithm of
 * kblasf_?potrf / ?potrs (not fast). The host executor makes one LAPACK call per matrix,
 * in parallel over the matrices when the library was built with OpenMP.
 *  - _batch: matrix b is A_array[b] (and B_array[b]); the arrays of pointers, like the
 *    matrices, are in the handle's device memory (host memory for the host executor).
 *  - _batch_strided: matrix b starts at A + b*strideA (B + b*strideB), strideA >= lda*n
 *    (strideB >= ldb*nrhs), or 0 when batch <= 1.
 * info_array: batch entries in device memory, each always written: 0, or j > 0 when the
 * leading minor of order j of matrix b is not positive definite (its pivot is <= 0 or NaN;
 * the first such j); the other matrices are factored and solved all the same. For n = 0
 * every entry is 0. On info > 0 the columns (rows for 'U') before j are final and the rest
 * of that triangle is unspecified; POSV leaves that matrix's B untouched.
 * Only the uplo triangle of each A and the n x nrhs block of each B are read or written;
 * for complex types the imaginary parts of A's diagonal are ignored and written as 0.
 * Asynchronous on the handle's stream: info_array is device data, to be read after
 * kblasf_synchronize (or by later work on the stream). Above order 256 the batch waits
 * once to read the arrays of pointers, and POSV once more for the infos.
 * Illegal arguments: reported through xerbla_ as KBLASF_DPOTRF_BATCH,
 * KBLASF_DPOTRF_BATCH_STRIDED, ..., with the position in the argument list counting from
 * 1 without the handle; the call returns KBLASF_STATUS_INVALID_VALUE and touches nothing.
 * Checked in the order of the list: uplo, n >= 0, nrhs >= 0, A (not NULL when batch > 0
 * and n > 0), lda >= max(1, n), strideA, B (not NULL when also nrhs > 0), ldb >=
 * max(1, n), strideB, info_array (not NULL when batch > 0), batch >= 0. batch = 0 touches
 * nothing, nor does POTRS with n = 0 or nrhs = 0; POSV with nrhs = 0 only factors. */
#define KBLASF_BATCH_PROTOS(P, T)                                                      \
kblasf_status_t kblasf_##P##potrf_batch(kblasf_handle_t h, char uplo, kblasf_int n,    \
        T *const *A_array, kblasf_int lda, kblasf_int *info_array, kblasf_int batch);  \
kblasf_status_t kblasf_##P##potrf_batch_strided(kblasf_handle_t h, char uplo,          \
        kblasf_int n, T *A, kblasf_int lda, kblasf_int strideA, kblasf_int *info_array,\
        kblasf_int batch);                                                             \
kblasf_status_t kblasf_##P##potrs_batch(kblasf_handle_t h, char uplo, kblasf_int n,    \
        kblasf_int nrhs, T *const *A_array, kblasf_int lda, T *const *B_array,         \
        kblasf_int ldb, kblasf_int batch);                                             \
kblasf_status_t kblasf_##P##potrs_batch_strided(kblasf_handle_t h, char uplo,          \
        kblasf_int n, kblasf_int nrhs, const T *A, kblasf_int lda, kblasf_int strideA,  \
        T *B, kblasf_int ldb, kblasf_int strideB, kblasf_int batch);                   \
kblasf_status_t kblasf_##P##posv_batch(kblasf_handle_t h, char uplo, kblasf_int n,     \
        kblasf_int nrhs, T *const *A_array, kblasf_int lda, T *const *B_array,         \
        kblasf_int ldb, kblasf_int *info_array, kblasf_int batch);                     \
kblasf_status_t kblasf_##P##posv_batch_strided(kblasf_handle_t h, char uplo,           \
        kblasf_int n, kblasf_int nrhs, T *A, kblasf_int lda, kblasf_int strideA, T *B,  \
        kblasf_int ldb, kblasf_int strideB, kblasf_int *info_array, kblasf_int batch);

KBLASF_BATCH_PROTOS(s, float)
KBLASF_BATCH_PROTOS(d, double)
KBLASF_BATCH_PROTOS(c, kblasf_complex_float)
KBLASF_BATCH_PROTOS(z, kblasf_complex_double)
#undef KBLASF_BATCH_PROTOS

/* ---- Batched TRSM and TRMM (device API) --------------------------------------------
 * `batch` independent problems of one shape, each as BLAS's TRSM or TRMM (in place):
 *   trsm: B := alpha*inv(op(A))*B (side 'L') or alpha*B*inv(op(A)) (side 'R')
 *   trmm: B := alpha*op(A)*B or alpha*B*op(A)
 * A is k x k triangular with k = m (side 'L') or n (side 'R'), B is m x n; op(A) = A,
 * A^T ('T') or A^H ('C'); diag 'U' never reads A's diagonal; only the uplo triangle of
 * each A and the m x n block of each B are read, only that block of B is written; A is
 * never written (the arrays are T *const * like the other batched routines').
 * alpha (host memory) = 0 sets every B to zero without reading A or B. A singular A
 * gives Inf/NaN in its B, as BLAS's TRSM does; there is no info.
 *  - _batch: matrix b is A_array[b] and B_array[b] (arrays in the handle's device memory,
 *    host memory on the host executor);
 *  - _batch_strided: A + b*strideA and B + b*strideB, strideA >= lda*k and strideB >=
 *    ldb*n, or 0 when batch <= 1.
 * Triangles up to order 32 run in one batched GPU kernel (a group of 8, 16 or 32 lanes per
 * matrix, a lane per column of B for side 'L', per row for 'R', the triangle in shared
 * memory); larger ones recurse: the triangle is split in two, the off-diagonal block
 * becomes one batched GEMM, down to order 32. Asynchronous on the handle's stream. The host
 * executor makes one BLAS call per matrix, in parallel over the matrices when built with
 * OpenMP.
 * Illegal arguments: xerbla_ as KBLASF_DTRSM_BATCH, KBLASF_DTRMM_BATCH_STRIDED, ..., with
 * the position counting from 1 without the handle; KBLASF_STATUS_INVALID_VALUE, nothing
 * touched. Checked in the order of the list: side, uplo, transa, diag, m >= 0, n >= 0,
 * alpha (not NULL), A (not NULL when batch > 0, m > 0 and n > 0), lda >= max(1, k),
 * strideA, B (not NULL when batch > 0, m > 0 and n > 0), ldb >= max(1, m), strideB,
 * batch >= 0. batch = 0, m = 0 or n = 0 touches nothing. */
#define KBLASF_BATCH_TRXM_PROTOS(P, T, OP)                                             \
kblasf_status_t kblasf_##P##OP##_batch(kblasf_handle_t h, char side, char uplo,         \
        char transa, char diag, kblasf_int m, kblasf_int n, const T *alpha,            \
        T *const *A_array, kblasf_int lda, T *const *B_array, kblasf_int ldb,           \
        kblasf_int batch);                                                             \
kblasf_status_t kblasf_##P##OP##_batch_strided(kblasf_handle_t h, char side, char uplo, \
        char transa, char diag, kblasf_int m, kblasf_int n, const T *alpha,            \
        const T *A, kblasf_int lda, kblasf_int strideA, T *B, kblasf_int ldb,           \
        kblasf_int strideB, kblasf_int batch);
#define KBLASF_BATCH_TRXM_BOTH(P, T) \
    KBLASF_BATCH_TRXM_PROTOS(P, T, trsm) KBLASF_BATCH_TRXM_PROTOS(P, T, trmm)

KBLASF_BATCH_TRXM_BOTH(s, float)
KBLASF_BATCH_TRXM_BOTH(d, double)
KBLASF_BATCH_TRXM_BOTH(c, kblasf_complex_float)
KBLASF_BATCH_TRXM_BOTH(z, kblasf_complex_double)
#undef KBLASF_BATCH_TRXM_BOTH
#undef KBLASF_BATCH_TRXM_PROTOS

/* ---- Batched TRTRI (device API) ---------------------------------------------------
 * `batch` triangles of order n inverted in place, each as LAPACK's TRTRI: only the uplo
 * triangle of each A is read and written, its diagonal neither for diag 'U'. There is no
 * info: a zero on a diagonal leaves that matrix unspecified (Inf/NaN from the GPU kernels,
 * as TRSM would give; untouched on the host executor), the others are inverted all the
 * same. _batch: A_array[b]; _batch_strided: A + b*strideA, strideA >=
 * lda*n or 0 when batch <= 1. Triangles up to 32 in one GPU kernel; larger ones recurse
 * (the two diagonal halves, then the off-diagonal block by two batched TRMMs). The host
 * executor makes one LAPACK call (TRTI2) per matrix. Illegal arguments: xerbla_ as
 * KBLASF_DTRTRI_BATCH, ..., checked in list order: uplo, diag, n >= 0, A (not NULL when
 * batch and n > 0), lda >= max(1, n), strideA, batch >= 0. */
#define KBLASF_BATCH_TRTRI_PROTOS(P, T)                                                \
kblasf_status_t kblasf_##P##trtri_batch(kblasf_handle_t h, char uplo, char diag,        \
        kblasf_int n, T *const *A_array, kblasf_int lda, kblasf_int batch);            \
kblasf_status_t kblasf_##P##trtri_batch_strided(kblasf_handle_t h, char uplo, char diag,\
        kblasf_int n, T *A, kblasf_int lda, kblasf_int strideA, kblasf_int batch);

KBLASF_BATCH_TRTRI_PROTOS(s, float)
KBLASF_BATCH_TRTRI_PROTOS(d, double)
KBLASF_BATCH_TRTRI_PROTOS(c, kblasf_complex_float)
KBLASF_BATCH_TRTRI_PROTOS(z, kblasf_complex_double)
#undef KBLASF_BATCH_TRTRI_PROTOS

/* ---- Batched SYRK and HERK (device API) --------------------------------------------
 * `batch` independent problems of one shape, each as BLAS's SYRK (all types) or HERK
 * (c, z) on the uplo triangle of the n x n C:
 *   syrk: C := alpha*op(A)*op(A)^T + beta*C      herk: C := alpha*op(A)*op(A)^H + beta*C
 * op(A) n x k: trans 'N' A (n x k), 'T' A^T for SYRK ('C' too for s, d, as BLAS), 'C' A^H
 * for HERK (A k x n). HERK's alpha and beta are real and the imaginary parts of C's
 * diagonal are written as 0. alpha and beta: host memory. beta = 0 does not read C;
 * k = 0 or alpha = 0 only scales C (nothing read of A), and with beta = 1 leaves it as
 * it is, HERK's diagonal included (BLAS's quick return). Only the uplo triangle of each C
 * is written.
 *  - _batch: matrix b is A_array[b] and C_array[b] (device memory; host memory on the host
 *    executor);
 *  - _batch_strided: A + b*strideA and C + b*strideC, strideA >= lda*k ('N') or lda*n,
 *    strideC >= ldc*n, or 0 when batch <= 1.
 * Orders up to 32 in one batched GPU kernel; larger C recurse: the off-diagonal block of
 * each half is one batched GEMM over all matrices, down to diagonal blocks of 32.
 * Asynchronous on the handle's stream. Illegal arguments: xerbla_ as KBLASF_DSYRK_BATCH,
 * KBLASF_ZHERK_BATCH_STRIDED, ..., positions from 1 without the handle, checked in list
 * order: uplo, trans, n >= 0, k >= 0, alpha (not NULL), A (not NULL when batch, n and k
 * > 0), lda >= max(1, n) ('N') or max(1, k), strideA, beta (not NULL), C (not NULL when
 * batch and n > 0), ldc >= max(1, n), strideC, batch >= 0. */
#define KBLASF_BATCH_SYRK_PROTOS(P, T, OP, S)                                          \
kblasf_status_t kblasf_##P##OP##_batch(kblasf_handle_t h, char uplo, char trans,        \
        kblasf_int n, kblasf_int k, const S *alpha, T *const *A_array, kblasf_int lda,  \
        const S *beta, T *const *C_array, kblasf_int ldc, kblasf_int batch);            \
kblasf_status_t kblasf_##P##OP##_batch_strided(kblasf_handle_t h, char uplo, char trans, \
        kblasf_int n, kblasf_int k, const S *alpha, const T *A, kblasf_int lda,          \
        kblasf_int strideA, const S *beta, T *C, kblasf_int ldc, kblasf_int strideC,     \
        kblasf_int batch);

KBLASF_BATCH_SYRK_PROTOS(s, float, syrk, float)
KBLASF_BATCH_SYRK_PROTOS(d, double, syrk, double)
KBLASF_BATCH_SYRK_PROTOS(c, kblasf_complex_float, syrk, kblasf_complex_float)
KBLASF_BATCH_SYRK_PROTOS(z, kblasf_complex_double, syrk, kblasf_complex_double)
KBLASF_BATCH_SYRK_PROTOS(c, kblasf_complex_float, herk, float)
KBLASF_BATCH_SYRK_PROTOS(z, kblasf_complex_double, herk, double)
#undef KBLASF_BATCH_SYRK_PROTOS

/* ---- Batched LAUUM, POTRI and POTI (device API) ------------------------------------
 * `batch` matrices of order n, in place on the uplo triangle of each A (the other triangle
 * comes back as it was):
 *   lauum: as LAPACK's LAUUM: U*U^H ('U') or L^H*L ('L') of the triangular factor held there;
 *   potri: as LAPACK's POTRI: inv(A) from the Cholesky factor held there (POTRF's output);
 *   poti:  inv(A) of the Hermitian positive definite A itself (POTRF, then POTRI).
 * info_array (potri, poti): batch entries in device memory, each always written: 0, or
 *   potri: j > 0 when the factor's j-th diagonal element is exactly zero (the first such
 *          j): that matrix is left untouched, as LAPACK's POTRI leaves it;
 *   poti:  j > 0 when the leading minor of order j is not positive definite (as
 *          kblasf_?potrf_batch): that matrix is left as the Cholesky leaves it.
 * The other matrices are inverted all the same. _batch: A_array[b]; _batch_strided:
 * A + b*strideA, strideA >= lda*n or 0 when batch <= 1. Orders up to 32 run in one fused GPU
 * kernel per batch (the matrix in shared memory); larger ones recurse onto the batched
 * TRTRI, SYRK/HERK, TRMM and GEMM; for those POTRI and POTI wait once for the infos, and
 * matrices with info > 0 are left out of the rest. The host executor makes one LAPACK call
 * per matrix. Illegal arguments: xerbla_ as KBLASF_DLAUUM_BATCH, KBLASF_ZPOTI_BATCH_STRIDED,
 * ..., checked in list order: uplo, n >= 0, A (not NULL when batch and n > 0), lda >=
 * max(1, n), strideA, info_array (potri, poti: not NULL when batch > 0), batch >= 0. */
#define KBLASF_BATCH_POTRI_PROTOS(P, T)                                                \
kblasf_status_t kblasf_##P##lauum_batch(kblasf_handle_t h, char uplo, kblasf_int n,     \
        T *const *A_array, kblasf_int lda, kblasf_int batch);                          \
kblasf_status_t kblasf_##P##lauum_batch_strided(kblasf_handle_t h, char uplo,           \
        kblasf_int n, T *A, kblasf_int lda, kblasf_int strideA, kblasf_int batch);     \
kblasf_status_t kblasf_##P##potri_batch(kblasf_handle_t h, char uplo, kblasf_int n,     \
        T *const *A_array, kblasf_int lda, kblasf_int *info_array, kblasf_int batch);  \
kblasf_status_t kblasf_##P##potri_batch_strided(kblasf_handle_t h, char uplo,           \
        kblasf_int n, T *A, kblasf_int lda, kblasf_int strideA, kblasf_int *info_array,\
        kblasf_int batch);                                                             \
kblasf_status_t kblasf_##P##poti_batch(kblasf_handle_t h, char uplo, kblasf_int n,      \
        T *const *A_array, kblasf_int lda, kblasf_int *info_array, kblasf_int batch);  \
kblasf_status_t kblasf_##P##poti_batch_strided(kblasf_handle_t h, char uplo,            \
        kblasf_int n, T *A, kblasf_int lda, kblasf_int strideA, kblasf_int *info_array,\
        kblasf_int batch);

KBLASF_BATCH_POTRI_PROTOS(s, float)
KBLASF_BATCH_POTRI_PROTOS(d, double)
KBLASF_BATCH_POTRI_PROTOS(c, kblasf_complex_float)
KBLASF_BATCH_POTRI_PROTOS(z, kblasf_complex_double)
#undef KBLASF_BATCH_POTRI_PROTOS

/* ---- Tridiagonal reduction (LAPACK layer) -----------------------------------------
 * SYTRD (s, d) / HETRD (c, z): Q^H A Q = T, tridiagonal, as LAPACK's DSYTRD/ZHETRD: on
 * return the uplo triangle of A holds T's diagonal and off-diagonal and the reflectors
 * that make Q, d (n) the diagonal, e (n-1) the off-diagonal and tau (n-1) the reflectors'
 * scalars, all meaning what LAPACK's mean (?ORGTR/?UNGTR, ?ORMTR/?UNMTR, ?STEDC use them).
 * The other triangle is left as it was.
 * Device API: A (lda) in the handle's device memory; d, e and tau in host memory (they are
 * made on the device and copied once at the end; the last block of order <= 128 is
 * reduced by the CPU); synchronous. info is 0 or -i for an illegal argument i (counting from 1 without the
 * handle).
 * Host forms: LAPACK's argument list (work, lwork: lwork = -1 returns LAPACK's optimal
 * size in work[0]; any legal lwork >= 1 is enough), also as the F77 symbols
 * kblasf_dsytrd_ ... and the LAPACK names dsytrd_ ... (unless --disable-lapack-names). */
#define KBLASF_TRD_PROTOS(P, TRD, T, RT)                                               \
kblasf_status_t kblasf_##P##TRD(kblasf_handle_t h, char uplo, kblasf_int n, T *A,      \
        kblasf_int lda, RT *d, RT *e, T *tau, kblasf_int *info);                       \
kblasf_status_t kblasf_##P##TRD##_host(char uplo, kblasf_int n, T *A, kblasf_int lda,  \
        RT *d, RT *e, T *tau, T *work, kblasf_int lwork, kblasf_int *info);

KBLASF_TRD_PROTOS(s, sytrd, float, float)
KBLASF_TRD_PROTOS(d, sytrd, double, double)
KBLASF_TRD_PROTOS(c, hetrd, kblasf_complex_float, float)
KBLASF_TRD_PROTOS(z, hetrd, kblasf_complex_double, double)
#undef KBLASF_TRD_PROTOS

/* ---- Bidiagonal reduction (LAPACK layer) -------------------------------------------
 * GEBRD: Q^H A P = B, bidiagonal (upper when m >= n, lower when m < n), as LAPACK's
 * DGEBRD/ZGEBRD: on return A holds B's diagonals and the reflectors of Q (below) and P
 * (above), d (min(m,n)) and e (min(m,n)-1) B's diagonals, tauq and taup (min(m,n)) the
 * reflectors' scalars, meaning what LAPACK's mean (?ORGBR/?UNGBR, ?ORMBR/?UNMBR, ?BDSQR).
 * Device API: A in device memory, d, e, tauq, taup in host memory; synchronous; info 0 or
 * -i for an illegal argument i. Host forms: LAPACK's argument list (lwork = -1 returns
 * LAPACK's optimal size in work[0]; any legal lwork is enough), also kblasf_dgebrd_ and
 * the LAPACK names dgebrd_ ... */
#define KBLASF_BRD_PROTOS(P, T, RT)                                                    \
kblasf_status_t kblasf_##P##gebrd(kblasf_handle_t h, kblasf_int m, kblasf_int n, T *A, \
        kblasf_int lda, RT *d, RT *e, T *tauq, T *taup, kblasf_int *info);             \
kblasf_status_t kblasf_##P##gebrd_host(kblasf_int m, kblasf_int n, T *A, kblasf_int lda,\
        RT *d, RT *e, T *tauq, T *taup, T *work, kblasf_int lwork, kblasf_int *info);

KBLASF_BRD_PROTOS(s, float, float)
KBLASF_BRD_PROTOS(d, double, double)
KBLASF_BRD_PROTOS(c, kblasf_complex_float, float)
KBLASF_BRD_PROTOS(z, kblasf_complex_double, double)
#undef KBLASF_BRD_PROTOS

/* LAPACK-style calls (host forms, F77 symbols, LAPACK names) that kblasf served on the
 * calling thread so far, quick returns and illegal arguments included: a program can
 * check that relinking reached kblasf. */
long kblasf_lapack_calls(void);

#ifdef __cplusplus
}
#endif
#endif /* KBLASF_H */
