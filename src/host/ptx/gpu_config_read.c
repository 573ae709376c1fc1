/* Reading GPU configs in GPGPU-Sim's format: `-option value` pairs, `#`
 * comments, values in double quotes may span lines (GPGPU-Sim's
 * -gpgpu_dram_timing_opt does). Options of GPU_CONFIG_OPTIONS are taken
 * by their kind (gpu_config.h); GPGPU-Sim's others are counted and named as
 * ignored; anything else is an error. What needs several options at once
 * (a sub-core model's widths and banks, say) is checked once the text is read
 * (gpu_config_check.c), so that options may come in any order, as in GPGPU-Sim. */
#include "host/ptx/gpu_config_read.h"

#include "host/mem/cache_config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opt_kind {
    K_U32, K_U32Z, K_BOOL, K_PIPE, K_CLOCKS, K_CACHE, K_ICACHE, K_LAT, K_WIDTHS, K_SCHED, K_SPEC,
    K_DTIMING, K_ADDRMAP, K_WQUEUE, K_REFRESH, K_KBLIST
};

typedef struct opt_row {
    const char *name;
    enum opt_kind kind;
    size_t off, size; /* the field's place in gpu_config_t */
} opt_row_t;

static const opt_row_t rows[] = {
#define ROW(name, kind, field, help) {name, K_##kind, offsetof(gpu_config_t, field), sizeof(((gpu_config_t *)0)->field)},
    GPU_CONFIG_OPTIONS(ROW)
#undef ROW
};

/* ICACHE fills three fields from its row's first. */
_Static_assert(offsetof(gpu_config_t, il1_ways) == offsetof(gpu_config_t, il1_sets) + 2 * sizeof(uint32_t), "il1");
_Static_assert(offsetof(gpu_config_t, l0i_ways) == offsetof(gpu_config_t, l0i_sets) + 2 * sizeof(uint32_t), "l0i");

int gpu_config_row(const char *opt)
{
    for (size_t i = 0; i < GPU_CONFIG_NOPTS; i++)
        if (!strcmp(rows[i].name, opt))
            return (int)i;
    return -1;
}

int cfg_fail(cfg_reader_t *r, int line, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(r->err, r->errlen, "%s:%d: ", r->name, line);
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < r->errlen)
        vsnprintf(r->err + k, r->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    /* one line, whatever a quoted value it quotes holds */
    for (char *e = r->err; *e; e++)
        if ((unsigned char)*e < 0x20)
            *e = ' ';
    return -1;
}

/* Skips blanks and comments; stops at a newline when stop_at_eol. */
static void skip_space(cfg_reader_t *r, int stop_at_eol)
{
    for (;;) {
        while (*r->s == ' ' || *r->s == '\t' || *r->s == '\r' || (*r->s == '\n' && !stop_at_eol))
            r->line += *r->s++ == '\n';
        if (*r->s != '#')
            return;
        while (*r->s && *r->s != '\n')
            r->s++;
    }
}

/* The next word into buf (quotes kept out, their newlines counted); 0, or
 * -1 when none is left on this line (stop_at_eol) or in the text. */
static int next_word(cfg_reader_t *r, int stop_at_eol, char *buf, size_t n)
{
    skip_space(r, stop_at_eol);
    if (!*r->s || *r->s == '\n')
        return -1;
    size_t k = 0;
    int quoted = *r->s == '"', start = r->line;
    r->s += quoted;
    while (*r->s && (quoted ? *r->s != '"' : !isspace((unsigned char)*r->s) && *r->s != '#')) {
        r->line += *r->s == '\n';
        if (k + 1 < n)
            buf[k++] = *r->s;
        r->s++;
    }
    buf[k] = 0;
    if (quoted && !*r->s)
        return cfg_fail(r, start, "expected a closing '\"'"), -2;
    r->s += quoted;
    return 0;
}

