/* The launch file reader (kernels/ptx/README.md): one directive a line,
 * each read by its own function below; an error is one line naming the
 * file and line, and what was expected there. */
#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_lex.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 16

/* Grows *arr (of *n elements of size sz) by one zeroed element. */
static void *push(void *arr_p, uint32_t *n, size_t sz)
{
    void **arr = (void **)arr_p;
    char *a = realloc(*arr, (*n + 1) * sz);
    if (!a)
        return NULL;
    memset(a + *n * sz, 0, sz);
    *arr = a;
    return a + (*n)++ * sz;
}

static char *resolve(const lparse_t *p, const char *path)
{
    if (path[0] == '/' || !p->dir || !p->dir[0])
        return strdup(path);
    size_t n = strlen(p->dir) + strlen(path) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s/%s", p->dir, path);
    return s;
}

/* The word at i, or a complaint that `what` was expected there. */
static const char *word(lparse_t *p, int i, const char *what)
{
    if (i < p->nw)
        return p->w[i];
    fail(p, "expected %s", what);
    return NULL;
}

static int no_more(lparse_t *p, int i)
{
    return i < p->nw ? fail(p, "expected the end of the line, found '%s'", p->w[i]) : 0;
}

static int name_taken(const ptx_launch_t *l, const char *name)
{
    return ptx_launch_buffer(l, name) >= 0;
}

/* module PATH */
static int d_module(lparse_t *p)
{
    const char *path = word(p, 1, "a PTX file after 'module'");
    if (!path || no_more(p, 2))
        return -1;
    if (p->l->module)
        return fail(p, "expected one 'module' line (the first is on line %d)", p->l->module_line);
    p->l->module = resolve(p, path);
    p->l->module_line = p->line;
    return 0;
}

/* The fill words from i on, into b. */
static int read_fill(lparse_t *p, int i, ptx_buffer_decl_t *b)
{
    const char *f = word(p, i, "a fill: zero, const V, seq START STEP, random SEED LO HI or file PATH");
    if (!f)
        return -1;
    const char *what = ptx_elem_name(b->type);
    if (!strcmp(f, "zero")) {
        b->fill = PTX_FILL_ZERO;
        return no_more(p, i + 1);
    }
    if (!strcmp(f, "const")) {
        b->fill = PTX_FILL_CONST;
        if (lx_value(p, i + 1, b->type, &b->a, what))
            return -1;
        return no_more(p, i + 2);
    }
    if (!strcmp(f, "seq")) {
        b->fill = PTX_FILL_SEQ;
        if (lx_value(p, i + 1, b->type, &b->a, what) || lx_value(p, i + 2, b->type, &b->b, what))
            return -1;
        return no_more(p, i + 3);
    }
    if (!strcmp(f, "random")) {
        b->fill = PTX_FILL_RANDOM;
        if (lx_u64(p, i + 1, &b->seed, "a seed") || lx_value(p, i + 2, b->type, &b->a, what) ||
            lx_value(p, i + 3, b->type, &b->b, what))
            return -1;
        int fp = ptx_elem_is_float(b->type), sgn = ptx_elem_is_signed(b->type);
        if (fp ? !(b->a.f <= b->b.f) : sgn ? (int64_t)b->a.u > (int64_t)b->b.u : b->a.u > b->b.u)
            return fail(p, "expected LO <= HI, found %s %s", p->w[i + 2], p->w[i + 3]);
        return no_more(p, i + 4);
    }
    if (!strcmp(f, "file")) {
        const char *path = word(p, i + 1, "a file after 'file'");
        if (!path || no_more(p, i + 2))
            return -1;
        b->fill = PTX_FILL_FILE;
        b->path = resolve(p, path);
        return 0;
    }
    return fail(p, "expected a fill (zero, const, seq, random, file), found '%s'", f);
}

