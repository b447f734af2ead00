/* log.c — verbose logging (KBLASF_VERBOSE=1): one line per call, saying where it ran. */
#include <stdio.h>
#include "internal.h"

void kblasf_log(const char *fmt, ...)
{
    va_list ap;

    if (!kblasf_get_config()->verbose)
        return;
    va_start(ap, fmt);
    fputs("kblasf: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void kblasf_log_call(const kblasf_context *ctx, const char *routine, const char *fmt, ...)
{
    char args[1024]; /* the batched recursions say how each step ran */
    va_list ap;

    if (!kblasf_get_config()->verbose)
        return;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    if (ctx->device >= 0)
        fprintf(stderr, "kblasf: %s(%s) on %s executor, device %d (%s)\n", routine, args,
                ctx->exec->name, ctx->device, ctx->why);
    else
        fprintf(stderr, "kblasf: %s(%s) on %s executor (%s)\n", routine, args,
                ctx->exec->name, ctx->why);
}
