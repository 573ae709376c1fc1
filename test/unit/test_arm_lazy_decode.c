/* Decode on first fetch (arm_host.c): a page of text is decoded when a core
 * first fetches from it, the core waiting meanwhile (SIM_WAIT_DECODE, not
 * counted as an instruction); a write into decoded code drops its page,
 * which is decoded again, from the new bytes, on the next fetch. Here the
 * host's service is called by hand, as the backends call it between
 * rounds. */
#include <criterion/criterion.h>
#include <string.h>

#include "device/arm/arm_host.h"
#include "host/isa.h"
#include "mem_fixture.h"

#define LD_TEXT 0x8000u
#define LD_PAGES 3u
#define LD_PRIV 0x20000u
#define LD_PRIV_SIZE 0x1000u

static uint8_t ld_text[LD_PAGES * ARM_PAGE_BYTES];
static uint32_t ld_priv[LD_PRIV_SIZE / 4];

static sim_mem_t ld_mem(void) { return one_core_mem(ld_priv, LD_PRIV, LD_PRIV_SIZE); }

static void ld_put32(uint32_t addr, uint32_t w) { memcpy(ld_text + (addr - LD_TEXT), &w, 4); }
static void ld_put16(uint32_t addr, uint32_t h) { memcpy(ld_text + (addr - LD_TEXT), &h, 2); }

/* One core's registers and OS state as the machine keeps them, staged in
 * and out around each run so that the decoder reads its pc from them. */
typedef struct ld_core {
    arm_ctx_t c;
    uint32_t regs[ARM_REGS_WORDS], sys[SIM_SYS_WORDS];
    sim_soa_t soa;
} ld_core_t;

static void ld_core_init(ld_core_t *k, uint32_t entry)
{
    memset(k, 0, sizeof *k);
    arm_ctx_init(&k->c, entry, LD_PRIV + LD_PRIV_SIZE);
    k->soa.regs = k->regs;
    k->soa.sys = k->sys;
    k->soa.ncores = 1;
    k->soa.regs_words = ARM_REGS_WORDS;
}

/* Run until the core stops or `budget` instructions retired, serving its
 * decode requests; the pages decoded in *pages. Returns the instructions. */
static uint64_t ld_run(ld_core_t *k, void *code_state, const sim_code_t *code, uint64_t budget, int *pages)
{
    sim_mem_t m = ld_mem();
    uint64_t n = 0;
    while (n < budget) {
        n += arm_run(&k->c, &code->arm, &m, 0, budget - n);
        if (k->c.sys.status != SIM_WAIT_DECODE)
            break;
        sim_stage_store((const uint32_t *)&k->c, &k->soa, 0);
        isa_span_t span;
        cr_assert_eq(arm_decode_for_core(code_state, &k->soa, 0, &span), 0);
        *pages += span.bytes != 0;
        k->c.sys.status = SIM_RUNNING;
    }
    return n;
}

/* A32: page 0 calls a function on page 2; page 1 is data and is never
 * decoded. The entry's fetch waits and is not counted. */
Test(arm_lazy_decode, pages_are_decoded_when_fetched)
{
    memset(ld_text, 0xff, sizeof ld_text);          /* undefined everywhere */
    ld_put32(LD_TEXT, 0xe3a00005u);                 /* mov r0, #5 */
    ld_put32(LD_TEXT + 4, 0xeb000000u + (2u * ARM_PAGE_BYTES - 12u) / 4u); /* bl page 2 */
    ld_put32(LD_TEXT + 8, 0xeafffffeu);             /* b . */
    ld_put32(LD_TEXT + 2 * ARM_PAGE_BYTES, 0xe2800007u); /* add r0, r0, #7 */
    ld_put32(LD_TEXT + 2 * ARM_PAGE_BYTES + 4, 0xe12fff1eu); /* bx lr */
    sim_code_t code;
    void *st = arm_code_create(ld_text, LD_TEXT, sizeof ld_text, &code);
    cr_assert(st);
    cr_expect_eq(code.arm.a32[0].op, ARM_OP_UNDECODED, "nothing is decoded before a fetch");
    ld_core_t k;
    ld_core_init(&k, LD_TEXT);
    sim_mem_t m = ld_mem();
    cr_expect_eq(arm_run(&k.c, &code.arm, &m, 0, 100), 0u, "the first fetch waits, retiring nothing");
    cr_expect_eq(k.c.sys.status, SIM_WAIT_DECODE);
    cr_expect_eq(k.c.r[15], LD_TEXT, "and stays on the instruction");
    k.c.sys.status = SIM_RUNNING;
    int pages = 0;
    uint64_t n = ld_run(&k, st, &code, 4, &pages);
    cr_expect_eq(n, 4u, "mov, bl, add, bx");
    cr_expect_eq(k.c.r[0], 12u);
    cr_expect_eq(k.c.r[15], LD_TEXT + 8u);
    cr_expect_eq(pages, 2, "pages 0 and 2, in %d decodes", pages);
    cr_expect_eq(code.arm.a32[ARM_PAGE_BYTES / 4].op, ARM_OP_UNDECODED, "page 1 is never fetched");
    cr_expect_eq(code.arm.t32[0].op, ARM_OP_UNDECODED, "nor is any page in Thumb");
    cr_expect_eq(sim_icount(&k.c.sys), 4u, "waits are not instructions");
    arm_code_free(st);
}

