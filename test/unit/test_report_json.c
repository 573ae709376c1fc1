/* How warpsim writes JSON (report_json.c): rounded reals that stay reals,
 * null for what JSON cannot hold, text that is not UTF-8, the dump. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/report_json.h"

static char *rj_dump(const json_t *doc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    cr_assert_eq(report_json_dumpf(doc, f), 0);
    fclose(f);
    return buf;
}

Test(report_json, reals_rounded_and_kept_real)
{
    json_t *doc = json_pack("{s:o, s:o, s:o, s:o, s:o}", "a", report_json_real(0.1234564, 6), "b",
                            report_json_real(3, 3), "c", report_json_real(451.82170857996783, 3), "d",
                            report_json_real(NAN, 3), "e", report_json_real(INFINITY, 6));
    cr_assert_not_null(doc);
    char *text = rj_dump(doc);
    cr_expect_str_eq(text, "{\n  \"a\": 0.123456,\n  \"b\": 3.0,\n  \"c\": 451.822,\n  \"d\": null,\n"
                           "  \"e\": null\n}\n");
    free(text);
    json_decref(doc);
}

Test(report_json, text_that_is_not_utf8)
{
    json_t *ok = report_json_text("caf\xc3\xa9 \"q\"\n"), *latin1 = report_json_text("/tmp/caf\xe9.elf");
    cr_assert_not_null(ok);
    cr_assert_not_null(latin1);
    cr_expect_str_eq(json_string_value(ok), "caf\xc3\xa9 \"q\"\n");
    cr_expect_str_eq(json_string_value(latin1), "/tmp/caf?.elf");
    json_t *doc = json_pack("[O]", ok);
    char *text = rj_dump(doc);
    cr_expect_str_eq(text, "[\n  \"caf\xc3\xa9 \\\"q\\\"\\n\"\n]\n", "escaped by jansson");
    free(text);
    json_decref(doc);
    json_decref(ok);
    json_decref(latin1);
}
