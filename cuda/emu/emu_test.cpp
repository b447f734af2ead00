/* emu_test.cpp — runs the real kernel sources (compiled for the host against kbemu.h) on
 * random problems and compares with a long-double reference: any m, n, offsets, lda,
 * increments (negative too), alignment of A, alpha = 0, beta = 0 (y full of NaN), 1, other.
 * The load checker fails a test on any read outside the submatrix (GEMV) / the stored
 * triangle of the submatrix (SYMV; HEMV: no imaginary part of the diagonal) / x's logical
 * elements; y elements between the logical ones must stay untouched.
 * Usage: emu_test [which=all|sgemv|...|zhemv] [count] [maxdim] [seed]; KB_SMS=132 KB_OCC=4
 * fixes the emulated SM count and occupancy, KBV=1 prints every case. */
#include "kbemu.h"
#include "kblasf_cuda.h"
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <string>
#include <cmath>

typedef std::complex<long double> LC;
template <typename T> struct Tr;
template <> struct Tr<float> { static const bool cplx = false; static LC get(float a) { return LC(a, 0); } static float mk(long double r, long double) { return (float)r; } static double eps() { return 1.2e-7; } };
template <> struct Tr<double> { static const bool cplx = false; static LC get(double a) { return LC(a, 0); } static double mk(long double r, long double) { return (double)r; } static double eps() { return 2.3e-16; } };
template <> struct Tr<cuFloatComplex> { static const bool cplx = true; static LC get(cuFloatComplex a) { return LC(a.x, a.y); } static cuFloatComplex mk(long double r, long double i) { return make_cuFloatComplex((float)r, (float)i); } static double eps() { return 1.2e-7; } };
template <> struct Tr<cuDoubleComplex> { static const bool cplx = true; static LC get(cuDoubleComplex a) { return LC(a.x, a.y); } static cuDoubleComplex mk(long double r, long double i) { return make_cuDoubleComplex((double)r, (double)i); } static double eps() { return 2.3e-16; } };

static std::mt19937_64 rng(12345);
static double urand() { return std::uniform_real_distribution<double>(-1, 1)(rng); }
static int irand(int a, int b) { return std::uniform_int_distribution<int>(a, b)(rng); }
template <typename T> T rnd() { return Tr<T>::mk(urand(), Tr<T>::cplx ? urand() : 0); }
template <typename T> T nanv() { return Tr<T>::mk(NAN, NAN); }
template <typename T> bool isnanv(T a) { LC c = Tr<T>::get(a); return std::isnan((double)c.real()) || std::isnan((double)c.imag()); }

cudaError_t call_gemv(cudaStream_t s, char t, int64_t m, int64_t n, float al, const float *A, int64_t lda, int64_t r, int64_t c, const float *x, int64_t ix, float be, float *y, int64_t iy) { return kblasf_cuda_sgemv(s, t, m, n, al, A, lda, r, c, x, ix, be, y, iy); }
cudaError_t call_gemv(cudaStream_t s, char t, int64_t m, int64_t n, double al, const double *A, int64_t lda, int64_t r, int64_t c, const double *x, int64_t ix, double be, double *y, int64_t iy) { return kblasf_cuda_dgemv(s, t, m, n, al, A, lda, r, c, x, ix, be, y, iy); }
cudaError_t call_gemv(cudaStream_t s, char t, int64_t m, int64_t n, cuFloatComplex al, const cuFloatComplex *A, int64_t lda, int64_t r, int64_t c, const cuFloatComplex *x, int64_t ix, cuFloatComplex be, cuFloatComplex *y, int64_t iy) { return kblasf_cuda_cgemv(s, t, m, n, al, A, lda, r, c, x, ix, be, y, iy); }
cudaError_t call_gemv(cudaStream_t s, char t, int64_t m, int64_t n, cuDoubleComplex al, const cuDoubleComplex *A, int64_t lda, int64_t r, int64_t c, const cuDoubleComplex *x, int64_t ix, cuDoubleComplex be, cuDoubleComplex *y, int64_t iy) { return kblasf_cuda_zgemv(s, t, m, n, al, A, lda, r, c, x, ix, be, y, iy); }
cudaError_t call_symv(cudaStream_t s, char u, int64_t n, float al, const float *A, int64_t lda, int64_t off, const float *x, int64_t ix, float be, float *y, int64_t iy) { return kblasf_cuda_ssymv(s, u, n, al, A, lda, off, x, ix, be, y, iy); }
cudaError_t call_symv(cudaStream_t s, char u, int64_t n, double al, const double *A, int64_t lda, int64_t off, const double *x, int64_t ix, double be, double *y, int64_t iy) { return kblasf_cuda_dsymv(s, u, n, al, A, lda, off, x, ix, be, y, iy); }
cudaError_t call_symv(cudaStream_t s, char u, int64_t n, cuFloatComplex al, const cuFloatComplex *A, int64_t lda, int64_t off, const cuFloatComplex *x, int64_t ix, cuFloatComplex be, cuFloatComplex *y, int64_t iy) { return kblasf_cuda_chemv(s, u, n, al, A, lda, off, x, ix, be, y, iy); }
cudaError_t call_symv(cudaStream_t s, char u, int64_t n, cuDoubleComplex al, const cuDoubleComplex *A, int64_t lda, int64_t off, const cuDoubleComplex *x, int64_t ix, cuDoubleComplex be, cuDoubleComplex *y, int64_t iy) { return kblasf_cuda_zhemv(s, u, n, al, A, lda, off, x, ix, be, y, iy); }

