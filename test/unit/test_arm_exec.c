/* The ARM executor on a tiny machine: one core, a 64 KiB private window at
 * 0x10000, a 4 KiB shared region at 0xC0000000, A32 code at 0x8000 decoded
 * by arm_decode_a32 (words from arm-linux-gnueabi-as, assembly beside them),
 * Thumb records built by hand. Flag results are checked against models
 * written from the ARM ARM pseudocode (bit-by-bit shifts, AddWithCarry on
 * 64-bit integers), not against the executor's own helpers. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"
#include "mem_fixture.h"

#define EXT_TEXT 0x8000u
#define EXT_PRIV 0x10000u
#define EXT_PRIV_SIZE 0x10000u
#define EXT_BASE (EXT_PRIV + 0x100u) /* a data address for loads and stores */
#define EXT_SHARED 0xC0000000u
#define EXT_MAXW 64

static uint32_t ext_priv[EXT_PRIV_SIZE / 4];
static uint32_t ext_shared[1024];
static uint32_t ext_text[EXT_MAXW];
static arm_insn_t ext_a32[EXT_MAXW], ext_t32[2 * EXT_MAXW];
static sim_mem_t ext_mem;
static arm_code_t ext_img;
static arm_ctx_t ext_c;

#define C_N ARM_CPSR_N
#define C_Z ARM_CPSR_Z
#define C_C ARM_CPSR_C
#define C_V ARM_CPSR_V
#define C_Q ARM_CPSR_Q

static void ext_init(void)
{
    memset(ext_priv, 0, sizeof ext_priv);
    memset(ext_shared, 0, sizeof ext_shared);
    memset(ext_text, 0, sizeof ext_text);
    memset(ext_a32, 0, sizeof ext_a32);
    memset(ext_t32, 0, sizeof ext_t32);
    memset(&ext_c, 0, sizeof ext_c);
    ext_mem = one_core_mem(ext_priv, EXT_PRIV, EXT_PRIV_SIZE);
    ext_mem.ro = (const uint8_t *)ext_text;
    ext_mem.ro_base = EXT_TEXT;
    ext_mem.shared = (uint8_t *)ext_shared;
    ext_mem.shared_base = EXT_SHARED;
    ext_mem.shared_size = sizeof ext_shared;
    ext_img.a32 = ext_a32;
    ext_img.t32 = ext_t32;
    ext_img.text_lo = EXT_TEXT;
    ext_img.text_size = sizeof ext_text;
    ext_c.r[13] = EXT_PRIV + EXT_PRIV_SIZE;
    ext_c.excl_addr = ARM_EXCL_NONE;
}

TestSuite(arm_exec, .init = ext_init);

static uint32_t *ext_word(uint32_t a)
{
    return &ext_priv[(a - EXT_PRIV) / 4];
}

/* Run from r15 until the PC reaches `end`, the core stops, or 1000 steps. */
static uint64_t ext_run_to(uint32_t end)
{
    uint64_t n = 0;
    for (int i = 0; i < 1000 && ext_c.sys.status == SIM_RUNNING && ext_c.r[15] != end; i++)
        n += arm_run(&ext_c, &ext_img, &ext_mem, 0, 1);
    return n;
}

/* Place n A32 words at EXT_TEXT (also readable as the ro image) and run them. */
static uint64_t ext_exec(const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        ext_text[i] = w[i];
        arm_decode_a32(w[i], EXT_TEXT + 4u * (uint32_t)i, &ext_a32[i]);
    }
    ext_mem.ro_size = 4u * (uint32_t)n;
    ext_c.r[15] = EXT_TEXT;
    return ext_run_to(EXT_TEXT + 4u * (uint32_t)n);
}

#define EXEC(...)                                                              \
    do {                                                                       \
        static const uint32_t w_[] = {__VA_ARGS__};                            \
        ext_exec(w_, sizeof w_ / sizeof w_[0]);                                \
    } while (0)

/* A T16-style record at Thumb address a (len 2 unless given). */
static arm_insn_t *ext_thumb(uint32_t a, uint16_t op, uint8_t rd, uint8_t rm, uint32_t imm,
                             uint8_t flags)
{
    arm_insn_t *in = &ext_t32[(a - EXT_TEXT) / 2];
    memset(in, 0, sizeof *in);
    in->op = op;
    in->cond = ARM_COND_AL;
    arm_set_len(in, 2);
    in->rd = rd;
    in->rm = rm;
    in->imm = imm;
    in->flags = (uint8_t)(flags | ARM_F_T32);
    return in;
}

/* ---- models from the pseudocode ---------------------------------------- */

/* Shift_C by repeated single-bit shifts: the last bit out is the carry. */
static uint32_t ref_shift(uint32_t x, uint32_t type, uint32_t n, uint32_t *carry)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t out;
        if (type == ARM_SH_LSL) {
            out = x >> 31;
            x <<= 1;
        } else {
            out = x & 1u;
            x = (x >> 1) | (type == ARM_SH_ASR ? x & 0x80000000u : type == ARM_SH_ROR ? out << 31 : 0u);
        }
        *carry = out;
    }
    return x;
}

/* AddWithCarry(x, y, carry_in) as written in the manual */
static uint32_t ref_awc(uint32_t x, uint32_t y, uint32_t cin, uint32_t *c, uint32_t *v)
{
    uint64_t usum = (uint64_t)x + y + cin;
    int64_t ssum = (int64_t)(int32_t)x + (int32_t)y + (int64_t)cin;
    uint32_t r = (uint32_t)usum;
    *c = (uint64_t)r != usum;
    *v = (int64_t)(int32_t)r != ssum;
    return r;
}

static uint32_t ext_flag(uint32_t bit) { return (arm_cpsr_read(&ext_c) & bit) != 0; }

/* The lockstep engine's conditions (arm_cond_bits) against the rows every
 * other path reads (arm_cond_pass), for each condition and all 16 flag
 * values; and a few against the manual's table directly. */
Test(arm_exec, cond_bits_match_rows)
{
    for (uint32_t cond = 0; cond < 16; cond++)
        for (uint32_t f = 0; f < 16; f++)
            cr_expect_eq(arm_cond_bits(cond, f), arm_cond_pass(cond, f), "cond %u flags %x", cond, f);
    /* N Z C V = bits 3 2 1 0: GE is N == V, HI is C and not Z */
    cr_expect_eq(arm_cond_bits(10u /* GE */, 0x9), 1);
    cr_expect_eq(arm_cond_bits(10u /* GE */, 0x8), 0);
    cr_expect_eq(arm_cond_bits(8u /* HI */, 0x2), 1);
    cr_expect_eq(arm_cond_bits(8u /* HI */, 0x6), 0);
}

/* ---- data processing ----------------------------------------------------- */