static int read_u32(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end || x > UINT32_MAX)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* Up to max comma-separated numbers into v; how many, or -1 if malformed. */
static int read_list(const char *s, uint32_t *v, int max)
{
    char tok[32];
    int n = 0;
    for (;;) {
        size_t len = strcspn(s, ",");
        if (n == max || len == 0 || len >= sizeof tok)
            return -1;
        memcpy(tok, s, len);
        tok[len] = 0;
        if (read_u32(tok, &v[n++]))
            return -1;
        if (!s[len])
            return n;
        s += len + 1;
    }
}

/* <threads>:<warp size> */
static int read_pipe(cfg_reader_t *r, int line, const char *v, gpu_config_t *c)
{
    char a[32], b[32];
    uint32_t t, w;
    if (sscanf(v, "%31[^:]:%31s", a, b) != 2 || read_u32(a, &t) || read_u32(b, &w))
        return cfg_fail(r, line, "expected <threads per SM>:<warp size>, found '%s'", v);
    if (w != 32)
        return cfg_fail(r, line, "expected warp size 32 (warpsim's warps have 32 lanes), found %u", w);
    if (t == 0 || t % w)
        return cfg_fail(r, line, "expected threads per SM a multiple of the warp size, found %u", t);
    c->threads_per_sm = t;
    c->warp_size = w;
    return 0;
}

/* <core>:<interconnect>:<L2>:<DRAM>, MHz */
static int read_clocks(cfg_reader_t *r, int line, const char *v, gpu_config_t *c)
{
    double d[4];
    int used = 0;
    if (sscanf(v, "%lf:%lf:%lf:%lf%n", &d[0], &d[1], &d[2], &d[3], &used) != 4 || v[used] || !(d[0] > 0))
        return cfg_fail(r, line, "expected <core>:<interconnect>:<L2>:<DRAM> clocks in MHz, found '%s'", v);
    memcpy(c->clock_mhz, d, sizeof d);
    return 0;
}

/* GPGPU-Sim's cache_config::init: "none" (1), or [N|S:]<sets>:<line>:<ways>,
 * then the policies, which only a memory model would read (0); -1 if not. */
static int read_cache(const char *v, uint32_t geom[3])
{
    unsigned long long sets, bytes, ways;
    char comma;
    if (!strcmp(v, "none"))
        return 1;
    const char *g = isalpha((unsigned char)v[0]) && v[1] == ':' ? v + 2 : v;
    char type = g == v ? 'N' : v[0];
    if ((type != 'N' && type != 'S') || sscanf(g, "%llu:%llu:%llu%c", &sets, &bytes, &ways, &comma) != 4 ||
        comma != ',' || !sets || !bytes || !ways || sets * bytes * ways > (1ull << 40))
        return -1;
    geom[0] = (uint32_t)sets, geom[1] = (uint32_t)bytes, geom[2] = (uint32_t)ways;
    return 0;
}

/* A data cache's string, every field (cache_config.c): the L1D of an SM or
 * an L2 slice, whose bytes the CUDA runtime's L2 size is made of. */
static int read_dcache(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_config_t *c, cache_params_t *to)
{
    char msg[256];
    int is_l2 = to == &c->l2;
    int rc = cache_config_parse(v, opt, is_l2 ? 2 : 1, to, msg, sizeof msg);
    if (rc < 0)
        return cfg_fail(r, line, "%s", msg);
    if (rc == 1)
        memset(to, 0, sizeof *to);
    if (is_l2) {
        c->l2_given = 1;
        c->l2_slice_bytes = (uint64_t)to->sets * to->line * to->ways;
    }
    return 0;
}

/* -gpgpu_shmem_option: shared-memory sizes in KB a kernel's carve-out is
 * chosen from, smallest first (GPGPU-Sim takes the first that holds it). */
