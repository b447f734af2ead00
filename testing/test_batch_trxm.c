/* test_batch_trxm — the batched TRSM and TRMM (arrays of pointers and strided) in all
 * precisions (test_batch_trxm_gen.c), on whatever executor the handle has, once per
 * KBLASF_OFFLOAD mode of test_modes_offload: default, then always, in which the library
 * takes the GPU's way (the triangle split in two, the off-diagonal block one batched GEMM,
 * leaves of order <= 32) on the host executor too; that mode runs every variant at a few
 * orders above 32. */
#include "testing.h"

void test_sbatch_trxm(kblasf_handle_t h);
void test_dbatch_trxm(kblasf_handle_t h);
void test_cbatch_trxm(kblasf_handle_t h);
void test_zbatch_trxm(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sbatch_trxm(h);
    test_dbatch_trxm(h);
    test_cbatch_trxm(h);
    test_zbatch_trxm(h);
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_batch_trxm", run, test_modes_offload);
}
