/* copy_floor.cu — what the batched register kernels' memory traffic alone costs: a kernel
 * that only reads and writes back the lower triangles of a batch of n x n matrices (lda = n,
 * strided, batch 10240, double), a group of G lanes a matrix and lane r its row r, as
 * chol_small_kernel and potri_regs_kernel load and store them; timed as bench_batch times
 * (a restore copy, then CUDA events around the kernel, median of 11). Against bench_batch's
 * bound (the triangle read and written at the copy bandwidth of a large device copy) it says
 * how much of the "half the bandwidth bound" goal a kernel with no arithmetic reaches, with
 * one matrix per group and launch and with a resident grid whose groups walk the batch,
 * issuing the next matrix's loads before the current one's stores (a software pipeline);
 * "work" adds W dependent shuffle rounds per element between load and store. Standalone:
 *   nvcc -O3 -std=c++17 -arch=sm_90 -o copy_floor bench/copy_floor.cu && ./copy_floor
 * (H100 results: bench/results/H100-2026-11-26-copy-floor.txt). */
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

static double time_it(void (*launch)(void *), void *arg, double *dst, const double *src,
                      size_t bytes)
{
    std::vector<double> t;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int i = 0; i < 13; ++i) {
        CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
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
    run<8, 0>(8, batch, A, S, bw);
    run<8, 4>(8, batch, A, S, bw);
    run<16, 0>(16, batch, A, S, bw);
    run<16, 4>(16, batch, A, S, bw);
    run<32, 0>(32, batch, A, S, bw);
    run<32, 4>(32, batch, A, S, bw);
    return 0;
}
