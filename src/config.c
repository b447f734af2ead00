/* config.c — configuration from the environment, read once per process. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

static kblasf_config config;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

static void read_config(void)
{
    const char *s;

    config.backend = KBLASF_BACKEND_AUTO;
    s = getenv("KBLASF_BACKEND");
    if (s && *s) {
        if (!strcasecmp(s, "cuda") || !strcasecmp(s, "gpu"))
            config.backend = KBLASF_BACKEND_CUDA;
        else if (!strcasecmp(s, "host") || !strcasecmp(s, "cpu"))
            config.backend = KBLASF_BACKEND_HOST;
        else if (strcasecmp(s, "auto"))
            fprintf(stderr, "kblasf: KBLASF_BACKEND=%s not understood (auto|cuda|host); "
                            "using auto\n", s);
    }
    s = getenv("KBLASF_DEVICE");
    config.device = (s && *s) ? atoi(s) : 0;
    s = getenv("KBLASF_TRXM_NB");
    config.trxm_nb = (s && *s) ? atol(s) : 0;
    if (config.trxm_nb < 0)
        config.trxm_nb = 0;
    s = getenv("KBLASF_TRSM_LEAVES");
    config.trsm_leaves = KBLASF_TRSM_LEAVES_DEFAULT;
    if (s && *s) {
        if (!strcasecmp(s, "invert"))
            config.trsm_leaves = KBLASF_TRSM_LEAVES_INVERT;
        else if (!strcasecmp(s, "solve"))
            config.trsm_leaves = KBLASF_TRSM_LEAVES_SOLVE;
        else
            fprintf(stderr, "kblasf: KBLASF_TRSM_LEAVES=%s not understood (invert|solve)\n", s);
    }
    s = getenv("KBLASF_VERBOSE");
    config.verbose = (s && *s && strcmp(s, "0") != 0);
}

const kblasf_config *kblasf_get_config(void)
{
    pthread_once(&config_once, read_config);
    return &config;
}

kblasf_int kblasf_trxm_stop_size(const kblasf_context *ctx, int solve)
{
    long nb = ctx->trxm_nb > 0 ? (long)ctx->trxm_nb : kblasf_get_config()->trxm_nb;

    if (nb > 0)
        return (kblasf_int)nb;
    if (ctx->device < 0) /* host: the paper's 128 (the CPU BLAS base case is efficient) */
        return 128;
    /* GPU, measured on an H100 (doc/trxm.md). TRMM: its out-of-place base case is as fast
     * as a GEMM, so large leaves win. TRSM: its leaves multiply by inverted blocks, whose
     * inversion and doubled flops grow with the block while smaller blocks mean more
     * small, latency-bound steps; 1024 is best or within 5% of it for 1 to 8192
     * right-hand sides. */
    return solve ? 1024 : 2048;
}

int kblasf_trsm_invert(const kblasf_context *ctx)
{
    kblasf_trsm_leaves_t l = ctx->trsm_leaves ? ctx->trsm_leaves : kblasf_get_config()->trsm_leaves;

    return l ? l == KBLASF_TRSM_LEAVES_INVERT : ctx->device >= 0;
}
