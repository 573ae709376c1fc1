/* The flags a block's record shows: those the Intel SDM defines after the
 * instruction (vol. 2 and appendix A's EFLAGS table), DF always. Where the
 * SDM says "undefined" qemu and warpsim may differ legitimately, so the
 * record masks the flag:
 *   AND OR XOR TEST           AF
 *   shifts SHL SHR SAR SAL    AF; OF unless the masked count is 1; CF of
 *                             SHL/SHR when the count reaches the width
 *   rotates ROL ROR RCL RCR   OF unless the masked count is 1
 *   SHLD SHRD                 AF; OF unless the count is 1
 *   MUL IMUL (every form)     SF ZF AF PF
 *   DIV IDIV                  all six
 *   BT BTS BTR BTC            OF SF AF PF
 *   BSF BSR                   all but ZF
 *   DAA DAS                   OF;  AAA AAS: OF SF ZF PF;  AAM AAD: OF AF CF
 * A count of zero leaves every flag as it was (all shown).
 * FCOMI, FUCOMI and their popping forms clear OF SF AF by the SDM; qemu
 * leaves them, so only ZF PF CF are compared there. */
#include "risu_x86.h"

static uint32_t risu_x86_count(const risu_x86_case_t *c)
{
    uint32_t op = c->in.op;
    int cl = op == X86_OP_SHIFT_RC || op == X86_OP_SHIFT_MC || op == X86_OP_SHXD_RC || op == X86_OP_SHXD_MC;
    return (cl ? c->regs[1] : c->in.imm) & 31u;
}

static uint32_t risu_x86_shift_flags(const risu_x86_case_t *c)
{
    uint32_t n = risu_x86_count(c), kind = c->in.aux, bits = 8u << x86_w(&c->in);
    uint32_t m = RISU_ARITH;
    if (n == 0)
        return m;
    if (n != 1)
        m &= ~RISU_OF;
    if (kind >= 4u) {
        m &= ~RISU_AF;
        if (kind != 7u && n >= bits)
            m &= ~RISU_CF;
    }
    return m;
}

static uint32_t risu_x86_bcd_flags(uint32_t kind)
{
    if (kind <= 1u)
        return RISU_ARITH & ~RISU_OF;
    if (kind <= 3u)
        return RISU_AF | RISU_CF;
    return RISU_SF | RISU_ZF | RISU_PF;
}

static uint32_t risu_x86_arith_mask(const risu_x86_case_t *c)
{
    const x86_insn_t *in = &c->in;
    uint32_t op = in->op;
    if (op <= X86_OP_CMP_MI) {
        uint32_t kind = (op - X86_OP_ADD_RR) / 5u; /* ADD OR ADC SBB AND SUB XOR CMP */
        return kind == 1u || kind == 4u || kind == 6u ? RISU_ARITH & ~RISU_AF : RISU_ARITH;
    }
    switch (op) {
    case X86_OP_TEST_RR: case X86_OP_TEST_MR: case X86_OP_TEST_RI: case X86_OP_TEST_MI:
        return RISU_ARITH & ~RISU_AF;
    case X86_OP_SHIFT_RI: case X86_OP_SHIFT_RC: case X86_OP_SHIFT_MI: case X86_OP_SHIFT_MC:
        return risu_x86_shift_flags(c);
    case X86_OP_SHXD_RI: case X86_OP_SHXD_RC: case X86_OP_SHXD_MI: case X86_OP_SHXD_MC:
        return risu_x86_count(c) == 0 ? RISU_ARITH
                                      : RISU_ARITH & ~RISU_AF & ~(risu_x86_count(c) == 1 ? 0u : RISU_OF);
    case X86_OP_MULDIV_R: case X86_OP_MULDIV_M:
        return in->aux >= 6u ? 0u : RISU_CF | RISU_OF;
    case X86_OP_IMUL_RRI: case X86_OP_IMUL_RMI: case X86_OP_IMUL_RR: case X86_OP_IMUL_RM:
        return RISU_CF | RISU_OF;
    case X86_OP_BT_RR: case X86_OP_BT_RI: case X86_OP_BT_MR: case X86_OP_BT_MI:
        return RISU_CF | RISU_ZF;
    case X86_OP_BSX_RR: case X86_OP_BSX_RM:
        return RISU_ZF;
    case X86_OP_BCD:
        return risu_x86_bcd_flags(in->aux);
    case X86_OP_X87: /* DB/DF E8..F7: the FCOMI family */
        if ((in->reg == 3u || in->reg == 7u) && in->aux >= 0xe8u && in->aux <= 0xf7u)
            return RISU_ZF | RISU_PF | RISU_CF;
        return RISU_ARITH;
    }
    return RISU_ARITH;
}

uint32_t risu_x86_defined_flags(const risu_x86_case_t *c) { return risu_x86_arith_mask(c) | RISU_DF; }
