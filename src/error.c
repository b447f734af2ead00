/* error.c — status strings, option letters and illegal-argument reporting. */
#include <ctype.h>
#include <string.h>
#include "internal.h"
#include "blas.h"

int kblasf_lsame(char a, char b)
{
    return toupper((unsigned char)a) == toupper((unsigned char)b);
}

kblasf_status_t kblasf_arg_error(const char *routine, kblasf_int pos)
{
    /* Through xerbla_, as BLAS and LAPACK do, so that a program's own XERBLA sees it. */
    xerbla_(routine, &pos, strlen(routine));
    return KBLASF_STATUS_INVALID_VALUE;
}

const char *kblasf_status_string(kblasf_status_t status)
{
    switch (status) {
    case KBLASF_STATUS_SUCCESS:          return "success";
    case KBLASF_STATUS_INVALID_VALUE:    return "an argument had an illegal value";
    case KBLASF_STATUS_ALLOC_FAILED:     return "memory allocation failed";
    case KBLASF_STATUS_NO_DEVICE:        return "no usable CUDA device";
    case KBLASF_STATUS_EXECUTION_FAILED: return "execution on the device failed";
    case KBLASF_STATUS_NOT_SUPPORTED:    return "not supported by this build";
    case KBLASF_STATUS_INTERNAL_ERROR:   return "internal error";
    }
    return "unknown status";
}

const char *kblasf_version(void)
{
    return KBLASF_VERSION_STRING;
}
