/* The ARM ISA's host side: the predecoded program's arrays and what the
 * host's ISA entry (src/host/isa.c) calls. Host only. */
#ifndef ARM_HOST_H
#define ARM_HOST_H

#include "../sim_run.h"

/* AT_HWCAP's bits (Linux arch/arm/include/uapi/asm/hwcap.h). */
#define ARM_HWCAP_VFP    0x40u
#define ARM_HWCAP_NEON   0x1000u
#define ARM_HWCAP_VFPv3  0x2000u
#define ARM_HWCAP_VFPv3D16 0x4000u
#define ARM_HWCAP_VFPv4  0x10000u
#define ARM_HWCAP_VFPD32 0x80000u
/* AT_HWCAP: SWP | HALF | THUMB | FAST_MULT | EDSP | TLS, and the VFP and
 * Advanced SIMD that arm_vfp_ops.def and arm_neon_ops.def implement, as
 * Linux sets it for a Cortex-A15 (vfpmodule.c: VFPD32 instead of
 * VFPv3D16): VFP | NEON | VFPv3 | VFPv4 (the fused multiply-add and the
 * half-precision conversions) | VFPD32. glibc picks its NEON string
 * functions by the NEON bit. */
#define ARM_HWCAP (0x8097u | ARM_HWCAP_VFP | ARM_HWCAP_NEON | ARM_HWCAP_VFPv3 | ARM_HWCAP_VFPv4 | ARM_HWCAP_VFPD32)
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
