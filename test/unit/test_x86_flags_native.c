/* The IA-32 core's ALU results and flags against the host CPU itself: every
 * ALU class (add/adc/sub/sbb/cmp/neg, the logic ops, inc/dec, the shifts
 * and rotates through carry, shld/shrd, the multiplies, bt*, bsf/bsr, and
 * conditions read lazily by setcc/cmovcc/adc after a flag setter) at 8, 16
 * and 32 bits, on random operands and random incoming flags, run natively
 * and simulated (x86_native_fixture.h). Result registers are compared in
 * full, and every flag the architecture defines for the instruction (AF and
 * PF included) bit for bit; flags it leaves undefined are masked. The
 * decimal adjusts (DAA ...) do not exist in 64-bit mode: the diff suite's
 * qemu-i386 comparison covers them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "x86_native_fixture.h"

#define ALL (X86_CF | X86_PF | X86_AF | X86_ZF | X86_SF | X86_OF)
#define LOGIC (X86_CF | X86_PF | X86_ZF | X86_SF | X86_OF)
#define SZP (X86_PF | X86_ZF | X86_SF)

/* Operand constraints a case needs for a defined native result. */
enum { K_NONE, K_SHIFT, K_DIV, K_IDIV, K_BSF, K_SHXD16, K_SHIFT8, K_SHIFT16 };

typedef struct ncase {
    const char *name;
    uint8_t bytes[12];
    uint32_t len, flags, kind;
} ncase_t;

