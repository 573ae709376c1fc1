/* The digests of every core's private window (sim_priv_hash's FNV-1a over
 * the words in address order) computed on the host in one pass over the
 * host memory, in the order the layout stores it, skipping the pages the
 * run never touched:
 *
 *   uint64_t *h = calloc(m->ncores, sizeof *h);
 *   window_hashes(&m->mem, h);   // h[c] == sim_priv_hash(&m->mem, c)
 *
 * The per-core device function walks a core's words; on the interleaved
 * layout (stride_core 1) consecutive words of a core are a row of ncores
 * words apart, so each read was a cache line and, from 1024 cores on, a
 * page of its own (a 1024-core run's --dump-state took 1.6 s of its 2.1). */
#ifndef HOST_WINDOW_HASH_H
#define HOST_WINDOW_HASH_H

#include <stdint.h>

#include "device/sim_mem.h"

/* h[0..ncores): every core's digest. Any layout; the two the CPU backend
 * makes (stride_word 1, or stride_core 1) in one pass. */
void window_hashes(const sim_mem_t *m, uint64_t *h);

#endif
