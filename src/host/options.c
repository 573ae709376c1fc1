/* Command-line and config-file options. One table describes every option of
 * both commands; getopt_long (libc), the config reader and --help all read it. */
#include "options.h"

#include "device/timing/timing.h"
#include "host/sm/sm_host.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

/* OPT_POSITIVE: an OPT_U64 from 1 (0 is refused where it would mean "not given" or nothing to do). */
typedef enum { OPT_STR, OPT_U32, OPT_U64, OPT_POSITIVE, OPT_INT, OPT_SIZE, OPT_FLAG, OPT_LIST } opt_kind_t;

/* Which command an option belongs to; its offset is into that command's struct. */
typedef enum { CMD_RUN, CMD_REPORT, CMD_PTX } opt_cmd_t;

typedef struct opt_row {
    opt_cmd_t cmd;
    const char *name;
    char letter;            /* a one-letter alias (-h), or 0 */
    opt_kind_t kind;
    size_t offset;
    const char *arg;
    const char *help;
} opt_row_t;

#define RUN(name, kind, field, arg, help) {CMD_RUN, name, 0, kind, offsetof(sim_options_t, field), arg, help},
#define PTX(name, kind, field, arg, help) {CMD_PTX, name, 0, kind, offsetof(ptx_options_t, field), arg, help},
#define REPORT(name, letter, kind, field, arg, help) \
    {CMD_REPORT, name, letter, kind, offsetof(report_options_t, field), arg, help},