static const ncase_t cases[] = {
    /* the eight ALU ops: 32, 16, 8 bits, and AH/BH */
    {"add32", {0x01, 0xd8}, 2, ALL, K_NONE},   {"or32", {0x09, 0xd8}, 2, LOGIC, K_NONE},
    {"adc32", {0x11, 0xd8}, 2, ALL, K_NONE},   {"sbb32", {0x19, 0xd8}, 2, ALL, K_NONE},
    {"and32", {0x21, 0xd8}, 2, LOGIC, K_NONE}, {"sub32", {0x29, 0xd8}, 2, ALL, K_NONE},
    {"xor32", {0x31, 0xd8}, 2, LOGIC, K_NONE}, {"cmp32", {0x39, 0xd8}, 2, ALL, K_NONE},
    {"add16", {0x66, 0x01, 0xd8}, 3, ALL, K_NONE}, {"adc16", {0x66, 0x11, 0xd8}, 3, ALL, K_NONE},
    {"sbb16", {0x66, 0x19, 0xd8}, 3, ALL, K_NONE}, {"sub16", {0x66, 0x29, 0xd8}, 3, ALL, K_NONE},
    {"and16", {0x66, 0x21, 0xd8}, 3, LOGIC, K_NONE}, {"cmp16", {0x66, 0x39, 0xd8}, 3, ALL, K_NONE},
    {"add8", {0x00, 0xd8}, 2, ALL, K_NONE},    {"adc8", {0x10, 0xd8}, 2, ALL, K_NONE},
    {"sbb8", {0x18, 0xd8}, 2, ALL, K_NONE},    {"sub8", {0x28, 0xd8}, 2, ALL, K_NONE},
    {"xor8", {0x30, 0xd8}, 2, LOGIC, K_NONE},  {"cmp8", {0x38, 0xd8}, 2, ALL, K_NONE},
    {"add ah,bh", {0x00, 0xfc}, 2, ALL, K_NONE}, {"sub bh,ch", {0x28, 0xef}, 2, ALL, K_NONE},
    {"add eax,imm8", {0x83, 0xc0, 0x85}, 3, ALL, K_NONE}, {"sub eax,imm32", {0x81, 0xe8, 0x78, 0x56, 0x34, 0x92}, 6, ALL, K_NONE},
    {"sbb ax,imm8", {0x66, 0x83, 0xd8, 0x7f}, 4, ALL, K_NONE}, {"cmp al,imm8", {0x3c, 0x80}, 2, ALL, K_NONE},
    {"test32", {0x85, 0xd8}, 2, LOGIC, K_NONE}, {"test8", {0x84, 0xd8}, 2, LOGIC, K_NONE},
    /* unary */
    {"inc32", {0xff, 0xc0}, 2, ALL, K_NONE},   {"dec32", {0xff, 0xc8}, 2, ALL, K_NONE},
    {"inc16", {0x66, 0xff, 0xc0}, 3, ALL, K_NONE}, {"inc8", {0xfe, 0xc0}, 2, ALL, K_NONE},
    {"dec8", {0xfe, 0xc8}, 2, ALL, K_NONE},    {"neg32", {0xf7, 0xd8}, 2, ALL, K_NONE},
    {"neg16", {0x66, 0xf7, 0xd8}, 3, ALL, K_NONE}, {"neg8", {0xf6, 0xd8}, 2, ALL, K_NONE},
    {"not32", {0xf7, 0xd0}, 2, ALL, K_NONE},
    /* shifts by CL (flags defined for a count below the width: masked else) */
    {"shl32", {0xd3, 0xe0}, 2, LOGIC, K_SHIFT}, {"shr32", {0xd3, 0xe8}, 2, LOGIC, K_SHIFT},
    {"sar32", {0xd3, 0xf8}, 2, LOGIC, K_SHIFT}, {"rol32", {0xd3, 0xc0}, 2, X86_CF | X86_OF, K_SHIFT},
    {"ror32", {0xd3, 0xc8}, 2, X86_CF | X86_OF, K_SHIFT}, {"rcl32", {0xd3, 0xd0}, 2, X86_CF | X86_OF, K_SHIFT},
    {"rcr32", {0xd3, 0xd8}, 2, X86_CF | X86_OF, K_SHIFT},
    {"shl16", {0x66, 0xd3, 0xe0}, 3, LOGIC, K_SHIFT16}, {"sar16", {0x66, 0xd3, 0xf8}, 3, LOGIC, K_SHIFT16},
    {"rcl16", {0x66, 0xd3, 0xd0}, 3, X86_CF | X86_OF, K_SHIFT}, {"rcr16", {0x66, 0xd3, 0xd8}, 3, X86_CF | X86_OF, K_SHIFT},
    {"rol16", {0x66, 0xd3, 0xc0}, 3, X86_CF | X86_OF, K_SHIFT},
    {"shl8", {0xd2, 0xe0}, 2, LOGIC, K_SHIFT8}, {"shr8", {0xd2, 0xe8}, 2, LOGIC, K_SHIFT8},
    {"sar8", {0xd2, 0xf8}, 2, LOGIC, K_SHIFT8}, {"rol8", {0xd2, 0xc0}, 2, X86_CF | X86_OF, K_SHIFT},
    {"ror8", {0xd2, 0xc8}, 2, X86_CF | X86_OF, K_SHIFT}, {"rcl8", {0xd2, 0xd0}, 2, X86_CF | X86_OF, K_SHIFT},
    {"rcr8", {0xd2, 0xd8}, 2, X86_CF | X86_OF, K_SHIFT},
    {"shl32,1", {0xd1, 0xe0}, 2, LOGIC, K_NONE}, {"sar8,1", {0xd0, 0xf8}, 2, LOGIC, K_NONE},
    {"shr32,imm", {0xc1, 0xe8, 0x07}, 3, X86_CF | SZP, K_NONE},
    {"shld32", {0x0f, 0xa5, 0xd8}, 3, LOGIC, K_SHIFT}, {"shrd32", {0x0f, 0xad, 0xd8}, 3, LOGIC, K_SHIFT},
    {"shld16", {0x66, 0x0f, 0xa5, 0xd8}, 4, LOGIC, K_SHXD16}, {"shrd16", {0x66, 0x0f, 0xad, 0xd8}, 4, LOGIC, K_SHXD16},
    /* multiplies and divides (the divides' flags are undefined) */
    {"mul32", {0xf7, 0xe3}, 2, X86_CF | X86_OF, K_NONE}, {"imul32", {0xf7, 0xeb}, 2, X86_CF | X86_OF, K_NONE},
    {"mul16", {0x66, 0xf7, 0xe3}, 3, X86_CF | X86_OF, K_NONE}, {"mul8", {0xf6, 0xe3}, 2, X86_CF | X86_OF, K_NONE},
    {"imul8", {0xf6, 0xeb}, 2, X86_CF | X86_OF, K_NONE},
    {"imul r,r", {0x0f, 0xaf, 0xc3}, 3, X86_CF | X86_OF, K_NONE},
    {"imul r,r,imm8", {0x6b, 0xc3, 0x9c}, 3, X86_CF | X86_OF, K_NONE},
    {"imul16 r,r,imm", {0x66, 0x69, 0xc3, 0x34, 0x92}, 5, X86_CF | X86_OF, K_NONE},
    {"div32", {0xf7, 0xf3}, 2, 0, K_DIV},      {"idiv32", {0xf7, 0xfb}, 2, 0, K_IDIV},
    {"div16", {0x66, 0xf7, 0xf3}, 3, 0, K_DIV}, {"div8", {0xf6, 0xf3}, 2, 0, K_DIV},
    /* bits */
    {"bt", {0x0f, 0xa3, 0xd8}, 3, X86_CF, K_NONE}, {"bts", {0x0f, 0xab, 0xd8}, 3, X86_CF, K_NONE},
    {"btr16", {0x66, 0x0f, 0xb3, 0xd8}, 4, X86_CF, K_NONE}, {"btc", {0x0f, 0xbb, 0xd8}, 3, X86_CF, K_NONE},
    {"bt imm", {0x0f, 0xba, 0xe0, 0x25}, 4, X86_CF, K_NONE},
    {"bsf", {0x0f, 0xbc, 0xc3}, 3, X86_ZF, K_BSF}, {"bsr", {0x0f, 0xbd, 0xc3}, 3, X86_ZF, K_BSF},
    {"bsr16", {0x66, 0x0f, 0xbd, 0xc3}, 4, X86_ZF, K_BSF},
    /* exchanges, conversions */
    {"xadd", {0x0f, 0xc1, 0xd8}, 3, ALL, K_NONE}, {"cmpxchg", {0x0f, 0xb1, 0xd8}, 3, ALL, K_NONE},
    {"cmpxchg8", {0x0f, 0xb0, 0xd8}, 3, ALL, K_NONE},
    {"bswap", {0x0f, 0xc8}, 2, 0, K_NONE},     {"movsx", {0x0f, 0xbe, 0xc7}, 3, 0, K_NONE},
    {"movzx16", {0x0f, 0xb7, 0xc3}, 3, 0, K_NONE}, {"cwde", {0x98}, 1, 0, K_NONE},
    {"cbw", {0x66, 0x98}, 2, 0, K_NONE},       {"cdq", {0x99}, 1, 0, K_NONE},
    {"cwd", {0x66, 0x99}, 2, 0, K_NONE},       {"xchg", {0x93}, 1, 0, K_NONE},
    {"lea", {0x8d, 0x04, 0x58}, 3, 0, K_NONE},
    /* flags ops, and conditions read lazily after a setter */
    {"cmc", {0xf5}, 1, ALL, K_NONE}, {"stc", {0xf9}, 1, ALL, K_NONE}, {"clc", {0xf8}, 1, ALL, K_NONE},
    {"lahf after add", {0x01, 0xd8, 0x9f}, 3, ALL, K_NONE}, {"sahf", {0x9e}, 1, ALL, K_NONE},
    {"add; adc", {0x01, 0xd8, 0x11, 0xca}, 4, ALL, K_NONE}, {"sub; sbb", {0x29, 0xd8, 0x19, 0xca}, 4, ALL, K_NONE},
    {"inc; adc", {0xff, 0xc0, 0x11, 0xca}, 4, ALL, K_NONE}, {"shl; rcl", {0xd3, 0xe0, 0xd1, 0xd2}, 4, X86_CF, K_SHIFT},
};

