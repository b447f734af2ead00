/* emu_test.cpp — runs the real kernel sources (compiled for the host against kbemu.h) on
 * random problems and compares with a long-double reference: any m, n, offsets, lda,
 * increments (negative too), alignment of A, alpha = 0, beta = 0 (y full of NaN), 1, other.
 * The load checker fails a test on any read outside the submatrix (GEMV) / the stored
 * triangle of the submatrix (SYMV; HEMV: no imaginary part of the diagonal) / x's logical
 * elements; y elements between the logical ones must stay untouched. Also trtri_diag,
 * potrf_diag (every n, plus `count` failing blocks per type), potrf_panel (the block and
 * the panel below or right of it in one launch), tri_copy, and the batched
 * POTRF/POTRS/POSV for n <= 32 (every n, both forms, failing members; see below) and for
 * n <= 256 (the _block kernels, and POTRS by the _warp kernel: the issue's sizes; count = the
 * larger batch's size), and
 * the batched TRSM/TRMM for k <= 32 (every k, side, uplo, transa, diag; count random cases
 * more) with kblasf_cuda_offset_pointers, and the batched in-place TRTRI for n <= 32 (every
 * n, uplo, diag, both forms, a singular member; count random cases more).
 * Usage: emu_test [which=all|sgemv|...|zhemv|strtri|..|ztrtri|spotrf|..|zpotrf|spanel|..|zpanel|tricopy|
 * sbpotrf|..|zbpotrf|sbpotrs|..|zbpotrs|sbposv|..|zbposv|spotrf_block|..|zpotrf_block|
 * spotrs_block|..|zpotrs_block|sposv_block|..|zposv_block|spotrs_warp|..|zpotrs_warp|sbtrsm|..|zbtrsm|sbtrmm|..|zbtrmm|
 * offptr|sbtrtri|..|zbtrtri|(emu_test_potri.cpp:) sbsyrk|..|zbsyrk|cbherk|zbherk|sblauum|..|
 * zblauum|sbpotri|..|zbpotri|sbpoti|..|zbpoti|zerodiag] [count] [maxdim] [seed];
 * KB_SMS=132 KB_OCC=4 fixes the emulated SM count and occupancy, KBV=1 prints every case. */
#include "kbemu.h"
#include "kblasf_cuda.h"
#include "emu_tests.h"
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <string>
#include <cmath>
#include <algorithm>

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
/* y := A x and the quadratic form into qf (alpha 1, beta 0) */
cudaError_t call_symv_qf(cudaStream_t s, char u, int64_t n, const float *A, int64_t lda, int64_t off, const float *x, int64_t ix, float *y, int64_t iy, double *qf, int rev) { return kblasf_cuda_ssymv_qf(s, u, n, A, lda, off, x, ix, y, iy, qf, rev); }
cudaError_t call_symv_qf(cudaStream_t s, char u, int64_t n, const double *A, int64_t lda, int64_t off, const double *x, int64_t ix, double *y, int64_t iy, double *qf, int rev) { return kblasf_cuda_dsymv_qf(s, u, n, A, lda, off, x, ix, y, iy, qf, rev); }
cudaError_t call_symv_qf(cudaStream_t s, char u, int64_t n, const cuFloatComplex *A, int64_t lda, int64_t off, const cuFloatComplex *x, int64_t ix, cuFloatComplex *y, int64_t iy, double *qf, int rev) { return kblasf_cuda_chemv_qf(s, u, n, A, lda, off, x, ix, y, iy, qf, rev); }
cudaError_t call_symv_qf(cudaStream_t s, char u, int64_t n, const cuDoubleComplex *A, int64_t lda, int64_t off, const cuDoubleComplex *x, int64_t ix, cuDoubleComplex *y, int64_t iy, double *qf, int rev) { return kblasf_cuda_zhemv_qf(s, u, n, A, lda, off, x, ix, y, iy, qf, rev); }

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
static int chain_marked_calls = 0; /* trsv_chain calls that found their scratch marked */

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
    T alpha = alphakind == 0 ? Tr<T>::mk(0, 0) : alphakind == 2 ? Tr<T>::mk(1, 0) : rnd<T>();
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
void test_symv(char uplo, int64_t n, int64_t off, int64_t lda, int64_t incx, int64_t incy, int abase, int betakind, int alphakind, bool qf = false, int rev = 0)
{
    if (qf) { betakind = 0; alphakind = 2; } /* the _qf entry: y := A x */
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
    T alpha = alphakind == 0 ? Tr<T>::mk(0, 0) : alphakind == 2 ? Tr<T>::mk(1, 0) : rnd<T>();
    T beta = betakind == 0 ? Tr<T>::mk(0, 0) : betakind == 1 ? Tr<T>::mk(1, 0) : rnd<T>();
    std::vector<LC> ref(n);
    double tol = 0;
    long double qref = 0, qmag = 0; /* Re(x^H A x) and its magnitude bound */
    for (int64_t k = 0; k < n; ++k) {
        LC s = 0; long double mag = 0;
        if (alphakind) for (int64_t l = 0; l < n; ++l) { LC a = full(k, l); s += a * Tr<T>::get(x.p0[l * x.inc]); mag += std::abs(a) * std::abs(Tr<T>::get(x.p0[l * x.inc])); }
        ref[k] = Tr<T>::get(alpha) * s + (betakind ? Tr<T>::get(beta) * Tr<T>::get(y.p0[k * y.inc]) : LC(0));
        double t = 8 * Tr<T>::eps() * (double)(mag * std::abs(Tr<T>::get(alpha)) + 2 + n);
        if (t > tol) tol = t;
        const LC xk = Tr<T>::get(x.p0[k * x.inc]);
        qref += (std::conj(xk) * s).real();
        qmag += std::abs(xk) * mag;
    }
    double qfs[KBLASF_CUDA_QF_COPIES] = {0};
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
    cudaError_t err = qf ? call_symv_qf((cudaStream_t)0, uplo, n, A, lda, off, x.p0, incx, y.p0, incy, qfs, rev)
                         : call_symv((cudaStream_t)0, uplo, n, alpha, A, lda, off, x.p0, incx, beta, y.p0, incy);
    emu_load_ok = nullptr;
    char what[300];
    snprintf(what, sizeof what, "symv%s%s<%zu%s> %c n=%ld off=%ld lda=%ld incx=%ld incy=%ld abase=%d beta%d alpha%d launches=%zu",
             qf ? "_qf" : "", qf && rev ? "_rev" : "", sizeof(T), herm ? "c" : "", uplo, (long)n, (long)off, (long)lda, (long)incx, (long)incy, abase, betakind, alphakind, emu_launches.size());
    bool ok = err == cudaSuccess && check_y(what, y, ref, tol);
    if (qf) {
        long double got = 0;
        for (double q : qfs) got += q;
        const double qtol = 8 * Tr<T>::eps() * (double)(qmag + n);
        if (!(std::fabs((double)(got - qref)) <= qtol)) {
            fprintf(stderr, "%s: quadratic form %.17g, expected %.17g (tolerance %.3g)\n", what, (double)got, (double)qref, qtol);
            ok = false;
        }
    }
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
        test_symv<T>(up, n, off, lda, incs[irand(0, 5)], incs[irand(0, 5)], abase, irand(0, 2), irand(0, 9) ? 1 : 0, irand(0, 2) == 0, irand(0, 1));
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

/* ------------------------------------------------------------------ potrf_diag */
cudaError_t call_potrf(char u, int64_t n, float *A, int64_t lda, int64_t *info, int64_t ioff) { return kblasf_cuda_spotrf_diag(0, u, n, A, lda, info, ioff); }
cudaError_t call_potrf(char u, int64_t n, double *A, int64_t lda, int64_t *info, int64_t ioff) { return kblasf_cuda_dpotrf_diag(0, u, n, A, lda, info, ioff); }
cudaError_t call_potrf(char u, int64_t n, cuFloatComplex *A, int64_t lda, int64_t *info, int64_t ioff) { return kblasf_cuda_cpotrf_diag(0, u, n, A, lda, info, ioff); }
cudaError_t call_potrf(char u, int64_t n, cuDoubleComplex *A, int64_t lda, int64_t *info, int64_t ioff) { return kblasf_cuda_zpotrf_diag(0, u, n, A, lda, info, ioff); }

/* the emulator has no cudaFuncSetAttribute: record the dynamic shared memory asked for */
static int emu_max_dyn_smem = 48 * 1024;
extern "C" cudaError_t cudaFuncSetAttribute(const void *, enum cudaFuncAttribute a, int v)
{
    if (a == cudaFuncAttributeMaxDynamicSharedMemorySize) emu_max_dyn_smem = v;
    return cudaSuccess;
}

/* One potrf_diag case. kind 0: Hermitian positive definite, A = G G^H + n I; kind 1:
 * A = L0 D L0^H with D = I but D(k,k) = -1, so the pivot of column k is -|L0(k,k)|^2 and
 * the columns before k are those of L0; kind 2: as kind 0 with NaN as the real part of
 * A(k,k) (a NaN pivot at k, columns before k are those of the factor of A). On failure
 * the columns from k on must hold the Schur complement after k columns (the kernel is
 * right-looking; the C ABI only says "partially updated"). The other
 * triangle, the padding rows and (complex) the imaginary part of the diagonal hold NaN;
 * the load checker fails any read outside the stored triangle and of that imaginary part.
 * info0: *info on entry (nonzero: must be kept). */
template <typename T>
void test_potrf(char uplo, int n, int64_t lda, int kind, int k, int64_t info0, int64_t ioff)
{
    ++tests;
    const bool lower = uplo == 'L' || uplo == 'l', cplx = Tr<T>::cplx;
    auto stored = [&](int64_t i, int64_t j) { return i < n && j < n && (lower ? i >= j : i <= j); };
    /* the Hermitian matrix in long double, and L0 (kind 1) or nothing */
    std::vector<LC> M(n * n, LC(0)), L0(n * n, LC(0));
    if (kind == 1) {
        for (int j = 0; j < n; ++j) {
            L0[j + j * n] = LC(1 + (urand() + 1) / 2, 0);
            for (int i = j + 1; i < n; ++i) L0[i + j * n] = LC(urand(), cplx ? urand() : 0) / (long double)n;
        }
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                LC s = 0;
                for (int l = 0; l <= std::min(i, j); ++l) s += (l == k ? LC(-1) : LC(1)) * L0[i + l * n] * std::conj(L0[j + l * n]);
                M[i + j * n] = s;
            }
    } else {
        std::vector<LC> G(n * n);
        for (auto &g : G) g = LC(urand(), cplx ? urand() : 0);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                LC s = i == j ? LC(n) : LC(0);
                for (int l = 0; l < n; ++l) s += G[i + l * n] * std::conj(G[j + l * n]);
                M[i + j * n] = s;
            }
    }
    /* the block, rounded to T: stored triangle from M, NaN elsewhere */
    std::vector<T> Abuf(lda * n + 32, nanv<T>());
    T *A = Abuf.data() + 16;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            if (stored(i, j)) {
                const LC v = M[i + j * n];
                A[i + j * lda] = i == j ? Tr<T>::mk(v.real(), NAN) : Tr<T>::mk(v.real(), v.imag());
            }
    if (kind == 2) A[k + k * lda] = Tr<T>::mk(NAN, NAN);
    /* the rounded input as a full Hermitian matrix, for the residual */
    auto ain = [&](const std::vector<T> &B, int i, int j) -> LC {
        const T *P = B.data() + 16;
        if (i == j) return LC(Tr<T>::get(P[i + i * lda]).real(), 0);
        return stored(i, j) ? Tr<T>::get(P[i + j * lda]) : std::conj(Tr<T>::get(P[j + i * lda]));
    };
    const std::vector<T> before = Abuf;
    int64_t info = info0;
    const char *lo = (const char *)A, *hi = (const char *)(A + lda * n);
    const int64_t *ip = &info;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        const char *c = (const char *)q;
        if (c == (const char *)ip && nb == sizeof(int64_t)) return true;
        if (c < lo || c >= hi || (c - lo) % sizeof(T) != 0) return false;
        const int64_t e = (c - lo) / sizeof(T), i = e % lda, j = e / lda;
        if (!stored(i, j)) return false;
        return nb == (i == j && cplx ? sizeof(T) / 2 : sizeof(T));
    };
    emu_launches.clear();
    const cudaError_t err = call_potrf(uplo, n, A, lda, &info, ioff);
    emu_load_ok = nullptr;
    bool ok = err == cudaSuccess && emu_launches.size() == 1;
    std::string why = ok ? "" : "launch";
    if (emu_bad_loads) { ok = false; why += " loads"; }
    /* nothing outside the stored triangle written, bit for bit; the diagonal is real */
    for (size_t q = 0; q < Abuf.size(); ++q) {
        const int64_t e = (int64_t)q - 16, i = e >= 0 ? e % lda : -1, j = e >= 0 ? e / lda : -1;
        if (!(e >= 0 && stored(i, j)) && memcmp(&Abuf[q], &before[q], sizeof(T))) { ok = false; why += " write-outside"; break; }
        if (e >= 0 && i == j && stored(i, j) && Tr<T>::get(Abuf[q]).imag() != 0) { ok = false; why += " diag-imag"; break; }
    }
    /* L(i,j) of the result (i >= j) */
    auto Lr = [&](int i, int j) -> LC {
        if (i < j) return LC(0);
        return lower ? Tr<T>::get(A[i + j * lda]) : std::conj(Tr<T>::get(A[j + i * lda]));
    };
    const int64_t want = kind == 0 ? info0 : info0 ? info0 : ioff + k + 1;
    if (info != want) { ok = false; why += " info"; }
    double worst = 0;
    if (kind == 0) { /* ||L L^H - A||_1 / (n ||A||_1 eps) */
        long double rn = 0, an = 0;
        for (int j = 0; j < n; ++j) {
            long double rs = 0, as = 0;
            for (int i = 0; i < n; ++i) {
                LC s = 0;
                for (int l = 0; l <= std::min(i, j); ++l) s += Lr(i, l) * std::conj(Lr(j, l));
                rs += std::abs(s - ain(before, i, j));
                as += std::abs(ain(before, i, j));
            }
            rn = std::max(rn, rs); an = std::max(an, as);
        }
        worst = (double)(rn / (n * an * Tr<T>::eps()));
        if (!(worst < 10)) { ok = false; why += " residual"; }
        for (int j = 0; j < n; ++j) if (!(Lr(j, j).real() > 0)) { ok = false; why += " diag"; break; }
    } else { /* columns before k against the true factor; the pivot left at (k,k) */
        std::vector<LC> Lt(n * n, LC(0));
        if (kind == 1) Lt = L0;
        else { /* the factor of the leading columns of the rounded input, in long double */
            std::vector<LC> W(n * n);
            for (int j = 0; j < n; ++j) for (int i = 0; i < n; ++i) W[i + j * n] = ain(before, i, j);
            for (int j = 0; j < k; ++j) {
                LC d = W[j + j * n];
                for (int l = 0; l < j; ++l) d -= Lt[j + l * n] * std::conj(Lt[j + l * n]);
                Lt[j + j * n] = std::sqrt(d.real());
                for (int i = j + 1; i < n; ++i) {
                    LC s = W[i + j * n];
                    for (int l = 0; l < j; ++l) s -= Lt[i + l * n] * std::conj(Lt[j + l * n]);
                    Lt[i + j * n] = s / Lt[j + j * n];
                }
            }
        }
        long double lmax = 0;
        for (int j = 0; j < k; ++j)
            for (int i = j; i < n; ++i) {
                const double e = (double)std::abs(Lr(i, j) - Lt[i + j * n]);
                if (!(e <= worst)) worst = e;
                lmax = std::max(lmax, std::abs(Lt[i + j * n]));
            }
        if (k > 0) worst /= (double)(n * lmax * Tr<T>::eps()); /* forward error / (n eps ||L||) */
        if (!(worst < 10)) { ok = false; why += " columns-before-k"; }
        /* the rest as the factoring left it: the Schur complement after k columns,
         * A(k:, k:) - L(k:, :k) L(k:, :k)^H (kind 2: not at the NaN (k,k)) */
        long double sw = 0, amax = 0;
        for (int j = k; j < n; ++j)
            for (int i = j; i < n; ++i) {
                if (kind == 2 && i == k && j == k) continue;
                LC sc = 0;
                if (kind == 1) for (int l = k; l <= j; ++l) sc += (l == k ? LC(-1) : LC(1)) * L0[i + l * n] * std::conj(L0[j + l * n]);
                else { sc = ain(before, i, j); for (int l = 0; l < k; ++l) sc -= Lt[i + l * n] * std::conj(Lt[j + l * n]); }
                LC got = Lr(i, j);
                if (i == j) sc = LC(sc.real(), 0);
                sw = std::max(sw, std::abs(got - sc));
                amax = std::max(amax, std::abs(ain(before, i, j)));
            }
        if (!(sw <= 10 * n * Tr<T>::eps() * std::max(amax, (long double)1))) { ok = false; why += " schur-complement"; }
        const LC piv = Lr(k, k);
        if (kind == 1) {
            const long double p = -std::norm(L0[k + k * n]);
            if (!(std::abs(piv.real() - p) <= 40 * n * Tr<T>::eps() * std::abs(p))) { ok = false; why += " pivot-value"; }
        } else if (!std::isnan((double)piv.real())) { ok = false; why += " pivot-nan"; }
    }
    if (!ok) {
        ++fails;
        fprintf(stderr, "FAIL potrf_diag<%zu%s> %c n=%d lda=%ld kind=%d k=%d info0=%ld ioff=%ld: info %ld want %ld, ratio %g:%s\n",
                sizeof(T), cplx ? "c" : "", uplo, n, (long)lda, kind, k, (long)info0, (long)ioff, (long)info, (long)want, worst, why.c_str());
    } else if (getenv("KBV")) {
        fprintf(stderr, "ok potrf_diag<%zu%s> %c n=%d lda=%ld kind=%d k=%d ratio %g\n", sizeof(T), cplx ? "c" : "", uplo, n, (long)lda, kind, k, worst);
    }
}

