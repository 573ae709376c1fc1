/* GPGPU-Sim's cache string (-gpgpu_cache:dl1, -gpgpu_cache:dl2; the parser
 * is cache_config::init in its gpu-cache.h) into the device model's
 * parameters (src/device/mem/cache_params.h):
 *
 *   cache_params_t p;
 *   if (cache_config_parse("S:4:128:64,L:T:m:L:L,A:512:8,16:0,32", "gpgpu_cache:dl1", 1, &p, err, sizeof err) < 0)
 *       ... err: "expected -gpgpu_cache:dl1 field 6 (write policy) R, B, T, E or L, found 'Q'"
 *   cache_config_finish(&p, 4 * p.ways);    // the ways an adaptive L1 may grow to
 */
#ifndef HOST_MEM_CACHE_CONFIG_H
#define HOST_MEM_CACHE_CONFIG_H

#include <stddef.h>

#include "device/mem/cache_params.h"

/* 0, 1 for "none" (no cache; p untouched), or -1 with one line in err
 * naming the field. level: 1 an SM's L1D, 2 an L2 slice. Also takes
 * GPGPU-Sim 3.x's form without the type letter and set-index field
 * (<sets>:<line>:<ways>,<repl>:<write>:<alloc>:<write alloc>,<mshr>:<n>:<merge>,<miss queue>). */
int cache_config_parse(const char *s, const char *opt, uint32_t level, cache_params_t *p, char *err, size_t n);

/* The ways the state is sized for (at least those the string gives) and,
 * for a streaming cache, its merge table: a tag and an MSHR entry for every
 * sector of the largest L1 and a merge bit per warp (seed 004 section III-C;
 * GPGPU-Sim 4.0's cache_config::init). */
void cache_config_finish(cache_params_t *p, uint32_t max_ways);

#endif
