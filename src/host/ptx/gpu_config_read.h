/* Between the config reader (gpu_config_read.c) and the checks of a whole
 * config (gpu_config_check.c); nothing else includes it. */
#ifndef GPU_CONFIG_READ_H
#define GPU_CONFIG_READ_H

#include "host/ptx/gpu_config.h"

#define GPU_CONFIG_ONE_ROW(name, kind, field, help) +1
enum { GPU_CONFIG_NOPTS = 0 GPU_CONFIG_OPTIONS(GPU_CONFIG_ONE_ROW) };

typedef struct cfg_reader {
    const char *name, *s;
    int line;
    char *err;
    size_t errlen;
    int set_at[GPU_CONFIG_NOPTS]; /* the line each modelled option was last read on; 0: not in this text */
} cfg_reader_t;

/* "NAME:LINE: <message>" into r->err; -1. */
int cfg_fail(cfg_reader_t *r, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The option's row in GPU_CONFIG_OPTIONS, or -1. */
int gpu_config_row(const char *opt);
/* The caches' options into the L1D's parameters (gpu_config_cache.c); with
 * their checks: 0 or -1. */
void gpu_config_finish_caches(gpu_config_t *c);
int gpu_config_check_caches(cfg_reader_t *r, gpu_config_t *c);
/* What needs several options at once, once the text is read: 0 or -1. */
int gpu_config_check(cfg_reader_t *r, gpu_config_t *c);

/* The DRAM's kinds (gpu_config_dram.c): 0, or -1 with the error in r. */
int cfg_read_dram_timing(cfg_reader_t *r, int line, const char *v, dram_timing_t *t);
int cfg_read_addr_map(cfg_reader_t *r, int line, const char *v, dram_map_t *m);
int cfg_read_write_queue(cfg_reader_t *r, int line, const char *v, uint32_t wq[3]);
int cfg_read_refresh(cfg_reader_t *r, int line, const char *v, uint32_t refresh[2]);
/* The DRAM options together: 0 or -1. */
int gpu_config_check_dram(cfg_reader_t *r, const gpu_config_t *c);

#endif
