/* probe_stream.cu — how fast one thread block streams the row panels of a triangle, as
 * trsv_chain's blocks do (chunk q applies its tiles L_q0 .. L_q,q-2, 64 x 64 doubles, one
 * 32 KB tile a step), with no chain to wait on: the bound of that kernel's tile stream.
 * A development tool, standalone:
 *   nvcc -O3 -arch=sm_90 -o probe_stream bench/probe_stream.cu
 *   probe_stream [n]   (default 8192)
 *   PROBE_TRANS=1 probe_stream [n]: the register loads only, shapes tri and flat, the tiles
 *   of A^T's row panels (A's column panels: the transposed solve's) against A's row panels
 * Ways of loading a tile:
 *   reg A   : each thread loads its 16 elements into registers, A tiles ahead (trsv_chain's
 *             way for double, A = 2; evict-first loads, __ldcs);
 *   tma S   : a producer warp copies whole tiles into S shared-memory slots by bulk copies
 *             (cp.async.bulk, the TMA unit: 64 column pieces of 512 bytes a tile, completion
 *             on an mbarrier a slot); the 8 computing warps read their elements from there.
 * Shapes: tri (block q streams q-1 tiles: the last block sets the time), far (every block
 * one of the 32 or 1 last row panels: the stream with few blocks at once), flat (a block an
 * SM, each half the panels' tiles: the DRAM's rate for this pattern). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x)                                                                              \
    do {                                                                                   \
        cudaError_t e_ = (x);                                                              \
        if (e_ != cudaSuccess) {                                                           \
            fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));   \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

constexpr int NB = 64, G = 4, U = NB / G, NW = G * NB, W = NW / 32;

__device__ __forceinline__ unsigned sa(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

/* the row panel block b streams, as its tile count: panel - 1 tiles (flat: half the panels'
 * count, from every panel, one block an SM, the tiles past the diagonal read all the same) */
__host__ __device__ inline int panel(int shape, int nchunks, int b)
{
    if (shape == 0)
        return b;
    if (shape == 3)
        return nchunks / 2;
    return nchunks - 1 - b % (shape == 1 ? 32 : 1);
}
/* the first row block b reads */
__device__ __forceinline__ int row0(int shape, int nchunks, int q)
{
    return shape == 3 ? (int)(blockIdx.x % nchunks) * NB : q * NB;
}
/* the blocks of a shape */
inline int grid_of(int shape, int nchunks, int sms)
{
    return shape == 0 ? nchunks : shape == 1 ? 32 : shape == 2 ? 1 : sms;
}
static const char *const shape_name[] = {"tri", "far32", "far1", "flat"};

/* trans: the tiles of op(A) = A^T (chunk q's panel is A's column panel q: tile i holds A's rows
 * i NB.., columns q NB..), as trsv_chain's second POTRS solve takes them; else A's row panels */
__device__ int g_trans;

template <int A>
__global__ void __launch_bounds__(NW + 32, 1)
    reg_kernel(const double *L, long lda, int nchunks, int shape, double *out)
{
    __shared__ double xs[NB];
    const int q = panel(shape, nchunks, blockIdx.x), nt = q > 1 ? q - 1 : 0;
    if (threadIdx.x < NB)
        xs[threadIdx.x] = 1.0 + threadIdx.x;
    __syncthreads();
    if (threadIdx.x >= NW)
        return;
    const int e = threadIdx.x % NB, h = threadIdx.x / NB;
    const double *tp = g_trans ? L + e + ((long)row0(shape, nchunks, q) + h) * lda
                               : L + row0(shape, nchunks, q) + e + h * lda;
    const long tstep = g_trans ? NB : NB * lda, ustep = G * lda;
    double buf[A][U], acc0 = 0, acc1 = 0;
#pragma unroll
    for (int s = 0; s < A; ++s)
        if (s < nt)
#pragma unroll
            for (int u = 0; u < U; ++u)
                buf[s][u] = __ldcs(tp + s * tstep + u * ustep);
    for (int i0 = 0; i0 < nt; i0 += A) {
#pragma unroll
        for (int s = 0; s < A; ++s) {
            const int i = i0 + s;
            if (i < nt) {
#pragma unroll
                for (int u = 0; u < U; u += 2) {
                    acc0 = fma(buf[s][u], xs[h + G * u], acc0);
                    acc1 = fma(buf[s][u + 1], xs[h + G * u + G], acc1);
                }
                if (i + A < nt)
#pragma unroll
                    for (int u = 0; u < U; ++u)
                        buf[s][u] = __ldcs(tp + (i + A) * tstep + u * ustep);
            }
        }
    }
    out[blockIdx.x * NW + threadIdx.x] = acc0 + acc1;
}

__device__ __forceinline__ bool mbar_try(unsigned bar, unsigned parity)
{
    unsigned ok;
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n}" : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}

