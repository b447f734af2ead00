/* batch_common.cuh — what the batched kernels (batch_small.cu, batch_block.cu, batch_potri.cu)
 * share: where matrix b of a batch lies, a group's broadcast loads from shared memory, c - a*b
 * fused, the FP64 tensor cores' product, a column of the Cholesky on rows, and the store of
 * its info in the caller's integer width.
 * Internal to cuda/; like cuda_scalar.cuh, everything lives in an unnamed namespace so that
 * each .cu file has its own copy. */
#ifndef KBLASF_BATCH_COMMON_CUH
#define KBLASF_BATCH_COMMON_CUH

#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

/* Matrix b of a batch: arr[b] when the caller gave an array of pointers (arr != NULL),
 * else base + b*stride (a stride of 0 with a batch of 1 is legal). */
template <class P>
__device__ __forceinline__ P *mat(P *const *arr, P *base, int64_t stride, int64_t b)
{
    return arr ? arr[b] : base + b * stride;
}

/* elements of T in one 16-byte broadcast load */
template <typename T> __host__ __device__ constexpr int bcast_len() { return 16 / (int)sizeof(T); }

/* the lanes of a group of G (8, 16 or 32) lanes of a warp, lane t of the thread block being
 * one of them */
template <int G> __device__ __forceinline__ unsigned group_mask(int t)
{
    return G == 32 ? 0xffffffffu : ((1u << (G % 32)) - 1) << (t % 32 / G * G);
}

/* v[k] = p[k] for k0 <= k < k1 (k1 <= G), every lane of a group reading the same
 * addresses: 16-byte loads from shared memory (2 doubles, 4 floats or one double complex an
 * instruction; a shuffle moves 32 bits). p is 16-byte aligned; k0 and k1 are constants once
 * the caller's loop is unrolled, so are the chunks taken. */
template <int G, typename T>
__device__ __forceinline__ void bcast_load(const T *p, int k0, T (&v)[G], int k1 = G)
{
    constexpr int E = bcast_len<T>(); /* elements per load */
    static_assert(G % E == 0, "whole loads");
#pragma unroll
    for (int q = 0; q < G; q += E) {
        if (q + E <= k0 || q >= k1)
            continue;
        const uint4 u = *reinterpret_cast<const uint4 *>(p + q);
        T e[E];
        memcpy(e, &u, 16);
#pragma unroll
        for (int i = 0; i < E; ++i)
            if (q + i >= k0 && q + i < k1)
                v[q + i] = e[i];
    }
}

/* the leading dimension of a group's G x LD tile whose columns stay 16-byte aligned (for
 * bcast_load): G plus the elements of 16 bytes */
template <typename T, int G> __host__ __device__ constexpr int tile_ld()
{
    return G + bcast_len<T>();
}

/* a row of G elements of T alone is 128 registers: no room to hold a column of it beside */
template <typename T, int G> __host__ __device__ constexpr bool row_wide()
{
    return G * sizeof(T) >= 512;
}

/* warps a thread block whose warps take `bytes` of static shared memory each: as many as
 * fit the 48 KB a block may have without opt-in, at most 4 */
__host__ __device__ constexpr int warps_fitting(size_t bytes)
{
    return 48 * 1024 / bytes < 4 ? (int)(48 * 1024 / bytes) : 4;
}

/* warps a thread block of groups of G lanes, each group with a G x LD tile of T: 4, or 2
 * where the tiles would pass 48 KB (double complex at G = 32) */
template <typename T, int G, int LD> __host__ __device__ constexpr int tile_warps()
{
    return warps_fitting((size_t)32 * LD * sizeof(T));
}

/* c - a*b, fused (the negations fold into the FMAs) */
template <typename T> __device__ __forceinline__ T fnma(T a, T b, T c)
{
    if constexpr (Sc<T>::complex) {
        T o;
        o.x = fm(-a.x, b.x, fm(a.y, b.y, c.x));
        o.y = fm(-a.x, b.y, fm(-a.y, b.x, c.y));
        return o;
    } else {
        return fm(-a, b, c);
    }
}

