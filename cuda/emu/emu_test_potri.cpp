/* emu_test_potri.cpp — emulator tests of the batched SYRK/HERK for n <= 32
 * (kblasf_cuda_?syrk_batch, batch_syrk.cu) and of the batched LAUUM, POTRI, POTI for
 * n <= 32 and the zero-diagonal check (kblasf_cuda_?lauum_batch, ?potri_batch,
 * ?zero_diag_batch, batch_potri.cu), against long-double references. Called from
 * emu_test.cpp's main (emu_tests.h); test names sbsyrk dbsyrk cbsyrk zbsyrk cbherk zbherk
 * sblauum .. zblauum sbpotri .. zbpotri sbpoti .. zbpoti zerodiag.
 *
 * Every test: both forms (a base with a stride larger than needed, or 0 with a batch of 1;
 * an array of pointers to members in shuffled order, beside it a decoy base, the buffer or
 * NULL, and a junk stride that the kernel must ignore), element offsets, leading
 * dimensions above the minimum, letters in either case. Everything the kernel must not
 * read holds NaN (the other triangle, padding, gaps, the complex diagonal's imaginary part
 * where the routine ignores it) and the load checker fails any read of it; after the call
 * everything outside what the routine may write is compared bit for bit. Tolerances as
 * the other emulator tests: componentwise (k + 3) eps for SYRK's sums, scaled residuals
 * below 30 for the inversions. Then each routine's argument checks
 * (cudaErrorInvalidValue, or nothing launched for the no-ops). */
#include "kbemu.h"
#include "kblasf_cuda.h"
#include "emu_tests.h"
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

typedef std::complex<long double> LC;
template <typename T> struct Tr;
template <> struct Tr<float> {
    static const bool cplx = false;
    static LC get(float a) { return LC(a, 0); }
    static float mk(long double r, long double) { return (float)r; }
    static double eps() { return 1.2e-7; }
};
template <> struct Tr<double> {
    static const bool cplx = false;
    static LC get(double a) { return LC(a, 0); }
    static double mk(long double r, long double) { return (double)r; }
    static double eps() { return 2.3e-16; }
};
template <> struct Tr<cuFloatComplex> {
    static const bool cplx = true;
    static LC get(cuFloatComplex a) { return LC(a.x, a.y); }
    static cuFloatComplex mk(long double r, long double i) { return make_cuFloatComplex((float)r, (float)i); }
    static double eps() { return 1.2e-7; }
};
template <> struct Tr<cuDoubleComplex> {
    static const bool cplx = true;
    static LC get(cuDoubleComplex a) { return LC(a.x, a.y); }
    static cuDoubleComplex mk(long double r, long double i) { return make_cuDoubleComplex((double)r, (double)i); }
    static double eps() { return 2.3e-16; }
};

std::mt19937_64 rng(1);
double urand() { return std::uniform_real_distribution<double>(-1, 1)(rng); }
int irand(int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); }
template <typename T> T rnd() { return Tr<T>::mk(urand(), Tr<T>::cplx ? urand() : 0); }
template <typename T> T nanv() { return Tr<T>::mk(NAN, NAN); }
template <typename T> bool isnanv(T a)
{
    const LC c = Tr<T>::get(a);
    return std::isnan((double)c.real()) || std::isnan((double)c.imag());
}
bool is_letter(char c, char want) { return c == want || c == want + ('a' - 'A'); }
/* a letter in upper case three times in four, else lower case */
char lc(char c) { return irand(0, 3) ? c : (char)(c + ('a' - 'A')); }

int ntests = 0, nfails = 0;

void report(bool ok, const char *what, const std::string &why, const char *fmt_extra = "")
{
    if (!ok) {
        ++nfails;
        fprintf(stderr, "FAIL %s:%s %s\n", what, why.c_str(), fmt_extra);
    } else if (getenv("KBV")) {
        fprintf(stderr, "ok %s %s\n", what, fmt_extra);
    }
}

#define CALLS(P, T)                                                                                        \
    cudaError_t call_syrk(int herm, char u, char t, int64_t n, int64_t k, T al, T *const *Aa, const T *A, \
                          int64_t lda, int64_t sA, int64_t oA, T be, T *const *Ca, T *C, int64_t ldc,     \
                          int64_t sC, int64_t oC, int64_t batch)                                         \
    {                                                                                                      \
        return kblasf_cuda_##P##syrk_batch(0, herm, u, t, n, k, al, Aa, A, lda, sA, oA, be, Ca, C, ldc,   \
                                           sC, oC, batch);                                               \
    }                                                                                                      \
    cudaError_t call_lauum(char u, int64_t n, T *const *Aa, T *A, int64_t lda, int64_t sA, int64_t oA,    \
                           int64_t batch)                                                                \
    {                                                                                                      \
        return kblasf_cuda_##P##lauum_batch(0, u, n, Aa, A, lda, sA, oA, batch);                           \
    }                                                                                                      \
    cudaError_t call_potri(int poti, char u, int64_t n, T *const *Aa, T *A, int64_t lda, int64_t sA,      \
                           int64_t oA, void *info, int ib, int64_t batch)                                \
    {                                                                                                      \
        return kblasf_cuda_##P##potri_batch(0, poti, u, n, Aa, A, lda, sA, oA, info, ib, batch);           \
    }                                                                                                      \
    cudaError_t call_zdiag(int64_t n, T *const *Aa, const T *A, int64_t lda, int64_t sA, int64_t oA,      \
                           void *info, int ib, int64_t batch)                                            \
    {                                                                                                      \
        return kblasf_cuda_##P##zero_diag_batch(0, n, Aa, A, lda, sA, oA, info, ib, batch);                \
    }
CALLS(s, float)
CALLS(d, double)
CALLS(c, cuFloatComplex)
CALLS(z, cuDoubleComplex)
#undef CALLS

/* A batch: member b's base (what the call gets) at ptr[b], its matrix off elements further
 * on. form 0: strided, the stride a slot larger than off + ld*cols; 1: stride 0 (batch 1,
 * no slack); 2: an array of pointers to the slots in shuffled order, with a decoy base
 * (the buffer's start or NULL) and a junk stride. Everything NaN at first; allow: 1 the
 * element may be read, 2 only its real part (one real load), 0 nothing. */
