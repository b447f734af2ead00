/* testing.c — shared tester support (see testing.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <complex.h>
#include <math.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include "testing.h"

int test_passed, test_failed, test_on_gpu, test_quick;
char test_xerbla_name[32];
long test_xerbla_info;

static uint64_t rng_state;

double test_rand(void)
{
    /* xorshift64*: fast, and good enough for test matrices */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) * 0x1.0p-52 - 1.0;
}

int test_check(int ok, const char *fmt, ...)
{
    va_list ap;

    if (ok) {
        test_passed++;
        return 1;
    }
    test_failed++;
    fputs("FAIL ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
    return 0;
}

int test_finish(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    return test_failed ? 1 : 0;
}

kblasf_handle_t test_init(const char *name)
{
    kblasf_handle_t h;
    const char *s = getenv("KBLASF_TEST_SEED");
    uint64_t seed = s ? strtoull(s, NULL, 10) : (uint64_t)time(NULL) ^ (uint64_t)clock();
    kblasf_status_t st;

    rng_state = seed ? seed : 88172645463325252ULL;
    st = kblasf_create(&h, -1);
    if (st != KBLASF_STATUS_SUCCESS) {
        printf("%s: cannot create a handle: %s\n", name, kblasf_status_string(st));
        exit(1);
    }
    test_on_gpu = kblasf_get_backend(h) == KBLASF_BACKEND_CUDA;
    s = getenv("KBLASF_TEST_QUICK");
    test_quick = s && *s && *s != '0';
    printf("%s: %s executor, KBLASF_TEST_SEED=%llu, tolerance %.0f\n", name,
           test_on_gpu ? "cuda" : "host", (unsigned long long)seed, TEST_TOLERANCE);
    return h;
}

void *test_to_device(kblasf_handle_t h, const void *src, size_t count, size_t elsize)
{
    void *d = NULL;

    if (kblasf_malloc(h, &d, count * elsize) != KBLASF_STATUS_SUCCESS ||
        kblasf_set_matrix(h, (kblasf_int)count, 1, elsize, src, (kblasf_int)count, d,
                          (kblasf_int)count) != KBLASF_STATUS_SUCCESS) {
        printf("FAIL cannot allocate or copy %zu elements to the device\n", count);
        exit(1);
    }
    return d;
}

void test_from_device(kblasf_handle_t h, void *dst, const void *d, size_t count, size_t elsize)
{
    if (kblasf_get_matrix(h, (kblasf_int)count, 1, elsize, d, (kblasf_int)count, dst,
                          (kblasf_int)count) != KBLASF_STATUS_SUCCESS) {
        printf("FAIL cannot copy %zu elements from the device\n", count);
        exit(1);
    }
}

void test_xerbla_reset(void)
{
    test_xerbla_name[0] = 0;
    test_xerbla_info = 0;
}

int test_xerbla_was(const char *name, long pos)
{
    return test_xerbla_info == pos && !strcmp(test_xerbla_name, name);
}

/* Overrides the BLAS's XERBLA (which would stop the program), as LAPACK's testers do. */
void xerbla_(const char *srname, const kblasf_int *info, size_t len)
{
    size_t n = len < sizeof test_xerbla_name - 1 ? len : sizeof test_xerbla_name - 1;

    memcpy(test_xerbla_name, srname, n);
    while (n > 0 && test_xerbla_name[n - 1] == ' ')
        n--;
    test_xerbla_name[n] = 0;
    test_xerbla_info = (long)*info;
}

/* ---- running a tester under several environments (see testing.h) -------------------- */

const char *const test_modes_all[] = {
    "", "KBLASF_OFFLOAD=always", "KBLASF_OFFLOAD=always KBLASF_DEVICE_MEMORY_LIMIT=1",
    "KBLASF_OFFLOAD=never", NULL};
const char *const test_modes_offload[] = {"", "KBLASF_OFFLOAD=always", NULL};
int test_mode = -1;
const char *test_mode_env = "";

#define TEST_MODE_ARG "--kblasf-test-mode="

/* Unsets the variables the modes set, then sets the mode's VAR=value words. */
static void apply_mode(const char *mode)
{
    char buf[512], *word, *save = NULL;

    unsetenv("KBLASF_OFFLOAD");
    unsetenv("KBLASF_DEVICE_MEMORY_LIMIT");
    snprintf(buf, sizeof buf, "%s", mode);
    for (word = strtok_r(buf, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(word, '=');
        if (eq) {
            *eq = 0;
            setenv(word, eq + 1, 1);
        }
    }
}

static const char *mode_label(const char *mode)
{
    return *mode ? mode : "default environment";
}

static int run_child_mode(const char *name, void (*run)(kblasf_handle_t),
                          const char *const *modes, int nmodes, const char *arg)
{
    kblasf_handle_t h;
    const char *s = getenv("KBLASF_TEST_TIMEOUT");
    long timeout = s ? strtol(s, NULL, 10) : 1800;
    int m = atoi(arg);

    setvbuf(stdout, NULL, _IOLBF, 0); /* keep what was printed if the child dies */
    if (m < 0 || m >= nmodes) {
        printf("%s: no mode %d\n", name, m);
        return 1;
    }
    test_mode = m;
    test_mode_env = modes[m];
    apply_mode(modes[m]);
    if (timeout > 0)
        alarm((unsigned)timeout); /* a hang ends the child; the parent counts a failure */
    h = test_init(name);
    printf("%s: mode %d: %s\n", name, m, mode_label(modes[m]));
    run(h);
    kblasf_destroy(h);
    return test_finish(name);
}

int test_run_modes_list(int argc, char **argv, const char *name,
                        void (*run)(kblasf_handle_t), const char *const *modes)
{
    int nmodes = 0, m, i, total_passed = 0, total_failed = 0;
    size_t len = strlen(name);
    char seedbuf[32];

    while (modes[nmodes])
        nmodes++;
    for (i = 1; i < argc; i++)
        if (!strncmp(argv[i], TEST_MODE_ARG, strlen(TEST_MODE_ARG)))
            return run_child_mode(name, run, modes, nmodes, argv[i] + strlen(TEST_MODE_ARG));

    /* one seed for all the modes, so that a failure can be replayed */
    if (!getenv("KBLASF_TEST_SEED")) {
        snprintf(seedbuf, sizeof seedbuf, "%llu",
                 (unsigned long long)((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20)));
        setenv("KBLASF_TEST_SEED", seedbuf, 1);
    }
    printf("%s: %d modes, KBLASF_TEST_SEED=%s\n", name, nmodes, getenv("KBLASF_TEST_SEED"));
    for (m = 0; m < nmodes; m++) {
        int fd[2], status = 0, found = 0, p = 0, f = 0;
        char marker[64], *line = NULL;
        size_t cap = 0;
        FILE *in;
        pid_t pid;

        snprintf(marker, sizeof marker, TEST_MODE_ARG "%d", m);
        printf("==== %s: mode %d: %s\n", name, m, mode_label(modes[m]));
        fflush(stdout);
        if (pipe(fd) != 0) {
            perror("pipe");
            total_failed++;
            continue;
        }
        pid = fork();
        if (pid < 0) {
            perror("fork");
            close(fd[0]);
            close(fd[1]);
            total_failed++;
            continue;
        }
        if (pid == 0) {
            char *args[3];
            args[0] = argv[0];
            args[1] = marker;
            args[2] = NULL;
            close(fd[0]);
            dup2(fd[1], 1);
            dup2(fd[1], 2);
            close(fd[1]);
            apply_mode(modes[m]);
            execv("/proc/self/exe", args);
            execvp(argv[0], args);
            perror("exec");
            _exit(127);
        }
        close(fd[1]);
        in = fdopen(fd[0], "r");
        while (in && getline(&line, &cap, in) > 0) {
            int pp, ff;
            char tail;
            fputs(line, stdout);
            if (!strncmp(line, name, len) && line[len] == ':' &&
                sscanf(line + len + 1, " %d passed, %d failed%c", &pp, &ff, &tail) == 3 &&
                tail == '\n') {
                found = 1;
                p = pp;
                f = ff;
            }
        }
        fflush(stdout);
        free(line);
        if (in)
            fclose(in);
        else
            close(fd[0]);
        waitpid(pid, &status, 0);
        if (!found) {
            printf("FAIL %s: mode %d (%s) crashed or printed no summary (%s %d)\n", name, m,
                   mode_label(modes[m]), WIFSIGNALED(status) ? "signal" : "exit status",
                   WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            total_failed++;
            continue;
        }
        total_passed += p;
        total_failed += f;
        if (f == 0 && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            printf("FAIL %s: mode %d (%s) ended badly after its summary (%s %d)\n", name, m,
                   mode_label(modes[m]), WIFSIGNALED(status) ? "signal" : "exit status",
                   WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            total_failed++;
        }
    }
    test_passed = total_passed;
    test_failed = total_failed;
    return test_finish(name);
}

int test_run_modes(int argc, char **argv, const char *name, void (*run)(kblasf_handle_t))
{
    return test_run_modes_list(argc, argv, name, run, test_modes_all);
}

void *test_alloc(size_t bytes)
{
    void *p = calloc(bytes ? bytes : 1, 1);

    if (!p) {
        printf("FAIL out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* One body for both element types: |a| through ABS. */
#define TEST_NORM1(ABS)                                                                 \
    double worst = 0;                                                                   \
    kblasf_int i, j;                                                                    \
    for (j = 0; j < n; j++) {                                                           \
        double s = 0;                                                                   \
        for (i = 0; i < m; i++)                                                         \
            s += ABS(A[(size_t)i + (size_t)j * (size_t)ld]);                            \
        if (!(s <= worst))                                                              \
            worst = s;                                                                  \
    }                                                                                   \
    return worst;

double test_norm1_d(const double *A, kblasf_int m, kblasf_int n, kblasf_int ld)
{
    TEST_NORM1(fabs)
}

double test_norm1_z(const kblasf_complex_double *A, kblasf_int m, kblasf_int n, kblasf_int ld)
{
    TEST_NORM1(cabs)
}

kblasf_int test_arg_position(const char *list, const char *arg)
{
    char buf[128], *w, *save = NULL;
    kblasf_int pos = 0;

    snprintf(buf, sizeof buf, "%s", list);
    for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        pos++;
        if (!strcmp(w, arg))
            return pos;
    }
    return -1;
}
