/* test_batch_syrk — the batched SYRK (all precisions) and HERK (c, z), arrays of pointers
 * and strided (test_batch_syrk_gen.c), on whatever executor the handle has, once per
 * KBLASF_OFFLOAD mode of test_modes_offload: default, then always, in which the library
 * takes the GPU's way above order 32 (the recursion onto batched GEMM, diagonal blocks of
 * order <= 32) on the host executor too. */
#include "testing.h"

void test_sbatch_syrk(kblasf_handle_t h);
void test_dbatch_syrk(kblasf_handle_t h);
void test_cbatch_syrk(kblasf_handle_t h);
void test_zbatch_syrk(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sbatch_syrk(h);
    test_dbatch_syrk(h);
    test_cbatch_syrk(h);
    test_zbatch_syrk(h);
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_batch_syrk", run, test_modes_offload);
}