template <typename T> struct Mats {
    std::vector<T> buf;
    std::vector<T *> ptr;
    std::vector<uint8_t> allow;
    int64_t ld, off, stride = 0;
    bool ptrs;
    T *decoy = nullptr;
    Mats(int64_t batch, int64_t cols, int64_t ld_, int64_t off_, int form) : ld(ld_), off(off_), ptrs(form == 2)
    {
        const int64_t slot = off + ld * cols + (form == 1 ? 0 : irand(ptrs ? 0 : 1, 7));
        buf.assign(16 + batch * slot + 16, nanv<T>());
        allow.assign(buf.size(), 0);
        std::vector<int64_t> perm(batch);
        for (int64_t b = 0; b < batch; ++b) perm[b] = b;
        if (ptrs) std::shuffle(perm.begin(), perm.end(), rng);
        ptr.resize(batch);
        for (int64_t b = 0; b < batch; ++b) ptr[b] = buf.data() + 8 + perm[b] * slot;
        if (ptrs) {
            stride = irand(0, 1) ? 0 : irand(-99, 99);
            decoy = irand(0, 1) ? buf.data() : nullptr;
        } else {
            stride = form == 1 ? 0 : slot;
        }
    }
    T &at(int64_t b, int64_t i, int64_t j) { return ptr[b][off + i + j * ld]; }
    size_t idx(int64_t b, int64_t i, int64_t j) const { return (ptr[b] - buf.data()) + off + i + j * ld; }
    T *base() { return ptrs ? decoy : ptr[0]; }
    T *const *arr() { return ptrs ? ptr.data() : nullptr; }
    /* 0: not ours; 1: an allowed load; -1: a forbidden one */
    int check(const void *q, size_t nb) const
    {
        const char *c = (const char *)q, *lo = (const char *)buf.data(), *hi = (const char *)(buf.data() + buf.size());
        if (ptrs) { /* the pointer array: whole entries of the batch */
            const char *p0 = (const char *)ptr.data(), *p1 = (const char *)(ptr.data() + ptr.size());
            if (c >= p0 && c < p1) return (c - p0) % sizeof(T *) == 0 && nb == sizeof(T *) ? 1 : -1;
        }
        if (c < lo || c >= hi) return 0;
        const size_t e = (c - lo) / sizeof(T), o = (c - lo) % sizeof(T);
        if (o) return -1;
        if (allow[e] == 1 && nb == sizeof(T)) return 1;
        if (allow[e] == 2 && nb == sizeof(T) / 2 && Tr<T>::cplx) return 1;
        return -1;
    }
    /* the first element of buf that differs from before, outside the elements marked in w */
    std::string written_outside(const std::vector<T> &before, const std::vector<uint8_t> &w) const
    {
        for (size_t q = 0; q < buf.size(); ++q)
            if (!w[q] && memcmp(&buf[q], &before[q], sizeof(T))) {
                char s[160];
                snprintf(s, sizeof s, " write-outside(elem %zu: %g,%g)", q, (double)Tr<T>::get(buf[q]).real(),
                         (double)Tr<T>::get(buf[q]).imag());
                return s;
            }
        return "";
    }
};

/* info: batch integers of ib bytes, then 16 sentinel bytes */
struct Info {
    std::vector<unsigned char> bytes;
    int ib;
    Info(int64_t batch, int ib_) : bytes(batch * ib_ + 16, 0x5A), ib(ib_) {}
    int64_t get(int64_t b) const
    {
        if (ib == 4) { int32_t v; memcpy(&v, &bytes[b * 4], 4); return v; }
        int64_t v; memcpy(&v, &bytes[b * 8], 8); return v;
    }
    bool sentinels(int64_t batch) const
    {
        for (size_t q = batch * ib; q < bytes.size(); ++q)
            if (bytes[q] != 0x5A) return false;
        return true;
    }
};

/* ------------------------------------------------------------------ SYRK / HERK
 * One call. akind/bkind: 0 zero (HERK: at times only the imaginary part nonzero, which
 * the routine drops), 1 one (HERK: with a nonzero imaginary part at times), 2 random with
 * |.| >= 1/4 (complex for c/z; HERK: the real part is what counts). alpha = 0 or k = 0: A
 * holds NaN or random values but must not be read (the call gets A = NULL at times);
 * beta = 0: C's triangle NaN and never read. C's triangle (HERK: the diagonal's real part
 * only) is the only thing read of C; A's n x k (k x n) block the only thing of A. Checked
 * elementwise against the long-double sum: |C - ref| <= 4 (k + 3) eps (|alpha| sum |a||a| +
 * |beta||c|), HERK's diagonal exactly real, C outside the triangle and all of A bit for
 * bit as before. */
