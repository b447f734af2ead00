/* batch_trxm.cu — batched TRSM and TRMM on triangles of order k <= 32
 * (kblasf_cuda_?trxm_batch), and the offset arrays of pointers that the batched TRSM/TRMM
 * recursion hands to cuBLAS's batched GEMM (kblasf_cuda_offset_pointers).
 *
 * Every problem is brought to one form, a triangular M of order k acting on vectors:
 *   side 'L':  op(A) X = alpha B   ->  M = op(A),   a vector is a column of B;
 *   side 'R':  X op(A) = alpha B   ->  M = op(A)^T, a vector is a row of B
 * (X op(A) = B is op(A)^T X^T = B^T; for op = 'C', op(A)^T = conj(A)). M is lower when A
 * is lower and not transposed into M, or upper and transposed. TRMM is x := alpha M x.
 *
 * A group of G lanes of a warp (G = 8, 16 or 32, the smallest that holds k) owns one
 * matrix: M in shared memory as a packed triangle, read once by the group down A's columns
 * (coalesced), and G vectors at a time, a lane's vector in registers (G of them, fixed at
 * compile time so that the unrolled loops index registers). A lane walks M in the order of a
 * substitution (TRSM) or of an in-place product (TRMM: from the bottom for lower M, from the
 * top for upper, so each row reads only values not yet overwritten); the lanes of a group
 * read the same element of M at the same step, a broadcast. For TRSM the diagonal is kept as
 * its reciprocal (1 for unit diagonals, which are never read) and the rest negated, so that
 * every step is an FMA. Nothing of B outside the m x n block is touched; alpha = 0 writes
 * zeros without reading A or B. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"

namespace kblasf {
namespace {

/* x := vector through M, in registers: M x for TRMM, M^-1 x for TRSM (there M comes with
 * the diagonal's reciprocals and the rest negated); column(j, m) sets m[i] = M(i, j) for
 * the rows step j touches (i >= j for lower M, i <= j for upper). All K rows and columns:
 * a triangle of order k < K comes padded with the identity and x with zeros, so that no
 * step tests k (with the tests, DTRSM 32 issued 1256 compares in PTX for 496 FMAs). The
 * padded rows stay zero, or become NaN behind an Inf of a
 * singular triangle, and never reach a row < k.
 *
 * Column by column (axpy form): once x_j is final, or still original for TRMM, it goes into
 * every row it touches at once, x_i += M(i, j) x_j. Those K - 1 - j updates are
 * independent, so the chain a thread waits on is one FMA and one multiply per column (the
 * dot-product form, s += M(i, j) x_j along a row, chained all K (K + 1) / 2 FMAs of a
 * vector). Measured alone it changed little (DTRSM 32: 0.248 ms either way): the time
 * went to memory latency and instructions, see trxm_group_kernel. */
template <typename T, int K, bool LOWER, bool SOLVE, class Cf>
__device__ __forceinline__ void trxm_columns(T (&x)[K], Cf column)
{
    /* TRSM walks the columns in the substitution's order (forward for lower M); TRMM in
     * the other, so that a column is used before its own row is scaled or updated */
#pragma unroll
    for (int q = 0; q < K; ++q) {
        const int j = LOWER == SOLVE ? q : K - 1 - q;
        T m[K]; /* M(i, j) for the rows the step touches */
        column(j, m);
        if (SOLVE) /* x_j final: times the diagonal's reciprocal */
            x[j] = Sc<T>::mul(x[j], m[j]);
#pragma unroll
        for (int i = 0; i < K; ++i)
            if (LOWER ? i > j : i < j)
                x[i] = Sc<T>::fma(m[i], x[j], x[i]);
        if (!SOLVE) /* x_j went into the other rows unscaled; now its own row */
            x[j] = Sc<T>::mul(m[j], x[j]);
    }
}