Test(arm_exec, register_shift_carry_out)
{
    /* lsls/lsrs/asrs/rors r0, r1, r2 */
    static const uint32_t words[4] = {0xe1b00211, 0xe1b00231, 0xe1b00251, 0xe1b00271};
    static const uint32_t amounts[] = {0, 1, 31, 32, 33, 255};
    static const uint32_t values[] = {0x80000001u, 0x40000002u, 0xffffffffu, 0x12345678u};
    for (uint32_t t = 0; t < 4; t++)
        for (size_t a = 0; a < 6; a++)
            for (size_t v = 0; v < 4; v++)
                for (uint32_t cin = 0; cin < 2; cin++) {
                    ext_init();
                    ext_c.r[1] = values[v];
                    ext_c.r[2] = amounts[a] | 0xab00u; /* only the bottom byte counts */
                    arm_cpsr_write(&ext_c, cin << 29 | C_V, ~0u);
                    ext_exec(&words[t], 1);
                    uint32_t carry = cin, r = ref_shift(values[v], t, amounts[a], &carry);
                    cr_expect_eq(ext_c.r[0], r, "type %u by %u of 0x%x", t, amounts[a], values[v]);
                    cr_expect_eq(ext_flag(C_C), carry, "C: type %u by %u of 0x%x cin %u", t,
                                 amounts[a], values[v], cin);
                    cr_expect_eq(ext_flag(C_N), r >> 31);
                    cr_expect_eq(ext_flag(C_Z), r == 0);
                    cr_expect_eq(ext_flag(C_V), 1u, "V is kept");
                }
}

Test(arm_exec, immediate_shift_carry_out_and_rrx)
{
    for (uint32_t t = 0; t < 4; t++)
        for (uint32_t imm5 = 0; imm5 < 32; imm5++)
            for (uint32_t cin = 0; cin < 2; cin++) {
                uint32_t w = 0xe1b00001u | imm5 << 7 | t << 5; /* movs r0, r1, <t> #imm5 */
                uint32_t x = 0x9234567bu, carry = cin, r;
                ext_init();
                ext_c.r[1] = x;
                arm_cpsr_write(&ext_c, cin << 29, ~0u);
                ext_exec(&w, 1);
                if (t == ARM_SH_ROR && imm5 == 0) { /* RRX */
                    r = cin << 31 | x >> 1;
                    carry = x & 1u;
                } else {
                    uint32_t n = (imm5 == 0 && t != ARM_SH_LSL) ? 32u : imm5;
                    r = ref_shift(x, t, n, &carry);
                }
                cr_expect_eq(ext_c.r[0], r, "0x%08x", w);
                cr_expect_eq(ext_flag(C_C), carry, "0x%08x cin %u", w, cin);
            }
}

Test(arm_exec, add_sub_carry_and_overflow)
{
    /* adds, subs, adcs, sbcs, rscs, rsbs r0, r1, r2; cmp r1, r2; cmn r1, r2 */
    static const uint32_t words[8] = {0xe0910002, 0xe0510002, 0xe0b10002, 0xe0d10002,
                                      0xe0f10002, 0xe0710002, 0xe1510002, 0xe1710002};
    static const uint32_t pairs[][2] = {{0x7fffffffu, 1}, {0x80000000u, 1}, {0, 0},
                                        {0xffffffffu, 1}, {0x80000000u, 0x80000000u},
                                        {1, 2}, {0xffffffffu, 0xffffffffu}, {0, 1}};
    for (int op = 0; op < 8; op++)
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
            for (uint32_t cin = 0; cin < 2; cin++) {
                uint32_t a = pairs[p][0], b = pairs[p][1], c, v, r;
                ext_init();
                ext_c.r[0] = 0xdeadbeefu;
                ext_c.r[1] = a;
                ext_c.r[2] = b;
                arm_cpsr_write(&ext_c, cin << 29, ~0u);
                ext_exec(&words[op], 1);
                switch (op) {
                case 0: r = ref_awc(a, b, 0, &c, &v); break;
                case 1: r = ref_awc(a, ~b, 1, &c, &v); break;
                case 2: r = ref_awc(a, b, cin, &c, &v); break;
                case 3: r = ref_awc(a, ~b, cin, &c, &v); break;
                case 4: r = ref_awc(b, ~a, cin, &c, &v); break;
                case 5: r = ref_awc(b, ~a, 1, &c, &v); break;
                case 6: r = ref_awc(a, ~b, 1, &c, &v); break;
                default: r = ref_awc(a, b, 0, &c, &v); break;
                }
                if (op < 6)
                    cr_expect_eq(ext_c.r[0], r, "op %d 0x%x 0x%x cin %u", op, a, b, cin);
                else
                    cr_expect_eq(ext_c.r[0], 0xdeadbeefu, "compare writes nothing");
                cr_expect_eq(arm_cpsr_read(&ext_c) >> 28, (r >> 31) << 3 | (r == 0) << 2 | c << 1 | v,
                             "NZCV: op %d 0x%x 0x%x cin %u", op, a, b, cin);
            }
}

Test(arm_exec, rotated_immediate_carry_out)
{
    EXEC(0xe3b00102); /* movs r0, #0x80000000: carry = bit 31 */
    cr_expect_eq(ext_c.r[0], 0x80000000u);
    cr_expect_eq(arm_cpsr_read(&ext_c) & (C_N | C_C), C_N | C_C);
    ext_init();
    arm_cpsr_write(&ext_c, C_C, ~0u);
    EXEC(0xe3b00fff); /* movs r0, #0x3fc: rotated, bit 31 clear */
    cr_expect_eq(ext_c.r[0], 0x3fcu);
    cr_expect_eq(ext_flag(C_C), 0u);
    ext_init();
    arm_cpsr_write(&ext_c, C_C, ~0u);
    EXEC(0xe3b00001); /* movs r0, #1: no rotation, C kept */
    cr_expect_eq(ext_flag(C_C), 1u);
    ext_init();
    EXEC(0xe3d000ff); /* bics r0, r0, #255 with r0 = 0 */
    cr_expect_eq(arm_cpsr_read(&ext_c) >> 28, 0x4u);
}

Test(arm_exec, logical_ops_and_pc_operands)
{
    ext_c.r[0] = 3;
    ext_c.r[1] = 5;
    EXEC(0xe0800101, /* add r0, r0, r1, lsl #2 */
         0xe28f0004, /* add r0, pc, #4 (at 0x8004) */
         0xe2811000, /* add r1, r1, #0 */
         0xe1a00000);
    cr_expect_eq(ext_c.r[0], 0x8004u + 8u + 4u);
    ext_init();
    ext_c.r[0] = EXT_BASE;
    EXEC(0xe580f000); /* str pc, [r0]: stores the address + 8 */
    cr_expect_eq(*ext_word(EXT_BASE), EXT_TEXT + 8u);
}

