/* JSON reader: recursive descent over a private copy of the input. Strings
 * are unescaped in place (an escape never grows), so a document costs one
 * copy of its text plus 40 bytes a value. Containers collect their children
 * on one scratch stack and move them into the arena when they close, so
 * nested containers never realloc each other's items. */
#include "json_read.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct arena_block {
    struct arena_block *next;
    size_t used, cap;
} arena_block_t;

struct json_doc {
    char *text;
    arena_block_t *blocks;
    json_value_t root;
};

typedef struct parser {
    char *s;
    size_t len, pos;
    uint32_t line;
    size_t line_start;
    uint32_t max_depth;
    json_value_t *stack;
    size_t sp, cap;
    json_doc_t *doc;
    json_error_t *err;
} parser_t;

#define ARENA_BLOCK ((size_t)64 << 10)

static void *arena_alloc(json_doc_t *d, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    arena_block_t *b = d->blocks;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        b = (arena_block_t *)malloc(sizeof *b + cap);
        if (!b)
            return NULL;
        b->cap = cap;
        b->used = 0;
        b->next = d->blocks;
        d->blocks = b;
    }
    void *p = (char *)(b + 1) + b->used;
    b->used += n;
    return p;
}

static int fail(parser_t *ps, const char *fmt, ...)
{
    va_list ap;
    ps->err->line = ps->line;
    ps->err->column = (uint32_t)(ps->pos - ps->line_start + 1);
    va_start(ap, fmt);
    vsnprintf(ps->err->message, sizeof ps->err->message, fmt, ap);
    va_end(ap);
    return -1;
}

static int fail_char(parser_t *ps, const char *what)
{
    if (ps->pos >= ps->len)
        return fail(ps, "unexpected end of input, expected %s", what);
    unsigned char c = (unsigned char)ps->s[ps->pos];
    if (c > 0x20 && c < 0x7f)
        return fail(ps, "unexpected '%c', expected %s", c, what);
    return fail(ps, "unexpected byte 0x%02x, expected %s", c, what);
}

static void skip_ws(parser_t *ps)
{
    for (; ps->pos < ps->len; ps->pos++) {
        char c = ps->s[ps->pos];
        if (c == '\n') {
            ps->line++;
            ps->line_start = ps->pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
    }
}

static int push(parser_t *ps, const json_value_t *v)
{
    if (ps->sp == ps->cap) {
        size_t cap = ps->cap ? ps->cap * 2 : 256;
        json_value_t *n = (json_value_t *)realloc(ps->stack, cap * sizeof *n);
        if (!n)
            return fail(ps, "out of memory");
        ps->stack = n;
        ps->cap = cap;
    }
    ps->stack[ps->sp++] = *v;
    return 0;
}

/* Moves the children above base into the arena as out's items. */
static int close_container(parser_t *ps, size_t base, json_value_t *out)
{
    size_t n = ps->sp - base;
    if (n > UINT32_MAX)
        return fail(ps, "more than %u items", UINT32_MAX);
    out->count = (uint32_t)n;
    out->u.items = NULL;
    if (n) {
        out->u.items = (json_value_t *)arena_alloc(ps->doc, n * sizeof(json_value_t));
        if (!out->u.items)
            return fail(ps, "out of memory");
        memcpy(out->u.items, ps->stack + base, n * sizeof(json_value_t));
    }
    ps->sp = base;
    ps->pos++;
    return 0;
}

/* Bytes in the valid UTF-8 sequence at s (at most avail), or 0. */
static int utf8_len(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xbf;
    int n;
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) n = 3;
    else if (c >= 0xf0 && c <= 0xf4) n = 4;
    else return 0;
    if ((size_t)n > avail)
        return 0;
    if (c == 0xe0) lo = 0xa0;      /* overlong */
    if (c == 0xed) hi = 0x9f;      /* UTF-16 surrogates */
    if (c == 0xf0) lo = 0x90;      /* overlong */
    if (c == 0xf4) hi = 0x8f;      /* above U+10FFFF */
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

static int hex4(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
        else return -1;
    }
    *out = v;
    return 0;
}

