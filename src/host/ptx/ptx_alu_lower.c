/* ptx_alu_from_insn: which instructions the ALU computes, and their
 * descriptor (the IR's typed modifier fields, copied). */
#include <string.h>

#include "host/ptx/ptx_alu_lower.h"

static int is_alu_op(uint32_t op)
{
    switch (op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_MUL24:
    case PTX_OP_MAD24: case PTX_OP_SAD: case PTX_OP_DIV: case PTX_OP_REM: case PTX_OP_ABS:
    case PTX_OP_NEG: case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_ADDC: case PTX_OP_SUBC:
    case PTX_OP_MADC: case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BFIND: case PTX_OP_FNS:
    case PTX_OP_BREV: case PTX_OP_BFE: case PTX_OP_BFI: case PTX_OP_BMSK: case PTX_OP_PRMT:
    case PTX_OP_SHF: case PTX_OP_DP4A: case PTX_OP_DP2A:
    case PTX_OP_SHL: case PTX_OP_SHR: case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR:
    case PTX_OP_NOT: case PTX_OP_CNOT: case PTX_OP_LOP3: case PTX_OP_SETP: case PTX_OP_SET:
    case PTX_OP_SELP: case PTX_OP_SLCT: case PTX_OP_FMA: case PTX_OP_RCP: case PTX_OP_SQRT:
    case PTX_OP_RSQRT: case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_LG2: case PTX_OP_EX2:
    case PTX_OP_TANH: case PTX_OP_COPYSIGN: case PTX_OP_TESTP: case PTX_OP_CVT: case PTX_OP_MOV:
        return 1;
    default:
        return 0;
    }
}

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
    if (!is_alu_op(in->op) || (in->op == PTX_OP_MOV && !mov_source_ok(in)))
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
