/* Monte Carlo call prices from the workload's generator: stream (option,
 * thread) is xorshift64* from splitmix64's mix of option * 2^32 + thread;
 * each pair of draws gives two normals by Box-Muller. Payoffs in double. */
#include <math.h>

#include "ref_io.h"

#define OPTIONS 64
#define THREADS 256
#define PAIRS 8

static uint64_t seed(uint64_t option, uint64_t thread)
{
    uint64_t z = (option << 32 | thread) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return z ? z : 1;
}

static uint32_t next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (uint32_t)((*state * 0x2545F4914F6CDD1Dull) >> 32);
}

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    const float *s = ref_load("s", 4, OPTIONS), *x = ref_load("x", 4, OPTIONS), *t = ref_load("t", 4, OPTIONS);
    const double r = (double)0.03f, v = (double)0.25f;
    float price[OPTIONS];
    for (int o = 0; o < OPTIONS; o++) {
        double drift = (r - v * v / 2) * t[o], vol = v * sqrt(t[o]), sum = 0;
        for (int th = 0; th < THREADS; th++) {
            uint64_t st = seed(o, th);
            for (int p = 0; p < PAIRS; p++) {
                double u1 = ((next(&st) >> 8) + 1) / 16777216.0, u2 = (next(&st) >> 8) / 16777216.0;
                double rad = sqrt(-2 * log(u1)), z[2] = {rad * cos(2 * M_PI * u2), rad * sin(2 * M_PI * u2)};
                for (int k = 0; k < 2; k++)
                    sum += fmax(s[o] * exp(drift + vol * z[k]) - x[o], 0);
            }
        }
        price[o] = (float)(exp(-r * t[o]) * sum / (THREADS * 2 * PAIRS));
    }
    ref_store("price", price, 4, OPTIONS);
    return 0;
}
