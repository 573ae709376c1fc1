/* Where a memory operand lands: inside the scratch buffer, RISU_X86_MARGIN
 * from its edges. The base register becomes an offset into the buffer
 * (the harness adds the buffer's address); an index gets a small value; an
 * address without a base has its disp32 rewritten as buffer + offset (a
 * relocation in the generated assembly). When the base is pinned (ESP of
 * a stack op) the displacement moves instead. */
#include <string.h>

#include "risu_x86.h"

/* Ops with a ModRM memory operand, by the operand form in the op's name;
 * LEA computes an address but reads nothing. */
int risu_x86_has_mem(risu_x86_class_t cls, const x86_insn_t *in)
{
    (void)cls;
    if (in->op == X86_OP_X87)
        return in->aux < 0xc0u;
    if (in->op == X86_OP_CMPXCHG8B)
        return 1;
    const char *n = x86_op_names[in->op], *u = strrchr(n, '_');
    if (!u)
        return 0;
    return !strcmp(u, "_RM") || !strcmp(u, "_MR") || !strcmp(u, "_MI") || !strcmp(u, "_M") || !strcmp(u, "_MC") ||
           !strcmp(u, "_RMI");
}

/* The displacement's place and size in the bytes: 0, 1 or 4. */
static uint32_t risu_x86_disp_at(const risu_x86_case_t *c, uint32_t *at)
{
    uint32_t p = c->modrm_at, m = c->bytes[p], mod = m >> 6, rm = m & 7u;
    if (c->in.base == X86_NOREG && c->in.index == X86_NOREG && (c->in.op == X86_OP_MOV_RM || c->in.op == X86_OP_MOV_MR) &&
        (c->bytes[p - 1] & 0xfcu) == 0xa0u) {
        *at = p; /* moffs: the address follows the opcode */
        return 4;
    }
    uint32_t sib = rm == 4u;
    *at = p + 1u + sib;
    if (mod == 1u)
        return 1;
    if (mod == 2u || (mod == 0u && (rm == 5u || (sib && (c->bytes[p + 1] & 7u) == 5u))))
        return 4;
    return 0;
}

static void risu_x86_put32(uint8_t *b, uint32_t v)
{
    for (uint32_t i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

/* An offset for the operand: 8-aligned mostly, else anywhere; 16-aligned
 * where the instruction demands it (align 16: sse's SSE_A rows). */
static uint32_t risu_x86_target(uint32_t align, uint64_t *rng)
{
    uint32_t span = RISU_X86_SCRATCH_BYTES - 2u * RISU_X86_MARGIN - RISU_X86_FPU_BYTES;
    uint32_t t = RISU_X86_MARGIN + (uint32_t)(risu_x86_rand(rng) % span);
    if (align == 16u)
        return t & ~15u;
    return risu_x86_rand(rng) & 3u ? t & ~7u : t; /* aligned, mostly */
}

int risu_x86_place(risu_x86_case_t *c, uint64_t *rng)
{
    if (!risu_x86_has_mem(RISU_X86_INT, &c->in))
        return 1;
    uint32_t b = c->in.base, x = x86_index(&c->in), s = x86_scale(&c->in), at;
    uint32_t dsize = risu_x86_disp_at(c, &at), t = risu_x86_target(c->align, rng), xv = 0;
    if (b != X86_NOREG && b == x)
        return 0; /* base and index one register: no value lands it */
    if (x != X86_NOREG) {
        if ((c->pinned >> x) & 1u)
            return 0;
        xv = c->regs[x] = (uint32_t)(risu_x86_rand(rng) % 64u);
        c->rel &= ~(1u << x);
    }
    if (b == X86_NOREG) { /* disp32 alone: the buffer's address + an offset */
        c->abs_at = (uint8_t)at;
        c->abs_off = t - (xv << s);
        risu_x86_put32(c->bytes + at, 0);
    } else if ((c->pinned >> b) & 1u) { /* the base is the op's: move the displacement */
        if (!((c->rel >> b) & 1u))
            return 0;
        uint32_t want = t - c->regs[b] - (xv << s);
        if (dsize == 4)
            risu_x86_put32(c->bytes + at, want);
        else if (dsize == 1 && (int32_t)want == (int8_t)want)
            c->bytes[at] = (uint8_t)want;
        else
            t = c->regs[b] + c->in.disp + (xv << s);
        if (t < RISU_X86_MARGIN || t > RISU_X86_SCRATCH_BYTES - RISU_X86_MARGIN - RISU_X86_FPU_BYTES)
            return 0;
    } else {
        c->regs[b] = t - c->in.disp - (xv << s);
        c->rel |= 1u << b;
    }
    c->ea = t;
    return 1;
}
