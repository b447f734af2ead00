/* cuda_scalar.cuh — what the kblasf kernels share: element-type traits
 * (zero, one, conj, add, sub, mul, recip, fma, shuffles, atomicAdd with complex as two
 * real atomics, loads and 16-byte vector loads, real part / from a real / times a real),
 * the real sqrt_r and rcp_in_range, rcp_chain, rcp_pos and sqrt_pos (no IEEE slow-path call),
 * coherent loads ld_rw for in-place kernels, the L2 prefetch and the asynchronous copies
 * to shared memory (cp.async), programmatic-dependent-launch hooks, the per-device caches
 * of the SM count and of kernel occupancy, the launch helper and the y := beta*y kernel.
 * Internal to cuda/; everything lives in an unnamed namespace so that each .cu file has
 * its own copy and no template instantiation is shared between translation units. */
#ifndef KBLASF_CUDA_SCALAR_CUH
#define KBLASF_CUDA_SCALAR_CUH

#ifdef KBLASF_CUDA_EMU /* host emulation for testing without a GPU (emu/run.sh) */
#include KBLASF_CUDA_EMU
#else
#include <cuda_runtime.h>
#endif
#include <cuComplex.h>
#include <stdint.h>
#include <atomic>
#include <type_traits>
#include <utility>

namespace kblasf {
namespace {

/* ------------------------------------------------------------------ element traits */
/* real fused multiply-add in the precision of the arguments (never promoted) */
__device__ __forceinline__ float fm(float a, float b, float c) { return fmaf(a, b, c); }
__device__ __forceinline__ double fm(double a, double b, double c) { return ::fma(a, b, c); }
/* correctly rounded square root of a real */
__device__ __forceinline__ float sqrt_r(float a) { return sqrtf(a); }
__device__ __forceinline__ double sqrt_r(double a) { return ::sqrt(a); }
/* 1/a within an ulp for a in [rcp_lo, rcp_hi) (normal, and 1/a normal) without the IEEE
 * division's special-case branch: the hardware approximation and Newton steps (a short
 * latency chain, for loops that wait on a reciprocal); outside the range use 1/a. */
template <typename R> struct RcpRange;
template <> struct RcpRange<float> {
    static constexpr float lo = 0x1p-125f, hi = 0x1p+125f;
};
template <> struct RcpRange<double> {
    static constexpr double lo = 0x1p-1021, hi = 0x1p+1021;
};
__device__ __forceinline__ float rcp_in_range(float a)
{
#if defined(__CUDA_ARCH__)
    float r;
    asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
    return fmaf(r, fmaf(-a, r, 1.0f), r);
#else
    return 1.0f / a;
#endif
}
__device__ __forceinline__ double rcp_in_range(double a)
{
#if defined(__CUDA_ARCH__)
    double r;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(a));
    r = ::fma(r, ::fma(-a, r, 1.0), r);
    return ::fma(r, ::fma(-a, r, 1.0), r);
#else
    return 1.0 / a;
#endif
}
/* 1/d for d in rcp_in_range's range, one dependent multiply-add shorter than it: the
 * hardware approximation r0 and one third-order step, r0 (1 + e + e^2) with e = 1 - d r0
 * (e^3 is below double's precision for the approximation's error). Within an ulp (H200:
 * 0.03% of 2^28 random d not correctly rounded), which the pivots' chain takes for speed. */
__device__ __forceinline__ double rcp_chain(double d)
{
#if defined(__CUDA_ARCH__)
    double r0;
    asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r0) : "d"(d));
    const double e = ::fma(-d, r0, 1.0);
    return ::fma(r0, ::fma(e, e, e), r0);
#else
    return 1.0 / d;
#endif
}

/* 1/d for d > 0 without the IEEE division's slow-path call (a call inside the unrolled
 * loops makes ptxas save registers around it): rcp_in_range, or out of its range d scaled
 * into it by a power of two (subnormal and huge pivots); 1/inf = 0 */
