/* The instruction caches: tags only (the instructions themselves are the
 * PTX records), set-associative with LRU replacement. Lines are the
 * config's instruction line; an instruction's address is code_base + 16 x
 * its record index (sm_state.h), so different kernels and modules hold
 * different lines (the fault seed 003 corrects in Accel-Sim). */
#ifndef SM_ICACHE_H
#define SM_ICACHE_H

#include "device/sm/sm_state.h"

/* Looks line up in a cache of sets x ways entries (tag << 1 | 1, last use):
 * 1 on a hit; on a miss the line replaces the least recently used way. */
SIM_FN int sm_icache_access(uint64_t *c, uint32_t sets, uint32_t ways, uint64_t line, uint64_t now)
{
    uint64_t *set = c + 2 * (size_t)(line % sets) * ways, tag = line << 1 | 1u;
    uint32_t victim = 0;
    for (uint32_t i = 0; i < ways; i++) {
        if (set[2 * i] == tag) {
            set[2 * i + 1] = now + 1;
            return 1;
        }
        if (set[2 * i + 1] < set[2 * victim + 1])
            victim = i;
    }
    set[2 * victim] = tag;
    set[2 * victim + 1] = now + 1;
    return 0;
}

#endif
