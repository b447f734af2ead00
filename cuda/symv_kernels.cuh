/* symv_kernels.cuh — SYMV (real) / HEMV (complex) templates (KBLAS design, paper sections
 * 6.2, 6.3, 6.5 and 6.6).
 *
 * The n x n submatrix is cut into NB x NB blocks on a grid that starts at the 128-byte
 * aligned row/column r0 <= off (rows and columns below off are masked), so the loads stay
 * aligned for any offset. Two kernels run in order on the stream:
 *
 *  symv_diag_kernel: one thread block per diagonal block: the stored triangle goes to
 *    shared memory, is mirrored (conjugated for HEMV, diagonal imaginary parts never read)
 *    and y_i := alpha*A_ii*x_i + beta*y_i is written directly: the beta scaling is fused
 *    here, so there is no separate scaling kernel. Launched dependent on the kernel
 *    before it, which it waits for before anything else (pdl_wait in cuda_scalar.cuh).
 *  symv_offdiag_kernel: every off-diagonal block of the stored triangle is read ONCE and
 *    used twice: y_i += alpha*A_ij*x_j and y_j += alpha*A_ij^H*x_i (A_ij^T for SYMV), both
 *    through atomics. It is launched after the diagonal kernel with programmatic
 *    dependent launch: it loads and multiplies its first blocks while the diagonal kernel
 *    finishes and waits for it (pdl_wait) before its first atomic.
 *
 * Off-diagonal work: the T(T-1)/2 blocks of the stored triangle are numbered column by
 * column and cut into equal runs of w consecutive blocks, one run per thread block (a run
 * may cross into the next block column), so every thread block has the same work whatever
 * the triangle's shape, and the grid is one wave of resident thread blocks.
 * Thread block: WR warps stacked along the rows. A warp is R = 32/Q lanes along the rows
 * (each V rows: VEC, one 16-byte load, else rows p + R*v) times Q lanes along the columns
 * (each L = NB/Q columns q + Q*l), so NB = WR*R*V. Per block a thread holds an L x V
 * register tile (the next block's tile is loaded while this one is multiplied) and:
 *   - the A_ij*x_j row sums are complete after a log2(Q)-step shuffle within the warp:
 *     one coalesced atomic per warp and block, no shared memory, no barrier;
 *   - the A_ij^H*x_i column sums accumulate in registers down the block column and are
 *     reduced over the R row lanes (shuffles) only when the run leaves the column.
 * The x_j values of the block column are held one per lane and broadcast by shuffles.
 *
 * Optionally (qf != nullptr) both kernels also sum the quadratic form Re(x^H A x) into
 * qf[0 .. KBLASF_CUDA_QF_COPIES-1] (one atomic a warp, the warps spread over the copies so
 * that they do not queue on one address; the caller zeroes them and adds them up):
 * SYTRD's step takes its dot w^H v from it instead of summing it over a grid sync.
 * SYTRD's calls also walk by turns (rev): each run forwards, then backwards in the next call,
 * whose operand is nearly the same triangle; the last blocks of every run (a third of the L2
 * in all) are loaded with the normal policy and the rest evict-first, so that the next call
 * starts on blocks in L2 (DSYTRD 8192: 5% faster). */
#ifndef KBLASF_SYMV_KERNELS_CUH
#define KBLASF_SYMV_KERNELS_CUH

#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

template <typename T> struct SymvParams {
    const T *A;
    int64_t lda;
    int64_t r0;     /* first row/column of block 0 (aligned, <= lo) */
    int64_t lo, hi; /* rows/columns of the submatrix: [off, off+n) */
    const T *x;
    int64_t incx;
    T *y;
    int64_t incy;
    T alpha, beta;
    int64_t nblk; /* T: blocks per dimension */
    int64_t B;    /* off-diagonal blocks in the stored triangle: T(T-1)/2 */
    int64_t w;    /* off-diagonal blocks per thread block */
    int beta0;    /* beta == 0: y is not read */
    int once;     /* load the off-diagonal blocks evict-first (stream_once) */
    int rev;      /* walk each run from its end (a call alternating with a forward one) */
    int64_t keep; /* with once: the last `keep` blocks of a walk are loaded to stay in L2 */
    double *qf;   /* nullptr, or KBLASF_CUDA_QF_COPIES sums of Re(x^H A x) */
};