template <typename R> struct RcpOut;
template <> struct RcpOut<float> {
    static constexpr float up = 0x1p32f, down = 0x1p-32f, max = 0x1.fffffep127f;
    static constexpr float sqrt_up = 0x1p16f, sqrt_down = 0x1p-16f;
};
template <> struct RcpOut<double> {
    static constexpr double up = 0x1p64, down = 0x1p-64, max = 0x1.fffffffffffffp1023;
    static constexpr double sqrt_up = 0x1p32, sqrt_down = 0x1p-32;
};
template <typename R> __device__ __forceinline__ R rcp_pos(R d)
{
    if (d >= RcpRange<R>::lo && d < RcpRange<R>::hi)
        return rcp_in_range(d);
    const R sc = d < RcpRange<R>::lo ? RcpOut<R>::up : RcpOut<R>::down;
    return d > RcpOut<R>::max ? R(0) : rcp_in_range(d * sc) * sc;
}

/* sqrt(d) for d > 0, likewise without a call: d times its reciprocal square root (the
 * hardware approximation, two Newton steps in double), then one correction with the
 * residual d - s^2 (exact by FMA): within an ulp, nearly always correctly rounded; d out
 * of range is scaled by an even power of two; sqrt(inf) = inf */
__device__ __forceinline__ float rsqrt_approx(float d)
{
#if defined(__CUDA_ARCH__)
    float r;
    asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(d));
    return r;
#else
    return 1.0f / std::sqrt(d);
#endif
}
__device__ __forceinline__ double rsqrt_approx(double d)
{
#if defined(__CUDA_ARCH__)
    double r;
    asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(d));
    const double h = -0.5 * d; /* two Newton steps r (1.5 - d r^2 / 2), as rcp_in_range */
    r = ::fma(r, ::fma(h * r, r, 0.5), r);
    return ::fma(r, ::fma(h * r, r, 0.5), r);
#else
    return 1.0 / std::sqrt(d);
#endif
}
template <typename R> __device__ __forceinline__ R sqrt_pos(R d)
{
    R sc = R(1), d2 = d;
    if (!(d >= RcpRange<R>::lo && d < RcpRange<R>::hi)) {
        if (d > RcpOut<R>::max)
            return d;
        const bool up = d < RcpRange<R>::lo;
        d2 = d * (up ? RcpOut<R>::up : RcpOut<R>::down); /* 2^(+-2k): sqrt scales by 2^(+-k) */
        sc = up ? RcpOut<R>::sqrt_down : RcpOut<R>::sqrt_up;
    }
    const R r = rsqrt_approx(d2), s0 = d2 * r;
    return fm(fm(-s0, s0, d2), R(0.5) * r, s0) * sc;
}

/* plain (coherent) load, for data the kernel also writes (no read-only cache); in the
 * host emulator it goes through the load checker like __ldg */
template <typename T> __device__ __forceinline__ T ld_rw(const T *p)
{
#ifdef KBLASF_CUDA_EMU
    emu_check(p, sizeof(T));
#endif
    return *p;
}

template <typename T> struct Sc;

template <> struct Sc<float> {
    static constexpr bool complex = false;
    __host__ __device__ static float zero() { return 0.0f; }
    __host__ __device__ static float one() { return 1.0f; }
    __host__ __device__ static bool is_zero(float a) { return a == 0.0f; }
    __host__ __device__ static bool is_one(float a) { return a == 1.0f; }
    __device__ __forceinline__ static float conj(float a) { return a; }
    __device__ __forceinline__ static float add(float a, float b) { return a + b; }
    __device__ __forceinline__ static float sub(float a, float b) { return a - b; }
    __device__ __forceinline__ static float recip(float a) { return 1.0f / a; }
    __device__ __forceinline__ static float mul(float a, float b) { return a * b; }
    /* a*b + c and conj(a)*b + c */
    __device__ __forceinline__ static float fma(float a, float b, float c) { return fm(a, b, c); }
    __device__ __forceinline__ static float fmac(float a, float b, float c) { return fm(a, b, c); }
    __device__ __forceinline__ static float ld(const float *p) { return __ldg(p); }
    /* the real part only (diagonal of a Hermitian matrix) */
    __device__ __forceinline__ static float ld_real(const float *p) { return __ldg(p); }
    __device__ __forceinline__ static float shfl_xor(float a, int m)
    {
        return __shfl_xor_sync(0xffffffffu, a, m);
    }
    __device__ __forceinline__ static float shfl(float a, int src)
    {
        return __shfl_sync(0xffffffffu, a, src);
    }
    __device__ __forceinline__ static void atomic_add(float *p, float a) { atomicAdd(p, a); }
    /* the real type, real part, from a real, times a real, ld_rw of the real part */
    using Real = float;
    __host__ __device__ static float re(float a) { return a; }
    __host__ __device__ static float from_re(float r) { return r; }
    __device__ __forceinline__ static float mulr(float a, float r) { return a * r; }
    __device__ __forceinline__ static float ld_rw_real(const float *p) { return ld_rw(p); }
};

