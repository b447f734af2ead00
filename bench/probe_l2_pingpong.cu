/* probe_l2_pingpong.cu — how an L2 round trip between two SMs (a value stored by one thread
 * block and polled by another, as trsv_chain's chain step does) grows while the DRAM is
 * streamed, and whether the polling SM's own loads or everyone's slow it. One block an SM;
 * blocks 0 and 1 hand a counter back and forth 2000 times (their poller warps), the others
 * (and, by mode, blocks 0 and 1 too) stream 4 MB each in 32 KB tiles, two in flight a thread
 * by loads (__ldcs) or three in flight a block by TMA bulk copies (cp.async.bulk, 16 KB
 * each), flat out or paused between tiles. A development tool, standalone:
 *   nvcc -O3 -std=c++17 -arch=sm_90 -o probe_l2_pingpong bench/probe_l2_pingpong.cu
 * Modes (who streams, and how): 0 nobody; 1 all but the pair, by loads; 2 all, by loads;
 * 3 the pair only, by loads; 4 all, by TMA; 5 the others by loads and the pair by TMA;
 * 6 all but the pair, by TMA. Prints the round trip and the DRAM rate of the streamers.
 * H100, 2026-11-28: bench/results/H100-2026-11-28-stop42-trsv-chain-tma.txt. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
constexpr int NW = 256, U = 16, TILE = NW * U; // 32 KB tile of doubles
constexpr int S = 3;                            // TMA slots
constexpr int CHUNK = 16384;                    // bytes a bulk copy
__device__ __forceinline__ unsigned sa(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ bool mbar_try(unsigned bar, unsigned parity)
{
    unsigned ok;
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n}" : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
__global__ void __launch_bounds__(NW + 32, 1)
probe(int mode, const double *arr, long per_block, volatile unsigned long long *flags, int iters,
      volatile int *stop, double *out, unsigned long long *res, unsigned pause_ns)
{
    extern __shared__ __align__(128) unsigned char smem[];
    double *slot = reinterpret_cast<double *>(smem);
    unsigned long long *bar = reinterpret_cast<unsigned long long *>(slot + S * TILE);
    const int b = blockIdx.x, t = threadIdx.x, lane = t % 32;
    const bool pair = b < 2;
    const bool lsu = (mode == 1 && !pair) || mode == 2 || (mode == 3 && pair) || (mode == 5 && !pair);
    const bool tma = (mode == 4) || (mode == 5 && pair) || (mode == 6 && !pair);
    if (t < S) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sa(bar + t)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    __syncthreads();
    const double *base = arr + (long)b * per_block;
    const long ntiles = per_block / TILE;
    if (t >= NW) { // the poller warp
        if (pair && lane == 0) {
            volatile unsigned long long *mine = flags + 16 * b, *other = flags + 16 * (1 - b);
            // warm-up: wait until the streamers are going
            long long t0 = clock64();
            while (clock64() - t0 < 20000) ;
            unsigned long long g0, g1;
            asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
            for (int i = 1; i <= iters; ++i) {
                if (b == 0) {
                    *mine = 2ull * i;
                    while (*other != 2ull * i) ;
                } else {
                    while (*other != 2ull * i) ;
                    *mine = 2ull * i;
                }
            }
            asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
            if (b == 0) { res[0] = (g1 - g0); *stop = 1; }
        } else if (tma && lane == 0) {
            for (long i = 0; (i & 7) || !*stop; ++i) {
                const int s = i % S;
                                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sa(bar + s)), "r"(TILE * 8) : "memory");
                const char *src = reinterpret_cast<const char *>(base + (i % ntiles) * TILE);
                for (int c = 0; c < TILE * 8; c += CHUNK)
                    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                                 ::"r"(sa(reinterpret_cast<char *>(slot + s * TILE) + c)), "l"(src + c), "r"(CHUNK), "r"(sa(bar + s)) : "memory");
                while (!mbar_try(sa(bar + s), (i / S) & 1)) ; // this slot's copy done: at most S in flight
                if (pause_ns) __nanosleep(pause_ns);
                atomicAdd(res + 1, (unsigned long long)TILE * 8);
            }
        }
        return;
    }
    double acc = 0;
    if (lsu) {
        double buf[2][U];
        long i = 0;
        for (int s = 0; s < 2; ++s)
#pragma unroll
            for (int u = 0; u < U; ++u) buf[s][u] = __ldcs(base + ((i + s) % ntiles) * TILE + t + NW * u);
        for (long it = 0; (it & 7) || !*stop; ++it) {
#pragma unroll
            for (int s = 0; s < 2; ++s) {
#pragma unroll
                for (int u = 0; u < U; ++u) acc += buf[s][u];
                const long j = (i + 2) % ntiles;
#pragma unroll
                for (int u = 0; u < U; ++u) buf[s][u] = __ldcs(base + j * TILE + t + NW * u);
                ++i;
                if (pause_ns) __nanosleep(pause_ns);
            }
        }
        if (t == 0) atomicAdd(res + 1, (unsigned long long)i * TILE * 8);
    }
    out[b * NW + t] = acc;
}
int main(int argc, char **argv)
{
    const int iters = 2000;
    int nsm; CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
    const long per_block = 4l << 20 >> 3; // 4 MB a block
    double *arr, *out; unsigned long long *flags, *res; int *stop;
    CK(cudaMalloc(&arr, per_block * 8 * nsm)); CK(cudaMemset(arr, 0, per_block * 8 * nsm));
    CK(cudaMalloc(&out, nsm * NW * 8)); CK(cudaMalloc(&flags, 4096)); CK(cudaMalloc(&res, 64)); CK(cudaMalloc(&stop, 4));
    const size_t sm = S * TILE * 8 + 64;
    CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)sm));
    const char *names[] = {"nobody streams", "all but the pair (LSU)", "all incl. pair (LSU)", "pair only (LSU)",
                           "all incl. pair (TMA)", "others LSU, pair TMA", "all but pair (TMA)"};
    unsigned pauses[] = {0, 400, 1000};
    for (int rep = 0; rep < 2; ++rep)
    for (unsigned p : pauses)
    for (int mode = 0; mode < 7; ++mode) {
        if (mode == 0 && p) continue;
        CK(cudaMemset(flags, 0, 4096)); CK(cudaMemset(stop, 0, 4)); CK(cudaMemset(res, 0, 64));
        cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
        cudaEventRecord(e0);
        probe<<<nsm, NW + 32, sm>>>(mode, arr, per_block, flags, iters, stop, out, res, p);
        cudaEventRecord(e1);
        CK(cudaDeviceSynchronize());
        float ms; cudaEventElapsedTime(&ms, e0, e1);
        unsigned long long rr[2]; CK(cudaMemcpy(rr, res, 16, cudaMemcpyDeviceToHost)); unsigned long long ns = rr[0];
                printf("pause %4u  mode %d %-24s round trip %.3f us  (kernel %.3f ms, %.0f GB/s)\n", p, mode, names[mode], ns / 1e3 / iters, ms, rr[1] / (ms * 1e6));
    }
    return 0;
}
