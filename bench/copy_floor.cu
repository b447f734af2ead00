/* copy_floor.cu — what the batched register kernels' memory traffic alone costs: a kernel
 * that only reads and writes back the lower triangles of a batch of n x n matrices (lda = n,
 * strided, batch 10240, double), a group of G lanes a matrix and lane r its row r, as
 * chol_small_kernel and potri_regs_kernel load and store them; timed as bench_batch times
 * (a restore copy, then CUDA events around the kernel, median of 11). Against bench_batch's
 * bound (the triangle read and written at the copy bandwidth of a large device copy) it says
 * how much of the "half the bandwidth bound" goal a kernel with no arithmetic reaches, with
 * one matrix per group and launch and with a resident grid whose groups walk the batch,
 * issuing the next matrix's loads before the current one's stores (a software pipeline),
 * and with the triangle taken in 16-byte chunks in address order through shared memory
 * (checked once against a poisoned buffer); "work" adds W dependent shuffle rounds per
 * element between load and store. Each is timed three ways: after bench_batch's restore copy,
 * after that copy and a 256 MB read (its dirty lines out of the L2 before the clock starts),
 * and with no restore. Standalone:
 *   nvcc -O3 -std=c++17 -arch=sm_90 -o copy_floor bench/copy_floor.cu && ./copy_floor
 * (H100 results: bench/results/H100-2026-11-26-copy-floor.txt; H200: ...-stop47-copy-floor.txt,
 * ...-stop48-copy-floor-chunks-l2.txt). */
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            printf("%s: %s\n", #x, cudaGetErrorString(e_));                                        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

template <int G, int W> __device__ __forceinline__ void work(double (&x)[G], int r, int n)
{
    // W dependent rounds of a fake compute per element (0: pure copy)
#pragma unroll
    for (int w = 0; w < W; ++w)
#pragma unroll
        for (int k = 0; k < G; ++k)
            x[k] = fma(x[k], 1.0, __shfl_sync(0xffffffffu, x[k], (r + 1) % G, G) * 0.0);
}

template <int G, int W>
__global__ void __launch_bounds__(128) one_per_group(int n, double *A, long stride, long batch)
{
    const int t = threadIdx.x, r = t % G;
    const long b = (long)blockIdx.x * (128 / G) + t / G;
    if (b >= batch)
        return;
    double *Am = A + b * stride;
    double x[G];
#pragma unroll
    for (int k = 0; k < G; ++k)
        x[k] = (k <= r && r < n && k < n) ? __ldcg(Am + r + k * n) : 0.0;
    work<G, W>(x, r, n);
#pragma unroll
    for (int k = 0; k < G; ++k)
        if (k <= r && r < n && k < n)
            Am[r + k * n] = x[k];
}

template <int G, int W>
__global__ void __launch_bounds__(128) pipelined(int n, double *A, long stride, long batch)
{
    const int t = threadIdx.x, r = t % G;
    const long step = (long)gridDim.x * (128 / G);
    long b = (long)blockIdx.x * (128 / G) + t / G;
    if (b >= batch)
        return;
    double x[G], y[G];
#pragma unroll
    for (int k = 0; k < G; ++k)
        x[k] = (k <= r && r < n && k < n) ? __ldcg(A + b * stride + r + k * n) : 0.0;
    for (; b < batch; b += step) {
        const long nb = b + step;
        if (nb < batch) {
#pragma unroll
            for (int k = 0; k < G; ++k)
                y[k] = (k <= r && r < n && k < n) ? __ldcg(A + nb * stride + r + k * n) : 0.0;
        }
        work<G, W>(x, r, n);
#pragma unroll
        for (int k = 0; k < G; ++k)
            if (k <= r && r < n && k < n)
                A[b * stride + r + k * n] = x[k];
#pragma unroll
        for (int k = 0; k < G; ++k)
            x[k] = y[k];
    }
}


/* The triangle in 16-byte chunks in address order: the group's lanes take the chunks of its
 * matrix (lda = n = G) that hold an element of the lower triangle, consecutive lanes
 * consecutive chunks, through a G x G tile in shared memory; lane r then takes row r from
 * the tile. The stores go back the same way, the diagonal's chunk by its lower element. */
template <int G, int W>
__global__ void __launch_bounds__(128) linear16(int n, double *A, long stride, long batch, double *O)
{
    constexpr int NG = 128 / G, NC = G / 2; /* groups a block; chunks a lane */
    __shared__ __align__(16) double tile[NG * G * G];
    const int t = threadIdx.x, r = t % G;
    const unsigned m = G == 32 ? 0xffffffffu : ((1u << G) - 1) << (t % 32 / G * G);
    const long b = (long)blockIdx.x * NG + t / G;
    if (b >= batch)
        return;
    double *Am = A + b * stride, *Om = O + b * stride, *S = tile + t / G * (G * G);
    double2 v[NC];
#pragma unroll
    for (int i = 0; i < NC; ++i) {
        const int c = r + G * i, row = 2 * c % G, col = 2 * c / G;
        v[i] = row + 1 >= col ? __ldcg(reinterpret_cast<const double2 *>(Am) + c)
                              : make_double2(0.0, 0.0);
    }
#pragma unroll
    for (int i = 0; i < NC; ++i)
        reinterpret_cast<double2 *>(S)[r + G * i] = v[i];
    __syncwarp(m);
    double x[G];
#pragma unroll
    for (int k = 0; k < G; ++k)
        x[k] = k <= r ? S[r + k * G] : 0.0;
    work<G, W>(x, r, n);
#pragma unroll
    for (int k = 0; k < G; ++k)
        if (k <= r)
            S[r + k * G] = x[k];
    __syncwarp(m);
#pragma unroll
    for (int i = 0; i < NC; ++i) {
        const int c = r + G * i, row = 2 * c % G, col = 2 * c / G;
        if (row >= col)
            reinterpret_cast<double2 *>(Om)[c] = reinterpret_cast<const double2 *>(S)[c];
        else if (row + 1 == col)
            Om[2 * c + 1] = S[2 * c + 1];
    }
}

/* what lies between the restore copy and the timed kernel: 0 nothing, 1 a read of 256 MB
 * (the restore's dirty lines leave the L2 before the clock starts), 2 no restore at all */
static int g_mode = 0;
static double *g_flush;
__global__ void flush_read(const double2 *p, long n, double *sink)
{
    double s = 0;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
        s += __ldcg(p + i).x;
    if (s == 1.2345)
        *sink = s;
}

static double time_it(void (*launch)(void *), void *arg, double *dst, const double *src,
                      size_t bytes)
{
    std::vector<double> t;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int i = 0; i < 13; ++i) {
        if (g_mode != 2)
            CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
        if (g_mode == 1)
            flush_read<<<132 * 8, 256>>>((const double2 *)g_flush, (256l << 20) / 16, g_flush);
        CK(cudaEventRecord(e0, 0));
        launch(arg);
        CK(cudaEventRecord(e1, 0));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (i >= 2)
            t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2] * 1e3; // us
}