template <typename T>
void test_syrk(int herm, char uplo, char trans, int n, int64_t k, int64_t batch, int formA, int formC, int akind, int bkind)
{
    ++ntests;
    const bool cplx = Tr<T>::cplx, hm = herm && cplx;
    const bool lower = is_letter(uplo, 'L'), notr = is_letter(trans, 'N');
    const double eps = Tr<T>::eps();
    const int64_t arows = notr ? n : k, acols = notr ? k : n;
    const int64_t lda = std::max<int64_t>(1, arows) + (irand(0, 2) ? 0 : irand(1, 5));
    const int64_t ldc = std::max(1, n) + (irand(0, 2) ? 0 : irand(1, 4));
    const int64_t offA = irand(0, 2) ? 0 : irand(1, 40), offC = irand(0, 2) ? 0 : irand(1, 40);
    Mats<T> A(batch, acols, lda, offA, formA), C(batch, n, ldc, offC, formC);
    auto scalar = [&](int kind) -> T {
        const long double im = hm && irand(0, 1) ? urand() + 2 : 0; /* dropped by HERK */
        if (kind == 0) return Tr<T>::mk(0, im);
        if (kind == 1) return Tr<T>::mk(1, im);
        T v;
        do v = rnd<T>(); while (std::abs(Tr<T>::get(v)) < 0.25L || (hm && std::abs(Tr<T>::get(v).real()) < 0.25L));
        return v;
    };
    const T alpha = scalar(akind), beta = scalar(bkind);
    const LC al = hm ? LC(Tr<T>::get(alpha).real(), 0) : Tr<T>::get(alpha);
    const LC be = hm ? LC(Tr<T>::get(beta).real(), 0) : Tr<T>::get(beta);
    const bool noA = al == LC(0) || k == 0, beta0 = be == LC(0);
    auto inC = [&](int i, int j) { return lower ? i >= j : i <= j; };
    for (int64_t b = 0; b < batch; ++b) {
        for (int64_t j = 0; j < acols; ++j)
            for (int64_t i = 0; i < arows; ++i) {
                A.at(b, i, j) = noA && irand(0, 1) ? nanv<T>() : rnd<T>();
                A.allow[A.idx(b, i, j)] = !noA;
            }
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                if (!inC(i, j)) continue;
                T v = beta0 ? nanv<T>() : rnd<T>();
                if (hm && i == j && !beta0) v = Tr<T>::mk(Tr<T>::get(v).real(), NAN);
                C.at(b, i, j) = v;
                C.allow[C.idx(b, i, j)] = beta0 ? 0 : hm && i == j ? 2 : 1;
            }
    }
    const bool nullA = noA && irand(0, 1);
    const std::vector<T> A0 = A.buf, C0 = C.buf;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        int c = A.check(q, nb);
        if (c == 0) c = C.check(q, nb);
        return c == 1;
    };
    emu_launches.clear();
    const cudaError_t err = call_syrk(herm, uplo, trans, n, k, alpha, nullA ? nullptr : A.arr(), nullA ? nullptr : A.base(), lda,
                                      A.stride, offA, beta, C.arr(), C.base(), ldc, C.stride, offC, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.size() != 1) why += " launch";
    if (emu_bad_loads) why += " loads";
    if (memcmp(A.buf.data(), A0.data(), A.buf.size() * sizeof(T))) why += " A-written";
    {
        std::vector<uint8_t> w(C.buf.size(), 0);
        for (int64_t b = 0; b < batch; ++b)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (inC(i, j)) w[C.idx(b, i, j)] = 1;
        why += C.written_outside(C0, w);
    }
    double worst = 0; /* error / tolerance */
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        auto opa = [&](int i, int64_t l) -> LC { /* op(A)(i, l) */
            if (notr) return Tr<T>::get(A0[A.idx(b, i, l)]);
            const LC a = Tr<T>::get(A0[A.idx(b, l, i)]);
            return hm ? std::conj(a) : a;
        };
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                if (!inC(i, j)) continue;
                LC s = 0;
                long double mag = 0;
                if (!noA)
                    for (int64_t l = 0; l < k; ++l) {
                        const LC p = opa(i, l), q = hm ? std::conj(opa(j, l)) : opa(j, l);
                        s += p * q;
                        mag += std::abs(p) * std::abs(q);
                    }
                LC ref = noA ? LC(0) : al * s;
                mag *= std::abs(al);
                if (!beta0) {
                    LC c = Tr<T>::get(C0[C.idx(b, i, j)]);
                    if (hm && i == j) c = LC(c.real(), 0);
                    ref += be * c;
                    mag += std::abs(be) * std::abs(c);
                }
                const LC got = Tr<T>::get(C.at(b, i, j));
                const long double e = std::abs(got - ref), tol = 4 * (k + 3) * eps * mag;
                if (hm && i == j && got.imag() != 0) {
                    if (why.empty()) why += " diag-not-real";
                }
                const double r = e == 0 ? 0 : tol > 0 ? (double)(e / tol) : INFINITY;
                if (!(r <= worst)) worst = r; /* NaN sticks */
            }
    }
    if (!(worst <= 1)) why += " error";
    char what[400];
    snprintf(what, sizeof what, "b%s<%zu%s> %c%c n=%d k=%ld batch=%ld alpha%d beta%d A:%s%s lda=%ld sA=%ld offA=%ld C:%s ldc=%ld sC=%ld offC=%ld grid=%u block=%ux%u err/tol %g",
             hm ? "herk" : "syrk", sizeof(T), cplx ? "c" : "", uplo, trans, n, (long)k, (long)batch, akind, bkind,
             formA == 2 ? "ptrs" : formA == 1 ? "stride0" : "strided", nullA ? "(null)" : "", (long)lda, (long)A.stride,
             (long)offA, formC == 2 ? "ptrs" : formC == 1 ? "stride0" : "strided", (long)ldc, (long)C.stride, (long)offC,
             emu_launches.empty() ? 0 : emu_launches[0].grid.x, emu_launches.empty() ? 0 : emu_launches[0].block.x,
             emu_launches.empty() ? 0 : emu_launches[0].block.y, worst);
    report(why.empty(), what, why);
}

/* cudaErrorInvalidValue, or cudaSuccess with nothing launched for the no-ops (n or batch
 * 0, NULL matrices allowed there), nothing written either way */
template <typename T> void run_syrk_args(int herm)
{
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    const bool cplx = Tr<T>::cplx, hm = herm && cplx;
    /* the transposed letter this routine takes, and one it refuses ('C' for complex SYRK,
     * 'T' for HERK; real types take both: 'X') */
    const char tgood = hm ? 'C' : 'T', tbad = hm ? 'T' : cplx ? 'C' : 'X';
    struct { char u, t; int64_t n, k, lda, ldc, batch, oA, oC; int nullA, nullC, arr; cudaError_t want; } cases[] = {
        {'X', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, 0, E}, {'L', 'X', 4, 3, 4, 4, 2, 0, 0, 0, 0, 0, E},
        {'U', tbad, 4, 3, 4, 4, 2, 0, 0, 0, 0, 0, E}, {'n', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, 1, E},
        {'L', 'N', -1, 3, 4, 4, 2, 0, 0, 0, 0, 0, E}, {'U', 'N', 33, 3, 33, 33, 2, 0, 0, 0, 0, 0, E},
        {'L', tgood, 33, 3, 3, 33, 1, 0, 0, 0, 0, 1, E}, {'L', 'N', 4, -1, 4, 4, 2, 0, 0, 0, 0, 0, E},
        {'L', 'N', 4, 3, 3, 4, 2, 0, 0, 0, 0, 0, E}, {'U', tgood, 4, 5, 4, 4, 2, 0, 0, 0, 0, 0, E},
        {'L', tgood, 4, 0, 0, 4, 2, 0, 0, 0, 0, 0, E}, {'L', 'N', 0, 3, 0, 1, 2, 0, 0, 0, 0, 0, E},
        {'U', 'N', 4, 3, 4, 3, 2, 0, 0, 0, 0, 0, E}, {'L', 'N', 0, 3, 1, 0, 2, 0, 0, 0, 0, 0, E},
        {'L', 'N', 4, 3, 4, 4, -1, 0, 0, 0, 0, 0, E}, {'L', 'N', 4, 3, 4, 4, 2, -1, 0, 0, 0, 0, E},
        {'U', tgood, 4, 3, 4, 4, 2, 0, -2, 0, 0, 1, E}, {'L', 'N', 4, 3, 4, 4, 2, 0, 0, 1, 0, 0, E},
        {'L', tgood, 4, 3, 4, 4, 2, 0, 0, 0, 1, 0, E}, {'u', 'n', 4, 0, 4, 4, 2, 0, 0, 0, 1, 1, E},
        {'L', 'N', 4, 3, 4, 4, 0, 0, 0, 0, 0, 0, OK}, {'U', tgood, 4, 3, 4, 4, 0, 0, 0, 1, 1, 0, OK},
        {'L', 'N', 0, 3, 1, 1, 3, 0, 0, 0, 0, 0, OK}, {'u', tgood, 0, 5, 5, 1, 3, 0, 0, 1, 1, 1, OK},
        {'l', 'n', 0, 0, 1, 1, 3, 0, 0, 1, 1, 0, OK}};
    for (auto &c : cases) {
        ++ntests;
        std::vector<T> a(40 * 40 * 3, nanv<T>()), cc(40 * 40 * 3, nanv<T>());
        std::vector<T *> aarr = {a.data(), a.data() + 1600, a.data() + 3200}, carr = {cc.data(), cc.data() + 1600, cc.data() + 3200};
        emu_launches.clear();
        const T one = Tr<T>::mk(1, 0);
        const cudaError_t e = call_syrk(herm, c.u, c.t, c.n, c.k, one, c.arr && !c.nullA ? aarr.data() : nullptr,
                                        c.nullA ? nullptr : a.data(), c.lda, 1600, c.oA, one,
                                        c.arr && !c.nullC ? carr.data() : nullptr, c.nullC ? nullptr : cc.data(), c.ldc, 1600,
                                        c.oC, c.batch);
        bool ok = e == c.want && emu_launches.empty();
        for (auto &v : a) if (!isnanv(v)) ok = false;
        for (auto &v : cc) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++nfails;
            fprintf(stderr, "FAIL b%s<%zu%s> arguments %c%c n=%ld k=%ld lda=%ld ldc=%ld batch=%ld offA=%ld offC=%ld null %d%d arr=%d: %d want %d, %zu launches\n",
                    hm ? "herk" : "syrk", sizeof(T), cplx ? "c" : "", c.u, c.t, (long)c.n, (long)c.k, (long)c.lda, (long)c.ldc,
                    (long)c.batch, (long)c.oA, (long)c.oC, c.nullA, c.nullC, c.arr, (int)e, (int)c.want, emu_launches.size());
        }
    }
}

