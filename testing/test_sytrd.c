/* test_sytrd — SYTRD/HETRD in all precisions (test_sytrd_gen.c), through the device API,
 * the host forms, the F77 symbols and the LAPACK names, once per KBLASF_OFFLOAD mode
 * (test_run_modes): default, always (the hybrid device algorithm, on the host executor
 * where there is no GPU), always with a 1-byte device memory limit (every call falls back
 * to the CPU), never. */
#include "testing.h"

void test_ssytrd(kblasf_handle_t h);
void test_dsytrd(kblasf_handle_t h);
void test_csytrd(kblasf_handle_t h);
void test_zsytrd(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_ssytrd(h);
    test_dsytrd(h);
    test_csytrd(h);
    test_zsytrd(h);
}

int main(int argc, char **argv)
{
    return test_run_modes(argc, argv, "test_sytrd", run);
}
