/* A digest of one core's private window, computed where the memory lives
 * (host or device), so CPU-vs-CUDA equivalence tests compare final memory
 * without copying every window back. FNV-1a over the words in address order,
 * independent of the interleaving. The CPU backend computes the same
 * digests in one pass over its host memory (src/host/window_hash.c). */
#ifndef SIM_HASH_H
#define SIM_HASH_H

#include "sim_mem.h"

#define SIM_HASH_BASIS 0xcbf29ce484222325ull
#define SIM_HASH_PRIME 0x100000001b3ull

/* The digest h with word w after it. */
SIM_INLINE uint64_t sim_hash_step(uint64_t h, uint32_t w) { return (h ^ w) * SIM_HASH_PRIME; }

SIM_FN uint64_t sim_priv_hash(const sim_mem_t *m, uint32_t core)
{
    uint64_t h = SIM_HASH_BASIS;
    for (uint32_t off = 0; off < m->priv_size; off += 4)
        h = sim_hash_step(h, *sim_priv_word(m, core, off));
    return h;
}

#endif