/* a vector of `len` logical elements with increment inc, NaN everywhere else;
 * returns the buffer and the pointer to logical element 0 */
template <typename T> struct Vec {
    std::vector<T> buf; T *p0; int64_t inc, len;
    Vec(int64_t len_, int64_t inc_, bool fill_nan_logical = false) : inc(inc_), len(len_) {
        int64_t span = (len - 1) * std::llabs(inc) + 1;
        buf.assign(span + 16, nanv<T>());
        T *first = buf.data() + 8;
        p0 = inc < 0 ? first + (len - 1) * (-inc) : first;
        for (int64_t k = 0; k < len; ++k) p0[k * inc] = fill_nan_logical ? nanv<T>() : rnd<T>();
    }
    bool logical(const void *q, size_t nb) const {
        const char *c = (const char *)q;
        for (int64_t k = 0; k < len; ++k) {
            const char *e = (const char *)(p0 + k * inc);
            if (c >= e && c + nb <= e + sizeof(T)) return true;
        }
        return false;
    }
};

static int fails = 0, tests = 0;

template <typename T>
bool check_y(const char *what, const Vec<T> &y, const std::vector<LC> &ref, double tol)
{
    bool ok = true;
    double maxerr = 0;
    for (size_t i = 0; i < y.buf.size(); ++i) {  /* gaps untouched */
        bool lg = false;
        int64_t off = (T *)&y.buf[i] - y.p0;
        if (off % y.inc == 0 && off / y.inc >= 0 && off / y.inc < y.len) lg = true;
        if (!lg && !isnanv(y.buf[i])) { ok = false; fprintf(stderr, "%s: write outside y at %zu\n", what, i); break; }
    }
    for (int64_t k = 0; k < y.len; ++k) {
        LC got = Tr<T>::get(y.p0[k * y.inc]);
        double err = (double)std::abs(got - ref[k]);
        if (!(err <= tol)) { if (ok) fprintf(stderr, "%s: y[%ld] got (%g,%g) want (%g,%g) err %g tol %g\n", what, (long)k, (double)got.real(), (double)got.imag(), (double)ref[k].real(), (double)ref[k].imag(), err, tol); ok = false; }
        if (err > maxerr) maxerr = err;
    }
    return ok;
}

