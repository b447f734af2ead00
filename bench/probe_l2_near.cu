/* probe_l2_near.cu — does the L2 line a value goes through change how long a hand-over
 * between two SMs takes (trsv_chain's chain step: one block stores a chunk, the next polls
 * it)? A development tool, standalone:
 *   nvcc -O3 -std=c++17 -arch=sm_90 -o probe_l2_near bench/probe_l2_near.cu
 *   ./probe_l2_near [lines=512] [rounds=16]
 * Part 1: one block an SM; thread 0 of each times an L2 hit (ld.volatile, dependent, clock64)
 * on each of `lines` lines 4 KB apart, the minimum of 4 tries: a table lat[sm][line], and its
 * histogram (bimodal if the SM's distance to the line's L2 slice matters).
 * Part 2: in each of `rounds` rounds, blocks 2p and 2p+1 (p = round) hand a counter back and
 * forth 1000 times through three lines in turn: the one with the smallest lat[a] + lat[b] for
 * their two SMs, the largest, and line 0; the others idle. Prints each round trip. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
constexpr int STRIDE = 512; /* unsigned long longs between lines: 4 KB */
__device__ unsigned smid() { unsigned s; asm volatile("mov.u32 %0, %%smid;" : "=r"(s)); return s; }
__device__ void grid_bar(volatile unsigned *bar, unsigned nb, unsigned &gen)
{
    __threadfence();
    ++gen;
    atomicAdd((unsigned *)bar, 1u);
    while (*bar < gen * nb) ;
    __threadfence();
}
__global__ void probe(volatile unsigned long long *buf, int lines, int *lat, int *sms, volatile unsigned *bar,
                      int rounds, float *rt, int *choice)
{
    if (threadIdx.x) return;
    const unsigned nb = gridDim.x, b = blockIdx.x, s = smid();
    unsigned gen = 0;
    sms[b] = (int)s;
    unsigned long long sink = 0;
    for (int l = 0; l < lines; ++l) {
        long long best = 1ll << 40;
        for (int k = 0; k < 4; ++k) {
            long long t0 = clock64();
            unsigned long long v = buf[(size_t)l * STRIDE + (sink & 1)];
            asm volatile("add.u64 %0, %0, %1;" : "+l"(sink) : "l"(v)); /* the load done before t1 */
            long long t1 = clock64();
            best = t1 - t0 < best ? t1 - t0 : best;
        }
        lat[b * lines + l] = (int)best;
    }
    if (sink == 12345) lat[0] = 0;
    grid_bar(bar + 0, nb, gen);
    for (int p = 0; p < rounds && 2 * p + 1 < (int)nb; ++p) {
        if (b == 2u * p || b == 2u * p + 1) {
            const int a = 2 * p, c = 2 * p + 1;
            int lo = 0, hi = 0, vlo = 1 << 30, vhi = -1;
            for (int l = 1; l < lines; ++l) {
                const int v = lat[a * lines + l] + lat[c * lines + l];
                if (v < vlo) vlo = v, lo = l;
                if (v > vhi) vhi = v, hi = l;
            }
            const int pick[3] = {lo, hi, 0};
            if (b == (unsigned)a) { choice[3 * p] = lo; choice[3 * p + 1] = hi; choice[3 * p + 2] = 0; }
            for (int w = 0; w < 3; ++w) {
                volatile unsigned long long *f = buf + (size_t)pick[w] * STRIDE;
                volatile unsigned long long *mine = f + (b & 1), *other = f + (1 - (b & 1)); /* one line */
                *mine = 0;
                __threadfence();
                /* meet: both zeroed */
                long long w0 = clock64();
                while (clock64() - w0 < 200000) ;
                unsigned long long g0, g1;
                asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
                const int iters = 1000;
                for (int i = 1; i <= iters; ++i) {
                    if ((b & 1) == 0) {
                        *mine = 2ull * i;
                        while (*other != 2ull * i) ;
                    } else {
                        while (*other != 2ull * i) ;
                        *mine = 2ull * i;
                    }
                }
                asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
                if ((b & 1) == 0) rt[3 * p + w] = (g1 - g0) / 1000.0f / iters;
                long long w1 = clock64();
                while (clock64() - w1 < 200000) ;
            }
        }
        grid_bar(bar + 0, nb, gen);
    }
}
int main(int argc, char **argv)
{
    const int lines = argc > 1 ? atoi(argv[1]) : 512, rounds = argc > 2 ? atoi(argv[2]) : 16;
    cudaDeviceProp pr; CK(cudaGetDeviceProperties(&pr, 0));
    const int nb = pr.multiProcessorCount;
    unsigned long long *buf; int *lat, *sms, *choice; unsigned *bar; float *rt;
    CK(cudaMalloc(&buf, (size_t)lines * STRIDE * 8)); CK(cudaMemset(buf, 0, (size_t)lines * STRIDE * 8));
    CK(cudaMalloc(&lat, nb * lines * 4)); CK(cudaMalloc(&sms, nb * 4)); CK(cudaMalloc(&bar, 64));
    CK(cudaMalloc(&rt, 3 * rounds * 4)); CK(cudaMalloc(&choice, 3 * rounds * 4)); CK(cudaMemset(bar, 0, 64));
    CK(cudaMemset(rt, 0, 3 * rounds * 4));
    const int smem = pr.sharedMemPerMultiprocessor / 2 + 1024; /* one block an SM */
    CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    probe<<<nb, 32, smem>>>(buf, lines, lat, sms, bar, rounds, rt, choice);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    std::vector<int> L(nb * lines), S(nb), C(3 * rounds); std::vector<float> R(3 * rounds);
    CK(cudaMemcpy(L.data(), lat, L.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(S.data(), sms, nb * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(R.data(), rt, R.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(C.data(), choice, C.size() * 4, cudaMemcpyDeviceToHost));
    printf("%s, %d SMs, %d lines 4 KB apart\n", pr.name, nb, lines);
    std::vector<int> hist(64, 0);
    for (int v : L) hist[std::min(63, v / 25)]++;
    printf("L2 hit latency histogram (cycles, bins of 25):\n");
    for (int i = 0; i < 64; ++i) if (hist[i]) printf("  %4d-%4d: %d\n", i * 25, i * 25 + 24, hist[i]);
    /* per line: the spread over SMs; per SM: the spread over lines */
    double sl = 0; for (int l = 0; l < lines; ++l) { int mn = 1 << 30, mx = 0; for (int b = 0; b < nb; ++b) { mn = std::min(mn, L[b * lines + l]); mx = std::max(mx, L[b * lines + l]); } sl += mx - mn; }
    printf("mean over lines of (max - min over SMs): %.1f cycles\n", sl / lines);
    for (int b = 0; b < 6; ++b) { printf("block %d sm %d, lines 0..23:", b, S[b]); for (int l = 0; l < 24; ++l) printf(" %d", L[b * lines + l]); printf("\n"); }
    printf("round trips (us): pair (sm a, sm b): best line / worst line / line 0\n");
    for (int p = 0; p < rounds && 2 * p + 1 < nb; ++p)
        printf("  (%3d, %3d): %.3f (line %d, %d+%d) / %.3f (line %d, %d+%d) / %.3f (%d+%d)\n", S[2 * p], S[2 * p + 1],
               R[3 * p], C[3 * p], L[2 * p * lines + C[3 * p]], L[(2 * p + 1) * lines + C[3 * p]],
               R[3 * p + 1], C[3 * p + 1], L[2 * p * lines + C[3 * p + 1]], L[(2 * p + 1) * lines + C[3 * p + 1]],
               R[3 * p + 2], L[2 * p * lines], L[(2 * p + 1) * lines]);
    return 0;
}
