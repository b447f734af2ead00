/* test_symv — kblasf_?symv (s, d), kblasf_?hemv (c, z) and their _offset forms. */
#include "testing.h"

void test_ssymv(kblasf_handle_t h);
void test_dsymv(kblasf_handle_t h);
void test_csymv(kblasf_handle_t h);
void test_zsymv(kblasf_handle_t h);

int main(void)
{
    kblasf_handle_t h = test_init("test_symv");
    test_ssymv(h);
    test_dsymv(h);
    test_csymv(h);
    test_zsymv(h);
    kblasf_destroy(h);
    return test_finish("test_symv");
}