static int read_kblist(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_config_t *c)
{
    uint32_t kb[GPU_SHMEM_OPTIONS + 1];
    int n = read_list(v, kb, GPU_SHMEM_OPTIONS + 1);
    if (n < 1 || n > GPU_SHMEM_OPTIONS)
        return cfg_fail(r, line, "expected -%s 1 to %d sizes in KB, comma-separated, found '%s'", opt, GPU_SHMEM_OPTIONS, v);
    for (int i = 1; i < n; i++)
        if (kb[i] <= kb[i - 1])
            return cfg_fail(r, line, "expected -%s in ascending order, found %u after %u", opt, kb[i], kb[i - 1]);
    memcpy(c->shmem_options, kb, (size_t)n * sizeof kb[0]);
    c->n_shmem_options = (uint32_t)n;
    return 0;
}

/* An instruction cache's geometry; only the L0 may be none (no L0). Lines
 * hold whole 16-byte (SASS-sized) instructions. */
static int read_icache(cfg_reader_t *r, int line, const char *opt, const char *v, uint32_t *geom)
{
    int may_be_none = !strcmp(opt, "warpsim_cache:l0i");
    int rc = read_cache(v, geom);
    if (rc < 0 || (rc == 1 && !may_be_none))
        return cfg_fail(r, line, "expected -%s [N|S:]<sets>:<line bytes>:<ways>,...%s, found '%s'", opt,
                        may_be_none ? " or none" : "", v);
    if (rc == 1) {
        geom[0] = geom[1] = geom[2] = 0;
        return 0;
    }
    if (geom[1] < 16 || (geom[1] & (geom[1] - 1)))
        return cfg_fail(r, line, "expected -%s lines of 16 bytes or more, a power of two (an instruction is 16 bytes), found %u",
                        opt, geom[1]);
    return 0;
}

/* ADD,MAX,MUL,MAD,DIV and, in the int lists, SHFL: GPGPU-Sim's sscanf
 * takes a shorter list and leaves the rest, so SHFL may be left out. */
static int read_lat(cfg_reader_t *r, int line, const char *opt, const char *v, uint32_t *to, size_t size)
{
    int max = (int)(size / sizeof *to);
    uint32_t got[8];
    int n = read_list(v, got, max);
    int ok = n > GPU_LAT_DIV;
    for (int i = 0; ok && i < n; i++)
        ok = got[i] > 0;
    if (!ok)
        return cfg_fail(r, line, "expected -%s %s: %s numbers above 0, found '%s'", opt,
                        max > GPU_LAT_SHFL ? "ADD,MAX,MUL,MAD,DIV[,SHFL]" : "ADD,MAX,MUL,MAD,DIV",
                        max > GPU_LAT_SHFL ? "5 or 6" : "5", v);
    memcpy(to, got, (size_t)n * sizeof *to);
    return 0;
}

/* 13 widths, or GPGPU-Sim's 11 of a GPU without tensor cores (its reader
 * stops before the tensor stages when -gpgpu_tensor_core_avail is 0). */
static int read_widths(cfg_reader_t *r, int line, const char *v, gpu_config_t *c)
{
    uint32_t w[GPU_PIPE_COUNT] = {0};
    int n = read_list(v, w, GPU_PIPE_COUNT);
    if (n != GPU_PIPE_COUNT && n != GPU_PIPE_ID_OC_TENSOR)
        return cfg_fail(r, line, "expected -gpgpu_pipeline_widths %d widths (%d without the tensor stages), found '%s'",
                        GPU_PIPE_COUNT, GPU_PIPE_ID_OC_TENSOR, v);
    memcpy(c->pipeline_widths, w, sizeof w);
    return 0;
}

/* GPGPU-Sim's schedulers (shader.cc create_schedulers); those warpsim does
 * not model are named, never taken for another. two_level_active is
 * GPGPU-Sim's only with inner 0 (lrr) and outer 1 (srr): it aborts otherwise. */
