/* trsm_few.cu — triangular solve with few right-hand sides (at most 16) in one persistent
 * kernel: the dependency chain through the diagonal blocks advances while the rest of the
 * GPU streams the off-diagonal blocks, instead of one launch per step.
 *
 * The solve is M X = alpha B with M the effective matrix of order k (A, A^T, A^H or conj(A),
 * lower or upper as seen from the order of the solve) cut into blocks of order NB. In the
 * order of the solve (logical block q, physical block p(q)):
 *     X_q = inv(M_qq) (alpha B_q - sum_{i<q} M_qi X_i)
 * Work items, numbered by tickets taken in order from a global counter:
 *     for q = 0, 1, ...: "solve q" (which also applies M_{q,q-1} X_{q-1}, the last term),
 *                        then "tile (i, q)" for i = q+2 ... (adds M_iq X_q to a partial sum)
 * A thread block loads its item's blocks of A (and the inverse) first, then waits on the
 * flags of what it needs, all of which belong to earlier tickets: whatever the residency,
 * the earliest unfinished item can always proceed, so the kernel cannot deadlock.
 * Signalling: data written, __threadfence, barrier, then one flag write; the reader spins
 * on the flag, __threadfence, barrier, then reads through L2 (ld.cg), never a stale L1.
 * The inverses of the diagonal blocks of A come precomputed (trtri_diag). */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

constexpr int NB = 64;             /* block order */
constexpr int THREADS = 256;
constexpr int SG = THREADS / NB;   /* right-hand-side groups: thread (r, g) owns rows r, rhs g, g+SG... */
constexpr int NR = 16;             /* most right-hand sides */
constexpr int NQ = NR / SG;

