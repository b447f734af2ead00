/* reflector.cuh — what the panel-step kernels (trd_step.cu, brd_step.cu) share: block-wide
 * sums, loads of what other blocks wrote before a grid sync, and LAPACK's LARFG (DLARFG /
 * ZLARFG) on a vector spread over the grid: the norm in double, scaled by a power of two
 * when the largest element leaves a safe range (LAPACK's DNRM2 scales instead), and the
 * scalars with LAPACK's rescaling loop below the safe minimum, the same in every thread.
 * Internal to cuda/; after cuda_scalar.cuh. */
#ifndef KBLASF_REFLECTOR_CUH
#define KBLASF_REFLECTOR_CUH

#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

constexpr int RF_NT = 256; /* threads per block of the step kernels */

/* loads of what other blocks wrote before a grid sync: through L2, not the read-only path */
template <typename T> __device__ __forceinline__ T ldcg(const T *p) { return __ldcg(p); }

template <typename T> __device__ __forceinline__ double abs2(T a)
{
    if constexpr (Sc<T>::complex) return (double)a.x * a.x + (double)a.y * a.y;
    else return (double)a * a;
}
template <typename T> __device__ __forceinline__ double absmax(T a)
{
    if constexpr (Sc<T>::complex) return fmax(fabs((double)a.x), fabs((double)a.y));
    else return fabs((double)a);
}
template <typename T> __device__ __forceinline__ typename Sc<T>::Real im(T a)
{
    if constexpr (Sc<T>::complex) return a.y;
    else return 0;
}

/* block-wide sum / max; the result is valid in thread 0 */
template <typename T> __device__ T block_sum(T v, T *sh)
{
    for (int s = 16; s > 0; s >>= 1) v = Sc<T>::add(v, Sc<T>::shfl_xor(v, s));
    __syncthreads();
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0)
        for (int w = 1; w < RF_NT / 32; ++w) v = Sc<T>::add(v, sh[w]);
    return v;
}
__device__ unsigned long long block_max(unsigned long long v, unsigned long long *sh)
{
    for (int s = 16; s > 0; s >>= 1) {
        const unsigned long long o = __shfl_xor_sync(0xffffffffu, v, s);
        v = o > v ? o : v;
    }
    __syncthreads();
    if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0)
        for (int w = 1; w < RF_NT / 32; ++w) v = sh[w] > v ? sh[w] : v;
    return v;
}

/* The range of the largest |x| in which the plain sum of squares in double neither
 * overflows nor loses the small elements that matter (LAPACK's DNRM2 scales instead). */
template <typename R> struct NormRange;
template <> struct NormRange<float> {  /* float squares never leave double's range */
    static constexpr double lo = 0.0, hi = 1e300;
    static constexpr float safmin = 0x1p-102f; /* SLAMCH('S') / SLAMCH('E') */
};
template <> struct NormRange<double> {
    static constexpr double lo = 0x1p-400, hi = 0x1p+400;
    static constexpr double safmin = 0x1p-969; /* DLAMCH('S') / DLAMCH('E') */
};

template <typename R> __device__ __forceinline__ R hyp2(R a, R b) { return hypot(a, b); }
template <typename R> __device__ __forceinline__ R hyp3(R a, R b, R c) { return norm3d(a, b, c); }
template <> __device__ __forceinline__ float hyp2(float a, float b) { return hypotf(a, b); }
template <> __device__ __forceinline__ float hyp3(float a, float b, float c) { return norm3df(a, b, c); }


/* A block's share of ||x||: sum of |x|^2 and the largest |component| (as the bits of a
 * non-negative double, so that atomicMax orders them), into the grid's sums. */
template <typename T>
__device__ void norm_partials(T x, bool isx, double *ssq, unsigned long long *maxbits,
                              double *sh_d, unsigned long long *sh_m)
{
    const double ss = block_sum(isx ? abs2(x) : 0.0, sh_d);
    const unsigned long long mb =
        block_max(isx ? (unsigned long long)__double_as_longlong(absmax(x)) : 0ull, sh_m);
    if (threadIdx.x == 0) {
        atomicAdd(ssq, ss);
        atomicMax(maxbits, mb);
    }
}

/* The step kernels' grid barrier: a count in the step's scratch, zero when the step starts
 * (the step before clears it with its other sums); the k-th barrier of a step waits for
 * k * gridDim.x arrivals. Every block must be resident at once, which launch_step ensures.
 * Our own rather than cooperative_groups' grid.sync(), which needs a cooperative launch. */
struct StepBarrier {
    unsigned *count;
    unsigned target;
    __device__ explicit StepBarrier(unsigned *c) : count(c), target(0) {}
    __device__ void sync()
    {
        target += gridDim.x;
        __syncthreads();
        if (threadIdx.x == 0) {
            __threadfence(); /* the block's writes before its arrival */
            atomicAdd(count, 1u);
            while (*(volatile unsigned *)count < target) __nanosleep(32);
            __threadfence();
        }
        __syncthreads();
    }
};

/* ||x|| after a grid sync that follows every block's norm_partials: the plain sum, or,
 * when the largest element lies outside the safe range, a second pass scaled by a power of
 * two with one more grid sync (every block takes the same branch). */
