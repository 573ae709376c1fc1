/* The ARM ISA's host side (arm_host.h): the predecoded program, decoded a
 * page of text at a time when a core first fetches from it.
 *
 * Both arrays (a record per text word for A32, per text halfword for T32)
 * start filled with ARM_OP_UNDECODED records. A core that fetches one
 * parks in SIM_WAIT_DECODE; between rounds, with no core running, the host
 * decodes and prepares the page it fetched from (arm_decode_for_core), and
 * the backends copy that page's records to where the cores read them (the
 * GPU's copy). A page is decoded once, in the instruction set it was
 * fetched in; a program's data in its text, or the other instruction set's
 * pages, are never decoded. A write into decoded code would drop its page
 * again (arm_code_invalidate).
 *
 * Code in the private windows (DESIGN.md, code written at run time) has
 * records per core and page, allocated when the core first fetches from
 * the page and decoded from the core's own bytes. */
#include "arm_host.h"

#include <stdlib.h>
#include <string.h>

#include "fast/arm_fast.h"
#include "host/isa.h"

/* One instruction set's records and which of its pages are decoded. */
typedef struct arm_host_set {
    arm_insn_t *recs;
    uint8_t *decoded;  /* per page */
    uint32_t n, shift; /* records; 2^shift bytes of text per record */
} arm_host_set_t;

/* Code in the windows (arm_ctx.h's arm_code_t.win): every core's pages. */
typedef struct arm_host_win {
    arm_win_page_t **pages; /* ncores * npages, NULL until fetched from */
    uint32_t npages;
    const sim_mem_t *mem;
} arm_host_win_t;

typedef struct arm_host_code {
    const uint8_t *text;
    uint32_t text_lo, text_size;
    arm_host_set_t set[2]; /* 0: A32, 1: T32 */
    arm_host_win_t win;
} arm_host_code_t;

#define ARM_PAGE_RECS(set) (ARM_PAGE_BYTES >> (set)->shift)

/* A record no one has decoded: it waits for the decoder when fetched. On
 * the chained path it is a block of its own, run as a full step. */
static arm_insn_t arm_undecoded_record(uint32_t thumb)
{
    arm_insn_t in;
    memset(&in, 0, sizeof in);
    in.op = ARM_OP_UNDECODED;
    in.xop = ARM_XOP_STEP;
    in.cond = ARM_COND_AL;
    in.run = 1;
    arm_set_len(&in, thumb ? 2u : 4u);
    return in;
}

static void arm_fill_undecoded(arm_insn_t *recs, uint32_t lo, uint32_t hi, uint32_t thumb)
{
    arm_insn_t stub = arm_undecoded_record(thumb);
    for (uint32_t i = lo; i < hi; i++)
        recs[i] = stub;
}

static int arm_set_init(arm_host_set_t *s, uint32_t text_size, uint32_t shift)
{
    s->shift = shift;
    s->n = text_size >> shift;
    s->recs = (arm_insn_t *)malloc(((size_t)s->n + 1u) * sizeof(arm_insn_t));
    s->decoded = (uint8_t *)calloc((size_t)(text_size + ARM_PAGE_BYTES - 1u) / ARM_PAGE_BYTES + 1u, 1);
    if (!s->recs || !s->decoded)
        return -1;
    arm_fill_undecoded(s->recs, 0, s->n, shift == 1u);
    return 0;
}

static uint32_t arm_text_halfword(const arm_host_code_t *h, uint32_t i)
{
    uint16_t hw = 0;
    if (2u * i + 2u <= h->text_size)
        memcpy(&hw, h->text + 2u * i, 2);
    return hw;
}

/* Which of the 8 halfwords before T32 record lo decode as IT, for
 * arm_prepare_range (their page may not be decoded). */
static uint32_t arm_its_in_text(const arm_host_code_t *h, uint32_t lo)
{
    uint32_t bits = 0;
    for (uint32_t k = 1; k <= 8u && k <= lo; k++) {
        arm_insn_t in;
        arm_decode_t32(arm_text_halfword(h, lo - k), arm_text_halfword(h, lo - k + 1u),
                       h->text_lo + 2u * (lo - k), &in);
        bits |= (uint32_t)(in.op == ARM_OP_IT) << (k - 1u);
    }
    return bits;
}

