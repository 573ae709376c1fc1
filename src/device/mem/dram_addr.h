/* An address's place in the DRAM: channel, bank, row, column, burst, as
 * GPGPU-Sim's addrdec.cc decodes -gpgpu_mem_addr_mapping (each field is its
 * address bits gathered from low to high), then the bank and bank group
 * under -dram_bnk_indexing_policy and -dram_bnkgrp_indexing_policy. The
 * channel is the consecutive one; mem_route moves it by the partition hash
 * (-gpgpu_memory_partition_indexing, mem_hash.h). */
#ifndef DRAM_ADDR_H
#define DRAM_ADDR_H

#include "device/mem/dram_params.h"

typedef struct dram_addr {
    uint32_t chip, bank, row, col, burst;
    uint32_t sub;               /* sub-partition: chip x sub-partitions + the bank's low bits */
} dram_addr_t;

/* v's bits under mask, packed from bit 0 up (addrdec_packbits). */
/* A run of the mask's set bits at a time (a field is a few runs): the
 * memory phase decodes every request's address. */
SIM_INLINE uint64_t dram_gather(uint64_t mask, uint64_t v)
{
    uint64_t r = 0;
    uint32_t k = 0;
    while (mask) {
        uint32_t lo = sim_ctz64(mask);
        uint64_t rest = ~(mask >> lo);
        uint32_t len = rest ? sim_ctz64(rest) : 64 - lo;
        uint64_t ones = len == 64 ? ~0ull : (1ull << len) - 1;
        r |= (v >> lo & ones) << k;
        k += len;
        mask &= ~(ones << lo);
    }
    return r;
}

SIM_FN void dram_decode(const dram_map_t *m, uint64_t addr, dram_addr_t *a)
{
    uint64_t rest = addr;
    if (m->gap) {
        /* a channel count not a power of two: the bits above N, modulo the
         * channels, pick the channel; the quotient takes their place */
        uint32_t s = (uint32_t)m->chip_start;
        uint64_t high = addr >> s;
        a->chip = (uint32_t)(high % m->n_chan);
        rest = (high / m->n_chan) << s | (addr & ((1ull << s) - 1));
    } else {
        a->chip = (uint32_t)dram_gather(m->mask[DRAM_F_CHIP], addr);
    }
    a->bank = (uint32_t)dram_gather(m->mask[DRAM_F_BANK], rest);
    a->row = (uint32_t)dram_gather(m->mask[DRAM_F_ROW], rest);
    a->col = (uint32_t)dram_gather(m->mask[DRAM_F_COL], rest);
    a->burst = (uint32_t)dram_gather(m->mask[DRAM_F_BURST], rest);
    uint32_t subs = m->sub_parts ? m->sub_parts : 1;
    a->sub = a->chip * subs + (a->bank & (subs - 1));
}

/* IPOLY's parity masks over the row, one per bank bit, for 16, 32 and 64
 * banks: the H-matrices of the irreducible polynomials GPGPU-Sim uses
 * (hashing.cc, after Rau, "Pseudo-randomly interleaved memory", ISCA 1991;
 * degrees 4, 5, 6: IPOLY(5), (37), (67)). Bit 0 of bank 16's is rows bits
 * 11,10,9,8,6,4,3,0, and so on. */
SIM_INLINE uint64_t dram_ipoly_mask(uint32_t nbk, uint32_t bit)
{
    const uint64_t m16[4] = {0x00f59u, 0x011ebu, 0x003d6u, 0x007acu};
    const uint64_t m32[5] = {0x03e69u, 0x07cd2u, 0x047cdu, 0x00f9au, 0x01f34u};
    const uint64_t m64[6] = {0x79461u, 0x0bca3u, 0x17946u, 0x2f28cu, 0x5e518u, 0x3ca30u};
    return nbk == 16 ? m16[bit] : nbk == 32 ? m32[bit] : m64[bit];
}

/* The bank a request goes to: the address's bank bits, or those XORed with
 * the row's low bits (spreading rows of one bank over all), or IPOLY. */
SIM_FN uint32_t dram_bank_of(const dram_params_t *P, const dram_addr_t *a)
{
    uint32_t nbk = P->t.nbk;
    switch (P->bank_index) {
    case DRAM_BANK_XOR: return (a->bank ^ a->row) & (nbk - 1);
    case DRAM_BANK_IPOLY: {
        uint32_t b = a->bank;
        for (uint32_t i = 0; (1u << i) < nbk; i++)
            b ^= sim_parity64(a->row & dram_ipoly_mask(nbk, i)) << i;
        return b & (nbk - 1);
    }
    default: return a->bank % nbk;
    }
}

/* A bank's group: its high bits, or its low bits (consecutive banks in
 * different groups, so a stream alternates groups and pays tCCD, not tCCDL). */
SIM_INLINE uint32_t dram_group_of(const dram_params_t *P, uint32_t bank)
{
    return P->bankgrp_index == DRAM_BANKGRP_LOW ? bank & (P->t.nbkgrp - 1) : bank >> P->bk_tag_bits;
}

#endif
