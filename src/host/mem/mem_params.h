/* The memory system's parameters (device/mem/mem_params.h) from a GPU config. */
#ifndef HOST_MEM_PARAMS_H
#define HOST_MEM_PARAMS_H

#include <stddef.h>

#include "device/mem/cache_split.h"
#include "device/mem/mem_params.h"
#include "host/ptx/gpu_config.h"

/* Fills M from c (M->on 0 when c gives no memory system); 0, or -1 with why. */
int mem_params_from_config(const gpu_config_t *c, mem_params_t *M, char *why, size_t n);
/* The L1D's ways for a kernel whose resident CTAs use shmem_bytes of shared
 * memory an SM: the adaptive split (seed 004 section II). */
void mem_params_for_kernel(mem_params_t *M, uint64_t shmem_bytes);
/* IPOLY's offset masks for 2^bits sub-partitions over cols high bits
 * (mem_hash_t.mask): offset bit i is bit i of hi(x) x^bits mod p(x), p the
 * lowest primitive polynomial of degree bits, which for 4, 5 and 6 is
 * GPGPU-Sim's (x^4+x+1, x^5+x^2+1, x^6+x+1). */
void mem_hash_ipoly_masks(uint32_t bits, uint32_t cols, uint64_t *mask);

#endif
