/* kbemu.h — host emulation of the few CUDA features the kblasf kernels use, so that the
 * real kernel sources run on a machine without a GPU (testing only; see run.sh). Every
 * CUDA thread is a fiber (a ucontext of its own stack) on the calling host thread; a
 * fiber runs until it waits at a barrier (__syncthreads, __syncwarp, a shuffle: warps
 * meet at barriers for shuffles) and hands over to the next (emu_rt.cpp); a barrier that
 * can never complete stops the emulator. Thread blocks run one after another; atomics take
 * a mutex; __ldg goes through a load checker. Included by cuda_scalar.cuh when
 * KBLASF_CUDA_EMU names this file. */
#pragma once
#include <cuda_runtime_api.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

#undef __shared__
#define __shared__ static
#define __launch_bounds__(...)

/* A barrier of n fibers: the last to arrive goes on, the others hand over until it has
 * (fibers switch only here, so the count needs no lock). */
struct EmuBar {
    int n, arrived = 0;
    unsigned long gen = 0;
    explicit EmuBar(int n_) : n(n_) {}
    void arrive_and_wait();
};
struct EmuWarp;
/* the running fiber's: set by the scheduler at each switch */
extern dim3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
extern int emu_lane;
extern EmuWarp *emu_warp;
extern EmuBar *emu_block_bar;
extern std::mutex emu_atomic_mu;
/* load checker: returns false when [p, p+bytes) must not be read */
extern std::function<bool(const void *, size_t)> emu_load_ok;
extern int emu_bad_loads;
extern int emu_sms, emu_occ, emu_major;
struct EmuLaunch { dim3 grid, block; bool pdl; };
extern std::vector<EmuLaunch> emu_launches;

/* A warp: the barrier of its 32 lanes, one for each aligned segment of 16, 8, 4 and 2 lanes
 * (the lanes a shuffle or __syncwarp names by its mask: a thread group of a batched kernel,
 * which may leave a loop while the other groups of its warp go on), and the shuffle slots. */
struct EmuWarp {
    EmuBar bar{32};
    std::deque<EmuBar> seg; /* widths 16, 8, 4, 2, in that order, segments by lane */
    alignas(16) unsigned char slot[32][16];
    EmuWarp()
    {
        for (int w = 16; w >= 2; w /= 2)
            for (int s = 0; s < 32 / w; ++s) seg.emplace_back(w);
    }
};

inline void emu_check(const void *p, size_t n)
{
    if (emu_load_ok && !emu_load_ok(p, n)) {
        std::lock_guard<std::mutex> g(emu_atomic_mu);
        ++emu_bad_loads;
    }
}
template <typename T> inline T __ldg(const T *p)
{
    emu_check(p, sizeof(T));
    if ((uintptr_t)p % alignof(T)) { /* a misaligned vector load faults on a GPU */
        std::lock_guard<std::mutex> g(emu_atomic_mu);
        ++emu_bad_loads;
    }
    return *p;
}
template <typename T> inline T __ldcs(const T *p) { return __ldg(p); }
/* CUDA's integer min/max overloads (device code calls them unqualified) */
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline long min(long a, long b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline void __syncthreads() { emu_block_bar->arrive_and_wait(); }
/* the barrier of the lanes in mask: the whole warp or an aligned segment of 2..16 lanes
 * that holds the calling lane (what the kernels use); anything else stops the emulator */
inline EmuBar &emu_bar(unsigned mask)
{
    if (mask == 0xffffffffu) return emu_warp->bar;
    const int w = __builtin_popcount(mask), lo = mask ? __builtin_ctz(mask) : 0;
    if (w < 2 || w > 16 || (w & (w - 1)) || lo % w || mask != ((1u << w) - 1) << lo || !(mask >> emu_lane & 1)) {
        fprintf(stderr, "emu: unsupported shuffle/sync mask %#x at lane %d\n", mask, emu_lane);
        abort();
    }
    int off = 0;
    for (int s = 16; s > w; s /= 2) off += 32 / s;
    return emu_warp->seg[off + lo / w];
}
/* every lane in mask stores its value, then reads lane src's */
template <typename T> inline T emu_shfl(unsigned mask, T v, int src)
{
    EmuBar &b = emu_bar(mask);
    std::memcpy(emu_warp->slot[emu_lane], &v, sizeof(T));
    b.arrive_and_wait();
    T r;
    std::memcpy(&r, emu_warp->slot[src & 31], sizeof(T));
    b.arrive_and_wait();
    return r;
}
/* width: segments of width lanes, src taken modulo width inside the caller's segment */
template <typename T> inline T __shfl_sync(unsigned mask, T v, int src, int width = 32)
{
    return emu_shfl(mask, v, (emu_lane & ~(width - 1)) | (src & (width - 1)));
}
template <typename T> inline T __shfl_xor_sync(unsigned mask, T v, int m, int width = 32)
{
    return emu_shfl(mask, v, (emu_lane & ~(width - 1)) | ((emu_lane ^ m) & (width - 1)));
}
inline void __syncwarp(unsigned mask = 0xffffffffu) { emu_bar(mask).arrive_and_wait(); }
/* the lanes of mask whose pred is nonzero, as bits by lane */
inline unsigned __ballot_sync(unsigned mask, int pred)
{
    EmuBar &b = emu_bar(mask);
    emu_warp->slot[emu_lane][0] = pred != 0;
    b.arrive_and_wait();
    unsigned r = 0;
    for (int l = 0; l < 32; ++l)
        if ((mask >> l & 1) && emu_warp->slot[l][0]) r |= 1u << l;
    b.arrive_and_wait();
    return r;
}
inline int __ffs(unsigned x) { return __builtin_ffs((int)x); }
inline float atomicAdd(float *p, float v) { std::lock_guard<std::mutex> g(emu_atomic_mu); float o = *p; *p = o + v; return o; }
inline unsigned atomicAdd(unsigned *p, unsigned v) { std::lock_guard<std::mutex> g(emu_atomic_mu); unsigned o = *p; *p = o + v; return o; }
inline void __nanosleep(unsigned) {}
inline void __threadfence_block() {}
/* a thread spinning on shared memory lets the others run */
void emu_yield();
inline double atomicAdd(double *p, double v) { std::lock_guard<std::mutex> g(emu_atomic_mu); double o = *p; *p = o + v; return o; }
using std::sqrt;

void emu_run(dim3 grid, dim3 block, const std::function<void()> &body);

template <typename... KArgs, typename... Args>
inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *cfg, void (*k)(KArgs...), Args &&...args)
{
    bool pdl = false;
    for (unsigned i = 0; i < cfg->numAttrs; ++i)
        if (cfg->attrs[i].id == cudaLaunchAttributeProgrammaticStreamSerialization) pdl = true;
    emu_launches.push_back({cfg->gridDim, cfg->blockDim, pdl});
    emu_run(cfg->gridDim, cfg->blockDim, [&] { k(args...); });
    return cudaSuccess;
}
template <class K> inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, K, int, size_t)
{
    *n = emu_occ;
    return cudaSuccess;
}