template <int S>
__global__ void __launch_bounds__(NW + 32, 1)
    tma_kernel(const double *L, long lda, int nchunks, int shape, double *out)
{
    extern __shared__ __align__(128) unsigned char smem[];
    double *slot = reinterpret_cast<double *>(smem); /* [S][NB * NB], column-major tiles */
    unsigned long long *bar = reinterpret_cast<unsigned long long *>(slot + S * NB * NB);
    __shared__ double xs[NB];
    __shared__ volatile int used[W];
    const int q = panel(shape, nchunks, blockIdx.x), nt = q > 1 ? q - 1 : 0;
    if (threadIdx.x < NB)
        xs[threadIdx.x] = 1.0 + threadIdx.x;
    if (threadIdx.x < W)
        used[threadIdx.x] = 0;
    if (threadIdx.x < S)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sa(bar + threadIdx.x)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    __syncthreads();
    const int lane = threadIdx.x % 32;
    if (threadIdx.x >= NW) { /* the producer warp */
        for (int i = 0; i < nt; ++i) {
            const int s = i % S;
            if (i >= S) /* slot s free: every computing warp past tile i - S */
                while (__ballot_sync(0xffffffffu, used[lane % W] > i - S) != 0xffffffffu)
                    ;
            if (lane == 0)
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                             ::"r"(sa(bar + s)), "r"(NB * NB * 8) : "memory");
            __syncwarp();
#pragma unroll
            for (int c = lane; c < NB; c += 32) {
                const double *src = L + row0(shape, nchunks, q) + ((long)i * NB + c) * lda;
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
                             " [%0], [%1], %2, [%3];"
                             ::"r"(sa(slot + s * NB * NB + c * NB)), "l"(src), "r"(NB * 8),
                             "r"(sa(bar + s))
                             : "memory");
            }
        }
        return;
    }
    const int e = threadIdx.x % NB, h = threadIdx.x / NB, warp = threadIdx.x / 32;
    double acc0 = 0, acc1 = 0;
    for (int i = 0; i < nt; ++i) {
        const int s = i % S;
        while (!mbar_try(sa(bar + s), (i / S) & 1))
            ;
        const double *t = slot + s * NB * NB;
#pragma unroll
        for (int u = 0; u < U; u += 2) {
            acc0 = fma(t[(h + G * u) * NB + e], xs[h + G * u], acc0);
            acc1 = fma(t[(h + G * u + G) * NB + e], xs[h + G * u + G], acc1);
        }
        __syncwarp();
        if (lane == 0)
            used[warp] = i + 1;
    }
    out[blockIdx.x * NW + threadIdx.x] = acc0 + acc1;
}

__global__ void fill(double *a, long n)
{
    const long step = (long)gridDim.x * blockDim.x;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += step)
        a[i] = 1.0 / (1 + (i % 977));
}

template <typename K>
static void time_it(const char *name, K kernel, int grid, size_t smem, const double *L, long lda,
                    int nchunks, int shape, double *out, double bytes)
{
    if (smem > 48 * 1024)
        CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    float best = 1e30f, sum = 0;
    const int reps = 10;
    for (int r = -2; r < reps; ++r) {
        CK(cudaEventRecord(a));
        kernel<<<grid, NW + 32, smem>>>(L, lda, nchunks, shape, out);
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms;
        CK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 0) {
            best = ms < best ? ms : best;
            sum += ms;
        }
    }
    CK(cudaGetLastError());
    printf("%-10s %-6s grid %3d  best %.4f ms  mean %.4f ms  %6.0f GB/s\n", name,
           shape_name[shape], grid, best, sum / reps, bytes / best / 1e6);
}

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 8192;
    const int nchunks = (int)(n / NB);
    double *L, *out;
    CK(cudaMalloc(&L, n * n * sizeof(double)));
    CK(cudaMalloc(&out, 256 * NW * sizeof(double)));
    fill<<<1024, 256>>>(L, n * n);
    CK(cudaDeviceSynchronize());
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, n = %ld, %d chunks of %d rows; tiles of 32 KB\n", p.name, n, nchunks, NB);
    const double tile = NB * NB * 8.0;
    for (int tr = 1; tr >= 0 && getenv("PROBE_TRANS"); --tr) { /* reg loads, op = T then N */
        CK(cudaMemcpyToSymbol(g_trans, &tr, sizeof tr));
        for (int shape : {0, 3}) {
            const int grid = grid_of(shape, nchunks, p.multiProcessorCount);
            double tiles = 0;
            for (int b = 0; b < grid; ++b) {
                const int q = panel(shape, nchunks, b);
                tiles += q > 1 ? q - 1 : 0;
            }
            time_it(tr ? "reg 2 T" : "reg 2 N", reg_kernel<2>, grid, 0, L, n, nchunks, shape, out,
                    tiles * NB * NB * 8.0);
        }
    }
    if (getenv("PROBE_TRANS"))
        return 0;
    for (int shape = 0; shape < 4; ++shape) {
        const int grid = grid_of(shape, nchunks, p.multiProcessorCount);
        double tiles = 0;
        for (int b = 0; b < grid; ++b) {
            const int q = panel(shape, nchunks, b);
            tiles += q > 1 ? q - 1 : 0;
        }
        const double bytes = tiles * tile;
        static double ref[256 * NW], got[256 * NW];
        time_it("reg 2", reg_kernel<2>, grid, 0, L, n, nchunks, shape, out, bytes);
        CK(cudaMemcpy(ref, out, grid * NW * sizeof(double), cudaMemcpyDeviceToHost));
        time_it("reg 4", reg_kernel<4>, grid, 0, L, n, nchunks, shape, out, bytes);
        for (int s : {2, 3, 4, 6}) {
            const size_t smem = s * tile + 8 * s;
            char nm[16];
            snprintf(nm, sizeof nm, "tma %d", s);
            auto k = s == 2   ? tma_kernel<2>
                     : s == 3 ? tma_kernel<3>
                     : s == 4 ? tma_kernel<4>
                              : tma_kernel<6>;
            time_it(nm, k, grid, smem, L, n, nchunks, shape, out, bytes);
            CK(cudaMemcpy(got, out, grid * NW * sizeof(double), cudaMemcpyDeviceToHost));
            int bad = 0;
            for (int i = 0; i < grid * NW; ++i)
                bad += got[i] != ref[i];
            if (bad)
                printf("  MISMATCH: %d sums differ from reg 2's\n", bad);
        }
    }
    return 0;
}
