/* The timing seam (sim_trace.h, arm/arm_trace.h): the record an ARM step
 * gives a timing model, and the unit-counts model over a loop whose mix is
 * known. */
#include <criterion/criterion.h>

#include "unit/arm_block_fixture.h"
#include "device/arm/arm_trace.h"

static sim_trace_t tr_before(uint32_t word, const arm_ctx_t *c)
{
    arm_insn_t in;
    sim_trace_t t;
    arm_decode_a32(word, BT_TEXT, &in);
    arm_trace_before(c, &in, BT_TEXT, &t);
    return t;
}

Test(timing_seam, records_name_units_registers_and_addresses)
{
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = BT_PRIV + 0x100u;
    c.r[13] = BT_PRIV + 0x800u;
    sim_trace_t t = tr_before(0xe5910008u, &c); /* ldr r0, [r1, #8] */
    cr_expect_eq(t.unit, SIM_UNIT_MEM);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_LOAD);
    cr_expect_eq(t.addr, BT_PRIV + 0x108u);
    cr_expect_eq(t.size, 4u);
    cr_expect_eq(t.reads, 1u << 1);
    cr_expect_eq(t.writes, 1u << 0);
    t = tr_before(0xe8bd8030u, &c); /* pop {r4, r5, pc} */
    cr_expect_eq(t.addr, BT_PRIV + 0x800u);
    cr_expect_eq(t.size, 12u);
    cr_expect_eq(t.writes, (1u << 4) | (1u << 5) | (1u << 15) | (1u << 13));
    t = tr_before(0xe1c120b2u, &c); /* strh r2, [r1, #2] */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    cr_expect_eq(t.size, 2u);
    cr_expect_eq(t.reads, (1u << 1) | (1u << 2), "the base and the value stored");
    t = tr_before(0xe0912003u, &c); /* adds r2, r1, r3 */
    cr_expect_eq(t.unit, SIM_UNIT_INT);
    cr_expect_eq(t.writes, (1u << 2) | (1u << ARM_TRACE_FLAGS_REG));
    t = tr_before(0xe0000291u, &c); /* mul r0, r1, r2 */
    cr_expect_eq(t.unit, SIM_UNIT_MUL);
    t = tr_before(0xee300a81u, &c); /* vadd.f32 s0, s1, s2 */
    cr_expect_eq(t.unit, SIM_UNIT_FP32);
    t = tr_before(0xee310b02u, &c); /* vadd.f64 d0, d1, d2 */
    cr_expect_eq(t.unit, SIM_UNIT_FP64, "a VFP row's double form is FP64");
}

/* NEON records: a Q float row is FP32 (its Q bit is not VFP's double
 * bit); a load or store names its core registers and the bytes it moves;
 * a transfer its core register; the D registers are in no mask. */
Test(timing_seam, neon_records)
{
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = BT_PRIV + 0x100u;
    c.r[2] = 16u;
    sim_trace_t t = tr_before(0xf2020d44u, &c); /* vadd.f32 q0, q1, q2 */
    cr_expect_eq(t.unit, SIM_UNIT_FP32);
    cr_expect_eq(t.reads | t.writes, 0u);
    t = tr_before(0xf2120944u, &c); /* vmla.i16 q0, q1, q2 */
    cr_expect_eq(t.unit, SIM_UNIT_MUL);
    t = tr_before(0xf4210a8du, &c); /* vld1.32 {d0-d1}, [r1]! */
    cr_expect_eq(t.unit, SIM_UNIT_MEM);
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_LOAD);
    cr_expect_eq(t.addr, BT_PRIV + 0x100u);
    cr_expect_eq(t.size, 16u);
    cr_expect_eq(t.reads, 1u << 1);
    cr_expect_eq(t.writes, 1u << 1, "the base written back");
    t = tr_before(0xf4010002u, &c); /* vst4.8 {d0-d3}, [r1], r2 */
    cr_expect_eq(t.flags & (SIM_TR_LOAD | SIM_TR_STORE), SIM_TR_STORE);
    cr_expect_eq(t.size, 32u);
    cr_expect_eq(t.reads, (1u << 1) | (1u << 2));
    t = tr_before(0xf4a1244fu, &c); /* vld1.16 {d2[1]}, [r1] */
    cr_expect_eq(t.size, 2u);
    cr_expect_eq(t.writes, 0u, "no write-back");
    t = tr_before(0xee510b70u, &c); /* vmov.s8 r0, d1[3] */
    cr_expect_eq(t.writes, 1u << 0);
    t = tr_before(0xee803b30u, &c); /* vdup.16 d0, r3 */
    cr_expect_eq(t.reads, 1u << 3);
    cr_expect_eq(t.writes, 0u);
}

/* A loop of ldr, str, add, mul, subs, bne, ten times: the model counts each
 * unit, the loads, the stores and the taken branches exactly, and every
 * instruction once. */
Test(timing_seam, unit_counts_of_a_known_loop)
{
    static const uint32_t w[] = {
        0xe3a0300au, /* mov r3, #10 */
        0xe5910000u, /* 1: ldr r0, [r1] */
        0xe5810004u, /* str r0, [r1, #4] */
        0xe2800001u, /* add r0, r0, #1 */
        0xe0040090u, /* mul r4, r0, r0 */
        0xe2533001u, /* subs r3, r3, #1 */
        0x1afffff9u, /* bne 1b */
        0xeafffffeu, /* b . */
    };
    bt_load_a32(w, 8);
    arm_code_t img = bt_image();
    sim_mem_t m = bt_mem();
    arm_ctx_t c = bt_context_at_text(0);
    c.r[1] = BT_PRIV + 0x40u;
    bt_priv[0x40u / 4u] = 9u; /* each pass: r0 = 9 + 1, r4 = r0 * r0 */
    uint64_t counts[UNIT_COUNTS_WORDS] = {0};
    sim_timing_t tm = {SIM_TIMING_UNIT_COUNTS, counts};
    uint64_t n = arm_run_traced(&c, &img, &m, 0, 1 + 6 * 10 + 3, &tm);
    cr_expect_eq(n, 64u);
    cr_expect_eq(counts[SIM_UNIT_INT], 1u + 2u * 10u, "mov, and add and subs each pass");
    cr_expect_eq(counts[SIM_UNIT_MUL], 10u);
    cr_expect_eq(counts[SIM_UNIT_MEM], 20u);
    cr_expect_eq(counts[SIM_UNIT_BRANCH], 10u + 3u, "ten bne, three b .");
    cr_expect_eq(counts[UNIT_COUNTS_LOADS], 10u);
    cr_expect_eq(counts[UNIT_COUNTS_STORES], 10u);
    cr_expect_eq(counts[UNIT_COUNTS_TAKEN], 9u + 3u, "nine bne back, b . to itself");
    uint64_t all = 0;
    for (int u = 0; u < SIM_UNIT_COUNT; u++)
        all += counts[u];
    cr_expect_eq(all, n);
    cr_expect_eq(sim_icount(&c.sys), n);
    cr_expect_eq(c.r[4], 100u, "and the loop ran as it does untraced");
}
