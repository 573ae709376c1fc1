/* Warp matrix instructions in the front end (ptx_wmma.h): the words of
 * wmma.load.a.sync.aligned.row.m16n16k16.global.f16, of
 * mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 and their kin, the
 * combinations PTX defines (and nvcc emits) for sm_70..sm_90, the fragments'
 * registers, and the record with its descriptor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_wmma.h"

static const char *const shape_words[PTX_MMA_SHAPE_COUNT] = {
    NULL,
#define PTX_MMA_SHAPE_WORD(name, s, m, n, k, use) s,
    PTX_MMA_SHAPES(PTX_MMA_SHAPE_WORD)
#undef PTX_MMA_SHAPE_WORD
};

static const char *const type_words[PTX_ME_COUNT] = {
    NULL,
#define PTX_MMA_TYPE_WORD(name, s, bits) s,
    PTX_MMA_TYPES(PTX_MMA_TYPE_WORD)
#undef PTX_MMA_TYPE_WORD
};

static const char *const frag_words[] = {".d", ".a", ".b", ".c"};

static int word_is(const char *w, const char *s, size_t len)
{
    return w && strlen(w) == len && memcmp(w, s, len) == 0;
}

static int is_mma(const ptx_insn_t *in)
{
    return in->op == PTX_OP_WMMA_MMA || in->op == PTX_OP_MMA;
}

static ptx_mod_status_t set_once(uint8_t *field, uint32_t v)
{
    if (*field)
        return PTX_MOD_REPEATED;
    *field = (uint8_t)v;
    return PTX_MOD_OK;
}

ptx_mod_status_t ptx_mma_mod_apply(ptx_insn_t *in, const char *s, size_t len)
{
    ptx_mods_t *m = &in->m;
    for (uint32_t f = 0; f < PTX_FRAG_COUNT; f++)
        if (word_is(frag_words[f], s, len) && !is_mma(in))
            return set_once(&m->mma_frag, f + 1);
    if (word_is(".row", s, len) || word_is(".col", s, len)) {
        uint32_t k = m->mma_layout[0] ? 1 : 0;
        if (m->mma_layout[k])
            return PTX_MOD_REPEATED;
        m->mma_layout[k] = s[1] == 'r' ? 1 : 2;
        return PTX_MOD_OK;
    }
    for (uint32_t i = 1; i < PTX_MMA_SHAPE_COUNT; i++)
        if (word_is(shape_words[i], s, len))
            return set_once(&m->mma_shape, i);
    for (uint32_t i = 1; i < PTX_ME_COUNT; i++)
        if (word_is(type_words[i], s, len)) {
            for (uint32_t k = 0; k < 4; k++)
                if (!m->mma_type[k]) {
                    m->mma_type[k] = (uint8_t)i;
                    return PTX_MOD_OK;
                }
            return PTX_MOD_TYPES;
        }
    return PTX_MOD_UNKNOWN;
}

static void put(char *buf, size_t n, int *len, const char *s)
{
    int k = snprintf(*len >= 0 && (size_t)*len < n ? buf + *len : NULL,
                     *len >= 0 && (size_t)*len < n ? n - (size_t)*len : 0, "%s", s);
    *len += k;
}

/* In nvcc's order: fragment, .sync.aligned, layouts, shape, space, types,
 * .satfinite, .rn; mma.sync: .sync.aligned, shape, layouts, .satfinite, .rn, types. */
