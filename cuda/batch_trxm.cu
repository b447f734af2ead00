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
 * A thread owns one vector, held in registers (K = 8, 16 or 32 of them, fixed at compile
 * time so that the fully unrolled loops index registers; orders 17-32 run the warp kernel
 * further down, whose layout is simpler still), and walks M in the order of a
 * substitution (TRSM) or of an in-place product (TRMM: from the bottom for lower M, from
 * the top for upper, so each row reads only values not yet overwritten). M lives in shared
 * memory as a packed triangle, loaded once per thread block by the threads of its matrix
 * (A's stored triangle only, coalesced down A's columns); every thread of a matrix reads
 * the same element at the same step, a broadcast. For TRSM the diagonal is kept as its
 * reciprocal (1 for unit diagonals, which are never read) and the rest negated, so that
 * every step is an FMA. The vectors go through shared memory too, a chunk of them at a
 * time: loaded and stored by all threads of the matrix along B's columns (side L) or rows
 * (side R), so that global accesses coalesce (a thread walking its own column of B would
 * touch a cache line per lane at each step, and the lines did not survive in L1). A block
 * holds several matrices when their vectors are few (as many as fit 128 threads and 48 KB);
 * more than a chunk of vectors spread over blockIdx.y (looping past 65535 blocks), each
 * such block loading its own copy of M. Nothing of B outside the m x n
 * block is touched; alpha = 0 writes zeros without reading A or B. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"