template <typename T>
void test_gemv(char trans, int64_t m, int64_t n, int64_t offr, int64_t offc, int64_t lda, int64_t incx, int64_t incy, int abase, int betakind, int alphakind)
{
    ++tests;
    const int64_t cols = offc + n;
    std::vector<T> Abuf(lda * cols + 64);
    T *A = Abuf.data() + abase;  /* abase shifts the alignment */
    for (auto &a : Abuf) a = nanv<T>();
    for (int64_t j = offc; j < offc + n; ++j) for (int64_t i = offr; i < offr + m; ++i) A[i + j * lda] = rnd<T>();
    const bool N = trans == 'N';
    Vec<T> x(N ? n : m, incx), y(N ? m : n, incy, betakind == 0);
    T alpha = alphakind == 0 ? Tr<T>::mk(0, 0) : rnd<T>();
    T beta = betakind == 0 ? Tr<T>::mk(0, 0) : betakind == 1 ? Tr<T>::mk(1, 0) : rnd<T>();
    std::vector<LC> ref(y.len);
    double tol = 0;
    for (int64_t k = 0; k < y.len; ++k) {
        LC s = 0; long double mag = 0;
        if (alphakind) for (int64_t l = 0; l < x.len; ++l) {
            LC a = N ? Tr<T>::get(A[(offr + k) + (offc + l) * lda]) : Tr<T>::get(A[(offr + l) + (offc + k) * lda]);
            if (trans == 'C') a = std::conj(a);
            s += a * Tr<T>::get(x.p0[l * x.inc]);
            mag += std::abs(a) * std::abs(Tr<T>::get(x.p0[l * x.inc]));
        }
        ref[k] = Tr<T>::get(alpha) * s + (betakind ? Tr<T>::get(beta) * Tr<T>::get(y.p0[k * y.inc]) : LC(0));
        double t = 8 * Tr<T>::eps() * (double)(mag * std::abs(Tr<T>::get(alpha)) + 2 + x.len);
        if (t > tol) tol = t;
    }
    const T *Ac = A; const int64_t L = lda, R0 = offr, C0 = offc, M = m, NN = n;
    const Vec<T> *xp = &x;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        const char *c = (const char *)q;
        if (c >= (const char *)Abuf.data() && c < (const char *)(Abuf.data() + Abuf.size())) {
            if ((c - (const char *)Ac) % sizeof(T) != 0 || nb < sizeof(T)) return false;
            int64_t e = (const T *)c - Ac;
            for (int64_t k = 0; k < (int64_t)(nb / sizeof(T)); ++k) {
                int64_t i = (e + k) % L, j = (e + k) / L;
                if (!(e + k >= 0 && i >= R0 && i < R0 + M && j >= C0 && j < C0 + NN)) return false;
            }
            return true;
        }
        return xp->logical(q, nb);
    };
    emu_launches.clear();
    cudaError_t err = call_gemv((cudaStream_t)0, trans, m, n, alpha, A, lda, offr, offc, x.p0, incx, beta, y.p0, incy);
    emu_load_ok = nullptr;
    char what[300];
    snprintf(what, sizeof what, "gemv<%zu%s> %c m=%ld n=%ld offr=%ld offc=%ld lda=%ld incx=%ld incy=%ld abase=%d beta%d alpha%d launches=%zu",
             sizeof(T), Tr<T>::cplx ? "c" : "", trans, (long)m, (long)n, (long)offr, (long)offc, (long)lda, (long)incx, (long)incy, abase, betakind, alphakind, emu_launches.size());
    bool ok = err == cudaSuccess && check_y(what, y, ref, tol);
    if (emu_bad_loads) { fprintf(stderr, "%s: %d bad loads\n", what, emu_bad_loads); ok = false; }
    if (!ok) { ++fails; fprintf(stderr, "FAIL %s\n", what); } else if (getenv("KBV")) fprintf(stderr, "ok %s\n", what);
}

