/* Each operand against what its shape letter asks (ptx_check.h): the kinds
 * of operand a position takes, register classes and declared types by PTX's
 * rules, float literals converted to the bits of the type they meet. */
#include "host/ptx/ptx_check.h"
#include "host/ptx/ptx_float.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_types.h"
#include "device/ptx/ptx_texdesc.h"

ptx_expect_t ptx_expect_for(const ptx_insn_t *in, char letter)
{
    ptx_type_t t0 = (ptx_type_t)in->type[0], t1 = (ptx_type_t)in->type[1];
    ptx_type_t wide = in->m.mul == PTX_MUL_WIDE ? ptx_type_widen(t0) : t0;
    switch (letter) {
    case 'd': return (ptx_expect_t){letter, 1, t0};
    case 'w': return (ptx_expect_t){letter, 1, wide};
    case 'W': return (ptx_expect_t){letter, 0, wide};
    case 'r': return (ptx_expect_t){letter, 1, PTX_T_U32};
    case 'q': return (ptx_expect_t){letter, 1, PTX_T_PRED};
    case 's': case 'X': case 'g': return (ptx_expect_t){letter, 0, t0};
    case 'c': case 'C': return (ptx_expect_t){letter, 0, t1};
    case 'u': case 'm': case 'i': return (ptx_expect_t){letter, 0, PTX_T_U32};
    case 'p': return (ptx_expect_t){letter, 0, PTX_T_PRED};
    case 'h': return (ptx_expect_t){letter, 0, PTX_T_B64};
    default: return (ptx_expect_t){letter, 0, PTX_T_NONE};
    }
}

/* ld, ldu, st, suld, sust, cvt and ldmatrix, stmatrix, movmatrix (.b32 registers of .b16 pairs) may name a
 * register wider than their type. */
static int relaxed_size(const ptx_insn_t *in)
{
    return in->op == PTX_OP_LD || in->op == PTX_OP_LDU || in->op == PTX_OP_ST || in->op == PTX_OP_CVT ||
           in->op == PTX_OP_SULD || in->op == PTX_OP_SUST || in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX ||
           in->op == PTX_OP_MOVMATRIX;
}

/* Surface loads and stores, and ldmatrix.x1 and stmatrix.x1, write even one value in braces ({%r1}). */
static int braces_scalar(const ptx_insn_t *in, const ptx_operand_t *o)
{
    return (in->op == PTX_OP_SULD || in->op == PTX_OP_SUST || in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX) &&
           in->m.vec <= 1 && o->count == 1;
}

static void check_reg(ptx_parser_t *ps, const ptx_insn_t *in, const ptx_operand_t *o, ptx_type_t t,
                      const ptx_tok_t *at)
{
    ptx_type_t rt = (ptx_type_t)ps->fn->reg_type[o->rclass][o->reg];
    if (t == PTX_T_PRED) {
        if (o->rclass != PTX_RC_PRED)
            ptx_fail(ps, at, "expected a predicate, found a .%s register", ptx_type_name(rt));
        return;
    }
    if (o->rclass == PTX_RC_PRED)
        ptx_fail(ps, at, "a predicate register where .%s is expected", ptx_type_name(t));
    if (o->flags & PTX_OPF_NEG)
        ptx_fail(ps, at, "'!' applies to predicates only");
    int ok = ptx_type_compatible(rt, t);
    if (!ok && relaxed_size(in) && ptx_type_bits(rt) > ptx_type_bits(t))
        ok = (ptx_type_kind(rt) & (PTX_TK_B | PTX_TK_U | PTX_TK_S)) != 0;
    if (!ok)
        ptx_fail(ps, at, "a .%s register where .%s is expected", ptx_type_name(rt), ptx_type_name(t));
}