namespace kblasf {
namespace {

constexpr int TPB = 128;                 /* threads per block at most */
/* Blocks an SM should hold (K = 8, 16; 32 has trxm_warp_kernel): 6 caps the registers at
 * 80 (4 bytes of spills in two of the 16 instances, sm_90). At 4 (128 registers) DTRSM 16
 * used 100 and ran 4 blocks an SM, 25% occupancy, 56.8 us under ncu with a third of the
 * issue slots used; double complex keeps 255. */
template <typename T> constexpr int min_blocks() { return sizeof(T) > 8 ? 1 : 6; }
constexpr size_t SMEM_MAX = 48 * 1024;   /* shared memory a block may ask for without opt-in */

/* Where M(i, j) of the stored triangle lies in the packed copy: rows of the lower triangle
 * one after another, columns of the upper one; both offsets are constants in the unrolled
 * loops below, whatever k is. */
template <bool LOWER> __host__ __device__ constexpr int packed(int i, int j)
{
    return LOWER ? i * (i + 1) / 2 + j : j * (j + 1) / 2 + i;
}

/* x := alpha-scaled vector through M, in registers: M x for TRMM, M^-1 x for TRSM (there
 * m() gives the diagonal's reciprocals and the rest negated); m(i, j) = M(i, j) from the
 * caller's packing. Both kernels below run this.
 *
 * Column by column (axpy form): once x_j is final, or still original for TRMM, it goes into
 * every row it touches at once, x_i += M(i, j) x_j. Those K - 1 - j updates are
 * independent, so the chain a thread waits on is one FMA and one multiply per column (the
 * dot-product form, s += M(i, j) x_j along a row, chained all K (K + 1) / 2 FMAs of a
 * vector). Measured alone it changed little (DTRSM 32: 0.248 ms either way): the time
 * went to memory latency and instructions, see trxm_warp_kernel. */
template <typename T, int K, bool LOWER, bool SOLVE, class Mf>
__device__ __forceinline__ void trxm_columns(T (&x)[K], int k, Mf m)
{
    /* TRSM walks the columns in the substitution's order (forward for lower M); TRMM in
     * the other, so that a column is used before its own row is scaled or updated */
#pragma unroll
    for (int q = 0; q < K; ++q) {
        const int j = LOWER == SOLVE ? q : K - 1 - q;
        if (j >= k)
            continue;
        if (SOLVE) /* x_j final: times the diagonal's reciprocal */
            x[j] = Sc<T>::mul(x[j], m(j, j));
#pragma unroll
        for (int i = 0; i < K; ++i)
            if (i < k && (LOWER ? i > j : i < j))
                x[i] = Sc<T>::fma(m(i, j), x[j], x[i]);
        if (!SOLVE) /* x_j went into the other rows unscaled; now its own row */
            x[j] = Sc<T>::mul(m(j, j), x[j]);
    }
}

/* One vector x (k elements, si apart from x0, in shared memory) through M (sM, packed by
 * rows or columns as packed() says). */
template <typename T, int K, bool LOWER, bool SOLVE>
__device__ __forceinline__ void trxm_vector(T *x0, int si, int k, T alpha, const T *sM)
{
    T x[K];

#pragma unroll
    for (int i = 0; i < K; ++i)
        x[i] = i < k ? Sc<T>::mul(alpha, x0[i * si]) : Sc<T>::zero();
    trxm_columns<T, K, LOWER, SOLVE>(x, k, [&](int i, int j) { return sM[packed<LOWER>(i, j)]; });
#pragma unroll
    for (int i = 0; i < K; ++i)
        if (i < k)
            x0[i * si] = x[i];
}

/* The elements e = t, t + step, ... of an F-by-S index space (F the fast dimension) as
 * (f, s) = (e % F, e / F), with one division up front instead of one per element. */
struct Walk {
    int f, s, df, ds, F;
    __device__ Walk(int t, int step, int F_) : f(t % F_), s(t / F_), df(step % F_), ds(step / F_), F(F_) {}
    __device__ void next()
    {
        f += df;
        s += ds;
        if (f >= F) {
            f -= F;
            ++s;
        }
    }
};

/* Staging into shared memory with U loads in flight per thread: get(f, s, v) says whether
 * element (f, s) of the walk is wanted and loads it into v, put(f, s, v) stores it. All U
 * loads of a round are issued before the first store waits on one, so a thread pays the
 * memory latency once per U elements (one element per round left the kernel waiting on
 * DRAM at the low occupancy its registers allow). */
constexpr int U = 8;
template <typename T, class Get, class Put>
__device__ __forceinline__ void staged(int t, int step, int F, int S, Get get, Put put)
{
    for (Walk w(t, step, F); w.s < S;) {
        T v[U];
        int f[U], s[U];
        bool ok[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
            f[u] = w.f;
            s[u] = w.s;
            ok[u] = w.s < S && get(w.f, w.s, v[u]);
            w.next();
        }
#pragma unroll
        for (int u = 0; u < U; ++u)
            if (ok[u])
                put(f[u], s[u], v[u]);
    }
}

/* Shared memory of one matrix, in elements: the packed triangle, then a chunk of tpm
 * vectors with a pitch of tpm + 1 (odd: the staging loads hit distinct banks). */
__host__ __device__ constexpr int tri_elems(int k) { return k * (k + 1) / 2; }
__host__ __device__ constexpr int per_matrix(int k, int tpm) { return tri_elems(k) + k * (tpm + 1); }

template <typename T, int K, bool LOWER, bool SOLVE>
__global__ void __launch_bounds__(TPB, min_blocks<T>())
trxm_batch_kernel(bool left, bool trans, bool conj, bool unit, int k, int64_t nvec, int tpm,
                  int mpb, T alpha, T *const *Aarr, T *A, int64_t lda, int64_t strideA,
                  int64_t offA, T *const *Barr, T *B, int64_t ldb, int64_t strideB,
                  int64_t offB, int64_t batch)
{
#ifdef KBLASF_CUDA_EMU /* the host emulator has static shared memory only */
    __shared__ double2 smem_raw[SMEM_MAX / sizeof(double2)];
#else
    extern __shared__ double2 smem_raw[]; /* 16-byte aligned for every T */
#endif
    const int lm = threadIdx.x / tpm, t = threadIdx.x % tpm, pitch = tpm + 1;
    T *sM = reinterpret_cast<T *>(smem_raw) + lm * per_matrix(k, tpm);
    T *sB = sM + tri_elems(k); /* element i of the chunk's vector j at sB[i*pitch + j] */
    /* the block is whole warps: threads past mpb matrices only join the barriers */
    const int64_t b = lm < mpb ? (int64_t)blockIdx.x * mpb + lm : batch;
    const bool zero = Sc<T>::is_zero(alpha), lowerA = LOWER != trans;
    T *Bb = nullptr;

    if (b < batch) {
        Bb = mat(Barr, B, strideB, b) + offB;
        const T *Ab = mat(Aarr, A, strideA, b) + offA;
        /* A(r, c) down A's columns: the stored triangle, and the diagonal unless unit */
        if (!zero)
            staged<T>(t, tpm, k, k,
                [&](int r, int c, T &v) {
                    if (r == c ? unit : (lowerA ? r < c : r > c))
                        return false;
                    v = Sc<T>::ld(Ab + r + (int64_t)c * lda);
                    return true;
                },
                [&](int r, int c, T v) {
                    if (conj)
                        v = Sc<T>::conj(v);
                    if (r == c)
                        sM[packed<LOWER>(r, r)] = v;
                    else
                        sM[trans ? packed<LOWER>(c, r) : packed<LOWER>(r, c)] =
                            SOLVE ? Sc<T>::sub(Sc<T>::zero(), v) : v;
                });
        if (unit && !zero)
            for (int r = t; r < k; r += tpm)
                sM[packed<LOWER>(r, r)] = Sc<T>::one();
    }
    /* TRSM: the diagonal's reciprocals, once each (in the unrolled staging every element
     * would carry the division's code, three in complex), after the staging's stores */
    if (SOLVE && !unit && !zero) {
        __syncthreads();
        if (b < batch)
            for (int r = t; r < k; r += tpm)
                sM[packed<LOWER>(r, r)] = Sc<T>::recip(sM[packed<LOWER>(r, r)]);
    }
    /* chunks of tpm vectors; every thread of the block takes the same turns (barriers) */
    for (int64_t v0 = (int64_t)blockIdx.y * tpm; v0 < nvec; v0 += (int64_t)gridDim.y * tpm) {
        const int nv = nvec - v0 < tpm ? (int)(nvec - v0) : tpm;
        /* element i of vector v: B(i, v) for side L (coalesced along i), B(v, i) for R
         * (coalesced along v); the same walk loads and stores */
        if (b < batch && !zero)
            staged<T>(t, tpm, left ? k : nv, left ? nv : k,
                [&](int f, int s, T &v) {
                    v = ld_rw(Bb + (left ? f + (v0 + s) * ldb : v0 + f + s * ldb));
                    return true;
                },
                [&](int f, int s, T v) { sB[left ? f * pitch + s : s * pitch + f] = v; });
        __syncthreads();
        if (b < batch && !zero && t < nv)
            trxm_vector<T, K, LOWER, SOLVE>(sB + t, pitch, k, alpha, sM);
        __syncthreads();
        if (b < batch)
            for (Walk w(t, tpm, left ? k : nv); w.s < (left ? nv : k); w.next()) {
                const int i = left ? w.f : w.s, j = left ? w.s : w.f;
                Bb[left ? i + (v0 + j) * ldb : v0 + j + i * ldb] =
                    zero ? Sc<T>::zero() : sB[i * pitch + j];
            }
        __syncthreads(); /* sB is the next chunk's */
    }
}

/* ---- Orders 17 to 32: a warp per matrix (trxm_warp_kernel)
 *
 * At these orders the kernel above issued about 6.7k instructions a matrix (ncu: its
 * general staging walk does index arithmetic per element) with 160-170 registers, 12
 * warps an SM, 0.246 ms for DTRSM 32 at batch 10240. Here a warp owns one matrix and each
 * loop runs over a fixed 32, so every address in shared memory is a constant plus a lane
 * term computed once, and each pass issues all its loads before its first store (a warp
 * issues in order: interleaved, each column paid a memory latency, and this kernel took
 * 0.281 ms; with the loads first 0.138 ms):
 *  - M is packed by columns (M(i, j) of column j consecutive in i), each column of A read
 *    by the lanes down the column (coalesced); a transposed A is transposed on the way in,
 *    conjugated where op = 'C', the diagonal replaced by its reciprocal for TRSM (1 for a
 *    unit diagonal, never read) and the rest negated, so every step is an FMA;
 *  - side R: a vector is a row of B, lane t's row, loaded straight into registers (lanes
 *    read consecutive rows: coalesced); side L: a vector is a column of B, so the chunk of
 *    32 columns goes through a 32 x 33 tile (lanes down each column in, lane t's column
 *    out, both conflict-free);
 *  - the vector is solved or multiplied by trxm_columns, as in the kernel above, reading
 *    M column by column at constant offsets (broadcasts).
 * More than 32 vectors: the warp walks chunks of 32, and blockIdx.y spreads the chunks
 * (each such block reads its own copy of M, as above). */
constexpr int KW = 32;
/* where column j of a lower M starts in the warp's packed triangle */
__host__ __device__ constexpr int wtri(int j) { return j * KW - j * (j - 1) / 2; }

/* Where M(i, j) lies in the warp's packed triangle (lower M: columns from the diagonal
 * down; upper M: columns from the top to the diagonal). */
template <bool LOWER> __host__ __device__ constexpr int wpacked(int i, int j)
{
    return LOWER ? wtri(j) + (i - j) : j * (j + 1) / 2 + i;
}

/* shared memory of one warp, in elements: the packed triangle, then the 32 x 33 tile
 * (side L only); as many warps a block as fit 48 KB, at most 4 */
constexpr int WARP_ELEMS = KW * (KW + 1) / 2 + KW * (KW + 1);
template <typename T> __host__ __device__ constexpr int warps_per_block_w()
{
    return SMEM_MAX / (WARP_ELEMS * sizeof(T)) < 4 ? (int)(SMEM_MAX / (WARP_ELEMS * sizeof(T)))
                                                    : 4;
}

/* Blocks an SM: as many as their shared memory allows (228 KB, 1 KB reserved a block: 5 of
 * 3 warps in 8-byte types, 6 of 4 in float), except TRMM in single and single complex, held
 * to 4 so that the kernel does not spill (at 5 and 6 it spilled 124-300 bytes a thread; at 4,
 * H100, n = 32, batch 10240: STRMM 0.094 against 0.096 ms, CTRMM 0.149-0.151 against 0.153-
 * 0.154). Double TRMM spills 212 bytes at 5 and is still faster there than at 4 (0.131-0.132
 * against 0.142-0.143 ms); double complex is one block of 254 registers either way. */
template <typename T, bool SOLVE> __host__ __device__ constexpr int warp_min_blocks()
{
    if (sizeof(T) == 16)
        return 1;
    if (!SOLVE && !std::is_same<T, double>::value) /* single and single complex TRMM */
        return 4;
    return sizeof(T) == 8 ? 5 : 6;
}

template <typename T, bool LOWER, bool SOLVE>
__global__ void __launch_bounds__(32 * warps_per_block_w<T>(), warp_min_blocks<T, SOLVE>())
trxm_warp_kernel(bool left, bool trans, bool conj, bool unit, int k, int64_t nvec, T alpha,
                 T *const *Aarr, T *A, int64_t lda, int64_t strideA, int64_t offA,
                 T *const *Barr, T *B, int64_t ldb, int64_t strideB, int64_t offB,
                 int64_t batch)
{
    constexpr int WPB = warps_per_block_w<T>(), P = KW + 1;
    __shared__ T smem[WPB * WARP_ELEMS];
    const int w = threadIdx.x / 32, t = threadIdx.x % 32;
    const int64_t b = (int64_t)blockIdx.x * WPB + w;
    if (b >= batch)
        return; /* the whole warp: no block-wide barrier below */
    T *sM = smem + w * WARP_ELEMS;
    T *sB = sM + KW * (KW + 1) / 2; /* element i of the chunk's vector v at sB[i + v*P] */
    const bool zero = Sc<T>::is_zero(alpha), lowerA = LOWER != trans;
    T *Bb = mat(Barr, B, strideB, b) + offB;

    if (!zero) {
        const T *Ab = mat(Aarr, A, strideA, b) + offA;
        /* lane t reads row t of A down each column c; M(i, j) = A(t, c) or, transposed,
         * A(c, t): the packed place is a constant in c plus a lane term */
        const int lane_col = LOWER ? wtri(t) - t : t * (t + 1) / 2; /* M(c, t)'s base */
        auto wanted = [&](int c) {
            return c < k && t < k && (t == c ? !unit : (lowerA ? t >= c : t <= c));
        };
        /* every load issued before the first store waits on one (a warp issues in order:
         * a store right after its load would pay the memory latency per column) */
        T a[KW];
#pragma unroll
        for (int c = 0; c < KW; ++c)
            a[c] = wanted(c) ? Sc<T>::ld(Ab + t + (int64_t)c * lda) : Sc<T>::zero();
#pragma unroll
        for (int c = 0; c < KW; ++c) {
            if (!wanted(c))
                continue;
            T v = conj ? Sc<T>::conj(a[c]) : a[c];
            if (SOLVE && t != c)
                v = Sc<T>::sub(Sc<T>::zero(), v);
            sM[trans ? lane_col + c : wpacked<LOWER>(t, c)] = v;
        }
        /* the diagonal, written by its own lane: its reciprocal once, here (inside the
         * unrolled loop every column paid for the division, three in complex) */
        T *dg = sM + wpacked<LOWER>(t, t);
        if (unit && t < k)
            *dg = Sc<T>::one();
        else if (SOLVE && t < k)
            *dg = Sc<T>::recip(*dg);
        __syncwarp();
    }
    for (int64_t v0 = (int64_t)blockIdx.y * KW; v0 < nvec; v0 += (int64_t)gridDim.y * KW) {
        const int nv = nvec - v0 < KW ? (int)(nvec - v0) : KW;
        T x[KW];
        if (left) { /* the chunk's columns through the tile */
            if (!zero) { /* loads first, then stores, as for A */
#pragma unroll
                for (int c = 0; c < KW; ++c)
                    x[c] = c < nv && t < k ? ld_rw(Bb + t + (v0 + c) * ldb) : Sc<T>::zero();
#pragma unroll
                for (int c = 0; c < KW; ++c)
                    sB[t + c * P] = x[c];
                __syncwarp();
            }
#pragma unroll
            for (int i = 0; i < KW; ++i)
                x[i] = !zero && i < k && t < nv ? sB[i + t * P] : Sc<T>::zero();
        } else {
#pragma unroll
            for (int i = 0; i < KW; ++i)
                x[i] = !zero && i < k && t < nv ? ld_rw(Bb + (v0 + t) + i * ldb) : Sc<T>::zero();
        }
        if (!zero) {
#pragma unroll
            for (int i = 0; i < KW; ++i)
                x[i] = Sc<T>::mul(alpha, x[i]);
            trxm_columns<T, KW, LOWER, SOLVE>(
                x, k, [&](int i, int j) { return sM[wpacked<LOWER>(i, j)]; });
        }
        if (left) {
            __syncwarp(); /* every lane done reading the tile */
#pragma unroll
            for (int i = 0; i < KW; ++i)
                if (t < nv)
                    sB[i + t * P] = x[i];
            __syncwarp();
#pragma unroll
            for (int c = 0; c < KW; ++c)
                x[c] = sB[t + c * P];
#pragma unroll
            for (int c = 0; c < KW; ++c)
                if (c < nv && t < k)
                    Bb[t + (v0 + c) * ldb] = x[c];
            __syncwarp(); /* the tile is the next chunk's */
        } else {
#pragma unroll
            for (int i = 0; i < KW; ++i)
                if (i < k && t < nv)
                    Bb[(v0 + t) + i * ldb] = x[i];
        }
    }
}

template <typename T, bool LOWER, bool SOLVE>
cudaError_t trxm_warp_launch(cudaStream_t s, bool left, bool trans, bool conj, bool unit, int k,
                             int64_t nvec, T alpha, T *const *Aarr, T *A, int64_t lda,
                             int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                             int64_t strideB, int64_t offB, int64_t batch)
{
    constexpr int WPB = warps_per_block_w<T>();
    const int64_t gx = (batch + WPB - 1) / WPB, gy = (nvec + KW - 1) / KW;
    if (gx > 0x7fffffff)
        return cudaErrorInvalidValue;
    return launch(trxm_warp_kernel<T, LOWER, SOLVE>,
                  dim3((unsigned)gx, (unsigned)(gy < 65535 ? gy : 65535)), dim3(32 * WPB), s,
                  false, left, trans, conj, unit, k, nvec, alpha, Aarr, A, lda, strideA, offA,
                  Barr, B, ldb, strideB, offB, batch);
}

template <typename T, int K, bool LOWER, bool SOLVE>
cudaError_t trxm_launch(cudaStream_t s, bool left, bool trans, bool conj, bool unit, int k,
                        int64_t nvec, T alpha, T *const *Aarr, T *A, int64_t lda,
                        int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                        int64_t strideB, int64_t offB, int64_t batch)
{
    int tpm = nvec < TPB ? (int)nvec : TPB, mpb;
    int64_t gx, gy;

    /* one matrix must fit (k = 32, double complex: 64 vectors a chunk) */
    while (per_matrix(k, tpm) * sizeof(T) > SMEM_MAX)
        tpm /= 2;
    const size_t per = per_matrix(k, tpm) * sizeof(T);
    mpb = TPB / tpm;
    if ((size_t)mpb * per > SMEM_MAX)
        mpb = (int)(SMEM_MAX / per);
    gx = (batch + mpb - 1) / mpb;
    gy = (nvec + tpm - 1) / tpm;
    if (gx > 0x7fffffff)
        return cudaErrorInvalidValue;
    cudaLaunchConfig_t cfg = {};
    /* beyond 65535 blocks of vectors the kernel loops over them */
    cfg.gridDim = dim3((unsigned)gx, (unsigned)(gy < 65535 ? gy : 65535));
    /* whole warps (the padding threads only join the barriers) */
    cfg.blockDim = dim3((unsigned)((mpb * tpm + 31) / 32 * 32));
    cfg.dynamicSmemBytes = mpb * per;
    cfg.stream = s;
    /* the largest shared-memory carveout, so that the blocks the registers allow (up to
     * 6 of 27 KB at K = 16 in double) also fit; once per device */
    static std::atomic<bool> carved[kMaxDevices];
    const cudaError_t e = func_attr_once(
        reinterpret_cast<const void *>(trxm_batch_kernel<T, K, LOWER, SOLVE>),
        cudaFuncAttributePreferredSharedMemoryCarveout, (int)cudaSharedmemCarveoutMaxShared,
        carved);
    if (e != cudaSuccess)
        return e;
    return cudaLaunchKernelEx(&cfg, trxm_batch_kernel<T, K, LOWER, SOLVE>, left, trans, conj,
                              unit, k, nvec, tpm, mpb, alpha, Aarr, A, lda, strideA, offA, Barr,
                              B, ldb, strideB, offB, batch);
}

template <typename T, int K>
cudaError_t trxm_k(cudaStream_t s, bool solve, bool lowerM, bool left, bool trans, bool conj,
                   bool unit, int k, int64_t nvec, T alpha, T *const *Aarr, T *A, int64_t lda,
                   int64_t strideA, int64_t offA, T *const *Barr, T *B, int64_t ldb,
                   int64_t strideB, int64_t offB, int64_t batch)
{
#define TRXM_CASE(LO, SO)                                                                     \
    if (lowerM == LO && solve == SO) {                                                        \
        if constexpr (K == KW)                                                                \
            return trxm_warp_launch<T, LO, SO>(s, left, trans, conj, unit, k, nvec, alpha, Aarr,  \
                                               A, lda, strideA, offA, Barr, B, ldb, strideB,  \
                                               offB, batch);                                  \
        else                                                                                  \
            return trxm_launch<T, K, LO, SO>(s, left, trans, conj, unit, k, nvec, alpha, Aarr,    \
                                             A, lda, strideA, offA, Barr, B, ldb, strideB, offB,  \
                                             batch);                                          \
    }
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
