/* The host's view of an ISA: what loading a program and serving its cores
 * need to know of it. src/host/isa.c holds the one switch from the ISA to
 * its entry; each ISA's functions live in its folder under src/device/
 * (their host-only parts, like the decoders), so nothing else in src/host
 * names an ISA. */
#ifndef ISA_H
#define ISA_H

#include <stddef.h>
#include <stdint.h>

#include "device/sim_run.h"

/* One array of a predecoded program, as the backends copy it (to a GPU). */
typedef struct isa_array {
    void *host;
    size_t bytes;
} isa_array_t;

/* Bytes [offset, offset + bytes) of array `array` that the host changed. */
typedef struct isa_span {
    uint32_t array;
    size_t offset, bytes;
} isa_span_t;

#define ISA_MAX_ARRAYS 4u
#define ISA_DECODE_NOMEM (-2)

typedef struct isa_host {
    sim_isa_t isa;
    const char *describe;    /* for --version: the instruction sets and mode it covers
                              * (isa_describe adds the extensions) */
    /* The predecoded program for the text [text_lo, text_lo + text_size)
     * (whose bytes stay valid while it lives) in *code; NULL when out of
     * memory. Code is decoded when a core first fetches it. */
    void *(*code_create)(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code);
    void (*code_free)(void *state);
    /* The program's arrays (up to ISA_MAX_ARRAYS); the count. */
    uint32_t (*code_arrays)(void *state, isa_array_t *out);
    /* Point *code at copies of the arrays elsewhere (a GPU's), in order. */
    void (*code_rebase)(sim_code_t *code, void *const *arrays);
    /* Core `core` waits in SIM_WAIT_DECODE: decode what it fetched. Returns
     * the records written in *span (bytes 0: nothing new); -1 if the core's
     * pc is outside the text and the window (it then faults when it runs
     * on); ISA_DECODE_NOMEM when the host has no memory for its records. */
    int (*decode_for_core)(void *state, const sim_soa_t *soa, uint32_t core, isa_span_t *span);
    /* Text at addr was written: its page's records are dropped, to be
     * decoded again on the next fetch. Writes the spans changed (at most
     * ISA_MAX_ARRAYS) into spans; returns their count. */
    int (*code_invalidate)(void *state, uint32_t addr, isa_span_t *spans);
    /* A core's first registers in the staged context at stage. */
    void (*ctx_init)(sim_stage_t *stage, uint32_t entry, uint32_t sp);
    /* Code in the private windows (DESIGN.md, code written at run time):
     * each core may run its own bytes from the pages of its window that
     * mem->xmap says are executable, decoded when it fetches them
     * (decode_for_core, which reads them through mem) and again when they
     * may have changed. Host memory only (the CPU backend). NULL: the ISA
     * runs no code from the windows. -1 when out of memory. */
    int (*code_window)(void *state, const sim_mem_t *mem, sim_code_t *code);
    /* 1: an undefined instruction's fault_insn holds its first four bytes
     * (variable-length encodings), shown as bytes; 0: its word. */
    int undef_bytes;
} isa_host_t;

/* The entry of an ISA; NULL for one this build does not simulate. */
const isa_host_t *isa_host(sim_isa_t isa);
/* The ISA of an ELF e_machine, SIM_ISA_NONE if none. */
sim_isa_t isa_of_elf_machine(uint32_t machine);
/* For --version: what the ISA implements, its describe line and the
 * extensions its AT_HWCAP names ("...: integer, x87, MMX, SSE, SSE2"); NULL
 * for one this build does not simulate. A static buffer. */
const char *isa_describe(sim_isa_t isa);
/* The names of the ISAs this build simulates, ", " between them. */
const char *isa_names_supported(void);
/* The ISA named by --isa, SIM_ISA_NONE if none. */
sim_isa_t isa_by_name(const char *name);
/* For the ELF loader: a name for an e_machine value in a refusal (NULL if
 * none), and what warpsim runs, in words. */
const char *isa_elf_machine_name(uint32_t machine);
const char *isa_elf_supported(void);
/* The address of the first instruction for e_entry, and whether e_entry
 * is misaligned for the instruction set it selects. */
uint32_t isa_entry_address(sim_isa_t isa, uint32_t entry, int *misaligned);
/* AT_HWCAP and AT_PLATFORM of the initial stack: what the simulated core
 * implements, so that the C library picks matching code. */
void isa_auxv(sim_isa_t isa, uint32_t *hwcap, const char **platform);

#endif
