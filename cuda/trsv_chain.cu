/* trsv_chain.cu — a triangular solve with one right-hand side, op(A) x = alpha b, in one
 * kernel: the case the recursive TRSM serves worst (a chain of about 35 small dependent
 * launches against 89 us to read an 8192 triangle), and POTRS's with nrhs = 1.
 *
 * Seen in the order of the solve (indices reversed when op(A) is upper) op(A) is a lower
 * triangle L, cut into chunks of NB rows. Chunk q's thread block ("owner", taken in ticket
 * order) computes
 *     x_q = z_q - M_q x_{q-1},   z_q = inv(L_qq) (alpha b_q - sum_{i<q-1} L_qi x_i),
 *                                M_q = inv(L_qq) L_q,q-1,
 * so that once x_{q-1} is out, what stands between it and x_q is one NB x NB product from
 * registers: the chain's step. Everything else overlaps the chain: inv(L_qq) and M_q
 * (substitutions in shared memory, at the start), and the tiles L_qi, streamed through
 * registers a few ahead, each applied as soon as its x_i is out.
 *
 * Handshake without flags or fences: the solved values go to a buffer set beforehand to a
 * mark (all bits set in every real part: a NaN no arithmetic leaves; a result that would
 * look like it is stored as another NaN). A reader polls the values it needs directly and
 * goes on once none is the mark: the data is its own flag, one L2 round trip. One warp a
 * thread block polls, a chunk ahead.
 * Deadlock-free: an owner waits only on chunks of smaller tickets, whose thread blocks
 * took their tickets earlier and so are running or done.
 */
#include "kblasf_cuda.h"
#include "batch_common.cuh"

#include <string.h>

