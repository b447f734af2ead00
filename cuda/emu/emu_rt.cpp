/* emu_rt.cpp — the emulator's state, runtime stubs (one device) and grid runner: the
 * threads of a block are fibers on the calling thread, switched round-robin at barriers
 * (a switch is a user-space context swap, about a hundred times cheaper than waking host
 * threads at a barrier on a small machine). */
#include "kbemu.h"
#include <ucontext.h>
#include <vector>
#include <memory>
#include <cstdio>
#include <cstdlib>
#include <cstring>
dim3 threadIdx, blockIdx;
dim3 blockDim, gridDim;
int emu_lane;
EmuWarp *emu_warp;
EmuBar *emu_block_bar;
std::mutex emu_atomic_mu;
std::function<bool(const void *, size_t)> emu_load_ok;
int emu_bad_loads = 0;
int emu_sms = 4, emu_occ = 2, emu_major = 9;
std::vector<EmuLaunch> emu_launches;

extern "C" cudaError_t cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
/* host memory stands for device memory: a plain memset, done at once */
extern "C" cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t)
{
    memset(p, v, n);
    return cudaSuccess;
}
extern "C" cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                         size_t width, size_t height, enum cudaMemcpyKind,
                                         cudaStream_t)
{
    for (size_t r = 0; r < height; ++r)
        memcpy((char *)dst + r * dpitch, (const char *)src + r * spitch, width);
    return cudaSuccess;
}
extern "C" cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int)
{
    if (a == cudaDevAttrMultiProcessorCount) *v = emu_sms;
    else if (a == cudaDevAttrComputeCapabilityMajor) *v = emu_major;
    else *v = 0;
    return cudaSuccess;
}

namespace {
constexpr size_t kStack = 256 * 1024; /* per fiber; touched pages only */
struct Fiber {
    ucontext_t ctx;
    std::unique_ptr<char[]> stack;
    dim3 tid;
    int lane = 0;
    EmuWarp *warp = nullptr;
    bool done = false;
};
std::vector<Fiber> fibers; /* the block's threads; stacks kept from launch to launch */
int cur = 0, live = 0;
ucontext_t sched;                        /* emu_run's own context */
const std::function<void()> *body_fn;    /* the kernel call */
unsigned long progress = 0, seen = 0;    /* arrivals and exits; the value at the last check */
int idle = 0;                            /* hand-overs since progress was last seen */

/* run fiber j (its thread's variables first) */
void switch_to(int j)
{
    const int me = cur;
    cur = j;
    threadIdx = fibers[j].tid;
    emu_lane = fibers[j].lane;
    emu_warp = fibers[j].warp;
    swapcontext(&fibers[me].ctx, &fibers[j].ctx);
}

int next_live()
{
    int j = cur;
    do j = (j + 1) % (int)fibers.size();
    while (fibers[j].done);
    return j;
}

/* a waiting fiber hands over; two rounds with no arrival or exit anywhere: the barrier
 * cannot complete (a thread left the kernel or waits elsewhere) */
void hand_over()
{
    if (progress != seen) { seen = progress; idle = 0; }
    if (++idle > 2 * live + 2) {
        fprintf(stderr, "emu: deadlock: block (%u,%u,%u), thread (%u,%u,%u) waits at a barrier that cannot complete\n",
                blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);
        abort();
    }
    switch_to(next_live());
}

void fiber_main()
{
    (*body_fn)();
    fibers[cur].done = true;
    --live;
    ++progress;
    if (live == 0) {
        swapcontext(&fibers[cur].ctx, &sched);
    } else {
        switch_to(next_live());
    }
    abort(); /* a finished fiber is never resumed */
}
} // namespace

/* a spin-wait: counts as progress for the barriers' check, but a thread that spins
 * 100 million times in a row waits on something that never comes */
void emu_yield()
{
    static unsigned long spins, at;
    if (at != progress - 1) spins = 0;
    if (++spins > 100000000ul) {
        fprintf(stderr, "emu: deadlock: thread (%u,%u,%u) of block (%u,%u,%u) spins forever\n",
                threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z);
        abort();
    }
    at = ++progress;
    switch_to(next_live());
}

void EmuBar::arrive_and_wait()
{
    ++progress;
    const unsigned long g = gen;
    if (++arrived == n) {
        arrived = 0;
        ++gen;
        return;
    }
    while (gen == g) hand_over();
}

void emu_run(dim3 grid, dim3 block, const std::function<void()> &body)
{
    const int nt = block.x * block.y * block.z;
    if (nt % 32) { fprintf(stderr, "emu: block not a multiple of 32\n"); abort(); }
    blockDim = block; gridDim = grid;
    EmuBar bbar(nt);
    emu_block_bar = &bbar;
    std::vector<std::unique_ptr<EmuWarp>> warps(nt / 32);
    for (auto &w : warps) w.reset(new EmuWarp);
    if ((int)fibers.size() < nt) fibers.resize(nt);
    fibers.resize(nt); /* keeps the stacks of the first nt */
    body_fn = &body;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                blockIdx.x = bx; blockIdx.y = by; blockIdx.z = bz;
                for (int t = 0; t < nt; ++t) {
                    Fiber &f = fibers[t];
                    if (!f.stack) f.stack.reset(new char[kStack]);
                    f.tid.x = t % block.x; f.tid.y = (t / block.x) % block.y; f.tid.z = t / (block.x * block.y);
                    f.lane = t % 32;
                    f.warp = warps[t / 32].get();
                    f.done = false;
                    getcontext(&f.ctx);
                    f.ctx.uc_stack.ss_sp = f.stack.get();
                    f.ctx.uc_stack.ss_size = kStack;
                    f.ctx.uc_link = nullptr;
                    makecontext(&f.ctx, fiber_main, 0);
                }
                live = nt;
                idle = 0;
                cur = 0;
                threadIdx = fibers[0].tid;
                emu_lane = fibers[0].lane;
                emu_warp = fibers[0].warp;
                swapcontext(&sched, &fibers[0].ctx);
            }
}