template <> struct Sc<double> {
    static constexpr bool complex = false;
    __host__ __device__ static double zero() { return 0.0; }
    __host__ __device__ static double one() { return 1.0; }
    __host__ __device__ static bool is_zero(double a) { return a == 0.0; }
    __host__ __device__ static bool is_one(double a) { return a == 1.0; }
    __device__ __forceinline__ static double conj(double a) { return a; }
    __device__ __forceinline__ static double add(double a, double b) { return a + b; }
    __device__ __forceinline__ static double sub(double a, double b) { return a - b; }
    __device__ __forceinline__ static double recip(double a) { return 1.0 / a; }
    __device__ __forceinline__ static double mul(double a, double b) { return a * b; }
    __device__ __forceinline__ static double fma(double a, double b, double c) { return fm(a, b, c); }
    __device__ __forceinline__ static double fmac(double a, double b, double c) { return fm(a, b, c); }
    __device__ __forceinline__ static double ld(const double *p) { return __ldg(p); }
    __device__ __forceinline__ static double ld_real(const double *p) { return __ldg(p); }
    __device__ __forceinline__ static double shfl_xor(double a, int m)
    {
        return __shfl_xor_sync(0xffffffffu, a, m);
    }
    __device__ __forceinline__ static double shfl(double a, int src)
    {
        return __shfl_sync(0xffffffffu, a, src);
    }
    __device__ __forceinline__ static void atomic_add(double *p, double a) { atomicAdd(p, a); }
    /* the real type, real part, from a real, times a real, ld_rw of the real part */
    using Real = double;
    __host__ __device__ static double re(double a) { return a; }
    __host__ __device__ static double from_re(double r) { return r; }
    __device__ __forceinline__ static double mulr(double a, double r) { return a * r; }
    __device__ __forceinline__ static double ld_rw_real(const double *p) { return ld_rw(p); }
};

