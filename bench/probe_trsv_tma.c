/* probe_trsv_tma.c — trsv_chain's tiles by the TMA or by the computing warps' loads, A/B in
 * one process (kblasf_set_trsv_tma: NEVER the loads, DEFAULT the library's choice, ALWAYS
 * the TMA wherever it can), against cuSOLVER on the same data. A development tool:
 *   gcc -O2 -I$CUDA/include -Iinclude -Ibench bench/probe_trsv_tma.c -L.libs -lkblasf \
 *       -lcusolver -lcublas -lcudart -lm
 * 1. Bit-equality of x between the TMA (ALWAYS) and the loads (NEVER) for DTRSM n x 1 and
 *    DPOTRS with one right-hand side, both uplo, N and T, unit and not, k in {1, 63, ...,
 *    8191}, lda = k, k + 1, k + 2 (the same products in the same order: x must not differ in
 *    a bit). AB_K0 / AB_KN: the first and the end index into the k list; AB_NOEQ: skip.
 * 2. Timings, rounds alternating the library's choice (DEFAULT) and the loads (NEVER):
 *    DPOTRS (L, U), cuSOLVER DPOTRS, DTRSM LLNN / LLTN, SPOTRS, CPOTRS, STRSM LLNN with one
 *    right-hand side. AB_NS: the orders (default 4096,8192,16384); AB_NW: how many of the
 *    eight columns (5: double only); AB_ROUNDS (3); AB_NOTIME: skip; AB_TMA: the TMA forced
 *    (ALWAYS) in place of the library's choice. */
#include <cusolverDn.h>
#include <math.h>
#include <string.h>
#include "bench.h"

typedef struct { kblasf_handle_t h; cusolverDnHandle_t cs; int n, which; void *F, *Fs, *Fc, *B; int *dinfo; } arg_t;

static void run(void *v)
{
    arg_t *a = v;
    kblasf_int info;
    const double one = 1;
    const float onef = 1;
    switch (a->which) {
    case 0: CHECK_KB(kblasf_dpotrs(a->h, 'L', a->n, 1, a->F, a->n, a->B, a->n, &info)); break;
    case 1: CHECK_CS(cusolverDnDpotrs(a->cs, CUBLAS_FILL_MODE_LOWER, a->n, 1, a->F, a->n, a->B, a->n, a->dinfo)); break;
    case 2: CHECK_KB(kblasf_dtrsm(a->h, 'L', 'L', 'N', 'N', a->n, 1, &one, a->F, a->n, a->B, a->n)); break;
    case 3: CHECK_KB(kblasf_dtrsm(a->h, 'L', 'L', 'T', 'N', a->n, 1, &one, a->F, a->n, a->B, a->n)); break;
    case 4: CHECK_KB(kblasf_dpotrs(a->h, 'U', a->n, 1, a->F, a->n, a->B, a->n, &info)); break;
    case 5: CHECK_KB(kblasf_spotrs(a->h, 'L', a->n, 1, a->Fs, a->n, a->B, a->n, &info)); break;
    case 6: CHECK_KB(kblasf_cpotrs(a->h, 'L', a->n, 1, a->Fc, a->n, a->B, a->n, &info)); break;
    case 7: CHECK_KB(kblasf_strsm(a->h, 'L', 'L', 'N', 'N', a->n, 1, &onef, a->Fs, a->n, a->B, a->n)); break;
    }
}

