/* The PTX op table (ptx_ops.def) as the front end and the timing model read
 * it: mnemonics, shapes, units, properties, special registers, and the
 * list of refused instructions. */
#include "test_ptx_fixture.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_unsupported.h"

/* "bar.warp.sync" -> "bar" ".warp" ".sync" */
static unsigned split_words(const char *mnem, char store[5][32], const char *w[5], uint32_t len[5])
{
    unsigned n = 0;
    for (const char *p = mnem; *p && n < 5;) {
        const char *q = strchr(p + 1, '.');
        size_t k = q ? (size_t)(q - p) : strlen(p);
        memcpy(store[n], p, k);
        store[n][k] = 0;
        w[n] = store[n];
        len[n++] = (uint32_t)k;
        p += k;
    }
    return n;
}

Test(ptx_ops, mnemonics_are_unique_and_found)
{
    for (int op = 0; op < PTX_OP_COUNT; op++) {
        char store[5][32];
        const char *w[5];
        uint32_t len[5];
        unsigned used, n = split_words(ptx_op_name((ptx_op_t)op), store, w, len);
        cr_expect_eq(ptx_op_lookup(w, len, n, &used), op, "%s", ptx_op_name((ptx_op_t)op));
        cr_expect_eq(used, n);
        cr_expect(!ptx_is_unsupported(w, len, n), "%s is both implemented and refused", ptx_op_name((ptx_op_t)op));
        for (int other = 0; other < op; other++)
            cr_expect(strcmp(ptx_op_name((ptx_op_t)op), ptx_op_name((ptx_op_t)other)), "%s twice",
                      ptx_op_name((ptx_op_t)op));
    }
}

Test(ptx_ops, shapes_use_known_letters)
{
    for (int op = 0; op < PTX_OP_COUNT; op++) {
        const char *s = ptx_opinfo((ptx_op_t)op)->shape;
        if (!strcmp(s, "*")) {
            cr_expect_eq(op, PTX_OP_CALL);
            continue;
        }
        unsigned mand, total = ptx_shape_len(s, &mand);
        cr_expect(total <= PTX_MAX_OPNDS - 1, "%s: room for a |p pair", ptx_op_name((ptx_op_t)op));
        for (const char *p = s; *p; p++) {
            cr_expect(strchr("dwWrqscCXumphagltiTF?", *p) != NULL, "%s: letter %c", ptx_op_name((ptx_op_t)op), *p);
            cr_expect(*p != '?' || (p > s && p[-1] != '?'), "%s: '?' follows a letter", ptx_op_name((ptx_op_t)op));
        }
        for (unsigned n = mand; n <= total; n++)
            for (unsigned i = 0; i < n; i++)
                cr_expect(ptx_shape_letter(s, n, i) != 0, "%s: operand %u of %u", ptx_op_name((ptx_op_t)op), i, n);
    }
    cr_expect_eq(ptx_shape_letter("duu?p", 3, 2), 'p', "optional slots fill left to right");
    cr_expect_eq(ptx_shape_letter("duu?p", 4, 2), 'u');
}

