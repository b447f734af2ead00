/* trsm_few.cu — triangular solve with few right-hand sides (at most 16) in one persistent
 * kernel, so that the dependency chain through the diagonal blocks is not a chain of
 * launches.
 *
 * The solve is M X = alpha B with M the effective matrix of order k (A, A^T, A^H or conj(A)),
 * lower or upper as seen from the order of the solve, cut into blocks of order NB. In the
 * order of the solve (logical block q, physical block p(q)):
 *     X_q = inv(M_qq) (alpha B_q - sum_{i<q} M_qi X_i)
 * One thread block, the chain, computes X_0, X_1, ... one after the other and keeps the
 * last two in shared memory, applying M_{q,q-1} and M_{q,q-2} itself; every other thread
 * block is a worker that adds the older terms M_qi X_i (i <= q-3) tile by tile into a
 * partial sum in global memory, as soon as X_i is out. The chain's step is then two small
 * products from registers, one from shared memory and a fence; what it reads from global
 * memory (the partial sum, the next blocks of A and of the inverses) it fetches a step
 * ahead.
 *
 * Roles and tiles are handed out by tickets taken in order from a global counter: ticket 0
 * is the chain, the others the tiles column by column. The chain's step q needs the tiles
 * of row q+1 from columns <= q-2, whose tickets come before every tile that waits on a later
 * X: those are held by running thread blocks that can finish, so nothing deadlocks, however
 * many thread blocks are resident.
 * Signalling (as cooperative groups' grid barrier): data written, barrier, then one thread
 * fences and writes the flag; the reader's one thread spins on the flag with acquire loads,
 * barrier, then everyone reads through L2 (ld.cg), never a stale L1.
 * The inverses of the diagonal blocks of A come precomputed (trtri_diag). */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"
#include <cuda_pipeline.h>

