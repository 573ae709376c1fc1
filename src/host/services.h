/* Host services between rounds of simulation: draining every core's output
 * buffer to its destination, reading stdin for the cores that asked
 * (host_fs.h) and releasing barriers. The CPU backend calls
 * this on its context array directly; the CUDA backend on rows it copied
 * back from the device (and copies the changed rows back). */
#ifndef SERVICES_H
#define SERVICES_H

#include <stdint.h>

#include "host/host_fs.h"

typedef struct sim_outputs {
    uint32_t ncores;
    const char *dir;   /* --output-dir, or NULL */
    int passthrough;   /* core 0's output goes to our stdout/stderr */
    host_fs_t *fs;     /* what the cores read (stdin, files) */
} sim_outputs_t;

/* Creates the output directory and empty per-core files. 0 ok. */
int outputs_open(sim_outputs_t *s, uint32_t ncores, const char *dir);

/* The cores' OS-state rows a service round reads and writes (sim_core.h). */
typedef struct services_rows {
    uint32_t *status, *out_len, *host_req, *host_ret;
} services_rows_t;

/* Service one round over the cores' rows; out holds their buffers (out_cap
 * bytes each). Output, and the path requests among it, are served in order,
 * before stdin is read, so a prompt is on the terminal before the read
 * waits. Returns the number of cores runnable afterwards; *answered, if not
 * NULL, how many path requests were answered (their host_ret rows changed). */
uint32_t services_round(const sim_outputs_t *s, const services_rows_t *rows, const uint8_t *out, uint32_t out_cap,
                        uint32_t *answered);

#endif