/* sweep: every n = 1..32, uplo, trans (SYRK: N, T, and C for real types; HERK: N, C),
 * batches 1 and 7, k from 0 to 2n + 3 (at times 33..100: several chunks), the scalars'
 * kinds mixed (alpha 0 one case in eight, beta 0 one in five); then cnt random cases
 * (n biased to the edges, batches up to 50, a quarter of them 50); then the arguments. */
template <typename T> void run_syrk(int herm, int cnt, bool sweep)
{
    const bool cplx = Tr<T>::cplx, hm = herm && cplx;
    std::string trs = hm ? "NC" : cplx ? "NT" : "NTC";
    auto kk = [&](int n) -> int64_t {
        const int r = irand(0, 9);
        return r == 0 ? 0 : r == 1 ? irand(33, 100) : irand(1, 2 * n + 3);
    };
    auto ak = [&]() { return irand(0, 7) == 0 ? 0 : irand(1, 2); };
    auto bk = [&]() { return irand(0, 4) == 0 ? 0 : irand(1, 2); };
    auto forms = [&](int64_t batch) { return batch == 1 ? irand(0, 2) : irand(0, 1) * 2; };
    if (sweep)
        for (int n = 1; n <= 32; ++n)
            for (int u = 0; u < 2; ++u)
                for (char t : trs)
                    for (int64_t batch : {1, 7})
                        test_syrk<T>(herm, lc("LU"[u]), lc(t), n, kk(n), batch, forms(batch), forms(batch), ak(), bk());
    static const int edges[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32};
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 1) ? irand(1, 32) : edges[irand(0, 13)];
        const int64_t batch = c % 4 == 0 ? 50 : irand(1, 50);
        test_syrk<T>(herm, lc("LU"[irand(0, 1)]), lc(trs[irand(0, (int)trs.size() - 1)]), n, kk(n), batch, forms(batch),
                     forms(batch), ak(), bk());
    }
    run_syrk_args<T>(herm);
}

/* ------------------------------------------------------------------ LAUUM, POTRI, POTI
 * The members' factors: L0 lower, diagonal real in [1, 2], the rest uniform / n (so that
 * everything is well conditioned); 'U' stores U = L0^H. */
static int factor_e2; /* make_factor's L times 2^(factor_e2 / 2): L L^H near under- or overflow */
std::vector<LC> make_factor(int n, bool cplx)
{
    std::vector<LC> L(n * n, LC(0));
    const long double sc = std::ldexp(1.0L, factor_e2 / 2);
    for (int j = 0; j < n; ++j) {
        L[j + j * n] = LC(1 + (urand() + 1) / 2, 0) * sc;
        for (int i = j + 1; i < n; ++i) L[i + j * n] = LC(urand(), cplx ? urand() : 0) / (long double)n * sc;
    }
    return L;
}

/* The full matrix of a stored Hermitian triangle of member b (conjugates mirrored, the
 * diagonal's real part). */
template <typename T> std::vector<LC> herm_full(const Mats<T> &M, const std::vector<T> &buf, int64_t b, int n, bool lower)
{
    std::vector<LC> F(n * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const bool st = lower ? i >= j : i <= j;
            const LC v = st ? Tr<T>::get(buf[M.idx(b, i, j)]) : std::conj(Tr<T>::get(buf[M.idx(b, j, i)]));
            F[i + j * n] = i == j ? LC(v.real(), 0) : v;
        }
    return F;
}

/* ||A X - I||_1 / (n ||A||_1 ||X||_1 eps), NaN when anything is NaN */
double inv_residual(const std::vector<LC> &A, const std::vector<LC> &X, int n, double eps)
{
    long double an = 0, xn = 0, rn = 0;
    for (int j = 0; j < n; ++j) {
        long double sa = 0, sx = 0, sr = 0;
        for (int i = 0; i < n; ++i) {
            sa += std::abs(A[i + j * n]);
            sx += std::abs(X[i + j * n]);
            LC s = 0;
            for (int l = 0; l < n; ++l) s += A[i + l * n] * X[l + j * n];
            sr += std::abs(s - LC(i == j ? 1 : 0));
        }
        an = std::max(an, sa);
        if (!(sx <= xn)) xn = sx;
        if (!(sr <= rn)) rn = sr;
    }
    return (double)(rn / (n * an * xn * eps));
}

/* One LAUUM call: the stored triangle random (the complex diagonal's imaginary part NaN,
 * not to be read: LAPACK's LAUUM takes the real part) times 2^(factor_e2 / 2), so that
 * L^H L lies near under- or overflow in the scaled cases; the result against the long-double
 * L^H L ('L') / U U^H ('U') componentwise: |X - M| / (n eps (|L|^H |L|)) < 30, the diagonal
 * exactly real, nothing outside the triangles written. */
