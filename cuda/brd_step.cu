/* brd_step.cu — one step of GEBRD's panel (DLABRD's loop) in one kernel (grid barriers)
 * (lapack/gebrd_gen.c; the contract is kblasf_cuda_?brd_step in kblasf_cuda.h), the same
 * shape as trd_step.cu on two panels M1, M2 (Vb and X over rows, Y and U over columns):
 *   finish:  o = tau (o - M1 c1 - M2 c2)     (c1, c2 left by the step before; no sum
 *                                             across blocks, so no grid sync)
 *   prepare: a -= M1 e1 + M2 e2 (e: conjugated rows of the other side's panels; o's own
 *            column added from the register of the row's owner), the norm's partial sums
 *            and u = (M1, M2)^H x                                 grid sync (the norm)
 *            LARFG in every thread alike (reflector.cuh); x scaled into a and into v;
 *            block 0 leaves c' = conj(M(0,:)) + s u for the next step.
 * One row per thread between phases (several threads share a row's columns when a block
 * has fewer rows than threads); sums across blocks by atomics into a scratch of two sets
 * used by turns (a step clears the other set's sums as it starts). */
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"
#include "reflector.cuh"

namespace kblasf {
namespace {

constexpr int NT = RF_NT; /* threads per block, and the most rows a block owns */
constexpr int KMAX = 64;  /* columns of each panel */
constexpr int NU = 8;     /* copies of the u sums (block b adds into copy b % NU) */

template <typename T> struct BrdScratch {
    T c[2][KMAX];     /* M1^H v and M2^H v of the step before (written by its block 0) */
    T u[NU][2][KMAX]; /* this step's (M1, M2)^H x, x unscaled (summed) */
    T alpha;          /* the reflector's alpha (its element is overwritten with beta) */
    double ssq, ssq2;
    unsigned long long maxbits;
    unsigned bar; /* StepBarrier's count */
};

template <typename T> struct BrdArgs {
    int64_t len, ld1, ld2, rows, inca, ldc1, ldc2;
    int f1, f2, p1, p2, q1, q2, ko1, ko2, conja;
    T *M1, *M2, *o, *a, *tau_out, *v_out;
    const T *tau_fin, *c1row, *c2row;
    typename Sc<T>::Real *beta_out;
    BrdScratch<T> *S, *Snext;
};

template <typename T> __device__ __forceinline__ T cj(T a, bool c) { return c ? Sc<T>::conj(a) : a; }

template <typename T>
__global__ void __launch_bounds__(NT, 2) brd_step_kernel(const BrdArgs<T> p)
{
    using R = typename Sc<T>::Real;
    __shared__ T sh_c[2][KMAX], sh_e[2][KMAX];
    __shared__ T sh_x[NT], sh_o[NT];
    __shared__ double sh_dred[NT / 32];
    __shared__ unsigned long long sh_mred[NT / 32];
    BrdScratch<T> *S = p.S;
    StepBarrier bar(&S->bar);
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int64_t rb = (int64_t)blockIdx.x * p.rows, r = rb + tid;
    const bool own = tid < p.rows && r < p.len;
    const bool fin = p.o != nullptr, prep = p.a != nullptr;
    const T zero = Sc<T>::zero();

    /* Until pdl_wait() below, only what the steps before wrote is read: this kernel may
     * start while the GEMV before it still runs (launch_step). */
    { /* clear the next step's sums (the blocks share the work) */
        BrdScratch<T> *N = p.Snext;
        for (int k = blockIdx.x * NT + tid; k < NU * 2 * KMAX; k += gridDim.x * NT)
            N->u[k / (2 * KMAX)][(k / KMAX) % 2][k % KMAX] = zero;
        if (blockIdx.x == 0 && tid == 0) {
            N->ssq = 0.0;
            N->ssq2 = 0.0;
            N->maxbits = 0ull;
            N->bar = 0u;
        }
    }
    for (int k = tid; k < KMAX; k += NT) {
        sh_c[0][k] = k < p.f1 ? ldcg(&S->c[0][k]) : zero;
        sh_c[1][k] = k < p.f2 ? ldcg(&S->c[1][k]) : zero;
        sh_e[0][k] = prep && k < p.p1 ? Sc<T>::conj(Sc<T>::ld(p.c1row + k * p.ldc1)) : zero;
        sh_e[1][k] = prep && k < p.p2 ? Sc<T>::conj(Sc<T>::ld(p.c2row + k * p.ldc2)) : zero;
    }
    __syncthreads();

    /* one pass over the panels' columns: the finish's sums and the prepare's (o's own
     * column, not in memory yet, is left out and added from the register) */
    T sf = zero, sa = zero, ov = zero, x = zero;
    {
        const int g = NT / (int)p.rows, i = tid % (int)p.rows, q = tid / (int)p.rows;
        const int n1 = p.f1 > p.p1 ? p.f1 : p.p1, n2 = p.f2 > p.p2 ? p.f2 : p.p2;
        if (q < g && rb + i < p.len) {
            for (int side = 0; side < 2; ++side) {
                const T *M = (side ? p.M2 : p.M1) + (rb + i);
                const int64_t ld = side ? p.ld2 : p.ld1;
                const int n = side ? n2 : n1, f = side ? p.f2 : p.f1, pp = side ? p.p2 : p.p1;
                const int ko = side ? p.ko2 : p.ko1;
#pragma unroll 8
                for (int k = q; k < n; k += g) {
                    if (k == ko) continue;
                    const T mk = Sc<T>::ld(M + k * ld);
                    if (k < f) sf = Sc<T>::fma(mk, sh_c[side][k], sf);
                    if (k < pp) sa = Sc<T>::fma(mk, sh_e[side][k], sa);
                }
            }
        }
        if (g > 1) {
            sh_x[tid] = sf;
            sh_o[tid] = sa;
            __syncthreads();
            if (tid < p.rows)
                for (int j = 1; j < g; ++j) {
                    sf = Sc<T>::add(sf, sh_x[tid + j * p.rows]);
                    sa = Sc<T>::add(sa, sh_o[tid + j * p.rows]);
                }
            __syncthreads();
        }
        pdl_wait(); /* the GEMV's o */
        if (own && fin) { /* o through L2: L1 may hold lines the pass above read */
            ov = Sc<T>::mul(Sc<T>::ld(p.tau_fin), Sc<T>::sub(ldcg(p.o + r), sf));
            p.o[r] = ov;
        }
    }
    if (!prep) return;

    /* the next reflector: its update, alpha, and the partial sums of its x */
    const bool isx = own && r >= 1;
    if (own) {
        x = Sc<T>::sub(cj(Sc<T>::ld(p.a + r * p.inca), p.conja), sa);
        if (p.ko1 >= 0 && p.ko1 < p.p1) x = Sc<T>::sub(x, Sc<T>::mul(ov, sh_e[0][p.ko1]));
        if (p.ko2 >= 0 && p.ko2 < p.p2) x = Sc<T>::sub(x, Sc<T>::mul(ov, sh_e[1][p.ko2]));
        if (r == 0) S->alpha = x;
    }
    sh_x[tid] = isx ? x : zero;
    sh_o[tid] = ov;
    norm_partials(x, isx, &S->ssq, &S->maxbits, sh_dred, sh_mred);
    __syncthreads(); /* sh_x, sh_o complete */
    for (int side = 0; side < 2; ++side) { /* u = M^H x over this block's rows, M1 then M2:
                                            * warp w on columns w + 8j, lanes on rows */
        constexpr int W = NT / 32, J = KMAX / W;
        const int Q = side ? p.q2 : p.q1, ko = side ? p.ko2 : p.ko1;
        const T *M = side ? p.M2 : p.M1;
        const int64_t ld = side ? p.ld2 : p.ld1;
        T s[J];
#pragma unroll
        for (int j = 0; j < J; ++j) s[j] = zero;
        for (int i = lane; i < p.rows && rb + i < p.len; i += 32) {
            const T xi = sh_x[i];
#pragma unroll
            for (int j = 0; j < J; ++j) {
                const int k = warp + W * j;
                if (k < Q) {
                    const T m = k == ko ? sh_o[i] : Sc<T>::ld(M + (rb + i + k * ld));
                    s[j] = Sc<T>::fmac(m, xi, s[j]);
                }
            }
        }
#pragma unroll
        for (int j = 0; j < J; ++j) {
            const int k = warp + W * j;
            if (k >= Q) break;
            for (int m = 16; m > 0; m >>= 1) s[j] = Sc<T>::add(s[j], Sc<T>::shfl_xor(s[j], m));
            if (lane == 0) Sc<T>::atomic_add(&S->u[blockIdx.x % NU][side][k], s[j]);
        }
    }
    bar.sync(); /* C */

    const R xnorm = norm_finish(bar, x, isx, &S->ssq, &S->ssq2, &S->maxbits, sh_dred);
    const Larfg<T> lf = larfg(ldcg(&S->alpha), xnorm);
    if (isx) {
        const T xo = lf.apply(x);
        p.a[r * p.inca] = cj(xo, p.conja);
        p.v_out[r] = xo;
    }
    if (own && r == 0) {
        p.a[0] = Sc<T>::from_re(lf.beta);
        p.v_out[0] = Sc<T>::one();
    }
    if (blockIdx.x == 0) { /* the next step's c = (M1, M2)^H v = conj(M(0,:)) + s u */
        if (tid == 0) {
            *p.beta_out = lf.beta;
            *p.tau_out = lf.tau;
        }
        for (int v = tid; v < p.q1 + p.q2; v += NT) {
            const int side = v >= p.q1, k = side ? v - p.q1 : v;
            T uk = ldcg(&S->u[0][side][k]);
            for (int c = 1; c < NU; ++c) uk = Sc<T>::add(uk, ldcg(&S->u[c][side][k]));
            const T m0 = ldcg((side ? p.M2 : p.M1) + k * (side ? p.ld2 : p.ld1));
            p.Snext->c[side][k] = Sc<T>::add(lf.apply(uk), Sc<T>::conj(m0));
        }
    }
}

template <typename T, typename A>
cudaError_t brd_step_run(cudaStream_t stream, const A *a)
{
    static_assert(sizeof(BrdScratch<T>) <= KBLASF_CUDA_TRD_SCRATCH_BYTES, "scratch too small");
    if (a->len < 1 || a->f1 > KMAX || a->f2 > KMAX || a->p1 > KMAX || a->p2 > KMAX ||
        a->q1 > KMAX || a->q2 > KMAX || (!a->o && !a->a) ||
        (a->o && (a->ko1 >= KMAX || a->ko2 >= KMAX || (a->ko1 < 0) == (a->ko2 < 0))))
        return cudaErrorInvalidValue;
    BrdArgs<T> p;
    p.len = a->len;
    p.ld1 = a->ld1;
    p.ld2 = a->ld2;
    p.inca = a->inca;
    p.ldc1 = a->ldc1;
    p.ldc2 = a->ldc2;
    p.f1 = (int)a->f1;
    p.f2 = (int)a->f2;
    p.p1 = a->a ? (int)a->p1 : 0;
    p.p2 = a->a ? (int)a->p2 : 0;
    p.q1 = a->a ? (int)a->q1 : 0;
    p.q2 = a->a ? (int)a->q2 : 0;
    p.ko1 = a->o ? (int)a->ko1 : -1;
    p.ko2 = a->o ? (int)a->ko2 : -1;
    p.conja = a->conja;
    p.M1 = a->M1;
    p.M2 = a->M2;
    p.o = a->o;
    p.a = a->a;
    p.tau_out = a->tau_out;
    p.v_out = a->v_out;
    p.tau_fin = a->tau_fin;
    p.c1row = a->c1row;
    p.c2row = a->c2row;
    p.beta_out = a->beta_out;
    p.S = static_cast<BrdScratch<T> *>(a->scratch);
    p.Snext = static_cast<BrdScratch<T> *>(a->scratch_next);
    return launch_step(brd_step_kernel<T>, p, a->cooperative != 0, stream);
}

} // namespace
} // namespace kblasf

#define KBLASF_BRD_STEP(P, T)                                                               \
    extern "C" cudaError_t kblasf_cuda_##P##brd_step(cudaStream_t stream,                   \
                                                     const kblasf_cuda_##P##brd_step_t *a)  \
    {                                                                                       \
        return kblasf::brd_step_run<T>(stream, a);                                          \
    }
KBLASF_BRD_STEP(s, float)
KBLASF_BRD_STEP(d, double)
KBLASF_BRD_STEP(c, cuFloatComplex)
KBLASF_BRD_STEP(z, cuDoubleComplex)
