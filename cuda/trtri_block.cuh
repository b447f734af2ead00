/* trtri_block.cuh — the triangular inversion of one block of order s <= 32 held in shared
 * memory, by substitution: the one piece behind the recursive TRSM's inverted diagonal
 * blocks and the batched TRTRI (trtri_diag.cu), and the batched POTRI and POTI
 * (batch_potri.cu). Internal to cuda/; everything in an unnamed namespace (as
 * cuda_scalar.cuh), so each .cu file has its own copy. */
#ifndef KBLASF_TRTRI_BLOCK_CUH
#define KBLASF_TRTRI_BLOCK_CUH

#include "cuda_scalar.cuh"

namespace kblasf {
namespace {

/* Thread t < s: column t of the inverse of the s x s triangle whose strictly lower (lower)
 * or strictly upper part is in sA and the reciprocals of whose diagonal are in dinv, into
 * column t of sX (rows of the other triangle set to 0, so that a singular block does not
 * spread NaN outside the triangle):
 *   X(i,t) = (delta(i,t) - sum over the rows solved before i of A(i,j) X(j,t)) * dinv[i]
 * in the order of the substitution. Every thread walks the same rows and columns in the
 * same order, so the reads of sA and dinv are broadcasts; each thread reads and writes only
 * its own column of sX: no barrier inside (the caller syncs before and after). */
template <typename T, int LD>
__device__ __forceinline__ void invert_column(bool lower, int s, int t, const T (*sA)[LD],
                                              const T *dinv, T (*sX)[LD])
{
    for (int r = 0; r < s; ++r) {
        const int i = lower ? r : s - 1 - r;
        T acc = Sc<T>::zero(), x;
        if (lower)
            for (int j = 0; j < i; ++j)
                acc = Sc<T>::fma(sA[i][j], sX[j][t], acc);
        else
            for (int j = i + 1; j < s; ++j)
                acc = Sc<T>::fma(sA[i][j], sX[j][t], acc);
        if (lower ? i < t : i > t)
            x = Sc<T>::zero();
        else
            x = Sc<T>::mul(Sc<T>::sub(i == t ? Sc<T>::one() : Sc<T>::zero(), acc), dinv[i]);
        sX[i][t] = x;
    }
}

} // namespace
} // namespace kblasf

#endif /* KBLASF_TRTRI_BLOCK_CUH */
