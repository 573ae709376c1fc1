/* The ops' implicit operands and the values that keep a block defined and
 * useful: the stack (ESP, EBP) and the string pointers inside the scratch
 * buffer, small REP counts, divisions that mostly do not fault, CMPXCHG
 * comparands that often match, bit offsets that stay in the buffer,
 * SHLD/SHRD counts the SDM defines. */
#include "risu_x86.h"

static uint32_t rnd(uint64_t *rng, uint32_t n) { return (uint32_t)(risu_x86_rand(rng) % n); }

/* An offset into the buffer for a register that points there. */
static void risu_x86_point(risu_x86_case_t *c, uint32_t r, uint32_t off)
{
    c->regs[r] = off;
    c->rel |= 1u << r;
    c->pinned |= 1u << r;
}

/* Write v into register r at width w (byte registers 4..7: AH..BH). */
static void risu_x86_set(risu_x86_case_t *c, uint32_t r, uint32_t w, uint32_t v)
{
    if (w == X86_W8) {
        uint32_t sh = r < 4u ? 0u : 8u;
        r &= 3u;
        c->regs[r] = (c->regs[r] & ~(0xffu << sh)) | (v & 0xffu) << sh;
    } else if (w == X86_W16) {
        c->regs[r] = (c->regs[r] & 0xffff0000u) | (v & 0xffffu);
    } else {
        c->regs[r] = v;
    }
    c->rel &= ~(1u << (w == X86_W8 ? r & 3u : r));
}

static int risu_x86_is_stack(uint32_t op)
{
    return op == X86_OP_PUSH_R || op == X86_OP_PUSH_I || op == X86_OP_PUSH_M || op == X86_OP_POP_R ||
           op == X86_OP_POP_M || op == X86_OP_PUSHA || op == X86_OP_POPA || op == X86_OP_PUSHF ||
           op == X86_OP_POPF || op == X86_OP_ENTER || op == X86_OP_LEAVE;
}

static void risu_x86_poke(risu_x86_case_t *c, uint32_t off, uint32_t v0, uint32_t v1, uint32_t v2)
{
    c->poke_off = off;
    c->poke_val[0] = v0, c->poke_val[1] = v1, c->poke_val[2] = v2;
}

int risu_x86_setup(risu_x86_class_t cls, risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t op = c->in.op, mid = RISU_X86_SCRATCH_BYTES / 2u;
    if (cls == RISU_X86_SSE)
        return risu_x86_sse_setup(c, rng);
    if (risu_x86_is_stack(op)) {
        uint32_t sp = mid - 256u + 4u * rnd(rng, 128) + (rnd(rng, 8) == 0 ? 2u : 0u);
        risu_x86_point(c, 4, sp);
        if (op == X86_OP_ENTER || op == X86_OP_LEAVE)
            risu_x86_point(c, 5, sp + 4u * rnd(rng, 64));
        if (op == X86_OP_POPF) /* the arithmetic flags and DF; not TF (a trap) or AC */
            risu_x86_poke(c, sp, (uint32_t)risu_x86_rand(rng) & (RISU_ARITH | RISU_DF), 0, 0);
    } else if (x86_op_fmts[op] == X86_FMT_STR) {
        risu_x86_point(c, 6, RISU_X86_MARGIN + 64u + rnd(rng, RISU_X86_SCRATCH_BYTES - 2u * RISU_X86_MARGIN - 128u));
        risu_x86_point(c, 7, RISU_X86_MARGIN + 64u + rnd(rng, RISU_X86_SCRATCH_BYTES - 2u * RISU_X86_MARGIN - 128u));
        if (c->in.wf & (X86_F_REP | X86_F_REPNE))
            c->regs[1] = rnd(rng, 10);
    } else if (op == X86_OP_XLAT) {
        risu_x86_point(c, 3, RISU_X86_MARGIN + rnd(rng, RISU_X86_SCRATCH_BYTES - 2u * RISU_X86_MARGIN - 256u));
    }
    (void)cls;
    return 1;
}

