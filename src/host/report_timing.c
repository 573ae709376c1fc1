/* The timing model's part of a run's reports (--timing unit-counts): the
 * instruction mix by functional unit, in the table and in the JSON. */
#include "host/report_timing.h"

#include "device/timing/timing.h"


/* The counters of core c, or of all cores together (c = ncores). */
static void timing_counts(const sim_machine_t *m, uint32_t c, uint64_t *out)
{
    for (uint32_t k = 0; k < UNIT_COUNTS_WORDS; k++)
        out[k] = 0;
    uint32_t lo = c < m->ncores ? c : 0, hi = c < m->ncores ? c + 1 : m->ncores;
    for (uint32_t core = lo; core < hi; core++)
        for (uint32_t k = 0; k < UNIT_COUNTS_WORDS; k++)
            out[k] += m->timing.counts[(uint64_t)core * UNIT_COUNTS_WORDS + k];
}

void report_timing_table(FILE *f, const sim_machine_t *m)
{
    if (m->timing.kind != SIM_TIMING_UNIT_COUNTS)
        return;
    uint64_t n[UNIT_COUNTS_WORDS], all = 0;
    timing_counts(m, m->ncores, n);
    for (uint32_t u = 0; u < SIM_UNIT_COUNT; u++)
        all += n[u];
    fprintf(f, "  %-22s", "unit mix");
    for (uint32_t u = 0; u < SIM_UNIT_COUNT; u++)
        if (n[u])
            fprintf(f, " %s %.1f%%", sim_mix_key(u), all ? 100.0 * (double)n[u] / (double)all : 0.0);
    fprintf(f, "\n  %-22s %llu loads, %llu stores, %llu taken branches\n", "memory and branches",
            (unsigned long long)n[UNIT_COUNTS_LOADS], (unsigned long long)n[UNIT_COUNTS_STORES],
            (unsigned long long)n[UNIT_COUNTS_TAKEN]);
}

json_t *report_timing_json(const sim_machine_t *m, uint32_t c)
{
    uint64_t n[UNIT_COUNTS_WORDS];
    timing_counts(m, c, n);
    json_t *units = json_object(), *j = json_object();
    int bad = !units || !j;
    for (uint32_t u = 0; !bad && u < SIM_UNIT_COUNT; u++)
        bad |= json_object_set_new(units, sim_mix_key(u), json_integer((json_int_t)n[u]));
    if (!bad) {
        bad |= json_object_set_new(j, "units", units);
        units = NULL;
        bad |= json_object_set_new(j, "loads", json_integer((json_int_t)n[UNIT_COUNTS_LOADS]));
        bad |= json_object_set_new(j, "stores", json_integer((json_int_t)n[UNIT_COUNTS_STORES]));
        bad |= json_object_set_new(j, "taken_branches", json_integer((json_int_t)n[UNIT_COUNTS_TAKEN]));
    }
    if (c >= m->ncores && !bad)
        bad |= json_object_set_new(j, "model", json_string("unit-counts"));
    json_decref(units);
    if (bad) {
        json_decref(j);
        return NULL;
    }
    return j;
}
