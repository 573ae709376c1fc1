/* The IA-32 ISA's host side (x86_host.h): the predecoded program, one
 * record per text byte, decoded where cores fetch.
 *
 * The array starts filled with X86_OP_UNDECODED records. A core that
 * fetches one parks in SIM_WAIT_DECODE; between rounds the host decodes
 * the instruction at that core's pc and, within the same 4 KiB page, what
 * that instruction leads to: its fall-through successors and the targets
 * of direct branches (all of them instruction starts by the code's own
 * word; nothing is guessed, and an indirect jump's target is decoded when
 * a core gets there). The page's blocks are then prepared (x86_block.c)
 * and the backends copy the page's records to where the cores read them.
 * A write into decoded code drops its page's records, and those of the
 * 15 bytes before it (an instruction there may reach into the page).
 *
 * Code in the private windows (DESIGN.md, code written at run time) has
 * records per core and page, allocated when the core first fetches from
 * the page and decoded from the core's own bytes, which are kept beside
 * them (`seen`): the core runs a record only while its bytes still equal
 * those (x86_fetch_win), and the host, asked again, brings the bytes of
 * each instruction it decodes in `seen` up to the core's, dropping every
 * record a changed byte lies under. */
#include "x86_host.h"

#include <stdlib.h>
#include <string.h>

#include "host/isa.h"
#include "x86_block.h"

#define X86_PAGE_BYTES X86_CODE_PAGE

/* Code in the windows (x86_ctx.h's x86_code_t.win): every core's pages. */
typedef struct x86_host_win {
    x86_win_page_t **pages; /* ncores * npages, NULL until fetched from */
    uint32_t npages;
    const sim_mem_t *mem;
} x86_host_win_t;

typedef struct x86_host_code {
    const uint8_t *text;
    uint32_t text_lo, text_size;
    x86_insn_t *recs;  /* text_size records */
    uint32_t *work;    /* the decoder's worklist: a page's offsets */
    x86_host_win_t win;
} x86_host_code_t;

/* Bytes at address lo and their records, one a byte: the text, or a page
 * of core `core`'s window at offset win_off (mem not NULL: the bytes are
 * the page's `seen`, brought up to the window's as they are decoded). */
typedef struct x86_view {
    uint8_t *bytes;
    x86_insn_t *recs;
    uint32_t lo, size;
    const sim_mem_t *mem;
    uint32_t core, win_off;
} x86_view_t;

static x86_insn_t x86_undecoded_record(void)
{
    x86_insn_t in;
    memset(&in, 0, sizeof in);
    in.op = X86_OP_UNDECODED;
    in.len = 1;
    in.run = 1;
    in.base = X86_NOREG;
    in.index = X86_NOREG;
    return in;
}

static void x86_fill_undecoded(x86_insn_t *recs, size_t lo, size_t hi)
{
    x86_insn_t stub = x86_undecoded_record();
    for (size_t i = lo; i < hi; i++)
        recs[i] = stub;
}

void *x86_code_create(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code)
{
    x86_host_code_t *h = (x86_host_code_t *)calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->text = text;
    h->text_lo = text_lo;
    h->text_size = text_size;
    h->recs = (x86_insn_t *)malloc(((size_t)text_size + 1u) * sizeof(x86_insn_t));
    h->work = (uint32_t *)malloc(X86_PAGE_BYTES * sizeof(uint32_t));
    if (!h->recs || !h->work) {
        x86_code_free(h);
        return NULL;
    }
    x86_fill_undecoded(h->recs, 0, text_size + 1u);
    code->x86.recs = h->recs;
    code->x86.text_lo = text_lo;
    code->x86.text_size = text_size;
    return h;
}

void x86_code_free(void *state)
{
    x86_host_code_t *h = (x86_host_code_t *)state;
    if (!h)
        return;
    free(h->recs);
    free(h->work);
    if (h->win.pages)
        for (uint64_t i = 0; i < (uint64_t)h->win.mem->ncores * h->win.npages; i++)
            free(h->win.pages[i]);
    free(h->win.pages);
    free(h);
}