/* setcc after cmp at each width and after each ALU kind: 16 conditions */
static void run_case(const char *name, const uint8_t *bytes, uint32_t len, uint32_t mask, uint32_t kind, uint32_t trials)
{
    for (uint32_t t = 0; t < trials; t++) {
        x86n_state_t s = {(uint32_t)random() ^ (uint32_t)random() << 16, (uint32_t)random() ^ (uint32_t)random() << 16,
                          (uint32_t)random(), (uint32_t)random() ^ (uint32_t)random() << 16, 0x202u};
        s.flags |= (uint32_t)random() & ALL;
        if (t % 4 == 0) s.ebx = s.eax;             /* equal operands: ZF, borrow edges */
        if (t % 8 == 1) s.ebx = 0x80000000u >> (random() % 32);
        if (t % 8 == 2) s.eax = (uint32_t)(0x7fffffffu + (random() % 3));
        uint32_t count = s.ecx & 31u;
        switch (kind) {
        case K_DIV: s.ebx |= 1u; s.edx %= s.ebx & (len == 3 ? 0xffffu : 0xffffffffu);
            if (bytes[0] == 0xf6) s.eax = (s.eax & ~0xffffu) | ((s.eax & 0xffu) | ((((s.eax >> 8) & 0xffu) % (s.ebx & 0xffu)) << 8));
            if (len == 3) s.edx = (s.edx & 0xffff0000u) | ((s.edx & 0xffffu) % (s.ebx & 0xffffu));
            break;
        case K_IDIV: s.ebx |= 1u; s.edx = (int32_t)s.eax < 0 ? 0xffffffffu : 0u;
            if (s.ebx == 0xffffffffu && s.eax == 0x80000000u) s.eax = 1;
            break;
        case K_BSF: s.ebx |= 1u << (random() % 16); break;
        case K_SHXD16: s.ecx = (s.ecx & ~31u) | (count % 17u); count = s.ecx & 31u; break;
        }
        x86n_state_t n = s, m = s;
        x86n_native(bytes, len, &n);
        cr_assert_eq(x86n_sim(bytes, len, &m), SIM_RUNNING, "%s", name);
        uint32_t f = mask;
        if (kind == K_SHIFT || kind == K_SHIFT8 || kind == K_SHIFT16 || kind == K_SHXD16) {
            uint32_t bits = kind == K_SHIFT8 ? 8u : kind == K_SHIFT16 || kind == K_SHXD16 ? 16u : 32u;
            if (count != 1u) f &= ~X86_OF; /* OF: defined for a count of 1 */
            if (count >= bits) f &= ~X86_CF; /* CF: for counts below the width */
        }
        cr_assert(n.eax == m.eax && n.ebx == m.ebx && n.ecx == m.ecx && n.edx == m.edx,
                  "%s: eax %08x ebx %08x ecx %08x edx %08x flags %03x: host %08x %08x %08x %08x, sim %08x %08x %08x %08x",
                  name, s.eax, s.ebx, s.ecx, s.edx, (unsigned)s.flags, n.eax, n.ebx, n.ecx, n.edx, m.eax, m.ebx, m.ecx, m.edx);
        cr_assert_eq((uint32_t)n.flags & f, (uint32_t)m.flags & f,
                     "%s: eax %08x ebx %08x ecx %08x edx %08x flags %03x: host flags %03x, sim %03x (compared %03x)", name,
                     s.eax, s.ebx, s.ecx, s.edx, (unsigned)s.flags, (unsigned)n.flags & f, (unsigned)m.flags & f, f);
    }
}

