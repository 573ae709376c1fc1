/* `warpsim report`'s rows, speedups, writers and plot files. JSON is
 * jansson's (its own test suite covers the parser). */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/report_cmd.h"

/* ---- report rows ------------------------------------------------------------ */

static const char rc_sample[] =
    "{\n  \"warpsim_version\": \"0.1.0\",\n  \"isa\": \"arm\",\n  \"backend\": \"cuda\",\n"
    "  \"device\": \"NVIDIA H100\",\n  \"program\": \"build/kernels/matmul.arm\",\n  \"cores\": 4,\n"
    "  \"threads\": 128,\n  \"total_instructions\": 4000000,\n  \"wall_seconds\": 0.500000,\n"
    "  \"setup_seconds\": 0.010000,\n  \"mips\": 8.000,\n  \"mode\": \"mk\",\n  \"block_size\": 128,\n"
    "  \"halted\": 3,\n  \"faulted\": 1,\n  \"future_field\": {\"x\": [1]},\n  \"per_core\": [\n"
    "    {\"core\": 0, \"instructions\": 1000000, \"exit_code\": 0, \"status\": \"halted\"},\n"
    "    {\"core\": 1, \"instructions\": 1500000, \"exit_code\": 0, \"status\": \"halted\"},\n"
    "    {\"core\": 2, \"instructions\": 500000, \"exit_code\": 0, \"status\": \"halted\"},\n"
    "    {\"core\": 3, \"instructions\": 1000000, \"exit_code\": 11, \"status\": \"faulted\", \"fault\": \"x\"}\n"
    "  ]\n}\n";

/* A row from report text; why holds the error when it fails. */
static int rc_row(const char *text, rcmd_row_t *row, char *why, size_t n)
{
    json_error_t e;
    json_t *d = json_loads(text, JSON_DECODE_ANY, &e);
    cr_assert_not_null(d, "%d:%d: %s", e.line, e.column, e.text);
    int rc = rcmd_row_from_json(d, "r.json", row, why, n);
    json_decref(d);
    return rc;
}

/* The cell as a JSON value, dumped ("null", "\"x\"", "4000000"). */
static const char *rc_cell_json(const rcmd_row_t *row, int col)
{
    static char buf[256];
    json_t *v = rcmd_cell_json(row, col);
    cr_assert_not_null(v);
    char *text = json_dumps(v, JSON_ENCODE_ANY);
    snprintf(buf, sizeof buf, "%s", text);
    free(text);
    json_decref(v);
    return buf;
}

static const char *rc_cell(const rcmd_row_t *row, int col, rcmd_fmt_t fmt)
{
    static char buf[256];
    rcmd_cell_text(row, col, fmt, buf, sizeof buf);
    return buf;
}

Test(report_cmd, row_from_sample_report)
{
    rcmd_row_t row;
    char why[160];
    cr_assert_eq(rc_row(rc_sample, &row, why, sizeof why), 0, "%s", why);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_file, RCMD_FMT_TABLE), "r.json");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_program, RCMD_FMT_TABLE), "matmul.arm");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_isa, RCMD_FMT_TABLE), "arm");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_backend, RCMD_FMT_TABLE), "cuda");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mode, RCMD_FMT_TABLE), "mk");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_threads, RCMD_FMT_TABLE), "128");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_cores, RCMD_FMT_TABLE), "4");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_total_instructions, RCMD_FMT_CSV), "4000000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_wall_seconds, RCMD_FMT_CSV), "0.500000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mips, RCMD_FMT_TABLE), "8.0");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_max_core_insns, RCMD_FMT_TABLE), "1500000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_halted, RCMD_FMT_TABLE), "3");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_faulted, RCMD_FMT_TABLE), "1");
    cr_expect_str_eq(rc_cell_json(&row, RCMD_COL_device), "\"NVIDIA H100\"");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_sim_speedup, RCMD_FMT_TABLE), "-");
    rcmd_row_free(&row);
}

