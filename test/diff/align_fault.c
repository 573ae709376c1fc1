/* LDRD from an address that is not word aligned: an alignment fault on
 * ARMv7 (SIGBUS, exit status 135 under qemu-arm), found by the random
 * instruction tester (test/risu). What was printed before it stays. */
#include <stdint.h>
#include <stdio.h>

static uint32_t words[4] = {1, 2, 3, 4};

int main(void)
{
    register uint32_t lo __asm__("r4"), hi __asm__("r5"); /* A32 wants an even pair */
    const char *p = (const char *)words;
    __asm__ volatile(".arch armv7-a\n\tldrd %0, %1, [%2]" : "=&r"(lo), "=&r"(hi) : "r"(p) : "memory");
    printf("aligned: %u %u\n", lo, hi);
    fflush(stdout);
    __asm__ volatile(".arch armv7-a\n\tldrd %0, %1, [%2]" : "=&r"(lo), "=&r"(hi) : "r"(p + 2) : "memory");
    printf("misaligned: %u %u (not reached)\n", lo, hi);
    return 0;
}