template <typename T> void test_lauum(char uplo, int n, int64_t batch, int form)
{
    ++ntests;
    const bool cplx = Tr<T>::cplx, lower = is_letter(uplo, 'L');
    const double eps = Tr<T>::eps();
    const int64_t lda = n + (irand(0, 2) ? 0 : irand(1, 5)), offA = irand(0, 2) ? 0 : irand(1, 40);
    Mats<T> A(batch, n, lda, offA, form);
    auto st = [&](int i, int j) { return lower ? i >= j : i <= j; };
    for (int64_t b = 0; b < batch; ++b)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
                if (st(i, j)) {
                    const LC r = Tr<T>::get(rnd<T>()) * std::ldexp(1.0L, factor_e2 / 2);
                    T v = Tr<T>::mk(r.real(), r.imag());
                    if (i == j && cplx) v = Tr<T>::mk(r.real(), NAN);
                    A.at(b, i, j) = v;
                    A.allow[A.idx(b, i, j)] = i == j && cplx ? 2 : 1;
                }
    const std::vector<T> A0 = A.buf;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) { return A.check(q, nb) == 1; };
    emu_launches.clear();
    const cudaError_t err = call_lauum(uplo, n, A.arr(), A.base(), lda, A.stride, offA, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.size() != 1) why += " launch";
    if (emu_bad_loads) why += " loads";
    {
        std::vector<uint8_t> w(A.buf.size(), 0);
        for (int64_t b = 0; b < batch; ++b)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (st(i, j)) w[A.idx(b, i, j)] = 1;
        why += A.written_outside(A0, w);
    }
    double worst = 0;
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        /* L (lower; 'U': L = U^H) with the real parts of the diagonal */
        std::vector<LC> L(n * n, LC(0));
        for (int j = 0; j < n; ++j)
            for (int i = j; i < n; ++i) {
                LC v = lower ? Tr<T>::get(A0[A.idx(b, i, j)]) : std::conj(Tr<T>::get(A0[A.idx(b, j, i)]));
                L[i + j * n] = i == j ? LC(v.real(), 0) : v;
            }
        for (int j = 0; j < n; ++j)
            for (int i = j; i < n; ++i) { /* M(i, j) = sum_l conj(L(l, i)) L(l, j), the lower part */
                LC s = 0;
                long double mag = 0;
                for (int l = i; l < n; ++l) {
                    s += std::conj(L[l + i * n]) * L[l + j * n];
                    mag += std::abs(L[l + i * n]) * std::abs(L[l + j * n]);
                }
                /* stored: 'L' M(i, j); 'U' M(j, i) = conj(M(i, j)) at (j, i) */
                const LC got = lower ? Tr<T>::get(A.at(b, i, j)) : std::conj(Tr<T>::get(A.at(b, j, i)));
                if (i == j && got.imag() != 0 && why.empty()) why += " diag-not-real";
                const long double e = std::abs(got - s);
                const double r = e == 0 ? 0 : (double)(e / (n * eps * mag));
                if (!(r <= worst)) worst = r;
            }
    }
    if (!(worst < 30)) why += " error";
    char what[300];
    snprintf(what, sizeof what, "blauum<%zu%s> %c n=%d batch=%ld %s lda=%ld sA=%ld offA=%ld grid=%u block=%u ratio %g",
             sizeof(T), cplx ? "c" : "", uplo, n, (long)batch, form == 2 ? "ptrs" : form == 1 ? "stride0" : "strided",
             (long)lda, (long)A.stride, (long)offA, emu_launches.empty() ? 0 : emu_launches[0].grid.x,
             emu_launches.empty() ? 0 : emu_launches[0].block.x * emu_launches[0].block.y, worst);
    report(why.empty(), what, why);
}

/* One POTRI (poti 0) or POTI (poti 1) call, info of ib bytes.
 * POTRI: each member holds a factor (L0 or L0^H, complex diagonal with imaginary part 0);
 * nfail members get a zero at a random diagonal position p (at times a second one after
 * it): info = p + 1 and the member bit for bit untouched; the others inv(A) with
 * A = L L^H from the stored factor: ||A X - I||_1 / (n ||A||_1 ||X||_1 eps) < 30.
 * POTI: each member holds A = L0 D L0^H rounded (the complex diagonal's imaginary part NaN
 * and not to be read), D = I, or for a failing member D(p,p) = -1 (a negative pivot at
 * p; kind 1) or, kind 2, NaN as A(p,p)'s real part: info = p + 1, the factor's columns
 * ('L') / rows ('U') before p against L0 (|error| / (n eps max |L0|) < 30, diagonal real),
 * the rest of the triangle unchecked; the others the residual above against the input.
 * Every member: the diagonal of what it writes exactly real, info exact, the sentinel bytes
 * after the batch's infos, and everything outside the triangles bit for bit. */