/* ---- A group of G lanes per matrix (trxm_group_kernel), G = 8, 16 or 32 >= k
 *
 * A warp holds 32 / G matrices, and each loop runs over a fixed G, so every address in
 * shared memory is a constant plus a lane term computed once, and each pass issues all its
 * loads before its first store (a warp issues in order: interleaved, each column paid a
 * memory latency; at G = 32 this kernel took 0.281 ms for DTRSM 32, batch 10240, H100,
 * with the loads first 0.138 ms):
 *  - M is packed by columns (M(i, j) of column j consecutive in i), each column of A read
 *    by the lanes down the column (coalesced); a transposed A is transposed on the way in,
 *    conjugated where op = 'C', the diagonal replaced by its reciprocal for TRSM (1 for a
 *    unit diagonal, never read) and the rest negated, so every step is an FMA;
 *  - side R: a vector is a row of B, lane t's row, loaded straight into registers (lanes
 *    read consecutive rows: coalesced); side L: a vector is a column of B, so the chunk of
 *    G columns goes through a G x (G + 1) tile (lanes down each column in, lane t's column
 *    out, both conflict-free);
 *  - the vector is solved or multiplied by trxm_columns, reading M column by column at
 *    constant offsets (broadcasts).
 * More than G vectors: the group walks chunks of G, and blockIdx.y spreads the chunks
 * (each such block reads its own copy of M).
 * Orders up to 16 ran a thread block of up to 128 vectors over several matrices, staged
 * through a general index walk: DTRSM 16 0.041 ms against 0.023 in groups of 16 (H200,
 * batch 10240; 31% and 55% of the bandwidth bound), doc/batch.md. */

/* A group's packed triangle, by columns, each column starting on 16 bytes so that a step
 * reads its column by 16-byte broadcasts (bcast_load): column j holds rows [clo, chi) with
 * clo and chi multiples of V = 16 / sizeof(T) elements, lower M from the diagonal's row
 * rounded down, upper M from the top to the diagonal's row rounded up. M(i, j) lies at
 * gcol(j) + i. cstart(j) is where column j's first row lies: the lengths of the columns
 * before it, in closed form (a = j / V, b = j % V; sum over q < j of q / V is
 * V a (a - 1) / 2 + a b), so that a lane can take its own column's place. */
template <typename T> __host__ __device__ constexpr int floors(int j)
{
    constexpr int V = bcast_len<T>();
    return V * (j / V) * (j / V - 1) / 2 + (j / V) * (j % V);
}
template <typename T, int G, bool LOWER> __host__ __device__ constexpr int cstart(int j)
{
    constexpr int V = bcast_len<T>();
    return LOWER ? j * G - V * floors<T>(j) : V * (j + floors<T>(j));
}
template <typename T, int G, bool LOWER> __host__ __device__ constexpr int gcol(int j)
{
    constexpr int V = bcast_len<T>();
    return cstart<T, G, LOWER>(j) - (LOWER ? j / V * V : 0);
}

/* shared memory of one group, in elements: the packed triangle, then the G x (G + 1) tile
 * (side L only); a multiple of V, so that every group's triangle starts on 16 bytes */
template <typename T, int G> __host__ __device__ constexpr int group_elems()
{
    return cstart<T, G, true>(G) + G * (G + 1);
}
static_assert(cstart<double, 32, true>(32) == 544 && cstart<double, 32, false>(32) == 544 &&
                  cstart<float, 32, true>(32) == 576 && cstart<double2, 32, true>(32) == 528 &&
                  group_elems<float, 8>() % 4 == 0 && group_elems<double, 16>() % 2 == 0,
              "packed columns");

/* warps a block: as many as fit 48 KB, at most 4 */
template <typename T, int G> __host__ __device__ constexpr int group_warps()
{
    return warps_fitting((size_t)(32 / G) * group_elems<T, G>() * sizeof(T));
}

/* Blocks an SM. G = 32: as many as their shared memory allows (228 KB, 1 KB reserved a
 * block: 5 of 3 warps in 8-byte types, 6 of 4 in float), except TRMM in single and single
 * complex, held to 4 so that the kernel does not spill (at 5 and 6 it spilled 124-300 bytes
 * a thread; at 4, H100, n = 32, batch 10240: STRMM 0.094 against 0.096 ms, CTRMM
 * 0.149-0.151 against 0.153-0.154). Double TRMM spills 212 bytes at 5 and is still faster
 * there than at 4 (0.131-0.132 against 0.142-0.143 ms); double complex is one block of 254
 * registers either way. (Those spills were measured before M's columns came by 16-byte
 * loads; since, no instance spills at these caps.) G <= 16: 6 blocks of 4 warps where
 * nothing spills. */
