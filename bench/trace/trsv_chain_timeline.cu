/* trsv_chain_timeline.cu — a timeline of every thread block of cuda/trsv_chain.cu in one
 * DTRSV (lower; trans N or T): when each block starts, ends its setup, has z, sees x_{q-1}
 * and stores x_q; and, for one block, when its poller hands over each chunk and when its
 * first warp takes each tile; for the first five blocks, the phases between the setup's end
 * and z (block 1's z came 1.4 us after its setup on the H200, 2026-11-28, unexplained).
 * Development tool, not part of the library: build and run with
 * trsv_chain_timeline.sh, which makes the traced copy of the kernel.
 *   usage: trsv_chain_timeline n [N|T]   (KBLASF_TRSV_TMA=0|1: the tiles never / always by
 *   the TMA, as the library's variable sets a new handle; unset, the library's choice) */
#include TRACE_SRC
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cmath>
#include <algorithm>
using namespace kblasf;
int main(int argc, char **argv)
{
    int64_t n = argc > 1 ? atoll(argv[1]) : 8192;
    char tr = argc > 2 ? argv[2][0] : 'N';
    const char *tv = getenv("KBLASF_TRSV_TMA");
    const int tma = tv && *tv ? (strcmp(tv, "0") ? 2 : 1) : 0; /* kblasf_trsv_tma_t */
    const int NB = chain_nb<double>();
    std::vector<double> L((size_t)n * n, 0.0), b(n), x(n);
    srand(1);
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = j; i < n; ++i)
            L[i + j * n] = i == j ? 1.0 + rand() / (double)RAND_MAX : (rand() / (double)RAND_MAX - 0.5) / std::sqrt((double)n);
    for (auto &v : b) v = rand() / (double)RAND_MAX - 0.5;
    double *dA, *dx; void *scr;
    cudaMalloc(&dA, n * n * 8); cudaMalloc(&dx, n * 8);
    size_t ss = kblasf_cuda_trsv_chain_scratch(n, 8, 0); cudaMalloc(&scr, ss);
    cudaMemcpy(dA, L.data(), n * n * 8, cudaMemcpyHostToDevice);
    int nq = (n + NB - 1) / NB;
    unsigned long long *dtr, *dtile;
    cudaMalloc(&dtr, nq * 16 * 8); cudaMalloc(&dtile, nq * 8);
    unsigned long long *dptile = 0; cudaMalloc(&dptile, nq * 8); cudaMemset(dptile, 0, nq * 8);
    cudaMemset(dtr, 0, nq * 128); cudaMemset(dtile, 0, nq * 8);
    int tq[2] = {nq * 3 / 4, nq - 1};
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    // timing without trace
    float best = 1e9, sum = 0; int reps = 20;
    for (int r = 0; r < reps + 2; ++r) {
        cudaMemcpy(dx, b.data(), n * 8, cudaMemcpyHostToDevice);
        cudaEventRecord(e0);
        cudaError_t e = trsv_chain_run<double>(0, 'L', tr, 0, 'N', n, 1.0, dA, n, dx, scr, tma);
        cudaEventRecord(e1); cudaEventSynchronize(e1);
        if (e != cudaSuccess) { printf("err %s\n", cudaGetErrorString(e)); return 1; }
        float ms; cudaEventElapsedTime(&ms, e0, e1);
        if (r >= 2) { best = std::min(best, ms); sum += ms; }
    }
    cudaMemcpy(x.data(), dx, n * 8, cudaMemcpyDeviceToHost);
    double rmax = 0, bmax = 0;
    for (int64_t i = 0; i < n; ++i) {
        double s = 0; if (tr == 'N') for (int64_t j = 0; j <= i; ++j) s += L[i + j * n] * x[j]; else for (int64_t j = i; j < n; ++j) s += L[j + i * n] * x[j];
        rmax = std::max(rmax, std::fabs(s - b[i])); bmax = std::max(bmax, std::fabs(b[i]));
    }
    printf("n=%lld trans=%c  time best %.4f ms mean %.4f ms  resid %.2e (rel %.2e)\n", (long long)n, tr, best, sum / reps, rmax, rmax / bmax);
    // traced run(s)
    for (int t = 0; t < 2; ++t) {
        cudaMemcpyToSymbol(g_trace, &dtr, 8); cudaMemcpyToSymbol(g_tile, &dtile, 8);
#ifdef PTILE
        cudaMemcpyToSymbol(g_ptile, &dptile, 8);
#endif
        cudaMemcpyToSymbol(g_tileq, &tq[t], 4);
        cudaMemcpy(dx, b.data(), n * 8, cudaMemcpyHostToDevice);
        cudaEventRecord(e0);
        trsv_chain_run<double>(0, 'L', tr, 0, 'N', n, 1.0, dA, n, dx, scr, tma);
        cudaEventRecord(e1); cudaEventSynchronize(e1);
        float ms; cudaEventElapsedTime(&ms, e0, e1);
        std::vector<unsigned long long> tr(nq * 16), tl(nq), pt(nq);
        cudaMemcpy(pt.data(), dptile, nq * 8, cudaMemcpyDeviceToHost);
        cudaMemcpy(tr.data(), dtr, nq * 128, cudaMemcpyDeviceToHost);
        cudaMemcpy(tl.data(), dtile, nq * 8, cudaMemcpyDeviceToHost);
        unsigned long long T0 = ~0ull;
        for (int q = 0; q < nq; ++q) T0 = std::min(T0, tr[q * 16]);
        auto us = [&](int q, int s) { return (tr[q * 16 + s] - T0) / 1000.0; };
        if (t == 0) {
            printf("traced %.4f ms; per block (us from first start): start setup zdone seen pub | step lat(seen-pubprev) cmp(pub-seen) wait(seen-zdone)\n", ms);
            int qs[] = {0, 1, 2, 3, 4, 8, 16, 32, 48, 64, 80, 96, 112, 120, 126, nq - 1};
            for (int q : qs) if (q < nq) {
                printf("q=%4d %8.2f %8.2f %8.2f %8.2f %8.2f", q, us(q, 0), us(q, 1), us(q, 2), us(q, 3), us(q, 4));
                if (q > 0) printf(" | %6.2f %6.2f %6.2f %6.2f", us(q, 4) - us(q - 1, 4), us(q, 3) - us(q - 1, 4), us(q, 4) - us(q, 3), us(q, 3) - us(q, 2));
                printf(" | setup: fill+dv %.2f inv %.2f mul %.2f", us(q, 5), us(q, 6) - us(q, 5), us(q, 7) - us(q, 6));
                printf("\n");
            }
            printf("after the setup, the first blocks (us): tiles issued, b read, tiles applied, sums' two barriers, z (q = 0: z and x_0 stored)\n");
            for (int q = 0; q < 5 && q < nq; ++q)
                printf("q=%d %6.2f %6.2f %6.2f %6.2f %6.2f %6.2f\n", q, us(q, 8) - us(q, 1), us(q, 9) - us(q, 8),
                       us(q, 10) - us(q, 9), us(q, 11) - us(q, 10), us(q, 12) - us(q, 11),
                       (q > 0 ? us(q, 2) : us(q, 4)) - us(q, 12));
            for (int part = 0; part < 4; ++part) {
                int a = std::max(1, part * nq / 4), z = (part + 1) * nq / 4;
                double st = 0, la = 0, cm = 0, wa = 0;
                for (int q = a; q < z; ++q) { st += us(q, 4) - us(q - 1, 4); la += us(q, 3) - us(q - 1, 4); cm += us(q, 4) - us(q, 3); wa += us(q, 3) - us(q, 2); }
                int c = z - a;
                printf("quarter %d (q %d..%d): step %.3f lat %.3f cmp %.3f wait %.3f us\n", part, a, z - 1, st / c, la / c, cm / c, wa / c);
            }
        }
        int Q = tq[t];
        printf("tiles of block %d (us from first start), every 8th:", Q);
        for (int i = 0; i < Q - 1; i += 8) printf(" %d:%.2f(pub%.2f,poll%.2f)", i, (tl[i] - T0) / 1000.0, us(i, 4), pt[i] ? (pt[i] - T0) / 1000.0 : -1.0);
        printf("\nmean over tiles 8..Q-2 of block %d: poll-pub %.3f  tile-poll %.3f us", Q, [&]{ double s=0; int c=0; for (int i=8;i<Q-1;++i) if (pt[i]) { s += (pt[i]-T0)/1000.0 - us(i,4); ++c; } return c? s/c : -1; }(),
               [&]{ double s=0; int c=0; for (int i=8;i<Q-1;++i) if (pt[i]) { s += (tl[i]-pt[i])/1000.0; ++c; } return c? s/c : -1; }());
        printf("\n");
    }
    return 0;
}
