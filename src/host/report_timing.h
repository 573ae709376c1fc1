/* The timing model's part of a run's reports (report_timing.c). */
#ifndef REPORT_TIMING_H
#define REPORT_TIMING_H

#include <jansson.h>
#include <stdio.h>

#include "host/machine.h"

/* A line of the unit mix in the table, when a model counted it. */
void report_timing_table(FILE *f, const sim_machine_t *m);
/* The counts of core c, or of the run (c >= ncores, with the model's
 * name); NULL when out of memory. */
json_t *report_timing_json(const sim_machine_t *m, uint32_t c);

#endif