/* cuFloatComplex is float2 and cuDoubleComplex is double2: one template body for both. */
template <typename C, typename R> struct ScComplex {
    static constexpr bool complex = true;
    __host__ __device__ static C mk(R re, R im) { C c; c.x = re; c.y = im; return c; }
    __host__ __device__ static C zero() { return mk(R(0), R(0)); }
    __host__ __device__ static C one() { return mk(R(1), R(0)); }
    __host__ __device__ static bool is_zero(C a) { return a.x == R(0) && a.y == R(0); }
    __host__ __device__ static bool is_one(C a) { return a.x == R(1) && a.y == R(0); }
    __device__ __forceinline__ static C conj(C a) { return mk(a.x, -a.y); }
    __device__ __forceinline__ static C add(C a, C b) { return mk(a.x + b.x, a.y + b.y); }
    __device__ __forceinline__ static C sub(C a, C b) { return mk(a.x - b.x, a.y - b.y); }
    /* 1/a, scaled against overflow as cuCdiv does (Smith's method) */
    __device__ __forceinline__ static C recip(C a)
    {
        if (fabs(a.x) >= fabs(a.y)) {
            const R r = a.y / a.x, d = a.x + a.y * r;
            return mk(R(1) / d, -r / d);
        }
        const R r = a.x / a.y, d = a.y + a.x * r;
        return mk(r / d, R(-1) / d);
    }
    __device__ __forceinline__ static C mul(C a, C b) { return mk(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
    __device__ __forceinline__ static C fma(C a, C b, C c)
    {
        return mk(fm(-a.y, b.y, fm(a.x, b.x, c.x)), fm(a.y, b.x, fm(a.x, b.y, c.y)));
    }
    __device__ __forceinline__ static C fmac(C a, C b, C c)
    {
        return mk(fm(a.y, b.y, fm(a.x, b.x, c.x)), fm(-a.y, b.x, fm(a.x, b.y, c.y)));
    }
    __device__ __forceinline__ static C ld(const C *p) { return __ldg(p); }
    __device__ __forceinline__ static C ld_real(const C *p) { return mk(__ldg(&p->x), R(0)); }
    __device__ __forceinline__ static C shfl_xor(C a, int m)
    {
        return mk(__shfl_xor_sync(0xffffffffu, a.x, m), __shfl_xor_sync(0xffffffffu, a.y, m));
    }
    __device__ __forceinline__ static C shfl(C a, int src)
    {
        return mk(__shfl_sync(0xffffffffu, a.x, src), __shfl_sync(0xffffffffu, a.y, src));
    }
    __device__ __forceinline__ static void atomic_add(C *p, C a)
    {
        atomicAdd(&p->x, a.x);
        atomicAdd(&p->y, a.y);
    }
    /* the real type, real part, from a real, times a real, ld_rw of the real part */
    using Real = R;
    __host__ __device__ static R re(C a) { return a.x; }
    __host__ __device__ static C from_re(R r) { return mk(r, R(0)); }
    __device__ __forceinline__ static C mulr(C a, R r) { return mk(a.x * r, a.y * r); }
    __device__ __forceinline__ static C ld_rw_real(const C *p) { return mk(ld_rw(&p->x), R(0)); }
};
template <> struct Sc<cuFloatComplex> : ScComplex<cuFloatComplex, float> {};
template <> struct Sc<cuDoubleComplex> : ScComplex<cuDoubleComplex, double> {};

/* Re(conj(a) b), in double */
template <typename T> __device__ __forceinline__ double re_dot(T a, T b)
{
    return (double)Sc<T>::re(Sc<T>::mul(Sc<T>::conj(a), b));
}

/* c + a*b, with a conjugated when CJ */
template <bool CJ, typename T>
__device__ __forceinline__ T madd(T a, T b, T c)
{
    if constexpr (CJ) return Sc<T>::fmac(a, b, c);
    else return Sc<T>::fma(a, b, c);
}

/* A load of the matrix GEMV and SYMV stream. once: ld.global.cs, evict-first in L1 and L2,
 * for a matrix larger than the L2 (it cannot stay there for the next call anyway), so that
 * the stream does not push out what the kernels around it read again (SYTRD's panel, read
 * by every step); else the usual read-only load, which leaves a matrix that fits in L2
 * for the next call (the next column's SYMV reads nearly the same trailing matrix). */
template <typename V> __device__ __forceinline__ V ld_a(const V *p, bool once)
{
    return once ? __ldcs(p) : __ldg(p);
}

/* ------------------------------------------------- V consecutive elements, 16 bytes
 * Ldv<T, V>::ld(p, o, once): o[0..V-1] = p[0..V-1], loaded as ld_a; p must be 16-byte
 * aligned when V*sizeof(T) == 16 (the vector paths are taken only when it is). */
template <typename T, int V> struct Ldv {
    static_assert(V == 1, "no vector load for this type and width");
    __device__ __forceinline__ static void ld(const T *p, T (&o)[1], bool once)
    {
        o[0] = ld_a(p, once);
    }
};
template <> struct Ldv<float, 4> {
    __device__ __forceinline__ static void ld(const float *p, float (&o)[4], bool once)
    {
        const float4 t = ld_a(reinterpret_cast<const float4 *>(p), once);
        o[0] = t.x; o[1] = t.y; o[2] = t.z; o[3] = t.w;
    }
};
template <> struct Ldv<float, 2> {
    __device__ __forceinline__ static void ld(const float *p, float (&o)[2], bool once)
    {
        const float2 t = ld_a(reinterpret_cast<const float2 *>(p), once);
        o[0] = t.x; o[1] = t.y;
    }
};
template <> struct Ldv<double, 2> {
    __device__ __forceinline__ static void ld(const double *p, double (&o)[2], bool once)
    {
        const double2 t = ld_a(reinterpret_cast<const double2 *>(p), once);
        o[0] = t.x; o[1] = t.y;
    }
};
template <> struct Ldv<cuFloatComplex, 2> {
    __device__ __forceinline__ static void ld(const cuFloatComplex *p, cuFloatComplex (&o)[2],
                                              bool once)
    {
        const float4 t = ld_a(reinterpret_cast<const float4 *>(p), once);
        o[0] = make_cuFloatComplex(t.x, t.y);
        o[1] = make_cuFloatComplex(t.z, t.w);
    }
};

/* ------------------------------------------------------------ one thread's tile
 * buf[l][v] = A(r + ro(v), c + l*CS) with ro(v) = v (VEC: one 16-byte load of V rows)
 * or v*RS (V scalar loads whose warp accesses are contiguous). full: the whole tile is
 * inside the valid window, no checks; else elements outside rows [rlo, rhi) or columns
 * [clo, chi) are not read and are set to zero. once: see ld_a.
 * keep: with once, a fraction keep / 2^32 of the matrix is loaded the usual way instead, to
 * stay in L2 for the next call: always the same pieces of 32*V rows (a warp's rows, which
 * start at a row congruent to keep_ra) of a column, chosen by a Weyl lattice in (piece,
 * column) so that every run of blocks of either GEMV walk holds about its share. GEBRD's
 * GEMVs, A^H u then A v column after column on nearly the same matrix, find it in L2. The
 * choice is the warp's for a column, and a tile with nothing kept loads as without keep. */
template <typename T, int L, int V, bool VEC, int RS>
__device__ __forceinline__ void load_tile(T (&buf)[L][V], const T *A, int64_t lda, int64_t r,
                                          int64_t c, int64_t cs, bool full, int64_t rlo,
                                          int64_t rhi, int64_t clo, int64_t chi, bool once,
                                          unsigned keep = 0, int64_t keep_ra = 0)
{
    const T *p = A + (r + c * lda);
    const int64_t step = cs * lda;
    unsigned kept = 0; /* bit l: column c + l*cs stays in L2 */
    if (keep) { /* (nonzero only with once) */
        const unsigned h = (unsigned)((r - keep_ra) / (32 * V)) * 0x9E3779B9u;
#pragma unroll
        for (int l = 0; l < L; ++l)
            kept |= (unsigned)(h + (unsigned)(c + l * cs) * 0x7F4A7C15u < keep) << l;
    }
    auto ev = [&](int l) { return once && !(kept >> l & 1u); };
    if (full) {
        auto tile = [&](auto pol) {
#pragma unroll
            for (int l = 0; l < L; ++l) {
                if constexpr (VEC) {
                    Ldv<T, V>::ld(p + l * step, buf[l], pol(l));
                } else {
#pragma unroll
                    for (int v = 0; v < V; ++v) buf[l][v] = ld_a(p + l * step + v * RS, pol(l));
                }
            }
        };
        if (kept)
            tile(ev);
        else
            tile([&](int) { return once; });
    } else {
        bool rok[V];
        bool rall = true;
#pragma unroll
        for (int v = 0; v < V; ++v) {
            const int64_t rr = r + (VEC ? v : v * RS);
            rok[v] = rr >= rlo && rr < rhi;
            rall = rall && rok[v];
        }
#pragma unroll
        for (int l = 0; l < L; ++l) {
            const int64_t cc = c + l * cs;
            const bool cok = cc >= clo && cc < chi;
            if constexpr (VEC) {
                if (cok && rall) {
                    Ldv<T, V>::ld(p + l * step, buf[l], ev(l));
                    continue;
                }
            }
#pragma unroll
            for (int v = 0; v < V; ++v) {
                buf[l][v] = Sc<T>::zero();
                if (cok && rok[v]) buf[l][v] = ld_a(p + l * step + (VEC ? v : v * RS), ev(l));
            }
        }
    }
}

/* The 128-byte line at p fetched into L2 (no register, no wait); a no-op in the host
 * emulator. */
__device__ __forceinline__ void prefetch_l2(const void *p)
{
#if defined(__CUDA_ARCH__)
    asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
#else
    (void)p;
#endif
}

/* ------------------------------------------------- asynchronous copy to shared memory
 * B bytes from global src to shared dst without registers (sm_80 cp.async), or B zeros
 * when !valid (src is not read then). commit closes a group of copies; wait<N> returns when
 * at most the N newest groups of this thread are still in flight (a barrier then makes every
 * thread's copies visible). The host emulator (and code for GPUs before sm_80) copies at
 * once, through a coherent load (the emulator's load checker sees it). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800 && !defined(KBLASF_CUDA_EMU)
#define KBLASF_CP_ASYNC 1
#endif
/* the shared-memory address of p, as the PTX of these copies and of tma.cuh's takes it (0
 * in the host emulator, which runs no such PTX) */
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
#if defined(__CUDA_ARCH__) && !defined(KBLASF_CUDA_EMU)
    return (unsigned)__cvta_generic_to_shared(p);
#else
    (void)p;
    return 0;
#endif
}
template <int B> __device__ __forceinline__ void cp_async(void *dst, const void *src, bool valid)
{
    static_assert(B == 4 || B == 8 || B == 16, "cp.async sizes");
#ifdef KBLASF_CP_ASYNC
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(smem_addr(dst)), "l"(src),
                 "n"(B), "r"(valid ? B : 0)
                 : "memory");
#else /* the emulator, and before sm_80: a plain copy */
    using W = std::conditional_t<B == 4, uint32_t, std::conditional_t<B == 8, uint2, uint4>>;
    W w = {};
    if (valid) w = ld_rw(static_cast<const W *>(src));
    *static_cast<W *>(dst) = w;
#endif
}
__device__ __forceinline__ void cp_commit()
{
#ifdef KBLASF_CP_ASYNC
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int N> __device__ __forceinline__ void cp_wait()
{
#ifdef KBLASF_CP_ASYNC
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}

/* ------------------------------------------------ programmatic dependent launch
 * A kernel launched with the programmatic-serialization attribute may start while the
 * kernel before it (the y := beta*y scaling, or the SYMV diagonal-block kernel) still
 * runs; it reads only A and x until pdl_wait(), which returns once that kernel has
 * completed and its writes to y are visible. The first kernel of such a pair is itself
 * launched dependent on whatever ran before it, and waits for that (pdl_wait) before it
 * lets its own dependent start (pdl_trigger): so it starts without a launch gap, and the
 * second kernel's early reads of A and x still come after everything ahead of the pair.
 * Without the attribute (and before sm_90) both are no-ops. */
__device__ __forceinline__ void pdl_wait()
{
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
__device__ __forceinline__ void pdl_trigger()
{
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
    asm volatile("griddepcontrol.launch_dependents;" :::);
#endif
}

/* pdl_wait(), then let the dependent kernel start: every kernel before this one has then
 * finished, so what the dependent reads before its own pdl_wait() (SYTRD's and GEBRD's step
 * kernels: what the steps before wrote; the SYMV's off-diagonal kernel: A and x) is final. */
__device__ __forceinline__ void pdl_wait_then_release()
{
    pdl_wait();
    pdl_trigger();
}

/* y := alpha*s (+ beta*y): direct store, y read only when beta != 0; or atomic add of
 * alpha*s into y scaled beforehand. */
template <typename T>
__device__ __forceinline__ void put_y(T *yp, T alpha, T s, T beta, bool direct, bool beta0)
{
    T v = Sc<T>::mul(alpha, s);
    if (direct) {
        if (!beta0) v = Sc<T>::fma(beta, *yp, v);
        *yp = v;
    } else {
        Sc<T>::atomic_add(yp, v);
    }
}

/* --------------------------------------------------------- y := beta*y (or 0) */
template <typename T>
__global__ void __launch_bounds__(256) scal_kernel(int64_t n, T beta, T *y, int64_t incy)
{
    pdl_wait_then_release(); /* launched dependent on the kernel before (symv_diag_kernel) */
    const bool beta0 = Sc<T>::is_zero(beta);
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        T *p = y + i * incy;
        if (beta0) *p = Sc<T>::zero(); /* y may hold NaN: never read it */
        else *p = Sc<T>::mul(beta, *p);
    }
}

/* --------------------------------------------------------------- host helpers */
constexpr int kMaxDevices = 64;

/* Sets attribute attr of kernel k to value once per device (done: the call site's flags,
 * a function-local static of the launching template). */
inline cudaError_t func_attr_once(const void *k, cudaFuncAttribute attr, int value,
                                  std::atomic<bool> (&done)[kMaxDevices])
{
    int dev = 0;
    cudaError_t e;

    if ((e = cudaGetDevice(&dev)) != cudaSuccess)
        return e;
    if (dev >= 0 && dev < kMaxDevices && done[dev].load(std::memory_order_relaxed))
        return cudaSuccess;
    e = cudaFuncSetAttribute(k, attr, value);
    if (e == cudaSuccess && dev >= 0 && dev < kMaxDevices)
        done[dev].store(true, std::memory_order_relaxed);
    return e;
}

/* Lets kernel k take `need` bytes of dynamic shared memory: above the default 48 KB it is
 * opted in up to `upto` (its largest need), once per device (done: the instance's flags). */
inline cudaError_t allow_smem(const void *k, size_t need, size_t upto,
                              std::atomic<bool> (&done)[kMaxDevices])
{
    if (need <= 48 * 1024)
        return cudaSuccess;
    return func_attr_once(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)upto, done);
}

