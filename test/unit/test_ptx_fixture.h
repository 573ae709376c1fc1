/* Helpers for the PTX front end's tests: wrap a snippet in a module, parse
 * it, and look at the result. */
#ifndef TEST_PTX_FIXTURE_H
#define TEST_PTX_FIXTURE_H

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx.h"

#define TP_HEADER ".version 9.0\n.target sm_90\n.address_size 64\n"

/* Parses text (the whole module), failing the test with the error if any. */
static inline ptx_module_t *tp_parse_text(const char *text)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", text, strlen(text), err, sizeof err);
    cr_assert(m != NULL, "parse failed: %s\n--- text ---\n%s", err, text);
    return m;
}

/* A module of the header, `decls`, and a kernel `k` with parameters
 * (.u64 p0, .u32 p1) whose body is `body`. */
static inline ptx_module_t *tp_parse_kernel(const char *decls, const char *body)
{
    size_t n = strlen(decls) + strlen(body) + 256;
    char *text = malloc(n);
    snprintf(text, n, TP_HEADER "%s\n.visible .entry k(.param .u64 p0, .param .u32 p1)\n{\n%s\n}\n", decls, body);
    ptx_module_t *m = tp_parse_text(text);
    free(text);
    return m;
}

/* The error for text (which must be refused), in a static buffer. */
static inline const char *tp_error(const char *text)
{
    static char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", text, strlen(text), err, sizeof err);
    cr_assert(m == NULL, "accepted, but expected an error:\n%s", text);
    return err;
}

static inline const ptx_func_t *tp_kernel(const ptx_module_t *m)
{
    const ptx_func_t *f = ptx_find_kernel(m, "k");
    cr_assert(f != NULL);
    return f;
}

/* Instruction i of kernel k, disassembled (a static buffer). */
static inline const char *tp_disasm(const ptx_module_t *m, uint32_t i)
{
    static char buf[512];
    const ptx_func_t *f = tp_kernel(m);
    cr_assert(i < f->ninsns, "instruction %u of %u", i, f->ninsns);
    ptx_disasm_insn(m, f, &f->insns[i], buf, sizeof buf);
    return buf;
}

/* The module prints to text that parses to the same IR. */
static inline void tp_round_trip(const ptx_module_t *m)
{
    size_t len;
    char err[512], why[512];
    char *text = ptx_module_text(m, &len);
    cr_assert(text != NULL);
    ptx_module_t *again = ptx_parse_buffer("reprint", text, len, err, sizeof err);
    cr_assert(again != NULL, "the printed module does not parse: %s\n%s", err, text);
    cr_assert(ptx_module_equal(m, again, why, sizeof why), "round trip differs: %s\n%s", why, text);
    ptx_module_free(again);
    free(text);
}

/* A parameterized test over the indices 0..n-1 of a table (Criterion may
 * run each parameter in a fresh process image: indices, not pointers). */
#define TP_TABLE_TEST(suite, name, n)                       \
    ParameterizedTestParameters(suite, name)                \
    {                                                       \
        static unsigned idx_[n];                            \
        for (unsigned i_ = 0; i_ < (n); i_++)               \
            idx_[i_] = i_;                                  \
        return cr_make_param_array(unsigned, idx_, (n));    \
    }                                                       \
    ParameterizedTest(unsigned *row, suite, name)

#endif
