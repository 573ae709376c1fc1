/* An IR instruction back to PTX text (ptx.h): registers by class and slot
 * (%r, %rd, %p), labels by instruction index ($L__12), floats as 0f/0d bits. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_disasm.h"
#include "host/ptx/ptx_mods.h"
#include "host/ptx/ptx_optab.h"

typedef struct {
    char *buf;
    size_t n;
    int len;
    const ptx_module_t *m;
    const ptx_func_t *f;
    const ptx_dnames_t *dn;
} dout_t;

__attribute__((format(printf, 2, 3))) static void emit(dout_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t at = (size_t)o->len < o->n ? (size_t)o->len : o->n;
    int k = vsnprintf(o->n > at ? o->buf + at : NULL, o->n > at ? o->n - at : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += k;
}

int ptx_reg_name(uint8_t rclass, uint32_t slot, char *buf, size_t n)
{
    static const char *const prefix[PTX_RC_COUNT] = {"%r", "%rd", "%p"};
    return snprintf(buf, n, "%s%" PRIu32, rclass < PTX_RC_COUNT ? prefix[rclass] : "%?", slot);
}

static const char *sym_name(const dout_t *o, ptx_symref_t s)
{
    const ptx_module_t *m = o->m;
    const ptx_func_t *f = o->f;
    switch (s.kind) {
    case PTX_SYM_GLOBAL: return s.index < m->nvars ? m->vars[s.index].name : "?";
    case PTX_SYM_FUNC: return s.index < m->nfuncs ? m->funcs[s.index].name : "?";
    case PTX_SYM_PARAM: return s.index < f->nparams ? f->params[s.index].name : "?";
    case PTX_SYM_RET: return s.index < f->nrets ? f->rets[s.index].name : "?";
    case PTX_SYM_VAR:
        if (s.index >= f->nvars)
            return "?";
        return o->dn && o->dn->vars ? o->dn->vars[s.index] : f->vars[s.index].name;
    default: return "?";
    }
}

static void emit_reg(dout_t *o, const ptx_operand_t *op)
{
    char name[32];
    ptx_reg_name(op->rclass, op->reg, name, sizeof name);
    emit(o, "%s%s", op->flags & PTX_OPF_NEG ? "!" : "", name);
}

static void emit_offset(dout_t *o, int64_t off)
{
    if (off)
        emit(o, "+%" PRId64, off);
}

static void emit_operand(dout_t *o, const ptx_operand_t *op);

static void emit_elems(dout_t *o, const ptx_operand_t *op, char open, char close)
{
    emit(o, "%c", open);
    for (uint32_t k = 0; k < op->count; k++) {
        emit(o, "%s", k ? ", " : "");
        if (op->index + k < o->f->nelems)
            emit_operand(o, &o->f->elems[op->index + k]);
    }
    emit(o, "%c", close);
}

static void emit_sreg(dout_t *o, const ptx_operand_t *op)
{
    ptx_sreg_t s = (ptx_sreg_t)op->index;
    if (ptx_sreg_form(s) == PTX_SREG_VEC)
        emit(o, "%s.%c", ptx_sreg_name(s), "?xyz"[op->comp & 3]);
    else if (ptx_sreg_form(s) == PTX_SREG_INDEXED)
        emit(o, "%s%u", ptx_sreg_name(s), op->comp);
    else
        emit(o, "%s", ptx_sreg_name(s));
}

static void emit_operand(dout_t *o, const ptx_operand_t *op)
{
    const ptx_dnames_t *dn = o->dn;
    switch (op->kind) {
    case PTX_OPND_REG: emit_reg(o, op); break;
    case PTX_OPND_IMM: emit(o, "%" PRId64, op->imm); break;
    case PTX_OPND_FIMM:
        if (op->size == 4)
            emit(o, "0f%08" PRIX32, (uint32_t)op->imm);
        else
            emit(o, "0d%016" PRIX64, (uint64_t)op->imm);
        break;
    case PTX_OPND_ADDR:
        emit(o, "[");
        if (op->rclass != PTX_RC_NONE) {
            emit_reg(o, op);
            emit_offset(o, op->imm);
        } else if (op->sym.kind != PTX_SYM_NONE) {
            emit(o, "%s", sym_name(o, op->sym));
            emit_offset(o, op->imm);
        } else {
            emit(o, "%" PRId64, op->imm);
        }
        if (op->count) {   /* a texture or surface's coordinates */
            emit(o, ", ");
            emit_elems(o, op, '{', '}');
        }
        emit(o, "]");
        break;
    case PTX_OPND_SYM:
        emit(o, "%s", sym_name(o, op->sym));
        emit_offset(o, op->imm);
        break;
    case PTX_OPND_LABEL: emit(o, "$L__%" PRIu32, op->index); break;
    case PTX_OPND_FUNC: emit(o, "%s", op->index < o->m->nfuncs ? o->m->funcs[op->index].name : "?"); break;
    case PTX_OPND_SREG: emit_sreg(o, op); break;
    case PTX_OPND_VEC: emit_elems(o, op, '{', '}'); break;
    case PTX_OPND_LIST: emit_elems(o, op, '(', ')'); break;
    case PTX_OPND_SINK: emit(o, "_"); break;
    case PTX_OPND_TLIST:
        emit(o, "%s", dn && dn->tlists ? dn->tlists[op->index] : o->f->tlists[op->index].name);
        break;
    case PTX_OPND_PROTO:
        emit(o, "%s", dn && dn->protos ? dn->protos[op->index] : o->f->protos[op->index].name);
        break;
    default: emit(o, "?"); break;
    }
}

/* call (rets), callee, (args)[, proto] */
static void emit_call(dout_t *o, const ptx_insn_t *in)
{
    emit(o, " ");
    if (in->opnd[0].count) {
        emit_operand(o, &in->opnd[0]);
        emit(o, ", ");
    }
    emit_operand(o, &in->opnd[1]);
    if (in->opnd[2].count || in->nopnd > 3) {
        emit(o, ", ");
        emit_operand(o, &in->opnd[2]);
    }
    if (in->nopnd > 3) {
        emit(o, ", ");
        emit_operand(o, &in->opnd[3]);
    }
}

int ptx_disasm_insn_named(const ptx_module_t *m, const ptx_func_t *f, const ptx_insn_t *in, const ptx_dnames_t *dn,
                          char *buf, size_t n)
{
    dout_t o = {buf, n, 0, m, f, dn};
    char mods[256];
    if (n)
        buf[0] = 0;
    if (in->has_guard)
        emit(&o, "@%s%%p%" PRIu32 " ", in->guard_neg ? "!" : "", in->guard);
    const char *mnem = ptx_op_name((ptx_op_t)in->op);
    if (in->op == PTX_OP_BAR_RED && !(in->m.flags & PTX_MF_ALIGNED))
        mnem = "barrier.red";
    ptx_mods_print(in, mods, sizeof mods);
    emit(&o, "%s%s", mnem, mods);
    if (in->op == PTX_OP_CALL)
        emit_call(&o, in);
    for (unsigned i = 0; in->op != PTX_OP_CALL && i < in->nopnd; i++) {
        const ptx_operand_t *op = &in->opnd[i];
        emit(&o, "%s", op->flags & PTX_OPF_PAIR ? "|" : i ? ", " : " ");
        emit_operand(&o, op);
    }
    return o.len;
}

int ptx_disasm_insn(const ptx_module_t *m, const ptx_func_t *f, const ptx_insn_t *in, char *buf, size_t n)
{
    return ptx_disasm_insn_named(m, f, in, NULL, buf, n);
}
