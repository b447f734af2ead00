/* probe_update_lt.c — the GEMM of SYTRD's trailing update, C(m x nb) -= A B^T with inner order
 * 128 (P against the column-swapped P~, ld 16384, as panel_end() calls it), timed with
 * cublasDgemm and with every algorithm cuBLASLt's heuristic offers for the shape, so that we
 * know whether a cuBLAS kernel of its own choosing beats the default there. A development tool:
 *   gcc -O2 -I$CUDA/include -Iinclude -Ibench bench/probe_update_lt.c -L$CUDA/lib64 \
 *       -lcublasLt -lcublas -lcudart -o probe_update_lt
 * usage: probe_update_lt [m,n,k ...]   (default SYTRD's: n 2048, k 128, m 14272 8192 4096 2048;
 *   m, n <= 16384, k <= 2048: DPOTRF's updates at 16384 are k = 2048 ones, stop 52) */
#include <cublasLt.h>
#include "bench.h"

enum { LD = 16384, KMAX = 2048, MAXALG = 32 };
typedef struct {
    cublasHandle_t h;
    cublasLtHandle_t lt;
    cublasLtMatmulDesc_t op;
    cublasLtMatrixLayout_t la, lb, lc;
    const cublasLtMatmulAlgo_t *algo; /* NULL: cublasDgemm */
    void *ws;
    size_t wss;
    cudaStream_t s;
    int m, n, k;
    double *A, *B, *C;
} arg_t;

static void run(void *v, int it)
{
    arg_t *a = v;
    const double mone = -1, one = 1;
    (void)it;
    if (!a->algo)
        CHECK_CB(cublasDgemm(a->h, CUBLAS_OP_N, CUBLAS_OP_T, a->m, a->n, a->k, &mone, a->A, LD, a->B, LD,
                             &one, a->C, LD));
    else
        CHECK_CB(cublasLtMatmul(a->lt, a->op, &mone, a->A, a->la, a->B, a->lb, &one, a->C, a->lc, a->C,
                                a->lc, a->algo, a->ws, a->wss, a->s));
}

int main(int argc, char **argv)
{
    static const char *dflt[] = {"14272,2048,128", "8192,2048,128", "4096,2048,128", "2048,2048,128"};
    const char **shapes = argc > 1 ? (const char **)argv + 1 : dflt;
    const int nshapes = argc > 1 ? argc - 1 : 4;
    arg_t a;
    cublasOperation_t tb = CUBLAS_OP_T;
    cublasLtMatmulPreference_t pref;
    cublasLtMatmulHeuristicResult_t res[MAXALG];
    int i, j, nres;

    CHECK_CUDA(cudaStreamCreate(&a.s));
    CHECK_CB(cublasCreate(&a.h));
    CHECK_CB(cublasSetStream(a.h, a.s));
    CHECK_CB(cublasLtCreate(&a.lt));
    a.wss = 64u << 20;
    CHECK_CUDA(cudaMalloc(&a.ws, a.wss));
    CHECK_CUDA(cudaMalloc((void **)&a.C, (size_t)LD * LD * 8));
    CHECK_CUDA(cudaMalloc((void **)&a.A, (size_t)LD * KMAX * 8));
    CHECK_CUDA(cudaMalloc((void **)&a.B, (size_t)LD * KMAX * 8));
    CHECK_CUDA(cudaMemset(a.C, 0, (size_t)LD * LD * 8));
    CHECK_CUDA(cudaMemset(a.A, 0, (size_t)LD * KMAX * 8));
    CHECK_CUDA(cudaMemset(a.B, 0, (size_t)LD * KMAX * 8));
    printf("# copy %.0f GB/s\n", bench_copy_bandwidth(a.s));
    CHECK_CB(cublasLtMatmulDescCreate(&a.op, CUBLAS_COMPUTE_64F, CUDA_R_64F));
    CHECK_CB(cublasLtMatmulDescSetAttribute(a.op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    CHECK_CB(cublasLtMatmulPreferenceCreate(&pref));
    CHECK_CB(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &a.wss,
                                                  sizeof a.wss));
    for (i = 0; i < nshapes; i++) {
        double t, fl;
        if (sscanf(shapes[i], "%d,%d,%d", &a.m, &a.n, &a.k) != 3 || a.m < 1 || a.m > LD || a.n < 1 ||
            a.n > LD || a.k < 1 || a.k > KMAX) {
            fprintf(stderr, "shape %s: want m,n,k with m, n <= %d, k <= %d\n", shapes[i], LD, KMAX);
            return 1;
        }
        fl = 2.0 * a.m * a.n * a.k;
        CHECK_CB(cublasLtMatrixLayoutCreate(&a.la, CUDA_R_64F, a.m, a.k, LD));
        CHECK_CB(cublasLtMatrixLayoutCreate(&a.lb, CUDA_R_64F, a.n, a.k, LD));
        CHECK_CB(cublasLtMatrixLayoutCreate(&a.lc, CUDA_R_64F, a.m, a.n, LD));
        a.algo = NULL;
        t = bench_time(a.s, run, &a, 9, 5);
        printf("m %5d n %d k %d  cublasDgemm     %8.1f us %5.1f TFLOP/s %5.2f TB/s (C read and written)\n", a.m,
               a.n, a.k, t * 1e6, fl / t * 1e-12, 16.0 * a.m * a.n / t * 1e-12);
        CHECK_CB(cublasLtMatmulAlgoGetHeuristic(a.lt, a.op, a.la, a.lb, a.lc, a.lc, pref, MAXALG, res, &nres));
        for (j = 0; j < nres; j++) {
            int tile = -1, stages = -1, splitk = -1, algoid = -1;
            cublasLtMatmulAlgoConfigGetAttribute(&res[j].algo, CUBLASLT_ALGO_CONFIG_ID, &algoid, sizeof algoid, NULL);
            cublasLtMatmulAlgoConfigGetAttribute(&res[j].algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof tile, NULL);
            cublasLtMatmulAlgoConfigGetAttribute(&res[j].algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages, sizeof stages, NULL);
            cublasLtMatmulAlgoConfigGetAttribute(&res[j].algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk, sizeof splitk, NULL);
            a.algo = &res[j].algo;
            t = bench_time(a.s, run, &a, 9, 5);
            printf("m %5d n %d k %d  lt %2d (id %d tile %d stages %d splitk %d ws %zu) %8.1f us %5.1f TFLOP/s %5.2f TB/s\n",
                   a.m, a.n, a.k, j, algoid, tile, stages, splitk, res[j].workspaceSize, t * 1e6, fl / t * 1e-12,
                   16.0 * a.m * a.n / t * 1e-12);
        }
        cublasLtMatrixLayoutDestroy(a.la);
        cublasLtMatrixLayoutDestroy(a.lb);
        cublasLtMatrixLayoutDestroy(a.lc);
    }
    return 0;
}
