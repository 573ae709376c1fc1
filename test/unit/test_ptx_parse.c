/* PTX front end, module level: header, variables and initializers,
 * functions and parameters, registers and scopes, debug directives. */
#include "test_ptx_fixture.h"

Test(ptx_parse, header_and_targets)
{
    ptx_module_t *m = tp_parse_text(".version 8.5\n.target sm_90a, texmode_independent, debug\n.address_size 64\n");
    cr_expect_eq(m->version_major, 8);
    cr_expect_eq(m->version_minor, 5);
    cr_expect_eq(m->sm, 90);
    cr_expect_eq(m->sm_suffix, 'a');
    cr_expect_eq(m->debug, 1);
    cr_expect_eq(m->texmode, 2);
    cr_expect_eq(m->address_size, 64);
    ptx_module_free(m);
    m = tp_parse_text(".version 7.0 .target sm_75");
    cr_expect_eq(m->address_size, 32, "PTX's default address size");
    ptx_module_free(m);
}

static const ptx_var_t *var(const ptx_module_t *m, const char *name)
{
    for (uint32_t i = 0; i < m->nvars; i++)
        if (!strcmp(m->vars[i].name, name))
            return &m->vars[i];
    cr_assert_fail("no variable %s", name);
    return NULL;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = v << 8 | p[n];
    return v;
}

