/* Reading GPGPU-Sim's cache strings: fields by position, each checked where
 * it is read, then the combinations GPGPU-Sim asserts on, as messages. */
#include "host/mem/cache_config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NFIELDS 15

static const char *const field_name[NFIELDS] = {
    "type", "sets", "line size", "ways", "replacement", "write policy", "allocation policy",
    "write-allocate policy", "set index function", "MSHR type", "MSHR entries", "MSHR merges",
    "miss queue", "result FIFO", "data port width"};

/* The letters of each policy field, from the lists of cache_params.h. */#define LETTER(letter, name, what) letter,
static const char type_set[] = {CACHE_TYPE_LIST(LETTER) 0};
static const char repl_set[] = {CACHE_REPL_LIST(LETTER) 0};
static const char write_set[] = {CACHE_WRITE_LIST(LETTER) 0};
static const char alloc_set[] = {CACHE_ALLOC_LIST(LETTER) 0};
static const char walloc_set[] = {CACHE_WALLOC_LIST(LETTER) 0};
static const char index_set[] = {CACHE_INDEX_LIST(LETTER) 0};
static const char mshr_set[] = {CACHE_MSHR_LIST(LETTER) 0};
#undef LETTER

typedef struct reader {
    const char *opt;
    char *err;
    size_t n;
} reader_t;

