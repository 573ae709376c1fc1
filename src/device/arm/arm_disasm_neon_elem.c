/* Disassembly of the elem family's NEON rows (format NEON_ELEM), GNU
 * objdump's way. Host code, called by arm_disasm. */
#include <stdio.h>

#include "arm_insn.h"
#include "arm_neon.h"
#include "arm_exec_neon_elem.h"

static const char *const ne_core[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                        "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc"};

/* D register d, or the Q register it starts when q */
static const char *ne_reg(char *s, uint32_t d, uint32_t q)
{
    snprintf(s, 8, q ? "q%u" : "d%u", q ? d / 2u : d);
    return s;
}

/* The list of a load or store: count registers from rd, inc apart, each
 * with suffix ("", "[x]", "[]"); a run of more than one shown as a range
 * where the registers are consecutive and the lanes not one lane. */
static void ne_list(char *s, size_t n, uint32_t d, uint32_t count, uint32_t inc, const char *sfx, int range)
{
    if (count > 1u && inc == 1u && range) {
        snprintf(s, n, "{d%u%s-d%u%s}", d, sfx, d + count - 1u, sfx);
        return;
    }
    size_t k = (size_t)snprintf(s, n, "{");
    for (uint32_t i = 0; i < count && k < n; i++)
        k += (size_t)snprintf(s + k, n - k, "%sd%u%s", i ? "," : "", d + i * inc, sfx);
    if (k < n)
        snprintf(s + k, n - k, "}");
}

static int ne_ldst(const arm_insn_t *in, const char *mn, char *buf, size_t n)
{
    uint32_t op = in->op, regs = ARM_NEON_LS_REGS(in->imm), inc = ARM_NEON_LS_INC(in->imm);
    uint32_t align = ARM_NEON_LS_ALIGN(in->imm) + 1u, cnt = (uint32_t)(mn[3] - '0');
    char list[64], sfx[8] = "", addr[32], post[8] = "";
    int range = 1;
    if (op == ARM_OP_VLD1_M || op == ARM_OP_VLD2_M || op == ARM_OP_VLD3_M || op == ARM_OP_VLD4_M ||
        op == ARM_OP_VST1_M || op == ARM_OP_VST2_M || op == ARM_OP_VST3_M || op == ARM_OP_VST4_M) {
        if (cnt == 2u && regs == 2u) /* VLD2 of four registers: a range */
            inc = 1u;
        cnt *= regs;
    } else if (op == ARM_OP_VLD1_A || op == ARM_OP_VLD2_A || op == ARM_OP_VLD3_A || op == ARM_OP_VLD4_A) {
        snprintf(sfx, sizeof sfx, "[]");
        if (cnt == 1u)
            cnt = regs;
    } else {
        snprintf(sfx, sizeof sfx, "[%u]", ARM_NEON_LS_INDEX(in->imm));
        range = 0;
    }
    ne_list(list, sizeof list, in->rd, cnt, inc, sfx, range);
    if (align > 1u)
        snprintf(addr, sizeof addr, "[%s :%u]", ne_core[in->rn & 15u], 8u * align);
    else
        snprintf(addr, sizeof addr, "[%s]", ne_core[in->rn & 15u]);
    if (in->rm == 13u)
        snprintf(post, sizeof post, "!");
    else if (in->rm != 15u)
        snprintf(post, sizeof post, ", %s", ne_core[in->rm & 15u]);
    return snprintf(buf, n, "%s.%u\t%s, %s%s", mn, 8u << in->shift, list, addr, post);
}