Test(x86_flags_native, every_alu_class)
{
    srandom(18);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(cases[i].name, cases[i].bytes, cases[i].len, cases[i].flags, cases[i].kind, 3000);
}

/* Every condition, read from the lazy state each flag setter leaves:
 * <setter>; setcc dl (0F 9x C2) and cmovcc ecx, ebx (0F 4x CB). */
Test(x86_flags_native, conditions_after_each_setter)
{
    static const uint8_t setters[][4] = {
        {0x39, 0xd8}, {0x38, 0xd8}, {0x66, 0x39, 0xd8}, {0x01, 0xd8}, {0x21, 0xd8}, {0x19, 0xd8},
        {0xff, 0xc0}, {0xfe, 0xc8}, {0xf7, 0xd8}, {0xd1, 0xe0}, {0xd1, 0xf8}, {0x0f, 0xaf, 0xc3}, {0x11, 0xd8},
        /* x86_cond's shortcuts at every width: logic ops of 8 and 16 bits
         * (test al, bl; and ax, bx; or al, bl), ZF and SF off the results
         * of 8- and 16-bit add, inc and shr */
        {0x84, 0xd8}, {0x66, 0x21, 0xd8}, {0x08, 0xd8}, {0x00, 0xd8}, {0x66, 0xff, 0xc0}, {0xd0, 0xe8},
    };
    static const uint32_t setter_len[] = {2, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 2, 3, 2, 2, 3, 2};
    SIM_STATIC_ASSERT(sizeof setter_len / sizeof setter_len[0] == sizeof setters / sizeof setters[0], one_len_each);
    srandom(19);
    for (size_t k = 0; k < sizeof setters / sizeof setters[0]; k++) {
        for (uint32_t cc = 0; cc < 16u; cc++) {
            uint8_t code[16];
            uint32_t n = setter_len[k];
            memcpy(code, setters[k], n);
            code[n] = 0x0f, code[n + 1] = (uint8_t)(0x90u + cc), code[n + 2] = 0xc2;
            code[n + 3] = 0x0f, code[n + 4] = (uint8_t)(0x40u + cc), code[n + 5] = 0xcb;
            /* after IMUL only CF and OF are defined: conditions on them alone */
            if (k == 11 && cc >= 2u)
                continue;
            char name[32];
            snprintf(name, sizeof name, "setter %zu cc %u", k, cc);
            run_case(name, code, n + 6u, 0, K_NONE, 500);
        }
    }
}

