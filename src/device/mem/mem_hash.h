/* -gpgpu_memory_partition_indexing: the memory channel, and the L2 slice in
 * it, an address goes to (GPGPU-Sim's addrdec.cc addrdec_tlx and
 * hashing.cc). The DRAM map makes the consecutive choice (dram_decode);
 * under dramid@8 a stride of channels x 256 bytes then meets one channel
 * every time. A hash moves the choice by an offset drawn from the address
 * bits above the channel's, so that such a stride spreads. Only the choice
 * moves: the row, bank and column in the channel and the set in the slice
 * come from the un-hashed decode and partition address, as in GPGPU-Sim.
 *
 * For one partition address (the address without its channel bits, which
 * the slice's tags hold) the hash is a permutation of the channels (of the
 * sub-partitions under IPOLY), so the partition address and the channel
 * name the address again: mem_unroute finds a dirty line's DRAM address
 * that way, and no two addresses meet as one in a slice. The offset depends on the partition address only (the
 * high bits hi = pa >> shift: GPGPU-Sim's rest_of_addr_high_bits), so the
 * permutation can be undone.
 *
 * For a power of two the index is XORed with the offset, as GPGPU-Sim
 * does. For another count GPGPU-Sim XORs over the next power of two and
 * takes the result modulo the count (its IPOLY with a channel gap; by its
 * name, "IPOLY_Modulo for non-2^k partition count", the newer H100
 * config's 6 too, whose code was not among the sources read), which sends
 * two indices of one partition address to one place: two addresses would
 * share an L2 line. warpsim adds the offset modulo the count instead: one
 * to one, and as even (the offset taking each value of [0, 2^k) once over
 * 2^k consecutive high bits, an index is hit once or twice, as by the
 * modulo). Bitwise XOR, which GPGPU-Sim refuses for such counts, is the
 * same addition of hi modulo the count. */
#ifndef MEM_HASH_H
#define MEM_HASH_H

#include "device/mem/dram_addr.h"

/* GPGPU-Sim's values; its 3 (PAE in its enum, "custom" in its help), 4
 * (random) and 5 (custom) have no function here (the config refuses them). */
enum {
    MEM_HASH_CONSECUTIVE = 0,
    MEM_HASH_XOR = 1,
    MEM_HASH_IPOLY = 2,
    MEM_HASH_IPOLY_MODULO = 6 /* IPOLY for any count: computed as IPOLY */
};

/* IPOLY's index bits: up to 65536 sub-partitions. */
#define MEM_HASH_MAX_BITS 16u

typedef struct mem_hash {
    uint32_t fn;                /* MEM_HASH_* */
    uint32_t unit;              /* sub-partitions an index stands for: a channel's (XOR) or 1 (IPOLY) */
    uint32_t n;                 /* indices: channels (XOR) or sub-partitions (IPOLY) */
    uint32_t shift;             /* the high bits are the partition address >> shift */
    uint32_t bits;              /* IPOLY: log2 of n rounded up to a power of two */
    uint64_t mask[MEM_HASH_MAX_BITS]; /* IPOLY: offset bit i is the parity of hi & mask[i] */
} mem_hash_t;

/* Partition address pa's offset. XOR: hi mod n (GPGPU-Sim's hi & (n - 1)).
 * IPOLY: hi(x) x^bits mod p(x) over GF(2) (Rau, "Pseudo-randomly
 * interleaved memory", ISCA 1991), a parity of hi's bits per offset bit:
 * over any 2^bits consecutive hi it takes every value once. */
SIM_INLINE uint32_t mem_hash_offset(const mem_hash_t *H, uint64_t pa)
{
    uint64_t hi = pa >> H->shift;
    if (H->fn == MEM_HASH_XOR)
        return (uint32_t)(hi % H->n);
    uint32_t h = 0;
    for (uint32_t i = 0; i < H->bits; i++)
        h |= sim_parity64(hi & H->mask[i]) << i;
    return h;
}

/* Sub-partition sub (channel x sub-partitions + slice, the consecutive
 * choice) of partition address pa, hashed; undo: the hash undone. */
SIM_FN uint32_t mem_hash(const mem_hash_t *H, uint64_t pa, uint32_t sub, int undo)
{
    if (H->fn == MEM_HASH_CONSECUTIVE)
        return sub;
    uint32_t q = sub / H->unit, h = mem_hash_offset(H, pa);
    if (H->n & (H->n - 1)) {
        h %= H->n;
        q = (q + (undo ? H->n - h : h)) % H->n;
    } else {
        q ^= h;
    }
    return q * H->unit + sub % H->unit;
}

#endif
