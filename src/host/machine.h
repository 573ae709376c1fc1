/* A machine: N simulated cores of one ISA running one program image, with
 * its memory layout and its per-core state as structure-of-arrays. Built on
 * the host from an ELF and the options; a backend allocates the private
 * memory (host or device) and runs it. Nothing here knows the ISA: it goes
 * through the ISA's host entry (isa.h). */
#ifndef MACHINE_H
#define MACHINE_H

#include "device/sim_init.h"
#include "device/sim_xmap.h"
#include "device/timing/timing.h"
#include "host/elf_load.h"
#include "host/isa.h"
#include "host/stack_init.h"
#include "host/options.h"

typedef struct sim_machine {
    sim_isa_t isa;
    const isa_host_t *ih;   /* the ISA's host entry */
    uint32_t ncores;
    sim_soa_t soa;          /* registers and OS state, field-major (sim_soa.h) */
    sim_mem_t mem;          /* layout; priv is NULL until a backend allocates it */
    sim_code_t code;        /* the predecoded program, shared by all cores */
    void *code_state;       /* the ISA's host-side program (ih->code_create) */
    sim_core_init_t init;   /* per-core start-up memory template */
    uint64_t priv_bytes;    /* private memory of all cores together */
    uint32_t entry;
    sim_image_t image;
    stack_tmpl_t stack;     /* initial stack template behind init.stack (init.data is image.data) */
    uint64_t *mem_hash;     /* per-core digest of the final private window, if asked */
    sim_timing_t timing;    /* the model attached (--timing), kind NONE if none */
    sim_xmap_t xmap;        /* executable pages of the windows, once machine_window_code made them */
} sim_machine_t;

/* The timing model the backends pass to every step, NULL if none. */
static inline const sim_timing_t *machine_timing(const sim_machine_t *m)
{
    return m->timing.kind != SIM_TIMING_NONE ? &m->timing : NULL;
}

/* Load the program and lay the machine out. Prints "file: problem" and
 * returns 1 on bad input, 2 on bad options. */
int machine_create(sim_machine_t *m, const sim_options_t *o);
void machine_free(sim_machine_t *m);

/* Field f (SIM_SYS_FIELD) of core c's OS state. */
static inline uint32_t *machine_sys(const sim_machine_t *m, uint32_t f, uint32_t c)
{
    return sim_soa_sys(&m->soa, f, c);
}

/* Core c's instructions retired. */
static inline uint64_t machine_icount(const sim_machine_t *m, uint32_t c)
{
    return (uint64_t)*machine_sys(m, SIM_SYS_FIELD(icount_hi), c) << 32 |
           *machine_sys(m, SIM_SYS_FIELD(icount_lo), c);
}

/* Let every core run code from its own window (the CPU backend, whose
 * windows are host memory): the executable-page map, with the W+X segments'
 * pages (and the stack's, for an executable stack) executable at the start,
 * and the ISA's per-core records (ih->code_window). 0 ok; -1 out of host
 * memory, said on stderr. Without it no page of a window is executable and
 * the Linux layer refuses PROT_EXEC. */
int machine_window_code(sim_machine_t *m);

/* Serve every core parked in SIM_WAIT_DECODE: decode what it fetched and
 * call changed(arg, span) for each piece of the program written (a GPU
 * backend copies it across). 0 ok, -1 if changed failed or the host ran out
 * of memory for a core's records (said on stderr). */
int machine_serve_decodes(sim_machine_t *m, int (*changed)(void *arg, const isa_span_t *span), void *arg);

/* Write --dump-state: one line per core. 0 ok. */
int machine_dump_state(const sim_machine_t *m, const char *path);

/* Bytes of simulated state per core: context, private window, output buffer. */
uint64_t machine_bytes_per_core(const sim_machine_t *m);

#endif
