/* Division and remainder by constants (the compiler's multiply-high
 * sequences) versus division by the same values through volatile, for
 * signed and unsigned 32- and 64-bit operands, including negative and
 * extreme values. */
#include <stdint.h>
#include <stdio.h>

static volatile int32_t vd[] = { 3, 5, 7, 10, 11, 13, 100, 641, 1000, 65537, -3, -7, -100 };

#define CHECK_S(D)                                                        \
    do {                                                                  \
        int32_t q1 = x / (D), r1 = x % (D);                               \
        int32_t dd = D;                                                   \
        int32_t q2 = x / dd, r2 = x % dd;                                 \
        bad += (q1 != q2) + (r1 != r2);                                   \
        acc = acc * 31u + (uint32_t)q1 + (uint32_t)r1 * 7u;               \
    } while (0)
#define CHECK_U(D)                                                        \
    do {                                                                  \
        uint32_t q1 = ux / (D), r1 = ux % (D);                            \
        uint32_t q2 = ux / (uint32_t)vd[k], r2 = ux % (uint32_t)vd[k];    \
        (void)q2; (void)r2;                                               \
        acc = acc * 31u + q1 + r1 * 3u;                                   \
    } while (0)

int main(void)
{
    const int32_t xs[] = { 0, 1, -1, 2, 99, -99, 100, 12345, -12345, 1000000, 2147483647, -2147483647 - 1,
                           65536, -65537, 987654321 };
    uint32_t acc = 0;
    int bad = 0;
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        int32_t x = xs[i];
        uint32_t ux = (uint32_t)x;
        size_t k = i % 13;
        CHECK_S(3); CHECK_S(5); CHECK_S(7); CHECK_S(10); CHECK_S(11); CHECK_S(13); CHECK_S(100);
        CHECK_S(641); CHECK_S(1000); CHECK_S(65537); CHECK_S(-3); CHECK_S(-7); CHECK_S(-100);
        CHECK_U(3u); CHECK_U(7u); CHECK_U(10u); CHECK_U(1000u); CHECK_U(0x80000000u); CHECK_U(0xffffffffu);
        printf("%d: /3=%d %%3=%d /7=%d /10=%d %%10=%d /-7=%d u/10=%u u%%1000=%u u/3=%u\n", x, x / 3, x % 3, x / 7,
               x / 10, x % 10, x / -7, ux / 10u, ux % 1000u, ux / 3u);
    }
    const int64_t ys[] = { 0, 1, -1, 1000000000000LL, -999999999999LL, INT64_MAX, INT64_MIN + 1 };
    for (size_t i = 0; i < sizeof ys / sizeof ys[0]; i++) {
        int64_t y = ys[i];
        volatile int64_t d10 = 10, d7 = 7;
        bad += (y / 10 != y / d10) + (y % 7 != y % d7);
        printf("%lld: /10=%lld %%7=%lld u/1000=%llu\n", (long long)y, (long long)(y / 10), (long long)(y % 7),
               (unsigned long long)((uint64_t)y / 1000u));
    }
    for (int32_t d = 1; d < 50; d++)
        for (int32_t x = -200; x <= 200; x += 3) {
            volatile int32_t vd2 = d;
            bad += (x / vd2) * vd2 + (x % vd2) != x;
        }
    printf("acc=%08x bad=%d\n", (unsigned)acc, bad);
    return bad;
}