static const opt_row_t opt_table[] = {
    RUN("isa", OPT_STR, isa, "NAME", "target ISA, checked against the program's (default: from the ELF)")
    RUN("cores", OPT_U32, cores, "N", "simulated cores (default 1)")
    RUN("backend", OPT_STR, backend, "cpu|cuda|auto", "where to run (default auto: cuda if a GPU is present)")
    RUN("threads", OPT_INT, threads, "T", "CPU backend threads (default: all host cores)")
    RUN("block-size", OPT_INT, block_size, "B", "CUDA threads per block: 32..256, a multiple of 32 (default 128)")
    RUN("report", OPT_STR, report, "FILE", "write a report: FILE.json or FILE.csv")
    RUN("output-dir", OPT_STR, output_dir, "DIR", "cores' stdout/stderr as DIR/core<N>.out/.err; files written only here")
    RUN("stdin-core", OPT_U32, stdin_core, "N",
        "only core N reads stdin, the others /dev/null (default: every core reads the same bytes)")
    RUN("root", OPT_STR, root, "DIR", "the program's paths resolve inside DIR, never outside (default /)")
    RUN("core-mem", OPT_SIZE, core_mem, "BYTES", "private memory per core (default: data+bss+heap+stack)")
    RUN("stack", OPT_SIZE, stack_size, "BYTES", "stack reserve per core (default 256K, or the ELF's WS_MEMORY)")
    RUN("heap", OPT_SIZE, heap_size, "BYTES", "heap+mmap reserve per core (default 4M, or the ELF's WS_MEMORY)")
    RUN("shared-mem", OPT_SIZE, shared_mem, "BYTES", "shared region size (default 1M)")
    RUN("outbuf", OPT_U32, out_cap, "BYTES", "output buffer per core (default 4K, 256 above 64K cores)")
    RUN("quantum", OPT_POSITIVE, quantum, "N", "instructions per core between host service rounds")
    RUN("mode", OPT_STR, mode, "sk|mk", "sk: one persistent kernel (default); mk: one launch per step")
    RUN("engine", OPT_STR, engine, "percore|lockstep|auto",
        "CPU backend, ARM and IA-32: cores at one pc share each instruction's fetch and dispatch (lockstep), or not; auto: "
        "lockstep while its groups have been full enough to be faster, then per core (default percore)")
    RUN("layout", OPT_STR, layout, "contiguous|interleaved|auto",
        "CPU backend: the cores' private memory a core after another, or word-interleaved (word w of core c at "
        "w*cores+c, as on the GPU: one host vector for a lockstep group's same address); auto: interleaved where "
        "--engine lockstep runs, else contiguous (default auto)")
    RUN("regroup", OPT_U64, regroup, "N", "every N instructions, regroup cores so host warps share a pc")
    RUN("max-insns", OPT_U64, max_insns, "N", "fault a core after N instructions (default: no limit)")
    RUN("quiet", OPT_FLAG, quiet, NULL, "do not print the text table (on stderr)")
    RUN("dump-state", OPT_STR, dump_state, "FILE", "write every core's final registers and memory digest")
    RUN("timing", OPT_STR, timing, "MODEL", "attach a timing model to every instruction: unit-counts (default none)")
    RUN("config", OPT_STR, config, "FILE", "read options from FILE (-option value lines)")
    REPORT("format", 0, OPT_STR, format, "table|csv|json|svg", "output (default table: one row per report)")
    REPORT("output", 0, OPT_STR, output, "FILE", "write there instead of stdout")
    REPORT("columns", 0, OPT_STR, columns, "KEY,...", "the columns of table, csv and json, in this order")
    REPORT("baseline", 0, OPT_LIST, baselines, "FILE.json",
           "add sim_speedup and app_speedup against this run (again: each row against its workload's)")
    REPORT("versus", 0, OPT_LIST, versus, "FILE.json",
           "add versus, MIPS over this run's (again: each row against its workload's)")
    REPORT("x", 0, OPT_STR, x, "KEY", "plot x axis (svg; default cores)")
    REPORT("y", 0, OPT_STR, y, "KEY", "plot y axis (svg; default mips)")
    REPORT("group", 0, OPT_STR, group, "KEY[,KEY]", "one plot line per value of these keys (e.g. backend,mode)")
    REPORT("title", 0, OPT_STR, title, "TEXT", "plot title")
    REPORT("correlate", 0, OPT_STR, correlate, "DIR",
           "the reports' counters against Nsight Compute's CSVs in DIR (bench/hw/collect.sh): per counter the "
           "pairs, MAPE and correlation; csv, json: the pairs; svg: their scatter plot")
    REPORT("help", 'h', OPT_FLAG, help, NULL, "this help")
    PTX("config", OPT_LIST, configs, "FILE",
        "GPU config, GPGPU-Sim's format (configs/gpu/; default: H100 SXM5); again: the same run on each, a row each")
    PTX("backend", OPT_STR, backend, "cpu|cuda|auto", "where to run the kernels (default auto: cuda if a GPU is present)")
    PTX("threads", OPT_INT, threads, "T", "CPU backend threads running CTAs (default: all host cores)")
    PTX("report", OPT_STR, report, "FILE.json", "write the counters of every launch as JSON")
    PTX("module", OPT_STR, module, "FILE.ptx", "run this PTX module instead of the launch file's")
    PTX("ref-dir", OPT_STR, ref_dir, "DIR", "where the reference programs are (default build/kernels/ptx/ref)")
    PTX("max-insns", OPT_U64, max_insns, "N", "fault a CTA after N warp instructions (default: no limit)")
    PTX("dump-dir", OPT_STR, dump_dir, "DIR", "write every buffer's final bytes as DIR/NAME.bin (backends compared)")
    PTX("lane-by-lane", OPT_FLAG, lane_by_lane, NULL, "CPU: ALU instructions one lane at a time, not 32 at once (the MIMD way; bench)")
    PTX("racecheck", OPT_FLAG, racecheck, NULL,
        "report the global and shared words a warp wrote and another warp of its CTA read or wrote with no barrier between (CPU backend)")
    PTX("timing", OPT_FLAG, timing, NULL,
        "time every launch on the config's SM model, cycle by cycle: cycles, IPC, stalls (CPU backend; DESIGN.md \"The SM model\")")
    PTX("stats", OPT_STR, stats, "FILE", "with --timing: GPGPU-Sim's statistics of every launch into FILE (- for stdout)")
    PTX("timeline", OPT_STR, timeline, "FILE.csv", "with --timing: a sample every --timeline-every cycles (IPC, warps, scheduler states)")
    PTX("timeline-every", OPT_U64, timeline_every, "N", "cycles between timeline samples, a multiple of 32 (default 1024)")
    PTX("quantum", OPT_POSITIVE, quantum, "N",
        "with --timing: alone, the quantum mode's window: cycles the SMs run between memory phases and the block "
        "scheduler's looks (1 is cycle by cycle; its default 32, or the memory system's lookahead if shorter; "
        "waiting CTAs start at a window's end); longer than the lookahead is seed 000's bounded slack, faster, its "
        "answers from memory late by up to N cycles; with --sync workgroup, its top point's stride (default 1000)")
    PTX("sync", OPT_STR, sync, "quantum|workgroup",
        "with --timing: how the SMs synchronise: workgroup (the default, unless --quantum alone is given) is seed "
        "000's work-group parallel mode: each SM on its own clock until a CTA of it ends, it waits on memory or its "
        "crossbar input may be full, CTAs started in the order slots free, the memory fed in time order: cycle by "
        "cycle's cycles; quantum: every --quantum cycles")
    PTX("quiet", OPT_FLAG, quiet, NULL, "do not print the table (on stderr)")
    PTX("verbose", OPT_FLAG, verbose, NULL, "name every config option not modelled, and each launch as it runs")
};
#undef PTX
#undef RUN
#undef REPORT
#define OPT_COUNT (sizeof(opt_table) / sizeof(opt_table[0]))

