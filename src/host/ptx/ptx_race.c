/* --racecheck (ptx_race.h). */
#include "host/ptx/ptx_race.h"

#include <stdlib.h>
#include <string.h>

#include "device/ptx/ptx_exec_mem.h"

/* What a CTA knows of one word: its last write and its readers since. */
typedef struct shadow {
    uint64_t key;             /* space << 62 | address >> 2; 0: free */
    uint32_t w_epoch, w_warp; /* w_warp: the writer + 1; 0: never written */
    uint32_t w_line;
    uint32_t r_epoch, r_warps; /* the warps that read it in r_epoch (a CTA has at most 32) */
    uint32_t r_line;
    uint32_t reported;
} shadow_t;

struct ptx_race {
    ptx_race_log_t *log;
    uint32_t cta, epoch;
    shadow_t *tab;
    uint64_t cap, used;
};

void ptx_race_log_init(ptx_race_log_t *log)
{
    memset(log, 0, sizeof *log);
    pthread_mutex_init(&log->lock, NULL);
}

void ptx_race_log_free(ptx_race_log_t *log)
{
    free(log->seen);
    pthread_mutex_destroy(&log->lock);
}

ptx_race_t *ptx_race_new(ptx_race_log_t *log, uint32_t cta)
{
    ptx_race_t *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->log = log;
    r->cta = cta;
    r->epoch = 1;
    r->cap = 1024;
    r->tab = calloc(r->cap, sizeof *r->tab);
    if (!r->tab) {
        free(r);
        return NULL;
    }
    return r;
}

void ptx_race_free(ptx_race_t *r)
{
    if (r)
        free(r->tab);
    free(r);
}

void ptx_race_barrier(ptx_race_t *r) { r->epoch++; }

static uint64_t hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    return k ^ (k >> 29);
}

/* The slot of key in a table of cap (a power of two) slots. */
static uint64_t probe(const uint64_t *keys, size_t stride, uint64_t cap, uint64_t key)
{
    uint64_t i = hash(key) & (cap - 1);
    while (*(const uint64_t *)((const char *)keys + i * stride) && *(const uint64_t *)((const char *)keys + i * stride) != key)
        i = (i + 1) & (cap - 1);
    return i;
}

static shadow_t *find(ptx_race_t *r, uint64_t key)
{
    if (2 * (r->used + 1) > r->cap) {
        shadow_t *old = r->tab, *tab = calloc(2 * r->cap, sizeof *tab);
        if (!tab)
            return NULL;
        for (uint64_t i = 0; i < r->cap; i++)
            if (old[i].key)
                tab[probe(&tab[0].key, sizeof *tab, 2 * r->cap, old[i].key)] = old[i];
        r->tab = tab;
        r->cap *= 2;
        free(old);
    }
    shadow_t *s = &r->tab[probe(&r->tab[0].key, sizeof *r->tab, r->cap, key)];
    if (!s->key) {
        s->key = key;
        r->used++;
    }
    return s;
}

/* A word the log has not seen yet (it keeps the first of each). */
static int log_first(ptx_race_log_t *log, uint64_t key)
{
    if (2 * (log->total + 1) > log->seen_cap) {
        uint64_t cap = log->seen_cap ? 2 * log->seen_cap : 1024, *seen = calloc(cap, sizeof *seen);
        if (!seen)
            return 0;
        for (uint64_t i = 0; i < log->seen_cap; i++)
            if (log->seen[i])
                seen[probe(seen, sizeof *seen, cap, log->seen[i])] = log->seen[i];
        free(log->seen);
        log->seen = seen;
        log->seen_cap = cap;
    }
    uint64_t i = probe(log->seen, sizeof *log->seen, log->seen_cap, key);
    if (log->seen[i])
        return 0;
    log->seen[i] = key;
    log->total++;
    return 1;
}

static void report(ptx_race_t *r, shadow_t *s, uint32_t kind, uint32_t a, uint32_t la, uint32_t b, uint32_t lb)
{
    if (s->reported)
        return;
    s->reported = 1;
    ptx_race_log_t *log = r->log;
    pthread_mutex_lock(&log->lock);
    if (log_first(log, s->key) && log->kept < PTX_RACE_KEEP) {
        uint32_t space = s->key >> 62 == 2 ? PTX_MS_SHARED : PTX_MS_GLOBAL;
        log->words[log->kept++] = (ptx_race_word_t){(s->key & ((1ull << 62) - 1)) << 2, space, kind, r->cta,
                                                    {a, b}, {la, lb}};
    }
    pthread_mutex_unlock(&log->lock);
}