/* The FP64 tensor cores (DMMA, sm_80 on): dmma_884(d0, d1, a, b) adds an 8 x 4 by 4 x 8
 * product to an 8 x 8 block D held by the warp, all 32 lanes taking part. Lane l holds
 * A(l/4, l%4) in a, B(l%4, l/4) in b, and D(l/4, 2(l%4)) and D(l/4, 2(l%4) + 1) in d0, d1.
 * The host emulator computes the same by shuffles, and so does a device pass for an older
 * GPU (KBLASF_DMMA 0), where only potrf_leaf_dmma.cuh's leaf may call it. */
#if (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800) || defined(KBLASF_CUDA_EMU)
#define KBLASF_DMMA 1
#else
#define KBLASF_DMMA 0
#endif
__device__ __forceinline__ void dmma_884(double &d0, double &d1, double a, double b)
{
#if KBLASF_DMMA && !defined(KBLASF_CUDA_EMU)
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
        : "+d"(d0), "+d"(d1)
        : "d"(a), "d"(b));
#else /* the host emulator, and a device pass without DMMAs (potrf_leaf_dmma.cuh's leaf,
       * run from code JIT-compiled for an older GPU) */
#ifdef KBLASF_CUDA_EMU
    const int lane = emu_lane & 31;
#else
    const int lane = threadIdx.x & 31;
#endif
    const int g = lane >> 2, t = lane & 3;
    for (int k = 0; k < 4; ++k) {
        const double ak = __shfl_sync(0xffffffffu, a, 4 * g + k);
        const double b0 = __shfl_sync(0xffffffffu, b, 8 * t + k);
        const double b1 = __shfl_sync(0xffffffffu, b, 8 * t + 4 + k);
        d0 = fm(ak, b0, d0);
        d1 = fm(ak, b1, d1);
    }
#endif
}

/* Two 8 x 8 blocks D (d0, d1) and E (e0, e1) on top of each other, each plus its own 8 x 4 A
 * (a for D, a2 for E) times one shared 4 x 8 B: dmma_884(d0, d1, a, b) and dmma_884(e0, e1,
 * a2, b), fragments as there. On sm_90 that is one m16n8k4 MMA, whose A and D are the two
 * stacked; the FP64 tensor cores run it at twice m8n8k4's rate (H200: 65 against 33 TFLOP/s
 * over all SMs, the same issue rate; bench/probe_dmma_shapes.cu, bench/results/
 * H200-2026-11-29-stop52-dmma-shapes-leaf-pairs.txt). Elsewhere (sm_80..89, the host
 * emulator) two m8n8k4s. */
__device__ __forceinline__ void dmma_1684(double &d0, double &d1, double &e0, double &e1, double a,
                                          double a2, double b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(KBLASF_CUDA_EMU)
    asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, "
        "{%0, %1, %2, %3};"
        : "+d"(d0), "+d"(d1), "+d"(e0), "+d"(e1)
        : "d"(a), "d"(a2), "d"(b));
#else
    dmma_884(d0, d1, a, b);
    dmma_884(e0, e1, a2, b);
#endif
}

/* dmma_1684 over k = 0..7: the stacked blocks D, E plus A (a, a2: k = 0..3; ah, a2h: k = 4..7)
 * times B (b: k = 0..3, bh: k = 4..7), fragments as dmma_884's in each half. On sm_90 one
 * m16n8k8 MMA, whose A fragment is exactly these four and B's these two (checked against
 * dmma_1684 twice through the leaf's residuals). It runs at the rate of m16n8k4 in flops
 * (66 against 65 TFLOP/s) with half the instructions, and its latency (54 cycles) is shorter
 * than two dependent m16n8k4s (2 x 37). Elsewhere two dmma_1684s, k = 0..3 first. */
__device__ __forceinline__ void dmma_1688(double &d0, double &d1, double &e0, double &e1, double a,
                                          double a2, double ah, double a2h, double b, double bh)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(KBLASF_CUDA_EMU)
    asm("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};"
        : "+d"(d0), "+d"(d1), "+d"(e0), "+d"(e1)
        : "d"(a), "d"(a2), "d"(ah), "d"(a2h), "d"(b), "d"(bh));
#else
    dmma_1684(d0, d1, e0, e1, a, a2, b);
    dmma_1684(d0, d1, e0, e1, ah, a2h, bh);
#endif
}

