/* Bit manipulation: popcount, clz, ctz, ffs, bswap, rotates, parity,
 * signed and unsigned shifts, bit reversal, both by builtins and by hand. */
#include <stdint.h>
#include <stdio.h>
#include <strings.h>

static unsigned pop_hand(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

static uint32_t rotl(uint32_t x, unsigned r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }
static uint32_t rotr(uint32_t x, unsigned r) { return (x >> (r & 31)) | (x << ((32 - r) & 31)); }

static uint32_t rev_bits(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}

int main(void)
{
    uint32_t v[] = { 0, 1, 2, 3, 0x80000000u, 0xffffffffu, 0x12345678u, 0xf0f0f0f0u, 0x00010000u, 0xdeadbeefu,
                     0x7fffffffu, 0x00000100u };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint32_t x = v[i];
        printf("%08x pop=%d/%u clz=%d ctz=%d ffs=%d par=%d bswap=%08x rev=%08x rotl7=%08x rotr13=%08x\n", x,
               __builtin_popcount(x), pop_hand(x), x ? __builtin_clz(x) : 32, x ? __builtin_ctz(x) : 32, ffs((int)x),
               __builtin_parity(x), __builtin_bswap32(x), rev_bits(x), rotl(x, 7), rotr(x, 13));
    }
    uint64_t w = 0x0123456789abcdefULL;
    printf("64: pop=%d clz=%d ctz=%d bswap=%016llx\n", __builtin_popcountll(w), __builtin_clzll(w),
           __builtin_ctzll(w << 12), (unsigned long long)__builtin_bswap64(w));
    uint16_t h = 0xabcd;
    printf("bswap16=%04x\n", __builtin_bswap16(h));
    int32_t s[] = { -1, -2, -128, -12345678, 0x40000000, -2147483647 - 1 };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
        for (int sh = 0; sh < 32; sh += 7)
            printf("%d>>%d=%d (u %u) ", s[i], sh, s[i] >> sh, (uint32_t)s[i] >> sh);
    printf("\n");
    volatile unsigned amt = 33;
    uint32_t one = 1;
    printf("masked rot %08x %08x\n", rotl(0x80000001u, amt), rotr(0x80000001u, amt));
    printf("sext: %d %d %d\n", (int8_t)0x80, (int16_t)0xffff, (int8_t)(one << 7));
    uint32_t acc = 0x9e3779b9u;
    for (int i = 0; i < 1000; i++)
        acc = rotl(acc ^ (uint32_t)i, 5) + (acc >> 3) * 17u;
    printf("mix = %08x\n", acc);
    return 0;
}
