/* batch_syrk.cu — batched SYRK and HERK for orders n <= 32, any k (kblasf_cuda_?syrk_batch):
 * the diagonal blocks of the batched SYRK/HERK recursion (lapack/batch_syrk_gen.c), and the
 * whole problem when n <= 32.
 *
 * Thread blocks of 128 threads holding MPB matrices each (2 of order <= 32, 8 of order
 * <= 16, 8 of order <= 8: instances NB = 32, 16, 8), TPM = 128 / MPB threads a matrix.
 * Thread (ti, tj) of a matrix keeps a TI x TJ tile of C in registers: rows ti + RI*a,
 * columns tj + RJ*b (RI = NB/TI, RJ = NB/TJ), strided so that a warp's lanes meet
 * consecutive rows of C when it is read and written. op(A) streams through shared memory
 * in chunks of KC of its k columns, each loaded with consecutive threads on consecutive
 * addresses (down A's columns, whichever way op reads them) and stored as sP[l][r] =
 * op(A)(r, l0 + l); per column l of a chunk a thread reads TI + TJ elements (every lane
 * the same row l of sP: no bank conflicts). Of its tile, element (a, c) lies strictly
 * below the diagonal when a > c and strictly above when a < c, whatever the thread: so
 * only the pairs a >= c are computed (10 of 16 multiply-adds), the lower triangle; 'U'
 * stores the tile mirrored (and the lanes run along its columns, so that stores still
 * meet consecutive rows). Only the stored triangle of C is read (beta != 0) and written,
 * after the last chunk. */
#include "kblasf_cuda.h"
#include "batch_common.cuh"