/* q summed over the warp, into copy `slot` of qf (every lane of the warp calls it) */
__device__ __forceinline__ void qf_add(double *qf, double q, unsigned slot)
{
    for (int m = 16; m > 0; m >>= 1) q += __shfl_xor_sync(0xffffffffu, q, m);
    if ((threadIdx.x & 31) == 0) atomicAdd(qf + slot % KBLASF_CUDA_QF_COPIES, q);
}

/* ------------------------------------------- diagonal blocks; y := beta*y + alpha*A_ii x_i */
template <typename T, int NB, int TY, bool UP, bool HE>
__global__ void __launch_bounds__(NB * TY) symv_diag_kernel(const SymvParams<T> P)
{
    __shared__ T As[NB][NB + 1];
    __shared__ T xs[NB];
    __shared__ T red[TY][NB];
    /* Launched dependent on the kernel before it (whatever wrote A, x or y): it waits for
     * that kernel's end first and only then lets the off-diagonal kernel start, which reads
     * A and x before its own wait. What the dependent launch saves is this kernel's launch
     * gap (SYTRD: about 1.4 us a column after its step kernel). */
    pdl_wait_then_release();

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int64_t base = P.r0 + (int64_t)blockIdx.x * NB;
    const int64_t r = base + tx;
    const bool rok = r >= P.lo && r < P.hi;

    /* the stored triangle, mirrored; outside the submatrix: zero. All NB/TY loads of a
     * thread are issued before the first store (one memory latency, not NB/TY). */
    static_assert(NB % TY == 0, "DTY must divide NB");
    constexpr int K = NB / TY;
    T a[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
        const int c = ty + k * TY;
        const int64_t gc = base + c;
        const bool st = UP ? tx <= c : tx >= c; /* stored; the mirror thread fills the rest */
        const T *p = P.A + (r + gc * P.lda);
        a[k] = Sc<T>::zero();
        if (st && rok && gc >= P.lo && gc < P.hi)
            a[k] = (HE && tx == c) ? Sc<T>::ld_real(p) : Sc<T>::ld(p);
    }
    T xv = Sc<T>::zero();
    if (ty == 0 && rok) xv = Sc<T>::ld(P.x + (r - P.lo) * P.incx);
#pragma unroll
    for (int k = 0; k < K; ++k) {
        const int c = ty + k * TY;
        if (UP ? tx > c : tx < c) continue;
        if (tx == c) {
            As[tx][tx] = a[k];
        } else {
            As[tx][c] = a[k];
            As[c][tx] = HE ? Sc<T>::conj(a[k]) : a[k];
        }
    }
    if (ty == 0) xs[tx] = xv;
    __syncthreads();
    T s = Sc<T>::zero();
    for (int c = ty; c < NB; c += TY) s = Sc<T>::fma(As[tx][c], xs[c], s);
    red[ty][tx] = s;
    __syncthreads();
    if (ty == 0 && rok) {
#pragma unroll
        for (int j = 1; j < TY; ++j) s = Sc<T>::add(s, red[j][tx]);
        put_y(P.y + (r - P.lo) * P.incy, P.alpha, s, P.beta, true, P.beta0);
    }
    if (P.qf && ty == 0) /* NB is a multiple of 32: whole warps */
        qf_add(P.qf, rok ? re_dot(xv, s) : 0.0, blockIdx.x * (NB / 32) + tx / 32);
}

