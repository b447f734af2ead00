/* emu_rt.cpp — the emulator's state, runtime stubs (one device) and grid runner. */
#include "kbemu.h"
#include <thread>
#include <vector>
#include <memory>
#include <cstdio>
#include <cstdlib>
thread_local dim3 threadIdx, blockIdx;
dim3 blockDim, gridDim;
thread_local int emu_lane;
thread_local EmuWarp *emu_warp;
std::barrier<> *emu_block_bar;
std::mutex emu_atomic_mu;
std::function<bool(const void *, size_t)> emu_load_ok;
int emu_bad_loads = 0;
int emu_sms = 4, emu_occ = 2, emu_major = 9;
std::vector<EmuLaunch> emu_launches;

extern "C" cudaError_t cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
extern "C" cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int)
{
    if (a == cudaDevAttrMultiProcessorCount) *v = emu_sms;
    else if (a == cudaDevAttrComputeCapabilityMajor) *v = emu_major;
    else *v = 0;
    return cudaSuccess;
}

void emu_run(dim3 grid, dim3 block, const std::function<void()> &body)
{
    const int nt = block.x * block.y * block.z;
    if (nt % 32) { fprintf(stderr, "emu: block not a multiple of 32\n"); abort(); }
    blockDim = block; gridDim = grid;
    std::barrier<> bbar(nt), endbar(nt);
    emu_block_bar = &bbar;
    std::vector<std::unique_ptr<EmuWarp>> warps(nt / 32);
    for (auto &w : warps) w.reset(new EmuWarp);
    std::vector<std::thread> th;
    for (int t = 0; t < nt; ++t)
        th.emplace_back([&, t] {
            threadIdx.x = t % block.x; threadIdx.y = (t / block.x) % block.y; threadIdx.z = t / (block.x * block.y);
            emu_lane = t % 32; emu_warp = warps[t / 32].get();
            for (unsigned bz = 0; bz < grid.z; ++bz)
                for (unsigned by = 0; by < grid.y; ++by)
                    for (unsigned bx = 0; bx < grid.x; ++bx) {
                        blockIdx.x = bx; blockIdx.y = by; blockIdx.z = bz;
                        body();
                        endbar.arrive_and_wait();
                    }
        });
    for (auto &x : th) x.join();
}
