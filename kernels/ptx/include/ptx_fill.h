/* The launch files' seeded random fill (kernels/ptx/README.md), in one
 * header that warpsim's launcher and the host references both include, so a
 * reference that regenerates an input gets the launcher's bits.
 *
 *   element i of `random SEED LO HI`:
 *     floats:   LO + (HI - LO) * u,  u = (ptx_splitmix64(SEED * 2^32 + i) >> 11) * 2^-53,
 *               computed in double, then rounded to the buffer's type
 *     integers: LO + ptx_splitmix64(SEED * 2^32 + i) % (HI - LO + 1)   (mod 2^64)
 *
 * Plain C99, no dependencies. */
#ifndef PTX_FILL_H
#define PTX_FILL_H

#include <stdint.h>

/* Vigna's splitmix64 (https://prng.di.unimi.it/splitmix64.c): the first
 * output of the generator whose state is x. */
static inline uint64_t ptx_splitmix64(uint64_t x)
{
    uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The raw 64 random bits of element i. */
static inline uint64_t ptx_fill_bits(uint64_t seed, uint64_t i)
{
    return ptx_splitmix64((seed << 32) + i);
}

/* Element i as a float in [lo, hi), in double. */
static inline double ptx_fill_random_real(uint64_t seed, uint64_t i, double lo, double hi)
{
    double u = (double)(ptx_fill_bits(seed, i) >> 11) * 0x1.0p-53;
    return lo + (hi - lo) * u;
}

/* Element i as an integer in [lo, hi] (two's complement: signed bounds
 * work as well, cast to uint64_t). A full 2^64 range takes the bits as
 * they are. */
static inline uint64_t ptx_fill_random_int(uint64_t seed, uint64_t i, uint64_t lo, uint64_t hi)
{
    uint64_t range = hi - lo + 1;
    uint64_t r = ptx_fill_bits(seed, i);
    return lo + (range ? r % range : r);
}

#endif
