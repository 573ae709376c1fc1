/* A small JSON reader (RFC 8259) for warpsim's own reports: the whole
 * document becomes a tree of json_value_t owned by one json_doc_t.
 * Integers keep all 64 bits; strings are UTF-8 checked and unescaped;
 * errors carry a 1-based line and byte column.
 *
 *     json_error_t e;
 *     json_doc_t *d = json_parse_file("run.json", NULL, &e);
 *     if (!d) { fprintf(stderr, "run.json:%u:%u: %s\n", e.line, e.column, e.message); ... }
 *     uint64_t n;
 *     if (json_u64(json_get(json_root(d), "total_instructions"), &n) == 0) ...
 *     json_free(d);
 */
#ifndef JSON_READ_H
#define JSON_READ_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_kind_t;

typedef struct json_value json_value_t;
struct json_value {
    const char *key;        /* member name inside an object, else NULL */
    uint32_t kind;          /* json_kind_t */
    uint32_t count;         /* array items, object members, string bytes */
    union {
        struct {
            double d;
            uint64_t mag;   /* |value| when is_int */
        } num;
        const char *str;    /* NUL-terminated; may hold \u0000 (use count) */
        json_value_t *items; /* array items or object members, in order */
    } u;
    uint8_t is_int;         /* written without fraction or exponent, |value| < 2^64 */
    uint8_t negative;
};

typedef struct json_limits {
    uint32_t max_depth;     /* nested arrays/objects */
    size_t max_bytes;       /* input size */
} json_limits_t;

#define JSON_DEFAULT_DEPTH 64
#define JSON_DEFAULT_BYTES ((size_t)256 << 20)

/* line 0: the file could not be read (message says why). */
typedef struct json_error {
    uint32_t line, column;
    char message[96];
} json_error_t;

typedef struct json_doc json_doc_t;

/* NULL on error (err filled). lim NULL: the defaults above. */
json_doc_t *json_parse(const char *text, size_t len, const json_limits_t *lim, json_error_t *err);
json_doc_t *json_parse_file(const char *path, const json_limits_t *lim, json_error_t *err);
const json_value_t *json_root(const json_doc_t *d);
void json_free(json_doc_t *d);

/* NULL when v is not an object or has no such member (the last wins if repeated). */
const json_value_t *json_get(const json_value_t *obj, const char *key);
/* NULL when v is not an array or i is out of range. */
const json_value_t *json_at(const json_value_t *arr, uint32_t i);
/* NULL unless a string. */
const char *json_str(const json_value_t *v);
/* 0 and *out when v is an integer in range, else -1 (v may be NULL). */
int json_u64(const json_value_t *v, uint64_t *out);
int json_i64(const json_value_t *v, int64_t *out);
/* 0 and *out for any number. */
int json_double(const json_value_t *v, double *out);
const char *json_kind_name(uint32_t kind);

#endif
