/* Disassembly of the arith family's NEON rows (format NEON_ARITH), GNU
 * objdump's way: "vadd.i32\tq0, q1, q2", "vshr.s16\td0, d1, #3",
 * "vmov.i32\td0, #255\t@ 0x000000ff". The operand layout and the type
 * suffix are the row's lay and typ columns (arm_neon_arith_ops.def). Host
 * code, called by arm_disasm. */
#include <stdio.h>
#include <string.h>

#include "arm_insn.h"
#include "arm_exec_neon_arith.h"

enum { LAY_L3, LAY_L3SH, LAY_LL, LAY_LW, LAY_LN, LAY_LSC, LAY_LSCL, LAY_LSH, LAY_LSHN, LAY_LSHL, LAY_LMI };
enum { TYP_US, TYP_NONE, TYP_I, TYP_N, TYP_S, TYP_F, TYP_PI, TYP_HN, TYP_US2, TYP_S2, TYP_CVT, TYP_MI };

static int neon_shape(uint32_t op, int *lay, int *typ)
{
    switch (op) {
#define NEON_SHAPE(name, unit, mn, body, kind, l, t)                                                         \
    case ARM_OP_##name:                                                                                        \
        *lay = LAY_##l;                                                                                        \
        *typ = TYP_##t;                                                                                        \
        return 1;
        ARM_NEON_ARITH_LIST(NEON_SHAPE)
#undef NEON_SHAPE
    default:
        return 0;
    }
}

/* "d5", or "q2" for a Q operand */
static const char *nreg(char *b, uint32_t d, uint32_t q)
{
    snprintf(b, 8, q ? "q%u" : "d%u", q ? d >> 1 : d);
    return b;
}

/* The immediate of VMOV/VMVN/VORR/VBIC: its type and objdump's text. */
static void neon_dis_imm(const arm_insn_t *in, char *ty, char *val, size_t n)
{
    uint32_t cmode = in->amount >> 4, op = (in->amount & ARM_NEON_OP1) != 0u, imm = in->imm;
    if (cmode == 15u) {
        union { uint32_t u; float f; } v = {imm};
        strcpy(ty, "f32");
        snprintf(val, n, "#%.7g\t@ 0x%08x", (double)v.f, imm);
    } else if (cmode == 14u && op) {
        uint64_t x = arm_neon_imm64(in);
        strcpy(ty, "i64");
        snprintf(val, n, "#0x%016llx", (unsigned long long)x);
    } else if (cmode == 14u) {
        strcpy(ty, "i8");
        snprintf(val, n, "#%u\t@ 0x%02x", imm & 0xffu, imm & 0xffu);
    } else if ((cmode >> 2) == 2u) {
        strcpy(ty, "i16");
        snprintf(val, n, "#%u\t@ 0x%04x", imm & 0xffffu, imm & 0xffffu);
    } else {
        strcpy(ty, "i32");
        snprintf(val, n, "#%d\t@ 0x%08x", (int32_t)imm, imm);
    }
}

static const char *neon_left_hex(const arm_insn_t *in, char *b, size_t n)
{
    uint32_t left = in->op == ARM_OP_N_VSHL_I || in->op == ARM_OP_N_VSLI || in->op == ARM_OP_N_VQSHL_I ||
                    in->op == ARM_OP_N_VQSHLU;
    b[0] = 0;
    if (left && in->imm > 32u)
        snprintf(b, n, "\t@ 0x%x", in->imm);
    return b;
}

