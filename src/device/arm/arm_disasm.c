/* One-line, GNU-objdump-like disassembly of a predecoded record (A32 or T32),
 * for fault messages and tests. Works from the record alone, so what the
 * decoders fold away is not shown: every hint reads "nop" and every barrier "dmb", and
 * PC-relative operands show their resolved address. Host code. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arm_insn.h"

/* The mnemonic of each op (its format: arm_op_fmts). */
static const char *const dis_mns[ARM_OP_COUNT] = {
#define ARM_OP(name, unit, fmt, mn, props, stop, exec) mn,
    ARM_OP_TABLE
#undef ARM_OP
};

static const char *const dis_regs[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                         "r8", "r9", "r10", "fp", "ip", "sp", "lr", "pc"};
static const char *const dis_conds[16] = {"eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc",
                                          "hi", "ls", "ge", "lt", "gt", "le", "", ""};
static const char *const dis_shifts[5] = {"lsl", "lsr", "asr", "ror", "rrx"};

/* A bounded output buffer. */
typedef struct dis_out {
    char *buf;
    size_t n, len;
} dis_out_t;

static void put(dis_out_t *o, const char *fmt, ...)
{
    va_list ap;
    if (o->len >= o->n)
        return;
    va_start(ap, fmt);
    int k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len = o->len + (size_t)k < o->n ? o->len + (size_t)k : o->n - 1;
}

#define R(n) dis_regs[(n) & 15u]

/* objdump repeats a value in hex when it is not obvious: above 32 or below -16 */
static void put_comment(dis_out_t *o, int32_t v)
{
    if (v > 32 || v < -16)
        put(o, "\t@ 0x%x", (uint32_t)v);
}

static void put_imm(dis_out_t *o, uint32_t v)
{
    put(o, "#%d", (int32_t)v);
    put_comment(o, (int32_t)v);
}

/* ", lsl #2" and friends for an immediate shift; nothing for LSL #0. */
static void put_shift(dis_out_t *o, const arm_insn_t *in)
{
    if (in->shift == ARM_SH_RRX)
        put(o, ", rrx");
    else if (in->shift != ARM_SH_LSL || in->amount != 0)
        put(o, ", %s #%u", dis_shifts[in->shift & 3u], in->amount);
}

static int dis_sets_flags(const arm_insn_t *in)
{
    return (in->flags & (ARM_F_S | ARM_F_ITS)) != 0;
}

/* Data processing; MOV with a shift prints as the shift (UAL, as objdump). */
static void dis_dp(dis_out_t *o, const arm_insn_t *in, const char *upper, uint32_t fmt,
                   const char *cc)
{
    char mn[4];
    for (int i = 0; i < 4; i++)
        mn[i] = (char)(upper[i] | (upper[i] ? 0x20 : 0)); /* "ADD" -> "add" */
    /* tests name no Rd and set flags unsaid; MOV and MVN name no Rn */
    int test = arm_op_has(in->op, ARM_P_NORD) != 0, two = arm_op_has(in->op, ARM_P_NORN) != 0;
    int mov = !strcmp(mn, "mov");
    const char *s = dis_sets_flags(in) && !test ? "s" : "";
    if (mov && fmt == ARM_FMT_DP_REG && (in->shift != ARM_SH_LSL || in->amount != 0)) {
        if (in->shift == ARM_SH_RRX)
            put(o, "rrx%s%s\t%s, %s", s, cc, R(in->rd), R(in->rm));
        else
            put(o, "%s%s%s\t%s, %s, #%u", dis_shifts[in->shift], s, cc, R(in->rd), R(in->rm),
                in->amount);
        return;
    }
    if (mov && fmt == ARM_FMT_DP_RSR) {
        put(o, "%s%s%s\t%s, %s, %s", dis_shifts[in->shift & 3u], s, cc, R(in->rd), R(in->rm),
            R(in->rs));
        return;
    }
    put(o, "%s%s%s\t", mn, s, cc);
    if (!test)
        put(o, "%s, ", R(in->rd));
    if (!two)
        put(o, "%s, ", R(in->rn));
    if (fmt == ARM_FMT_DP_IMM) {
        put_imm(o, in->imm);
    } else if (fmt == ARM_FMT_DP_REG) {
        put(o, "%s", R(in->rm));
        put_shift(o, in);
    } else {
        put(o, "%s, %s %s", R(in->rm), dis_shifts[in->shift & 3u], R(in->rs));
    }
}

