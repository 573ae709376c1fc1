/* Output and exit for target programs through raw system calls, safe with
 * or without a C library (no libc names are defined here). */
#include "warpsim_rt.h"
#include "warpsim_sys.h"

long ws_write(int fd, const void *buf, unsigned len)
{
    const char *p = (const char *)buf;
    while (len) {
        long r = ws_syscall3(WS_NR_write, fd, (long)p, (long)len);
        if (r <= 0)
            return r;
        p += r;
        len -= (unsigned)r;
    }
    return (long)(p - (const char *)buf);
}

void ws_exit(int status)
{
    for (;;) {
        ws_syscall1(WS_NR_exit_group, status);
        ws_syscall1(WS_NR_exit, status);
    }
}

unsigned ws_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (unsigned)(p - s);
}

void ws_print(const char *s) { ws_write(1, s, ws_strlen(s)); }
void ws_eprint(const char *s) { ws_write(2, s, ws_strlen(s)); }

void ws_print_u64(unsigned long long v)
{
    char buf[24], *p = buf + sizeof buf;
    do
        *--p = (char)('0' + v % 10u);
    while ((v /= 10u) != 0);
    ws_write(1, p, (unsigned)(buf + sizeof buf - p));
}

/* 32-bit division only: keeps the common case off libgcc's 64-bit helpers. */
void ws_print_u32(unsigned v)
{
    char buf[12], *p = buf + sizeof buf;
    do
        *--p = (char)('0' + v % 10u);
    while ((v /= 10u) != 0);
    ws_write(1, p, (unsigned)(buf + sizeof buf - p));
}

void ws_print_i32(int v)
{
    if (v < 0) {
        ws_write(1, "-", 1);
        ws_print_u32(0u - (unsigned)v);
    } else {
        ws_print_u32((unsigned)v);
    }
}

void ws_print_hex32(unsigned v)
{
    char buf[8];
    for (int i = 7; i >= 0; i--, v >>= 4)
        buf[i] = "0123456789abcdef"[v & 15u];
    ws_write(1, buf, 8);
}