/* ---- multiplies, saturation, divides ------------------------------------- */

Test(arm_exec, muls_sets_n_z_and_keeps_c_v)
{
    ext_c.r[1] = 0x10000;
    ext_c.r[2] = 0x10000;
    arm_cpsr_write(&ext_c, C_C | C_V | C_N, ~0u);
    EXEC(0xe0100291); /* muls r0, r1, r2 */
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(arm_cpsr_read(&ext_c) >> 28, 0x7u);
}

Test(arm_exec, long_multiplies)
{
    ext_c.r[2] = 0xffffffffu;
    ext_c.r[3] = 0xffffffffu;
    EXEC(0xe0810392); /* umull r0, r1, r2, r3 */
    cr_expect_eq(ext_c.r[0], 1u);
    cr_expect_eq(ext_c.r[1], 0xfffffffeu);
    EXEC(0xe0c10392); /* smull: -1 * -1 */
    cr_expect_eq(ext_c.r[0], 1u);
    cr_expect_eq(ext_c.r[1], 0u);
    ext_c.r[2] = 0x80000000u;
    ext_c.r[3] = 2;
    EXEC(0xe0c10392); /* smull: INT_MIN * 2 = -2^32 */
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_c.r[1], 0xffffffffu);
    ext_c.r[0] = 0xffffffffu;
    ext_c.r[1] = 0;
    ext_c.r[2] = 1;
    ext_c.r[3] = 1;
    EXEC(0xe0a10392); /* umlal: carry into RdHi */
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_c.r[1], 1u);
    ext_c.r[0] = 5;
    ext_c.r[1] = 0;
    ext_c.r[2] = 0xffffffffu; /* -1 */
    ext_c.r[3] = 5;
    EXEC(0xe0f10392); /* smlals: 5 + (-5) = 0 sets Z */
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_c.r[1], 0u);
    cr_expect_eq(arm_cpsr_read(&ext_c) >> 28, 0x4u);
    ext_c.r[0] = 0xffffffffu;
    ext_c.r[1] = 0xffffffffu;
    ext_c.r[2] = 0xffffffffu;
    ext_c.r[3] = 0xffffffffu;
    EXEC(0xe0410392); /* umaal: the largest sum still fits */
    cr_expect_eq(ext_c.r[0], 0xffffffffu);
    cr_expect_eq(ext_c.r[1], 0xffffffffu);
}

Test(arm_exec, halfword_multiplies_and_q)
{
    ext_c.r[1] = 0x8000; /* bottom half -32768 */
    ext_c.r[2] = 0x8000;
    ext_c.r[3] = 0x3fffffff;
    EXEC(0xe1003281); /* smlabb r0, r1, r2, r3: 0x40000000 + 0x3fffffff fits */
    cr_expect_eq(ext_c.r[0], 0x7fffffffu);
    cr_expect_eq(ext_flag(C_Q), 0u);
    ext_c.r[3] = 0x40000000;
    EXEC(0xe1003281); /* overflows: wraps and sets Q */
    cr_expect_eq(ext_c.r[0], 0x80000000u);
    cr_expect_eq(ext_flag(C_Q), 1u);
    ext_c.r[1] = 0xfffe0000u; /* top -2 */
    ext_c.r[2] = 0x00030000u; /* top 3 */
    EXEC(0xe16002e1); /* smultt r0, r1, r2 */
    cr_expect_eq(ext_c.r[0], (uint32_t)-6);
    arm_cpsr_write(&ext_c, 0, ~0u);
    ext_c.r[1] = 0x40000000;
    ext_c.r[2] = 0xffff0002u; /* bottom 2 */
    ext_c.r[3] = 1;
    EXEC(0xe1203281); /* smlawb r0, r1, r2, r3: (0x40000000 * 2) >> 16 + 1 */
    cr_expect_eq(ext_c.r[0], 0x8001u);
    cr_expect_eq(ext_flag(C_Q), 0u);
    ext_c.r[0] = 3;
    ext_c.r[1] = 0;
    ext_c.r[2] = 0xffff0000u; /* top -1 */
    ext_c.r[3] = 5;
    EXEC(0xe14103a2); /* smlaltb r0, r1, r2, r3: 3 + (-1 * 5) */
    cr_expect_eq(ext_c.r[0], 0xfffffffeu);
    cr_expect_eq(ext_c.r[1], 0xffffffffu);
}

Test(arm_exec, saturating_arithmetic)
{
    ext_c.r[1] = 0x7fffffff;
    ext_c.r[2] = 1;
    EXEC(0xe1020051); /* qadd r0, r1, r2 */
    cr_expect_eq(ext_c.r[0], 0x7fffffffu);
    cr_expect_eq(ext_flag(C_Q), 1u);
    arm_cpsr_write(&ext_c, 0, ~0u);
    ext_c.r[1] = 0x80000000u;
    ext_c.r[2] = 0xffffffffu;
    EXEC(0xe1020051);
    cr_expect_eq(ext_c.r[0], 0x80000000u);
    cr_expect_eq(ext_flag(C_Q), 1u);
    arm_cpsr_write(&ext_c, 0, ~0u);
    ext_c.r[1] = 5;
    ext_c.r[2] = 7;
    EXEC(0xe1020051);
    cr_expect_eq(ext_c.r[0], 12u);
    cr_expect_eq(ext_flag(C_Q), 0u);
    ext_c.r[1] = 0;
    ext_c.r[2] = 0x40000000;
    EXEC(0xe1620051); /* qdsub r0, r1, r2: 0 - sat(2 * 0x40000000) */
    cr_expect_eq(ext_c.r[0], 0x80000001u);
    cr_expect_eq(ext_flag(C_Q), 1u);
}

Test(arm_exec, divides)
{
    ext_c.r[1] = (uint32_t)-7;
    ext_c.r[2] = 2;
    EXEC(0xe710f211, 0xe1a03000, 0xe730f211); /* sdiv r0, r1, r2; mov r3, r0; udiv */
    cr_expect_eq(ext_c.r[3], (uint32_t)-3);
    cr_expect_eq(ext_c.r[0], 0x7ffffffcu);
    ext_c.r[1] = 0x80000000u;
    ext_c.r[2] = 0xffffffffu;
    EXEC(0xe710f211);
    cr_expect_eq(ext_c.r[0], 0x80000000u);
    ext_c.r[2] = 0;
    EXEC(0xe710f211, 0xe1a03000, 0xe730f211);
    cr_expect_eq(ext_c.r[3], 0u);
    cr_expect_eq(ext_c.r[0], 0u);
}

/* ---- bit operations ------------------------------------------------------ */

