/* arm_add_flags, AddWithCarry, against the manual's definition (sums taken
 * wide, unsigned and signed: C when the unsigned one does not fit, V when
 * the signed one does not), on both of its spellings: a constant carry in
 * (every op but ADC, SBC, RSC: on an x86-64 host its own flags through
 * LAHF, on another the compiler's overflow builtins) and a carry known only
 * at run time (the formula, which the GPU always runs). */
#include <criterion/criterion.h>

#include "device/arm/arm_exec_dataproc.h"

/* NZCV as AddWithCarry defines it, in the cpsr's bits 31..28 */
static uint32_t af_reference(uint32_t x, uint32_t y, uint32_t cin)
{
    uint64_t us = (uint64_t)x + y + cin;
    int64_t ss = (int64_t)(int32_t)x + (int32_t)y + (int64_t)cin;
    uint32_t r = (uint32_t)us;
    return (r & ARM_CPSR_N) | (r == 0 ? ARM_CPSR_Z : 0u) | (us != r ? ARM_CPSR_C : 0u) |
           (ss != (int32_t)r ? ARM_CPSR_V : 0u);
}

/* The carry through a volatile: no compile-time constant, the formula. */
static volatile uint32_t af_opaque[2] = {0u, 1u};

static void af_check(uint32_t x, uint32_t y)
{
    for (uint32_t cin = 0; cin < 2u; cin++) {
        arm_ctx_t k = {0}, v = {0};
        arm_cpsr_write(&k, ARM_CPSR_Q | 0x50000u, ~0u);
        arm_cpsr_write(&v, ARM_CPSR_Q | 0x50000u, ~0u); /* Q and GE stay as they are */
        uint32_t rk = cin ? arm_add_flags(&k, x, y, 1u) : arm_add_flags(&k, x, y, 0u);
        uint32_t rv = arm_add_flags(&v, x, y, af_opaque[cin]);
        uint32_t want = af_reference(x, y, cin) | ARM_CPSR_Q | 0x50000u;
        cr_expect_eq(rk, x + y + cin, "%#x + %#x + %u", x, y, cin);
        cr_expect_eq(rv, x + y + cin, "%#x + %#x + %u", x, y, cin);
        cr_expect_eq(arm_cpsr_read(&k), want, "constant carry: %#x + %#x + %u: cpsr %#x, want %#x", x, y, cin,
                     arm_cpsr_read(&k), want);
        cr_expect_eq(arm_cpsr_read(&v), want, "run-time carry: %#x + %#x + %u: cpsr %#x, want %#x", x, y, cin,
                     arm_cpsr_read(&v), want);
    }
}

Test(arm_add_flags, both_spellings_match_the_manual_on_the_edges)
{
    static const uint32_t edge[] = {0u,          1u,          2u,          0x7ffffffeu, 0x7fffffffu,
                                    0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu, 0x12345678u};
    size_t n = sizeof edge / sizeof edge[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            af_check(edge[i], edge[j]);
            af_check(edge[i], ~edge[j]); /* a subtract's operands: x + ~y + 1 */
        }
}

Test(arm_add_flags, both_spellings_match_the_manual_on_random_operands)
{
    uint32_t s = 0x9e3779b9u;
    for (int i = 0; i < 20000; i++) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        uint32_t x = s;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        af_check(x, s);
    }
}
