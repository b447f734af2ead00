/* test_gemv — kblasf_?gemv and kblasf_?gemv_offset, all precisions (test_mv_gen.c). */
#include "testing.h"

void test_sgemv(kblasf_handle_t h);
void test_dgemv(kblasf_handle_t h);
void test_cgemv(kblasf_handle_t h);
void test_zgemv(kblasf_handle_t h);

int main(void)
{
    kblasf_handle_t h = test_init("test_gemv");
    test_sgemv(h);
    test_dgemv(h);
    test_cgemv(h);
    test_zgemv(h);
    kblasf_destroy(h);
    return test_finish("test_gemv");
}
