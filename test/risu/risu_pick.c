/* A random, well-defined and comparable instance of one table row: random
 * free bits, decoded by warpsim's own decoder, kept when it names no sp or
 * pc, avoids the ARM ARM's UNPREDICTABLE register choices, and stays off
 * branches, system calls and the thread register; random inputs, with the
 * base (and index) of a memory operand chosen so that the access lands in
 * the scratch buffer, aligned. */
#include <string.h>

#include "risu.h"
#include "risu_rows.h"
#include "device/arm/arm_trace.h"

uint64_t risu_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t risu_r32(uint64_t *rng) { return (uint32_t)risu_rand(rng); }

static void risu_decode(risu_class_t cls, uint32_t word, arm_insn_t *in)
{
    if (cls == RISU_A32 || cls == RISU_VFP || cls == RISU_NEON)
        arm_decode_a32(word, 0x10000, in);
    else if (cls == RISU_T16)
        arm_decode_t32(word, 0, 0x10000, in);
    else
        arm_decode_t32(word >> 16, word & 0xffffu, 0x10000, in);
}

/* What cannot be compared: control flow (the block must reach its exit),
 * system calls and breakpoints, the thread register (its value is each
 * simulator's own), and what is not an instruction. */
static int risu_excluded(uint32_t op)
{
    if (op == ARM_OP_MRS || op == ARM_OP_MSR_IMM || op == ARM_OP_MSR_REG)
        return 0;
    return arm_op_has(op, ARM_P_END) || op == ARM_OP_SVC || op == ARM_OP_BKPT || op == ARM_OP_UNDEF ||
           op == ARM_OP_UNDECODED || op == ARM_OP_MRC_TLS;
}

static int risu_bad_reg(uint32_t r) { return r == 13u || r == 15u; }

/* A load from [pc, #+-imm] without write-back: it reads the text around
 * the block, the same in both (risu_gen pads the blocks with 4 KiB). An
 * LDRD's address must be word aligned (else SIGBUS: a block the harness
 * catches on qemu-arm but that ends the run on warpsim). */
static int risu_literal(const arm_insn_t *in)
{
    return in->rn == 15u && arm_op_fmts[in->op] == ARM_FMT_LS_IMM && arm_op_has(in->op, ARM_P_LOAD) &&
           !(in->flags & ARM_F_W) && (arm_trace_size(in) != 8u || (in->imm & 3u) == 0);
}

/* No sp (the harness's pointer) and no pc in any register the record names
 * (but the base of a literal load). The extends without an addend and BFC
 * leave their rn field 1111 unread. */
static int risu_regs_ok(const arm_insn_t *in)
{
    uint32_t op = in->op;
    int no_rn = arm_op_has(op, ARM_P_NORN) || arm_op_fmts[op] == ARM_FMT_XT || op == ARM_OP_BFC;
    if (!arm_op_has(op, ARM_P_NORD) && risu_bad_reg(in->rd))
        return 0;
    if (!no_rn && risu_bad_reg(in->rn) && !risu_literal(in))
        return 0;
    if (risu_bad_reg(in->rm) || risu_bad_reg(in->rs))
        return 0;
    if (arm_op_fmts[op] == ARM_FMT_LSM && (arm_lsm_list(in) & 0xa000u))
        return 0;
    return 1;
}

/* The ARM ARM's UNPREDICTABLE register combinations that the decoders let
 * through (the T32 decoder polices none). */
static int risu_defined(risu_class_t cls, const arm_insn_t *in, uint32_t word)
{
    uint32_t op = in->op, fmt = arm_op_fmts[op], props = arm_op_props[op];
    uint32_t wb = (in->flags & ARM_F_W) != 0, dual = arm_trace_size(in) == 8u;
    if (fmt == ARM_FMT_MULL || fmt == ARM_FMT_SMLAL)
        return in->rd != in->rn; /* RdHi = RdLo */
    if (fmt == ARM_FMT_LS_IMM || fmt == ARM_FMT_LS_REG) {
        if (wb && (in->rn == in->rd || (dual && in->rn == in->rs)))
            return 0;
        if (fmt == ARM_FMT_LS_REG && in->rm == in->rn)
            return 0; /* and the index must not be the base, for the address to be ours */
        return !(dual && (props & ARM_P_LOAD) && in->rd == in->rs);
    }
    if (fmt == ARM_FMT_LSM) {
        uint32_t n = (uint32_t)__builtin_popcount(arm_lsm_list(in));
        return !(arm_lsm_list(in) >> in->rn & 1u) && n >= (cls == RISU_A32 ? 1u : 2u);
    }
    if (fmt == ARM_FMT_STREX)
        return in->rd != in->rn && in->rd != in->rm && (!dual || in->rd != in->rs);
    if (fmt == ARM_FMT_LDREX)
        return !dual || in->rd != in->rs;
    if (fmt == ARM_FMT_SWP)
        return in->rd != in->rn && in->rm != in->rn;
    if (fmt == ARM_FMT_MSR) /* an empty mask; A32's c and x bits (privileged) */
        return in->amount != 0 && (cls != RISU_A32 || (word & 0x00030000u) == 0);
    return 1;
}

