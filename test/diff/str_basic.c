/* string.h basics: strlen, strcmp, strncmp, strcpy, strncpy, strcat, memcpy,
 * memmove (both overlap directions), memset, memcmp, at odd alignments. */
#include <stdio.h>
#include <string.h>

static unsigned sum_bytes(const unsigned char *p, size_t n)
{
    unsigned s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31u + p[i];
    return s;
}

static int sign(int v) { return (v > 0) - (v < 0); }

static void test_len_cmp(void)
{
    const char *words[] = { "", "a", "ab", "abc", "abd", "abcd", "ABC", "zebra", "zeb", "\x80x" };
    size_t n = sizeof words / sizeof words[0];
    for (size_t i = 0; i < n; i++)
        printf("strlen(%zu)=%zu\n", i, strlen(words[i]));
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++)
            printf("%2d", sign(strcmp(words[i], words[j])));
        printf(" | ");
        for (size_t j = 0; j < n; j++)
            printf("%2d", sign(strncmp(words[i], words[j], 2)));
        printf("\n");
    }
}

static void test_copy(void)
{
    char buf[64], dst[16];
    strcpy(buf, "hello");
    strcat(buf, ", ");
    strcat(buf, "world");
    printf("cat: '%s' len %zu\n", buf, strlen(buf));
    memset(dst, 'X', sizeof dst);
    strncpy(dst, "abc", 8);
    printf("strncpy pad:");
    for (int i = 0; i < 10; i++)
        printf(" %02x", (unsigned char)dst[i]);
    printf("\n");
    memset(dst, 'Y', sizeof dst);
    strncpy(dst, "abcdefghij", 4);
    printf("strncpy trunc: %.6s\n", dst);
    strncat(buf, "!!!???", 3);
    printf("strncat: %s\n", buf);
}

static void test_mem(void)
{
    unsigned char a[300], b[300];
    for (int i = 0; i < 300; i++)
        a[i] = (unsigned char)(i * 7 + 3);
    for (int off = 0; off < 8; off++)
        for (int len = 0; len < 70; len += 9) {
            memset(b, 0, sizeof b);
            memcpy(b + off, a + (7 - off), (size_t)len);
            printf("%u ", sum_bytes(b, 80) % 100000u);
        }
    printf("\n");
    for (int shift = -5; shift <= 5; shift++) {
        for (int i = 0; i < 300; i++)
            a[i] = (unsigned char)i;
        memmove(a + 100 + shift, a + 100, 50);
        printf("move %+d: %u %u %u\n", shift, a[100], a[120 + shift], sum_bytes(a, 300));
    }
    memset(a, 0xa5, 33);
    memset(a + 33, 0, 1);
    printf("memset: %u %d\n", sum_bytes(a, 40), memcmp(a, a + 1, 32));
    printf("memcmp: %d %d %d\n", sign(memcmp("abc", "abd", 3)), sign(memcmp("abc", "abc", 3)),
           sign(memcmp("\xff", "\x01", 1)));
}

int main(void)
{
    test_len_cmp();
    test_copy();
    test_mem();
    return 0;
}
