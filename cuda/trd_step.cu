/* trd_step.cu — one step of SYTRD/HETRD's panel (DLATRD's loop) in one kernel (grid barriers),
 * so that a panel column costs its SYMV and this kernel, with no host round trip
 * (lapack/sytrd_gen.c; the contract is kblasf_cuda_?trd_step in kblasf_cuda.h).
 *
 * The panel P = [v0 w0 v1 w1 ...] holds DLATRD's V and W interleaved, so that each of
 * DLATRD's pairs of products is one product with P or with P~, the same columns with each
 * pair swapped (P~(:,k) = P(:,k^1) = [w0 v0 w1 v1 ...]):
 * a -= P conj(P~(ic,:))^T, t = P~^H v = (W^H v, V^H v), w -= P t. A step finishes the
 * column whose y = A22 v the SYMV just made and prepares the next:
 *   finish: w = tau (y - P t) (t was made by the step before), then
 *           w -= tau/2 (w^H v) v, where w^H v = conj(tau) (v^H y - t^H P^H v) and
 *           (P^H v)_k = t_(k^1): v^H y = v^H A22 v is the quadratic form the SYMV summed
 *           into the scratch (kblasf_cuda_?symv_qf), so no grid sync is needed for the
 *           dot. Row ic of w (needed by every block for the next column's update, and not
 *           read again after this step) is computed by each block from row ic of P, and
 *           its y there is left in place: its owner would otherwise race with the readers.
 *   prepare: a -= P conj(P~(ic,:))^T (the panel's update of the next column, summed in the
 *           same pass over P as P t), the squares and the largest element of its x, and
 *           u = P~^H x (for the next step's t; the block's rows of P again, now from L2)
 *                                                      grid sync C (the norm)
 *           LARFG in every thread (the same arithmetic everywhere), x scaled in place and
 *           into P; block 0 makes t = conj(P~(ia,:)) + s u for the next step.
 * A thread owns one row (a block at most NT rows), so a row's values stay in registers
 * from phase to phase. Sums across blocks go through atomics into a scratch of two sets used
 * by turns: a step sums into its own set, clears the other set's sums as it starts (the
 * step before has finished with them) and leaves the next step's t there; the SYMV between
 * the two steps sums its quadratic form into that set. */
#include <cstddef>
#include "kblasf_cuda.h"
#include "cuda_scalar.cuh"
#include "reflector.cuh"