uint32_t x86_code_arrays(void *state, isa_array_t *out)
{
    x86_host_code_t *h = (x86_host_code_t *)state;
    out[0].host = h->recs;
    out[0].bytes = (size_t)h->text_size * sizeof(x86_insn_t);
    return 1;
}

void x86_code_rebase(sim_code_t *code, void *const *arrays) { code->x86.recs = (const x86_insn_t *)arrays[0]; }

static void x86_page_bounds(const x86_host_code_t *h, uint32_t off, uint32_t *lo, uint32_t *hi)
{
    /* pages of the address space, so that a page of records is a page of text */
    uint32_t page_addr = (h->text_lo + off) & ~(X86_PAGE_BYTES - 1u);
    uint32_t l = page_addr < h->text_lo ? 0u : page_addr - h->text_lo;
    uint32_t e = page_addr + X86_PAGE_BYTES - h->text_lo;
    *lo = l;
    *hi = e < h->text_size ? e : h->text_size;
}

static x86_view_t x86_text_view(const x86_host_code_t *h)
{
    x86_view_t v = {(uint8_t *)h->text, h->recs, h->text_lo, h->text_size, NULL, 0, 0};
    return v;
}

/* Bring the bytes [lo, hi) of a window page's view (its `seen`) up to the
 * core's window; drop the records under a byte that changed (those that
 * start up to 14 bytes before it, in this page). */
static void x86_win_sync(x86_view_t v, uint32_t lo, uint32_t hi)
{
    for (uint32_t b = lo; b < hi && b < v.size; b++) {
        uint8_t now = (uint8_t)sim_priv_ld8(v.mem, v.core, v.win_off + b);
        uint32_t first = b >= X86_MAX_LEN - 1u ? b - (X86_MAX_LEN - 1u) : 0u;
        if (v.bytes[b] != now && first < X86_PAGE_BYTES)
            x86_fill_undecoded(v.recs, first, b < X86_PAGE_BYTES ? b + 1u : X86_PAGE_BYTES);
        v.bytes[b] = now;
    }
}

/* Whether the record at i must be decoded; for a window page, after
 * bringing the bytes it would be decoded from up to date. */
static int x86_undecoded(x86_view_t v, uint32_t i)
{
    if (v.mem)
        x86_win_sync(v, i, i + X86_MAX_LEN);
    return v.recs[i].op == X86_OP_UNDECODED;
}

/* Decode from off, within [lo, hi) of v, what it leads to (work: a page's
 * room). */
static void x86_decode_reachable(uint32_t *work, x86_view_t v, uint32_t off, uint32_t lo, uint32_t hi)
{
    uint32_t n = 0;
    work[n++] = off;
    while (n) {
        uint32_t i = work[--n];
        while (i >= lo && i < hi && x86_undecoded(v, i)) {
            x86_decode(v.bytes + i, v.size - i, v.lo + i, &v.recs[i]);
            const x86_insn_t *in = &v.recs[i];
            uint32_t t = x86_direct_target(in) - v.lo;
            if (t >= lo && t < hi && x86_undecoded(v, t) && n < X86_PAGE_BYTES)
                work[n++] = t;
            if (!x86_falls_through(in))
                break;
            i += x86_len(in);
        }
    }
}

static void x86_page_span(uint32_t lo, uint32_t hi, isa_span_t *span)
{
    span->array = 0;
    span->offset = (size_t)lo * sizeof(x86_insn_t);
    span->bytes = (size_t)(hi - lo) * sizeof(x86_insn_t);
}

