/* Lowering one instruction into its record (ptx_rec.h): operands become
 * register slots (immediates get slots of their own), addresses a space, a
 * base slot and an offset, and the record says which executor case runs it.
 * What the executor does not implement is refused here, with its line. */
#include <stdlib.h>
#include <string.h>

#include "device/sim_trace.h"
#include "host/ptx/ptx_lower.h"
#include "device/ptx/ptx_mbar.h"
#include "host/ptx/ptx_types.h"
#include "host/ptx/ptx_alu_lower.h"
#include "host/ptx/ptx_wmma.h"
#include "host/ptx/ptx_optab.h"

uint32_t ptx_lower_reg_slot(const ptx_func_t *f, uint8_t rclass, uint32_t reg)
{
    if (rclass == PTX_RC_32)
        return reg;
    if (rclass == PTX_RC_64)
        return f->nregs[PTX_RC_32] + reg;
    return f->nregs[PTX_RC_32] + f->nregs[PTX_RC_64] + reg;
}

uint32_t ptx_lower_imm(ptx_lower_t *lw, uint64_t v)
{
    ptx_pfunc_t *pf = &lw->p->funcs[lw->fi];
    for (uint32_t k = 0; k < pf->nimm; k++)
        if (lw->p->imms[pf->imm_first + k] == v)
            return pf->imm_slot0 + k;
    PTX_GROW(lw, lw->p->imms, lw->nimms, lw->ncap_imms);
    lw->p->imms[lw->nimms++] = v;
    return pf->imm_slot0 + pf->nimm++;
}

void ptx_lower_sym(ptx_lower_t *lw, const ptx_insn_t *in, ptx_symref_t s, uint8_t *space, uint64_t *addr,
                   int *frame)
{
    const ptx_func_t *f = lw->f;
    const ptx_pfunc_t *pf = &lw->p->funcs[lw->fi];
    *frame = 0;
    switch (s.kind) {
    case PTX_SYM_GLOBAL: {
        const ptx_var_t *v = &lw->m->vars[s.index];
        *addr = lw->gaddr[s.index];
        *space = v->space == PTX_SPACE_GLOBAL ? PTX_MS_GLOBAL
               : v->space == PTX_SPACE_CONST  ? PTX_MS_CONST
                                              : PTX_MS_SHARED;
        return;
    }
    case PTX_SYM_VAR: {
        const ptx_var_t *v = &f->vars[s.index];
        if (v->space == PTX_SPACE_SHARED) {
            *space = PTX_MS_SHARED;
            *addr = lw->vaddr[lw->fi][s.index];
            return;
        }
        *space = PTX_MS_LOCAL;
        *frame = 1;
        *addr = v->space == PTX_SPACE_LOCAL ? v->offset : ((f->local_size + 7) & ~7ull) + v->offset;
        return;
    }
    case PTX_SYM_PARAM:
        if (pf->is_kernel) {
            *space = PTX_MS_KPARAM;
            *addr = f->params[s.index].offset;
        } else {
            *space = PTX_MS_LOCAL;
            *frame = 1;
            *addr = pf->param_off + f->params[s.index].offset;
        }
        return;
    case PTX_SYM_RET:
        *space = PTX_MS_LOCAL;
        *frame = 1;
        *addr = pf->ret_off + f->rets[s.index].offset;
        return;
    case PTX_SYM_FUNC:
        *space = PTX_MS_GENERIC;
        *addr = PTX_FUNC_ADDR_BASE + (uint64_t)s.index * PTX_FUNC_ADDR_STEP;
        return;
    }
    ptx_lower_fail(lw, in, "unresolved symbol");
}

uint32_t ptx_lower_src(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o)
{
    switch (o->kind) {
    case PTX_OPND_REG:
        return ptx_lower_reg_slot(lw->f, o->rclass, o->reg);
    case PTX_OPND_IMM:
        return ptx_lower_imm(lw, (uint64_t)o->imm);
    case PTX_OPND_FIMM:
        return ptx_lower_imm(lw, o->size == 4 ? (uint64_t)(uint32_t)o->imm : (uint64_t)o->imm);
    case PTX_OPND_SYM: {
        uint8_t sp;
        uint64_t a;
        int frame;
        ptx_lower_sym(lw, in, o->sym, &sp, &a, &frame);
        if (frame)
            ptx_lower_fail(lw, in, "a frame variable's address as an operand is not supported here (use mov)");
        return ptx_lower_imm(lw, a + (uint64_t)o->imm);
    }
    default:
        ptx_lower_fail(lw, in, "operand kind %u is not supported as a source", o->kind);
    }
}