namespace kblasf {
namespace {

constexpr int NT = RF_NT; /* threads per block, and the most rows a block owns */
constexpr int KMAX = 128; /* columns of the interleaved panel (2 x 64) */
constexpr int NU = 8;     /* copies of the u sums: block b adds into copy b % NU, so that
                           * the blocks' atomics do not all queue on the same addresses */

template <typename T> struct TrdScratch {
    double qf[KBLASF_CUDA_QF_COPIES]; /* v^H A22 v, from the SYMV (kblasf_cuda.h): first */
    T u[NU][KMAX]; /* P~^H x of the next column, x unscaled (summed, NU partial copies) */
    T t[KMAX];    /* P~^H v for the next finish (written by block 0) */
    T alpha;      /* the next column's alpha (its row is overwritten by beta after sync C) */
    double ssq;   /* sum of |x|^2 */
    double ssq2;  /* the same, scaled (only when the plain sum would lose range) */
    unsigned long long maxbits; /* the largest |component| of x, as bits of a double */
    unsigned bar; /* StepBarrier's count */
};

template <typename T> struct StepArgs {
    int64_t len, ldp, k2, ic, ia, rows;
    T *P;
    const T *tau_fin;
    T *a;
    typename Sc<T>::Real *d_out, *e_out;
    T *tau_out;
    TrdScratch<T> *S, *Snext;
};

template <typename T>
__global__ void __launch_bounds__(NT, 2) trd_step_kernel(const StepArgs<T> p)
{
    using R = typename Sc<T>::Real;
    __shared__ T sh_t[KMAX], sh_cf[KMAX + 2];
    __shared__ T sh_x[NT], sh_w[NT], sh_v[NT];
    __shared__ T sh_fin[2]; /* the finish's al = -tau/2 w^H v, and w at row ic */
    __shared__ double sh_dred[NT / 32];
    __shared__ unsigned long long sh_mred[NT / 32];
    TrdScratch<T> *S = p.S;
    StepBarrier bar(&S->bar);
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    /* Until pdl_wait() below, only what the steps before wrote is read: this kernel may
     * start while the SYMV before it still runs (launch_step). */
    { /* clear the next step's sums (the blocks share the work) */
        TrdScratch<T> *N = p.Snext;
        for (int k = blockIdx.x * NT + tid; k < NU * KMAX; k += gridDim.x * NT)
            N->u[k / KMAX][k % KMAX] = Sc<T>::zero();
        if (blockIdx.x == 0 && tid < KBLASF_CUDA_QF_COPIES) N->qf[tid] = 0.0;
        if (blockIdx.x == 0 && tid == 0) {
            N->ssq = 0.0;
            N->ssq2 = 0.0;
            N->maxbits = 0ull;
            N->bar = 0u;
        }
    }
    const int64_t rb = (int64_t)blockIdx.x * p.rows, r = rb + tid, ld = p.ldp;
    const bool own = tid < p.rows && r < p.len;
    const bool fin = p.k2 >= 0, prep = p.a != nullptr;
    const int k2 = fin ? (int)p.k2 : 0, K = fin ? k2 + 2 : 0;
    const T zero = Sc<T>::zero();

    for (int k = tid; k < k2; k += NT) {
        sh_t[k] = ldcg(&S->t[k]);
        if (prep) sh_cf[k] = Sc<T>::conj(Sc<T>::ld(p.P + (p.ic + (k ^ 1) * ld)));
    }
    __syncthreads();

    /* one pass over P(:, 0:k2): P t for w and P conj(P~(ic,:)) for the next column; when
     * a block has fewer rows than threads, g threads share a row's columns */
    T v = zero, w = zero, x = zero, sa = zero, wp = zero, st = zero;
    {
        const int g = NT / (int)p.rows, i = tid % (int)p.rows, q = tid / (int)p.rows;
        if (q < g && rb + i < p.len) {
            /* CH loads issued before their products: enough bytes in flight per SM */
            constexpr int CH = sizeof(T) >= 16 ? 8 : 16;
            const T *pr = p.P + (rb + i);
            for (int k0 = q; k0 < k2; k0 += CH * g) {
                T pk[CH];
#pragma unroll
                for (int j = 0; j < CH; ++j) {
                    const int k = k0 + j * g;
                    pk[j] = k < k2 ? Sc<T>::ld(pr + k * ld) : zero;
                }
#pragma unroll
                for (int j = 0; j < CH; ++j) {
                    const int k = k0 + j * g;
                    if (k < k2) {
                        st = Sc<T>::fma(pk[j], sh_t[k], st);
                        if (prep) sa = Sc<T>::fma(pk[j], sh_cf[k], sa);
                    }
                }
            }
        }
        if (g > 1) {
            sh_x[tid] = st;
            sh_w[tid] = sa;
            __syncthreads();
            if (tid < p.rows)
                for (int j = 1; j < g; ++j) {
                    st = Sc<T>::add(st, sh_x[tid + j * p.rows]);
                    sa = Sc<T>::add(sa, sh_w[tid + j * p.rows]);
                }
            __syncthreads();
        }
    }

    pdl_wait(); /* the SYMV's y (P's column k2 + 1) and quadratic form */
    T tau = zero;
    if (fin) tau = Sc<T>::ld(p.tau_fin);
    if (fin && warp == 0) { /* the dot, and w at row ic, the same in every block */
        static_assert(KBLASF_CUDA_QF_COPIES == 32, "a lane per copy of the quadratic form");
        double q = ldcg(&S->qf[lane]), tt = 0.0;
        for (int k = 2 * lane; k < k2; k += 64) tt += re_dot(sh_t[k], sh_t[k + 1]);
        T pt = zero; /* (P t)(ic); the loads issued together, as in the pass below */
        if (prep) {
            T pc[KMAX / 32];
#pragma unroll
            for (int c = 0; c < KMAX / 32; ++c) {
                const int k = lane + 32 * c;
                pc[c] = zero;
                if (k < k2) pc[c] = Sc<T>::ld(p.P + (p.ic + k * ld));
            }
#pragma unroll
            for (int c = 0; c < KMAX / 32; ++c)
                if (lane + 32 * c < k2) pt = Sc<T>::fma(pc[c], sh_t[lane + 32 * c], pt);
        }
        for (int m = 16; m > 0; m >>= 1) {
            q += __shfl_xor_sync(0xffffffffu, q, m);
            tt += __shfl_xor_sync(0xffffffffu, tt, m);
            pt = Sc<T>::add(pt, Sc<T>::shfl_xor(pt, m));
        }
        if (lane == 0) {
            const T dot = Sc<T>::mulr(Sc<T>::conj(tau), (R)(q - 2.0 * tt)); /* w^H v */
            const T al = Sc<T>::mul(Sc<T>::mulr(tau, R(-0.5)), dot);
            sh_fin[0] = al;
            if (prep) { /* row ic of the two new columns */
                const T vic = Sc<T>::ld(p.P + (p.ic + k2 * ld));
                const T yic = ldcg(p.P + (p.ic + (k2 + 1) * ld));
                const T wic = Sc<T>::fma(al, vic, Sc<T>::mul(tau, Sc<T>::sub(yic, pt)));
                sh_fin[1] = wic;
                sh_cf[k2] = Sc<T>::conj(wic);
                sh_cf[k2 + 1] = Sc<T>::conj(vic);
            }
        }
    }

    if (own && fin) {
        v = Sc<T>::ld(p.P + (r + k2 * ld));
        /* y through L2: L1 may hold lines that the pass above read before the wait */
        wp = Sc<T>::mul(tau, Sc<T>::sub(ldcg(p.P + (r + (k2 + 1) * ld)), st));
    }
    if (own && prep) x = Sc<T>::ld(p.a + r);

    if (fin) { /* w = wp - tau/2 (wp^H v) v; row ic's y stays in P (see the top) */
        __syncthreads(); /* sh_fin, sh_cf[k2], sh_cf[k2 + 1] */
        if (own) {
            if (prep && r == p.ic) {
                w = sh_fin[1];
            } else {
                w = Sc<T>::fma(sh_fin[0], v, wp);
                p.P[r + (k2 + 1) * ld] = w;
            }
        }
    }

    if (prep) {
        /* the next column: its update, diagonal, alpha, and the partial sums of its x */
        const bool isx = own && r != p.ic && r != p.ia;
        if (own) {
            x = Sc<T>::sub(x, sa);
            if (fin)
                x = Sc<T>::sub(x, Sc<T>::fma(v, sh_cf[k2], Sc<T>::mul(w, sh_cf[k2 + 1])));
            if (r == p.ic) {
                const R dr = Sc<T>::re(x);
                x = Sc<T>::from_re(dr);
                p.a[r] = x;
                *p.d_out = dr;
            }
            if (r == p.ia) S->alpha = x;
        }
        sh_x[tid] = isx ? x : zero;
        sh_w[tid] = w;
        sh_v[tid] = v;
        norm_partials(x, isx, &S->ssq, &S->maxbits, sh_dred, sh_mred);
        __syncthreads(); /* sh_x, sh_w, sh_v complete */
        { /* u_k = P~(:,k)^H x over this block's rows: warp w on columns w + 8j, lanes on rows */
            constexpr int W = NT / 32, J = KMAX / W;
            T s[J];
#pragma unroll
            for (int j = 0; j < J; ++j) s[j] = zero;
            for (int i = lane; i < p.rows && rb + i < p.len; i += 32) {
                const T xi = sh_x[i];
                /* all of the row's loads first, predicated, then the products: a load
                 * chosen inside each product's branch waited for its data before the next
                 * load was issued, one memory latency per column (stop 30: 5 us a step at
                 * the panel's last column) */
                constexpr int CH = sizeof(T) >= 16 ? J / 2 : J; /* registers: 16-byte T halves */
#pragma unroll
                for (int j0 = 0; j0 < J; j0 += CH) {
                    T pk[CH];
#pragma unroll
                    for (int j = 0; j < CH; ++j) {
                        const int k = warp + W * (j0 + j);
                        pk[j] = zero;
                        if (k < k2) pk[j] = Sc<T>::ld(p.P + (rb + i + (k ^ 1) * ld));
                    }
#pragma unroll
                    for (int j = 0; j < CH; ++j) {
                        const int k = warp + W * (j0 + j);
                        if (k < K) {
                            const T p2 = k < k2 ? pk[j] : (k == k2 ? sh_w[i] : sh_v[i]);
                            s[j0 + j] = Sc<T>::fmac(p2, xi, s[j0 + j]);
                        }
                    }
                }
            }
#pragma unroll
            for (int j = 0; j < J; ++j) {
                if (warp + W * j >= K) break;
                for (int m = 16; m > 0; m >>= 1) s[j] = Sc<T>::add(s[j], Sc<T>::shfl_xor(s[j], m));
                if (lane == 0) Sc<T>::atomic_add(&S->u[blockIdx.x % NU][warp + W * j], s[j]);
            }
        }
        bar.sync(); /* C */

        const R xnorm = norm_finish(bar, x, isx, &S->ssq, &S->ssq2, &S->maxbits, sh_dred);
        const Larfg<T> lf = larfg(ldcg(&S->alpha), xnorm);
        const int64_t kcol = K * ld;
        if (isx) {
            const T xo = lf.apply(x);
            p.a[r] = xo;
            p.P[r + kcol] = xo;
        }
        if (own && r == p.ia) {
            p.a[r] = Sc<T>::from_re(lf.beta);
            p.P[r + kcol] = Sc<T>::one();
        }
        if (blockIdx.x == 0) { /* the next step's t = P~^H v' = conj(P~(ia,:)) + s u */
            if (tid == 0) {
                *p.e_out = lf.beta;
                *p.tau_out = lf.tau;
            }
            for (int k = tid; k < K; k += NT) {
                T uk = ldcg(&S->u[0][k]);
                for (int c = 1; c < NU; ++c) uk = Sc<T>::add(uk, ldcg(&S->u[c][k]));
                p.Snext->t[k] = Sc<T>::add(lf.apply(uk), Sc<T>::conj(ldcg(p.P + (p.ia + (k ^ 1) * ld))));
            }
        }
    }

}

template <typename T, typename A>
cudaError_t trd_step_run(cudaStream_t stream, const A *a)
{
    static_assert(sizeof(TrdScratch<T>) <= KBLASF_CUDA_TRD_SCRATCH_BYTES, "scratch too small");
    static_assert(offsetof(TrdScratch<T>, qf) == 0, "the SYMV's sums begin the scratch");
    const bool prep = a->a != nullptr;
    if (a->len < (prep ? 2 : 1) || a->k2 > KMAX - 2 || (a->k2 < 0 && !prep) ||
        (prep && !((a->ic == 0 && a->ia == 1) || (a->ic == a->len - 1 && a->ia == a->len - 2))))
        return cudaErrorInvalidValue;
    StepArgs<T> p;
    p.len = a->len;
    p.ldp = a->ldp;
    p.k2 = a->k2 < 0 ? -1 : a->k2;
    p.ic = a->ic;
    p.ia = a->ia;
    p.P = a->pw;
    p.tau_fin = a->tau_fin;
    p.a = a->a;
    p.d_out = a->d_out;
    p.e_out = a->e_out;
    p.tau_out = a->tau_out;
    p.S = static_cast<TrdScratch<T> *>(a->scratch);
    p.Snext = static_cast<TrdScratch<T> *>(a->scratch_next);
    return launch_step(trd_step_kernel<T>, p, a->cooperative != 0, stream);
}

} // namespace
} // namespace kblasf

#define KBLASF_TRD_STEP(P, T)                                                               \
    extern "C" cudaError_t kblasf_cuda_##P##trd_step(cudaStream_t stream,                   \
                                                     const kblasf_cuda_##P##trd_step_t *a)  \
    {                                                                                       \
        return kblasf::trd_step_run<T>(stream, a);                                          \
    }
KBLASF_TRD_STEP(s, float)
KBLASF_TRD_STEP(d, double)
KBLASF_TRD_STEP(c, cuFloatComplex)
KBLASF_TRD_STEP(z, cuDoubleComplex)
