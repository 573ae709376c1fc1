/* The NEON classes of the picker (neon: A32, tneon: T32): which decoded
 * rows of arm_neon_enc.def can be compared, and the state a block starts
 * from: the VFP classes' FPSCR and D0-D31 (risu_pick_vfp.c: floats rich in
 * edges, which NEON's float rows see under the standard FPSCR value
 * whatever the random FPSCR says), with about half the registers then
 * refilled lane by lane with the integer edges where saturating, rounding
 * and halving forms part ways: 0, +-1, the signed and unsigned limits and
 * their neighbours, at a random lane size. The loads' and stores' bases
 * are risu_pick_neon_mem.c's. */
#include "risu.h"

/* An edge value of a lane of 8 << esz bits. */
static uint64_t risu_lane_edge(uint64_t *rng, uint32_t esz)
{
    uint32_t bits = 8u << esz;
    uint64_t all = bits == 64u ? ~0ull : (1ull << bits) - 1u, smin = 1ull << (bits - 1u);
    switch (risu_r32(rng) % 10u) {
    case 0: return 0u;
    case 1: return 1u;
    case 2: return all;                  /* -1, the unsigned maximum */
    case 3: return smin;                 /* the signed minimum */
    case 4: return smin - 1u;            /* the signed maximum */
    case 5: return smin + 1u;
    case 6: return all - 1u;
    case 7: return risu_r32(rng) % 17u;  /* a small shift count or value */
    default: return risu_rand(rng) & all;
    }
}

static void risu_neon_inputs(risu_case_t *c, uint64_t *rng)
{
    risu_vfp_inputs(c, rng);
    for (uint32_t d = 0; d < 32; d++) {
        if (risu_r32(rng) & 1u)
            continue;
        uint32_t esz = risu_r32(rng) % 4u, lanes = 8u >> esz;
        uint64_t v = 0;
        for (uint32_t i = 0; i < lanes; i++)
            v |= risu_lane_edge(rng, esz) << (i * (8u << esz) % 64u);
        c->s[2u * d] = (uint32_t)v;
        c->s[2u * d + 1u] = (uint32_t)(v >> 32);
    }
}

int risu_neon_ok(risu_case_t *c, uint64_t *rng)
{
    if (arm_op_has(c->in.op, ARM_P_LOAD | ARM_P_STORE)) {
        c->rel |= RISU_REL_MEM;
        if (!risu_neon_mem_ok(c, rng))
            return 0;
    }
    risu_neon_inputs(c, rng);
    return 1;
}
