/* testing.c — shared tester support (see testing.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
