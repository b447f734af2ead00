/*
 * trace_reduce — kblasf_dsytrd or kblasf_zhetrd (lower), or kblasf_dgebrd (square), of a
 * random matrix of order n, device form, twice (a warm-up call, then the one to read)
 * 20 ms apart, for reading under kernel_trace.c: the gap separates the calls in the
 * trace. The event time of each call is printed. bench/trace/sytrd_steps.py turns a
 * DSYTRD trace into the per-column time split.
 *
 * usage: trace_reduce [sytrd|hetrd|gebrd [n]]      (default sytrd 8192)
 */
#include <string.h>
#include <unistd.h>
#include "bench.h"

typedef struct {
    kblasf_handle_t h;
    int n, brd, he;
    double *dA, *d, *e, *tq, *tp;
    kblasf_int info;
} call_t;

static void reduce(void *arg)
{
    call_t *c = arg;

    if (c->brd)
        CHECK_KB(kblasf_dgebrd(c->h, c->n, c->n, c->dA, c->n, c->d, c->e, c->tq, c->tp, &c->info));
    else if (c->he)
        CHECK_KB(kblasf_zhetrd(c->h, 'L', c->n, (kblasf_complex_double *)c->dA, c->n, c->d, c->e,
                               (kblasf_complex_double *)c->tq, &c->info));
    else
        CHECK_KB(kblasf_dsytrd(c->h, 'L', c->n, c->dA, c->n, c->d, c->e, c->tq, &c->info));
}

int main(int argc, char **argv)
{
    const char *op = argc > 1 ? argv[1] : "sytrd";
    call_t c;
    size_t bytes, i, j;
    double *hA, *dA0;
    cudaStream_t s;
    restore_t r;
    int n, rep;

    c.n = n = argc > 2 ? atoi(argv[2]) : 8192;
    c.brd = strcmp(op, "gebrd") == 0;
    c.he = strcmp(op, "hetrd") == 0; /* complex: two doubles an element */
    bytes = (size_t)n * n * sizeof(double) * (c.he ? 2 : 1);
    hA = malloc(bytes);
    c.d = malloc(n * sizeof(double));
    c.e = malloc(n * sizeof(double));
    c.tq = malloc(2 * n * sizeof(double)); /* room for a complex tau */
    c.tp = malloc(n * sizeof(double));
    if (!hA || !c.d || !c.e || !c.tq || !c.tp || n < 1 || (!c.brd && !c.he && strcmp(op, "sytrd")))
        return 1;
    srand(1);
    for (j = 0; j < (size_t)n; j++) /* symmetric, or Hermitian (re, im) with a real diagonal */
        for (i = j; i < (size_t)n; i++) {
            const size_t ij = (i + j * n) * (c.he ? 2 : 1), ji = (j + i * n) * (c.he ? 2 : 1);
            hA[ij] = hA[ji] = rand() / (double)RAND_MAX - 0.5;
            if (c.he) {
                const double im = i == j ? 0.0 : rand() / (double)RAND_MAX - 0.5;
                hA[ij + 1] = im;
                hA[ji + 1] = -im;
            }
        }
    bench_open(&s, &c.h);
    CHECK_CUDA(cudaMalloc((void **)&c.dA, bytes));
    CHECK_CUDA(cudaMalloc((void **)&dA0, bytes));
    CHECK_CUDA(cudaMemcpy(dA0, hA, bytes, cudaMemcpyHostToDevice));
    r.dst = c.dA;
    r.src = dA0;
    r.bytes = bytes;
    for (rep = 0; rep < 2; rep++) {
        const double ms = 1e3 * time_calls(s, &r, 1, reduce, &c, 0, 1);
        printf("kblasf_%c%s n=%d rep %d: %.3f ms (info %d)\n", c.he ? 'z' : 'd', op, n, rep, ms,
               (int)c.info);
        usleep(20000); /* a gap that keeps the calls apart in the trace */
    }
    return 0;
}
