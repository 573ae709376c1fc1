/* The PTX path's report (ptx_report.c) for a CUDA program: every launch as
 * a row, written at exit, the table on stderr (unless WARPSIM_CUDA_QUIET)
 * and JSON to WARPSIM_CUDA_REPORT. */
#ifndef CUDART_REPORT_H
#define CUDART_REPORT_H

#include <stdint.h>

#include "host/ptx/ptx_race.h"
#include "host/ptx/ptx_run_cpu.h"
#include "host/ptx/ptx_sched.h"
#include "host/sm/sm_host.h"

/* Registers the report at exit and at a signal that kills (once, from
 * cudart_init). */
void cudart_report_start(void);
/* module: the kernel's (its name as the report and messages give it);
 * race: --racecheck's log of the launch; tr: the SM model's figures; NULL when off. */
void cudart_report_launch(const char *kernel, const char *module, const uint32_t grid[3], const uint32_t block[3],
                          uint32_t dyn_smem, const ptx_sched_t *sc, const ptx_grid_result_t *r,
                          const ptx_race_log_t *race, const struct ptx_memcheck *mc, const sm_result_t *tr);
/* Something the program asked that warpsim cannot do, one line (printf
 * format; the same line once): the report's status is then "refused", and
 * a program that exits 0 exits 1. */
void cudart_report_refusal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
