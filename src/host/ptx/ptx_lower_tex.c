/* Lowering tex, tld4, txq, suq, suld.b and sust.b (ptx_exec_tex.h says what
 * each record field holds). Only the coordinates the geometry samples are
 * kept: nvcc pads 3d, cube and a2d to four. */
#include "host/ptx/ptx_lower.h"
#include "host/ptx/ptx_types.h"
#include "device/ptx/ptx_exec_tex.h"

/* The coordinates' slots into slots[]: the layer first where the geometry has one. */
static void lower_coords(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *a, uint32_t *slots)
{
    uint32_t g = in->m.tex_geom, n = ptx_tg_dims(g) + (ptx_tg_layered(g) ? 1u : 0u);
    if (g == PTX_TG_ACUBE)
        n = 4;
    for (uint32_t k = 0; k < n && k < a->count; k++)
        slots[k] = ptx_lower_src(lw, in, &lw->f->elems[a->index + k]);
}

/* The values of a vector (or braced scalar) operand as destinations or sources. */
static void lower_values(ptx_lower_t *lw, const ptx_insn_t *in, const ptx_operand_t *v, uint32_t *slots, int src)
{
    uint32_t n = v->kind == PTX_OPND_VEC ? v->count : 1;
    for (uint32_t i = 0; i < n && i < 4; i++) {
        const ptx_operand_t *e = v->kind == PTX_OPND_VEC ? &lw->f->elems[v->index + i] : v;
        slots[i] = src ? ptx_lower_src(lw, in, e) : ptx_lower_dst(lw, in, e);
    }
}

void ptx_lower_tex(ptx_lower_t *lw, const ptx_insn_t *in, ptx_rec_t *r)
{
    int store = r->ex == PTX_EX_SUST;
    const ptx_operand_t *a = &in->opnd[store ? 0 : 1], *v = &in->opnd[store ? 1 : 0];
    ptx_type_t t = (ptx_type_t)in->type[0];
    r->base = ptx_lower_reg_slot(lw->f, a->rclass, a->reg);
    r->sub = in->m.tex_geom;
    r->vec = in->m.vec ? in->m.vec : 1;
    r->size = (uint8_t)ptx_type_size(t);
    switch (r->ex) {
    case PTX_EX_TEX:
        if (t != PTX_T_F32 && t != PTX_T_S32 && t != PTX_T_U32)
            ptx_lower_fail(lw, in, "%s results of .%s are not supported (.f32, .s32, .u32)", ptx_op_name((ptx_op_t)in->op),
                           ptx_type_name(t));
        r->flags |= in->type[1] == PTX_T_F32 ? PTX_RF_FLOAT : 0;
        r->aux = in->m.tex_comp ? (uint16_t)(in->m.tex_comp - 1) : 0;
        lower_coords(lw, in, a, r->src);
        lower_values(lw, in, v, r->dst, 0);
        return;
    case PTX_EX_TXQ:
        r->aux = in->m.tex_query;
        r->dst[0] = ptx_lower_dst(lw, in, v);
        return;
    default: /* suld.b, sust.b: .trap unless another mode is named */
        if (r->size == 0 || r->size > 8 || r->vec > 4)
            ptx_lower_fail(lw, in, "%s of .%s is not supported", ptx_op_name((ptx_op_t)in->op), ptx_type_name(t));
        r->aux = in->m.su_clamp ? in->m.su_clamp : PTX_SUC_TRAP;
        lower_coords(lw, in, a, store ? r->dst : r->src);
        lower_values(lw, in, v, store ? r->src : r->dst, store);
        return;
    }
}
