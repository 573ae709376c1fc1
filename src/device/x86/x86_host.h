/* The IA-32 ISA's host side: the predecoded program's array and what the
 * host's ISA entry (src/host/isa.c) calls. Host only. */
#ifndef X86_HOST_H
#define X86_HOST_H

#include "../sim_run.h"

struct isa_array;
struct isa_span;

void *x86_code_create(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code);
void x86_code_free(void *state);
uint32_t x86_code_arrays(void *state, struct isa_array *out);
void x86_code_rebase(sim_code_t *code, void *const *arrays);
int x86_decode_for_core(void *state, const sim_soa_t *soa, uint32_t core, struct isa_span *span);
int x86_code_invalidate(void *state, uint32_t addr, struct isa_span *spans);
int x86_code_window(void *state, const sim_mem_t *mem, sim_code_t *code);
void x86_host_ctx_init(sim_stage_t *stage, uint32_t entry, uint32_t sp);

#endif