/* every n in 1..max (128; 64 for double complex), both triangles (either case), positive
 * definite, and cnt random cases of each failure kind; then the argument checks (nothing
 * launched, nothing written) */
template <typename T>
void run_potrf(int cnt)
{
    const char ups[] = {'L', 'U', 'l', 'u'};
    const int maxn = sizeof(T) == 16 ? KBLASF_CUDA_ZPOTRF_DIAG_MAX : KBLASF_CUDA_POTRF_DIAG_MAX;
    for (int n = 1; n <= maxn; ++n)
        for (int u = 0; u < 2; ++u)
            test_potrf<T>(ups[u + 2 * irand(0, 1)], n, n + irand(0, 1) * irand(1, 5), 0, 0, irand(0, 5) ? 0 : irand(1, 99), irand(0, 9999));
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 2) ? maxn - irand(0, 3) : irand(1, maxn);
        const int k = irand(0, 3) ? irand(0, n - 1) : irand(0, 1) ? 0 : n - 1;
        test_potrf<T>(ups[irand(0, 3)], n, n + irand(0, 4), 1 + irand(0, 1), k, irand(0, 4) ? 0 : irand(1, 99), irand(0, 9999));
    }
    if (sizeof(T) >= 8 && emu_max_dyn_smem < 64 * 65 * 16) { ++fails; fprintf(stderr, "FAIL potrf_diag: dynamic shared memory not raised\n"); }
    struct { char u; int64_t n, lda; cudaError_t want; } bad[] = {
        {'X', 8, 8, cudaErrorInvalidValue}, {'N', 8, 8, cudaErrorInvalidValue}, {'L', maxn + 1, maxn + 1, cudaErrorInvalidValue},
        {'U', -1, 8, cudaErrorInvalidValue}, {'L', 8, 7, cudaErrorInvalidValue}, {'U', 0, 1, cudaSuccess}, {'L', 0, 0, cudaSuccess}};
    for (auto &b : bad) {
        ++tests;
        std::vector<T> buf(140 * 140, nanv<T>());
        int64_t info = 0;
        emu_launches.clear();
        const cudaError_t e = call_potrf(b.u, b.n, buf.data(), b.lda, &info, 5);
        bool ok = e == b.want && emu_launches.empty() && info == 0;
        for (auto &v : buf) if (!isnanv(v)) ok = false;
        if (!ok) { ++fails; fprintf(stderr, "FAIL potrf_diag<%zu> arguments %c n=%ld lda=%ld: %d\n", sizeof(T), b.u, (long)b.n, (long)b.lda, (int)e); }
    }
}

/* ------------------------------------------------------------------ potrf_panel */
cudaError_t call_panel(char u, int64_t n, int64_t m, float *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff) { return kblasf_cuda_spotrf_panel(0, u, n, m, A, lda, sync, info, ioff); }
cudaError_t call_panel(char u, int64_t n, int64_t m, double *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff) { return kblasf_cuda_dpotrf_panel(0, u, n, m, A, lda, sync, info, ioff); }
cudaError_t call_panel(char u, int64_t n, int64_t m, cuFloatComplex *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff) { return kblasf_cuda_cpotrf_panel(0, u, n, m, A, lda, sync, info, ioff); }
cudaError_t call_panel(char u, int64_t n, int64_t m, cuDoubleComplex *A, int64_t lda, unsigned *sync, int64_t *info, int64_t ioff) { return kblasf_cuda_zpotrf_panel(0, u, n, m, A, lda, sync, info, ioff); }

/* One potrf_panel case: the first n columns (lower; rows, upper) of a Hermitian positive
 * definite matrix of order n + m, NaN in the diagonal block's other triangle and in the
 * padding. The diagonal block must be factored (||L L^H - A11|| / (n ||A11|| eps)) and
 * the panel solved (lower: X L^H = A21; upper: L X = A12 with L = U^H), nothing else
 * written. nanpiv >= 0: A(nanpiv, nanpiv) is NaN, info must say so (the rest is garbage). */
template <typename T>
void test_panel(char uplo, int n, int m, int64_t lda, int nanpiv, int64_t ioff, int e2 = 0)
{
    ++tests;
    const bool lower = uplo == 'L', cplx = Tr<T>::cplx;
    const int N = n + m;
    std::vector<LC> G(N * N), M(N * N);
    for (auto &g : G) g = LC(urand(), cplx ? urand() : 0);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            LC s = i == j ? LC(N) : LC(0);
            for (int l = 0; l < N; ++l) s += G[i + l * N] * std::conj(G[j + l * N]);
            M[i + j * N] = s * std::ldexp(1.0L, e2); /* e2: scaled near under- or overflow */
        }
    /* element (i, j) of the stored panel (lower: i < N, j < n; upper: i < n, j < N) */
    auto stored = [&](int64_t i, int64_t j) {
        return lower ? (i < N && j < n && i >= j) : (i < n && j < N && i <= j);
    };
    const int64_t cols = lower ? n : N;
    std::vector<T> Abuf(lda * cols + 32, nanv<T>());
    unsigned sync = 0;
    T *A = Abuf.data() + 16;
    for (int64_t j = 0; j < cols; ++j)
        for (int64_t i = 0; i < lda; ++i)
            if (stored(i, j)) {
                const LC v = M[i + j * N];
                A[i + j * lda] = i == j ? Tr<T>::mk(v.real(), NAN) : Tr<T>::mk(v.real(), v.imag());
            }
    if (nanpiv >= 0) A[nanpiv + nanpiv * lda] = Tr<T>::mk(NAN, NAN);
    const std::vector<T> before = Abuf;
    int64_t info = 0;
    emu_launches.clear();
    const cudaError_t err = call_panel(uplo, n, m, A, lda, &sync, &info, ioff);
    bool ok = err == cudaSuccess && emu_launches.size() == 1;
    std::string why = ok ? "" : "launch";
    if (sync != 0) { ok = false; why += " sync-not-reset"; }
    for (size_t q = 0; q < Abuf.size(); ++q) {
        const int64_t e = (int64_t)q - 16, i = e >= 0 ? e % lda : -1, j = e >= 0 ? e / lda : -1;
        if (!(e >= 0 && stored(i, j)) && memcmp(&Abuf[q], &before[q], sizeof(T))) { ok = false; why += " write-outside"; break; }
    }
    const int64_t want = nanpiv >= 0 ? ioff + nanpiv + 1 : 0;
    if (info != want) { ok = false; why += " info"; }
    double worst = 0, pworst = 0;
    if (nanpiv < 0) {
        /* L(i, j) for i, j < n, and X(r, k) of panel row r in the lower form */
        auto L = [&](int i, int j) -> LC {
            if (i < j) return LC(0);
            return lower ? Tr<T>::get(A[i + j * lda]) : std::conj(Tr<T>::get(A[j + i * lda]));
        };
        auto X = [&](int r, int k) -> LC {
            return lower ? Tr<T>::get(A[(n + r) + k * lda]) : Tr<T>::get(A[k + (n + r) * lda]);
        };
        long double rn = 0, an = 0;
        for (int j = 0; j < n; ++j) {
            long double rs = 0, as = 0;
            for (int i = 0; i < n; ++i) {
                LC s = 0;
                for (int l = 0; l <= std::min(i, j); ++l) s += L(i, l) * std::conj(L(j, l));
                rs += std::abs(s - M[i + j * N]);
                as += std::abs(M[i + j * N]);
            }
            rn = std::max(rn, rs); an = std::max(an, as);
        }
        worst = (double)(rn / (n * an * Tr<T>::eps()));
        if (!(worst < 10)) { ok = false; why += " residual"; }
        /* lower: sum_l X(r,l) conj(L(k,l)) = A(n+r, k); upper: sum_l L(k,l) X(r,l) = A(k, n+r) */
        long double xmax = 0, lmax = 0, rmax = 0;
        for (int r = 0; r < m; ++r)
            for (int k = 0; k < n; ++k) {
                LC s = 0;
                for (int l = 0; l <= k; ++l)
                    s += lower ? X(r, l) * std::conj(L(k, l)) : L(k, l) * X(r, l);
                rmax = std::max(rmax, std::abs(s - (lower ? M[(n + r) + k * N] : M[k + (n + r) * N])));
                xmax = std::max(xmax, std::abs(X(r, k)));
                lmax = std::max(lmax, std::abs(L(k, k)));
            }
        if (m > 0) pworst = (double)(rmax / (n * Tr<T>::eps() * (xmax * lmax > 0 ? xmax * lmax : 1)));
        if (!(pworst < 10)) { ok = false; why += " panel"; }
    }
    if (!ok) {
        ++fails;
        fprintf(stderr, "FAIL potrf_panel<%zu%s> %c n=%d m=%d lda=%ld nanpiv=%d e2=%d: info %ld want %ld, ratios %g %g:%s\n",
                sizeof(T), cplx ? "c" : "", uplo, n, m, (long)lda, nanpiv, e2, (long)info, (long)want, worst, pworst, why.c_str());
    } else if (getenv("KBV")) {
        fprintf(stderr, "ok potrf_panel<%zu%s> %c n=%d m=%d ratios %g %g\n", sizeof(T), cplx ? "c" : "", uplo, n, m, worst, pworst);
    }
}

/* random n up to the block limit and m up to maxm, both uplo, a NaN pivot now and then;
 * then a NULL counter with m > 0 (refused, nothing launched) */
template <typename T>
void run_panel(int cnt, int maxm)
{
    const int maxn = sizeof(T) == 16 ? KBLASF_CUDA_ZPOTRF_DIAG_MAX : KBLASF_CUDA_POTRF_DIAG_MAX;
    const int ns[] = {1, 2, 7, 8, 31, 64, maxn};
    for (int c = 0; c < cnt; ++c) {
        const int n = c < 7 ? ns[c] : irand(1, maxn), m = c < 7 ? 129 + c : irand(0, maxm);
        const char u = irand(0, 1) ? 'L' : 'U';
        const int64_t lda = (u == 'L' ? n + m : n) + irand(0, 3);
        test_panel<T>(u, n, m, lda, irand(0, 5) ? -1 : irand(0, n - 1), irand(0, 999));
    }
    /* scaled near underflow and overflow (LAPACK's testers' types 8 and 9): the squares of
     * the off-diagonal elements leave the range, their quotients by the pivots do not */
    const int e2 = emu_scale_e2<T>();
    for (int n : {2, 9, 31, maxn})
        for (int s : {-1, 1})
            for (char u : {'L', 'U'})
                test_panel<T>(u, n, n > 9 ? 40 : 0, (u == 'L' ? n + (n > 9 ? 40 : 0) : n) + 1, -1, 0, s * e2);
    ++tests;
    std::vector<T> buf(64 * 64, nanv<T>());
    int64_t info = 0;
    emu_launches.clear();
    if (call_panel('L', 8, 8, buf.data(), 16, nullptr, &info, 0) != cudaErrorInvalidValue || !emu_launches.empty()) {
        ++fails;
        fprintf(stderr, "FAIL potrf_panel<%zu>: NULL counter accepted\n", sizeof(T));
    }
}

/* ------------------------------------------------------------------ tri_copy */
/* B := triangle of A for random m != n, lda, ldb, element size, uplo (either case), unit,
 * and byte offsets of A and B that force narrower words; bytes random (NaN patterns
 * included). Everything of B but the triangle is compared bit for bit with its copy
 * from before; the load checker fails any read outside the triangle of A. */
static void test_tri_copy(char uplo, int unit, int64_t m, int64_t n, size_t es, int64_t lda, int64_t ldb, size_t offa, size_t offb)
{
    ++tests;
    const bool lower = uplo == 'L' || uplo == 'l';
    auto tri = [&](int64_t i, int64_t j) { return i < m && j < n && (lower ? i >= j + unit : i + unit <= j); };
    const size_t pad = 64;
    std::vector<unsigned char> Ab(pad * 2 + es * lda * n), Bb(pad * 2 + es * ldb * n);
    for (auto &c : Ab) c = (unsigned char)irand(0, 255);
    for (auto &c : Bb) c = (unsigned char)irand(0, 255);
    /* 16-aligned buffers shifted by offa / offb bytes */
    auto al = [](std::vector<unsigned char> &v, size_t off) { uintptr_t p = ((uintptr_t)v.data() + 15) & ~(uintptr_t)15; return (unsigned char *)p + off; };
    unsigned char *A = al(Ab, offa), *B = al(Bb, offb);
    if (A + es * lda * n > Ab.data() + Ab.size() || B + es * ldb * n > Bb.data() + Bb.size()) abort();
    const std::vector<unsigned char> B0 = Bb;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        const unsigned char *c = (const unsigned char *)q;
        if (c < A || c >= A + es * lda * n) return false;
        const int64_t e = (c - A) / es, i = e % lda, j = e / lda;
        return tri(i, j) && (size_t)((c - A) % es) + nb <= es; /* words inside one element */
    };
    emu_launches.clear();
    const cudaError_t err = kblasf_cuda_tri_copy(0, uplo, unit, m, n, es, A, lda, B, ldb);
    emu_load_ok = nullptr;
    bool ok = err == cudaSuccess && emu_launches.size() == 1;
    std::string why = ok ? "" : "launch";
    if (emu_bad_loads) { ok = false; why += " loads"; }
    for (size_t q = 0; q < Bb.size() && ok; ++q) {
        const int64_t d = (int64_t)(Bb.data() + q - B);
        const int64_t e = d >= 0 ? d / (int64_t)es : -1, i = e >= 0 ? e % ldb : -1, j = e >= 0 ? e / ldb : -1;
        if (d >= 0 && e < ldb * n && tri(i, j)) {
            if (Bb[q] != A[i * es + j * lda * es + d % es]) { ok = false; why += " value"; }
        } else if (Bb[q] != B0[q]) { ok = false; why += " write-outside"; }
    }
    const EmuLaunch L = emu_launches.empty() ? EmuLaunch{} : emu_launches[0];
    if (L.grid.y > 65535 || L.grid.z > 1) { ok = false; why += " grid"; }
    if (!ok) {
        ++fails;
        fprintf(stderr, "FAIL tri_copy %c unit=%d m=%ld n=%ld es=%zu lda=%ld ldb=%ld offa=%zu offb=%zu grid=%ux%u:%s\n", uplo, unit, (long)m, (long)n, es, (long)lda, (long)ldb, offa, offb, L.grid.x, L.grid.y, why.c_str());
    } else if (getenv("KBV")) {
        fprintf(stderr, "ok tri_copy %c unit=%d m=%ld n=%ld es=%zu lda=%ld ldb=%ld offa=%zu offb=%zu grid=%ux%u\n", uplo, unit, (long)m, (long)n, es, (long)lda, (long)ldb, offa, offb, L.grid.x, L.grid.y);
    }
}