struct DevInfo {
    int dev;
    int sms;   /* multiprocessors */
    int major; /* compute capability major (PDL needs 9.0) */
    int l2;    /* L2 cache bytes */
    int smem_sm; /* shared memory bytes an SM */
};

/* current device, with the SM count, capability, L2 size and shared memory an SM cached per
 * device */
inline cudaError_t dev_info(DevInfo &d)
{
    static std::atomic<int> c_sms[kMaxDevices], c_major[kMaxDevices], c_l2[kMaxDevices],
        c_smem[kMaxDevices];
    cudaError_t e = cudaGetDevice(&d.dev);
    if (e != cudaSuccess) return e;
    const bool cache = d.dev >= 0 && d.dev < kMaxDevices;
    if (cache) {
        d.sms = c_sms[d.dev].load(std::memory_order_relaxed);
        d.major = c_major[d.dev].load(std::memory_order_relaxed);
        d.l2 = c_l2[d.dev].load(std::memory_order_relaxed);
        d.smem_sm = c_smem[d.dev].load(std::memory_order_relaxed);
        if (d.sms > 0 && d.major > 0 && d.l2 > 0 && d.smem_sm > 0) return cudaSuccess;
    }
    e = cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, d.dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&d.major, cudaDevAttrComputeCapabilityMajor, d.dev);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&d.l2, cudaDevAttrL2CacheSize, d.dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&d.smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, d.dev);
    if (e != cudaSuccess) return e;
    if (d.sms < 1) d.sms = 1;
    if (cache) {
        c_smem[d.dev].store(d.smem_sm, std::memory_order_relaxed);
        c_l2[d.dev].store(d.l2, std::memory_order_relaxed);
        c_major[d.dev].store(d.major, std::memory_order_relaxed);
        c_sms[d.dev].store(d.sms, std::memory_order_relaxed);
    }
    return cudaSuccess;
}

