/* Radix-2 decimation-in-time FFT in fixed point (seed 002, section 3.2), with
 * the seed's branch pattern: every stage is a parallel loop over the N
 * points, and point i takes one of two different code paths by the stage's
 * bit of i,
 *
 *     for (stage = 0, h = 1; stage < log2 N; stage++, h *= 2)
 *         for (i = lo; i < hi; i++)          // this core's points
 *             if (i & h) fft_bottom(i);      // the seed's exec_A
 *             else fft_top(i);               // the seed's exec_B
 *         barrier
 *
 * A core that owns k consecutive points (k a power of two) takes both paths
 * in turn while h < k, in step with the other cores, and one path a stage
 * once h >= k: then the cores of a host warp split between the two paths
 * until h reaches 32 k. With one point per core (N cores, the seed's
 * 1024-core run) the first five stages diverge. A stage reads one buffer and
 * writes the other, so every point is written by the core that owns it.
 *
 *     fft [points]        (default 1024, a power of two, 16..32768)
 *
 * Data: Q15 twiddles w(m) = exp(-2 pi i m / N), from Taylor polynomials in
 * Q30; the input x(t) = A1 cos(2 pi k1 t / N) + i A2 sin(2 pi k2 t / N),
 * rounded to integers and stored in bit-reversed order. Each butterfly
 * halves its outputs, so the result is X(k) / N: A1 / 2 at k1 and N - k1,
 * A2 / 2 at k2, -A2 / 2 at N - k2, zero elsewhere, to within the rounding.
 * Core c computes twiddles [c N/2n, (c+1) N/2n), then (after a barrier)
 * input points [c N/n, (c+1) N/n) from the twiddle table, runs the stages
 * on those points, then checks the next core's bins against that closed
 * form. Core 0 checks the tally and the four peaks itself and prints one
 * line with the largest error and a checksum that does not depend on the
 * core count. */
#include "bench.h"

WS_MEMORY(4096, 8192);

#define FFT_DEFAULT_POINTS 1024u
#define FFT_A1 8000
#define FFT_A2 6000
#define FFT_K1 3u
#define FFT_TOLERANCE 8 /* in units of the result; the rounding gives 1 to 3 for N = 16..32768 */

typedef struct {
    int re, im;
} cpx_t;

typedef struct {
    cpx_t *buf[2]; /* stage s reads buf[s & 1] and writes the other */
    cpx_t *w;      /* N / 2 twiddles */
    unsigned n, log2n, k2;
} fft_t;

/* ---- twiddles ---------------------------------------------------------------- */

static int mul30(int a, int b) { return (int)(((long long)a * b) >> 30); }

/* sin x and cos x in Q30 for x in [0, pi/4] in Q30 (error below 2^-30 * 4) */
static int sin_q30(int x)
{
    int x2 = mul30(x, x), p = -27;
    p = mul30(p, x2) + 2959;
    p = mul30(p, x2) - 213044;
    p = mul30(p, x2) + 8947849;
    p = mul30(p, x2) - 178956971;
    p = mul30(p, x2) + (1 << 30);
    return mul30(p, x);
}

static int cos_q30(int x)
{
    int x2 = mul30(x, x), p = -296;
    p = mul30(p, x2) + 26631;
    p = mul30(p, x2) - 1491308;
    p = mul30(p, x2) + 44739243;
    p = mul30(p, x2) - 536870912;
    return mul30(p, x2) + (1 << 30);
}

static int q30_to_q15(int v) { return (v + (1 << 14)) >> 15; }

/* exp(-2 pi i m / N) in Q15 for m < N: the first octant by the polynomials,
 * the rest by symmetry. */
