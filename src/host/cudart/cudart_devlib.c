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
    int needs_vprintf;           /* its body calls vprintf: declared first if the module does not */
    const char *ptx;
} devlib_fn_t;

static const char vprintf_decl[] = ".extern .func (.param .b32 func_retval0) vprintf\n"
                                   "(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;\n";

static const devlib_fn_t fns[] = {
    /* cudaGraphSetConditional(handle, value): a handle is the address of
     * its 32-bit variable (graph/graph_cond.c). */
    {"cudaGraphSetConditional", 0,
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
    /* __assertfail(message, file, line, function, char size): the line a
     * GPU prints for a failed device assert, then a trap, which the runtime
     * reports as cudaErrorAssert (cudart_launch.c: the trap's line is
     * marked CUDART_DEVLIB_ASSERT_TRAP). */
    {"__assertfail", 1,
     ".global .align 1 .b8 __warpsim_assertfail_fmt[73] = {37, 115, 58, 37, 117, 58, 32, 37, 115, 58, 32, 98, 108, 111, 99, 107, 58, 32, 91, 37, 117, 44, 37, 117, 44, 37, 117, 93, 44, 32, 116, 104, 114, 101, 97, 100, 58, 32, 91, 37, 117, 44, 37, 117, 44, 37, 117, 93, 32, 65, 115, 115, 101, 114, 116, 105, 111, 110, 32, 96, 37, 115, 96, 32, 102, 97, 105, 108, 101, 100, 46, 10, 0};\n"
     ".visible .func __assertfail(\n"
     "\t.param .b64 __assertfail_param_0,\n"
     "\t.param .b64 __assertfail_param_1,\n"
     "\t.param .b32 __assertfail_param_2,\n"
     "\t.param .b64 __assertfail_param_3,\n"
     "\t.param .b64 __assertfail_param_4\n"
     ")\n"
     "{\n"
     "\t.local .align 8 .b8 __local_depot0[56];\n"
     "\t.reg .b64 %SP;\n"
     "\t.reg .b64 %SPL;\n"
     "\t.reg .b32 %r<9>;\n"
     "\t.reg .b64 %rd<8>;\n"
     "\tmov.u64 %SPL, __local_depot0;\n"
     "\tcvta.local.u64 %SP, %SPL;\n"
     "\tld.param.u64 %rd1, [__assertfail_param_0];\n"
     "\tld.param.u64 %rd2, [__assertfail_param_1];\n"
     "\tld.param.u32 %r1, [__assertfail_param_2];\n"
     "\tld.param.u64 %rd3, [__assertfail_param_3];\n"
     "\tst.local.u64 [%SPL], %rd2;\n"
     "\tst.local.u32 [%SPL+8], %r1;\n"
     "\tst.local.u64 [%SPL+16], %rd3;\n"
     "\tmov.u32 %r2, %ctaid.x;\n"
     "\tst.local.u32 [%SPL+24], %r2;\n"
     "\tmov.u32 %r3, %ctaid.y;\n"
     "\tst.local.u32 [%SPL+28], %r3;\n"
     "\tmov.u32 %r4, %ctaid.z;\n"
     "\tst.local.u32 [%SPL+32], %r4;\n"
     "\tmov.u32 %r5, %tid.x;\n"
     "\tst.local.u32 [%SPL+36], %r5;\n"
     "\tmov.u32 %r6, %tid.y;\n"
     "\tst.local.u32 [%SPL+40], %r6;\n"
     "\tmov.u32 %r7, %tid.z;\n"
     "\tst.local.u32 [%SPL+44], %r7;\n"
     "\tst.local.u64 [%SPL+48], %rd1;\n"
     "\tmov.u64 %rd4, __warpsim_assertfail_fmt;\n"
     "\tcvta.global.u64 %rd5, %rd4;\n"
     "\t{\n"
     "\t.param .b64 param0;\n"
     "\tst.param.b64 [param0+0], %rd5;\n"
     "\t.param .b64 param1;\n"
     "\tst.param.b64 [param1+0], %SP;\n"
     "\t.param .b32 retval0;\n"
     "\tcall.uni (retval0), vprintf, (param0, param1);\n"
     "\tld.param.b32 %r8, [retval0+0];\n"
     "\t}\n"
     "\ttrap; " CUDART_DEVLIB_ASSERT_TRAP "\n"
     "\tret;\n"
     "}\n"},
};

static const char *skip_space(const char *q)
{
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
        q++;
    return q;
}

/* Does the text declare name as an external function? */
static int declares(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, ".extern .func"); p; p = strstr(p + 1, ".extern .func")) {
        const char *q = skip_space(p + strlen(".extern .func"));
        if (*q == '(' && (q = strchr(q, ')')))   /* return parameters */
            q = skip_space(q + 1);
        if (!q)
            break;
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
        const char *decl = fns[i].needs_vprintf && !declares(ptx, "vprintf") ? vprintf_decl : "";
        size_t a = strlen(ptx), d = strlen(decl), b = strlen(fns[i].ptx);
        char *g = realloc(ptx, a + d + b + 2);
        if (!g)
            return NULL;
        ptx = g;
        ptx[a] = '\n';
        memcpy(ptx + a + 1, decl, d);
        memcpy(ptx + a + 1 + d, fns[i].ptx, b + 1);
    }
    return ptx;
}
