/* long double and libm as i686 code uses the x87 unit: the arithmetic in
 * extended precision (64-bit significands on IA-32; the same as double on
 * ARM, whose qemu run is its own reference), conversions to and from
 * integers and doubles, the l-suffixed libm functions, and printf of long
 * doubles in decimal and hex. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    volatile long double a = 1.0L / 3.0L, b = 2.0L / 7.0L, c = 1e300L;
    printf("%.21Lg %.21Lg %La\n", a, b, a * b);
    printf("%.21Lg %.21Lg\n", a + b - 1.0L, (a - b) * (a + b));
    printf("%.21Lg %Lg\n", c * c / c, c * 1e10L);
    long long i = (long long)(a * 1e18L);
    printf("%lld %.21Lg %.17g\n", i, (long double)i / 7, (double)(a * b));
    for (int k = 1; k <= 6; k++) {
        long double x = k * 0.7L;
        printf("%d %.18Lg %.18Lg %.18Lg %.18Lg\n", k, sqrtl(x), expl(x), logl(x), powl(x, 1.5L));
        printf("  %.18Lg %.18Lg %.18Lg %.18Lg\n", sinl(x), cosl(x), tanl(x), atan2l(x, 1.0L - x));
        printf("  %.17g %.17g %.17g %.17g\n", sin((double)x), exp((double)x), log1p((double)x), cbrt((double)x));
    }
    printf("%.18Lg %.18Lg %.18Lg\n", floorl(-2.5L), ceill(2.25L), rintl(2.5L));
    printf("%.18Lg %.18Lg\n", fmodl(10.0L, 3.3L), ldexpl(0.75L, -20));
    volatile double d = 0.1;
    float f = (float)(d * 3);
    printf("%.9g %.17g %.21Lg\n", f, d * 3, (long double)d * 3);
    return 0;
}