static void check_fimm(ptx_parser_t *ps, ptx_operand_t *o, ptx_type_t t, const ptx_tok_t *at)
{
    uint32_t k = ptx_type_kind(t);
    if (k & (PTX_TK_F | PTX_TK_D)) {
        o->imm = (int64_t)ptx_float_to((uint64_t)o->imm, o->size, t);
        o->size = (uint8_t)ptx_type_size(t);
    } else if (!(k & (PTX_TK_B | PTX_TK_U | PTX_TK_S)) || (o->flags & PTX_OPF_DECIMAL) ||
               o->size != ptx_type_size(t)) {
        ptx_fail(ps, at, "a float literal where .%s is expected", ptx_type_name(t));
    }
    o->flags &= (uint8_t)~PTX_OPF_DECIMAL;
}

static void check_imm(ptx_parser_t *ps, const ptx_operand_t *o, ptx_type_t t, const ptx_tok_t *at)
{
    if (ptx_type_kind(t) & PTX_TK_HFD)
        ptx_fail(ps, at, "an integer where .%s is expected (write a float literal)", ptx_type_name(t));
}

static void check_sreg(ptx_parser_t *ps, const ptx_operand_t *o, ptx_type_t t, const ptx_tok_t *at)
{
    unsigned bits = ptx_sreg_bits((ptx_sreg_t)o->index), tb = ptx_type_bits(t);
    int ok = bits == 1 ? t == PTX_T_PRED : bits == 64 ? tb == 64 : (tb == 32 || tb == 16);
    if (!ok || (t != PTX_T_PRED && (ptx_type_kind(t) & PTX_TK_HFD)))
        ptx_fail(ps, at, "%s is %u bits wide, not .%s", ptx_sreg_name((ptx_sreg_t)o->index), bits,
                 ptx_type_name(t));
}

/* A scalar element: register, immediate, sink; of type t. */
static void check_scalar(ptx_parser_t *ps, const ptx_insn_t *in, ptx_operand_t *o, const ptx_expect_t *ex,
                         ptx_type_t t, const ptx_tok_t *at)
{
    switch (o->kind) {
    case PTX_OPND_REG: check_reg(ps, in, o, t, at); return;
    case PTX_OPND_SINK:
        if (!ex->dest)
            ptx_fail(ps, at, "'_' is not a source");
        return;
    default: break;
    }
    if (ex->dest)
        ptx_fail(ps, at, "a destination must be a register");
    if (o->kind == PTX_OPND_IMM)
        check_imm(ps, o, t, at);
    else if (o->kind == PTX_OPND_FIMM)
        check_fimm(ps, o, t, at);
    else if (o->kind == PTX_OPND_SREG && (ex->letter == 'C' || ex->letter == 'X'))
        check_sreg(ps, o, t, at);
    else if (o->kind == PTX_OPND_SYM && ex->letter == 'X' && (ptx_type_kind(t) & (PTX_TK_B | PTX_TK_U | PTX_TK_S)) &&
             (ptx_type_bits(t) == 32 || ptx_type_bits(t) == 64))
        return;
    else
        ptx_fail(ps, at, "this operand cannot be %s", o->kind == PTX_OPND_SREG ? "a special register"
                                                      : o->kind == PTX_OPND_SYM  ? "a symbol" : "an address");
}

/* {a, b, ..}: ld/st/atom's .vN elements, or mov's pack and unpack. */
static void check_vector(ptx_parser_t *ps, ptx_insn_t *in, const ptx_operand_t *o, const ptx_expect_t *ex,
                         const ptx_tok_t *at)
{
    ptx_type_t et = ex->type;
    if (in->op == PTX_OP_MOV) {
        unsigned bits = ptx_type_bits(et);
        if ((o->count != 2 && o->count != 4) || bits % o->count || bits / o->count < 8)
            ptx_fail(ps, at, "mov.%s cannot split into %u pieces", ptx_type_name(et), o->count);
        if (in->opnd[0].kind == PTX_OPND_VEC && in->opnd[1].kind == PTX_OPND_VEC)
            ptx_fail(ps, at, "mov moves between a vector and a scalar");
        et = ptx_type_bits_of(bits / o->count);
    } else if (!braces_scalar(in, o) && (in->m.vec <= 1 || o->count != in->m.vec)) {
        ptx_fail(ps, at, "a vector of %u where '%s' takes %s", o->count, ptx_op_name((ptx_op_t)in->op),
                 in->m.vec > 1 ? "another number" : "a scalar");
    }
    for (unsigned k = 0; k < o->count; k++)
        check_scalar(ps, in, &ps->fn->elems[o->index + k], ex, et, at);
}

