/* How warpsim writes JSON: through jansson (Debian's libjansson-dev), with
 * two-space indentation and reals rounded to the places their meaning needs.
 *
 *     json_t *doc = json_pack("{s:o}", "wall_seconds", report_json_real(t, 6));
 *     report_json_dumpf(doc, stdout);
 *     json_decref(doc);
 */
#ifndef REPORT_JSON_H
#define REPORT_JSON_H

#include <jansson.h>
#include <stdio.h>

/* v rounded to places decimals, a JSON real (3 stays 3.0); null when v is
 * not finite, which JSON cannot hold. */
json_t *report_json_real(double v, int places);
/* s as a JSON string; bytes that are not UTF-8 (a program path in Latin-1)
 * become '?', since JSON text must be UTF-8. NULL only when out of memory. */
json_t *report_json_text(const char *s);
/* doc and a newline on f; 0, or -1 with errno from the stream. */
int report_json_dumpf(const json_t *doc, FILE *f);

#endif