int main(int argc, char **argv)
{
    static const char *name[] = {"DPOTRS L", "cuSOLVER DPOTRS", "DTRSM LLNN", "DTRSM LLTN", "DPOTRS U",
                                 "SPOTRS L", "CPOTRS L", "STRSM LLNN"};
    cudaStream_t s;
    arg_t a;
    int rounds = getenv("AB_ROUNDS") ? atoi(getenv("AB_ROUNDS")) : 3;
    bench_open(&s, &a.h);
    CHECK_CS(cusolverDnCreate(&a.cs));
    CHECK_CS(cusolverDnSetStream(a.cs, s));
    CHECK_CUDA(cudaMalloc((void **)&a.dinfo, sizeof(int)));
    /* 1. bit-equality of the two paths (double, lower/upper factor, N/T, unit or not) */
    if (!getenv("AB_NOEQ")) {
        int ks[] = {1, 63, 64, 65, 100, 129, 200, 1000, 4095, 4096, 4097, 8191};
        int nk = getenv("AB_KN") ? atoi(getenv("AB_KN")) : (int)(sizeof ks / sizeof *ks);
        int bad = 0, cases = 0;
        for (int ki = getenv("AB_K0") ? atoi(getenv("AB_K0")) : 0; ki < nk; ki++)
            for (int ld = 0; ld < 3; ld++) {
                int k = ks[ki], lda = k + ld;
                size_t nn = (size_t)lda * k;
                double *hA = malloc(nn * 8), *hb = malloc(k * 8), *x0 = malloc(k * 8), *x1 = malloc(k * 8);
                srand(k + ld);
                for (size_t e = 0; e < nn; e++) {
                    size_t r = e % lda, c = e / lda;
                    hA[e] = r == c ? 1 + rand() / (double)RAND_MAX : (2.0 * rand() / RAND_MAX - 1) / k;
                }
                for (int i = 0; i < k; i++) hb[i] = 2.0 * rand() / RAND_MAX - 1;
                double *dA, *dB;
                CHECK_CUDA(cudaMalloc((void **)&dA, nn * 8));
                CHECK_CUDA(cudaMalloc((void **)&dB, k * 8));
                CHECK_CUDA(cudaMemcpy(dA, hA, nn * 8, cudaMemcpyHostToDevice));
                for (int c = 0; c < 10; c++) {
                    char up = "LU"[c % 2], tr = "NTNTN"[c / 2], dg = c >= 8 ? 'U' : 'N';
                    const double alpha = 0.75;
                    kblasf_int info;
                    for (int v = 0; v < 2; v++) {
                        CHECK_KB(kblasf_set_trsv_tma(a.h, v ? KBLASF_TRSV_TMA_ALWAYS : KBLASF_TRSV_TMA_NEVER));
                        CHECK_CUDA(cudaMemcpy(dB, hb, k * 8, cudaMemcpyHostToDevice));
                        if (c < 4 || c >= 8)
                            CHECK_KB(kblasf_dtrsm(a.h, 'L', up, tr, dg, k, 1, &alpha, dA, lda, dB, k));
                        else
                            CHECK_KB(kblasf_dpotrs(a.h, up, k, 1, dA, lda, dB, k, &info));
                        if (getenv("AB_TRACE")) printf("k %d lda %d case %d v %d\n", k, lda, c, v), fflush(stdout);
                        CHECK_CUDA(cudaStreamSynchronize(s));
                        CHECK_CUDA(cudaMemcpy(v ? x1 : x0, dB, k * 8, cudaMemcpyDeviceToHost));
                    }
                    cases++;
                    if (memcmp(x0, x1, k * 8)) {
                        double d = 0;
                        for (int i = 0; i < k; i++) d = fmax(d, fabs(x0[i] - x1[i]));
                        printf("DIFF k %d lda %d case %d (%c%c%c): max |x0 - x1| %.3g\n", k, lda, c, up, tr, dg, d);
                        bad++;
                    }
                }
                cudaFree(dA); cudaFree(dB);
                free(hA); free(hb); free(x0); free(x1);
            }
        printf("bit-equality TMA on/off: %d cases, %d differ\n", cases, bad);
    }
    /* 2. timings */
    if (getenv("AB_NOTIME")) return 0;
    int ns[8] = {4096, 8192, 16384}, nns = 3;
    if (getenv("AB_NS")) { nns = 0; for (char *t = strtok(getenv("AB_NS"), ","); t && nns < 8; t = strtok(NULL, ",")) ns[nns++] = atoi(t); }
    for (int ni = 0; ni < nns; ni++) {
        int n = ns[ni];
        size_t nn = (size_t)n * n;
        double *hF = malloc(nn * 8);
        srand(7);
        for (size_t e = 0; e < nn; e++) {
            size_t r = e % n, c = e / n;
            hF[e] = r == c ? 1 + rand() / (double)RAND_MAX : (2.0 * rand() / RAND_MAX - 1) / n;
        }
        a.n = n;
        CHECK_CUDA(cudaMalloc(&a.F, nn * 8));
        CHECK_CUDA(cudaMalloc(&a.B, n * 16));
        void *B0;
        CHECK_CUDA(cudaMalloc(&B0, n * 16));
        CHECK_CUDA(cudaMemcpy(a.F, hF, nn * 8, cudaMemcpyHostToDevice));
        {
            float *hs = malloc(nn * 4), *hc = malloc(nn * 8);
            for (size_t e = 0; e < nn; e++) { hs[e] = (float)hF[e]; hc[2 * e] = (float)hF[e]; hc[2 * e + 1] = 0; }
            CHECK_CUDA(cudaMalloc(&a.Fs, nn * 4));
            CHECK_CUDA(cudaMalloc(&a.Fc, nn * 8));
            CHECK_CUDA(cudaMemcpy(a.Fs, hs, nn * 4, cudaMemcpyHostToDevice));
            CHECK_CUDA(cudaMemcpy(a.Fc, hc, nn * 8, cudaMemcpyHostToDevice));
            free(hs); free(hc);
        }
        { double *hb = malloc(n * 16); for (int i = 0; i < 2 * n; i++) hb[i] = 0.001 * (i % 17); CHECK_CUDA(cudaMemcpy(B0, hb, n * 16, cudaMemcpyHostToDevice)); free(hb); }
        restore_t r = {a.B, B0, n * 16};
        int nw = getenv("AB_NW") ? atoi(getenv("AB_NW")) : n == 8192 ? 8 : 5;
        for (int rd = 0; rd < rounds; rd++)
            for (int v = 1; v >= 0; v--) {
                CHECK_KB(kblasf_set_trsv_tma(a.h, !v ? KBLASF_TRSV_TMA_NEVER
                                                  : getenv("AB_TMA") ? KBLASF_TRSV_TMA_ALWAYS
                                                                     : KBLASF_TRSV_TMA_DEFAULT));
                printf("n %5d round %d %s ", n, rd, !v ? "regs  " : getenv("AB_TMA") ? "tma   " : "policy");
                for (int w = 0; w < nw; w++) {
                    if (w == 1 && v == 0) { printf(" %s -", name[w]); continue; }
                    a.which = w;
                    double t = time_calls(s, &r, 1, run, &a, 3, 21);
                    printf(" %s %.4f", name[w], 1e3 * t);
                }
                printf("\n");
                fflush(stdout);
            }
        free(hF);
        cudaFree(a.F); cudaFree(a.Fs); cudaFree(a.Fc); cudaFree(a.B); cudaFree(B0);
    }
    return 0;
}