uint32_t ptx_lower_dst(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o)
{
    if (o->kind == PTX_OPND_SINK)
        return lw->sink;
    if (o->kind != PTX_OPND_REG)
        ptx_lower_fail(lw, in, "destination kind %u is not supported", o->kind);
    return ptx_lower_reg_slot(lw->f, o->rclass, o->reg);
}

static void lower_operands(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r);

/* The ALU descriptor (the ALU's own lowering; it applies !p itself). */
static void lower_alu(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    if (!ptx_alu_from_insn(in, &r->alu))
        ptx_lower_fail(lw, in, "'%s' is not supported by the executor", ptx_op_name((ptx_op_t)in->op));
    ptx_alu_prepare(&r->alu);
    r->ex = PTX_EX_ALU;
    lower_operands(lw, in, r);
    r->neg = 0;
}

/* Sources from operand `from` on; `!p` sources marked in r->neg. */
static void lower_sources(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r, uint32_t from)
{
    for (uint32_t k = from, i = 0; k < in->nopnd; k++, i++) {
        const ptx_operand_t *o = &in->opnd[k];
        if (i >= 4)
            ptx_lower_fail(lw, in, "too many source operands");
        if (o->kind == PTX_OPND_SREG) {
            r->flags |= PTX_RF_SREGSRC;
            r->sub = (uint8_t)o->index;
            r->aux = o->comp;
            r->src[i] = lw->scratch;
            continue;
        }
        r->src[i] = ptx_lower_src(lw, in, o);
        if (o->flags & PTX_OPF_NEG)
            r->neg |= (uint8_t)(1u << i);
    }
}

/* Destination (and pair) then sources: the common operand order. */
static void lower_operands(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    uint32_t k = 0;
    if (in->nopnd > 0)
        r->dst[0] = ptx_lower_dst(lw, in, &in->opnd[k++]);
    if (in->nopnd > 1 && (in->opnd[1].flags & PTX_OPF_PAIR))
        r->dst2 = ptx_lower_dst(lw, in, &in->opnd[k++]);
    lower_sources(lw, in, r, k);
}

static uint8_t mem_space(ptx_lower_t *lw, const ptx_insn_t *in)
{
    switch (in->m.space) {
    case PTX_SPACE_GENERIC: return PTX_MS_GENERIC;
    case PTX_SPACE_GLOBAL: return PTX_MS_GLOBAL;
    case PTX_SPACE_SHARED: return PTX_MS_SHARED;
    case PTX_SPACE_LOCAL: return PTX_MS_LOCAL;
    case PTX_SPACE_CONST: return PTX_MS_CONST;
    case PTX_SPACE_PARAM: case PTX_SPACE_PARAM_ENTRY: case PTX_SPACE_PARAM_FUNC:
        return lw->p->funcs[lw->fi].is_kernel ? PTX_MS_KPARAM : PTX_MS_LOCAL;
    default:
        ptx_lower_fail(lw, in, "the %s space is not supported", ptx_space_word(in->m.space));
    }
}

/* [base + imm] or [sym + imm]: space, base slot, offset. */
void ptx_lower_address(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *o, ptx_rec_t *r)
{
    r->space = mem_space(lw, in);
    r->imm = o->imm;
    r->base = PTX_NOSLOT;
    if (o->kind != PTX_OPND_ADDR)
        ptx_lower_fail(lw, in, "expected an address");
    if (o->rclass != PTX_RC_NONE) {
        r->base = ptx_lower_reg_slot(lw->f, o->rclass, o->reg);
        if (o->rclass == PTX_RC_32)
            r->flags |= PTX_RF_ADDR32;
        return;
    }
    if (o->sym.kind == PTX_SYM_NONE)
        return;
    uint8_t sp;
    uint64_t a;
    int frame;
    ptx_lower_sym(lw, in, o->sym, &sp, &a, &frame);
    r->imm += (int64_t)a;
    if (frame)
        r->flags |= PTX_RF_FRAME;
    if (r->space == PTX_MS_GENERIC)
        r->imm += (int64_t)(sp == PTX_MS_SHARED ? PTX_WIN_SHARED : sp == PTX_MS_CONST ? PTX_WIN_CONST
                            : sp == PTX_MS_LOCAL ? PTX_WIN_LOCAL : 0);
    else if (sp != r->space)
        r->space = sp; /* a .param symbol of a function lives in its frame */
}

