/* A DRAM channel's parameters (device/mem/dram_params.h) from a GPU config. */
#ifndef HOST_DRAM_PARAMS_H
#define HOST_DRAM_PARAMS_H

#include <stddef.h>

#include "device/mem/dram_params.h"
#include "host/ptx/gpu_config.h"

/* Fills P from c: 0, or -1 with why (a config gpu_config_load accepted
 * always converts; the check is for configs built in code). */
int dram_params_from_config(const gpu_config_t *c, dram_params_t *P, char *why, size_t n);
/* Fits a mapping string's masks to n_chan channels of n_sub sub-partitions,
 * as GPGPU-Sim's linear_to_raw_address_translation::init does. */
void dram_map_finish(dram_map_t *m, uint32_t n_chan, uint32_t n_sub);

#endif
