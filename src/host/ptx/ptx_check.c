/* An instruction against its op's row (ptx_ops.def): the types it names,
 * the modifiers it must have, and how many operands of which shape. */
#include "host/ptx/ptx_wmma.h"
#include "host/ptx/ptx_check.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_types.h"
#include "device/ptx/ptx_texdesc.h"

static void check_types(ptx_parser_t *ps, const ptx_insn_t *in, const ptx_opinfo_t *info, const ptx_tok_t *at)
{
    unsigned need = info->mods & PTX_M_TYPE2 ? 2 : info->mods & PTX_M_TYPE ? 1 : 0;
    for (unsigned k = 0; k < need; k++) {
        ptx_type_t t = (ptx_type_t)in->type[k];
        if (t == PTX_T_NONE)
            ptx_fail(ps, at, "'%s' needs %s type", info->mnem, need == 2 ? (k ? "a source" : "a destination and a source") : "a");
        if (!(ptx_type_kind(t) & info->types) || t == PTX_T_B128)
            ptx_fail(ps, at, "'%s' does not take type .%s", info->mnem, ptx_type_name(t));
    }
}

/* A mode the op cannot do without. */
static const char *missing_mode(const ptx_insn_t *in)
{
    const ptx_mods_t *m = &in->m;
    int is_int = (ptx_type_kind((ptx_type_t)in->type[0]) & (PTX_TK_U | PTX_TK_S | PTX_TK_B)) != 0;
    switch (in->op) {
    case PTX_OP_SETP: case PTX_OP_SET: return m->cmp ? NULL : "a comparison";
    case PTX_OP_TESTP: return m->testp ? NULL : "a test (.finite, .nan, ...)";
    case PTX_OP_ATOM: case PTX_OP_RED: return m->atom ? NULL : "an operation";
    case PTX_OP_BAR_RED:
        return m->atom == PTX_ATOM_POPC || m->atom == PTX_ATOM_AND || m->atom == PTX_ATOM_OR ? NULL
                                                                                                : ".popc, .and or .or";
    case PTX_OP_VOTE: return m->vote ? NULL : "a mode (.all, .any, .uni, .ballot)";
    case PTX_OP_SHFL: return m->shfl ? NULL : "a mode (.up, .down, .bfly, .idx)";
    case PTX_OP_MATCH: return !m->match ? "a mode (.any, .all)" : m->flags & PTX_MF_SYNC ? NULL : ".sync";
    case PTX_OP_REDUX: return !m->atom ? "an operation" : m->flags & PTX_MF_SYNC ? NULL : ".sync";
    case PTX_OP_SHF: return m->shf_dir && m->shf_mode ? NULL : "a direction and a mode (.l/.r, .clamp/.wrap)";
    case PTX_OP_BMSK:
        return m->shf_mode && !m->shf_dir && in->type[0] == PTX_T_B32 ? NULL : "a mode (.clamp, .wrap), no direction, .b32";
    case PTX_OP_DP2A: return m->mul == PTX_MUL_LO || m->mul == PTX_MUL_HI ? NULL : ".lo or .hi";
    case PTX_OP_MUL: case PTX_OP_MAD: return !is_int || m->mul ? NULL : ".lo, .hi or .wide";
    case PTX_OP_MUL24: case PTX_OP_MAD24: case PTX_OP_MADC:
        return m->mul == PTX_MUL_LO || m->mul == PTX_MUL_HI ? NULL : ".lo or .hi";
    case PTX_OP_CVTA: case PTX_OP_ISSPACEP: return m->space ? NULL : "a state space";
    case PTX_OP_CP_ASYNC:
        return (m->cache == PTX_CACHE_CA || m->cache == PTX_CACHE_CG) && m->space == PTX_SPACE_SHARED &&
                       m->space2 == PTX_SPACE_GLOBAL ? NULL : ".ca or .cg, and .shared.global";
    case PTX_OP_LDMATRIX: case PTX_OP_STMATRIX:
        return (m->flags & PTX_MF_SYNC) && (m->flags & PTX_MF_ALIGNED) && (m->flags & PTX_MF_M8N8) && (m->flags & PTX_MF_LDMX) &&
                       (m->space == PTX_SPACE_SHARED || !m->space) && in->type[0] == PTX_T_B16
                   ? NULL : ".sync.aligned.m8n8, .x1, .x2 or .x4, .shared (or none) and .b16";
    case PTX_OP_MOVMATRIX:
        return (m->flags & PTX_MF_SYNC) && (m->flags & PTX_MF_ALIGNED) && (m->flags & PTX_MF_M8N8) &&
                       (m->flags & PTX_MF_TRANS) && !(m->flags & PTX_MF_LDMX) && in->type[0] == PTX_T_B16
                   ? NULL : ".sync.aligned.m8n8.trans and .b16";
    case PTX_OP_MBAR_INIT: case PTX_OP_MBAR_INVAL: case PTX_OP_MBAR_EXPECT_TX: case PTX_OP_MBAR_COMPLETE_TX:
    case PTX_OP_MBAR_ARRIVE: case PTX_OP_MBAR_ARRIVE_NC: case PTX_OP_MBAR_ARRIVE_TX: case PTX_OP_MBAR_DROP:
    case PTX_OP_MBAR_DROP_NC: case PTX_OP_MBAR_DROP_TX: case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TEST_WAIT_P:
    case PTX_OP_MBAR_TRY_WAIT: case PTX_OP_MBAR_TRY_WAIT_P: case PTX_OP_MBAR_PENDING: case PTX_OP_CP_ASYNC_MBAR:
    case PTX_OP_CP_ASYNC_MBAR_NOINC:
        return in->type[0] == PTX_T_B64 && (m->space == PTX_SPACE_SHARED || !m->space) ? NULL
                                                                                      : ".b64, and .shared or no space";
    case PTX_OP_MEMBAR: case PTX_OP_FENCE: return m->scope ? NULL : "a scope";
    case PTX_OP_BAR: case PTX_OP_BARRIER: return m->bar ? NULL : ".sync or .arrive";
    case PTX_OP_TEX: return m->tex_geom && m->vec == 4 ? NULL : "a geometry (.1d .2d .3d .a1d .a2d .cube .acube) and .v4";
    case PTX_OP_TLD4: return m->tex_comp && m->tex_geom == PTX_TG_2D && m->vec == 4 ? NULL : ".r/.g/.b/.a, .2d and .v4";
    case PTX_OP_TXQ: case PTX_OP_SUQ: return m->tex_query ? NULL : "an attribute (.width, .height, ...)";
    case PTX_OP_SULD: case PTX_OP_SUST:
        return m->tex_geom && m->tex_geom < PTX_TG_CUBE ? NULL : "a geometry (.1d .2d .3d .a1d .a2d)";
    default: return NULL;
    }
}

