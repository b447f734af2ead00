/* tri_copy.cu — B := one triangle of the m x n matrix A (with or without its diagonal),
 * nothing else of A read, nothing else of B written.
 *
 * The matrix is cut into 32 x 32 tiles; a thread block of 32 x 8 threads copies a tile at a
 * time, a warp running down 32 rows of a column, each thread 4 columns. The grid is about
 * two waves of blocks (SM count x 16), laid over the tile columns and, within each tile
 * column, over only the tiles that meet the triangle (grid-stride loops both ways), so any
 * m, n fit within the grid limits. The element is copied as whole words of the widest size
 * (16, 8, 4 or 1 bytes) that the element size and both pointers' alignment allow. */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

constexpr int TB = 32; /* tile side, = threads along the rows */
constexpr int TY = 8;  /* threads along the columns */

/* an element of K words W */
template <typename W, int K> struct Elem {
    W w[K];
};

/* no __launch_bounds__: with it ptxas (CUDA 13) unrolls for more registers and spills */
template <typename W, int K>
__global__ void tri_copy_kernel(bool lower, int unit, int64_t m, int64_t n, const Elem<W, K> *A,
                                int64_t lda, Elem<W, K> *B, int64_t ldb)
{
    const int64_t tm = (m + TB - 1) / TB, tn = (n + TB - 1) / TB;
    for (int64_t tc = blockIdx.y; tc < tn; tc += gridDim.y) {
        /* the row tiles that meet the triangle in tile column tc: lower from tile tc on
         * (its row c0 + 31 >= c0 + unit), upper up to tile tc */
        const int64_t lo = lower ? tc : 0, hi = lower ? tm : (tc + 1 < tm ? tc + 1 : tm);
        for (int64_t tr = lo + blockIdx.x; tr < hi; tr += gridDim.x) {
            const int64_t i = tr * TB + threadIdx.x;
            if (i >= m)
                continue;
#pragma unroll
            for (int l = 0; l < TB / TY; ++l) {
                const int64_t j = tc * TB + threadIdx.y + l * TY;
                if (j < n && (lower ? i >= j + unit : i + unit <= j)) {
                    const W *p = A[i + j * lda].w;
                    W *q = B[i + j * ldb].w;
#pragma unroll
                    for (int k = 0; k < K; ++k)
                        q[k] = __ldg(p + k);
                }
            }
        }
    }
}

template <typename W, int K>
cudaError_t tri_copy_run(cudaStream_t stream, bool lower, int unit, int64_t m, int64_t n,
                         const void *A, int64_t lda, void *B, int64_t ldb)
{
    DevInfo d;
    const cudaError_t e = dev_info(d);
    if (e != cudaSuccess)
        return e;
    const int64_t tm = (m + TB - 1) / TB, tn = (n + TB - 1) / TB;
    const int64_t want = 16 * (int64_t)d.sms; /* ~2 waves at 8 resident blocks per SM */
    /* rows of tiles per tile column: at most tm (lower, tile column 0) */
    int64_t gx = tm < want ? tm : want;
    int64_t gy = want / gx;
    if (gy > tn) gy = tn;
    if (gy > 65535) gy = 65535;
    if (gy < 1) gy = 1;
    return launch(tri_copy_kernel<W, K>, dim3((unsigned)gx, (unsigned)gy), dim3(TB, TY), stream,
                  false, lower, unit != 0 ? 1 : 0, m, n, static_cast<const Elem<W, K> *>(A), lda,
                  static_cast<Elem<W, K> *>(B), ldb);
}

/* the element of `sz` bytes as words of `wsz` bytes */
template <int SZ>
cudaError_t tri_copy_words(size_t wsz, cudaStream_t stream, bool lower, int unit, int64_t m,
                           int64_t n, const void *A, int64_t lda, void *B, int64_t ldb)
{
    if constexpr (SZ >= 16)
        if (wsz >= 16)
            return tri_copy_run<uint4, SZ / 16>(stream, lower, unit, m, n, A, lda, B, ldb);
    if constexpr (SZ >= 8)
        if (wsz >= 8)
            return tri_copy_run<unsigned long long, SZ / 8>(stream, lower, unit, m, n, A, lda, B,
                                                            ldb);
    if (wsz >= 4)
        return tri_copy_run<unsigned int, SZ / 4>(stream, lower, unit, m, n, A, lda, B, ldb);
    return tri_copy_run<unsigned char, SZ>(stream, lower, unit, m, n, A, lda, B, ldb);
}

} // namespace
} // namespace kblasf

extern "C" cudaError_t kblasf_cuda_tri_copy(cudaStream_t stream, char uplo, int unit, int64_t m,
                                            int64_t n, size_t elsize, const void *A, int64_t lda,
                                            void *B, int64_t ldb)
{
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || (elsize != 4 && elsize != 8 && elsize != 16) ||
        m < 0 || n < 0 || lda < m || ldb < m)
        return cudaErrorInvalidValue;
    if (m == 0 || n == 0)
        return cudaSuccess;
    /* the widest word that divides the element size and both addresses */
    const uintptr_t al = (uintptr_t)A | (uintptr_t)B | (uintptr_t)elsize;
    const size_t wsz = al % 16 == 0 ? 16 : al % 8 == 0 ? 8 : al % 4 == 0 ? 4 : 1;
    if (elsize == 4)
        return kblasf::tri_copy_words<4>(wsz, stream, lower, unit, m, n, A, lda, B, ldb);
    if (elsize == 8)
        return kblasf::tri_copy_words<8>(wsz, stream, lower, unit, m, n, A, lda, B, ldb);
    return kblasf::tri_copy_words<16>(wsz, stream, lower, unit, m, n, A, lda, B, ldb);
}