struct Args {
    int n;
    double *A;
    long stride, batch;
    int grid;
};

template <int G, int W> void l_one(void *p)
{
    Args *a = (Args *)p;
    one_per_group<G, W><<<(unsigned)((a->batch + 128 / G - 1) / (128 / G)), 128>>>(
        a->n, a->A, a->stride, a->batch);
}
template <int G, int W> void l_pipe(void *p)
{
    Args *a = (Args *)p;
    pipelined<G, W><<<a->grid, 128>>>(a->n, a->A, a->stride, a->batch);
}
template <int G, int W> void l_lin(void *p)
{
    Args *a = (Args *)p;
    linear16<G, W><<<(unsigned)((a->batch + 128 / G - 1) / (128 / G)), 128>>>(
        a->n, a->A, a->stride, a->batch, a->A);
}
void l_none(void *)
{
}

template <int G, int W> void run(int n, long batch, double *A, double *S, double bw)
{
    Args a{n, A, (long)n * n, batch, 0};
    size_t bytes = (size_t)batch * n * n * sizeof(double);
    double tri = (double)batch * (n * (n + 1) / 2) * sizeof(double) * 2; // read + write
    double bound = tri / bw * 1e6;                                       // us
    int sms, occ;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, pipelined<G, W>, 128, 0));
    double t1 = time_it(l_one<G, W>, &a, A, S, bytes);
    printf("n=%2d work=%d bound %.2f us | one matrix a group: %.2f us (%.0f%%)", n, W, bound, t1,
           100 * bound / t1);
    { /* the chunked copy into a poisoned buffer: every lower element, nothing above */
        std::vector<double> h(bytes / 8), o(bytes / 8);
        for (size_t i = 0; i < h.size(); ++i)
            h[i] = (double)((i * 2654435761u) % 1000003) + 0.5;
        CK(cudaMemcpy(A, h.data(), bytes, cudaMemcpyHostToDevice));
        CK(cudaMemset(S, 0xff, bytes));
        linear16<G, W><<<(unsigned)((batch + 128 / G - 1) / (128 / G)), 128>>>(n, A, a.stride,
                                                                            batch, S);
        CK(cudaGetLastError());
        CK(cudaMemcpy(o.data(), S, bytes, cudaMemcpyDeviceToHost));
        long bad = 0;
        for (long m = 0; m < batch; ++m)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    size_t e = (size_t)m * n * n + i + (size_t)j * n;
                    bad += i >= j ? o[e] != h[e] : o[e] == o[e];
                }
        printf("[chunked copy check: %ld wrong] ", bad);
        CK(cudaMemset(S, 0, bytes));
    }
    double t3 = time_it(l_lin<G, W>, &a, A, S, bytes);
    printf(" | 16-byte chunks in order: %.2f us (%.0f%%)", t3, 100 * bound / t3);
    for (int per : {1, 2, 4}) {
        a.grid = sms * occ / per;
        double t2 = time_it(l_pipe<G, W>, &a, A, S, bytes);
        printf(" | pipelined grid %d (%d/SM): %.2f us (%.0f%%)", a.grid, occ / per, t2,
               100 * bound / t2);
    }
    printf("\n");
}