/* ld/ldu/st: the element type and the vector of registers. */
static void lower_mem(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r, int store)
{
    ptx_type_t t = (ptx_type_t)in->type[0];
    r->size = (uint8_t)ptx_type_size(t);
    r->vec = in->m.vec ? in->m.vec : 1;
    if (r->size == 0 || r->size > 8 || r->vec > 4)
        ptx_lower_fail(lw, in, "%s of .%s%s is not supported", store ? "st" : "ld", ptx_type_name(t),
                       r->vec > 4 ? " vectors of 8" : "");
    uint32_t tk = ptx_type_kind(t);
    if (tk & PTX_TK_S)
        r->flags |= PTX_RF_SIGNED;
    r->cop = (uint8_t)(in->m.cache | (in->m.flags & PTX_MF_NC ? PTX_COP_NC : 0)); /* the memory model's (sm_gmem.h) */
    const ptx_operand_t *a = &in->opnd[store ? 0 : 1], *v = &in->opnd[store ? 1 : 0];
    ptx_lower_address(lw, in, a, r);
    for (uint32_t i = 0; i < r->vec; i++) {
        const ptx_operand_t *e = v->kind == PTX_OPND_VEC ? &lw->f->elems[v->index + i] : v;
        if (store)
            r->src[i] = ptx_lower_src(lw, in, e);
        else
            r->dst[i] = ptx_lower_dst(lw, in, e);
        if (i == 0 && e->kind == PTX_OPND_REG && e->rclass == PTX_RC_64)
            r->flags |= PTX_RF_DST64;
    }
}

/* ldmatrix, stmatrix: an ld or st record of vec matrices whose size is the
 * 4 bytes a lane gets or gives of each; .trans in sub. */
static void lower_ldstmatrix(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r, int store)
{
    ptx_insn_t as = *in;
    as.type[0] = PTX_T_B32;
    lower_mem(lw, &as, r, store);
    r->sub = (uint8_t)((in->m.flags & PTX_MF_TRANS) != 0);
}

/* cp.async: the record's address is the shared destination; the global
 * source is src[0] (its register, or none) plus the immediate in src[1];
 * src[2] the src-size, if any. */
static void lower_cp_async(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    ptx_insn_t as = *in;
    ptx_rec_t s;
    memset(&s, 0, sizeof s);
    as.m.space = PTX_SPACE_SHARED;
    ptx_lower_address(lw, &as, &in->opnd[0], r);
    as.m.space = PTX_SPACE_GLOBAL;
    ptx_lower_address(lw, &as, &in->opnd[1], &s);
    if (s.flags & (PTX_RF_ADDR32 | PTX_RF_FRAME))
        ptx_lower_fail(lw, in, "'%s': the source is a 64-bit global address", ptx_op_name((ptx_op_t)in->op));
    r->src[0] = s.base;
    r->src[1] = ptx_lower_imm(lw, (uint64_t)s.imm);
    r->src[2] = in->nopnd > 3 ? ptx_lower_src(lw, in, &in->opnd[3]) : PTX_NOSLOT;
    r->size = (uint8_t)in->opnd[2].imm;
    r->vec = 1;
}

/* mbarrier: an atomic record of the 8-byte word, the update or wait in aux;
 * the state or predicate, the address, then the operand (count, tx-count,
 * state or parity; none: 1) in src[0]. */
