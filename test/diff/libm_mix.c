/* libm's transcendental functions over a spread of arguments, each result
 * printed exactly (%a): sin cos tan exp log pow atan2 and friends, in
 * double and float. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    static const double xs[] = {0.0, -0.0, 1e-310, 1e-5, 0.1, 0.5, 1.0, 1.5, 2.0, 3.14159, 10.0,
                                100.5, 710.0, -0.75, -3.0, -745.5, 1e300, INFINITY, -INFINITY, NAN};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        printf("x=%a\n sin %a cos %a tan %a\n exp %a expm1 %a log %a log1p %a\n", x, sin(x), cos(x), tan(x),
               exp(x), expm1(x), log(x), log1p(x));
        printf(" pow %a %a atan2 %a %a\n sqrt %a cbrt %a hypot %a\n", pow(x, 1.5), pow(2.0, x), atan2(x, 1.25),
               atan2(-1.0, x), sqrt(x), cbrt(x), hypot(x, 3.0));
        printf(" sinh %a tanh %a asinh %a atan %a fmod %a\n", sinh(x), tanh(x), asinh(x), atan(x), fmod(x, 0.7));
        float f = (float)x;
        printf(" f: sinf %a expf %a logf %a powf %a atan2f %a\n", (double)sinf(f), (double)expf(f),
               (double)logf(f), (double)powf(f, 0.5f), (double)atan2f(f, -2.0f));
        printf(" round %a floor %a ceil %a trunc %a lround %ld\n", round(x), floor(x), ceil(x), trunc(x),
               isfinite(x) && fabs(x) < 1e9 ? lround(x) : 0L);
    }
    return 0;
}
