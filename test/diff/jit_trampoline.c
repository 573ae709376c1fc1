/* GCC's nested functions: taking the address of one that uses its parent's
 * variables makes GCC write a trampoline on the stack at run time (and on
 * ARM flush the cache for it), and mark the program's stack executable
 * (PT_GNU_STACK with PF_X), which Linux then makes it. qsort calls the
 * comparison through the trampoline; each round's trampoline is written
 * afresh, in a frame of a different depth, with a different captured key. */
#include <stdio.h>
#include <stdlib.h>

static unsigned run(unsigned depth, unsigned key, int *v, unsigned n)
{
    unsigned calls = 0;
    int cmp(const void *a, const void *b)
    {
        unsigned x = (unsigned)*(const int *)a * key % 1009u, y = (unsigned)*(const int *)b * key % 1009u;
        calls++;
        return (x > y) - (x < y);
    }
    if (depth)
        return run(depth - 1u, key, v, n) + 1u;
    qsort(v, n, sizeof *v, cmp);
    return calls;
}

int main(void)
{
    int v[64];
    unsigned digest = 0;
    for (unsigned round = 0; round < 40; round++) {
        for (unsigned i = 0; i < 64; i++)
            v[i] = (int)((i * 2654435761u) >> 20);
        unsigned calls = run(round % 5u, 3u + round * 2u, v, 64);
        for (unsigned i = 0; i < 64; i++)
            digest = digest * 31u + (unsigned)v[i];
        if (round < 3)
            printf("round %u: %u calls, first %d last %d\n", round, calls, v[0], v[63]);
    }
    printf("digest %08x\n", digest);
    return 0;
}
