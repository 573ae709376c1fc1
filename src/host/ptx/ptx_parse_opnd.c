/* One operand: a register (%r1, !%p), an immediate (integer expression,
 * float literal), a special register (%tid.x), a symbol (sym, sym+4), a
 * vector ({%r1, _, %r3}), an address ([%rd1+16], [sym], [0x100]), a label;
 * and a call's operand lists. Names the function does not declare are the
 * module's, resolved at its end (ptx_resolve.c). */
#include <string.h>

#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_parse.h"

static void set_reg(ptx_operand_t *o, ptx_rclass_t rc, uint32_t slot)
{
    o->kind = PTX_OPND_REG;
    o->rclass = (uint8_t)rc;
    o->reg = slot;
}

/* A name that is a local symbol (variable, parameter) or else the module's:
 * sets o->sym, or queues a fixup for operand `fix` (an instruction's operand,
 * or an element of the function's elems). */
static void name_symbol(ptx_parser_t *ps, ptx_operand_t *o, const ptx_tok_t *t, ptx_fix_kind_t what, uint32_t b,
                        uint32_t c)
{
    const ptx_name_t *e = ptx_names_find(&ps->locals, t->text, t->len);
    if (e && e->kind == PTX_NAME_VAR)
        o->sym = (ptx_symref_t){PTX_SYM_VAR, e->value};
    else if (e && e->kind == PTX_NAME_PARAM)
        o->sym = (ptx_symref_t){PTX_SYM_PARAM, e->value};
    else if (e && e->kind == PTX_NAME_RET)
        o->sym = (ptx_symref_t){PTX_SYM_RET, e->value};
    else if (e && e->kind != PTX_NAME_REG && e->kind != PTX_NAME_REGS)
        ptx_fail(ps, t, "'%.*s' is not a value", (int)t->len, t->text);
    else if (t->text[0] == '%')
        ptx_fail(ps, t, "undeclared register '%.*s'", (int)t->len, t->text);
    else
        ptx_add_fixup(ps, 0, what, t, ps->fn_index, b, c);
}

/* %tid.x, %laneid, %envreg3 */
static int parse_sreg(ptx_parser_t *ps, ptx_operand_t *o, const ptx_tok_t *t)
{
    unsigned idx;
    int s = ptx_sreg_lookup(t->text, t->len, &idx);
    if (s < 0)
        return 0;
    ptx_next(ps);
    o->kind = PTX_OPND_SREG;
    o->index = (uint32_t)s;
    o->comp = (uint8_t)idx;
    if (ptx_sreg_form((ptx_sreg_t)s) == PTX_SREG_VEC) {
        const ptx_tok_t *c = ptx_peek(ps, 0);
        static const char *const comps[] = {".x", ".y", ".z"};
        for (unsigned k = 0; k < 3 && !o->comp; k++)
            if (ptx_tok_dot(c, comps[k]) && !(c->flags & PTX_TOKF_SPACE))
                o->comp = (uint8_t)(k + 1);
        if (!o->comp)
            ptx_fail(ps, t, "'%.*s' needs a component: .x, .y or .z", (int)t->len, t->text);
        ptx_next(ps);
    }
    return 1;
}

static void parse_float(ptx_parser_t *ps, ptx_operand_t *o, int neg)
{
    const ptx_tok_t *f = ptx_next(ps);
    o->kind = PTX_OPND_FIMM;
    o->size = f->fsize;
    o->imm = (int64_t)(neg ? f->val ^ (f->fsize == 4 ? 1ull << 31 : 1ull << 63) : f->val);
    if (f->flags & PTX_TOKF_DECIMAL)
        o->flags |= PTX_OPF_DECIMAL;
}

/* A value that is not a name: an integer expression or a float literal. */
static void parse_number(ptx_parser_t *ps, ptx_operand_t *o)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (t->kind == PTX_TOK_FLOAT) {
        parse_float(ps, o, 0);
    } else if (ptx_tok_is(t, '-') && ptx_peek(ps, 1)->kind == PTX_TOK_FLOAT) {
        ptx_next(ps);
        parse_float(ps, o, 1);
    } else {
        o->kind = PTX_OPND_IMM;
        o->imm = ptx_parse_expr(ps);
    }
}

static int64_t parse_offset(ptx_parser_t *ps)
{
    if (ptx_tok_is(ptx_peek(ps, 0), '+') || ptx_tok_is(ptx_peek(ps, 0), '-'))
        return ptx_parse_expr(ps);
    return 0;
}

