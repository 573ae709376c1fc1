/* Disassembly of the VFP rows (format VFP), GNU objdump's way: "vadd.f32
 * s0, s1, s2", "vcvt.s32.f64 s0, d1", "vldr d0, [r1, #-8]". The mnemonic
 * comes from the table; the type suffixes and operands from op and amount.
 * Host code, called by arm_disasm. */
#include <stdio.h>
#include <string.h>

#include "arm_insn.h"

static const char *const vfp_core[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                         "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc"};

/* "s5" or "d3" */
static const char *vreg(char *b, uint32_t n, uint32_t dbl)
{
    snprintf(b, 8, "%c%u", dbl ? 'd' : 's', n);
    return b;
}

/* The conversions' ".to.from" suffix. */
static void vfp_cvt_types(const arm_insn_t *in, uint32_t *dd, uint32_t *md, const char **to, const char **from)
{
    uint32_t dbl = in->amount & ARM_VFP_D, sg = (in->amount & ARM_VFP_SIGNED) != 0;
    uint32_t wide = (in->amount & ARM_VFP_RZ) != 0;
    const char *fl = dbl ? "f64" : "f32";
    const char *it = in->op == ARM_OP_VCVT_F2X || in->op == ARM_OP_VCVT_X2F
                         ? (sg ? (wide ? "s32" : "s16") : (wide ? "u32" : "u16"))
                         : (sg ? "s32" : "u32");
    *dd = *md = dbl;
    switch (in->op) {
    case ARM_OP_VCVT_FF: *to = dbl ? "f32" : "f64"; *from = fl; *dd = !dbl; break;
    case ARM_OP_VCVT_F2I: *to = it; *from = fl; *dd = 0; break;
    case ARM_OP_VCVT_I2F: *to = fl; *from = it; *md = 0; break;
    case ARM_OP_VCVT_F2X: *to = it; *from = fl; break;
    case ARM_OP_VCVT_X2F: *to = fl; *from = it; break;
    case ARM_OP_VCVT_F2H: *to = "f16"; *from = "f32"; *dd = *md = 0; break;
    default: *to = "f32"; *from = "f16"; *dd = *md = 0; break;
    }
}

static int vfp_dis_cvt(const arm_insn_t *in, const char *cc, char *buf, size_t n)
{
    char a[8], b[8];
    uint32_t dd, md;
    const char *to, *from;
    vfp_cvt_types(in, &dd, &md, &to, &from);
    if (in->op == ARM_OP_VCVT_F2X || in->op == ARM_OP_VCVT_X2F)
        return snprintf(buf, n, "vcvt%s.%s.%s\t%s, %s, #%u", cc, to, from, vreg(a, in->rd, dd),
                        vreg(b, in->rd, dd), in->imm);
    const char *mn = "vcvt";
    if (in->op == ARM_OP_VCVT_F2H || in->op == ARM_OP_VCVT_H2F)
        mn = (in->amount & ARM_VFP_SIGNED) ? "vcvtt" : "vcvtb";
    else if (in->op == ARM_OP_VCVT_F2I && !(in->amount & ARM_VFP_RZ))
        mn = "vcvtr";
    return snprintf(buf, n, "%s%s.%s.%s\t%s, %s", mn, cc, to, from, vreg(a, in->rd, dd), vreg(b, in->rm, md));
}

/* "{s0-s3}" or "{d8}" */
static int vfp_dis_list(const arm_insn_t *in, char *buf, size_t n)
{
    uint32_t dbl = in->amount & ARM_VFP_D, regs = dbl ? in->imm / 2u : in->imm;
    char a[8], b[8];
    if (regs == 1)
        return snprintf(buf, n, "{%s}", vreg(a, in->rd, dbl));
    return snprintf(buf, n, "{%s-%s}", vreg(a, in->rd, dbl), vreg(b, in->rd + regs - 1u, dbl));
}

static int vfp_dis_mem(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    char a[8], list[24];
    if (in->op == ARM_OP_VLDR || in->op == ARM_OP_VSTR) {
        if (in->amount & ARM_VFP_LIT)
            return snprintf(buf, n, "%s%s\t%s, [pc]\t@ 0x%x", mn, cc, vreg(a, in->rd, dbl), in->imm);
        return snprintf(buf, n, "%s%s\t%s, [%s, #%s%u]", mn, cc, vreg(a, in->rd, dbl), vfp_core[in->rn],
                        (in->flags & ARM_F_U) ? "" : "-", in->imm);
    }
    vfp_dis_list(in, list, sizeof list);
    int db = (in->flags & ARM_F_P) != 0, wb = (in->flags & ARM_F_W) != 0;
    if (in->rn == 13 && wb && db == (in->op == ARM_OP_VSTM))
        return snprintf(buf, n, "%s%s\t%s", in->op == ARM_OP_VSTM ? "vpush" : "vpop", cc, list);
    return snprintf(buf, n, "%s%s%s\t%s%s, %s", mn, db ? "db" : "ia", cc, vfp_core[in->rn], wb ? "!" : "", list);
}

