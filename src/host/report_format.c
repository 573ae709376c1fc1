/* `warpsim report`'s text outputs: the aligned table, CSV and a JSON array
 * (written by jansson), every one walking the column table of report_cmd.h. */
#include "report_cmd.h"

#include <math.h>
#include <string.h>

#include "host/report_json.h"

/* Decimals of the CSV and JSON outputs (the table rounds further). */
static int kind_places(rcmd_kind_t kind)
{
    return kind == RCMD_SECONDS ? 6 : kind == RCMD_MIPS ? 3 : 4;
}

static int cell_missing(const rcmd_row_t *row, int col)
{
    rcmd_kind_t kind = rcmd_columns[col].kind;
    const rcmd_cell_t *c = &row->c[col];
    return !c->present || (kind != RCMD_STR && kind != RCMD_U64 && !isfinite(c->d));
}

void rcmd_cell_text(const rcmd_row_t *row, int col, rcmd_fmt_t fmt, char *buf, size_t n)
{
    const rcmd_cell_t *c = &row->c[col];
    rcmd_kind_t kind = rcmd_columns[col].kind;
    int table = fmt == RCMD_FMT_TABLE;
    if (cell_missing(row, col)) {
        snprintf(buf, n, "%s", table ? "-" : "");
        return;
    }
    switch (kind) {
    case RCMD_STR: snprintf(buf, n, "%s", c->s); break;
    case RCMD_U64: snprintf(buf, n, "%llu", (unsigned long long)c->u); break;
    case RCMD_SECONDS: snprintf(buf, n, "%.*f", table ? 4 : kind_places(kind), c->d); break;
    case RCMD_MIPS: snprintf(buf, n, "%.*f", table ? 1 : kind_places(kind), c->d); break;
    case RCMD_RATIO: snprintf(buf, n, "%.*f", table ? 2 : kind_places(kind), c->d); break;
    }
    if (table)
        for (char *p = buf; *p; p++)
            if ((unsigned char)*p < 0x20)
                *p = '?';
}

json_t *rcmd_cell_json(const rcmd_row_t *row, int col)
{
    const rcmd_cell_t *c = &row->c[col];
    rcmd_kind_t kind = rcmd_columns[col].kind;
    if (cell_missing(row, col))
        return json_null();
    if (kind == RCMD_STR)
        return report_json_text(c->s);
    if (kind == RCMD_U64)
        return json_integer((json_int_t)c->u);
    return report_json_real(c->d, kind_places(kind));
}

int rcmd_column_held(const rcmd_row_t *rows, size_t n, int col)
{
    for (size_t r = 0; r < n; r++)
        if (rows[r].c[col].present)
            return 1;
    return 0;
}

void rcmd_default_columns(const rcmd_row_t *rows, size_t n, int table, unsigned with_flags, rcmd_cols_t *out)
{
    out->n = 0;
    for (int i = 0; i < RCMD_COL_COUNT; i++) {
        unsigned fl = rcmd_columns[i].flags, cond = fl & (RCMD_BASELINE | RCMD_VERSUS);
        if ((fl & RCMD_ASKED) || (table && !(fl & RCMD_TABLE)))
            continue;
        if (cond && !(cond & with_flags) && !rcmd_column_held(rows, n, i))
            continue;
        out->col[out->n++] = i;
    }
}

int rcmd_parse_columns(const char *keys, rcmd_cols_t *out, char *why, size_t whyn)
{
    char list[512];
    snprintf(list, sizeof list, "%s", keys);
    out->n = 0;
    for (char *save = NULL, *k = strtok_r(list, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
        int col = rcmd_column_find(k);
        if (col < 0) {
            snprintf(why, whyn, "--columns: unknown key '%s'", k);
            return -1;
        }
        if (out->n == RCMD_COL_COUNT) {
            snprintf(why, whyn, "--columns: more than %d keys", RCMD_COL_COUNT);
            return -1;
        }
        out->col[out->n++] = col;
    }
    if (out->n == 0) {
        snprintf(why, whyn, "--columns needs a key");
        return -1;
    }
    return 0;
}

/* Line r of an output as text: 0 the header (the table's names, CSV's
 * keys), r > 0 row r - 1's cell. */
static void line_text(const rcmd_row_t *rows, size_t r, int col, rcmd_fmt_t fmt, char *buf, size_t n)
{
    if (r == 0)
        snprintf(buf, n, "%s", fmt == RCMD_FMT_TABLE ? rcmd_columns[col].header : rcmd_columns[col].key);
    else
        rcmd_cell_text(&rows[r - 1], col, fmt, buf, n);
}

void rcmd_write_table(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols)
{
    size_t width[RCMD_COL_COUNT] = {0};
    char buf[512];
    for (int k = 0; k < cols->n; k++)
        for (size_t r = 0; r <= n; r++) {
            line_text(rows, r, cols->col[k], RCMD_FMT_TABLE, buf, sizeof buf);
            width[k] = strlen(buf) > width[k] ? strlen(buf) : width[k];
        }
    for (size_t r = 0; r <= n; r++) {
        for (int k = 0; k < cols->n; k++) {
            int w = (int)width[k], left = rcmd_columns[cols->col[k]].kind == RCMD_STR;
            line_text(rows, r, cols->col[k], RCMD_FMT_TABLE, buf, sizeof buf);
            fprintf(f, "%s%*s", k ? "  " : "", left ? -w : w, buf);
        }
        fputc('\n', f);
    }
}

/* RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void rcmd_write_csv(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols)
{
    char buf[512];
    for (size_t r = 0; r <= n; r++) {
        for (int k = 0; k < cols->n; k++) {
            line_text(rows, r, cols->col[k], RCMD_FMT_CSV, buf, sizeof buf);
            if (k)
                fputc(',', f);
            csv_field(f, buf);
        }
        fputc('\n', f);
    }
}

int rcmd_write_json(FILE *f, const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols)
{
    json_t *doc = json_array();
    int bad = !doc;
    for (size_t r = 0; r < n && !bad; r++) {
        json_t *obj = json_object();
        bad |= json_array_append_new(doc, obj);
        for (int k = 0; k < cols->n && !bad; k++)
            bad |= json_object_set_new(obj, rcmd_columns[cols->col[k]].key, rcmd_cell_json(&rows[r], cols->col[k]));
    }
    if (!bad)
        bad = report_json_dumpf(doc, f);
    json_decref(doc);
    return bad ? -1 : 0;
}