static void run_tri_copy(int cnt, int maxdim)
{
    const char ups[] = {'L', 'U', 'l', 'u'};
    const size_t ess[] = {4, 8, 16};
    for (int c = 0; c < cnt; ++c)
        for (int u = 0; u < 4; ++u)
            for (int unit = 0; unit < 2; ++unit)
                for (size_t es : ess) {
                    emu_sms = irand(1, 3);
                    int64_t m = irand(1, maxdim), n = irand(1, maxdim);
                    if (irand(0, 3) == 0) m = irand(1, 40);
                    if (irand(0, 3) == 0) n = irand(1, 40);
                    if (m == n) ++n;
                    if (c == 0) { m = 1; n = irand(1, 3); } /* tiny */
                    if (c == 1) { m = 16 * 32 * 2 + irand(1, 40); n = irand(1, 70); emu_sms = 1; } /* more row tiles than blocks */
                    const int64_t lda = m + (irand(0, 1) ? irand(1, 7) : 0), ldb = m + (irand(0, 1) ? irand(1, 7) : 0);
                    /* shifts keep natural (element-size) alignment mostly, sometimes less */
                    const size_t offa = irand(0, 2) ? 0 : 4 * irand(1, 3), offb = irand(0, 2) ? 0 : 4 * irand(1, 3);
                    test_tri_copy(ups[u], unit, m, n, es, lda, ldb, offa, offb);
                }
    struct { char u; int64_t m, n; size_t es; int64_t lda, ldb; cudaError_t want; } bad[] = {
        {'X', 4, 4, 8, 4, 4, cudaErrorInvalidValue}, {'L', 4, 4, 2, 4, 4, cudaErrorInvalidValue},
        {'U', 4, 4, 12, 4, 4, cudaErrorInvalidValue}, {'L', 4, 4, 8, 3, 4, cudaErrorInvalidValue},
        {'U', 4, 4, 8, 4, 3, cudaErrorInvalidValue}, {'L', 0, 4, 8, 1, 1, cudaSuccess}, {'U', 4, 0, 16, 4, 4, cudaSuccess}};
    for (auto &b : bad) {
        ++tests;
        std::vector<double> A(64, 1.0), B(64, 2.0);
        emu_launches.clear();
        const cudaError_t e = kblasf_cuda_tri_copy(0, b.u, 0, b.m, b.n, b.es, A.data(), b.lda, B.data(), b.ldb);
        bool ok = e == b.want && emu_launches.empty();
        for (double v : B) if (v != 2.0) ok = false;
        if (!ok) { ++fails; fprintf(stderr, "FAIL tri_copy arguments %c m=%ld n=%ld es=%zu lda=%ld ldb=%ld: %d\n", b.u, (long)b.m, (long)b.n, b.es, (long)b.lda, (long)b.ldb, (int)e); }
    }
}


/* ------------------------------------------------------------------ batched POTRF/POTRS/POSV, n <= 32 */
#define BCALLS(P, T)                                                                                   \
    cudaError_t call_bpotrf(char u, int64_t n, T *const *Aa, T *A, int64_t lda, int64_t sA, void *info, \
                            int ib, int64_t batch)                                                     \
    {                                                                                                  \
        return kblasf_cuda_##P##potrf_batch_small(0, u, n, Aa, A, lda, sA, 0, info, ib, 0, batch);     \
    }                                                                                                  \
    cudaError_t call_bpotrs(char u, int64_t n, int64_t nrhs, T *const *Aa, T *A, int64_t lda,          \
                            int64_t sA, T *const *Ba, T *B, int64_t ldb, int64_t sB, int64_t batch)    \
    {                                                                                                  \
        return kblasf_cuda_##P##potrs_batch_small(0, u, n, nrhs, Aa, A, lda, sA, Ba, B, ldb, sB, batch); \
    }                                                                                                  \
    cudaError_t call_bposv(char u, int64_t n, int64_t nrhs, T *const *Aa, T *A, int64_t lda,           \
                           int64_t sA, T *const *Ba, T *B, int64_t ldb, int64_t sB, void *info,        \
                           int ib, int64_t batch)                                                      \
    {                                                                                                  \
        return kblasf_cuda_##P##posv_batch_small(0, u, n, nrhs, Aa, A, lda, sA, Ba, B, ldb, sB, info,  \
                                                 ib, batch);                                           \
    }
BCALLS(s, float)
BCALLS(d, double)
BCALLS(c, cuFloatComplex)
BCALLS(z, cuDoubleComplex)
#undef BCALLS

enum class BOp { potrf, potrs, posv };
static const char *bop_name(BOp o) { return o == BOp::potrf ? "potrf" : o == BOp::potrs ? "potrs" : "posv"; }

/* A batch of matrices in one buffer: strided (matrix b at base + b*stride, stride larger
 * than needed, or 0 with a batch of 1) or through an array of pointers to slots in
 * scattered order. Everything starts as NaN; `allow` marks the elements the kernel may
 * read (1: the element, 2: its real part only, for the complex diagonal). */
template <typename T> struct BMats {
    std::vector<T> buf;
    std::vector<T *> ptr; /* matrix b */
    std::vector<uint8_t> allow;
    int64_t ld, stride; /* stride 0 with the pointer array */
    bool ptrs;
    BMats(int64_t batch, int64_t rows, int64_t cols, int64_t ld_, bool ptrs_, bool zero_stride) : ld(ld_), ptrs(ptrs_)
    {
        const int64_t need = ld * cols;
        int64_t slot = need + (ptrs ? irand(0, 5) : irand(1, 7));
        stride = ptrs || zero_stride ? 0 : slot;
        buf.assign(16 + batch * slot + 16, nanv<T>());
        allow.assign(buf.size(), 0);
        std::vector<int64_t> perm(batch);
        for (int64_t b = 0; b < batch; ++b) perm[b] = b;
        if (ptrs) std::shuffle(perm.begin(), perm.end(), rng);
        ptr.resize(batch);
        for (int64_t b = 0; b < batch; ++b) ptr[b] = buf.data() + 8 + perm[b] * slot;
        (void)rows;
    }
    T &at(int64_t b, int64_t i, int64_t j) { return ptr[b][i + j * ld]; }
    size_t idx(int64_t b, int64_t i, int64_t j) const { return (ptr[b] - buf.data()) + i + j * ld; }
    T *base() { return ptrs ? nullptr : ptr[0]; }
    T *const *arr() { return ptrs ? ptr.data() : nullptr; }
    /* 0: not ours, else the load is allowed or not */
    int check(const void *q, size_t nb) const
    {
        const char *c = (const char *)q, *lo = (const char *)buf.data(), *hi = (const char *)(buf.data() + buf.size());
        if (c < lo || c >= hi) return 0;
        const size_t e = (c - lo) / sizeof(T), off = (c - lo) % sizeof(T);
        if (off) return -1;
        if (allow[e] == 1 && nb == sizeof(T)) return 1;
        if (allow[e] == 2 && nb == sizeof(T) / 2) return 1;
        return -1;
    }
};

/* One batched call. Members are Hermitian positive definite, A = G G^H + n I, except
 * nfail of them (POTRF, POSV), which fail at a random column k: kind 1, A = L0 D L0^H
 * with D = I but D(k,k) = -1 (a negative pivot at k), or kind 2, NaN as A(k,k)'s real part.
 * POTRS gets the long-double factor of an SPD matrix, rounded. NaN everywhere the kernel
 * must not read (the other triangle, padding, gaps between matrices, the complex
 * diagonal's imaginary part); the load checker fails any read outside the stored
 * triangles (complex diagonal: the real part only) and the n x nrhs blocks of B. After the
 * call: nothing else written, bit for bit (POTRS: A not at all; POSV: B of a failing
 * member not at all); info exact for every member (its own failing column or 0; the
 * bytes after the batch untouched); the factor's scaled residual
 * ||L L^H - A||_1 / (n ||A||_1 eps) < 30 and, for a failing member, the columns before k
 * against the long-double factor of its leading columns (forward error / (n eps ||L||)
 * < 30); the solve's ||A X - B||_1 / (n ||A||_1 ||X||_1 eps) < 30 (A the input matrix).
 * 30: the brief's bound on the scaled residuals (LAPACK's testers use 30 as well). */
static int batch_e2; /* test_batch's SPD members scaled by 2^batch_e2 (near under- or overflow) */
template <typename T>
void test_batch(BOp op, char uplo, int n, int64_t nrhs, int64_t batch, bool ptrs, int ib, int nfail)
{
    ++tests;
    const bool lower = uplo == 'L' || uplo == 'l', cplx = Tr<T>::cplx;
    const bool hasB = op != BOp::potrf, hasInfo = op != BOp::potrs;
    auto stored = [&](int64_t i, int64_t j) { return i < n && j < n && (lower ? i >= j : i <= j); };
    const int64_t lda = n + (irand(0, 2) ? irand(1, 4) : 0), ldb = n + (irand(0, 2) ? irand(1, 3) : 0);
    const bool zs = batch == 1 && irand(0, 1); /* stride 0 with a batch of 1 */
    BMats<T> A(batch, n, n, lda, ptrs, zs), B(hasB ? batch : 0, n, nrhs, ldb, ptrs && irand(0, 3), batch == 1 && irand(0, 1));
    /* members: kind 0 SPD, 1 negative pivot at kcol, 2 NaN pivot at kcol */
    std::vector<int> kind(batch, 0), kcol(batch, -1);
    if (op != BOp::potrs)
        for (int f = 0; f < nfail && f < batch; ++f) {
            int64_t b = irand(0, (int)batch - 1);
            kind[b] = irand(1, 2);
            kcol[b] = irand(0, 3) ? irand(0, n - 1) : irand(0, 1) ? 0 : n - 1;
        }
    std::vector<std::vector<LC>> M(batch), X0(batch);
    for (int64_t b = 0; b < batch; ++b) {
        std::vector<LC> &Mb = M[b];
        Mb.assign(n * n, LC(0));
        const int k = kcol[b];
        if (kind[b] == 1) {
            std::vector<LC> L0(n * n, LC(0));
            for (int j = 0; j < n; ++j) {
                L0[j + j * n] = LC(1 + (urand() + 1) / 2, 0);
                for (int i = j + 1; i < n; ++i) L0[i + j * n] = LC(urand(), cplx ? urand() : 0) / (long double)n;
            }
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    LC s = 0;
                    for (int l = 0; l <= std::min(i, j); ++l) s += (l == k ? LC(-1) : LC(1)) * L0[i + l * n] * std::conj(L0[j + l * n]);
                    Mb[i + j * n] = s;
                }
        } else {
            std::vector<LC> Gm(n * n);
            for (auto &g : Gm) g = LC(urand(), cplx ? urand() : 0);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    LC s = i == j ? LC(n) : LC(0);
                    for (int l = 0; l < n; ++l) s += Gm[i + l * n] * std::conj(Gm[j + l * n]);
                    Mb[i + j * n] = s * std::ldexp(1.0L, batch_e2);
                }
        }
        /* the matrix rounded to T, read back (long double, Hermitian, real diagonal) */
        for (int j = 0; j < n; ++j)
            for (int i = j; i < n; ++i) {
                const T v = Tr<T>::mk(Mb[i + j * n].real(), i == j ? 0 : Mb[i + j * n].imag());
                Mb[i + j * n] = Tr<T>::get(v);
                Mb[j + i * n] = std::conj(Tr<T>::get(v));
            }
        std::vector<LC> St(n * n); /* what goes into the stored triangle (full, Hermitian) */
        if (op == BOp::potrs) { /* the long-double factor, rounded: St(i,j) = L(i,j), i >= j */
            std::vector<LC> L(n * n, LC(0));
            for (int j = 0; j < n; ++j) {
                long double d = Mb[j + j * n].real();
                for (int l = 0; l < j; ++l) d -= std::norm(L[j + l * n]);
                L[j + j * n] = std::sqrt(d);
                for (int i = j + 1; i < n; ++i) {
                    LC s = Mb[i + j * n];
                    for (int l = 0; l < j; ++l) s -= L[i + l * n] * std::conj(L[j + l * n]);
                    L[i + j * n] = s / L[j + j * n];
                }
            }
            for (int j = 0; j < n; ++j)
                for (int i = j; i < n; ++i) {
                    St[i + j * n] = Tr<T>::get(Tr<T>::mk(L[i + j * n].real(), L[i + j * n].imag()));
                    St[j + i * n] = std::conj(St[i + j * n]);
                }
        } else {
            St = Mb;
        }
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
                if (stored(i, j)) {
                    const LC v = St[i + j * n]; /* (i, j) of the Hermitian St; 'U': U = L^H */
                    A.at(b, i, j) = i == j ? Tr<T>::mk(v.real(), NAN) : Tr<T>::mk(v.real(), v.imag());
                    A.allow[A.idx(b, i, j)] = i == j && cplx ? 2 : 1;
                }
        if (kind[b] == 2) A.at(b, k, k) = Tr<T>::mk(NAN, NAN);
        if (hasB)
            for (int64_t j = 0; j < nrhs; ++j)
                for (int i = 0; i < n; ++i) {
                    B.at(b, i, j) = rnd<T>();
                    B.allow[B.idx(b, i, j)] = 1;
                }
    }
    const std::vector<T> A0 = A.buf, B0 = B.buf;
    std::vector<unsigned char> info((batch + 2) * 8 + 8, 0x5A);
    const std::vector<unsigned char> info0 = info;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        int c = A.check(q, nb);
        if (c == 0) c = B.check(q, nb);
        return c == 1;
    };
    emu_launches.clear();
    cudaError_t err;
    if (op == BOp::potrf)
        err = call_bpotrf(uplo, n, A.arr(), A.base(), lda, A.stride, info.data(), ib, batch);
    else if (op == BOp::potrs)
        err = call_bpotrs(uplo, n, nrhs, A.arr(), A.base(), lda, A.stride, B.arr(), B.base(), ldb, B.stride, batch);
    else
        err = call_bposv(uplo, n, nrhs, A.arr(), A.base(), lda, A.stride, B.arr(), B.base(), ldb, B.stride, info.data(), ib, batch);
    emu_load_ok = nullptr;
    bool ok = err == cudaSuccess && (emu_launches.size() == 1 || (op == BOp::potrs && nrhs == 0 && emu_launches.empty()));
    std::string why = ok ? "" : " launch";
    if (emu_bad_loads) { ok = false; why += " loads"; }
    /* bit for bit untouched outside what the kernel may write */
    std::vector<uint8_t> wa(A.buf.size(), 0), wb(B.buf.size(), 0);
    for (int64_t b = 0; b < batch; ++b) {
        if (op != BOp::potrs)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (stored(i, j)) wa[A.idx(b, i, j)] = 1;
        const bool failing = op == BOp::posv && kind[b] != 0;
        if (hasB && !failing)
            for (int64_t j = 0; j < nrhs; ++j)
                for (int i = 0; i < n; ++i) wb[B.idx(b, i, j)] = 1;
    }
    for (size_t q = 0; q < A.buf.size(); ++q)
        if (!wa[q] && memcmp(&A.buf[q], &A0[q], sizeof(T))) { ok = false; why += " A-write-outside"; break; }
    for (size_t q = 0; q < B.buf.size(); ++q)
        if (!wb[q] && memcmp(&B.buf[q], &B0[q], sizeof(T))) { ok = false; why += " B-write-outside"; break; }
    if (hasInfo) {
        for (int64_t b = 0; b < batch; ++b) {
            int64_t got;
            if (ib == 4) { int32_t v; memcpy(&v, &info[b * 4], 4); got = v; }
            else memcpy(&got, &info[b * 8], 8);
            const int64_t want = kind[b] ? kcol[b] + 1 : 0;
            if (got != want) {
                if (ok || why.find("info") == std::string::npos)
                    fprintf(stderr, "  member %ld: info %ld want %ld\n", (long)b, (long)got, (long)want);
                ok = false;
                why += " info";
                break;
            }
        }
        for (size_t q = batch * ib; q < info.size(); ++q)
            if (info[q] != info0[q]) { ok = false; why += " info-write-outside"; break; }
    }
    double worst_f = 0, worst_s = 0;
    for (int64_t b = 0; b < batch && op != BOp::potrs; ++b) {
        /* L(i,j) of the result, i >= j */
        auto Lr = [&](int i, int j) -> LC {
            if (i < j) return LC(0);
            return lower ? Tr<T>::get(A.at(b, i, j)) : std::conj(Tr<T>::get(A.at(b, j, i)));
        };
        const std::vector<LC> &Mb = M[b];
        for (int j = 0; j < n; ++j)
            if (Tr<T>::get(A.at(b, j, j)).imag() != 0) {
                if (why.find("diag-imag") == std::string::npos) why += " diag-imag";
                ok = false;
                break;
            }
        if (kind[b] == 0) {
            long double rn = 0, an = 0;
            for (int j = 0; j < n; ++j) {
                long double rs = 0, as = 0;
                for (int i = 0; i < n; ++i) {
                    LC s = 0;
                    for (int l = 0; l <= std::min(i, j); ++l) s += Lr(i, l) * std::conj(Lr(j, l));
                    rs += std::abs(s - Mb[i + j * n]);
                    as += std::abs(Mb[i + j * n]);
                }
                rn = std::max(rn, rs); an = std::max(an, as);
            }
            const double r = (double)(rn / (n * an * Tr<T>::eps()));
            if (!(r <= worst_f)) worst_f = r;
            for (int j = 0; j < n; ++j) if (!(Lr(j, j).real() > 0)) { worst_f = INFINITY; break; }
        } else { /* the columns before k against the long-double factor of the rounded input */
            const int k = kcol[b];
            std::vector<LC> Lt(n * n, LC(0));
            for (int j = 0; j < k; ++j) {
                long double d = Mb[j + j * n].real();
                for (int l = 0; l < j; ++l) d -= std::norm(Lt[j + l * n]);
                Lt[j + j * n] = std::sqrt(d);
                for (int i = j + 1; i < n; ++i) {
                    LC s = Mb[i + j * n];
                    for (int l = 0; l < j; ++l) s -= Lt[i + l * n] * std::conj(Lt[j + l * n]);
                    Lt[i + j * n] = s / Lt[j + j * n];
                }
            }
            long double e = 0, lmax = 0;
            for (int j = 0; j < k; ++j)
                for (int i = j; i < n; ++i) {
                    const long double d = std::abs(Lr(i, j) - Lt[i + j * n]);
                    if (!(d <= e)) e = d;
                    lmax = std::max(lmax, std::abs(Lt[i + j * n]));
                }
            const double r = k > 0 ? (double)(e / (n * lmax * Tr<T>::eps())) : 0;
            if (!(r <= worst_f)) worst_f = r;
        }
    }
    for (int64_t b = 0; b < batch && hasB; ++b) {
        if (kind[b]) continue;
        const std::vector<LC> &Mb = M[b];
        long double rn = 0, an = 0, xn = 0;
        for (int64_t j = 0; j < nrhs; ++j) {
            long double rs = 0, xs = 0;
            for (int i = 0; i < n; ++i) {
                LC s = -Tr<T>::get(B0[B.idx(b, i, j)]);
                for (int l = 0; l < n; ++l) s += Mb[i + l * n] * Tr<T>::get(B.at(b, l, j));
                rs += std::abs(s);
                xs += std::abs(Tr<T>::get(B.at(b, i, j)));
            }
            rn = std::max(rn, rs); xn = std::max(xn, xs);
        }
        for (int j = 0; j < n; ++j) {
            long double as = 0;
            for (int i = 0; i < n; ++i) as += std::abs(Mb[i + j * n]);
            an = std::max(an, as);
        }
        if (nrhs > 0) {
            const double r = (double)(rn / (n * an * xn * Tr<T>::eps()));
            if (!(r <= worst_s)) worst_s = r;
        }
    }
    if (!(worst_f < 30)) { ok = false; why += " factor-residual"; }
    if (!(worst_s < 30)) { ok = false; why += " solve-residual"; }
    char what[300];
    snprintf(what, sizeof what, "b%s<%zu%s> %c n=%d nrhs=%ld batch=%ld %s lda=%ld sA=%ld ldb=%ld sB=%ld info%d fail=%d grid=%ux%u",
             bop_name(op), sizeof(T), cplx ? "c" : "", uplo, n, (long)nrhs, (long)batch, ptrs ? "ptrs" : "strided", (long)lda,
             (long)A.stride, (long)ldb, (long)B.stride, ib, nfail, emu_launches.empty() ? 0 : emu_launches[0].grid.x,
             emu_launches.empty() ? 0 : emu_launches[0].grid.y);
    if (!ok) {
        ++fails;
        fprintf(stderr, "FAIL %s: factor %g solve %g:%s\n", what, worst_f, worst_s, why.c_str());
    } else if (getenv("KBV")) {
        fprintf(stderr, "ok %s: factor %g solve %g\n", what, worst_f, worst_s);
    }
}

