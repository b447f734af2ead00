/* test_batch — the batched Cholesky routines (POTRF, POTRS, POSV; arrays of pointers and
 * strided) in all precisions (test_batch_gen.c), on whatever executor the handle has,
 * once per KBLASF_OFFLOAD mode of test_modes_offload: default, then always, in which
 * orders above 256 take the GPU's way (the device algorithm one matrix at a time) on the
 * host executor too, and POTRF above order 32 the recursion onto batched TRSM and HERK;
 * that mode runs only those cases. */
#include "testing.h"

void test_sbatch(kblasf_handle_t h);
void test_dbatch(kblasf_handle_t h);
void test_cbatch(kblasf_handle_t h);
void test_zbatch(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sbatch(h);
    test_dbatch(h);
    test_cbatch(h);
    test_zbatch(h);
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_batch", run, test_modes_offload);
}
