/* config.c — configuration from the environment, read once per process. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

const char *const kblasf_routine_names[KBLASF_NROUTINES] = {
    "POTRF", "POTRS", "POTRI", "TRTRI", "LAUUM", "POSV", "SYTRD",
    "GEBRD"};

static kblasf_config config;

/* A byte count with an optional K, M or G suffix (powers of 1024); 0 when unset or bad. */
static size_t parse_bytes(const char *s)
{
    char *end;
    double v;

    if (!s || !*s)
        return 0;
    v = strtod(s, &end);
    if (end == s || v < 0) {
        fprintf(stderr, "kblasf: KBLASF_DEVICE_MEMORY_LIMIT=%s not understood (bytes, K/M/G)\n", s);
        return 0;
    }
    switch (*end) {
    case 'k': case 'K': v *= 1024.0; break;
    case 'm': case 'M': v *= 1024.0 * 1024.0; break;
    case 'g': case 'G': v *= 1024.0 * 1024.0 * 1024.0; break;
    }
    return v < 1 ? 1 : (size_t)v;
}

/* KBLASF_<ROUTINE>_MIN_N, else KBLASF_MIN_N, else -1 (the routine's default). */
static void read_thresholds(void)
{
    const char *all = getenv("KBLASF_MIN_N");
    char name[64];
    int r;

    for (r = 0; r < KBLASF_NROUTINES; r++) {
        const char *s;
        snprintf(name, sizeof name, "KBLASF_%s_MIN_N", kblasf_routine_names[r]);
        s = getenv(name);
        if (!(s && *s))
            s = all;
        config.min_n[r] = (s && *s) ? atol(s) : -1;
    }
}
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

/* A size or count from the environment: unset, empty or below dflt (the "use the default"
 * value) gives dflt. */
static long env_long(const char *name, long dflt)
{
    const char *s = getenv(name);
    const long v = (s && *s) ? atol(s) : dflt;

    return v < dflt ? dflt : v;
}

/* One of a set of words from the environment (either case): its value; unset or empty
 * gives dflt, and so does anything else, with a warning that lists the words. */
struct env_word {
    const char *word;
    int value;
};
static int env_choice(const char *name, const struct env_word *words, int nwords, int dflt)
{
    const char *s = getenv(name);
    int i;

    if (!(s && *s))
        return dflt;
    for (i = 0; i < nwords; i++)
        if (!strcasecmp(s, words[i].word))
            return words[i].value;
    fprintf(stderr, "kblasf: %s=%s not understood (", name, s);
    for (i = 0; i < nwords; i++)
        fprintf(stderr, "%s%s", i ? "|" : "", words[i].word);
    fprintf(stderr, "); the default stands\n");
    return dflt;
}
#define ENV_CHOICE(name, words, dflt) \
    env_choice(name, words, (int)(sizeof(words) / sizeof((words)[0])), dflt)

