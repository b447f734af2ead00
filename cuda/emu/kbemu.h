/* kbemu.h — host emulation of the few CUDA features the kblasf kernels use, so that the
 * real kernel sources run on a machine without a GPU (testing only; see run.sh). Every
 * CUDA thread is a host thread; warps meet at barriers for shuffles; thread blocks run one
 * after another; atomics take a mutex; __ldg goes through a load checker. Included by
 * cuda_scalar.cuh when KBLASF_CUDA_EMU names this file. */
#pragma once
#include <cuda_runtime_api.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <functional>
#include <barrier>
#include <mutex>
#include <vector>

#undef __shared__
#define __shared__ static
#define __launch_bounds__(...)

struct EmuWarp;
extern thread_local dim3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
extern thread_local int emu_lane;
extern thread_local EmuWarp *emu_warp;
extern std::barrier<> *emu_block_bar;
extern std::mutex emu_atomic_mu;
/* load checker: returns false when [p, p+bytes) must not be read */
extern std::function<bool(const void *, size_t)> emu_load_ok;
extern int emu_bad_loads;
extern int emu_sms, emu_occ, emu_major;
struct EmuLaunch { dim3 grid, block; bool pdl; };
extern std::vector<EmuLaunch> emu_launches;

struct EmuWarp {
    std::barrier<> bar{32};
    alignas(16) unsigned char slot[32][16];
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
inline void __syncthreads() { emu_block_bar->arrive_and_wait(); }
template <typename T> inline T emu_shfl(T v, int src)
{
    std::memcpy(emu_warp->slot[emu_lane], &v, sizeof(T));
    emu_warp->bar.arrive_and_wait();
    T r;
    std::memcpy(&r, emu_warp->slot[src & 31], sizeof(T));
    emu_warp->bar.arrive_and_wait();
    return r;
}
template <typename T> inline T __shfl_sync(unsigned, T v, int src) { return emu_shfl(v, src); }
template <typename T> inline T __shfl_xor_sync(unsigned, T v, int m) { return emu_shfl(v, emu_lane ^ m); }
inline float atomicAdd(float *p, float v) { std::lock_guard<std::mutex> g(emu_atomic_mu); float o = *p; *p = o + v; return o; }
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