static int read_sched(cfg_reader_t *r, int line, const char *v, gpu_config_t *c)
{
    static const struct { const char *name, *what; } unmodelled[] = {
        {"rrr", "strict round robin"}, {"old", "oldest first"}, {"warp_limiting", "static warp limiting"}};
    unsigned n, inner, outer;
    int used = 0;
    if (!strcmp(v, "lrr") || !strcmp(v, "gto")) {
        c->scheduler = v[0] == 'l' ? GPU_SCHED_LRR : GPU_SCHED_GTO;
        c->two_level_active = 0;
        return 0;
    }
    if (!strncmp(v, "two_level_active", 16)) {
        if (sscanf(v, "two_level_active:%u:%u:%u%n", &n, &inner, &outer, &used) != 3 || v[used] || !n ||
            inner != 0 || outer != 1)
            return cfg_fail(r, line,
                            "expected -gpgpu_scheduler two_level_active:<active warps>:0:1 (GPGPU-Sim has inner "
                            "0, lrr, and outer 1, srr, only), found '%s'", v);
        c->scheduler = GPU_SCHED_TWO_LEVEL;
        c->two_level_active = n;
        return 0;
    }
    for (size_t i = 0; i < sizeof unmodelled / sizeof unmodelled[0]; i++) {
        size_t k = strlen(unmodelled[i].name);
        if (!strncmp(v, unmodelled[i].name, k) && (!v[k] || v[k] == ':'))
            return cfg_fail(r, line, "GPGPU-Sim's '%s' scheduler (%s) is not modelled: expected lrr, gto or two_level_active",
                            unmodelled[i].name, unmodelled[i].what);
    }
    return cfg_fail(r, line, "expected -gpgpu_scheduler lrr, gto or two_level_active:<active warps>:0:1, found '%s'", v);
}

/* <enabled>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>: the
 * order GPGPU-Sim's sscanf reads (shader.h), whatever its help text says. */
static int read_spec(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_spec_unit_t *u)
{
    uint32_t f[5];
    const char *name = v;
    int n = 0;
    for (; n < 5; n++) {
        const char *comma = strchr(name, ',');
        char tok[32];
        if (!comma || comma == name || (size_t)(comma - name) >= sizeof tok)
            break;
        memcpy(tok, name, (size_t)(comma - name));
        tok[comma - name] = 0;
        if (read_u32(tok, &f[n]))
            break;
        name = comma + 1;
    }
    if (n < 5 || f[0] > 1 || !*name || strchr(name, ','))
        return cfg_fail(r, line, "expected -%s <enabled 0|1>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>, found '%s'",
                        opt, v);
    if (strlen(name) >= sizeof u->name)
        return cfg_fail(r, line, "expected a unit name of at most %zu characters for -%s, found '%s'", sizeof u->name - 1,
                        opt, name);
    memset(u, 0, sizeof *u);
    u->enabled = f[0], u->units = f[1], u->max_latency = f[2], u->id_oc = f[3], u->oc_ex = f[4];
    memcpy(u->name, name, strlen(name));
    return 0;
}

static int read_number(cfg_reader_t *r, int line, const char *opt, const char *v, enum opt_kind kind, uint32_t *to)
{
    uint32_t x;
    if (read_u32(v, &x))
        return cfg_fail(r, line, "expected a number for -%s, found '%s'", opt, v);
    if (kind == K_U32 && x == 0)
        return cfg_fail(r, line, "expected a number above 0 for -%s", opt);
    if (kind == K_BOOL && x > 1)
        return cfg_fail(r, line, "expected 0 or 1 for -%s, found '%s'", opt, v);
    *to = x;
    return 0;
}