Test(ptx_parse, variables_and_initializers)
{
    ptx_module_t *m = tp_parse_text(TP_HEADER
        ".global .align 4 .u32 counter = 42;\n"
        ".const .align 4 .f32 coeffs[4] = {1.0, -2.5, 0f40400000, 0d4010000000000000};\n"
        ".global .s16 grid[2][3] = {{1, -2, 3}, {4}};\n"
        ".global .u8 str[] = {104, 105, 0};\n"
        ".global .v2 .u32 pairs[2] = {1, 2, 3, 4};\n"
        ".global .align 8 .u64 ptrs[3] = {generic(counter), grid+4, f};\n"
        ".visible .global .align 8 .u64 big = -81985529216486896, huge = 13839561654909534208;\n"
        ".global .f64 d = 0x10;\n"
        ".global .f16 h = 1.5;\n"
        ".extern .shared .align 16 .b8 dyn[];\n"
        ".global .align 1 .b8 blockIdx[1];\n"
        ".global .b32 expr = (1 << 20) - 1;\n"
        ".func f() { ret; }\n");
    const ptx_var_t *v = var(m, "counter");
    cr_expect(v->space == PTX_SPACE_GLOBAL && v->type == PTX_T_U32 && v->size == 4 && v->align == 4);
    cr_expect_eq(le(v->init, 4), 42);
    v = var(m, "coeffs");
    cr_expect(v->space == PTX_SPACE_CONST && v->count == 4 && v->size == 16);
    cr_expect_eq(le(v->init, 4), 0x3f800000);
    cr_expect_eq(le(v->init + 4, 4), 0xc0200000);
    cr_expect_eq(le(v->init + 8, 4), 0x40400000);
    cr_expect_eq(le(v->init + 12, 4), 0x40800000, "0d literal narrowed to f32");
    v = var(m, "grid");
    cr_expect(v->count == 6 && v->size == 12 && v->align == 2);
    cr_expect_eq(le(v->init + 2, 2), 0xfffe);
    cr_expect_eq(le(v->init + 6, 2), 4, "nested braces are flattened in order");
    cr_expect_eq(le(v->init + 8, 2), 0, "missing elements are zero");
    v = var(m, "str");
    cr_expect(v->count == 3 && v->init[1] == 105);
    v = var(m, "pairs");
    cr_expect(v->vec == 2 && v->count == 2 && v->size == 16 && v->align == 8);
    v = var(m, "ptrs");
    cr_expect_eq(v->nrelocs, 3);
    cr_expect(v->relocs[0].generic && v->relocs[0].sym.kind == PTX_SYM_GLOBAL && v->relocs[0].offset == 0);
    cr_expect(!v->relocs[1].generic && v->relocs[1].addend == 4 && v->relocs[1].offset == 8);
    cr_expect(v->relocs[2].sym.kind == PTX_SYM_FUNC && v->relocs[2].offset == 16);
    cr_expect_eq(le(var(m, "big")->init, 8), (uint64_t)-81985529216486896ll);
    cr_expect_eq(var(m, "big")->link, PTX_LINK_VISIBLE);
    cr_expect_eq(le(var(m, "huge")->init, 8), 13839561654909534208ull);
    cr_expect_eq(le(var(m, "d")->init, 8), 0x4030000000000000ull, "an integer initializes a double by value");
    cr_expect_eq(le(var(m, "h")->init, 2), 0x3e00);
    v = var(m, "dyn");
    cr_expect(v->unsized && v->link == PTX_LINK_EXTERN && v->space == PTX_SPACE_SHARED && v->align == 16);
    cr_expect(var(m, "blockIdx")->size == 1 && !var(m, "blockIdx")->init);
    cr_expect_eq(le(var(m, "expr")->init, 4), 0xfffff);
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, parameters_layout_and_attributes)
{
    ptx_module_t *m = tp_parse_text(TP_HEADER
        ".visible .entry e(.param .u32 a, .param .f64 b, .param .align 8 .b8 s[12], .param .u16 c,\n"
        "    .param .u64 .ptr .global .align 16 p)\n"
        ".maxntid 256, 1, 1 .minnctapersm 2 .maxnreg 64\n"
        "{ ret; }\n"
        ".func (.param .align 4 .b8 r[8]) g(.param .b32 x) .noreturn { ret; }\n"
        ".entry c() .reqntid 32 .explicitcluster .reqnctapercluster 2, 1, 1 .maxclusterrank 8 { ret; }\n");
    const ptx_func_t *e = ptx_find_kernel(m, "e");
    cr_assert(e && e->kind == PTX_FUNC_ENTRY && e->link == PTX_LINK_VISIBLE && e->nparams == 5);
    uint64_t off[] = {0, 8, 16, 28, 32};
    for (int i = 0; i < 5; i++)
        cr_expect_eq(e->params[i].offset, off[i], "param %d", i);
    cr_expect_eq(e->param_size, 40);
    cr_expect(e->params[2].size == 12 && e->params[2].align == 8);
    cr_expect(e->params[4].ptr && e->params[4].ptr_space == PTX_SPACE_GLOBAL && e->params[4].ptr_align == 16);
    cr_expect(e->perf.maxntid[0] == 256 && e->perf.maxntid[1] == 1 && e->perf.minnctapersm == 2 &&
              e->perf.maxnreg == 64);
    int g = ptx_find_func(m, "g");
    cr_assert(g >= 0);
    cr_expect(m->funcs[g].nrets == 1 && m->funcs[g].rets[0].size == 8 && m->funcs[g].perf.noreturn);
    cr_expect(ptx_find_kernel(m, "g") == NULL, "a .func is not a kernel");
    const ptx_func_t *c = ptx_find_kernel(m, "c");
    cr_expect(c->perf.reqntid[0] == 32 && c->perf.reqntid[1] == 1 && c->perf.explicitcluster &&
              c->perf.reqnctapercluster[0] == 2 && c->perf.maxclusterrank == 8);
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, declarations_before_definitions_and_externs)
{
    ptx_module_t *m = tp_parse_text(TP_HEADER
        ".extern .func (.param .b32 func_retval0) vprintf (.param .b64 a, .param .b64 b);\n"
        ".func (.param .b32 r) later (.param .b32 x);\n"
        ".visible .entry k() { .reg .b32 %r<2>;\n"
        "  { .param .b32 param0; .param .b32 retval0; st.param.b32 [param0], 1;\n"
        "    call.uni (retval0), later, (param0); ld.param.b32 %r1, [retval0]; }\n"
        "  ret; }\n"
        ".func (.param .b32 r) later (.param .b32 y) { .reg .b32 %r1; ld.param.b32 %r1, [y]; st.param.b32 [r], %r1; ret; }\n");
    cr_expect_eq(m->nfuncs, 3);
    cr_expect(!m->funcs[0].defined && m->funcs[0].link == PTX_LINK_EXTERN);
    cr_expect(m->funcs[1].defined && !strcmp(m->funcs[1].params[0].name, "y"), "the definition's names");
    const ptx_func_t *k = tp_kernel(m);
    cr_expect(k->insns[1].op == PTX_OP_CALL && k->insns[1].opnd[1].kind == PTX_OPND_FUNC && k->insns[1].opnd[1].index == 1);
    cr_expect(k->nvars == 2 && k->vars[0].space == PTX_SPACE_PARAM && k->vars[1].offset == 4 && k->callparam_size == 8);
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, registers_classes_ranges_and_scopes)
{
    ptx_module_t *m = tp_parse_kernel("",
        ".reg .pred %p<3>;\n.reg .b16 %rs<4>;\n.reg .b32 %r<5>;\n.reg .f32 %f<2>;\n.reg .b64 %rd<3>;\n"
        ".reg .f64 %fd<2>;\n.reg .b64 %SP, %SPL;\n.reg .f16 low, high;\n"
        "mov.b32 %r1, 7;\n"
        "{ .reg .b32 %r1; mov.b32 %r1, 8; { .reg .pred q; setp.eq.u32 q, %r1, 8; } }\n"
        "mov.b32 %r2, %r1;\n"
        "mov.b16 %rs3, low;\n"
        "add.f64 %fd1, %fd0, 0d3FF0000000000000;\n"
        "mov.u64 %SP, %SPL;");
    const ptx_func_t *k = tp_kernel(m);
    /* 32-bit class: %rs0-3 (b16), %r0-4, %f0-1, low, high, and the inner %r1 */
    cr_expect_eq(k->nregs[PTX_RC_32], 4 + 5 + 2 + 2 + 1);
    cr_expect_eq(k->nregs[PTX_RC_64], 3 + 2 + 2);
    cr_expect_eq(k->nregs[PTX_RC_PRED], 3 + 1);
    cr_expect_eq(k->reg_type[PTX_RC_32][0], PTX_T_B16);
    cr_expect_eq(k->reg_type[PTX_RC_32][9], PTX_T_F32);
    cr_expect_eq(k->reg_type[PTX_RC_64][3], PTX_T_F64);
    cr_expect_eq(k->insns[0].opnd[0].reg, 4 + 1, "%%r1 is slot 5 (after %%rs0-3, %%r0)");
    cr_expect_eq(k->insns[1].opnd[0].reg, 13, "the inner %%r1 shadows the outer one");
    cr_expect(k->insns[2].opnd[0].rclass == PTX_RC_PRED && k->insns[2].opnd[0].reg == 3);
    cr_expect_eq(k->insns[3].opnd[1].reg, 5, "the outer %%r1 again after the scope");
    cr_expect_eq(k->insns[4].opnd[1].reg, 11, "low");
    cr_expect(k->insns[6].opnd[0].rclass == PTX_RC_64 && k->insns[6].opnd[0].reg == 5, "%%SP");
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, function_variables_and_frames)
{
    ptx_module_t *m = tp_parse_kernel("",
        ".local .align 8 .b8 __local_depot0[40];\n.local .align 4 .u32 x;\n.shared .align 16 .f32 tile[64];\n"
        ".reg .b64 %rd<3>;\n.reg .b32 %r<2>;\n"
        "mov.u64 %rd1, __local_depot0;\ncvta.local.u64 %rd2, %rd1;\nld.local.u32 %r1, [x+0];\n"
        "st.shared.f32 [tile+4], %r1;");
    const ptx_func_t *k = tp_kernel(m);
    cr_expect(k->nvars == 3 && k->vars[0].offset == 0 && k->vars[1].offset == 40 && k->local_size == 44);
    cr_expect_eq(k->local_align, 8);
    cr_expect(k->vars[2].space == PTX_SPACE_SHARED && k->vars[2].size == 256);
    cr_expect(k->insns[0].opnd[1].kind == PTX_OPND_SYM && k->insns[0].opnd[1].sym.kind == PTX_SYM_VAR);
    cr_expect(k->insns[3].opnd[0].kind == PTX_OPND_ADDR && k->insns[3].opnd[0].sym.index == 2 &&
              k->insns[3].opnd[0].imm == 4);
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, debug_directives_and_sections)
{
    ptx_module_t *m = tp_parse_text(TP_HEADER
        ".visible .entry k() {\n"
        "\t.loc 1 4 0\n$L__func_begin0:\n\t.loc 1 6 5\n\tret;\n\t.loc 2 9 1, function_name $L__info_string0, "
        "inlined_at 1 6 5\n\texit;\n$L__func_end0:\n}\n"
        ".file 1 \"/src/a.cu\"\n.file 2 \"b.h\", 1700000000, 1234\n"
        ".section .debug_abbrev\n{\n.b8 1\n.b8 17,1\n.b32 .debug_info\n.b64 $L__func_begin0+5\n}\n"
        ".section .debug_str\n{\n$L__info_string0:\n.b8 95,90,0\n.b16 -1\n}\n"
        ".pragma \"nounroll\";\n");
    const ptx_func_t *k = tp_kernel(m);
    cr_expect(k->insns[0].loc_file == 1 && k->insns[0].loc_line == 6 && k->insns[0].loc_col == 5);
    cr_expect(k->insns[1].loc_file == 2 && k->insns[1].loc_line == 9);
    cr_expect(m->nfiles == 2 && !strcmp(m->files[1].name, "b.h"));
    cr_expect(m->nsections == 2 && !strcmp(m->sections[0].name, ".debug_abbrev"));
    cr_expect_eq(m->sections[0].size, 1 + 2 + 4 + 8);
    cr_expect_eq(m->sections[1].size, 3 + 2);
    tp_round_trip(m);
    ptx_module_free(m);
}

Test(ptx_parse, comments_and_layout_do_not_matter)
{
    ptx_module_t *m = tp_parse_text("/* block */ .version 9.0 // line\n.target sm_75 .address_size 64\n"
                                    ".visible .entry k ( ) { .reg .b32 %r<2>;\n// %bb.0:\n"
                                    "  add.s32/*x*/%r1,%r0 , -0x10 ;ret;}");
    const ptx_func_t *k = tp_kernel(m);
    cr_expect_eq(k->ninsns, 2);
    cr_expect_eq(k->insns[0].opnd[2].imm, -16);
    cr_expect(k->insns[0].line == 5 && k->insns[0].col == 3);
    ptx_module_free(m);
}
