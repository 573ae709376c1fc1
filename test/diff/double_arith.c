/* Double-precision soft-float arithmetic: IEEE results as bit patterns,
 * int64/uint32 conversions, Newton iterations, Kahan summation, and %a-free
 * printing with %.17g, %f, %e. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static double newton_sqrt(double x)
{
    double g = x > 1 ? x / 2 : 1;
    for (int i = 0; i < 30; i++)
        g = 0.5 * (g + x / g);
    return g;
}

int main(void)
{
    volatile double v[] = { 0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1e308, 1e-308, 4.9e-324, 123456789.125,
                            -2.5, 9007199254740993.0, 1.0 / 3.0 };
    size_t n = sizeof v / sizeof v[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j += 3) {
            double a = v[i], b = v[j];
            printf("%016llx %016llx %016llx %016llx\n", (unsigned long long)bits(a + b),
                   (unsigned long long)bits(a - b), (unsigned long long)bits(a * b),
                   (unsigned long long)(b != 0 ? bits(a / b) : 0));
        }
    printf("0.1+0.2 = %.17g (==0.3: %d)\n", v[3] + v[4], v[3] + v[4] == v[5]);
    long long ll[] = { 0, 1, -1, 9007199254740993LL, -9007199254740993LL, 0x7fffffffffffffffLL, 1LL << 62 };
    for (size_t i = 0; i < sizeof ll / sizeof ll[0]; i++) {
        double d = (double)ll[i];
        printf("(double)%lld = %.17g back=%lld u=%.17g\n", ll[i], d, d < 9.2e18 ? (long long)d : 0LL,
               (double)(unsigned long long)ll[i]);
    }
    unsigned us[] = { 0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu };
    for (size_t i = 0; i < 5; i++)
        printf("(double)%uu = %.1f back=%u\n", us[i], (double)us[i], (unsigned)(double)us[i]);
    for (int i = 1; i <= 10; i++)
        printf("sqrt(%d) ~ %.15f\n", i * 7, newton_sqrt(i * 7.0));
    double sum = 0, c = 0, naive = 0;
    for (int i = 0; i < 1000; i++) {
        double y = 0.1 - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
        naive += 0.1;
    }
    printf("kahan=%.15f naive=%.15f\n", sum, naive);
    printf("fmt: %f %e %g %g %.3e %10.4f|%-10.2f|\n", 3.0, 12345.678, 0.0001234, 1e20, -0.000123, 3.14159,
           2.71828);
    float f = (float)v[12];
    printf("narrow %.9g widen %.17g\n", (double)f, (double)(float)v[9]);
    return 0;
}
