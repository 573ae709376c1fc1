/* The control instructions: FLDCW, FNSTCW, FNSTSW, FNCLEX, FNINIT, and
 * FLDENV, FNSTENV, FRSTOR, FNSAVE in the 32-bit layout (28 bytes of
 * environment) and, under an 0x66 prefix, the 16-bit one (14 bytes), the
 * registers after it in stack order, 10 bytes each. The instruction and
 * data pointers are the last non-control instruction's address and memory
 * operand; the selectors beside them read 0, as on CPUs that deprecate
 * FCS and FDS. */
#ifndef X86_X87_ENV_H
#define X86_X87_ENV_H

#include "x86_x87_mem.h"

/* FNINIT: cw 0x037f, sw 0, all empty; the registers keep their contents. */
SIM_FN void x87_fninit(x87_state_t *f)
{
    f->cw = FP80_CW_DEFAULT;
    f->sw = 0;
    f->tw = 0xffff;
    f->fip = f->fdp = f->fop = 0;
}

/* A control word as loaded: bits 15..13 read 0, bit 6 reads 1 (measured). */
SIM_INLINE uint32_t x87_cw_bits(uint32_t v) { return (v & 0x1f3fu) | 0x40u; }

/* The environment's seven fields in order: cw sw tw fip fcs|fop fdp fds. */
SIM_FN void x87_env_fields(const x87_state_t *f, uint32_t v[7], uint32_t opsize16)
{
    uint32_t pad = opsize16 ? 0u : 0xffff0000u;
    v[0] = f->cw | pad;
    v[1] = f->sw | pad;
    v[2] = x87_full_tags(f) | pad;
    v[3] = f->fip;
    v[4] = opsize16 ? 0u : f->fop << 16;
    v[5] = f->fdp;
    v[6] = pad;
}

/* The size of the environment in the layout: 14 or 28 bytes. */
SIM_INLINE uint32_t x87_env_size(uint32_t opsize16) { return opsize16 ? 14u : 28u; }

SIM_FN void x87_put_env(const x87_state_t *f, const x87_mem_t *x, uint32_t opsize16)
{
    uint32_t v[7], n = opsize16 ? 2u : 4u;
    x87_env_fields(f, v, opsize16);
    for (uint32_t k = 0; k < 7; k++)
        x87_mst(x, k * n, n, v[k]);
}

/* FNSTENV, FNSAVE: checked, stored; FNSTENV then masks every exception,
 * FNSAVE re-initialises. */
SIM_FN uint32_t x87_save(x87_state_t *f, const x87_mem_t *x, uint32_t opsize16, int full)
{
    uint32_t base = x87_env_size(opsize16);
    if (x87_check(x, base + (full ? 80u : 0u)))
        return X87_FAULT_WRITE;
    x87_put_env(f, x, opsize16);
    if (!full) {
        f->cw |= X87_EXC;
        x87_update_es(f);
        return X87_OK;
    }
    for (uint32_t i = 0; i < 8; i++)
        x87_mst80(x, base + 10u * i, x87_st(f, i));
    x87_fninit(f);
    return X87_OK;
}

/* FLDENV, FRSTOR: everything read before anything changes. */
SIM_FN uint32_t x87_restore(x87_state_t *f, const x87_mem_t *x, uint32_t opsize16, int full)
{
    uint32_t n = opsize16 ? 2u : 4u, base = x87_env_size(opsize16);
    uint64_t v[7];
    fp80_t regs[8];
    for (uint32_t k = 0; k < 7; k++)
        if (x87_mld(x, k * n, n, &v[k]))
            return X87_FAULT_READ;
    for (uint32_t i = 0; full && i < 8; i++)
        if (x87_mld80(x, base + 10u * i, &regs[i]))
            return X87_FAULT_READ;
    f->cw = x87_cw_bits((uint32_t)v[0]);
    f->sw = (uint32_t)v[1] & 0xffffu;
    f->fip = (uint32_t)v[3];
    f->fop = opsize16 ? 0u : (uint32_t)(v[4] >> 16) & 0x7ffu;
    f->fdp = (uint32_t)v[5];
    for (uint32_t i = 0; full && i < 8; i++)
        x87_write_reg(f, x87_phys(f, i), regs[i]);
    /* only "empty or not" is taken from the tag word */
    uint32_t tw = (uint32_t)v[2];
    f->tw = 0;
    for (uint32_t r = 0; r < 8; r++)
        x87_set_tag(f, r, ((tw >> (2u * r)) & 3u) == X87_TAG_EMPTY ? X87_TAG_EMPTY : x87_tag_of(x87_reg(f, r)));
    x87_update_es(f);
    return X87_OK;
}

/* The memory forms D9 /4 ../7, DD /4 /6 /7. */
SIM_FN uint32_t x87_env_mem(x87_state_t *f, const x87_mem_t *x, uint32_t op, uint32_t reg, uint32_t opsize16)
{
    uint64_t v;
    switch (reg) {
    case 4: return x87_restore(f, x, opsize16, op == 0xdd);
    case 6: return x87_save(f, x, opsize16, op == 0xdd);
    case 5: /* FLDCW */
        if (x87_mld(x, 0, 2, &v))
            return X87_FAULT_READ;
        f->cw = x87_cw_bits((uint32_t)v);
        x87_update_es(f);
        return X87_OK;
    default: /* FNSTCW, FNSTSW */
        if (x87_check(x, 2))
            return X87_FAULT_WRITE;
        x87_mst(x, 0, 2, op == 0xd9 ? f->cw : f->sw);
        return X87_OK;
    }
}

#endif
