/* The launch-file reader of launch_reader.h. */
#define _GNU_SOURCE
#include "launch_reader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptx_fill.h"

#define MAX_BUFS 64
#define MAX_CHECKS 32
#define MAX_WORDS 12

typedef char words_t[MAX_WORDS][64];

static lr_buffer_t bufs[MAX_BUFS];
static int nbufs;
static char dir[] = "/tmp/launch_reader.XXXXXX";
static const char *path;
static int lineno;

static void die(const char *what)
{
    fprintf(stderr, "%s:%d: %s\n", path, lineno, what);
    exit(2);
}

static size_t count_of(const char *s)
{
    char *end;
    size_t v = strtoull(s, &end, 0);
    return *end == 'K' ? v << 10 : *end == 'M' ? v << 20 : v;
}

static size_t elem_size(const char *type)
{
    static const char *const names[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64"};
    static const size_t sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
    for (int i = 0; i < 10; i++)
        if (!strcmp(names[i], type))
            return sizes[i];
    die("unknown type");
    return 0;
}

static lr_buffer_t *find_buffer(const char *name)
{
    for (int i = 0; i < nbufs; i++)
        if (!strcmp(bufs[i].name, name))
            return &bufs[i];
    die("no such buffer");
    return NULL;
}

static void store(lr_buffer_t *b, size_t i, double f, long long v)
{
    char *p = (char *)b->data + i * b->elem;
    float f32 = (float)f;
    if (!strcmp(b->type, "f32"))
        memcpy(p, &f32, 4);
    else if (!strcmp(b->type, "f64"))
        memcpy(p, &f, 8);
    else
        memcpy(p, &v, b->elem); /* little-endian: the low bytes */
}

static void fill(lr_buffer_t *b, words_t w, int nw)
{
    int is_float = b->type[0] == 'f';
    for (size_t i = 0; i < b->count; i++) {
        if (!strcmp(w[4], "zero"))
            store(b, i, 0, 0);
        else if (!strcmp(w[4], "const") && nw > 5)
            store(b, i, atof(w[5]), strtoll(w[5], NULL, 0));
        else if (!strcmp(w[4], "seq") && nw > 6)
            store(b, i, atof(w[5]) + atof(w[6]) * i, strtoll(w[5], NULL, 0) + strtoll(w[6], NULL, 0) * (long long)i);
        else if (!strcmp(w[4], "random") && nw > 7) {
            uint64_t seed = strtoull(w[5], NULL, 0);
            if (is_float)
                store(b, i, ptx_fill_random_real(seed, i, atof(w[6]), atof(w[7])), 0);
            else
                store(b, i, 0, (long long)ptx_fill_random_int(seed, i, strtoll(w[6], NULL, 0), strtoll(w[7], NULL, 0)));
        } else
            die("unknown fill");
    }
}

static void add_buffer(words_t w, int nw)
{
    if (nw < 5 || nbufs == MAX_BUFS)
        die("buffer NAME TYPE COUNT FILL...");
    lr_buffer_t *b = &bufs[nbufs++];
    snprintf(b->name, sizeof b->name, "%s", w[1]);
    snprintf(b->type, sizeof b->type, "%s", w[2]);
    b->elem = elem_size(w[2]);
    b->count = count_of(w[3]);
    if (!(b->data = calloc(b->count, b->elem)))
        die("out of memory");
    fill(b, w, nw);
}

static void write_initial(void)
{
    for (int i = 0; i < nbufs; i++) {
        char p[256];
        snprintf(p, sizeof p, "%s/%.63s.bin", dir, bufs[i].name);
        FILE *f = fopen(p, "wb");
        if (!f || fwrite(bufs[i].data, bufs[i].elem, bufs[i].count, f) != bufs[i].count || fclose(f))
            die("cannot write the initial buffers");
    }
}

/* kernel NAME grid X [Y [Z]] block X [Y [Z]] [shared BYTES] */
static void start_kernel(lr_kernel_t *k, words_t w, int nw)
{
    unsigned *dims[2] = {k->grid, k->block};
    snprintf(k->name, sizeof k->name, "%s", w[1]);
    for (int d = 0; d < 3; d++)
        k->grid[d] = k->block[d] = 1;
    k->nparams = 0;
    k->shared = 0;
    int i = 2;
    for (int part = 0; part < 2; part++) {
        if (i >= nw || strcmp(w[i], part ? "block" : "grid"))
            die("kernel NAME grid X [Y [Z]] block X [Y [Z]] [shared BYTES]");
        i++;
        for (int d = 0; d < 3 && i < nw && w[i][0] >= '0' && w[i][0] <= '9'; d++)
            dims[part][d] = (unsigned)strtoul(w[i++], NULL, 0);
    }
    if (i + 1 < nw && !strcmp(w[i], "shared"))
        k->shared = (unsigned)count_of(w[i + 1]);
    else if (i < nw)
        die("kernel NAME grid X [Y [Z]] block X [Y [Z]] [shared BYTES]");
}

static void add_param(lr_kernel_t *k, words_t w, int nw)
{
    if (nw < 3 || k->nparams == LR_MAX_PARAMS || !k->name[0])
        die("param TYPE VALUE, after a kernel line");
    lr_param_t *p = &k->params[k->nparams++];
    memset(p, 0, sizeof *p);
    snprintf(p->type, sizeof p->type, "%s", w[1]);
    if (!strcmp(w[1], "ptr")) {
        char *plus = strchr(w[2], '+');
        p->offset = plus ? count_of(plus + 1) : 0;
        if (plus)
            *plus = 0;
        p->buf = find_buffer(w[2]);
        p->size = 8;
    } else if (!strcmp(w[1], "f32")) {
        float f = (float)atof(w[2]);
        memcpy(&p->bits, &f, 4);
        p->size = 4;
    } else if (!strcmp(w[1], "f64")) {
        double d = atof(w[2]);
        memcpy(&p->bits, &d, 8);
        p->size = 8;
    } else {
        long long x = strtoll(w[2], NULL, 0);
        p->size = elem_size(w[1]);
        memcpy(&p->bits, &x, 8);
    }
}

/* compares NAME with DIR/NAME.ref: `exact`, or `tol ABS [REL]` (floats) */
static int check(const char *name, const char *mode, double abs_tol, double rel_tol)
{
    lr_buffer_t *b = find_buffer(name);
    size_t bytes = b->count * b->elem, bad = 0, first = 0;
    char p[256], *want = malloc(bytes + 1);
    snprintf(p, sizeof p, "%s/%.63s.ref", dir, name);
    FILE *f = fopen(p, "rb");
    size_t got = f ? fread(want, 1, bytes + 1, f) : 0;
    if (f)
        fclose(f);
    if (got != bytes) {
        fprintf(stderr, "  %s: the reference wrote %zu bytes, not %zu\n", name, got, bytes);
        free(want);
        return 1;
    }
    double worst = 0;
    for (size_t i = 0; i < b->count; i++) {
        const char *a = (char *)b->data + i * b->elem, *e = want + i * b->elem;
        int differ;
        if (!strcmp(mode, "exact"))
            differ = memcmp(a, e, b->elem) != 0;
        else {
            float fa, fe;
            double x, y;
            if (b->elem == 4) {
                memcpy(&fa, a, 4), memcpy(&fe, e, 4);
                x = fa, y = fe;
            } else
                memcpy(&x, a, 8), memcpy(&y, e, 8);
            double ratio = fabs(x - y) / (abs_tol + rel_tol * fabs(y));
            worst = ratio > worst ? ratio : worst;
            differ = !(fabs(x - y) <= abs_tol + rel_tol * fabs(y));
        }
        if (differ && !bad++)
            first = i;
    }
    if (bad)
        fprintf(stderr, "  %s: %zu elements differ, the first at %zu\n", name, bad, first);
    else if (strcmp(mode, "exact"))
        fprintf(stderr, "  %s: within tolerance; the worst error is %.3g of it\n", name, worst);
    free(want);
    return bad != 0;
}

/* The reference's stdout to stderr, as warpsim ptx does. */
static int run_reference(const char *refdir, const char *ref)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s/%s' '%s' 1>&2", refdir, ref, dir);
    return system(cmd);
}

