/* The string instructions: on IA-32 MOVS STOS LODS CMPS SCAS with REP,
 * REPE and REPNE, both directions (CLD/STD), every width, by inline
 * assembly; elsewhere the same results computed in C. Then glibc's string
 * functions, which on i686 are built on them, over sizes and alignments. */
#include <stdio.h>
#include <string.h>

static unsigned char buf[512], dst[512];

static unsigned checksum(const unsigned char *p, unsigned n)
{
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* copy n elements of size sz forward or backward (from the last element down) */
static void copy(void *d, const void *s, unsigned n, unsigned sz, int down)
{
#ifdef __i386__
    if (down) {
        d = (char *)d + (n - 1) * sz, s = (const char *)s + (n - 1) * sz;
        if (sz == 1) __asm__ volatile("std; rep movsb; cld" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
        else if (sz == 2) __asm__ volatile("std; rep movsw; cld" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
        else __asm__ volatile("std; rep movsl; cld" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
    } else {
        if (sz == 1) __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
        else if (sz == 2) __asm__ volatile("rep movsw" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
        else __asm__ volatile("rep movsl" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
    }
#else
    (void)down;
    memmove(d, s, n * sz);
#endif
}

static void fill(void *d, unsigned v, unsigned n, unsigned sz)
{
#ifdef __i386__
    if (sz == 1) __asm__ volatile("rep stosb" : "+D"(d), "+c"(n) : "a"(v) : "memory");
    else if (sz == 2) __asm__ volatile("rep stosw" : "+D"(d), "+c"(n) : "a"(v) : "memory");
    else __asm__ volatile("rep stosl" : "+D"(d), "+c"(n) : "a"(v) : "memory");
#else
    for (unsigned i = 0; i < n; i++)
        memcpy((char *)d + i * sz, &v, sz);
#endif
}

/* index of the first byte c in p[0..n), n if none: repne scasb */
static unsigned scan(const unsigned char *p, unsigned char c, unsigned n)
{
#ifdef __i386__
    unsigned left = n;
    const unsigned char *q = p;
    if (!n)
        return 0;
    __asm__ volatile("repne scasb; je 1f; inc %0; 1:" : "+c"(left), "+D"(q) : "a"(c) : "memory", "cc");
    return n - left - 1;
#else
    const unsigned char *r = memchr(p, c, n);
    return r ? (unsigned)(r - p) : n;
#endif
}

/* index of the first difference of a and b over n bytes, n if equal: repe cmpsb */
static unsigned compare(const unsigned char *a, const unsigned char *b, unsigned n)
{
#ifdef __i386__
    unsigned left = n;
    if (!n)
        return 0;
    __asm__ volatile("repe cmpsb; jne 1f; dec %0; 1:" : "+c"(left), "+S"(a), "+D"(b) : : "memory", "cc");
    return n - left - 1;
#else
    for (unsigned i = 0; i < n; i++)
        if (a[i] != b[i])
            return i;
    return n;
#endif
}

/* sum of n bytes read with lodsb */
static unsigned load_sum(const unsigned char *p, unsigned n)
{
    unsigned s = 0;
#ifdef __i386__
    for (unsigned i = 0; i < n; i++) {
        unsigned v;
        __asm__ volatile("xor %%eax, %%eax; lodsb" : "=a"(v), "+S"(p) : : "memory");
        s += v;
    }
#else
    for (unsigned i = 0; i < n; i++)
        s += p[i];
#endif
    return s;
}

int main(void)
{
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 37u + 11u);
    for (unsigned sz = 1; sz <= 4; sz *= 2)
        for (unsigned n = 0; n < 40; n += 7)
            for (int down = 0; down < 2; down++) {
                memset(dst, 0, sizeof dst);
                copy(dst + 3, buf + 5, n, sz, down);
                printf("movs sz=%u n=%u down=%d: %08x\n", sz, n, down, checksum(dst, 200));
            }
    for (unsigned sz = 1; sz <= 4; sz *= 2) {
        memset(dst, 0, sizeof dst);
        fill(dst + 1, 0xa5b6c7d8u, 33, sz);
        printf("stos sz=%u: %08x\n", sz, checksum(dst, 200));
    }
    for (unsigned c = 0; c < 256; c += 29)
        printf("scas %u: %u\n", c, scan(buf, (unsigned char)c, 300));
    memcpy(dst, buf, sizeof buf);
    for (unsigned k = 0; k < 300; k += 47) {
        dst[k] ^= 1;
        printf("cmps %u: %u\n", k, compare(buf, dst, 300));
        dst[k] ^= 1;
    }
    printf("cmps equal: %u\n", compare(buf, dst, 300));
    printf("lods: %u\n", load_sum(buf, 300));
    /* glibc's string functions over sizes and alignments */
    /* (memcmp's sign only: its magnitude depends on the variant glibc picks
     * for the CPU, and qemu's CPU has SSE) */
    unsigned h = 0;
    for (unsigned a = 0; a < 8; a++)
        for (unsigned n = 0; n < 130; n += 3) {
            memset(dst, 0x11, sizeof dst);
            memcpy(dst + a, buf + (a * 3) % 8, n);
            memmove(dst + a + 1, dst + a, n);
            memset(dst + 300 + a, (int)n, n / 2);
            dst[400 + n % 50] = 0;
            h = h * 31u + checksum(dst, 512) + (unsigned)strlen((char *)dst + 380) +
                (unsigned)(memcmp(dst + a, buf, n ? n : 1) > 0) + (unsigned)(strchr((char *)dst + 300, 0x11) != 0);
        }
    printf("glibc strings: %08x\n", h);
    return 0;
}