/* DIV and IDIV: a divisor, and a dividend whose quotient fits, most of the
 * time; the rest stay random (divide faults). */
static void risu_x86_divide(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t w = x86_w(&c->in), bits = 8u << w, mask = w == X86_W32 ? ~0u : (1u << bits) - 1u;
    uint32_t x = x86_index(&c->in);
    if (rnd(rng, 8) == 0 || ((c->rel | c->pinned) & 5u) || x == 0u || x == 2u)
        return; /* EAX or EDX in the address: the dividend stays as it is */
    uint32_t d = rnd(rng, 32) == 0 ? 0u : (risu_x86_value(rng) & mask), lo = risu_x86_value(rng) & mask, hi;
    if (d == 0 && rnd(rng, 2))
        d = 1;
    if (c->in.aux == 6u) /* DIV: the high half below the divisor */
        hi = d ? rnd(rng, d) : 0u;
    else /* IDIV: the dividend the sign extension of its low half */
        hi = (lo >> (bits - 1u)) & 1u ? mask : 0u;
    if (w == X86_W8) {
        risu_x86_set(c, 0, X86_W16, lo | hi << 8);
    } else {
        risu_x86_set(c, 0, w, lo);
        risu_x86_set(c, 2, w, hi);
    }
    if (c->in.op == X86_OP_MULDIV_M)
        c->poke_off = c->ea, c->poke_val[0] = d;
    else if (!((c->rel >> (w == X86_W8 ? c->in.reg & 3u : c->in.reg)) & 1u))
        risu_x86_set(c, c->in.reg, w, d);
}

/* CMPXCHG: the comparand equal to the destination half of the time. */
static void risu_x86_compare(risu_x86_case_t *c, uint64_t *rng)
{
    uint32_t w = x86_w(&c->in);
    if (rnd(rng, 2) || (c->rel & 5u))
        return;
    if (c->in.op == X86_OP_CMPXCHG8B)
        risu_x86_poke(c, c->ea, c->regs[0], c->regs[2], 0);
    else if (c->in.op == X86_OP_CMPXCHG_MR)
        risu_x86_poke(c, c->ea, c->regs[0], (uint32_t)risu_x86_rand(rng), 0);
    else if (!((c->rel >> (w == X86_W8 ? c->in.reg & 3u : c->in.reg)) & 1u))
        risu_x86_set(c, c->in.reg, w, c->regs[0]);
}

int risu_x86_finish(risu_x86_class_t cls, risu_x86_case_t *c, uint64_t *rng)
{
    x86_insn_t *in = &c->in;
    uint32_t w = x86_w(in);
    if (cls == RISU_X86_X87)
        return risu_x86_x87_finish(c, rng);
    if (cls == RISU_X86_SSE)
        return risu_x86_sse_finish(c, rng);
    switch (in->op) {
    case X86_OP_MULDIV_R: case X86_OP_MULDIV_M:
        if (in->aux >= 6u)
            risu_x86_divide(c, rng);
        return 1;
    case X86_OP_CMPXCHG_RR: case X86_OP_CMPXCHG_MR: case X86_OP_CMPXCHG8B:
        risu_x86_compare(c, rng);
        return 1;
    case X86_OP_SHXD_RC: case X86_OP_SHXD_MC: /* 16 bits: a count above 16 is undefined */
        if (w == X86_W16) {
            if ((c->rel >> 1) & 1u)
                return 0;
            c->regs[1] = (c->regs[1] & ~0xffu) | rnd(rng, 17);
        }
        return 1;
    case X86_OP_SHXD_RI: case X86_OP_SHXD_MI:
        return w != X86_W16 || (in->imm & 31u) <= 16u;
    case X86_OP_BT_MR: /* the bit offset reaches RISU_X86_MARGIN bytes either side */
        if (in->reg == in->base || in->reg == x86_index(in))
            return 0;
        risu_x86_set(c, in->reg, w, rnd(rng, 16u * RISU_X86_MARGIN - 256u) - (8u * RISU_X86_MARGIN - 128u));
        return 1;
    }
    return 1;
}
