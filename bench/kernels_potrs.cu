/* kernels_potrs.cu — the batched POTRS kernels head to head on the GPU: the register kernel
 * (n <= 32) or the block kernel against the warp kernel, on the same factors and right-hand
 * sides, batch 10240, n in {8, 16, 32, 64, 128, 256}, nrhs in {1, 2, 4, 8, 16} (at most
 * MAXR), uplo L and U; ms per batch (average of 10 calls), % of the bandwidth bound (the
 * triangle read once, B read and written, at 3000 GB/s, bench_batch's H100 copy rate), the
 * ratio, and the largest difference between the two results over the largest element.
 * What the CUDA executor's choice between them (src/exec_cuda_gen.c,
 * KBLASF_BATCH_POTRS_WARP_NRHS) rests on; it calls the kernels' C ABI (cuda/kblasf_cuda.h),
 * which the library does not export, so it is built by hand with the kernels' sources:
 *   nvcc -O3 -std=c++17 -arch=sm_90 -Icuda -o kernels_potrs bench/kernels_potrs.cu \
 *        cuda/batch_small.cu cuda/batch_block.cu cuda/batch_potrs_warp.cu
 *   ./kernels_potrs [types: any of d z s c] [only this n] [MAXR]
 * (the vendor comparison is bench_batch's). */
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>
#include <cuComplex.h>
extern "C" {
#define DECL(P, T) \
cudaError_t kblasf_cuda_##P##potrs_batch_small(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t); \
cudaError_t kblasf_cuda_##P##potrs_batch_block(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t); \
cudaError_t kblasf_cuda_##P##potrs_batch_warp(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t);
DECL(d, double)
DECL(z, cuDoubleComplex)
DECL(s, float)
DECL(c, cuFloatComplex)
}
#define CK(x) do { cudaError_t e_ = (x); if (e_) { fprintf(stderr, "fail %s: %s line %d\n", #x, cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
__device__ double hsh(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return (double)(x >> 11) / 9007199254740992.0; }
template <typename R> __global__ void fillA(R *a, int n, int cmul, int64_t total)
{ /* a matrix "factor": diag in [1,2], rest in [-1,1]/n, mirrored (real parts; imag parts small) */
    for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < total; e += (int64_t)gridDim.x * blockDim.x) {
        int64_t el = e / cmul, part = e % cmul; int64_t m = el % ((int64_t)n * n); int i = m % n, j = m / n;
        int lo = i > j ? i : j, hi = i > j ? j : i; uint64_t key = (el / ((int64_t)n * n)) * 1000003ULL + lo * 1009ULL + hi;
        double v = i == j ? (part ? 0.0 : 1 + hsh(key)) : (2 * hsh(key * 7 + part) - 1) / n;
        if (part && i < j) v = -v;
        a[e] = (R)v;
    }
}
template <typename R> __global__ void fillB(R *b, int64_t total) { for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < total; e += (int64_t)gridDim.x * blockDim.x) b[e] = (R)(2 * hsh(e + 12345) - 1); }
template <typename R> __global__ void maxdiff(const R *a, const R *b, int64_t total, double *out)
{ double m = 0, s = 0; for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < total; e += (int64_t)gridDim.x * blockDim.x) { double d = fabs((double)a[e] - (double)b[e]); m = d > m ? d : m; double q = fabs((double)a[e]); s = q > s ? q : s; }
  unsigned long long *o = (unsigned long long *)out; atomicMax(o, __double_as_longlong(m)); atomicMax(o + 1, __double_as_longlong(s)); }

