/* Integers written in bases 2..36 by hand (signed, unsigned, 64-bit) and
 * parsed back with strtoul/strtoull, compared with printf's %o and %x, and
 * zero/space padded columns. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *utoa_base(uint64_t v, unsigned base, char *end)
{
    const char *digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    *--end = '\0';
    do {
        *--end = digits[v % base];
        v /= base;
    } while (v);
    return end;
}

static char *itoa_base(int64_t v, unsigned base, char *end)
{
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    char *p = utoa_base(mag, base, end);
    if (v < 0)
        *--p = '-';
    return p;
}

int main(void)
{
    char buf[80];
    const uint32_t vals[] = { 0, 1, 7, 8, 255, 256, 1000, 65535, 123456789, 0x80000000u, 0xffffffffu };
    int roundtrip_bad = 0;
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        printf("%10u:", vals[i]);
        for (unsigned base = 2; base <= 36; base += (base < 10 ? 1 : 7)) {
            char *s = utoa_base(vals[i], base, buf + sizeof buf);
            printf(" %s", s);
            roundtrip_bad += strtoul(s, NULL, (int)base) != vals[i];
        }
        char ref[40];
        snprintf(ref, sizeof ref, "%o", vals[i]);
        roundtrip_bad += strcmp(ref, utoa_base(vals[i], 8, buf + sizeof buf)) != 0;
        snprintf(ref, sizeof ref, "%x", vals[i]);
        roundtrip_bad += strcmp(ref, utoa_base(vals[i], 16, buf + sizeof buf)) != 0;
        printf("\n");
    }
    const int64_t svals[] = { -1, -255, INT64_MIN, INT64_MAX, -1000000007LL, 42 };
    for (size_t i = 0; i < sizeof svals / sizeof svals[0]; i++) {
        printf("%lld: b2=%s", (long long)svals[i], itoa_base(svals[i], 2, buf + sizeof buf));
        printf(" b7=%s", itoa_base(svals[i], 7, buf + sizeof buf));
        printf(" b36=%s\n", itoa_base(svals[i], 36, buf + sizeof buf));
        char *s = utoa_base((uint64_t)svals[i], 36, buf + sizeof buf);
        roundtrip_bad += strtoull(s, NULL, 36) != (uint64_t)svals[i];
    }
    for (int i = 0; i < 6; i++) {
        unsigned v = 1u << (i * 6);
        printf("|%08x|%-8o|%#10x|%+6d|%06u|\n", v, v, v, (int)v - 500, v % 1000000);
    }
    printf("roundtrip_bad=%d\n", roundtrip_bad);
    return roundtrip_bad;
}
