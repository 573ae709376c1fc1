/* The PTX tokenizer (ptx_lex.h). */
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_lex.h"

#define PTX_MAX_TOKENS (1u << 26)

typedef struct {
    const char *s;
    size_t len, i;
    uint32_t line, col;
} lex_t;

static int ch(const lex_t *lx, size_t k) { return lx->i + k < lx->len ? (unsigned char)lx->s[lx->i + k] : -1; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static int is_follow(int c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$'; }
static int xval(int c) { return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }

static void advance(lex_t *lx, size_t k)
{
    for (; k && lx->i < lx->len; k--, lx->i++) {
        if (lx->s[lx->i] == '\n') {
            lx->line++;
            lx->col = 1;
        } else {
            lx->col++;
        }
    }
}

/* Whitespace and comments; returns whether any was skipped, or -1 for an
 * unterminated block comment (*line, *col: where it began). */
static int skip_space(lex_t *lx, uint32_t *line, uint32_t *col)
{
    int any = 0;
    for (;;) {
        int c = ch(lx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(lx, 1);
        } else if (c == '/' && ch(lx, 1) == '/') {
            while (ch(lx, 0) != -1 && ch(lx, 0) != '\n')
                advance(lx, 1);
        } else if (c == '/' && ch(lx, 1) == '*') {
            *line = lx->line;
            *col = lx->col;
            advance(lx, 2);
            while (ch(lx, 0) != -1 && !(ch(lx, 0) == '*' && ch(lx, 1) == '/'))
                advance(lx, 1);
            if (ch(lx, 0) == -1)
                return -1;
            advance(lx, 2);
        } else {
            return any;
        }
        any = 1;
    }
}

static int fail(ptx_tok_t *t, const char *why)
{
    t->kind = PTX_TOK_ERROR;
    t->err = why;
    return 0;
}

/* 0f + 8 hex digits or 0d + 16: a float's bits. */
static int lex_hex_float(lex_t *lx, ptx_tok_t *t)
{
    unsigned n = (ch(lx, 1) | 0x20) == 'f' ? 8 : 16;
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++) {
        if (!is_xdigit(ch(lx, 2 + k)))
            return fail(t, n == 8 ? "0f needs 8 hex digits" : "0d needs 16 hex digits");
        v = v << 4 | (uint64_t)xval(ch(lx, 2 + k));
    }
    if (is_follow(ch(lx, 2 + n)))
        return fail(t, "malformed float literal");
    t->kind = PTX_TOK_FLOAT;
    t->fsize = n == 8 ? 4 : 8;
    t->val = v;
    advance(lx, 2 + n);
    return 1;
}

/* A decimal float: digits with a point and/or an exponent; strtod reads it. */
static int lex_dec_float(lex_t *lx, ptx_tok_t *t, size_t end)
{
    char buf[128];
    size_t n = end - lx->i;
    if (n >= sizeof buf)
        return fail(t, "float literal too long");
    memcpy(buf, lx->s + lx->i, n);
    buf[n] = 0;
    double d = strtod(buf, NULL);
    memcpy(&t->val, &d, sizeof d);
    t->kind = PTX_TOK_FLOAT;
    t->fsize = 8;
    t->flags |= PTX_TOKF_DECIMAL;
    advance(lx, n);
    return 1;
}

/* The end of a decimal float starting at lx->i, or 0 if it is not one. */
static size_t dec_float_end(const lex_t *lx)
{
    size_t j = lx->i;
    int digits = 0, point = 0;
    while (j < lx->len && is_digit((unsigned char)lx->s[j]))
        j++, digits++;
    if (j < lx->len && lx->s[j] == '.') {
        point = 1;
        j++;
        while (j < lx->len && is_digit((unsigned char)lx->s[j]))
            j++, digits++;
    }
    if (!digits)
        return 0;
    size_t e = j;
    if (e < lx->len && (lx->s[e] | 0x20) == 'e') {
        e++;
        if (e < lx->len && (lx->s[e] == '+' || lx->s[e] == '-'))
            e++;
        size_t d0 = e;
        while (e < lx->len && is_digit((unsigned char)lx->s[e]))
            e++;
        if (e > d0)
            return e;
    }
    return point ? j : 0;
}

static int lex_int(lex_t *lx, ptx_tok_t *t)
{
    unsigned base = 10;
    size_t k = 0;
    if (ch(lx, 0) == '0' && (ch(lx, 1) | 0x20) == 'x')
        base = 16, k = 2;
    else if (ch(lx, 0) == '0' && (ch(lx, 1) | 0x20) == 'b')
        base = 2, k = 2;
    else if (ch(lx, 0) == '0' && is_digit(ch(lx, 1)))
        base = 8, k = 1;
    uint64_t v = 0;
    size_t d0 = k;
    for (;; k++) {
        int c = ch(lx, k);
        if (c == -1 || !is_xdigit(c) || (unsigned)xval(c) >= base)
            break;
        unsigned dv = (unsigned)xval(c);
        if (v > (UINT64_MAX - dv) / base)
            return fail(t, "integer does not fit in 64 bits");
        v = v * base + dv;
    }
    if (k == d0)
        return fail(t, "malformed integer");
    if ((ch(lx, k) | 0x20) == 'u')
        k++;
    if (is_follow(ch(lx, k)))
        return fail(t, "malformed integer");
    t->kind = PTX_TOK_INT;
    t->val = v;
    advance(lx, k);
    return 1;
}

static int lex_number(lex_t *lx, ptx_tok_t *t)
{
    int c1 = ch(lx, 1) | 0x20;
    if (ch(lx, 0) == '0' && (c1 == 'f' || c1 == 'd'))
        return lex_hex_float(lx, t);
    if (!(ch(lx, 0) == '0' && (c1 == 'x' || c1 == 'b'))) {
        size_t end = dec_float_end(lx);
        if (end)
            return lex_dec_float(lx, t, end);
    }
    return lex_int(lx, t);
}

static int lex_string(lex_t *lx, ptx_tok_t *t)
{
    size_t k = 1;
    for (;; k++) {
        int c = ch(lx, k);
        if (c == -1 || c == '\n')
            return fail(t, "unterminated string");
        if (c == '\\' && ch(lx, k + 1) != -1)
            k++;
        else if (c == '"')
            break;
    }
    t->kind = PTX_TOK_STRING;
    t->text = lx->s + lx->i + 1;
    t->len = (uint32_t)(k - 1);
    advance(lx, k + 1);
    return 1;
}

/* A name: [A-Za-z][A-Za-z0-9_$]* or [_$%][A-Za-z0-9_$]+ (a lone _ is the sink);
 * a directive or modifier: '.' then letters, digits, _ $ and :: pieces. */
static int lex_word(lex_t *lx, ptx_tok_t *t)
{
    size_t k = 1;
    int dot = ch(lx, 0) == '.';
    for (;; k++) {
        int c = ch(lx, k);
        if (is_follow(c))
            continue;
        if (dot && c == ':' && ch(lx, k + 1) == ':' && is_follow(ch(lx, k + 2))) {
            k++;
            continue;
        }
        break;
    }
    if (k == 1 && (dot || ch(lx, 0) == '$'))
        return fail(t, dot ? "'.' without a name" : "malformed name");
    t->kind = dot ? PTX_TOK_DOT : PTX_TOK_IDENT;
    t->text = lx->s + lx->i;
    t->len = (uint32_t)k;
    advance(lx, k);
    return 1;
}

static int lex_one(lex_t *lx, ptx_tok_t *t)
{
    int c = ch(lx, 0);
    t->text = lx->s + lx->i;
    t->len = 1;
    /* ".5" is a number, but "tex.2d" a word and its modifier */
    int glued = lx->i > 0 && is_follow((unsigned char)lx->s[lx->i - 1]);
    if (is_digit(c) || (c == '.' && is_digit(ch(lx, 1)) && !glued)) {
        size_t start = lx->i;
        int ok = lex_number(lx, t);
        t->len = ok ? (uint32_t)(lx->i - start) : 1;
        return ok;
    }
    /* '%' alone is the remainder operator of constant expressions */
    if (is_alpha(c) || c == '_' || c == '$' || c == '.' || (c == '%' && is_follow(ch(lx, 1))))
        return lex_word(lx, t);
    if (c == '"')
        return lex_string(lx, t);
    if (c && strchr(",;:{}[]()<>+-*/%!@|=~&^", c)) {
        t->kind = PTX_TOK_PUNCT;
        t->punct = (char)c;
        advance(lx, 1);
        if ((c == '<' || c == '>') && ch(lx, 0) == c) {
            t->flags |= PTX_TOKF_SHL;
            t->len = 2;
            advance(lx, 1);
        }
        return 1;
    }
    return fail(t, "unexpected character");
}

ptx_tok_t *ptx_lex(ptx_pool_t *pool, const char *text, size_t len, uint32_t *ntok, const char **why)
{
    lex_t lx = {text, len, 0, 1, 1};
    uint32_t n = 0, cap = 1024;
    ptx_tok_t *toks = ptx_pool_alloc(pool, cap * sizeof *toks);
    for (;;) {
        if (!toks) {
            *why = "out of memory";
            return NULL;
        }
        if (n + 1 == cap) {
            if (cap >= PTX_MAX_TOKENS) {
                *why = "too many tokens";
                return NULL;
            }
            toks = ptx_pool_resize(pool, toks, cap * sizeof *toks, 2 * cap * sizeof *toks);
            cap *= 2;
            continue;
        }
        ptx_tok_t *t = &toks[n++];
        uint32_t cline = 0, ccol = 0;
        int sp = skip_space(&lx, &cline, &ccol);
        memset(t, 0, sizeof *t);
        t->line = sp < 0 ? cline : lx.line;
        t->col = sp < 0 ? ccol : lx.col;
        t->flags = sp ? PTX_TOKF_SPACE : 0;
        if (sp < 0) {
            fail(t, "unterminated comment");
            t->text = "/*";
            t->len = 2;
            break;
        }
        if (ch(&lx, 0) == -1) {
            t->kind = PTX_TOK_EOF;
            t->text = text + lx.i;
            break;
        }
        if (!lex_one(&lx, t))
            break; /* the parser stops at the ERROR token: nothing after it matters */
    }
    *ntok = n;
    return toks;
}

int ptx_tok_is(const ptx_tok_t *t, char punct)
{
    return t->kind == PTX_TOK_PUNCT && t->punct == punct && !(t->flags & PTX_TOKF_SHL);
}

int ptx_tok_dot(const ptx_tok_t *t, const char *name)
{
    return t->kind == PTX_TOK_DOT && strlen(name) == t->len && memcmp(t->text, name, t->len) == 0;
}

int ptx_tok_ident(const ptx_tok_t *t, const char *name)
{
    return t->kind == PTX_TOK_IDENT && strlen(name) == t->len && memcmp(t->text, name, t->len) == 0;
}