/* Argument checks: cudaErrorInvalidValue, or cudaSuccess for the no-ops (batch 0; POTRS
 * with nrhs 0), with nothing launched and nothing written. bad, noop: bit 1 POTRF, 2 POTRS,
 * 4 POSV (a case neither bad nor a no-op for the routine launches: not here). */
template <typename T> void run_batch_args(BOp op)
{
    struct { char u; int64_t n, lda, nrhs, ldb, batch; int ib, bad, noop; } cases[] = {
        {'X', 4, 4, 1, 4, 3, 8, 7, 0},  {'N', 4, 4, 1, 4, 3, 4, 7, 0},   {'L', 0, 4, 1, 4, 3, 8, 7, 0},
        {'U', -1, 4, 1, 4, 3, 8, 7, 0}, {'L', 33, 33, 1, 33, 3, 8, 7, 0}, {'U', 5, 4, 1, 5, 3, 8, 7, 0},
        {'L', 4, 4, 1, 4, -1, 8, 7, 0}, {'L', 4, 4, 1, 4, 3, 2, 5, 0},   {'U', 4, 4, 1, 4, 3, 0, 5, 0},
        {'L', 4, 4, 1, 3, 3, 8, 6, 0},  {'U', 4, 4, -1, 4, 3, 8, 6, 0},  {'L', 4, 4, 1, 4, 0, 8, 0, 7},
        {'u', 4, 4, 0, 4, 3, 8, 0, 2}};
    const int bit = op == BOp::potrf ? 1 : op == BOp::potrs ? 2 : 4;
    for (auto &c : cases) {
        if (!((c.bad | c.noop) & bit)) continue;
        ++tests;
        const cudaError_t want = c.bad & bit ? cudaErrorInvalidValue : cudaSuccess;
        std::vector<T> a(40 * 40, nanv<T>()), bb(40 * 40, nanv<T>());
        std::vector<unsigned char> info(64, 0x5A);
        emu_launches.clear();
        cudaError_t e;
        if (op == BOp::potrf) e = call_bpotrf(c.u, c.n, nullptr, a.data(), c.lda, 0, info.data(), c.ib, c.batch);
        else if (op == BOp::potrs) e = call_bpotrs(c.u, c.n, c.nrhs, nullptr, a.data(), c.lda, 0, nullptr, bb.data(), c.ldb, 0, c.batch);
        else e = call_bposv(c.u, c.n, c.nrhs, nullptr, a.data(), c.lda, 0, nullptr, bb.data(), c.ldb, 0, info.data(), c.ib, c.batch);
        bool ok = e == want && emu_launches.empty();
        for (auto &v : a) if (!isnanv(v)) ok = false;
        for (auto &v : bb) if (!isnanv(v)) ok = false;
        for (auto v : info) if (v != 0x5A) ok = false;
        if (!ok) { ++fails; fprintf(stderr, "FAIL b%s<%zu> arguments %c n=%ld lda=%ld nrhs=%ld ldb=%ld batch=%ld info%d: %d\n", bop_name(op), sizeof(T), c.u, (long)c.n, (long)c.lda, (long)c.nrhs, (long)c.ldb, (long)c.batch, c.ib, (int)e); }
    }
}

/* every n in 1..32 for both triangles (either case) and both forms, batches of 1 and 7
 * with a failing member in some; then cnt random cases, batches up to 100 (a quarter of
 * them with 100 members), right-hand sides from 0 (POSV: factor only) to past the 2D
 * grid's chunk of G columns; then the argument checks */
template <typename T> void run_batch(BOp op, int cnt)
{
    const char ups[] = {'L', 'U', 'l', 'u'};
    const bool fac = op != BOp::potrs;
    auto rhs = [&]() -> int64_t {
        const int r = irand(0, 9);
        if (r < 4) return 1;
        if (r < 7) return irand(2, 9);
        if (r < 9) return irand(10, 40);
        return op == BOp::posv ? irand(0, 1) * irand(41, 70) : irand(41, 70);
    };
    for (int n = 1; n <= 32; ++n)
        for (int u = 0; u < 2; ++u) {
            const int64_t batch = (n + u) % 2 ? 7 : 1;
            test_batch<T>(op, ups[u + 2 * irand(0, 1)], n, op == BOp::potrf ? 0 : rhs(), batch, (n / 2 + u) % 2, irand(0, 1) ? 4 : 8,
                          fac && irand(0, 2) == 0 ? irand(1, 2) : 0);
        }
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 2) ? irand(1, 32) : 32 - irand(0, 1) * 16 - irand(0, 1) * 8 - irand(0, 1);
        const int64_t batch = c % 4 == 0 ? 100 : irand(1, 40);
        test_batch<T>(op, ups[irand(0, 3)], n, op == BOp::potrf ? 0 : rhs(), batch, irand(0, 1), irand(0, 1) ? 4 : 8,
                      fac && irand(0, 1) ? irand(1, 4) : 0);
    }
    /* SPD members scaled near underflow and overflow (LAPACK's testers' types 8 and 9) */
    const int e2 = emu_scale_e2<T>();
    for (int n : {2, 8, 9, 16, 17, 32})
        for (int sg : {-1, 1}) {
            batch_e2 = sg * e2;
            test_batch<T>(op, n % 2 ? 'L' : 'U', n, op == BOp::potrf ? 0 : rhs(), 7, n % 3 == 0, 8, 0);
        }
    batch_e2 = 0;
    run_batch_args<T>(op);
}

/* ------------------------------------------------------------ batched Cholesky, n <= 256
 * kblasf_cuda_?{potrf,potrs,posv}_batch_block (batch_block.cu) on random batches: either
 * triangle (either case), lda > n and ldb > n, both forms (an array of pointers to matrices
 * scattered in a buffer in random order; a base with a stride larger than the matrix, or 0
 * with a batch of 1), 4- and 8-byte info. Each member is Hermitian positive definite
 * (diagonally dominant: A = H + (n + row sums of |H|) I) or fails on purpose: kind 1 plants
 * a negative pivot at column k (A = L0 D L0^H, D = I but D(k,k) = -1: the columns before k
 * are those of L0), kind 2 a NaN as the real part of A(k,k). POTRS gets a factor L (diagonal
 * in [1, 2], the rest random / n) stored as L or as U = L^H. Checked: info[b] exactly (and
 * nothing else of the info array), ||A - L L^H||_1 / (n ||A||_1 eps) < 30 and ||A X - B||_1 /
 * (n ||A||_1 ||X||_1 eps) < 30 per member, the columns before k of a failing member against
 * the true factor (forward error / (n eps max |L|) < 30) and its columns from k on as they
 * were (batch_block.cu never stores them; the ABI leaves them unspecified), the diagonal
 * real, everything outside the stored triangles and the n x nrhs blocks bit for bit
 * untouched, and the B of a failing POSV member untouched; the load checker fails any read
 * outside the stored triangles (of the diagonal of a complex matrix: its real part only) and
 * the B blocks, whose other elements and the diagonal's imaginary parts hold NaN. The grid's
 * y size (POTRS: one block per 8 right-hand sides, 4 in double complex) is checked too. */