template <typename T> struct FewArgs {
    const T *A;
    int64_t lda;
    const T *inv;       /* inverses of A's diagonal blocks: block p at p*NB*(NB+1), ld NB */
    T *B;
    int64_t sj, sr;     /* element (position j, right-hand side s) at B[j*sj + s*sr] */
    T *partial;         /* k x nrhs sums of M_qi X_i (zeroed) */
    int *count;         /* per logical block: tiles added into its partial sum (zeroed) */
    int *flag;          /* per logical block: X_q written (zeroed) */
    int *ticket;        /* (zeroed) */
    int64_t k;
    int nrhs, nblk, total;
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

template <typename T> using Tile = T[NB + 1];
template <typename T> using Vecs = T[NR];

__device__ __forceinline__ void wait_at_least(int *p, int v)
{
    while (atomicAdd(p, 0) < v)
        ;
}

/* s[r][c] = M(R + r, C + c) for r < nr, c < nc, from a column-major source P (ld): M is P
 * (trM false) or P^T, conjugated when cj; the loop runs along P's columns, so warps read
 * contiguous memory. */
template <typename T>
__device__ void load_block(Tile<T> *s, const T *P, int64_t ld, int64_t R, int nr, int64_t C,
                           int nc, bool trM, bool cj)
{
    for (int e = threadIdx.x; e < NB * NB; e += THREADS) {
        const int fast = e % NB, slow = e / NB;
        const int r = trM ? slow : fast, c = trM ? fast : slow;
        T v = Sc<T>::zero();
        if (r < nr && c < nc)
            v = Sc<T>::ld(trM ? P + ((C + c) + (R + r) * ld) : P + ((R + r) + (C + c) * ld));
        s[r][c] = cj ? Sc<T>::conj(v) : v;
    }
}

/* x[c][s] = B(C + c, s) through L2 (written by another thread block) */
template <typename T>
__device__ void load_x(const FewArgs<T> &a, Vecs<T> *x, int64_t C, int nc)
{
    for (int e = threadIdx.x; e < nc * a.nrhs; e += THREADS) {
        const int c = e % nc, s = e / nc;
        x[c][s] = ldcg(a.B + ((C + c) * a.sj + s * a.sr));
    }
}

/* y[q] = sum_c s[r][c] x[c][g + q*SG] for this thread's row r and group g */
template <typename T>
__device__ __forceinline__ void matvec(const Tile<T> *s, const Vecs<T> *x, int nc, int nrhs,
                                       T (&y)[NQ])
{
    const int r = threadIdx.x % NB, g = threadIdx.x / NB;
#pragma unroll
    for (int q = 0; q < NQ; ++q) y[q] = Sc<T>::zero();
    for (int c = 0; c < nc; ++c) {
        const T m = s[r][c];
#pragma unroll
        for (int q = 0; q < NQ; ++q)
            if (g + q * SG < nrhs) y[q] = Sc<T>::fma(m, x[c][g + q * SG], y[q]);
    }
}

template <typename T>
__device__ __forceinline__ int64_t phys(const FewArgs<T> &a, int q)
{
    return a.lowerM ? q : a.nblk - 1 - q;
}

template <typename T>
__device__ __forceinline__ int bsize(const FewArgs<T> &a, int64_t p)
{
    return (int)min((int64_t)NB, a.k - p * NB);
}

/* tile (i, q): partial_i += M_iq X_q */
template <typename T>
__device__ void tile(const FewArgs<T> &a, int i, int q, Tile<T> *sT, Vecs<T> *sx)
{
    const int64_t pi = phys(a, i), pq = phys(a, q), R = pi * NB, C = pq * NB;
    const int nr = bsize(a, pi), nc = bsize(a, pq), r = threadIdx.x % NB, g = threadIdx.x / NB;
    T y[NQ];

    load_block(sT, a.A, a.lda, R, nr, C, nc, a.trM, a.cj);
    if (threadIdx.x == 0) {
        wait_at_least(a.flag + q, 1);
        __threadfence();
    }
    __syncthreads();
    load_x(a, sx, C, nc);
    __syncthreads();
    matvec(sT, sx, nc, a.nrhs, y);
    if (r < nr)
#pragma unroll
        for (int u = 0; u < NQ; ++u)
            if (g + u * SG < a.nrhs) Sc<T>::atomic_add(a.partial + ((R + r) + (g + u * SG) * a.k), y[u]);
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(a.count + i, 1);
}

/* solve q: X_q = inv(M_qq) (alpha B_q - partial_q - M_{q,q-1} X_{q-1}) */
template <typename T>
__device__ void solve(const FewArgs<T> &a, int q, Tile<T> *sT, Tile<T> *sI, Vecs<T> *sx,
                      Vecs<T> *sb)
{
    const int64_t pq = phys(a, q), R = pq * NB, pp = q > 0 ? phys(a, q - 1) : 0, C = pp * NB;
    const int nr = bsize(a, pq), nc = q > 0 ? bsize(a, pp) : 0;
    const int r = threadIdx.x % NB, g = threadIdx.x / NB;
    T y[NQ];

    load_block(sI, a.inv + pq * NB * (NB + 1), NB, 0, nr, 0, nr, a.trM, a.cj);
    if (q > 0) load_block(sT, a.A, a.lda, R, nr, C, nc, a.trM, a.cj);
    if (threadIdx.x == 0) {
        wait_at_least(a.count + q, q > 0 ? q - 1 : 0);
        if (q > 0) wait_at_least(a.flag + q - 1, 1);
        __threadfence();
    }
    __syncthreads();
    if (q > 0) load_x(a, sx, C, nc);
    __syncthreads();
    if (q > 0) matvec(sT, sx, nc, a.nrhs, y);
    if (r < nr)
#pragma unroll
        for (int u = 0; u < NQ; ++u) {
            const int s = g + u * SG;
            if (s >= a.nrhs) continue;
            T v = Sc<T>::mul(a.alpha, ldcg(a.B + ((R + r) * a.sj + s * a.sr)));
            v = sub(v, ldcg(a.partial + ((R + r) + s * a.k)));
            sb[r][s] = q > 0 ? sub(v, y[u]) : v;
        }
    __syncthreads();
    matvec(sI, sb, nr, a.nrhs, y);
    if (r < nr)
#pragma unroll
        for (int u = 0; u < NQ; ++u)
            if (g + u * SG < a.nrhs) a.B[(R + r) * a.sj + (g + u * SG) * a.sr] = y[u];
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) atomicExch(a.flag + q, 1);
}

/* items of group q: solve q, then tiles (q+2 .. nblk-1, q) */
__device__ __forceinline__ int group_size(int nblk, int q) { return 1 + max(0, nblk - q - 2); }