/* Where a warp's DMMAs (dmma_884) may serve: real double at G = 32, where a warp is one
 * matrix, so that its every exit (past the batch, a zero on POTRI's diagonal, a failed pivot
 * of POTRF or POTI) leaves the whole warp and the DMMAs have all their lanes. */
template <typename T, int G> __host__ __device__ constexpr bool warp_dmma()
{
    return KBLASF_DMMA && !Sc<T>::complex && sizeof(T) == 8 && G == 32;
}

/* Column j of a right-looking Cholesky on rows (batch_small.cu's POTRF, batch_potri.cu's
 * POTI): lane r of the group (lanes m) holds row r of the Hermitian matrix in x, its columns
 * unscaled (A(r, k) -= A(r, j) conj(A(k, j)) / d_j, no square roots). Column j goes to the
 * group through cj (G elements of shared memory; the caller alternates two, so that one
 * __syncwarp a column orders them) and comes back by broadcasts, CH entries at a time: CH = G
 * loads the pivot and every entry below it before the pivot's test, so that they overlap
 * it; a smaller CH (a multiple of the elements in 16 bytes, or 1: each entry read where it
 * is used) holds fewer registers, for a row of 128 registers or a tighter register budget.
 * Returns the pivot d_j = A(j, j); x is updated only when it is positive (not NaN: the same
 * decision in every lane), rows r <= j adding 0. */
/* chol_column's CH for a group of G lanes: one entry at a time where a row is wide, 8 where
 * the caller holds its kernel to a tight register budget, else the whole column */
template <typename T, int G> __host__ __device__ constexpr int chol_chunk(bool tight)
{
    return row_wide<T, G>() ? 1 : tight ? 8 : G;
}

template <int CH, int G, typename T>
__device__ __forceinline__ typename Sc<T>::Real chol_column(int j, int r, unsigned m,
                                                            T (&x)[G], T *cj)
{
    using R = typename Sc<T>::Real;
    cj[r] = x[j];
    __syncwarp(m);
    T c[G]; /* A(k, j), k >= j */
    if constexpr (CH >= G)
        bcast_load<G>(cj, j, c);
    else
        c[j] = cj[j];
    const R d = Sc<T>::re(c[j]);
    if (d > R(0)) {
        const T w = Sc<T>::mulr(x[j], r > j ? -rcp_pos(d) : R(0));
#pragma unroll
        for (int k0 = 0; k0 < G; k0 += CH) {
            if (k0 + CH <= j + 1)
                continue;
            if constexpr (CH > 1 && CH < G)
                bcast_load<G>(cj, k0 > j + 1 ? k0 : j + 1, c, k0 + CH);
#pragma unroll
            for (int k = k0; k < k0 + CH; ++k) {
                if (k <= j)
                    continue;
                if constexpr (CH == 1)
                    c[k] = cj[k];
                x[k] = Sc<T>::fmac(c[k], w, x[k]);
            }
        }
    }
    return d;
}

/* info[b] := v, info being the caller's kblasf_int array: int32_t or int64_t by configure
 * (KBLASF_ILP64), so the C ABI passes its width in bytes (4 or 8; checked by the host
 * side of each kernel). */
__device__ __forceinline__ void set_info(void *info, int bytes, int64_t b, int64_t v)
{
    if (bytes == 4)
        static_cast<int32_t *>(info)[b] = (int32_t)v;
    else
        static_cast<int64_t *>(info)[b] = v;
}

/* info[b] */
__device__ __forceinline__ int64_t get_info(const void *info, int bytes, int64_t b)
{
    return bytes == 4 ? static_cast<const int32_t *>(info)[b]
                      : static_cast<const int64_t *>(info)[b];
}

/* info[b] as a factorization reports column v (1-based, 0: none failed) of its matrix.
 * ioff == 0: info[b] := v. ioff > 0: the matrix is the trailing block from column ioff of
 * a larger factorization whose earlier blocks reported first, so an earlier failure stays
 * and a failure here reads ioff + v. */
__device__ __forceinline__ void report_info(void *info, int bytes, int64_t b, int64_t v,
                                            int64_t ioff)
{
    if (ioff == 0) {
        set_info(info, bytes, b, v);
        return;
    }
    if (v != 0 && get_info(info, bytes, b) == 0)
        set_info(info, bytes, b, ioff + v);
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_BATCH_COMMON_CUH */
