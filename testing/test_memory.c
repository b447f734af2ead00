/* test_memory — handles, the default handle, device memory and the 2D host<->device
 * copies (pageable and pinned paths, pieces larger than the staging buffers). */
#include <stdlib.h>
#include <string.h>
#include "testing.h"

/* Sends an m x n block of a random lda-matrix to a ldd-matrix on the device and back
 * into a third layout; every element must arrive bit for bit and nothing else change. */
static void round_trip(kblasf_handle_t h, kblasf_int m, kblasf_int n, kblasf_int lda,
                       kblasf_int ldd, kblasf_int ldb)
{
    size_t asz = (size_t)lda * n, dsz = (size_t)ldd * n, bsz = (size_t)ldb * n, p;
    double *A = malloc(asz * sizeof(double)), *B = malloc(bsz * sizeof(double));
    double *B0 = malloc(bsz * sizeof(double));
    void *d = NULL;
    kblasf_int i, j;
    int ok = 1;
    kblasf_status_t st;

    for (p = 0; p < asz; p++)
        A[p] = test_rand();
    for (p = 0; p < bsz; p++)
        B0[p] = B[p] = test_rand();
    st = kblasf_malloc(h, &d, dsz * sizeof(double));
    if (st == KBLASF_STATUS_SUCCESS)
        st = kblasf_set_matrix(h, m, n, sizeof(double), A, lda, d, ldd);
    if (st == KBLASF_STATUS_SUCCESS)
        st = kblasf_get_matrix(h, m, n, sizeof(double), d, ldd, B, ldb);
    for (j = 0; j < n && ok; j++)
        for (i = 0; i < ldb; i++) {
            double want = i < m ? A[i + (size_t)j * lda] : B0[i + (size_t)j * ldb];
            if (memcmp(&B[i + (size_t)j * ldb], &want, sizeof want)) {
                ok = 0;
                break;
            }
        }
    test_check(st == KBLASF_STATUS_SUCCESS && ok, "round trip m=%d n=%d lda=%d ldd=%d ldb=%d: "
               "status %d, %s", (int)m, (int)n, (int)lda, (int)ldd, (int)ldb, (int)st,
               ok ? "data ok" : "data differs");
    kblasf_free(h, d);
    free(A); free(B); free(B0);
}

static void vectors(kblasf_handle_t h)
{
    double x[40], y[40], z[40];
    void *d = NULL;
    int i, ok = 1;

    for (i = 0; i < 40; i++) {
        x[i] = test_rand();
        z[i] = -7;
    }
    kblasf_malloc(h, &d, 40 * sizeof(double));
    /* 10 elements at stride 3 on the host -> stride 4 on the device -> stride 2 back */
    kblasf_set_vector(h, 40, sizeof(double), x, 1, d, 1);
    kblasf_set_vector(h, 10, sizeof(double), x, 3, d, 4);
    kblasf_get_vector(h, 10, sizeof(double), d, 4, z, 2);
    kblasf_get_vector(h, 40, sizeof(double), d, 1, y, 1);
    for (i = 0; i < 40; i++) {
        if (i % 2 == 0 && i < 20 && z[i] != x[3 * (i / 2)]) ok = 0;
        if ((i % 2 || i >= 20) && z[i] != -7) ok = 0;
        if (i % 4 == 0 && i < 40 && y[i] != x[3 * (i / 4)]) ok = 0;
        if (i % 4 && y[i] != x[i]) ok = 0;
    }
    test_check(ok, "strided vector copies");
    test_check(kblasf_set_vector(h, 10, sizeof(double), x, 0, d, 1) ==
               KBLASF_STATUS_INVALID_VALUE, "set_vector rejects incx = 0");
    test_check(kblasf_set_matrix(h, 5, 2, sizeof(double), x, 4, d, 5) ==
               KBLASF_STATUS_INVALID_VALUE, "set_matrix rejects lda < m");
    test_check(kblasf_get_matrix(h, -1, 2, sizeof(double), d, 4, x, 5) ==
               KBLASF_STATUS_INVALID_VALUE, "get_matrix rejects m < 0");
    kblasf_free(h, d);
}

static void handles(void)
{
    kblasf_handle_t h1 = NULL, h2 = NULL, hd;
    void *s = (void *)1;

    test_check(kblasf_create_backend(&h1, -1, KBLASF_BACKEND_HOST) == KBLASF_STATUS_SUCCESS &&
               kblasf_get_backend(h1) == KBLASF_BACKEND_HOST, "host handle");
    test_check(kblasf_get_stream(h1, &s) == KBLASF_STATUS_SUCCESS && s == NULL,
               "a new handle is on the default stream");
    test_check(kblasf_destroy(h1) == KBLASF_STATUS_SUCCESS, "destroy host handle");
    if (kblasf_device_count() == 0)
        test_check(kblasf_create_backend(&h2, -1, KBLASF_BACKEND_CUDA) ==
                   KBLASF_STATUS_NO_DEVICE && h2 == NULL,
                   "a CUDA handle without a GPU says NO_DEVICE");
    else
        test_check(kblasf_create_backend(&h2, 0, KBLASF_BACKEND_CUDA) == KBLASF_STATUS_SUCCESS &&
                   kblasf_destroy(h2) == KBLASF_STATUS_SUCCESS, "CUDA handle on device 0");
    hd = kblasf_default_handle();
    test_check(hd != NULL && hd == kblasf_default_handle(), "one default handle per thread");
    test_check(kblasf_destroy(NULL) == KBLASF_STATUS_INVALID_VALUE, "destroy(NULL) is an error");
    test_check(kblasf_status_string(KBLASF_STATUS_NO_DEVICE)[0] != 0, "status strings");
}

int main(void)
{
    kblasf_handle_t h = test_init("test_memory");
    handles();
    round_trip(h, 1, 1, 1, 1, 1);
    round_trip(h, 17, 9, 20, 17, 33);
    round_trip(h, 300, 200, 301, 320, 300);
    round_trip(h, 1500, 1000, 1501, 1536, 1500);   /* 12 MB: several staging pieces */
    round_trip(h, 1200000, 2, 1200003, 1200000, 1200001); /* a column over 8 MiB */
    round_trip(h, 0, 5, 1, 1, 1);
    vectors(h);
    kblasf_destroy(h);
    return test_finish("test_memory");
}
