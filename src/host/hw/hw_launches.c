/* Both sides of a correlation as launches (hw_correlate.h): Nsight Compute's
 * CSVs, warpsim's JSON reports, and which launch pairs with which. */
#define _GNU_SOURCE
#include "host/hw/hw_correlate.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/hw/ncu_csv.h"
#include "host/report_cmd.h"

const hw_counter_t hw_counters[HW_NCOUNTERS] = {
#define HW_COUNTER(name, key, metric, added, scale, what) {#name, key, metric, added, scale, what},
#include "host/hw/hw_counters.def"
#undef HW_COUNTER
};

/* "kernels/ptx/vecadd.launch", "vecadd.sm_90", "vecadd.csv": "vecadd". */
static char *program_of(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strndup(base, strcspn(base, "."));
}

static hw_launch_t *side_add(hw_side_t *s, const char *program, const char *kernel, const char *file, int where)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 32;
        hw_launch_t *l = (hw_launch_t *)realloc(s->l, cap * sizeof *l);
        if (!l)
            return NULL;
        s->l = l, s->cap = cap;
    }
    hw_launch_t *l = &s->l[s->n];
    memset(l, 0, sizeof *l);
    l->program = strdup(program);
    l->kernel = strdup(kernel);
    l->file = file, l->where = where, l->partner = -1;
    for (size_t i = 0; i < s->n; i++)
        l->ordinal += !strcmp(s->l[i].program, program) && !strcmp(s->l[i].kernel, kernel);
    for (int c = 0; c < HW_NCOUNTERS; c++)
        l->v[c] = NAN;
    if (!l->program || !l->kernel) {
        free(l->program), free(l->kernel);
        return NULL;
    }
    s->n++;
    return l;
}

static int out_of_memory(const char *file)
{
    fprintf(stderr, "%s: out of memory\n", file);
    return -1;
}

/* One CSV's launches; a counter is the sum of its metric and its added one. */
static int load_csv(const char *path, hw_side_t *side, int has_column[HW_NCOUNTERS])
{
    const char *metrics[2 * HW_NCOUNTERS];
    for (int c = 0; c < HW_NCOUNTERS; c++)
        metrics[2 * c] = hw_counters[c].metric, metrics[2 * c + 1] = hw_counters[c].added;
    ncu_file_t f;
    if (ncu_csv_load(path, metrics, 2 * HW_NCOUNTERS, &f))
        return -1;
    char *program = program_of(path);
    int rc = program ? 0 : out_of_memory(path);
    for (int c = 0; c < HW_NCOUNTERS; c++)
        has_column[c] |= f.has_column[2 * c] && (!hw_counters[c].added[0] || f.has_column[2 * c + 1]);
    for (size_t i = 0; !rc && i < f.n; i++) {
        hw_launch_t *l = side_add(side, program, f.launch[i].kernel, path, f.launch[i].line);
        if (!l) {
            rc = out_of_memory(path);
            break;
        }
        for (int c = 0; c < HW_NCOUNTERS; c++) {
            l->v[c] = f.launch[i].value[2 * c];
            if (hw_counters[c].added[0])
                l->v[c] += f.launch[i].value[2 * c + 1];
            side->held[c] += isfinite(l->v[c]);
        }
    }
    free(program);
    ncu_csv_free(&f);
    side->files++;
    return rc;
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int is_csv(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && !strcmp(name + n - 4, ".csv");
}

int hw_load_measured(const char *dir, hw_side_t *side, int has_column[HW_NCOUNTERS])
{
    struct stat st;
    if (stat(dir, &st)) {
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return load_csv(dir, side, has_column);
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t n = 0;
    int rc = d ? 0 : -1;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!is_csv(e->d_name))
            continue;
        char **grown = (char **)realloc(names, (n + 1) * sizeof *names);
        if (grown)
            names = grown;
        if (!grown || asprintf(&names[n], "%s/%s", dir, e->d_name) < 0) {
            rc = out_of_memory(dir);
            break;
        }
        n++;
    }
    if (!d)
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
    else
        closedir(d);
    if (!rc && !n) {
        fprintf(stderr, "%s: no .csv files of Nsight Compute (bench/hw/collect.sh writes them)\n", dir);
        rc = -1;
    }
    qsort(names, n, sizeof *names, name_cmp);
    for (size_t i = 0; !rc && i < n; i++)
        rc = load_csv(names[i], side, has_column);
    /* the launches keep their file's name: the names stay until hw_side_free */
    side->names = names, side->nnames = n;
    return rc;
}

/* A launch's number at key ("timing.gpu_sim_cycle": a member of a member). */
static double value_at(const json_t *launch, const char *key)
{
    const char *dot = strchr(key, '.');
    const json_t *v = launch;
    if (dot) {
        char first[64];
        snprintf(first, sizeof first, "%.*s", (int)(dot - key), key);
        v = json_object_get(v, first);
        key = dot + 1;
    }
    v = json_is_object(v) ? json_object_get(v, key) : NULL;
    return json_is_number(v) ? json_number_value(v) : NAN;
}

int hw_load_simulated(const char *file, hw_side_t *side)
{
    json_t *doc = rcmd_load_document(file);
    if (!doc)
        return -1;
    const json_t *launches = json_object_get(doc, "launches"), *from = json_object_get(doc, "launch");
    int rc = 0;
    if (!json_is_array(launches) || !json_is_string(from)) {
        fprintf(stderr, "%s: not a report of warpsim ptx or warpsim cuda (no 'launch' and 'launches')\n", file);
        rc = -1;
    }
    char *program = rc ? NULL : program_of(json_string_value(from));
    if (!rc && !program)
        rc = out_of_memory(file);
    for (size_t i = 0; !rc && i < json_array_size(launches); i++) {
        const json_t *one = json_array_get(launches, i), *kernel = json_object_get(one, "kernel");
        if (!json_is_string(kernel)) {
            fprintf(stderr, "%s: launches[%zu] has no 'kernel'\n", file, i);
            rc = -1;
            break;
        }
        hw_launch_t *l = side_add(side, program, json_string_value(kernel), file, (int)i);
        if (!l) {
            rc = out_of_memory(file);
            break;
        }
        for (int c = 0; c < HW_NCOUNTERS; c++)
            side->held[c] += isfinite(l->v[c] = value_at(one, hw_counters[c].key));
    }
    free(program);
    json_decref(doc);
    side->files++;
    return rc;
}

size_t hw_match(hw_side_t *measured, hw_side_t *simulated)
{
    size_t pairs = 0;
    for (size_t i = 0; i < measured->n; i++) {
        hw_launch_t *m = &measured->l[i];
        for (size_t j = 0; j < simulated->n && m->partner < 0; j++) {
            hw_launch_t *s = &simulated->l[j];
            if (s->ordinal == m->ordinal && !strcmp(s->kernel, m->kernel) && !strcmp(s->program, m->program)) {
                m->partner = (long)j, s->partner = (long)i;
                pairs++;
            }
        }
    }
    return pairs;
}

void hw_side_free(hw_side_t *side)
{
    for (size_t i = 0; i < side->n; i++)
        free(side->l[i].program), free(side->l[i].kernel);
    for (size_t i = 0; i < side->nnames; i++)
        free(side->names[i]);
    free(side->names);
    free(side->l);
    memset(side, 0, sizeof *side);
}