int arm_disasm_neon_elem(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n)
{
    uint32_t q = (in->amount & ARM_NEON_Q) != 0, u = (in->amount & ARM_NEON_U) != 0, bits = 8u << in->shift;
    char a[8], b[8], m[8], dt[16];
    const char *zero = "";
    ne_reg(a, in->rd, q);
    ne_reg(m, in->rm, q);
    switch (in->op) {
    case ARM_OP_VREV64: case ARM_OP_VREV32: case ARM_OP_VREV16: case ARM_OP_VCNT:
    case ARM_OP_VTRN: case ARM_OP_VUZP: case ARM_OP_VZIP:
        snprintf(dt, sizeof dt, ".%u", bits);
        break;
    case ARM_OP_VPADDL: case ARM_OP_VPADAL:
        snprintf(dt, sizeof dt, ".%c%u", u ? 'u' : 's', bits);
        break;
    case ARM_OP_VCLZ:
        snprintf(dt, sizeof dt, ".i%u", bits);
        break;
    case ARM_OP_VCEQ0:
        snprintf(dt, sizeof dt, ".i%u", bits);
        zero = ", #0";
        break;
    case ARM_OP_VCGT0: case ARM_OP_VCGE0: case ARM_OP_VCLE0: case ARM_OP_VCLT0:
        zero = ", #0";
        /* fall through */
    case ARM_OP_VCLS: case ARM_OP_VQABS: case ARM_OP_VQNEG: case ARM_OP_VABS_I: case ARM_OP_VNEG_I:
        snprintf(dt, sizeof dt, ".s%u", bits);
        break;
    case ARM_OP_VCGT0_F: case ARM_OP_VCGE0_F: case ARM_OP_VCEQ0_F: case ARM_OP_VCLE0_F: case ARM_OP_VCLT0_F:
        zero = ", #0";
        /* fall through */
    case ARM_OP_VABS_F: case ARM_OP_VNEG_F:
        snprintf(dt, sizeof dt, ".f32");
        break;
    case ARM_OP_VRECPE: case ARM_OP_VRSQRTE:
        snprintf(dt, sizeof dt, u ? ".f32" : ".u32");
        break;
    case ARM_OP_VCVT_NFI: {
        static const char *const cvt[4] = {".f32.s32", ".f32.u32", ".s32.f32", ".u32.f32"};
        snprintf(dt, sizeof dt, "%s", cvt[in->imm & 3u]);
        break;
    }
    case ARM_OP_VMVN_R: case ARM_OP_VSWP:
        dt[0] = '\0';
        break;
    case ARM_OP_VMOVN: case ARM_OP_VQMOVUN: case ARM_OP_VQMOVN:
        snprintf(dt, sizeof dt, ".%c%u", in->op == ARM_OP_VMOVN ? 'i' : in->op == ARM_OP_VQMOVN && u ? 'u' : 's',
                 2u * bits);
        return snprintf(buf, n, "%s%s\t%s, %s", mn, dt, ne_reg(a, in->rd, 0), ne_reg(m, in->rm, 1));
    case ARM_OP_VSHLL_MAX:
        return snprintf(buf, n, "%s.i%u\t%s, %s, #%u", mn, bits, ne_reg(a, in->rd, 1), ne_reg(m, in->rm, 0), bits);
    case ARM_OP_VCVT_FH:
        return snprintf(buf, n, "%s.f16.f32\t%s, %s", mn, ne_reg(a, in->rd, 0), ne_reg(m, in->rm, 1));
    case ARM_OP_VCVT_HF:
        return snprintf(buf, n, "%s.f32.f16\t%s, %s", mn, ne_reg(a, in->rd, 1), ne_reg(m, in->rm, 0));
    case ARM_OP_VEXT:
        return snprintf(buf, n, "%s.8\t%s, %s, %s, #%u", mn, a, ne_reg(b, in->rn, q), m, in->imm);
    case ARM_OP_VTBL: case ARM_OP_VTBX: {
        char list[24];
        ne_list(list, sizeof list, in->rn, in->imm + 1u, 1, "", 1);
        return snprintf(buf, n, "%s.8\t%s, %s, %s", mn, ne_reg(a, in->rd, 0), list, ne_reg(m, in->rm, 0));
    }
    case ARM_OP_VDUP_S:
        return snprintf(buf, n, "%s.%u\t%s, d%u[%u]", mn, bits, a, in->rm, in->imm);
    case ARM_OP_VDUP_R:
        return snprintf(buf, n, "%s%s.%u\t%s, %s", mn, cc, bits, m, ne_core[in->rd & 15u]);
    case ARM_OP_VMOV_SRX:
        return snprintf(buf, n, "%s%s.%u\td%u[%u], %s", mn, cc, bits, in->rm, in->imm, ne_core[in->rd & 15u]);
    case ARM_OP_VMOV_RSX:
        return snprintf(buf, n, "%s%s.%c%u\t%s, d%u[%u]", mn, cc, u ? 'u' : 's', bits, ne_core[in->rd & 15u], in->rm,
                        in->imm);
    default:
        return ne_ldst(in, mn, buf, n);
    }
    return snprintf(buf, n, "%s%s\t%s, %s%s", mn, dt, a, m, zero);
}
