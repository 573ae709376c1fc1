/* Variadic functions: va_list with ints, long longs and doubles mixed (the
 * EABI aligns 64-bit arguments), va_copy, forwarding to vsnprintf, and a
 * sentinel-terminated list. */
#include <stdarg.h>
#include <stdio.h>

static long sum_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

/* fmt letters: i int, L long long, d double, s string */
static void show(const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': printf("i:%d ", va_arg(ap, int)); break;
        case 'L': printf("L:%lld ", va_arg(ap, long long)); break;
        case 'd': printf("d:%.3f ", va_arg(ap, double)); break;
        case 's': printf("s:%s ", va_arg(ap, const char *)); break;
        }
    }
    int count = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p == 'i') count += va_arg(again, int) != 0;
        else if (*p == 'L') count += va_arg(again, long long) != 0;
        else if (*p == 'd') count += va_arg(again, double) != 0.0;
        else if (*p == 's') count += *va_arg(again, const char *) != 0;
    }
    printf("| nonzero=%d\n", count);
    va_end(again);
    va_end(ap);
}

static int fmt_into(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static int concat_len(const char *first, ...)
{
    va_list ap;
    int len = 0;
    va_start(ap, first);
    for (const char *s = first; s; s = va_arg(ap, const char *))
        while (*s++)
            len++;
    va_end(ap);
    return len;
}

int main(void)
{
    printf("sum0=%ld sum3=%ld sum10=%ld\n", sum_ints(0), sum_ints(3, 1, 2, 3),
           sum_ints(10, 1, -2, 3, -4, 5, -6, 7, -8, 9, 100000));
    show("iLdsi", 7, 1234567890123LL, 2.5, "abc", 0);
    show("iiLiLd", 1, 2, -3LL, 4, 0LL, -0.125);
    show("dddd", 1.0, 0.0, -1.0, 1e10);
    show("sLs", "", -1LL, "x");
    char buf[40];
    int r = fmt_into(buf, sizeof buf, "%s=%d (%x) %.2f %lld", "key", -7, 255u, 1.005, 1LL << 40);
    printf("vsnprintf r=%d '%s'\n", r, buf);
    r = fmt_into(buf, 8, "%d-%d-%d", 111, 222, 333);
    printf("vsnprintf r=%d '%s'\n", r, buf);
    printf("concat=%d\n", concat_len("alpha", "be", "", "gamma", (const char *)0));
    return 0;
}
