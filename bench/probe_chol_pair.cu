/*
 * probe_chol_pair.cu — the batched DPOTRF (lower, n <= G) with two matrices a group of G lanes
 * packed into one triangle's registers, against the library's kernel (one matrix a group) in
 * one process on the same data.
 *
 * Why: at n = 16 the library's kernel holds a whole row of G doubles a lane (32 registers of
 * data, 94 in all), so 5 blocks of 4 warps fit an SM and batch 10240 runs in two waves. Row r
 * of a lower triangle has r + 1 entries, row G-1-r has G - r: lane r holds both, row r of
 * matrix a in x[0..r] and row G-1-r of matrix b reversed in x[r+1..G] (b(G-1-r, c) at x[G-c]),
 * G + 1 registers for two matrices. Both stay at static register indices: step j of a's
 * factorization reads x[j], of b's x[G-j]. Each step then carries two independent chains.
 *
 * Result (H200, stop 52, bench/results/H200-2026-11-29-stop52-dmma-shapes-leaf-pairs.txt): the
 * same factors and infos as the library, bit for bit, but slower: n = 16 0.0225 against 0.0155
 * ms (one wave of 20 warps an SM at 96 registers, 250-300 bytes spilled; 0.0235-0.0247 with
 * 128-136 registers), n = 12 0.0200 against 0.0140, n = 8 0.0099 against 0.0093. Not kept: the
 * library's kernel is not held back by its two waves. PAIR_CH (entries of a column a
 * broadcast round) and PAIR_MINB (blocks an SM asked of ptxas at G = 16) are the trial's knobs.
 *
 * build: nvcc -std=c++17 -O3 -arch=sm_90 -Icuda -Iinclude -Ibench -I. bench/probe_chol_pair.cu
 *        -Llib -lkblasf -lcublas -o probe_chol_pair
 * usage: probe_chol_pair [n [batch]]      (default 16 10240)
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "kblasf.h"
#include "bench.h"
#include "batch_common.cuh"
#ifndef PAIR_MINB
#define PAIR_MINB 5
#endif
#ifndef PAIR_CH
#define PAIR_CH 4
#endif

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
        fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

using namespace kblasf;

/* One pair of matrices (2p, 2p + 1) a group of G lanes; WPB warps a block. */
template <int G, int WPB>
__global__ void __launch_bounds__(32 * WPB, G == 16 ? PAIR_MINB : 1)
    chol_pair_kernel(int n, double *A, int64_t lda, int64_t strideA, int64_t *info, int64_t batch)
{
    constexpr int NG = WPB * 32 / G;
    __shared__ __align__(16) double cols[NG][2][2][G + 2]; /* group, matrix, turn, column */
    __shared__ __align__(16) double rsc[NG][2][G];     /* 1/sqrt(d) of each column */
    const int t = threadIdx.x, r = t % G, gi = t / G, rb = G - 1 - r;
    const unsigned m = group_mask<G>(t);
    const int64_t pa = 2 * ((int64_t)blockIdx.x * NG + gi);
    if (pa >= batch)
        return;
    const bool hasb = pa + 1 < batch;
    double *Aa = A + pa * strideA, *Ab = A + (pa + 1) * strideA;
    double x[G + 1];
    /* a's row r, b's row rb; zeros past n */
#pragma unroll
    for (int k = 0; k < G; ++k) {
        x[k] = 0.0;
        if (k <= r && r < n)
            x[k] = ld_rw(Aa + (r + k * lda));
    }
    x[G] = 0.0;
#pragma unroll
    for (int c = 0; c < G; ++c)
        if (c <= rb && rb < n && hasb)
            x[G - c] = ld_rw(Ab + (rb + c * lda));
    int stopa = n, stopb = hasb ? n : 0; /* the first column not factored */
    double da = 1.0, db = 1.0;           /* the pivots of a's row r and b's row rb */
#pragma unroll
    for (int j = 0; j < G; ++j) {
        if (j >= n)
            break;
        /* a's column j by rows (ca[k] = a(k, j)); b's by register index (cb[i] = b(G - i, j)),
         * so that register i takes its coefficient at index i from either */
        double *ca = cols[gi][0][j & 1], *cb = cols[gi][1][j & 1];
        ca[r] = x[j];         /* a(r, j) for r >= j */
        cb[r + 1] = x[G - j]; /* b(rb, j) for rb >= j, at G - rb = r + 1 */
        __syncwarp(m);
        const double pa_ = ca[j], pb_ = cb[G - j];
        const bool goa = j < stopa && pa_ > 0.0, gob = j < stopb && pb_ > 0.0;
        if (j < stopa && !(pa_ > 0.0))
            stopa = j;
        if (j < stopb && !(pb_ > 0.0))
            stopb = j;
        if (r == j)
            da = pa_;
        if (rb == j)
            db = pb_;
        const double wa = goa && r > j ? -x[j] * rcp_pos(pa_) : 0.0;
        const double wb = gob && rb > j ? -x[G - j] * rcp_pos(pb_) : 0.0;
        constexpr int CH = PAIR_CH;
#pragma unroll
        for (int i0 = 0; i0 < G; i0 += CH) {
            const int lo = j + 1 < 1 ? 1 : j + 1; /* a: i in j+1 .. r; b: i in r+1 .. G-j-1 */
            if (i0 + CH <= 1 || (i0 + CH <= j + 1 && i0 >= G - j))
                continue;
            double va[G], vb[G];
            bcast_load<G>(ca, i0, va, i0 + CH);
            bcast_load<G>(cb, i0, vb, i0 + CH);
#pragma unroll
            for (int i = i0; i < i0 + CH; ++i) {
                if (i >= lo && i <= r)
                    x[i] = fm(va[i], wa, x[i]);
                if (i >= 1 && i > r && i < G - j)
                    x[i] = fm(vb[i], wb, x[i]);
            }
        }
    }
    /* the scale of column c: 1/sqrt(d_c) where factored, else 1 */
    const double sa = sqrt_pos(da), sb = sqrt_pos(db);
    rsc[gi][0][r] = r < stopa ? rcp_pos(sa) : 1.0;
    rsc[gi][1][rb] = rb < stopb ? rcp_pos(sb) : 1.0;
    __syncwarp(m);
    double qa[G], qb[G];
    bcast_load<G>(rsc[gi][0], 0, qa);
    bcast_load<G>(rsc[gi][1], 0, qb);
    /* the stores' addresses made again, so that the loads' stay not live through the steps */
    int64_t ld2;
    asm volatile("mov.b64 %0, %1;" : "=l"(ld2) : "l"(lda));
    Aa = A + pa * strideA;
    Ab = Aa + strideA;
    if (r == 0) {
        info[pa] = stopa < n ? stopa + 1 : 0;
        if (hasb)
            info[pa + 1] = stopb < n ? stopb + 1 : 0;
    }
#pragma unroll
    for (int k = 0; k < G; ++k)
        if (k <= r && r < n)
            Aa[r + k * ld2] = k < r ? x[k] * qa[k] : r < stopa ? sa : x[k];
#pragma unroll
    for (int c = 0; c < G; ++c)
        if (c <= rb && rb < n && hasb)
            Ab[rb + c * ld2] = c < rb ? x[G - c] * qb[c] : rb < stopb ? sb : x[G - c];
}

