/* trtri_diag.cu — inverts the small diagonal blocks of a triangular matrix, all at once:
 * the first step of the recursive TRSM's inverted leaves (src/exec_cuda_gen.c doubles
 * these blocks up to the leaf order with batched GEMMs).
 *
 * A warp per diagonal block of order bs <= 32, lane r holding row r in registers, inverted
 * by trtri_block.cuh's invert_rows: the same piece inverts the batched TRTRI, POTRI and
 * POTI's matrices (batch_potri.cu). */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include "trtri_block.cuh"

namespace kblasf {
namespace {

constexpr int IB = 32; /* the largest block, and the lanes of its group (a warp) */

/* Block b = blockIdx.x * WPB + warp: the inverse of the s x s triangle at A + o (1 + lda),
 * o = b bs, s = min(bs, k - o), into W + o (1 + ldw): the whole square, zeros in the other
 * triangle and the diagonal explicit. Lane r loads row r of the block (a warp's loads run
 * down a column; the other triangle and a unit diagonal are never read), inverts it with the
 * others (invert_rows) and writes row r of the inverse. */
template <typename T, int WPB, bool UNIT>
__global__ void __launch_bounds__(32 * WPB) trtri_diag_kernel(bool lower, int64_t k, int bs,
                                                              const T *A, int64_t lda, T *W,
                                                              int64_t ldw)
{
    constexpr int LD = tile_ld<T, IB>();
    __shared__ __align__(16) T tiles[WPB * IB * LD];
    __shared__ __align__(16) T dvs[WPB * IB];
    const int r = threadIdx.x % 32, g = threadIdx.x / 32;
    const int64_t o = ((int64_t)blockIdx.x * WPB + g) * bs;
    if (o >= k)
        return; /* the whole warp */
    const int s = k - o < bs ? (int)(k - o) : bs;
    const T *Ab = A + (o + o * lda);
    T *Wb = W + (o + o * ldw);

    T a[IB], dg = Sc<T>::one();
#pragma unroll
    for (int c = 0; c < IB; ++c) {
        a[c] = Sc<T>::zero();
        if (c < s && r < s && (lower ? c < r : c > r))
            a[c] = ld_rw(Ab + (r + c * lda));
        else if (c == r && r < s && !UNIT)
            a[c] = dg = ld_rw(Ab + (r + c * lda));
    }
    invert_rows<T, IB, LD, UNIT>(lower, s, r, 0xffffffffu, a, dg, tiles + g * (IB * LD),
                           dvs + g * IB);
    if (r < s)
#pragma unroll
        for (int c = 0; c < IB; ++c)
            if (c < s)
                Wb[r + c * ldw] = a[c];
}

template <typename T>
cudaError_t trtri_diag_run(cudaStream_t stream, char uplo, char diag, int64_t k, int64_t bs,
                           const T *A, int64_t lda, T *W, int64_t ldw)
{
    const bool lower = uplo == 'L' || uplo == 'l', unit = diag == 'U' || diag == 'u';

    if (k < 0 || bs < 1 || bs > IB || lda < k || ldw < bs)
        return cudaErrorInvalidValue;
    if (k == 0)
        return cudaSuccess;
    /* blocks (warps) a thread block */
    constexpr int WPB = tile_warps<T, IB, tile_ld<T, IB>()>();
    const int64_t blocks = (k + bs - 1) / bs;
    const dim3 grid((unsigned)((blocks + WPB - 1) / WPB)), block(32 * WPB);
    /* the diagonal's kind at compile time (as batch_potri.cu's TRTRI_U: the run-time flag's
     * branches cost the complex kernels half their time) */
    return unit ? launch(trtri_diag_kernel<T, WPB, true>, grid, block, stream, false, lower, k,
                         (int)bs, A, lda, W, ldw)
                : launch(trtri_diag_kernel<T, WPB, false>, grid, block, stream, false, lower, k,
                         (int)bs, A, lda, W, ldw);
}

} // namespace
} // namespace kblasf

#define KBLASF_TRTRI_DIAG(P, T)                                                             \
    extern "C" cudaError_t kblasf_cuda_##P##trtri_diag(cudaStream_t stream, char uplo,     \
            char diag, int64_t k, int64_t bs, const T *A, int64_t lda, T *W, int64_t ldw)  \
    {                                                                                       \
        return kblasf::trtri_diag_run<T>(stream, uplo, diag, k, bs, A, lda, W, ldw);        \
    }
KBLASF_TRTRI_DIAG(s, float)
KBLASF_TRTRI_DIAG(d, double)
KBLASF_TRTRI_DIAG(c, cuFloatComplex)
KBLASF_TRTRI_DIAG(z, cuDoubleComplex)