static void lower_mbar(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    static const struct { uint16_t op, aux; } kinds[] = {
        {PTX_OP_MBAR_INIT, PTX_MBAR_INIT}, {PTX_OP_MBAR_INVAL, PTX_MBAR_INVAL},
        {PTX_OP_MBAR_EXPECT_TX, PTX_MBAR_EXPECT_TX}, {PTX_OP_MBAR_COMPLETE_TX, PTX_MBAR_COMPLETE_TX},
        {PTX_OP_MBAR_ARRIVE, PTX_MBAR_ARRIVE}, {PTX_OP_MBAR_ARRIVE_NC, PTX_MBAR_ARRIVE_NC},
        {PTX_OP_MBAR_ARRIVE_TX, PTX_MBAR_ARRIVE_TX}, {PTX_OP_MBAR_DROP, PTX_MBAR_DROP},
        {PTX_OP_MBAR_DROP_NC, PTX_MBAR_DROP_NC}, {PTX_OP_MBAR_DROP_TX, PTX_MBAR_DROP_TX},
        {PTX_OP_MBAR_TEST_WAIT, PTX_MBAR_WAIT}, {PTX_OP_MBAR_TRY_WAIT, PTX_MBAR_WAIT},
        {PTX_OP_MBAR_TEST_WAIT_P, PTX_MBAR_WAIT_PARITY}, {PTX_OP_MBAR_TRY_WAIT_P, PTX_MBAR_WAIT_PARITY},
        {PTX_OP_CP_ASYNC_MBAR, PTX_MBAR_KEEP}, {PTX_OP_CP_ASYNC_MBAR_NOINC, PTX_MBAR_ARRIVE},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].op == in->op)
            r->aux = kinds[i].aux;
    r->sub = PTX_ATOM_MBAR;
    r->size = 8;
    r->vec = 1;
    uint32_t k = 0;
    r->dst[0] = ptx_opinfo((ptx_op_t)in->op)->shape[0] == 'a' ? lw->sink : ptx_lower_dst(lw, in, &in->opnd[k++]);
    ptx_lower_address(lw, in, &in->opnd[k++], r);
    if (r->space != PTX_MS_GENERIC && r->space != PTX_MS_SHARED)
        ptx_lower_fail(lw, in, "'%s': the mbarrier object is in shared memory", ptx_op_name((ptx_op_t)in->op));
    if (k < in->nopnd)
        r->src[0] = ptx_lower_src(lw, in, &in->opnd[k]); /* a suspend-time hint after it: no wait here */
}

static void lower_atom(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    ptx_type_t t = (ptx_type_t)in->type[0];
    uint32_t tk = ptx_type_kind(t);
    int red = in->op == PTX_OP_RED;
    r->sub = in->m.atom;
    r->size = (uint8_t)ptx_type_size(t);
    r->vec = 1;
    if ((in->m.vec && in->m.vec > 1) || (r->size != 4 && r->size != 8) || (tk & PTX_TK_H))
        ptx_lower_fail(lw, in, "%s.%s is not supported", red ? "red" : "atom", ptx_type_name(t));
    if (r->sub == PTX_ATOM_ADD && (tk & (PTX_TK_F | PTX_TK_D)))
        r->flags |= PTX_RF_FLOAT;
    else if (tk & (PTX_TK_F | PTX_TK_D) && r->sub != PTX_ATOM_EXCH && r->sub != PTX_ATOM_CAS)
        ptx_lower_fail(lw, in, "atom on .%s supports add and exch only", ptx_type_name(t));
    if (tk & PTX_TK_S)
        r->flags |= PTX_RF_SIGNED;
    uint32_t k = 0;
    r->dst[0] = red ? lw->sink : ptx_lower_dst(lw, in, &in->opnd[k++]);
    ptx_lower_address(lw, in, &in->opnd[k++], r);
    if (r->space != PTX_MS_GENERIC && r->space != PTX_MS_GLOBAL && r->space != PTX_MS_SHARED)
        ptx_lower_fail(lw, in, "atomics in this space are not supported");
    r->src[0] = ptx_lower_src(lw, in, &in->opnd[k++]);
    if (r->sub == PTX_ATOM_CAS)
        r->src[1] = ptx_lower_src(lw, in, &in->opnd[k++]);
}

