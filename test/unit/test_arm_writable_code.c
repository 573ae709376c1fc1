/* Code in the private window (DESIGN.md, code written at run time): a
 * function in the core's window runs from records decoded from the core's
 * own bytes when it first fetches them, only from pages the executable-page
 * map allows; a store into it changes nothing the core runs until the core
 * flushes its instruction cache (the cacheflush call), as on ARM hardware,
 * or its mappings change (mmap, mprotect, munmap); then the page is decoded
 * again, from the new bytes. The host's decode service is called by hand,
 * as the backends call it between rounds. Words from arm-linux-gnueabi-as,
 * assembly beside. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_host.h"
#include "device/arm/arm_syscall.h"
#include "host/isa.h"
#include "mem_fixture.h"

#define WX_TEXT 0x8000u
#define WX_PRIV 0x20000u /* the window: its first page is executable from the start */
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

typedef struct wx_machine {
    sim_mem_t m;
    sim_xmap_t x;
    uint32_t bits[1];
    sim_code_t code;
    void *st;
    arm_ctx_t c;
    uint32_t decodes; /* of the window's code */
} wx_machine_t;

static void wx_setup(wx_machine_t *w, uint32_t pc, uint32_t thumb)
{
    memset(wx_text, 0xff, sizeof wx_text);
    memcpy(wx_text, wx_program, sizeof wx_program);
    memset(wx_priv, 0, sizeof wx_priv);
    wx_priv[0] = 0xe3a00001u; /* mov r0, #1 */
    wx_priv[1] = 0xe12fff1eu; /* bx lr */
    memset(w, 0, sizeof *w);
    w->m = one_core_mem(wx_priv, WX_PRIV, WX_PRIV_SIZE);
    fixture_xmap(&w->m, &w->x, w->bits, 0, 1);
    w->st = arm_code_create((const uint8_t *)wx_text, WX_TEXT, sizeof wx_text, &w->code);
    cr_assert(w->st);
    cr_assert_eq(arm_code_window(w->st, &w->m, &w->code), 0);
    arm_ctx_init(&w->c, pc, WX_PRIV + WX_PRIV_SIZE);
    w->c.thumb = thumb;
}

/* Runs until pc is at `until`, the core faults or 20 rounds pass, serving
 * its decodes. */
static void wx_run(wx_machine_t *w, uint32_t until)
{
    uint32_t regs[ARM_REGS_WORDS], sys[SIM_SYS_WORDS];
    sim_soa_t soa = {0};
    soa.regs = regs, soa.sys = sys, soa.ncores = 1, soa.regs_words = ARM_REGS_WORDS;
    for (int round = 0; round < 20 && w->c.r[15] != until && w->c.sys.status != SIM_FAULTED; round++) {
        arm_run(&w->c, &w->code.arm, &w->m, 0, 100);
        if (w->c.sys.status == SIM_WAIT_DECODE) {
            isa_span_t span;
            sim_stage_store((const uint32_t *)&w->c, &soa, 0);
            cr_assert_eq(arm_decode_for_core(w->st, &soa, 0, &span), 0);
            w->decodes += w->c.r[15] - WX_PRIV < WX_PRIV_SIZE;
            w->c.sys.status = SIM_RUNNING;
        }
    }
}

Test(arm_writable_code, a_store_shows_after_the_cache_flush)
{
    wx_machine_t w;
    wx_setup(&w, WX_TEXT, 0);
    wx_run(&w, WX_TEXT + 13u * 4u);
    cr_expect_eq(w.c.r[15], WX_TEXT + 13u * 4u);
    cr_expect_eq(w.c.r[4], 1u, "the first call runs the first bytes");
    cr_expect_eq(w.c.r[5], 1u, "a store alone does not reach the decoded code");
    cr_expect_eq(w.c.r[6], 2u, "after the cache flush, the new bytes run");
    cr_expect_eq(w.c.sys.code_gen, 1u);
    cr_expect_eq(w.decodes, 2u, "the window's page was decoded twice: at first fetch and after the flush");
    cr_expect_eq(wx_priv[0], 0xe3a00002u, "the store went to the core's own window");
    arm_code_free(w.st);
}

/* mov r0, #7 on the window's second page, which is not executable until an
 * mprotect says so: the fetch faults (SIGSEGV), as on Linux. */