template <typename T> void test_potri(int poti, char uplo, int n, int64_t batch, int form, int nfail, int ib)
{
    ++ntests;
    const bool cplx = Tr<T>::cplx, lower = is_letter(uplo, 'L');
    const double eps = Tr<T>::eps();
    const int64_t lda = n + (irand(0, 2) ? 0 : irand(1, 5)), offA = irand(0, 2) ? 0 : irand(1, 40);
    Mats<T> A(batch, n, lda, offA, form);
    auto st = [&](int i, int j) { return lower ? i >= j : i <= j; };
    std::vector<int> kind(batch, 0), pos(batch, -1);
    for (int f = 0; f < nfail && f < batch; ++f) {
        const int64_t b = irand(0, (int)batch - 1);
        kind[b] = poti ? irand(1, 2) : 1;
        pos[b] = irand(0, 3) ? irand(0, n - 1) : irand(0, 1) ? 0 : n - 1;
    }
    std::vector<std::vector<LC>> L0(batch);
    for (int64_t b = 0; b < batch; ++b) {
        L0[b] = make_factor(n, cplx);
        const std::vector<LC> &L = L0[b];
        std::vector<LC> S(n * n); /* the lower triangle of what is stored, in lower form */
        if (!poti) {
            S = L;
        } else {
            for (int j = 0; j < n; ++j)
                for (int i = j; i < n; ++i) {
                    LC s = 0;
                    for (int l = 0; l <= j; ++l)
                        s += (kind[b] == 1 && l == pos[b] ? LC(-1) : LC(1)) * L[i + l * n] * std::conj(L[j + l * n]);
                    S[i + j * n] = s;
                }
        }
        for (int j = 0; j < n; ++j)
            for (int i = j; i < n; ++i) {
                const LC v = S[i + j * n];
                const int r = lower ? i : j, c = lower ? j : i; /* 'U': U = L^H */
                const LC w = lower ? v : std::conj(v);
                A.at(b, r, c) = i == j ? Tr<T>::mk(w.real(), poti ? NAN : 0) : Tr<T>::mk(w.real(), w.imag());
                A.allow[A.idx(b, r, c)] = i == j && cplx && poti ? 2 : 1;
            }
        if (kind[b] == 1 && !poti) {
            A.at(b, pos[b], pos[b]) = Tr<T>::mk(0, 0);
            if (pos[b] < n - 1 && irand(0, 1)) {
                const int q = irand(pos[b] + 1, n - 1);
                A.at(b, q, q) = Tr<T>::mk(0, 0);
            }
        }
        if (kind[b] == 2) A.at(b, pos[b], pos[b]) = Tr<T>::mk(NAN, NAN);
    }
    const std::vector<T> A0 = A.buf;
    Info info(batch, ib);
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) { return A.check(q, nb) == 1; };
    emu_launches.clear();
    const cudaError_t err = call_potri(poti, uplo, n, A.arr(), A.base(), lda, A.stride, offA, info.bytes.data(), ib, batch);
    emu_load_ok = nullptr;
    std::string why;
    /* POTI may be two launches: the batched POTRF's kernel, then POTRI's */
    if (err != cudaSuccess || emu_launches.empty() || emu_launches.size() > (poti ? 2u : 1u)) why += " launch";
    if (emu_bad_loads) why += " loads";
    if (!info.sentinels(batch)) why += " info-sentinels";
    {
        std::vector<uint8_t> w(A.buf.size(), 0);
        for (int64_t b = 0; b < batch; ++b)
            if (poti || kind[b] == 0) /* a failing POTRI member: untouched */
                for (int j = 0; j < n; ++j)
                    for (int i = 0; i < n; ++i)
                        if (st(i, j)) w[A.idx(b, i, j)] = 1;
        why += A.written_outside(A0, w);
    }
    double worst = 0;
    int64_t worst_b = -1;
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        const int64_t want = kind[b] ? pos[b] + 1 : 0;
        if (info.get(b) != want) {
            char s[100];
            snprintf(s, sizeof s, " info[%ld]=%ld(want %ld)", (long)b, (long)info.get(b), (long)want);
            why += s;
            break;
        }
        for (int j = 0; j < n; ++j) /* the diagonal of what was written */
            if ((kind[b] == 0 || (poti && j < pos[b])) && Tr<T>::get(A.at(b, j, j)).imag() != 0 && why.empty())
                why += " diag-not-real";
        double r;
        if (kind[b] == 0) {
            std::vector<LC> Am;
            if (poti) {
                Am = herm_full(A, A0, b, n, lower);
            } else { /* A = L L^H from the stored factor, as stored */
                std::vector<LC> L(n * n, LC(0));
                for (int j = 0; j < n; ++j)
                    for (int i = j; i < n; ++i)
                        L[i + j * n] = lower ? Tr<T>::get(A0[A.idx(b, i, j)]) : std::conj(Tr<T>::get(A0[A.idx(b, j, i)]));
                Am.assign(n * n, LC(0));
                for (int j = 0; j < n; ++j)
                    for (int i = 0; i < n; ++i)
                        for (int l = 0; l <= std::min(i, j); ++l) Am[i + j * n] += L[i + l * n] * std::conj(L[j + l * n]);
            }
            r = inv_residual(Am, herm_full(A, A.buf, b, n, lower), n, eps);
        } else if (poti) { /* columns before pos against L0 */
            long double mx = 0, e = 0;
            for (int j = 0; j < pos[b]; ++j)
                for (int i = j; i < n; ++i) {
                    mx = std::max(mx, std::abs(L0[b][i + j * n]));
                    const LC got = lower ? Tr<T>::get(A.at(b, i, j)) : std::conj(Tr<T>::get(A.at(b, j, i)));
                    const long double d = std::abs(got - L0[b][i + j * n]);
                    if (!(d <= e)) e = d;
                }
            r = pos[b] == 0 ? 0 : (double)(e / (n * eps * mx));
        } else {
            r = 0;
        }
        if (!(r <= worst)) { worst = r; worst_b = b; }
    }
    if (!(worst < 30)) why += " residual";
    char what[300], extra[80];
    snprintf(what, sizeof what, "b%s<%zu%s> %c n=%d batch=%ld %s lda=%ld sA=%ld offA=%ld info%d fail=%d grid=%u block=%u",
             poti ? "poti" : "potri", sizeof(T), cplx ? "c" : "", uplo, n, (long)batch,
             form == 2 ? "ptrs" : form == 1 ? "stride0" : "strided", (long)lda, (long)A.stride, (long)offA, ib, nfail,
             emu_launches.empty() ? 0 : emu_launches[0].grid.x,
             emu_launches.empty() ? 0 : emu_launches[0].block.x * emu_launches[0].block.y);
    snprintf(extra, sizeof extra, "ratio %g (member %ld)", worst, (long)worst_b);
    report(why.empty(), what, why, extra);
}

/* The argument checks of LAUUM (op 0), POTRI (1), POTI (2): cudaErrorInvalidValue, or the
 * no-ops (batch 0; n 0 for LAUUM) with nothing launched or written; and n = 0 with a batch
 * for POTRI/POTI: every info 0, nothing of A touched. */
