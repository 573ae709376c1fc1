/* 64-bit integers at their edges on a 32-bit target: the carries and
 * borrows between halves (ADC/SBB), shifts by every count 0..63 (SHLD/SHRD
 * and the count's bit 5), multiplies whose high halves matter, libgcc's
 * division with divisors of every size, and compares across the halves. */
#include <stdint.h>
#include <stdio.h>

static const uint64_t vals[] = {
    0, 1, 2, 3, 0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL, 0x100000001ULL,
    0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL, 0xfffffffeffffffffULL,
    0x123456789abcdef0ULL, 0xdeadbeefcafef00dULL, 10, 1000000007ULL,
};
#define N (sizeof vals / sizeof vals[0])

int main(int argc, char **argv)
{
    volatile int shift_base = argc - 1; /* counts the compiler cannot fold */
    uint64_t h = 0;
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j++) {
            uint64_t a = vals[i], b = vals[j];
            int64_t sa = (int64_t)a, sb = (int64_t)b;
            h = h * 1099511628211ULL + (a + b) + (a - b) * 3 + a * b;
            h ^= (uint64_t)(a < b) << 1 | (uint64_t)(sa < sb) << 2 | (uint64_t)(a == b) << 3;
            if (b) {
                h += a / b + a % b;
                if (!(sa == INT64_MIN && sb == -1))
                    h += (uint64_t)(sa / sb) ^ (uint64_t)(sa % sb);
            }
        }
    printf("mix %016llx\n", (unsigned long long)h);
    for (int s = 0; s < 64; s++) {
        int c = s + shift_base;
        uint64_t x = 0xf0e1d2c3b4a59687ULL;
        printf("%2d %016llx %016llx %016llx %016llx\n", s, (unsigned long long)(x << c), (unsigned long long)(x >> c),
               (unsigned long long)((int64_t)x >> c), (unsigned long long)((x << c) | (x >> ((64 - c) & 63))));
    }
    uint32_t m = 0xfffffffbu;
    for (int i = 0; i < 8; i++) {
        uint64_t p = (uint64_t)m * (m - (uint32_t)i * 12345u);
        int64_t q = (int64_t)(int32_t)m * (int32_t)(0x80000000u + (uint32_t)i);
        printf("mul %016llx %016llx\n", (unsigned long long)p, (unsigned long long)q);
    }
    int64_t acc = 0;
    for (int64_t k = -5; k <= 5; k++)
        acc = acc * 7 - k * (k < 0 ? -k : k) + (k ? INT64_MAX / k : 0);
    printf("acc %lld\n", (long long)acc);
    return 0;
}