template <typename T, int G, bool SOLVE> __host__ __device__ constexpr int group_min_blocks()
{
    if (G < 32) {
        if (sizeof(T) == 16) /* 132-168 registers at G = 16; G = 8 spilled at 6 */
            return G == 16 ? 2 : 4;
        if (Sc<T>::complex && G == 16) /* single complex TRMM spilled 232 bytes at 6 */
            return 4;
        return 6; /* 80 registers: none spills; 8 (64) was 5% slower at G = 16 in double */
    }
    if (sizeof(T) == 16)
        return 1;
    if (!SOLVE && !std::is_same<T, double>::value) /* single and single complex TRMM */
        return 4;
    return sizeof(T) == 8 ? 5 : 6;
}

template <typename T, int G, bool LOWER, bool SOLVE>
__global__ void __launch_bounds__(32 * group_warps<T, G>(), group_min_blocks<T, G, SOLVE>())
trxm_group_kernel(bool left, bool trans, bool conj, bool unit, int k, int64_t nvec, T alpha,
                  T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,
                  T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t offB,
                  int64_t batch)
{
    constexpr int GPB = group_warps<T, G>() * 32 / G, P = G + 1, E = group_elems<T, G>();
    __shared__ __align__(16) T smem[GPB * E];
    const int g = threadIdx.x / G, t = threadIdx.x % G;
    /* the group's lanes: the other groups of the warp may be elsewhere, or gone */
    const unsigned gm = group_mask<G>(threadIdx.x);
    const int64_t b = (int64_t)blockIdx.x * GPB + g;
    if (b >= batch)
        return; /* the whole group: no block-wide barrier below */
    T *sM = smem + g * E;
    T *sB = sM + cstart<T, G, true>(G); /* element i of the chunk's vector v at sB[i + v*P] */
    const bool zero = Sc<T>::is_zero(alpha), lowerA = LOWER != trans;
    T *Bb = mat(Barr, B, strideB, b) + offB;

    if (!zero) {
        const T *Ab = mat(Aarr, A, strideA, b) + offA;
        /* lane t reads row t of A down each column c; M(i, j) = A(t, c) or, transposed,
         * A(c, t): the packed place is a constant in c plus a lane term. Every place of the
         * packed G x G triangle is written: A's element where it is read (in the order k
         * and not a unit diagonal), else 1 on the diagonal and 0 off it (the padding that
         * trxm_columns relies on). */
        const int lane_col = gcol<T, G, LOWER>(t); /* M(c, t) at lane_col + c */
        auto stored = [&](int c) { return lowerA ? t >= c : t <= c; };
        auto wanted = [&](int c) { return c < k && t < k && (t == c ? !unit : stored(c)); };
        /* every load issued before the first store waits on one (a warp issues in order:
         * a store right after its load would pay the memory latency per column) */
        T a[G];
#pragma unroll
        for (int c = 0; c < G; ++c)
            a[c] = wanted(c) ? Sc<T>::ld(Ab + t + (int64_t)c * lda) : Sc<T>::zero();
#pragma unroll
        for (int c = 0; c < G; ++c) {
            if (!stored(c))
                continue;
            T v = !wanted(c) ? (t == c ? Sc<T>::one() : Sc<T>::zero())
                             : conj ? Sc<T>::conj(a[c]) : a[c];
            if (SOLVE && t != c)
                v = Sc<T>::sub(Sc<T>::zero(), v);
            sM[trans ? lane_col + c : gcol<T, G, LOWER>(c) + t] = v;
        }
        /* the diagonal, written by its own lane: its reciprocal once, here (inside the
         * unrolled loop every column paid for the division, three in complex) */
        T *dg = sM + gcol<T, G, LOWER>(t) + t;
        if (SOLVE && !unit && t < k)
            *dg = Sc<T>::recip(*dg);
        __syncwarp(gm);
    }
    for (int64_t v0 = (int64_t)blockIdx.y * G; v0 < nvec; v0 += (int64_t)gridDim.y * G) {
        const int nv = nvec - v0 < G ? (int)(nvec - v0) : G;
        T x[G];
        if (left) { /* the chunk's columns through the tile */
            if (!zero) { /* loads first, then stores, as for A */
#pragma unroll
                for (int c = 0; c < G; ++c)
                    x[c] = c < nv && t < k ? ld_rw(Bb + t + (v0 + c) * ldb) : Sc<T>::zero();
#pragma unroll
                for (int c = 0; c < G; ++c)
                    sB[t + c * P] = x[c];
                __syncwarp(gm);
            }
#pragma unroll
            for (int i = 0; i < G; ++i)
                x[i] = zero ? Sc<T>::zero() : sB[i + t * P]; /* rows >= k, columns >= nv: 0 */
        } else {
#pragma unroll
            for (int i = 0; i < G; ++i)
                x[i] = !zero && i < k && t < nv ? ld_rw(Bb + (v0 + t) + i * ldb) : Sc<T>::zero();
        }
        if (!zero) {
#pragma unroll
            for (int i = 0; i < G; ++i)
                x[i] = Sc<T>::mul(alpha, x[i]);
            trxm_columns<T, G, LOWER, SOLVE>(
                x, [&](int j, T(&m)[G]) {
                    bcast_load<G>(sM + gcol<T, G, LOWER>(j), LOWER ? j : 0, m, LOWER ? G : j + 1);
                });
        }
        if (left) {
            __syncwarp(gm); /* every lane done reading the tile */
#pragma unroll
            for (int i = 0; i < G; ++i)
                if (t < nv)
                    sB[i + t * P] = x[i];
            __syncwarp(gm);
#pragma unroll
            for (int c = 0; c < G; ++c)
                x[c] = sB[t + c * P];
#pragma unroll
            for (int c = 0; c < G; ++c)
                if (c < nv && t < k)
                    Bb[t + (v0 + c) * ldb] = x[c];
            __syncwarp(gm); /* the tile is the next chunk's */
        } else {
#pragma unroll
            for (int i = 0; i < G; ++i)
                if (i < k && t < nv)
                    Bb[(v0 + t) + i * ldb] = x[i];
        }
    }
}

