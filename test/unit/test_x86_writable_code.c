/* Code in the private window on IA-32 (DESIGN.md, code written at run
 * time): a function in the core's window runs from records decoded from
 * the core's own bytes when it first fetches them, only from pages the
 * executable-page map allows, and a store into it is seen by the next
 * fetch, with no cache flush (as on x86 hardware): the record under a
 * changed byte is decoded again. Each core runs its own copy. The host's
 * decode service is called by hand, as the backends call it between
 * rounds. Bytes from i686-linux-gnu-as, assembly beside. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/x86/x86.h"
#include "device/x86/x86_host.h"
#include "device/linux/linux.h"
#include "host/isa.h"
#include "mem_fixture.h"

#define WX_TEXT 0x8000u
#define WX_PRIV 0x20000u /* the window: its first two pages are executable from the start */
#define WX_CODE 0x2000u
#define WX_PRIV_SIZE 0x4000u
#define WX_END (WX_TEXT + 0x14u) /* the last jump */

static uint8_t wx_text[4096];
static uint32_t wx_priv[2][WX_PRIV_SIZE / 4];

/* Calls the function at edx twice, storing the 32-bit immediate after the
 * first call; ebx and esi: what the calls returned. */
static const uint8_t wx_program[] = {
    0xba, 0x00, 0x00, 0x02, 0x00,             /* mov $0x20000, %edx (patched: the function) */
    0xff, 0xd2,                               /* call *%edx */
    0x89, 0xc3,                               /* mov %eax, %ebx */
    0xc7, 0x42, 0x01, 0x02, 0x00, 0x00, 0x00, /* movl $2, 1(%edx) */
    0xff, 0xd2,                               /* call *%edx */
    0x89, 0xc6,                               /* mov %eax, %esi */
    0xeb, 0xfe,                               /* jmp . */
};

static const uint8_t wx_function[] = {0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3}; /* mov $1, %eax; ret */

typedef struct wx_machine {
    sim_mem_t m;
    sim_xmap_t x;
    uint32_t bits[2];
    sim_code_t code;
    void *st;
} wx_machine_t;

static void wx_setup(wx_machine_t *w, uint32_t fn, uint32_t ncores)
{
    memset(wx_text, 0xcc, sizeof wx_text);
    memcpy(wx_text, wx_program, sizeof wx_program);
    memcpy(wx_text + 1, &fn, 4);
    memset(wx_priv, 0, sizeof wx_priv);
    for (uint32_t k = 0; k < 2; k++)
        memcpy((uint8_t *)wx_priv[k] + (fn - WX_PRIV), wx_function, sizeof wx_function);
    memset(&w->m, 0, sizeof w->m);
    w->m.priv = &wx_priv[0][0];
    w->m.stride_word = 1;
    w->m.stride_core = WX_PRIV_SIZE / 4;
    w->m.priv_base = WX_PRIV;
    w->m.priv_size = WX_PRIV_SIZE;
    w->m.ncores = ncores;
    fixture_xmap(&w->m, &w->x, w->bits, 0, WX_CODE / 4096u);
    w->st = x86_code_create(wx_text, WX_TEXT, sizeof wx_text, &w->code);
    cr_assert(w->st);
    cr_assert_eq(x86_code_window(w->st, &w->m, &w->code), 0);
}

/* The host's decode service for core `core`, parked in SIM_WAIT_DECODE,
 * as the backends call it between rounds. */
static void wx_serve(wx_machine_t *w, x86_ctx_t *c, uint32_t core)
{
    uint32_t regs[X86_REGS_WORDS * 2], sys[SIM_SYS_WORDS * 2];
    sim_soa_t soa = {0};
    soa.regs = regs, soa.sys = sys, soa.ncores = 2, soa.regs_words = X86_REGS_WORDS;
    isa_span_t span;
    sim_stage_store((const uint32_t *)c, &soa, core);
    cr_assert_eq(x86_decode_for_core(w->st, &soa, core, &span), 0);
    c->sys.status = SIM_RUNNING;
}

/* Rounds of up to `steps` instructions of core `core`, each followed by the
 * decode it waits for, if any. */