/* buffer NAME TYPE COUNT FILL... */
static int d_buffer(lparse_t *p)
{
    const char *name = word(p, 1, "a buffer name");
    const char *type = name ? word(p, 2, "a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)") : NULL;
    if (!type)
        return -1;
    if (!lx_is_name(name))
        return fail(p, "expected a buffer name (letters, digits, _), found '%s'", name);
    if (name_taken(p->l, name))
        return fail(p, "expected a new buffer name, '%s' is declared above", name);
    int t = ptx_elem_by_name(type);
    if (t < 0)
        return fail(p, "expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found '%s'", type);
    ptx_buffer_decl_t *b = push(&p->l->buffers, &p->l->nbuffers, sizeof *b);
    if (!b)
        return fail(p, "out of memory");
    b->name = strdup(name);
    b->type = (ptx_elem_t)t;
    b->line = p->line;
    if (lx_size(p, 3, &b->count, "an element count (K, M suffixes)"))
        return -1;
    if (b->count == 0 || b->count > (1ull << 40) / ptx_elem_size(b->type))
        return fail(p, "expected an element count from 1 to %llu, found '%s'",
                    (unsigned long long)((1ull << 40) / ptx_elem_size(b->type)), p->w[3]);
    return read_fill(p, 4, b);
}

/* X [Y [Z]] from i on: up to three positive numbers; *i moves past them. */
static int read_dims(lparse_t *p, int *i, uint32_t d[3], const char *what)
{
    d[0] = d[1] = d[2] = 1;
    int k = 0;
    while (k < 3 && *i < p->nw && lx_is_number(p->w[*i])) {
        uint64_t v;
        if (lx_u64(p, *i, &v, what))
            return -1;
        if (v == 0 || v > UINT32_MAX)
            return fail(p, "expected %s from 1 to %u, found '%s'", what, UINT32_MAX, p->w[*i]);
        d[k++] = (uint32_t)v;
        (*i)++;
    }
    return k ? 0 : fail(p, "expected %s", what);
}

/* kernel NAME grid X [Y [Z]] block X [Y [Z]] [shared BYTES] */
static int d_kernel(lparse_t *p)
{
    const char *name = word(p, 1, "a kernel name");
    if (!name)
        return -1;
    ptx_kernel_decl_t *k = push(&p->l->kernels, &p->l->nkernels, sizeof *k);
    if (!k)
        return fail(p, "out of memory");
    k->name = strdup(name);
    k->line = p->line;
    k->repeat = p->repeat ? p->repeat : 1;
    p->repeat = 0;
    int i = 2;
    const char *g = word(p, i++, "'grid' after the kernel name");
    if (!g)
        return -1;
    if (strcmp(g, "grid"))
        return fail(p, "expected 'grid' after the kernel name, found '%s'", g);
    if (read_dims(p, &i, k->grid, "grid dimensions"))
        return -1;
    const char *b = word(p, i++, "'block' after the grid");
    if (!b)
        return -1;
    if (strcmp(b, "block"))
        return fail(p, "expected 'block' after the grid, found '%s'", b);
    if (read_dims(p, &i, k->block, "block dimensions"))
        return -1;
    if (i < p->nw && !strcmp(p->w[i], "shared")) {
        uint64_t s;
        if (lx_size(p, i + 1, &s, "the dynamic shared memory's bytes"))
            return -1;
        if (s > UINT32_MAX)
            return fail(p, "expected at most 4G bytes of shared memory, found '%s'", p->w[i + 1]);
        k->shared = (uint32_t)s;
        i += 2;
    }
    return no_more(p, i);
}

/* param TYPE VALUE | param ptr NAME[+BYTES] */
static int d_param(lparse_t *p)
{
    if (!p->l->nkernels)
        return fail(p, "expected a 'kernel' line before its 'param' lines");
    ptx_kernel_decl_t *k = &p->l->kernels[p->l->nkernels - 1];
    const char *type = word(p, 1, "a parameter type (u8..s64, f32, f64, ptr)");
    if (!type)
        return -1;
    ptx_param_decl_t *pd = push(&k->params, &k->nparams, sizeof *pd);
    if (!pd)
        return fail(p, "out of memory");
    pd->line = p->line;
    if (!strcmp(type, "ptr")) {
        pd->kind = PTX_PARAM_PTR;
        if (lx_buffer_ref(p, 2, &pd->buffer, &pd->offset))
            return -1;
        return no_more(p, 3);
    }
    int t = ptx_elem_by_name(type);
    if (t < 0)
        return fail(p, "expected a parameter type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64 ptr), found '%s'", type);
    pd->kind = PTX_PARAM_SCALAR;
    pd->type = (ptx_elem_t)t;
    if (lx_value(p, 2, pd->type, &pd->value, type))
        return -1;
    return no_more(p, 3);
}

