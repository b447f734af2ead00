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
    /* GPU: measured on an H100 (doc/trxm.md): with out-of-place base cases TRMM is best
     * at 2048-8192 and TRSM at 1024-2048; 2048 keeps the recursion for both. Host: the
     * paper's 128 (the CPU BLAS base case is efficient at any size). */
    (void)solve;
    return ctx->device >= 0 ? 2048 : 128;
}
