/* Many doubles live at once: a 24-tap filter whose taps stay in registers
 * across the loop, and a 4x4 double matrix kept in registers through
 * repeated squaring. Built with -mfpu=vfpv3 (the hf_d32 variant) the
 * compiler keeps them in D16-D31 too; with D16 only it spills. The result
 * bits are hashed: every rounding shows. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 4096

static double x[N], y[N];

static uint64_t bits_d(double v) { uint64_t u; memcpy(&u, &v, sizeof u); return u; }

static uint64_t hash(uint64_t h, double v) { return (h ^ bits_d(v)) * 1099511628211ull; }

/* The taps are arguments so that they stay in registers, not constants. */
static void __attribute__((noinline)) fir24(const double *t, int n)
{
    double t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
    double t8 = t[8], t9 = t[9], t10 = t[10], t11 = t[11], t12 = t[12], t13 = t[13], t14 = t[14];
    double t15 = t[15], t16 = t[16], t17 = t[17], t18 = t[18], t19 = t[19], t20 = t[20], t21 = t[21];
    double t22 = t[22], t23 = t[23];
    for (int i = 24; i < n; i++) {
        const double *p = &x[i - 24];
        double a = t0 * p[0] + t1 * p[1] + t2 * p[2] + t3 * p[3] + t4 * p[4] + t5 * p[5];
        double b = t6 * p[6] + t7 * p[7] + t8 * p[8] + t9 * p[9] + t10 * p[10] + t11 * p[11];
        double c = t12 * p[12] + t13 * p[13] + t14 * p[14] + t15 * p[15] + t16 * p[16] + t17 * p[17];
        double d = t18 * p[18] + t19 * p[19] + t20 * p[20] + t21 * p[21] + t22 * p[22] + t23 * p[23];
        y[i] = (a + b) - (c - d);
    }
}

/* m = m * m / trace, 4x4, all sixteen entries and the products live. */
static void __attribute__((noinline)) square4(double *m, int rounds)
{
    double a0 = m[0], a1 = m[1], a2 = m[2], a3 = m[3], a4 = m[4], a5 = m[5], a6 = m[6], a7 = m[7];
    double a8 = m[8], a9 = m[9], a10 = m[10], a11 = m[11], a12 = m[12], a13 = m[13], a14 = m[14], a15 = m[15];
    for (int r = 0; r < rounds; r++) {
        double b0 = a0 * a0 + a1 * a4 + a2 * a8 + a3 * a12, b1 = a0 * a1 + a1 * a5 + a2 * a9 + a3 * a13;
        double b2 = a0 * a2 + a1 * a6 + a2 * a10 + a3 * a14, b3 = a0 * a3 + a1 * a7 + a2 * a11 + a3 * a15;
        double b4 = a4 * a0 + a5 * a4 + a6 * a8 + a7 * a12, b5 = a4 * a1 + a5 * a5 + a6 * a9 + a7 * a13;
        double b6 = a4 * a2 + a5 * a6 + a6 * a10 + a7 * a14, b7 = a4 * a3 + a5 * a7 + a6 * a11 + a7 * a15;
        double b8 = a8 * a0 + a9 * a4 + a10 * a8 + a11 * a12, b9 = a8 * a1 + a9 * a5 + a10 * a9 + a11 * a13;
        double b10 = a8 * a2 + a9 * a6 + a10 * a10 + a11 * a14, b11 = a8 * a3 + a9 * a7 + a10 * a11 + a11 * a15;
        double b12 = a12 * a0 + a13 * a4 + a14 * a8 + a15 * a12, b13 = a12 * a1 + a13 * a5 + a14 * a9 + a15 * a13;
        double b14 = a12 * a2 + a13 * a6 + a14 * a10 + a15 * a14, b15 = a12 * a3 + a13 * a7 + a14 * a11 + a15 * a15;
        double s = 1.0 / (b0 + b5 + b10 + b15);
        a0 = b0 * s, a1 = b1 * s, a2 = b2 * s, a3 = b3 * s, a4 = b4 * s, a5 = b5 * s, a6 = b6 * s, a7 = b7 * s;
        a8 = b8 * s, a9 = b9 * s, a10 = b10 * s, a11 = b11 * s, a12 = b12 * s, a13 = b13 * s;
        a14 = b14 * s, a15 = b15 * s;
    }
    m[0] = a0, m[1] = a1, m[2] = a2, m[3] = a3, m[4] = a4, m[5] = a5, m[6] = a6, m[7] = a7;
    m[8] = a8, m[9] = a9, m[10] = a10, m[11] = a11, m[12] = a12, m[13] = a13, m[14] = a14, m[15] = a15;
}

int main(void)
{
    uint32_t s = 2463534242u;
    double taps[24], m[16];
    for (int i = 0; i < N; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        x[i] = (double)(int32_t)s / 2147483648.0 * 3.75;
    }
    for (int i = 0; i < 24; i++)
        taps[i] = (i % 5 - 2) / (3.0 + i);
    fir24(taps, N);
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < N; i++)
        h = hash(h, y[i]);
    printf("fir24 %016llx y[100] %.17g y[4095] %.17g\n", (unsigned long long)h, y[100], y[N - 1]);
    for (int k = 0; k < 16; k++)
        m[k] = 1.0 / (1.0 + k) + (k % 5 == 0 ? 0.5 : 0.0);
    square4(m, 200);
    h = 1469598103934665603ull;
    for (int k = 0; k < 16; k++)
        h = hash(h, m[k]);
    printf("square4 %016llx m[0] %.17g m[15] %.17g\n", (unsigned long long)h, m[0], m[15]);
    return 0;
}
