/* malloc/realloc/free churn: thousands of random-sized allocations driven
 * by a fixed-seed LCG, contents verified before every free, calloc zeroing,
 * large blocks that go to mmap, and a checksum of everything written. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 128

static uint32_t seed = 2463534242u;
static uint32_t lcg(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
}

static unsigned char *ptr[SLOTS];
static size_t len[SLOTS];
static unsigned char tagv[SLOTS];

static int verify(int i)
{
    for (size_t k = 0; k < len[i]; k++)
        if (ptr[i][k] != (unsigned char)(tagv[i] + k))
            return 0;
    return 1;
}

static void fill(int i)
{
    for (size_t k = 0; k < len[i]; k++)
        ptr[i][k] = (unsigned char)(tagv[i] + k);
}

int main(void)
{
    uint32_t checksum = 0;
    int bad = 0, reallocs = 0, frees = 0, mallocs = 0;
    for (int step = 0; step < 800; step++) {
        int i = (int)(lcg() % SLOTS);
        uint32_t op = lcg() % 10;
        if (ptr[i] && !verify(i))
            bad++;
        if (!ptr[i]) {
            len[i] = (lcg() % 8 == 0) ? lcg() % 600 : lcg() % 48;
            ptr[i] = malloc(len[i] ? len[i] : 1);
            tagv[i] = (unsigned char)lcg();
            fill(i);
            mallocs++;
        } else if (op < 4) {
            size_t old = len[i];
            size_t nl = lcg() % 200;
            unsigned char *p = realloc(ptr[i], nl ? nl : 1);
            if (!p) {
                bad++;
                continue;
            }
            ptr[i] = p;
            len[i] = nl < old ? nl : old;
            if (!verify(i))
                bad++;
            len[i] = nl;
            fill(i);
            reallocs++;
        } else {
            for (size_t k = 0; k < len[i]; k++)
                checksum = checksum * 33u + ptr[i][k];
            free(ptr[i]);
            ptr[i] = NULL;
            frees++;
        }
    }
    for (int i = 0; i < SLOTS; i++)
        if (ptr[i]) {
            bad += !verify(i);
            free(ptr[i]);
        }
    int zeros = 1;
    for (int round = 0; round < 20; round++) {
        size_t n = 50 + lcg() % 500;
        uint32_t *z = calloc(n, sizeof *z);
        for (size_t k = 0; k < n; k++)
            zeros &= z[k] == 0;
        memset(z, 0xff, n * sizeof *z);
        free(z);
    }
    size_t bigsz = 192u << 10; /* above the 128 KiB mmap threshold */
    unsigned char *big = malloc(bigsz);
    for (size_t k = 0; k < bigsz; k += 4096)
        big[k] = (unsigned char)k;
    big = realloc(big, 2 * bigsz);
    uint32_t bsum = 0;
    for (size_t k = 0; k < bigsz; k += 4096)
        bsum += big[k] + (uint32_t)k;
    free(big);
    printf("mallocs=%d reallocs=%d frees=%d bad=%d zeros=%d checksum=%08x big=%08x\n", mallocs, reallocs, frees,
           bad, zeros, (unsigned)checksum, (unsigned)bsum);
    return bad ? 1 : 0;
}