/* 0 taken, 1 not modelled, -1 error. */
static int take(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_config_t *c)
{
    int i = gpu_config_row(opt);
    if (i < 0)
        return 1;
    const opt_row_t *row = &rows[i];
    void *at = (char *)c + row->off;
    int rc = 0;
    switch (row->kind) {
    case K_U32:
    case K_U32Z:
    case K_BOOL: rc = read_number(r, line, opt, v, row->kind, (uint32_t *)at); break;
    case K_PIPE: rc = read_pipe(r, line, v, c); break;
    case K_CLOCKS: rc = read_clocks(r, line, v, c); break;
    case K_CACHE: rc = read_dcache(r, line, opt, v, c, (cache_params_t *)at); break;
    case K_KBLIST: rc = read_kblist(r, line, opt, v, c); break;
    case K_ICACHE: rc = read_icache(r, line, opt, v, (uint32_t *)at); break;
    case K_LAT: rc = read_lat(r, line, opt, v, (uint32_t *)at, row->size); break;
    case K_WIDTHS: rc = read_widths(r, line, v, c); break;
    case K_SCHED: rc = read_sched(r, line, v, c); break;
    case K_SPEC: rc = read_spec(r, line, opt, v, (gpu_spec_unit_t *)at); break;
    case K_DTIMING: rc = cfg_read_dram_timing(r, line, v, (dram_timing_t *)at); break;
    case K_ADDRMAP: rc = cfg_read_addr_map(r, line, v, (dram_map_t *)at); break;
    case K_WQUEUE: rc = cfg_read_write_queue(r, line, v, (uint32_t *)at); break;
    case K_REFRESH: rc = cfg_read_refresh(r, line, v, (uint32_t *)at); break;
    }
    if (rc == 0)
        r->set_at[i] = line;
    return rc;
}

/* Each name once, in the order first met. */
static int note_ignored(gpu_config_t *c, const char *opt)
{
    size_t len = strlen(opt);
    for (const char *p = c->ignored; p && *p;) {
        size_t k = strcspn(p, ",");
        if (k == len && !strncmp(p, opt, len))
            return 0;
        p += k + (p[k] ? 2 : 0);
    }
    size_t had = c->ignored ? strlen(c->ignored) : 0;
    char *s = realloc(c->ignored, had + len + 3);
    if (!s)
        return -1;
    snprintf(s + had, len + 3, "%s%s", had ? ", " : "", opt);
    c->ignored = s;
    c->nignored++;
    return 0;
}

static int read_option(cfg_reader_t *r, gpu_config_t *c, const char *word)
{
    int line = r->line;
    char value[4096];
    if (word[0] != '-' || !word[1])
        return cfg_fail(r, line, "expected an option (-name value), found '%s'", word);
    const char *opt = word + 1;
    int rc = next_word(r, 1, value, sizeof value);
    if (rc == -2)
        return -1;
    if (rc)
        return cfg_fail(r, line, "expected a value after -%s", opt);
    char extra[64];
    if ((rc = next_word(r, 1, extra, sizeof extra)) == 0)
        return cfg_fail(r, r->line, "expected one value for -%s, found '%s' after '%s'", opt, extra, value);
    if (rc == -2)
        return -1;
    rc = take(r, line, opt, value, c);
    if (rc <= 0)
        return rc;
    if (!gpu_config_gpgpusim_option(opt))
        return cfg_fail(r, line, "expected an option of GPGPU-Sim's, found '-%s'", opt);
    return note_ignored(c, opt) ? cfg_fail(r, line, "out of memory") : 0;
}

static void set_name(gpu_config_t *c, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, ".");
    if (!n)
        n = strlen(base);
    snprintf(c->name, sizeof c->name, "%.*s", (int)n, base);
}

int gpu_config_parse(gpu_config_t *c, const char *name, const char *text, char *err, size_t n)
{
    cfg_reader_t r;
    memset(&r, 0, sizeof r);
    r.name = name, r.s = text, r.line = 1, r.err = err, r.errlen = n;
    char word[256];
    int rc;
    set_name(c, name);
    while ((rc = next_word(&r, 0, word, sizeof word)) == 0)
        if (read_option(&r, c, word))
            return -1;
    return rc == -2 ? -1 : gpu_config_check(&r, c);
}

int gpu_config_load(gpu_config_t *c, const char *path, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    int ch;
    while (m && (ch = fgetc(f)) != EOF && ch)
        fputc(ch, m);
    int nul = !feof(f);
    fclose(f);
    if (!m || fclose(m)) {
        snprintf(err, n, "%s: out of memory", path);
        return -1;
    }
    int rc = nul ? (snprintf(err, n, "%s:1: expected a text file, found a NUL byte", path), -1)
                 : gpu_config_parse(c, path, text, err, n);
    free(text);
    return rc;
}
