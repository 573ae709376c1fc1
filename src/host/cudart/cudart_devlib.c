/* warpsim's device library: the bodies of functions that CUDA's headers
 * declare for device code and NVIDIA's device runtime (libcudadevrt,
 * linked by nvcc -rdc=true as SASS only) defines. A module that declares
 * one (.extern .func NAME) gets its body appended in PTX, after the
 * program's own text, so that the program's lines keep their numbers and
 * the executor runs it as any other function. */
#include "host/cudart/cudart_devlib.h"

#include <stdlib.h>
#include <string.h>

/* The library's files (devlib/NAME.ptx, made C strings by devlib/embed.awk).
 * A file is appended whole when the module declares a function it defines. */
extern const char cudart_devlib_devrt[], cudart_devlib_graph[], cudart_devlib_assert[], cudart_devlib_heap[],
    cudart_devlib_cdp[];
static const char *const files[] = {cudart_devlib_graph, cudart_devlib_assert, cudart_devlib_heap, cudart_devlib_cdp};

static const char vprintf_decl[] = ".extern .func (.param .b32 func_retval0) vprintf\n"
                                   "(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;\n";

static const char *skip_space(const char *q)
{
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
        q++;
    return q;
}

static int ident_char(char c)
{
    return c == '_' || c == '$' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The name after a function directive: `(return params) NAME` or `NAME`;
 * its length in *n. */
static const char *func_name(const char *q, size_t *n)
{
    q = skip_space(q);
    if (*q == '(' && (q = strchr(q, ')')))   /* return parameters */
        q = skip_space(q + 1);
    if (!q)
        return NULL;
    for (*n = 0; ident_char(q[*n]); ++*n)
        ;
    return q;
}

/* Does the text declare name (n bytes) as an external function? */
static int declares(const char *text, const char *name, size_t n)
{
    for (const char *p = strstr(text, ".extern .func"); p; p = strstr(p + 1, ".extern .func")) {
        size_t k;
        const char *q = func_name(p + strlen(".extern .func"), &k);
        if (q && k == n && !strncmp(q, name, n))
            return 1;
    }
    return 0;
}

/* Does the module declare a function this file defines? */
static int wanted(const char *ptx, const char *file)
{
    for (const char *p = strstr(file, ".visible .func"); p; p = strstr(p + 1, ".visible .func")) {
        size_t n;
        const char *q = func_name(p + strlen(".visible .func"), &n);
        if (q && n && declares(ptx, q, n))
            return 1;
    }
    return 0;
}

static char *append(char *ptx, const char *text)
{
    size_t a = strlen(ptx), b = strlen(text);
    char *g = realloc(ptx, a + b + 2);
    if (!g)
        return NULL;
    g[a] = '\n';
    memcpy(g + a + 1, text, b + 1);
    return g;
}

char *cudart_devlib_link(char *ptx)
{
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        if (!wanted(ptx, files[i]))
            continue;
        if (strstr(files[i], "vprintf") && !declares(ptx, "vprintf", 7) && !(ptx = append(ptx, vprintf_decl)))
            return NULL;
        if (strstr(files[i], "__warpsim_devrt") && !strstr(ptx, "__warpsim_devrt") &&
            !(ptx = append(ptx, cudart_devlib_devrt)))
            return NULL;
        if (!(ptx = append(ptx, files[i])))
            return NULL;
    }
    return ptx;
}