Test(arm_exec, counts_reversals_extends)
{
    ext_c.r[1] = 0x00f0a001;
    EXEC(0xe16f0f11, 0xe1a03000, /* clz r0, r1; mov r3, r0 */
         0xe6ff0f31, 0xe1a04000, /* rbit r0, r1; mov r4, r0 */
         0xe6bf0f31, 0xe1a05000, /* rev r0, r1; mov r5, r0 */
         0xe6ff0fb1);            /* revsh r0, r1 */
    cr_expect_eq(ext_c.r[3], 8u);
    cr_expect_eq(ext_c.r[4], 0x80050f00u);
    cr_expect_eq(ext_c.r[5], 0x01a0f000u);
    cr_expect_eq(ext_c.r[0], 0x01a0u);
    ext_c.r[1] = 0x000080ffu;
    EXEC(0xe6ff0fb1); /* revsh: 0xff80 sign-extended */
    cr_expect_eq(ext_c.r[0], 0xffffff80u);
    ext_c.r[1] = 0x80ff7f81u;
    ext_c.r[2] = 0x00010001u;
    EXEC(0xe6af0471, 0xe1a03000, /* sxtb r0, r1, ror #8: byte 0x7f */
         0xe6cf0471, 0xe1a04000, /* uxtb16 r0, r1, ror #8: bytes 0x7f and 0x80 */
         0xe6b10872, 0xe1a05000, /* sxtah r0, r1, r2, ror #16: r1 + sext(0x0001) */
         0xe6e10072);            /* uxtab r0, r1, r2 */
    cr_expect_eq(ext_c.r[3], 0x7fu);
    cr_expect_eq(ext_c.r[4], 0x0080007fu);
    cr_expect_eq(ext_c.r[5], 0x80ff7f82u);
    cr_expect_eq(ext_c.r[0], 0x80ff7f82u);
}

Test(arm_exec, bit_fields_and_saturate)
{
    ext_c.r[0] = 0xffffffffu;
    ext_c.r[1] = 0x00000ab0u;
    EXEC(0xe7cb0211); /* bfi r0, r1, #4, #8 */
    cr_expect_eq(ext_c.r[0], 0xfffffb0fu);
    ext_c.r[1] = 0x00000f80u;
    EXEC(0xe7e70251, 0xe1a03000, 0xe7a70251); /* ubfx r0, r1, #4, #8; mov r3, r0; sbfx */
    cr_expect_eq(ext_c.r[3], 0xf8u);
    cr_expect_eq(ext_c.r[0], 0xfffffff8u);
    ext_c.r[1] = 300;
    EXEC(0xe6a70011, 0xe1a03000, 0xe6e80011); /* ssat r0, #8, r1; mov r3, r0; usat r0, #8, r1 */
    cr_expect_eq(ext_c.r[3], 127u);
    cr_expect_eq(ext_c.r[0], 255u);
    cr_expect_eq(ext_flag(C_Q), 1u);
    arm_cpsr_write(&ext_c, 0, ~0u);
    ext_c.r[1] = (uint32_t)-5;
    EXEC(0xe6e80011); /* usat r0, #8, r1: negative saturates to 0 */
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_flag(C_Q), 1u);
    arm_cpsr_write(&ext_c, 0, ~0u);
    ext_c.r[1] = 100;
    EXEC(0xe6a70011);
    cr_expect_eq(ext_c.r[0], 100u);
    cr_expect_eq(ext_flag(C_Q), 0u);
}

Test(arm_exec, sel_usad8_status_registers)
{
    ext_c.r[1] = 0xa0000000u | 0x00050000u; /* N, C and GE = 0101 */
    EXEC(0xe12cf001, 0xe10f0000); /* msr APSR_nzcvqg, r1; mrs r0, APSR */
    cr_expect_eq(arm_cpsr_read(&ext_c), 0xa0050000u);
    cr_expect_eq(ext_c.r[0], 0xa0050010u);
    ext_c.r[1] = 0x11223344u;
    ext_c.r[2] = 0x55667788u;
    EXEC(0xe6810fb2); /* sel r0, r1, r2: bytes 0 and 2 from r1 */
    cr_expect_eq(ext_c.r[0], 0x55227744u);
    ext_c.r[1] = 0x01ff1080u;
    ext_c.r[2] = 0x02001008u;
    EXEC(0xe780f211); /* usad8 r0, r1, r2 */
    cr_expect_eq(ext_c.r[0], 1u + 255u + 0u + 0x78u);
    EXEC(0xe3050678, 0xe3410234); /* movw r0, #0x5678; movt r0, #0x1234 */
    cr_expect_eq(ext_c.r[0], 0x12345678u);
    ext_c.sys.tls = 0xbeef0000u;
    EXEC(0xee1d0f70); /* mrc p15, 0, r0, c13, c0, 3 */
    cr_expect_eq(ext_c.r[0], 0xbeef0000u);
}

/* ---- conditions ---------------------------------------------------------- */

static uint32_t ref_cond(uint32_t cond, uint32_t nzcv)
{
    uint32_t n = nzcv >> 3 & 1, z = nzcv >> 2 & 1, c = nzcv >> 1 & 1, v = nzcv & 1, r;
    switch (cond >> 1) {
    case 0: r = z; break;
    case 1: r = c; break;
    case 2: r = n; break;
    case 3: r = v; break;
    case 4: r = c && !z; break;
    case 5: r = n == v; break;
    case 6: r = !z && n == v; break;
    default: r = 1; break;
    }
    return cond == 14 ? 1 : (cond & 1) ? !r : r;
}

Test(arm_exec, all_fifteen_conditions)
{
    for (uint32_t cond = 0; cond < 15; cond++)
        for (uint32_t nzcv = 0; nzcv < 16; nzcv++) {
            uint32_t w = cond << 28 | 0x03a00001u; /* mov<c> r0, #1 */
            ext_init();
            arm_cpsr_write(&ext_c, nzcv << 28, ~0u);
            ext_exec(&w, 1);
            cr_expect_eq(ext_c.r[0], ref_cond(cond, nzcv), "cond %u nzcv %x", cond, nzcv);
            cr_expect_eq(sim_icount(&ext_c.sys), 1u, "a failed condition still counts");
            cr_expect_eq(ext_c.r[15], EXT_TEXT + 4u);
        }
}

/* ---- loads and stores ---------------------------------------------------- */

Test(arm_exec, stm_modes_and_writeback)
{
    static const uint32_t words[4] = {0xe8a0000e, 0xe9a0000e, 0xe820000e, 0xe920000e};
    static const int32_t first[4] = {0, 4, -8, -12}; /* ia, ib, da, db */
    static const int32_t wb[4] = {12, 12, -12, -12};
    for (int i = 0; i < 4; i++) {
        ext_init();
        ext_c.r[0] = EXT_BASE + 0x40u;
        ext_c.r[1] = 0x11;
        ext_c.r[2] = 0x22;
        ext_c.r[3] = 0x33;
        ext_exec(&words[i], 1);
        uint32_t a = EXT_BASE + 0x40u + (uint32_t)first[i];
        cr_expect_eq(*ext_word(a), 0x11u, "mode %d", i);
        cr_expect_eq(*ext_word(a + 4), 0x22u, "mode %d", i);
        cr_expect_eq(*ext_word(a + 8), 0x33u, "mode %d", i);
        cr_expect_eq(ext_c.r[0], EXT_BASE + 0x40u + (uint32_t)wb[i], "mode %d", i);
    }
}

