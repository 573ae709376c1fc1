/* Instructions: [@[!]p] opcode{.modifier} operand, operand ... ;
 * The opcode and its modifiers are one run of words without spaces
 * ("ld.global.nc.v4.f32"); the op table's longest mnemonic that begins the
 * run is the op, the rest are modifiers (ptx_mods.c). */
#include <string.h>

#include "host/ptx/ptx_mods.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_parse.h"
#include "host/ptx/ptx_unsupported.h"

#define MAX_WORDS 24

typedef struct {
    const ptx_tok_t *tok[MAX_WORDS];
    const char *w[MAX_WORDS];
    uint32_t len[MAX_WORDS];
    unsigned n;
} words_t;

static void parse_guard(ptx_parser_t *ps, ptx_insn_t *in)
{
    if (!ptx_accept(ps, '@'))
        return;
    in->guard_neg = (uint8_t)ptx_accept(ps, '!');
    const ptx_tok_t *t = ptx_peek(ps, 0);
    ptx_rclass_t rc;
    ptx_type_t ty;
    if (t->kind != PTX_TOK_IDENT || !ptx_find_reg(ps, t, &rc, &in->guard, &ty) || rc != PTX_RC_PRED)
        ptx_expected(ps, "a predicate register");
    ptx_next(ps);
    in->has_guard = 1;
}

/* The opcode and the dotted words glued to it. */
static void read_words(ptx_parser_t *ps, words_t *wd)
{
    wd->n = 0;
    do {
        const ptx_tok_t *t = ptx_next(ps);
        if (wd->n == MAX_WORDS)
            ptx_fail(ps, t, "too many modifiers");
        wd->tok[wd->n] = t;
        wd->w[wd->n] = t->text;
        wd->len[wd->n++] = t->len;
    } while (ptx_peek(ps, 0)->kind == PTX_TOK_DOT && !(ptx_peek(ps, 0)->flags & PTX_TOKF_SPACE));
}

/* "mma.sync.aligned.m16n8k16": the whole run, for messages. */
static int run_length(const words_t *wd)
{
    const ptx_tok_t *a = wd->tok[0], *b = wd->tok[wd->n - 1];
    return (int)(b->text + b->len - a->text) > 120 ? 120 : (int)(b->text + b->len - a->text);
}

static void lookup_op(ptx_parser_t *ps, ptx_insn_t *in, const words_t *wd, unsigned *used)
{
    const ptx_tok_t *t = wd->tok[0];
    int op = -1;
    if (ptx_is_unsupported(wd->w, wd->len, wd->n))
        ptx_fail(ps, t, "unsupported instruction '%.*s' (not implemented by warpsim)", run_length(wd), t->text);
    if (wd->n >= 2 && ptx_tok_ident(t, "barrier") && ptx_tok_dot(wd->tok[1], ".red")) {
        op = PTX_OP_BAR_RED; /* barrier.red: bar.red without .aligned */
        *used = 2;
    } else {
        op = ptx_op_lookup(wd->w, wd->len, wd->n, used);
    }
    if (op < 0)
        ptx_fail(ps, t, "unknown instruction '%.*s'", run_length(wd), t->text);
    in->op = (uint16_t)op;
    if (op == PTX_OP_BAR_RED && ptx_tok_ident(t, "bar"))
        in->m.flags |= PTX_MF_ALIGNED;
}

static void apply_mods(ptx_parser_t *ps, ptx_insn_t *in, const words_t *wd, unsigned from)
{
    for (unsigned k = from; k < wd->n; k++) {
        const ptx_tok_t *t = wd->tok[k];
        switch (ptx_mod_apply(in, t->text, t->len)) {
        case PTX_MOD_OK: break;
        case PTX_MOD_UNKNOWN:
            ptx_fail(ps, t, "unknown modifier '%.*s' for '%s'", (int)t->len, t->text, ptx_op_name((ptx_op_t)in->op));
        case PTX_MOD_REPEATED:
            ptx_fail(ps, t, "modifier '%.*s' repeats or contradicts an earlier one", (int)t->len, t->text);
        case PTX_MOD_TYPES:
            ptx_fail(ps, t, "too many types: '%.*s'", (int)t->len, t->text);
        }
    }
    if (!in->m.vec)
        in->m.vec = 1;
}

/* The shape letter of operand position pos, every optional one counted. */
static char parse_letter(const char *shape, unsigned pos)
{
    unsigned seen = 0;
    for (const char *s = shape; *s; s++)
        if (*s != '?' && seen++ == pos)
            return *s;
    return 's';
}

/* Operands by the op's shape: labels, target lists and addresses read
 * differently from values. The `|p` of a PAIR op is an operand of its own. */
static void parse_operands(ptx_parser_t *ps, ptx_insn_t *in)
{
    const ptx_opinfo_t *info = ptx_opinfo((ptx_op_t)in->op);
    unsigned pos = 0;
    if (ptx_tok_is(ptx_peek(ps, 0), ';'))
        return;
    do {
        if (in->nopnd >= PTX_MAX_OPNDS)
            ptx_fail(ps, ptx_peek(ps, 0), "too many operands");
        ptx_parse_operand(ps, in, in->nopnd++, parse_letter(info->shape, pos++));
        if (in->nopnd == 1 && (info->props & PTX_P_PAIR) && ptx_accept(ps, '|')) {
            ptx_parse_operand(ps, in, in->nopnd, 'q');
            in->opnd[in->nopnd++].flags |= PTX_OPF_PAIR;
        }
    } while (ptx_accept(ps, ','));
}

void ptx_parse_insn(ptx_parser_t *ps)
{
    ptx_func_t *fn = ps->fn;
    ptx_insn_t in;
    memset(&in, 0, sizeof in);
    const ptx_tok_t *start = ptx_peek(ps, 0);
    memset(ps->opnd_tok, 0, sizeof ps->opnd_tok);
    parse_guard(ps, &in);
    if (ptx_peek(ps, 0)->kind != PTX_TOK_IDENT)
        ptx_expected(ps, "an instruction");
    words_t wd;
    unsigned used;
    read_words(ps, &wd);
    lookup_op(ps, &in, &wd, &used);
    apply_mods(ps, &in, &wd, used);
    if (in.op == PTX_OP_CALL)
        ptx_parse_call(ps, &in);
    else
        parse_operands(ps, &in);
    ptx_expect(ps, ';');
    in.line = start->line;
    in.col = start->col;
    in.loc_file = ps->loc_file;
    in.loc_line = ps->loc_line;
    in.loc_col = ps->loc_col;
    in.reconv = PTX_RECONV_NONE;
    ptx_check_insn(ps, &in, wd.tok[0]);
    *PTX_PUSH(ps, fn->insns, fn->ninsns) = in;
}
