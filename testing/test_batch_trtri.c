/* test_batch_trtri — the batched TRTRI (arrays of pointers and strided) in all precisions
 * (test_batch_trtri_gen.c), on whatever executor the handle has, once per KBLASF_OFFLOAD
 * mode of test_modes_offload: default, then always, in which the library takes the GPU's
 * way (the two diagonal halves inverted, the off-diagonal block by two batched TRMMs,
 * leaves of order <= 32) on the host executor too; that mode runs every variant at a few
 * orders above 32. */
#include "testing.h"

void test_sbatch_trtri(kblasf_handle_t h);
void test_dbatch_trtri(kblasf_handle_t h);
void test_cbatch_trtri(kblasf_handle_t h);
void test_zbatch_trtri(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sbatch_trtri(h);
    test_dbatch_trtri(h);
    test_cbatch_trtri(h);
    test_zbatch_trtri(h);
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_batch_trtri", run, test_modes_offload);
}
