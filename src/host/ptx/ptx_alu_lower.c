/* ptx_alu_from_insn: the descriptor of an instruction the ALU computes (an
 * ALU row of ptx_ops.def): the IR's typed modifier fields, copied. */
#include <string.h>

#include "host/ptx/ptx_alu_lower.h"

int ptx_alu_first_src(const ptx_insn_t *in)
{
    return in->nopnd > 1 && (in->opnd[1].flags & PTX_OPF_PAIR) ? 2 : 1;
}

/* mov's source: a register or a plain immediate. */
static int mov_source_ok(const ptx_insn_t *in)
{
    uint8_t k = in->opnd[1].kind;
    return in->nopnd == 2 && (k == PTX_OPND_REG || k == PTX_OPND_IMM || k == PTX_OPND_FIMM);
}

int ptx_alu_from_insn(const ptx_insn_t *in, ptx_alu_t *d)
{
    if (ptx_op_ex((ptx_op_t)in->op) != PTX_EX_ALU || (in->op == PTX_OP_MOV && !mov_source_ok(in)))
        return 0;
    memset(d, 0, sizeof *d);
    d->op = in->op;
    d->type = in->type[0];
    d->type2 = in->type[1];
    d->round = in->m.round;
    d->cmp = in->m.cmp;
    d->boolop = in->m.boolop;
    d->mul = in->m.mul;
    d->prmt = in->m.prmt;
    d->shf_dir = in->m.shf_dir;
    d->shf_mode = in->m.shf_mode;
    d->testp = in->m.testp;
    d->flags = in->m.flags;
    int first = ptx_alu_first_src(in);
    for (int i = first; i < in->nopnd && i - first < 4; i++)
        if (in->opnd[i].flags & PTX_OPF_NEG)
            d->negsrc |= (uint8_t)(1u << (i - first));
    return 1;
}
