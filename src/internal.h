/*
 * internal.h — what every part of the core shares: the context behind a handle, the
 * executor seam, configuration, logging and argument-error reporting.
 */
#ifndef KBLASF_INTERNAL_H
#define KBLASF_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "kblasf.h"
#include "prims.h"

#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

typedef struct kblasf_context kblasf_context;

/*
 * Pipelines of the host-pointer routines: two side queues (1: uploads, 2: downloads) run
 * beside the handle's stream (queue 0), so that transfers overlap the computation. Only
 * the CUDA executor has them; host-pointer routines run sequentially without.
 */
typedef struct kblasf_pipe_ops {
    /* Page-locks host memory for the length of a call: 1 when locked here, 0 when it was
     * page-locked already, -1 when it cannot be (then: no pipeline). */
    int  (*lock)(kblasf_context *ctx, const void *p, size_t bytes);
    void (*unlock)(kblasf_context *ctx, const void *p);
    /* Asynchronous 2D copies on queue q from/to page-locked host memory. */
    kblasf_status_t (*upload)(kblasf_context *ctx, int q, size_t rows, size_t cols,
                              size_t elsize, const void *h, size_t ldh, void *d, size_t ldd);
    kblasf_status_t (*download)(kblasf_context *ctx, int q, size_t rows, size_t cols,
                                size_t elsize, const void *d, size_t ldd, void *h, size_t ldh);
    /* Work queued from now on queue `to` waits for the work queued so far on `from`. */
    kblasf_status_t (*order)(kblasf_context *ctx, int from, int to);
    kblasf_status_t (*sync_queue)(kblasf_context *ctx, int q);
} kblasf_pipe_ops;

/*
 * The executor seam (doc/design.md): every algorithm above the kernels is written once
 * against these operations. The CUDA executor runs them on a stream with our kernels and
 * cuBLAS; the host executor runs them on the CPU BLAS with host memory as "device" memory.
 */
typedef struct kblasf_executor {
    const char *name;                                   /* "cuda" or "host" */
    kblasf_status_t (*init)(kblasf_context *ctx);       /* fill the executor's part of ctx */
    void            (*fini)(kblasf_context *ctx);
    kblasf_status_t (*set_stream)(kblasf_context *ctx, void *stream);
    kblasf_status_t (*sync)(kblasf_context *ctx);
    kblasf_status_t (*dev_malloc)(kblasf_context *ctx, void **p, size_t bytes);
    kblasf_status_t (*dev_free)(kblasf_context *ctx, void *p);
    /* 2D copies, rows x cols elements of elsize bytes, leading dimensions in elements. */
    kblasf_status_t (*copy_to_device)(kblasf_context *ctx, size_t rows, size_t cols,
                                      size_t elsize, const void *h, size_t ldh,
                                      void *d, size_t ldd);
    kblasf_status_t (*copy_to_host)(kblasf_context *ctx, size_t rows, size_t cols,
                                    size_t elsize, const void *d, size_t ldd,
                                    void *h, size_t ldh);
    /* The same within the executor's memory, asynchronous (the batched routines' loop
     * moves each matrix's info into the caller's array with it). */
    kblasf_status_t (*copy_on_device)(kblasf_context *ctx, size_t rows, size_t cols,
                                      size_t elsize, const void *src, size_t lds,
                                      void *dst, size_t ldd);
    const kblasf_pipe_ops *pipe;                        /* NULL: no side queues */
    /* Look-ahead lanes: lane 1 is a second queue of primitives beside the handle's stream
     * (lane 0), at a higher priority. use_lane sends the primitives issued from now on to
     * lane l; lane_order: what is issued on lane `to` from now on waits for what was
     * issued on `from` so far. NULL where everything runs in issue order (the host). */
    kblasf_status_t (*use_lane)(kblasf_context *ctx, int lane);
    kblasf_status_t (*lane_order)(kblasf_context *ctx, int from, int to);
    /* Primitive operations, one table per precision. */
    kblasf_prims_s s;
    kblasf_prims_d d;
    kblasf_prims_c c;
    kblasf_prims_z z;
} kblasf_executor;

struct kblasf_context {
    const kblasf_executor *exec;
    int         device;          /* CUDA device ordinal, -1 for the host executor */
    char        why[160];        /* why this executor was chosen, for the log */
    void       *stream;          /* cudaStream_t (CUDA executor) */
    void       *exec_data;       /* executor-private state (staging buffers, events) */
    kblasf_int  trxm_nb;         /* TRMM/TRSM stop size set on the handle (0: default) */
    kblasf_trsm_leaves_t trsm_leaves; /* set on the handle (DEFAULT: config, executor) */
    kblasf_trsv_tma_t trsv_tma;  /* set on the handle (DEFAULT: config, measured choice) */
    void       *scratch;         /* device scratch kept between calls (kblasf_scratch) */
    size_t      scratch_bytes;
    int64_t    *dinfo;           /* one device integer for info (kblasf_dev_info) */
    /* device memory taken through kblasf_dev_alloc, for KBLASF_DEVICE_MEMORY_LIMIT */
    size_t      dev_bytes;
    struct kblasf_alloc { void *p; size_t bytes; } *allocs;
    size_t      nallocs, cap_allocs;
};