/* Decode and prepare page `page` of instruction set t. */
static void arm_decode_page(arm_host_code_t *h, uint32_t t, uint32_t page)
{
    arm_host_set_t *s = &h->set[t];
    uint32_t lo = page * ARM_PAGE_RECS(s), hi = lo + ARM_PAGE_RECS(s) < s->n ? lo + ARM_PAGE_RECS(s) : s->n;
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t addr = h->text_lo + (i << s->shift), w;
        if (t == 0) {
            memcpy(&w, h->text + 4u * i, 4);
            arm_decode_a32(w, addr, &s->recs[i]);
        } else {
            arm_decode_t32(arm_text_halfword(h, i), arm_text_halfword(h, i + 1u), addr, &s->recs[i]);
        }
    }
    arm_prepare_range(s->recs, s->n, lo, hi, s->shift, h->text_lo, t ? arm_its_in_text(h, lo) : 0u);
    s->decoded[page] = 1;
}

void *arm_code_create(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code)
{
    arm_host_code_t *h = (arm_host_code_t *)calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->text = text;
    h->text_lo = text_lo;
    h->text_size = text_size;
    if (arm_set_init(&h->set[0], text_size, 2) || arm_set_init(&h->set[1], text_size, 1)) {
        arm_code_free(h);
        return NULL;
    }
    code->arm.a32 = h->set[0].recs;
    code->arm.t32 = h->set[1].recs;
    code->arm.text_lo = text_lo;
    code->arm.text_size = text_size;
    return h;
}

void arm_code_free(void *state)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    if (!h)
        return;
    for (int t = 0; t < 2; t++) {
        free(h->set[t].recs);
        free(h->set[t].decoded);
    }
    if (h->win.pages)
        for (uint64_t i = 0; i < (uint64_t)h->win.mem->ncores * h->win.npages; i++)
            free(h->win.pages[i]);
    free(h->win.pages);
    free(h);
}

uint32_t arm_code_arrays(void *state, isa_array_t *out)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    for (int t = 0; t < 2; t++) {
        out[t].host = h->set[t].recs;
        out[t].bytes = (size_t)h->set[t].n * sizeof(arm_insn_t);
    }
    return 2;
}

void arm_code_rebase(sim_code_t *code, void *const *arrays)
{
    code->arm.a32 = (const arm_insn_t *)arrays[0];
    code->arm.t32 = (const arm_insn_t *)arrays[1];
}

/* The records of page `page` of set t, as a span of array t. */
static void arm_page_span(const arm_host_code_t *h, uint32_t t, uint32_t page, isa_span_t *span)
{
    const arm_host_set_t *s = &h->set[t];
    uint32_t lo = page * ARM_PAGE_RECS(s), hi = lo + ARM_PAGE_RECS(s) < s->n ? lo + ARM_PAGE_RECS(s) : s->n;
    span->array = t;
    span->offset = (size_t)lo * sizeof(arm_insn_t);
    span->bytes = (size_t)(hi - lo) * sizeof(arm_insn_t);
}

int arm_code_window(void *state, const sim_mem_t *mem, sim_code_t *code)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    h->win.npages = (mem->priv_size + ARM_CODE_PAGE - 1u) / ARM_CODE_PAGE;
    h->win.mem = mem;
    /* (calloc: the host's untouched pages of the table cost nothing) */
    h->win.pages = (arm_win_page_t **)calloc((size_t)mem->ncores * h->win.npages, sizeof *h->win.pages);
    if (!h->win.pages)
        return -1;
    code->arm.win = h->win.pages;
    code->arm.win_pages = h->win.npages;
    return 0;
}

/* Halfword at window offset off of core `core`, as it holds it now (0 past
 * the window's end). */
static uint32_t arm_win_halfword(const sim_mem_t *m, uint32_t core, uint32_t off)
{
    if (off >= m->priv_size)
        return 0;
    return *sim_priv_word(m, core, off & ~3u) >> (off & 2u ? 16 : 0) & 0xffffu;
}