/* ------------------------------------------------------------ off-diagonal blocks */
template <typename T, int NB, int Q, int V, int WR, bool VEC, bool UP, bool HE, int MINB>
__global__ void __launch_bounds__(32 * WR, MINB) symv_offdiag_kernel(const SymvParams<T> P)
{
    constexpr int R = 32 / Q;   /* lanes along the rows of a warp */
    constexpr int L = NB / Q;   /* columns per thread and block */
    constexpr int XJ = NB / 32; /* x_j values per lane */
    static_assert(32 % Q == 0 && NB % 32 == 0 && NB == WR * R * V, "NB must be WR*(32/Q)*V");

    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int q = lane % Q, p = lane / Q;
    const int trow = warp * R * V + (VEC ? p * V : p); /* first row of the thread in a block */

    const int64_t b0 = (int64_t)blockIdx.x * P.w;
    const int64_t bend = b0 + P.w < P.B ? b0 + P.w : P.B;
    if (b0 >= bend) return;
    const int64_t len = bend - b0;

    /* Run position (ip, jp): blocks numbered as in an upper triangle, column jp holding
     * ip = 0..jp-1, b = jp(jp-1)/2 + ip. Upper: block (ip, jp). Lower: the same walk
     * mirrored, block column T-1-jp from row block T-jp down. Step s of the walk takes
     * block b0 + s, or bend - 1 - s when P.rev: a call walking the other way from the
     * call before it starts where that one ended, on the blocks it left in L2. */
    const int64_t bs = P.rev ? bend - 1 : b0; /* the walk's first block */
    int64_t jp = (int64_t)((1.0 + sqrt(1.0 + 8.0 * (double)bs)) * 0.5);
    while (jp * (jp - 1) / 2 > bs) --jp;
    while ((jp + 1) * jp / 2 <= bs) ++jp;
    int64_t ip = bs - jp * (jp - 1) / 2;
    auto coords = [&](int64_t i_, int64_t j_, int64_t &bi, int64_t &bj) {
        if (UP) { bi = i_; bj = j_; }
        else { bi = P.nblk - j_ + i_; bj = P.nblk - 1 - j_; }
    };
    /* the walk's next position: b + 1, or b - 1 when P.rev */
    auto step = [&](int64_t &i_, int64_t &j_) {
        if (!P.rev) {
            if (++i_ == j_) { ++j_; i_ = 0; }
        } else if (i_ > 0) {
            --i_;
        } else {
            --j_;
            i_ = j_ - 1;
        }
    };

    auto load = [&](int64_t s, int64_t bi, int64_t bj, T(&buf)[L][V], T(&xi)[V]) {
        const int64_t rb = P.r0 + bi * NB, cb = P.r0 + bj * NB;
        const bool full = rb >= P.lo && rb + NB <= P.hi && cb >= P.lo && cb + NB <= P.hi;
        const int64_t r = rb + trow;
        load_tile<T, L, V, VEC, R>(buf, P.A, P.lda, r, cb + q, Q, full, P.lo, P.hi, P.lo, P.hi,
                                   P.once && s < len - P.keep);
#pragma unroll
        for (int v = 0; v < V; ++v) {
            const int64_t rr = r + (VEC ? v : R * v);
            xi[v] = Sc<T>::zero();
            if (full || (rr >= P.lo && rr < P.hi)) xi[v] = Sc<T>::ld(P.x + (rr - P.lo) * P.incx);
        }
    };
    auto load_xj = [&](int64_t bj, T(&xj)[XJ]) {
        const int64_t cb = P.r0 + bj * NB;
#pragma unroll
        for (int t = 0; t < XJ; ++t) {
            const int64_t cc = cb + lane + 32 * t;
            xj[t] = Sc<T>::zero();
            if (cc >= P.lo && cc < P.hi) xj[t] = Sc<T>::ld(P.x + (cc - P.lo) * P.incx);
        }
    };

    int64_t bi, bj;
    coords(ip, jp, bi, bj);
    T cur[L][V], nxt[L][V], xi[V], nxi[V], xj[XJ], nxj[XJ];
    T vres[L];
#pragma unroll
    for (int l = 0; l < L; ++l) vres[l] = Sc<T>::zero();
    double qacc = 0.0; /* this thread's rows of Re(x_i^H A_ij x_j), twice (A_ji too) */
    load(0, bi, bj, cur, xi);
    load_xj(bj, xj);
    bool waited = false;

    for (int64_t s = 0; s < len; ++s) {
        const bool more = s + 1 < len;
        int64_t nip = ip, njp = jp, nbi = bi, nbj = bj;
        if (more) {
            step(nip, njp);
            coords(nip, njp, nbi, nbj);
        }
        const bool newcol = more && nbj != bj;
        if (more) {
            load(s + 1, nbi, nbj, nxt, nxi);
            if (newcol) load_xj(nbj, nxj);
        }

        /* this block: row sums A_ij x_j (nt) and column sums A_ij^H x_i (vres) */
        T nt[V];
#pragma unroll
        for (int v = 0; v < V; ++v) nt[v] = Sc<T>::zero();
#pragma unroll
        for (int l = 0; l < L; ++l) {
            const T xl = Sc<T>::shfl(xj[(Q * l) / 32], (q + Q * l) & 31);
#pragma unroll
            for (int v = 0; v < V; ++v) {
                nt[v] = Sc<T>::fma(cur[l][v], xl, nt[v]);
                vres[l] = madd<HE>(cur[l][v], xi[v], vres[l]);
            }
        }
#pragma unroll
        for (int s = 1; s < Q; s <<= 1)
#pragma unroll
            for (int v = 0; v < V; ++v) nt[v] = Sc<T>::add(nt[v], Sc<T>::shfl_xor(nt[v], s));
        if (!waited) { /* the diagonal kernel has written y; SYTRD's step may start */
            pdl_wait_then_release();
            waited = true;
        }
        const int64_t rb = P.r0 + bi * NB + trow;
#pragma unroll
        for (int v = 0; v < V; ++v) {
            const int64_t rr = rb + (VEC ? v : R * v);
            if (v % Q == q && rr >= P.lo && rr < P.hi) {
                Sc<T>::atomic_add(P.y + (rr - P.lo) * P.incy, Sc<T>::mul(P.alpha, nt[v]));
                qacc += 2.0 * re_dot(xi[v], nt[v]);
            }
        }

        if (!more || newcol) { /* leaving block column bj: its A^H x_i sums */
            const int64_t cb = P.r0 + bj * NB + q;
#pragma unroll
            for (int l = 0; l < L; ++l) {
#pragma unroll
                for (int s = Q; s < 32; s <<= 1) vres[l] = Sc<T>::add(vres[l], Sc<T>::shfl_xor(vres[l], s));
                const int64_t cc = cb + Q * l;
                if (l % R == p && cc >= P.lo && cc < P.hi)
                    Sc<T>::atomic_add(P.y + (cc - P.lo) * P.incy, Sc<T>::mul(P.alpha, vres[l]));
                vres[l] = Sc<T>::zero();
            }
        }

#pragma unroll
        for (int l = 0; l < L; ++l)
#pragma unroll
            for (int v = 0; v < V; ++v) cur[l][v] = nxt[l][v];
#pragma unroll
        for (int v = 0; v < V; ++v) xi[v] = nxi[v];
        if (newcol) {
#pragma unroll
            for (int t = 0; t < XJ; ++t) xj[t] = nxj[t];
        }
        ip = nip; jp = njp; bi = nbi; bj = nbj;
    }
    if (P.qf) qf_add(P.qf, qacc, blockIdx.x * WR + warp);
}

