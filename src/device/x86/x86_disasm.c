/* One-line IA-32 disassembly of a predecoded record (Intel syntax), from
 * the op table's mnemonic and operand layout columns: for fault messages
 * and tests. Host only. */
#include <stdio.h>
#include <string.h>

#include "x86_insn.h"
#include "x86_sse_rows.h"

static const char *const x86_reg_names[3][8] = {
    {"al", "cl", "dl", "bl", "ah", "ch", "dh", "bh"},
    {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"},
    {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"},
};
static const char *const x86_cc_names[16] = {"o", "no", "b", "ae", "e", "ne", "be", "a",
                                             "s", "ns", "p", "np", "l", "ge", "le", "g"};
static const char *const x86_alu_names[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};
static const char *const x86_shift_names[8] = {"rol", "ror", "rcl", "rcr", "shl", "shr", "sal", "sar"};
static const char *const x86_unary_names[8] = {"inc", "dec", "not", "neg", "mul", "imul", "div", "idiv"};
static const char *const x86_seg_names[8] = {"es", "cs", "ss", "ds", "fs", "gs", "?", "?"};

static const char *x86_rname(uint32_t r, uint32_t w) { return r < 8u ? x86_reg_names[w][r] : "?"; }

/* The memory operand: "dword [gs:ebx+esi*4+0x10]" */
static void x86_mem(const x86_insn_t *in, uint32_t w, char *b, size_t n)
{
    static const char *const size[3] = {"byte", "word", "dword"};
    const char *seg = (in->wf & X86_F_SEGGS) ? "gs:" : (in->wf & X86_F_SEGFS) ? "fs:" : "";
    uint32_t aw = (in->wf & X86_F_A16) ? 1u : 2u;
    size_t k = (size_t)snprintf(b, n, "%s [%s", size[w < 3u ? w : 2u], seg);
    const char *sep = "";
    if (in->base != X86_NOREG && k < n)
        k += (size_t)snprintf(b + k, n - k, "%s", x86_rname(in->base, aw)), sep = "+";
    if (x86_index(in) != X86_NOREG && k < n)
        k += (size_t)snprintf(b + k, n - k, "%s%s*%u", sep, x86_rname(x86_index(in), aw), 1u << x86_scale(in)), sep = "+";
    if ((in->disp || !*sep) && k < n)
        k += (size_t)snprintf(b + k, n - k, "%s0x%x", sep, in->disp);
    if (k < n)
        snprintf(b + k, n - k, "]");
}

/* The mnemonic: the table's, or the kind's for the rows shared by kinds. */
static void x86_mnemonic(const x86_insn_t *in, char *b, size_t n)
{
    uint32_t op = in->op;
    const char *prefix = (in->wf & X86_F_LOCK) ? "lock " : (in->wf & X86_F_REP) && x86_op_fmts[op] == X86_FMT_STR ? "rep "
                         : (in->wf & X86_F_REPNE) && x86_op_fmts[op] == X86_FMT_STR ? "repne " : "";
    if (op <= X86_OP_CMP_MI) /* the ALU rows come first */
        snprintf(b, n, "%s%s", prefix, x86_alu_names[(op - X86_OP_ADD_RR) / 5u]);
    else if (op == X86_OP_UNARY_R || op == X86_OP_UNARY_M || op == X86_OP_MULDIV_R || op == X86_OP_MULDIV_M)
        snprintf(b, n, "%s%s", prefix, x86_unary_names[in->aux & 7u]);
    else if (x86_op_fmts[op] == X86_FMT_SH)
        snprintf(b, n, "%s", x86_shift_names[in->aux & 7u]);
    else if (x86_op_fmts[op] == X86_FMT_SHX)
        snprintf(b, n, "%s", in->aux ? "shrd" : "shld");
    else if (op == X86_OP_BT_RR || op == X86_OP_BT_RI || op == X86_OP_BT_MR || op == X86_OP_BT_MI)
        snprintf(b, n, "%s%s", prefix, (const char *[]){"bt", "bts", "btr", "btc"}[in->aux & 3u]);
    else if (op == X86_OP_BSX_RR || op == X86_OP_BSX_RM)
        snprintf(b, n, "%s", in->aux ? "bsr" : "bsf");
    else if (op == X86_OP_FLAGOP)
        snprintf(b, n, "%s", (const char *[]){"clc", "stc", "cmc", "cld", "std"}[in->aux % 5u]);
    else if (op == X86_OP_BCD)
        snprintf(b, n, "%s", (const char *[]){"daa", "das", "aaa", "aas", "aam", "aad"}[in->aux % 6u]);
    else if (op == X86_OP_LOOP)
        snprintf(b, n, "%s", (const char *[]){"loopne", "loope", "loop", "jecxz"}[in->aux & 3u]);
    else if (x86_op_fmts[op] >= X86_FMT_CCRR && x86_op_fmts[op] <= X86_FMT_CCM)
        snprintf(b, n, "%s%s", x86_op_mnemonics[op], x86_cc_names[in->aux & 15u]);
    else if (op == X86_OP_JCC)
        snprintf(b, n, "j%s", x86_cc_names[in->aux & 15u]);
    else
        snprintf(b, n, "%s%s", prefix, x86_op_mnemonics[op]);
}

/* An SSE record: its row's mnemonic, the register operand, the other one
 * (register or memory), and the imm8 of the rows that have one. */
static void x86_disasm_sse(const x86_insn_t *in, const char *mem, char *buf, size_t n)
{
    uint32_t info = sse_row_info(in->aux), form = sse_info_form(info);
    const char *file = x86_w(in) == X86_W16 ? "mm" : "xmm";
    char r[16], o[80];
    snprintf(r, sizeof r, "%s%u", form == SSE_F_GX ? "r" : file, in->reg);
    if (in->op == X86_OP_SSE_M)
        snprintf(o, sizeof o, "%s", mem);
    else
        snprintf(o, sizeof o, "%s%u", form == SSE_F_XE || form == SSE_F_EX ? "r" : file, in->base);
    if (form == SSE_F_EX || form == SSE_F_MX)
        snprintf(buf, n, "%s %s, %s", x86_sse_mnemonics[in->aux], o, r);
    else
        snprintf(buf, n, "%s %s, %s", x86_sse_mnemonics[in->aux], r, o);
    if (sse_info_flags(info) & SSE_I) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, ", 0x%x", in->imm);
    }
}