namespace kblasf {
namespace {

constexpr int G = 4; /* threads per row of a chunk; thread (r, g) holds columns g + G*u */

template <typename T> __host__ __device__ constexpr int chain_nb() { return sizeof(T) == 16 ? 32 : 64; }
/* tiles in flight per thread: about 96 KB a thread block (H100, 8192, one chain: double 3
 * and 6 took 0.199 and 0.212 ms a solve, double complex 3 and 6 0.54 and 0.39 ms), but 3
 * in double complex, whose three operand rows leave no more registers */
template <typename T> __host__ __device__ constexpr int chain_ahead()
{
    return sizeof(T) == 16 ? 3 : 96 * 1024 / (chain_nb<T>() * chain_nb<T>() * (int)sizeof(T));
}

template <typename T> constexpr size_t chain_smem()
{
    constexpr int NB = chain_nb<T>();
    return (6 * (size_t)NB * (NB + 1) + 6 * NB) * sizeof(T);
}

/* the mark: all bits of a real part set */
template <typename R> __device__ __forceinline__ bool is_mark(R v)
{
    if constexpr (sizeof(R) == 8) {
        unsigned long long u;
        memcpy(&u, &v, 8);
        return u == ~0ull;
    } else {
        unsigned u;
        memcpy(&u, &v, 4);
        return u == ~0u;
    }
}

/* *p through L2 (the value another thread block writes) */
template <typename T> __device__ __forceinline__ T load_l2(const T *p)
{
    using R = typename Sc<T>::Real;
    constexpr int NP = sizeof(T) / sizeof(R);
    const volatile R *s = reinterpret_cast<const volatile R *>(p);
    R part[NP];
#pragma unroll
    for (int j = 0; j < NP; ++j)
        part[j] = s[j];
    T v;
    memcpy(&v, part, sizeof(T));
    return v;
}

/* no real part holds the mark */
template <typename T> __device__ __forceinline__ bool solved(T v)
{
    using R = typename Sc<T>::Real;
    constexpr int NP = sizeof(T) / sizeof(R);
    R part[NP];
    memcpy(part, &v, sizeof(T));
    bool ok = true;
#pragma unroll
    for (int j = 0; j < NP; ++j)
        ok = ok & !is_mark(part[j]);
    return ok;
}

template <typename T> __device__ __forceinline__ void publish(T *p, T v)
{
    using R = typename Sc<T>::Real;
    constexpr int NP = sizeof(T) / sizeof(R);
    R part[NP];
    memcpy(part, &v, sizeof(T));
#pragma unroll
    for (int j = 0; j < NP; ++j)
        if (is_mark(part[j])) {
            if constexpr (sizeof(R) == 8) {
                const unsigned long long qnan = 0x7ff8000000000000ull;
                memcpy(&part[j], &qnan, 8);
            } else {
                const unsigned qnan = 0x7fc00000u;
                memcpy(&part[j], &qnan, 4);
            }
        }
    memcpy(&v, part, sizeof(T));
    *p = v;
}

/* The poller, warp 0 of each thread block (so that the owners waiting on a chunk do not
 * crowd the L2 slice that holds it with the loads of every thread). issue: v = the chunk
 * at p as it is now, the loads left in flight; fetch: xsh = the chunk at p once all NB
 * values are out, starting from v (issued earlier: its round trip overlaps the work in
 * between). */
template <typename T, int NB> __device__ __forceinline__ void poll_issue(const T *p, T (&v)[(NB + 31) / 32])
{
#pragma unroll
    for (int e = 0; e < (NB + 31) / 32; ++e)
        if (threadIdx.x + 32 * e < NB)
            v[e] = load_l2(p + (threadIdx.x + 32 * e));
}
template <typename T, int NB>
__device__ __forceinline__ void poll_fetch(const T *p, T (&v)[(NB + 31) / 32], T *xsh)
{
    constexpr int E = (NB + 31) / 32;
    for (;;) {
        bool ok = true;
#pragma unroll
        for (int e = 0; e < E; ++e)
            if (threadIdx.x + 32 * e < NB)
                ok = ok & solved(v[e]);
        if (__ballot_sync(0xffffffffu, ok) == 0xffffffffu)
            break;
        poll_issue<T, NB>(p, v);
    }
#pragma unroll
    for (int e = 0; e < E; ++e)
        if (threadIdx.x + 32 * e < NB)
            xsh[threadIdx.x + 32 * e] = v[e];
}

/* b[u] = L(row, col0 + G*u) with p at L(row, col0) and dc the step of one column; zeros for
 * a row past the triangle (live false) */
template <typename T, int U>
__device__ __forceinline__ void load_row(T (&b)[U], const T *p, int64_t dc, bool live, bool cj)
{
#pragma unroll
    for (int u = 0; u < U; ++u) {
        b[u] = Sc<T>::zero();
        if (live)
            b[u] = Sc<T>::ld(p + (int64_t)G * u * dc);
        if (cj)
            b[u] = Sc<T>::conj(b[u]);
    }
}

/* the sum over the G lanes of a row */
template <typename T> __device__ __forceinline__ T row_sum(T a)
{
#pragma unroll
    for (int o = 1; o < G; o *= 2)
        a = Sc<T>::add(a, Sc<T>::shfl_xor(a, o));
    return a;
}

/* sum_u m[u] v[g + G*u] over the G lanes of the row: row r of a product with a chunk
 * (m: the thread's part of the row, v: the chunk in shared memory) */
template <typename T, int U> __device__ __forceinline__ T row_dot(const T (&m)[U], const T *v)
{
    const int g = threadIdx.x % G;
    T a0 = Sc<T>::zero(), a1 = Sc<T>::zero();
#pragma unroll
    for (int u = 0; u < U; u += 2) {
        a0 = Sc<T>::fma(m[u], v[g + G * u], a0);
        if (u + 1 < U)
            a1 = Sc<T>::fma(m[u + 1], v[g + G * (u + 1)], a1);
    }
    return row_sum(Sc<T>::add(a0, a1));
}

/* m[u] = S(r, g + G*u) of the column-major S (leading dimension ld) */
template <typename T, int U> __device__ __forceinline__ void smem_row(T (&m)[U], const T *S, int ld)
{
    const int r = threadIdx.x / G, g = threadIdx.x % G;
#pragma unroll
    for (int u = 0; u < U; ++u)
        m[u] = S[r + (g + G * u) * ld];
}

/* L(i, j) = A[i*dr + j*dc] (A at L(0, 0)), conjugated when cj; x(i) = x[i*dx]. xs, zs: k
 * elements each holding the mark, ticket: ~0u. */
template <typename T>
__global__ void __launch_bounds__(G *chain_nb<T>())
    trsv_chain_kernel(const T *A, int64_t dr, int64_t dc, int64_t k, T alpha, bool cj,
                      bool unit, T *x, int64_t dx, T *xs, T *zs, unsigned *ticket)
{
    constexpr int NB = chain_nb<T>(), U = NB / G, LD = NB + 1, T2 = NB * LD;
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(chain_smem<T>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    /* Column-major tiles, leading dimension LD: D0 = L_qq, D1 = L_q-1,q-1 (identity past the
     * triangle), then N_q into D1; Di = inv(D0); SM = L_q,q-1 then M_q; SP = L_q,q-2 then
     * P_q; SQ = L_q-1,q-2 then M_q-1. dv0, dv1: 1 / the diagonals; sv: the right side of
     * u; xsh: two chunks by turns, zsh: z_q-1 */
    T *D0 = reinterpret_cast<T *>(smem), *D1 = D0 + T2, *Di = D1 + T2, *SM = Di + T2,
      *SP = SM + T2, *SQ = SP + T2, *dv0 = SQ + T2, *dv1 = dv0 + NB, *sv = dv1 + NB,
      *xsh = sv + NB, *zsh = xsh + 2 * NB;
    __shared__ unsigned s_q;
    if (threadIdx.x == 0)
        s_q = atomicAdd(ticket, 1u) + 1u;
    __syncthreads();
    const int64_t q = s_q, R0 = q * NB;
    const int nq = k - R0 < NB ? (int)(k - R0) : NB, r = threadIdx.x / G, g = threadIdx.x % G;
    const bool live = r < nq;
    auto el = [&](int64_t i, int64_t j) {
        const T v = Sc<T>::ld(A + (i * dr + j * dc));
        return cj ? Sc<T>::conj(v) : v;
    };

    /* alpha b_q (this block alone reads and writes these rows of x) */
    const T bv = live ? Sc<T>::mul(alpha, x[(R0 + r) * dx]) : Sc<T>::zero();

    for (int e = threadIdx.x; e < NB * NB; e += G * NB) {
        const int i = e % NB, j = e / NB, o = i + j * LD;
        auto diag = [&](int64_t R, int n) {
            if (i < n && j < i)
                return el(R + i, R + j);
            if (i < n && i == j && !unit)
                return el(R + i, R + i);
            return i == j ? Sc<T>::one() : Sc<T>::zero();
        };
        D0[o] = diag(R0, nq);
        if (q > 0)
            SM[o] = i < nq ? el(R0 + i, R0 - NB + j) : Sc<T>::zero();
        if (q > 1) {
            D1[o] = diag(R0 - NB, NB);
            SP[o] = i < nq ? el(R0 + i, R0 - 2 * NB + j) : Sc<T>::zero();
            SQ[o] = el(R0 - NB + i, R0 - 2 * NB + j);
        }
    }
    __syncthreads();
    if (threadIdx.x < NB)
        dv0[threadIdx.x] = Sc<T>::recip(D0[threadIdx.x * (LD + 1)]);
    else if (threadIdx.x < 2 * NB && q > 1)
        dv1[threadIdx.x - NB] = Sc<T>::recip(D1[(threadIdx.x - NB) * (LD + 1)]);
    __syncthreads();
    /* four substitutions side by side, NB threads (a column each) for each:
     * Di = inv(D0), M_q = inv(D0) L_q,q-1, P_q = inv(D0) L_q,q-2, M_q-1 = inv(D1) L_q-1,q-2;
     * the reads of D are broadcasts */
    {
        const int set = threadIdx.x / NB, c = threadIdx.x % NB;
        if (set == 0 || (set == 1 && q > 0) || q > 1) {
            const T *D = set == 3 ? D1 : D0, *dv = set == 3 ? dv1 : dv0;
            T *io = set == 0 ? Di : set == 1 ? SM : set == 2 ? SP : SQ;
            T col[NB];
#pragma unroll
            for (int i = 0; i < NB; ++i)
                col[i] = set == 0 ? (i == c ? Sc<T>::one() : Sc<T>::zero()) : io[i + c * LD];
#pragma unroll
            for (int j = 0; j < NB; ++j) {
                col[j] = Sc<T>::mul(col[j], dv[j]);
#pragma unroll
                for (int i = j + 1; i < NB; ++i)
                    col[i] = fnma(D[i + j * LD], col[j], col[i]);
            }
#pragma unroll
            for (int i = 0; i < NB; ++i)
                io[i + c * LD] = col[i];
        }
    }
    __syncthreads();
    /* the rows of the chain step's operands: M_q, P_q and N_q = P_q - M_q M_q-1 */
    T mr[U], pr[U], nr[U];
    smem_row<T, U>(mr, SM, LD);
    smem_row<T, U>(pr, SP, LD);
#pragma unroll
    for (int u = 0; u < U; ++u)
        nr[u] = pr[u];
    if (q > 1)
        for (int m = 0; m < NB; ++m) {
            const T a = SM[r + m * LD];
#pragma unroll
            for (int u = 0; u < U; ++u)
                nr[u] = fnma(a, SQ[m + (g + G * u) * LD], nr[u]);
        }

    /* p = sum_{i<q-2} L_qi x_i, tiles streamed AHEAD ahead */
    constexpr int AHEAD = chain_ahead<T>();
    const int64_t ntile = q > 2 ? q - 2 : 0, tstep = NB * dc;
    const T *tp = A + ((R0 + r) * dr + g * dc);
    T acc0 = Sc<T>::zero(), acc1 = Sc<T>::zero(), buf[AHEAD][U], pv[(NB + 31) / 32],
      pz[(NB + 31) / 32];
    if (threadIdx.x < 32 && q > 1)
        poll_issue<T, NB>(xs, pv); /* chunk 0, the first this block needs */
#pragma unroll
    for (int s = 0; s < AHEAD; ++s)
        if (s < ntile)
            load_row<T, U>(buf[s], tp + s * tstep, dc, live, cj);
    for (int64_t i0 = 0; i0 < ntile; i0 += AHEAD) {
#pragma unroll
        for (int s = 0; s < AHEAD; ++s) {
            const int64_t i = i0 + s;
            if (i < ntile) { /* (uniform: one barrier a tile) */
                const T *xi = xsh + (i & 1) * NB + g;
                if (threadIdx.x < 32) {
                    poll_fetch<T, NB>(xs + i * NB, pv, xsh + (i & 1) * NB);
                    poll_issue<T, NB>(xs + (i + 1) * NB, pv); /* chunk i+1 <= q-2: the next */
                }
                __syncthreads();
#pragma unroll
                for (int u = 0; u < U; u += 2) {
                    acc0 = Sc<T>::fma(buf[s][u], xi[G * u], acc0);
                    if (u + 1 < U)
                        acc1 = Sc<T>::fma(buf[s][u + 1], xi[G * (u + 1)], acc1);
                }
                if (i + AHEAD < ntile)
                    load_row<T, U>(buf[s], tp + (i + AHEAD) * tstep, dc, live, cj);
            }
        }
    }
    /* u = Di (alpha b_q - p) */
    const T p = row_sum(Sc<T>::add(acc0, acc1));
    if (g == 0)
        sv[r] = live ? Sc<T>::sub(bv, p) : Sc<T>::zero();
    __syncthreads();
    T dr_[U];
    smem_row<T, U>(dr_, Di, LD);
    const T uq = row_dot<T, U>(dr_, sv);
    /* the chain step, from x_q-2 and z_q-1 (z_q-1 = u_q-1 - P_q-1 x_q-3, which owner q-1
     * publishes as soon as x_q-3 is out):
     *   x_q = u_q - M_q z_q-1 - N_q x_q-2,   z_q = u_q - P_q x_q-2
     * (z_0 = x_0; owner 1: x_1 = u_1 - M_1 z_0). The barrier before u: nobody reads xsh. */
    T xq = uq, zq = uq;
    if (q > 0) {
        if (threadIdx.x < 32) {
            poll_issue<T, NB>(zs + (q - 1) * NB, pz);
            if (q > 1)
                poll_fetch<T, NB>(xs + (q - 2) * NB, pv, xsh);
            poll_fetch<T, NB>(zs + (q - 1) * NB, pz, zsh);
        }
        __syncthreads();
        xq = Sc<T>::sub(xq, row_dot<T, U>(mr, zsh));
        if (q > 1) {
            xq = Sc<T>::sub(xq, row_dot<T, U>(nr, xsh));
            zq = Sc<T>::sub(zq, row_dot<T, U>(pr, xsh));
        }
    }
    if (g == 0 && live) {
        publish(zs + (R0 + r), zq);
        publish(xs + (R0 + r), xq);
        x[(R0 + r) * dx] = xq;
    }
}

template <typename T>
cudaError_t trsv_chain_run(cudaStream_t stream, char uplo, char trans, char diag, int64_t k,
                           T alpha, const T *A, int64_t lda, T *x, void *scratch)
{
    constexpr int NB = chain_nb<T>();
    const bool lower = uplo == 'L' || uplo == 'l', notrans = trans == 'N' || trans == 'n';
    const bool rev = lower != notrans; /* op(A) upper: solve from the bottom */
    if ((!lower && uplo != 'U' && uplo != 'u') ||
        (!notrans && trans != 'T' && trans != 't' && trans != 'C' && trans != 'c') ||
        (diag != 'N' && diag != 'n' && diag != 'U' && diag != 'u') || k < 1 || lda < k)
        return cudaErrorInvalidValue;
    const bool cj = Sc<T>::complex && (trans == 'C' || trans == 'c');
    const bool unit = diag == 'U' || diag == 'u';
    /* L(i, j) = op(A)(pi(i), pi(j)), pi(i) = rev ? k-1-i : i */
    const int64_t sgn = rev ? -1 : 1, dr = sgn * (notrans ? 1 : lda), dc = sgn * (notrans ? lda : 1);
    const T *L0 = A + (rev ? (k - 1) * (1 + lda) : 0);
    T *x0 = x + (rev ? k - 1 : 0);
    unsigned *ticket = static_cast<unsigned *>(scratch);
    T *xs = reinterpret_cast<T *>(static_cast<char *>(scratch) + 16), *zs = xs + k;
    cudaError_t e = cudaMemsetAsync(scratch, 0xff, 16 + 2 * (size_t)k * sizeof(T), stream);
    if (e != cudaSuccess)
        return e;
    void (*kern)(const T *, int64_t, int64_t, int64_t, T, bool, bool, T *, int64_t, T *, T *,
                 unsigned *) = trsv_chain_kernel<T>;
    constexpr size_t smem = chain_smem<T>();
    static std::atomic<bool> done[kMaxDevices];
    if ((e = allow_smem(reinterpret_cast<const void *>(kern), smem, smem, done)) != cudaSuccess)
        return e;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((unsigned)((k + NB - 1) / NB));
    cfg.blockDim = dim3(G * NB);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    return cudaLaunchKernelEx(&cfg, kern, L0, dr, dc, k, alpha, cj, unit, x0, sgn, xs, zs, ticket);
}

} // namespace
} // namespace kblasf

extern "C" size_t kblasf_cuda_trsv_chain_scratch(int64_t k, size_t elsize)
{
    return 16 + 2 * (size_t)(k > 0 ? k : 0) * elsize;
}

#define KBLASF_TRSV_CHAIN(P, T)                                                          \
    extern "C" cudaError_t kblasf_cuda_##P##trsv_chain(cudaStream_t stream, char uplo,   \
            char trans, char diag, int64_t k, T alpha, const T *A, int64_t lda, T *x,    \
            void *scratch)                                                               \
    {                                                                                    \
        return kblasf::trsv_chain_run<T>(stream, uplo, trans, diag, k, alpha, A, lda, x, \
                                         scratch);                                       \
    }
KBLASF_TRSV_CHAIN(s, float)
KBLASF_TRSV_CHAIN(d, double)
KBLASF_TRSV_CHAIN(c, cuFloatComplex)
KBLASF_TRSV_CHAIN(z, cuDoubleComplex)