/* How many operands (PAIR ones aside) the modifiers ask for; -1: the shape says. */
static int operand_count(const ptx_insn_t *in)
{
    const ptx_mods_t *m = &in->m;
    int hint = (m->flags & PTX_MF_CACHE_HINT) != 0, sync = (m->flags & PTX_MF_SYNC) != 0;
    switch (in->op) {
    case PTX_OP_SETP: return 3 + (m->boolop != 0);
    case PTX_OP_SET: return 3 + (m->boolop != 0);
    case PTX_OP_LD: case PTX_OP_ST: return 2 + hint;
    case PTX_OP_ATOM: return 3 + (m->atom == PTX_ATOM_CAS) + hint;
    case PTX_OP_RED: return 2 + hint;
    case PTX_OP_VOTE: return 2 + sync;
    case PTX_OP_SHFL: return 4 + sync;
    case PTX_OP_CVT:
        return 2 + (in->type[0] == PTX_T_F16X2 || in->type[0] == PTX_T_BF16X2) * (in->type[1] == PTX_T_F32);
    default: return -1;
    }
}

static void check_count(ptx_parser_t *ps, const ptx_insn_t *in, const ptx_opinfo_t *info, unsigned n,
                        const ptx_tok_t *at)
{
    unsigned mand, total = ptx_shape_len(info->shape, &mand);
    int want = operand_count(in);
    if (want >= 0 && n != (unsigned)want)
        ptx_fail(ps, at, "'%s' with these modifiers takes %d operands, found %u", info->mnem, want, n);
    if (n < mand || n > total) {
        if (mand == total)
            ptx_fail(ps, at, "'%s' takes %u operand%s, found %u", info->mnem, mand, mand == 1 ? "" : "s", n);
        ptx_fail(ps, at, "'%s' takes %u to %u operands, found %u", info->mnem, mand, total, n);
    }
}

/* cvt to .tf32: the forms PTX has (cvt.rna{.satfinite}.tf32.f32,
 * cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32); NULL or what is wrong. */