template <typename T>
void test_symv(char uplo, int64_t n, int64_t off, int64_t lda, int64_t incx, int64_t incy, int abase, int betakind, int alphakind)
{
    ++tests;
    const bool herm = Tr<T>::cplx;
    const int64_t cols = off + n;
    std::vector<T> Abuf(lda * cols + 64);
    T *A = Abuf.data() + abase;
    for (auto &a : Abuf) a = nanv<T>();
    /* stored triangle random; hermitian diag: imaginary part NaN (must not be read) */
    for (int64_t j = 0; j < n; ++j) for (int64_t i = 0; i < n; ++i) {
        bool st = uplo == 'U' ? i <= j : i >= j;
        if (!st) continue;
        T v = rnd<T>();
        if (herm && i == j) v = Tr<T>::mk(Tr<T>::get(v).real(), NAN);
        A[(off + i) + (off + j) * lda] = v;
    }
    auto full = [&](int64_t i, int64_t j) -> LC {
        bool st = uplo == 'U' ? i <= j : i >= j;
        if (i == j) { LC d = Tr<T>::get(A[(off + i) + (off + i) * lda]); return herm ? LC(d.real(), 0) : d; }
        if (st) return Tr<T>::get(A[(off + i) + (off + j) * lda]);
        LC a = Tr<T>::get(A[(off + j) + (off + i) * lda]);
        return herm ? std::conj(a) : a;
    };
    Vec<T> x(n, incx), y(n, incy, betakind == 0);
    T alpha = alphakind == 0 ? Tr<T>::mk(0, 0) : rnd<T>();
    T beta = betakind == 0 ? Tr<T>::mk(0, 0) : betakind == 1 ? Tr<T>::mk(1, 0) : rnd<T>();
    std::vector<LC> ref(n);
    double tol = 0;
    for (int64_t k = 0; k < n; ++k) {
        LC s = 0; long double mag = 0;
        if (alphakind) for (int64_t l = 0; l < n; ++l) { LC a = full(k, l); s += a * Tr<T>::get(x.p0[l * x.inc]); mag += std::abs(a) * std::abs(Tr<T>::get(x.p0[l * x.inc])); }
        ref[k] = Tr<T>::get(alpha) * s + (betakind ? Tr<T>::get(beta) * Tr<T>::get(y.p0[k * y.inc]) : LC(0));
        double t = 8 * Tr<T>::eps() * (double)(mag * std::abs(Tr<T>::get(alpha)) + 2 + n);
        if (t > tol) tol = t;
    }
    const T *Ac = A; const Vec<T> *xp = &x;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        const char *c = (const char *)q;
        if (c >= (const char *)Abuf.data() && c < (const char *)(Abuf.data() + Abuf.size())) {
            int64_t byteoff = c - (const char *)Ac;
            int64_t e = byteoff / (int64_t)sizeof(T);
            if (byteoff < 0) return false;
            int64_t i = e % lda - off, j = e / lda - off;
            if (i < 0 || i >= n || j < 0 || j >= n) return false;
            bool st = uplo == 'U' ? i <= j : i >= j;
            if (!st) return false;
            if (i == j && herm) return byteoff % sizeof(T) == 0 && nb == sizeof(T) / 2;  /* real part only */
            if (byteoff % sizeof(T) != 0 || nb != sizeof(T)) {
                /* a vector load: every element must be allowed, none diagonal for herm */
                if (byteoff % sizeof(T) != 0) return false;
                for (size_t k = 0; k < nb / sizeof(T); ++k) {
                    int64_t ii = (e + k) % lda - off, jj = (e + k) / lda - off;
                    if (ii < 0 || ii >= n || jj < 0 || jj >= n) return false;
                    if (!(uplo == 'U' ? ii <= jj : ii >= jj)) return false;
                    if (herm && ii == jj) return false;
                }
            }
            return true;
        }
        return xp->logical(q, nb);
    };
    emu_launches.clear();
    cudaError_t err = call_symv((cudaStream_t)0, uplo, n, alpha, A, lda, off, x.p0, incx, beta, y.p0, incy);
    emu_load_ok = nullptr;
    char what[300];
    snprintf(what, sizeof what, "symv<%zu%s> %c n=%ld off=%ld lda=%ld incx=%ld incy=%ld abase=%d beta%d alpha%d launches=%zu",
             sizeof(T), herm ? "c" : "", uplo, (long)n, (long)off, (long)lda, (long)incx, (long)incy, abase, betakind, alphakind, emu_launches.size());
    bool ok = err == cudaSuccess && check_y(what, y, ref, tol);
    if (emu_bad_loads) { fprintf(stderr, "%s: %d bad loads\n", what, emu_bad_loads); ok = false; }
    if (!ok) { ++fails; fprintf(stderr, "FAIL %s\n", what); } else if (getenv("KBV")) fprintf(stderr, "ok %s\n", what);
}