/* Warp b's access of the word at key, by the instruction at line. */
static void note(ptx_race_t *r, uint64_t key, uint32_t b, uint32_t line, int write)
{
    shadow_t *s = find(r, key);
    if (!s)
        return;
    int wrote = s->w_warp && s->w_epoch == r->epoch && s->w_warp - 1 != b;
    uint32_t others = s->r_epoch == r->epoch ? s->r_warps & ~(1u << b) : 0;
    if (!write) {
        if (wrote)
            report(r, s, PTX_RACE_RAW, s->w_warp - 1, s->w_line, b, line);
        if (s->r_epoch != r->epoch)
            s->r_epoch = r->epoch, s->r_warps = 0;
        s->r_warps |= 1u << b;
        s->r_line = line;
        return;
    }
    if (wrote)
        report(r, s, PTX_RACE_WAW, s->w_warp - 1, s->w_line, b, line);
    else if (others)
        report(r, s, PTX_RACE_WAR, (uint32_t)__builtin_ctz(others), s->r_line, b, line);
    s->w_warp = b + 1;
    s->w_epoch = r->epoch;
    s->w_line = line;
}

void ptx_race_access(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *rec, uint32_t exec, int write)
{
    ptx_race_t *r = c->race;
    uint32_t bytes = (uint32_t)rec->size * rec->vec;
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t a = ptx_rec_addr(w, rec, l);
        uint32_t space = rec->space;
        if (space == PTX_MS_GENERIC) {
            if (a - c->g->gmem.lo < c->g->gmem.size)
                space = PTX_MS_GLOBAL;
            else if (a - PTX_WIN_SHARED < PTX_WIN_SIZE)
                space = PTX_MS_SHARED, a -= PTX_WIN_SHARED;
        }
        if (space != PTX_MS_GLOBAL && space != PTX_MS_SHARED)
            continue;
        uint64_t tag = (uint64_t)(space == PTX_MS_SHARED ? 2 : 1) << 62;
        for (uint64_t word = a >> 2; word <= (a + bytes - 1) >> 2; word++)
            note(r, tag | word, w->index, rec->line, write);
    }
}

void ptx_race_print(const ptx_race_log_t *log, const char *kernel, const char *module, uint32_t max, FILE *f)
{
    if (!log->total)
        return;
    fprintf(f, "warpsim racecheck: %s: %llu word%s one warp wrote and another warp of its CTA read or wrote with no "
               "barrier between\n",
            kernel, (unsigned long long)log->total, log->total == 1 ? "" : "s");
    for (uint32_t i = 0; i < log->kept && i < max; i++) {
        const ptx_race_word_t *w = &log->words[i];
        fprintf(f, "  %s 0x%llx (CTA %u): warp %u %s it at %s:%u, warp %u %s it at %s:%u\n",
                w->space == PTX_MS_SHARED ? "shared" : "global", (unsigned long long)w->addr, w->cta, w->warp[0],
                w->kind == PTX_RACE_WAR ? "read" : "wrote", module, w->line[0], w->warp[1],
                w->kind == PTX_RACE_RAW ? "read" : "wrote", module, w->line[1]);
    }
    if (log->total > max)
        fprintf(f, "  ... and %llu more\n", (unsigned long long)(log->total - (log->kept < max ? log->kept : max)));
}

ptx_race_word_t *ptx_race_words(const ptx_race_log_t *log, uint32_t *kept)
{
    ptx_race_word_t *w = log->kept ? malloc(log->kept * sizeof *w) : NULL;
    *kept = w ? log->kept : 0;
    if (w)
        memcpy(w, log->words, log->kept * sizeof *w);
    return w;
}

const char *ptx_race_kind_name(uint32_t kind)
{
    static const char *const names[] = {"read after write", "write after read", "write after write"};
    return kind < 3 ? names[kind] : "?";
}
