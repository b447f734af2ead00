/* probe_syr2k.c — SYTRD's trailing update C(lower) -= V W^T + W V^T (k = 64, V and W
 * interleaved in one panel as sytrd_gen.c keeps them) timed in several cuBLAS forms on the
 * same data: SYR2K, SYRKX of inner order 128, diagonal blocks of b with GEMMs of inner order
 * 128 beside them, recursive halves, the whole square by GEMM. How panel_end's form and block
 * order were chosen (bench/results/H100-2026-11-27-syr2k-forms.txt). A development tool:
 *   gcc -O2 -I$CUDA/include -Iinclude -Ibench bench/probe_syr2k.c -L.libs -lkblasf -lcublas -lcudart */
#include "bench.h"
typedef struct { cublasHandle_t h; int m, ldc, form, b; double *C, *P, *Pa, *Pb; } arg_t;
/* rows/cols j0 .. j0+m-1: halves until order <= b, syr2k at the leaves, gemm k = 128 below */
static void rec(arg_t *a, int j0, int m)
{
    const double mone = -1, one = 1; int h;
    if (m <= a->b) {
        CHECK_CB(cublasDsyr2k(a->h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, m, 64, &mone, a->P + j0, 2 * a->m,
                              a->P + a->m + j0, 2 * a->m, &one, a->C + j0 + (size_t)j0 * a->ldc, a->ldc));
        return;
    }
    h = (m / 2 + 255) / 256 * 256;
    rec(a, j0, h);
    CHECK_CB(cublasDgemm(a->h, CUBLAS_OP_N, CUBLAS_OP_T, m - h, h, 128, &mone, a->Pa + j0 + h, a->m,
                         a->Pb + j0, a->m, &one, a->C + j0 + h + (size_t)j0 * a->ldc, a->ldc));
    rec(a, j0 + h, m - h);
}
static void run(void *v, int it)
{
    arg_t *a = v; const double mone = -1, one = 1; int m = a->m, j;
    (void)it;
    switch (a->form) {
    case 0: /* current: syr2k from the interleaved panel, ld 2m */
        CHECK_CB(cublasDsyr2k(a->h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, m, 64, &mone, a->P, 2 * m,
                              a->P + m, 2 * m, &one, a->C, a->ldc)); break;
    case 1: /* syrkx, k = 128: [V W] [W V]^T */
        CHECK_CB(cublasDsyrkx(a->h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, m, 128, &mone, a->Pa, m,
                              a->Pb, m, &one, a->C, a->ldc)); break;
    case 2: /* column blocks of b: syrkx on the diagonal block, gemm k = 128 below it */
        for (j = 0; j < m; j += a->b) {
            int nb = m - j < a->b ? m - j : a->b;
            CHECK_CB(cublasDsyrkx(a->h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, nb, 128, &mone, a->Pa + j, m,
                                  a->Pb + j, m, &one, a->C + j + (size_t)j * a->ldc, a->ldc));
            if (m - j - nb > 0)
                CHECK_CB(cublasDgemm(a->h, CUBLAS_OP_N, CUBLAS_OP_T, m - j - nb, nb, 128, &mone, a->Pa + j + nb, m,
                                     a->Pb + j, m, &one, a->C + j + nb + (size_t)j * a->ldc, a->ldc));
        }
        break;
    case 3: /* whole square, gemm k = 128 (reference: twice the work) */
        CHECK_CB(cublasDgemm(a->h, CUBLAS_OP_N, CUBLAS_OP_T, m, m, 128, &mone, a->Pa, m, a->Pb, m, &one,
                             a->C, a->ldc)); break;
    case 5: rec(a, 0, m); break;
    case 4: /* column blocks of b: syr2k on the diagonal block, gemm k = 128 below it */
        for (j = 0; j < m; j += a->b) {
            int nb = m - j < a->b ? m - j : a->b;
            CHECK_CB(cublasDsyr2k(a->h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, nb, 64, &mone, a->P + j, 2 * m,
                                  a->P + m + j, 2 * m, &one, a->C + j + (size_t)j * a->ldc, a->ldc));
            if (m - j - nb > 0)
                CHECK_CB(cublasDgemm(a->h, CUBLAS_OP_N, CUBLAS_OP_T, m - j - nb, nb, 128, &mone, a->Pa + j + nb, m,
                                     a->Pb + j, m, &one, a->C + j + nb + (size_t)j * a->ldc, a->ldc));
        }
        break;
    }
}
int main(void)
{
    static const int ms[] = {4096, 8192, 12288, 16320};
    static const char *names[] = {"syr2k k64 (current)", "syrkx k128", "blocks: syrkx diag + gemm k128",
                                  "gemm whole square k128", "blocks: syr2k diag + gemm k128", "halves: syr2k leaves + gemm k128"};
    cudaStream_t s; arg_t a; int i, f, b; size_t ldc = 16384;
    CHECK_CUDA(cudaStreamCreate(&s));
    CHECK_CB(cublasCreate(&a.h)); CHECK_CB(cublasSetStream(a.h, s));
    CHECK_CUDA(cudaMalloc((void **)&a.C, ldc * ldc * 8));
    CHECK_CUDA(cudaMalloc((void **)&a.P, ldc * 128 * 8));
    CHECK_CUDA(cudaMalloc((void **)&a.Pa, ldc * 128 * 8));
    CHECK_CUDA(cudaMalloc((void **)&a.Pb, ldc * 128 * 8));
    CHECK_CUDA(cudaMemset(a.C, 0, ldc * ldc * 8)); CHECK_CUDA(cudaMemset(a.P, 0, ldc * 128 * 8));
    CHECK_CUDA(cudaMemset(a.Pa, 0, ldc * 128 * 8)); CHECK_CUDA(cudaMemset(a.Pb, 0, ldc * 128 * 8));
    a.ldc = (int)ldc;
    printf("# copy %.0f GB/s\n", bench_copy_bandwidth(s));
    for (i = 0; i < 4; i++) for (f = 0; f < 6; f++) for (b = 1024; b <= 4096; b += 1024) {
        double t, m;
        if ((f < 2 || f == 3) && b > 1024) break;
        a.m = ms[i]; a.form = f; a.b = b; m = a.m;
        t = bench_time(s, run, &a, 7, 3);
        printf("m %5d %-32s b %4d: %8.1f us  %6.2f TB/s (8 m^2 B)  %5.1f TFLOP/s (128 m^2)\n", a.m, names[f],
               (f == 2 || f >= 4) ? b : 0, t * 1e6, 8 * m * m / t * 1e-12, 128 * m * m / t * 1e-12);
    }
    return 0;
}
