/* The static .shared layout (src/host/ptx/ptx_lower_shared.c): each kernel
 * needs only what its call tree's variables span, variables of kernels that
 * never run together share bytes, and a variable both reach keeps them apart.
 * Also .attribute(.managed), which nvcc writes for __managed__ variables. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/ptx.h"

static const char *src =
    ".version 8.0\n.target sm_75\n.address_size 64\n"
    ".shared .align 4 .b8 a[40000];\n"
    ".shared .align 4 .b8 b[30000];\n"
    ".shared .align 8 .b8 c[1000];\n"
    ".visible .global .attribute(.managed) .align 4 .u32 m;\n"
    ".func use_c()\n{\n.reg .b32 %r<2>;\nst.shared.u32 [c], %r1;\nret;\n}\n"
    ".visible .entry ka()\n{\n.reg .b32 %r<2>;\nst.shared.u32 [a], %r1;\nret;\n}\n"
    ".visible .entry kb()\n{\n.reg .b32 %r<2>;\nst.shared.u32 [b+4], %r1;\ncall use_c, ();\nret;\n}\n"
    ".visible .entry kc()\n{\n.reg .b32 %r<2>;\nst.shared.u32 [a], %r1;\ncall use_c, ();\nret;\n}\n";

static uint32_t shared_of(const ptx_module_t *m, struct ptx_prog *p, const char *kernel)
{
    ptx_kernel_info_t ki;
    int fi = ptx_find_func(m, kernel);
    cr_assert(fi >= 0 && ptx_kernel_info(p, (uint32_t)fi, &ki) == 0);
    return ki.shared_static;
}

static uint64_t addr_of(const ptx_module_t *m, struct ptx_prog *p, const char *var)
{
    for (uint32_t i = 0; i < m->nvars; i++)
        if (!strcmp(m->vars[i].name, var))
            return ptx_prog_var_addr(p, i);
    cr_assert_fail("no variable %s", var);
    return 0;
}

Test(ptx_lower_shared, each_kernel_its_own_span)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", src, strlen(src), err, sizeof err);
    cr_assert(m, "%s", err);
    struct ptx_prog *p = ptx_prog_build(m, "t.ptx", err, sizeof err);
    cr_assert(p, "%s", err);
    cr_expect_eq(shared_of(m, p, "ka"), 40000);
    uint64_t a = addr_of(m, p, "a"), b = addr_of(m, p, "b"), c = addr_of(m, p, "c");
    cr_expect_eq(a, 0);
    cr_expect_eq(b, 0, "no kernel reaches a and b together: they overlap");
    cr_expect(c >= 40000 && c >= 30000 && c % 8 == 0, "c (kb and kc reach it) clears both a and b: %llu",
              (unsigned long long)c);
    cr_expect_eq(shared_of(m, p, "kb"), c + 1000, "kb spans b and, through its callee, c");
    cr_expect_eq(shared_of(m, p, "kc"), c + 1000);
    ptx_prog_free(p);
    ptx_module_free(m);
}

Test(ptx_lower_shared, managed_attribute_round_trips)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("t.ptx", src, strlen(src), err, sizeof err);
    cr_assert(m, "%s", err);
    int found = 0;
    for (uint32_t i = 0; i < m->nvars; i++)
        found |= !strcmp(m->vars[i].name, "m") && m->vars[i].managed && m->vars[i].space == PTX_SPACE_GLOBAL;
    cr_expect(found, "m is a managed .global");
    size_t len;
    char *text = ptx_module_text(m, &len);
    cr_assert(text && strstr(text, ".attribute(.managed)"), "printed back");
    ptx_module_t *again = ptx_parse_buffer("t2.ptx", text, len, err, sizeof err);
    cr_assert(again, "%s", err);
    cr_expect(ptx_module_equal(m, again, err, sizeof err), "%s", err);
    const char *bad = ".version 8.0\n.target sm_75\n.address_size 64\n.global .attribute(.unified) .u32 x;\n";
    ptx_module_t *no = ptx_parse_buffer("bad.ptx", bad, strlen(bad), err, sizeof err);
    cr_expect_null(no);
    cr_expect(strstr(err, "bad.ptx:4:") && strstr(err, ".managed"), "%s", err);
    free(text);
    ptx_module_free(again);
    ptx_module_free(m);
}
