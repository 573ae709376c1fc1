/* libm exponentials, roots and rounding on soft-float doubles: exp, log,
 * log10, log2, pow, sqrt, cbrt, fmod, floor, ceil, round, trunc, modf,
 * frexp, ldexp, and the special values inf and nan as printed. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    const double xs[] = { 0.001, 0.5, 1, 2, 2.718281828459045, 10, 123.456, 1e10, 1e-10 };
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        printf("x=%g exp(-x)=%e log=%.6f log10=%.6f log2=%.6f sqrt=%.6f cbrt=%.6f\n", x, exp(-x), log(x),
               log10(x), log2(x), sqrt(x), cbrt(x));
    }
    printf("exp: %.6f %.6f %e %e\n", exp(0), exp(1), exp(100), exp(-100));
    const double bases[] = { 2, -2, 0.5, 10, 1.5 };
    const double powers[] = { 0, 1, 2, 0.5, -1, 10, -3 };
    for (size_t b = 0; b < 5; b++)
        for (size_t p = 0; p < 7; p++)
            printf("pow(%g,%g)=%g%c", bases[b], powers[p], pow(bases[b], powers[p]), p == 6 ? '\n' : ' ');
    const double fm[][2] = { { 10, 3 }, { -10, 3 }, { 10, -3 }, { 5.5, 1.25 }, { 1e9, 7 }, { 0.3, 0.1 } };
    for (size_t i = 0; i < 6; i++)
        printf("fmod(%g,%g)=%.6f remainder=%.6f\n", fm[i][0], fm[i][1], fmod(fm[i][0], fm[i][1]),
               remainder(fm[i][0], fm[i][1]));
    const double rs[] = { -2.5, -1.5, -0.5, -0.4, 0, 0.4, 0.5, 1.5, 2.5, 2.6, 1e15 + 0.5 };
    for (size_t i = 0; i < sizeof rs / sizeof rs[0]; i++) {
        double ip, fr = modf(rs[i], &ip);
        printf("%g: floor=%g ceil=%g round=%g trunc=%g rint=%g modf=%g,%g lround=%ld\n", rs[i], floor(rs[i]),
               ceil(rs[i]), round(rs[i]), trunc(rs[i]), rint(rs[i]), ip, fr, lround(rs[i] > 1e9 ? 0 : rs[i]));
    }
    int e;
    double m = frexp(1234.5, &e);
    printf("frexp=%.6f,%d ldexp=%g scalbn=%g\n", m, e, ldexp(0.75, 10), scalbn(3.0, -2));
    double inf = HUGE_VAL;
    printf("special: %f %f %e %g isnan=%d isinf=%d\n", inf, -inf, log(0.0), sqrt(-1.0) != sqrt(-1.0) ? 1.0 : 0.0,
           isnan(sqrt(-1.0)) != 0, isinf(exp(1000)) != 0);
    printf("fabs=%g copysign=%g fmax=%g fmin=%g\n", fabs(-3.25), copysign(2, -0.0), fmax(1, 2), fmin(1, 2));
    return 0;
}