static void wx_rounds(wx_machine_t *w, x86_ctx_t *c, uint32_t core, int rounds, uint64_t steps)
{
    for (int round = 0; round < rounds; round++) {
        x86_run(c, &w->code.x86, &w->m, core, steps);
        if (c->sys.status == SIM_WAIT_DECODE)
            wx_serve(w, c, core);
    }
}

/* Runs core `core` to the program's last jump; returns the decodes of its
 * writable code it asked for. */
static uint32_t wx_run(wx_machine_t *w, uint32_t core, x86_ctx_t *c)
{
    uint32_t decodes = 0;
    memset(c, 0, sizeof *c);
    x86_ctx_init(c, WX_TEXT, WX_PRIV + WX_PRIV_SIZE);
    for (int round = 0; round < 40 && c->eip != WX_END; round++) {
        x86_run(c, &w->code.x86, &w->m, core, 100);
        if (c->sys.status == SIM_WAIT_DECODE) {
            decodes += c->eip - WX_PRIV < WX_CODE;
            wx_serve(w, c, core);
        }
        cr_assert_eq(c->sys.status, SIM_RUNNING, "stopped with status %u at 0x%x", c->sys.status, c->eip);
    }
    cr_expect_eq(c->eip, WX_END);
    return decodes;
}

/* The program over the function at fn: `decodes` requests for its records
 * (the first call's, one a page it spans, and one after the store). */
static void wx_check(uint32_t fn, int switch_path, uint32_t decodes_want)
{
    wx_machine_t w;
    x86_ctx_t c;
    x86_chained_off = switch_path;
    wx_setup(&w, fn, 1);
    uint32_t decodes = wx_run(&w, 0, &c);
    x86_chained_off = 0;
    cr_expect_eq(c.r[3], 1u, "the first call runs the first bytes");
    cr_expect_eq(c.r[6], 2u, "the store is seen by the next fetch, with no flush");
    cr_expect_eq(decodes, decodes_want, "decoded at first fetch and again after the store");
    uint32_t imm;
    memcpy(&imm, (uint8_t *)wx_priv[0] + (fn - WX_PRIV) + 1u, 4);
    cr_expect_eq(imm, 2u, "the store went to the core's own window");
    x86_code_free(w.st);
}

Test(x86_writable_code, a_store_shows_at_the_next_fetch)
{
    wx_check(WX_PRIV, 0, 2);
}

Test(x86_writable_code, a_store_shows_at_the_next_fetch_on_the_switch_path)
{
    wx_check(WX_PRIV, 1, 2);
}

/* mov $1, %eax from 0x20ffd: its immediate's last two bytes lie in the
 * next page, where the store changes one of them; the ret is in that page,
 * decoded on a request of its own (the host decodes within a page). */
Test(x86_writable_code, an_instruction_across_a_page_boundary)
{
    wx_check(WX_PRIV + 0xffdu, 0, 3);
}

/* The instruction at the executable pages' last byte reaches into a page
 * that is not executable: its fetch faults at that page's first byte
 * (Linux: SIGSEGV there); once the page is executable, it runs. */
Test(x86_writable_code, an_instruction_reaching_into_a_page_that_is_not_executable)
{
    wx_machine_t w;
    wx_setup(&w, WX_PRIV, 1);
    x86_ctx_t c;
    ((uint8_t *)wx_priv[0])[WX_CODE - 1u] = 0xb8; /* mov $imm32, %eax: 4 bytes short */
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, WX_PRIV + WX_CODE - 1u, WX_PRIV + WX_PRIV_SIZE);
    x86_run(&c, &w.code.x86, &w.m, 0, 10);
    cr_assert_eq(c.sys.status, SIM_WAIT_DECODE);
    wx_serve(&w, &c, 0);
    x86_run(&c, &w.code.x86, &w.m, 0, 10);
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(c.sys.fault_addr, WX_PRIV + WX_CODE);
    cr_expect_eq(c.eip, WX_PRIV + WX_CODE - 1u);
    cr_assert_eq(linux_mprotect(&c.sys, &w.m, 0, WX_PRIV + WX_CODE, 4096, 5), 0);
    c.sys.status = SIM_RUNNING;
    x86_run(&c, &w.code.x86, &w.m, 0, 1);
    cr_expect_eq(c.sys.status, SIM_RUNNING);
    cr_expect_eq(c.eip, WX_PRIV + WX_CODE + 4u, "mov $imm32, %eax ran");
    x86_code_free(w.st);
}

