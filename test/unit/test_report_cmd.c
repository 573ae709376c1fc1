/* The JSON reader (valid documents, every kind of malformed input) and
 * `warpsim report`'s rows, speedups, writers and plot files. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/json_read.h"
#include "host/report_cmd.h"

static json_doc_t *jr_parse(const char *text, json_error_t *e)
{
    return json_parse(text, strlen(text), NULL, e);
}

static const json_value_t *jr_ok(json_doc_t **d, const char *text)
{
    json_error_t e;
    *d = jr_parse(text, &e);
    cr_assert_not_null(*d, "%s: %u:%u: %s", text, e.line, e.column, e.message);
    return json_root(*d);
}

/* text must fail at line:col with a message containing want. */
static void jr_bad(const char *text, size_t len, uint32_t line, uint32_t col, const char *want)
{
    json_error_t e;
    json_doc_t *d = json_parse(text, len, NULL, &e);
    cr_expect_null(d, "accepted: %s", text);
    json_free(d);
    if (d)
        return;
    cr_expect_eq(e.line, line, "%s: line %u, want %u (%s)", text, e.line, line, e.message);
    cr_expect_eq(e.column, col, "%s: column %u, want %u (%s)", text, e.column, col, e.message);
    cr_expect(strstr(e.message, want) != NULL, "%s: message '%s' lacks '%s'", text, e.message, want);
}

#define JR_BAD(text, line, col, want) jr_bad(text, sizeof(text) - 1, line, col, want)

Test(json_read, literals_and_containers)
{
    json_doc_t *d;
    const json_value_t *r = jr_ok(&d, " {\"a\": [true, false, null, [], {}], \"b\": {\"c\": \"d\"}} ");
    cr_assert_eq(r->kind, JSON_OBJECT);
    cr_assert_eq(r->count, 2);
    const json_value_t *a = json_get(r, "a");
    cr_assert_eq(a->kind, JSON_ARRAY);
    cr_assert_eq(a->count, 5);
    cr_expect_eq(json_at(a, 0)->kind, JSON_TRUE);
    cr_expect_eq(json_at(a, 1)->kind, JSON_FALSE);
    cr_expect_eq(json_at(a, 2)->kind, JSON_NULL);
    cr_expect_eq(json_at(a, 3)->kind, JSON_ARRAY);
    cr_expect_eq(json_at(a, 3)->count, 0);
    cr_expect_eq(json_at(a, 4)->kind, JSON_OBJECT);
    cr_expect_null(json_at(a, 5));
    cr_expect_null(json_get(a, "a"));
    cr_expect_null(json_get(r, "zz"));
    cr_expect_str_eq(json_str(json_get(json_get(r, "b"), "c")), "d");
    cr_expect_null(json_str(a));
    json_free(d);
}

Test(json_read, integers_keep_64_bits)
{
    json_doc_t *d;
    const json_value_t *r =
        jr_ok(&d, "[0, -0, 42, 18446744073709551615, 9223372036854775807, -9223372036854775808, "
                  "18446744073709551616, -9223372036854775809, 1.0, 1e2]");
    uint64_t u;
    int64_t i;
    cr_expect(json_u64(json_at(r, 0), &u) == 0 && u == 0);
    cr_expect(json_i64(json_at(r, 1), &i) == 0 && i == 0);
    cr_expect(json_u64(json_at(r, 1), &u) == 0 && u == 0);
    cr_expect(json_i64(json_at(r, 2), &i) == 0 && i == 42);
    cr_expect(json_u64(json_at(r, 3), &u) == 0 && u == UINT64_MAX);
    cr_expect_neq(json_i64(json_at(r, 3), &i), 0);
    cr_expect(json_i64(json_at(r, 4), &i) == 0 && i == INT64_MAX);
    cr_expect(json_i64(json_at(r, 5), &i) == 0 && i == INT64_MIN);
    cr_expect_neq(json_u64(json_at(r, 5), &u), 0, "negative as unsigned");
    double x;
    cr_expect_neq(json_u64(json_at(r, 6), &u), 0, "2^64 is not a u64");
    cr_expect(json_double(json_at(r, 6), &x) == 0 && x == 18446744073709551616.0);
    cr_expect_neq(json_i64(json_at(r, 7), &i), 0);
    cr_expect_neq(json_u64(json_at(r, 8), &u), 0, "1.0 is written as a fraction");
    cr_expect(json_double(json_at(r, 9), &x) == 0 && x == 100.0);
    cr_expect_neq(json_u64(NULL, &u), 0);
    cr_expect_neq(json_double(json_at(r, 99), &x), 0);
    json_free(d);
}

