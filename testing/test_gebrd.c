/* test_gebrd — GEBRD in all precisions (test_gebrd_gen.c), m >= n and m < n, through the
 * device API, the host forms, the F77 symbols and the LAPACK names, once per
 * KBLASF_OFFLOAD mode (test_run_modes): default, always (the hybrid device algorithm, on
 * the host executor where there is no GPU), always with a 1-byte device memory limit (the
 * CPU fallback), never. */
#include "testing.h"

void test_sgebrd(kblasf_handle_t h);
void test_dgebrd(kblasf_handle_t h);
void test_cgebrd(kblasf_handle_t h);
void test_zgebrd(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sgebrd(h);
    test_dgebrd(h);
    test_cgebrd(h);
    test_zgebrd(h);
}

int main(int argc, char **argv)
{
    return test_run_modes(argc, argv, "test_gebrd", run);
}