static void lower_mov(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    const ptx_operand_t *d = &in->opnd[0], *s = &in->opnd[1];
    if (s->kind == PTX_OPND_SREG) {
        r->ex = PTX_EX_SREG;
        r->dst[0] = ptx_lower_dst(lw, in, d);
        r->sub = (uint8_t)s->index;
        r->aux = s->comp;
        return;
    }
    if (s->kind == PTX_OPND_SYM) {
        uint8_t sp;
        uint64_t a;
        int frame;
        ptx_lower_sym(lw, in, s->sym, &sp, &a, &frame);
        r->ex = PTX_EX_SYMADDR;
        r->dst[0] = ptx_lower_dst(lw, in, d);
        r->imm = (int64_t)(a + (uint64_t)s->imm);
        r->flags |= frame ? PTX_RF_FRAME : 0;
        return;
    }
    if (s->kind == PTX_OPND_VEC || d->kind == PTX_OPND_VEC) {
        const ptx_operand_t *v = s->kind == PTX_OPND_VEC ? s : d;
        r->ex = s->kind == PTX_OPND_VEC ? PTX_EX_PACK : PTX_EX_UNPACK;
        r->vec = (uint8_t)v->count;
        r->size = (uint8_t)(ptx_type_size((ptx_type_t)in->type[0]) / v->count);
        if (v->count > 4 || r->size == 0)
            ptx_lower_fail(lw, in, "mov of a vector of %u is not supported", v->count);
        for (uint32_t i = 0; i < v->count; i++) {
            const ptx_operand_t *e = &lw->f->elems[v->index + i];
            if (r->ex == PTX_EX_PACK)
                r->src[i] = ptx_lower_src(lw, in, e);
            else
                r->dst[i] = ptx_lower_dst(lw, in, e);
        }
        if (r->ex == PTX_EX_PACK)
            r->dst[0] = ptx_lower_dst(lw, in, d);
        else
            r->src[0] = ptx_lower_src(lw, in, s);
        return;
    }
    lower_alu(lw, in, r);
}

/* Collectives, barriers, cvta and isspacep (r->ex set from the table). */
static void lower_warp(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    switch (r->ex) {
    case PTX_EX_VOTE: r->sub = in->m.vote; break;
    case PTX_EX_SHFL: r->sub = in->m.shfl; break;
    case PTX_EX_MATCH: r->sub = in->m.match; break;
    case PTX_EX_REDUX: case PTX_EX_BARRED: r->sub = in->m.atom; break;
    case PTX_EX_WARPSYNC: /* bar.warp.sync m: its member lanes converge (ptx_exec_its.h) */
        lower_sources(lw, in, r, 0);
        return;
    case PTX_EX_BAR:
        r->sub = in->m.bar == PTX_BAR_ARRIVE ? PTX_BAR_ARRIVE : PTX_BAR_SYNC;
        lower_sources(lw, in, r, 0);
        return;
    case PTX_EX_CVTA: r->space = mem_space(lw, in);
        r->flags |= (in->m.flags & PTX_MF_TO) ? PTX_RF_TO : 0; break;
    case PTX_EX_ISSPACEP: r->space = mem_space(lw, in); break;
    default: break; /* activemask */
    }
    r->type = in->type[0];
    lower_operands(lw, in, r);
    if (r->ex == PTX_EX_BARRED && in->nopnd == 3) { /* bar.red d, a, p: no count */
        r->src[2] = r->src[1];
        r->neg = (uint8_t)((r->neg & 2u) << 1);
        r->src[1] = PTX_NOSLOT;
    }
}

/* Branches and calls (r->ex set from the table; ret, exit, trap and the
 * NOP rows need nothing more). */
static void lower_control(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    switch (r->ex) {
    case PTX_EX_BRA:
        r->target = in->opnd[0].index;
        return;
    case PTX_EX_BRX: {
        const ptx_tlist_t *tl = &lw->f->tlists[in->opnd[1].index];
        r->src[0] = ptx_lower_src(lw, in, &in->opnd[0]);
        r->target = lw->ntargets;
        r->aux = (uint16_t)tl->count;
        for (uint32_t k = 0; k < tl->count; k++) {
            PTX_GROW(lw, lw->p->targets, lw->ntargets, lw->ncap_targets);
            lw->p->targets[lw->ntargets++] = tl->targets[k];
        }
        return;
    }
    case PTX_EX_CALL: ptx_lower_call(lw, in, r); return;
    default: return;
    }
}

