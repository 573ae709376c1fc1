/* The x87 executor beyond single random instructions: the 16-bit
 * environment layouts against the host, the encoding table, the
 * instruction and data pointers, unmasked exceptions and the SIGFPE they
 * turn into, memory faults, and the stack's overflow and underflow. */
#include <criterion/criterion.h>

#include "x87_exec_fixture.h"

/* A 32-bit image (from x87_random_image) in the 16-bit layout. */
static void to_16bit_image(const uint8_t *img32, uint8_t *img16)
{
    memset(img16, 0, 94);
    for (int k = 0; k < 7; k++)
        memcpy(img16 + 2 * k, img32 + 4 * k, 2);
    memcpy(img16 + 14, img32 + 28, 80);
}

/* FLDENV, FNSTENV, FRSTOR, FNSAVE under 0x66 against the host's. */
Test(x87_exec_env, layouts_16bit)
{
#if !X87_HOST
    cr_skip_test("no x87 on this host");
#else
    static const uint8_t enc[4][2] = {{0xd9, 0x26}, {0xd9, 0x36}, {0xdd, 0x26}, {0xdd, 0x36}};
    uint64_t s = 0x16b17u;
    unsigned bad = 0;
    for (uint32_t k = 0; k < 4; k++) {
        for (int n = 0; n < 2000; n++) {
            x87_case_t in, hw, sim;
            const x87_enc_t *e = x87_enc(k < 2 ? "fldenv" : "frstor");
            x87_random_case(&s, e, &in);
            uint8_t img32[108];
            x87_random_image(&s, img32, 0);
            to_16bit_image(img32, in.opnd);
            hw = sim = in;
            x87_host_run16(&hw, k);
            uint32_t rc = x87_sim_run16(&sim, enc[k][0], enc[k][1], 1);
            if (rc == X87_OK && x87_case_same(&hw, &sim, X87_CMP_ALL))
                continue;
            if (bad++ < 4) {
                fprintf(stderr, "66 %02x %02x rc=%u\n", enc[k][0], enc[k][1], rc);
                x87_dump("in ", &in);
                x87_dump("hw ", &hw);
                x87_dump("sim", &sim);
            }
        }
    }
    cr_assert_eq(bad, 0, "%u of 8000 16-bit environment cases differ from the host", bad);
#endif
}

/* x86_x87_defined is the table, and what is not in it is undefined. */
Test(x87_exec_env, encoding_table)
{
    x87_sim_t s;
    unsigned defined = 0;
    for (uint32_t op = 0xd8; op <= 0xdf; op++) {
        for (uint32_t modrm = 0; modrm < 256; modrm++) {
            int in_table = 0;
            for (size_t k = 0; k < X87_N_ENCS; k++) {
                const x87_enc_t *e = &x87_encs[k];
                if (e->op != op)
                    continue;
                if (e->mem ? modrm < 0xc0 && ((modrm >> 3) & 7u) == ((e->first >> 3) & 7u)
                           : modrm >= e->first && modrm <= e->last)
                    in_table = 1;
            }
            cr_assert_eq(x86_x87_defined(op, modrm), in_table, "%02x %02x", op, modrm);
            x87_sim_init(&s);
            x87_state_t before = s.f;
            uint32_t eax = 0, efl = 2;
            uint32_t rc = x87_sim_exec(&s, op, modrm, X87_OPND_AT, &eax, &efl);
            cr_assert_eq(rc == X87_UNDEF, !in_table, "%02x %02x answers %u", op, modrm, rc);
            if (!in_table)
                cr_assert(!memcmp(&before, &s.f, sizeof before), "%02x %02x changed the state", op, modrm);
            defined += (uint32_t)in_table;
        }
    }
    /* 8 x 192 memory ModRMs less 4 reserved /reg; 8 x 64 register ones less 92 reserved:
     * D9 12, DA 31, DB 11, DD 16, DE 7, DF 15 */
    cr_assert_eq(defined, 8u * 192u - 4u * 24u + 8u * 64u - 92u, "%u encodings defined", defined);
}