/* A scalar: register, !pred, sink, special register, number, symbol[+off]. */
static void parse_scalar(ptx_parser_t *ps, ptx_operand_t *o, ptx_fix_kind_t what, uint32_t b, uint32_t c)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    ptx_rclass_t rc;
    ptx_type_t ty;
    o->rclass = PTX_RC_NONE;
    if (ptx_accept(ps, '!')) {
        t = ptx_peek(ps, 0);
        if (t->kind != PTX_TOK_IDENT || !ptx_find_reg(ps, t, &rc, &o->reg, &ty) || rc != PTX_RC_PRED)
            ptx_expected(ps, "a predicate register after '!'");
        ptx_next(ps);
        set_reg(o, rc, o->reg);
        o->flags |= PTX_OPF_NEG;
    } else if (t->kind != PTX_TOK_IDENT || ptx_tok_ident(t, "WARP_SZ")) {
        parse_number(ps, o);
    } else if (ptx_tok_ident(t, "_")) {
        ptx_next(ps);
        o->kind = PTX_OPND_SINK;
    } else if (ptx_find_reg(ps, t, &rc, &o->reg, &ty)) {
        ptx_next(ps);
        set_reg(o, rc, o->reg);
    } else if (!parse_sreg(ps, o, t)) {
        ptx_next(ps);
        o->kind = PTX_OPND_SYM;
        name_symbol(ps, o, t, what, b, c);
        o->imm = parse_offset(ps);
    }
}

/* { a, b, ... } into the function's elems. */
static void parse_vector(ptx_parser_t *ps, ptx_operand_t *o)
{
    ptx_func_t *fn = ps->fn;
    o->kind = PTX_OPND_VEC;
    o->index = fn->nelems;
    do {
        if (o->count == 8)
            ptx_fail(ps, ptx_peek(ps, 0), "a vector has at most 8 elements");
        ptx_operand_t *e = PTX_PUSH(ps, fn->elems, fn->nelems);
        parse_scalar(ps, e, PTX_FIX_ELEM, fn->nelems - 1, 0);
        if (e->kind == PTX_OPND_SYM || (e->flags & PTX_OPF_NEG))
            ptx_fail(ps, ptx_peek(ps, 0), "a vector element is a register, '_' or a number");
        o->count++;
    } while (ptx_accept(ps, ','));
    ptx_expect(ps, '}');
}

/* [reg+off] [sym+off] [number] */
static void parse_address(ptx_parser_t *ps, ptx_operand_t *o, uint32_t insn, uint32_t i)
{
    ptx_rclass_t rc;
    ptx_type_t ty;
    ptx_expect(ps, '[');
    const ptx_tok_t *t = ptx_peek(ps, 0);
    o->kind = PTX_OPND_ADDR;
    o->rclass = PTX_RC_NONE;
    if (t->kind == PTX_TOK_IDENT && !ptx_tok_ident(t, "WARP_SZ")) {
        ptx_next(ps);
        if (ptx_find_reg(ps, t, &rc, &o->reg, &ty)) {
            if (rc == PTX_RC_PRED)
                ptx_fail(ps, t, "a predicate cannot be an address");
            o->rclass = (uint8_t)rc;
        } else {
            name_symbol(ps, o, t, PTX_FIX_OPND, insn, i);
        }
        o->imm = parse_offset(ps);
    } else {
        o->imm = ptx_parse_expr(ps);
    }
    ptx_expect(ps, ']');
}

/* [handle] or [handle, {c, ..}] / [handle, c]: a texture or surface and its coordinates,
 * an address whose count elements (at index in the elems) are the coordinates. */
static void parse_tex_address(ptx_parser_t *ps, ptx_operand_t *o)
{
    ptx_rclass_t rc;
    ptx_type_t ty;
    ptx_expect(ps, '[');
    const ptx_tok_t *t = ptx_peek(ps, 0);
    o->kind = PTX_OPND_ADDR;
    if (t->kind != PTX_TOK_IDENT || !ptx_find_reg(ps, t, &rc, &o->reg, &ty) || rc != PTX_RC_64)
        ptx_fail(ps, t, "a texture or surface is a 64-bit register holding its object (texture references are not supported)");
    ptx_next(ps);
    o->rclass = (uint8_t)rc;
    if (ptx_accept(ps, ',')) {
        ptx_operand_t v = {0};
        if (ptx_accept(ps, '{')) {
            parse_vector(ps, &v);
        } else {
            v.index = ps->fn->nelems;
            v.count = 1;
            ptx_operand_t *e = PTX_PUSH(ps, ps->fn->elems, ps->fn->nelems);
            parse_scalar(ps, e, PTX_FIX_ELEM, v.index, 0);
        }
        o->index = v.index;
        o->count = v.count;
    }
    ptx_expect(ps, ']');
}

