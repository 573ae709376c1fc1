/* 64-bit integer arithmetic on a 32-bit target: mul, div, mod (signed and
 * unsigned, through the libgcc helpers), shifts by 0..63, compares, and
 * printf %lld %llu %llx %llo. */
#include <stdint.h>
#include <stdio.h>

static uint64_t rng = 0x123456789abcdefULL;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(void)
{
    for (int i = 0; i < 24; i++) {
        uint64_t a = next(), b = next() >> (i * 2);
        int64_t sa = (int64_t)a, sb = (int64_t)b;
        if (b == 0)
            b = sb = 3;
        printf("%016llx %016llx: mul %016llx udiv %llu umod %llu sdiv %lld smod %lld\n", (unsigned long long)a,
               (unsigned long long)b, (unsigned long long)(a * b), (unsigned long long)(a / b),
               (unsigned long long)(a % b), (long long)(sb == -1 ? 0 : sa / sb), (long long)(sb == -1 ? 0 : sa % sb));
    }
    uint64_t x = 0xf0e1d2c3b4a59687ULL;
    for (int s = 0; s < 64; s += 5)
        printf("s=%2d shl %016llx lshr %016llx ashr %016llx\n", s, (unsigned long long)(x << s),
               (unsigned long long)(x >> s), (unsigned long long)((int64_t)x >> s));
    volatile int sh = 32;
    printf("shift32: %llx %llx\n", (unsigned long long)(x << sh), (unsigned long long)(x >> sh));
    int64_t vals[] = { 0, 1, -1, INT64_MAX, INT64_MIN, 0x100000000LL, -0x100000000LL };
    for (int i = 0; i < 7; i++) {
        for (int j = 0; j < 7; j++)
            printf("%d%d", vals[i] < vals[j], (uint64_t)vals[i] < (uint64_t)vals[j]);
        printf("\n");
    }
    printf("fmt: %lld %llu %llx %llX %llo %20lld|%-20llu|\n", (long long)INT64_MIN, (unsigned long long)UINT64_MAX,
           0xdeadbeefcafebabeULL, 0xdeadbeefcafebabeULL, 01234567012345670123ULL, -123456789012345LL,
           9876543210ULL);
    uint64_t fact = 1;
    for (int i = 1; i <= 20; i++)
        fact *= (uint64_t)i;
    printf("20! = %llu\n", (unsigned long long)fact);
    int32_t a32 = -123456789, b32 = 987654;
    printf("widening: %lld %llu\n", (long long)a32 * b32, (unsigned long long)(uint32_t)a32 * (uint32_t)b32);
    return (int)(fact % 251);
}