Test(arm_exec, ldm_modes_and_writeback)
{
    /* ldmia r0!, ldmib r0, ldmda r0, ldmdb r0! {r1, r2, r3} */
    static const uint32_t words[4] = {0xe8b0000e, 0xe990000e, 0xe810000e, 0xe930000e};
    static const int32_t first[4] = {0, 4, -8, -12};
    static const int32_t after[4] = {12, 0, 0, -12};
    for (int i = 0; i < 4; i++) {
        ext_init();
        for (uint32_t k = 0; k < 16; k++)
            *ext_word(EXT_BASE + 4 * k) = 0x100 + k;
        ext_c.r[0] = EXT_BASE + 0x20u;
        ext_exec(&words[i], 1);
        uint32_t k0 = (uint32_t)(0x20 + first[i]) / 4;
        cr_expect_eq(ext_c.r[1], 0x100 + k0, "mode %d", i);
        cr_expect_eq(ext_c.r[2], 0x101 + k0, "mode %d", i);
        cr_expect_eq(ext_c.r[3], 0x102 + k0, "mode %d", i);
        cr_expect_eq(ext_c.r[0], EXT_BASE + 0x20u + (uint32_t)after[i], "mode %d", i);
    }
    ext_init();
    *ext_word(EXT_BASE) = 0x1234;
    *ext_word(EXT_BASE + 4) = 0x5678;
    ext_c.r[0] = EXT_BASE;
    EXEC(0xe8b00003); /* ldm r0!, {r0, r1}: the loaded base wins */
    cr_expect_eq(ext_c.r[0], 0x1234u);
    cr_expect_eq(ext_c.r[1], 0x5678u);
}

Test(arm_exec, ldm_with_pc_loads_it_from_the_highest_word)
{
    /* pop {r4, pc} from the window (registers loaded straight from it) and
     * from the shared region (word by word); bit 0 of the pc picks Thumb */
    ext_c.r[13] = EXT_BASE;
    *ext_word(EXT_BASE) = 0x44u;
    *ext_word(EXT_BASE + 4) = (EXT_TEXT + 4u) | 1u;
    EXEC(0xe8bd8010);
    cr_expect_eq(ext_c.r[4], 0x44u);
    cr_expect_eq(ext_c.r[15], EXT_TEXT + 4u);
    cr_expect_eq(ext_c.thumb, 1u);
    cr_expect_eq(ext_c.r[13], EXT_BASE + 8u);
    ext_init();
    ext_c.r[13] = EXT_SHARED + 8u;
    ext_shared[2] = 0x55u;
    ext_shared[3] = EXT_TEXT + 4u;
    EXEC(0xe8bd8010);
    cr_expect_eq(ext_c.r[4], 0x55u);
    cr_expect_eq(ext_c.r[15], EXT_TEXT + 4u);
    cr_expect_eq(ext_c.thumb, 0u);
    cr_expect_eq(ext_c.r[13], EXT_SHARED + 16u);
}

Test(arm_exec, ldm_stm_outside_the_fast_path)
{
    /* unaligned base and the shared region go through sim_ld32/sim_st32 */
    ext_c.r[0] = EXT_SHARED + 8u;
    ext_c.r[1] = 7;
    ext_c.r[2] = 8;
    ext_c.r[3] = 9;
    EXEC(0xe8a0000e, 0xe930000e); /* stmia r0!, {r1-r3}; ldmdb r0!, {r1-r3} */
    cr_expect_eq(ext_shared[2], 7u);
    cr_expect_eq(ext_shared[4], 9u);
    cr_expect_eq(ext_c.r[0], EXT_SHARED + 8u);
    cr_expect_eq(ext_c.r[3], 9u);
}

Test(arm_exec, pre_post_index_and_dual)
{
    for (uint32_t k = 0; k < 8; k++)
        *ext_word(EXT_BASE + 4 * k) = 0xa0 + k;
    ext_c.r[0] = EXT_BASE;
    EXEC(0xe5b01004); /* ldr r1, [r0, #4]! */
    cr_expect_eq(ext_c.r[1], 0xa1u);
    cr_expect_eq(ext_c.r[0], EXT_BASE + 4);
    EXEC(0xe4901004); /* ldr r1, [r0], #4 */
    cr_expect_eq(ext_c.r[1], 0xa1u);
    cr_expect_eq(ext_c.r[0], EXT_BASE + 8);
    ext_c.r[2] = 3;
    EXEC(0xe7901102); /* ldr r1, [r0, r2, lsl #2] */
    cr_expect_eq(ext_c.r[1], 0xa5u);
    cr_expect_eq(ext_c.r[0], EXT_BASE + 8);
    EXEC(0xe1e020d8); /* ldrd r2, r3, [r0, #8]! */
    cr_expect_eq(ext_c.r[2], 0xa4u);
    cr_expect_eq(ext_c.r[3], 0xa5u);
    cr_expect_eq(ext_c.r[0], EXT_BASE + 16);
    ext_c.r[2] = 0x1111;
    ext_c.r[3] = 0x2222;
    EXEC(0xe04020f8); /* strd r2, r3, [r0], #-8 */
    cr_expect_eq(*ext_word(EXT_BASE + 16), 0x1111u);
    cr_expect_eq(*ext_word(EXT_BASE + 20), 0x2222u);
    cr_expect_eq(ext_c.r[0], EXT_BASE + 8);
}

Test(arm_exec, narrow_loads_extend_and_narrow_stores_merge)
{
    *ext_word(EXT_BASE) = 0x80ff7f01u;
    ext_c.r[0] = EXT_BASE;
    EXEC(0xe1d010b2, 0xe1a04001, /* ldrh r1, [r0, #2]; mov r4, r1 */
         0xe1d010f2, 0xe1a05001, /* ldrsh r1, [r0, #2]; mov r5, r1 */
         0xe1d010d3, 0xe1a06001, /* ldrsb r1, [r0, #3]; mov r6, r1 */
         0xe5d01003);            /* ldrb r1, [r0, #3] */
    cr_expect_eq(ext_c.r[4], 0x80ffu);
    cr_expect_eq(ext_c.r[5], 0xffff80ffu);
    cr_expect_eq(ext_c.r[6], 0xffffff80u);
    cr_expect_eq(ext_c.r[1], 0x80u);
    EXEC(0xe5901001); /* ldr r1, [r0, #1]: unaligned word */
    cr_expect_eq(ext_c.r[1], 0x0080ff7fu);
    ext_c.r[1] = 0xabcd;
    EXEC(0xe5c01001, 0xe1c010b2); /* strb r1, [r0, #1]; strh r1, [r0, #2] */
    cr_expect_eq(*ext_word(EXT_BASE), 0xabcdcd01u);
}