template <typename T> struct BBlk;
static bool bblk_warp = false; /* POTRS through batch_potrs_warp.cu's kernel instead */
#define BBLK_CALLS(P, T)                                                                        \
    template <> struct BBlk<T> {                                                                \
        static cudaError_t potrf(char u, int64_t n, T *const *Aa, T *A, int64_t lda, int64_t sA, \
                                 void *info, int ib, int64_t batch)                             \
        { return kblasf_cuda_##P##potrf_batch_block(0, u, n, Aa, A, lda, sA, 0, info, ib, 0, batch); } \
        static cudaError_t potrs(char u, int64_t n, int64_t nrhs, T *const *Aa, T *A,           \
                                 int64_t lda, int64_t sA, T *const *Ba, T *B, int64_t ldb,      \
                                 int64_t sB, int64_t batch)                                     \
        { return bblk_warp ? kblasf_cuda_##P##potrs_batch_warp(0, u, n, nrhs, Aa, A, lda, sA, Ba, B, ldb, sB, batch) \
                           : kblasf_cuda_##P##potrs_batch_block(0, u, n, nrhs, Aa, A, lda, sA, Ba, B, ldb, sB, batch); } \
        static cudaError_t posv(char u, int64_t n, int64_t nrhs, T *const *Aa, T *A,            \
                                int64_t lda, int64_t sA, T *const *Ba, T *B, int64_t ldb,       \
                                int64_t sB, void *info, int ib, int64_t batch)                  \
        { return kblasf_cuda_##P##posv_batch_block(0, u, n, nrhs, Aa, A, lda, sA, Ba, B, ldb, sB, info, ib, batch); } \
    };
BBLK_CALLS(s, float)
BBLK_CALLS(d, double)
BBLK_CALLS(c, cuFloatComplex)
BBLK_CALLS(z, cuDoubleComplex)
#undef BBLK_CALLS

/* `count` matrices of `elems` elements each (leading dimension ld), NaN everywhere: strided
 * (slot = stride, matrix b at slot b) or scattered (slot = elems + a gap, matrix b at slot
 * perm[b], through a pointer array) */
template <typename T> struct BBlkSet {
    std::vector<T> buf;
    std::vector<T *> ptr;
    std::vector<int64_t> slot_of; /* member -> slot */
    std::vector<int64_t> member_of; /* slot -> member */
    int64_t slot, stride, ld, rows, cols, count;
    T *base;
    BBlkSet(bool scattered, int64_t count_, int64_t ld_, int64_t rows_, int64_t cols_, int64_t extra)
        : ld(ld_), rows(rows_), cols(cols_), count(count_)
    {
        const int64_t elems = ld * cols;
        slot = elems + (extra > 0 ? extra : 0);
        stride = count == 1 && !scattered && extra < 0 ? 0 : slot; /* extra < 0: stride 0 */
        buf.assign(slot * count + 8, nanv<T>());
        base = buf.data() + 4;
        slot_of.resize(count);
        member_of.resize(count);
        for (int64_t b = 0; b < count; ++b) slot_of[b] = b;
        if (scattered) std::shuffle(slot_of.begin(), slot_of.end(), rng);
        for (int64_t b = 0; b < count; ++b) member_of[slot_of[b]] = b;
        if (scattered)
            for (int64_t b = 0; b < count; ++b) ptr.push_back(base + slot_of[b] * slot);
    }
    T *m(int64_t b) { return base + slot_of[b] * slot; }
    const T *m(int64_t b) const { return base + slot_of[b] * slot; }
    T *const *arr() const { return ptr.empty() ? nullptr : ptr.data(); }
    /* the member, row and column of an address inside the buffer, or false */
    bool where(const void *q, int64_t &b, int64_t &i, int64_t &j, size_t &byte) const
    {
        const char *c = (const char *)q, *lo = (const char *)base;
        if (c < lo || c >= lo + sizeof(T) * slot * count) return false;
        const int64_t e = (c - lo) / (int64_t)sizeof(T), s = e / slot, r = e % slot;
        byte = (size_t)((c - lo) % (int64_t)sizeof(T));
        if (r >= ld * cols) return false;
        b = member_of[s];
        i = r % ld;
        j = r / ld;
        return i < rows;
    }
};

static const char *bblk_op_name[] = {"potrf", "potrs", "posv"};

/* One batch: op 0 POTRF, 1 POTRS, 2 POSV; kinds[b] 0 (positive definite), 1 or 2 (fails at
 * column ks[b]); extraA / extraB: the gap between matrices (-1 with batch 1: stride 0). */
static int bblk_e2; /* test_bblk's members scaled by 2^bblk_e2 (a POTRS factor by half that) */
template <typename T>
void test_bblk(int op, char uplo, int n, int64_t nrhs, int64_t lda, int64_t ldb, int64_t batch,
               bool scattered, int64_t extraA, int64_t extraB, int ib,
               const std::vector<int> &kinds, const std::vector<int> &ks)
{
    ++tests;
    const bool lower = uplo == 'L' || uplo == 'l', cplx = Tr<T>::cplx;
    const double eps = Tr<T>::eps();
    auto stored = [&](int64_t i, int64_t j) { return i < n && j < n && (lower ? i >= j : i <= j); };
    BBlkSet<T> A(scattered, batch, lda, n, n, extraA);
    const int64_t bcols = op == 0 ? 0 : nrhs;
    BBlkSet<T> B(scattered, batch, ldb, n, bcols > 0 ? bcols : 1, extraB);
    /* per member: the Hermitian matrix M (long double, full) and, kind 1 / POTRS, L0 */
    std::vector<std::vector<LC>> Ms(batch), L0s(batch);
    for (int64_t b = 0; b < batch; ++b) {
        std::vector<LC> &M = Ms[b], &L0 = L0s[b];
        M.assign((size_t)n * n, LC(0));
        const int kind = kinds[b], k = ks[b];
        if (op == 1 || kind == 1) {
            L0.assign((size_t)n * n, LC(0));
            for (int j = 0; j < n; ++j) {
                L0[j + j * n] = LC(1 + (urand() + 1) / 2, 0);
                for (int i = j + 1; i < n; ++i) L0[i + j * n] = LC(urand(), cplx ? urand() : 0) / (long double)n;
            }
            if (op == 1) { /* POTRS: A holds the factor, rounded to T first */
                for (auto &v : L0) { v *= std::ldexp(1.0L, bblk_e2 / 2); const T r = Tr<T>::mk(v.real(), v.imag()); v = Tr<T>::get(r); }
            }
            for (int i = 0; i < n; ++i)
                for (int j = 0; j <= i; ++j) {
                    LC s = 0;
                    for (int l = 0; l <= j; ++l) s += (op != 1 && l == k ? LC(-1) : LC(1)) * L0[i + l * n] * std::conj(L0[j + l * n]);
                    M[i + j * n] = s;
                    M[j + i * n] = std::conj(s);
                }
        } else {
            for (int j = 0; j < n; ++j)
                for (int i = j + 1; i < n; ++i) {
                    const LC v(urand(), cplx ? urand() : 0);
                    M[i + j * n] = v;
                    M[j + i * n] = std::conj(v);
                }
            for (int i = 0; i < n; ++i) {
                long double s = n;
                for (int j = 0; j < n; ++j) s += i == j ? 0 : std::abs(M[i + j * n]);
                M[i + i * n] = LC(s * (1 + urand() / 4), 0);
            }
            for (auto &v : M) v *= std::ldexp(1.0L, bblk_e2);
        }
        T *Ab = A.m(b);
        if (op == 1) { /* the factor: L, or U = L^H; the diagonal's imaginary part NaN */
            for (int j = 0; j < n; ++j)
                for (int i = j; i < n; ++i) {
                    const LC v = L0[i + j * n];
                    T *p = lower ? Ab + (i + j * lda) : Ab + (j + i * lda);
                    *p = i == j ? Tr<T>::mk(v.real(), cplx ? NAN : 0) : lower ? Tr<T>::mk(v.real(), v.imag()) : Tr<T>::mk(v.real(), -v.imag());
                }
        } else {
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (stored(i, j)) {
                        const LC v = M[i + j * n];
                        Ab[i + j * lda] = i == j ? Tr<T>::mk(v.real(), cplx ? NAN : 0) : Tr<T>::mk(v.real(), v.imag());
                    }
            if (kind == 2) Ab[k + k * lda] = Tr<T>::mk(NAN, cplx ? NAN : 0);
        }
        /* M := the rounded input as a Hermitian matrix (for POTRS, L0 L0^H of the rounded L0) */
        if (op != 1)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    const int64_t si = stored(i, j) ? i : j, sj = stored(i, j) ? j : i;
                    LC v = Tr<T>::get(Ab[si + sj * lda]);
                    if (i == j) v = LC(v.real(), 0);
                    M[i + j * n] = stored(i, j) ? v : std::conj(v);
                }
        if (bcols > 0)
            for (int64_t j = 0; j < bcols; ++j)
                for (int i = 0; i < n; ++i) B.m(b)[i + j * ldb] = rnd<T>();
    }
    /* info: guards on both sides */
    std::vector<int64_t> info8(batch + 4, -77);
    std::vector<int32_t> info4(batch + 4, -77);
    void *info = ib == 8 ? (void *)(info8.data() + 2) : (void *)(info4.data() + 2);
    auto info_at = [&](int64_t q) -> int64_t { return ib == 8 ? info8[q] : info4[q]; };

    const std::vector<T> A0 = A.buf, B0 = B.buf;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        int64_t b, i, j;
        size_t byte;
        if (A.where(q, b, i, j, byte)) {
            if (!stored(i, j) || byte) return false;
            return nb == (i == j && cplx ? sizeof(T) / 2 : sizeof(T));
        }
        if (bcols > 0 && B.where(q, b, i, j, byte)) return !byte && j < bcols && nb == sizeof(T);
        return false;
    };
    emu_launches.clear();
    cudaError_t err;
    if (op == 0)
        err = BBlk<T>::potrf(uplo, n, A.arr(), A.arr() ? nullptr : A.base, lda, A.stride, info, ib, batch);
    else if (op == 1)
        err = BBlk<T>::potrs(uplo, n, nrhs, A.arr(), A.arr() ? nullptr : A.base, lda, A.stride,
                             B.arr(), B.arr() ? nullptr : B.base, ldb, B.stride, batch);
    else
        err = BBlk<T>::posv(uplo, n, nrhs, A.arr(), A.arr() ? nullptr : A.base, lda, A.stride,
                            B.arr(), B.arr() ? nullptr : B.base, ldb, B.stride, info, ib, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.size() != 1) why += " launch";
    else if (op != 0 && (int64_t)emu_launches[0].grid.y != (op == 1 && bblk_warp ? (nrhs == 1 ? 1 : (nrhs + 1) / 2) : op == 1 ? (nrhs + (sizeof(T) == 16 ? 3 : 7)) / (sizeof(T) == 16 ? 4 : 8) : 1)) why += " grid";
    if (emu_bad_loads) why += " loads";
    /* info: exact, guards untouched */
    if (op != 1) {
        for (int64_t q = 0; q < batch + 4; ++q) {
            const int64_t b = q - 2;
            const int64_t want = b < 0 || b >= batch ? -77 : kinds[b] ? ks[b] + 1 : 0;
            if (info_at(q) != want) { why += " info"; break; }
        }
    } else if (info_at(2) != -77) {
        why += " info-written";
    }
    /* writes: A outside the stored triangles and B outside the blocks (and a failing POSV
     * member's B) bit for bit as before */
    for (size_t q = 0; q < A.buf.size(); ++q) {
        int64_t b, i, j;
        size_t byte;
        const bool in = A.where(&A.buf[q], b, i, j, byte) && stored(i, j);
        if (!in && memcmp(&A.buf[q], &A0[q], sizeof(T))) { why += " write-outside-A"; break; }
    }
    for (size_t q = 0; q < B.buf.size(); ++q) {
        int64_t b, i, j;
        size_t byte;
        const bool in = bcols > 0 && B.where(&B.buf[q], b, i, j, byte) && j < bcols && !(op == 2 && kinds[b]);
        if (!in && memcmp(&B.buf[q], &B0[q], sizeof(T))) { why += " write-outside-B"; break; }
    }
    double worst_f = 0, worst_s = 0;
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        const std::vector<LC> &M = Ms[b];
        const T *Ab = A.m(b);
        auto Lr = [&](int i, int j) -> LC { /* L(i, j) of the result, i >= j */
            if (i < j) return LC(0);
            return lower ? Tr<T>::get(Ab[i + j * lda]) : std::conj(Tr<T>::get(Ab[j + i * lda]));
        };
        const int kind = kinds[b], k = ks[b];
        if (op != 1 && kind == 0) { /* ||A - L L^H||_1 / (n ||A||_1 eps), the diagonal real */
            long double rn = 0, an = 0;
            for (int j = 0; j < n; ++j) {
                long double rs = 0, as = 0;
                for (int i = 0; i < n; ++i) {
                    LC s = 0;
                    for (int l = 0; l <= std::min(i, j); ++l) s += Lr(i, l) * std::conj(Lr(j, l));
                    rs += std::abs(s - M[i + j * n]);
                    as += std::abs(M[i + j * n]);
                }
                rn = std::max(rn, rs);
                an = std::max(an, as);
            }
            const double r = (double)(rn / (n * an * eps));
            worst_f = std::max(worst_f, r);
            if (!(r < 30)) { why += " factor-residual"; break; }
            for (int j = 0; j < n; ++j)
                if (!(Lr(j, j).real() > 0) || Lr(j, j).imag() != 0) { why += " diag"; break; }
        }
        if (op != 1 && kind != 0) { /* the columns before k against the true factor */
            std::vector<LC> Lt((size_t)n * n, LC(0));
            if (kind == 1) Lt = L0s[b];
            else
                for (int j = 0; j < k; ++j) {
                    LC d = M[j + j * n];
                    for (int l = 0; l < j; ++l) d -= Lt[j + l * n] * std::conj(Lt[j + l * n]);
                    Lt[j + j * n] = std::sqrt(d.real());
                    for (int i = j + 1; i < n; ++i) {
                        LC s = M[i + j * n];
                        for (int l = 0; l < j; ++l) s -= Lt[i + l * n] * std::conj(Lt[j + l * n]);
                        Lt[i + j * n] = s / Lt[j + j * n];
                    }
                }
            long double e = 0, lmax = 0;
            for (int j = 0; j < k; ++j)
                for (int i = j; i < n; ++i) {
                    e = std::max(e, (long double)std::abs(Lr(i, j) - Lt[i + j * n]));
                    if (!(std::abs(Lr(i, j) - Lt[i + j * n]) <= e)) e = INFINITY; /* NaN */
                    lmax = std::max(lmax, std::abs(Lt[i + j * n]));
                    if (i == j && Lr(i, j).imag() != 0) e = INFINITY;
                }
            const double r = k > 0 ? (double)(e / (n * lmax * eps)) : 0;
            worst_f = std::max(worst_f, r);
            if (!(r < 30)) { why += " columns-before-k"; break; }
            /* columns k.. are never stored (the ABI leaves them unspecified) */
            const T *A0b = A0.data() + (Ab - A.buf.data());
            bool same = true;
            for (int j = k; j < n; ++j)
                for (int i = j; i < n; ++i) {
                    const int64_t o = lower ? i + j * lda : j + i * lda;
                    if (memcmp(&Ab[o], &A0b[o], sizeof(T))) same = false;
                }
            if (!same) { why += " columns-from-k-stored"; break; }
        }
        if (op != 0 && kind == 0 && nrhs > 0) { /* ||A X - B||_1 / (n ||A||_1 ||X||_1 eps) */
            const T *Xb = B.m(b);
            const T *B0b = B0.data() + (B.m(b) - B.buf.data());
            long double an = 0, xn = 0, rn = 0;
            for (int j = 0; j < n; ++j) {
                long double as = 0;
                for (int i = 0; i < n; ++i) as += std::abs(M[i + j * n]);
                an = std::max(an, as);
            }
            for (int64_t c = 0; c < nrhs; ++c) {
                long double xs = 0, rs = 0;
                for (int i = 0; i < n; ++i) xs += std::abs(Tr<T>::get(Xb[i + c * ldb]));
                for (int i = 0; i < n; ++i) {
                    LC s = -Tr<T>::get(B0b[i + c * ldb]);
                    for (int l = 0; l < n; ++l) s += M[i + l * n] * Tr<T>::get(Xb[l + c * ldb]);
                    rs += std::abs(s);
                }
                xn = std::max(xn, xs);
                rn = std::max(rn, rs);
            }
            const double r = (double)(rn / (n * an * xn * eps));
            worst_s = std::max(worst_s, r);
            if (!(r < 30)) { why += " solve-residual"; break; }
        }
    }
    int nfail = 0;
    for (int kd : kinds) nfail += kd != 0;
    char what[400];
    snprintf(what, sizeof what, "%s_batch_%s<%zu%s> %c n=%d nrhs=%ld lda=%ld ldb=%ld batch=%ld %s sA=%ld sB=%ld ib=%d failing=%d: ratios %.3g %.3g",
             bblk_op_name[op], bblk_warp ? "warp" : "block", sizeof(T), cplx ? "c" : "", uplo, n, (long)nrhs, (long)lda, (long)ldb, (long)batch,
             scattered ? "pointers" : "strided", (long)A.stride, (long)B.stride, ib, nfail, worst_f, worst_s);
    if (!why.empty()) { ++fails; fprintf(stderr, "FAIL %s:%s\n", what, why.c_str()); }
    else if (getenv("KBV")) fprintf(stderr, "ok %s\n", what);
}

/* the sizes the issue names (n <= 64 every one when maxn allows; beyond, the edges of the
 * 32-row tiles, the panels and the three instances) */
static std::vector<int> bblk_sizes(int maxn)
{
    std::vector<int> v;
    for (int n = 1; n <= 40; ++n) v.push_back(n);
    for (int n : {63, 64, 65, 100, 127, 128, 129, 200, 255, 256}) v.push_back(n);
    std::vector<int> w;
    for (int n : v) if (n <= maxn) w.push_back(n);
    return w;
}

/* op over every size up to maxn (both triangles, random forms, lda, ldb, info width; batch
 * 7 (3 for some n > 48) with up to two failing members, batch 1 (stride 0 or not) at a few
 * sizes), a larger batch (`big` members) of small matrices, then the argument checks. */
template <typename T>
void run_bblk(int op, int big, int maxn)
{
    const char ups[] = {'L', 'U', 'l', 'u'};
    const int nrt = sizeof(T) == 16 ? 4 : 8; /* NR of the instances */
    auto one = [&](int n, int64_t batch, int u, int nfail, int64_t nrhs) {
        std::vector<int> kinds(batch, 0), ks(batch, 0);
        if (op != 1)
            for (int f = 0; f < nfail && f < batch; ++f) {
                const int64_t b = irand(0, (int)batch - 1);
                kinds[b] = irand(1, 2);
                ks[b] = irand(0, 3) ? irand(0, n - 1) : irand(0, 1) ? 0 : n - 1;
            }
        const int64_t lda = n + (irand(0, 2) ? irand(1, 5) : 0), ldb = n + (irand(0, 2) ? irand(1, 3) : 0);
        const bool scat = irand(0, 1);
        const int64_t extra = batch == 1 && !scat && irand(0, 1) ? -1 : irand(1, 9);
        test_bblk<T>(op, ups[u + 2 * irand(0, 1)], n, nrhs, lda, ldb, batch, scat, extra, irand(0, 5),
                     irand(0, 1) ? 8 : 4, kinds, ks);
    };
    /* members scaled near underflow and overflow (LAPACK's testers' types 8 and 9) */
    for (int n : {33, 64, 100})
        for (int sg : {-1, 1}) {
            if (n > maxn)
                continue;
            bblk_e2 = sg * emu_scale_e2<T>();
            one(n, 3, (n + sg) % 2 != 0, 0, 2);
        }
    bblk_e2 = 0;
    for (int n : bblk_sizes(maxn))
        for (int u = 0; u < 2; ++u) {
            /* nrhs: 1, a few, or (1 in 6, the emulator's shuffles are slow) more than a
             * block's share (blockIdx.y) */
            const int r6 = irand(0, 5);
            const int64_t nrhs = r6 < 3 ? 1 : r6 < 5 ? irand(2, 3) : irand(nrt + 1, 2 * nrt + 1);
            one(n, n <= 48 || irand(0, 2) == 0 ? 7 : 3, u, irand(0, 2), nrhs);
            if (n % 16 == 1 || n == 64 || n == 128) one(n, 1, u, irand(0, 3) == 0, irand(1, 3));
        }
    for (int n : {3, 17, 33})
        if (n <= maxn) one(n, big, irand(0, 1), 5, irand(0, 1) ? 1 : irand(2, nrt + 2));
    if (op == 2) /* POSV with nrhs 0 still factors */
        one(irand(1, std::min(maxn, 70)), 5, irand(0, 1), 1, 0);

    /* arguments: cudaErrorInvalidValue, or nothing to do; no launch, nothing written */
    struct Bad { char u; int64_t n, nrhs, lda, ldb, batch; int ib, nullA, nullB, nullinfo; cudaError_t want; };
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    const Bad bad[] = {
        {'X', 8, 1, 8, 8, 2, 8, 0, 0, 0, E}, {'N', 8, 1, 8, 8, 2, 4, 0, 0, 0, E},
        {'L', 0, 1, 1, 1, 2, 8, 0, 0, 0, E}, {'U', -1, 1, 8, 8, 2, 8, 0, 0, 0, E},
        {'L', 257, 1, 257, 257, 2, 8, 0, 0, 0, E}, {'U', 8, 1, 7, 8, 2, 8, 0, 0, 0, E},
        {'L', 8, 1, 8, 7, 2, 8, 0, 0, 0, op == 0 ? OK : E}, {'U', 8, -1, 8, 8, 2, 8, 0, 0, 0, op == 0 ? OK : E},
        {'L', 8, 1, 8, 8, -1, 8, 0, 0, 0, E}, {'U', 8, 1, 8, 8, 2, 2, 0, 0, 0, op == 1 ? OK : E},
        {'L', 8, 1, 8, 8, 2, 0, 0, 0, 0, op == 1 ? OK : E}, {'U', 8, 1, 8, 8, 2, 8, 1, 0, 0, E},
        {'L', 8, 1, 8, 8, 2, 8, 0, 1, 0, op == 0 ? OK : E}, {'U', 8, 1, 8, 8, 2, 8, 0, 0, 1, op == 1 ? OK : E},
        {'L', 8, 1, 8, 8, 0, 8, 0, 0, 0, OK}, {'U', 8, 1, 8, 8, 0, 8, 1, 1, 1, OK},
        {'L', 8, 0, 8, 8, 2, 8, 0, 0, 0, op == 2 ? E : OK} /* posv: launches (checked apart) */};
    for (const Bad &b : bad) {
        if (op == 2 && b.nrhs == 0) continue;
        ++tests;
        std::vector<T> Ab(2 * 300 * 300, nanv<T>()), Bb(2 * 300 * 4, nanv<T>());
        std::vector<int64_t> info(4, -77);
        emu_launches.clear();
        T *A = b.nullA ? nullptr : Ab.data(), *B = b.nullB ? nullptr : Bb.data();
        void *ip = b.nullinfo ? nullptr : info.data();
        const int64_t sA = b.lda > 0 && b.n > 0 ? b.lda * b.n : 1;
        cudaError_t e;
        if (op == 0) e = BBlk<T>::potrf(b.u, b.n, nullptr, A, b.lda, sA, ip, b.ib, b.batch);
        else if (op == 1) e = BBlk<T>::potrs(b.u, b.n, b.nrhs, nullptr, A, b.lda, sA, nullptr, B, b.ldb, b.ldb * 2, b.batch);
        else e = BBlk<T>::posv(b.u, b.n, b.nrhs, nullptr, A, b.lda, sA, nullptr, B, b.ldb, b.ldb * 2, ip, b.ib, b.batch);
        bool ok = e == b.want;
        /* the OK rows of another op's argument (ldb for potrf, ...) do launch: skip them */
        const bool launches = e == cudaSuccess && b.batch > 0 && !(op == 1 && b.nrhs == 0);
        if (!launches) {
            ok = ok && emu_launches.empty();
            for (auto &v : Ab) if (!isnanv(v)) ok = false;
            for (auto &v : Bb) if (!isnanv(v)) ok = false;
            for (auto v : info) if (v != -77) ok = false;
        }
        if (!ok) {
            ++fails;
            fprintf(stderr, "FAIL %s_batch_block<%zu> arguments %c n=%ld nrhs=%ld lda=%ld ldb=%ld batch=%ld ib=%d null %d%d%d: %d\n",
                    bblk_op_name[op], sizeof(T), b.u, (long)b.n, (long)b.nrhs, (long)b.lda, (long)b.ldb, (long)b.batch, b.ib,
                    b.nullA, b.nullB, b.nullinfo, (int)e);
        }
    }
}