/* A register's random value: mostly any, often an edge. */
uint32_t risu_value(uint64_t *rng)
{
    static const uint32_t edges[] = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu,
                                     0x00007fffu, 0x00008000u, 0x0000ffffu, 0x7fff7fffu, 0x80008000u,
                                     0x7f7f7f7fu, 0x80808080u, 0xff00ff00u, 0x00010001u};
    uint32_t k = risu_r32(rng) & 7u, v = risu_r32(rng);
    if (k < 2)
        return edges[v % (sizeof edges / sizeof edges[0])];
    if (k == 2)
        return v & 0xffu;
    if (k == 3)
        return (uint32_t)-(int32_t)(v & 0xffu);
    return v;
}

/* An index register's value whose shifted value (the offset) stays under
 * 256 bytes: the bits a shift drops are random. 0 when none (RRX). */
static int risu_index(const arm_insn_t *in, uint64_t *rng, uint32_t *v, uint32_t *off)
{
    uint32_t x = risu_r32(rng) & 0xffu, junk = risu_r32(rng), a = in->amount;
    switch (in->shift) {
    case ARM_SH_LSL:
        *v = a ? x >> a | junk << (32u - a) : x;
        *off = *v << a;
        return 1;
    case ARM_SH_LSR:
    case ARM_SH_ASR:
        *v = a >= 32u ? junk & 0x7fffffffu : (x << a | (junk & ((1u << a) - 1u))) & 0x7fffffffu;
        *off = a >= 32u ? 0u : *v >> a;
        return 1;
    case ARM_SH_ROR:
        *v = x << a | x >> (32u - a); /* rotated back by the ROR */
        *off = arm_ror(*v, a);
        return 1;
    default:
        return 0;
    }
}

/* Point the base of a memory operand at an 8-byte aligned place of the
 * scratch buffer (offsets: risu_main.c adds the buffer's address). */
static int risu_memory(risu_case_t *c, uint64_t *rng)
{
    const arm_insn_t *in = &c->in;
    uint32_t fmt = arm_op_fmts[in->op], off = 0, v, pre = (in->flags & ARM_F_P) != 0;
    uint32_t ea = 512u + 8u * (risu_r32(rng) % ((RISU_SCRATCH_BYTES - 1024u) / 8u)), base;
    if (fmt == ARM_FMT_LIT || risu_literal(in))
        return 1; /* an address in the text: the same in both */
    if (fmt == ARM_FMT_LS_IMM || fmt == ARM_FMT_LS_REG) {
        if (fmt == ARM_FMT_LS_IMM) {
            off = in->imm;
        } else {
            if (!risu_index(in, rng, &v, &off))
                return 0;
            c->regs[in->rm == 14 ? 13 : in->rm] = v;
        }
        if (!(in->flags & ARM_F_U))
            off = (uint32_t)-off;
        base = pre ? ea - off : ea;
    } else if (fmt == ARM_FMT_LSM) {
        base = ea - arm_lsm_first_offset(in);
    } else { /* SWP, LDREX, STREX: [rn, #imm] */
        base = ea - (fmt == ARM_FMT_SWP ? 0u : in->imm);
    }
    uint32_t k = in->rn == 14 ? 13u : in->rn;
    c->regs[k] = base;
    c->rel |= 1u << k;
    return 1;
}

static uint32_t risu_word(risu_class_t cls, const risu_row_t *row, int cond_row, uint64_t *rng)
{
    uint32_t w = row->match | (risu_r32(rng) & ~row->mask);
    if (cls == RISU_T16)
        w &= 0xffffu;
    if (cls == RISU_TVFP)
        w = (w & 0x0fffffffu) | 0xe0000000u;
    if (cls == RISU_TNEON) /* arm_decode_neon.c's rewriting, the other way */
        w = (w >> 24) == 0xf4u ? 0xf9000000u | (w & 0x00ffffffu)
                               : 0xef000000u | ((w >> 24) & 1u) << 28 | (w & 0x00ffffffu);
    if (cond_row) {
        uint32_t r = risu_r32(rng), cond = (r & 1u) ? 14u : (r >> 1) % 15u;
        w = (w & 0x0fffffffu) | cond << 28;
    }
    return w;
}

static int risu_try(risu_class_t cls, const risu_row_t *row, int cond_row, uint64_t *rng, risu_case_t *c)
{
    memset(c, 0, sizeof *c);
    c->word = risu_word(cls, row, cond_row, rng);
    risu_decode(cls, c->word, &c->in);
    if (c->in.op != row->op)
        return 0;
    if (!risu_class_fp(cls) &&
        (risu_excluded(c->in.op) || !risu_regs_ok(&c->in) || !risu_defined(cls, &c->in, c->word)))
        return 0;
    for (uint32_t r = 0; r < 14; r++)
        c->regs[r] = risu_value(rng);
    c->apsr = risu_r32(rng) & 0xf80f0000u;
    c->mem_seed = risu_r32(rng) | 1u;
    if (risu_class_neon(cls))
        return risu_neon_ok(c, rng);
    if (risu_class_fp(cls))
        return risu_vfp_ok(cls, c, rng);
    if (arm_op_has(c->in.op, ARM_P_LOAD | ARM_P_STORE)) {
        c->rel |= RISU_REL_MEM;
        return risu_memory(c, rng);
    }
    return 1;
}

int risu_pick_row(risu_class_t cls, uint32_t i, uint64_t *rng, risu_case_t *out)
{
    int cond_row;
    const risu_row_t *row = risu_row(cls, i, &cond_row);
    for (int t = 0; t < 200; t++)
        if (risu_try(cls, row, cond_row, rng, out))
            return 1;
    return 0;
}