Test(report_cmd, missing_optional_fields_are_empty)
{
    rcmd_row_t row;
    char why[160];
    cr_assert_eq(rc_row("{\"cores\": 2, \"total_instructions\": 3000000, \"wall_seconds\": 1.5}", &row, why,
                        sizeof why), 0, "%s", why);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mode, RCMD_FMT_TABLE), "-");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mode, RCMD_FMT_CSV), "");
    cr_expect_str_eq(rc_cell_json(&row, RCMD_COL_mode), "null");
    cr_expect_str_eq(rc_cell_json(&row, RCMD_COL_max_core_insns), "null");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_block_size, RCMD_FMT_CSV), "");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mips, RCMD_FMT_CSV), "2.000", "mips from instructions and time");
    rcmd_row_free(&row);
    cr_assert_eq(rc_row("{\"cores\": 2, \"total_instructions\": 3, \"wall_seconds\": 1, \"mode\": null, "
                        "\"per_core\": []}", &row, why, sizeof why), 0, "%s", why);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mode, RCMD_FMT_TABLE), "-");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_max_core_insns, RCMD_FMT_TABLE), "-");
    rcmd_row_free(&row);
}

static void rc_expect_bad(const char *text, const char *want)
{
    rcmd_row_t row;
    char why[160] = "";
    cr_expect_eq(rc_row(text, &row, why, sizeof why), -1, "accepted %s", text);
    cr_expect(strstr(why, want) != NULL, "%s: '%s' lacks '%s'", text, why, want);
}

Test(report_cmd, malformed_reports)
{
    rc_expect_bad("[1]", "an array, not a run report");
    rc_expect_bad("\"x\"", "a string, not a run report");
    rc_expect_bad("{\"total_instructions\": 1, \"wall_seconds\": 1}", "no 'cores' field");
    rc_expect_bad("{\"cores\": 1, \"wall_seconds\": 1}", "no 'total_instructions'");
    rc_expect_bad("{\"cores\": 1, \"total_instructions\": 1}", "no 'wall_seconds'");
    rc_expect_bad("{\"cores\": \"1\", \"total_instructions\": 1, \"wall_seconds\": 1}",
                  "'cores' is a string, not an unsigned integer");
    rc_expect_bad("{\"cores\": -1, \"total_instructions\": 1, \"wall_seconds\": 1}", "unsigned integer");
    rc_expect_bad("{\"cores\": 1.5, \"total_instructions\": 1, \"wall_seconds\": 1}", "unsigned integer");
    rc_expect_bad("{\"cores\": 1, \"total_instructions\": 1, \"wall_seconds\": -1}", "a number >= 0");
    rc_expect_bad("{\"cores\": 1, \"total_instructions\": 1, \"wall_seconds\": 1, \"isa\": 3}",
                  "'isa' is a number, not a string");
    rc_expect_bad("{\"cores\": 1, \"total_instructions\": 1, \"wall_seconds\": 1, \"per_core\": {}}",
                  "'per_core' is an object, not an array");
    rc_expect_bad("{\"cores\": 2, \"total_instructions\": 1, \"wall_seconds\": 1, \"per_core\": "
                  "[{\"instructions\": 1}, {\"core\": 1}]}",
                  "per_core[1]");
}

Test(report_cmd, speedups_against_a_baseline)
{
    rcmd_row_t base, row;
    char why[160];
    /* baseline: 1 core, 1e6 instructions in 0.5 s (2 MIPS); this run: 4 cores,
     * 4e6 in 0.5 s (8 MIPS), busiest core 1.5e6 */
    cr_assert_eq(rc_row("{\"cores\": 1, \"total_instructions\": 1000000, \"wall_seconds\": 0.5, "
                        "\"per_core\": [{\"instructions\": 3000000}]}", &base, why, sizeof why), 0, "%s", why);
    cr_assert_eq(rc_row(rc_sample, &row, why, sizeof why), 0, "%s", why);
    rcmd_row_speedups(&row, &base);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_sim_speedup, RCMD_FMT_CSV), "4.0000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_app_speedup, RCMD_FMT_CSV), "2.0000");
    rcmd_row_free(&row);
    /* no per_core in this run: no application speedup; zero time: no simulation speedup */
    cr_assert_eq(rc_row("{\"cores\": 1, \"total_instructions\": 5, \"wall_seconds\": 0}", &row, why, sizeof why), 0);
    rcmd_row_speedups(&row, &base);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_sim_speedup, RCMD_FMT_TABLE), "-");
    cr_expect_str_eq(rc_cell_json(&row, RCMD_COL_app_speedup), "null");
    rcmd_row_free(&row);
    rcmd_row_free(&base);
}

/* The writer's output as a string (caller frees). */
typedef void rc_writer_t(FILE *, const rcmd_row_t *, size_t, const rcmd_cols_t *);

/* The writer's output with the default columns (with_baseline: the
 * speedups'), as a string (caller frees). */
