/* cpu_launch NAME.so FILE.launch REFDIR: runs a workload's launch file on
 * its CUDA source compiled for the CPU (cuda_cpu.h), with the reference
 * protocol of ../README.md: initial buffers to DIR/NAME.bin, REFDIR/NAME DIR,
 * then the checks. Prints PASS or FAIL (and the worst error against each
 * tolerance); exit 1 on a failure. An independent reading of the launch
 * format: what it checks is the workload (source, launch file, reference),
 * not warpsim. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu_threads.h"
#include "ptx_fill.h"

#define MAX_BUFS 64
#define MAX_PARAMS 32
#define MAX_CHECKS 32
#define MAX_WORDS 12

typedef struct {
    char name[64], type[8];
    size_t count, elem;
    void *data;
} buffer_t;

typedef struct {
    char name[64];
    uint3 grid, block;
    int nparams, repeat;
    ffi_type *types[MAX_PARAMS];
    uint64_t values[MAX_PARAMS];
    void *args[MAX_PARAMS];
} launch_t;

static buffer_t bufs[MAX_BUFS];
static int nbufs;
static void *module;
static char dir[] = "/tmp/cpu_launch.XXXXXX";
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

static buffer_t *find_buffer(const char *name)
{
    for (int i = 0; i < nbufs; i++)
        if (!strcmp(bufs[i].name, name))
            return &bufs[i];
    die("no such buffer");
    return NULL;
}

static void store(buffer_t *b, size_t i, double f, long long v)
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

static void fill(buffer_t *b, char w[][64], int nw)
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

static void add_buffer(char w[][64], int nw)
{
    if (nw < 5 || nbufs == MAX_BUFS)
        die("buffer NAME TYPE COUNT FILL...");
    buffer_t *b = &bufs[nbufs++];
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
static void start_kernel(launch_t *k, char w[][64], int nw)
{
    unsigned *dims[2] = {&k->grid.x, &k->block.x};
    snprintf(k->name, sizeof k->name, "%s", w[1]);
    k->grid = k->block = (uint3){1, 1, 1};
    k->nparams = 0;
    int i = 2;
    for (int part = 0; part < 2; part++) {
        if (i >= nw || strcmp(w[i], part ? "block" : "grid"))
            die("kernel NAME grid X [Y [Z]] block X [Y [Z]]");
        i++;
        for (int d = 0; d < 3 && i < nw && w[i][0] >= '0' && w[i][0] <= '9'; d++)
            dims[part][d] = (unsigned)strtoul(w[i++], NULL, 0);
    }
}

static void add_param(launch_t *k, char w[][64], int nw)
{
    if (nw < 3 || k->nparams == MAX_PARAMS || !k->name[0])
        die("param TYPE VALUE, after a kernel line");
    int n = k->nparams++;
    uint64_t *v = &k->values[n];
    if (!strcmp(w[1], "ptr")) {
        char *plus = strchr(w[2], '+');
        size_t offset = plus ? count_of(plus + 1) : 0;
        if (plus)
            *plus = 0;
        *v = (uint64_t)(uintptr_t)((char *)find_buffer(w[2])->data + offset);
        k->types[n] = &ffi_type_pointer;
    } else if (!strcmp(w[1], "f32")) {
        float f = (float)atof(w[2]);
        memcpy(v, &f, 4);
        k->types[n] = &ffi_type_float;
    } else if (!strcmp(w[1], "f64")) {
        double d = atof(w[2]);
        memcpy(v, &d, 8);
        k->types[n] = &ffi_type_double;
    } else {
        long long x = strtoll(w[2], NULL, 0);
        size_t size = elem_size(w[1]);
        memcpy(v, &x, 8);
        k->types[n] = size == 8 ? &ffi_type_uint64 : size == 4 ? &ffi_type_uint32
                    : size == 2 ? &ffi_type_uint16 : &ffi_type_uint8;
    }
    k->args[n] = v;
}

static void run_kernel(launch_t *k)
{
    ffi_cif cif;
    void *fn = dlsym(module, k->name);
    if (!fn)
        die("no such kernel in the module");
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, k->nparams, &ffi_type_void, k->types) != FFI_OK)
        die("ffi_prep_cif");
    for (int r = 0; r < k->repeat; r++)
        if (cpu_run_grid(&cif, fn, k->args, k->grid, k->block))
            die("the kernel deadlocked");
    k->name[0] = 0;
    k->repeat = 1;
}

/* compares NAME with DIR/NAME.ref: `exact`, or `tol ABS [REL]` (floats) */
static int check(const char *name, const char *mode, double abs_tol, double rel_tol)
{
    buffer_t *b = find_buffer(name);
    size_t bytes = b->count * b->elem, bad = 0, first = 0;
    char p[256], *want = malloc(bytes + 1);
    snprintf(p, sizeof p, "%s/%.63s.ref", dir, name);
    FILE *f = fopen(p, "rb");
    size_t got = f ? fread(want, 1, bytes + 1, f) : 0;
    if (f)
        fclose(f);
    if (got != bytes) {
        printf("  %s: the reference wrote %zu bytes, not %zu\n", name, got, bytes);
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
        printf("  %s: %zu elements differ, the first at %zu\n", name, bad, first);
    else if (strcmp(mode, "exact"))
        printf("  %s: within tolerance; the worst error is %.3g of it\n", name, worst);
    free(want);
    return bad != 0;
}

static int run_reference(const char *refdir, const char *ref)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s/%s' '%s'", refdir, ref, dir);
    return system(cmd);
}

