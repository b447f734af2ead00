/* testing.h — what the testers share: random data, pass/fail counting, a recording
 * xerbla_, and the handle the suite runs on (KBLASF_BACKEND picks the executor). */
#ifndef KBLASF_TESTING_H
#define KBLASF_TESTING_H

#include <stdio.h>
#include "kblasf.h"

#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif
#define COUNT(a) (sizeof(a) / sizeof((a)[0])) /* elements of an array */

/* Scaled residuals must stay below this (LAPACK testers use 16 or 30). */
#define TEST_TOLERANCE 10.0

extern int test_passed, test_failed;
/* 1 when the suite runs on the CUDA executor: testers add larger sizes. */
extern int test_on_gpu;
/* KBLASF_TEST_QUICK=1: a subset of the sizes (for compute-sanitizer runs). */
extern int test_quick;

/* Records one check; prints the failure. Returns ok. */
int test_check(int ok, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints "<name>: N passed, N failed" and returns the exit status. */
int test_finish(const char *name);
/* Creates the handle (aborts when none can be made) and seeds the generator from
 * KBLASF_TEST_SEED or the clock, printing the seed so a failure can be replayed. */
kblasf_handle_t test_init(const char *name);

/* count elements of elsize bytes to new "device" memory of h, and back; any failure ends
 * the tester (it cannot check anything without them). */
void *test_to_device(kblasf_handle_t h, const void *src, size_t count, size_t elsize);
void test_from_device(kblasf_handle_t h, void *dst, const void *d, size_t count, size_t elsize);

/* Zeroed memory; a tester that cannot have it ends with a FAIL line. */
void *test_alloc(size_t bytes);
/* The 1-norm (largest column sum of |a_ij|) of the m x n matrix A (leading dimension ld),
 * double or double complex. A column whose sum is NaN replaces the running maximum like a
 * larger one, as !(s <= worst) does; callers decide what NaN means for their ratio. */
double test_norm1_d(const double *A, kblasf_int m, kblasf_int n, kblasf_int ld);
double test_norm1_z(const kblasf_complex_double *A, kblasf_int m, kblasf_int n, kblasf_int ld);

/* Uniform in [-1, 1). */
double test_rand(void);

/* xerbla_ of this program: remembers the last report instead of stopping. */
extern char   test_xerbla_name[32];
extern long   test_xerbla_info;
void test_xerbla_reset(void);
/* Whether the last report was routine name's argument pos (name as xerbla_ got it). */
int test_xerbla_was(const char *name, long pos);
/* The position (1-based) of the word arg in the space-separated argument list of a
 * routine, as xerbla_ reports it; -1 when the list has no such word. */
kblasf_int test_arg_position(const char *list, const char *arg);

/* ---- running a tester under several environments ----------------------------------
 * The library reads KBLASF_OFFLOAD, KBLASF_DEVICE_MEMORY_LIMIT, ... once per process, so a
 * tester that must run under several settings re-executes itself once per mode. A mode
 * is a string of space-separated VAR=value settings ("" = the environment as it is);
 * KBLASF_OFFLOAD and KBLASF_DEVICE_MEMORY_LIMIT are unset first in every mode. */
extern const char *const test_modes_all[];     /* default, always, always + 1-byte limit, never */
extern const char *const test_modes_offload[]; /* default, always */
/* In a child: the index of its mode and the mode's string ("" in the first mode);
 * -1 and "" when test_run_modes did not start the program. */
extern int test_mode;
extern const char *test_mode_env;

/* In the parent (no marker argument): runs this program once per mode (through
 * /proc/self/exe, argv[0] as fallback) with the mode's variables set and
 * KBLASF_TEST_SEED fixed for all, echoes each child's output, adds up their
 * "<name>: N passed, N failed" lines (a child that crashes, hangs past KBLASF_TEST_TIMEOUT
 * seconds (default 1800, 0: none) or prints no summary counts as one failure), prints the
 * total line and returns the exit status. In a child (argument --kblasf-test-mode=I):
 * sets the mode's environment, test_init(name), run(handle) once, test_finish(name). */
int test_run_modes(int argc, char **argv, const char *name, void (*run)(kblasf_handle_t));
int test_run_modes_list(int argc, char **argv, const char *name,
                        void (*run)(kblasf_handle_t), const char *const *modes);

#endif
