/* A machine: N simulated cores of one ISA running one program image, with
 * its memory layout and structure-of-arrays contexts. Built on the host from
 * an ELF and the options; a backend allocates the private memory (host or
 * device) and runs it. */
#ifndef MACHINE_H
#define MACHINE_H

#include "device/arm/arm_ctx.h"
#include "device/sim_init.h"
#include "host/elf_load.h"
#include "host/stack_init.h"
#include "host/options.h"

typedef struct sim_machine {
    sim_isa_t isa;
    uint32_t ncores;
    uint32_t ctx_words;     /* uint32 fields per core context */
    uint32_t *ctx;          /* SoA: field f of core c at ctx[f * ncores + c] */
    sim_mem_t mem;          /* layout; priv is NULL until a backend allocates it */
    arm_image_t arm;        /* predecoded program, shared by all cores */
    sim_core_init_t init;   /* per-core start-up memory template */
    uint64_t priv_bytes;    /* private memory of all cores together */
    uint32_t entry;
    sim_image_t image;
    stack_tmpl_t stack;     /* initial stack template behind init.stack (init.data is image.data) */
    arm_insn_t *a32, *t32;
    uint64_t *mem_hash;     /* per-core digest of the final private window, if asked */
} sim_machine_t;

/* Load the program and lay the machine out. Prints "file: problem" and
 * returns 1 on bad input, 2 on bad options. */
int machine_create(sim_machine_t *m, const sim_options_t *o);
void machine_free(sim_machine_t *m);

/* Field f of core c. */
static inline uint32_t *machine_field(const sim_machine_t *m, uint32_t f, uint32_t c)
{
    return &m->ctx[(uint64_t)f * m->ncores + c];
}

/* Write --dump-state: one line per core. 0 ok. */
int machine_dump_state(const sim_machine_t *m, const char *path);

/* Bytes of simulated state per core: context, private window, output buffer. */
uint64_t machine_bytes_per_core(const sim_machine_t *m);

#endif
