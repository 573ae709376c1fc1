#include "report_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 15 significant digits print a value rounded to 6 places exactly as
 * rounded (0.123456, not 0.12345600000000001). */
#define REPORT_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(15))

json_t *report_json_real(double v, int places)
{
    if (!isfinite(v))
        return json_null();
    double scale = pow(10, places);
    return json_real(round(v * scale) / scale);
}

json_t *report_json_text(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    char *ascii = strdup(s);
    if (!ascii)
        return NULL;
    for (char *p = ascii; *p; p++)
        if ((unsigned char)*p >= 0x80)
            *p = '?';
    j = json_string(ascii);
    free(ascii);
    return j;
}

int report_json_dumpf(const json_t *doc, FILE *f)
{
    if (json_dumpf(doc, f, REPORT_JSON_FLAGS) || fputc('\n', f) == EOF)
        return -1;
    return 0;
}