template <typename T> void run_potri_args(int op)
{
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    const bool hasinfo = op != 0;
    struct { char u; int64_t n, lda, batch, oA; int ib, nullA, nullinfo, arr; cudaError_t want; int opmask; } cases[] = {
        {'X', 4, 4, 2, 0, 4, 0, 0, 0, E, 7}, {'N', 4, 4, 2, 0, 8, 0, 0, 1, E, 7}, {'L', -1, 4, 2, 0, 4, 0, 0, 0, E, 7},
        {'U', 33, 33, 2, 0, 4, 0, 0, 0, E, 7}, {'l', 33, 40, 1, 0, 8, 0, 0, 1, E, 7}, {'L', 4, 3, 2, 0, 4, 0, 0, 0, E, 7},
        {'u', 2, 1, 1, 0, 8, 0, 0, 1, E, 7}, {'L', 0, 0, 2, 0, 4, 0, 0, 0, E, 7}, {'L', 4, 4, -1, 0, 4, 0, 0, 0, E, 7},
        {'U', 4, 4, 2, -1, 4, 0, 0, 0, E, 7}, {'L', 4, 4, 2, -3, 8, 0, 0, 1, E, 7}, {'L', 4, 4, 2, 0, 4, 1, 0, 0, E, 7},
        {'u', 1, 1, 1, 0, 8, 1, 0, 0, E, 7}, {'L', 4, 4, 2, 0, 2, 0, 0, 0, E, 6}, {'U', 4, 4, 2, 0, 0, 0, 0, 1, E, 6},
        {'L', 0, 1, 2, 0, 3, 0, 0, 0, E, 6}, {'L', 4, 4, 2, 0, 4, 0, 1, 0, E, 6}, {'U', 0, 1, 3, 0, 8, 0, 1, 0, E, 6},
        {'L', 4, 4, 0, 0, 4, 0, 0, 0, OK, 7}, {'U', 4, 4, 0, 0, 8, 1, 1, 0, OK, 7}, {'l', 4, 4, 0, 0, 4, 1, 1, 1, OK, 7},
        {'L', 0, 1, 3, 0, 4, 0, 0, 0, OK, 1}, {'u', 0, 1, 3, 0, 4, 1, 0, 1, OK, 1}};
    for (auto &c : cases) {
        if (!(c.opmask >> op & 1)) continue;
        ++ntests;
        std::vector<T> a(40 * 40 * 3, nanv<T>());
        std::vector<T *> arr = {a.data(), a.data() + 1600, a.data() + 3200};
        Info info(4, 8);
        emu_launches.clear();
        const cudaError_t e = op == 0 ? call_lauum(c.u, c.n, c.arr && !c.nullA ? arr.data() : nullptr, c.nullA ? nullptr : a.data(),
                                                   c.lda, 1600, c.oA, c.batch)
                                      : call_potri(op == 2, c.u, c.n, c.arr && !c.nullA ? arr.data() : nullptr,
                                                   c.nullA ? nullptr : a.data(), c.lda, 1600, c.oA,
                                                   c.nullinfo ? nullptr : info.bytes.data(), c.ib, c.batch);
        bool ok = e == c.want && emu_launches.empty() && info.sentinels(0);
        for (auto &v : a) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++nfails;
            fprintf(stderr, "FAIL b%s<%zu%s> arguments %c n=%ld lda=%ld batch=%ld offA=%ld info%d null %d%d arr=%d: %d want %d, %zu launches\n",
                    op == 0 ? "lauum" : op == 1 ? "potri" : "poti", sizeof(T), Tr<T>::cplx ? "c" : "", c.u, (long)c.n, (long)c.lda,
                    (long)c.batch, (long)c.oA, c.ib, c.nullA, c.nullinfo, c.arr, (int)e, (int)c.want, emu_launches.size());
        }
    }
    if (!hasinfo) return;
    for (int ib : {4, 8}) { /* n = 0: the infos zeroed, A (NULL at times) not touched */
        ++ntests;
        const int64_t batch = irand(1, 300);
        std::vector<T> a(16, nanv<T>());
        Info info(batch, ib);
        const bool nullA = irand(0, 1);
        emu_launches.clear();
        const cudaError_t e = call_potri(op == 2, 'L', 0, nullptr, nullA ? nullptr : a.data(), 1, 0, 0, info.bytes.data(), ib, batch);
        bool ok = e == cudaSuccess && info.sentinels(batch);
        for (int64_t b = 0; b < batch; ++b) if (info.get(b) != 0) ok = false;
        for (auto &v : a) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++nfails;
            fprintf(stderr, "FAIL b%s<%zu%s> n=0 batch=%ld info%d nullA=%d: %d, infos not all 0 or writes\n", op == 1 ? "potri" : "poti",
                    sizeof(T), Tr<T>::cplx ? "c" : "", (long)batch, ib, nullA, (int)e);
        }
    }
}

/* op 0 LAUUM, 1 POTRI, 2 POTI. sweep: every n = 1..32, uplo, batch 1 (every form) and 7
 * (strided, pointer array), a failing member (POTRI: a zero on the diagonal; POTI: a
 * negative or NaN pivot) in a third of the batch-7 cases; then cnt random cases (n biased
 * to the edges, batches up to 50, a quarter of them 50, failing members in half of them);
 * then the arguments. */
template <typename T> void run_potri(int op, int cnt, bool sweep)
{
    auto one = [&](char u, int n, int64_t batch, int form, int nfail) {
        if (op == 0) test_lauum<T>(u, n, batch, form);
        else test_potri<T>(op == 2, u, n, batch, form, nfail, irand(0, 1) ? 4 : 8);
    };
    if (sweep)
        for (int n = 1; n <= 32; ++n)
            for (int u = 0; u < 2; ++u) {
                for (int form = 0; form < 3; ++form) one(lc("LU"[u]), n, 1, form, 0);
                for (int form : {0, 2}) one(lc("LU"[u]), n, 7, form, irand(0, 2) == 0 ? irand(1, 2) : 0);
            }
    static const int edges[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32};
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 1) ? irand(1, 32) : edges[irand(0, 13)];
        const int64_t batch = c % 4 == 0 ? 50 : irand(1, 50);
        one(lc("LU"[irand(0, 1)]), n, batch, batch == 1 ? irand(0, 2) : irand(0, 1) * 2, irand(0, 1) ? irand(1, 5) : 0);
    }
    /* L L^H scaled near underflow and overflow (LAPACK's testers' types 8 and 9) */
    for (int n : {2, 9, 16, 17, 32})
        for (int sg : {-1, 1}) {
            factor_e2 = sg * emu_scale_e2<T>();
            one(lc("LU"[n % 2]), n, 7, 2 * (n % 2), 0);
        }
    factor_e2 = 0;
    run_potri_args<T>(op);
}

/* ------------------------------------------------------------------ zero-diagonal check
 * kblasf_cuda_?zero_diag_batch for every type, n 0..100, both forms, 4- and 8-byte info:
 * members with zeros on the diagonal (the first one counts; -0 is a zero; complex: a
 * diagonal element with only one part zero is not), the others nonzero; only the
 * diagonal may be read (everything else NaN), nothing of A written, info exact, the
 * sentinels after it untouched. Then the argument checks. */