int main()
{
    const long batch = 10240;
    double *A, *S, *big;
    size_t mx = (size_t)batch * 32 * 32 * sizeof(double), bigsz = (size_t)1 << 30;
    CK(cudaMalloc(&A, mx));
    CK(cudaMalloc(&S, mx));
    CK(cudaMalloc(&big, bigsz));
    CK(cudaMemset(S, 0, mx));
    // copy bandwidth, as bench_batch measures it (a large device copy)
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    CK(cudaMemcpyAsync(big + bigsz / 16, big, bigsz / 2, cudaMemcpyDeviceToDevice, 0));
    CK(cudaEventRecord(e0, 0));
    for (int i = 0; i < 5; ++i)
        CK(cudaMemcpyAsync(big + bigsz / 16, big, bigsz / 2, cudaMemcpyDeviceToDevice, 0));
    CK(cudaEventRecord(e1, 0));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    double bw = 5.0 * bigsz / (ms * 1e-3); // read + write
    printf("copy bandwidth %.0f GB/s\n", bw * 1e-9);
    Args a{8, A, 64, batch, 0};
    printf("empty launch slot (restore copy, events, no kernel): %.2f us\n",
           time_it(l_none, &a, A, S, (size_t)batch * 64 * 8));
    CK(cudaMalloc(&g_flush, 256 << 20));
    CK(cudaMemset(g_flush, 0, 256 << 20));
    for (g_mode = 0; g_mode < 3; ++g_mode) {
        printf("-- %s\n", g_mode == 0 ? "restore copy just before the kernel (bench_batch's way)"
                           : g_mode == 1 ? "restore copy, then 256 MB read (L2 flushed of it)"
                                         : "no restore (the kernel again on its output)");
        run<8, 0>(8, batch, A, S, bw);
        run<16, 0>(16, batch, A, S, bw);
        run<16, 4>(16, batch, A, S, bw);
        run<32, 0>(32, batch, A, S, bw);
        run<32, 4>(32, batch, A, S, bw);
    }
    return 0;
}