/* FNSTENV's image of the state after the instructions so far. */
static void stenv(x87_sim_t *s, uint32_t w[7])
{
    uint32_t eax = 0, efl = 2;
    cr_assert_eq(x87_sim_exec(s, 0xd9, 0x36, X87_IMG_AT, &eax, &efl), X87_OK);
    for (int k = 0; k < 7; k++)
        sim_ld32(&s->m, 0, X87_IMG_AT + 4u * (uint32_t)k, &w[k]);
}

static uint32_t run_at(x87_sim_t *s, uint32_t op, uint32_t modrm, uint32_t ea, uint32_t pc)
{
    uint32_t eax = 0, efl = 2, fault = 0;
    return x86_x87_exec(&s->f, &s->m, 0, op, modrm, ea, pc, 0, &eax, &efl, &fault);
}

/* FIP = the last non-control instruction's address, FOP its opcode's low
 * 3 bits and ModRM, FDP its memory operand; control instructions leave
 * them; FNINIT clears them. */
Test(x87_exec_env, instruction_pointers)
{
    x87_sim_t s;
    uint32_t w[7];
    x87_sim_init(&s);
    sim_st32(&s.m, 0, X87_OPND_AT, 0x3f800000u); /* 1.0f */
    cr_assert_eq(run_at(&s, 0xd9, 0x06, X87_OPND_AT, 0x8048100u), X87_OK); /* FLD m32 */
    cr_assert_eq(run_at(&s, 0xd8, 0xc0, 0, 0x8048104u), X87_OK);          /* FADD ST, ST */
    cr_assert_eq(run_at(&s, 0xd9, 0x2e, X87_OPND_AT, 0x8048106u), X87_OK); /* FLDCW: 0x0000 */
    stenv(&s, w);
    cr_assert_eq(w[3], 0x8048104u, "fip %08x", w[3]);
    cr_assert_eq(w[4], 0x0c0u << 16, "fcs/fop %08x", w[4]);
    cr_assert_eq(w[5], X87_OPND_AT, "fdp %08x", w[5]);
    cr_assert_eq(w[0], 0xffff0040u, "cw %08x: reserved bits as loaded, upper half ones", w[0]);
    stenv(&s, w);
    cr_assert_eq(w[0] & 0xffffu, 0x007fu, "cw %04x: FNSTENV masked everything", w[0]);
    cr_assert_eq(run_at(&s, 0xdb, 0xe3, 0, 0x8048200u), X87_OK); /* FNINIT */
    stenv(&s, w);
    cr_assert(w[3] == 0 && w[4] == 0 && w[5] == 0 && (w[2] & 0xffffu) == 0xffffu);
}

/* The FPU state as the program sees it (FNSTSW AX). */
static uint32_t status(x87_sim_t *s)
{
    uint32_t eax = 0xdead0000u, efl = 2;
    cr_assert_eq(x87_sim_exec(s, 0xdf, 0xe0, 0, &eax, &efl), X87_OK);
    cr_assert_eq(eax >> 16, 0xdeadu, "FNSTSW AX keeps EAX's high half");
    return eax & 0xffffu;
}

static void load_f64(x87_sim_t *s, double d)
{
    uint64_t v;
    uint32_t eax = 0, efl = 2;
    memcpy(&v, &d, 8);
    sim_st32(&s->m, 0, X87_OPND_AT + 16u, (uint32_t)v);
    sim_st32(&s->m, 0, X87_OPND_AT + 20u, (uint32_t)(v >> 32));
    cr_assert_eq(x87_sim_exec(s, 0xdd, 0x06, X87_OPND_AT + 16u, &eax, &efl), X87_OK);
}

static void load_cw(x87_sim_t *s, uint32_t cw)
{
    uint32_t eax = 0, efl = 2;
    sim_st16(&s->m, 0, X87_OPND_AT + 32u, cw);
    cr_assert_eq(x87_sim_exec(s, 0xd9, 0x2e, X87_OPND_AT + 32u, &eax, &efl), X87_OK);
}

/* ZE unmasked: 1/0 leaves ST(0) and the stack, sets ES and B; the next
 * waiting instruction (and FWAIT) answers X87_FAULT_FPE without running;
 * the non-waiting ones run; FNCLEX ends it. */
