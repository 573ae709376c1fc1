/* Command-line and config-file options. One table describes every option;
 * the parser, the config reader and --help all read it. */
#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

typedef enum { OPT_STR, OPT_U32, OPT_U64, OPT_INT, OPT_SIZE, OPT_FLAG } opt_kind_t;

typedef struct opt_row {
    const char *name;
    opt_kind_t kind;
    size_t offset;
    const char *arg;
    const char *help;
} opt_row_t;

#define OPT(name, kind, field, arg, help) { name, kind, offsetof(sim_options_t, field), arg, help },
static const opt_row_t opt_table[] = {
    OPT("isa", OPT_STR, isa, "arm", "target ISA (default: from the ELF)")
    OPT("cores", OPT_U32, cores, "N", "simulated cores (default 1)")
    OPT("backend", OPT_STR, backend, "cpu|cuda|auto", "where to run (default auto: cuda if a GPU is present)")
    OPT("threads", OPT_INT, threads, "T", "CPU backend threads (default: all host cores)")
    OPT("block-size", OPT_INT, block_size, "B", "CUDA threads per block: 32..256, a multiple of 32 (default 128)")
    OPT("report", OPT_STR, report, "FILE", "write a report: FILE.json or FILE.csv")
    OPT("output-dir", OPT_STR, output_dir, "DIR", "keep every core's stdout/stderr as DIR/core<N>.out/.err")
    OPT("core-mem", OPT_SIZE, core_mem, "BYTES", "private memory per core (default: data+bss+heap+stack)")
    OPT("stack", OPT_SIZE, stack_size, "BYTES", "stack reserve per core (default 256K, or the ELF's WS_MEMORY)")
    OPT("heap", OPT_SIZE, heap_size, "BYTES", "heap+mmap reserve per core (default 4M, or the ELF's WS_MEMORY)")
    OPT("shared-mem", OPT_SIZE, shared_mem, "BYTES", "shared region size (default 1M)")
    OPT("outbuf", OPT_U32, out_cap, "BYTES", "output buffer per core (default 4K, 256 above 64K cores)")
    OPT("quantum", OPT_U64, quantum, "N", "instructions per core between host service rounds")
    OPT("mode", OPT_STR, mode, "sk|mk", "sk: one persistent kernel (default); mk: one launch per step")
    OPT("regroup", OPT_U64, regroup, "N", "every N instructions, regroup cores so host warps share a pc")
    OPT("max-insns", OPT_U64, max_insns, "N", "fault a core after N instructions (default: no limit)")
    OPT("quiet", OPT_FLAG, quiet, NULL, "do not print the text table (on stderr)")
    OPT("dump-state", OPT_STR, dump_state, "FILE", "write every core's final registers and memory digest")
    OPT("config", OPT_STR, config, "FILE", "read options from FILE (-option value lines)")
};
#undef OPT
#define OPT_COUNT (sizeof(opt_table) / sizeof(opt_table[0]))

void options_defaults(sim_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->cores = 1;
    o->backend = "auto";
    o->block_size = 128;
    o->shared_mem = 1u << 20;
    o->quantum = 200000;
    o->mode = "sk";
}

uint64_t options_round_steps(const sim_options_t *o)
{
    if (!strcmp(o->mode, "mk"))
        return 1;
    return o->regroup ? o->regroup : o->quantum;
}

/* Sizes accept K, M, G suffixes (powers of two). */
static int parse_size(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *s == '-')
        return -1;
    switch (*end) {
    case 'k': case 'K': v <<= 10; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    default: break;
    }
    if (*end)
        return -1;
    *out = v;
    return 0;
}

static const opt_row_t *opt_find(const char *name)
{
    for (size_t i = 0; i < OPT_COUNT; i++)
        if (!strcmp(opt_table[i].name, name))
            return &opt_table[i];
    return NULL;
}

int options_set(sim_options_t *o, const char *name, const char *value)
{
    const opt_row_t *r = opt_find(name);
    if (!r || !strcmp(name, "config"))
        return -1;
    char *field = (char *)o + r->offset;
    uint64_t v = 0;
    switch (r->kind) {
    case OPT_STR:
        *(const char **)field = value;
        return 0;
    case OPT_FLAG:
        *(int *)field = 1;
        return 0;
    case OPT_SIZE:
    case OPT_U64:
    case OPT_U32:
    case OPT_INT:
        if (parse_size(value, &v))
            return -2;
        break;
    }
    if (r->kind == OPT_U64 || r->kind == OPT_SIZE)
        *(uint64_t *)field = v;
    else if (v > 0x7fffffffu)
        return -2;
    else if (r->kind == OPT_INT)
        *(int *)field = (int)v;
    else
        *(uint32_t *)field = (uint32_t)v;
    return 0;
}