static char *rc_capture(rc_writer_t *write, const rcmd_row_t *rows, size_t n, int wb)
{
    char *buf = NULL;
    size_t len = 0;
    rcmd_cols_t cols;
    rcmd_default_columns(rows, n, write == rcmd_write_table, wb ? RCMD_BASELINE : 0, &cols);
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    write(f, rows, n, &cols);
    fclose(f);
    return buf;
}

static char *rc_capture_json(const rcmd_row_t *rows, size_t n, const rcmd_cols_t *cols)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    cr_assert_eq(rcmd_write_json(f, rows, n, cols), 0);
    fclose(f);
    return buf;
}

static void rc_two_rows(rcmd_row_t rows[2])
{
    char why[160];
    cr_assert_eq(rc_row(rc_sample, &rows[0], why, sizeof why), 0, "%s", why);
    cr_assert_eq(rc_row("{\"cores\": 1, \"total_instructions\": 7, \"wall_seconds\": 1, "
                        "\"program\": \"a,b \\\"q\\\"\"}", &rows[1], why, sizeof why), 0, "%s", why);
}

Test(report_cmd, csv_writer)
{
    rcmd_row_t rows[2];
    rc_two_rows(rows);
    char *csv = rc_capture(rcmd_write_csv, rows, 2, 0);
    const char *want_head = "file,program,isa,backend,device,mode,threads,block_size,cores,total_instructions,"
                            "wall_seconds,mips,max_core_insns,halted,faulted\n";
    cr_expect(!strncmp(csv, want_head, strlen(want_head)), "%s", csv);
    cr_expect(strstr(csv, "r.json,matmul.arm,arm,cuda,NVIDIA H100,mk,128,128,4,4000000,0.500000,8.000,1500000,3,1\n"),
              "%s", csv);
    cr_expect(strstr(csv, "r.json,\"a,b \"\"q\"\"\",,,,,,,1,7,1.000000,0.000,,,\n"), "%s", csv);
    free(csv);
    csv = rc_capture(rcmd_write_csv, rows, 2, 1);
    cr_expect(strstr(csv, "faulted,sim_speedup,app_speedup\n") != NULL, "%s", csv);
    free(csv);
    rcmd_row_free(&rows[0]);
    rcmd_row_free(&rows[1]);
}

Test(report_cmd, json_writer_reads_back)
{
    rcmd_row_t rows[2];
    rc_two_rows(rows);
    rcmd_cols_t cols;
    rcmd_default_columns(rows, 2, 0, RCMD_BASELINE, &cols);
    char *text = rc_capture_json(rows, 2, &cols);
    json_error_t e;
    json_t *d = json_loads(text, 0, &e);
    cr_assert_not_null(d, "%d:%d %s\n%s", e.line, e.column, e.text, text);
    cr_assert(json_is_array(d));
    cr_assert_eq(json_array_size(d), 2);
    json_t *r0 = json_array_get(d, 0), *r1 = json_array_get(d, 1);
    cr_expect(json_is_integer(json_object_get(r0, "total_instructions")));
    cr_expect_eq(json_integer_value(json_object_get(r0, "total_instructions")), 4000000);
    cr_expect_eq(json_integer_value(json_object_get(r0, "max_core_insns")), 1500000);
    cr_expect(json_is_real(json_object_get(r0, "wall_seconds")), "seconds stay a real");
    cr_expect_eq(json_real_value(json_object_get(r0, "wall_seconds")), 0.5);
    cr_expect_eq(json_real_value(json_object_get(r0, "mips")), 8.0);
    cr_expect_str_eq(json_string_value(json_object_get(r1, "program")), "a,b \"q\"");
    cr_expect(json_is_null(json_object_get(r1, "mode")));
    cr_expect(json_is_null(json_object_get(r1, "sim_speedup")));
    json_decref(d);
    free(text);
    text = rc_capture_json(rows, 0, &cols);
    cr_expect_str_eq(text, "[]\n");
    free(text);
    rcmd_row_free(&rows[0]);
    rcmd_row_free(&rows[1]);
}

