/* The ARM ISA's host side: the predecoded program's arrays and what the
 * host's ISA entry (src/host/isa.c) calls. Host only. */
#ifndef ARM_HOST_H
#define ARM_HOST_H

#include "../sim_run.h"

/* AT_HWCAP: SWP | HALF | THUMB | FAST_MULT | EDSP | TLS, and the VFP that
 * arm_vfp_ops.def implements: VFP | VFPv3 | VFPv3D16 | VFPv4 (the fused
 * multiply-add and the half-precision conversions). No NEON, no D32. */
#define ARM_HWCAP (0x8097u | 0x40u | 0x2000u | 0x4000u | 0x10000u)
#define ARM_PLATFORM "v7l"

struct isa_array;
struct isa_span;

void *arm_code_create(const uint8_t *text, uint32_t text_lo, uint32_t text_size, sim_code_t *code);
void arm_code_free(void *state);
uint32_t arm_code_arrays(void *state, struct isa_array *out);
void arm_code_rebase(sim_code_t *code, void *const *arrays);
int arm_decode_for_core(void *state, const sim_soa_t *soa, uint32_t core, struct isa_span *span);
int arm_code_invalidate(void *state, uint32_t addr, struct isa_span *spans);
int arm_code_window(void *state, const sim_mem_t *mem, sim_code_t *code);
void arm_host_ctx_init(sim_stage_t *stage, uint32_t entry, uint32_t sp);

#endif