Test(ptx_ops, units_follow_types)
{
    cr_expect_eq(ptx_op_unit_for(PTX_OP_ADD, PTX_TK_S), SIM_UNIT_INT);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_ADD, PTX_TK_F), SIM_UNIT_FP32);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_ADD, PTX_TK_H), SIM_UNIT_FP32);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_FMA, PTX_TK_D), SIM_UNIT_FP64);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_CVT, PTX_TK_D | PTX_TK_S), SIM_UNIT_FP64, "cvt.rn.f64.s32");
    cr_expect_eq(ptx_op_unit_for(PTX_OP_SETP, PTX_TK_U), SIM_UNIT_INT);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_AND, PTX_TK_B), SIM_UNIT_INT);
    cr_expect_eq(ptx_op_unit_for(PTX_OP_LD, PTX_TK_F), SIM_UNIT_MEM, "a load of a float is still a load");
    cr_expect_eq(ptx_op_unit(PTX_OP_SIN), SIM_UNIT_SFU);
    cr_expect_eq(ptx_op_unit(PTX_OP_BRA), SIM_UNIT_BRANCH);
    cr_expect_eq(ptx_op_unit(PTX_OP_BAR), SIM_UNIT_SYNC);
    cr_expect_eq(ptx_op_unit(PTX_OP_FENCE), SIM_UNIT_SYNC);
    ptx_insn_t in;
    memset(&in, 0, sizeof in);
    in.op = PTX_OP_CVT;
    in.type[0] = PTX_T_F64;
    in.type[1] = PTX_T_S32;
    cr_expect_eq(ptx_insn_unit(&in), SIM_UNIT_FP64);
    in.op = PTX_OP_MUL;
    in.type[0] = PTX_T_U32;
    in.type[1] = PTX_T_NONE;
    cr_expect_eq(ptx_insn_unit(&in), SIM_UNIT_MUL);
    in.type[0] = PTX_T_F32;
    cr_expect_eq(ptx_insn_unit(&in), SIM_UNIT_FP32, "mul.f32 is float work, not an integer multiply");
    cr_expect_eq(ptx_op_unit(PTX_OP_REM), SIM_UNIT_DIV);
    cr_expect_eq(ptx_op_unit(PTX_OP_SHFL), SIM_UNIT_WARP);
    cr_expect_eq(ptx_op_unit(PTX_OP_TRAP), SIM_UNIT_SYS);
}

/* The ex column: the executor kind of each row, and the ALU rows are
 * exactly the ones the ALU's lowering computes. */
Test(ptx_ops, executor_kinds)
{
    cr_expect_eq(ptx_op_ex(PTX_OP_LDU), PTX_EX_LD);
    cr_expect_eq(ptx_op_ex(PTX_OP_RED), PTX_EX_ATOM);
    cr_expect_eq(ptx_op_ex(PTX_OP_BAR_RED), PTX_EX_BARRED);
    cr_expect_eq(ptx_op_ex(PTX_OP_BRKPT), PTX_EX_TRAP);
    cr_expect_eq(ptx_op_ex(PTX_OP_FENCE), PTX_EX_NOP);
    cr_expect_eq(ptx_op_ex(PTX_OP_CVTA), PTX_EX_CVTA, "cvta is not an ALU op");
    for (unsigned op = 0; op < PTX_OP_COUNT; op++) {
        uint32_t props = ptx_op_props((ptx_op_t)op);
        if (ptx_op_ex((ptx_op_t)op) == PTX_EX_ALU)
            cr_expect_eq(props & (PTX_P_LOAD | PTX_P_STORE | PTX_P_BRANCH | PTX_P_CALL | PTX_P_EXIT |
                                  PTX_P_BARRIER | PTX_P_WARP), 0u, "%s", ptx_op_name((ptx_op_t)op));
        if (props & (PTX_P_LOAD | PTX_P_STORE))
            cr_expect(ptx_op_unit((ptx_op_t)op) == SIM_UNIT_MEM, "%s", ptx_op_name((ptx_op_t)op));
    }
}

Test(ptx_ops, properties)
{
    cr_expect(ptx_op_props(PTX_OP_LD) & PTX_P_LOAD);
    cr_expect(ptx_op_props(PTX_OP_LDU) & PTX_P_LOAD);
    cr_expect(ptx_op_props(PTX_OP_ST) & PTX_P_STORE);
    cr_expect((ptx_op_props(PTX_OP_ATOM) & (PTX_P_LOAD | PTX_P_STORE | PTX_P_ATOMIC)) ==
              (PTX_P_LOAD | PTX_P_STORE | PTX_P_ATOMIC));
    cr_expect((ptx_op_props(PTX_OP_RED) & (PTX_P_LOAD | PTX_P_ATOMIC)) == PTX_P_ATOMIC);
    cr_expect(ptx_op_props(PTX_OP_BRA) & PTX_P_BRANCH);
    cr_expect(ptx_op_props(PTX_OP_BRX_IDX) & PTX_P_BRANCH);
    cr_expect(ptx_op_props(PTX_OP_CALL) & PTX_P_CALL);
    for (int op = 0; op < PTX_OP_COUNT; op++) {
        int ends = op == PTX_OP_RET || op == PTX_OP_EXIT || op == PTX_OP_TRAP;
        cr_expect(!!(ptx_op_props((ptx_op_t)op) & PTX_P_EXIT) == ends, "%s", ptx_op_name((ptx_op_t)op));
    }
    cr_expect(ptx_op_props(PTX_OP_BAR_RED) & PTX_P_BARRIER);
    int warp[] = {PTX_OP_VOTE, PTX_OP_SHFL, PTX_OP_MATCH, PTX_OP_ACTIVEMASK, PTX_OP_REDUX, PTX_OP_BAR_WARP};
    for (size_t i = 0; i < sizeof warp / sizeof warp[0]; i++)
        cr_expect(ptx_op_props((ptx_op_t)warp[i]) & PTX_P_WARP, "%s", ptx_op_name((ptx_op_t)warp[i]));
}

