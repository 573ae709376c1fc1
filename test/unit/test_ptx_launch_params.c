/* Kernel parameters: laid out at the offsets of the kernel's .param
 * declarations (alignment padding zeroed), pointers as buffer addresses,
 * and a launch file that does not match refused naming its line. */
#include <criterion/criterion.h>
#include <string.h>

#include "host/ptx/ptx.h"
#include "host/ptx/ptx_launch_params.h"

static const char module[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                             ".visible .entry k(.param .u8 k_0, .param .u64 k_1, .param .f32 k_2, .param .s16 k_3)\n"
                             "{\nret;\n}\n";

static ptx_launch_t *launch(const char *params)
{
    char text[1024], err[512];
    snprintf(text, sizeof text, "module k.ptx\nbuffer a u32 64 zero\nbuffer b u8 64 zero\nkernel k grid 1 block 1\n%s",
             params);
    ptx_launch_t *l = ptx_launch_parse_buffer("t.launch", "", text, err, sizeof err);
    cr_assert(l, "%s", err);
    return l;
}

Test(ptx_params, packed_at_the_declared_offsets)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("k.ptx", module, strlen(module), err, sizeof err);
    cr_assert(m, "%s", err);
    const ptx_func_t *f = ptx_find_kernel(m, "k");
    cr_assert_eq(f->params[1].offset, 8, "a .u64 is 8-byte aligned");
    cr_assert_eq(f->params[3].offset, 20);
    cr_assert(f->param_size >= 22 && f->param_size <= 24);
    ptx_launch_t *l = launch("param u8 200\nparam ptr b+3\nparam f32 1.5\nparam s16 -2\n");
    cr_assert_eq(ptx_params_check(l, &l->kernels[0], f, err, sizeof err), 0, "%s", err);
    ptx_arena_t a;
    cr_assert_eq(ptx_arena_init(&a, l, 0, err, sizeof err), 0);
    uint8_t p[24];
    memset(p, 0xee, sizeof p);
    ptx_params_pack(&l->kernels[0], f, &a, p);
    cr_expect_eq(p[0], 200);
    for (int i = 1; i < 8; i++)
        cr_expect_eq(p[i], 0, "padding before the .u64 is zero");
    uint64_t addr;
    memcpy(&addr, p + 8, 8);
    cr_expect_eq(addr, PTX_GMEM_LO + 256 + 3, "b starts 256 bytes after a, +3");
    float fv;
    memcpy(&fv, p + f->params[2].offset, 4);
    cr_expect_float_eq(fv, 1.5f, 0);
    int16_t s;
    memcpy(&s, p + f->params[3].offset, 2);
    cr_expect_eq(s, -2);
    ptx_arena_free(&a);
    ptx_launch_free(l);
    ptx_module_free(m);
}

Test(ptx_params, mismatches_name_the_line)
{
    char err[512];
    ptx_module_t *m = ptx_parse_buffer("k.ptx", module, strlen(module), err, sizeof err);
    const ptx_func_t *f = ptx_find_kernel(m, "k");
    ptx_launch_t *l = launch("param u8 1\nparam ptr a\nparam f32 1\n");
    cr_expect_eq(ptx_params_check(l, &l->kernels[0], f, err, sizeof err), -1);
    cr_expect_str_eq(err, "t.launch:4: expected 4 'param' lines after this kernel line (k takes 4 parameters), found 3");
    ptx_launch_free(l);
    l = launch("param u8 1\nparam u32 5\nparam f32 1\nparam s16 1\n");
    cr_expect_eq(ptx_params_check(l, &l->kernels[0], f, err, sizeof err), -1);
    cr_expect_str_eq(err, "t.launch:6: expected a parameter of 8 bytes for k_1 (.param .u64), found u32 (4 bytes)");
    ptx_launch_free(l);
    ptx_module_free(m);
}