template <typename T, int G, bool LOWER, bool SOLVE>
cudaError_t trxm_group_launch(cudaStream_t s, bool left, bool trans, bool conj, bool unit, int k,
                              int64_t nvec, T alpha, T *const *Aarr, T *A, int64_t lda,
                              int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                              int64_t strideB, int64_t offB, int64_t batch)
{
    constexpr int GPB = group_warps<T, G>() * 32 / G;
    const int64_t gx = (batch + GPB - 1) / GPB, gy = (nvec + G - 1) / G;
    if (gx > 0x7fffffff)
        return cudaErrorInvalidValue;
    return launch(trxm_group_kernel<T, G, LOWER, SOLVE>,
                  dim3((unsigned)gx, (unsigned)(gy < 65535 ? gy : 65535)),
                  dim3(32 * group_warps<T, G>()), s, false, left, trans, conj, unit, k, nvec,
                  alpha, Aarr, A, lda, strideA, offA, Barr, B, ldb, strideB, offB, batch);
}

template <typename T, int G>
cudaError_t trxm_k(cudaStream_t s, bool solve, bool lowerM, bool left, bool trans, bool conj,
                   bool unit, int k, int64_t nvec, T alpha, T *const *Aarr, T *A, int64_t lda,
                   int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                   int64_t strideB, int64_t offB, int64_t batch)
{
#define TRXM_CASE(LO, SO)                                                                     \
    if (lowerM == LO && solve == SO)                                                          \
        return trxm_group_launch<T, G, LO, SO>(s, left, trans, conj, unit, k, nvec, alpha,    \
                                               Aarr, A, lda, strideA, offA, Barr, B, ldb,     \
                                               strideB, offB, batch);
    TRXM_CASE(true, true)
    TRXM_CASE(true, false)
    TRXM_CASE(false, true)
    TRXM_CASE(false, false)
#undef TRXM_CASE
    return cudaErrorInvalidValue;
}