/* cvta's and isspacep's address value: a register or a symbol. */
static void check_addr_value(ptx_parser_t *ps, const ptx_insn_t *in, ptx_operand_t *o, const ptx_expect_t *ex,
                             const ptx_tok_t *at)
{
    if (o->kind == PTX_OPND_SYM)
        return;
    if (o->kind != PTX_OPND_REG || o->rclass == PTX_RC_PRED)
        ptx_fail(ps, at, "expected an address register or a symbol");
    if (ex->type != PTX_T_NONE)
        check_reg(ps, in, o, ex->type, at);
}

/* [handle, {coordinates}]: as many as the geometry has (3d, cube and a2d repeat their last to make
 * four); the layer of an array geometry an integer, the rest of tex's coordinate type. */
static void check_tex_address(ptx_parser_t *ps, const ptx_insn_t *in, ptx_operand_t *o, const ptx_tok_t *at)
{
    static const uint8_t lo[] = {0, 1, 2, 3, 2, 3, 3, 4}, hi[] = {0, 1, 2, 4, 2, 4, 4, 4};
    uint32_t g = in->m.tex_geom;
    int query = in->op == PTX_OP_TXQ || in->op == PTX_OP_SUQ;
    if (o->kind != PTX_OPND_ADDR)
        ptx_fail(ps, at, "expected a texture or surface operand [handle, {coordinates}]");
    if (query ? o->count != 0 : g >= sizeof lo || o->count < lo[g] || o->count > hi[g])
        ptx_fail(ps, at, query ? "'%s' takes [handle] only" : "'%s' of this geometry takes %u coordinates, found %u",
                 ptx_op_name((ptx_op_t)in->op), g < sizeof lo ? lo[g] : 0, o->count);
    int layered = g == PTX_TG_A1D || g == PTX_TG_A2D || g == PTX_TG_ACUBE;
    ptx_type_t ct = in->op == PTX_OP_TEX || in->op == PTX_OP_TLD4 ? (ptx_type_t)in->type[1] : PTX_T_B32;
    if (ct != PTX_T_F32 && ct != PTX_T_S32 && ct != PTX_T_B32)
        ptx_fail(ps, at, "coordinates are .f32 or .s32, not .%s", ptx_type_name(ct));
    ptx_expect_t ex = {'s', 0, ct};
    for (unsigned k = 0; k < o->count; k++)
        check_scalar(ps, in, &ps->fn->elems[o->index + k], &ex, layered && k == 0 ? PTX_T_B32 : ct, at);
}

void ptx_check_operand(ptx_parser_t *ps, ptx_insn_t *in, ptx_operand_t *o, const ptx_expect_t *ex,
                       const ptx_tok_t *at)
{
    switch (ex->letter) {
    case 'T': check_tex_address(ps, in, o, at); return;
    case 'a':
        if (o->kind != PTX_OPND_ADDR)
            ptx_fail(ps, at, "expected an address [..]");
        return;
    case 'l': case 't': return; /* read as such by the parser */
    case 'g': check_addr_value(ps, in, o, ex, at); return;
    case 'i':
        if (o->kind != PTX_OPND_IMM)
            ptx_fail(ps, at, "expected an integer immediate");
        return;
    default: break;
    }
    if (o->kind == PTX_OPND_ADDR)
        ptx_fail(ps, at, "an address where a value is expected");
    if (in->m.vec > 1 && o->kind != PTX_OPND_VEC && (ex->letter == 'd' || ex->letter == 's'))
        ptx_fail(ps, at, "expected a vector of %u", in->m.vec);
    if (o->kind == PTX_OPND_VEC)
        check_vector(ps, in, o, ex, at);
    else
        check_scalar(ps, in, o, ex, ex->type, at);
}