/* ------------------------------------------------------------------ batched TRSM/TRMM, k <= 32
 * kblasf_cuda_?trxm_batch (batch_trxm.cu) for every side, uplo, transa, diag (letters in
 * either case) and every order k = 1..32 of the triangle, the other dimension 1..40 or past
 * 128 (blockIdx.y), batches of 1 and 7 (random ones up to 50), each of A and B strided
 * (stride larger than needed, or 0 with a batch of 1) or through an array of pointers in
 * shuffled order (with a base and stride beside it that must be ignored), offA / offB,
 * lda > k, ldb > m. A's off-diagonal elements are uniform in [-1, 1] / k, its diagonal of
 * magnitude in [1, 2] with a random sign (complex: phase); NaN everywhere else (A's other
 * triangle, its diagonal for diag 'U', padding, gaps) and the load checker fails any read
 * outside A's stored triangle (without the diagonal for 'U') and B's m x n blocks. Checked:
 * all of A and everything of B outside the blocks bit for bit as before; TRSM
 * ||op(A) X - alpha B||_1 / (||op(A)||_1 ||X||_1 k eps) < 30 (side 'R': X op(A)), TRMM
 * ||X - alpha op(A) B||_1 / (|alpha| ||op(A)||_1 ||B||_1 k eps) < 30 (side 'R': B op(A)),
 * per member against long double; alpha = 0: exact zeros with NaN planted in A's triangle and
 * B's blocks and nothing read at all. Then the argument checks (nothing launched or
 * written) and kblasf_cuda_offset_pointers (test `offptr`). */

#define TRXM_CALL(P, T)                                                                              \
    cudaError_t call_trxm(int solve, char side, char uplo, char ta, char diag, int64_t m, int64_t n, \
                          T alpha, T *const *Aa, T *A, int64_t lda, int64_t sA, int64_t oA,          \
                          T *const *Ba, T *B, int64_t ldb, int64_t sB, int64_t oB, int64_t batch)    \
    {                                                                                                \
        return kblasf_cuda_##P##trxm_batch(0, solve, side, uplo, ta, diag, m, n, alpha, Aa, A, lda,  \
                                           sA, oA, Ba, B, ldb, sB, oB, batch);                       \
    }
TRXM_CALL(s, float)
TRXM_CALL(d, double)
TRXM_CALL(c, cuFloatComplex)
TRXM_CALL(z, cuDoubleComplex)
#undef TRXM_CALL

/* A batch for trxm: member b's base (what the call gets) at ptr[b], its matrix off elements
 * further on. Strided: base ptr[0], stride the slot (larger than off + ld*cols), or 0 with a
 * batch of 1 (then no slack); pointer array: slots in shuffled order, and beside the array a
 * decoy base (the buffer's start, or NULL) and a junk stride, which the kernel must ignore. */
template <typename T> struct TMats {
    std::vector<T> buf;
    std::vector<T *> ptr;
    std::vector<uint8_t> allow;
    int64_t ld, off, stride = 0;
    bool ptrs;
    T *decoy = nullptr;
    TMats(int64_t batch, int64_t cols, int64_t ld_, int64_t off_, bool ptrs_, bool zero_stride)
        : ld(ld_), off(off_), ptrs(ptrs_)
    {
        const int64_t slot = off + ld * cols + (zero_stride ? 0 : irand(ptrs ? 0 : 1, 7));
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
            stride = zero_stride ? 0 : slot;
        }
    }
    T &at(int64_t b, int64_t i, int64_t j) { return ptr[b][off + i + j * ld]; }
    size_t idx(int64_t b, int64_t i, int64_t j) const { return (ptr[b] - buf.data()) + off + i + j * ld; }
    T *base() { return ptrs ? decoy : ptr[0]; }
    T *const *arr() { return ptrs ? ptr.data() : nullptr; }
    int check(const void *q, size_t nb) const /* 0: not ours, 1 allowed, -1 not */
    {
        const char *c = (const char *)q, *lo = (const char *)buf.data(), *hi = (const char *)(buf.data() + buf.size());
        if (c < lo || c >= hi) return 0;
        const size_t e = (c - lo) / sizeof(T), o = (c - lo) % sizeof(T);
        return !o && nb == sizeof(T) && allow[e] == 1 ? 1 : -1;
    }
};

static bool is_letter(char c, char want) { return c == want || c == want + ('a' - 'A'); }

/* One call. akind: 0 alpha = 0 (NaN planted in A's triangle and B's blocks), 1 alpha = 1,
 * 2 random (|alpha| >= 1/4; complex for c/z). */
template <typename T>
void test_trxm(int solve, char side, char uplo, char ta, char diag, int64_t m, int64_t n, int64_t batch, int akind)
{
    ++tests;
    const bool cplx = Tr<T>::cplx;
    const bool left = is_letter(side, 'L'), lower = is_letter(uplo, 'L'), unit = is_letter(diag, 'U');
    const char op = is_letter(ta, 'N') ? 'N' : is_letter(ta, 'T') ? 'T' : 'C';
    const int k = (int)(left ? m : n);
    const double eps = Tr<T>::eps();
    const int64_t lda = k + (irand(0, 2) ? 0 : irand(1, 5)), ldb = m + (irand(0, 2) ? 0 : irand(1, 4));
    const int64_t offA = irand(0, 2) ? 0 : irand(1, 40), offB = irand(0, 2) ? 0 : irand(1, 40);
    const bool pA = irand(0, 1), pB = irand(0, 1);
    TMats<T> A(batch, k, lda, offA, pA, batch == 1 && !pA && irand(0, 1)),
        B(batch, n, ldb, offB, pB, batch == 1 && !pB && irand(0, 1));
    T alpha = Tr<T>::mk(akind == 1 ? 1 : 0, 0);
    if (akind == 2)
        do alpha = rnd<T>(); while (std::abs(Tr<T>::get(alpha)) < 0.25L);
    auto stored = [&](int i, int j) { return i == j ? !unit : lower ? i > j : i < j; };
    const long double pi = 3.14159265358979323846L;
    for (int64_t b = 0; b < batch; ++b) {
        for (int j = 0; j < k; ++j)
            for (int i = 0; i < k; ++i) {
                if (!stored(i, j)) continue;
                T v;
                if (i == j) {
                    const long double mag = 1 + (urand() + 1) / 2;
                    if (cplx) {
                        const long double th = pi * urand();
                        v = Tr<T>::mk(mag * std::cos(th), mag * std::sin(th));
                    } else {
                        v = Tr<T>::mk(urand() < 0 ? -mag : mag, 0);
                    }
                } else {
                    v = Tr<T>::mk(urand() / k, cplx ? urand() / k : 0);
                }
                if (akind == 0 && irand(0, 1)) v = nanv<T>();
                A.at(b, i, j) = v;
                A.allow[A.idx(b, i, j)] = akind != 0;
            }
        for (int64_t j = 0; j < n; ++j)
            for (int64_t i = 0; i < m; ++i) {
                B.at(b, i, j) = akind == 0 && irand(0, 1) ? nanv<T>() : rnd<T>();
                B.allow[B.idx(b, i, j)] = akind != 0;
            }
    }
    const std::vector<T> A0 = A.buf, B0 = B.buf;
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        int c = A.check(q, nb);
        if (c == 0) c = B.check(q, nb);
        return c == 1;
    };
    emu_launches.clear();
    const cudaError_t err = call_trxm(solve, side, uplo, ta, diag, m, n, alpha, A.arr(), A.base(), lda, A.stride, offA,
                                      B.arr(), B.base(), ldb, B.stride, offB, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.size() != 1) why += " launch";
    if (emu_bad_loads) why += " loads";
    if (memcmp(A.buf.data(), A0.data(), A.buf.size() * sizeof(T))) why += " A-written";
    {
        std::vector<uint8_t> wb(B.buf.size(), 0);
        for (int64_t b = 0; b < batch; ++b)
            for (int64_t j = 0; j < n; ++j)
                for (int64_t i = 0; i < m; ++i) wb[B.idx(b, i, j)] = 1;
        for (size_t q = 0; q < B.buf.size(); ++q)
            if (!wb[q] && memcmp(&B.buf[q], &B0[q], sizeof(T))) { why += " B-write-outside"; break; }
    }
    double worst = 0;
    const LC al = Tr<T>::get(alpha);
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        if (akind == 0) {
            for (int64_t j = 0; j < n; ++j)
                for (int64_t i = 0; i < m; ++i) {
                    const LC x = Tr<T>::get(B.at(b, i, j));
                    if (!(x.real() == 0 && x.imag() == 0)) { if (why.empty()) why += " not-zero"; }
                }
            continue;
        }
        /* op(A) as a full k x k matrix (zero outside the triangle, 1 on a unit diagonal) */
        std::vector<LC> O((size_t)k * k);
        long double on = 0;
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j) {
                const int r = op == 'N' ? i : j, c = op == 'N' ? j : i;
                LC a = r == c ? (unit ? LC(1) : Tr<T>::get(A.at(b, r, r))) : stored(r, c) ? Tr<T>::get(A.at(b, r, c)) : LC(0);
                O[i + (size_t)j * k] = op == 'C' ? std::conj(a) : a;
            }
        for (int j = 0; j < k; ++j) {
            long double s = 0;
            for (int i = 0; i < k; ++i) s += std::abs(O[i + (size_t)j * k]);
            on = std::max(on, s);
        }
        std::vector<LC> X((size_t)m * n), Bi((size_t)m * n);
        for (int64_t j = 0; j < n; ++j)
            for (int64_t i = 0; i < m; ++i) {
                X[i + j * m] = Tr<T>::get(B.at(b, i, j));
                Bi[i + j * m] = Tr<T>::get(B0[B.idx(b, i, j)]);
            }
        /* P = op(A) Y or Y op(A), Y = X (TRSM) or the input B (TRMM) */
        const std::vector<LC> &Y = solve ? X : Bi;
        std::vector<LC> P((size_t)m * n, LC(0));
        for (int64_t j = 0; j < n; ++j)
            for (int64_t i = 0; i < m; ++i) {
                LC s = 0;
                if (left)
                    for (int l = 0; l < k; ++l) s += O[i + (size_t)l * k] * Y[l + j * m];
                else
                    for (int l = 0; l < k; ++l) s += Y[i + l * m] * O[l + (size_t)j * k];
                P[i + j * m] = s;
            }
        long double rn = 0, yn = 0;
        for (int64_t j = 0; j < n; ++j) {
            long double rs = 0, ys = 0;
            for (int64_t i = 0; i < m; ++i) {
                const LC r = solve ? P[i + j * m] - al * Bi[i + j * m] : X[i + j * m] - al * P[i + j * m];
                rs += std::abs(r);
                ys += std::abs(Y[i + j * m]);
            }
            if (!(rs <= rn)) rn = rs; /* NaN sticks */
            yn = std::max(yn, ys);
        }
        const double r = (double)(rn / ((solve ? 1 : std::abs(al)) * on * yn * k * eps));
        if (!(r <= worst)) worst = r;
    }
    if (!(worst < 30)) why += " residual";
    char what[400];
    snprintf(what, sizeof what, "b%s<%zu%s> %c%c%c%c m=%ld n=%ld batch=%ld alpha%d A:%s lda=%ld sA=%ld offA=%ld B:%s ldb=%ld sB=%ld offB=%ld grid=%ux%u block=%u",
             solve ? "trsm" : "trmm", sizeof(T), cplx ? "c" : "", side, uplo, ta, diag, (long)m, (long)n, (long)batch, akind,
             pA ? "ptrs" : "strided", (long)lda, (long)A.stride, (long)offA, pB ? "ptrs" : "strided", (long)ldb, (long)B.stride,
             (long)offB, emu_launches.empty() ? 0 : emu_launches[0].grid.x, emu_launches.empty() ? 0 : emu_launches[0].grid.y,
             emu_launches.empty() ? 0 : emu_launches[0].block.x);
    if (!why.empty()) { ++fails; fprintf(stderr, "FAIL %s: ratio %g:%s\n", what, worst, why.c_str()); }
    else if (getenv("KBV")) fprintf(stderr, "ok %s: ratio %g\n", what, worst);
}

/* cudaErrorInvalidValue, or cudaSuccess for the no-ops (batch, m or n 0): nothing launched,
 * nothing written */
template <typename T> void run_trxm_args(int solve)
{
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    struct { char s, u, t, d; int64_t m, n, lda, ldb, batch, oA, oB; int nullA, nullB; cudaError_t want; } cases[] = {
        {'X', 'L', 'N', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E}, {'U', 'L', 'N', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E},
        {'L', 'X', 'N', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E}, {'r', 'n', 'T', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'X', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E}, {'R', 'U', 'u', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'N', 'X', 4, 3, 4, 4, 2, 0, 0, 0, 0, E}, {'l', 'u', 'c', 'c', 4, 3, 4, 4, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'N', 'N', -1, 3, 4, 4, 2, 0, 0, 0, 0, E}, {'R', 'L', 'N', 'N', 4, -1, 4, 4, 2, 0, 0, 0, 0, E},
        {'L', 'U', 'T', 'N', 33, 3, 33, 33, 2, 0, 0, 0, 0, E}, {'R', 'L', 'C', 'U', 3, 33, 33, 3, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'N', 'N', 5, 3, 4, 5, 2, 0, 0, 0, 0, E}, {'R', 'U', 'N', 'N', 3, 5, 4, 3, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'N', 'N', 5, 3, 5, 4, 2, 0, 0, 0, 0, E}, {'R', 'L', 'T', 'N', 5, 3, 5, 4, 2, 0, 0, 0, 0, E},
        {'L', 'L', 'N', 'N', 4, 3, 4, 4, -1, 0, 0, 0, 0, E}, {'L', 'L', 'N', 'N', 4, 3, 4, 4, 2, -1, 0, 0, 0, E},
        {'R', 'U', 'N', 'N', 4, 3, 4, 4, 2, 0, -1, 0, 0, E}, {'L', 'L', 'N', 'N', 4, 3, 4, 4, 2, 0, 0, 1, 0, E},
        {'R', 'L', 'N', 'N', 4, 3, 4, 4, 2, 0, 0, 0, 1, E},
        {'L', 'L', 'N', 'N', 4, 3, 4, 4, 0, 0, 0, 0, 0, OK}, {'R', 'U', 'T', 'U', 4, 3, 4, 4, 0, 0, 0, 1, 1, OK},
        {'L', 'L', 'N', 'N', 0, 3, 1, 1, 2, 0, 0, 0, 0, OK}, {'R', 'L', 'C', 'N', 0, 3, 3, 1, 2, 0, 0, 1, 1, OK},
        {'L', 'U', 'T', 'N', 4, 0, 4, 4, 2, 0, 0, 0, 0, OK}, {'R', 'U', 'N', 'U', 4, 0, 1, 4, 2, 0, 0, 1, 1, OK}};
    for (auto &c : cases) {
        ++tests;
        std::vector<T> a(40 * 40, nanv<T>()), bb(40 * 40, nanv<T>());
        emu_launches.clear();
        const T alpha = Tr<T>::mk(1, 0);
        const cudaError_t e = call_trxm(solve, c.s, c.u, c.t, c.d, c.m, c.n, alpha, nullptr, c.nullA ? nullptr : a.data(),
                                        c.lda, 40, c.oA, nullptr, c.nullB ? nullptr : bb.data(), c.ldb, 40, c.oB, c.batch);
        bool ok = e == c.want && emu_launches.empty();
        for (auto &v : a) if (!isnanv(v)) ok = false;
        for (auto &v : bb) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++fails;
            fprintf(stderr, "FAIL b%s<%zu> arguments %c%c%c%c m=%ld n=%ld lda=%ld ldb=%ld batch=%ld offA=%ld offB=%ld null %d%d: %d want %d, %zu launches\n",
                    solve ? "trsm" : "trmm", sizeof(T), c.s, c.u, c.t, c.d, (long)c.m, (long)c.n, (long)c.lda, (long)c.ldb,
                    (long)c.batch, (long)c.oA, (long)c.oB, c.nullA, c.nullB, (int)e, (int)c.want, emu_launches.size());
        }
    }
}