int arm_disasm_neon_arith(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n)
{
    int lay, typ;
    char a[8], b[8], m[8], ty[16], val[48];
    uint32_t q = (in->amount & ARM_NEON_Q) != 0u, u = (in->amount & ARM_NEON_U) != 0u;
    uint32_t bits = 8u << in->shift;
    if (!neon_shape(in->op, &lay, &typ))
        return snprintf(buf, n, "%s%s", mn, cc);
    ty[0] = 0;
    switch (typ) {
    case TYP_US: snprintf(ty, sizeof ty, "%c%u", (in->amount & ARM_NEON_POLY) ? 'p' : u ? 'u' : 's', bits); break;
    case TYP_I: snprintf(ty, sizeof ty, "i%u", bits); break;
    case TYP_N: snprintf(ty, sizeof ty, "%u", bits); break;
    case TYP_S: snprintf(ty, sizeof ty, "s%u", bits); break;
    case TYP_F: strcpy(ty, "f32"); break;
    case TYP_PI: snprintf(ty, sizeof ty, "%c%u", u ? 'p' : 'i', bits); break;
    case TYP_HN: snprintf(ty, sizeof ty, "i%u", 2u * bits); break;
    case TYP_US2: snprintf(ty, sizeof ty, "%c%u", u ? 'u' : 's', 2u * bits); break;
    case TYP_S2: snprintf(ty, sizeof ty, "s%u", 2u * bits); break;
    case TYP_CVT:
        snprintf(ty, sizeof ty, in->op == ARM_OP_N_VCVT_FX ? "%c32.f32" : "f32.%c32", u ? 'u' : 's');
        break;
    case TYP_MI: neon_dis_imm(in, ty, val, sizeof val); break;
    default: break;
    }
    char head[48];
    if (lay == LAY_LSHL && in->imm == 0u)
        mn = "vmovl";
    snprintf(head, sizeof head, "%s%s%s%s", mn, cc, ty[0] ? "." : "", ty);
    switch (lay) {
    case LAY_L3:
        return snprintf(buf, n, "%s\t%s, %s, %s", head, nreg(a, in->rd, q), nreg(b, in->rn, q), nreg(m, in->rm, q));
    case LAY_L3SH:
        return snprintf(buf, n, "%s\t%s, %s, %s", head, nreg(a, in->rd, q), nreg(m, in->rm, q), nreg(b, in->rn, q));
    case LAY_LL:
        return snprintf(buf, n, "%s\t%s, %s, %s", head, nreg(a, in->rd, 1), nreg(b, in->rn, 0), nreg(m, in->rm, 0));
    case LAY_LW:
        return snprintf(buf, n, "%s\t%s, %s, %s", head, nreg(a, in->rd, 1), nreg(b, in->rn, 1), nreg(m, in->rm, 0));
    case LAY_LN:
        return snprintf(buf, n, "%s\t%s, %s, %s", head, nreg(a, in->rd, 0), nreg(b, in->rn, 1), nreg(m, in->rm, 1));
    case LAY_LSC:
        return snprintf(buf, n, "%s\t%s, %s, d%u[%u]", head, nreg(a, in->rd, q), nreg(b, in->rn, q), in->rm, in->imm);
    case LAY_LSCL:
        return snprintf(buf, n, "%s\t%s, %s, d%u[%u]", head, nreg(a, in->rd, 1), nreg(b, in->rn, 0), in->rm, in->imm);
    case LAY_LSH: /* objdump adds the hex of a left shift's count above 32 */
        return snprintf(buf, n, "%s\t%s, %s, #%u%s", head, nreg(a, in->rd, q), nreg(m, in->rm, q), in->imm,
                        neon_left_hex(in, val, sizeof val));
    case LAY_LSHN:
        return snprintf(buf, n, "%s\t%s, %s, #%u", head, nreg(a, in->rd, 0), nreg(m, in->rm, 1), in->imm);
    case LAY_LSHL:
        if (in->imm == 0u)
            return snprintf(buf, n, "%s\t%s, %s", head, nreg(a, in->rd, 1), nreg(m, in->rm, 0));
        return snprintf(buf, n, "%s\t%s, %s, #%u", head, nreg(a, in->rd, 1), nreg(m, in->rm, 0), in->imm);
    default: /* LAY_LMI */
        return snprintf(buf, n, "%s\t%s, %s", head, nreg(a, in->rd, q), val);
    }
}
