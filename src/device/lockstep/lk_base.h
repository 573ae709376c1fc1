/* The lockstep engines' common ground (arm/fast/arm_lockstep.c,
 * x86/fast/x86_lockstep.c): slots, sets of them, masked selects, and the
 * state every engine keeps beside its ISA's registers. Included once by
 * each engine's translation unit, before its slots (lk_slots.h) and the
 * group machinery (lk_groups.h). Host only.
 *
 * A chunk's cores are lanes; each keeps its whole context while the chunk
 * runs, but its registers live in a slot, structure-of-arrays (a row a
 * register, a column a slot), where the records a group shares read them
 * side by side. A lane keeps its slot; a group is a set of live slots (a
 * bit each, and a mask a slot in gm). */
#include "lockstep.h"
#include "../sim_mem.h"
#include "../sim_soa.h"

#define NL LOCKSTEP_LANES

/* Each slot s of the set g (a bit a slot), lowest first. */
#define FOR_SLOTS(s, g)                                                        \
    for (uint32_t s##_m = (g), s = 0; s##_m && (s = (uint32_t)__builtin_ctz(s##_m), 1); s##_m &= s##_m - 1u)

/* x where the mask m (all ones or none) is set, else y: vector code in
 * the lane loops. */
static inline uint32_t lk_sel(uint32_t m, uint32_t x, uint32_t y)
{
    return (x & m) | (y & ~m);
}

/* The fields of an engine's state (lockstep_t) that are not its ISA's
 * registers: by slot, then by lane (ctx_t: the ISA's context). */
#define LK_STATE(ctx_t)                                                                                        \
    uint32_t gm[NL] __attribute__((aligned(64))); /* the group as a mask a slot: all ones or none */           \
    uint32_t PC[NL];                                                                                           \
    uint8_t *W[NL];    /* the first byte of the lane's window (its word 0: lk_host) */                          \
    uint64_t done[NL]; /* instructions run, before the current group's */                                       \
    uint64_t left[NL]; /* budget still to run, likewise */                                                      \
    uint8_t lane[NL];                                                                                          \
    uint32_t live;    /* the slots still running in this call, a bit each */                                   \
    uint64_t rest_lo; /* the lowest key of the live slots outside the group (group_form) */                    \
    /* the layout (sim_mem.h): words a window's word is from the next (stride_word: 1, or ncores             \
     * interleaved), that in bytes, and, when interleaved with slot s the lane of core core[0] + s for        \
     * all NL slots, slot 0's word 0 (slot s's word w at dense[w * sw + s]); NULL otherwise */                 \
    uint64_t sw, swb;                                                                                          \
    uint32_t *dense;                                                                                           \
    /* by lane */                                                                                              \
    ctx_t ctx[NL];                                                                                             \
    sim_mem_t mem[NL]; /* each lane's view (sim_mem_for_core) */                                               \
    uint32_t core[NL];                                                                                         \
    uint64_t start[NL]; /* icount at entry */                                                                  \
    uint64_t ran[NL];   /* instructions run, once the lane has left */

/* The host byte of offset po of slot s's window, on either layout: on the
 * interleaved one only for an access that stays in po's word. */
#define lk_host(S, s, po) ((S)->W[s] + (uint64_t)((po) >> 2) * (S)->swb + ((po) & 3u))