int ptx_mma_mods_print(const ptx_insn_t *in, char *buf, size_t n)
{
    const ptx_mods_t *m = &in->m;
    int len = 0, sync = in->op == PTX_OP_MMA;
    if (m->mma_frag)
        put(buf, n, &len, frag_words[m->mma_frag - 1]);
    if (m->flags & PTX_MF_SYNC)
        put(buf, n, &len, ".sync");
    if (m->flags & PTX_MF_ALIGNED)
        put(buf, n, &len, ".aligned");
    if (sync && m->mma_shape)
        put(buf, n, &len, shape_words[m->mma_shape]);
    for (int k = 0; k < 2 && m->mma_layout[k]; k++)
        put(buf, n, &len, m->mma_layout[k] == 1 ? ".row" : ".col");
    if (!sync && m->mma_shape)
        put(buf, n, &len, shape_words[m->mma_shape]);
    if (m->space)
        put(buf, n, &len, ptx_mod_spelling(PTX_M_SPACE, m->space));
    if (sync && (m->flags & PTX_MF_SATFINITE))
        put(buf, n, &len, ".satfinite");
    if (sync && m->round)
        put(buf, n, &len, ptx_mod_spelling(PTX_M_RND, m->round));
    for (int k = 0; k < 4 && m->mma_type[k]; k++)
        put(buf, n, &len, type_words[m->mma_type[k]]);
    if (!sync && (m->flags & PTX_MF_SATFINITE))
        put(buf, n, &len, ".satfinite");
    if (!sync && m->round)
        put(buf, n, &len, ptx_mod_spelling(PTX_M_RND, m->round));
    return len;
}

/* The a/b element types a shape takes, and the accumulator types each allows. */
static int ab_ok(uint32_t shape, uint32_t t)
{
    int half = t == PTX_ME_F16 || t == PTX_ME_BF16, byte = t == PTX_ME_S8 || t == PTX_ME_U8;
    switch (shape) {
    case PTX_MMA_M16N16K8: case PTX_MMA_M16N8K4: return t == PTX_ME_TF32;
    case PTX_MMA_M8N8K4: return t == PTX_ME_F64;
    case PTX_MMA_M16N8K8: return half || t == PTX_ME_TF32;
    case PTX_MMA_M16N8K16: return half || byte;
    case PTX_MMA_M16N8K32: case PTX_MMA_M8N8K16: return byte;
    default: return half || byte;
    }
}

static int cd_ok(uint32_t ab, uint32_t t)
{
    switch (ab) {
    case PTX_ME_F16: return t == PTX_ME_F16 || t == PTX_ME_F32;
    case PTX_ME_BF16: case PTX_ME_TF32: return t == PTX_ME_F32;
    case PTX_ME_F64: return t == PTX_ME_F64;
    default: return t == PTX_ME_S32;
    }
}

/* Any a/b type of the shape whose accumulators allow t (load.c, store.d). */
static int acc_ok(uint32_t shape, uint32_t t)
{
    for (uint32_t ab = 1; ab < PTX_ME_COUNT; ab++)
        if (ab_ok(shape, ab) && cd_ok(ab, t))
            return 1;
    return 0;
}

/* The descriptor's shape, fragment, layouts and types from the words; NULL,
 * or why the combination is not one PTX has. */