template <typename T>
__global__ void __launch_bounds__(THREADS) trsm_few_kernel(FewArgs<T> a)
{
    extern __shared__ __align__(16) unsigned char smem[];
    Tile<T> *sT = reinterpret_cast<Tile<T> *>(smem), *sI = sT + NB;
    Vecs<T> *sx = reinterpret_cast<Vecs<T> *>(sI + NB), *sb = sx + NB;
    __shared__ int s_ticket;
    int gq = 0, gstart = 0;

    for (;;) {
        if (threadIdx.x == 0) s_ticket = atomicAdd(a.ticket, 1);
        __syncthreads();
        const int t = s_ticket;
        __syncthreads(); /* everyone has read it before the next item may change it */
        if (t >= a.total) return;
        while (t >= gstart + group_size(a.nblk, gq)) {
            gstart += group_size(a.nblk, gq);
            ++gq;
        }
        if (t == gstart) solve(a, gq, sT, sI, sx, sb);
        else tile(a, gq + 1 + (t - gstart), gq, sT, sx);
        __syncthreads(); /* shared memory is reused by the next item */
    }
}

template <typename T>
cudaError_t trsm_few_run(cudaStream_t stream, bool lowerM, bool trM, bool cj, int64_t k,
                         int64_t nrhs, T alpha, const T *A, int64_t lda, const T *inv, T *B,
                         int64_t sj, int64_t sr, T *partial, int *ints)
{
    static std::atomic<int> ready[kMaxDevices];
    const size_t smem = (2 * NB * (NB + 1) + 2 * NB * NR) * sizeof(T);
    DevInfo d;
    int occ = 0, nblk, total = 0;
    cudaError_t e;
    FewArgs<T> a;

    if (k < 1 || nrhs < 1 || nrhs > NR || (k + NB - 1) / NB > (1 << 20))
        return cudaErrorInvalidValue;
    if ((e = dev_info(d)) != cudaSuccess) return e;
    if (d.dev >= 0 && d.dev < kMaxDevices && !ready[d.dev].load()) {
        e = cudaFuncSetAttribute(trsm_few_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 (int)smem);
        if (e != cudaSuccess) return e;
        ready[d.dev].store(1);
    }
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, trsm_few_kernel<T>, THREADS, smem);
    if (e != cudaSuccess) return e;
    nblk = (int)((k + NB - 1) / NB);
    for (int q = 0; q < nblk; ++q) total += 1 + (nblk - q - 2 > 0 ? nblk - q - 2 : 0);
    a.A = A; a.lda = lda; a.inv = inv; a.B = B; a.sj = sj; a.sr = sr; a.partial = partial;
    a.count = ints; a.flag = ints + nblk; a.ticket = ints + 2 * nblk;
    a.k = k; a.nrhs = (int)nrhs; a.nblk = nblk; a.total = total;
    a.lowerM = lowerM; a.trM = trM; a.cj = cj; a.alpha = alpha;
    const int grid = (int)min((int64_t)total, (int64_t)(occ < 1 ? 1 : occ) * d.sms);
    trsm_few_kernel<T><<<grid, THREADS, smem, stream>>>(a);
    return cudaGetLastError();
}

} // namespace
} // namespace kblasf

#define KBLASF_TRSM_FEW(P, T)                                                               \
    extern "C" cudaError_t kblasf_cuda_##P##trsm_few(cudaStream_t stream, int lowerM,       \
            int trM, int cj, int64_t k, int64_t nrhs, T alpha, const T *A, int64_t lda,      \
            const T *inv, T *B, int64_t sj, int64_t sr, T *partial, int *ints)               \
    {                                                                                       \
        return kblasf::trsm_few_run<T>(stream, lowerM != 0, trM != 0, cj != 0, k, nrhs,      \
                                       alpha, A, lda, inv, B, sj, sr, partial, ints);       \
    }
KBLASF_TRSM_FEW(s, float)
KBLASF_TRSM_FEW(d, double)
KBLASF_TRSM_FEW(c, cuFloatComplex)
KBLASF_TRSM_FEW(z, cuDoubleComplex)