/* "[rn, #imm]!", "[rn], #-imm", "[rn, -rm, lsl #2]" */
static void dis_addr(dis_out_t *o, const arm_insn_t *in, int reg)
{
    const char *sign = (in->flags & ARM_F_U) ? "" : "-";
    int pre = (in->flags & ARM_F_P) != 0;
    put(o, "[%s", R(in->rn));
    if (pre && !reg && in->imm == 0 && (in->flags & ARM_F_U)) {
        put(o, "]%s", (in->flags & ARM_F_W) ? "!" : "");
        return;
    }
    put(o, pre ? ", " : "], ");
    if (reg) {
        put(o, "%s%s", sign, R(in->rm));
        put_shift(o, in);
    } else {
        put(o, "#%s%u", sign, in->imm);
    }
    if (pre)
        put(o, "]%s", (in->flags & ARM_F_W) ? "!" : "");
    if (!reg)
        put_comment(o, (in->flags & ARM_F_U) ? (int32_t)in->imm : -(int32_t)in->imm);
}

static void dis_reglist(dis_out_t *o, uint32_t list)
{
    const char *sep = "";
    put(o, "{");
    for (uint32_t i = 0; i < 16u; i++)
        if (list & (1u << i)) {
            put(o, "%s%s", sep, R(i));
            sep = ", ";
        }
    put(o, "}");
}

static void dis_lsm(dis_out_t *o, const arm_insn_t *in, const char *mn, const char *cc)
{
    uint32_t f = in->flags & (ARM_F_P | ARM_F_U);
    int wb = (in->flags & ARM_F_W) != 0, load = !strcmp(mn, "ldm");
    static const char *const modes[4] = {"da", "ia", "db", "ib"}; /* index P:U */
    uint32_t mode = ((f & ARM_F_P) ? 2u : 0u) | ((f & ARM_F_U) ? 1u : 0u);
    if (in->rn == 13 && wb && ((load && mode == 1u) || (!load && mode == 2u))) {
        put(o, "%s%s\t", load ? "pop" : "push", cc);
    } else {
        put(o, "%s%s%s\t%s%s, ", mn, mode == 1u ? "" : modes[mode], cc, R(in->rn), wb ? "!" : "");
    }
    dis_reglist(o, arm_lsm_list(in));
}

static void dis_it(dis_out_t *o, const arm_insn_t *in)
{
    uint32_t first = (in->imm >> 4) & 15u, mask = in->imm & 15u;
    put(o, "it");
    if (mask) {
        uint32_t last = (uint32_t)__builtin_ctz(mask);
        for (uint32_t b = 3; b > last; b--)
            put(o, "%c", ((mask >> b) & 1u) == (first & 1u) ? 't' : 'e');
    }
    put(o, "\t%s", first == 14u ? "al" : dis_conds[first]);
}

/* The halfword-multiply suffixes: "bt" from amount bits x (0) and y (1). */
static void dis_hmul(dis_out_t *o, const arm_insn_t *in, const char *mn, const char *cc)
{
    int w = !strcmp(mn, "smulw") || !strcmp(mn, "smlaw");
    if (w)
        put(o, "%s%c%s\t", mn, (in->amount & 2u) ? 't' : 'b', cc);
    else
        put(o, "%s%c%c%s\t", mn, (in->amount & 1u) ? 't' : 'b', (in->amount & 2u) ? 't' : 'b', cc);
}

/* The v6 multiplies: smlad{x}, smmla{r} ...; operands Rd, Rn, Rm{, Ra} or
 * RdLo, RdHi, Rn, Rm. */
static void dis_smul(dis_out_t *o, const arm_insn_t *in, uint32_t fmt, const char *mn, const char *cc)
{
    const char *suffix = !(in->amount & 1u) ? "" : !strncmp(mn, "smm", 3) ? "r" : "x";
    put(o, "%s%s%s\t", mn, suffix, cc);
    if (fmt == ARM_FMT_SMLAL)
        put(o, "%s, %s, %s, %s", R(in->rd), R(in->rn), R(in->rm), R(in->rs));
    else if (fmt == ARM_FMT_SMLA)
        put(o, "%s, %s, %s, %s", R(in->rd), R(in->rm), R(in->rs), R(in->rn));
    else
        put(o, "%s, %s, %s", R(in->rd), R(in->rm), R(in->rs));
}

static void dis_undef(dis_out_t *o, const arm_insn_t *in)
{
    uint32_t w = in->imm;
    if (arm_len(in) == 4 && !(in->flags & ARM_F_T32) && (w & 0x0ff000f0u) == 0x07f000f0u)
        put(o, "udf\t#%u", ((w >> 4) & 0xfff0u) | (w & 15u));
    else if (arm_len(in) == 2)
        put(o, ".inst.n\t0x%04x", w & 0xffffu);
    else
        put(o, ".inst\t0x%08x", w);
}