void ptx_parse_operand(ptx_parser_t *ps, ptx_insn_t *in, unsigned i, char letter)
{
    ptx_operand_t *o = &in->opnd[i];
    const ptx_tok_t *t = ptx_peek(ps, 0);
    uint32_t insn = ps->fn->ninsns;
    ps->opnd_tok[i] = t;
    if (letter == 'l') {
        if (t->kind != PTX_TOK_IDENT)
            ptx_expected(ps, "a label");
        ptx_next(ps);
        o->kind = PTX_OPND_LABEL;
        ptx_add_fixup(ps, 1, PTX_FIX_OPND, t, ps->fn_index, insn, i);
    } else if (letter == 't') {
        const ptx_name_t *e = t->kind == PTX_TOK_IDENT ? ptx_names_find(&ps->locals, t->text, t->len) : NULL;
        if (!e || e->kind != PTX_NAME_TLIST)
            ptx_expected(ps, "a .branchtargets list declared before");
        ptx_next(ps);
        o->kind = PTX_OPND_TLIST;
        o->index = e->value;
    } else if (letter == 'T') {
        parse_tex_address(ps, o);
    } else if (letter == 'a' || ptx_tok_is(t, '[')) {
        parse_address(ps, o, insn, i);
    } else if (ptx_accept(ps, '{')) {
        parse_vector(ps, o);
    } else {
        parse_scalar(ps, o, PTX_FIX_OPND, insn, i);
    }
}

/* ( a, b, ... ): a call's returns or arguments, into the function's elems. */
static void parse_list(ptx_parser_t *ps, ptx_operand_t *o)
{
    ptx_func_t *fn = ps->fn;
    o->kind = PTX_OPND_LIST;
    o->index = fn->nelems;
    ptx_expect(ps, '(');
    if (ptx_accept(ps, ')'))
        return;
    do {
        if (o->count == UINT16_MAX)
            ptx_fail(ps, ptx_peek(ps, 0), "too many call arguments");
        ptx_operand_t *e = PTX_PUSH(ps, fn->elems, fn->nelems);
        parse_scalar(ps, e, PTX_FIX_ELEM, fn->nelems - 1, 0);
        o->count++;
    } while (ptx_accept(ps, ','));
    ptx_expect(ps, ')');
}

/* call{.uni} [(rets),] callee [, (args)] [, prototype];
 * Operands: 0 returns (LIST), 1 callee (FUNC, or REG when indirect),
 * 2 arguments (LIST), and for an indirect call 3 its prototype (PROTO). */
void ptx_parse_call(ptx_parser_t *ps, ptx_insn_t *in)
{
    uint32_t insn = ps->fn->ninsns;
    in->nopnd = 3;
    in->opnd[0] = (ptx_operand_t){.kind = PTX_OPND_LIST, .rclass = PTX_RC_NONE, .index = ps->fn->nelems};
    in->opnd[2] = in->opnd[0];
    if (ptx_tok_is(ptx_peek(ps, 0), '(')) {
        parse_list(ps, &in->opnd[0]);
        ptx_expect(ps, ',');
    }
    const ptx_tok_t *t = ptx_peek(ps, 0);
    ptx_rclass_t rc;
    ptx_type_t ty;
    ptx_operand_t *callee = &in->opnd[1];
    if (t->kind != PTX_TOK_IDENT)
        ptx_expected(ps, "a function name or register");
    ptx_next(ps);
    if (ptx_find_reg(ps, t, &rc, &callee->reg, &ty)) {
        if (rc == PTX_RC_PRED)
            ptx_fail(ps, t, "a predicate cannot be a call target");
        set_reg(callee, rc, callee->reg);
    } else {
        callee->kind = PTX_OPND_FUNC;
        callee->rclass = PTX_RC_NONE;
        ptx_add_fixup(ps, 0, PTX_FIX_OPND, t, ps->fn_index, insn, 1);
    }
    in->opnd[2].index = ps->fn->nelems;
    int more = ptx_accept(ps, ',');
    if (more && ptx_tok_is(ptx_peek(ps, 0), '(')) {
        parse_list(ps, &in->opnd[2]);
        more = ptx_accept(ps, ',');
    }
    if (callee->kind != PTX_OPND_REG) {
        if (more)
            ptx_fail(ps, ptx_peek(ps, 0), "a direct call takes no prototype");
        return;
    }
    if (!more)
        ptx_expected(ps, "',' and a .callprototype name");
    const ptx_tok_t *p = ptx_peek(ps, 0);
    const ptx_name_t *e = p->kind == PTX_TOK_IDENT ? ptx_names_find(&ps->locals, p->text, p->len) : NULL;
    if (!e || e->kind != PTX_NAME_PROTO)
        ptx_expected(ps, "a .callprototype name");
    ptx_next(ps);
    ps->opnd_tok[3] = p;
    in->opnd[3] = (ptx_operand_t){.kind = PTX_OPND_PROTO, .rclass = PTX_RC_NONE, .index = e->value};
    in->nopnd = 4;
}
