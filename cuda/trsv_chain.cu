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
 * registers (shared memory in double complex) a few ahead, each applied as soon as its x_i
 * is out. In real solves of more chunks than SMs (chain_ahead2) the step before is one
 * product too:
 *     x_q = z_q - N_q x_{q-2} - M_q x_{q-1},   z_q = inv(L_qq) (alpha b_q - sum_{i<q-2} L_qi x_i),
 *     N_q = inv(L_qq) L_q,q-2,
 * so that the last tile, the reduction of the tiles' sums and z's product are off the path.
 *
 * Handshake without flags or fences: the solved values go to a buffer set beforehand to a
 * mark (all bits set in every real part: a NaN no arithmetic leaves; a result that would
 * look like it is stored as another NaN). A reader polls the values it needs directly and
 * goes on once none is the mark: the data is its own flag, one L2 round trip. One warp a
 * thread block, beside the warps that compute, polls (so that the owners waiting on a chunk
 * do not crowd the L2 slice that holds it with the loads of every thread), a few chunks
 * ahead, and hands the solved chunks to the others through a ring in shared memory with a
 * counter: no barrier a tile, each computing warp goes at the pace of its own loads.
 * Deadlock-free: an owner waits only on chunks of smaller tickets, whose thread blocks
 * took their tickets earlier and so are running or done.
 */
#include "kblasf_cuda.h"
#include "batch_common.cuh"
#include "tma.cuh"

#include <string.h>
#include <type_traits>