char *x86_disasm(const x86_insn_t *in, uint32_t addr, char *buf, size_t n)
{
    char mn[32], mem[64];
    uint32_t w = x86_w(in), sw = w == 2u && in->aux < 2u ? in->aux : 0u;
    (void)addr;
    x86_mnemonic(in, mn, sizeof mn);
    x86_mem(in, w, mem, sizeof mem);
    const char *r = x86_rname(in->reg, w), *b = x86_rname(in->base, w);
    switch ((x86_fmt_t)x86_op_fmts[in->op]) {
    case X86_FMT_RR: case X86_FMT_CCRR: snprintf(buf, n, "%s %s, %s", mn, r, b); break;
    case X86_FMT_RM: case X86_FMT_CCRM: snprintf(buf, n, "%s %s, %s", mn, r, mem); break;
    case X86_FMT_MR: snprintf(buf, n, "%s %s, %s", mn, mem, r); break;
    case X86_FMT_RI: snprintf(buf, n, "%s %s, 0x%x", mn, r, in->imm); break;
    case X86_FMT_MI: snprintf(buf, n, "%s %s, 0x%x", mn, mem, in->imm); break;
    case X86_FMT_R: case X86_FMT_CCR: snprintf(buf, n, "%s %s", mn, r); break;
    case X86_FMT_M: case X86_FMT_CCM: snprintf(buf, n, "%s %s", mn, mem); break;
    case X86_FMT_I: snprintf(buf, n, in->imm ? "%s 0x%x" : "%s", mn, in->imm); break;
    case X86_FMT_SH:
        if (in->op == X86_OP_SHIFT_RC || in->op == X86_OP_SHIFT_MC)
            snprintf(buf, n, "%s %s, cl", mn, in->op == X86_OP_SHIFT_RC ? r : mem);
        else
            snprintf(buf, n, "%s %s, %u", mn, in->op == X86_OP_SHIFT_RI ? r : mem, in->imm);
        break;
    case X86_FMT_SHX:
        if (in->op == X86_OP_SHXD_RC || in->op == X86_OP_SHXD_MC)
            snprintf(buf, n, "%s %s, %s, cl", mn, in->op == X86_OP_SHXD_RC ? b : mem, r);
        else
            snprintf(buf, n, "%s %s, %s, %u", mn, in->op == X86_OP_SHXD_RI ? b : mem, r, in->imm);
        break;
    case X86_FMT_RRI: snprintf(buf, n, "%s %s, %s, 0x%x", mn, r, b, in->imm); break;
    case X86_FMT_RMI: snprintf(buf, n, "%s %s, %s, 0x%x", mn, r, mem, in->imm); break;
    case X86_FMT_RRX: snprintf(buf, n, "%s %s, %s", mn, r, x86_rname(in->base, sw)); break;
    case X86_FMT_RMX: x86_mem(in, in->aux, mem, sizeof mem); snprintf(buf, n, "%s %s, %s", mn, r, mem); break;
    case X86_FMT_ENTER: snprintf(buf, n, "%s 0x%x, %u", mn, in->imm, in->aux); break;
    case X86_FMT_BT: snprintf(buf, n, "%s %s, %s", mn, b, r); break;
    case X86_FMT_BTI: snprintf(buf, n, "%s %s, %u", mn, b, in->imm); break;
    case X86_FMT_BTM: snprintf(buf, n, "%s %s, %s", mn, mem, r); break;
    case X86_FMT_BTMI: snprintf(buf, n, "%s %s, %u", mn, mem, in->imm); break;
    case X86_FMT_STR: snprintf(buf, n, "%s%c", mn, "bwd"[w]); break;
    case X86_FMT_CCREL: case X86_FMT_REL: case X86_FMT_LOOP: snprintf(buf, n, "%s 0x%x", mn, in->imm); break;
    case X86_FMT_BCD: snprintf(buf, n, in->aux >= 4u ? "%s 0x%x" : "%s", mn, in->imm); break;
    case X86_FMT_SR: snprintf(buf, n, "%s %s, %s", mn, x86_seg_names[in->aux & 7u], x86_rname(in->base, 1)); break;
    case X86_FMT_SM: x86_mem(in, 1, mem, sizeof mem); snprintf(buf, n, "%s %s, %s", mn, x86_seg_names[in->aux & 7u], mem); break;
    case X86_FMT_RS: snprintf(buf, n, "%s %s, %s", mn, r, x86_seg_names[in->aux & 7u]); break;
    case X86_FMT_S: snprintf(buf, n, "%s %s", mn, x86_seg_names[in->aux & 7u]); break;
    case X86_FMT_FAR: snprintf(buf, n, "%s 0x%x, 0x%x", mn, in->disp, in->imm); break;
    case X86_FMT_MS: x86_mem(in, 1, mem, sizeof mem); snprintf(buf, n, "%s %s, %s", mn, mem, x86_seg_names[in->aux & 7u]); break;
    case X86_FMT_X87:
        if (in->aux >= 0xc0u)
            snprintf(buf, n, "x87 %02x %02x", 0xd8u + in->reg, in->aux);
        else
            snprintf(buf, n, "x87 %02x /%u %s", 0xd8u + in->reg, (in->aux >> 3) & 7u, mem + (strchr(mem, '[') - mem));
        break;
    case X86_FMT_SSE: x86_disasm_sse(in, mem, buf, n); break;
    case X86_FMT_UNDEF:
        snprintf(buf, n, "%s %02x %02x %02x %02x", mn, in->imm & 0xffu, (in->imm >> 8) & 0xffu, (in->imm >> 16) & 0xffu,
                 in->imm >> 24);
        break;
    default: snprintf(buf, n, "%s", mn); break;
    }
    return buf;
}