static int split(char *line, char w[][64])
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    int n = 0;
    for (char *tok = strtok(line, " \t\r\n"); tok && n < MAX_WORDS; tok = strtok(NULL, " \t\r\n"))
        snprintf(w[n++], 64, "%s", tok);
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s NAME.so FILE.launch REFDIR\n", argv[0]);
        return 2;
    }
    if (!(module = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL)) || !mkdtemp(dir)) {
        fprintf(stderr, "%s: %s\n", argv[1], dlerror());
        return 2;
    }
    path = argv[2];
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open");
    static launch_t k = {.repeat = 1};
    char line[1024], w[MAX_WORDS][64], checks[MAX_CHECKS][4][64], ref[64] = "";
    int nchecks = 0, wrote = 0;
    while (lineno++, fgets(line, sizeof line, f)) {
        int nw = split(line, w);
        if (!nw)
            continue;
        if (k.name[0] && strcmp(w[0], "param"))
            run_kernel(&k);
        if (!strcmp(w[0], "buffer"))
            add_buffer(w, nw);
        else if (!strcmp(w[0], "kernel")) {
            if (!wrote++)
                write_initial();
            start_kernel(&k, w, nw);
        } else if (!strcmp(w[0], "param"))
            add_param(&k, w, nw);
        else if (!strcmp(w[0], "repeat") && nw == 2)
            k.repeat = atoi(w[1]);
        else if (!strcmp(w[0], "check") && nw >= 3 && nchecks < MAX_CHECKS) {
            for (int i = 0; i < 4; i++)
                snprintf(checks[nchecks][i], 64, "%s", i + 1 < nw ? w[i + 1] : "0");
            nchecks++;
        } else if (!strcmp(w[0], "reference") && nw == 2)
            snprintf(ref, sizeof ref, "%s", w[1]);
        else if (strcmp(w[0], "module") && strcmp(w[0], "dump"))
            die("unknown directive");
    }
    if (k.name[0])
        run_kernel(&k);
    fclose(f);
    int failed = ref[0] && run_reference(argv[3], ref) ? (printf("  the reference failed\n"), 1) : 0;
    for (int c = 0; !failed && c < nchecks; c++)
        failed |= check(checks[c][0], checks[c][1], atof(checks[c][2]), atof(checks[c][3]));
    printf("%s %s\n", failed ? "FAIL" : "PASS", path);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd))
        fprintf(stderr, "cannot remove %s\n", dir);
    return failed;
}