bool is(char c, char want) { return c == want || c == want + ('a' - 'A'); }

template <typename T>
cudaError_t trxm_run(cudaStream_t s, int solve, char side, char uplo, char transa, char diag,
                     int64_t m, int64_t n, T alpha, T *const *Aarr, T *A, int64_t lda,
                     int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                     int64_t strideB, int64_t offB, int64_t batch)
{
    const bool left = is(side, 'L'), lower = is(uplo, 'L'), notrans = is(transa, 'N');
    const bool unit = is(diag, 'U');
    const int64_t k = left ? m : n, nvec = left ? n : m;
    /* M = op(A) (left) or op(A)^T (right): A transposed into M when exactly one holds */
    const bool trans = left != notrans, conj = is(transa, 'C');

    if ((!left && !is(side, 'R')) || (!lower && !is(uplo, 'U')) ||
        (!notrans && !is(transa, 'T') && !conj) || (!unit && !is(diag, 'N')) || m < 0 ||
        n < 0 || k > KBLASF_CUDA_BATCH_TRXM_MAX || lda < (k > 1 ? k : 1) ||
        ldb < (m > 1 ? m : 1) || batch < 0 || offA < 0 || offB < 0)
        return cudaErrorInvalidValue;
    if (batch == 0 || m == 0 || n == 0)
        return cudaSuccess;
    if ((!A && !Aarr) || (!B && !Barr))
        return cudaErrorInvalidValue;
    const bool lowerM = lower != trans;
    if (k <= 8)
        return trxm_k<T, 8>(s, solve, lowerM, left, trans, conj, unit, (int)k, nvec, alpha, Aarr,
                            A, lda, strideA, offA, Barr, B, ldb, strideB, offB, batch);
    if (k <= 16)
        return trxm_k<T, 16>(s, solve, lowerM, left, trans, conj, unit, (int)k, nvec, alpha, Aarr,
                             A, lda, strideA, offA, Barr, B, ldb, strideB, offB, batch);
    return trxm_k<T, 32>(s, solve, lowerM, left, trans, conj, unit, (int)k, nvec, alpha, Aarr, A,
                         lda, strideA, offA, Barr, B, ldb, strideB, offB, batch);
}

__global__ void offset_pointers_kernel(char *const *in, int64_t off, char **out,
                                       int64_t batch)
{
    const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (b < batch)
        out[b] = in[b] + off;
}

} // namespace
} // namespace kblasf

extern "C" cudaError_t kblasf_cuda_offset_pointers(cudaStream_t s, const void *const *in,
                                                   int64_t off_bytes, void **out, int64_t batch)
{
    if (batch < 0 || (batch > 0 && (!in || !out)))
        return cudaErrorInvalidValue;
    if (batch == 0)
        return cudaSuccess;
    return kblasf::launch(kblasf::offset_pointers_kernel, dim3((unsigned)((batch + 255) / 256)),
                          dim3(256), s, false,
                          reinterpret_cast<char *const *>(const_cast<void *const *>(in)),
                          off_bytes, reinterpret_cast<char **>(out), batch);
}

#define KBLASF_BATCH_TRXM(P, T)                                                               \
    extern "C" cudaError_t kblasf_cuda_##P##trxm_batch(cudaStream_t s, int solve, char side,  \
            char uplo, char transa, char diag, int64_t m, int64_t n, T alpha, T *const *Aarr, \
            T *A, int64_t lda, int64_t strideA, int64_t offA, T *const *Barr, T *B,           \
            int64_t ldb, int64_t strideB, int64_t offB, int64_t batch)                        \
    {                                                                                         \
        return kblasf::trxm_run<T>(s, solve, side, uplo, transa, diag, m, n, alpha, Aarr, A,  \
                                   lda, strideA, offA, Barr, B, ldb, strideB, offB, batch);   \
    }
KBLASF_BATCH_TRXM(s, float)
KBLASF_BATCH_TRXM(d, double)
KBLASF_BATCH_TRXM(c, cuFloatComplex)
KBLASF_BATCH_TRXM(z, cuDoubleComplex)