namespace kblasf {
namespace {

constexpr int G = 4; /* threads per row of a chunk; thread (r, g) holds columns g + G*u */

template <typename T> __host__ __device__ constexpr int chain_nb() { return sizeof(T) == 16 ? 32 : 64; }
/* Tiles in flight a thread, as measured on the H100 (8192, one right-hand side):
 * - single: 96 KB a block (6) where the rows are contiguous, 64 KB (4) where the columns
 *   are, whose U sums take registers of their own;
 * - double and single complex: 2 (64 KB). Their blocks are nine warps (the poller makes the
 *   ninth), three of them on one of the SM's four register files, which holds a thread to
 *   168 registers: single complex with rows contiguous spilled with three (CPOTRS 0.399-0.402
 *   ms, 0.376-0.380 with two), and double with three was no faster (DPOTRS 0.320 against
 *   0.319 ms, 16384 0.915 against 0.903);
 * - double complex: 3, staged in shared memory (chain_staged). */
template <typename T, bool ROWC> __host__ __device__ constexpr int chain_ahead()
{
    return sizeof(T) == 4 ? (ROWC ? 6 : 4) : sizeof(T) == 8 ? 2 : 3;
}

/* Double complex stages its tiles in shared memory (cp.async) instead of registers: its
 * block is five warps with up to 250 registers a thread, and ZPOTRS 8192 with one
 * right-hand side took 0.576-0.577 ms against 0.729 with five tiles in registers (16384:
 * 1.76 against 2.43 ms; with 3 and 6 in registers, 0.54 and 0.39 ms a solve). Double staged
 * the same way was slower (DPOTRS 8192 0.327 against 0.318-0.320 ms, DTRSM 8192x1 LLTN 0.175
 * against 0.169). */
template <typename T> __host__ __device__ constexpr bool chain_staged() { return sizeof(T) == 16; }

/* Where chain_tma chooses the TMA (and it can: sm_90, elements of 4 or 8 bytes, A and its
 * columns 16-byte aligned), a tenth warp copies each whole tile by one TMA copy into one of
 * these shared-memory slots, refilling a slot once every computing warp is past its tile;
 * the computing warps then load nothing from global memory, and the poller's loads no longer
 * queue behind theirs (tma.cuh). 2 slots in double measured the same as 3. */
template <typename T> __host__ __device__ constexpr int chain_slots() { return sizeof(T) == 4 ? 6 : 3; }

/* Tiles a block fetches into L2 once its setup's loads are in (prefetch_l2), to have them
 * there when its first steps come: the DRAM is all but idle during the setup (inversion and
 * M_q) and saturated in the first steps, where every block streams a tile a step. H100, three
 * rounds against none: DPOTRS 8192 with one right-hand side 0.315-0.316 ms against
 * 0.318-0.319, DTRSM 8192x1 LLNN / LLTN 0.157-0.158 / 0.173-0.174 against 0.160-0.161 /
 * 0.175; 8 or 12 tiles no better; 16384 0.2-0.5% slower (only half its blocks start with the
 * solve, the rest prefetch beside the streaming). */
constexpr int CHAIN_PREFETCH = 4;

/* Whether a real solve in `chunks` chunks takes x_{q-2} by N_q (above) instead of by a last
 * tile: with more chunks than SMs. The blocks past the first wave start late and catch up on
 * their tiles, and the tail of a block's sums (the last tile, the reduction, z's product) lands
 * on the chain's path. H200, two passes in alternating processes against the last tile
 * (bench/results/H200-2026-11-29-stop56-trsv-chain-ahead2.txt, call 5), ms: DPOTRS 16384 /
 * 12288 with one right-hand side 0.703-0.709 / 0.500-0.501 -> 0.692-0.694 / 0.464-0.466,
 * SPOTRS 0.505 / 0.376-0.378 -> 0.450 / 0.341-0.342, DTRSM 16384x1 LLNN / LLTN 0.349-0.363 /
 * 0.368-0.372 -> 0.335-0.347 / 0.346-0.350, STRSM 0.248-0.249 -> 0.231. Not where every block
 * starts at once: there its setup's second product delays the chain's start (in every solve,
 * call 2: DPOTRS 8192 0.2956 -> 0.3017, DTRSM 4096x1 0.0777 -> 0.0799). Not in complex, mixed
 * there (call 3: CPOTRS 12288 0.532 -> 0.506, 16384 0.745 -> 0.777; ZPOTRS 16384 1.477 -> 1.531). */
template <typename T> inline bool chain_ahead2(unsigned chunks, int sms)
{
    return !Sc<T>::complex && chunks > (unsigned)sms;
}

/* solved chunks the poller may hand over ahead of the slowest computing warp */
constexpr int RING = 8;
/* chunks the poller has in flight */
constexpr int POLLS = 4;
/* The poller of chunk q's block, awaiting chunk c < q - 2 (for a tile), pauses
 * min(POLL_NS (q - c - 2), POLL_MAX_NS) between polls: the blocks further down have time,
 * and their polls crowd the L2 slices that hold the chunk the chain waits on (H100,
 * 8192: DTRSV N / T 0.162 / 0.174 -> 0.160 / 0.169 ms; 50 ns a chunk up to 1 us the same,
 * 100 ns up to 2 us 0.192 ms) */
constexpr unsigned POLL_NS = 20, POLL_MAX_NS = 500;
/* The pause of a second solve's threads polling their right side: its blocks start as the
 * first solve's leave, and all but the one that takes the first's last chunk wait long;
 * flat-out polls would crowd the L2 that the first's chain goes through. */
constexpr unsigned POLL_B_NS = 200;

template <typename T, bool TMA = false> constexpr size_t chain_smem()
{
    constexpr int NB = chain_nb<T>();
    const size_t stage = TMA                ? (size_t)chain_slots<T>() * NB * NB
                         : chain_staged<T>() ? (size_t)chain_ahead<T, true>() * NB * NB
                                             : 0;
    return (3 * (size_t)NB * (NB + 1) + (2 + G + RING) * NB + stage) * sizeof(T) +
           (TMA ? 128 : 0); /* the slots 128-byte aligned */
}

/* Double complex's block (five warps of at most 130 registers, 106 KB of shared memory) would
 * fit twice on an H100 SM; its launch asks for half of an SM's shared memory so that it runs
 * alone there. ZPOTRS 8192 with one right-hand side: 0.497-0.507 ms alone against 0.573-0.575
 * two an SM (16384: 1.715-1.766 against 1.759-1.768; 4096, 128 blocks on 132 SMs, the
 * same), while four to six stage slots, which also keep it alone, took 0.523-0.539. Two an SM
 * put a block far down the chain, streaming its tiles, beside the one the chain waits on. The
 * other types' blocks (nine warps, up to 168 registers) run alone anyway, and asking the same
 * of them only shrinks the L1: single's 53 KB raised to 117 KB, SPOTRS 8192 0.245-0.259 ms
 * against 0.242-0.244. */
template <typename T> __host__ __device__ constexpr bool chain_alone() { return sizeof(T) == 16; }

/* the shared memory a block's launch asks for */
template <typename T, bool TMA> size_t chain_launch_smem(const DevInfo &d)
{
    const size_t need = chain_smem<T, TMA>(), half = (size_t)(d.smem_sm > 0 ? d.smem_sm : 0) / 2;
    return chain_alone<T>() && half > need ? half : need;
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

/* a waiting thread lets the others run (the host emulator switches threads only at
 * barriers and here); on the GPU it sleeps ns nanoseconds */
__device__ __forceinline__ void spin_pause(unsigned ns = 0)
{
#ifdef KBLASF_CUDA_EMU
    emu_yield();
    (void)ns;
#elif defined(__CUDA_ARCH__)
    if (ns)
        __nanosleep(ns);
#endif
}

/* The poller: the last warp of a thread block. issue: v = the chunk at p as it is now, the
 * loads left in flight; fetch: once all NB values of the chunk at p are out (starting from
 * v, issued earlier), copy them to out and return. */
template <typename T, int NB> __device__ __forceinline__ void poll_issue(const T *p, T (&v)[(NB + 31) / 32])
{
    const int lane = threadIdx.x % 32;
#pragma unroll
    for (int e = 0; e < (NB + 31) / 32; ++e)
        if (lane + 32 * e < NB)
            v[e] = load_l2(p + (lane + 32 * e));
}
/* every lane's values solved */
template <typename T, int NB> __device__ __forceinline__ bool chunk_solved(const T (&v)[(NB + 31) / 32])
{
    const int lane = threadIdx.x % 32;
    bool ok = true;
#pragma unroll
    for (int e = 0; e < (NB + 31) / 32; ++e)
        if (lane + 32 * e < NB)
            ok = ok & solved(v[e]);
    return __ballot_sync(0xffffffffu, ok) == 0xffffffffu;
}

template <typename T, int NB>
__device__ __forceinline__ void poll_fetch(const T *p, T (&v)[(NB + 31) / 32], T *out, unsigned pause)
{
    constexpr int E = (NB + 31) / 32;
    const int lane = threadIdx.x % 32;
    while (!chunk_solved<T, NB>(v)) {
        spin_pause(pause);
        poll_issue<T, NB>(p, v);
    }
#pragma unroll
    for (int e = 0; e < E; ++e)
        if (lane + 32 * e < NB)
            out[lane + 32 * e] = v[e];
}

/* The hand-over in shared memory: chunk c lies in ring slot c % RING once avail > c; the
 * poller fills a slot again only when every computing warp's used count has passed the
 * chunk that held it. */
constexpr int MAX_WARPS = 8; /* computing warps a block (chain_workers / 32) */
struct Ring {
    volatile int avail;
    volatile int used[MAX_WARPS];
};
/* spin until every computing warp's used count is past item c (at once for c < 0); the
 * fence after the spin orders the caller's next writes of the slot after the warps' reads
 * of it (acquire; the warps release with a fence before they raise used) */
template <int W> __device__ __forceinline__ void wait_used(const Ring &rg, int64_t c)
{
    const int lane = threadIdx.x % 32;
    while (__ballot_sync(0xffffffffu, rg.used[lane % W] > c) != 0xffffffffu)
        spin_pause();
    __threadfence_block();
}
/* poller: chunks [c0, c1) into the ring, of the chunks [0, cn) the block needs; chunk c's
 * loads in flight in v[c % POLLS] (the caller issues the first POLLS) */
template <typename T, int NB, int W>
__device__ __forceinline__ void poll_chunks(const T *xs, int64_t c0, int64_t c1, int64_t cn,
                                            T *xr, Ring &rg, T (&v)[POLLS][(NB + 31) / 32])
{
    const int lane = threadIdx.x % 32;
    for (int64_t b = c0 - c0 % POLLS; b < c1; b += POLLS) {
#pragma unroll
        for (int s = 0; s < POLLS; ++s) {
            const int64_t c = b + s;
            if (c < c0 || c >= c1)
                continue;
            wait_used<W>(rg, c - RING); /* slot c % RING free */
            const int64_t d = cn - c - 2;
            const unsigned pause = d > 0 ? (unsigned)min((int64_t)POLL_MAX_NS, d * POLL_NS) : 0u;
            poll_fetch<T, NB>(xs + c * NB, v[s], xr + (c % RING) * NB, pause);
            if (c + POLLS < cn)
                poll_issue<T, NB>(xs + (c + POLLS) * NB, v[s]);
            __syncwarp();
            __threadfence_block();
            if (lane == 0)
                rg.avail = (int)(c + 1);
        }
    }
}

/* computing warps: wait until chunk c is in the ring */
__device__ __forceinline__ void wait_chunk(const Ring &rg, int64_t c)
{
    while (rg.avail <= c)
        spin_pause();
    __threadfence_block();
}

/* b[u] = p[u*step] for u < lim, else zero (an element past the triangle), conjugated
 * when cj; loaded evict-first when once (ld_a) */
template <typename T, int U>
__device__ __forceinline__ void tile_to_regs(T (&b)[U], const T *p, int64_t step, int lim, bool cj,
                                             bool once)
{
#pragma unroll
    for (int u = 0; u < U; ++u) {
        b[u] = Sc<T>::zero();
        if (u < lim)
            b[u] = ld_a(p + u * step, once);
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

/* O = L R, or -L R when neg, for blocks of order H in shared memory (leading dimension LD):
 * thread t < NW computes row i = t % H, columns j = t / H + (NW / H) l, l < P; the k loop
 * runs over the whole block (a triangle's zeros are stored) so that the P sums go on
 * together */
template <typename T, int H, int LD, int NW>
__device__ __forceinline__ void block_product(const T *L, const T *R, T *O, bool neg)
{
    constexpr int P = H * H / NW;
    static_assert(P * NW == H * H && NW % H == 0, "whole rows of products");
    const int t = threadIdx.x, i = t % H, j0 = t / H;
    if (t >= NW)
        return;
    T a[P];
#pragma unroll
    for (int l = 0; l < P; ++l)
        a[l] = Sc<T>::zero();
#pragma unroll 4
    for (int k = 0; k < H; ++k) {
        const T b = L[i + k * LD];
#pragma unroll
        for (int l = 0; l < P; ++l)
            a[l] = Sc<T>::fma(b, R[k + (j0 + NW / H * l) * LD], a[l]);
    }
#pragma unroll
    for (int l = 0; l < P; ++l)
        O[i + (j0 + NW / H * l) * LD] = neg ? Sc<T>::sub(Sc<T>::zero(), a[l]) : a[l];
}

/* Di = inv(D), D lower triangular of order NB in shared memory (leading dimension LD), dv =
 * 1 / diag(D): the two diagonal blocks of order H = NB/2 by substitution (threads 0..NB-1, a
 * column each), then Di21 = -inv(D22) D21 inv(D11) as two products, X = D21 inv(D11) kept
 * in D's upper right block (unused). Called by every thread of the block (barriers); the
 * first NW threads compute. */
template <typename T, int NB, int LD, int NW>
__device__ __forceinline__ void invert_lower(T *D, T *Di, const T *dv)
{
    constexpr int H = NB / 2;
    const int t = threadIdx.x;
    if (t < NB) {
        const int b = t / H * H, c = t % H; /* the block's first row and column; the column */
        T col[H];
#pragma unroll
        for (int i = 0; i < H; ++i)
            col[i] = i == c ? Sc<T>::one() : Sc<T>::zero();
#pragma unroll
        for (int j = 0; j < H; ++j) {
            col[j] = Sc<T>::mul(col[j], dv[b + j]);
#pragma unroll
            for (int i = j + 1; i < H; ++i)
                col[i] = fnma(D[b + i + (b + j) * LD], col[j], col[i]);
        }
#pragma unroll
        for (int i = 0; i < H; ++i) {
            Di[b + i + (b + c) * LD] = col[i];
            if (b == 0)
                Di[i + (H + c) * LD] = Sc<T>::zero();
        }
    }
    __syncthreads();
    block_product<T, H, LD, NW>(D + H, Di, D + H * LD, false);      /* X = D21 inv(D11) */
    __syncthreads();
    block_product<T, H, LD, NW>(Di + H + H * LD, D + H * LD, Di + H, true); /* -inv(D22) X */
    __syncthreads();
}

/* Mo = Di E (order NB, all in shared memory with leading dimension LD), thread t < NW
 * rows m + 16 i (m = t % 16, i < RB) and columns c0..c0+3 of it: a warp's reads of Di take
 * 16 consecutive elements, of E two */
template <typename T, int NB, int LD, int NW>
__device__ __forceinline__ void mul_lower(const T *Di, const T *E, T *Mo)
{
    constexpr int CB = 4, RB = NB * NB / NW / CB, RS = NB / RB;
    static_assert(RS == 16, "16 rows apart");
    const int t = threadIdx.x;
    if (t >= NW)
        return;
    const int m = t % RS, c0 = t / RS * CB;
    T acc[RB][CB];
#pragma unroll
    for (int i = 0; i < RB; ++i)
#pragma unroll
        for (int j = 0; j < CB; ++j)
            acc[i][j] = Sc<T>::zero();
    for (int k = 0; k < NB; ++k) {
        T a[RB], b[CB];
#pragma unroll
        for (int i = 0; i < RB; ++i)
            a[i] = Di[m + RS * i + k * LD];
#pragma unroll
        for (int j = 0; j < CB; ++j)
            b[j] = E[k + (c0 + j) * LD];
#pragma unroll
        for (int i = 0; i < RB; ++i)
#pragma unroll
            for (int j = 0; j < CB; ++j)
                acc[i][j] = Sc<T>::fma(a[i], b[j], acc[i][j]);
    }
#pragma unroll
    for (int i = 0; i < RB; ++i)
#pragma unroll
        for (int j = 0; j < CB; ++j)
            Mo[m + RS * i + (c0 + j) * LD] = acc[i][j];
}

/* This block's share of n 16-byte words set to the mark, by one warp: a solve's first kernel
 * marks the scratch of the call after it this way, so that call needs no memset before its
 * kernels (kblasf_cuda_chain_scratch). */
__device__ inline void mark_share(uint4 *mark, int64_t n)
{
    const int64_t per = (n + gridDim.x - 1) / gridDim.x, lo = blockIdx.x * per;
    const int64_t hi = lo + per < n ? lo + per : n;
    for (int64_t i = lo + threadIdx.x % 32; i < hi; i += 32)
        mark[i] = make_uint4(~0u, ~0u, ~0u, ~0u);
}

/* computing threads a block: G a row of the chunk; the poller warp comes after them */
template <typename T> __host__ __device__ constexpr int chain_workers() { return G * chain_nb<T>(); }

/* L(i, j) = A[i*dr + j*dc] (A at L(0, 0)), conjugated when cj; x(i) = x[i*dx]. xs: k
 * elements holding the mark, ticket: ~0u. bs: null, or b(i) = bs[i*db] polled (the second
 * solve of a pair reads the first's solved values as they come out); xout: x is written
 * (not by the first solve of a pair, whose result goes to the second through xs alone).
 * once_below: the tiles of chunks q < once_below are loaded evict-first (chain_once_below).
 * TMA: the tiles come by the TMA from tm, a map of the matrix that A points into (whole,
 * from its first element, in its own column-major order). mark: null, or mark_n 16-byte
 * words that the blocks set to the mark between them (the next call's scratch, mark_share). */
template <typename T, bool ROWC, bool TMA>
__global__ void __launch_bounds__(chain_workers<T>() + (TMA ? 64 : 32), 1)
    trsv_chain_kernel(const T *A, int64_t dr, int64_t dc, int64_t k, T alpha, bool cj,
                      bool unit, T *x, int64_t dx, T *xs, unsigned *ticket, const T *bs,
                      int64_t db, bool xout, int64_t once_below, bool ahead2, uint4 *mark,
                      int64_t mark_n, const KBLASF_GRID_CONST CUtensorMap tm)
{
    constexpr int NB = chain_nb<T>(), U = NB / G, LD = NB + 1, NW = chain_workers<T>(), W = NW / 32;
    static_assert(W <= MAX_WARPS, "a ring counter for each computing warp");
#ifdef KBLASF_CUDA_EMU
    __shared__ uint4 smem[(chain_smem<T, TMA>() + 15) / 16]; /* static in the host emulator */
#else
    extern __shared__ __align__(16) unsigned char smem[];
#endif
    /* D = L_qq (identity past the triangle; M_q, then with ahead2 N_q after the inversion),
     * Di = its inverse, EM = L_q,q-1 (then L_q,q-2); all column-major with leading dimension
     * LD; dv = 1 / diag(D), sv = the right side of z, red = the partial sums of the tiles'
     * products, xr = the ring of solved chunks; with the TMA its slots (128-byte aligned)
     * come right after EM, which nothing writes once the setup is done (see cut below) */
    constexpr int SLOTS = chain_slots<T>();
    T *D = reinterpret_cast<T *>(smem), *Di = D + NB * LD, *EM = Di + NB * LD;
    T *const slots = reinterpret_cast<T *>(((uintptr_t)(EM + NB * LD) + 127) / 128 * 128);
    T *dv = TMA ? slots + SLOTS * NB * NB : EM + NB * LD, *sv = dv + NB, *red = sv + NB,
      *xr = red + G * NB, *stg = xr + RING * NB;
    __shared__ unsigned long long tbar[TMA ? SLOTS : 1]; /* a slot's copy done */
    __shared__ unsigned s_q;
    __shared__ Ring rg;
#if defined(__CUDA_ARCH__) && !defined(KBLASF_TMA)
    if (TMA) /* compiled for a GPU without the TMA: its slots would never fill (tma_code) */
        __trap();
#endif
    /* the poller warp, and with the TMA its producer warp after it */
    const bool poller = threadIdx.x >= NW, producer = TMA && threadIdx.x >= NW + 32;
    if (threadIdx.x == 0) {
        s_q = atomicAdd(ticket, 1u) + 1u;
        rg.avail = 0;
        if constexpr (TMA)
            for (int s = 0; s < SLOTS; ++s)
                mbar_init(tbar + s);
    }
    if (threadIdx.x < W)
        rg.used[threadIdx.x] = 0;
    pdl_trigger(); /* a solve launched dependent on this one may start its setup */
    __syncthreads();
    const int64_t q = s_q, R0 = q * NB;
    const int nq = k - R0 < NB ? (int)(k - R0) : NB, r = threadIdx.x / G, g = threadIdx.x % G;
    const bool live = r < nq; /* (false in the poller) */
    /* x_{q-2} by N_q (chain_ahead2 decides; the type test again so that the complex
     * instances compile without that path, as main's code) */
    const bool n2 = !Sc<T>::complex && ahead2 && q > 1;
    const int64_t ntile = q > 1 ? q - 1 - n2 : 0; /* the tiles streamed: L_qi, i < ntile */
    /* TMA: tile i, L_qi, is the box of A at these first row and column, reversed when the
     * solve runs backwards (zeros where it passes the matrix's end). A box may not start
     * before the matrix (an illegal instruction on the H100): a last chunk of nq < NB rows
     * run backwards starts at 0 instead, its rows cut = NB - nq places lower in the box.
     * The threads of the rows past the chunk (their sums unused) then read up to NB cut
     * elements before their slot: in slot 0, from EM and Di, which nothing writes by then. */
    const bool rev = (ROWC ? dr : dc) < 0;
    const int cut = rev ? NB - nq : 0;
    auto tma_issue = [&](int64_t i) {
        int64_t br = ROWC ? R0 : i * NB, bc = ROWC ? i * NB : R0;
        if (rev) {
            br = ROWC ? k - NB - br + cut : k - NB - br;
            bc = ROWC ? k - NB - bc : k - NB - bc + cut;
        }
        const int s = (int)(i % SLOTS);
        tma_tile(slots + (size_t)s * NB * NB, &tm, (int)br, (int)bc, tbar + s,
                 NB * NB * sizeof(T), q < once_below);
    };
    if (producer && threadIdx.x % 32 == 0) /* the first tiles come while the setup runs */
        for (int64_t i = 0; i < (ntile < SLOTS ? ntile : SLOTS); ++i)
            tma_issue(i);
    auto el = [&](int64_t i, int64_t j) {
        const T v = Sc<T>::ld(A + (i * dr + j * dc));
        return cj ? Sc<T>::conj(v) : v;
    };
    /* The setup's blocks of order NB, L elements a computing thread: its element l is (i, j),
     * the contiguous index fastest; the block of the chunk's rows from column c0 (zero past
     * them), and a block's elements into shared memory */
    constexpr int L = NB * NB / NW;
    auto setup_ij = [&](int l, int &i, int &j) {
        const int e = threadIdx.x + l * NW;
        i = ROWC ? e % NB : e / NB;
        j = ROWC ? e / NB : e % NB;
    };
    auto block_el = [&](int l, int64_t c0) {
        int i, j;
        setup_ij(l, i, j);
        return i < nq ? el(R0 + i, c0 + j) : Sc<T>::zero();
    };
    auto block_store = [&](T *S, const T(&v)[L]) {
#pragma unroll
        for (int l = 0; l < L; ++l) {
            int i, j;
            setup_ij(l, i, j);
            S[i + j * LD] = v[l];
        }
    };

    /* every load in flight before the first store (a store to shared memory through a
     * generic pointer would otherwise hold the next load back: a round trip each) */
    if (!poller) {
        T dl[L], el_[L];
#pragma unroll
        for (int l = 0; l < L; ++l) {
            int i, j;
            setup_ij(l, i, j);
            dl[l] = i == j ? Sc<T>::one() : Sc<T>::zero();
            if (i < nq && j < i)
                dl[l] = el(R0 + i, R0 + j);
            else if (i < nq && i == j && !unit)
                dl[l] = el(R0 + i, R0 + i);
            el_[l] = q > 0 ? block_el(l, R0 - NB) : Sc<T>::zero();
        }
        block_store(D, dl);
        block_store(EM, el_);
    }
    __syncthreads();
    /* This thread's elements of the tiles L_qi (below). A warp's loads take whole lines:
     * thread (e, h) = (t % NB, t / NB) holds elements e + NB*(h + G*u) of a tile seen with its
     * contiguous index first, that is L(e, h + G*u) when the rows are contiguous (ROWC: one
     * row's sum a thread) and L(h + G*u, e) when the columns are (a sum for each of U rows). */
    const int e = threadIdx.x % NB, h = threadIdx.x / NB;
    const int64_t tstep = NB * dc, ustep = G * (ROWC ? dc : dr);
    const T *tp = A + (ROWC ? (R0 + e) * dr + h * dc : (R0 + h) * dr + e * dc);
    const int lim = ROWC ? (e < nq ? U : 0) : (nq - h + G - 1) / G;
    const bool once = q < once_below; /* the tiles evict-first */
    /* the first tiles to L2 while the setup computes (CHAIN_PREFETCH), a thread a line;
     * with the TMA, those after the ones it copies at once */
    const int64_t pf0 = TMA ? SLOTS : 0, pf1 = pf0 + CHAIN_PREFETCH;
    if (!poller && e % (128 / (int)sizeof(T)) == 0)
        for (int64_t i = pf0; i < (ntile < pf1 ? ntile : pf1); ++i)
            for (int u = 0; u < lim; ++u)
                prefetch_l2(tp + i * tstep + u * ustep);
    if (threadIdx.x < NB)
        dv[threadIdx.x] = Sc<T>::recip(D[threadIdx.x * (LD + 1)]);
    __syncthreads();
    /* Di, then M_q = Di L_q,q-1 in D's place */
    invert_lower<T, NB, LD, NW>(D, Di, dv);
    if (q > 0)
        mul_lower<T, NB, LD, NW>(Di, EM, D);
    __syncthreads();
    T mr[U]; /* row r of M_q, the chain step's operand (in the computing threads) */
    auto take_m = [&] {
#pragma unroll
        for (int u = 0; u < U; ++u)
            mr[u] = q > 0 ? D[r + (g + G * u) * LD] : Sc<T>::zero();
    };
    if (n2) { /* M_q to registers, then N_q = Di L_q,q-2 in D's place */
        if (!poller) {
            T e2[L];
#pragma unroll
            for (int l = 0; l < L; ++l)
                e2[l] = block_el(l, R0 - 2 * NB);
            take_m();
            block_store(EM, e2);
        }
        __syncthreads();
        mul_lower<T, NB, LD, NW>(Di, EM, D);
        __syncthreads();
    }

    if (producer) {
        /* slot i % SLOTS refilled with tile i once every computing warp is past tile i - SLOTS */
        const int lane = threadIdx.x % 32;
        for (int64_t i = SLOTS; i < ntile; ++i) {
            wait_used<W>(rg, i - SLOTS);
            fence_proxy_async(); /* the warps' reads of the slot before the copy's writes */
            if (lane == 0)
                tma_issue(i);
            __syncwarp();
        }
        __syncthreads(); /* the computing warps' two before z */
        __syncthreads();
        if (bs)
            pdl_wait();
        return;
    }
    if (poller) {
        /* the tiles' chunks, then (after the barriers before z) the rest up to q-1 */
        T pv[POLLS][(NB + 31) / 32];
#pragma unroll
        for (int s = 0; s < POLLS; ++s)
            if (s < q)
                poll_issue<T, NB>(xs + s * NB, pv[s]);
        poll_chunks<T, NB, W>(xs, 0, ntile, q, xr, rg, pv);
        __syncthreads(); /* the computing warps' two before z */
        __syncthreads();
        poll_chunks<T, NB, W>(xs, ntile, q, q, xr, rg, pv);
        if (mark) /* x_{q-1} handed over: off the chain's path from here */
            mark_share(mark, mark_n);
        if (bs)
            pdl_wait(); /* (below) */
        return;
    }
    if (!n2)
        take_m();

    /* p = sum_{i<ntile} L_qi x_i, tiles streamed AHEAD ahead, each warp at its own pace */
    constexpr int AHEAD = TMA ? SLOTS : chain_ahead<T, ROWC>();
    constexpr bool STAGED = chain_staged<T>() && !TMA, INREG = !STAGED && !TMA;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    T acc[ROWC ? 2 : U], buf[INREG ? AHEAD : 1][U];
    /* TMA: this thread's element u of the tile in slot s is sp[s NB^2 + sd NB G u] */
    const int sd = rev ? -1 : 1;
    const T *const sp = slots + (rev ? NB * NB - 1 - (e + NB * h) - cut * (ROWC ? 1 : NB)
                                     : e + NB * h);
#pragma unroll
    for (int u = 0; u < (ROWC ? 2 : U); ++u)
        acc[u] = Sc<T>::zero();
    /* staged: tile i into slot s, this thread's U elements, read back by this thread alone
     * (no barrier); a group of copies a tile, empty past the last */
    auto issue = [&](int s, int64_t i) {
        const T *p = tp + i * tstep;
#pragma unroll
        for (int u = 0; u < U; ++u)
            cp_async<sizeof(T)>(stg + (s * U + u) * NW + threadIdx.x, u < lim ? p + u * ustep : tp,
                                u < lim);
    };
#pragma unroll
    for (int s = 0; s < AHEAD; ++s) {
        if constexpr (STAGED) {
            if (s < ntile)
                issue(s, s);
            cp_commit();
        } else if (INREG && s < ntile) {
            tile_to_regs<T, U>(buf[s], tp + s * tstep, ustep, lim, cj, once);
        }
    }
    /* alpha b_q: row t of thread t < NB (this block alone reads and writes these rows; read
     * now, off the path to z). From x only when this kernel is not launched dependent on
     * one that writes x; the setup above reads A alone. */
    T bv = Sc<T>::zero();
    if (threadIdx.x < nq) {
        if (bs) {
            T v;
            while (!solved(v = load_l2(bs + (R0 + threadIdx.x) * db)))
                spin_pause(POLL_B_NS);
            bv = Sc<T>::mul(alpha, v);
        } else {
            pdl_wait();
            bv = Sc<T>::mul(alpha, x[(R0 + threadIdx.x) * dx]);
        }
    }
    for (int64_t i0 = 0; i0 < ntile; i0 += AHEAD) {
#pragma unroll
        for (int s = 0; s < AHEAD; ++s) {
            const int64_t i = i0 + s;
            if (i < ntile) {
                if constexpr (STAGED)
                    cp_wait<AHEAD - 1>();
                wait_chunk(rg, i);
                if constexpr (TMA)
                    mbar_wait(tbar + s, (unsigned)((i / AHEAD) & 1));
                const T *xi = xr + (i % RING) * NB;
                auto tv = [&](int u) { /* element u of tile i */
                    if constexpr (STAGED) {
                        const T v = stg[(s * U + u) * NW + threadIdx.x];
                        return cj ? Sc<T>::conj(v) : v;
                    } else if constexpr (TMA) {
                        const T v = sp[s * NB * NB + sd * NB * G * u];
                        return cj ? Sc<T>::conj(v) : v;
                    } else {
                        return buf[s][u];
                    }
                };
                if constexpr (ROWC) {
#pragma unroll
                    for (int u = 0; u < U; ++u)
                        acc[u % 2] = Sc<T>::fma(tv(u), xi[h + G * u], acc[u % 2]);
                } else {
                    const T xe = xi[e];
#pragma unroll
                    for (int u = 0; u < U; ++u)
                        acc[u] = Sc<T>::fma(tv(u), xe, acc[u]);
                }
                __syncwarp(); /* the warp's reads of the slot done before it is given back */
                __threadfence_block();
                if (lane == 0)
                    rg.used[warp] = (int)(i + 1);
                if constexpr (STAGED) {
                    if (i + AHEAD < ntile)
                        issue(s, i + AHEAD);
                    cp_commit();
                } else if (INREG && i + AHEAD < ntile) {
                    tile_to_regs<T, U>(buf[s], tp + (i + AHEAD) * tstep, ustep, lim, cj, once);
                }
            }
        }
    }
    /* z = Di (alpha b_q - p), p's pieces summed through red: ROWC G pieces a row (one a
     * thread), else NB/32 (one a warp) */
    constexpr int NRED = ROWC ? G : NB / 32;
    if constexpr (ROWC) {
        red[h * NB + e] = Sc<T>::add(acc[0], acc[1]);
    } else {
        /* the warp's sums of its U rows by halving: at offset o a lane keeps one half of
         * its values (the upper where lane & o) plus its partner's of that half, so that
         * after offsets 16 .. 32/U lane l holds row l / (32/U), summed over the lanes that
         * differ in bit o; the lanes closer than 32/U are added last (log2(U) + 5 - log2(U)
         * shuffle rounds, U - 1 + 5 - log2(U) shuffles, instead of 5 U) */
#pragma unroll
        for (int st = 0; (U >> st) > 1; ++st) {
            const int n = (U >> st) / 2, o = 16 >> st;
            const bool hi = lane & o;
#pragma unroll
            for (int j = 0; j < U / 2; ++j) {
                if (j < n) {
                    const T send = hi ? acc[j] : acc[j + n], keep = hi ? acc[j + n] : acc[j];
                    acc[j] = Sc<T>::add(keep, Sc<T>::shfl_xor(send, o));
                }
            }
        }
#pragma unroll
        for (int o = 16 / U; o >= 1; o /= 2)
            acc[0] = Sc<T>::add(acc[0], Sc<T>::shfl_xor(acc[0], o));
        if (lane % (32 / U) == 0)
            red[(e / 32) * NB + h + G * (lane / (32 / U))] = acc[0];
    }
    __syncthreads();
    if (threadIdx.x < NB) {
        T a = bv;
#pragma unroll
        for (int j = 0; j < NRED; ++j)
            a = Sc<T>::sub(a, red[j * NB + threadIdx.x]);
        sv[threadIdx.x] = threadIdx.x < nq ? a : Sc<T>::zero();
    }
    __syncthreads();
    T z = row_dot<T, U>([&](int u) { return Di[r + (g + G * u) * LD]; }, sv);
    if (n2) { /* the step before: z - N_q x_{q-2} */
        wait_chunk(rg, q - 2);
        z = Sc<T>::sub(z, row_dot<T, U>([&](int u) { return D[r + (g + G * u) * LD]; },
                                        xr + ((q - 2) % RING) * NB));
    }
    /* the chain step: x_q = z - M_q x_{q-1} */
    if (q > 0) {
        wait_chunk(rg, q - 1);
        z = Sc<T>::sub(z, row_dot<T, U>([&](int u) { return mr[u]; }, xr + ((q - 1) % RING) * NB));
    }
    if (g == 0 && live) {
        publish(xs + (R0 + r), z);
        if (xout)
            x[(R0 + r) * dx] = z;
    }
    /* a second solve ends after the first: what follows in the stream may read x */
    if (bs)
        pdl_wait();
}

/* op(A) upper: solved from the bottom */
inline bool chain_rev(bool lower, char trans) { return lower != (trans == 'N' || trans == 'n'); }
/* The chunks below which a solve of k rows in `chunks` chunks loads its tiles evict-first.
 * A triangle larger than the L2 is read once a solve, so its tiles are streamed evict-first
 * (ld_a), but for the first solve of a pair, whose last chunks' rows (in the order of the
 * solve) are the tiles the second solve takes in its first steps, on either uplo: those
 * stay in L2 up to l2_keep_bytes. H100, three rounds against every tile loaded the usual
 * way (bench/probe_potrs1.c): DPOTRS with one right-hand side 4096 / 8192 / 16384 0.150 /
 * 0.317-0.318 / 0.969 ms against 0.155 / 0.325-0.326 / 0.983-0.986; DTRSM 8192x1 LLNN / LLTN
 * 0.160-0.162 / 0.175-0.176 ms against 0.163 / 0.177-0.178. Keeping 4 to 12 chunks' rows at
 * 8192 measured the same. A triangle the L2 holds is loaded the usual way: a next solve with
 * the same factor finds it there. Double complex stages its tiles by cp.async, which this
 * does not change. */
template <typename T>
int64_t chain_once_below(const DevInfo &d, int64_t k, int64_t chunks, int pair)
{
    constexpr int NB = chain_nb<T>();
    if (!stream_once(d, 0.5 * (double)k * (double)k * sizeof(T)))
        return 0;
    if (pair != 1)
        return chunks;
    const int64_t keep = (int64_t)(l2_keep_bytes(d) / ((double)NB * (double)k * sizeof(T)));
    return chunks - (keep > 1 ? keep : 1);
}

/* Whether a solve in `chunks` chunks takes its tiles by the TMA, as measured on the H100 (one
 * right-hand side, bench/results/H100-2026-11-28-stop42-trsv-chain-tma.txt, POTRS pairs and
 * single solves, against the tiles loaded by the computing warps):
 * - more chunks than SMs: the blocks past the first wave start as the first ones finish and
 *   must catch up on all their tiles at once, and the chain's steps no longer wait behind
 *   the loads. 16384: DPOTRS 0.806 against 0.943 ms, SPOTRS 0.533 against 0.781, CPOTRS
 *   0.843 against 1.195, DTRSM LLTN 0.414 against 0.505; 12288: DPOTRS 0.551 against 0.621;
 *   10240: 0.433 against 0.456;
 * - single complex from 4096 on: CPOTRS 8192 / 4096 0.357 / 0.180 against 0.407 / 0.197
 *   ms (2048: 0.102 against 0.098);
 * - not otherwise: with every block on an SM from the start, double is 7-9% slower by the
 *   TMA at 2048 to 8192 (DPOTRS 8192 0.337 against 0.313 ms; two or three slots, or the L2
 *   prefetch kept, the same), STRSM 8192x1 0.132 against 0.123. */
template <typename T> inline bool chain_tma(unsigned chunks, int sms)
{
    return chunks > (unsigned)sms || (Sc<T>::complex && sizeof(T) == 8 && chunks >= 64);
}

/* Was kernel k's device code compiled for sm_90 or later? A library built for older GPUs
 * alone runs its PTX on an H100, and there the TMA calls are compiled out (tma.cuh): its
 * slots would never fill. Cached per device. Any kernel of this file answers for all of
 * them: a device loads one image of a file's module (the cubin or PTX of one target), so
 * they share its ptxVersion. */
template <typename K> bool tma_code(K k, int dev)
{
#ifdef KBLASF_CUDA_EMU
    (void)k, (void)dev;
    return false;
#else
    static std::atomic<int> seen[kMaxDevices]; /* 0 unknown, 1 yes, 2 no */
    const bool cache = dev >= 0 && dev < kMaxDevices;
    int v = cache ? seen[dev].load(std::memory_order_relaxed) : 0;
    if (v == 0) {
        cudaFuncAttributes fa;
        v = cudaFuncGetAttributes(&fa, k) == cudaSuccess && fa.ptxVersion >= 90 ? 1 : 2;
        if (cache)
            seen[dev].store(v, std::memory_order_relaxed);
    }
    return v == 1;
#endif
}

/* Run backwards, a box's first row is k - NB - a multiple of NB, and the TMA takes only
 * boxes whose first row is 16-byte aligned (an illegal instruction on the H100 else). */
template <typename T> inline bool chain_tma_rev_ok(int64_t k) { return (k * sizeof(T)) % 16 == 0; }

/* the solved values in a solve's scratch */
template <typename T> T *chain_xs(void *scratch)
{
    return reinterpret_cast<T *>(static_cast<char *>(scratch) + 16);
}

/* one solve, scratch set. pair: 1 for the first solve of a pair, 2 for the second, which is
 * launched dependent on the first and takes its right side from the first's scratch (first,
 * its direction first_rev) as it is solved: no wait for the first kernel's end. tma: the tiles
 * by the TMA, through tm, the map of A (trsv_chain_run). mark (or null): mark_bytes to set to
 * the mark (mark_share). */
template <typename T>
cudaError_t trsv_chain_launch(cudaStream_t stream, const DevInfo &d, bool lower, char trans,
                              bool unit, int64_t k, T alpha, const T *A, int64_t lda, T *x,
                              void *scratch, int pair, void *first, bool first_rev,
                              void *mark, size_t mark_bytes, const CUtensorMap &tm, bool tma)
{
    constexpr int NB = chain_nb<T>();
    const bool notrans = trans == 'N' || trans == 'n', rev = chain_rev(lower, trans);
    const bool cj = Sc<T>::complex && (trans == 'C' || trans == 'c');
    /* L(i, j) = op(A)(pi(i), pi(j)), pi(i) = rev ? k-1-i : i */
    const int64_t sgn = rev ? -1 : 1, dr = sgn * (notrans ? 1 : lda), dc = sgn * (notrans ? lda : 1);
    const T *L0 = A + (rev ? (k - 1) * (1 + lda) : 0);
    T *x0 = x + (rev ? k - 1 : 0);
    unsigned *ticket = static_cast<unsigned *>(scratch);
    T *xs = chain_xs<T>(scratch);
    /* the first's x(pi(i)) is its xs[rho(i)], rho(i) = i when both solves run the same way */
    const T *bs = pair == 2 ? chain_xs<T>(first) + (rev != first_rev ? k - 1 : 0) : nullptr;
    const int64_t db = rev != first_rev ? -1 : 1;
    const bool pdl = pair == 2, xout = pair != 1;
    const dim3 grid((unsigned)((k + NB - 1) / NB));
    const dim3 block_tma(chain_workers<T>() + 64), block_ld(chain_workers<T>() + 32);
    const int64_t once_below = chain_once_below<T>(d, k, grid.x, pair);
    const bool ahead2 = chain_ahead2<T>(grid.x, d.sms);
    static std::atomic<bool> done[4][kMaxDevices];
    auto go = [&](auto kernel, dim3 threads, size_t smem, std::atomic<bool>(&dn)[kMaxDevices]) {
        return launch_smem(kernel, grid, threads, smem, smem, dn, stream, pdl, L0, dr, dc, k,
                           alpha, cj, unit, x0, sgn, xs, ticket, bs, db, xout, once_below, ahead2,
                           static_cast<uint4 *>(mark), (int64_t)(mark_bytes / 16), tm);
    };
    if constexpr (sizeof(T) <= 8) /* no TMA instances for double complex */
        if (tma)
            return notrans ? go(trsv_chain_kernel<T, true, true>, block_tma, chain_launch_smem<T, true>(d),
                                done[2])
                           : go(trsv_chain_kernel<T, false, true>, block_tma, chain_launch_smem<T, true>(d),
                                done[3]);
    const size_t smem = chain_launch_smem<T, false>(d);
    return notrans ? go(trsv_chain_kernel<T, true, false>, block_ld, smem, done[0]) /* rows contiguous */
                   : go(trsv_chain_kernel<T, false, false>, block_ld, smem, done[1]);
}

inline bool trans_ok(char t)
{
    return t == 'N' || t == 'n' || t == 'T' || t == 't' || t == 'C' || t == 'c';
}

/* tma: 0 chain_tma's choice, 1 never, 2 wherever the TMA can (kblasf_cuda.h) */
template <typename T>
cudaError_t trsv_chain_run(cudaStream_t stream, char uplo, char trans, char trans2, char diag,
                           int64_t k, T alpha, const T *A, int64_t lda, T *x, void *scratch,
                           int marked, void *next, int tma)
{
    const bool lower = uplo == 'L' || uplo == 'l';
    if ((!lower && uplo != 'U' && uplo != 'u') || !trans_ok(trans) || (trans2 && !trans_ok(trans2)) ||
        (diag != 'N' && diag != 'n' && diag != 'U' && diag != 'u') || k < 1 || lda < k)
        return cudaErrorInvalidValue;
    const bool unit = diag == 'U' || diag == 'u';
    const bool rev1 = chain_rev(lower, trans), rev2 = trans2 && chain_rev(lower, trans2);
    DevInfo d;
    if (const cudaError_t e = dev_info(d))
        return e;
    /* Which solves take the TMA, and its map of A, made once for both solves of a pair; the
     * <T, true, true> instance's code answers for <T, false, true> as well (tma_code) */
    constexpr int NB = chain_nb<T>();
    const unsigned chunks = (unsigned)((k + NB - 1) / NB);
    const bool can = sizeof(T) <= 8 /* no TMA instances for double complex */ &&
               (tma ? tma == 2 : chain_tma<T>(chunks, d.sms)) && d.major >= 9 &&
               d.smem_sm >= (int)chain_smem<T, true>();
    const bool tma1 = can && (!rev1 || chain_tma_rev_ok<T>(k));
    const bool tma2 = can && trans2 && (!rev2 || chain_tma_rev_ok<T>(k));
    CUtensorMap tm;
    memset(&tm, 0, sizeof tm);
    const bool mapped = (tma1 || tma2) && tma_code(trsv_chain_kernel<T, true, true>, d.dev) &&
                        tma_map_2d(&tm, A, sizeof(T), k, k, lda, NB, NB);
    const size_t one = kblasf_cuda_trsv_chain_scratch(k, sizeof(T), 0), all = trans2 ? 2 * one : one;
    /* both solves' scratch at once: nothing but the first kernel between the two; none at all
     * where the call before marked it (its first kernel marks `next`). H200, three passes in
     * alternating processes against a memset every call (bench/probe_potrs1.c): DPOTRS with one
     * right-hand side 8192 / 4096 0.2952-0.2967 / 0.1495-0.1502 -> 0.2937-0.2940 / 0.1473-0.1479
     * ms, DTRSM 8192x1 LLNN / LLTN 0.1488-0.1495 / 0.1606-0.1612 -> 0.1479-0.1481 / 0.1589-0.1602;
     * 16384 the same. */
    cudaError_t e = marked ? cudaSuccess : cudaMemsetAsync(scratch, 0xff, all, stream);
    if (e == cudaSuccess)
        e = trsv_chain_launch<T>(stream, d, lower, trans, unit, k, alpha, A, lda, x, scratch,
                                 trans2 ? 1 : 0, nullptr, false, next, next ? all : 0, tm,
                                 mapped && tma1);
    if (e == cudaSuccess && trans2)
        e = trsv_chain_launch<T>(stream, d, lower, trans2, unit, k, Sc<T>::one(), A, lda, x,
                                 static_cast<char *>(scratch) + one, 2, scratch, rev1, nullptr,
                                 0, tm, mapped && tma2);
    return e;
}

} // namespace
} // namespace kblasf

extern "C" size_t kblasf_cuda_trsv_chain_scratch(int64_t k, size_t elsize, char trans2)
{
    const size_t one = (16 + (size_t)(k > 0 ? k : 0) * elsize + 15) / 16 * 16;
    return trans2 ? 2 * one : one;
}

#define KBLASF_TRSV_CHAIN(P, T)                                                          \
    extern "C" cudaError_t kblasf_cuda_##P##trsv_chain(cudaStream_t stream, char uplo,   \
            char trans, char trans2, char diag, int64_t k, T alpha, const T *A,          \
            int64_t lda, T *x, void *scratch, int marked, void *next, int tma)           \
    {                                                                                    \
        return kblasf::trsv_chain_run<T>(stream, uplo, trans, trans2, diag, k, alpha, A, \
                                         lda, x, scratch, marked, next, tma);            \
    }
KBLASF_TRSV_CHAIN(s, float)
KBLASF_TRSV_CHAIN(d, double)
KBLASF_TRSV_CHAIN(c, cuFloatComplex)
KBLASF_TRSV_CHAIN(z, cuDoubleComplex)
