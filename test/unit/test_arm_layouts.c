/* The two layouts of the private windows (sim_mem.h): the CPU's, each
 * core's words contiguous (stride_word 1), where the host runs blocks on its
 * chained path and takes any access inside the window as one host access;
 * and the GPU's, word w of core c at w * ncores + c, where the accesses go
 * word by word, and the unaligned ones byte by byte. Loads and stores of
 * every size, aligned and not, must leave on both the registers and window
 * bytes that a little-endian byte model of the window gives. This is the
 * GPU layout's only run on a machine without a GPU. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_step.h"

#define LY_TEXT 0x8000u
#define LY_PRIV 0x10000u
#define LY_SIZE 0x1000u /* bytes per core */
#define LY_CORES 4u
#define LY_CORE 2u     /* the core that runs */
#define LY_DATA 0x100u /* r1's offset in the window */

/* words from arm-linux-gnueabi-as -march=armv7-a */
static const uint32_t ly_code[] = {
    0xe5912001u, /* ldr   r2, [r1, #1]   */
    0xe1d130b6u, /* ldrh  r3, [r1, #6]   */
    0xe1d140b9u, /* ldrh  r4, [r1, #9]   */
    0xe1d150ddu, /* ldrsb r5, [r1, #13]  */
    0xe1d161f2u, /* ldrsh r6, [r1, #18]  */
    0xe5d17017u, /* ldrb  r7, [r1, #23]  */
    0xe5812021u, /* str   r2, [r1, #33]  */
    0xe1c132b6u, /* strh  r3, [r1, #38]  */
    0xe1c142b9u, /* strh  r4, [r1, #41]  */
    0xe5c1502fu, /* strb  r5, [r1, #47]  */
    0xe5918020u, /* ldr   r8, [r1, #32]  */
    0xe5919024u, /* ldr   r9, [r1, #36]  */
    0xe591a028u, /* ldr   r10, [r1, #40] */
    0xe591b02cu, /* ldr   r11, [r1, #44] */
    0xe511c003u, /* ldr   r12, [r1, #-3] */
    0xeafffffeu, /* b     .              */
    0xe320f000u, /* nop                  */
};
#define LY_N (sizeof ly_code / sizeof ly_code[0])

static arm_insn_t ly_a32[LY_N], ly_t32[2 * LY_N];
static uint32_t ly_cpu[LY_CORES * LY_SIZE / 4], ly_gpu[LY_CORES * LY_SIZE / 4];

static uint8_t ly_pattern(uint32_t core, uint32_t off) { return (uint8_t)(off * 7u + core * 29u + 1u); }

static sim_mem_t ly_mem(uint32_t *priv, uint32_t gpu)
{
    sim_mem_t m;
    memset(&m, 0, sizeof m);
    m.priv = priv;
    m.stride_word = gpu ? LY_CORES : 1u;
    m.stride_core = gpu ? 1u : LY_SIZE / 4u;
    m.priv_base = LY_PRIV;
    m.priv_size = LY_SIZE;
    m.ncores = LY_CORES;
    return m;
}

/* Byte `off` of core's window, as the target sees it (little-endian words). */
static uint8_t *ly_byte(const sim_mem_t *m, uint32_t core, uint32_t off)
{
    return (uint8_t *)sim_priv_word(m, core, off) + (off & 3u);
}

static uint32_t ly_le(const uint8_t *b, uint32_t off, uint32_t n)
{
    uint32_t v = 0;
    for (uint32_t k = 0; k < n; k++)
        v |= (uint32_t)b[off + k] << (8u * k);
    return v;
}

/* Run ly_code on core LY_CORE of m; the context after the fifteen. */
static arm_ctx_t ly_run(const sim_mem_t *m)
{
    arm_code_t img = {ly_a32, ly_t32, LY_TEXT, 4u * LY_N, NULL, 0};
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.excl_addr = ARM_EXCL_NONE;
    c.r[1] = LY_PRIV + LY_DATA;
    c.r[15] = LY_TEXT;
    cr_expect_eq(arm_run(&c, &img, m, LY_CORE, 15), 15u);
    return c;
}

Test(arm_layouts, accesses_of_every_size_agree_with_a_byte_model_on_both)
{
    memset(ly_a32, 0, sizeof ly_a32);
    for (uint32_t i = 0; i < LY_N; i++)
        arm_decode_a32(ly_code[i], LY_TEXT + 4u * i, &ly_a32[i]);
    arm_prepare_records(ly_a32, LY_N, 2, LY_TEXT);
    sim_mem_t mem[2] = {ly_mem(ly_cpu, 0), ly_mem(ly_gpu, 1)};
    for (int l = 0; l < 2; l++)
        for (uint32_t core = 0; core < LY_CORES; core++)
            for (uint32_t off = 0; off < LY_SIZE; off++)
                *ly_byte(&mem[l], core, off) = ly_pattern(core, off);

    /* the model: core LY_CORE's window as bytes, r1 at its start */
    static uint8_t b[LY_SIZE];
    for (uint32_t off = 0; off < LY_SIZE; off++)
        b[off] = ly_pattern(LY_CORE, off);
    uint8_t *d = b + LY_DATA;
    uint32_t want[13] = {0};
    want[1] = LY_PRIV + LY_DATA;
    want[2] = ly_le(d, 1, 4);
    want[3] = ly_le(d, 6, 2);
    want[4] = ly_le(d, 9, 2);
    want[5] = (uint32_t)(int32_t)(int8_t)d[13];
    want[6] = (uint32_t)(int32_t)(int16_t)ly_le(d, 18, 2);
    want[7] = d[23];
    for (uint32_t k = 0; k < 4u; k++)
        d[33 + k] = (uint8_t)(want[2] >> (8u * k));
    d[38] = (uint8_t)want[3], d[39] = (uint8_t)(want[3] >> 8);
    d[41] = (uint8_t)want[4], d[42] = (uint8_t)(want[4] >> 8);
    d[47] = (uint8_t)want[5];
    for (uint32_t k = 0; k < 4u; k++)
        want[8 + k] = ly_le(d, 32 + 4u * k, 4);
    want[12] = ly_le(b, LY_DATA - 3u, 4);

    for (int l = 0; l < 2; l++) {
        const char *name = l ? "GPU layout" : "CPU layout";
        arm_ctx_t c = ly_run(&mem[l]);
        cr_expect_eq(c.sys.status, SIM_RUNNING, "%s: status %u", name, c.sys.status);
        cr_expect_eq(c.r[15], LY_TEXT + 60u, "%s: at the b .", name);
        for (int r = 0; r < 13; r++)
            cr_expect_eq(c.r[r], want[r], "%s: r%d = %#x, want %#x", name, r, c.r[r], want[r]);
        for (uint32_t core = 0; core < LY_CORES; core++)
            for (uint32_t off = 0; off < LY_SIZE; off++) {
                uint8_t w = core == LY_CORE ? b[off] : ly_pattern(core, off);
                uint8_t got = *ly_byte(&mem[l], core, off);
                if (got != w) {
                    cr_expect_eq(got, w, "%s: core %u byte %#x", name, core, off);
                    return;
                }
            }
    }
}