static cpx_t twiddle(unsigned m, unsigned log2n)
{
    unsigned n = 1u << log2n, quarter = (m >> (log2n - 2)) & 3u, r = m & (n / 4u - 1u);
    unsigned step = (unsigned)(6746518852ull >> log2n); /* 2 pi / N in Q30 */
    int c, s;
    if (r <= n / 8u) {
        c = cos_q30((int)(r * step));
        s = sin_q30((int)(r * step));
    } else {
        c = sin_q30((int)((n / 4u - r) * step));
        s = cos_q30((int)((n / 4u - r) * step));
    }
    for (; quarter; quarter--) { /* add pi / 2 */
        int t = c;
        c = -s;
        s = t;
    }
    cpx_t w = { q30_to_q15(c), -q30_to_q15(s) };
    return w;
}

static unsigned bit_reverse(unsigned v, unsigned bits)
{
    unsigned r = 0;
    for (unsigned b = 0; b < bits; b++, v >>= 1)
        r = r << 1 | (v & 1u);
    return r;
}

static int scale_q15(int amplitude, int q15) { return (amplitude * q15 + (1 << 14)) >> 15; }

static void generate_twiddles(const fft_t *f, unsigned lo, unsigned hi)
{
    for (unsigned m = lo; m < hi; m++)
        f->w[m] = twiddle(m, f->log2n);
}

/* w(m) for all m < N, from the table of m < N / 2: w(m + N/2) = -w(m) */
static cpx_t w_at(const fft_t *f, unsigned m)
{
    cpx_t w = f->w[m & (f->n / 2u - 1u)];
    if (m & f->n / 2u) {
        w.re = -w.re;
        w.im = -w.im;
    }
    return w;
}

/* the input in bit-reversed order: A1 cos(2 pi k1 t / N) + i A2 sin(2 pi k2 t / N) at bitrev(t) */
static void generate_input(const fft_t *f, unsigned lo, unsigned hi)
{
    for (unsigned i = lo; i < hi; i++) {
        unsigned t = bit_reverse(i, f->log2n);
        cpx_t x = { scale_q15(FFT_A1, w_at(f, FFT_K1 * t & (f->n - 1u)).re),
                    scale_q15(FFT_A2, -w_at(f, f->k2 * t & (f->n - 1u)).im) };
        f->buf[0][i] = x;
    }
}

/* ---- the butterflies: out = (a +- w b) / 2 ------------------------------------- */

static cpx_t twiddled(const cpx_t *w, const cpx_t *b)
{
    cpx_t t = { (w->re * b->re - w->im * b->im + (1 << 14)) >> 15,
                (w->re * b->im + w->im * b->re + (1 << 14)) >> 15 };
    return t;
}

/* i & h == 0: the upper output of the pair (i, i + h) */
__attribute__((noinline)) static void fft_top(cpx_t *out, const cpx_t *a, const cpx_t *b, const cpx_t *w)
{
    cpx_t t = twiddled(w, b);
    out->re = (a->re + t.re) >> 1;
    out->im = (a->im + t.im) >> 1;
}

/* i & h != 0: the lower output of the pair (i - h, i) */
__attribute__((noinline)) static void fft_bottom(cpx_t *out, const cpx_t *a, const cpx_t *b,
                                                 const cpx_t *w)
{
    cpx_t t = twiddled(w, b);
    out->re = (a->re - t.re) >> 1;
    out->im = (a->im - t.im) >> 1;
}

static void stages(const fft_t *f, unsigned lo, unsigned hi)
{
    for (unsigned s = 0; s < f->log2n; s++) {
        const cpx_t *src = f->buf[s & 1u];
        cpx_t *dst = f->buf[(s + 1u) & 1u];
        unsigned h = 1u << s, shift = f->log2n - s - 1u;
        for (unsigned i = lo; i < hi; i++) {
            const cpx_t *w = &f->w[(i & (h - 1u)) << shift];
            if (i & h)
                fft_bottom(dst + i, src + i - h, src + i, w);
            else
                fft_top(dst + i, src + i, src + i + h, w);
        }
        ws_barrier();
    }
}

/* ---- the checks ---------------------------------------------------------------- */