/* A write into decoded code: its page is dropped and decoded again from
 * the new bytes, in both instruction sets; other pages stay. */
Test(arm_lazy_decode, an_invalidated_page_is_decoded_again)
{
    memset(ld_text, 0, sizeof ld_text);
    ld_put32(LD_TEXT, 0xe2800001u);     /* add r0, r0, #1 */
    ld_put32(LD_TEXT + 4, 0xeafffffdu); /* b LD_TEXT */
    sim_code_t code;
    void *st = arm_code_create(ld_text, LD_TEXT, sizeof ld_text, &code);
    ld_core_t k;
    ld_core_init(&k, LD_TEXT);
    int pages = 0;
    ld_run(&k, st, &code, 10, &pages);
    cr_expect_eq(k.c.r[0], 5u);
    isa_span_t spans[ISA_MAX_ARRAYS];
    cr_expect_eq(arm_code_invalidate(st, LD_TEXT + ARM_PAGE_BYTES, spans), 0, "page 1 was never decoded");
    ld_put32(LD_TEXT, 0xe2800010u);     /* add r0, r0, #16: the program rewrites itself */
    cr_expect_eq(arm_code_invalidate(st, LD_TEXT + 4, spans), 1, "page 0, the A32 array");
    cr_expect_eq(spans[0].array, 0u);
    cr_expect_eq(spans[0].offset, 0u);
    cr_expect_eq(spans[0].bytes, ARM_PAGE_BYTES / 4 * sizeof(arm_insn_t));
    cr_expect_eq(code.arm.a32[1].op, ARM_OP_UNDECODED);
    ld_run(&k, st, &code, 2, &pages);
    cr_expect_eq(k.c.r[0], 5u + 16u, "the new add ran: r0 = %u", k.c.r[0]);
    cr_expect_eq(pages, 2);
    arm_code_free(st);
}

/* An IT block whose records lie on the next page, not decoded yet: the
 * core waits inside the block, keeps its IT state, and runs the block's
 * records under it once decoded; the same result as a text decoded whole. */
Test(arm_lazy_decode, an_it_block_across_a_page_boundary)
{
    uint32_t it_at = LD_TEXT + ARM_PAGE_BYTES - 2u;
    memset(ld_text, 0, sizeof ld_text);
    for (uint32_t a = LD_TEXT; a < it_at - 2u; a += 2)
        ld_put16(a, 0xbf00u);           /* nop */
    ld_put16(it_at - 2u, 0x2800u);      /* cmp r0, #0 */
    ld_put16(it_at, 0xbf0cu);           /* ite eq */
    ld_put16(it_at + 2u, 0xf04fu);      /* moveq.w r1, #7: 4 bytes, which a skip */
    ld_put16(it_at + 4u, 0x0107u);      /* of the undecoded record would not know */
    ld_put16(it_at + 6u, 0xf04fu);      /* movne.w r1, #9 */
    ld_put16(it_at + 8u, 0x0109u);
    ld_put16(it_at + 10u, 0xe7feu);     /* b . */
    for (uint32_t r0 = 0; r0 < 2; r0++) {
        sim_code_t code;
        void *st = arm_code_create(ld_text, LD_TEXT, sizeof ld_text, &code);
        ld_core_t k;
        ld_core_init(&k, it_at - 2u + 1u);
        k.c.r[0] = r0;
        int pages = 0;
        uint64_t n = ld_run(&k, st, &code, 4, &pages);
        cr_expect_eq(n, 4u);
        cr_expect_eq(k.c.r[1], r0 ? 9u : 7u, "r0 = %u: r1 = %u", r0, k.c.r[1]);
        cr_expect_eq(k.c.it, 0u);
        cr_expect_eq(k.c.r[15], it_at + 10u);
        cr_expect_eq(pages, 2);
        arm_code_free(st);
    }
}