static const int64_t incs[] = {1, 1, 1, 2, -1, -3};

template <typename T> void run_gemv(int cnt, int maxdim)
{
    const char ops[] = {'N', 'T', 'C'};
    for (int t = 0; t < cnt; ++t) {
        emu_sms = irand(1, 6); emu_occ = irand(1, 3); if (getenv("KB_SMS")) { emu_sms = atoi(getenv("KB_SMS")); emu_occ = atoi(getenv("KB_OCC")); }
        char op = ops[irand(0, 2)];
        int64_t m = irand(1, maxdim), n = irand(1, maxdim);
        if (irand(0, 3) == 0) m = irand(1, 8);
        if (irand(0, 3) == 0) n = irand(1, 8);
        int64_t offr = irand(0, 3) ? irand(0, irand(0, 1) ? 40 : 300) : 0, offc = irand(0, 3) ? irand(0, 20) : 0;
        int64_t lda = offr + m + (irand(0, 1) ? irand(0, 9) : 0);
        if (irand(0, 1)) lda = (lda + 15) / 16 * 16;
        int abase = irand(0, 3) ? 0 : irand(1, 3);
        test_gemv<T>(op, m, n, offr, offc, lda, incs[irand(0, 5)], incs[irand(0, 5)], abase, irand(0, 2), irand(0, 9) ? 1 : 0);
    }
}
template <typename T> void run_symv(int cnt, int maxdim)
{
    for (int t = 0; t < cnt; ++t) {
        emu_sms = irand(1, 6); emu_occ = irand(1, 3); if (getenv("KB_SMS")) { emu_sms = atoi(getenv("KB_SMS")); emu_occ = atoi(getenv("KB_OCC")); }
        char up = irand(0, 1) ? 'U' : 'L';
        int64_t n = irand(1, maxdim);
        if (irand(0, 3) == 0) n = irand(1, 40);
        int64_t off = irand(0, 2) ? irand(0, irand(0, 1) ? 70 : 200) : 0;
        int64_t lda = off + n + (irand(0, 1) ? irand(0, 9) : 0);
        if (irand(0, 1)) lda = (lda + 15) / 16 * 16;
        int abase = irand(0, 3) ? 0 : irand(1, 3);
        test_symv<T>(up, n, off, lda, incs[irand(0, 5)], incs[irand(0, 5)], abase, irand(0, 2), irand(0, 9) ? 1 : 0);
    }
}

cudaError_t call_trtri(char u, char d, int64_t k, int64_t bs, const float *A, int64_t lda, float *W, int64_t ldw) { return kblasf_cuda_strtri_diag(0, u, d, k, bs, A, lda, W, ldw); }
cudaError_t call_trtri(char u, char d, int64_t k, int64_t bs, const double *A, int64_t lda, double *W, int64_t ldw) { return kblasf_cuda_dtrtri_diag(0, u, d, k, bs, A, lda, W, ldw); }
cudaError_t call_trtri(char u, char d, int64_t k, int64_t bs, const cuFloatComplex *A, int64_t lda, cuFloatComplex *W, int64_t ldw) { return kblasf_cuda_ctrtri_diag(0, u, d, k, bs, A, lda, W, ldw); }
cudaError_t call_trtri(char u, char d, int64_t k, int64_t bs, const cuDoubleComplex *A, int64_t lda, cuDoubleComplex *W, int64_t ldw) { return kblasf_cuda_ztrtri_diag(0, u, d, k, bs, A, lda, W, ldw); }

/* trtri_diag: every block's W_b A_b = I within a tolerance, zeros outside its triangle,
 * W outside the blocks untouched; A holds NaN where it must not be read */