/* Whether a GEMV/SYMV that reads `bytes` of its matrix loads it evict-first (see ld_a):
 * when the matrix is larger than the L2. */
inline bool stream_once(const DevInfo &d, double bytes) { return bytes > (double)d.l2; }

/* The bytes of a streamed matrix that a GEMV or a SYMV in a sequence of calls keeps in L2 for
 * the next one: a third of the L2 (H100: a sixth or a half measured the same or slower, for
 * SYMV's walks and GEMV's lattice alike). */
inline double l2_keep_bytes(const DevInfo &d) { return d.l2 / 3.0; }

/* Resident thread blocks of kernel k on the whole device (SMs x occupancy). Each call
 * site passes its own cache (a function-local static of the launching template). */
template <typename K>
inline cudaError_t resident_tbs(K k, int threads, size_t smem, const DevInfo &d,
                                std::atomic<int> (&cache)[kMaxDevices], int64_t &slots)
{
    int occ = (d.dev >= 0 && d.dev < kMaxDevices) ? cache[d.dev].load(std::memory_order_relaxed) : 0;
    if (occ <= 0) {
        const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, k, threads, smem);
        if (e != cudaSuccess) return e;
        if (occ < 1) occ = 1;
        if (d.dev >= 0 && d.dev < kMaxDevices) cache[d.dev].store(occ, std::memory_order_relaxed);
    }
    slots = (int64_t)occ * d.sms;
    return cudaSuccess;
}