static void read_config(void)
{
    static const struct env_word backends[] = {
        {"auto", KBLASF_BACKEND_AUTO}, {"cuda", KBLASF_BACKEND_CUDA},
        {"gpu", KBLASF_BACKEND_CUDA},  {"host", KBLASF_BACKEND_HOST},
        {"cpu", KBLASF_BACKEND_HOST}};
    static const struct env_word leaves[] = {{"invert", KBLASF_TRSM_LEAVES_INVERT},
                                             {"solve", KBLASF_TRSM_LEAVES_SOLVE}};
    static const struct env_word tma[] = {{"0", KBLASF_TRSV_TMA_NEVER},
                                          {"1", KBLASF_TRSV_TMA_ALWAYS}};
    static const struct env_word launches[] = {{"dependent", 0}, {"cooperative", 1}};
    static const struct env_word offloads[] = {{"auto", KBLASF_OFFLOAD_AUTO},
                                               {"always", KBLASF_OFFLOAD_ALWAYS},
                                               {"never", KBLASF_OFFLOAD_NEVER}};
    const char *s;

    config.backend = ENV_CHOICE("KBLASF_BACKEND", backends, KBLASF_BACKEND_AUTO);
    s = getenv("KBLASF_DEVICE");
    config.device = (s && *s) ? atoi(s) : 0;
    config.trxm_nb = env_long("KBLASF_TRXM_NB", 0);
    config.potrf_nb = env_long("KBLASF_POTRF_NB", -1);
    config.batch_potrf_leaf = env_long("KBLASF_BATCH_POTRF_LEAF", 0);
    config.batch_potrs_warp_nrhs = env_long("KBLASF_BATCH_POTRS_WARP_NRHS", -1);
    config.trsv_chain = env_long("KBLASF_TRSV_CHAIN", -1);
    config.trsm_leaves =
        ENV_CHOICE("KBLASF_TRSM_LEAVES", leaves, KBLASF_TRSM_LEAVES_DEFAULT);
    config.trsv_tma = ENV_CHOICE("KBLASF_TRSV_TMA", tma, KBLASF_TRSV_TMA_DEFAULT);
    config.step_cooperative = ENV_CHOICE("KBLASF_STEP_LAUNCH", launches, 0);
    config.offload = ENV_CHOICE("KBLASF_OFFLOAD", offloads, KBLASF_OFFLOAD_AUTO);
    read_thresholds();
    config.device_memory_limit = parse_bytes(getenv("KBLASF_DEVICE_MEMORY_LIMIT"));
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

kblasf_trsv_tma_t kblasf_trsv_tma(const kblasf_context *ctx)
{
    return ctx->trsv_tma ? ctx->trsv_tma : kblasf_get_config()->trsv_tma;
}

int kblasf_trsv_chain(void)
{
    return kblasf_get_config()->trsv_chain != 0;
}

kblasf_int kblasf_potrf_leaf(const kblasf_context *ctx, size_t elsize)
{
    (void)ctx;
    (void)elsize;
    /* 64 in every precision (the CUDA kernel takes up to 128, 64 for double complex). H100,
     * DPOTRF with blocks of 1024, leaves of 128 / 64 / 32: 7.81 / 7.83 / 9.46 ms at 8192,
     * 39.7 / 37.2 / 40.1 ms at 16384 (a 64-leaf panel kernel takes a quarter of the shared
     * memory, so more of its thread blocks share an SM); with the block columns' updates as
     * one GEMM (stop 37) 7.03-7.30 / 7.53-7.57 ms at 8192 for 64 / 128. The same on the
     * host, so that CI runs the recursion the GPU runs. */
    return 64;
}

kblasf_int kblasf_batch_potrf_leaf(const kblasf_context *ctx)
{
    long leaf = kblasf_get_config()->batch_potrf_leaf;

    if (leaf > 0)
        return (kblasf_int)leaf;
    /* The host executor's potrf_batch is one LAPACK call per matrix, whatever the order:
     * no recursion (KBLASF_OFFLOAD=always recurses there anyway, so that CI runs it). On
     * the GPU 32, the register kernel's largest order: H100, DPOTRF batch 10240 at n = 64 /
     * 128 / 256 in ms, leaves of 256 (the block kernel alone) 0.531 / 2.945 / 21.69, 128
     * 0.530 / 2.943 / 11.11, 64 0.530 / 2.107 / 9.45, 32 0.369 / 1.791 / 8.85
     * (bench/results/H100-2026-11-25-bench_batch-potrf-recursion.txt). */
    return ctx->device < 0 ? KBLASF_BATCH_KERNEL_MAX : 32;
}

kblasf_int kblasf_batch_potrs_warp_nrhs(kblasf_int n, size_t elsize)
{
    long nrhs = kblasf_get_config()->batch_potrs_warp_nrhs;

    /* The warp kernel holds a column of the factor in a warp's registers: above 2 KB of
     * them (double complex above 128) it runs too few warps an SM and the block kernel wins
     * (H100, ZPOTRS 256: 0.90x-1.08x), whatever the setting. */
    if ((size_t)n * elsize > 2048)
        return 0;
    /* The warp kernel reads the factor once per two right-hand sides, the block kernel
     * once per 8 (4 in double complex). H100, batch 10240, block kernel time over warp
     * kernel time in double, L / U: n = 128 1.69 / 1.58x with one right-hand side, 1.92 /
     * 1.77x with two, 1.43 / 1.37x with four, 1.15 / 1.13x with eight (64: 1.44-1.97x);
     * n = 256 1.39 / 1.34x, 1.51 / 1.29x, 0.98 / 0.87x, 0.91 / 0.84x. The other types
     * alike (bench/results/H100-2026-11-25-kernels_potrs.txt). */
    if (nrhs >= 0)
        return (kblasf_int)nrhs;
    return n <= 128 ? 8 : 2;
}

kblasf_int kblasf_potrf_block(const kblasf_context *ctx, kblasf_int n, char prec)
{
    long nb = kblasf_get_config()->potrf_nb;

    if (nb >= 0)
        return (kblasf_int)nb;
    /* H100, DPOTRF n = 8192 / 16384 (ms; doc/lapack.md): 256: 10.3 / 52.6, 512: 8.2 / 42.7,
     * 1024: 7.8 / 39.5, 2048: 8.2 / 39.1, none: 8.7 / 41.6; ZPOTRF 8192: 1024 and 768 tie
     * (20.5 ms). With the block columns' updates as one GEMM (stop 37,
     * bench/results/H100-2026-11-27-stop37-potrf-fused-updates.txt): 768: 7.2-7.3 / 37.7,
     * 1024: 7.0-7.3 / 35.8-36.6, 1536: 7.6-7.7 / 36.6, 2048: 7.5-7.6 / 36.5-37.0. The host
     * executor takes 256, so that CI's orders (257, 1000) run the look-ahead loop that the
     * GPU runs from 1025 on. Double from 16384 on: 2048, where the trailing updates set the
     * pace and wider blocks feed them larger GEMMs (H200, two rounds, alternating processes:
     * DPOTRF 16384 34.3-34.9 ms against 35.3-35.8 with 1024, 1536 35.1-35.2; at 8192 2048
     * is 6% slower; ZPOTRF 16384 the same with either; stop 38 on the H100: 34.7 against
     * 35.5-35.8; bench/results/H200-2026-11-28-stop46-potrf-block-widths.txt). */
    if (ctx->device < 0)
        return 256;
    return prec == 'D' && n >= 16384 ? 2048 : 1024;
}

kblasf_int kblasf_syrk_block(const kblasf_context *ctx)
{
    /* H200, cuBLAS 12 (stop 55, bench/results/H200-2026-11-29-stop55-syrk-leaves.txt):
     * one cuBLAS SYRK/HERK call up to order 4096 beats our recursion down to 1024 (a SYRK
     * on each diagonal half and a GEMM between): DPOTRF 8192 5.65-5.69 -> 5.52-5.56 ms,
     * ZPOTRF 8192 18.05-18.40 -> 17.17-17.79, DPOTRF 4096 and 16384 within their rounds'
     * spread, DPOTRI / ZPOTRI 8192 faster too; 2048 was between, and one call at any
     * order (no recursion) gave DPOTRF 16384 33.1-33.6 ms against 32.4-33.4. The host
     * executor takes 256, so that CI's orders (1000) reach the recursion. */
    return ctx->device < 0 ? 256 : 4096;
}

kblasf_int kblasf_sytrd_update_block(const kblasf_context *ctx)
{
    /* On the GPU cuBLAS's SYR2K with k = 64 moves about 1.1 TB/s; a SYR2K on each diagonal
     * block and one GEMM of inner order 128 beside each runs 1.3-1.6 TB/s
     * (bench/results/H100-2026-11-27-syr2k-forms.txt). With the GEMMs on a lane of their
     * own, DSYTRD 16384 takes 2213 ms with blocks of 1024 and 2219 with 2048
     * (bench/results/H100-2026-11-27-sytrd-update-two-lanes.txt). The host executor takes
     * 256, so that the tests reach the blocked form. */
    return ctx->device < 0 ? 256 : 1024;
}