/* Executors. kblasf_cuda_executor() is NULL when the build has no CUDA. */
const kblasf_executor *kblasf_host_executor(void);
const kblasf_executor *kblasf_cuda_executor(void);
/* Usable CUDA devices; on 0, *why says why (no driver, no device, build without CUDA). */
int kblasf_cuda_probe(char *why, size_t whylen);

/* The LAPACK-layer routines whose host forms choose between the CPU and the device. */
typedef enum {
    KBLASF_R_POTRF, KBLASF_R_POTRS, KBLASF_R_POTRI, KBLASF_R_TRTRI, KBLASF_R_LAUUM,
    KBLASF_R_POSV, KBLASF_R_SYTRD, KBLASF_R_GEBRD, KBLASF_NROUTINES
} kblasf_routine_t;
extern const char *const kblasf_routine_names[KBLASF_NROUTINES]; /* "POTRF", ... */

/* KBLASF_OFFLOAD: where the host forms of the LAPACK layer run. AUTO: on the GPU when the
 * default handle has one and the problem is at or above the routine's threshold; ALWAYS:
 * the device algorithm on the default handle's executor whatever the size and executor
 * (on a machine without a GPU, the host executor: how the tests exercise the upload,
 * compute and download of the GPU path); NEVER: the CPU path. */
typedef enum { KBLASF_OFFLOAD_AUTO, KBLASF_OFFLOAD_ALWAYS, KBLASF_OFFLOAD_NEVER } kblasf_offload_t;

/* Configuration from the environment, read once. */
typedef struct kblasf_config {
    kblasf_backend_t backend;    /* KBLASF_BACKEND=auto|cuda|host */
    int              device;     /* KBLASF_DEVICE (default 0) */
    int              verbose;    /* KBLASF_VERBOSE (0 or 1) */
    long             trxm_nb;    /* KBLASF_TRXM_NB: TRMM/TRSM recursion stop size (0: default) */
    long             potrf_nb;   /* KBLASF_POTRF_NB: POTRF's block columns (-1: default) */
    long             batch_potrf_leaf; /* KBLASF_BATCH_POTRF_LEAF: batched POTRF's recursion
                                        * leaf (0: default) */
    long             batch_potrs_warp_nrhs; /* KBLASF_BATCH_POTRS_WARP_NRHS: most right-hand
                                             * sides for the warp POTRS kernel (-1: default) */
    kblasf_trsm_leaves_t trsm_leaves; /* KBLASF_TRSM_LEAVES=solve|invert (DEFAULT: executor's) */
    long             trsv_chain; /* KBLASF_TRSV_CHAIN: 0 turns the one-kernel solve of one
                                  * right-hand side off (-1: default, on) */
    kblasf_trsv_tma_t trsv_tma;  /* KBLASF_TRSV_TMA=0|1: NEVER|ALWAYS (DEFAULT: measured) */
    int              step_cooperative; /* KBLASF_STEP_LAUNCH=cooperative|dependent: how the
                                        * SYTRD/GEBRD step kernels are launched (0: dependent) */
    kblasf_offload_t offload;    /* KBLASF_OFFLOAD=auto|always|never (LAPACK layer) */
    long             min_n[KBLASF_NROUTINES]; /* KBLASF_<ROUTINE>_MIN_N, KBLASF_MIN_N (-1: default) */
    size_t           device_memory_limit; /* KBLASF_DEVICE_MEMORY_LIMIT (0: none) */
} kblasf_config;
const kblasf_config *kblasf_get_config(void);

/* Stop size of the recursive TRMM/TRSM: the handle's, else KBLASF_TRXM_NB, else the
 * default for the executor and the operation (chosen from measurements, doc/trxm.md). */
kblasf_int kblasf_trxm_stop_size(const kblasf_context *ctx, int solve);
/* Whether the recursive TRSM multiplies its leaves by inverted diagonal blocks: the
 * handle's setting, else KBLASF_TRSM_LEAVES, else yes on the GPU and no on the host. */
int kblasf_trsm_invert(const kblasf_context *ctx);
/* the handle's TMA mode for the one-kernel solve: its own, else the config's (DEFAULT: the
 * measured choice) */
kblasf_trsv_tma_t kblasf_trsv_tma(const kblasf_context *ctx);
/* Whether a TRSM with one right-hand side on the left goes to the executor's one-step
 * solve (where it has one): yes unless KBLASF_TRSV_CHAIN=0. */
int kblasf_trsv_chain(void);
/* Device memory through the executor, counted against KBLASF_DEVICE_MEMORY_LIMIT (every
 * device allocation of the core goes through these two). */
