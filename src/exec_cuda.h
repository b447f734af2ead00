/* exec_cuda.h — what the CUDA executor's sources share. */
#ifndef KBLASF_EXEC_CUDA_H
#define KBLASF_EXEC_CUDA_H

#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "internal.h"

/* The cuBLAS handle of a CUDA-executor context, bound to its stream. */
cublasHandle_t kblasf_cuda_cublas(kblasf_context *ctx);
/* The context's device workspace for base cases, at most KBLASF_CUDA_WORKSPACE bytes
 * (allocated on first use); NULL when `bytes` exceeds it or the allocation fails. */
enum { KBLASF_CUDA_WORKSPACE = 64 << 20 };
void *kblasf_cuda_workspace(kblasf_context *ctx, size_t bytes);
/* The context's device counter for kblasf_cuda_?potrf_panel (zeroed on first use; NULL when
 * it cannot be had). */
unsigned *kblasf_cuda_panel_sync(kblasf_context *ctx);
/* The one-kernel solves' scratch (cuda/trsv_chain.cu): two regions of at least `bytes`,
 * taken in turn. Returns the region this call uses (NULL when it cannot be had), *marked:
 * whether it is known to hold the mark already (no memset needed), *next: the other region,
 * which the call's kernels set to the mark for the next call. Then kblasf_cuda_chain_used
 * with the call's outcome. */
void *kblasf_cuda_chain_scratch(kblasf_context *ctx, size_t bytes, int *marked, void **next);
void kblasf_cuda_chain_used(kblasf_context *ctx, size_t bytes, int ok);
/* Maps a cuBLAS status to ours, printing what failed. */
kblasf_status_t kblasf_cublas_check(cublasStatus_t st, const char *what);

static inline cublasOperation_t kblasf_cu_op(char t)
{
    return kblasf_lsame(t, 'N') ? CUBLAS_OP_N : kblasf_lsame(t, 'T') ? CUBLAS_OP_T : CUBLAS_OP_C;
}
static inline cublasSideMode_t kblasf_cu_side(char s)
{
    return kblasf_lsame(s, 'L') ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
}
static inline cublasFillMode_t kblasf_cu_fill(char u)
{
    return kblasf_lsame(u, 'L') ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
}
static inline cublasDiagType_t kblasf_cu_diag(char d)
{
    return kblasf_lsame(d, 'U') ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
}

/* Maps a CUDA error to a status, printing what failed. */
kblasf_status_t kblasf_cuda_check(cudaError_t err, const char *what);

#endif
