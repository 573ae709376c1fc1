/* GPU configs in GPGPU-Sim's format: `-option value` pairs, `#` comments,
 * values in double quotes may span lines (GPGPU-Sim's -gpgpu_dram_timing_opt
 * does). Options of GPU_CONFIG_OPTIONS are taken; GPGPU-Sim's others are
 * counted and named as ignored; anything else is an error. */
#include "host/ptx/gpu_config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const gpgpusim_names[] = {
#define GPGPUSIM_OPT(name) name,
#include "host/ptx/gpgpusim_options.def"
#undef GPGPUSIM_OPT
};

int gpu_config_gpgpusim_option(const char *name)
{
    for (size_t i = 0; i < sizeof gpgpusim_names / sizeof gpgpusim_names[0]; i++)
        if (!strcmp(gpgpusim_names[i], name))
            return 1;
    return 0;
}

void gpu_config_defaults(gpu_config_t *c)
{
    /* NVIDIA H100 Tensor Core GPU Architecture whitepaper (SXM5: 132 SMs,
     * boost 1980 MHz); CUDA C++ Programming Guide, compute capability 9.0:
     * 2048 threads, 32 CTAs, 64K registers, 228 KB shared memory per SM,
     * 227 KB per block. configs/gpu/h100.cfg says the same. */
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "h100");
    c->n_clusters = 66;
    c->cores_per_cluster = 2;
    c->threads_per_sm = 2048;
    c->warp_size = 32;
    c->regs_per_sm = 65536;
    c->regs_per_block = 65536;
    c->shmem_per_sm = 233472;
    c->shmem_per_block = 232448;
    c->ctas_per_sm = 32;
    c->clock_mhz[0] = c->clock_mhz[1] = c->clock_mhz[2] = 1980.0;
    c->clock_mhz[3] = 2619.0;
    c->reg_banks = 8;
    c->cc_major = 9;
    c->cc_minor = 0;
}

void gpu_config_free(gpu_config_t *c)
{
    free(c->ignored);
    c->ignored = NULL;
    c->nignored = 0;
}

uint32_t gpu_config_sms(const gpu_config_t *c) { return c->n_clusters * c->cores_per_cluster; }

uint32_t gpu_config_block_threads(const gpu_config_t *c) { return c->cc_major < 2 ? 512 : 1024; }

int64_t gpu_config_l2_bytes(const gpu_config_t *c)
{
    if (!c->l2_given)
        return -1;
    return (int64_t)c->l2_slice_bytes * (c->n_mem ? c->n_mem : 8) * (c->sub_partitions ? c->sub_partitions : 1);
}

int64_t gpu_config_bus_bits(const gpu_config_t *c)
{
    if (!c->n_mem)
        return -1;
    return (int64_t)c->n_mem * (c->mem_per_ctrlr ? c->mem_per_ctrlr : 1) * (c->dram_buswidth ? c->dram_buswidth : 4) * 8;
}

uint32_t gpu_config_thread_regs(const gpu_config_t *c)
{
    if (c->cc_major < 2)
        return 124;
    return c->cc_major < 3 || (c->cc_major == 3 && c->cc_minor < 5) ? 63 : 255;
}

/* ---- reading ------------------------------------------------------------------ */

typedef struct cfg_reader {
    const char *name, *s;
    int line;
    char *err;
    size_t errlen;
} cfg_reader_t;

