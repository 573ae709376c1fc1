/* `warpsim report`'s rows: one per run report (or per item of a row array),
 * read with jansson, every value checked against its column's kind; the
 * speedup and versus columns against a reference run. */
#include "report_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const rcmd_column_t rcmd_columns[RCMD_COL_COUNT] = {
#define RCMD_ROW(key, header, kind, label, flags) {#key, header, kind, label, flags},
    RCMD_COLUMNS(RCMD_ROW)
#undef RCMD_ROW
};

int rcmd_column_find(const char *key)
{
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        if (!strcmp(rcmd_columns[i].key, key))
            return i;
    return -1;
}

/* "a string", "an array", ... for messages. */
static const char *kind_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

static int field_error(char *why, size_t n, const char *key, const char *want, const json_t *v)
{
    snprintf(why, n, "field '%s' is %s, not %s", key, kind_name(v), want);
    return -1;
}

/* Missing fields (and null) leave the cell empty unless required. */
static int take(const json_t *obj, const char *key, rcmd_cell_t *c, rcmd_kind_t kind, int required, char *why,
                size_t n)
{
    const json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v)) {
        if (required)
            snprintf(why, n, "no '%s' field (not a warpsim run report?)", key);
        return required ? -1 : 0;
    }
    if (kind == RCMD_STR) {
        if (!json_is_string(v))
            return field_error(why, n, key, "a string", v);
        if (!(c->s = strdup(json_string_value(v)))) {
            snprintf(why, n, "out of memory");
            return -1;
        }
    } else if (kind == RCMD_U64) {
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return field_error(why, n, key, "an unsigned integer", v);
        c->u = (uint64_t)json_integer_value(v);
        c->d = (double)c->u;
    } else {
        if (!json_is_number(v) || json_number_value(v) < 0)
            return field_error(why, n, key, "a number >= 0", v);
        c->d = json_number_value(v);
    }
    c->present = 1;
    return 0;
}

static void set_u64(rcmd_cell_t *c, uint64_t v)
{
    c->present = 1;
    c->u = v;
    c->d = (double)v;
}

/* max_core_insns, core0_insns and max_other_insns from per_core (item i is
 * core i), each unless the object held it already. */
static int take_per_core(const json_t *root, rcmd_row_t *row, char *why, size_t n)
{
    const json_t *pc = json_object_get(root, "per_core"), *core;
    rcmd_cell_t *max = &row->c[RCMD_COL_max_core_insns], *core0 = &row->c[RCMD_COL_core0_insns];
    rcmd_cell_t *other = &row->c[RCMD_COL_max_other_insns];
    uint64_t top = 0, top_other = 0;
    size_t i;
    if (!pc || json_is_null(pc))
        return 0;
    if (!json_is_array(pc))
        return field_error(why, n, "per_core", "an array", pc);
    json_array_foreach(pc, i, core) {
        const json_t *v = json_object_get(core, "instructions");
        if (!json_is_integer(v) || json_integer_value(v) < 0) {
            snprintf(why, n, "per_core[%zu] has no unsigned integer 'instructions'", i);
            return -1;
        }
        uint64_t insns = (uint64_t)json_integer_value(v);
        top = insns > top ? insns : top;
        top_other = i && insns > top_other ? insns : top_other;
        if (i == 0 && !core0->present)
            set_u64(core0, insns);
    }
    if (json_array_size(pc) > 0 && !max->present)
        set_u64(max, top);
    if (json_array_size(pc) > 1 && !other->present)
        set_u64(other, top_other);
    return 0;
}

/* The columns a run report does not hold: the program's name without its
 * folder, the workload (the program unless named), MIPS, MIPS per thread. */
static void derive(rcmd_row_t *row)
{
    rcmd_cell_t *prog = &row->c[RCMD_COL_program], *mips = &row->c[RCMD_COL_mips];
    rcmd_cell_t *wl = &row->c[RCMD_COL_workload], *per = &row->c[RCMD_COL_mips_per_thread];
    const rcmd_cell_t *thr = &row->c[RCMD_COL_threads], *be = &row->c[RCMD_COL_backend];
    char *slash = prog->present ? strrchr(prog->s, '/') : NULL;
    if (slash)
        memmove(prog->s, slash + 1, strlen(slash + 1) + 1);
    if (!wl->present && prog->present)
        wl->present = (wl->s = strdup(prog->s)) != NULL;
    if (!mips->present && row->c[RCMD_COL_wall_seconds].d > 0) {
        mips->d = (double)row->c[RCMD_COL_total_instructions].u / row->c[RCMD_COL_wall_seconds].d / 1e6;
        mips->present = 1;
    }
    /* a CUDA run's threads are per block: no per-thread figure */
    if (!per->present && mips->present && thr->present && thr->u > 0 && !(be->present && !strcmp(be->s, "cuda"))) {
        per->d = mips->d / (double)thr->u;
        per->present = 1;
    }
}

