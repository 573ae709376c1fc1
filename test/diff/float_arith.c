/* Single-precision soft-float arithmetic and conversions: + - * /, compares,
 * float<->int/unsigned/double/int64 conversions with rounding toward zero,
 * subnormals, negative zero, and accumulation order. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static volatile float vf[] = { 0.0f, -0.0f, 1.0f, -1.5f, 3.14159f, 1e-38f, 1e-45f, 3.4e38f, 16777216.0f,
                               16777217.0f, 0.1f, 2.5f, -2.5f, 1e10f, -7.75f };

int main(void)
{
    size_t n = sizeof vf / sizeof vf[0];
    for (size_t i = 0; i < n; i++) {
        float a = vf[i];
        printf("%2zu: %08x %.9g int=%d uint=%u i64=%lld dbl=%.17g\n", i, (unsigned)bits(a), (double)a,
               (a > -2147483648.0f && a < 2147483648.0f) ? (int)a : 0,
               (a >= 0 && a < 4294967296.0f) ? (unsigned)a : 0u, (a > -9e18f && a < 9e18f) ? (long long)a : 0LL,
               (double)a);
    }
    for (size_t i = 2; i < n; i += 3)
        for (size_t j = 3; j < n; j += 4) {
            float a = vf[i], b = vf[j];
            printf("%08x %08x %08x %08x | %d%d%d\n", (unsigned)bits(a + b), (unsigned)bits(a - b),
                   (unsigned)bits(a * b), (unsigned)bits(a / b), a < b, a == b, a >= b);
        }
    float acc = 0.0f;
    for (int i = 1; i <= 1000; i++)
        acc += 1.0f / (float)i;
    printf("harmonic1000 = %.7f %08x\n", (double)acc, (unsigned)bits(acc));
    int ints[] = { 0, 1, -1, 16777217, -16777217, 2147483647, (int)0x80000000 };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        printf("(float)%d = %08x (float)%uu = %08x\n", ints[i], (unsigned)bits((float)ints[i]), (unsigned)ints[i],
               (unsigned)bits((float)(unsigned)ints[i]));
    float sub = 1e-40f;
    printf("subnormal %08x x2 %08x half %08x\n", (unsigned)bits(sub), (unsigned)bits(sub * 2), (unsigned)bits(sub / 2));
    float nz = -0.0f;
    printf("negzero %08x eq0=%d recip %g\n", (unsigned)bits(nz), nz == 0.0f, (double)(1.0f / nz));
    return 0;
}