/* Launch on `stream`; pdl: allow the kernel to overlap the one launched just before it
 * (it must call pdl_wait() before touching what that kernel writes). */
template <typename... KArgs, typename... Args>
inline cudaError_t launch_with(void (*k)(KArgs...), dim3 grid, dim3 block, size_t smem,
                               cudaStream_t stream, bool pdl, Args &&...args)
{
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = 0;
    if (pdl) {
        attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attr[0].val.programmaticStreamSerializationAllowed = 1;
        cfg.numAttrs = 1;
    }
    return cudaLaunchKernelEx(&cfg, k, std::forward<Args>(args)...);
}
template <typename... KArgs, typename... Args>
inline cudaError_t launch(void (*k)(KArgs...), dim3 grid, dim3 block, cudaStream_t stream,
                          bool pdl, Args &&...args)
{
    return launch_with(k, grid, block, 0, stream, pdl, std::forward<Args>(args)...);
}

/* Launch k on `stream` with `smem` bytes of dynamic shared memory; an instance that may need
 * more than the default 48 KB is opted in up to its largest need (smax) once per device
 * (done: the instance's flags). pdl: with the programmatic-serialization attribute (see
 * pdl_wait). */
template <typename... KArgs, typename... Args>
inline cudaError_t launch_smem(void (*k)(KArgs...), dim3 grid, dim3 block, size_t smem,
                               size_t smax, std::atomic<bool> (&done)[kMaxDevices],
                               cudaStream_t stream, bool pdl, Args... args)
{
    const cudaError_t e = allow_smem(reinterpret_cast<const void *>(k), smem, smax, done);
    return e != cudaSuccess ? e : launch_with(k, grid, block, smem, stream, pdl, args...);
}

