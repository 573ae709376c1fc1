/* Memory the kernel hands out reads as zero, whether fresh or given back
 * before: the break grown, filled, shrunk by whole pages and grown past its
 * old top; anonymous mappings filled, unmapped and mapped again over the
 * same and over fresh pages; a MAP_FIXED mapping over filled pages. warpsim
 * zeroes only memory handed out before (linux_mm.h: [brk_max, mmap_min)
 * still holds the window's first zeros), so both kinds are checked, and
 * what the program kept must survive. stdout has a buffer of its own:
 * glibc would otherwise take one from malloc, which moves the break. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096

static char outbuf[4096];

static unsigned nonzero(const unsigned char *p, size_t n)
{
    unsigned k = 0;
    for (size_t i = 0; i < n; i++)
        k += p[i] != 0;
    return k;
}

static unsigned sum(const unsigned char *p, size_t n)
{
    unsigned s = 0;
    for (size_t i = 0; i < n; i++)
        s = s * 31u + p[i];
    return s;
}

static void *map(void *at, size_t n, int flags)
{
    void *p = mmap(at, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

int main(void)
{
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    uintptr_t b0 = (uintptr_t)sbrk(0);
    sbrk((intptr_t)((PAGE - b0 % PAGE) % PAGE)); /* a page-aligned break: Linux keeps a partial page's bytes */
    unsigned char *heap = sbrk(PAGE); /* the page every round keeps */
    for (int round = 0; round < 3; round++) {
        size_t top = (size_t)(2 + 2 * round) * PAGE; /* each round past the last one's top */
        if (sbrk((intptr_t)(top - PAGE)) == (void *)-1) {
            printf("brk round %d: sbrk failed\n", round);
            return 1;
        }
        printf("brk round %d: %u of %zu bytes nonzero; kept page %08x\n", round, nonzero(heap + PAGE, top - PAGE),
               top - PAGE, sum(heap, PAGE));
        memset(heap, 0x11 * (round + 1), top);
        sbrk(-(intptr_t)(top - PAGE)); /* keep the first page */
    }
    unsigned char *a = map(NULL, 4 * PAGE, 0), *b = map(NULL, 2 * PAGE, 0);
    if (!a || !b)
        return 2;
    printf("mmap fresh: %u %u nonzero\n", nonzero(a, 4 * PAGE), nonzero(b, 2 * PAGE));
    memset(a, 0x5a, 4 * PAGE);
    memset(b, 0xa5, 2 * PAGE);
    munmap(b, 2 * PAGE);
    unsigned char *c = map(NULL, 6 * PAGE, 0); /* over b's pages again, and fresh ones */
    if (!c)
        return 3;
    printf("mmap again: %u of %d bytes nonzero; a kept %08x\n", nonzero(c, 6 * PAGE), 6 * PAGE, sum(a, 4 * PAGE));
    memset(c, 0x77, 6 * PAGE);
    unsigned char *d = map(a + PAGE, 2 * PAGE, MAP_FIXED);
    if (d != a + PAGE)
        return 4;
    printf("MAP_FIXED: %u nonzero inside, %u around\n", nonzero(d, 2 * PAGE),
           nonzero(a, PAGE) + nonzero(a + 3 * PAGE, PAGE));
    munmap(c, 6 * PAGE);
    unsigned char *e = map(NULL, 8 * PAGE, 0);
    if (!e)
        return 5;
    printf("mmap last: %u nonzero\n", nonzero(e, 8 * PAGE));
    return 0;
}