/* ------------------------------------------------------------------- host side */
template <typename T, class C, bool HE, bool UP, bool VEC>
inline cudaError_t symv_main(cudaStream_t stream, const DevInfo &d, SymvParams<T> P)
{
    static std::atomic<int> occ[kMaxDevices];
    cudaError_t e = launch(symv_diag_kernel<T, C::NB, C::DTY, UP, HE>, dim3((unsigned)P.nblk),
                           dim3(C::NB, C::DTY), stream, d.major >= 9, P);
    if (e != cudaSuccess || P.nblk < 2) return e;

    auto kern = symv_offdiag_kernel<T, C::NB, C::Q, C::V, C::WR, VEC, UP, HE, C::MINB>;
    int64_t slots;
    e = resident_tbs(kern, 32 * C::WR, 0, d, occ, slots);
    if (e != cudaSuccess) return e;
    P.B = P.nblk * (P.nblk - 1) / 2;
    const int64_t G0 = P.B < slots ? P.B : slots;
    P.w = (P.B + G0 - 1) / G0;                  /* blocks per thread block */
    const int64_t G = (P.B + P.w - 1) / P.w;    /* every run w long but the last */
    if (P.rev >= 0) { /* one of a sequence of calls walking by turns (SYTRD's): the last
                       * blocks of every run, l2_keep_bytes in all, are kept there for the
                       * next call */
        const double tile = (double)C::NB * C::NB * sizeof(T);
        P.keep = (int64_t)(l2_keep_bytes(d) / tile / (double)G + 0.5);
    } else {
        P.rev = 0;
    }
    return launch(kern, dim3((unsigned)G), dim3(32 * C::WR), stream, d.major >= 9, P);
}