template <typename T>
void run_trtri(int cnt, int maxdim)
{
    for (int c = 0; c < cnt; ++c) {
        ++tests;
        const int64_t k = irand(1, maxdim), bs = irand(1, 32), lda = k + irand(0, 3), ldw = bs + irand(0, 5);
        const char u = irand(0, 1) ? 'L' : 'U', d = irand(0, 1) ? 'U' : 'N';
        const bool lower = u == 'L', unit = d == 'U';
        std::vector<T> A(lda * k, nanv<T>()), W((ldw + 1) * k + 1, nanv<T>());
        std::vector<bool> mine(W.size(), false);
        for (int64_t j = 0; j < k; ++j)
            for (int64_t i = 0; i < k; ++i) {
                if (i == j && !unit) A[i + j * lda] = Tr<T>::mk(2 + urand(), Tr<T>::cplx ? urand() : 0);
                else if (i != j && (lower ? i > j : i < j)) /* tame: unit triangles grow fast */
                    A[i + j * lda] = Tr<T>::mk(urand() / bs, Tr<T>::cplx ? urand() / bs : 0);
            }
        bool ok = call_trtri(u, d, k, bs, A.data(), lda, W.data(), ldw) == cudaSuccess;
        double worst = 0;
        for (int64_t o = 0; o < k && ok; o += bs) {
            const int64_t s = std::min(bs, k - o);
            for (int64_t j = 0; j < s; ++j)
                for (int64_t i = 0; i < s; ++i) {
                    LC sum = 0;
                    for (int64_t l = 0; l < s; ++l) {
                        LC a = l == j && unit ? LC(1) : (lower ? l >= j : l <= j) ? Tr<T>::get(A[(o + l) + (o + j) * lda]) : LC(0);
                        sum += Tr<T>::get(W[(o + i) + (o + l) * ldw]) * a;
                    }
                    const double e = (double)std::abs(sum - LC(i == j ? 1 : 0));
                    if (!(e <= worst)) worst = e;
                    if ((lower ? i < j : i > j) && Tr<T>::get(W[(o + i) + (o + j) * ldw]) != LC(0)) ok = false;
                }
        }
        for (int64_t o = 0; o < k; o += bs) /* outside the diagonal blocks: untouched */
            for (int64_t j = 0; j < std::min(bs, k - o); ++j)
                for (int64_t i = 0; i < std::min(bs, k - o); ++i)
                    mine[(o + i) + (o + j) * ldw] = true;
        for (size_t q = 0; q < W.size(); ++q)
            if (!mine[q] && !isnanv(W[q]))
                ok = false;
        if (!ok || !(worst <= 64 * Tr<T>::eps() * bs)) {
            ++fails;
            fprintf(stderr, "trtri_diag %c%c k=%ld bs=%ld lda=%ld ldw=%ld: %s, worst %g\n", u, d, (long)k,
                    (long)bs, (long)lda, (long)ldw, ok ? "residual" : "wrong zeros or writes", worst);
        }
    }
}

int main(int argc, char **argv)
{
    int cnt = argc > 2 ? atoi(argv[2]) : 20;
    int maxdim = argc > 3 ? atoi(argv[3]) : 200;
    rng.seed(argc > 4 ? atoi(argv[4]) : 1);
    std::string which = argc > 1 ? argv[1] : "all";
    auto want = [&](const char *s) { return which == "all" || which == s; };
    if (want("sgemv")) run_gemv<float>(cnt, maxdim);
    if (want("dgemv")) run_gemv<double>(cnt, maxdim);
    if (want("cgemv")) run_gemv<cuFloatComplex>(cnt, maxdim);
    if (want("zgemv")) run_gemv<cuDoubleComplex>(cnt, maxdim);
    if (want("ssymv")) run_symv<float>(cnt, maxdim);
    if (want("dsymv")) run_symv<double>(cnt, maxdim);
    if (want("chemv")) run_symv<cuFloatComplex>(cnt, maxdim);
    if (want("zhemv")) run_symv<cuDoubleComplex>(cnt, maxdim);
    if (want("strtri")) run_trtri<float>(cnt, maxdim);
    if (want("dtrtri")) run_trtri<double>(cnt, maxdim);
    if (want("ctrtri")) run_trtri<cuFloatComplex>(cnt, maxdim);
    if (want("ztrtri")) run_trtri<cuDoubleComplex>(cnt, maxdim);
    printf("%s: %d tests, %d failures\n", which.c_str(), tests, fails);
    return fails != 0;
}