static int takes_value(const opt_row_t *r) { return r->kind != OPT_FLAG; }

int options_parse_run(sim_options_t *o, int argc, char **argv)
{
    int i = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-' || !a[2])
            break;
        const char *name = a + 2, *eq = strchr(name, '=');
        char buf[64];
        const char *value = NULL;
        if (eq) {
            size_t n = (size_t)(eq - name);
            if (n >= sizeof buf)
                n = sizeof buf - 1;
            memcpy(buf, name, n);
            buf[n] = 0;
            name = buf;
            value = eq + 1;
        }
        const opt_row_t *r = opt_find(name);
        if (!r) {
            fprintf(stderr, "warpsim: unknown option '--%s' (see warpsim --help)\n", name);
            return 2;
        }
        if (takes_value(r) && !value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "warpsim: option '--%s' needs a value (%s)\n", name, r->arg);
                return 2;
            }
            value = argv[++i];
        }
        if (!strcmp(name, "config")) {
            o->config = value;
            if (options_load_config(o, value))
                return 2;
            continue;
        }
        if (options_set(o, name, value)) {
            fprintf(stderr, "warpsim: bad value '%s' for --%s (expected %s)\n", value, name, r->arg);
            return 2;
        }
    }
    if (i < argc && !strcmp(argv[i], "--"))
        i++;
    if (i >= argc) {
        fprintf(stderr, "warpsim: no program given (usage: warpsim run [options] PROG.elf [args...])\n");
        return 2;
    }
    if (strcmp(o->mode, "sk") && strcmp(o->mode, "mk")) {
        fprintf(stderr, "warpsim: --mode must be sk or mk, not '%s'\n", o->mode);
        return 2;
    }
    /* Each thread stages its core's context (about 180 bytes) in shared
     * memory, and a block may use 48 KiB of it without opting in. */
    if (o->block_size < 32 || o->block_size > 256 || o->block_size % 32) {
        fprintf(stderr, "warpsim: --block-size must be 32, 64, ..., 256 (a multiple of the warp size)\n");
        return 2;
    }
    if (o->quantum == 0) {
        fprintf(stderr, "warpsim: --quantum must be at least 1\n");
        return 2;
    }
    o->program = argv[i];
    o->prog_argc = argc - i;
    o->prog_argv = argv + i;
    return 0;
}

/* Config values must outlive the file buffer: keep them. */
static char *keep_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

static int config_line(sim_options_t *o, const char *path, int lineno, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    char *name = strtok(line, " \t\r\n");
    if (!name)
        return 0;
    char *value = strtok(NULL, " \t\r\n");
    char *extra = value ? strtok(NULL, " \t\r\n") : NULL;
    while (*name == '-')
        name++;
    const opt_row_t *r = opt_find(name);
    if (!r || !strcmp(name, "config")) {
        fprintf(stderr, "%s:%d: unknown option '%s'\n", path, lineno, name);
        return 2;
    }
    if ((takes_value(r) && !value) || extra) {
        fprintf(stderr, "%s:%d: option '%s' takes %s\n", path, lineno, name,
                takes_value(r) ? "exactly one value" : "no value");
        return 2;
    }
    if (options_set(o, name, value ? keep_string(value) : NULL)) {
        fprintf(stderr, "%s:%d: bad value '%s' for '%s' (expected %s)\n", path, lineno, value, name, r->arg);
        return 2;
    }
    return 0;
}

int options_load_config(sim_options_t *o, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
        return 2;
    }
    char line[1024];
    int lineno = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f))
        rc = config_line(o, path, ++lineno, line);
    fclose(f);
    return rc;
}

void options_usage(FILE *f)
{
    fprintf(f, "usage: warpsim run [options] PROG.elf [args...]\n"
               "       warpsim report [--format table|csv|json|svg] [--output FILE] [--x KEY] [--y KEY]\n"
               "                      [--group KEY,...] [--baseline FILE.json] [--title T] FILE.json...\n"
               "       warpsim --version | --help\n\noptions of run:\n");
    for (size_t i = 0; i < OPT_COUNT; i++) {
        char left[48];
        snprintf(left, sizeof left, "--%s%s%s", opt_table[i].name, opt_table[i].arg ? " " : "",
                 opt_table[i].arg ? opt_table[i].arg : "");
        fprintf(f, "  %-28s %s\n", left, opt_table[i].help);
    }
}