namespace kblasf {
namespace {

constexpr int THREADS = 256;

template <typename T> struct FewArgs {
    const T *A;
    int64_t lda;
    const T *inv;       /* inverses of A's diagonal blocks: block p at p*NB*(NB+1), ld NB */
    T *B;
    int64_t sj, sr;     /* element (position j, right-hand side s) at B[j*sj + s*sr] */
    T *partial;         /* k x nrhs sums of M_qi X_i, i <= q-3 (zeroed) */
    int *count;         /* per logical block: tiles added into its partial sum (zeroed) */
    int *flag;          /* per logical block: X_q written (zeroed) */
    int *ticket;        /* (zeroed) */
    int64_t k;
    int nrhs, nblk, ntiles;
    bool lowerM, trM, cj;
    T alpha;
};

__device__ __forceinline__ float ldcg(const float *p) { return __ldcg(p); }
__device__ __forceinline__ double ldcg(const double *p) { return __ldcg(p); }
__device__ __forceinline__ cuFloatComplex ldcg(const cuFloatComplex *p) { return __ldcg(p); }
__device__ __forceinline__ cuDoubleComplex ldcg(const cuDoubleComplex *p) { return __ldcg(p); }
__device__ __forceinline__ float sub(float a, float b) { return a - b; }
__device__ __forceinline__ double sub(double a, double b) { return a - b; }
__device__ __forceinline__ cuFloatComplex sub(cuFloatComplex a, cuFloatComplex b) { return cuCsubf(a, b); }
__device__ __forceinline__ cuDoubleComplex sub(cuDoubleComplex a, cuDoubleComplex b) { return cuCsub(a, b); }

/* Counters and flags sit PAD ints apart, one per 128-byte line, and are polled with plain
 * volatile loads (ld.volatile goes to L2) with a short back-off, so that the pollers do not
 * queue atomics in front of the writers. */
constexpr int PAD = 32;
__device__ __forceinline__ int load_acquire(const int *p)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
/* Returns once *p >= v; what was written before the matching release is visible to this
 * thread, and to its thread block after a barrier. No fence: a fence would also wait for
 * the prefetches in flight. */
__device__ __forceinline__ void wait_at_least(const int *p, int v, bool backoff)
{
    while (load_acquire(p) < v)
        if (backoff) __nanosleep(100);
}

/* The layout of one block in a thread block: NB rows, CG column groups (CG lanes of a warp
 * side by side), thread (r, g) holds M(r, g + CG*u) for u < U. After a product the CG
 * lanes of a row are summed by shuffles, and lane g keeps right-hand sides s = g + CG*v. */
template <typename T, int NB, int NR> struct L {
    static constexpr int CG = THREADS / NB, U = NB / CG, OWN = (NR + CG - 1) / CG;
    static_assert(32 % CG == 0, "column groups within a warp");
    __device__ static int row() { return (threadIdx.x / 32) * (32 / CG) + (threadIdx.x % 32) / CG; }
    __device__ static int grp() { return threadIdx.x % CG; }
};

/* m[u] = M(R + r, C + g + CG u) from the column-major P (ld): M is P or P^T (trM),
 * conjugated when cj; zero outside nr x nc */
template <typename T, int NB, int NR>
__device__ __forceinline__ void load_regs(T (&m)[L<T, NB, NR>::U], const T *P, int64_t ld,
                                          int64_t R, int nr, int64_t C, int nc, bool trM, bool cj)
{
    using Ly = L<T, NB, NR>;
    const int r = Ly::row(), g = Ly::grp();
#pragma unroll
    for (int u = 0; u < Ly::U; ++u) {
        const int c = g + Ly::CG * u;
        T v = Sc<T>::zero();
        if (r < nr && c < nc)
            v = Sc<T>::ld(trM ? P + ((C + c) + (R + r) * ld) : P + ((R + r) + (C + c) * ld));
        m[u] = cj ? Sc<T>::conj(v) : v;
    }
}

/* y[s] += sum_u m[u] x[g + CG u][s], then summed over the row's CG lanes */
template <typename T, int NB, int NR>
__device__ __forceinline__ void product(const T (&m)[L<T, NB, NR>::U], const T (*x)[NR + 1],
                                        T (&y)[NR])
{
    using Ly = L<T, NB, NR>;
    const int g = Ly::grp();
#pragma unroll
    for (int u = 0; u < Ly::U; ++u)
#pragma unroll
        for (int s = 0; s < NR; ++s) y[s] = Sc<T>::fma(m[u], x[g + Ly::CG * u][s], y[s]);
}

template <typename T, int NB, int NR>
__device__ __forceinline__ void row_sums(T (&y)[NR])
{
#pragma unroll
    for (int o = 1; o < L<T, NB, NR>::CG; o *= 2)
#pragma unroll
        for (int s = 0; s < NR; ++s) y[s] = Sc<T>::add(y[s], Sc<T>::shfl_xor(y[s], o));
}

template <typename T>
__device__ __forceinline__ int64_t phys(const FewArgs<T> &a, int q)
{
    return a.lowerM ? q : a.nblk - 1 - q;
}

template <typename T, int NB>
__device__ __forceinline__ int bsize(const FewArgs<T> &a, int64_t p)
{
    return (int)min((int64_t)NB, a.k - p * NB);
}

/* x[c][s] = B(C + c, s) through L2 (written by another thread block); zero past nc */
template <typename T, int NB, int NR>
__device__ void load_x(const FewArgs<T> &a, T (*x)[NR + 1], int64_t C, int nc)
{
    for (int e = threadIdx.x; e < NB * NR; e += THREADS) {
        const int c = e % NB, s = e / NB;
        x[c][s] = c < nc && s < a.nrhs ? ldcg(a.B + ((C + c) * a.sj + s * a.sr)) : Sc<T>::zero();
    }
}

/* The chain: X_0, X_1, ... in order. */
template <typename T, int NB, int NR>
__device__ void chain(const FewArgs<T> &a, T (*xs)[NB][NR + 1], T (*inv)[NB], T (*rs)[NR + 1])
{
    using Ly = L<T, NB, NR>;
    const int r = Ly::row(), g = Ly::grp();
    T m1[Ly::U], m2[Ly::U], bv[Ly::OWN], pv[Ly::OWN];

    /* the first step's operands */
    auto fetch_inv = [&](int q) { /* raw block into shared memory, asynchronously */
        const T *src = a.inv + phys(a, q) * NB * (NB + 1);
        for (int e = threadIdx.x; e < NB * NB; e += THREADS)
            __pipeline_memcpy_async(&inv[e / NB][e % NB], src + e, sizeof(T));
        __pipeline_commit();
    };
    auto fetch_b = [&](int q) {
        const int64_t R = phys(a, q) * NB;
        const int nr = bsize<T, NB>(a, phys(a, q));
#pragma unroll
        for (int v = 0; v < Ly::OWN; ++v) {
            const int s = g + Ly::CG * v;
            bv[v] = r < nr && s < a.nrhs ? ldcg(a.B + ((R + r) * a.sj + s * a.sr)) : Sc<T>::zero();
        }
    };
    auto fetch_partial = [&](int q) { /* after its tiles (columns <= q-3) are in */
        const int64_t R = phys(a, q) * NB;
        const int nr = bsize<T, NB>(a, phys(a, q));
        if (threadIdx.x == 0)
            wait_at_least(a.count + (size_t)q * PAD, q >= 3 ? q - 2 : 0, false);
        __syncthreads();
#pragma unroll
        for (int v = 0; v < Ly::OWN; ++v) {
            const int s = g + Ly::CG * v;
            pv[v] = r < nr && s < a.nrhs ? ldcg(a.partial + ((R + r) + s * a.k)) : Sc<T>::zero();
        }
    };
    auto fetch_m = [&](int q) { /* M_{q,q-1} and M_{q,q-2} into registers */
        const int64_t pq = phys(a, q), R = pq * NB;
        const int nr = bsize<T, NB>(a, pq);
        if (q >= 1)
            load_regs<T, NB, NR>(m1, a.A, a.lda, R, nr, phys(a, q - 1) * NB,
                                 bsize<T, NB>(a, phys(a, q - 1)), a.trM, a.cj);
        if (q >= 2)
            load_regs<T, NB, NR>(m2, a.A, a.lda, R, nr, phys(a, q - 2) * NB,
                                 bsize<T, NB>(a, phys(a, q - 2)), a.trM, a.cj);
    };

    fetch_inv(0);
    fetch_b(0);
    fetch_partial(0);
    for (int q = 0; q < a.nblk; ++q) {
        const int64_t R = phys(a, q) * NB;
        const int nr = bsize<T, NB>(a, phys(a, q));
        T y[NR];
#pragma unroll
        for (int s = 0; s < NR; ++s) y[s] = Sc<T>::zero();
        /* r = alpha b - partial - M_{q,q-1} X_{q-1} - M_{q,q-2} X_{q-2} */
        if (q >= 1) product<T, NB, NR>(m1, xs[(q + 2) % 3], y);
        if (q >= 2) product<T, NB, NR>(m2, xs[(q + 1) % 3], y);
        row_sums<T, NB, NR>(y);
#pragma unroll
        for (int v = 0; v < Ly::OWN; ++v) {
            const int s = g + Ly::CG * v;
            T t = sub(Sc<T>::mul(a.alpha, bv[v]), pv[v]);
#pragma unroll
            for (int s2 = 0; s2 < NR; ++s2)
                if (s2 == s) t = sub(t, y[s2]);
            if (s < NR) rs[r][s] = t;
        }
        __pipeline_wait_prior(0); /* this step's inverse */
        __syncthreads();
        /* X_q = inv(M_qq) r: inverse element (r, c) is inv[c][r] (raw, column-major) or
         * inv[r][c] when M is transposed, conjugated when cj */
#pragma unroll
        for (int s = 0; s < NR; ++s) y[s] = Sc<T>::zero();
#pragma unroll 4
        for (int u = 0; u < Ly::U; ++u) {
            const int c = g + Ly::CG * u;
            T w = a.trM ? inv[r][c] : inv[c][r];
            if (a.cj) w = Sc<T>::conj(w);
            if (c >= nr) w = Sc<T>::zero();
#pragma unroll
            for (int s = 0; s < NR; ++s) y[s] = Sc<T>::fma(w, rs[c][s], y[s]);
        }
        row_sums<T, NB, NR>(y);
        __syncthreads(); /* everyone is done with inv and rs */
#pragma unroll
        for (int v = 0; v < Ly::OWN; ++v) {
            const int s = g + Ly::CG * v;
            T xv = Sc<T>::zero();
#pragma unroll
            for (int s2 = 0; s2 < NR; ++s2)
                if (s2 == s) xv = y[s2];
            if (s < NR) xs[q % 3][r][s] = r < nr ? xv : Sc<T>::zero();
            if (r < nr && s < a.nrhs) a.B[(R + r) * a.sj + s * a.sr] = xv;
        }
        __syncthreads(); /* then one fence, before any prefetch: it waits for loads in flight */
        if (threadIdx.x == 0) {
            __threadfence();
            atomicExch(a.flag + (size_t)q * PAD, 1);
        }
        if (q + 1 < a.nblk) { /* the next step's operands, in flight while the partial sum waits */
            fetch_inv(q + 1);
            fetch_m(q + 1);
            fetch_b(q + 1);
            fetch_partial(q + 1);
        }
    }
}

/* tile (i, q), i >= q+3: partial_i += M_iq X_q */
template <typename T, int NB, int NR>
__device__ void tile(const FewArgs<T> &a, int i, int q, T (*x)[NR + 1])
{
    using Ly = L<T, NB, NR>;
    const int64_t pi = phys(a, i), pq = phys(a, q), R = pi * NB, C = pq * NB;
    const int nr = bsize<T, NB>(a, pi), nc = bsize<T, NB>(a, pq), r = Ly::row(), g = Ly::grp();
    T m[Ly::U], y[NR];

    load_regs<T, NB, NR>(m, a.A, a.lda, R, nr, C, nc, a.trM, a.cj);
    if (threadIdx.x == 0)
        wait_at_least(a.flag + (size_t)q * PAD, 1, true);
    __syncthreads();
    load_x<T, NB, NR>(a, x, C, nc);
    __syncthreads();
#pragma unroll
    for (int s = 0; s < NR; ++s) y[s] = Sc<T>::zero();
    product<T, NB, NR>(m, x, y);
    row_sums<T, NB, NR>(y);
    if (r < nr)
#pragma unroll
        for (int v = 0; v < Ly::OWN; ++v) {
            const int s = g + Ly::CG * v;
            T yv = Sc<T>::zero();
#pragma unroll
            for (int s2 = 0; s2 < NR; ++s2)
                if (s2 == s) yv = y[s2];
            if (s < a.nrhs) Sc<T>::atomic_add(a.partial + ((R + r) + s * a.k), yv);
        }
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(a.count + (size_t)i * PAD, 1);
    }
}

/* tiles of column q: rows q+3 .. nblk-1 */
__device__ __forceinline__ int column_tiles(int nblk, int q) { return max(0, nblk - q - 3); }

template <typename T, int NB, int NR>
__global__ void __launch_bounds__(THREADS, NR > 4 ? 1 : 2) trsm_few_kernel(FewArgs<T> a)
{
    extern __shared__ __align__(16) unsigned char smem[];
    T (*xs)[NB][NR + 1] = reinterpret_cast<T (*)[NB][NR + 1]>(smem);  /* 3 x blocks */
    T (*rs)[NR + 1] = reinterpret_cast<T (*)[NR + 1]>(xs + 3);
    T (*inv)[NB] = reinterpret_cast<T (*)[NB]>(rs + NB);
    __shared__ int s_ticket;
    int col = 0, cstart = 1;

    for (;;) {
        if (threadIdx.x == 0) s_ticket = atomicAdd(a.ticket, 1);
        __syncthreads();
        const int t = s_ticket;
        __syncthreads(); /* everyone has read it before it changes */
        if (t == 0) {
            chain<T, NB, NR>(a, xs, inv, rs);
            return;
        }
        if (t > a.ntiles) return;
        while (t >= cstart + column_tiles(a.nblk, col)) {
            cstart += column_tiles(a.nblk, col);
            ++col;
        }
        tile<T, NB, NR>(a, col + 3 + (t - cstart), col, xs[0]);
        __syncthreads(); /* shared memory is reused by the next tile */
    }
}

template <typename T, int NB, int NR>
cudaError_t launch_few(cudaStream_t stream, const FewArgs<T> &a)
{
    static std::atomic<int> ready[kMaxDevices];
    const size_t smem = (3 * NB * (NR + 1) + NB * (NR + 1) + NB * NB) * sizeof(T);
    DevInfo d;
    int occ = 0;
    cudaError_t e;

    if ((e = dev_info(d)) != cudaSuccess) return e;
    if (d.dev >= 0 && d.dev < kMaxDevices && !ready[d.dev].load()) {
        e = cudaFuncSetAttribute(trsm_few_kernel<T, NB, NR>,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        ready[d.dev].store(1);
    }
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, trsm_few_kernel<T, NB, NR>, THREADS, smem);
    if (e != cudaSuccess) return e;
    /* at least two: the chain needs a worker whenever there are tiles */
    const int grid = (int)min((int64_t)a.ntiles + 1, (int64_t)(occ < 1 ? 1 : occ) * d.sms);
    trsm_few_kernel<T, NB, NR><<<grid < 2 ? 2 : grid, THREADS, smem, stream>>>(a);
    return cudaGetLastError();
}

template <typename T, int NB>
cudaError_t trsm_few_run(cudaStream_t stream, bool lowerM, bool trM, bool cj, int64_t k,
                         int64_t nrhs, T alpha, const T *A, int64_t lda, const T *inv, T *B,
                         int64_t sj, int64_t sr, T *partial, int *ints)
{
    FewArgs<T> a;
    int64_t nblk = (k + NB - 1) / NB, ntiles = 0;

    if (k < 1 || nrhs < 1 || nrhs > 16 || nblk > (1 << 15))
        return cudaErrorInvalidValue;
    for (int64_t q = 0; q < nblk; ++q) ntiles += nblk - q - 3 > 0 ? nblk - q - 3 : 0;
    a.A = A; a.lda = lda; a.inv = inv; a.B = B; a.sj = sj; a.sr = sr; a.partial = partial;
    a.count = ints; a.flag = ints + nblk * PAD; a.ticket = ints + 2 * nblk * PAD;
    a.k = k; a.nrhs = (int)nrhs; a.nblk = (int)nblk; a.ntiles = (int)ntiles;
    a.lowerM = lowerM; a.trM = trM; a.cj = cj; a.alpha = alpha;
    if (nrhs == 1) return launch_few<T, NB, 1>(stream, a);
    if (nrhs <= 4) return launch_few<T, NB, 4>(stream, a);
    return launch_few<T, NB, 16>(stream, a);
}

} // namespace
} // namespace kblasf

/* block order: 64, 32 for double complex (registers) */
#define KBLASF_TRSM_FEW(P, T, NB)                                                           \
    extern "C" cudaError_t kblasf_cuda_##P##trsm_few(cudaStream_t stream, int lowerM,       \
            int trM, int cj, int64_t k, int64_t nrhs, T alpha, const T *A, int64_t lda,      \
            const T *inv, T *B, int64_t sj, int64_t sr, T *partial, int *ints)               \
    {                                                                                       \
        return kblasf::trsm_few_run<T, NB>(stream, lowerM != 0, trM != 0, cj != 0, k, nrhs,  \
                                           alpha, A, lda, inv, B, sj, sr, partial, ints);   \
    }
KBLASF_TRSM_FEW(s, float, 64)
KBLASF_TRSM_FEW(d, double, 64)
KBLASF_TRSM_FEW(c, cuFloatComplex, 64)
KBLASF_TRSM_FEW(z, cuDoubleComplex, 32)