template <typename T>
__device__ typename Sc<T>::Real norm_finish(StepBarrier &bar, T x, bool isx,
                                            const double *ssq, double *ssq2,
                                            const unsigned long long *maxbits, double *sh_d)
{
    using R = typename Sc<T>::Real;
    const double M = __longlong_as_double((long long)ldcg(maxbits));
    if (isfinite(M) && M != 0.0 && (M < NormRange<R>::lo || M > NormRange<R>::hi)) {
        const int e = ilogb(M);
        const double sc = scalbn(1.0, -e);
        double part = 0.0;
        if (isx) {
            const double xr = (double)Sc<T>::re(x) * sc, xi = (double)im(x) * sc;
            part = xr * xr + xi * xi;
        }
        part = block_sum(part, sh_d);
        if (threadIdx.x == 0) atomicAdd(ssq2, part);
        bar.sync();
        return (R)(sqrt(ldcg(ssq2)) * scalbn(1.0, e));
    }
    return (R)sqrt(ldcg(ssq));
}

/* LARFG's results for alpha and ||x||: beta, tau, and x's scaling (apply) */
template <typename T> struct Larfg {
    typename Sc<T>::Real beta, rsafmn;
    T tau, s;
    int knt;
    /* x as LARFG leaves it: times 1/safmin knt times, then times 1/(alpha - beta) */
    __device__ T apply(T x) const
    {
        for (int j = 0; j < knt; ++j) x = Sc<T>::mulr(x, rsafmn);
        return Sc<T>::mul(x, s);
    }
};

template <typename T>
__device__ Larfg<T> larfg(T alpha, typename Sc<T>::Real xnorm)
{
    using R = typename Sc<T>::Real;
    Larfg<T> l;
    R ar = Sc<T>::re(alpha), ai = im(alpha);
    const R safmin = NormRange<R>::safmin;
    l.rsafmn = R(1) / safmin;
    l.beta = ar;
    l.tau = Sc<T>::zero();
    l.s = Sc<T>::one();
    l.knt = 0;
    if (xnorm == R(0) && ai == R(0)) return l; /* H = I */
    R beta = -copysign(Sc<T>::complex ? hyp3(ar, ai, xnorm) : hyp2(ar, xnorm), ar);
    if (fabs(beta) < safmin) {
        do {
            ++l.knt;
            beta *= l.rsafmn;
            ar *= l.rsafmn;
            ai *= l.rsafmn;
            xnorm *= l.rsafmn;
        } while (fabs(beta) < safmin && l.knt < 20);
        beta = -copysign(Sc<T>::complex ? hyp3(ar, ai, xnorm) : hyp2(ar, xnorm), ar);
    }
    if constexpr (Sc<T>::complex) {
        l.tau = Sc<T>::mk((beta - ar) / beta, -ai / beta);
        l.s = Sc<T>::recip(Sc<T>::mk(ar - beta, ai));
    } else {
        l.tau = (beta - ar) / beta;
        l.s = R(1) / (ar - beta);
    }
    for (int j = 0; j < l.knt; ++j) beta *= safmin;
    l.beta = beta;
    return l;
}

/* Launches a step kernel k(p) over p.len rows, cooperatively when `cooperative` (the
 * caller's KBLASF_STEP_LAUNCH=cooperative) or before sm_90, else dependent: about two
 * blocks per SM (enough loads in flight; a grid sync costs more with more blocks: one per
 * SM measured 1-7% slower on the H100), rows per block a multiple of a warp and at most
 * RF_NT, never more blocks than are resident, so that all of them fit at once, as
 * StepBarrier needs. Sets p.rows.
 * The launch is dependent (PDL): the blocks take the SMs as the kernel before (the SYMV or
 * the GEMV, which lets its dependent start only once everything before it has finished)
 * leaves them, and do what does not need its output before their pdl_wait(). Every block
 * becomes resident, because the kernel before never waits for this one. A cooperative
 * launch instead starts only once the kernel before has left and all blocks fit at once
 * (2-2.7 us later a step on the H100). (One kernel per argument type P, so the occupancy
 * cache can live here.) */
template <typename P>
cudaError_t launch_step(void (*k)(P), P &p, bool cooperative, cudaStream_t stream)
{
    static std::atomic<int> occ[kMaxDevices];
    DevInfo d;
    int64_t slots;
    cudaError_t e = dev_info(d);
    if (e == cudaSuccess)
        e = resident_tbs(k, RF_NT, 0, d, occ, slots);
    if (e != cudaSuccess)
        return e;
    int64_t rows = (p.len + 2 * d.sms - 1) / (2 * d.sms);
    rows = (rows + 31) / 32 * 32;
    if ((p.len + rows - 1) / rows > slots) rows = ((p.len + slots - 1) / slots + 31) / 32 * 32;
    if (rows > RF_NT) return cudaErrorInvalidValue; /* beyond RF_NT x resident blocks rows */
    p.rows = rows;

    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    if (!cooperative && d.major >= 9) {
        attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attr[0].val.programmaticStreamSerializationAllowed = 1;
    } else {
        attr[0].id = cudaLaunchAttributeCooperative;
        attr[0].val.cooperative = 1;
    }
    cfg.gridDim = dim3((unsigned)((p.len + rows - 1) / rows));
    cfg.blockDim = dim3(RF_NT);
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, k, p);
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_REFLECTOR_CUH */
