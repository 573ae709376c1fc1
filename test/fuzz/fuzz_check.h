/* What the fuzz targets check beyond the sanitizers: a property, and the
 * refusal of a text reader (one line "NAME:LINE: message" naming a line of
 * the input). */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_CHECK(x)                                                                        \
    do {                                                                                   \
        if (!(x)) {                                                                        \
            fprintf(stderr, "%s: property failed at line %d: %s\n", __FILE__, __LINE__, #x); \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

/* The input as a NUL-terminated text (malloc'd), and its lines in *lines. */
static inline char *fz_text(const uint8_t *data, size_t size, unsigned *lines)
{
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    memcpy(text, data, size);
    text[size] = 0;
    *lines = 1;
    for (size_t i = 0; i < size; i++)
        *lines += text[i] == '\n';
    return text;
}

/* err is a refusal of a text of `lines` lines read under `name`. */
static inline void fz_check_refusal(const char *name, const char *err, unsigned lines)
{
    size_t k = strlen(name);
    unsigned line = 0;
    int used = 0;
    int ok = strncmp(err, name, k) == 0 && sscanf(err + k, ":%u: %n", &line, &used) == 1 && used > 0 &&
             line >= 1 && line <= lines && err[k + (size_t)used] != 0 && strchr(err, '\n') == NULL;
    if (!ok)
        fprintf(stderr, "the refusal: %s\n", err);
    FZ_CHECK(ok);
}

#endif