Test(report_cmd, table_writer)
{
    rcmd_row_t rows[2];
    rc_two_rows(rows);
    char *t = rc_capture(rcmd_write_table, rows, 2, 0);
    char *l1 = strchr(t, '\n'), *l2 = l1 ? strchr(l1 + 1, '\n') : NULL;
    cr_assert(l1 && l2 && l2[1] && !strchr(strchr(l2 + 1, '\n') + 1, '\n'), "header and 2 rows:\n%s", t);
    cr_expect(!strncmp(t, "program  ", 9), "%s", t);
    cr_expect(strstr(t, "max core insns") && !strstr(t, "sim speedup") && !strstr(t, "NVIDIA"), "%s", t);
    cr_expect_eq(l1 - t, l2 - l1 - 1, "aligned rows:\n%s", t);
    cr_expect(strstr(l1, "matmul.arm") && strstr(l1, "  4000000  ") && strstr(l1, "  1500000  "), "%s", t);
    cr_expect(strstr(l2, "  -  ") != NULL, "%s", t);
    free(t);
    t = rc_capture(rcmd_write_table, rows, 2, 1);
    cr_expect(strstr(t, "sim speedup  app speedup\n") != NULL, "%s", t);
    free(t);
    rcmd_row_free(&rows[0]);
    rcmd_row_free(&rows[1]);
}

static char *rc_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

Test(report_cmd, plot_files)
{
    static const char *const runs[][2] = {
        {"cpu", "64"}, {"cuda", "1024"}, {"cpu", "1"}, {"cuda", "32"}, {"cpu", "16"},
    };
    rcmd_row_t rows[6];
    char text[256], why[160];
    for (int i = 0; i < 5; i++) {
        snprintf(text, sizeof text, "{\"backend\": \"%s\", \"cores\": %s, \"total_instructions\": %d000000, "
                 "\"wall_seconds\": 1, \"mode\": \"sk\"}", runs[i][0], runs[i][1], i + 1);
        cr_assert_eq(rc_row(text, &rows[i], why, sizeof why), 0, "%s", why);
    }
    cr_assert_eq(rc_row("{\"cores\": 0, \"total_instructions\": 1, \"wall_seconds\": 1}", &rows[5], why,
                        sizeof why), 0);
    rcmd_plot_t p = {RCMD_COL_cores, RCMD_COL_mips, {RCMD_COL_backend, RCMD_COL_mode}, 2, "it's a title", NULL, 0};
    char dir[] = "/tmp/test_report_plot_XXXXXX", data[64], script[64];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(data, sizeof data, "%s/d", dir);
    snprintf(script, sizeof script, "%s/s", dir);
    cr_assert_eq(rcmd_plot_files(&p, rows, 6, data, script, "/x/o.svg", why, sizeof why), 2, "%s", why);
    char *d = rc_slurp(data), *s = rc_slurp(script);
    cr_expect_str_eq(d, "# cpu sk\n1 3\n16 5\n64 1\n\n\n# cuda sk\n32 4\n1024 2\n");
    cr_expect(strstr(s, "set terminal svg") && strstr(s, "set output '/x/o.svg'"), "%s", s);
    cr_expect(strstr(s, "set title 'it''s a title'") != NULL, "%s", s);
    cr_expect(strstr(s, "set xlabel 'simulated cores'") != NULL, "%s", s);
    cr_expect(strstr(s, "set ylabel 'MIPS (million target instructions per second)'") != NULL, "%s", s);
    cr_expect(strstr(s, "set logscale x 2") != NULL, "%s", s);
    cr_expect(strstr(s, "set yrange [0:*]") && !strstr(s, "logscale y"), "1 to 5 MIPS: linear y\n%s", s);
    cr_expect(strstr(s, "index 0 ") && strstr(s, "title 'cpu sk'") && strstr(s, "title 'cuda sk'"), "%s", s);
    cr_expect(!strstr(s, "ideal"), "%s", s);
    free(d);
    free(s);
    /* no group: one line named after y; linear x for anything but cores; the
     * 0-core row's 1e-6 MIPS against 5 spans more than 30x: log y */
    p.ngroup = 0;
    p.x = RCMD_COL_total_instructions;
    cr_assert_eq(rcmd_plot_files(&p, rows, 6, data, script, "o.svg", why, sizeof why), 1, "%s", why);
    s = rc_slurp(script);
    cr_expect(!strstr(s, "logscale x") && strstr(s, "title 'MIPS'"), "%s", s);
    cr_expect(strstr(s, "set logscale y 10") && !strstr(s, "yrange"), "%s", s);
    free(s);
    /* application speedup against cores: the ideal line rides along */
    for (int i = 0; i < 5; i++) {
        rows[i].c[RCMD_COL_app_speedup].present = 1;
        rows[i].c[RCMD_COL_app_speedup].d = rows[i].c[RCMD_COL_cores].d / 2;
    }
    p.x = RCMD_COL_cores;
    p.y = RCMD_COL_app_speedup;
    cr_assert_eq(rcmd_plot_files(&p, rows, 6, data, script, "o.svg", why, sizeof why), 1, "%s", why);
    s = rc_slurp(script);
    cr_expect(strstr(s, "x with lines") && strstr(s, "title 'ideal (= cores)'"), "%s", s);
    free(s);
    /* nothing to plot */
    p.y = RCMD_COL_max_core_insns;
    cr_expect_eq(rcmd_plot_files(&p, rows, 6, data, script, "o.svg", why, sizeof why), -1);
    cr_expect(strstr(why, "nothing to plot") != NULL, "%s", why);
    unlink(data);
    unlink(script);
    rmdir(dir);
    for (int i = 0; i < 6; i++)
        rcmd_row_free(&rows[i]);
}

