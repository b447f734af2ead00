/* test_trxm — kblasf_?trmm and kblasf_?trsm, all precisions (test_trxm_gen.c). */
#include "testing.h"

#define DECL(p) void test_##p##trmm(kblasf_handle_t h); void test_##p##trsm(kblasf_handle_t h);
DECL(s) DECL(d) DECL(c) DECL(z)

int main(void)
{
    kblasf_handle_t h = test_init("test_trxm");
    test_strmm(h); test_dtrmm(h); test_ctrmm(h); test_ztrmm(h);
    test_strsm(h); test_dtrsm(h); test_ctrsm(h); test_ztrsm(h);
    kblasf_destroy(h);
    return test_finish("test_trxm");
}