Test(arm_writable_code, a_page_that_is_not_executable_faults)
{
    wx_machine_t w;
    uint32_t fn = WX_PRIV + 0x1000u;
    wx_setup(&w, fn, 0);
    wx_priv[0x1000 / 4] = 0xe3a00007u; /* mov r0, #7 */
    wx_priv[0x1000 / 4 + 1] = 0xeafffffeu; /* b . */
    wx_run(&w, fn + 4u);
    cr_assert_eq(w.c.sys.status, SIM_FAULTED);
    cr_expect_eq(w.c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(w.c.sys.fault_pc, fn);
    cr_expect_eq(w.decodes, 0u, "nothing is decoded from a page that is not executable");
    cr_assert_eq(linux_mprotect(&w.c.sys, &w.m, 0, fn, 4096, 7), 0);
    w.c.sys.status = SIM_RUNNING;
    wx_run(&w, fn + 4u);
    cr_expect_eq(w.c.sys.status, SIM_RUNNING);
    cr_expect_eq(w.c.r[0], 7u);
    cr_expect_eq(w.decodes, 1u);
    arm_code_free(w.st);
}

/* movw r0, #1 (T32: f240 0001) at the first page's last halfword: its
 * second half lies on the next page, which must be executable too. */
Test(arm_writable_code, a_thumb_instruction_reaching_into_a_page_that_is_not_executable)
{
    wx_machine_t w;
    uint32_t pc = WX_PRIV + 0xffeu;
    wx_setup(&w, pc, 1);
    wx_priv[0xffc / 4] = 0xf2400000u;       /* (halfword 0xffe: f240) */
    wx_priv[0x1000 / 4] = 0xe7fe0001u;      /* 0001, then b . */
    wx_run(&w, pc + 4u);
    cr_assert_eq(w.c.sys.status, SIM_FAULTED);
    cr_expect_eq(w.c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(w.c.sys.fault_addr, WX_PRIV + 0x1000u, "the fault is at the page that is not executable");
    cr_assert_eq(linux_mprotect(&w.c.sys, &w.m, 0, WX_PRIV + 0x1000u, 4096, 5), 0);
    w.c.sys.status = SIM_RUNNING;
    wx_run(&w, pc + 4u);
    cr_expect_eq(w.c.r[15], pc + 4u);
    cr_expect_eq(w.c.r[0], 1u);
    arm_code_free(w.st);
}

/* A mapping call is a change of the core's code: mmap, mprotect and munmap
 * count sys.code_gen up, so a page decoded before is decoded again (as for
 * the fresh page Linux hands out); munmap also takes execution away. */
Test(arm_writable_code, a_mapping_call_drops_the_decoded_code)
{
    wx_machine_t w;
    wx_setup(&w, WX_PRIV, 0);
    wx_priv[1] = 0xeafffffeu; /* b . */
    wx_run(&w, WX_PRIV + 4u);
    cr_assert_eq(w.c.r[0], 1u);
    wx_priv[0] = 0xe3a00003u; /* mov r0, #3, not flushed */
    w.c.r[15] = WX_PRIV;
    wx_run(&w, WX_PRIV + 4u);
    cr_expect_eq(w.c.r[0], 1u, "a store alone does not reach the decoded code");
    cr_assert_eq(linux_mprotect(&w.c.sys, &w.m, 0, WX_PRIV, 4096, 5), 0);
    w.c.r[15] = WX_PRIV;
    wx_run(&w, WX_PRIV + 4u);
    cr_expect_eq(w.c.r[0], 3u, "after mprotect the page is decoded again");
    cr_expect_eq(w.decodes, 2u);
    cr_assert_eq(linux_munmap(&w.c.sys, &w.m, 0, WX_PRIV, 4096), 0);
    w.c.r[15] = WX_PRIV;
    wx_run(&w, WX_PRIV + 4u);
    cr_expect_eq(w.c.sys.status, SIM_FAULTED, "no code runs from an unmapped page");
    cr_expect_eq(w.c.sys.fault_reason, SIM_FAULT_FETCH);
    arm_code_free(w.st);
}

/* Without a window table (the CUDA backend) a fetch from the window faults
 * like any fetch outside the text. */
Test(arm_writable_code, no_window_code_without_the_table)
{
    wx_machine_t w;
    wx_setup(&w, WX_PRIV, 0);
    w.code.arm.win = NULL;
    wx_run(&w, WX_PRIV + 4u);
    cr_expect_eq(w.c.sys.status, SIM_FAULTED);
    cr_expect_eq(w.c.sys.fault_reason, SIM_FAULT_FETCH);
    arm_code_free(w.st);
}
