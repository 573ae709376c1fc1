/* The functions of a module warpsim refused one by one, so that the rest of
 * the module runs (cudart_partial.c). */
#ifndef CUDART_PARTIAL_H
#define CUDART_PARTIAL_H

#include <stddef.h>

typedef struct cudart_partial {
    char **names;              /* functions refused */
    char **whys;               /* the front end's message for each */
    size_t *first, *last;      /* the lines of each cut body (0 for one refused by spreading) */
    size_t n;
} cudart_partial_t;

/* err (the front end's "NAME:LINE:COL: why" for the module called name)
 * names a line inside a function of text: that function's body is cut
 * (text changed in place, its lines kept) and recorded. 0, or -1 when the
 * line is in none, or in one cut already. */
int cudart_partial_cut(cudart_partial_t *p, char *text, const char *name, const char *err);
/* Every function of text that calls a refused one directly is refused too,
 * until none more is. */
void cudart_partial_spread(cudart_partial_t *p, const char *text);
/* Why func was refused, or NULL. */
const char *cudart_partial_why(const cudart_partial_t *p, const char *func);
/* The refused function whose cut body holds line (its name in *func), or NULL:
 * where a call the spreading could not see (a function pointer) trapped. */
const char *cudart_partial_at(const cudart_partial_t *p, size_t line, const char **func);

#endif