static int cfail(cfg_reader_t *r, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int cfail(cfg_reader_t *r, int line, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(r->err, r->errlen, "%s:%d: ", r->name, line);
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < r->errlen)
        vsnprintf(r->err + k, r->errlen - (size_t)k, fmt, ap);
    va_end(ap);
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
        return cfail(r, start, "expected a closing '\"'"), -2;
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

/* <threads>:<warp size> */
static int read_pipe(cfg_reader_t *r, int line, const char *v, gpu_config_t *c)
{
    char a[32], b[32];
    uint32_t t, w;
    if (sscanf(v, "%31[^:]:%31s", a, b) != 2 || read_u32(a, &t) || read_u32(b, &w))
        return cfail(r, line, "expected <threads per SM>:<warp size>, found '%s'", v);
    if (w != 32)
        return cfail(r, line, "expected warp size 32 (warpsim's warps have 32 lanes), found %u", w);
    if (t == 0 || t % w)
        return cfail(r, line, "expected threads per SM a multiple of the warp size, found %u", t);
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
        return cfail(r, line, "expected <core>:<interconnect>:<L2>:<DRAM> clocks in MHz, found '%s'", v);
    memcpy(c->clock_mhz, d, sizeof d);
    return 0;
}

/* GPGPU-Sim's cache_config::init: "none", or [N|S:]<sets>:<line>:<ways>,
 * then the policies, which only a timing model would read. */
static int read_cache(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_config_t *c)
{
    unsigned long long sets, bytes, ways;
    char type, comma;
    c->l2_given = 1;
    if (!strcmp(v, "none")) {
        c->l2_slice_bytes = 0;
        return 0;
    }
    const char *geom = isalpha((unsigned char)v[0]) && v[1] == ':' ? v + 2 : v;
    type = geom == v ? 'N' : v[0];
    if ((type != 'N' && type != 'S') || sscanf(geom, "%llu:%llu:%llu%c", &sets, &bytes, &ways, &comma) != 4 ||
        comma != ',' || !sets || !bytes || !ways || sets * bytes * ways > (1ull << 40))
        return cfail(r, line, "expected -%s [N|S:]<sets>:<line bytes>:<ways>,... or none, found '%s'", opt, v);
    c->l2_slice_bytes = sets * bytes * ways;
    return 0;
}

static int take(cfg_reader_t *r, int line, const char *opt, const char *v, gpu_config_t *c)
{
#define TAKE_U32(field)                                                                        \
    if (read_u32(v, &c->field))                                                                \
        return cfail(r, line, "expected a number for -%s, found '%s'", opt, v);                \
    if (c->field == 0 && strcmp(opt, "gpgpu_compute_capability_minor"))                        \
        return cfail(r, line, "expected a number above 0 for -%s", opt);                       \
    return 0;
#define TAKE_PIPE(field) return read_pipe(r, line, v, c);
#define TAKE_CLOCKS(field) return read_clocks(r, line, v, c);
#define TAKE_CACHE(field) return read_cache(r, line, opt, v, c);
#define TAKE_ROW(name, kind, field, help) \
    if (!strcmp(opt, name)) {             \
        TAKE_##kind(field)                \
    }
    GPU_CONFIG_OPTIONS(TAKE_ROW)
#undef TAKE_ROW
#undef TAKE_U32
#undef TAKE_PIPE
#undef TAKE_CLOCKS
#undef TAKE_CACHE
    return 1; /* not modelled */
}

static int note_ignored(gpu_config_t *c, const char *opt)
{
    size_t had = c->ignored ? strlen(c->ignored) : 0;
    char *s = realloc(c->ignored, had + strlen(opt) + 3);
    if (!s)
        return -1;
    snprintf(s + had, strlen(opt) + 3, "%s%s", had ? ", " : "", opt);
    c->ignored = s;
    c->nignored++;
    return 0;
}

static int read_option(cfg_reader_t *r, gpu_config_t *c, const char *word)
{
    int line = r->line;
    char value[4096];
    if (word[0] != '-' || !word[1])
        return cfail(r, line, "expected an option (-name value), found '%s'", word);
    const char *opt = word + 1;
    int rc = next_word(r, 1, value, sizeof value);
    if (rc == -2)
        return -1;
    if (rc)
        return cfail(r, line, "expected a value after -%s", opt);
    char extra[64];
    if ((rc = next_word(r, 1, extra, sizeof extra)) == 0)
        return cfail(r, r->line, "expected one value for -%s, found '%s' after '%s'", opt, extra, value);
    if (rc == -2)
        return -1;
    rc = take(r, line, opt, value, c);
    if (rc <= 0)
        return rc;
    if (!gpu_config_gpgpusim_option(opt))
        return cfail(r, line, "expected an option of GPGPU-Sim's, found '-%s'", opt);
    return note_ignored(c, opt) ? cfail(r, line, "out of memory") : 0;
}

static int check_whole(cfg_reader_t *r, const gpu_config_t *c)
{
    if ((uint64_t)c->n_clusters * c->cores_per_cluster > 1u << 20)
        return cfail(r, r->line, "expected at most 1M SMs (clusters x cores per cluster)");
    return 0;
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
    cfg_reader_t r = {.name = name, .s = text, .line = 1, .err = err, .errlen = n};
    char word[256];
    int rc;
    set_name(c, name);
    while ((rc = next_word(&r, 0, word, sizeof word)) == 0)
        if (read_option(&r, c, word))
            return -1;
    return rc == -2 ? -1 : check_whole(&r, c);
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