int rcmd_row_from_json(const json_t *root, const char *file, rcmd_row_t *row, char *why, size_t n)
{
    static const uint8_t required[RCMD_COL_COUNT] = {
        [RCMD_COL_cores] = 1, [RCMD_COL_total_instructions] = 1, [RCMD_COL_wall_seconds] = 1,
    };
    memset(row, 0, sizeof *row);
    if (!json_is_object(root)) {
        snprintf(why, n, "got %s, not a run report object", kind_name(root));
        return -1;
    }
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        if (take(root, rcmd_columns[i].key, &row->c[i], rcmd_columns[i].kind, required[i], why, n))
            goto bad;
    if (take_per_core(root, row, why, n))
        goto bad;
    derive(row);
    rcmd_cell_t *name = &row->c[RCMD_COL_file];
    if (!name->present)
        name->present = (name->s = strdup(file)) != NULL;
    return 0;
bad:
    rcmd_row_free(row);
    return -1;
}

/* The parsed document of file, or NULL after printing "file: problem" (jansson
 * says where: "file:line:column: problem"). */
json_t *rcmd_load_document(const char *file)
{
    struct stat st;
    json_error_t e;
    FILE *f = fopen(file, "r");
    if (!f || fstat(fileno(f), &st)) {
        fprintf(stderr, "%s: %s\n", file, strerror(errno));
        if (f)
            fclose(f);
        return NULL;
    }
    const char *problem = S_ISDIR(st.st_mode) ? strerror(EISDIR) : st.st_size == 0 ? "empty file" : NULL;
    json_t *doc = problem ? NULL : json_loadf(f, JSON_DECODE_ANY, &e);
    fclose(f);
    if (problem)
        fprintf(stderr, "%s: %s\n", file, problem);
    else if (!doc)
        fprintf(stderr, "%s:%d:%d: %s\n", file, e.line, e.column, e.text);
    return doc;
}

rcmd_row_t *rcmd_rows_add(rcmd_rows_t *rows)
{
    if (rows->n == rows->cap) {
        size_t cap = rows->cap ? 2 * rows->cap : 16;
        rcmd_row_t *grown = (rcmd_row_t *)realloc(rows->row, cap * sizeof *grown);
        if (!grown)
            return NULL;
        rows->row = grown;
        rows->cap = cap;
    }
    return &rows->row[rows->n];
}

/* One object into rows; 0, or -1 with why. */
static int rows_take(rcmd_rows_t *rows, const json_t *obj, const char *file, char *why, size_t n)
{
    rcmd_row_t *row = rcmd_rows_add(rows);
    if (!row) {
        snprintf(why, n, "out of memory");
        return -1;
    }
    if (rcmd_row_from_json(obj, file, row, why, n))
        return -1;
    rows->n++;
    return 0;
}

/* One CSV value into c as its column's kind; 0, or -1. */
static int csv_cell(const char *v, rcmd_kind_t kind, rcmd_cell_t *c)
{
    char *end;
    if (!*v)
        return 0;
    if (kind == RCMD_STR) {
        c->s = strdup(v);
        c->present = c->s != NULL;
        return c->s ? 0 : -1;
    }
    errno = 0;
    c->d = strtod(v, &end);
    if (*end || errno || c->d < 0)
        return -1;
    c->u = (uint64_t)c->d;
    c->present = 1;
    return 0;
}

/* A CSV whose header names report columns (the SM model's timeline): a row
 * a line. 0, or -1 after "file:line: problem". */