/* A window's last bytes: an instruction cut by the window's end faults at
 * the first byte past it, as a fetch. */
Test(x86_writable_code, an_instruction_cut_by_the_end_of_the_window)
{
    wx_machine_t w;
    wx_setup(&w, WX_PRIV, 1);
    x86_ctx_t c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(linux_mprotect(&c.sys, &w.m, 0, WX_PRIV, WX_PRIV_SIZE, 7), 0);
    ((uint8_t *)wx_priv[0])[WX_PRIV_SIZE - 2u] = 0xb8; /* mov $imm32, %eax: 3 bytes short */
    x86_ctx_init(&c, WX_PRIV + WX_PRIV_SIZE - 2u, WX_PRIV + WX_PRIV_SIZE);
    wx_rounds(&w, &c, 0, 2, 10);
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(c.sys.fault_addr, WX_PRIV + WX_PRIV_SIZE);
    x86_code_free(w.st);
}

/* Two cores: core 1's function returns 7 from its own bytes, though core 0
 * decoded the same address first from its own. */
Test(x86_writable_code, each_core_runs_its_own_bytes)
{
    wx_machine_t w;
    x86_ctx_t c;
    wx_setup(&w, WX_PRIV, 2);
    ((uint8_t *)wx_priv[1])[1] = 7;
    cr_expect_eq(wx_run(&w, 0, &c), 2u);
    cr_expect_eq(c.r[3], 1u);
    cr_expect_eq(c.r[6], 2u);
    cr_expect_eq(wx_run(&w, 1, &c), 2u);
    cr_expect_eq(c.r[3], 7u, "core 1 runs its own bytes");
    cr_expect_eq(c.r[6], 2u);
    x86_code_free(w.st);
}

/* A page of the window that is not executable faults the fetch (SIGSEGV),
 * on every core; an mprotect of one core's page lets that core alone run
 * there, and a munmap takes it away again. */
Test(x86_writable_code, a_page_that_is_not_executable_faults)
{
    wx_machine_t w;
    x86_ctx_t c;
    wx_setup(&w, WX_PRIV, 1);
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, WX_PRIV + WX_CODE, WX_PRIV + WX_PRIV_SIZE);
    x86_run(&c, &w.code.x86, &w.m, 0, 10);
    cr_expect_eq(c.sys.status, SIM_FAULTED);
    cr_expect_eq(c.sys.fault_reason, SIM_FAULT_FETCH);
    cr_expect_eq(c.sys.fault_addr, WX_PRIV + WX_CODE);
    x86_code_free(w.st);
}

Test(x86_writable_code, mprotect_and_munmap_decide_for_one_core)
{
    wx_machine_t w;
    x86_ctx_t c;
    uint32_t fn = WX_PRIV + WX_CODE;
    wx_setup(&w, fn, 2);
    for (uint32_t k = 0; k < 2; k++)
        memcpy((uint8_t *)wx_priv[k] + WX_CODE, wx_function, sizeof wx_function);
    memset(&c, 0, sizeof c);
    cr_assert_eq(linux_mprotect(&c.sys, &w.m, 1, fn, 4096, 5), 0);
    wx_run(&w, 1, &c);
    cr_expect_eq(c.r[3], 1u, "core 1 runs the page");
    cr_expect_eq(c.r[6], 2u);
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, fn, WX_PRIV + WX_PRIV_SIZE);
    x86_run(&c, &w.code.x86, &w.m, 0, 10);
    cr_expect_eq(c.sys.status, SIM_FAULTED, "core 0's page is still not executable");
    cr_assert_eq(linux_munmap(&c.sys, &w.m, 1, fn, 4096), 0);
    memset(&c, 0, sizeof c);
    x86_ctx_init(&c, fn, WX_PRIV + WX_PRIV_SIZE);
    x86_run(&c, &w.code.x86, &w.m, 1, 10);
    cr_expect_eq(c.sys.status, SIM_FAULTED, "after munmap, core 1's neither");
    x86_code_free(w.st);
}
