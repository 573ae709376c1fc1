/* warpsim's device library: the bodies of functions that CUDA's headers
 * declare for device code and NVIDIA's device runtime (libcudadevrt,
 * linked by nvcc -rdc=true as SASS only) defines. A module that declares
 * one (.extern .func NAME) gets its body appended in PTX, after the
 * program's own text, so that the program's lines keep their numbers and
 * the executor runs it as any other function. */
#include "host/cudart/cudart_devlib.h"

#include <stdlib.h>
#include <string.h>

typedef struct devlib_fn {
    const char *name;
    const char *ptx;
} devlib_fn_t;

static const devlib_fn_t fns[] = {
    /* cudaGraphSetConditional(handle, value): a handle is the address of
     * its 32-bit variable (graph/graph_cond.c). */
    {"cudaGraphSetConditional",
     ".visible .func cudaGraphSetConditional(\n"
     "\t.param .b64 cudaGraphSetConditional_param_0,\n"
     "\t.param .b32 cudaGraphSetConditional_param_1\n"
     ")\n"
     "{\n"
     "\t.reg .b32 %r<2>;\n"
     "\t.reg .b64 %rd<2>;\n"
     "\tld.param.u64 %rd1, [cudaGraphSetConditional_param_0];\n"
     "\tld.param.u32 %r1, [cudaGraphSetConditional_param_1];\n"
     "\tst.global.u32 [%rd1], %r1;\n"
     "\tret;\n"
     "}\n"},
};

/* Does the text declare name as an external function? */
static int declares(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, ".extern .func"); p; p = strstr(p + 1, ".extern .func")) {
        const char *q = p + strlen(".extern .func");
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
            q++;
        if (!strncmp(q, name, n) && !(q[n] == '_' || (q[n] >= '0' && q[n] <= '9') ||
                                      ((q[n] | 0x20) >= 'a' && (q[n] | 0x20) <= 'z')))
            return 1;
    }
    return 0;
}

char *cudart_devlib_link(char *ptx)
{
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) {
        if (!declares(ptx, fns[i].name))
            continue;
        size_t a = strlen(ptx), b = strlen(fns[i].ptx);
        char *g = realloc(ptx, a + b + 2);
        if (!g)
            return NULL;
        ptx = g;
        ptx[a] = '\n';
        memcpy(ptx + a + 1, fns[i].ptx, b + 1);
    }
    return ptx;
}