/* The mix class (sim_trace.h): the unit, memory instructions by direction. */
static uint8_t mix_of(uint32_t props, sim_unit_t u)
{
    if (props & PTX_P_ATOMIC) return SIM_MIX_ATOMIC;
    if (props & PTX_P_LOAD) return SIM_MIX_LOAD;
    if (props & PTX_P_STORE) return SIM_MIX_STORE;
    return (uint8_t)u;
}

void ptx_lower_insn(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 4; i++)
        r->dst[i] = r->src[i] = PTX_NOSLOT;
    r->dst2 = r->base = PTX_NOSLOT;
    r->guard = in->has_guard ? ptx_lower_reg_slot(lw->f, PTX_RC_PRED, in->guard) : PTX_NOSLOT;
    r->guard_neg = in->guard_neg;
    r->line = in->line;
    r->col = in->col;
    r->reconv = in->reconv == PTX_RECONV_NONE ? lw->f->ninsns : in->reconv; /* none: the end */
    r->type = in->type[0];
    r->op = in->op;
    sim_unit_t u = ptx_insn_unit(in);
    r->mix = mix_of(ptx_op_props((ptx_op_t)in->op), u);
    r->unit = (uint8_t)u;
    r->ex = (uint8_t)ptx_op_ex((ptx_op_t)in->op); /* the table's; mov and call refine it */
    switch (r->ex) {
    case PTX_EX_LD: case PTX_EX_ST:
        if (in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX)
            lower_ldstmatrix(lw, in, r, r->ex == PTX_EX_ST);
        else
            lower_mem(lw, in, r, r->ex == PTX_EX_ST);
        return;
    case PTX_EX_ATOM:
        if (in->op == PTX_OP_ATOM || in->op == PTX_OP_RED)
            lower_atom(lw, in, r);
        else
            lower_mbar(lw, in, r);
        return;
    case PTX_EX_CPASYNC: lower_cp_async(lw, in, r); return;
    case PTX_EX_TEX: case PTX_EX_TXQ: case PTX_EX_SULD: case PTX_EX_SUST: ptx_lower_tex(lw, in, r); return;
    case PTX_EX_WMMA_LD: case PTX_EX_WMMA_ST: case PTX_EX_WMMA_MMA: ptx_lower_wmma(lw, in, r); return;
    case PTX_EX_ALU:
        if (in->op == PTX_OP_MOV)
            lower_mov(lw, in, r);
        else
            lower_alu(lw, in, r);
        return;
    case PTX_EX_BRA: case PTX_EX_BRX: case PTX_EX_CALL: case PTX_EX_RET: case PTX_EX_EXIT: case PTX_EX_TRAP:
    case PTX_EX_NOP:
        lower_control(lw, in, r);
        return;
    default: lower_warp(lw, in, r); return;
    }
}

void ptx_lower_func(ptx_lower_t *lw, uint32_t fi)
{
    const ptx_func_t *f = &lw->m->funcs[fi];
    ptx_pfunc_t *pf = &lw->p->funcs[fi];
    lw->f = f;
    lw->fi = fi;
    uint32_t nregs = f->nregs[PTX_RC_32] + f->nregs[PTX_RC_64] + f->nregs[PTX_RC_PRED];
    lw->sink = nregs;
    lw->scratch = nregs + 1;
    pf->imm_slot0 = nregs + 2; /* after the sink and the special-register source's placeholder */
    pf->imm_first = lw->nimms;
    pf->first = lw->p->nrecs;
    pf->nrecs = f->ninsns;
    for (uint32_t i = 0; i < f->ninsns; i++) {
        PTX_GROW(lw, lw->p->recs, lw->p->nrecs, lw->ncap_recs);
        ptx_rec_t r;
        ptx_lower_insn(lw, &f->insns[i], &r);
        lw->p->recs[lw->p->nrecs++] = r;
    }
    pf->nslots = pf->imm_slot0 + pf->nimm;
}