template <typename T, typename R, int CM>
void run(const char *P, cudaError_t (*sm)(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t),
         cudaError_t (*bl)(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t),
         cudaError_t (*wp)(cudaStream_t, char, int64_t, int64_t, T *const *, T *, int64_t, int64_t, T *const *, T *, int64_t, int64_t, int64_t),
         int only_n, int maxr, double bw)
{
    const int64_t batch = 10240;
    int ns[] = {8, 16, 32, 64, 128, 256}, rs[] = {1, 2, 4, 8, 16};
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    for (int n : ns) {
        if (only_n && n != only_n) continue;
        int64_t mat = (int64_t)n * n; T *A, *B0, *B1, *B2; double *dd;
        CK(cudaMalloc(&A, sizeof(T) * mat * batch)); CK(cudaMalloc(&dd, 16));
        fillA<R><<<2048, 256>>>((R *)A, n, CM, mat * batch * CM);
        for (int nr : rs) {
            if (nr > maxr) continue;
            int64_t bel = (int64_t)n * nr * batch;
            CK(cudaMalloc(&B0, sizeof(T) * bel)); CK(cudaMalloc(&B1, sizeof(T) * bel)); CK(cudaMalloc(&B2, sizeof(T) * bel));
            fillB<R><<<2048, 256>>>((R *)B0, bel * CM);
            for (char u : {'L', 'U'}) {
                float t[2];
                for (int k = 0; k < 2; ++k) {
                    auto f = k == 1 ? wp : n <= 32 ? sm : bl;
                    T *X = k ? B2 : B1;
                    CK(cudaMemcpy(X, B0, sizeof(T) * bel, cudaMemcpyDeviceToDevice));
                    CK(f(0, u, n, nr, nullptr, A, n, mat, nullptr, X, n, (int64_t)n * nr, batch));
                    CK(cudaDeviceSynchronize());
                    const int reps = 10;
                    cudaEventRecord(e0);
                    for (int r = 0; r < reps; ++r) CK(f(0, u, n, nr, nullptr, A, n, mat, nullptr, X, n, (int64_t)n * nr, batch));
                    cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
                    cudaEventElapsedTime(&t[k], e0, e1); t[k] /= reps;
                    CK(cudaMemcpy(X, B0, sizeof(T) * bel, cudaMemcpyDeviceToDevice));
                    CK(f(0, u, n, nr, nullptr, A, n, mat, nullptr, X, n, (int64_t)n * nr, batch));
                }
                CK(cudaMemset(dd, 0, 16));
                maxdiff<R><<<1024, 256>>>((R *)B1, (R *)B2, bel * CM, dd);
                double h[2]; CK(cudaMemcpy(h, dd, 16, cudaMemcpyDeviceToHost));
                double bytes = (double)batch * sizeof(T) * ((double)n * (n + 1) / 2 + 2.0 * n * nr);
                double bound = bytes / bw * 1e3; /* ms */
                printf("%spotrs %c n=%3d nrhs=%2d  %s %.4f ms (%3.0f%%)  warp %.4f ms (%3.0f%%)  ratio %.2fx  maxdiff/max %.1e\n",
                       P, u, n, nr, n <= 32 ? "small" : "block", t[0], 100 * bound / t[0], t[1], 100 * bound / t[1], t[0] / t[1], h[0] / h[1]);
                fflush(stdout);
            }
            cudaFree(B0); cudaFree(B1); cudaFree(B2);
        }
        cudaFree(A); cudaFree(dd);
    }
}
int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "dz";
    int only_n = argc > 2 ? atoi(argv[2]) : 0, maxr = argc > 3 ? atoi(argv[3]) : 16;
    double bw = 3.0e12; /* bench_batch's H100 copy rate */
    if (strchr(which, 'd')) run<double, double, 1>("d", kblasf_cuda_dpotrs_batch_small, kblasf_cuda_dpotrs_batch_block, kblasf_cuda_dpotrs_batch_warp, only_n, maxr, bw);
    if (strchr(which, 'z')) run<cuDoubleComplex, double, 2>("z", kblasf_cuda_zpotrs_batch_small, kblasf_cuda_zpotrs_batch_block, kblasf_cuda_zpotrs_batch_warp, only_n, maxr, bw);
    if (strchr(which, 's')) run<float, float, 1>("s", kblasf_cuda_spotrs_batch_small, kblasf_cuda_spotrs_batch_block, kblasf_cuda_spotrs_batch_warp, only_n, maxr, bw);
    if (strchr(which, 'c')) run<cuFloatComplex, float, 2>("c", kblasf_cuda_cpotrs_batch_small, kblasf_cuda_cpotrs_batch_block, kblasf_cuda_cpotrs_batch_warp, only_n, maxr, bw);
    return 0;
}