Test(arm_exec, literal_load)
{
    EXEC(0xe59f0000, 0xe1a00000, 0x12345678); /* ldr r0, [pc] -> the word at 0x8008 */
    cr_expect_eq(ext_c.r[0], 0x12345678u);
}

/* ---- branches and interworking ------------------------------------------- */

Test(arm_exec, bx_into_thumb_and_back)
{
    ext_c.r[0] = (EXT_TEXT + 0x10u) | 1u;
    ext_thumb(EXT_TEXT + 0x10u, ARM_OP_MOV_IMM, 1, 0, 5, ARM_F_S);
    ext_thumb(EXT_TEXT + 0x12u, ARM_OP_BX, 0, 14, 0, 0);
    ext_c.r[14] = EXT_TEXT + 4u;
    EXEC(0xe12fff10, 0xe3a02007); /* bx r0; mov r2, #7 */
    cr_expect_eq(ext_c.thumb, 0u);
    cr_expect_eq(ext_c.r[1], 5u);
    cr_expect_eq(ext_c.r[2], 7u);
    cr_expect_eq(sim_icount(&ext_c.sys), 4u);
}

Test(arm_exec, blx_register_links_and_thumb_returns)
{
    ext_c.r[0] = (EXT_TEXT + 0x20u) | 1u;
    ext_thumb(EXT_TEXT + 0x20u, ARM_OP_BX, 0, 14, 0, 0);
    EXEC(0xe12fff30, 0xe3a02007); /* blx r0; mov r2, #7 */
    cr_expect_eq(ext_c.r[14], EXT_TEXT + 4u);
    cr_expect_eq(ext_c.r[2], 7u);
    cr_expect_eq(ext_c.thumb, 0u);
}

Test(arm_exec, bl_and_blx_immediate)
{
    /* bl +16 at 0x8000 -> 0x8010 */
    EXEC(0xeb000002, 0xe3a02007, 0xe1a00000, 0xe1a00000, 0xe3a03009); /* .. mov r3, #9 */
    cr_expect_eq(ext_c.r[14], EXT_TEXT + 4u);
    cr_expect_eq(ext_c.r[3], 9u);
    cr_expect_eq(ext_c.r[2], 0u, "skipped");
    ext_init();
    /* blx +16 with H = 1 -> Thumb 0x8012; there: bl back to ARM 0x8004 via blx imm */
    arm_insn_t *t = ext_thumb(EXT_TEXT + 0x12u, ARM_OP_BLX_IMM, 0, 0, EXT_TEXT + 4u, 0);
    arm_set_len(t, 4);
    EXEC(0xfb000002, 0xe3a02007); /* blx 0x8012; mov r2, #7 */
    cr_expect_eq(ext_c.thumb, 0u);
    cr_expect_eq(ext_c.r[2], 7u);
    cr_expect_eq(ext_c.r[14], (EXT_TEXT + 0x16u) | 1u, "Thumb link has bit 0 set");
}

Test(arm_exec, pc_writes_interwork_in_a32_not_in_t32)
{
    /* pop {pc} and mov pc, r0 with bit 0 set enter Thumb */
    ext_c.r[13] = EXT_BASE;
    *ext_word(EXT_BASE) = (EXT_TEXT + 0x20u) | 1u;
    ext_thumb(EXT_TEXT + 0x20u, ARM_OP_MOV_REG, 15, 1, 0, 0); /* mov pc, r1 (T32) */
    ext_c.r[1] = (EXT_TEXT + 0x31u);
    ext_thumb(EXT_TEXT + 0x30u, ARM_OP_MOV_IMM, 5, 0, 1, 0);
    ext_thumb(EXT_TEXT + 0x32u, ARM_OP_MOV_REG, 15, 2, 0, 0);
    ext_c.r[2] = EXT_TEXT + 0x40u;
    EXEC(0xe49df004); /* ldr pc, [sp], #4 */
    ext_run_to(EXT_TEXT + 0x40u);
    cr_expect_eq(ext_c.thumb, 1u, "T32 ALU writes are plain branches");
    cr_expect_eq(ext_c.r[5], 1u);
    cr_expect_eq(ext_c.r[13], EXT_BASE + 4);
    ext_init();
    ext_c.r[0] = (EXT_TEXT + 0x10u) | 1u;
    ext_thumb(EXT_TEXT + 0x10u, ARM_OP_MOV_IMM, 3, 0, 3, 0);
    EXEC(0xe1a0f000); /* mov pc, r0 */
    ext_run_to(EXT_TEXT + 0x12u);
    cr_expect_eq(ext_c.thumb, 1u);
    cr_expect_eq(ext_c.r[3], 3u);
}

Test(arm_exec, thumb_it_block)
{
    /* ite eq; movs r0, #1 (no flags inside IT); movs r0, #2; movs r1, #0 */
    ext_c.thumb = 1;
    arm_cpsr_write(&ext_c, C_Z | C_C, ~0u);
    ext_thumb(EXT_TEXT, ARM_OP_IT, 0, 0, 0x0c, 0);
    ext_thumb(EXT_TEXT + 2, ARM_OP_MOV_IMM, 0, 0, 1, ARM_F_ITS);
    ext_thumb(EXT_TEXT + 4, ARM_OP_MOV_IMM, 0, 0, 2, ARM_F_ITS);
    ext_thumb(EXT_TEXT + 6, ARM_OP_MOV_IMM, 1, 0, 0x80000000u, ARM_F_ITS);
    ext_c.r[15] = EXT_TEXT;
    ext_run_to(EXT_TEXT + 4);
    cr_expect_eq(ext_c.r[0], 1u);
    cr_expect_eq(arm_cpsr_read(&ext_c), C_Z | C_C, "flags untouched inside the block");
    cr_expect_eq(ext_c.it, 0x18u);
    ext_run_to(EXT_TEXT + 8);
    cr_expect_eq(ext_c.r[0], 1u, "the else slot is skipped");
    cr_expect_eq(ext_c.it, 0u);
    cr_expect_eq(arm_cpsr_read(&ext_c) >> 28, 0xau, "outside the block the flags are set");
    cr_expect_eq(sim_icount(&ext_c.sys), 4u);
}

/* ---- atomics ------------------------------------------------------------- */