static int rc_main(int argc, const char **argv)
{
    return report_cmd_main(argc, (char **)argv);
}

Test(report_cmd, command_line_errors, .init = cr_redirect_stderr)
{
    const char *bogus[] = {"--bogus", "r.json"};
    const char *none[] = {"--format", "csv"};
    const char *fmt[] = {"--format", "xml", "r.json"};
    const char *key[] = {"--x", "nope", "r.json"};
    const char *strkey[] = {"--y=backend", "r.json"};
    const char *grp[] = {"--group", "backend,,zz", "r.json"};
    const char *speed[] = {"--y", "app_speedup", "r.json"};
    const char *needs[] = {"--title"};
    const char *missing[] = {"/nonexistent/r.json"};
    const char *dash[] = {"-q", "r.json"};
    cr_expect_eq(rc_main(2, bogus), 2);
    cr_expect_eq(rc_main(2, none), 2);
    cr_expect_eq(rc_main(3, fmt), 2);
    cr_expect_eq(rc_main(3, key), 2);
    cr_expect_eq(rc_main(2, strkey), 2);
    cr_expect_eq(rc_main(3, grp), 2);
    cr_expect_eq(rc_main(3, speed), 2);
    cr_expect_eq(rc_main(1, needs), 2);
    cr_expect_eq(rc_main(2, dash), 2);
    cr_expect_eq(rc_main(1, missing), 1);
    cr_expect_eq(rcmd_column_find("app_speedup"), RCMD_COL_app_speedup);
    cr_expect_eq(rcmd_column_find("nope"), -1);
}

Test(report_cmd, derived_columns)
{
    rcmd_row_t row;
    char why[160];
    cr_assert_eq(rc_row(rc_sample, &row, why, sizeof why), 0, "%s", why);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_workload, RCMD_FMT_TABLE), "matmul.arm", "the program by default");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_core0_insns, RCMD_FMT_TABLE), "1000000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_max_other_insns, RCMD_FMT_TABLE), "1500000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mips_per_thread, RCMD_FMT_TABLE), "-", "cuda: threads per block");
    rcmd_row_free(&row);
    cr_assert_eq(rc_row("{\"cores\": 1, \"total_instructions\": 8000000, \"wall_seconds\": 1, \"threads\": 4, "
                        "\"backend\": \"cpu\", \"workload\": \"best 20\", \"per_core\": [{\"instructions\": 7}]}",
                        &row, why, sizeof why), 0, "%s", why);
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_workload, RCMD_FMT_TABLE), "best 20");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mips_per_thread, RCMD_FMT_CSV), "2.000");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_core0_insns, RCMD_FMT_TABLE), "7");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_max_other_insns, RCMD_FMT_TABLE), "-", "no other core");
    rcmd_row_free(&row);
}

static void rc_rows_of(rcmd_rows_t *rows, const char *const *texts, int n)
{
    char why[160];
    memset(rows, 0, sizeof *rows);
    rows->row = calloc((size_t)n, sizeof *rows->row);
    rows->cap = (size_t)n;
    for (int i = 0; i < n; i++)
        cr_assert_eq(rc_row(texts[i], &rows->row[rows->n++], why, sizeof why), 0, "%s", why);
}