static void dis_ldrex(dis_out_t *o, const arm_insn_t *in, const char *mn, const char *cc,
                      int store)
{
    int dual = mn[strlen(mn) - 1] == 'd', t32 = (in->flags & ARM_F_T32) != 0;
    put(o, "%s%s\t", mn, cc);
    if (store)
        put(o, "%s, ", R(in->rd));
    put(o, "%s, ", store ? R(in->rm) : R(in->rd));
    if (dual && t32)
        put(o, "%s, ", R(in->rs));
    if (in->imm)
        put(o, "[%s, #%u]", R(in->rn), in->imm);
    else
        put(o, "[%s]", R(in->rn));
}

static void dis_misc(dis_out_t *o, const arm_insn_t *in, uint32_t fmt, const char *mn,
                     const char *cc, uint32_t addr)
{
    int t32 = (in->flags & ARM_F_T32) != 0;
    switch (fmt) {
    case ARM_FMT_RR:
        if (in->op == ARM_OP_MRC_TLS)
            put(o, "mrc%s\t15, 0, %s, cr13, cr0, {3}", cc, R(in->rd));
        else
            put(o, "%s%s\t%s, %s", mn, cc, R(in->rd), R(in->rm));
        break;
    case ARM_FMT_XT:
    case ARM_FMT_XTA:
        put(o, "%s%s\t%s, ", mn, cc, R(in->rd));
        if (fmt == ARM_FMT_XTA)
            put(o, "%s, ", R(in->rn));
        put(o, "%s", R(in->rm));
        if (in->amount)
            put(o, ", ror #%u", in->amount);
        break;
    case ARM_FMT_BFX:
        put(o, "%s%s\t%s, ", mn, cc, R(in->rd));
        if (in->op != ARM_OP_BFC)
            put(o, "%s, ", R(in->rn));
        put(o, "#%u, #%u", in->amount, in->imm);
        break;
    case ARM_FMT_SAT:
        put(o, "%s%s\t%s, #%u, %s", mn, cc, R(in->rd), in->amount, R(in->rn));
        if (in->shift == ARM_SH_ASR || in->imm)
            put(o, ", %s #%u", dis_shifts[in->shift & 3u], in->imm);
        break;
    case ARM_FMT_RRR:
        if (in->op == ARM_OP_USAD8 && in->rs != 15)
            put(o, "usada8%s\t%s, %s, %s, %s", cc, R(in->rd), R(in->rn), R(in->rm), R(in->rs));
        else
            put(o, "%s%s\t%s, %s, %s", mn, cc, R(in->rd), R(in->rn), R(in->rm));
        break;
    case ARM_FMT_PKH:
        put(o, "%s%s\t%s, %s, %s", mn, cc, R(in->rd), R(in->rn), R(in->rm));
        if (in->amount)
            put(o, ", %s #%u", dis_shifts[in->shift & 3u], in->amount);
        break;
    case ARM_FMT_MOVI:
        put(o, "%s%s\t%s, ", mn, cc, R(in->rd));
        put_imm(o, in->imm);
        break;
    case ARM_FMT_LIT: {
        int32_t off = (int32_t)(in->imm - (t32 ? (addr + 4u) & ~3u : addr + 8u));
        put(o, "%s%s\t%s, [pc", mn, cc, R(in->rd));
        if (off)
            put(o, ", #%d", off);
        put(o, "]\t@ 0x%x", in->imm);
        break;
    }
    case ARM_FMT_MRS:
        put(o, "mrs%s\t%s, CPSR", cc, R(in->rd));
        break;
    case ARM_FMT_MSR:
        put(o, "msr%s\tCPSR_%s%s, ", cc, (in->amount & 8u) ? "f" : "", (in->amount & 4u) ? "s" : "");
        if (in->op == ARM_OP_MSR_IMM)
            put_imm(o, in->imm);
        else
            put(o, "%s", R(in->rm));
        break;
    case ARM_FMT_SVC:
        if (in->op == ARM_OP_SVC)
            put(o, "svc%s\t0x%08x", cc, in->imm);
        else
            put(o, "bkpt\t0x%04x", in->imm);
        break;
    default:
        put(o, "%s%s", mn, cc);
        break;
    }
}

