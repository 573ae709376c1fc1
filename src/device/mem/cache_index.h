/* Which set a line goes to, and which bank an access uses: GPGPU-Sim's
 * hash_function (gpu-cache.cc, hashing.cc), one switch for both. */
#ifndef MEM_CACHE_INDEX_H
#define MEM_CACHE_INDEX_H

#include "device/mem/cache_params.h"

/* Primitive polynomials over GF(2) by degree (bit k: x^k), as in Peterson's
 * table; degrees 4, 5 and 6 are GPGPU-Sim's IPOLY for 16, 32 and 64 sets,
 * whose hand-expanded XOR equations are the remainder by these. */
SIM_INLINE uint32_t cache_ipoly_poly(uint32_t degree)
{
    switch (degree) {
    case 1: return 0x3;
    case 2: return 0x7;
    case 3: return 0xb;
    case 4: return 0x13;
    case 5: return 0x25;
    case 6: return 0x43;
    case 7: return 0x89;
    case 8: return 0x11d;
    case 9: return 0x211;
    case 10: return 0x409;
    case 11: return 0x805;
    case 12: return 0x1053;
    case 13: return 0x201b;
    case 14: return 0x4443;
    case 15: return 0x8003;
    default: return 0x1002d;
    }
}

/* IPOLY (Rau, ISCA 1991): the block number as a polynomial over GF(2),
 * modulo a primitive polynomial of the index's degree, so that no power-of-two
 * stride maps to fewer sets than it could. GPGPU-Sim keeps only the low
 * 15-19 bits above the index; this takes all of them (the same set below
 * 2^26 bytes for 32 sets of 128-byte lines). */
SIM_INLINE uint32_t cache_ipoly(uint64_t block, uint32_t bits)
{
    if (!bits)
        return 0;
    uint64_t poly = cache_ipoly_poly(bits);
    for (uint32_t b = 63; b >= bits; b--)
        if (block >> b & 1)
            block ^= poly << (b - bits);
    return (uint32_t)block;
}

/* IPOLY as the linear map over GF(2) it is: bit i of the remainder is the
 * parity of block & mask[i], where bit b of mask[i] is bit i of x^b mod the
 * polynomial. A cache works its masks out once (cache_init) rather than
 * dividing every access's block number bit by bit (8% of a timed bfs run's
 * host instructions). bits: 1 to CACHE_IPOLY_MAX_BITS. */
#define CACHE_IPOLY_MAX_BITS 16u
SIM_FN void cache_ipoly_masks(uint32_t bits, uint64_t *mask)
{
    uint32_t poly = cache_ipoly_poly(bits), r = 1;
    for (uint32_t i = 0; i < bits; i++)
        mask[i] = 0;
    for (uint32_t b = 0; b < 64; b++) {
        for (uint32_t i = 0; i < bits; i++)
            mask[i] |= (uint64_t)(r >> i & 1u) << b;
        r <<= 1;
        if (r >> bits & 1u)
            r ^= poly;
    }
}

/* Nugteren et al. (HPCA 2014), Fermi's L1: bits 7-11 XOR bits 13, 14, 15, 17
 * and 19, and bit 12 on top for 64 sets; 32 or 64 sets only (the parser says so). */
SIM_INLINE uint32_t cache_fermi_hash(uint64_t addr, uint32_t sets, uint32_t line_log2)
{
    uint32_t lower = (uint32_t)(addr >> line_log2) & 0x1f;
    uint32_t upper = (uint32_t)((addr & 0xe000) >> 13 | (addr & 0x20000) >> 14 | (addr & 0x80000) >> 15);
    uint32_t set = lower ^ upper;
    if (sets == 64)
        set |= (uint32_t)(addr & 0x1000) >> 7;
    return set;
}

/* n (a power of two) slots of 2^unit_log2 bytes each: which one addr falls in. */
SIM_INLINE uint32_t cache_hash(uint64_t addr, uint32_t n, uint32_t unit_log2, uint32_t fn)
{
    uint32_t n_log2 = cache_log2(n);
    uint32_t low = (uint32_t)(addr >> unit_log2) & (n - 1);
    uint64_t high = addr >> (unit_log2 + n_log2);
    switch (fn) {
    case CACHE_XOR: return low ^ ((uint32_t)high & (n - 1));
    case CACHE_IPOLY: return cache_ipoly(addr >> unit_log2, n_log2);
    case CACHE_FERMI_HASH: return cache_fermi_hash(addr, n, unit_log2);
    default: return low;
    }
}

/* The L1 bank of an access (GPGPU-Sim's l1d_cache_config::set_bank): banks
 * interleaved every bank_bytes, hashed by -gpgpu_l1_banks_hashing_function
 * (0 linear, 1 XOR, 2 IPOLY, 3 Fermi: GPGPU-Sim's set_index_function order,
 * which enum cache_index keeps). */
SIM_INLINE uint32_t cache_bank_of(const cache_params_t *P, uint64_t addr)
{
    if (P->banks <= 1)
        return 0;
    return cache_hash(addr, P->banks, cache_log2(P->bank_bytes), P->bank_index);
}

#endif
