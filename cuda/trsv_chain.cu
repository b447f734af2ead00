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
#include <type_traits>

namespace kblasf {
namespace {

constexpr int G = 4; /* threads per row of a chunk; thread (r, g) holds columns g + G*u */

template <typename T> __host__ __device__ constexpr int chain_nb() { return sizeof(T) == 16 ? 32 : 64; }
/* tiles in flight per thread: about 96 KB a thread block (H100, 8192: double 3 and 6 took
 * 0.199 and 0.212 ms a solve, double complex 3 and 6 0.54 and 0.39 ms) */
template <typename T> __host__ __device__ constexpr int chain_ahead()
{
    return 96 * 1024 / (chain_nb<T>() * chain_nb<T>() * (int)sizeof(T));
}

template <typename T> constexpr size_t chain_smem()
{
    constexpr int NB = chain_nb<T>();
    return (3 * (size_t)NB * (NB + 1) + 4 * NB) * sizeof(T);
}

/* A value seen as its real parts' bit patterns; the mark: all bits of a part set. */
template <typename T> struct Parts {
    using R = typename Sc<T>::Real;
    using W = typename std::conditional<sizeof(R) == 8, unsigned long long, unsigned>::type;
    static constexpr int N = sizeof(T) / sizeof(R);
    static constexpr W mark = ~W(0);
    static constexpr W qnan = sizeof(R) == 8 ? W(0x7ff8000000000000ull) : W(0x7fc00000u);
    W w[N];
};

/* *p through L2 (the value another thread block writes) */
template <typename T> __device__ __forceinline__ T load_l2(const T *p)
{
    using P = Parts<T>;
    const volatile typename P::W *s = reinterpret_cast<const volatile typename P::W *>(p);
    P b;
#pragma unroll
    for (int j = 0; j < P::N; ++j)
        b.w[j] = s[j];
    T v;
    memcpy(&v, b.w, sizeof(T));
    return v;
}

/* no real part holds the mark */
template <typename T> __device__ __forceinline__ bool solved(T v)
{
    Parts<T> b;
    memcpy(b.w, &v, sizeof(T));
    bool ok = true;
#pragma unroll
    for (int j = 0; j < Parts<T>::N; ++j)
        ok = ok & (b.w[j] != Parts<T>::mark);
    return ok;
}

/* *p = v, a part that would look like the mark stored as another NaN */
template <typename T> __device__ __forceinline__ void publish(T *p, T v)
{
    Parts<T> b;
    memcpy(b.w, &v, sizeof(T));
#pragma unroll
    for (int j = 0; j < Parts<T>::N; ++j)
        if (b.w[j] == Parts<T>::mark)
            b.w[j] = Parts<T>::qnan;
    memcpy(&v, b.w, sizeof(T));
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

/* row r of a product with a chunk v in shared memory: sum_u m(u) v[g + G*u], m(u) the
 * thread's element of column g + G*u (two chains of FMAs), summed over the row's lanes */
template <typename T, int U, typename M> __device__ __forceinline__ T row_dot(M m, const T *v)
{
    const int g = threadIdx.x % G;
    T a0 = Sc<T>::zero(), a1 = Sc<T>::zero();
#pragma unroll
    for (int u = 0; u < U; u += 2) {
        a0 = Sc<T>::fma(m(u), v[g + G * u], a0);
        if (u + 1 < U)
            a1 = Sc<T>::fma(m(u + 1), v[g + G * (u + 1)], a1);
    }
    return row_sum(Sc<T>::add(a0, a1));
}

/* L(i, j) = A[i*dr + j*dc] (A at L(0, 0)), conjugated when cj; x(i) = x[i*dx]. xs: k
 * elements holding the mark, ticket: ~0u. */
template <typename T>
__global__ void __launch_bounds__(G *chain_nb<T>())
    trsv_chain_kernel(const T *A, int64_t dr, int64_t dc, int64_t k, T alpha, bool cj,
                      bool unit, T *x, int64_t dx, T *xs, unsigned *ticket)
{
    constexpr int NB = chain_nb<T>(), U = NB / G, LD = NB + 1;
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(chain_smem<T>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    /* D = L_qq (identity past the triangle), Di = its inverse, EM = L_q,q-1 then M_q; all
     * column-major with leading dimension LD; dv = 1 / diag(D), sv = the right side of z,
     * xsh = two solved chunks (fetch_solved) by turns */
    T *D = reinterpret_cast<T *>(smem), *Di = D + NB * LD, *EM = Di + NB * LD, *dv = EM + NB * LD,
      *sv = dv + NB, *xsh = sv + NB;
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
        const int i = e % NB, j = e / NB;
        T d = i == j ? Sc<T>::one() : Sc<T>::zero();
        if (i < nq && j < i)
            d = el(R0 + i, R0 + j);
        else if (i < nq && i == j && !unit)
            d = el(R0 + i, R0 + i);
        D[i + j * LD] = d;
        if (q > 0)
            EM[i + j * LD] = i < nq ? el(R0 + i, R0 - NB + j) : Sc<T>::zero();
    }
    __syncthreads();
    if (threadIdx.x < NB)
        dv[threadIdx.x] = Sc<T>::recip(D[threadIdx.x * (LD + 1)]);
    __syncthreads();
    /* substitutions D X = I (threads 0..NB-1, column c of Di) and D X = L_q,q-1 (threads
     * NB..2NB-1, column c of EM in place); D's reads are broadcasts */
    if (threadIdx.x < 2 * NB && (threadIdx.x < NB || q > 0)) {
        const int c = threadIdx.x % NB;
        const bool inv = threadIdx.x < NB;
        T col[NB];
#pragma unroll
        for (int i = 0; i < NB; ++i)
            col[i] = inv ? (i == c ? Sc<T>::one() : Sc<T>::zero()) : EM[i + c * LD];
#pragma unroll
        for (int j = 0; j < NB; ++j) {
            col[j] = Sc<T>::mul(col[j], dv[j]);
#pragma unroll
            for (int i = j + 1; i < NB; ++i)
                col[i] = fnma(D[i + j * LD], col[j], col[i]);
        }
        T *out = inv ? Di : EM;
#pragma unroll
        for (int i = 0; i < NB; ++i)
            out[i + c * LD] = col[i];
    }
    __syncthreads();
    T mr[U]; /* row r of M_q, the chain step's operand */
#pragma unroll
    for (int u = 0; u < U; ++u)
        mr[u] = q > 0 ? EM[r + (g + G * u) * LD] : Sc<T>::zero();

    /* p = sum_{i<q-1} L_qi x_i, tiles streamed AHEAD ahead */
    constexpr int AHEAD = chain_ahead<T>();
    const int64_t ntile = q > 1 ? q - 1 : 0, tstep = NB * dc;
    const T *tp = A + ((R0 + r) * dr + g * dc);
    T acc0 = Sc<T>::zero(), acc1 = Sc<T>::zero(), buf[AHEAD][U], pv[(NB + 31) / 32];
    if (threadIdx.x < 32 && q > 0)
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
                    poll_issue<T, NB>(xs + (i + 1) * NB, pv); /* chunk i+1 <= q-1: the next */
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
    /* z = Di (alpha b_q - p) */
    const T p = row_sum(Sc<T>::add(acc0, acc1));
    if (g == 0)
        sv[r] = live ? Sc<T>::sub(bv, p) : Sc<T>::zero();
    __syncthreads();
    T z = row_dot<T, U>([&](int u) { return Di[r + (g + G * u) * LD]; }, sv);
    /* the chain step: x_q = z - M_q x_{q-1} */
    if (q > 0) { /* (the barrier before z: nobody reads xsh any more) */
        if (threadIdx.x < 32)
            poll_fetch<T, NB>(xs + (q - 1) * NB, pv, xsh);
        __syncthreads();
        z = Sc<T>::sub(z, row_dot<T, U>([&](int u) { return mr[u]; }, xsh));
    }
    if (g == 0 && live) {
        publish(xs + (R0 + r), z);
        x[(R0 + r) * dx] = z;
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
    T *xs = reinterpret_cast<T *>(static_cast<char *>(scratch) + 16);
    const cudaError_t e = cudaMemsetAsync(scratch, 0xff, 16 + (size_t)k * sizeof(T), stream);
    if (e != cudaSuccess)
        return e;
    constexpr size_t smem = chain_smem<T>();
    static std::atomic<bool> done[kMaxDevices];
    return launch_smem(trsv_chain_kernel<T>, dim3((unsigned)((k + NB - 1) / NB)), dim3(G * NB),
                       smem, smem, done, stream, L0, dr, dc, k, alpha, cj, unit, x0, sgn, xs,
                       ticket);
}

} // namespace
} // namespace kblasf

extern "C" size_t kblasf_cuda_trsv_chain_scratch(int64_t k, size_t elsize)
{
    return 16 + (size_t)(k > 0 ? k : 0) * elsize;
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
