/* A compute loop for measuring simulation speed: integer arithmetic, loads
 * and stores, shifts and data-dependent branches over a small working set,
 * as a many-core target's kernel would do. Iterations from argv[1]. Prints a
 * checksum so the work cannot be optimized away and both simulators can be
 * checked to have done the same. */
#include <stdio.h>
#include <stdlib.h>

#define N 64

static unsigned a[N], b[N], c[N];

static unsigned step(unsigned seed)
{
    unsigned acc = 0;
    for (int i = 0; i < N; i++) {
        unsigned x = a[i] * 2654435761u + b[(i * 7) & (N - 1)];
        x ^= x >> 13;
        if (x & 1)
            acc += x;
        else
            acc ^= x << 3;
        c[i] = x + seed;
    }
    for (int i = 0; i < N; i++)
        a[i] = c[i] ^ (a[i] >> 1);
    return acc;
}

int main(int argc, char **argv)
{
    long iters = argc > 1 ? atol(argv[1]) : 20000;
    for (int i = 0; i < N; i++) {
        a[i] = (unsigned)i * 40503u;
        b[i] = (unsigned)(N - i) * 2246822519u;
    }
    unsigned sum = 0;
    for (long k = 0; k < iters; k++)
        sum += step((unsigned)k);
    printf("compute: %ld iterations, checksum %08x\n", iters, sum);
    return 0;
}
