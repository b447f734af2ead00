/* test_batch_potri — the batched LAUUM, POTRI and POTI (arrays of pointers and strided) in
 * all precisions (test_batch_trtri_gen.c, which tests the batched TRTRI the same way), on
 * whatever executor the handle has, once per KBLASF_OFFLOAD mode of test_modes_offload:
 * default, then always, in which the library takes the GPU's way above order 32 (the
 * infos, then the batched TRTRI and the LAUUM recursion onto batched HERK and TRMM, on the
 * members whose info is 0) on the host executor too. */
#include "testing.h"

void test_sbatch_potri(kblasf_handle_t h);
void test_dbatch_potri(kblasf_handle_t h);
void test_cbatch_potri(kblasf_handle_t h);
void test_zbatch_potri(kblasf_handle_t h);

static void run(kblasf_handle_t h)
{
    test_sbatch_potri(h);
    test_dbatch_potri(h);
    test_cbatch_potri(h);
    test_zbatch_potri(h);
}

int main(int argc, char **argv)
{
    return test_run_modes_list(argc, argv, "test_batch_potri", run, test_modes_offload);
}
