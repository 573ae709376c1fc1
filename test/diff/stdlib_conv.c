/* stdlib conversions: strtol/strtoul/strtoll in bases 0, 2, 8, 10, 16, 36,
 * end pointers and errno on overflow, atoi/atol, abs/labs/llabs, div/ldiv/lldiv. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void show_strtol(const char *s, int base)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, base);
    int e = errno;
    printf("strtol(\"%s\", %d) = %ld end=%ld erange=%d\n", s, base, v, (long)(end - s), e == ERANGE);
}

static void show_strtoul(const char *s, int base)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, base);
    int e = errno;
    printf("strtoul(\"%s\", %d) = %lu end=%ld erange=%d\n", s, base, v, (long)(end - s), e == ERANGE);
}

int main(void)
{
    const char *inputs[] = { "0", "42", "-42", "  +17xyz", "0x1F", "0X7fffffff", "017", "0b101",
                             "2147483647", "2147483648", "-2147483648", "-2147483649", "zz", "  ",
                             "1010", "777", "ffffffff", "100000000" };
    int bases[] = { 0, 2, 8, 10, 16, 36 };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
            show_strtol(inputs[i], bases[b]);
            if (b == 0 || b == 4)
                show_strtoul(inputs[i], bases[b]);
        }
    errno = 0;
    long long big = strtoll("-9223372036854775808", NULL, 10);
    printf("strtoll min %lld errno %d\n", big, errno);
    unsigned long long ubig = strtoull("18446744073709551615", NULL, 0);
    printf("strtoull max %llu %llx\n", ubig, ubig);
    printf("atoi: %d %d %d %d\n", atoi("123"), atoi("-0042"), atoi("  9x"), atoi("x9"));
    printf("atol: %ld atoll: %lld\n", atol("-99999"), atoll("123456789012"));
    printf("abs: %d %d %ld %lld\n", abs(-5), abs(7), labs(-100000L), llabs(-5000000000LL));
    for (int n = -17; n <= 17; n += 17)
        for (int d = -5; d <= 5; d += 10) {
            div_t q = div(n, d);
            ldiv_t lq = ldiv((long)n * 1000, d);
            lldiv_t llq = lldiv((long long)n * 1000000007LL, d);
            printf("div(%d,%d) = %d r %d; ldiv %ld r %ld; lldiv %lld r %lld\n", n, d, q.quot, q.rem,
                   lq.quot, lq.rem, llq.quot, llq.rem);
        }
    return 0;
}
