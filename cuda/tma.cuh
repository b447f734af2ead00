/* tma.cuh — 2D tiles copied from global to shared memory by the tensor memory accelerator
 * (sm_90's cp.async.bulk.tensor), with their completion on an mbarrier: the device side
 * (an mbarrier's init, arm and wait; a tile's copy) and the host side (a tensor map of a
 * column-major matrix, through the driver's cuTensorMapEncodeTiled found at run time, so
 * that the library does not link libcuda).
 *
 * Why: a stream of loads slows every L2 round trip of the SMs that issue it; a stream of
 * TMA copies does not. H100, bench/probe_l2_pingpong.cu (bench/results/
 * H100-2026-11-28-stop42-trsv-chain-tma.txt): two SMs handing a value back and forth through
 * L2 take 0.44 us a round trip on an idle GPU; 0.50-0.69 us while the other 130 SMs stream
 * the DRAM by loads at 3.0-3.2 TB/s; 0.75-1.04 us when the two stream as well; 0.44-0.45 us
 * when all 132 stream it by TMA copies at 3.0 TB/s.
 *
 * Internal to cuda/; everything in an unnamed namespace. Outside sm_90 (and in the host
 * emulator) the device functions do nothing: callers launch their TMA instances only on
 * sm_90 and where tma_map_2d() made the map. */
#ifndef KBLASF_TMA_CUH
#define KBLASF_TMA_CUH

#include <cuda.h>
#include <stdint.h>

#include "cuda_scalar.cuh" /* smem_addr */

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(KBLASF_CUDA_EMU)
#define KBLASF_TMA 1
#endif

#ifdef KBLASF_CUDA_EMU
#define KBLASF_GRID_CONST
#else
#define KBLASF_GRID_CONST __grid_constant__
#endif

namespace kblasf {
namespace {

/* an mbarrier of one arrival a phase (the thread that arms it for a copy), visible to the
 * async proxy once the block's next barrier has passed */
__device__ __forceinline__ void mbar_init(unsigned long long *bar)
{
#ifdef KBLASF_TMA
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#else
    (void)bar;
#endif
}

/* has the phase of the given parity completed */
__device__ __forceinline__ bool mbar_done(unsigned long long *bar, unsigned parity)
{
#ifdef KBLASF_TMA
    unsigned ok;
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(ok)
                 : "r"(smem_addr(bar)), "r"(parity)
                 : "memory");
    return ok;
#else
    (void)bar;
    (void)parity;
    return true;
#endif
}

__device__ __forceinline__ void mbar_wait(unsigned long long *bar, unsigned parity)
{
    while (!mbar_done(bar, parity))
        ;
}

/* What the generic proxy did to shared memory (reads of a slot that a copy refills next)
 * is ordered before what the async proxy does after this. */
__device__ __forceinline__ void fence_proxy_async()
{
#ifdef KBLASF_TMA
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/* The box at (row r, column c) of the matrix tm maps into dst (128-byte aligned; elements
 * past the matrix's end read as zeros), completing `bytes` on bar, whose phase this arms;
 * evict first in L2 when once. One thread calls it. r and c must not be negative, and the
 * box's first row must be 16-byte aligned (r * element size a multiple of 16): either is an
 * illegal instruction on the H100. */
__device__ __forceinline__ void tma_tile(void *dst, const CUtensorMap *tm, int r, int c,
                                         unsigned long long *bar, unsigned bytes, bool once)
{
#ifdef KBLASF_TMA
    const unsigned b = smem_addr(bar), d = smem_addr(dst);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes)
                 : "memory");
    if (once) {
        unsigned long long pol;
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                     "bytes.L2::cache_hint [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(d),
                     "l"(tm), "r"(r), "r"(c), "r"(b), "l"(pol)
                     : "memory");
    } else {
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                     "bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(d),
                     "l"(tm), "r"(r), "r"(c), "r"(b)
                     : "memory");
    }
#else
    (void)dst;
    (void)tm;
    (void)r;
    (void)c;
    (void)bar;
    (void)bytes;
    (void)once;
#endif
}

/* Host: a tensor map of the rows x cols column-major matrix A (leading dimension lda) of
 * elements of esize bytes (4 or 8, copied as bits), boxes of br x bc. False when the TMA
 * cannot take it (A or the column stride not 16-byte aligned, a dimension past 2^31, the
 * driver without the entry point); the caller then loads its tiles the usual way. */
inline bool tma_map_2d(CUtensorMap *tm, const void *A, size_t esize, int64_t rows, int64_t cols,
                       int64_t lda, int br, int bc)
{
#ifdef KBLASF_CUDA_EMU
    (void)tm, (void)A, (void)esize, (void)rows, (void)cols, (void)lda, (void)br, (void)bc;
    return false;
#else
    typedef CUresult (*encode_t)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                 const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                 const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                 CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
    static const encode_t encode = [] {
        void *f = nullptr;
        cudaDriverEntryPointQueryResult q;
#if CUDART_VERSION >= 12050
        const cudaError_t e = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f,
                                                               12000, cudaEnableDefault, &q);
#else /* (deprecated from 12.5 on) */
        const cudaError_t e = cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &f,
                                                      cudaEnableDefault, &q);
#endif
        if (e != cudaSuccess || q != cudaDriverEntryPointSuccess)
            f = nullptr;
        return reinterpret_cast<encode_t>(f);
    }();
    if (!encode || (esize != 4 && esize != 8) || (uintptr_t)A % 16 || (lda * esize) % 16 ||
        rows < 1 || cols < 1 || rows > INT32_MAX || cols > INT32_MAX)
        return false;
    const cuuint64_t dim[2] = {(cuuint64_t)rows, (cuuint64_t)cols};
    const cuuint64_t stride[1] = {(cuuint64_t)lda * esize};
    const cuuint32_t box[2] = {(cuuint32_t)br, (cuuint32_t)bc}, estr[2] = {1, 1};
    return encode(tm, esize == 8 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT64 : CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
                  2, const_cast<void *>(A), dim, stride, box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE,
                  CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
#endif
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_TMA_CUH */