static int vfp_dis_move(const arm_insn_t *in, const char *cc, char *buf, size_t n)
{
    char a[8], b[8];
    const char *rt = vfp_core[in->rd], *rt2 = vfp_core[in->rs];
    int scalar = (in->amount & ARM_VFP_ZERO) != 0;
    char s[12];
    if (scalar)
        snprintf(s, sizeof s, "d%u[%u]", in->rm / 2u, in->rm & 1u);
    else
        vreg(s, in->rm, 0);
    switch (in->op) {
    case ARM_OP_VMOV_RS: return snprintf(buf, n, "vmov%s%s\t%s, %s", cc, scalar ? ".32" : "", rt, s);
    case ARM_OP_VMOV_SR: return snprintf(buf, n, "vmov%s%s\t%s, %s", cc, scalar ? ".32" : "", s, rt);
    case ARM_OP_VMOV_RRD: return snprintf(buf, n, "vmov%s\t%s, %s, %s", cc, rt, rt2, vreg(a, in->rm, 1));
    case ARM_OP_VMOV_DRR: return snprintf(buf, n, "vmov%s\t%s, %s, %s", cc, vreg(a, in->rm, 1), rt, rt2);
    case ARM_OP_VMOV_RRS:
        return snprintf(buf, n, "vmov%s\t%s, %s, %s, %s", cc, rt, rt2, vreg(a, in->rm, 0), vreg(b, in->rm + 1u, 0));
    case ARM_OP_VMOV_SRR:
        return snprintf(buf, n, "vmov%s\t%s, %s, %s, %s", cc, vreg(a, in->rm, 0), vreg(b, in->rm + 1u, 0), rt, rt2);
    case ARM_OP_VMRS: return snprintf(buf, n, "vmrs%s\t%s, fpscr", cc, in->rd == 15 ? "APSR_nzcv" : rt);
    default: return snprintf(buf, n, "vmsr%s\tfpscr, %s", cc, rt);
    }
}

/* The single or double VMOV immediate's value, as objdump comments it. */
static double vfp_imm_value(const arm_insn_t *in)
{
    uint32_t dbl = in->amount & ARM_VFP_D, sign = in->imm >> 31;
    uint32_t frac = dbl ? (in->imm >> 16) & 0xfu : (in->imm >> 19) & 0xfu;
    int32_t e = dbl ? (int32_t)((in->imm >> 20) & 0x7ffu) - 1023 : (int32_t)((in->imm >> 23) & 0xffu) - 127;
    double v = (16.0 + frac) / 16.0;
    for (; e > 0; e--)
        v *= 2.0;
    for (; e < 0; e++)
        v /= 2.0;
    return sign ? -v : v;
}

int arm_disasm_vfp(const arm_insn_t *in, const char *mn, const char *cc, char *buf, size_t n)
{
    uint32_t dbl = in->amount & ARM_VFP_D;
    const char *t = dbl ? ".f64" : ".f32";
    char a[8], b[8], d[8];
    switch (in->op) {
    case ARM_OP_VMOV_REG: case ARM_OP_VABS: case ARM_OP_VNEG: case ARM_OP_VSQRT:
        return snprintf(buf, n, "%s%s%s\t%s, %s", mn, cc, t, vreg(a, in->rd, dbl), vreg(b, in->rm, dbl));
    case ARM_OP_VCMP: case ARM_OP_VCMPE:
        if (in->amount & ARM_VFP_ZERO)
            return snprintf(buf, n, "%s%s%s\t%s, #0.0", mn, cc, t, vreg(a, in->rd, dbl));
        return snprintf(buf, n, "%s%s%s\t%s, %s", mn, cc, t, vreg(a, in->rd, dbl), vreg(b, in->rm, dbl));
    case ARM_OP_VMOV_IMM:
        return snprintf(buf, n, "vmov%s%s\t%s, #%g", cc, t, vreg(a, in->rd, dbl), vfp_imm_value(in));
    case ARM_OP_VCVT_FF: case ARM_OP_VCVT_F2I: case ARM_OP_VCVT_I2F: case ARM_OP_VCVT_F2X:
    case ARM_OP_VCVT_X2F: case ARM_OP_VCVT_F2H: case ARM_OP_VCVT_H2F:
        return vfp_dis_cvt(in, cc, buf, n);
    case ARM_OP_VLDR: case ARM_OP_VSTR: case ARM_OP_VLDM: case ARM_OP_VSTM:
        return vfp_dis_mem(in, mn, cc, buf, n);
    case ARM_OP_VMOV_RS: case ARM_OP_VMOV_SR: case ARM_OP_VMOV_RRD: case ARM_OP_VMOV_DRR:
    case ARM_OP_VMOV_RRS: case ARM_OP_VMOV_SRR: case ARM_OP_VMRS: case ARM_OP_VMSR:
        return vfp_dis_move(in, cc, buf, n);
    default: /* the three-register arithmetic */
        return snprintf(buf, n, "%s%s%s\t%s, %s, %s", mn, cc, t, vreg(a, in->rd, dbl), vreg(b, in->rn, dbl),
                        vreg(d, in->rm, dbl));
    }
}