static const char *describe(const ptx_insn_t *in, ptx_mma_t *mm)
{
    const ptx_mods_t *m = &in->m;
    int mma = is_mma(in), sync = in->op == PTX_OP_MMA;
    uint32_t ntypes = 0;
    while (ntypes < 4 && m->mma_type[ntypes])
        ntypes++;
    memset(mm, 0, sizeof *mm);
    if (!(m->flags & PTX_MF_SYNC) || !(m->flags & PTX_MF_ALIGNED))
        return "needs .sync.aligned";
    if (!m->mma_shape)
        return sync ? "needs a shape (.m16n8k8, .m16n8k16, .m16n8k32, .m16n8k4, .m8n8k16, .m8n8k4)"
                    : "needs a shape (.m16n16k16, .m32n8k16, .m8n32k16, .m16n16k8, .m8n8k4)";
    if (!(ptx_mma_use(m->mma_shape) & (sync ? PTX_MMA_S : PTX_MMA_W)))
        return "does not take this shape";
    if (!m->mma_layout[0] || (mma && !m->mma_layout[1]))
        return mma ? "needs the layouts of a and b (.row/.col twice)" : "needs a layout (.row or .col)";
    if (sync && (m->mma_layout[0] != 1 || m->mma_layout[1] != 2))
        return "takes the layouts .row.col only";
    mm->shape = m->mma_shape;
    mm->sync = (uint8_t)sync;
    mm->col[0] = m->mma_layout[0] == 2, mm->col[1] = m->mma_layout[1] == 2;
    if (!mma) {
        uint32_t f = m->mma_frag ? m->mma_frag - 1u : PTX_FRAG_COUNT;
        if (f == PTX_FRAG_COUNT || (in->op == PTX_OP_WMMA_LOAD) != (f != PTX_FRAG_D))
            return in->op == PTX_OP_WMMA_LOAD ? "needs the fragment .a, .b or .c" : "needs the fragment .d";
        if (ntypes != 1)
            return "takes one element type";
        uint32_t t = m->mma_type[0];
        if (!((f == PTX_FRAG_A || f == PTX_FRAG_B) ? ab_ok(mm->shape, t) : acc_ok(mm->shape, t)))
            return "has no such fragment of this shape and type";
        if (m->space && m->space != PTX_SPACE_GLOBAL && m->space != PTX_SPACE_SHARED)
            return "takes .global, .shared or no space";
        mm->frag = (uint8_t)f;
        mm->type[f] = (uint8_t)t;
        mm->nreg[f] = (uint8_t)ptx_frag_regs(mm->shape, f, t, 0);
        return NULL;
    }
    if (sync && ntypes != 4)
        return "takes .dtype.atype.btype.ctype";
    if (ntypes != 2 && ntypes != 4)
        return "takes .dtype.ctype (f16 a and b) or .dtype.atype.btype.ctype";
    mm->type[PTX_FRAG_D] = m->mma_type[0];
    mm->type[PTX_FRAG_C] = m->mma_type[ntypes - 1];
    mm->type[PTX_FRAG_A] = ntypes == 2 ? (uint8_t)PTX_ME_F16 : m->mma_type[1];
    mm->type[PTX_FRAG_B] = ntypes == 2 ? (uint8_t)PTX_ME_F16 : m->mma_type[2];
    uint32_t ta = mm->type[PTX_FRAG_A], tb = mm->type[PTX_FRAG_B];
    int mixed_bytes = sync && (ta == PTX_ME_S8 || ta == PTX_ME_U8) && (tb == PTX_ME_S8 || tb == PTX_ME_U8);
    if (sync && mm->shape == PTX_MMA_M8N8K4 && ta == PTX_ME_F16)
        return "with .m8n8k4 .f16 (Volta's quad-pair fragments) is not implemented by warpsim";
    if ((tb != ta && !mixed_bytes) || !ab_ok(mm->shape, ta) || !cd_ok(ta, mm->type[PTX_FRAG_C]) ||
        !cd_ok(ta, mm->type[PTX_FRAG_D]) || (!sync && ntypes == 4 && ta == PTX_ME_F16))
        return "has no such combination of shape and types";
    if ((m->flags & PTX_MF_SATFINITE) && mm->type[PTX_FRAG_D] != PTX_ME_S32)
        return "takes .satfinite with integer types only";
    if (m->round && (ta != PTX_ME_F64 || m->round != PTX_RND_RN))
        return "takes a rounding mode (.rn) with f64 only";
    mm->satfinite = (m->flags & PTX_MF_SATFINITE) != 0;
    for (uint32_t f = 0; f < PTX_FRAG_COUNT; f++)
        mm->nreg[f] = (uint8_t)ptx_frag_regs(mm->shape, f, mm->type[f], mm->sync);
    return NULL;
}

/* The operand that holds fragment f, or -1. */
static int frag_operand(const ptx_insn_t *in, const ptx_mma_t *mm, uint32_t f)
{
    if (is_mma(in))
        return (int)f;
    if (f != mm->frag)
        return -1;
    return in->op == PTX_OP_WMMA_LOAD ? 0 : 1;
}

