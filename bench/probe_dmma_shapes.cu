/*
 * probe_dmma_shapes.cu — the FP64 tensor cores' MMA shapes on one GPU: throughput (warps of
 * NACC independent accumulators, every SM busy) and latency (one dependent chain, one warp)
 * of mma.sync m8n8k4 (sm_80 on) against m16n8k4, m16n8k8 and m16n8k16 (sm_90 on).
 *
 * build: nvcc -std=c++17 -O3 -arch=sm_90 bench/probe_dmma_shapes.cu -o probe_dmma_shapes
 * usage: probe_dmma_shapes
 * First it checks that m16n8k4 is two m8n8k4 stacked (batch_common.cuh's dmma_1684): the
 * upper 8 rows from A's first register and D's first two, the lower from the second ones.
 */
#include <cstdio>
#include <cuda_runtime.h>

template <int S> struct Shape;
template <> struct Shape<0> { static constexpr int FMA = 8 * 8 * 4, NA = 1, NB = 1, ND = 2; };
template <> struct Shape<1> { static constexpr int FMA = 16 * 8 * 4, NA = 2, NB = 1, ND = 4; };
template <> struct Shape<2> { static constexpr int FMA = 16 * 8 * 8, NA = 4, NB = 2, ND = 4; };
template <> struct Shape<3> { static constexpr int FMA = 16 * 8 * 16, NA = 8, NB = 4, ND = 4; };
static const char *names[] = {"m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"};

template <int S> __device__ __forceinline__ void mma(double *d, const double *a, const double *b)
{
    if constexpr (S == 0)
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
    else if constexpr (S == 1)
        asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
    else if constexpr (S == 2)
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
    else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
                     : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
                       "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}

template <int S, int NACC>
__global__ void run(double *out, int iters, double seed)
{
    using Sh = Shape<S>;
    double a[Sh::NA], b[Sh::NB], d[NACC][Sh::ND];
    for (int i = 0; i < Sh::NA; ++i) a[i] = seed * (threadIdx.x + i);
    for (int i = 0; i < Sh::NB; ++i) b[i] = seed * (threadIdx.x - i);
    for (int c = 0; c < NACC; ++c)
        for (int i = 0; i < Sh::ND; ++i) d[c][i] = 0;
    for (int it = 0; it < iters; ++it)
#pragma unroll
        for (int c = 0; c < NACC; ++c)
            mma<S>(d[c], a, b);
    double s = 0;
    for (int c = 0; c < NACC; ++c)
        for (int i = 0; i < Sh::ND; ++i) s += d[c][i];
    if (s == 1.2345) out[threadIdx.x] = s;
}

template <int S, int NACC> void measure(int blocks, int warps, const char *what)
{
    double *o;
    cudaMalloc(&o, 8192);
    const int iters = 4096;
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    run<S, NACC><<<blocks, 32 * warps>>>(o, 16, 1e-3);
    cudaEventRecord(e0);
    run<S, NACC><<<blocks, 32 * warps>>>(o, iters, 1e-3);
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    const double n = (double)blocks * warps * iters * NACC;
    printf("%-9s %-10s blocks %4d warps %2d acc %d: %8.2f TFLOP/s, %6.2f ns an instruction a warp\n",
           names[S], what, blocks, warps, NACC, 2.0 * n * Shape<S>::FMA / (ms * 1e-3) / 1e12,
           ms * 1e6 / ((double)iters * NACC));
    cudaFree(o);
}

template <int S> void shape(int sms)
{
    measure<S, 1>(1, 1, "latency");
    measure<S, 4>(sms, 4, "throughput");
    measure<S, 4>(sms, 8, "throughput");
    measure<S, 8>(sms, 8, "throughput");
}

/* m16n8k4 against two m8n8k4 on the same fragments: the largest difference over the warp */
__global__ void check(const double *in, double *out)
{
    const int l = threadIdx.x;
    const double a = in[l], a2 = in[32 + l], b = in[64 + l];
    double d[4] = {in[96 + l], in[128 + l], in[160 + l], in[192 + l]};
    double e[4] = {d[0], d[1], d[2], d[3]};
    double A[2] = {a, a2};
    mma<1>(d, A, &b);
    mma<0>(e, &a, &b);
    mma<0>(e + 2, &a2, &b);
    double m = 0;
    for (int i = 0; i < 4; ++i)
        m = fmax(m, fabs(d[i] - e[i]) / (1 + fabs(e[i])));
    out[l] = m;
}

int main()
{
    {
        double h[224], *din, *dout, r[32], m = 0;
        for (int i = 0; i < 224; ++i)
            h[i] = (double)((i * 7919) % 1000) / 997.0 - 0.5;
        cudaMalloc(&din, sizeof h);
        cudaMalloc(&dout, sizeof r);
        cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
        check<<<1, 32>>>(din, dout);
        cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 32; ++i)
            m = r[i] > m ? r[i] : m;
        printf("m16n8k4 against two m8n8k4 (stacked): largest relative difference %.3g (%s)\n", m,
               m < 1e-15 ? "the same" : "NOT the same layout");
    }
    int sms;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    shape<0>(sms);
    shape<1>(sms);
    shape<2>(sms);
    shape<3>(sms);
    return 0;
}
