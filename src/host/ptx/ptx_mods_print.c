/* Modifiers back to text, in the order PTX writes them (ptx_mods.h). */
#include <stdio.h>

#include "host/ptx/ptx_wmma.h"
#include "host/ptx/ptx_mods.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_types.h"

typedef struct {
    char *buf;
    size_t n;
    int len;
} out_t;

static void put(out_t *o, const char *s)
{
    int k = snprintf(o->len >= 0 && (size_t)o->len < o->n ? o->buf + o->len : NULL,
                     o->len >= 0 && (size_t)o->len < o->n ? o->n - (size_t)o->len : 0, "%s", s);
    o->len += k;
}

static void put_field(out_t *o, uint64_t f, uint32_t v)
{
    if (v)
        put(o, ptx_mod_spelling(f, v));
}

static void put_flag(out_t *o, const ptx_mods_t *m, uint64_t f, uint32_t bit)
{
    if (m->flags & bit)
        put(o, ptx_mod_spelling(f, bit));
}

/* .sync .bfly / .ballot / .any.sync: the warp collectives' words. */
static void put_warp(out_t *o, const ptx_insn_t *in)
{
    const ptx_mods_t *m = &in->m;
    if (in->op != PTX_OP_MATCH)
        put_flag(o, m, PTX_M_SYNC, PTX_MF_SYNC);
    put_field(o, PTX_M_VOTE, m->vote);
    put_field(o, PTX_M_SHFL, m->shfl);
    put_field(o, PTX_M_MATCH, m->match);
    if (in->op == PTX_OP_MATCH)
        put_flag(o, m, PTX_M_SYNC, PTX_MF_SYNC);
}

/* semantics, scope, space, then the cache words of ld/st/atom/prefetch. */
static void put_memory(out_t *o, const ptx_insn_t *in)
{
    const ptx_mods_t *m = &in->m;
    put_field(o, PTX_M_SEM, m->sem);
    if (in->op == PTX_OP_MEMBAR && m->scope == PTX_SCOPE_GPU)
        put(o, ".gl");
    else
        put_field(o, PTX_M_SCOPE, m->scope);
    put_field(o, PTX_M_SPACE, m->space);
    put_flag(o, m, PTX_M_NC, PTX_MF_NC);
    put_field(o, PTX_M_CACHE, m->cache);
    put_field(o, PTX_M_LEVEL, m->level);
    if (m->l1_evict)
        put(o, ptx_mod_spelling(PTX_M_EVICT, 0x100u | m->l1_evict));
    if (m->l2_evict)
        put(o, ptx_mod_spelling(PTX_M_EVICT, 0x200u | m->l2_evict));
    if (m->flags & PTX_MF_CACHE_HINT)
        put(o, ptx_mod_spelling(PTX_M_EVICT, 0x800));
    if (m->l2_prefetch)
        put(o, ptx_mod_spelling(PTX_M_EVICT, 0x400u | m->l2_prefetch));
}

/* The arithmetic words: mode, rounding, precision, flush, saturation. */
static void put_arith(out_t *o, const ptx_mods_t *m)
{
    put_field(o, PTX_M_CMP, m->cmp);
    put_field(o, PTX_M_BOOL, m->boolop);
    put_field(o, PTX_M_MUL, m->mul);
    put_field(o, m->round >= PTX_RND_RNI ? PTX_M_RNDI : PTX_M_RND, m->round);
    put_flag(o, m, PTX_M_APPROX, PTX_MF_APPROX);
    put_flag(o, m, PTX_M_APPROX, PTX_MF_FULL);
    put_flag(o, m, PTX_M_FTZ, PTX_MF_FTZ);
    put_flag(o, m, PTX_M_SAT, PTX_MF_SAT);
    put_flag(o, m, PTX_M_SATFINITE, PTX_MF_SATFINITE);
    put_flag(o, m, PTX_M_RELU, PTX_MF_RELU);
    put_flag(o, m, PTX_M_NAN, PTX_MF_NAN);
    put_flag(o, m, PTX_M_CC, PTX_MF_CC);
}

int ptx_mods_print(const ptx_insn_t *in, char *buf, size_t n)
{
    out_t o = {buf, n, 0};
    const ptx_mods_t *m = &in->m;
    if (n)
        buf[0] = 0;
    if (ptx_opinfo((ptx_op_t)in->op)->mods & PTX_M_MMA)
        return ptx_mma_mods_print(in, buf, n);
    if (in->op == PTX_OP_CP_ASYNC) { /* cp.async.ca.shared.global */
        put_field(&o, PTX_M_CACHE, m->cache);
        put_field(&o, PTX_M_SPACE, m->space);
        put_field(&o, PTX_M_SPACE, m->space2);
        return o.len;
    }
    if (in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX || in->op == PTX_OP_MOVMATRIX) {
        /* ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16, movmatrix.sync.aligned.m8n8.trans.b16 */
        put_flag(&o, m, PTX_M_SYNC, PTX_MF_SYNC);
        put_flag(&o, m, PTX_M_ALIGNED, PTX_MF_ALIGNED);
        put_flag(&o, m, PTX_M_LDM, PTX_MF_M8N8);
        if (m->flags & PTX_MF_LDMX) /* movmatrix has no count (its vector field is 1) */
            put_field(&o, PTX_M_LDM, m->vec);
        put_flag(&o, m, PTX_M_LDM, PTX_MF_TRANS);
        put_field(&o, PTX_M_SPACE, m->space);
        put(&o, ".");
        put(&o, ptx_type_name((ptx_type_t)in->type[0]));
        return o.len;
    }
    put_flag(&o, m, PTX_M_TO, PTX_MF_TO);
    put_field(&o, PTX_M_BAR, m->bar);
    if (in->op == PTX_OP_BARRIER)
        put_flag(&o, m, PTX_M_ALIGNED, PTX_MF_ALIGNED);
    put_warp(&o, in);
    put_memory(&o, in);
    put_field(&o, PTX_M_ATOM, m->atom);
    put_flag(&o, m, PTX_M_NOFTZ, PTX_MF_NOFTZ);
    put_arith(&o, m);
    put_field(&o, PTX_M_TESTP, m->testp);
    put_field(&o, PTX_M_SHF, m->shf_dir);
    if (m->shf_mode)
        put(&o, ptx_mod_spelling(PTX_M_SHF, 0x10u | m->shf_mode));
    put_flag(&o, m, PTX_M_SHIFTAMT, PTX_MF_SHIFTAMT);
    put_flag(&o, m, PTX_M_MASK, PTX_MF_MASK);
    put_flag(&o, m, PTX_M_UNI, PTX_MF_UNI);
    put_field(&o, PTX_M_TEXCOMP, m->tex_comp);
    put_field(&o, PTX_M_TEXQ, m->tex_query);
    put_field(&o, PTX_M_TEXGEOM, m->tex_geom);
    if (m->vec > 1)
        put_field(&o, PTX_M_VEC, m->vec);
    for (unsigned k = 0; k < 2 && in->type[k]; k++) {
        put(&o, ".");
        put(&o, ptx_type_name((ptx_type_t)in->type[k]));
    }
    put_field(&o, PTX_M_SUCLAMP, m->su_clamp);
    put_field(&o, PTX_M_PRMT, m->prmt);
    return o.len;
}
