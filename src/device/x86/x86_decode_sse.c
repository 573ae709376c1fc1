/* The decoder for the SSE, SSE2 and MMX opcodes of the two-byte map: the
 * mandatory prefix (F2, F3, else 66, else none) and the opcode (and for
 * the groups ModRM.reg) pick a row of x86_sse_ops.def; without a prefix
 * an opcode whose 66 row is marked SSE_MMX is that row on MM registers. */
#include "x86_decode_impl.h"
#include "x86_sse_rows.h"

typedef struct {
    uint8_t pfx, opc, sub;
    uint16_t flags;
} sse_row_t;

static const sse_row_t sse_rows[SSE_ID_COUNT] = {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec) {SSE_P_##pfx, opc, sub, flags},
    SSE_OP_TABLE
#undef SSE_OP
};

const char *const x86_sse_mnemonics[SSE_ID_COUNT] = {
#define SSE_OP(name, pfx, opc, sub, form, msize, flags, mn, exec) mn,
    SSE_OP_TABLE
#undef SSE_OP
};

/* The row for prefix pfx, opcode opc and ModRM.reg sub; -1 if none. */
static int sse_find(uint32_t pfx, uint32_t opc, uint32_t sub)
{
    for (int i = 0; i < SSE_ID_COUNT; i++) {
        const sse_row_t *r = &sse_rows[i];
        if (r->pfx == pfx && r->opc == opc && (r->sub == 8u || r->sub == sub))
            return i;
    }
    return -1;
}

int x86_is_sse_opcode(uint32_t opc)
{
    for (int i = 0; i < SSE_ID_COUNT; i++)
        if (sse_rows[i].opc == opc)
            return 1;
    return 0;
}

static uint32_t sse_prefix(const x86_dec_t *d, const x86_insn_t *o)
{
    if (o->wf & X86_F_REPNE)
        return SSE_P_F2;
    if (o->wf & X86_F_REP)
        return SSE_P_F3;
    return d->o16 ? SSE_P_66 : SSE_P_NP;
}

/* The row for this encoding, *mmx set for the MMX form; -1 if none. */
static int sse_pick(uint32_t pfx, uint32_t opc, uint32_t sub, int *mmx)
{
    int id = sse_find(pfx, opc, sub);
    *mmx = id >= 0 && (sse_rows[id].flags & SSE_MMXONLY);
    if (id < 0 && pfx == SSE_P_NP) {
        id = sse_find(SSE_P_66, opc, sub);
        if (id >= 0 && !(sse_rows[id].flags & SSE_MMX))
            id = -1;
        *mmx = 1;
    }
    return id;
}

int x86_decode_sse(x86_dec_t *d, x86_insn_t *o, uint32_t opc)
{
    uint32_t pfx = sse_prefix(d, o), sub = 0, reg = 1;
    uint32_t peek = d->pos < d->avail ? d->p[d->pos] : 0u;
    int mmx, id = sse_pick(pfx, opc, (peek >> 3) & 7u, &mmx);
    if (id < 0)
        return 0;
    uint32_t flags = sse_rows[id].flags;
    if (!(flags & SSE_NOMODRM)) {
        reg = (uint32_t)x86_dec_modrm(d, o);
        sub = x86_modrm_reg(d);
        /* a group's register operand is rm, its destination */
        o->reg = (uint8_t)(sse_rows[id].sub != 8u && reg ? o->base : sub);
        if ((reg && (flags & SSE_MO)) || (!reg && (flags & SSE_RO)))
            return 0;
    }
    if (flags & SSE_I)
        o->imm = x86_dec_u8(d);
    o->op = (uint8_t)(reg ? X86_OP_SSE_R : X86_OP_SSE_M);
    o->aux = (uint8_t)id;
    x86_set_w(o, mmx ? X86_W16 : X86_W32);
    o->wf &= (uint8_t)~(X86_F_REP | X86_F_REPNE);
    return 1;
}