static int rows_load_csv(const char *file, rcmd_rows_t *rows)
{
    FILE *f = fopen(file, "r");
    char line[4096];
    int col[RCMD_COL_COUNT], ncol = 0, lineno = 1, rc = 0;
    if (!f) {
        fprintf(stderr, "%s: %s\n", file, strerror(errno));
        return -1;
    }
    if (!fgets(line, sizeof line, f)) {
        fprintf(stderr, "%s: empty file\n", file);
        fclose(f);
        return -1;
    }
    for (char *save = NULL, *k = strtok_r(line, ",\r\n", &save); k; k = strtok_r(NULL, ",\r\n", &save)) {
        int c = rcmd_column_find(k);
        if (c < 0 || ncol == RCMD_COL_COUNT) {
            fprintf(stderr, "%s:1: '%s' is not a column warpsim report knows\n", file, k);
            fclose(f);
            return -1;
        }
        col[ncol++] = c;
    }
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        rcmd_row_t *row = rcmd_rows_add(rows);
        if (!row) {
            fprintf(stderr, "%s: out of memory\n", file);
            rc = -1;
            break;
        }
        memset(row, 0, sizeof *row);
        char *p = line;
        line[strcspn(line, "\r\n")] = 0;
        for (int i = 0; i < ncol; i++) {
            char *comma = strchr(p, ',');
            if (comma)
                *comma = 0;
            if ((i + 1 < ncol && !comma) || (i + 1 == ncol && comma) || csv_cell(p, rcmd_columns[col[i]].kind, &row->c[col[i]])) {
                fprintf(stderr, "%s:%d: expected %d values, the last ones numbers >= 0\n", file, lineno, ncol);
                rcmd_row_free(row);
                rc = -1;
                break;
            }
            p = comma ? comma + 1 : p + strlen(p);
        }
        if (!rc) {
            row->c[RCMD_COL_file].present = (row->c[RCMD_COL_file].s = strdup(file)) != NULL;
            rows->n++;
        }
    }
    fclose(f);
    return rc;
}

int rcmd_rows_load(const char *file, rcmd_rows_t *rows)
{
    char why[256], item[160];
    size_t len = strlen(file);
    if (len > 4 && !strcmp(file + len - 4, ".csv"))
        return rows_load_csv(file, rows);
    json_t *doc = rcmd_load_document(file), *obj;
    size_t i;
    int rc = 0;
    if (!doc)
        return -1;
    if (!json_is_array(doc))
        rc = rows_take(rows, doc, file, why, sizeof why);
    json_array_foreach(doc, i, obj) {
        if ((rc = rows_take(rows, obj, file, item, sizeof item))) {
            snprintf(why, sizeof why, "item %zu of the array: %s", i, item);
            break;
        }
    }
    json_decref(doc);
    if (rc)
        fprintf(stderr, "%s: %s\n", file, why);
    return rc;
}

void rcmd_rows_free(rcmd_rows_t *rows)
{
    for (size_t i = 0; i < rows->n; i++)
        rcmd_row_free(&rows->row[i]);
    free(rows->row);
    memset(rows, 0, sizeof *rows);
}

void rcmd_row_speedups(rcmd_row_t *row, const rcmd_row_t *base)
{
    const rcmd_cell_t *w = &row->c[RCMD_COL_wall_seconds], *bw = &base->c[RCMD_COL_wall_seconds];
    const rcmd_cell_t *t = &row->c[RCMD_COL_total_instructions], *bt = &base->c[RCMD_COL_total_instructions];
    const rcmd_cell_t *m = &row->c[RCMD_COL_max_core_insns], *bm = &base->c[RCMD_COL_max_core_insns];
    rcmd_cell_t *sim = &row->c[RCMD_COL_sim_speedup], *app = &row->c[RCMD_COL_app_speedup];
    /* seed 002: simulation speedup = this MIPS over the baseline's */
    if (w->present && bw->present && t->present && bt->present && w->d > 0 && bw->d > 0 && bt->u > 0) {
        sim->d = bw->d * ((double)t->u / (double)bt->u) / w->d;
        sim->present = 1;
    }
    /* application speedup: the simulated program's time, its busiest core */
    if (m->present && bm->present && m->u > 0) {
        app->d = (double)bm->u / (double)m->u;
        app->present = 1;
    }
}

void rcmd_row_versus(rcmd_row_t *row, const rcmd_row_t *ref)
{
    const rcmd_cell_t *m = &row->c[RCMD_COL_mips], *rm = &ref->c[RCMD_COL_mips];
    rcmd_cell_t *v = &row->c[RCMD_COL_versus];
    if (m->present && rm->present && rm->d > 0) {
        v->d = m->d / rm->d;
        v->present = 1;
    }
}

const rcmd_row_t *rcmd_row_match(const rcmd_rows_t *refs, const rcmd_row_t *row)
{
    const rcmd_cell_t *wl = &row->c[RCMD_COL_workload];
    if (refs->n == 1)
        return &refs->row[0];
    for (size_t i = 0; wl->present && i < refs->n; i++) {
        const rcmd_cell_t *rw = &refs->row[i].c[RCMD_COL_workload];
        if (rw->present && !strcmp(rw->s, wl->s))
            return &refs->row[i];
    }
    return NULL;
}

void rcmd_row_free(rcmd_row_t *row)
{
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        free(row->c[i].s);
    memset(row, 0, sizeof *row);
}
