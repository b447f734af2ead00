/* test_lapack — the Cholesky family (POTRF, POTRS, POTRI, TRTRI, LAUUM, POSV) in all
 * precisions (test_lapack_gen.c), through the device API, the host forms, the F77 symbols
 * and the LAPACK names, once per KBLASF_OFFLOAD mode (test_run_modes): default, always,
 * always with a 1-byte device memory limit (every call falls back to the CPU), never. */
#include "testing.h"

void test_schol(kblasf_handle_t h);
void test_dchol(kblasf_handle_t h);
void test_cchol(kblasf_handle_t h);
void test_zchol(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_schol(h);
    test_dchol(h);
    test_cchol(h);
    test_zchol(h);
}

int main(int argc, char **argv)
{
    return test_run_modes(argc, argv, "test_lapack", run);
}