/* sweep: every k = 1..32 with every side, uplo, transa, diag, batch 1 and 7 (the other
 * dimension 1..40, 1 in 6 from 128 to 300); then cnt random cases (k biased to the edges of
 * the 8/16/32 instances, batches up to 50, a quarter of them 50 where the vectors are few);
 * then the argument checks */
template <typename T> void run_trxm(int solve, int cnt, bool sweep)
{
    const char sides[] = "LR", uplos[] = "LU", tas[] = "NTC", diags[] = "NU";
    auto lc = [](char c) { return irand(0, 3) ? c : (char)(c + ('a' - 'A')); };
    auto other = [&]() -> int64_t {
        static const int big[] = {128, 129, 130, 200, 256, 257};
        const int r = irand(0, 11);
        return r == 0 ? big[irand(0, 5)] : r == 1 ? irand(131, 300) : irand(1, 40);
    };
    auto akind = [&]() { return irand(0, 7) == 0 ? 0 : irand(1, 2); };
    if (sweep)
        for (int k = 1; k <= 32; ++k)
            for (int s = 0; s < 2; ++s)
                for (int u = 0; u < 2; ++u)
                    for (int t = 0; t < 3; ++t)
                        for (int d = 0; d < 2; ++d)
                            for (int64_t batch : {1, 7}) {
                                const int64_t nv = other();
                                test_trxm<T>(solve, lc(sides[s]), lc(uplos[u]), lc(tas[t]), lc(diags[d]), s ? nv : k,
                                             s ? k : nv, batch, akind());
                            }
    static const int edges[] = {1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 32};
    for (int c = 0; c < cnt; ++c) {
        const int k = irand(0, 1) ? irand(1, 32) : edges[irand(0, 10)];
        const int64_t nv = irand(0, 4) ? irand(1, 40) : other();
        const int64_t batch = nv > 64 ? irand(1, 7) : c % 4 == 0 ? 50 : irand(1, 50);
        const int s = irand(0, 1);
        test_trxm<T>(solve, lc(sides[s]), lc(uplos[irand(0, 1)]), lc(tas[irand(0, 2)]), lc(diags[irand(0, 1)]),
                     s ? nv : k, s ? k : nv, batch, akind());
    }
    run_trxm_args<T>(solve);
}

/* ------------------------------------------------------------------ batched TRTRI, n <= 32 */
#define BTRTRI_CALL(P, T)                                                                                \
    cudaError_t call_btrtri(char u, char d, int64_t n, T *const *Aarr, T *A, int64_t lda, int64_t sA, \
                            int64_t oA, int64_t batch)                                               \
    {                                                                                                \
        return kblasf_cuda_##P##trtri_batch(0, u, d, n, Aarr, A, lda, sA, oA, batch);                \
    }
BTRTRI_CALL(s, float)
BTRTRI_CALL(d, double)
BTRTRI_CALL(c, cuFloatComplex)
BTRTRI_CALL(z, cuDoubleComplex)
#undef BTRTRI_CALL

/* One batched in-place TRTRI call (kblasf_cuda_?trtri_batch). form: 0 strided (stride
 * larger than needed), 1 strided with stride 0 (batch 1), 2 shuffled pointer array with a
 * decoy base (the buffer or NULL) and a junk stride. The stored triangle (without the
 * diagonal for diag 'U') holds diag. magnitudes in [1, 2] (random signs / phases) and
 * off-diagonals of size 1/n; NaN everywhere else (the other triangle, a unit diagonal,
 * padding rows, offA, the gaps). sing >= 0: member sing gets a zero at a random diagonal
 * position (diag 'N'). The load checker fails any read of the matrices' buffer outside the
 * stored triangles (and of the pointer array past the batch); after the call everything
 * outside the stored triangles must be as before, bit for bit (the pointer array too);
 * member sing must hold some Inf/NaN in its triangle; every other member's X (the result)
 * ||X A - I||_1 / (n ||A||_1 ||X||_1 eps) < 30, in long double (unit diagonals as ones). */
static int btrtri_e2; /* test_btrtri's triangles scaled by 2^btrtri_e2 */
template <typename T>
void test_btrtri(char uplo, char diag, int n, int64_t batch, int form, int64_t sing)
{
    ++tests;
    const bool cplx = Tr<T>::cplx;
    const bool lower = is_letter(uplo, 'L'), unit = is_letter(diag, 'U');
    const double eps = Tr<T>::eps();
    const int64_t lda = n + (irand(0, 2) ? 0 : irand(1, 5));
    const int64_t offA = irand(0, 2) ? 0 : irand(1, 40);
    const bool pA = form == 2;
    TMats<T> A(batch, n, lda, offA, pA, form == 1);
    auto stored = [&](int i, int j) { return i == j ? !unit : lower ? i > j : i < j; };
    const long double pi = 3.14159265358979323846L;
    int sing_pos = -1;
    for (int64_t b = 0; b < batch; ++b)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                if (!stored(i, j)) continue;
                T v;
                if (i == j) {
                    const long double mag = 1 + (urand() + 1) / 2;
                    if (cplx) {
                        const long double th = pi * urand();
                        v = Tr<T>::mk(mag * std::cos(th), mag * std::sin(th));
                    } else {
                        v = Tr<T>::mk(urand() < 0 ? -mag : mag, 0);
                    }
                } else {
                    v = Tr<T>::mk(urand() / n, cplx ? urand() / n : 0);
                }
                if (btrtri_e2) { /* scaled (non-unit only: a scaled unit triangle's inverse overflows) */
                    const LC w = Tr<T>::get(v) * std::ldexp(1.0L, btrtri_e2);
                    v = Tr<T>::mk(w.real(), w.imag());
                }
                A.at(b, i, j) = v;
                A.allow[A.idx(b, i, j)] = 1;
            }
    if (sing >= 0 && !unit) {
        sing_pos = irand(0, n - 1);
        A.at(sing, sing_pos, sing_pos) = Tr<T>::mk(0, 0);
    }
    const std::vector<T> A0 = A.buf;
    const std::vector<T *> P0 = A.ptr;
    T *const *const parr = A.arr();
    emu_bad_loads = 0;
    emu_load_ok = [&](const void *q, size_t nb) {
        const int c = A.check(q, nb);
        if (c) return c == 1;
        if (parr) { /* the pointer array, entries 0..batch-1 */
            const char *p = (const char *)q, *lo = (const char *)parr;
            if (p >= lo && p < (const char *)(parr + batch))
                return (p - lo) % sizeof(T *) == 0 && nb == sizeof(T *);
        }
        return false;
    };
    emu_launches.clear();
    const cudaError_t err = call_btrtri(uplo, diag, n, A.arr(), A.base(), lda, A.stride, offA, batch);
    emu_load_ok = nullptr;
    std::string why;
    if (err != cudaSuccess || emu_launches.empty()) why += " launch";
    if (emu_bad_loads) why += " loads";
    for (size_t q = 0; q < A.buf.size(); ++q)
        if (A.allow[q] != 1 && memcmp(&A.buf[q], &A0[q], sizeof(T))) {
            char w[160];
            snprintf(w, sizeof w, " write-outside(elem %zu: %g,%g)", q, (double)Tr<T>::get(A.buf[q]).real(),
                     (double)Tr<T>::get(A.buf[q]).imag());
            why += w;
            break;
        }
    if (A.ptr != P0) why += " ptr-array-written";
    double worst = 0;
    int64_t worst_b = -1;
    for (int64_t b = 0; b < batch && why.empty(); ++b) {
        if (b == sing && sing_pos >= 0) {
            bool nonfinite = false;
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (stored(i, j)) {
                        const LC x = Tr<T>::get(A.at(b, i, j));
                        if (!std::isfinite((double)x.real()) || !std::isfinite((double)x.imag())) nonfinite = true;
                    }
            if (!nonfinite) why += " singular-member-finite";
            continue;
        }
        /* full matrices, zero outside the triangle, ones on a unit diagonal */
        auto full = [&](const T *src, int i, int j) -> LC {
            if (i == j && unit) return LC(1);
            return stored(i, j) ? Tr<T>::get(src[i + (size_t)j * lda]) : LC(0);
        };
        const T *a0 = A0.data() + A.idx(b, 0, 0), *x0 = A.buf.data() + A.idx(b, 0, 0);
        std::vector<LC> Am((size_t)n * n), Xm((size_t)n * n);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                Am[i + (size_t)j * n] = full(a0, i, j);
                Xm[i + (size_t)j * n] = full(x0, i, j);
            }
        long double an = 0, xn = 0, rn = 0;
        for (int j = 0; j < n; ++j) {
            long double sa = 0, sx = 0, sr = 0;
            for (int i = 0; i < n; ++i) {
                sa += std::abs(Am[i + (size_t)j * n]);
                sx += std::abs(Xm[i + (size_t)j * n]);
                LC s = 0; /* (X A)(i,j), over the triangle's range only */
                const int l0 = lower ? j : 0, l1 = lower ? n - 1 : j;
                for (int l = l0; l <= l1; ++l) s += Xm[i + (size_t)l * n] * Am[l + (size_t)j * n];
                /* entries of X outside the triangle are zero by construction; a NaN in the
                 * stored triangle of X shows in sx as well */
                sr += std::abs(s - LC(i == j ? 1 : 0));
            }
            an = std::max(an, sa);
            if (!(sx <= xn)) xn = sx; /* NaN sticks */
            if (!(sr <= rn)) rn = sr;
        }
        const double r = (double)(rn / (n * an * xn * eps));
        if (!(r <= worst)) { worst = r; worst_b = b; }
    }
    if (!(worst < 30)) why += " residual";
    char what[400];
    snprintf(what, sizeof what, "btrtri<%zu%s> %c%c n=%d batch=%ld %s lda=%ld sA=%ld offA=%ld decoy=%s sing=%ld@%d grid=%ux%u block=%u launches=%zu",
             sizeof(T), cplx ? "c" : "", uplo, diag, n, (long)batch, pA ? "ptrs" : form == 1 ? "stride0" : "strided",
             (long)lda, (long)A.stride, (long)offA, pA ? (A.decoy ? "buf" : "null") : "-", (long)(sing_pos >= 0 ? sing : -1),
             sing_pos, emu_launches.empty() ? 0 : emu_launches[0].grid.x, emu_launches.empty() ? 0 : emu_launches[0].grid.y,
             emu_launches.empty() ? 0 : emu_launches[0].block.x, emu_launches.size());
    if (!why.empty()) { ++fails; fprintf(stderr, "FAIL %s: ratio %g (member %ld):%s\n", what, worst, (long)worst_b, why.c_str()); }
    else if (getenv("KBV")) fprintf(stderr, "ok %s: ratio %g\n", what, worst);
}

/* cudaErrorInvalidValue, or cudaSuccess for the no-ops (n or batch 0, NULL matrices
 * allowed there): nothing launched, nothing written. The letters, n, lda, batch and offA
 * are checked before the no-op return (as the batched TRSM/TRMM do). */
template <typename T> void run_btrtri_args()
{
    const cudaError_t E = cudaErrorInvalidValue, OK = cudaSuccess;
    struct { char u, d; int64_t n, lda, batch, oA; int nullA, useArr; cudaError_t want; } cases[] = {
        {'X', 'N', 4, 4, 2, 0, 0, 0, E}, {'L', 'X', 4, 4, 2, 0, 0, 0, E}, {'n', 'N', 4, 4, 2, 0, 0, 0, E},
        {'u', 'l', 4, 4, 2, 0, 0, 0, E}, {'C', 'U', 4, 4, 2, 0, 0, 1, E}, {'l', 't', 4, 4, 2, 0, 1, 1, E},
        {'L', 'N', -1, 4, 2, 0, 0, 0, E}, {'U', 'U', 33, 33, 2, 0, 0, 0, E}, {'l', 'n', 33, 40, 1, 0, 0, 1, E},
        {'L', 'N', 4, 3, 2, 0, 0, 0, E}, {'U', 'N', 2, 1, 1, 0, 0, 1, E}, {'L', 'U', 32, 31, 1, 0, 0, 0, E},
        {'L', 'N', 4, 4, -1, 0, 0, 0, E}, {'U', 'N', 4, 4, 2, -1, 0, 0, E}, {'L', 'U', 4, 4, 2, -3, 1, 1, E},
        {'L', 'N', 4, 4, 2, 0, 1, 0, E}, {'u', 'u', 1, 1, 1, 0, 1, 0, E},
        {'X', 'N', 4, 4, 0, 0, 0, 0, E}, {'L', 'N', 33, 33, 0, 0, 1, 0, E}, {'L', 'N', 4, 4, 0, -1, 0, 0, E},
        {'L', 'N', 4, 4, 0, 0, 0, 0, OK}, {'U', 'U', 4, 4, 0, 0, 1, 0, OK}, {'l', 'u', 4, 4, 0, 0, 1, 1, OK},
        {'L', 'N', 0, 1, 3, 0, 0, 0, OK}, {'u', 'n', 0, 1, 3, 0, 1, 0, OK}, {'U', 'N', 0, 4, 2, 5, 0, 1, OK}};
    for (auto &c : cases) {
        ++tests;
        std::vector<T> a(40 * 40 * 3, nanv<T>());
        std::vector<T *> arr = {a.data(), a.data() + 1600, a.data() + 3200};
        emu_launches.clear();
        const cudaError_t e = call_btrtri(c.u, c.d, c.n, c.useArr ? arr.data() : nullptr,
                                          c.nullA ? nullptr : a.data(), c.lda, 1600, c.oA, c.batch);
        bool ok = e == c.want && emu_launches.empty();
        for (auto &v : a) if (!isnanv(v)) ok = false;
        if (!ok) {
            ++fails;
            fprintf(stderr, "FAIL btrtri<%zu%s> arguments %c%c n=%ld lda=%ld batch=%ld offA=%ld nullA=%d arr=%d: %d want %d, %zu launches\n",
                    sizeof(T), Tr<T>::cplx ? "c" : "", c.u, c.d, (long)c.n, (long)c.lda, (long)c.batch, (long)c.oA,
                    c.nullA, c.useArr, (int)e, (int)c.want, emu_launches.size());
        }
    }
}

/* sweep: every n = 1..32 with every uplo and diag, batch 1 (strided, stride 0, pointer
 * array) and 7 (strided, pointer array), a zero diagonal in one member of a third of the
 * batch-7 diag-'N' cases; then cnt random cases (n biased to 1, 2, 8, 16, 31, 32 and the
 * like, batches up to 50, a quarter of them 50, a zero diagonal in one member of a quarter
 * of the diag-'N' ones); then the argument checks. "all": no sweep. */
template <typename T> void run_btrtri(int cnt, bool sweep)
{
    const char uplos[] = "LU", diags[] = "NU";
    auto lc = [](char c) { return irand(0, 3) ? c : (char)(c + ('a' - 'A')); };
    for (int n = 1; n <= 32 && sweep; ++n)
        for (int u = 0; u < 2; ++u)
            for (int d = 0; d < 2; ++d) {
                for (int form = 0; form < 3; ++form) test_btrtri<T>(lc(uplos[u]), lc(diags[d]), n, 1, form, -1);
                for (int form : {0, 2})
                    test_btrtri<T>(lc(uplos[u]), lc(diags[d]), n, 7, form, d == 0 && irand(0, 2) == 0 ? irand(0, 6) : -1);
            }
    static const int edges[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32};
    for (int c = 0; c < cnt; ++c) {
        const int n = irand(0, 1) ? irand(1, 32) : edges[irand(0, 11)];
        const int64_t batch = c % 4 == 0 ? 50 : irand(1, 50);
        const int d = irand(0, 1);
        const int form = batch == 1 ? irand(0, 2) : irand(0, 1) * 2;
        test_btrtri<T>(lc(uplos[irand(0, 1)]), lc(diags[d]), n, batch, form,
                       d == 0 && irand(0, 3) == 0 ? irand(0, (int)batch - 1) : -1);
    }
    /* non-unit triangles scaled near underflow and overflow */
    for (int n : {2, 9, 16, 17, 32})
        for (int sg : {-1, 1}) {
            btrtri_e2 = sg * emu_scale_e2<T>();
            test_btrtri<T>(uplos[n % 2], 'N', n, 7, 2 * (n % 2), -1);
        }
    btrtri_e2 = 0;
    run_btrtri_args<T>();
}

/* kblasf_cuda_offset_pointers: out[b] == (char *)in[b] + off for b < batch (batches past a
 * block of 256, offsets of either sign), the entries after the batch untouched, one launch;
 * then its argument checks */