Test(x87_exec_env, unmasked_exception_traps)
{
    x87_sim_t s;
    uint32_t eax = 0, efl = 2;
    x87_sim_init(&s);
    load_cw(&s, 0x037bu); /* ZE unmasked */
    load_f64(&s, 0.0);
    load_f64(&s, 1.0);
    cr_assert_eq(x87_sim_exec(&s, 0xd8, 0xf1, 0, &eax, &efl), X87_OK); /* FDIV ST, ST(1) */
    uint32_t sw = status(&s);
    cr_assert_eq(sw & (FP80_ZE | X87_ES | X87_B), FP80_ZE | X87_ES | X87_B, "sw %04x", sw);
    cr_assert_eq(x87_st(&s.f, 0).sexp, FP80_BIAS, "ST(0) still 1.0");
    cr_assert_eq(x87_top(&s.f), 6u);
    x87_state_t before = s.f;
    cr_assert_eq(x87_sim_exec(&s, 0xd9, 0xe8, 0, &eax, &efl), X87_FAULT_FPE); /* FLD1 */
    cr_assert_eq(x86_x87_fwait(&s.f), X87_FAULT_FPE);
    cr_assert(!memcmp(&before, &s.f, sizeof before), "a trapping instruction has no effect");
    cr_assert_eq(x86_x87_fpe_code(&s.f), 3u, "FPE_FLTDIV");
    cr_assert_eq(x87_sim_exec(&s, 0xd9, 0x3e, X87_OPND_AT, &eax, &efl), X87_OK); /* FNSTCW */
    cr_assert_eq(x87_sim_exec(&s, 0xdb, 0xe2, 0, &eax, &efl), X87_OK);         /* FNCLEX */
    cr_assert_eq(status(&s) & (X87_EXC | X87_ES | X87_B), 0);
    cr_assert_eq(x86_x87_fwait(&s.f), X87_OK);
    cr_assert_eq(x87_sim_exec(&s, 0xd9, 0xe8, 0, &eax, &efl), X87_OK);
}

/* A flag raised while masked traps once FLDCW unmasks it. */
Test(x87_exec_env, fldcw_unmasks_pending)
{
    x87_sim_t s;
    uint32_t eax = 0, efl = 2;
    x87_sim_init(&s);
    load_f64(&s, 1.0);
    load_f64(&s, 3.0);
    cr_assert_eq(x87_sim_exec(&s, 0xd8, 0xf1, 0, &eax, &efl), X87_OK); /* 3/1: exact */
    cr_assert_eq(x87_sim_exec(&s, 0xde, 0xf9, 0, &eax, &efl), X87_OK); /* FDIVP: 1/3, PE */
    cr_assert_eq(status(&s) & (FP80_PE | X87_ES), FP80_PE);
    load_cw(&s, 0x035fu); /* PE unmasked */
    cr_assert_eq(status(&s) & X87_ES, X87_ES);
    cr_assert_eq(x87_sim_exec(&s, 0xd9, 0xe1, 0, &eax, &efl), X87_FAULT_FPE); /* FABS */
}

/* A read that faults and stores that would fault change nothing. */
Test(x87_exec_env, memory_faults)
{
    x87_sim_t s;
    uint32_t eax = 0, efl = 2, fault = 0;
    x87_sim_init(&s);
    load_f64(&s, 2.0);
    x87_state_t before = s.f;
    uint32_t end = X87_MEM_BASE + (uint32_t)sizeof s.words;
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdd, 0x06, end - 4u, X87_PC, 0, &eax, &efl, &fault),
                 X87_FAULT_READ); /* FLD m64 across the end */
    cr_assert_eq(fault, end);
    cr_assert(!memcmp(&before, &s.f, sizeof before));
    for (uint32_t i = 0; i < 16; i++)
        sim_st8(&s.m, 0, end - 16u + i, 0x5a);
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdb, 0x3e, end - 6u, X87_PC, 0, &eax, &efl, &fault),
                 X87_FAULT_WRITE); /* FSTP m80 across the end */
    cr_assert_eq(fault, end);
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdd, 0x36, end - 100u, X87_PC, 0, &eax, &efl, &fault),
                 X87_FAULT_WRITE); /* FNSAVE: 108 bytes */
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdd, 0x06, 0x100u, X87_PC, 0, &eax, &efl, &fault),
                 X87_FAULT_READ); /* nowhere */
    cr_assert_eq(fault, 0x100u);
    cr_assert(!memcmp(&before, &s.f, sizeof before), "no fault changed the state");
    for (uint32_t i = 0; i < 16; i++) {
        uint32_t b;
        sim_ld8(&s.m, 0, end - 16u + i, &b);
        cr_assert_eq(b, 0x5au, "byte %u written by a faulting store", i);
    }
}