/* DIV and IDIV by zero, and quotients that do not fit: the core stops with
 * SIM_FAULT_DIVIDE (SIGFPE) at the instruction, registers untouched; the
 * same operands one short of overflow divide. */
Test(x86_flags_native, divide_fault)
{
    static const struct { uint8_t b[4]; uint32_t len, eax, edx, ebx, faults; } d[] = {
        {{0xf7, 0xf3}, 2, 10, 0, 0, 1},                 /* div ebx, ebx = 0 */
        {{0xf7, 0xf3}, 2, 0, 5, 5, 1},                  /* quotient 2^32 */
        {{0xf7, 0xf3}, 2, 0xffffffffu, 4, 5, 0},        /* fits */
        {{0xf7, 0xfb}, 2, 0x80000000u, 0xffffffffu, 0xffffffffu, 1}, /* INT_MIN / -1 */
        {{0xf7, 0xfb}, 2, 0x7fffffffu, 0, 0xffffffffu, 0},
        {{0xf6, 0xf3}, 2, 0x0100, 0, 1, 1},             /* div bl: AX 256 / 1 */
        {{0x66, 0xf7, 0xfb}, 3, 0x8000, 0xffff, 0xffff, 1}, /* idiv bx: -32768 / -1 */
        {{0xd4, 0x00}, 2, 7, 0, 0, 1},                  /* aam 0 */
    };
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
        x86_ctx_t c;
        memset(&c, 0, sizeof c);
        x86_ctx_init(&c, X86N_TEXT, 0x10000u + sizeof x86n_priv);
        c.r[0] = d[i].eax, c.r[2] = d[i].edx, c.r[3] = d[i].ebx;
        sim_mem_t m = one_core_mem(x86n_priv, 0x10000u, sizeof x86n_priv);
        x86_insn_t in;
        x86_decode(d[i].b, d[i].len, X86N_TEXT, &in);
        c.eip = X86N_TEXT + in.len;
        x86_exec(&c, &in, &m, 0, X86N_TEXT, 0);
        if (d[i].faults) {
            cr_assert_eq(c.sys.status, SIM_FAULTED, "case %zu", i);
            cr_assert_eq(c.sys.fault_reason, SIM_FAULT_DIVIDE, "case %zu", i);
            cr_assert_eq(c.sys.fault_pc, X86N_TEXT);
            cr_assert_eq(c.eip, X86N_TEXT);
            cr_assert(c.r[0] == d[i].eax && c.r[2] == d[i].edx, "case %zu: registers changed", i);
        } else {
            cr_assert_eq(c.sys.status, SIM_RUNNING, "case %zu", i);
        }
    }
}