Test(report_cmd, references_by_workload)
{
    static const char *const base_text[] = {
        "{\"cores\": 1, \"total_instructions\": 1000000, \"wall_seconds\": 1, \"workload\": \"a\"}",
        "{\"cores\": 1, \"total_instructions\": 1000000, \"wall_seconds\": 2, \"workload\": \"b\"}",
    };
    static const char *const row_text[] = {
        "{\"cores\": 8, \"total_instructions\": 4000000, \"wall_seconds\": 1, \"workload\": \"b\"}",
        "{\"cores\": 8, \"total_instructions\": 4000000, \"wall_seconds\": 1, \"workload\": \"c\"}",
    };
    rcmd_rows_t bases, rows, one = {0};
    rc_rows_of(&bases, base_text, 2);
    rc_rows_of(&rows, row_text, 2);
    cr_expect_eq(rcmd_row_match(&bases, &rows.row[0]), &bases.row[1], "b's own");
    cr_expect_null(rcmd_row_match(&bases, &rows.row[1]), "no reference of workload c");
    cr_expect_null(rcmd_row_match(&one, &rows.row[1]), "no reference at all");
    one.row = bases.row;
    one.n = 1;
    cr_expect_eq(rcmd_row_match(&one, &rows.row[1]), &bases.row[0], "a single one serves every row");
    rcmd_row_versus(&rows.row[0], &bases.row[1]);
    cr_expect_str_eq(rc_cell(&rows.row[0], RCMD_COL_versus, RCMD_FMT_CSV), "8.0000", "4 MIPS over 0.5");
    rcmd_rows_free(&bases);
    rcmd_rows_free(&rows);
}

Test(report_cmd, columns_chosen_and_by_default)
{
    rcmd_cols_t cols;
    char why[160];
    cr_assert_eq(rcmd_parse_columns("workload,cores,versus", &cols, why, sizeof why), 0, "%s", why);
    cr_expect(cols.n == 3 && cols.col[0] == RCMD_COL_workload && cols.col[2] == RCMD_COL_versus);
    cr_expect_eq(rcmd_parse_columns("cores,nope", &cols, why, sizeof why), -1);
    cr_expect(strstr(why, "unknown key 'nope'") != NULL, "%s", why);
    cr_expect_eq(rcmd_parse_columns(",", &cols, why, sizeof why), -1);
    /* a row that holds a speedup shows the speedup columns without --baseline */
    rcmd_row_t rows[2];
    rc_two_rows(rows);
    rcmd_default_columns(rows, 2, 0, 0, &cols);
    cr_expect_eq(cols.col[cols.n - 1], RCMD_COL_faulted, "every column but the asked-for ones");
    rows[1].c[RCMD_COL_sim_speedup].present = 1;
    rcmd_default_columns(rows, 2, 1, 0, &cols);
    cr_expect_eq(cols.col[cols.n - 2], RCMD_COL_faulted);
    cr_expect_eq(cols.col[cols.n - 1], RCMD_COL_sim_speedup, "app_speedup: no row holds one");
    rcmd_default_columns(rows, 2, 1, RCMD_VERSUS, &cols);
    cr_expect_eq(cols.col[cols.n - 1], RCMD_COL_versus);
    rcmd_row_free(&rows[0]);
    rcmd_row_free(&rows[1]);
}

/* Rows written with every column read back as the same rows. */
Test(report_cmd, rows_read_back)
{
    rcmd_row_t rows[2], base;
    char why[160], path[] = "/tmp/test_report_rows_XXXXXX";
    rc_two_rows(rows);
    cr_assert_eq(rc_row("{\"cores\": 1, \"total_instructions\": 1000000, \"wall_seconds\": 0.5, "
                        "\"per_core\": [{\"instructions\": 3000000}]}", &base, why, sizeof why), 0, "%s", why);
    rcmd_row_speedups(&rows[0], &base);
    rcmd_row_versus(&rows[0], &base);
    rcmd_cols_t all = {.n = RCMD_COL_COUNT};
    for (int i = 0; i < RCMD_COL_COUNT; i++)
        all.col[i] = i;
    char *text = rc_capture_json(rows, 2, &all);
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    rcmd_rows_t back = {0};
    cr_assert_eq(rcmd_rows_load(path, &back), 0);
    unlink(path);
    cr_assert_eq(back.n, 2);
    for (size_t r = 0; r < 2; r++)
        for (int i = 0; i < RCMD_COL_COUNT; i++) {
            char want[256], got[256];
            rcmd_cell_text(&rows[r], i, RCMD_FMT_CSV, want, sizeof want);
            rcmd_cell_text(&back.row[r], i, RCMD_FMT_CSV, got, sizeof got);
            cr_expect_str_eq(got, want, "row %zu, %s", r, rcmd_columns[i].key);
        }
    free(text);
    rcmd_rows_free(&back);
    rcmd_row_free(&rows[0]);
    rcmd_row_free(&rows[1]);
    rcmd_row_free(&base);
}