void options_defaults(sim_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->cores = 1;
    o->stdin_core = OPTIONS_STDIN_ALL;
    o->backend = "auto";
    o->block_size = 128;
    o->shared_mem = 1u << 20;
    o->quantum = 200000;
    o->mode = "sk";
    o->engine = "percore";
    o->layout = "auto";
    o->timing = "none";
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

static const opt_row_t *opt_find(opt_cmd_t cmd, const char *name)
{
    for (size_t i = 0; i < OPT_COUNT; i++)
        if (opt_table[i].cmd == cmd && !strcmp(opt_table[i].name, name))
            return &opt_table[i];
    return NULL;
}

static int list_append(opt_list_t *l, const char *value)
{
    const char **items = (const char **)realloc(l->items, (size_t)(l->count + 1) * sizeof *items);
    if (!items)
        return -1;
    items[l->count++] = value;
    l->items = items;
    return 0;
}

/* Stores value in dest's field of row r; 0 ok, -2 bad value, -1 out of memory. */
static int opt_store(const opt_row_t *r, void *dest, const char *value)
{
    char *field = (char *)dest + r->offset;
    uint64_t v = 0;
    switch (r->kind) {
    case OPT_STR:
        *(const char **)field = value;
        return 0;
    case OPT_FLAG:
        *(int *)field = 1;
        return 0;
    case OPT_LIST:
        return list_append((opt_list_t *)field, value);
    case OPT_SIZE:
    case OPT_U64:
    case OPT_POSITIVE:
    case OPT_U32:
    case OPT_INT:
        if (parse_size(value, &v) || (r->kind == OPT_POSITIVE && !v))
            return -2;
        break;
    }
    if (r->kind == OPT_U64 || r->kind == OPT_POSITIVE || r->kind == OPT_SIZE)
        *(uint64_t *)field = v;
    else if (v > 0x7fffffffu)
        return -2;
    else if (r->kind == OPT_INT)
        *(int *)field = (int)v;
    else
        *(uint32_t *)field = (uint32_t)v;
    return 0;
}

int options_set(sim_options_t *o, const char *name, const char *value)
{
    const opt_row_t *r = opt_find(CMD_RUN, name);
    if (!r || !strcmp(name, "config"))
        return -1;
    return opt_store(r, o, value);
}

static int takes_value(const opt_row_t *r) { return r->kind != OPT_FLAG; }

/* What a bad value's message adds to the argument's name: the range, where the kind has one. */
static const char *opt_range(const opt_row_t *r) { return r->kind == OPT_POSITIVE ? ", from 1" : ""; }

/* What getopt_long did not like, on one line; returns 2. */
static int opt_complain(opt_cmd_t cmd, const char *who, const char *hint, int c, char *const *av)
{
    const char *arg = av[optind - 1];
    if (optopt >= 256) {
        const opt_row_t *r = &opt_table[optopt - 256];
        if (c == ':')
            fprintf(stderr, "%s: option '--%s' needs a value (%s)\n", who, r->name, r->arg);
        else
            fprintf(stderr, "%s: option '--%s' takes no value\n", who, r->name);
    } else if (optopt) {
        fprintf(stderr, "%s: unknown option '-%c' (see %s --help)\n", who, optopt, hint);
    } else {
        /* getopt_long takes a unique prefix of a name; say when it was not unique */
        int len = (int)strcspn(arg, "="), matches = 0;
        for (size_t i = 0; len > 2 && i < OPT_COUNT; i++)
            matches += opt_table[i].cmd == cmd && !strncmp(opt_table[i].name, arg + 2, (size_t)len - 2);
        fprintf(stderr, "%s: %s option '%.*s' (see %s --help)\n", who, matches > 1 ? "ambiguous" : "unknown", len,
                arg, hint);
    }
    return 2;
}

/* One option getopt_long returned (c: a row's 256 + index, a letter, '?' or ':'). */
static int opt_take(opt_cmd_t cmd, void *dest, int c, char *const *av, const char *who, const char *hint)
{
    const opt_row_t *r = c >= 256 ? &opt_table[c - 256] : NULL;
    for (size_t i = 0; !r && c != '?' && c != ':' && i < OPT_COUNT; i++)
        if (opt_table[i].cmd == cmd && opt_table[i].letter == c)
            r = &opt_table[i];
    if (!r)
        return opt_complain(cmd, who, hint, c, av);
    if (cmd == CMD_RUN && !strcmp(r->name, "config")) {
        sim_options_t *o = (sim_options_t *)dest;
        o->config = optarg;
        return options_load_config(o, optarg);
    }
    int rc = opt_store(r, dest, optarg);
    if (rc == -1)
        fprintf(stderr, "%s: out of memory\n", who);
    else if (rc)
        fprintf(stderr, "%s: bad value '%s' for --%s (expected %s%s)\n", who, optarg, r->name, r->arg, opt_range(r));
    return rc ? 2 : 0;
}

/* Options of cmd from argv into dest, in order. *first: the index of the
 * first operand (after "--" if that ended the options). 0, or 2 after one
 * line on stderr (who names the command, hint where its help is). */
static int opt_parse(opt_cmd_t cmd, void *dest, int argc, char **argv, int *first, const char *who,
                     const char *hint)
{
    struct option longs[OPT_COUNT + 1];
    char shorts[2 * OPT_COUNT + 3] = "+:";  /* '+': stop at the first operand; ':': report a missing value */
    char **av = (char **)malloc((size_t)(argc + 2) * sizeof *av);
    size_t n = 0, ns = 2;
    if (!av) {
        fprintf(stderr, "%s: out of memory\n", who);
        return 2;
    }
    for (size_t i = 0; i < OPT_COUNT; i++) {
        const opt_row_t *r = &opt_table[i];
        if (r->cmd != cmd)
            continue;
        longs[n++] = (struct option){r->name, takes_value(r) ? required_argument : no_argument, NULL, 256 + (int)i};
        if (r->letter)
            shorts[ns++] = r->letter;
    }
    longs[n] = (struct option){NULL, 0, NULL, 0};
    shorts[ns] = 0;
    /* getopt reads from argv[1]: give it a program name in front. */
    av[0] = (char *)who;
    memcpy(av + 1, argv, (size_t)argc * sizeof *av);
    av[argc + 1] = NULL;
    optind = 0; /* glibc: start afresh, whatever an earlier parse left */
    opterr = 0;
    int c, rc = 0;
    while (!rc && (c = getopt_long(argc + 1, av, shorts, longs, NULL)) != -1)
        rc = opt_take(cmd, dest, c, av, who, hint);
    *first = optind - 1;
    free(av);
    return rc;
}

int options_parse_run(sim_options_t *o, int argc, char **argv)
{
    int i;
    if (opt_parse(CMD_RUN, o, argc, argv, &i, "warpsim", "warpsim"))
        return 2;
    if (i >= argc) {
        fprintf(stderr, "warpsim: no program given (usage: warpsim run [options] PROG.elf [args...])\n");
        return 2;
    }
    if (strcmp(o->mode, "sk") && strcmp(o->mode, "mk")) {
        fprintf(stderr, "warpsim: --mode must be sk or mk, not '%s'\n", o->mode);
        return 2;
    }
    if (strcmp(o->engine, "percore") && strcmp(o->engine, "lockstep") && strcmp(o->engine, "auto")) {
        fprintf(stderr, "warpsim: --engine must be percore, lockstep or auto, not '%s'\n", o->engine);
        return 2;
    }
    if (strcmp(o->layout, "contiguous") && strcmp(o->layout, "interleaved") && strcmp(o->layout, "auto")) {
        fprintf(stderr, "warpsim: --layout must be contiguous, interleaved or auto, not '%s'\n", o->layout);
        return 2;
    }
    /* Each thread stages its core's context (about 400 bytes) in shared
     * memory, and a block may use 48 KiB of it without opting in. */
    if (o->block_size < 32 || o->block_size > 256 || o->block_size % 32) {
        fprintf(stderr, "warpsim: --block-size must be 32, 64, ..., 256 (a multiple of the warp size)\n");
        return 2;
    }
    if (o->stdin_core != OPTIONS_STDIN_ALL && o->stdin_core >= o->cores) {
        fprintf(stderr, "warpsim: --stdin-core %u: there are only %u cores (0 to %u)\n", o->stdin_core, o->cores,
                o->cores ? o->cores - 1 : 0);
        return 2;
    }
    if (sim_timing_by_name(o->timing) < 0) {
        fprintf(stderr, "warpsim: --timing must be none or unit-counts, not '%s'\n", o->timing);
        return 2;
    }
    o->program = argv[i];
    o->prog_argc = argc - i;
    o->prog_argv = argv + i;
    return 0;
}

int options_parse_report(report_options_t *r, int argc, char **argv)
{
    int i;
    if (opt_parse(CMD_REPORT, r, argc, argv, &i, "warpsim report", "warpsim report"))
        return 2;
    r->files = argv + i;
    r->nfiles = argc - i;
    return 0;
}

void options_ptx_defaults(ptx_options_t *p)
{
    memset(p, 0, sizeof *p);
    p->backend = "auto";
    p->ref_dir = "build/kernels/ptx/ref";
}

int options_parse_ptx(ptx_options_t *p, int argc, char **argv)
{
    int i;
    if (opt_parse(CMD_PTX, p, argc, argv, &i, "warpsim ptx", "warpsim"))
        return 2;
    if (i >= argc) {
        fprintf(stderr, "warpsim ptx: no launch file given (usage: warpsim ptx [options] FILE.launch)\n");
        return 2;
    }
    if (i + 1 < argc) {
        fprintf(stderr, "warpsim ptx: one launch file, then nothing: found '%s' after '%s' (options go first)\n",
                argv[i + 1], argv[i]);
        return 2;
    }
    if (strcmp(p->backend, "cpu") && strcmp(p->backend, "cuda") && strcmp(p->backend, "auto")) {
        fprintf(stderr, "warpsim ptx: --backend must be cpu, cuda or auto, not '%s'\n", p->backend);
        return 2;
    }
    char why[256];
    if (sm_mode_check(p->sync, p->quantum, why, sizeof why)) {
        fprintf(stderr, "warpsim ptx: %s\n", why);
        return 2;
    }
    if (p->report) {
        const char *dot = strrchr(p->report, '.');
        if (!dot || strcmp(dot, ".json")) {
            fprintf(stderr, "warpsim ptx: %s: report name must end in .json\n", p->report);
            return 2;
        }
    }
    if ((p->stats || p->timeline) && !p->timing) {
        fprintf(stderr, "warpsim ptx: --%s needs --timing (the figures are the SM model's)\n",
                p->stats ? "stats" : "timeline");
        return 2;
    }
    if (p->configs.count > 1 && (p->dump_dir || p->timeline || (p->stats && !strcmp(p->stats, "-")))) {
        fprintf(stderr, "warpsim ptx: with several --config, --dump-dir, --timeline and --stats - would mix the runs\n");
        return 2;
    }
    if (p->configs.count == 1)
        p->config = p->configs.items[0];
    if ((p->quantum || p->sync) && !p->timing) {
        fprintf(stderr, "warpsim ptx: --%s needs --timing (it is the SM model's)\n", p->quantum ? "quantum" : "sync");
        return 2;
    }
    if (p->timeline_every % 32) {
        fprintf(stderr, "warpsim ptx: --timeline-every %llu: not a multiple of 32 (the block scheduler's window)\n",
                (unsigned long long)p->timeline_every);
        return 2;
    }
    p->launch = argv[i];
    return 0;
}

void options_report_free(report_options_t *r)
{
    free(r->baselines.items);
    free(r->versus.items);
    memset(&r->baselines, 0, sizeof r->baselines);
    memset(&r->versus, 0, sizeof r->versus);
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
    char *save = NULL;
    char *name = strtok_r(line, " \t\r\n", &save);
    if (!name)
        return 0;
    char *value = strtok_r(NULL, " \t\r\n", &save);
    char *extra = value ? strtok_r(NULL, " \t\r\n", &save) : NULL;
    while (*name == '-')
        name++;
    const opt_row_t *r = opt_find(CMD_RUN, name);
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
        fprintf(stderr, "%s:%d: bad value '%s' for '%s' (expected %s%s)\n", path, lineno, value, name, r->arg,
                opt_range(r));
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

static void usage_rows(FILE *f, opt_cmd_t cmd)
{
    for (size_t i = 0; i < OPT_COUNT; i++) {
        const opt_row_t *r = &opt_table[i];
        char left[48];
        if (r->cmd != cmd)
            continue;
        int w = r->letter ? snprintf(left, sizeof left, "-%c, ", r->letter) : 0;
        snprintf(left + w, sizeof left - (size_t)w, "--%s%s%s", r->name, r->arg ? " " : "", r->arg ? r->arg : "");
        fprintf(f, "  %-28s %s\n", left, r->help);
    }
}

void options_usage(FILE *f)
{
    fprintf(f, "usage: warpsim run [options] PROG.elf [args...]\n"
               "       warpsim ptx [options] FILE.launch    (kernels/ptx/README.md)\n"
               "       warpsim cuda [options] -- PROG [args...]   (a CUDA program; warpsim cuda --help)\n"
               "       warpsim report [options] REPORT.json...\n"
               "       warpsim report --correlate DIR [options] REPORT.json...   (a card's counters, bench/hw/)\n"
               "       warpsim --version | --help\n\noptions of run:\n");
    usage_rows(f, CMD_RUN);
    fprintf(f, "\noptions of ptx:\n");
    usage_rows(f, CMD_PTX);
    fprintf(f, "\noptions of report:\n");
    usage_rows(f, CMD_REPORT);
}

void options_usage_report(FILE *f)
{
    usage_rows(f, CMD_REPORT);
}
