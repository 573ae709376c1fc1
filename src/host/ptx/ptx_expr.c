/* Integer constant expressions: PTX allows C's operators on literals
 * (`3+4`, `-0x10`, `(1<<20)-1`). The arithmetic is 64-bit two's complement. */
#include "host/ptx/ptx_parse.h"

static int64_t unary(ptx_parser_t *ps);

/* Binding power of a binary operator token; 0 if it is not one. */
static int power(const ptx_tok_t *t)
{
    if (t->kind != PTX_TOK_PUNCT)
        return 0;
    if (t->flags & PTX_TOKF_SHL)
        return 4;
    switch (t->punct) {
    case '*': case '/': case '%': return 6;
    case '+': case '-': return 5;
    case '&': return 3;
    case '^': return 2;
    case '|': return 1;
    default: return 0;
    }
}

static int64_t apply(ptx_parser_t *ps, const ptx_tok_t *op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    if (op->flags & PTX_TOKF_SHL)
        return op->punct == '<' ? (int64_t)(ua << (ub & 63)) : a >> (ub & 63);
    switch (op->punct) {
    case '*': return (int64_t)(ua * ub);
    case '+': return (int64_t)(ua + ub);
    case '-': return (int64_t)(ua - ub);
    case '&': return a & b;
    case '^': return a ^ b;
    case '|': return a | b;
    default: break;
    }
    if (b == 0)
        ptx_fail(ps, op, "division by zero in a constant expression");
    if (a == INT64_MIN && b == -1)
        return op->punct == '/' ? INT64_MIN : 0;
    return op->punct == '/' ? a / b : a % b;
}

static int64_t binary(ptx_parser_t *ps, int min_power)
{
    int64_t v = unary(ps);
    for (;;) {
        const ptx_tok_t *op = ptx_peek(ps, 0);
        int p = power(op);
        if (p < min_power || p == 0)
            return v;
        ptx_next(ps);
        v = apply(ps, op, v, binary(ps, p + 1));
    }
}

static int64_t unary(ptx_parser_t *ps)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (++ps->expr_depth > PTX_MAX_DEPTH)
        ptx_fail(ps, t, "expression nested too deeply");
    int64_t v;
    if (t->kind == PTX_TOK_INT) {
        ptx_next(ps);
        v = (int64_t)t->val;
    } else if (ptx_tok_ident(t, "WARP_SZ")) {
        ptx_next(ps);
        v = 32;
    } else if (ptx_accept(ps, '(')) {
        v = binary(ps, 1);
        ptx_expect(ps, ')');
    } else if (ptx_accept(ps, '-')) {
        v = (int64_t)(0 - (uint64_t)unary(ps));
    } else if (ptx_accept(ps, '+')) {
        v = unary(ps);
    } else if (ptx_accept(ps, '~')) {
        v = ~unary(ps);
    } else if (ptx_accept(ps, '!')) {
        v = !unary(ps);
    } else {
        ptx_expected(ps, "an integer");
    }
    ps->expr_depth--;
    return v;
}

int64_t ptx_parse_expr(ptx_parser_t *ps)
{
    ps->expr_depth = 0;
    return binary(ps, 1);
}

uint32_t ptx_parse_u32(ptx_parser_t *ps, const char *what)
{
    const ptx_tok_t *t = ptx_peek(ps, 0);
    if (t->kind != PTX_TOK_INT)
        ptx_expected(ps, what);
    int64_t v = ptx_parse_expr(ps);
    if (v < 0 || v > UINT32_MAX)
        ptx_fail(ps, t, "%s out of range", what);
    return (uint32_t)v;
}