int x86_code_window(void *state, const sim_mem_t *mem, sim_code_t *code)
{
    x86_host_code_t *h = (x86_host_code_t *)state;
    h->win.npages = (mem->priv_size + X86_PAGE_BYTES - 1u) / X86_PAGE_BYTES;
    h->win.mem = mem;
    /* (calloc: the host's untouched pages of the table cost nothing) */
    h->win.pages = (x86_win_page_t **)calloc((size_t)mem->ncores * h->win.npages, sizeof *h->win.pages);
    if (!h->win.pages)
        return -1;
    code->x86.win = h->win.pages;
    code->x86.win_pages = h->win.npages;
    return 0;
}

/* Decode core `core`'s code at window offset off, and within its page what
 * it leads to, from the core's bytes now. Its records run a step at a time
 * (x86_step_win), so they need no preparing. */
static int x86_decode_win(x86_host_code_t *h, uint32_t core, uint32_t off)
{
    const sim_mem_t *m = h->win.mem;
    uint32_t page_off = off & ~(X86_PAGE_BYTES - 1u), rest = m->priv_size - page_off;
    x86_win_page_t **slot = &h->win.pages[(uint64_t)core * h->win.npages + page_off / X86_PAGE_BYTES];
    if (!*slot) {
        *slot = (x86_win_page_t *)malloc(sizeof **slot);
        if (!*slot)
            return ISA_DECODE_NOMEM;
        x86_fill_undecoded((*slot)->recs, 0, X86_PAGE_BYTES);
        memset((*slot)->seen, 0, sizeof (*slot)->seen);
    }
    uint32_t size = rest < sizeof (*slot)->seen ? rest : (uint32_t)sizeof (*slot)->seen;
    x86_view_t v = {(*slot)->seen, (*slot)->recs, m->priv_base + page_off, size, m, core, page_off};
    x86_decode_reachable(h->work, v, off - page_off, 0, size < X86_PAGE_BYTES ? size : X86_PAGE_BYTES);
    return 0;
}

int x86_decode_for_core(void *state, const sim_soa_t *soa, uint32_t core, isa_span_t *span)
{
    x86_host_code_t *h = (x86_host_code_t *)state;
    uint32_t pc = *sim_soa_reg(soa, X86_REG_FIELD(eip), core), off = pc - h->text_lo, lo, hi;
    span->bytes = 0;
    if (off >= h->text_size && h->win.pages && pc - h->win.mem->priv_base < h->win.mem->priv_size)
        /* the core's own records, never copied (CPU backend only) */
        return x86_decode_win(h, core, pc - h->win.mem->priv_base);
    if (off >= h->text_size)
        return -1;
    if (h->recs[off].op != X86_OP_UNDECODED)
        return 0; /* another core asked for it first */
    x86_page_bounds(h, off, &lo, &hi);
    x86_decode_reachable(h->work, x86_text_view(h), off, lo, hi);
    x86_prepare_range(h->recs, lo, hi);
    x86_page_span(lo, hi, span);
    return 0;
}

int x86_code_invalidate(void *state, uint32_t addr, isa_span_t *spans)
{
    x86_host_code_t *h = (x86_host_code_t *)state;
    uint32_t off = addr - h->text_lo, lo, hi, k = 0;
    if (off >= h->text_size)
        return 0;
    x86_page_bounds(h, off, &lo, &hi);
    x86_fill_undecoded(h->recs, lo, hi);
    x86_page_span(lo, hi, &spans[k++]);
    if (lo > 0) { /* the previous page's last instructions may reach into this one */
        uint32_t plo, phi, cut = lo >= 15u ? lo - 15u : 0u;
        x86_page_bounds(h, lo - 1u, &plo, &phi);
        x86_fill_undecoded(h->recs, cut > plo ? cut : plo, phi);
        x86_prepare_range(h->recs, plo, phi);
        x86_page_span(plo, phi, &spans[k++]);
    }
    return (int)k;
}

void x86_host_ctx_init(sim_stage_t *stage, uint32_t entry, uint32_t sp) { x86_ctx_init(&stage->x86, entry, sp); }