Test(arm_exec, ldrex_strex_success_and_failure)
{
    *ext_word(EXT_BASE) = 5;
    ext_c.r[0] = EXT_BASE;
    ext_c.r[3] = 9;
    EXEC(0xe1901f9f, 0xe1802f93); /* ldrex r1, [r0]; strex r2, r3, [r0] */
    cr_expect_eq(ext_c.r[1], 5u);
    cr_expect_eq(ext_c.r[2], 0u);
    cr_expect_eq(*ext_word(EXT_BASE), 9u);
    cr_expect_eq(ext_c.excl_addr, ARM_EXCL_NONE);
    ext_c.r[4] = 6;
    EXEC(0xe1901f9f, 0xe5804000, 0xe1802f93); /* ldrex; str r4, [r0]; strex */
    cr_expect_eq(ext_c.r[2], 1u);
    cr_expect_eq(*ext_word(EXT_BASE), 6u);
    EXEC(0xe1802f93); /* no monitor */
    cr_expect_eq(ext_c.r[2], 1u);
    EXEC(0xe1901f9f, 0xf57ff01f, 0xe1802f93); /* ldrex; clrex; strex */
    cr_expect_eq(ext_c.r[2], 1u);
    cr_expect_eq(*ext_word(EXT_BASE), 6u);
}

Test(arm_exec, exclusive_byte_half_and_dual)
{
    ext_shared[1] = 0x44332211u;
    ext_c.r[0] = EXT_SHARED + 5u;
    ext_c.r[3] = 0xaa;
    EXEC(0xe1d01f9f, 0xe1c02f93); /* ldrexb r1, [r0]; strexb r2, r3, [r0] */
    cr_expect_eq(ext_c.r[1], 0x22u);
    cr_expect_eq(ext_c.r[2], 0u);
    cr_expect_eq(ext_shared[1], 0x4433aa11u);
    ext_c.r[0] = EXT_SHARED + 6u;
    ext_c.r[3] = 0xbeef;
    EXEC(0xe1f01f9f, 0xe1e02f93); /* ldrexh r1, [r0]; strexh r2, r3, [r0] */
    cr_expect_eq(ext_c.r[1], 0x4433u);
    cr_expect_eq(ext_shared[1], 0xbeefaa11u);
    ext_c.r[0] = EXT_SHARED + 8u;
    ext_shared[2] = 1;
    ext_shared[3] = 2;
    ext_c.r[4] = 3;
    ext_c.r[5] = 4;
    EXEC(0xe1b02f9f, 0xe1a01f94); /* ldrexd r2, r3, [r0]; strexd r1, r4, r5, [r0] */
    cr_expect_eq(ext_c.r[2], 1u);
    cr_expect_eq(ext_c.r[3], 2u);
    cr_expect_eq(ext_c.r[1], 0u);
    cr_expect_eq(ext_shared[2], 3u);
    cr_expect_eq(ext_shared[3], 4u);
    ext_c.r[0] = EXT_BASE;
    EXEC(0xe1b02f9f, 0xe5804000, 0xe1a01f94); /* changed in between: fails */
    cr_expect_eq(ext_c.r[1], 1u);
    cr_expect_eq(*ext_word(EXT_BASE), 3u);
    ext_c.r[0] = EXT_BASE + 2u;
    EXEC(0xe1901f9f); /* unaligned ldrex faults */
    cr_expect_eq(ext_c.sys.status, SIM_FAULTED);
    cr_expect_eq(ext_c.sys.fault_addr, EXT_BASE + 2u);
}

Test(arm_exec, swp_and_swpb)
{
    *ext_word(EXT_BASE) = 0x44332211u;
    ext_c.r[0] = EXT_BASE;
    ext_c.r[2] = 0x99;
    EXEC(0xe1001092); /* swp r1, r2, [r0] */
    cr_expect_eq(ext_c.r[1], 0x44332211u);
    cr_expect_eq(*ext_word(EXT_BASE), 0x99u);
    ext_c.r[0] = EXT_SHARED + 2u;
    ext_shared[0] = 0x44332211u;
    ext_c.r[2] = 0x1ee;
    EXEC(0xe1401092); /* swpb r1, r2, [r0] */
    cr_expect_eq(ext_c.r[1], 0x33u);
    cr_expect_eq(ext_shared[0], 0x44ee2211u);
}

Test(arm_exec, kuser_helpers)
{
    ext_c.sys.tls = 0x7000u;
    ext_c.r[3] = ARM_KUSER_GET_TLS;
    EXEC(0xe12fff33, 0xe3a05001); /* blx r3; mov r5, #1 */
    cr_expect_eq(ext_c.r[0], 0x7000u);
    cr_expect_eq(ext_c.r[5], 1u);
    cr_expect_eq(sim_icount(&ext_c.sys), 3u, "a helper counts as one instruction");
    ext_init();
    ext_shared[4] = 10;
    ext_c.r[0] = 10;
    ext_c.r[1] = 11;
    ext_c.r[2] = EXT_SHARED + 16u;
    ext_c.r[3] = ARM_KUSER_CMPXCHG;
    EXEC(0xe12fff33, 0xe1a00000);
    cr_expect_eq(ext_shared[4], 11u);
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_flag(C_C), 1u);
    ext_c.r[0] = 10; /* stale: fails */
    ext_c.r[3] = ARM_KUSER_CMPXCHG;
    EXEC(0xe12fff33, 0xe1a00000);
    cr_expect_eq(ext_shared[4], 11u);
    cr_expect_neq(ext_c.r[0], 0u);
    cr_expect_eq(ext_flag(C_C), 0u);
    /* 64-bit: r0 -> old, r1 -> new, r2 -> the doubleword */
    *ext_word(EXT_BASE) = 1;
    *ext_word(EXT_BASE + 4) = 2;
    *ext_word(EXT_BASE + 8) = 3;
    *ext_word(EXT_BASE + 12) = 4;
    ext_shared[6] = 1;
    ext_shared[7] = 2;
    ext_c.r[0] = EXT_BASE;
    ext_c.r[1] = EXT_BASE + 8;
    ext_c.r[2] = EXT_SHARED + 24u;
    ext_c.r[3] = ARM_KUSER_CMPXCHG64;
    EXEC(0xe12fff33, 0xe1a00000);
    cr_expect_eq(ext_c.r[0], 0u);
    cr_expect_eq(ext_flag(C_C), 1u);
    cr_expect_eq(ext_shared[6], 3u);
    cr_expect_eq(ext_shared[7], 4u);
    /* returning to Thumb: lr bit 0 */
    ext_init();
    ext_c.r[15] = ARM_KUSER_MEMBARRIER;
    ext_c.r[14] = EXT_TEXT | 1u;
    arm_run(&ext_c, &ext_img, &ext_mem, 0, 1);
    cr_expect_eq(ext_c.thumb, 1u);
    cr_expect_eq(ext_c.r[15], EXT_TEXT);
    /* cmpxchg on an unmapped pointer faults at the helper */
    ext_init();
    ext_c.r[15] = ARM_KUSER_CMPXCHG;
    ext_c.r[2] = 0x4000;
    arm_run(&ext_c, &ext_img, &ext_mem, 0, 1);
    cr_expect_eq(ext_c.sys.status, SIM_FAULTED);
    cr_expect_eq(ext_c.sys.fault_addr, 0x4000u);
    cr_expect_eq(ext_c.r[15], ARM_KUSER_CMPXCHG);
}

