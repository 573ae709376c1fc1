/* Unsigned wrap-around (defined behaviour): 8/16/32/64-bit counters, modular
 * multiplication, carry detection idioms, saturating helpers built on the
 * overflow builtins, and integer promotion rules. */
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    uint8_t u8 = 250;
    uint16_t u16 = 65530;
    uint32_t u32 = 0xfffffff0u;
    uint64_t u64 = 0xfffffffffffffff0ULL;
    for (int i = 0; i < 20; i++) {
        u8 += 1;
        u16 += 3;
        u32 += 5;
        u64 += 7;
    }
    printf("wrap: %u %u %u %llu\n", u8, u16, u32, (unsigned long long)u64);
    uint32_t z = 0;
    z -= 1;
    printf("0-1=%u -(1u)=%u mul=%u\n", z, -1u, 0x10001u * 0x10001u);
    uint32_t h = 1;
    for (int i = 0; i < 100; i++)
        h *= 0x9e3779b1u;
    printf("pow mod 2^32: %08x\n", h);
    uint32_t a = 0xfffffffeu, b = 5, sum = a + b;
    printf("carry=%d borrow=%d\n", sum < a, b - a > b);
    int of1, of2, of3;
    int32_t r1;
    uint32_t r2;
    int64_t r3;
    of1 = __builtin_add_overflow(INT32_MAX, 1, &r1);
    of2 = __builtin_mul_overflow(70000u, 70000u, &r2);
    of3 = __builtin_sub_overflow(INT64_MIN, (int64_t)1, &r3);
    printf("ovf: %d %d %d %d %u %lld\n", of1, of2, of3, r1, r2, (long long)r3);
    int32_t sat = 0;
    for (int i = 0; i < 5; i++) {
        int32_t next;
        sat = __builtin_add_overflow(sat, 1000000000, &next) ? INT32_MAX : next;
    }
    printf("saturated=%d\n", sat);
    unsigned char c1 = 200, c2 = 100;
    int promoted = c1 + c2;
    unsigned char truncated = (unsigned char)(c1 + c2);
    printf("promote: %d %u %d\n", promoted, truncated, (c1 * c2) > 255);
    uint16_t x16 = 0xffff;
    printf("u16 mul: %u (int promotion) %u (masked)\n", (unsigned)(uint32_t)x16 * x16, (uint16_t)(x16 * 2u));
    int8_t s8 = (int8_t)(uint8_t)200;
    printf("conv: %d %d %u\n", s8, (int16_t)(uint16_t)40000, (uint32_t)(int32_t)-7);
    uint32_t fib_a = 0, fib_b = 1;
    for (int i = 0; i < 100; i++) {
        uint32_t t = fib_a + fib_b;
        fib_a = fib_b;
        fib_b = t;
    }
    printf("fib100 mod 2^32 = %u\n", fib_a);
    return (int)(fib_a & 0x3f) + 1;
}
