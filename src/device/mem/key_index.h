/* An index of items by a 64-bit key the items hold (keys[item]): an
 * open-addressed hash whose slots hold an item or KEY_NONE, probed linearly
 * from the key's home over at least twice the items, so runs stay short.
 * Deletion shifts the rest of a run back instead of leaving tombstones, so
 * the same insertions and removals leave the same slots on every backend.
 * The MSHR table finds its entries by address in one (seed 004 section
 * III-C: the streaming L1's has thousands), and every cache set its ways by
 * tag in another: the adaptive L1's sets have up to 256 ways, and a lookup
 * that compared every tag was a quarter of a timed run's time (bfs on the
 * TITAN V config). */
#ifndef MEM_KEY_INDEX_H
#define MEM_KEY_INDEX_H

#include "device/sim_port.h"

#define KEY_NONE 0xffffffffu

/* Slots for n items: a power of two, at least 2n and 2. */
SIM_INLINE uint32_t key_index_slots(uint32_t n)
{
    uint32_t s = 2;
    while (s < 2 * n)
        s <<= 1;
    return s;
}

SIM_INLINE uint32_t key_index_home(uint64_t key, uint32_t nslots)
{
    return (uint32_t)((key >> 5) * 0x9e3779b97f4a7c15ull >> 32) & (nslots - 1);
}

/* The slot holding key's item, or the empty slot where it would go. */
SIM_INLINE uint32_t key_index_slot(const uint32_t *slot, uint32_t nslots, const uint64_t *keys, uint64_t key)
{
    uint32_t i = key_index_home(key, nslots);
    while (slot[i] != KEY_NONE && keys[slot[i]] != key)
        i = (i + 1) & (nslots - 1);
    return i;
}

/* key's item, or KEY_NONE. */
SIM_INLINE uint32_t key_index_find(const uint32_t *slot, uint32_t nslots, const uint64_t *keys, uint64_t key)
{
    return slot[key_index_slot(slot, nslots, keys, key)];
}

SIM_INLINE void key_index_clear(uint32_t *slot, uint32_t nslots)
{
    for (uint32_t i = 0; i < nslots; i++)
        slot[i] = KEY_NONE;
}

/* Item k, whose key keys[k] is not in the index yet. */
SIM_INLINE void key_index_add(uint32_t *slot, uint32_t nslots, const uint64_t *keys, uint32_t k)
{
    slot[key_index_slot(slot, nslots, keys, keys[k])] = k;
}

/* Removes key's item (keys[] still holding its key), moving later items of
 * its run back so that every key stays reachable from its home. */
SIM_FN void key_index_remove(uint32_t *slot, uint32_t nslots, const uint64_t *keys, uint64_t key)
{
    uint32_t mask = nslots - 1, i = key_index_slot(slot, nslots, keys, key);
    if (slot[i] == KEY_NONE)
        return;
    for (;;) {
        slot[i] = KEY_NONE;
        uint32_t j = i;
        for (;;) {
            j = (j + 1) & mask;
            if (slot[j] == KEY_NONE)
                return;
            uint32_t home = key_index_home(keys[slot[j]], nslots);
            /* j's item may fill the hole at i unless its home lies cyclically in (i, j]. */
            int stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays)
                break;
        }
        slot[i] = slot[j];
        i = j;
    }
}

#endif