/* Constants in the read-only image (.rodata) load; stores there fault. */
Test(x87_exec_env, read_only_image)
{
    static uint32_t ro[16];
    x87_sim_t s;
    uint32_t eax = 0, efl = 2, fault = 0;
    double d = 2.5;
    memcpy(ro, &d, 8);
    x87_sim_init(&s);
    s.m.ro = (const uint8_t *)ro;
    s.m.ro_base = 0x20000u;
    s.m.ro_size = sizeof ro;
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdd, 0x06, 0x20000u, X87_PC, 0, &eax, &efl, &fault), X87_OK);
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdc, 0x0e, 0x20000u, X87_PC, 0, &eax, &efl, &fault), X87_OK);
    fp80_t v = x87_st(&s.f, 0);
    cr_assert(v.sexp == FP80_BIAS + 2 && v.mant == 0xc800000000000000ull, "2.5 * 2.5 = 6.25");
    x87_state_t before = s.f;
    cr_assert_eq(x86_x87_exec(&s.f, &s.m, 0, 0xdd, 0x1e, 0x20008u, X87_PC, 0, &eax, &efl, &fault),
                 X87_FAULT_WRITE); /* FSTP m64 */
    cr_assert_eq(fault, 0x20008u);
    cr_assert(!memcmp(&before, &s.f, sizeof before) && ro[2] == 0 && ro[3] == 0);
}

/* Nine pushes: the ninth overflows (IE SF C1, the indefinite pushed);
 * FADD of empty registers underflows (IE SF, C1 = 0); FIST of the
 * indefinite stores the integer indefinite. */
Test(x87_exec_env, stack_overflow_underflow)
{
    x87_sim_t s;
    uint32_t eax = 0, efl = 2, v;
    x87_sim_init(&s);
    for (int k = 0; k < 8; k++)
        cr_assert_eq(x87_sim_exec(&s, 0xd9, 0xe8, 0, &eax, &efl), X87_OK);
    cr_assert_eq(status(&s) & (X87_EXC | X87_SF), 0);
    cr_assert_eq(x87_sim_exec(&s, 0xd9, 0xeb, 0, &eax, &efl), X87_OK); /* FLDPI */
    uint32_t sw = status(&s);
    cr_assert_eq(sw & (FP80_IE | X87_SF | FP80_C1), FP80_IE | X87_SF | FP80_C1, "sw %04x", sw);
    fp80_t top = x87_st(&s.f, 0);
    cr_assert(top.sexp == 0xffff && top.mant == (FP80_J | FP80_QUIET), "the indefinite pushed");
    cr_assert_eq(x87_sim_exec(&s, 0xdb, 0x16, X87_OPND_AT, &eax, &efl), X87_OK); /* FIST m32 */
    sim_ld32(&s.m, 0, X87_OPND_AT, &v);
    cr_assert_eq(v, 0x80000000u);
    cr_assert_eq(x87_sim_exec(&s, 0xdb, 0xe3, 0, &eax, &efl), X87_OK); /* FNINIT */
    cr_assert_eq(x87_sim_exec(&s, 0xd8, 0xc1, 0, &eax, &efl), X87_OK); /* FADD ST, ST(1) */
    sw = status(&s);
    cr_assert_eq(sw & (FP80_IE | X87_SF | FP80_C1), FP80_IE | X87_SF, "sw %04x", sw);
}
