/* exec_cuda.h — what the CUDA executor's sources share. */
#ifndef KBLASF_EXEC_CUDA_H
#define KBLASF_EXEC_CUDA_H

#include <cuda_runtime_api.h>
#include "internal.h"

/* Maps a CUDA error to a status, printing what failed. */
kblasf_status_t kblasf_cuda_check(cudaError_t err, const char *what);

#endif
