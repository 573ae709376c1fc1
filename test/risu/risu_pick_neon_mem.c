/* The NEON element and structure loads and stores in the risu classes
 * neon and tneon: whether a decoded one is comparable, and its base (and
 * index) registers pointed at the scratch buffer (risu.h:
 * risu_neon_mem_ok).
 *
 * The decoder has refused Rn = pc and the register lists past D31. Here:
 * no sp as the base (the harness's pointer); the base points at a 32-byte
 * aligned place of the buffer (the widest alignment hint, :256), and at
 * most 32 bytes are moved, which stay inside. The index register Rm (not
 * 13 or 15: those say "write back by the bytes moved" and "no write-back")
 * only adds to the base after the access: any value will do, but not the
 * base itself (Rn + Rn would be an address, the same in both but a poor
 * test), so it must name another register. */
#include "risu.h"

int risu_neon_mem_ok(risu_case_t *c, uint64_t *rng)
{
    const arm_insn_t *in = &c->in;
    if (in->rn == 13u || in->rn == 15u)
        return 0;
    if (in->rm != 13u && in->rm != 15u && in->rm == in->rn)
        return 0;
    uint32_t ea = 512u + 32u * (risu_r32(rng) % ((RISU_SCRATCH_BYTES - 1024u) / 32u));
    uint32_t k = in->rn == 14u ? 13u : in->rn;
    c->regs[k] = ea;
    c->rel |= 1u << k | RISU_REL_MEM;
    return 1;
}