namespace kblasf {
namespace {

/* The instance for orders n <= NB with TI x TJ tiles of C a thread. */
template <typename T, int NB, int TI, int TJ> struct SyrkCfg {
    static constexpr int THREADS = 128;
    static constexpr int RI = NB / TI, RJ = NB / TJ; /* the tile grid */
    static constexpr int TPM = RI * RJ;              /* threads a matrix */
    static constexpr int MPB = THREADS / TPM;        /* matrices a block */
    static constexpr int LD = NB + 1;                /* a row of sP; odd, so that the
                                                        transposed chunk stores, a warp
                                                        along l, hit distinct banks */
    /* columns a chunk: 32, or fewer to keep the block's chunks within 36 KB (z at NB 16) */
    static constexpr int FIT = 36864 / (MPB * LD * (int)sizeof(T));
    static constexpr int KC = FIT >= 32 ? 32 : FIT >= 16 ? 16 : 8;
    /* a thread's elements of a chunk, loaded LG at a time (128 bytes of registers) */
    static constexpr int LOADS = NB * KC / TPM;
    static constexpr int LG = LOADS < 128 / (int)sizeof(T) ? LOADS : 128 / (int)sizeof(T);
    static_assert(THREADS % TPM == 0 && NB % TI == 0 && TI == TJ, "a square tile grid");
    static_assert(TPM % NB == 0 && (TPM % KC == 0 || KC % TPM == 0) && LOADS % LG == 0,
                  "chunk loads");
};

template <typename T, bool HERM, int NB, int TI, int TJ>
__global__ void __launch_bounds__(128)
syrk_batch_kernel(bool lower, bool notrans, int n, int64_t k, T alpha, T beta, bool beta0,
                  T *const *Aarr, const T *A, int64_t lda, int64_t strideA, int64_t offA,
                  T *const *Carr, T *C, int64_t ldc, int64_t strideC, int64_t offC,
                  int64_t batch)
{
    using Cf = SyrkCfg<T, NB, TI, TJ>;
    constexpr int RI = Cf::RI, RJ = Cf::RJ, TPM = Cf::TPM, KC = Cf::KC;
    constexpr int LOADS = Cf::LOADS, LG = Cf::LG;
    __shared__ T sP_[Cf::MPB][KC][Cf::LD]; /* sP[l][r] = op(A)(r, l0 + l) of matrix m */
    const int m = threadIdx.x / TPM, q = threadIdx.x % TPM;
    /* the tile's row and column sets; consecutive lanes take consecutive rows of what
     * they store: ti for 'L', tj for 'U' (which stores the tile mirrored) */
    const int ti = lower ? q % RI : q / RJ, tj = lower ? q / RI : q % RJ;
    const int64_t b = (int64_t)blockIdx.x * Cf::MPB + m;
    const bool here = b < batch; /* the block's last matrices may be missing */
    T (*sP)[Cf::LD] = sP_[m];
    T acc[TI][TJ];

#pragma unroll
    for (int a = 0; a < TI; ++a)
#pragma unroll
        for (int c = 0; c < TJ; ++c)
            acc[a][c] = Sc<T>::zero();
    const T *Ab = here && k > 0 ? (Aarr ? Aarr[b] : A + b * strideA) + offA : nullptr;
    for (int64_t l0 = 0; l0 < k; l0 += KC) {
        const int kc = k - l0 < KC ? (int)(k - l0) : KC;
        __syncthreads(); /* the previous chunk is used up */
        if (here) {
            /* LOADS elements of the chunk a thread, LG at a time in flight, then stored;
             * zeros past n and kc, so that every tile is finite */
#pragma unroll
            for (int g0 = 0; g0 < LOADS; g0 += LG) {
                T v[LG];
                int rr[LG], ll[LG];
#pragma unroll
                for (int u = 0; u < LG; ++u) {
                    const int w = g0 + u; /* the thread's w-th element */
                    const T *p;
                    if (notrans) {   /* (r, l) = (q % NB, q / NB + w TPM/NB): down A's columns */
                        rr[u] = q % NB;
                        ll[u] = q / NB + w * (TPM / NB);
                        p = Ab + rr[u] + (l0 + ll[u]) * lda;
                    } else if constexpr (TPM >= KC) { /* op(A)(r, l) = A(l0 + l, r): l = q % KC */
                        ll[u] = q % KC;
                        rr[u] = q / KC + w * (TPM / KC);
                        p = Ab + (l0 + ll[u]) + rr[u] * lda;
                    } else {                /* KC / TPM sweeps down a column of A */
                        ll[u] = q + TPM * (w % (KC / TPM));
                        rr[u] = w / (KC / TPM);
                        p = Ab + (l0 + ll[u]) + rr[u] * lda;
                    }
                    v[u] = rr[u] < n && ll[u] < kc ? Sc<T>::ld(p) : Sc<T>::zero();
                }
#pragma unroll
                for (int u = 0; u < LG; ++u) /* op(A) = A^H for HERK 'C' */
                    sP[ll[u]][rr[u]] = HERM && !notrans ? Sc<T>::conj(v[u]) : v[u];
            }
        }
        __syncthreads();
        if (!here)
            continue;
#pragma unroll 4
        for (int l = 0; l < kc; ++l) {
            T pi[TI], pj[TJ];
#pragma unroll
            for (int a = 0; a < TI; ++a)
                pi[a] = sP[l][ti + RI * a];
#pragma unroll
            for (int c = 0; c < TJ; ++c)
                pj[c] = sP[l][tj + RJ * c];
            /* X(i, j) += op(A)(i, l) * op(A)(j, l) (conjugated for HERK), i = ti + RI a,
             * j = tj + RJ c, for a >= c only: there i > j when a > c, whatever ti and tj */
#pragma unroll
            for (int a = 0; a < TI; ++a)
#pragma unroll
                for (int c = 0; c <= a; ++c)
                    acc[a][c] = HERM ? Sc<T>::fmac(pj[c], pi[a], acc[a][c])
                                     : Sc<T>::fma(pi[a], pj[c], acc[a][c]);
        }
    }
    if (!here)
        return;
    T *Cb = mat(Carr, C, strideC, b) + offC;
    /* 'L': C(x, y) = X(x, y); 'U': C(y, x) = X(x, y) (conjugated for HERK); the tile's
     * element (a, c) at Cb[at(a, c)], where it is in C's stored triangle */
    auto at = [&](int a, int c) {
        const int x = ti + RI * a, y = tj + RJ * c;
        return lower ? x + (int64_t)y * ldc : y + (int64_t)x * ldc;
    };
    auto in = [&](int a, int c) {
        const int x = ti + RI * a, y = tj + RJ * c;
        return x < n && y < n && x >= y;
    };
    /* every element of C this thread reads in flight before the first store: a load after
     * a store to C waits for it (the compiler cannot tell them apart), so loads and stores
     * interleaved paid a memory latency each (HERK: the diagonal's imaginary part is not
     * read) */
    T cv[TI][TJ];
#pragma unroll
    for (int c = 0; c < TJ; ++c)
#pragma unroll
        for (int a = c; a < TI; ++a) {
            cv[a][c] = Sc<T>::zero();
            const int x = ti + RI * a, y = tj + RJ * c;
            if (!beta0 && in(a, c))
                cv[a][c] = HERM && x == y ? Sc<T>::ld_rw_real(Cb + at(a, c)) : ld_rw(Cb + at(a, c));
        }
#pragma unroll
    for (int c = 0; c < TJ; ++c)
#pragma unroll
        for (int a = c; a < TI; ++a) {
            const int x = ti + RI * a, y = tj + RJ * c;
            if (!in(a, c))
                continue;
            T *p = Cb + at(a, c);
            T v = Sc<T>::mul(alpha, HERM && !lower ? Sc<T>::conj(acc[a][c]) : acc[a][c]);
            if (!beta0)
                v = Sc<T>::fma(beta, cv[a][c], v);
            if (HERM && x == y)
                v = Sc<T>::from_re(Sc<T>::re(v));
            *p = v;
        }
}

/* The instance for order n: NB 8 with 2 x 2 tiles (16 threads a matrix), 16 and 32 with
 * 4 x 4 (16 and 64 threads a matrix). */
template <typename T, bool HERM, int NB, int TI, int TJ>
cudaError_t launch_syrk(cudaStream_t stream, bool lower, bool notrans, int n, int64_t k, T alpha,
                        T beta, bool beta0, T *const *Aarr, const T *A, int64_t lda,
                        int64_t strideA, int64_t offA, T *const *Carr, T *C, int64_t ldc,
                        int64_t strideC, int64_t offC, int64_t batch)
{
    using Cf = SyrkCfg<T, NB, TI, TJ>;
    const dim3 grid((unsigned)((batch + Cf::MPB - 1) / Cf::MPB)), block(Cf::THREADS);
    return launch(syrk_batch_kernel<T, HERM, NB, TI, TJ>, grid, block, stream, false, lower,
                  notrans, n, k, alpha, beta, beta0, Aarr, A, lda, strideA, offA, Carr, C, ldc,
                  strideC, offC, batch);
}

template <typename T, bool HERM>
cudaError_t launch_syrk_n(cudaStream_t stream, bool lower, bool notrans, int n, int64_t k,
                          T alpha, T beta, bool beta0, T *const *Aarr, const T *A, int64_t lda,
                          int64_t strideA, int64_t offA, T *const *Carr, T *C, int64_t ldc,
                          int64_t strideC, int64_t offC, int64_t batch)
{
    if (n <= 8)
        return launch_syrk<T, HERM, 8, 2, 2>(stream, lower, notrans, n, k, alpha, beta, beta0,
                                             Aarr, A, lda, strideA, offA, Carr, C, ldc,
                                             strideC, offC, batch);
    if (n <= 16)
        return launch_syrk<T, HERM, 16, 4, 4>(stream, lower, notrans, n, k, alpha, beta, beta0,
                                              Aarr, A, lda, strideA, offA, Carr, C, ldc,
                                              strideC, offC, batch);
    return launch_syrk<T, HERM, 32, 4, 4>(stream, lower, notrans, n, k, alpha, beta, beta0,
                                          Aarr, A, lda, strideA, offA, Carr, C, ldc, strideC,
                                          offC, batch);
}

template <typename T>
cudaError_t syrk_batch_run(cudaStream_t stream, int herm, char uplo, char trans, int64_t n,
                           int64_t k, T alpha, T *const *Aarr, const T *A, int64_t lda,
                           int64_t strideA, int64_t offA, T beta, T *const *Carr, T *C,
                           int64_t ldc, int64_t strideC, int64_t offC, int64_t batch)
{
    const bool lower = uplo == 'L' || uplo == 'l', notrans = trans == 'N' || trans == 'n';
    const bool hm = herm && Sc<T>::complex;
    /* SYRK: 'T' (or 'C' for real types); HERK: 'C' */
    const bool tr = trans == 'T' || trans == 't', ct = trans == 'C' || trans == 'c';
    const bool trans_ok = notrans || (hm ? ct : (tr || (ct && !Sc<T>::complex)));

    if ((!lower && uplo != 'U' && uplo != 'u') || !trans_ok || n < 0 ||
        n > KBLASF_CUDA_BATCH_SYRK_MAX || k < 0 || lda < (notrans ? (n > 1 ? n : 1) : (k > 1 ? k : 1)) ||
        ldc < (n > 1 ? n : 1) || batch < 0 || batch > 0x7fffffff || offA < 0 || offC < 0)
        return cudaErrorInvalidValue;
    if (n == 0 || batch == 0)
        return cudaSuccess;
    if (hm) { /* HERK's scalars are real */
        alpha = Sc<T>::from_re(Sc<T>::re(alpha));
        beta = Sc<T>::from_re(Sc<T>::re(beta));
    }
    if (Sc<T>::is_zero(alpha))
        k = 0; /* C := beta C: A is not read */
    if ((k > 0 && !A && !Aarr) || (!C && !Carr))
        return cudaErrorInvalidValue;
    const bool beta0 = Sc<T>::is_zero(beta);
    if (hm) /* only complex types instantiate HERK's kernels */
        return launch_syrk_n<T, Sc<T>::complex>(stream, lower, notrans, (int)n, k, alpha, beta,
                                                beta0, Aarr, A, lda, strideA, offA, Carr, C,
                                                ldc, strideC, offC, batch);
    return launch_syrk_n<T, false>(stream, lower, notrans, (int)n, k, alpha, beta, beta0, Aarr,
                                   A, lda, strideA, offA, Carr, C, ldc, strideC, offC, batch);
}

} // namespace
} // namespace kblasf

#define KBLASF_SYRK_BATCH(P, T)                                                             \
    extern "C" cudaError_t kblasf_cuda_##P##syrk_batch(cudaStream_t stream, int herm,      \
            char uplo, char trans, int64_t n, int64_t k, T alpha, T *const *Aarr,           \
            const T *A, int64_t lda, int64_t strideA, int64_t offA, T beta, T *const *Carr, \
            T *C, int64_t ldc, int64_t strideC, int64_t offC, int64_t batch)                \
    {                                                                                       \
        return kblasf::syrk_batch_run<T>(stream, herm, uplo, trans, n, k, alpha, Aarr, A,   \
                                         lda, strideA, offA, beta, Carr, C, ldc, strideC,   \
                                         offC, batch);                                      \
    }
KBLASF_SYRK_BATCH(s, float)
KBLASF_SYRK_BATCH(d, double)
KBLASF_SYRK_BATCH(c, cuFloatComplex)
KBLASF_SYRK_BATCH(z, cuDoubleComplex)
