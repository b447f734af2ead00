/*
 * leaf_potrf.cu — the POTRF leaf kernel alone (cuda/potrf_diag.cu, compiled into this
 * program, so that two versions of the file can be timed side by side without building the
 * library): back-to-back launches of kblasf_cuda_?potrf_diag (a 64 x 64 block) and of
 * kblasf_cuda_?potrf_panel (the block and m rows below it), between CUDA events, with the
 * scaled residuals of one call (||L L^H - A|| / (n ||A|| eps), ||X L^H - P|| / (n ||P|| eps)
 * with the other ones' L), so that a faster version is also seen to be right.
 *
 * build: nvcc -std=c++17 -O3 -arch=sm_90 -Icuda -DLEAF_SRC='"potrf_diag.cu"' bench/leaf_potrf.cu
 * usage: leaf_potrf [m]      (default 8000)
 */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include LEAF_SRC

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
        fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

static double urand() { return rand() / (double)RAND_MAX - 0.5; }

int main(int argc, char **argv)
{
    const int n = 64, reps = 200;
    const int64_t m = argc > 1 ? atol(argv[1]) : 8000, lda = n + m;
    std::vector<double> A((size_t)lda * n), R;
    double *dA, *dA0;
    int64_t *dinfo, info = 0;
    unsigned *dsync;
    cudaEvent_t e0, e1;
    float ms;

    for (int j = 0; j < n; ++j) /* SPD block on top (random, n on the diagonal), P below */
        for (int64_t i = 0; i < lda; ++i)
            A[i + j * lda] = i == j ? n : i < n ? 0 : urand();
    for (int j = 0; j < n; ++j)
        for (int i = j + 1; i < n; ++i)
            A[i + j * lda] = A[j + i * lda] = urand();
    CK(cudaMalloc(&dA, A.size() * sizeof(double)));
    CK(cudaMalloc(&dA0, A.size() * sizeof(double)));
    CK(cudaMalloc(&dinfo, sizeof(int64_t)));
    CK(cudaMalloc(&dsync, sizeof(unsigned)));
    CK(cudaMemset(dsync, 0, sizeof(unsigned)));
    CK(cudaMemset(dinfo, 0, sizeof(int64_t)));
    CK(cudaMemcpy(dA0, A.data(), A.size() * sizeof(double), cudaMemcpyHostToDevice));
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));

    /* one panel call, checked */
    CK(cudaMemcpy(dA, dA0, A.size() * sizeof(double), cudaMemcpyDeviceToDevice));
    CK(kblasf_cuda_dpotrf_panel(0, 'L', n, m, dA, lda, dsync, dinfo, 0));
    R.resize(A.size());
    CK(cudaMemcpy(R.data(), dA, R.size() * sizeof(double), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&info, dinfo, sizeof info, cudaMemcpyDeviceToHost));
    double rf = 0, rs = 0, an = 0, pn = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) {
            double s = 0;
            for (int k = 0; k <= j; ++k)
                s += R[i + k * lda] * R[j + k * lda];
            rf = fmax(rf, fabs(s - A[i + j * lda]));
            an = fmax(an, fabs(A[i + j * lda]));
        }
    for (int64_t i = n; i < lda; ++i)
        for (int j = 0; j < n; ++j) {
            double s = 0;
            for (int k = 0; k <= j; ++k)
                s += R[i + k * lda] * R[j + k * lda];
            rs = fmax(rs, fabs(s - A[i + j * lda]));
            pn = fmax(pn, fabs(A[i + j * lda]));
        }
    const double eps = 0x1p-53;
    printf("panel n=%d m=%ld: info %ld, factor residual %.3g, solve residual %.3g\n", n, (long)m,
           (long)info, rf / (n * an * eps), rs / (n * pn * eps));

    /* timings: the block alone, then the panel, back to back, each call on a copy of its
     * own (a factored block is not positive definite: factoring it again fails early) */
    double *dC;
    const size_t sz = A.size();
    CK(cudaMalloc(&dC, (reps + 10) * sz * sizeof(double)));
    for (int kind = 0; kind < 2; ++kind) {
        for (int r = 0; r < reps + 10; ++r)
            CK(cudaMemcpy(dC + r * sz, dA0, sz * sizeof(double), cudaMemcpyDeviceToDevice));
        CK(cudaDeviceSynchronize());
        for (int r = 0; r < reps + 10; ++r) {
            if (r == 10)
                CK(cudaEventRecord(e0));
            CK(kind ? kblasf_cuda_dpotrf_panel(0, 'L', n, m, dC + r * sz, lda, dsync, dinfo, 0)
                    : kblasf_cuda_dpotrf_diag(0, 'L', n, dC + r * sz, lda, dinfo, 0));
        }
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&ms, e0, e1));
        CK(cudaMemcpy(&info, dinfo, sizeof info, cudaMemcpyDeviceToHost));
        printf("%s: %.2f us a call (info %ld)\n", kind ? "panel (block and rows below)" : "block alone",
               1e3 * ms / reps, (long)info);
    }
    return 0;
}