static int fail(reader_t *r, int field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader_t *r, int field, const char *fmt, ...)
{
    int k = snprintf(r->err, r->n, "expected -%s field %d (%s) ", r->opt, field + 1, field_name[field]);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < r->n)
        vsnprintf(r->err + k, r->n - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* "A, B or C" of a letter set. */
static void list_letters(const char *set, char *out, size_t n)
{
    size_t k = strlen(set), o = 0;
    for (size_t i = 0; i < k && o + 6 < n; i++)
        o += (size_t)snprintf(out + o, n - o, "%s%c", i == 0 ? "" : i + 1 == k ? " or " : ", ", set[i]);
}

static int letter(reader_t *r, int field, const char *tok, const char *set, uint32_t *to)
{
    const char *at = strlen(tok) == 1 ? strchr(set, tok[0]) : NULL;
    if (!at || !tok[0]) {
        char all[64];
        list_letters(set, all, sizeof all);
        return fail(r, field, "%s, found '%s'", all, tok);
    }
    *to = (uint32_t)(at - set);
    return 0;
}

static int number(reader_t *r, int field, const char *tok, uint32_t min, uint32_t *to)
{
    char *end;
    errno = 0;
    unsigned long long v = isdigit((unsigned char)tok[0]) ? strtoull(tok, &end, 10) : 0;
    if (!isdigit((unsigned char)tok[0]) || errno || *end || v > UINT32_MAX)
        return fail(r, field, "a number, found '%s'", tok);
    if (v < min)
        return fail(r, field, "%u or more, found %llu", min, v);
    *to = (uint32_t)v;
    return 0;
}

static int pow2(uint32_t x) { return x && !(x & (x - 1)); }

/* Splits s into its fields by the separators of GPGPU-Sim's format, the
 * 4.x one or (first field a number) 3.x's; tok[i] "" when absent. */
static int split(reader_t *r, const char *s, char tok[NFIELDS][24], int *legacy)
{
    /* The field each group starts at, and its fields, in the 4.x and 3.x forms. */
    static const int start4[5] = {0, 4, 9, 12, 14}, len4[5] = {4, 5, 3, 2, 1};
    static const int start3[4] = {1, 4, 9, 12}, len3[4] = {3, 4, 3, 1};
    *legacy = isdigit((unsigned char)s[0]);
    const int *start = *legacy ? start3 : start4, *len = *legacy ? len3 : len4;
    int ngroups = *legacy ? 4 : 5, need = 3; /* groups a string must have: 12 fields (3.x: 10) */
    memset(tok, 0, NFIELDS * sizeof tok[0]);
    const char *p = s;
    int g = 0;
    for (; g < ngroups && *p; g++) {
        for (int f = 0; f < len[g]; f++) {
            size_t k = strcspn(p, ":,");
            int field = start[g] + f;
            if (k == 0 || k >= sizeof tok[0])
                return fail(r, field, "a value, found '%.*s' in '%s'", (int)(k < 20 ? k : 20), p, s);
            memcpy(tok[field], p, k);
            p += k;
            int last = f + 1 == len[g];
            if (!*p) {
                if (!last && !(g == 3 && !*legacy))     /* a miss queue may come without its FIFO */
                    return fail(r, field + 1, "after '%s' (a field of %d in this group), found the end of '%s'",
                                tok[field], len[g], s);
                return g + 1 < need ? fail(r, start[g + 1], "in '%s': GPGPU-Sim needs at least 12 fields", s) : 0;
            }
            if (*p != (last ? ',' : ':'))
                return field + 1 < NFIELDS
                           ? fail(r, field + 1, "after '%c' in '%s', found '%c'", last ? ',' : ':', s, *p)
                           : fail(r, field, "as the last field, found more: '%s'", p);
            p++;
        }
    }
    if (*p)
        return fail(r, NFIELDS - 1, "as the last field, found more: '%s'", p);
    return g < need ? fail(r, start[g], "in '%s': GPGPU-Sim needs at least 12 fields", s) : 0;
}

static int read_fields(reader_t *r, char tok[NFIELDS][24], int legacy, cache_params_t *p)
{
    uint32_t *policy_to[7] = {&p->type, &p->repl, &p->write, &p->alloc, &p->walloc, &p->index, &p->mshr_kind};
    static const int policy_field[7] = {0, 4, 5, 6, 7, 8, 9};
    const char *policy_set[7] = {type_set, repl_set, write_set, alloc_set, walloc_set, index_set, mshr_set};
    for (int i = 0; i < 7; i++) {
        int f = policy_field[i];
        if (legacy && (f == 0 || f == 8)) /* 3.x: a normal cache, linearly indexed */
            continue;
        if (letter(r, f, tok[f], policy_set[i], policy_to[i]))
            return -1;
    }
    if (number(r, 1, tok[1], 1, &p->sets) || number(r, 2, tok[2], 1, &p->line) || number(r, 3, tok[3], 1, &p->ways) ||
        number(r, 10, tok[10], 1, &p->mshr_entries) || number(r, 11, tok[11], 1, &p->mshr_merge))
        return -1;
    if (tok[12][0] && number(r, 12, tok[12], 1, &p->miss_queue))
        return -1;
    if (tok[13][0] && number(r, 13, tok[13], 0, &p->result_fifo))
        return -1;
    if (tok[14][0] && number(r, 14, tok[14], 0, &p->port_width))
        return -1;
    return 0;
}

/* GPGPU-Sim's assertions on a whole string, and warpsim's limits. */
static int check(reader_t *r, cache_params_t *p)
{
    if (!pow2(p->sets))
        return fail(r, 1, "a power of two (the set index is address bits), found %u", p->sets);
    if (!pow2(p->line) || p->line < 32 || p->line > CACHE_MAX_LINE)
        return fail(r, 2, "32, 64 or 128 (warpsim's byte masks cover 128-byte lines), found %u", p->line);
    if (p->type == CACHE_SECTOR && p->line != CACHE_MAX_SECTORS * CACHE_SECTOR_BYTES)
        return fail(r, 2, "128 for a sector cache (four 32-byte sectors, GPGPU-Sim's SECTOR_CHUNCK_SIZE), found %u",
                    p->line);
    char alloc = p->streaming ? 's' : 'f';
    if (p->alloc == CACHE_ON_FILL && p->write == CACHE_WRITE_BACK)
        return fail(r, 6, "m with write-back B (a write-back cache that allocates on fill deadlocks: GPGPU-Sim "
                          "asserts), found '%c'", alloc);
    if (p->alloc == CACHE_ON_FILL && (p->walloc == CACHE_FETCH_ON_WRITE || p->walloc == CACHE_LAZY_FETCH_ON_READ))
        return fail(r, 6, "m with write-allocate policy %c (fetch-on-write and lazy fetch-on-read need a line "
                          "allocated on miss: GPGPU-Sim asserts), found '%c'", p->walloc == CACHE_FETCH_ON_WRITE ? 'F' : 'L', alloc);
    if (p->index == CACHE_FERMI_HASH && p->sets != 32 && p->sets != 64)
        return fail(r, 8, "L, X or P with %u sets: the Fermi hash is defined for 32 or 64 sets", p->sets);
    if (p->mshr_kind == CACHE_TEX_FIFO || p->mshr_kind == CACHE_SECTOR_TEX_FIFO)
        return fail(r, 9, "A or S for a data cache (F and T are a texture cache's fragment FIFOs)");
    if (p->port_width && p->line % p->port_width)
        return fail(r, 14, "a divisor of the line size %u (0: the line), found %u", p->line, p->port_width);
    return 0;
}

int cache_config_parse(const char *s, const char *opt, uint32_t level, cache_params_t *p, char *err, size_t n)
{
    reader_t r = {opt, err, n};
    char tok[NFIELDS][24];
    int legacy;
    if (!strcmp(s, "none"))
        return 1;
    cache_params_t q;
    memset(&q, 0, sizeof q);
    if (split(&r, s, tok, &legacy))
        return -1;
    if (!legacy && !strcmp(tok[8], "C"))
        return fail(&r, 8, "L, X, P or H, found 'C' (GPGPU-Sim implements no custom set index function)");
    if (read_fields(&r, tok, legacy, &q))
        return -1;
    if (q.alloc == CACHE_STREAMING)
        q.alloc = CACHE_ON_FILL, q.streaming = 1;
    if (check(&r, &q))
        return -1;
    q.level = level;
    q.max_ways = q.ways;
    q.banks = 1;
    q.bank_bytes = CACHE_SECTOR_BYTES;
    if (!q.port_width)
        q.port_width = q.line;
    *p = q;
    return 0;
}

void cache_config_finish(cache_params_t *p, uint32_t max_ways)
{
    p->max_ways = max_ways > p->ways ? max_ways : p->ways;
    if (!p->streaming)
        return;
    uint32_t table = p->sets * p->max_ways * cache_units(p);
    if (p->mshr_entries < table)
        p->mshr_entries = table;
    if (p->mshr_merge < CACHE_STREAM_MERGE)
        p->mshr_merge = CACHE_STREAM_MERGE;
}