void ptx_mma_check(ptx_parser_t *ps, ptx_insn_t *in, const ptx_tok_t *at)
{
    ptx_mma_t mm;
    const char *why = describe(in, &mm);
    const char *name = ptx_op_name((ptx_op_t)in->op);
    if (why)
        ptx_fail(ps, at, "'%s' %s", name, why);
    for (uint32_t f = 0; f < PTX_FRAG_COUNT; f++) {
        int k = frag_operand(in, &mm, f);
        if (k < 0)
            continue;
        const ptx_operand_t *o = &in->opnd[k];
        const ptx_tok_t *t = ps->opnd_tok[k] ? ps->opnd_tok[k] : at;
        uint32_t want = mm.nreg[f], rc = mm.type[f] == PTX_ME_F64 ? PTX_RC_64 : PTX_RC_32;
        if (o->kind != PTX_OPND_VEC || o->count != want)
            ptx_fail(ps, t, "'%s': the %c fragment is a vector of %u registers", name, "dabc"[f], want);
        for (uint32_t i = 0; i < want; i++) {
            const ptx_operand_t *e = &ps->fn->elems[o->index + i];
            if (e->kind != PTX_OPND_REG || e->rclass != rc)
                ptx_fail(ps, t, "'%s': the %c fragment's elements are %u-bit registers", name, "dabc"[f],
                         rc == PTX_RC_64 ? 64u : 32u);
        }
    }
    if (is_mma(in))
        return;
    const ptx_operand_t *stride = in->nopnd > 2 ? &in->opnd[2] : NULL;
    if (stride && !(stride->kind == PTX_OPND_IMM || (stride->kind == PTX_OPND_REG && stride->rclass == PTX_RC_32)))
        ptx_fail(ps, ps->opnd_tok[2] ? ps->opnd_tok[2] : at, "'%s': the stride is a 32-bit register or an integer",
                 name);
    if (in->opnd[in->op == PTX_OP_WMMA_LOAD ? 1 : 0].kind != PTX_OPND_ADDR)
        ptx_fail(ps, at, "'%s' needs an address [..]", name);
}

void ptx_lower_wmma(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    ptx_mma_t mm;
    const char *why = describe(in, &mm);
    if (why)
        ptx_lower_fail(lw, in, "'%s' %s", ptx_op_name((ptx_op_t)in->op), why);
    for (uint32_t f = 0; f < PTX_FRAG_COUNT; f++) {
        int k = frag_operand(in, &mm, f);
        if (k < 0)
            continue;
        const ptx_operand_t *o = &in->opnd[k];
        int write = f == PTX_FRAG_D || in->op == PTX_OP_WMMA_LOAD;
        for (uint32_t i = 0; i < mm.nreg[f]; i++) {
            const ptx_operand_t *e = &lw->f->elems[o->index + i];
            mm.slot[f][i] = write ? ptx_lower_dst(lw, in, e) : ptx_lower_src(lw, in, e);
        }
    }
    /* the timing model's view: the first registers each side (sm_decode.c adds the rest) */
    if (is_mma(in)) {
        for (uint32_t i = 0; i < 4 && i < mm.nreg[PTX_FRAG_D]; i++)
            r->dst[i] = mm.slot[PTX_FRAG_D][i];
        for (uint32_t f = PTX_FRAG_A; f < PTX_FRAG_COUNT; f++)
            r->src[f - 1] = mm.slot[f][0];
    } else {
        int load = in->op == PTX_OP_WMMA_LOAD;
        uint32_t t = mm.type[mm.frag];
        ptx_lower_address(lw, in, &in->opnd[load ? 1 : 0], r);
        r->src[0] = in->nopnd > 2 ? ptx_lower_src(lw, in, &in->opnd[2]) : PTX_NOSLOT;
        for (uint32_t i = 0; i < mm.nreg[mm.frag] && i < (load ? 4u : 3u); i++)
            *(load ? &r->dst[i] : &r->src[i + 1]) = mm.slot[mm.frag][i];
        r->size = (uint8_t)(ptx_mma_bits(t) / 8);
        r->vec = (uint8_t)(mm.nreg[mm.frag] * ptx_frag_per_reg(t));
    }
    PTX_GROW(lw, lw->p->mmas, lw->nmmas, lw->ncap_mmas);
    r->target = lw->nmmas;
    lw->p->mmas[lw->nmmas++] = mm;
}
