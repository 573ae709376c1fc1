/* Laying out a machine: memory map, per-core templates, predecoded text,
 * initial contexts. */
#include "machine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/arm/arm_soa.h"

#define PAGE 4096u
#define DEFAULT_STACK (256u << 10)
#define DEFAULT_HEAP (4u << 20)

static uint64_t page_up(uint64_t v) { return (v + PAGE - 1) & ~(uint64_t)(PAGE - 1); }

/* One record per text word (A32) and per text halfword (T32), decoded once. */
static int arm_predecode(sim_machine_t *m)
{
    const sim_image_t *img = &m->image;
    uint32_t words = img->text_size / 4, halves = img->text_size / 2;
    const uint8_t *text = img->ro + (img->text_lo - img->ro_base);
    m->a32 = calloc(words ? words : 1, sizeof(arm_insn_t));
    m->t32 = calloc(halves ? halves : 1, sizeof(arm_insn_t));
    if (!m->a32 || !m->t32)
        return -1;
    for (uint32_t i = 0; i < words; i++) {
        uint32_t w;
        memcpy(&w, text + 4 * i, 4);
        arm_decode_a32(w, img->text_lo + 4 * i, &m->a32[i]);
    }
    for (uint32_t i = 0; i < halves; i++) {
        uint16_t h1, h2 = 0;
        memcpy(&h1, text + 2 * i, 2);
        if (i + 1 < halves)
            memcpy(&h2, text + 2 * i + 2, 2);
        arm_decode_t32(h1, h2, img->text_lo + 2 * i, &m->t32[i]);
    }
    arm_prepare_records(m->a32, words, 2, img->text_lo);
    arm_prepare_records(m->t32, halves, 1, img->text_lo);
    m->arm.a32 = m->a32;
    m->arm.t32 = m->t32;
    m->arm.text_lo = img->text_lo;
    m->arm.text_size = img->text_size;
    return 0;
}

/* Window = data+bss, heap/mmap reserve, stack; or --core-mem. */
static int layout_memory(sim_machine_t *m, const sim_options_t *o)
{
    const sim_image_t *img = &m->image;
    uint64_t stack = page_up(o->stack_size ? o->stack_size : img->stack_req ? img->stack_req : DEFAULT_STACK);
    uint64_t heap = o->heap_size ? o->heap_size : img->heap_req ? img->heap_req : DEFAULT_HEAP;
    uint64_t fixed = (uint64_t)img->brk_start - img->priv_base;
    uint64_t window = o->core_mem ? o->core_mem : fixed + page_up(heap) + stack;
    window = page_up(window);
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

    m->ctx_words = (uint32_t)ARM_CTX_WORDS;
    m->ctx = calloc((size_t)m->ctx_words * m->ncores, 4);
    if (!m->ctx) {
        fprintf(stderr, "warpsim: out of host memory for %u core contexts\n", m->ncores);
        return 2;
    }
    arm_ctx_t c;
    memset(&c, 0, sizeof c);
    c.r[13] = sp;
    c.r[15] = m->image.entry & ~1u;
    c.thumb = m->image.entry & 1u;
    c.cpsr = 0x10; /* user mode */
    c.excl_addr = ~0u;
    c.sys.status = SIM_RUNNING;
    c.sys.brk_cur = c.sys.brk_min = m->image.brk_start;
    c.sys.mmap_low = m->mem.stack_lo;
    for (uint32_t core = 0; core < m->ncores; core++)
        arm_ctx_store(&c, m->ctx, m->ncores, core);
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
    if (o->isa && strcmp(o->isa, "arm")) {
        fprintf(stderr, "warpsim: --isa %s is not supported (supported: arm)\n", o->isa);
        return 2;
    }
    if (elf_load(o->program, &m->image, err, sizeof err)) {
        fprintf(stderr, "warpsim: %s\n", err);
        return 1;
    }
    if (m->image.isa != SIM_ISA_ARM) {
        fprintf(stderr, "warpsim: %s: IA-32 programs are not supported yet (supported: arm)\n", o->program);
        return 1;
    }
    m->isa = m->image.isa;
    m->ncores = o->cores;
    m->entry = m->image.entry;
    int rc = layout_memory(m, o);
    if (!rc)
        rc = build_templates(m, o);
    if (!rc && arm_predecode(m)) {
        fprintf(stderr, "warpsim: out of host memory for the predecoded text\n");
        rc = 2;
    }
    return rc;
}

uint64_t machine_bytes_per_core(const sim_machine_t *m)
{
    return (uint64_t)m->ctx_words * 4 + m->mem.priv_size + m->mem.out_cap;
}

void machine_free(sim_machine_t *m)
{
    free(m->ctx);
    free(m->a32);
    free(m->t32);
    stack_free(&m->stack);
    free(m->mem_hash);
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
        for (uint32_t w = 0; w < m->ctx_words; w++)
            fprintf(f, " %08x", *machine_field(m, w, c));
        fprintf(f, " mem %016llx\n", m->mem_hash ? (unsigned long long)m->mem_hash[c] : 0ull);
    }
    if (fclose(f)) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}