static const char *tf32_form(const ptx_insn_t *in)
{
    const ptx_mods_t *m = &in->m;
    if (in->op != PTX_OP_CVT || (in->type[0] != PTX_T_TF32 && in->type[1] != PTX_T_TF32))
        return NULL;
    if (in->type[0] != PTX_T_TF32 || in->type[1] != PTX_T_F32)
        return "converts .f32 to .tf32 only";
    if (m->round != PTX_RND_RNA && m->round != PTX_RND_RN && m->round != PTX_RND_RZ)
        return "to .tf32 needs .rna, .rn or .rz";
    if (m->flags & (PTX_MF_FTZ | PTX_MF_SAT))
        return "to .tf32 takes no .ftz or .sat";
    if ((m->flags & PTX_MF_RELU) && m->round == PTX_RND_RNA)
        return "to .tf32 takes .relu with .rn or .rz only";
    return NULL;
}

/* The modifiers that only some types or forms allow. */
static void check_mods(ptx_parser_t *ps, const ptx_insn_t *in, const ptx_tok_t *at)
{
    const char *miss = missing_mode(in), *tf32 = tf32_form(in);
    if (miss)
        ptx_fail(ps, at, "'%s' needs %s", ptx_op_name((ptx_op_t)in->op), miss);
    if (tf32)
        ptx_fail(ps, at, "'cvt' %s", tf32);
    if (in->m.vec > 1 && in->op != PTX_OP_LD && in->op != PTX_OP_LDU && in->op != PTX_OP_ST &&
        in->op != PTX_OP_ATOM && in->op != PTX_OP_RED && in->op != PTX_OP_TEX && in->op != PTX_OP_TLD4 &&
        in->op != PTX_OP_SULD && in->op != PTX_OP_SUST && in->op != PTX_OP_LDMATRIX &&
        in->op != PTX_OP_STMATRIX)
        ptx_fail(ps, at, "vector width on '%s'", ptx_op_name((ptx_op_t)in->op));
    if (in->m.mul == PTX_MUL_WIDE && ptx_type_widen((ptx_type_t)in->type[0]) == PTX_T_NONE)
        ptx_fail(ps, at, ".wide needs a 16- or 32-bit integer type");
}

/* cp.async: cp-size 4, 8 or 16 (.cg: 16), an immediate src-size no larger. */
static void check_cp_async(ptx_parser_t *ps, const ptx_insn_t *in, const ptx_tok_t *at)
{
    const char *name = ptx_op_name((ptx_op_t)in->op);
    int64_t n = in->opnd[2].imm;
    if (in->m.cache == PTX_CACHE_CG && n != 16)
        ptx_fail(ps, at, "'%s' copies 16 bytes", name);
    if (n != 4 && n != 8 && n != 16)
        ptx_fail(ps, at, "'%s' copies 4, 8 or 16 bytes", name);
    if (in->nopnd > 3 && in->opnd[3].kind == PTX_OPND_IMM && (uint64_t)in->opnd[3].imm > (uint64_t)n)
        ptx_fail(ps, at, "'%s': src-size %lld is more than cp-size %lld", name, (long long)in->opnd[3].imm,
                 (long long)n);
}

void ptx_check_insn(ptx_parser_t *ps, ptx_insn_t *in, const ptx_tok_t *at)
{
    const ptx_opinfo_t *info = ptx_opinfo((ptx_op_t)in->op);
    check_types(ps, in, info, at);
    check_mods(ps, in, at);
    if (in->op == PTX_OP_CALL)
        return; /* its operands are checked against the callee (ptx_resolve.c) */
    unsigned n = 0;
    for (unsigned i = 0; i < in->nopnd; i++)
        n += !(in->opnd[i].flags & PTX_OPF_PAIR);
    check_count(ps, in, info, n, at);
    if (info->mods & PTX_M_MMA) {
        ptx_mma_check(ps, in, at);
        return;
    }
    for (unsigned i = 0, pos = 0; i < in->nopnd; i++) {
        ptx_operand_t *o = &in->opnd[i];
        ptx_expect_t ex;
        if (o->flags & PTX_OPF_PAIR) {
            ex = (ptx_expect_t){'q', 1, PTX_T_PRED};
        } else {
            ex = ptx_expect_for(in, ptx_shape_letter(info->shape, n, pos++));
        }
        ptx_check_operand(ps, in, o, &ex, ps->opnd_tok[i] ? ps->opnd_tok[i] : at);
    }
    if (in->op == PTX_OP_CP_ASYNC)
        check_cp_async(ps, in, at);
}