/* Decode core `core`'s code at window offset off in set t, and what
 * follows it in a straight line within its page, from the core's bytes
 * now; the page's records of set t from before the core's last change of
 * code (sys.code_gen) are dropped first. The rest of the page waits for a
 * fetch of its own, so that a flush costs what runs after it, not a page.
 * The records run a step at a time (arm_step_win): no preparing. */
static int arm_decode_win(arm_host_code_t *h, const sim_soa_t *soa, uint32_t core, uint32_t t, uint32_t off)
{
    const sim_mem_t *m = h->win.mem;
    uint32_t page_off = off & ~(ARM_CODE_PAGE - 1u), gen = *sim_soa_sys(soa, SIM_SYS_FIELD(code_gen), core);
    arm_win_page_t **slot = &h->win.pages[(uint64_t)core * h->win.npages + page_off / ARM_CODE_PAGE];
    if (!*slot) {
        *slot = (arm_win_page_t *)malloc(sizeof **slot);
        if (!*slot)
            return ISA_DECODE_NOMEM;
        (*slot)->gen[0] = (*slot)->gen[1] = ~0u;
    }
    arm_win_page_t *p = *slot;
    arm_insn_t *recs = t ? p->t32 : p->a32;
    uint32_t shift = t ? 1u : 2u, n = ARM_CODE_PAGE >> shift;
    if (p->gen[t] != gen) {
        arm_fill_undecoded(recs, 0, n, t);
        p->gen[t] = gen;
    }
    for (uint32_t i = (off - page_off) >> shift; i < n && recs[i].op == ARM_OP_UNDECODED;) {
        uint32_t o = page_off + (i << shift), addr = m->priv_base + o;
        if (t)
            arm_decode_t32(arm_win_halfword(m, core, o), arm_win_halfword(m, core, o + 2u), addr, &recs[i]);
        else
            arm_decode_a32(arm_win_halfword(m, core, o) | arm_win_halfword(m, core, o + 2u) << 16, addr, &recs[i]);
        if (arm_ends_block(&recs[i]))
            break;
        i += arm_len(&recs[i]) >> shift;
    }
    return 0;
}

int arm_decode_for_core(void *state, const sim_soa_t *soa, uint32_t core, isa_span_t *span)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    uint32_t pc = *sim_soa_reg(soa, ARM_REG_FIELD(r[15]), core);
    uint32_t t = *sim_soa_reg(soa, ARM_REG_FIELD(thumb), core) ? 1u : 0u;
    uint32_t off = pc - h->text_lo, page = off / ARM_PAGE_BYTES;
    span->bytes = 0;
    if (off >= h->text_size && h->win.pages && pc - h->win.mem->priv_base < h->win.mem->priv_size)
        /* the core's own records, never copied (CPU backend only) */
        return arm_decode_win(h, soa, core, t, pc - h->win.mem->priv_base);
    if (off >= h->text_size)
        return -1;
    if (h->set[t].decoded[page])
        return 0; /* another core asked for it first */
    arm_decode_page(h, t, page);
    arm_page_span(h, t, page, span);
    return 0;
}

int arm_code_invalidate(void *state, uint32_t addr, isa_span_t *spans)
{
    arm_host_code_t *h = (arm_host_code_t *)state;
    uint32_t off = addr - h->text_lo, page = off / ARM_PAGE_BYTES, k = 0;
    if (off >= h->text_size)
        return 0;
    for (uint32_t t = 0; t < 2; t++) {
        arm_host_set_t *s = &h->set[t];
        if (!s->decoded[page])
            continue;
        arm_page_span(h, t, page, &spans[k]);
        uint32_t lo = (uint32_t)(spans[k].offset / sizeof(arm_insn_t));
        arm_fill_undecoded(s->recs, lo, lo + (uint32_t)(spans[k].bytes / sizeof(arm_insn_t)), t);
        s->decoded[page] = 0;
        k++;
    }
    return (int)k;
}

void arm_host_ctx_init(sim_stage_t *stage, uint32_t entry, uint32_t sp)
{
    arm_ctx_init(&stage->arm, entry, sp);
}
