/* sprintf/snprintf into buffers (truncation, return value = untruncated
 * length, size 0 and 1) and sscanf parsing back: integers in several bases,
 * strings with widths, scan sets, %n-free, floats, and the match count. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[32];
    for (size_t n = 0; n <= 12; n += 3) {
        memset(buf, '#', sizeof buf);
        int r = snprintf(buf, n, "value=%d/%s", 12345, "abcdef");
        printf("snprintf(n=%zu) = %d -> '%.*s' after=%c\n", n, r, (int)(n ? strlen(buf) : 0), buf, buf[n < 31 ? n : 31]);
    }
    int r = snprintf(NULL, 0, "%08.3f|%x", 3.14159, 0xbeefu);
    printf("measure = %d\n", r);
    char big[128];
    int len = sprintf(big, "%s-%05d-%x-%c-%.2f", "id", 42, 3054u, 'z', 2.0 / 3.0);
    printf("sprintf '%s' len=%d\n", big, len);

    int a, b, c;
    unsigned u;
    char word[16], rest[32];
    double d;
    float f;
    int got = sscanf("  17 -0x1f 0755 deadBEEF hello-world 2.5e3 -0.125", "%d %i %o %x %15[a-z-] %lf %f", &a, &b,
                     &c, &u, word, &d, &f);
    printf("got=%d a=%d b=%d c=%d u=%x word=%s d=%.3f f=%.4f\n", got, a, b, c, u, word, d, (double)f);
    got = sscanf("key = value ; tail", "%15s = %15[^;]; %31s", word, rest, big);
    printf("got=%d key=[%s] value=[%s] tail=[%s]\n", got, word, rest, big);
    got = sscanf("12abc", "%d%d", &a, &b);
    printf("partial got=%d a=%d\n", got, a);
    got = sscanf("", "%d", &a);
    printf("empty got=%d\n", got);
    got = sscanf("2024-03-15T10:20:30", "%4d-%2d-%2dT%d:%d:%d", &a, &b, &c, (int *)&u, &len, &r);
    printf("date got=%d %04d/%02d/%02d %u:%d:%d\n", got, a, b, c, u, len, r);
    char csv[] = "10,20,,40";
    int vals[4] = { -1, -1, -1, -1 };
    got = sscanf(csv, "%d,%d,%d,%d", &vals[0], &vals[1], &vals[2], &vals[3]);
    printf("csv got=%d %d %d %d %d\n", got, vals[0], vals[1], vals[2], vals[3]);
    long long ll;
    unsigned short hs;
    signed char hc;
    got = sscanf("-9000000000 70000 300", "%lld %hu %hhd", &ll, &hs, &hc);
    printf("widths got=%d %lld %u %d\n", got, ll, (unsigned)hs, (int)hc);
    return 0;
}