static size_t utf8_put(char *w, uint32_t cp)
{
    if (cp < 0x80) {
        w[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        w[0] = (char)(0xc0 | cp >> 6);
        w[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        w[0] = (char)(0xe0 | cp >> 12);
        w[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        w[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    w[0] = (char)(0xf0 | cp >> 18);
    w[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    w[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    w[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* \uXXXX at ps->pos (the backslash), a surrogate pair as one code point. */
static int unicode_escape(parser_t *ps, uint32_t *cp)
{
    if (ps->len - ps->pos < 6 || hex4(ps->s + ps->pos + 2, cp))
        return fail(ps, "bad \\u escape (want 4 hex digits)");
    if (*cp >= 0xdc00 && *cp <= 0xdfff)
        return fail(ps, "unpaired UTF-16 surrogate \\u%04x", *cp);
    if (*cp < 0xd800 || *cp > 0xdbff) {
        ps->pos += 6;
        return 0;
    }
    uint32_t lo;
    const char *n = ps->s + ps->pos + 6;
    if (ps->len - ps->pos < 12 || n[0] != '\\' || n[1] != 'u' || hex4(n + 2, &lo) || lo < 0xdc00 ||
        lo > 0xdfff)
        return fail(ps, "unpaired UTF-16 surrogate \\u%04x", *cp);
    *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
    ps->pos += 12;
    return 0;
}

static int escape(parser_t *ps, char *w, size_t *wn)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    char c = ps->pos + 1 < ps->len ? ps->s[ps->pos + 1] : 0;
    const char *e = c ? strchr(from, c) : NULL;
    if (e) {
        *w = to[e - from];
        *wn = 1;
        ps->pos += 2;
        return 0;
    }
    if (c != 'u') {
        ps->pos++;
        return fail_char(ps, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }
    uint32_t cp;
    if (unicode_escape(ps, &cp))
        return -1;
    *wn = utf8_put(w, cp);
    return 0;
}

static int parse_string(parser_t *ps, json_value_t *out)
{
    size_t start = ++ps->pos, w = start;
    for (;;) {
        if (ps->pos >= ps->len)
            return fail(ps, "unterminated string");
        unsigned char c = (unsigned char)ps->s[ps->pos];
        if (c == '"')
            break;
        if (c < 0x20)
            return fail(ps, "control character 0x%02x in a string (escape it)", c);
        if (c == '\\') {
            char buf[4];
            size_t n = 0;
            if (escape(ps, buf, &n))
                return -1;
            memcpy(ps->s + w, buf, n);
            w += n;
            continue;
        }
        int n = c < 0x80 ? 1 : utf8_len((const unsigned char *)ps->s + ps->pos, ps->len - ps->pos);
        if (!n)
            return fail(ps, "invalid UTF-8 in a string");
        memmove(ps->s + w, ps->s + ps->pos, (size_t)n);
        w += (size_t)n;
        ps->pos += (size_t)n;
    }
    if (w - start > UINT32_MAX)
        return fail(ps, "string longer than 4 GiB");
    ps->s[w] = 0;
    ps->pos++;
    out->kind = JSON_STRING;
    out->count = (uint32_t)(w - start);
    out->u.str = ps->s + start;
    return 0;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t digits(parser_t *ps)
{
    size_t n = 0;
    while (ps->pos < ps->len && is_digit(ps->s[ps->pos]))
        ps->pos++, n++;
    return n;
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static int parse_number(parser_t *ps, json_value_t *out)
{
    size_t start = ps->pos;
    int neg = ps->s[ps->pos] == '-', is_int = 1;
    ps->pos += (size_t)neg;
    size_t int_start = ps->pos;
    if (!digits(ps)) {
        return fail_char(ps, "a digit");
    }
    if (ps->s[int_start] == '0' && ps->pos - int_start > 1) {
        ps->pos = int_start + 1;
        return fail(ps, "leading zero in a number");
    }
    if (ps->pos < ps->len && ps->s[ps->pos] == '.') {
        ps->pos++;
        is_int = 0;
        if (!digits(ps))
            return fail_char(ps, "a digit after '.'");
    }
    if (ps->pos < ps->len && (ps->s[ps->pos] == 'e' || ps->s[ps->pos] == 'E')) {
        ps->pos++;
        is_int = 0;
        if (ps->pos < ps->len && (ps->s[ps->pos] == '+' || ps->s[ps->pos] == '-'))
            ps->pos++;
        if (!digits(ps))
            return fail_char(ps, "a digit in the exponent");
    }
    uint64_t mag = 0;
    for (size_t i = int_start; is_int && i < ps->pos; i++) {
        uint64_t d = (uint64_t)(ps->s[i] - '0');
        if (mag > (UINT64_MAX - d) / 10)
            is_int = 0;
        mag = mag * 10 + d;
    }
    char tmp[400];
    size_t n = ps->pos - start;
    if (n >= sizeof tmp) {
        ps->pos = start;
        return fail(ps, "number longer than %zu characters", sizeof tmp - 1);
    }
    memcpy(tmp, ps->s + start, n);
    tmp[n] = 0;
    double d = strtod(tmp, NULL);
    if (isinf(d)) {
        ps->pos = start;
        return fail(ps, "number out of range");
    }
    out->kind = JSON_NUMBER;
    out->u.num.d = d;
    out->u.num.mag = is_int ? mag : 0;
    out->is_int = (uint8_t)is_int;
    out->negative = (uint8_t)neg;
    return 0;
}

static int parse_literal(parser_t *ps, json_value_t *out)
{
    static const struct { const char *word; json_kind_t kind; } lit[] = {
        {"true", JSON_TRUE}, {"false", JSON_FALSE}, {"null", JSON_NULL},
    };
    for (size_t i = 0; i < sizeof lit / sizeof lit[0]; i++) {
        size_t n = strlen(lit[i].word);
        if (ps->len - ps->pos >= n && !memcmp(ps->s + ps->pos, lit[i].word, n)) {
            ps->pos += n;
            out->kind = lit[i].kind;
            return 0;
        }
    }
    return fail_char(ps, "a value");
}

static int parse_value(parser_t *ps, json_value_t *out, uint32_t depth);

static int enter(parser_t *ps, uint32_t depth)
{
    if (depth >= ps->max_depth)
        return fail(ps, "nested deeper than %u arrays/objects", ps->max_depth);
    ps->pos++;
    skip_ws(ps);
    return 0;
}

static int parse_array(parser_t *ps, json_value_t *out, uint32_t depth)
{
    size_t base = ps->sp;
    out->kind = JSON_ARRAY;
    if (enter(ps, depth))
        return -1;
    if (ps->pos < ps->len && ps->s[ps->pos] == ']')
        return close_container(ps, base, out);
    for (;;) {
        json_value_t v;
        if (parse_value(ps, &v, depth + 1) || push(ps, &v))
            return -1;
        skip_ws(ps);
        if (ps->pos < ps->len && ps->s[ps->pos] == ']')
            return close_container(ps, base, out);
        if (ps->pos >= ps->len || ps->s[ps->pos] != ',')
            return fail_char(ps, "',' or ']'");
        ps->pos++;
        skip_ws(ps);
    }
}

static int parse_member(parser_t *ps, uint32_t depth)
{
    json_value_t k, v;
    if (ps->pos >= ps->len || ps->s[ps->pos] != '"')
        return fail_char(ps, "a member name in double quotes");
    if (parse_string(ps, &k))
        return -1;
    skip_ws(ps);
    if (ps->pos >= ps->len || ps->s[ps->pos] != ':')
        return fail_char(ps, "':'");
    ps->pos++;
    if (parse_value(ps, &v, depth + 1))
        return -1;
    v.key = k.u.str;
    return push(ps, &v);
}

static int parse_object(parser_t *ps, json_value_t *out, uint32_t depth)
{
    size_t base = ps->sp;
    out->kind = JSON_OBJECT;
    if (enter(ps, depth))
        return -1;
    if (ps->pos < ps->len && ps->s[ps->pos] == '}')
        return close_container(ps, base, out);
    for (;;) {
        if (parse_member(ps, depth))
            return -1;
        skip_ws(ps);
        if (ps->pos < ps->len && ps->s[ps->pos] == '}')
            return close_container(ps, base, out);
        if (ps->pos >= ps->len || ps->s[ps->pos] != ',')
            return fail_char(ps, "',' or '}'");
        ps->pos++;
        skip_ws(ps);
    }
}

static int parse_value(parser_t *ps, json_value_t *out, uint32_t depth)
{
    memset(out, 0, sizeof *out);
    skip_ws(ps);
    if (ps->pos >= ps->len)
        return fail_char(ps, "a value");
    char c = ps->s[ps->pos];
    if (c == '{')
        return parse_object(ps, out, depth);
    if (c == '[')
        return parse_array(ps, out, depth);
    if (c == '"')
        return parse_string(ps, out);
    if (c == '-' || is_digit(c))
        return parse_number(ps, out);
    return parse_literal(ps, out);
}

void json_free(json_doc_t *d)
{
    if (!d)
        return;
    while (d->blocks) {
        arena_block_t *n = d->blocks->next;
        free(d->blocks);
        d->blocks = n;
    }
    free(d->text);
    free(d);
}

static json_doc_t *no_memory(json_error_t *err)
{
    err->line = err->column = 0;
    snprintf(err->message, sizeof err->message, "out of memory");
    return NULL;
}

/* Takes ownership of text (len bytes, text[len] writable). */
static json_doc_t *parse_owned(char *text, size_t len, const json_limits_t *lim, json_error_t *err)
{
    json_doc_t *d = (json_doc_t *)calloc(1, sizeof *d);
    if (!d) {
        free(text);
        return no_memory(err);
    }
    d->text = text;
    text[len] = 0;
    parser_t ps;
    memset(&ps, 0, sizeof ps);
    ps.s = text;
    ps.len = len;
    ps.line = 1;
    ps.max_depth = lim && lim->max_depth ? lim->max_depth : JSON_DEFAULT_DEPTH;
    ps.doc = d;
    ps.err = err;
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        ps.pos = ps.line_start = 3;
    skip_ws(&ps);
    int rc = ps.pos >= len ? fail(&ps, "empty document") : parse_value(&ps, &d->root, 0);
    if (!rc) {
        skip_ws(&ps);
        if (ps.pos < len)
            rc = fail_char(&ps, "the end of the document");
    }
    free(ps.stack);
    if (rc) {
        json_free(d);
        return NULL;
    }
    return d;
}

static size_t byte_limit(const json_limits_t *lim)
{
    return lim && lim->max_bytes ? lim->max_bytes : JSON_DEFAULT_BYTES;
}

static json_doc_t *too_big(json_error_t *err, size_t limit)
{
    err->line = err->column = 0;
    snprintf(err->message, sizeof err->message, "larger than %zu bytes", limit);
    return NULL;
}

json_doc_t *json_parse(const char *text, size_t len, const json_limits_t *lim, json_error_t *err)
{
    if (len > byte_limit(lim))
        return too_big(err, byte_limit(lim));
    char *copy = (char *)malloc(len + 1);
    if (!copy)
        return no_memory(err);
    memcpy(copy, text, len);
    return parse_owned(copy, len, lim, err);
}

static json_doc_t *read_error(json_error_t *err, char *buf, FILE *f, int e)
{
    free(buf);
    if (f)
        fclose(f);
    err->line = err->column = 0;
    snprintf(err->message, sizeof err->message, "%s", strerror(e));
    return NULL;
}

json_doc_t *json_parse_file(const char *path, const json_limits_t *lim, json_error_t *err)
{
    size_t limit = byte_limit(lim), len = 0, cap = 0;
    char *buf = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return read_error(err, NULL, NULL, errno);
    for (;;) {
        if (cap - len < 2) {
            size_t ncap = cap ? cap * 2 : 64 << 10;
            char *n = (char *)realloc(buf, ncap);
            if (!n)
                return read_error(err, buf, f, ENOMEM);
            buf = n;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (len > limit) {
            free(buf);
            fclose(f);
            return too_big(err, limit);
        }
        if (got == 0)
            break;
    }
    if (ferror(f))
        return read_error(err, buf, f, errno ? errno : EIO);
    fclose(f);
    return parse_owned(buf, len, lim, err);
}

const json_value_t *json_root(const json_doc_t *d) { return &d->root; }

const json_value_t *json_get(const json_value_t *obj, const char *key)
{
    if (!obj || obj->kind != JSON_OBJECT)
        return NULL;
    for (uint32_t i = obj->count; i-- > 0;)
        if (!strcmp(obj->u.items[i].key, key))
            return &obj->u.items[i];
    return NULL;
}

const json_value_t *json_at(const json_value_t *arr, uint32_t i)
{
    if (!arr || arr->kind != JSON_ARRAY || i >= arr->count)
        return NULL;
    return &arr->u.items[i];
}

const char *json_str(const json_value_t *v) { return v && v->kind == JSON_STRING ? v->u.str : NULL; }

int json_u64(const json_value_t *v, uint64_t *out)
{
    if (!v || v->kind != JSON_NUMBER || !v->is_int || (v->negative && v->u.num.mag))
        return -1;
    *out = v->u.num.mag;
    return 0;
}

int json_i64(const json_value_t *v, int64_t *out)
{
    if (!v || v->kind != JSON_NUMBER || !v->is_int)
        return -1;
    uint64_t m = v->u.num.mag;
    if (v->negative ? m > (uint64_t)INT64_MAX + 1 : m > (uint64_t)INT64_MAX)
        return -1;
    *out = v->negative ? (int64_t)(0 - m) : (int64_t)m;
    return 0;
}

int json_double(const json_value_t *v, double *out)
{
    if (!v || v->kind != JSON_NUMBER)
        return -1;
    *out = v->u.num.d;
    return 0;
}

const char *json_kind_name(uint32_t kind)
{
    static const char *const names[] = {"null", "false", "true", "number", "string", "array", "object"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}