Test(ptx_ops, special_registers)
{
    for (int s = 0; s < PTX_SREG_COUNT; s++) {
        const char *name = ptx_sreg_name((ptx_sreg_t)s);
        unsigned idx;
        if (ptx_sreg_form((ptx_sreg_t)s) == PTX_SREG_INDEXED) {
            char buf[48];
            snprintf(buf, sizeof buf, "%s%u", name, ptx_sreg_count((ptx_sreg_t)s) - 1);
            cr_expect_eq(ptx_sreg_lookup(buf, strlen(buf), &idx), s, "%s", buf);
            cr_expect_eq(idx, ptx_sreg_count((ptx_sreg_t)s) - 1);
            snprintf(buf, sizeof buf, "%s%u", name, ptx_sreg_count((ptx_sreg_t)s));
            cr_expect_eq(ptx_sreg_lookup(buf, strlen(buf), &idx), -1, "%s is past the last", buf);
        } else {
            cr_expect_eq(ptx_sreg_lookup(name, strlen(name), &idx), s, "%s", name);
        }
        unsigned bits = ptx_sreg_bits((ptx_sreg_t)s);
        cr_expect(bits == 1 || bits == 32 || bits == 64);
    }
    unsigned idx;
    cr_expect_eq(ptx_sreg_lookup("%envreg03", 9, &idx), -1, "no leading zeros");
    cr_expect_eq(ptx_sreg_lookup("%tidx", 5, &idx), -1);
}

Test(ptx_ops, refused_instructions)
{
    static const char *const refused[][3] = {
        {"mma", ".sp", ".sync"}, {"tex", ".level", ".2d"}, {"tex", ".grad", ".2d"},
        {"sust", ".p", ".1d"}, {"sured", ".b", ".add"}, {"cp", ".async", ".bulk"},
        {"wgmma", ".fence", ".sync"}, {"tcgen05", ".alloc", ".cta_group::1"},
        {"st", ".async", ".b32"}, {"fence", ".proxy", ".async"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        uint32_t len[3] = {(uint32_t)strlen(refused[i][0]), (uint32_t)strlen(refused[i][1]),
                           (uint32_t)strlen(refused[i][2])};
        cr_expect(ptx_is_unsupported(refused[i], len, 3), "%s%s", refused[i][0], refused[i][1]);
    }
    static const char *const done[][3] = {
        {"mma", ".sync", ".aligned"}, {"cvt", ".rna", ".tf32"}, {"cp", ".async", ".ca"}, {"cp", ".async", ".wait_all"},
        {"ldmatrix", ".sync", ".aligned"}, {"mbarrier", ".init", ".shared"}, {"cp", ".async", ".mbarrier"},
        {"stmatrix", ".sync", ".aligned"}, {"movmatrix", ".sync", ".aligned"},
    };
    for (size_t i = 0; i < sizeof done / sizeof done[0]; i++) {
        uint32_t len[3] = {(uint32_t)strlen(done[i][0]), (uint32_t)strlen(done[i][1]), (uint32_t)strlen(done[i][2])};
        cr_expect(!ptx_is_unsupported(done[i], len, 3), "%s%s%s", done[i][0], done[i][1], done[i][2]);
    }
}