kblasf_status_t kblasf_dev_alloc(kblasf_context *ctx, void **p, size_t bytes);
kblasf_status_t kblasf_dev_release(kblasf_context *ctx, void *p);
/* A caller's host matrix held for the length of one host-form call: page-locked where the
 * executor can (direct DMA at full PCIe speed; locked 1: here, 0: it already was), else
 * (locked -1) copied through the staging buffers. Copies go to and from device memory with
 * leading dimension rows, on the handle's stream; downloads return when the data is there. */
typedef struct kblasf_held {
    void      *host;
    size_t     elsize;
    kblasf_int rows, cols, ld;
    int        locked;
} kblasf_held;
void kblasf_hold(kblasf_context *ctx, kblasf_held *m, void *host, size_t elsize,
                 kblasf_int rows, kblasf_int cols, kblasf_int ld);
kblasf_status_t kblasf_held_upload(kblasf_context *ctx, const kblasf_held *m, void *d);
kblasf_status_t kblasf_held_download(kblasf_context *ctx, const kblasf_held *m, const void *d);
void kblasf_release(kblasf_context *ctx, const kblasf_held *m);
/* The handle's device integer for info (allocated on first use; NULL when it cannot be). */
int64_t *kblasf_dev_info(kblasf_context *ctx);
/* Order of the diagonal blocks the POTRF factors with the executor's potrf_panel, for
 * elements of elsize bytes (at most the CUDA kernel's limit: 128, 64 for double complex). */
kblasf_int kblasf_potrf_leaf(const kblasf_context *ctx, size_t elsize);
/* Largest order the batched POTRF factors in one call of the executor's potrf_batch; above
 * it (up to the kernels' 256) it recurses onto batched TRSM and HERK
 * (lapack/batch_gen.c): KBLASF_BATCH_POTRF_LEAF, else the executor's default. */
kblasf_int kblasf_batch_potrf_leaf(const kblasf_context *ctx);
/* Most right-hand sides for which the CUDA executor's batched POTRS of order n > 32
 * (elements of elsize bytes) takes the warp-per-matrix kernel (cuda/batch_potrs_warp.cu)
 * rather than the block kernel: 0 above 2 KB a column, else KBLASF_BATCH_POTRS_WARP_NRHS
 * (0: never), else the default for n. */
kblasf_int kblasf_batch_potrs_warp_nrhs(kblasf_int n, size_t elsize);
/* Width of the block columns of the device POTRF of order n in precision prec ('S', 'D',
 * 'C' or 'Z': prec.h's PREC_UPPER[0]) (right-looking with look-ahead above it,
 * lapack/chol_gen.c; 0: no look-ahead): KBLASF_POTRF_NB, else the default. */
kblasf_int kblasf_potrf_block(const kblasf_context *ctx, kblasf_int n, char prec);
/* Largest order of the Cholesky family's SYRK/HERK that goes to the executor's syrk in one
 * call; above it the call recurses (lapack/chol_gen.c, syrk): the executor's default. */
kblasf_int kblasf_syrk_block(const kblasf_context *ctx);
/* Order of the diagonal blocks of SYTRD/HETRD's trailing update (lapack/sytrd_gen.c,
 * panel_end): the executor's default. */
kblasf_int kblasf_sytrd_update_block(const kblasf_context *ctx);
/* The first part of a recursive split of order n > nb: nb times the largest power of two
 * not above half the number of blocks of order nb, so that the splits of every level fall
 * on one grid of blocks and no thin remainder appears (TRMM/TRSM, the Cholesky family). */
static inline kblasf_int kblasf_split_point(kblasf_int n, kblasf_int nb)
{
    kblasf_int blocks = (n + nb - 1) / nb, p = 1;

    while (2 * p <= blocks / 2)
        p *= 2;
    return p * nb;
}
/* Elements of scratch the executors' trtri_diag may use (prims.h). */
static inline size_t kblasf_trtri_diag_scratch(kblasf_int k, kblasf_int nb)
{
    return ((size_t)k + (size_t)nb) * (size_t)nb / 4 + 1;
}
/* Device memory of at least `bytes` kept by the handle between calls and grown when a
 * call needs more (growing waits for the handle's work: cudaFree); NULL when it cannot
 * be had. One user at a time: the recursive TRSM's inverted blocks. */
void *kblasf_scratch(kblasf_context *ctx, size_t bytes);

/* One line on stderr when KBLASF_VERBOSE is set: "kblasf: DGEMV ... on cuda (why)". */
void kblasf_log_call(const kblasf_context *ctx, const char *routine, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void kblasf_log(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Reports illegal argument `pos` (1-based) of `routine` through xerbla_ and returns
 * KBLASF_STATUS_INVALID_VALUE. */
kblasf_status_t kblasf_arg_error(const char *routine, kblasf_int pos);

/* Option letters, case-insensitive as in BLAS. */
int kblasf_lsame(char a, char b);

#endif