static void run_offptr(int cnt)
{
    std::vector<char> mem(1 << 16);
    auto one = [&](int64_t batch, int64_t off) {
        ++tests;
        std::vector<void *> in(batch + 1), out(batch + 8, (void *)(uintptr_t)0x5A5A5A5A);
        for (int64_t b = 0; b < batch; ++b) in[b] = mem.data() + irand(1 << 12, (1 << 16) - (1 << 12));
        emu_launches.clear();
        const cudaError_t e = kblasf_cuda_offset_pointers(0, in.data(), off, out.data(), batch);
        bool ok = e == cudaSuccess && emu_launches.size() == 1;
        for (int64_t b = 0; b < batch && ok; ++b) ok = out[b] == (void *)((char *)in[b] + off);
        for (int64_t b = batch; b < batch + 8 && ok; ++b) ok = out[b] == (void *)(uintptr_t)0x5A5A5A5A;
        if (!ok) { ++fails; fprintf(stderr, "FAIL offset_pointers batch=%ld off=%ld: %d\n", (long)batch, (long)off, (int)e); }
    };
    for (int64_t batch : {1, 2, 7, 255, 256, 257, 600}) one(batch, irand(-4000, 4000));
    one(5, 0);
    for (int c = 0; c < cnt; ++c) one(irand(1, 1000), irand(0, 3) ? irand(-4000, 4000) : irand(0, 1) ? 8 : -16);
    struct { int64_t batch; int nin, nout; cudaError_t want; } bad[] = {
        {-1, 0, 0, cudaErrorInvalidValue}, {3, 1, 0, cudaErrorInvalidValue}, {3, 0, 1, cudaErrorInvalidValue},
        {0, 0, 0, cudaSuccess}, {0, 1, 1, cudaSuccess}};
    for (auto &c : bad) {
        ++tests;
        void *in[4] = {mem.data(), mem.data(), mem.data(), mem.data()}, *out[4] = {nullptr, nullptr, nullptr, nullptr};
        emu_launches.clear();
        const cudaError_t e = kblasf_cuda_offset_pointers(0, c.nin ? nullptr : in, 8, c.nout ? nullptr : out, c.batch);
        bool ok = e == c.want && emu_launches.empty();
        for (void *p : out) if (p) ok = false;
        if (!ok) { ++fails; fprintf(stderr, "FAIL offset_pointers arguments batch=%ld null %d%d: %d\n", (long)c.batch, c.nin, c.nout, (int)e); }
    }
}

/* ------------------------------------------------------------------ trsv_chain
 * x := alpha inv(op(A)) x with one vector: every uplo, trans, diag; orders across the
 * chunk boundaries (64; 32 in double complex) and random ones; lda > k. A holds NaN where
 * it must not be read (the other triangle, a unit diagonal) and the load checker fails any
 * read of it. Residual ||op(A) x - alpha b|| / (||op(A)|| ||x|| k eps) below 30. With a
 * second trans t2 (POTRS's pair, the second kernel launched dependent on the first) x :=
 * inv(op2(A)) inv(op(A)) alpha b: ||op(A) op2(A) x - alpha b|| / (||op(A)|| ||op2(A)|| ||x||
 * k eps) below 30. The scratch is two regions taken in turn through the CUDA executor's own
 * bookkeeping (kblasf_chain_take, kblasf_chain_used): a call whose region the call before marked (its `next`, at
 * least as large as this call needs) issues no memset, so a mark that a kernel left unset
 * leaves a solved value of two calls back where a reader waits for the mark's end; each call
 * checks that its kernels marked all of the next call's region. */
cudaError_t call_trsv(char u, char t, char t2, char d, int64_t k, float al, const float *A, int64_t lda, float *x, void *s, int m = 0, void *nx = nullptr) { return kblasf_cuda_strsv_chain(0, u, t, t2, d, k, al, A, lda, x, s, m, nx, 0); }
cudaError_t call_trsv(char u, char t, char t2, char d, int64_t k, double al, const double *A, int64_t lda, double *x, void *s, int m = 0, void *nx = nullptr) { return kblasf_cuda_dtrsv_chain(0, u, t, t2, d, k, al, A, lda, x, s, m, nx, 0); }
cudaError_t call_trsv(char u, char t, char t2, char d, int64_t k, cuFloatComplex al, const cuFloatComplex *A, int64_t lda, cuFloatComplex *x, void *s, int m = 0, void *nx = nullptr) { return kblasf_cuda_ctrsv_chain(0, u, t, t2, d, k, al, A, lda, x, s, m, nx, 0); }
cudaError_t call_trsv(char u, char t, char t2, char d, int64_t k, cuDoubleComplex al, const cuDoubleComplex *A, int64_t lda, cuDoubleComplex *x, void *s, int m = 0, void *nx = nullptr) { return kblasf_cuda_ztrsv_chain(0, u, t, t2, d, k, al, A, lda, x, s, m, nx, 0); }

template <typename T>
static void test_trsv(char u, char t, char d, int64_t k, int64_t lda, char t2 = 0)
{
    ++tests;
    const bool lower = u == 'L' || u == 'l', unit = d == 'U' || d == 'u';
    std::vector<T> A(lda * k, nanv<T>());
    for (int64_t j = 0; j < k; ++j)
        for (int64_t i = 0; i < k; ++i) {
            if (i == j && !unit) A[i + j * lda] = Tr<T>::mk(2 + urand(), Tr<T>::cplx ? urand() : 0);
            else if (i != j && (lower ? i > j : i < j)) /* tame: triangles grow fast */
                A[i + j * lda] = Tr<T>::mk(urand() / k, Tr<T>::cplx ? urand() / k : 0);
        }
    const T alpha = irand(0, 2) ? rnd<T>() : Tr<T>::mk(1, 0);
    std::vector<T> b(k);
    for (auto &v : b) v = rnd<T>();
    std::vector<T> x = b;
    static std::vector<uint4> mem; /* per T: the regions' memory */
    static kblasf_chain_regions cs;
    const size_t need = kblasf_cuda_trsv_chain_scratch(k, sizeof(T), t2);
    if (cs.bytes < need) { /* grown: nothing known marked */
        mem.assign(2 * ((need + 15) / 16), uint4{1, 2, 3, 4});
        cs = {reinterpret_cast<char *>(mem.data()), (need + 15) / 16 * 16, 0, 0};
    }
    int marked;
    void *next, *use = kblasf_chain_take(&cs, need, &marked, &next);
    chain_marked_calls += marked;
    const T *base = A.data();
    emu_load_ok = [&](const void *q, size_t nb) {
        const char *c = (const char *)q;
        if (c < (const char *)base || c + nb > (const char *)(base + A.size())) return false;
        const int64_t e = ((const T *)c) - base, i = e % lda, j = e / lda;
        return i < k && (i == j ? !unit : lower ? i > j : i < j);
    };
    const cudaError_t e = call_trsv(u, t, t2, d, k, alpha, A.data(), lda, x.data(), use, marked,
                                    next);
    emu_load_ok = nullptr;
    /* the next call's region: every byte it may take set to the mark */
    const unsigned char *nb = static_cast<const unsigned char *>(next);
    const bool marks = std::all_of(nb, nb + need, [](unsigned char c) { return c == 0xff; });
    kblasf_chain_used(&cs, need, e == cudaSuccess);
    auto op = [&](char tc, int64_t i, int64_t j) { /* op(A)(i, j) for trans tc */
        const bool tr = !(tc == 'N' || tc == 'n'), cj = tc == 'C' || tc == 'c';
        const int64_t r = tr ? j : i, c = tr ? i : j;
        if (r == c && unit) return LC(1);
        if (lower ? r < c : r > c) return LC(0);
        LC v = Tr<T>::get(A[r + c * lda]);
        return cj ? std::conj(v) : v;
    };
    /* w = op2(A) x (x itself without t2), then op(A) w - alpha b */
    std::vector<LC> w(k);
    long double an2 = 1, xn = 0;
    for (int64_t i = 0; i < k; ++i) {
        xn = std::max(xn, std::abs(Tr<T>::get(x[i])));
        w[i] = Tr<T>::get(x[i]);
    }
    if (t2) {
        an2 = 0;
        for (int64_t i = 0; i < k; ++i) {
            LC s = 0;
            long double row = 0;
            for (int64_t j = 0; j < k; ++j) {
                s += op(t2, i, j) * Tr<T>::get(x[j]);
                row += std::abs(op(t2, i, j));
            }
            w[i] = s;
            an2 = std::max(an2, row);
        }
    }
    long double rn = 0, an = 0;
    for (int64_t i = 0; i < k; ++i) {
        LC s = -Tr<T>::get(alpha) * Tr<T>::get(b[i]);
        long double row = 0;
        for (int64_t j = 0; j < k; ++j) {
            s += op(t, i, j) * w[j];
            row += std::abs(op(t, i, j));
        }
        rn = std::max(rn, std::abs(s));
        an = std::max(an, row);
    }
    const double ratio = (double)(rn / (an * an2 * std::max(xn, (long double)1e-30) * k * Tr<T>::eps()));
    const bool ok = e == cudaSuccess && emu_bad_loads == 0 && ratio < 30 && marks;
    if (!ok || getenv("KBV")) {
        fails += !ok;
        fprintf(stderr, "%s trsv_chain<%zu%s> %c%c%c%c k=%ld lda=%ld%s: err %d, bad loads %d, ratio %g%s\n",
                ok ? "ok" : "FAIL", sizeof(T), Tr<T>::cplx ? "c" : "", u, t, t2 ? t2 : '-', d, (long)k,
                (long)lda, marked ? " (marked)" : "", (int)e, emu_bad_loads, ratio,
                marks ? "" : ", next scratch not all marked");
    }
    emu_bad_loads = 0;
}

template <typename T>
static void run_trsv(int cnt, int maxdim)
{
    const int nb = sizeof(T) == 16 ? 32 : 64;
    const int64_t fixed[] = {1, 2, nb - 1, nb, nb + 1, 2 * nb + 1, 3 * nb, 4 * nb + 5};
    chain_marked_calls = 0;
    static const char ul[] = "LUlu", tl[] = "NTCntc", dl[] = "NUnu";
    for (int64_t k : fixed)
        for (int c = 0; c < 12; ++c)
            test_trsv<T>(ul[c % 2], tl[c % 3], dl[(c / 3) % 2], k, k + irand(0, 2));
    for (int c = 0; c < cnt; ++c) {
        const int64_t k = irand(1, maxdim);
        test_trsv<T>(ul[irand(0, 3)], tl[irand(0, 5)], dl[irand(0, 3)], k, k + irand(0, 3));
    }
    for (int c = 0; c < cnt / 2 + 4; ++c) { /* pairs, as POTRS makes them */
        const int64_t k = c < 4 ? nb * c + 1 : irand(1, maxdim);
        test_trsv<T>(ul[irand(0, 3)], tl[irand(0, 5)], dl[irand(0, 3)], k, k + irand(0, 3),
                     tl[irand(0, 5)]);
    }
    ++tests; /* the calls above took the path without a memset too */
    if (chain_marked_calls == 0) {
        ++fails;
        fprintf(stderr, "FAIL trsv_chain<%zu>: no call found its scratch marked\n", sizeof(T));
    }
    /* arguments */
    ++tests;
    T x = rnd<T>(), a = Tr<T>::mk(1, 0);
    uint4 s[2];
    if (call_trsv('X', 'N', 0, 'N', 1, a, &a, 1, &x, s) != cudaErrorInvalidValue ||
        call_trsv('L', 'X', 0, 'N', 1, a, &a, 1, &x, s) != cudaErrorInvalidValue ||
        call_trsv('L', 'N', 0, 'X', 1, a, &a, 1, &x, s) != cudaErrorInvalidValue ||
        call_trsv('L', 'N', 0, 'N', 0, a, &a, 1, &x, s) != cudaErrorInvalidValue ||
        call_trsv('L', 'N', 0, 'N', 2, a, &a, 1, &x, s) != cudaErrorInvalidValue ||
        call_trsv('L', 'N', 'X', 'N', 1, a, &a, 1, &x, s) != cudaErrorInvalidValue) {
        ++fails;
        fprintf(stderr, "FAIL trsv_chain<%zu> argument checks\n", sizeof(T));
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
    if (want("spotrf")) run_potrf<float>(cnt);
    if (want("dpotrf")) run_potrf<double>(cnt);
    if (want("cpotrf")) run_potrf<cuFloatComplex>(cnt);
    if (want("zpotrf")) run_potrf<cuDoubleComplex>(cnt);
    if (want("spanel")) run_panel<float>(cnt, maxdim);
    if (want("dpanel")) run_panel<double>(cnt, maxdim);
    if (want("cpanel")) run_panel<cuFloatComplex>(cnt, maxdim);
    if (want("zpanel")) run_panel<cuDoubleComplex>(cnt, maxdim);
    if (want("tricopy")) run_tri_copy(cnt, maxdim);
    if (want("strsv")) run_trsv<float>(cnt, maxdim);
    if (want("dtrsv")) run_trsv<double>(cnt, maxdim);
    if (want("ctrsv")) run_trsv<cuFloatComplex>(cnt, maxdim);
    if (want("ztrsv")) run_trsv<cuDoubleComplex>(cnt, maxdim);
    const struct { const char *w; void (*f)(BOp, int); BOp op; } bt[] = {
        {"sbpotrf", run_batch<float>, BOp::potrf}, {"dbpotrf", run_batch<double>, BOp::potrf},
        {"cbpotrf", run_batch<cuFloatComplex>, BOp::potrf}, {"zbpotrf", run_batch<cuDoubleComplex>, BOp::potrf},
        {"sbpotrs", run_batch<float>, BOp::potrs}, {"dbpotrs", run_batch<double>, BOp::potrs},
        {"cbpotrs", run_batch<cuFloatComplex>, BOp::potrs}, {"zbpotrs", run_batch<cuDoubleComplex>, BOp::potrs},
        {"sbposv", run_batch<float>, BOp::posv}, {"dbposv", run_batch<double>, BOp::posv},
        {"cbposv", run_batch<cuFloatComplex>, BOp::posv}, {"zbposv", run_batch<cuDoubleComplex>, BOp::posv}};
    for (auto &t : bt)
        if (want(t.w)) t.f(t.op, cnt);
    {   /* batched TRSM/TRMM, k <= 32 ("all": the random cases only, no sweep) */
        const struct { const char *w; void (*f)(int, int, bool); int solve; } tx[] = {
            {"sbtrsm", run_trxm<float>, 1}, {"dbtrsm", run_trxm<double>, 1},
            {"cbtrsm", run_trxm<cuFloatComplex>, 1}, {"zbtrsm", run_trxm<cuDoubleComplex>, 1},
            {"sbtrmm", run_trxm<float>, 0}, {"dbtrmm", run_trxm<double>, 0},
            {"cbtrmm", run_trxm<cuFloatComplex>, 0}, {"zbtrmm", run_trxm<cuDoubleComplex>, 0}};
        for (auto &t : tx)
            if (want(t.w)) t.f(t.solve, cnt, which != "all");
        if (want("offptr")) run_offptr(cnt);
        if (want("sbtrtri")) run_btrtri<float>(cnt, which != "all");
        if (want("dbtrtri")) run_btrtri<double>(cnt, which != "all");
        if (want("cbtrtri")) run_btrtri<cuFloatComplex>(cnt, which != "all");
        if (want("zbtrtri")) run_btrtri<cuDoubleComplex>(cnt, which != "all");
    }
    {   /* the _block kernels: spotrf_block .. zposv_block ("all": dpotrf_block up to n = 40),
         * and the POTRS warp kernel: spotrs_warp .. zpotrs_warp ("all": dpotrs_warp, n <= 40) */
        static const char *ty[] = {"s", "d", "c", "z"}, *ops[] = {"potrf", "potrs", "posv", "potrs"};
        for (int o = 0; o < 4; ++o)
            for (int p = 0; p < 4; ++p) {
                const bool all = which == "all" && (o == 0 || o == 3) && p == 1;
                bblk_warp = o == 3;
                if (which != std::string(ty[p]) + ops[o] + (o == 3 ? "_warp" : "_block") && !all) continue;
                const int maxn = all ? 40 : maxdim > 256 ? 256 : maxdim;
                if (p == 0) run_bblk<float>(o == 3 ? 1 : o, cnt, maxn);
                if (p == 1) run_bblk<double>(o == 3 ? 1 : o, cnt, maxn);
                if (p == 2) run_bblk<cuFloatComplex>(o == 3 ? 1 : o, cnt, maxn);
                if (p == 3) run_bblk<cuDoubleComplex>(o == 3 ? 1 : o, cnt, maxn);
            }
    }
    emu_test_potri(which.c_str(), cnt, which != "all", argc > 4 ? atoi(argv[4]) : 1, &tests, &fails);
    printf("%s: %d tests, %d failures\n", which.c_str(), tests, fails);
    return fails != 0;
}