static cpx_t expected(const fft_t *f, unsigned k)
{
    cpx_t e = { 0, 0 };
    e.re += k == FFT_K1 || k == f->n - FFT_K1 ? FFT_A1 / 2 : 0;
    e.re += k == f->k2 ? FFT_A2 / 2 : k == f->n - f->k2 ? -FFT_A2 / 2 : 0;
    return e;
}

static unsigned error_at(const fft_t *f, const cpx_t *y, unsigned k)
{
    cpx_t e = expected(f, k);
    int dr = y[k].re - e.re, di = y[k].im - e.im;
    dr = dr < 0 ? -dr : dr;
    di = di < 0 ? -di : di;
    return (unsigned)(dr > di ? dr : di);
}

/* Bins [lo, hi): how many are off by more than the tolerance, the largest
 * error, and the checksum. */
static unsigned check_bins(const fft_t *f, unsigned lo, unsigned hi, unsigned *sum, unsigned *worst)
{
    const cpx_t *y = f->buf[f->log2n & 1u];
    unsigned bad = 0;
    for (unsigned k = lo; k < hi; k++) {
        unsigned err = error_at(f, y, k);
        bad += err > FFT_TOLERANCE;
        *worst = err > *worst ? err : *worst;
        *sum += bench_hash((unsigned)y[k].re * 65599u ^ (unsigned)y[k].im, k);
    }
    return bad;
}

static int summary(const fft_t *f, unsigned n, const bench_tally_t *t)
{
    const char *problem = bench_tally_problem(t, n);
    const cpx_t *y = f->buf[f->log2n & 1u];
    const unsigned peaks[4] = { FFT_K1, f->n - FFT_K1, f->k2, f->n - f->k2 };
    for (unsigned p = 0; p < 4 && !problem; p++)
        if (error_at(f, y, peaks[p]) > FFT_TOLERANCE)
            problem = "a peak is not where the input put it";
    bench_head("fft", n);
    bench_kv("points", f->n);
    bench_kv("stages", f->log2n);
    bench_kv("maxerr", t->worst);
    bench_kx("checksum", t->sum);
    return bench_verdict(problem);
}

int main(int argc, char **argv)
{
    fft_t f;
    unsigned id = ws_core_id(), n = ws_ncores(), lo, hi, sum = 0, worst = 0;
    f.n = bench_arg(argc, argv, 1, FFT_DEFAULT_POINTS);
    for (f.log2n = 0; f.log2n < 16 && (1u << f.log2n) < f.n; f.log2n++)
        ;
    if (f.n < 16 || f.n > 32768 || f.n != 1u << f.log2n) {
        if (id == 0)
            ws_print("fft: points must be a power of two, 16..32768\n");
        return 2;
    }
    f.k2 = f.n / 4u + 1u;
    f.buf[0] = (cpx_t *)bench_shared_alloc(f.n * (unsigned)sizeof(cpx_t));
    f.buf[1] = (cpx_t *)bench_shared_alloc(f.n * (unsigned)sizeof(cpx_t));
    f.w = (cpx_t *)bench_shared_alloc(f.n / 2u * (unsigned)sizeof(cpx_t));
    bench_tally_t *t = (bench_tally_t *)bench_shared_alloc(sizeof *t);
    if (!f.buf[0] || !f.buf[1] || !f.w || !t) {
        if (id == 0)
            ws_print("fft: shared region too small\n");
        return 2;
    }
    if (id == 0)
        bench_tally_reset(t);
    bench_slice(f.n, id, n, &lo, &hi);
    generate_twiddles(&f, lo / 2u, hi / 2u);
    ws_barrier();
    generate_input(&f, lo, hi);
    ws_barrier();
    stages(&f, lo, hi);
    bench_slice(f.n, (id + 1) % n, n, &lo, &hi);
    unsigned bad = check_bins(&f, lo, hi, &sum, &worst);
    bench_tally(t, bad, sum, worst);
    ws_barrier();
    return id == 0 ? summary(&f, n, t) : 0;
}
