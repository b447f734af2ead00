/*
 * kernel_trace.c — a timeline of every kernel and memcpy/memset a program runs, for when
 * Nsight Systems is not at hand (the GPU machine has none): a CUPTI activity collector
 * loaded by the CUDA driver through CUDA_INJECTION64_PATH, so the program is not rebuilt.
 * At exit it writes one line per activity, in start order:
 *     <start us> <duration us> <stream> <kind> <name>
 * start relative to the first activity; kind K (kernel), C (memcpy), S (memset).
 * And in <file>.res one line per kernel name, its launch resources (who can share an SM):
 *     <registers a thread> <shared bytes a block> <threads a block> <blocks> <name>
 *
 * build: gcc -O2 -shared -fPIC -I$CUDA/include kernel_trace.c -L$CUDA/lib64 -lcupti \
 *            -o libkernel_trace.so
 * use:   CUDA_INJECTION64_PATH=$PWD/libkernel_trace.so KERNEL_TRACE_FILE=t.txt ./program
 * A development tool (not installed): how the POTRF look-ahead's lanes were read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cupti.h>

typedef struct {
    uint64_t start, end;
    uint32_t stream;
    char kind;
    uint32_t regs, smem, threads, blocks; /* kernels only */
    char name[120];
} rec_t;

static rec_t *recs;
static size_t nrec, caprec;

static rec_t *add(uint64_t start, uint64_t end, uint32_t stream, char kind, const char *name)
{
    if (nrec == caprec) {
        caprec = caprec ? 2 * caprec : 1 << 16;
        recs = realloc(recs, caprec * sizeof *recs);
        if (!recs)
            abort();
    }
    recs[nrec].start = start;
    recs[nrec].end = end;
    recs[nrec].stream = stream;
    recs[nrec].kind = kind;
    recs[nrec].regs = recs[nrec].smem = recs[nrec].threads = recs[nrec].blocks = 0;
    snprintf(recs[nrec].name, sizeof recs[nrec].name, "%s", name ? name : "?");
    return &recs[nrec++];
}

static void CUPTIAPI buffer_requested(uint8_t **buf, size_t *size, size_t *max_records)
{
    *size = 8 << 20;
    *buf = aligned_alloc(8, *size);
    *max_records = 0;
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buf,
                                      size_t size, size_t valid)
{
    CUpti_Activity *r = NULL;
    (void)ctx, (void)stream_id, (void)size;
    while (cuptiActivityGetNextRecord(buf, valid, &r) == CUPTI_SUCCESS) {
        if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
            CUpti_ActivityKernel10 *k = (CUpti_ActivityKernel10 *)r;
            rec_t *x = add(k->start, k->end, k->streamId, 'K', k->name);
            x->regs = k->registersPerThread;
            x->smem = k->staticSharedMemory + k->dynamicSharedMemory;
            x->threads = k->blockX * k->blockY * k->blockZ;
            x->blocks = k->gridX * k->gridY * k->gridZ;
        } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
            CUpti_ActivityMemcpy6 *m = (CUpti_ActivityMemcpy6 *)r;
            char what[32];
            snprintf(what, sizeof what, "memcpy %llu B", (unsigned long long)m->bytes);
            add(m->start, m->end, m->streamId, 'C', what);
        } else if (r->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
            CUpti_ActivityMemset4 *m = (CUpti_ActivityMemset4 *)r;
            char what[32];
            snprintf(what, sizeof what, "memset %llu B", (unsigned long long)m->bytes);
            add(m->start, m->end, m->streamId, 'S', what);
        }
    }
    free(buf);
}

static int by_start(const void *a, const void *b)
{
    const rec_t *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* one line per kernel name (its first launch), in <path>.res */
static void write_resources(const char *path)
{
    char res[4096];
    FILE *f;
    size_t i, j;

    snprintf(res, sizeof res, "%s.res", path ? path : "kernel_trace");
    if (!(f = fopen(res, "w")))
        return;
    for (i = 0; i < nrec; i++) {
        if (recs[i].kind != 'K')
            continue;
        for (j = 0; j < i; j++)
            if (recs[j].kind == 'K' && !strcmp(recs[j].name, recs[i].name))
                break;
        if (j == i)
            fprintf(f, "%u %u %u %u %s\n", recs[i].regs, recs[i].smem, recs[i].threads,
                    recs[i].blocks, recs[i].name);
    }
    fclose(f);
}

static void write_trace(void)
{
    const char *path = getenv("KERNEL_TRACE_FILE");
    FILE *f = path ? fopen(path, "w") : stderr;
    size_t i;

    cuptiActivityFlushAll(1);
    if (!f)
        f = stderr;
    qsort(recs, nrec, sizeof *recs, by_start);
    for (i = 0; i < nrec; i++)
        fprintf(f, "%.3f %.3f %u %c %s\n", (recs[i].start - recs[0].start) * 1e-3,
                (recs[i].end - recs[i].start) * 1e-3, recs[i].stream, recs[i].kind,
                recs[i].name);
    if (f != stderr)
        fclose(f);
    write_resources(path);
}

int InitializeInjection(void)
{
    if (cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed) != CUPTI_SUCCESS ||
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) != CUPTI_SUCCESS ||
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) != CUPTI_SUCCESS ||
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET) != CUPTI_SUCCESS) {
        fprintf(stderr, "kernel_trace: CUPTI activity setup failed\n");
        return 0;
    }
    atexit(write_trace);
    return 1;
}
