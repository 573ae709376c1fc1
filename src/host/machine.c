/* Laying out a machine: memory map, per-core templates, predecoded text,
 * initial contexts. */
#include "machine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define DEFAULT_STACK (256u << 10)
#define DEFAULT_HEAP (4u << 20)

/* The heap and stack reserves and the window keep 16-byte granules, not
 * pages: small requests (a million cores' WS_MEMORY(256, 2048)) would
 * otherwise round to pages that the cores' windows, laid end to end, keep
 * apart, and touch twice the host pages. */
static uint64_t granule_up(uint64_t v) { return (v + 15u) & ~(uint64_t)15u; }

/* Window = data+bss, heap/mmap reserve, stack; or --core-mem. */
static int layout_memory(sim_machine_t *m, const sim_options_t *o)
{
    const sim_image_t *img = &m->image;
    uint64_t stack = granule_up(o->stack_size ? o->stack_size : img->stack_req ? img->stack_req : DEFAULT_STACK);
    uint64_t heap = o->heap_size ? o->heap_size : img->heap_req ? img->heap_req : DEFAULT_HEAP;
    uint64_t fixed = (uint64_t)img->brk_start - img->priv_base;
    uint64_t window = o->core_mem ? o->core_mem : fixed + granule_up(heap) + stack;
    window = granule_up(window);
    if (window < fixed + stack) {
        fprintf(stderr, "warpsim: --core-mem %llu is too small for %s: data+bss need %llu bytes and the stack %llu\n",
                (unsigned long long)o->core_mem, o->program, (unsigned long long)fixed,
                (unsigned long long)stack);
        return 2;
    }
    if ((uint64_t)img->priv_base + window > SIM_SHARED_BASE) {
        fprintf(stderr, "warpsim: %s: %llu bytes of private memory per core do not fit below the shared region at 0x%08x\n",
                o->program, (unsigned long long)window, SIM_SHARED_BASE);
        return 2;
    }
    if (o->shared_mem > 0x3fff0000u || o->shared_mem % 4) {
        fprintf(stderr, "warpsim: --shared-mem must be a multiple of 4 below 1 GiB\n");
        return 2;
    }
    sim_mem_t *mm = &m->mem;
    mm->priv_base = img->priv_base;
    mm->priv_size = (uint32_t)window;
    mm->stack_lo = (uint32_t)(img->priv_base + window - stack);
    mm->ro = img->ro;
    mm->ro_base = img->ro_base;
    mm->ro_size = img->ro_size;
    mm->shared_base = SIM_SHARED_BASE;
    mm->shared_size = (uint32_t)o->shared_mem;
    mm->out_cap = o->out_cap ? o->out_cap : (m->ncores > 65536 ? 256 : 4096);
    mm->ncores = m->ncores;
    m->priv_bytes = window * m->ncores;
    return 0;
}

/* Every core's first context: the ISA's registers (ih->ctx_init) and the OS
 * state, the same for all cores, written field by field (a million cores'
 * contexts are a few hundred MB: row by row, not core by core). */
static int init_contexts(sim_machine_t *m, uint32_t sp)
{
    sim_soa_t *s = &m->soa;
    s->ncores = m->ncores;
    s->regs_words = sim_regs_words(m->isa);
    s->regs = calloc((size_t)s->regs_words * m->ncores + 1, 4);
    s->sys = calloc((size_t)SIM_SYS_WORDS * m->ncores, 4);
    if (!s->regs || !s->sys) {
        fprintf(stderr, "warpsim: out of host memory for %u core contexts\n", m->ncores);
        return 2;
    }
    sim_stage_t stage;
    memset(&stage, 0, sizeof stage);
    m->ih->ctx_init(&stage, m->image.entry, sp);
    sim_sys_t sys;
    memset(&sys, 0, sizeof sys);
    sys.status = SIM_RUNNING;
    sys.brk_cur = sys.brk_min = m->image.brk_start;
    sys.mmap_low = m->mem.stack_lo;
    sys.brk_max = sys.brk_min; /* the window is zero between bss and stack (backend_cpu.c, backend_cuda.cu) */
    sys.mmap_min = sys.mmap_low;
    const uint32_t *regs = (const uint32_t *)&stage, *sw = (const uint32_t *)&sys;
    for (uint32_t f = 0; f < s->regs_words; f++)
        for (uint32_t c = 0; c < m->ncores; c++)
            s->regs[(uint64_t)f * m->ncores + c] = regs[f];
    for (uint32_t f = 0; f < SIM_SYS_WORDS; f++)
        for (uint32_t c = 0; c < m->ncores; c++)
            s->sys[(uint64_t)f * m->ncores + c] = sw[f];
    return 0;
}