/* ---- faults, system calls, counting --------------------------------------- */

Test(arm_exec, undef_reports_pc_and_word)
{
    EXEC(0xe1a00000, 0xeef00a10, 0xe1a00000); /* nop; vmrs r0, fpsid (not from user mode); nop */
    cr_expect_eq(ext_c.sys.status, SIM_FAULTED);
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_UNDEF);
    cr_expect_eq(ext_c.sys.fault_pc, EXT_TEXT + 4u);
    cr_expect_eq(ext_c.sys.fault_insn, 0xeef00a10u);
    cr_expect_eq(ext_c.r[15], EXT_TEXT + 4u);
    cr_expect_eq(sim_icount(&ext_c.sys), 1u, "the faulting instruction does not count");
    ext_init();
    EXEC(0x1ef00a10); /* vmrsne r0, fpsid with Z clear... */
    cr_expect_eq(ext_c.sys.status, SIM_FAULTED);
    ext_init();
    arm_cpsr_write(&ext_c, C_Z, ~0u);
    EXEC(0x1ef00a10); /* ...and with the condition failing it is skipped */
    cr_expect_eq(ext_c.sys.status, SIM_RUNNING);
}

Test(arm_exec, faulting_loads_and_stores_change_no_register)
{
    ext_c.r[0] = 0x4000; /* unmapped */
    ext_c.r[1] = 0x77;
    EXEC(0xe4901004); /* ldr r1, [r0], #4 */
    cr_expect_eq(ext_c.sys.status, SIM_FAULTED);
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_READ);
    cr_expect_eq(ext_c.sys.fault_addr, 0x4000u);
    cr_expect_eq(ext_c.sys.fault_pc, EXT_TEXT);
    cr_expect_eq(ext_c.r[1], 0x77u);
    cr_expect_eq(ext_c.r[0], 0x4000u, "no write-back");
    cr_expect_eq(ext_c.r[15], EXT_TEXT);
    ext_init();
    ext_c.r[0] = EXT_TEXT; /* the read-only image */
    EXEC(0xe5801000); /* str r1, [r0] */
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_WRITE);
    cr_expect_eq(ext_c.sys.fault_addr, EXT_TEXT);
    ext_init();
    ext_c.r[0] = EXT_PRIV + EXT_PRIV_SIZE - 8u;
    ext_c.r[3] = 0x33;
    EXEC(0xe8b0000e); /* ldm r0!, {r1, r2, r3} running off the window */
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_READ);
    cr_expect_eq(ext_c.sys.fault_addr, EXT_PRIV + EXT_PRIV_SIZE);
    cr_expect_eq(ext_c.r[3], 0x33u);
    cr_expect_eq(ext_c.r[0], EXT_PRIV + EXT_PRIV_SIZE - 8u);
    ext_init();
    ext_c.r[0] = EXT_PRIV + EXT_PRIV_SIZE - 8u;
    EXEC(0xe8a0000e); /* stmia r0!, {r1, r2, r3} running off the window */
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_WRITE);
    cr_expect_eq(ext_c.sys.fault_addr, EXT_PRIV + EXT_PRIV_SIZE);
    cr_expect_eq(ext_c.r[0], EXT_PRIV + EXT_PRIV_SIZE - 8u, "no write-back");
}

Test(arm_exec, fetch_outside_text_and_bkpt)
{
    ext_c.r[0] = 0x100;
    EXEC(0xe12fff10); /* bx r0 */
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(ext_c.sys.fault_pc, 0x100u);
    cr_expect_eq(ext_c.r[15], 0x100u);
    ext_init();
    EXEC(0xe1200070); /* bkpt 0 */
    cr_expect_eq(ext_c.sys.fault_reason, SIM_FAULT_BKPT);
    cr_expect_eq(ext_c.sys.fault_pc, EXT_TEXT);
}

Test(arm_exec, svc_exit_and_run_counts)
{
    EXEC(0xe3a07001, 0xe3a0002a, 0xef000000); /* mov r7, #1; mov r0, #42; svc 0 */
    cr_expect_eq(ext_c.sys.status, SIM_HALTED);
    cr_expect_eq(ext_c.sys.exit_code, 42u);
    cr_expect_eq(sim_icount(&ext_c.sys), 3u);
    ext_init();
    static const uint32_t loop[] = {0xe2800001, 0xeafffffd}; /* add r0, r0, #1; b .-4 */
    for (int i = 0; i < 2; i++)
        arm_decode_a32(loop[i], EXT_TEXT + 4u * (uint32_t)i, &ext_a32[i]);
    ext_c.r[15] = EXT_TEXT;
    cr_expect_eq(arm_run(&ext_c, &ext_img, &ext_mem, 0, 1001), 1001u);
    cr_expect_eq(arm_run(&ext_c, &ext_img, &ext_mem, 0, 999), 999u);
    cr_expect_eq(sim_icount(&ext_c.sys), 2000u);
    cr_expect_eq(ext_c.r[0], 1000u);
    arm_step(&ext_c, &ext_img, &ext_mem, 0);
    cr_expect_eq(ext_c.r[0], 1001u);
    cr_expect_eq(sim_icount(&ext_c.sys), 2000u, "arm_step does not count");
}

/* No op falls through to the UNDEF default of the executor's switch. */
Test(arm_exec, every_op_has_semantics)
{
    for (int op = 0; op < ARM_OP_COUNT; op++) {
        if (op == ARM_OP_UNDEF)
            continue;
        ext_init();
        for (int r = 0; r < 15; r++)
            ext_c.r[r] = EXT_BASE;
        arm_insn_t *in = &ext_a32[0];
        memset(in, 0, sizeof *in);
        in->op = (uint16_t)op;
        in->cond = ARM_COND_AL;
        arm_set_len(in, 4);
        in->rd = 2;
        in->rs = 3;
        in->amount = 8;
        in->imm = op == ARM_OP_LDR_LIT ? EXT_BASE : 4;
        ext_c.r[15] = EXT_TEXT;
        arm_run(&ext_c, &ext_img, &ext_mem, 0, 1);
        cr_expect_neq(ext_c.sys.fault_reason, SIM_FAULT_UNDEF, "%s has no case", arm_op_names[op]);
    }
}