static void dis_body(dis_out_t *o, const arm_insn_t *in, uint32_t addr)
{
    uint32_t fmt = arm_op_fmts[in->op];
    const char *mn = dis_mns[in->op], *cc = dis_conds[in->cond & 15u];
    const char *s = dis_sets_flags(in) ? "s" : "";
    int reg;
    switch (fmt) {
    case ARM_FMT_DP_IMM:
    case ARM_FMT_DP_REG:
    case ARM_FMT_DP_RSR:
        dis_dp(o, in, mn, fmt, cc);
        break;
    case ARM_FMT_MUL:
    case ARM_FMT_MLA:
        if (in->op == ARM_OP_SMULXY || in->op == ARM_OP_SMLAXY || in->op == ARM_OP_SMULWY ||
            in->op == ARM_OP_SMLAWY)
            dis_hmul(o, in, mn, cc);
        else
            put(o, "%s%s%s\t", mn, s, cc);
        put(o, "%s, %s, %s", R(in->rd), R(in->rm), R(in->rs));
        if (fmt == ARM_FMT_MLA)
            put(o, ", %s", R(in->rn));
        break;
    case ARM_FMT_MULL:
        if (in->op == ARM_OP_SMLALXY)
            dis_hmul(o, in, mn, cc);
        else
            put(o, "%s%s%s\t", mn, s, cc);
        put(o, "%s, %s, %s, %s", R(in->rd), R(in->rn), R(in->rm), R(in->rs));
        break;
    case ARM_FMT_SMUL:
    case ARM_FMT_SMLA:
    case ARM_FMT_SMLAL:
        dis_smul(o, in, fmt, mn, cc);
        break;
    case ARM_FMT_QARITH:
        put(o, "%s%s\t%s, %s, %s", mn, cc, R(in->rd), R(in->rm), R(in->rn));
        break;
    case ARM_FMT_DIV:
        put(o, "%s%s\t%s, %s, %s", mn, cc, R(in->rd), R(in->rn), R(in->rm));
        break;
    case ARM_FMT_BR:
        put(o, "%s%s\t0x%x", mn, cc, in->imm);
        break;
    case ARM_FMT_BXR:
        put(o, "%s%s\t%s", mn, cc, R(in->rm));
        break;
    case ARM_FMT_CBZ:
        put(o, "%s\t%s, 0x%x", mn, R(in->rn), in->imm);
        break;
    case ARM_FMT_TB:
        put(o, "%s%s\t[%s, %s%s]", mn, cc, R(in->rn), R(in->rm),
            in->op == ARM_OP_TBH ? ", lsl #1" : "");
        break;
    case ARM_FMT_IT:
        dis_it(o, in);
        break;
    case ARM_FMT_LS_IMM:
    case ARM_FMT_LS_REG:
        reg = fmt == ARM_FMT_LS_REG;
        put(o, "%s%s\t%s, ", mn, cc, R(in->rd));
        if ((in->op == ARM_OP_LDRD_IMM || in->op == ARM_OP_LDRD_REG || in->op == ARM_OP_STRD_IMM ||
             in->op == ARM_OP_STRD_REG) && (in->flags & ARM_F_T32))
            put(o, "%s, ", R(in->rs));
        dis_addr(o, in, reg);
        break;
    case ARM_FMT_LSM:
        dis_lsm(o, in, mn, cc);
        break;
    case ARM_FMT_SWP:
        put(o, "%s%s\t%s, %s, [%s]", mn, cc, R(in->rd), R(in->rm), R(in->rn));
        break;
    case ARM_FMT_LDREX:
    case ARM_FMT_STREX:
        dis_ldrex(o, in, mn, cc, fmt == ARM_FMT_STREX);
        break;
    case ARM_FMT_VFP:
    case ARM_FMT_NEON_ARITH:
    case ARM_FMT_NEON_ELEM:
        o->len += (size_t)(fmt == ARM_FMT_VFP ? arm_disasm_vfp
                           : fmt == ARM_FMT_NEON_ARITH ? arm_disasm_neon_arith
                                                       : arm_disasm_neon_elem)(in, mn, cc, o->buf + o->len,
                                                                               o->n - o->len);
        o->len = o->len < o->n ? o->len : o->n - 1;
        break;
    default:
        dis_misc(o, in, fmt, mn, cc, addr);
        break;
    }
}

char *arm_disasm(const arm_insn_t *in, uint32_t addr, char *buf, size_t n)
{
    dis_out_t o = {buf, n, 0};
    if (n == 0)
        return buf;
    buf[0] = '\0';
    if (in->op >= ARM_OP_COUNT || in->op == ARM_OP_UNDEF)
        dis_undef(&o, in);
    else
        dis_body(&o, in, addr);
    return buf;
}