/* The whole operation; C supplies NB, Q, V, WR, MINB and DTY (see symv_?.cu, hemv_?.cu). */
template <typename T, class C, bool HE>
inline cudaError_t symv_run(cudaStream_t stream, char uplo, int64_t n, T alpha, const T *A,
                            int64_t lda, int64_t off, const T *x, int64_t incx, T beta, T *y,
                            int64_t incy, double *qf = nullptr, int rev = -1)
{
    bool up;
    switch (uplo) {
    case 'U': case 'u': up = true; break;
    case 'L': case 'l': up = false; break;
    default: return cudaErrorInvalidValue;
    }
    if (n <= 0) return cudaSuccess;
    DevInfo d;
    cudaError_t e = dev_info(d);
    if (e != cudaSuccess) return e;
    if (Sc<T>::is_zero(alpha)) /* A and x are not referenced */
        return Sc<T>::is_one(beta) ? cudaSuccess : scale_y(stream, d, n, beta, y, incy);

    SymvParams<T> P;
    P.A = A;
    P.lda = lda;
    P.r0 = aligned_row(A, sizeof(T), off, align_bytes(C::NB, (int64_t)sizeof(T)));
    P.lo = off;
    P.hi = off + n;
    P.x = x;
    P.incx = incx;
    P.y = y;
    P.incy = incy;
    P.alpha = alpha;
    P.beta = beta;
    P.nblk = (P.hi - P.r0 + C::NB - 1) / C::NB;
    if (P.nblk > 2147483647) return cudaErrorInvalidValue; /* beyond gridDim.x */
    P.B = 0;
    P.w = 1;
    P.beta0 = Sc<T>::is_zero(beta);
    P.once = stream_once(d, 0.5 * (double)n * (double)n * sizeof(T)); /* one triangle */
    P.qf = qf;
    P.rev = rev; /* -1: a call on its own (no walk order, nothing kept); else 0 or 1 */
    P.keep = 0;

    const bool vec = vec_ok<T, C::V>(A, lda);
    if constexpr (C::V > 1) {
        if (vec) return up ? symv_main<T, C, HE, true, true>(stream, d, P)
                           : symv_main<T, C, HE, false, true>(stream, d, P);
    }
    (void)vec;
    return up ? symv_main<T, C, HE, true, false>(stream, d, P)
              : symv_main<T, C, HE, false, false>(stream, d, P);
}

} // namespace
} // namespace kblasf

/* The C entries of one precision (kblasf_cuda.h): kblasf_cuda_<NAME> and, with alpha 1 and
 * beta 0 and the quadratic form, kblasf_cuda_<NAME>_qf; the including file's Cfg tunes them. */
#define KBLASF_SYMV_ENTRIES(NAME, T, HE)                                                      \
    extern "C" cudaError_t kblasf_cuda_##NAME(cudaStream_t stream, char uplo, int64_t n,      \
                                              T alpha, const T *A, int64_t lda, int64_t off,  \
                                              const T *x, int64_t incx, T beta, T *y,         \
                                              int64_t incy)                                   \
    {                                                                                         \
        return kblasf::symv_run<T, Cfg, HE>(stream, uplo, n, alpha, A, lda, off, x, incx,     \
                                            beta, y, incy);                                   \
    }                                                                                         \
    extern "C" cudaError_t kblasf_cuda_##NAME##_qf(cudaStream_t stream, char uplo, int64_t n, \
                                                   const T *A, int64_t lda, int64_t off,      \
                                                   const T *x, int64_t incx, T *y,            \
                                                   int64_t incy, double *qf, int rev)         \
    {                                                                                         \
        return kblasf::symv_run<T, Cfg, HE>(stream, uplo, n, kblasf::Sc<T>::one(), A, lda,    \
                                            off, x, incx, kblasf::Sc<T>::zero(), y, incy, qf, \
                                            rev);                                             \
    }

#endif /* KBLASF_SYMV_KERNELS_CUH */
