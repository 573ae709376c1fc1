/* Writable code (DESIGN.md, self-modifying code): a function in the core's
 * private window runs from records decoded from the core's own bytes when
 * it first fetches them; a store into it changes nothing the core runs
 * until the core flushes its instruction cache (the cacheflush call), as
 * on ARM hardware; after the flush the page is decoded again, from the new
 * bytes. The host's decode service is called by hand, as the backends call
 * it between rounds. Words from arm-linux-gnueabi-as, assembly beside. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_host.h"
#include "host/isa.h"
#include "mem_fixture.h"

#define WX_TEXT 0x8000u
#define WX_PRIV 0x20000u /* the window: its first page is the writable code */
#define WX_PRIV_SIZE 0x2000u

static uint32_t wx_text[ARM_PAGE_BYTES / 4];
static uint32_t wx_priv[WX_PRIV_SIZE / 4];

static const uint32_t wx_program[] = {
    0xe3a02802, /* mov r2, #0x20000 */
    0xeb005ffd, /* bl 0x20000 */
    0xe1a04000, /* mov r4, r0 */
    0xe3001002, /* movw r1, #2 */
    0xe34e13a0, /* movt r1, #0xe3a0: r1 = mov r0, #2 */
    0xe5821000, /* str r1, [r2] */
    0xeb005ff8, /* bl 0x20000 */
    0xe1a05000, /* mov r5, r0 */
    0xe3007002, /* movw r7, #2 */
    0xe340700f, /* movt r7, #15: cacheflush */
    0xef000000, /* svc 0 */
    0xeb005ff3, /* bl 0x20000 */
    0xe1a06000, /* mov r6, r0 */
    0xeafffffe, /* b . */
};

Test(arm_writable_code, a_store_shows_after_the_cache_flush)
{
    memset(wx_text, 0xff, sizeof wx_text);
    memcpy(wx_text, wx_program, sizeof wx_program);
    memset(wx_priv, 0, sizeof wx_priv);
    wx_priv[0] = 0xe3a00001u; /* mov r0, #1 */
    wx_priv[1] = 0xe12fff1eu; /* bx lr */
    sim_mem_t m = one_core_mem(wx_priv, WX_PRIV, WX_PRIV_SIZE);
    sim_code_t code;
    void *st = arm_code_create((const uint8_t *)wx_text, WX_TEXT, sizeof wx_text, &code);
    cr_assert(st);
    cr_assert_eq(arm_code_writable(st, WX_PRIV, ARM_CODE_PAGE, 1, &m, &code), 0);

    arm_ctx_t c;
    uint32_t regs[ARM_REGS_WORDS], sys[SIM_SYS_WORDS];
    sim_soa_t soa = {0};
    soa.regs = regs, soa.sys = sys, soa.ncores = 1, soa.regs_words = ARM_REGS_WORDS;
    memset(&c, 0, sizeof c);
    arm_ctx_init(&c, WX_TEXT, WX_PRIV + WX_PRIV_SIZE);
    uint32_t decodes = 0;
    for (int round = 0; round < 20 && c.r[15] != WX_TEXT + 13u * 4u; round++) {
        arm_run(&c, &code.arm, &m, 0, 100);
        if (c.sys.status == SIM_WAIT_DECODE) {
            isa_span_t span;
            sim_stage_store((const uint32_t *)&c, &soa, 0);
            cr_assert_eq(arm_decode_for_core(st, &soa, 0, &span), 0);
            decodes += c.r[15] - WX_PRIV < ARM_CODE_PAGE;
            c.sys.status = SIM_RUNNING;
        }
        cr_assert_eq(c.sys.status, SIM_RUNNING, "stopped with status %u at 0x%x", c.sys.status, c.r[15]);
    }
    cr_expect_eq(c.r[15], WX_TEXT + 13u * 4u);
    cr_expect_eq(c.r[4], 1u, "the first call runs the first bytes");
    cr_expect_eq(c.r[5], 1u, "a store alone does not reach the decoded code");
    cr_expect_eq(c.r[6], 2u, "after the cache flush, the new bytes run");
    cr_expect_eq(c.code_gen, 1u);
    cr_expect_eq(decodes, 2u, "the writable page was decoded twice: at first fetch and after the flush");
    cr_expect_eq(wx_priv[0], 0xe3a00002u, "the store went to the core's own window");
    arm_code_free(st);
}
