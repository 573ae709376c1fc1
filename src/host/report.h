/* What a run produced: the text table, JSON and CSV reports, fault messages
 * and warpsim's exit status. */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>

#include "host/backend.h"

typedef struct sim_summary {
    uint64_t total_insns;
    uint32_t halted, faulted, unfinished;
    uint32_t enosys_cores;  /* cores that made a syscall answered -ENOSYS */
    double mips;
} sim_summary_t;

void report_summarize(const sim_machine_t *m, const sim_run_t *r, sim_summary_t *s);
void report_table(FILE *f, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                  const sim_summary_t *s);
/* One line per faulted core (the first few) on f. */
void report_faults(FILE *f, const sim_machine_t *m);
/* 0 when path ends in .json or .csv (checked before a run starts), else
 * prints why and returns 2. */
int report_check_name(const char *path);
/* .json or .csv by extension (report_check_name); 0 ok, else prints why. */
int report_write(const char *path, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                 const sim_summary_t *s);
/* Core 0's exit code, or 128 + signal when it faulted. */
int report_exit_status(const sim_machine_t *m);
const char *report_status_name(uint32_t status);

#endif