/* repeat N (for the next kernel line) */
static int d_repeat(lparse_t *p)
{
    uint64_t n;
    if (lx_u64(p, 1, &n, "a repeat count") || no_more(p, 2))
        return -1;
    if (n == 0 || n > UINT32_MAX)
        return fail(p, "expected a repeat count from 1 to %u, found '%s'", UINT32_MAX, p->w[1]);
    if (p->repeat)
        return fail(p, "expected a 'kernel' line after the 'repeat' on line %d", p->repeat_line);
    p->repeat = (uint32_t)n;
    p->repeat_line = p->line;
    return 0;
}

/* An optional `file PATH` from i on. */
static int read_check_file(lparse_t *p, int i, ptx_check_decl_t *c)
{
    if (i >= p->nw)
        return 0;
    if (strcmp(p->w[i], "file"))
        return fail(p, "expected 'file PATH' or the end of the line, found '%s'", p->w[i]);
    const char *path = word(p, i + 1, "a file after 'file'");
    if (!path || no_more(p, i + 2))
        return -1;
    c->file = resolve(p, path);
    return 0;
}

/* check NAME exact | check NAME tol ABS [REL], then [file PATH] */
static int d_check(lparse_t *p)
{
    ptx_check_decl_t *c = push(&p->l->checks, &p->l->nchecks, sizeof *c);
    if (!c)
        return fail(p, "out of memory");
    c->line = p->line;
    uint64_t off;
    if (lx_buffer_ref(p, 1, &c->buffer, &off))
        return -1;
    if (off)
        return fail(p, "expected a buffer name without an offset, found '%s'", p->w[1]);
    const char *how = word(p, 2, "'exact' or 'tol ABS [REL]'");
    if (!how)
        return -1;
    if (!strcmp(how, "exact")) {
        c->exact = 1;
        return read_check_file(p, 3, c);
    }
    if (strcmp(how, "tol"))
        return fail(p, "expected 'exact' or 'tol ABS [REL]', found '%s'", how);
    if (lx_real(p, 3, &c->abs, "an absolute tolerance"))
        return -1;
    int i = 4;
    if (i < p->nw && lx_is_number(p->w[i]) && lx_real(p, i++, &c->rel, "a relative tolerance"))
        return -1;
    if (c->abs < 0 || c->rel < 0)
        return fail(p, "expected tolerances of 0 or more");
    return read_check_file(p, i, c);
}

/* dump NAME PATH */
static int d_dump(lparse_t *p)
{
    ptx_dump_decl_t *d = push(&p->l->dumps, &p->l->ndumps, sizeof *d);
    if (!d)
        return fail(p, "out of memory");
    d->line = p->line;
    uint64_t off;
    if (lx_buffer_ref(p, 1, &d->buffer, &off))
        return -1;
    const char *path = word(p, 2, "a file to dump the buffer to");
    if (!path || no_more(p, 3))
        return -1;
    if (off)
        return fail(p, "expected a buffer name without an offset, found '%s'", p->w[1]);
    d->path = resolve(p, path);
    return 0;
}

/* reference NAME */
static int d_reference(lparse_t *p)
{
    const char *name = word(p, 1, "the reference program's name");
    if (!name || no_more(p, 2))
        return -1;
    if (p->l->reference)
        return fail(p, "expected one 'reference' line (the first is on line %d)", p->l->reference_line);
    if (!lx_is_name(name))
        return fail(p, "expected a program name (letters, digits, _), found '%s'", name);
    p->l->reference = strdup(name);
    p->l->reference_line = p->line;
    return 0;
}

static const struct {
    const char *name;
    int (*fn)(lparse_t *);
} directives[] = {
    {"module", d_module}, {"buffer", d_buffer}, {"kernel", d_kernel}, {"param", d_param},
    {"repeat", d_repeat}, {"check", d_check},   {"dump", d_dump},     {"reference", d_reference},
};