template <int G> void launch(int n, double *A, int64_t lda, int64_t s, int64_t *info, int64_t batch, cudaStream_t st)
{
    constexpr int WPB = 4, NG = WPB * 32 / G;
    const int64_t pairs = (batch + 1) / 2;
    chol_pair_kernel<G, WPB><<<(unsigned)((pairs + NG - 1) / NG), 32 * WPB, 0, st>>>(n, A, lda, s, info, batch);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 16;
    const int64_t batch = argc > 2 ? atol(argv[2]) : 10240, lda = n, s = lda * n;
    std::vector<double> A(s * batch);
    srand(1);
    for (int64_t b = 0; b < batch; ++b) { /* A = M M^T + n I; every 97th not positive definite */
        std::vector<double> M(n * n);
        for (auto &v : M)
            v = rand() / (double)RAND_MAX - 0.5;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                double v = i == j ? n : 0;
                for (int k = 0; k < n; ++k)
                    v += M[i + k * n] * M[j + k * n];
                A[b * s + i + j * lda] = v;
            }
        if (b % 97 == 5)
            A[b * s + (n / 2) * (lda + 1)] = -1.0;
    }
    double *d0, *d1, *d2;
    int64_t *i1;
    kblasf_int *i2;
    CK(cudaMalloc(&d0, A.size() * 8));
    CK(cudaMalloc(&d1, A.size() * 8));
    CK(cudaMalloc(&d2, A.size() * 8));
    CK(cudaMalloc(&i1, batch * 8));
    CK(cudaMalloc(&i2, batch * sizeof(kblasf_int)));
    CK(cudaMemcpy(d0, A.data(), A.size() * 8, cudaMemcpyHostToDevice));
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    kblasf_handle_t h;
    if (kblasf_create_backend(&h, 0, KBLASF_BACKEND_CUDA) != KBLASF_STATUS_SUCCESS ||
        kblasf_set_stream(h, st) != KBLASF_STATUS_SUCCESS) {
        fprintf(stderr, "no kblasf handle\n");
        return 1;
    }
    auto ours = [&]() {
        if (n <= 8) launch<8>(n, d1, lda, s, i1, batch, st);
        else if (n <= 16) launch<16>(n, d1, lda, s, i1, batch, st);
        else launch<32>(n, d1, lda, s, i1, batch, st);
    };
    auto lib = [&]() { kblasf_dpotrf_batch_strided(h, 'L', n, d2, lda, s, i2, batch); };
    /* check: the same factor (lower triangle) and infos */
    CK(cudaMemcpy(d1, d0, A.size() * 8, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(d2, d0, A.size() * 8, cudaMemcpyDeviceToDevice));
    ours();
    lib();
    CK(cudaStreamSynchronize(st));
    CK(cudaGetLastError());
    std::vector<double> R1(A.size()), R2(A.size());
    std::vector<int64_t> I1(batch);
    std::vector<kblasf_int> I2(batch);
    CK(cudaMemcpy(R1.data(), d1, A.size() * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(R2.data(), d2, A.size() * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(I1.data(), i1, batch * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(I2.data(), i2, batch * sizeof(kblasf_int), cudaMemcpyDeviceToHost));
    double dmax = 0, upper = 0;
    int64_t ibad = 0, fails = 0;
    for (int64_t b = 0; b < batch; ++b) {
        ibad += I1[b] != (int64_t)I2[b];
        fails += I1[b] != 0;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const int64_t e = b * s + i + j * lda;
                if (i >= j)
                    dmax = std::max(dmax, std::fabs(R1[e] - R2[e]) / (1 + std::fabs(R2[e])));
                else
                    upper = std::max(upper, std::fabs(R1[e] - A[e]));
            }
    }
    printf("n=%d batch=%ld: max rel diff to the library %.3g, upper triangle touched %.3g, infos differing %ld (failed %ld)\n",
           n, (long)batch, dmax, upper, (long)ibad, (long)fails);
    /* timing as bench_batch: bench.h's time_calls (the input restored, events around the
     * call), the median of 20 after 5; three rounds */
    auto timeit = [&](auto &f, double *dst) {
        const restore_t r = {dst, d0, A.size() * 8};
        auto call = [](void *p) { (*static_cast<decltype(&f)>(p))(); };
        return 1e3 * time_calls(st, &r, 1, call, &f, 5, 20);
    };
    const double bytes = 2.0 * 8 * n * (n + 1) / 2 * batch;
    for (int round = 0; round < 3; ++round) {
        const double tl = timeit(lib, d2), to = timeit(ours, d1);
        printf("round %d: library %.4f ms, pair %.4f ms (%.2fx); %.0f / %.0f GB/s of the triangle\n", round,
               tl, to, tl / to, bytes / tl / 1e6, bytes / to / 1e6);
    }
    return 0;
}