static int split(char *line, words_t w)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    int n = 0;
    for (char *tok = strtok(line, " \t\r\n"); tok && n < MAX_WORDS; tok = strtok(NULL, " \t\r\n"))
        snprintf(w[n++], 64, "%s", tok);
    return n;
}

typedef struct reading {
    lr_kernel_t k;
    int next_repeat, started, failed;
    char checks[MAX_CHECKS][4][64], ref[64];
    int nchecks;
} reading_t;

static void run_kernel(reading_t *R, const lr_driver_t *d)
{
    if (!R->failed && d->run(&R->k))
        R->failed = 1;
    R->k.name[0] = 0;
}

static void directive(reading_t *R, const lr_driver_t *d, words_t w, int nw)
{
    if (R->k.name[0] && strcmp(w[0], "param"))
        run_kernel(R, d);
    if (!strcmp(w[0], "buffer"))
        add_buffer(w, nw);
    else if (!strcmp(w[0], "kernel")) {
        if (!R->started++) {
            write_initial();
            R->failed |= d->start(bufs, nbufs) != 0;
        }
        start_kernel(&R->k, w, nw);
        R->k.repeat = R->next_repeat;
        R->next_repeat = 1;
    } else if (!strcmp(w[0], "param"))
        add_param(&R->k, w, nw);
    else if (!strcmp(w[0], "repeat") && nw == 2)
        R->next_repeat = atoi(w[1]);
    else if (!strcmp(w[0], "check") && nw >= 3 && R->nchecks < MAX_CHECKS) {
        for (int i = 0; i < 4; i++)
            snprintf(R->checks[R->nchecks][i], 64, "%s", i + 1 < nw ? w[i + 1] : "0");
        R->nchecks++;
    } else if (!strcmp(w[0], "reference") && nw == 2)
        snprintf(R->ref, sizeof R->ref, "%s", w[1]);
    else if (strcmp(w[0], "module") && strcmp(w[0], "dump"))
        die("unknown directive");
}

int lr_run(const char *file, const char *refdir, const lr_driver_t *d)
{
    path = file;
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open");
    if (!mkdtemp(dir))
        die("cannot make a directory for the reference");
    static reading_t R;
    R.next_repeat = 1;
    char line[1024];
    words_t w;
    while (lineno++, fgets(line, sizeof line, f)) {
        int nw = split(line, w);
        if (nw)
            directive(&R, d, w, nw);
    }
    if (R.k.name[0])
        run_kernel(&R, d);
    fclose(f);
    int failed = R.failed || (R.started && d->finish(bufs, nbufs));
    if (!failed && R.ref[0] && run_reference(refdir, R.ref))
        failed = (fprintf(stderr, "  the reference failed\n"), 1);
    for (int c = 0; !failed && c < R.nchecks; c++)
        failed |= check(R.checks[c][0], R.checks[c][1], atof(R.checks[c][2]), atof(R.checks[c][3]));
    fprintf(stderr, "%s %s\n", failed ? "FAIL" : "PASS", path);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd))
        fprintf(stderr, "cannot remove %s\n", dir);
    return failed;
}