static int build_templates(sim_machine_t *m, const sim_options_t *o)
{
    stack_tmpl_t st;
    char err[256];
    uint32_t stack_top = m->mem.priv_base + m->mem.priv_size;
    if (stack_build(&m->image, stack_top, o->prog_argc, o->prog_argv, m->ncores, &st, err, sizeof err)) {
        fprintf(stderr, "warpsim: %s\n", err);
        return 2;
    }
    /* Both templates are malloc'ed, so word aligned, and whole words long:
     * data_size is a multiple of 4 and the stack runs from a 16-aligned sp to
     * the page-aligned window end. The machine keeps them as they are. */
    m->stack = st;
    m->init.data = (const uint32_t *)m->image.data;
    m->init.data_words = m->image.data_size / 4;
    m->init.stack = (const uint32_t *)st.bytes;
    m->init.stack_words = st.size / 4;
    m->init.stack_off = st.sp - m->mem.priv_base;
    m->init.core_id_off = m->init.stack_off + st.core_id_off;
    uint32_t sp = st.sp;

    return init_contexts(m, sp);
}

/* The ISA the program is for, checked against --isa and this build. */
static int choose_isa(sim_machine_t *m, const sim_options_t *o)
{
    sim_isa_t want = o->isa ? isa_by_name(o->isa) : SIM_ISA_NONE;
    if (o->isa && (want == SIM_ISA_NONE || !isa_host(want))) {
        fprintf(stderr, "warpsim: --isa %s is not supported (supported: %s)\n", o->isa, isa_names_supported());
        return 2;
    }
    m->isa = m->image.isa;
    m->ih = isa_host(m->isa);
    if (!m->ih) {
        fprintf(stderr, "warpsim: %s: %s programs are not supported yet (supported: %s)\n", o->program,
                sim_isa_name(m->isa), isa_names_supported());
        return 1;
    }
    if (o->isa && want != m->isa) {
        fprintf(stderr, "warpsim: %s: --isa %s, but the program is for %s\n", o->program, o->isa,
                sim_isa_name(m->isa));
        return 2;
    }
    return 0;
}

static int create_code(sim_machine_t *m)
{
    const sim_image_t *img = &m->image;
    const uint8_t *text = img->ro + (img->text_lo - img->ro_base);
    m->code_state = m->ih->code_create(text, img->text_lo, img->text_size, &m->code);
    if (!m->code_state) {
        fprintf(stderr, "warpsim: out of host memory for the predecoded text\n");
        return 2;
    }
    if (img->wx_size && !m->ih->code_window) {
        fprintf(stderr, "warpsim: a writable and executable segment (self-modifying code) is not supported for %s\n",
                sim_isa_name(m->image.isa));
        return 2;
    }
    return 0;
}

