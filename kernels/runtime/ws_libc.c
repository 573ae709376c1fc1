/* The libc symbols a freestanding program still needs: the compiler emits
 * calls to memcpy, memmove, memset and memcmp for struct copies and large
 * initialisers, and libgcc's division-by-zero handler calls raise. Link
 * only without glibc. */
#include "warpsim_rt.h"
#include "warpsim_sys.h"

void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if ((((unsigned long)d | (unsigned long)s) & 3u) == 0) {
        for (; n >= 4; n -= 4, d += 4, s += 4)
            *(unsigned *)d = *(const unsigned *)s;
    }
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, __SIZE_TYPE__ n)
{
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (d <= s || d >= s + n)
        return memcpy(dst, src, n);
    while (n--)
        d[n] = s[n];
    return dst;
}

void *memset(void *dst, int c, __SIZE_TYPE__ n)
{
    unsigned char *d = (unsigned char *)dst;
    unsigned word = (unsigned char)c * 0x01010101u;
    while (n && ((unsigned long)d & 3u)) {
        *d++ = (unsigned char)c;
        n--;
    }
    for (; n >= 4; n -= 4, d += 4)
        *(unsigned *)d = word;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, __SIZE_TYPE__ n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

__SIZE_TYPE__ strlen(const char *s) { return ws_strlen(s); }

/* libgcc's __aeabi_idiv0 calls raise(SIGFPE). */
int raise(int sig)
{
    ws_syscall3(WS_NR_kill, ws_syscall0(WS_NR_getpid), sig, 0);
    ws_exit(128 + sig);
}

void abort(void)
{
    raise(6);
    ws_exit(134);
}
