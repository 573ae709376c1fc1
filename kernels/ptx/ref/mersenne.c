/* MT19937 as Matsumoto and Nishimura's mt19937ar.c: init_genrand, then
 * genrand_int32 (the twist written with its two split loops). */
#include "ref_io.h"

#define GENS 128
#define COUNT 1000
#define SEED 5489u
#define NN 624
#define MM 397

typedef struct {
    uint32_t mt[NN];
    int mti;
} mt_t;

static void init_genrand(mt_t *g, uint32_t s)
{
    g->mt[0] = s;
    for (g->mti = 1; g->mti < NN; g->mti++)
        g->mt[g->mti] = 1812433253u * (g->mt[g->mti - 1] ^ (g->mt[g->mti - 1] >> 30)) + (uint32_t)g->mti;
}

static uint32_t genrand_int32(mt_t *g)
{
    static const uint32_t mag01[2] = {0, 0x9908b0dfu};
    uint32_t y;
    if (g->mti >= NN) {
        int kk;
        for (kk = 0; kk < NN - MM; kk++) {
            y = (g->mt[kk] & 0x80000000u) | (g->mt[kk + 1] & 0x7fffffffu);
            g->mt[kk] = g->mt[kk + MM] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < NN - 1; kk++) {
            y = (g->mt[kk] & 0x80000000u) | (g->mt[kk + 1] & 0x7fffffffu);
            g->mt[kk] = g->mt[kk + (MM - NN)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (g->mt[NN - 1] & 0x80000000u) | (g->mt[0] & 0x7fffffffu);
        g->mt[NN - 1] = g->mt[MM - 1] ^ (y >> 1) ^ mag01[y & 1];
        g->mti = 0;
    }
    y = g->mt[g->mti++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    uint32_t *out = ref_alloc(4, GENS * COUNT);
    mt_t g;
    for (int t = 0; t < GENS; t++) {
        init_genrand(&g, SEED + t);
        for (int k = 0; k < COUNT; k++)
            out[k * GENS + t] = genrand_int32(&g);
    }
    ref_store("out", out, 4, GENS * COUNT);
    return 0;
}