template <typename T> void test_zdiag(int n, int64_t batch, int form, int ib)
{
    ++ntests;
    const bool cplx = Tr<T>::cplx;
    const int64_t lda = std::max(1, n) + (irand(0, 2) ? 0 : irand(1, 5)), offA = irand(0, 2) ? 0 : irand(1, 40);
    Mats<T> A(batch, n, lda, offA, form);
    std::vector<int64_t> want(batch, 0);
    for (int64_t b = 0; b < batch; ++b) {
        for (int j = 0; j < n; ++j) {
            T v = rnd<T>();
            const int r = irand(0, 9);
            if (cplx && r == 0) v = Tr<T>::mk(0, urand() < 0 ? -1e-30 : 1e-30); /* not zero */
            if (cplx && r == 1) v = Tr<T>::mk(1e-30, 0);
            if (!cplx && r == 0) v = Tr<T>::mk(1e-30, 0);
            A.at(b, j, j) = v;
            A.allow[A.idx(b, j, j)] = 1;
        }
        if (n > 0 && irand(0, 2) == 0) {
            const int p = irand(0, n - 1);
            A.at(b, p, p) = irand(0, 1) ? Tr<T>::mk(0, 0) : Tr<T>::mk(-0.0, cplx ? -0.0 : 0);
            want[b] = p + 1;
            for (int j = p + 1; j < n; ++j) /* after it: more zeros, or NaN */
                if (irand(0, 3) == 0) A.at(b, j, j) = irand(0, 1) ? Tr<T>::mk(0, 0) : nanv<T>();
        }
    }
    const std::vector<T> A0 = A.buf;
    Info info(batch, ib);
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) { return A.check(q, nb) == 1; };
    emu_launches.clear();
    const cudaError_t err = call_zdiag(n, A.arr(), A.base(), lda, A.stride, offA, info.bytes.data(), ib, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.size() != 1) why += " launch";
    if (emu_bad_loads) why += " loads";
    if (!info.sentinels(batch)) why += " info-sentinels";
    if (memcmp(A.buf.data(), A0.data(), A.buf.size() * sizeof(T))) why += " A-written";
    for (int64_t b = 0; b < batch && why.empty(); ++b)
        if (info.get(b) != want[b]) {
            char s[100];
            snprintf(s, sizeof s, " info[%ld]=%ld(want %ld)", (long)b, (long)info.get(b), (long)want[b]);
            why += s;
        }
    char what[300];
    snprintf(what, sizeof what, "zero_diag<%zu%s> n=%d batch=%ld %s lda=%ld sA=%ld offA=%ld info%d", sizeof(T),
             cplx ? "c" : "", n, (long)batch, form == 2 ? "ptrs" : form == 1 ? "stride0" : "strided", (long)lda, (long)A.stride,
             (long)offA, ib);
    report(why.empty(), what, why);
}

template <typename T> void run_zdiag_args()
{
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    struct { int64_t n, lda, batch, oA; int ib, nullA, nullinfo; cudaError_t want; } cases[] = {
        {-1, 4, 2, 0, 4, 0, 0, E}, {4, 3, 2, 0, 4, 0, 0, E}, {0, 0, 2, 0, 8, 0, 0, E}, {4, 4, -1, 0, 4, 0, 0, E},
        {4, 4, 2, -1, 8, 0, 0, E}, {4, 4, 2, 0, 2, 0, 0, E}, {4, 4, 2, 0, 0, 0, 0, E}, {4, 4, 2, 0, 4, 0, 1, E},
        {4, 4, 2, 0, 8, 1, 0, E}, {0, 1, 2, 0, 8, 0, 1, E},
        {4, 4, 0, 0, 4, 0, 0, OK}, {4, 4, 0, 0, 8, 1, 1, OK}};
    for (auto &c : cases) {
        ++ntests;
        std::vector<T> a(40 * 40, nanv<T>());
        Info info(4, 8);
        emu_launches.clear();
        const cudaError_t e = call_zdiag(c.n, nullptr, c.nullA ? nullptr : a.data(), c.lda, 1600, c.oA,
                                         c.nullinfo ? nullptr : info.bytes.data(), c.ib, c.batch);
        bool ok = e == c.want && emu_launches.empty() && info.sentinels(0);
        for (auto &v : a) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++nfails;
            fprintf(stderr, "FAIL zero_diag<%zu%s> arguments n=%ld lda=%ld batch=%ld offA=%ld info%d null %d%d: %d want %d\n",
                    sizeof(T), Tr<T>::cplx ? "c" : "", (long)c.n, (long)c.lda, (long)c.batch, (long)c.oA, c.ib, c.nullA,
                    c.nullinfo, (int)e, (int)c.want);
        }
    }
}

template <typename T> void run_zdiag(int cnt)
{
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 9) == 0 ? 0 : irand(0, 1) ? irand(1, 32) : irand(33, 100);
        const int64_t batch = irand(0, 3) ? irand(1, 50) : irand(129, 300); /* past a block of threads */
        test_zdiag<T>(n, batch, batch == 1 ? irand(0, 2) : irand(0, 1) * 2, irand(0, 1) ? 4 : 8);
    }
    run_zdiag_args<T>();
}

} // namespace

void emu_test_potri(const char *which, int cnt, bool sweep, unsigned seed, int *tests, int *fails)
{
    const std::string w = which;
    auto want = [&](const char *s) { return w == "all" || w == s; };
    rng.seed(seed * 1000003u + 7);
    ntests = nfails = 0;
    const struct { const char *name; void (*f)(int, int, bool); int arg; } t[] = {
        {"sbsyrk", run_syrk<float>, 0}, {"dbsyrk", run_syrk<double>, 0},
        {"cbsyrk", run_syrk<cuFloatComplex>, 0}, {"zbsyrk", run_syrk<cuDoubleComplex>, 0},
        {"cbherk", run_syrk<cuFloatComplex>, 1}, {"zbherk", run_syrk<cuDoubleComplex>, 1},
        {"sblauum", run_potri<float>, 0}, {"dblauum", run_potri<double>, 0},
        {"cblauum", run_potri<cuFloatComplex>, 0}, {"zblauum", run_potri<cuDoubleComplex>, 0},
        {"sbpotri", run_potri<float>, 1}, {"dbpotri", run_potri<double>, 1},
        {"cbpotri", run_potri<cuFloatComplex>, 1}, {"zbpotri", run_potri<cuDoubleComplex>, 1},
        {"sbpoti", run_potri<float>, 2}, {"dbpoti", run_potri<double>, 2},
        {"cbpoti", run_potri<cuFloatComplex>, 2}, {"zbpoti", run_potri<cuDoubleComplex>, 2}};
    for (auto &e : t)
        if (want(e.name)) e.f(e.arg, cnt, sweep);
    if (want("zerodiag")) {
        run_zdiag<float>(cnt);
        run_zdiag<double>(cnt);
        run_zdiag<cuFloatComplex>(cnt);
        run_zdiag<cuDoubleComplex>(cnt);
    }
    *tests += ntests;
    *fails += nfails;
}