Test(json_read, doubles)
{
    json_doc_t *d;
    const json_value_t *r = jr_ok(&d, "[1.5, -2.5e3, 1E+2, 6.25e-2, 0.000001, 123456.789012, 1e-400]");
    static const double want[] = {1.5, -2500, 100, 0.0625, 0.000001, 123456.789012, 0};
    for (uint32_t k = 0; k < 7; k++) {
        double x;
        cr_expect(json_double(json_at(r, k), &x) == 0 && x == want[k], "item %u: %g", k, x);
    }
    json_free(d);
}

Test(json_read, string_escapes_and_utf8)
{
    json_doc_t *d;
    const json_value_t *r = jr_ok(&d, "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u20AC\", \"\\ud83d\\ude00\", "
                                      "\"a\\u0000b\", \"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\", \"\"]");
    cr_expect_str_eq(json_str(json_at(r, 0)), "\"\\/\b\f\n\r\t");
    cr_expect_str_eq(json_str(json_at(r, 1)), "\xc3\xa9\xe2\x82\xac");
    cr_expect_str_eq(json_str(json_at(r, 2)), "\xf0\x9f\x98\x80");
    cr_expect_eq(json_at(r, 3)->count, 3);
    cr_expect(!memcmp(json_str(json_at(r, 3)), "a\0b", 4));
    cr_expect_str_eq(json_str(json_at(r, 4)), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    cr_expect_str_eq(json_str(json_at(r, 5)), "");
    json_free(d);
}

Test(json_read, keys_bom_and_repeats)
{
    json_doc_t *d;
    const json_value_t *r = jr_ok(&d, "\xef\xbb\xbf{\"k\\u0065y\": 1, \"a\": 1, \"a\": 2}");
    int64_t i;
    cr_expect(json_i64(json_get(r, "key"), &i) == 0 && i == 1);
    cr_expect(json_i64(json_get(r, "a"), &i) == 0 && i == 2, "the last of a repeated name wins");
    cr_expect_str_eq(r->u.items[0].key, "key");
    json_free(d);
}

Test(json_read, depth_limit)
{
    json_limits_t lim = {4, 0};
    json_error_t e;
    json_doc_t *d = json_parse("[[[[1]]]]", 9, &lim, &e);
    cr_expect_not_null(d);
    json_free(d);
    d = json_parse("[[[[[1]]]]]", 11, &lim, &e);
    cr_expect_null(d);
    cr_expect(strstr(e.message, "deeper than 4") != NULL, "%s", e.message);
    cr_expect_eq(e.column, 5);
    /* the default limit stops a deep document before the stack does */
    char deep[100001];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = 0;
    d = json_parse(deep, strlen(deep), NULL, &e);
    cr_expect_null(d);
    cr_expect_eq(e.column, JSON_DEFAULT_DEPTH + 1);
}

Test(json_read, size_limit)
{
    json_limits_t lim = {0, 8};
    json_error_t e;
    json_doc_t *d = json_parse("[1,2,3,4]", 9, &lim, &e);
    cr_expect_null(d);
    cr_expect_eq(e.line, 0);
    cr_expect(strstr(e.message, "larger than 8 bytes") != NULL, "%s", e.message);
    d = json_parse("[1,2,3]", 7, &lim, &e);
    cr_expect_not_null(d);
    json_free(d);
}

Test(json_read, structure_errors)
{
    JR_BAD("", 1, 1, "empty document");
    JR_BAD(" \n\t ", 2, 3, "empty document");
    JR_BAD("[1,]", 1, 4, "expected a value");
    JR_BAD("{\"a\":1,}", 1, 8, "member name");
    JR_BAD("{a:1}", 1, 2, "member name");
    JR_BAD("{\"a\" 1}", 1, 6, "expected ':'");
    JR_BAD("[1 2]", 1, 4, "expected ',' or ']'");
    JR_BAD("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}'");
    JR_BAD("[", 1, 2, "end of input");
    JR_BAD("{\"a\":", 1, 6, "end of input");
    JR_BAD("[1,\n 2", 2, 3, "end of input");
    JR_BAD("1 2", 1, 3, "end of the document");
    JR_BAD("{} x", 1, 4, "end of the document");
    JR_BAD("[1]\0", 1, 4, "byte 0x00");
    JR_BAD("]", 1, 1, "expected a value");
    JR_BAD("{\n  \"a\": tru\n}", 2, 8, "expected a value");
    JR_BAD("nul", 1, 1, "expected a value");
    JR_BAD("True", 1, 1, "expected a value");
    JR_BAD("[NaN]", 1, 2, "expected a value");
    JR_BAD("[Infinity]", 1, 2, "expected a value");
}

Test(json_read, string_errors)
{
    JR_BAD("\"abc", 1, 5, "unterminated string");
    JR_BAD("[\"a\nb\"]", 1, 4, "control character 0x0a");
    JR_BAD("\"\\x\"", 1, 3, "escape");
    JR_BAD("\"\\", 1, 3, "end of input");
    JR_BAD("\"\\u12\"", 1, 2, "4 hex digits");
    JR_BAD("\"\\u12g4\"", 1, 2, "4 hex digits");
    JR_BAD("\"\\ud800\"", 1, 2, "unpaired");
    JR_BAD("\"\\ud800\\u0041\"", 1, 2, "unpaired");
    JR_BAD("\"\\udc00\"", 1, 2, "unpaired");
    JR_BAD("\"\xff\"", 1, 2, "invalid UTF-8");
    JR_BAD("\"\xc0\xaf\"", 1, 2, "invalid UTF-8");          /* overlong '/' */
    JR_BAD("\"ab\xe0\x80\xaf\"", 1, 4, "invalid UTF-8");    /* overlong */
    JR_BAD("\"\xed\xa0\x80\"", 1, 2, "invalid UTF-8");      /* encoded surrogate */
    JR_BAD("\"\xf4\x90\x80\x80\"", 1, 2, "invalid UTF-8");  /* above U+10FFFF */
    JR_BAD("\"\xe2\x82\"", 1, 2, "invalid UTF-8");          /* cut short */
    JR_BAD("\"\x80\"", 1, 2, "invalid UTF-8");              /* lone continuation */
    JR_BAD("{\"a\\q\": 1}", 1, 5, "escape");
}

Test(json_read, number_errors)
{
    JR_BAD("01", 1, 2, "leading zero");
    JR_BAD("[-01]", 1, 4, "leading zero");
    JR_BAD("-", 1, 2, "a digit");
    JR_BAD("[-x]", 1, 3, "a digit");
    JR_BAD("1.", 1, 3, "after '.'");
    JR_BAD("[1.e5]", 1, 4, "after '.'");
    JR_BAD(".5", 1, 1, "expected a value");
    JR_BAD("+1", 1, 1, "expected a value");
    JR_BAD("1e", 1, 3, "exponent");
    JR_BAD("[1e+]", 1, 5, "exponent");
    JR_BAD("[1e999]", 1, 2, "out of range");
    JR_BAD("[-1e999]", 1, 2, "out of range");
    JR_BAD("0x10", 1, 2, "end of the document");
    char big[600];
    memset(big, '1', sizeof big - 1);
    big[sizeof big - 1] = 0;
    jr_bad(big, strlen(big), 1, 1, "longer than");
}

Test(json_read, files)
{
    json_error_t e;
    cr_expect_null(json_parse_file("/nonexistent/r.json", NULL, &e));
    cr_expect_eq(e.line, 0);
    cr_expect(strstr(e.message, "No such file") != NULL, "%s", e.message);
    cr_expect_null(json_parse_file("/", NULL, &e));
    cr_expect_eq(e.line, 0);
    char path[] = "/tmp/test_report_cmd_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    const char *text = "{\"n\": [1, 2, 3]}\n";
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    json_doc_t *d = json_parse_file(path, NULL, &e);
    unlink(path);
    cr_assert_not_null(d, "%s", e.message);
    cr_expect_eq(json_get(json_root(d), "n")->count, 3);
    json_free(d);
}

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
    json_doc_t *d = jr_parse(text, &e);
    cr_assert_not_null(d, "%u:%u: %s", e.line, e.column, e.message);
    int rc = rcmd_row_from_json(json_root(d), "r.json", row, why, n);
    json_free(d);
    return rc;
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
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_device, RCMD_FMT_JSON), "\"NVIDIA H100\"");
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
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_mode, RCMD_FMT_JSON), "null");
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_max_core_insns, RCMD_FMT_JSON), "null");
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
    cr_expect_str_eq(rc_cell(&row, RCMD_COL_app_speedup, RCMD_FMT_JSON), "null");
    rcmd_row_free(&row);
    rcmd_row_free(&base);
}

