/* A misaligned atomic in the shared region (or anywhere): Linux answers
 * with SIGBUS, and so must each simulated core, on both backends, without
 * the host atomic ever seeing the address (a misaligned 64-bit atomicCAS
 * ends the whole GPU run). Run under qemu-arm it gets the kernel's answer.
 *
 *   misaligned_atomic MODE OFFSET
 *     MODE: cmpxchg64 (__kuser_cmpxchg64), cmpxchg (__kuser_cmpxchg),
 *           ldrexd, ldrex, swp
 *     OFFSET: bytes past a 16-aligned word of the shared region
 * Prints what it did and exits 0 when the atomic did not fault. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim.h"

typedef int (*kuser_cmpxchg64_t)(const long long *oldval, const long long *newval, volatile long long *ptr);
typedef int (*kuser_cmpxchg_t)(int oldval, int newval, volatile int *ptr);
#define kuser_cmpxchg64 ((kuser_cmpxchg64_t)0xffff0f60)
#define kuser_cmpxchg ((kuser_cmpxchg_t)0xffff0fc0)

static unsigned do_ldrexd(volatile void *p)
{
    register unsigned lo __asm__("r4"), hi __asm__("r5");
    __asm__ volatile("ldrexd %0, %1, [%2]\n\tclrex" : "=&r"(lo), "=&r"(hi) : "r"(p) : "memory");
    return lo ^ hi;
}

static unsigned do_ldrex(volatile void *p)
{
    unsigned v;
    __asm__ volatile("ldrex %0, [%1]\n\tclrex" : "=&r"(v) : "r"(p) : "memory");
    return v;
}

static unsigned do_swp(volatile void *p, unsigned v)
{
    unsigned old;
    __asm__ volatile(".arch armv5te\n\tswp %0, %1, [%2]" : "=&r"(old) : "r"(v), "r"(p) : "memory");
    return old;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "cmpxchg64";
    unsigned off = argc > 2 ? (unsigned)atoi(argv[2]) : 4u;
    unsigned char *base = ws_shared_alloc(64);
    if (!base) {
        printf("no shared region\n");
        return 2;
    }
    volatile unsigned char *at = base + 16 + off;
    long long oldv = 0, newv = 0x1122334455667788ll;
    memset(base, 0, 64);
    int r = -1;
    unsigned v = 0;
    if (!strcmp(mode, "cmpxchg64"))
        r = kuser_cmpxchg64(&oldv, &newv, (volatile long long *)at);
    else if (!strcmp(mode, "cmpxchg"))
        r = kuser_cmpxchg(0, 0x55, (volatile int *)at);
    else if (!strcmp(mode, "ldrexd"))
        v = do_ldrexd(at);
    else if (!strcmp(mode, "ldrex"))
        v = do_ldrex(at);
    else if (!strcmp(mode, "swp"))
        v = do_swp(at, 7u);
    else {
        printf("unknown mode %s\n", mode);
        return 2;
    }
    printf("%s at +%u: r=%d v=%u word=%08x %08x\n", mode, off, r, v, ((volatile unsigned *)base)[4],
           ((volatile unsigned *)base)[5]);
    return 0;
}