/* y := beta*y on n elements (y := 0 without reading y when beta == 0) */
template <typename T>
inline cudaError_t scale_y(cudaStream_t stream, const DevInfo &d, int64_t n, T beta, T *y,
                           int64_t incy)
{
    constexpr int threads = 256;
    int64_t blocks = (n + threads - 1) / threads;
    if (blocks > 8 * (int64_t)d.sms) blocks = 8 * (int64_t)d.sms; /* one wave, grid-stride */
    return launch(scal_kernel<T>, dim3((unsigned)blocks), dim3(threads), stream, d.major >= 9, n,
                  beta, y, incy);
}

/* First row of the aligned window that contains row `off`: the largest r <= off such that
 * &A[r] is `bytes`-aligned (0 when there is none), so that a column read from row r on
 * starts on a `bytes` boundary whenever lda keeps columns aligned (paper section 6.6).
 * `bytes` is the span of one warp's or thread block's column chunk (align_bytes()): with
 * only 128-byte alignment, a 256/512-byte chunk straddles two DRAM/L2 units at every
 * offset >= 16 doubles and the H100 loses ~5% (measured: DSYMV, DGEMV T, off 16..31). */
inline int64_t aligned_row(const void *A, size_t esz, int64_t off, int64_t bytes)
{
    const int64_t per = bytes / (int64_t)esz;
    const int64_t mis = (int64_t)(((uintptr_t)A / esz) % (uintptr_t)per);
    const int64_t r = off - (off + mis) % per;
    return r < 0 ? 0 : r;
}

/* Alignment for aligned_row(): the chunk of `rows` consecutive rows that one column read
 * covers, a power of two in [128, 512] bytes (never more than the chunk: a larger one
 * would only add masked rows). */
constexpr int64_t align_bytes(int64_t rows, int64_t esz)
{
    int64_t b = 128;
    while (b < 512 && 2 * b <= rows * esz) b *= 2;
    return b;
}

/* 16-byte vector loads of V elements are legal for every column when A is 16-byte aligned
 * and lda keeps each column so (aligned_row() then returns a multiple of V). */
template <typename T, int V>
inline bool vec_ok(const T *A, int64_t lda)
{
    return V > 1 && V * sizeof(T) == 16 && ((uintptr_t)A % 16) == 0 && lda % V == 0;
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_CUDA_SCALAR_CUH */