/* The writer's output as a string (caller frees). */
static char *rc_capture(void (*write)(FILE *, const rcmd_row_t *, size_t, int), const rcmd_row_t *rows,
                        size_t n, int wb)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    write(f, rows, n, wb);
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
    char *text = rc_capture(rcmd_write_json, rows, 2, 1);
    json_error_t e;
    json_doc_t *d = jr_parse(text, &e);
    cr_assert_not_null(d, "%u:%u %s\n%s", e.line, e.column, e.message, text);
    const json_value_t *r = json_root(d);
    cr_assert_eq(r->kind, JSON_ARRAY);
    cr_assert_eq(r->count, 2);
    uint64_t u;
    cr_expect(json_u64(json_get(json_at(r, 0), "total_instructions"), &u) == 0 && u == 4000000);
    cr_expect(json_u64(json_get(json_at(r, 0), "max_core_insns"), &u) == 0 && u == 1500000);
    cr_expect_str_eq(json_str(json_get(json_at(r, 1), "program")), "a,b \"q\"");
    cr_expect_eq(json_get(json_at(r, 1), "mode")->kind, JSON_NULL);
    cr_expect_eq(json_get(json_at(r, 1), "sim_speedup")->kind, JSON_NULL);
    json_free(d);
    free(text);
    text = rc_capture(rcmd_write_json, rows, 0, 0);
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
    rcmd_plot_t p = {RCMD_COL_cores, RCMD_COL_mips, {RCMD_COL_backend, RCMD_COL_mode}, 2, "it's a title", NULL};
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
    cr_expect(strstr(s, "index 0 ") && strstr(s, "title 'cpu sk'") && strstr(s, "title 'cuda sk'"), "%s", s);
    free(d);
    free(s);
    /* no group: one line named after y; linear x for anything but cores */
    p.ngroup = 0;
    p.x = RCMD_COL_total_instructions;
    cr_assert_eq(rcmd_plot_files(&p, rows, 6, data, script, "o.svg", why, sizeof why), 1, "%s", why);
    s = rc_slurp(script);
    cr_expect(!strstr(s, "logscale") && strstr(s, "title 'MIPS'"), "%s", s);
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
