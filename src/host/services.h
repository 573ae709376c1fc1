/* Host services between rounds of simulation: draining every core's output
 * buffer to its destination and releasing barriers. The CPU backend calls
 * this on its context array directly; the CUDA backend on rows it copied
 * back from the device (and copies the changed rows back). */
#ifndef SERVICES_H
#define SERVICES_H

#include <stdint.h>

typedef struct sim_outputs {
    uint32_t ncores;
    const char *dir;   /* --output-dir, or NULL */
    int passthrough;   /* core 0's output goes to our stdout/stderr */
} sim_outputs_t;

/* Creates the output directory and empty per-core files. 0 ok. */
int outputs_open(sim_outputs_t *s, uint32_t ncores, const char *dir);

/* Service one round. status/out_len are the cores' rows, out their buffers
 * (out_cap bytes each). Returns the number of cores runnable afterwards. */
uint32_t services_round(const sim_outputs_t *s, uint32_t *status, uint32_t *out_len,
                        const uint8_t *out, uint32_t out_cap);

#endif