static int parse_line(lparse_t *p, char *text)
{
    char *hash = strchr(text, '#');
    if (hash)
        *hash = 0;
    char *words[MAX_WORDS + 1];
    int n = 0;
    char *save = NULL; /* strtok_r: a design sweep parses the file on several threads at once */
    for (char *s = strtok_r(text, " \t\r\v\f", &save); s; s = strtok_r(NULL, " \t\r\v\f", &save))
        if (n <= MAX_WORDS)
            words[n++] = s;
    if (!n)
        return 0;
    if (n > MAX_WORDS)
        return fail(p, "expected at most %d words on a line", MAX_WORDS);
    p->w = words;
    p->nw = n;
    if (p->repeat && strcmp(words[0], "kernel"))
        return fail(p, "expected a 'kernel' line after the 'repeat' on line %d", p->repeat_line);
    for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
        if (!strcmp(words[0], directives[i].name))
            return directives[i].fn(p);
    return fail(p, "expected a directive (module, buffer, kernel, param, repeat, check, dump, reference), "
                   "found '%s'", words[0]);
}

/* What only the whole file can tell: a module, a kernel, a reference for
 * the checks that need one. The line named is the one to fix. */
static int parse_end(lparse_t *p)
{
    ptx_launch_t *l = p->l;
    if (p->repeat) {
        p->line = p->repeat_line;
        return fail(p, "expected a 'kernel' line after 'repeat'");
    }
    if (!l->module) {
        p->line = 1;
        return fail(p, "expected a 'module PATH' line (or --module)");
    }
    if (!l->nkernels) {
        p->line = l->module_line;
        return fail(p, "expected at least one 'kernel' line");
    }
    for (uint32_t i = 0; i < l->nchecks; i++)
        if (!l->checks[i].file && !l->reference) {
            p->line = l->checks[i].line;
            return fail(p, "expected 'file PATH' at the end (there is no 'reference' line)");
        }
    return 0;
}

ptx_launch_t *ptx_launch_parse_buffer(const char *name, const char *dir, const char *text, char *err, size_t n)
{
    lparse_t p = {.name = name, .dir = dir, .err = err, .errlen = n};
    p.l = calloc(1, sizeof *p.l);
    char *copy = strdup(text);
    if (!p.l || !copy || !(p.l->path = strdup(name))) {
        snprintf(err, n, "%s: out of memory", name);
        free(copy);
        ptx_launch_free(p.l);
        return NULL;
    }
    int rc = 0;
    for (char *line = copy, *next; !rc && line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        p.line++;
        rc = parse_line(&p, line);
    }
    free(copy);
    if (rc || parse_end(&p)) {
        ptx_launch_free(p.l);
        return NULL;
    }
    return p.l;
}

ptx_launch_t *ptx_launch_parse_file(const char *path, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0, got;
    char *text = malloc(cap + 1);
    while (text && (got = fread(text + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            char *t = realloc(text, 2 * cap + 1);
            if (!t)
                free(text);
            text = t;
            cap *= 2;
        }
    fclose(f);
    if (!text) {
        snprintf(err, n, "%s: out of memory", path);
        return NULL;
    }
    text[len] = 0;
    if (memchr(text, 0, len)) {
        free(text);
        snprintf(err, n, "%s:1: expected a text file, found a NUL byte", path);
        return NULL;
    }
    /* the folder relative paths start from: "" for a bare name, "/" for "/x" */
    char *dir = strdup(path), *slash = dir ? strrchr(dir, '/') : NULL;
    if (dir)
        slash ? (void)(slash[slash == dir] = 0) : (void)(dir[0] = 0);
    ptx_launch_t *l = dir ? ptx_launch_parse_buffer(path, dir, text, err, n) : NULL;
    if (!dir)
        snprintf(err, n, "%s: out of memory", path);
    free(dir);
    free(text);
    return l;
}

int ptx_launch_buffer(const ptx_launch_t *l, const char *name)
{
    for (uint32_t i = 0; i < l->nbuffers; i++)
        if (!strcmp(l->buffers[i].name, name))
            return (int)i;
    return -1;
}

void ptx_launch_free(ptx_launch_t *l)
{
    if (!l)
        return;
    for (uint32_t i = 0; i < l->nbuffers; i++)
        free(l->buffers[i].name), free(l->buffers[i].path);
    for (uint32_t i = 0; i < l->nkernels; i++)
        free(l->kernels[i].name), free(l->kernels[i].params);
    for (uint32_t i = 0; i < l->nchecks; i++)
        free(l->checks[i].file);
    for (uint32_t i = 0; i < l->ndumps; i++)
        free(l->dumps[i].path);
    free(l->buffers), free(l->kernels), free(l->checks), free(l->dumps);
    free(l->path), free(l->module), free(l->reference);
    free(l);
}