int machine_window_code(sim_machine_t *m)
{
    const sim_image_t *img = &m->image;
    sim_xmap_t *x = &m->xmap;
    if (!m->ih->code_window)
        return 0;
    memset(x, 0, sizeof *x);
    x->words = sim_xmap_words(m->mem.priv_size);
    x->first_lo[0] = (img->wx_lo - m->mem.priv_base) >> SIM_PAGE_SHIFT;
    x->first_hi[0] = x->first_lo[0] + (img->wx_size >> SIM_PAGE_SHIFT);
    if (img->exec_stack) {
        x->first_lo[1] = (m->mem.stack_lo - m->mem.priv_base) >> SIM_PAGE_SHIFT;
        x->first_hi[1] = sim_xmap_pages(m->mem.priv_size);
    }
    x->bits = (uint32_t *)calloc((size_t)x->words * m->ncores, sizeof *x->bits);
    if (!x->bits || m->ih->code_window(m->code_state, &m->mem, &m->code)) {
        fprintf(stderr, "warpsim: out of host memory for %u cores' code tables (code in their windows)\n", m->ncores);
        return -1;
    }
    m->mem.xmap = x;
    return 0;
}

static int create_timing(sim_machine_t *m, const sim_options_t *o)
{
    m->timing.kind = (uint32_t)sim_timing_by_name(o->timing);
    if (m->timing.kind != SIM_TIMING_UNIT_COUNTS)
        return 0;
    m->timing.counts = calloc((size_t)m->ncores * UNIT_COUNTS_WORDS, sizeof(uint64_t));
    if (!m->timing.counts) {
        fprintf(stderr, "warpsim: out of host memory for the timing model's counters\n");
        return 2;
    }
    return 0;
}

int machine_create(sim_machine_t *m, const sim_options_t *o)
{
    memset(m, 0, sizeof *m);
    char err[512];
    if (o->cores == 0) {
        fprintf(stderr, "warpsim: --cores must be at least 1\n");
        return 2;
    }
    if (elf_load(o->program, &m->image, err, sizeof err)) {
        fprintf(stderr, "warpsim: %s\n", err);
        return 1;
    }
    int rc = choose_isa(m, o);
    if (rc)
        return rc;
    m->ncores = o->cores;
    m->entry = m->image.entry;
    rc = layout_memory(m, o);
    if (!rc)
        rc = build_templates(m, o);
    if (!rc)
        rc = create_code(m);
    if (!rc)
        rc = create_timing(m, o);
    return rc;
}

int machine_serve_decodes(sim_machine_t *m, int (*changed)(void *arg, const isa_span_t *span), void *arg)
{
    for (uint32_t c = 0; c < m->ncores; c++) {
        uint32_t *status = machine_sys(m, SIM_SYS_FIELD(status), c);
        if (*status != SIM_WAIT_DECODE)
            continue;
        isa_span_t span;
        span.bytes = 0;
        if (m->ih->decode_for_core(m->code_state, &m->soa, c, &span) == ISA_DECODE_NOMEM) {
            fprintf(stderr, "warpsim: out of host memory for the records of core %u's code\n", c);
            return -1;
        }
        *status = SIM_RUNNING;
        if (span.bytes && changed && changed(arg, &span))
            return -1;
    }
    return 0;
}

uint64_t machine_bytes_per_core(const sim_machine_t *m)
{
    return (uint64_t)(m->soa.regs_words + SIM_SYS_WORDS) * 4 + m->mem.priv_size + m->mem.out_cap;
}

void machine_free(sim_machine_t *m)
{
    free(m->soa.regs);
    free(m->soa.sys);
    if (m->ih && m->code_state)
        m->ih->code_free(m->code_state);
    stack_free(&m->stack);
    free(m->mem_hash);
    free(m->timing.counts);
    free(m->xmap.bits);
    elf_free(&m->image);
    memset(m, 0, sizeof *m);
}

int machine_dump_state(const sim_machine_t *m, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
        return 2;
    }
    for (uint32_t c = 0; c < m->ncores; c++) {
        fprintf(f, "core %u", c);
        for (uint32_t w = 0; w < m->soa.regs_words; w++)
            fprintf(f, " %08x", *sim_soa_reg(&m->soa, w, c));
        for (uint32_t w = 0; w < SIM_SYS_WORDS; w++)
            fprintf(f, " %08x", *machine_sys(m, w, c));
        fprintf(f, " mem %016llx\n", m->mem_hash ? (unsigned long long)m->mem_hash[c] : 0ull);
    }
    if (fclose(f)) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}
