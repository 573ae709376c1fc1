/* The PTX workloads (kernels/ptx): every generated PTX file parses and
 * lowers to an executable program (ptx_prog_build), every workload has its
 * four variants, and each variant has the kernels its
 * launch file names, taking as many parameters, of the sizes, that the
 * launch file's `param` lines give. */
#include <dirent.h>

#include "device/ptx/ptx_grid.h"
#include "test_ptx_fixture.h"

#define WL_DIR "kernels/ptx"

static const char *const variants[] = {"sm_75", "sm_90", "sm_75.G", "clang"};
#define NVARIANTS (sizeof variants / sizeof variants[0])

typedef struct {
    char name[128];
    unsigned nparams;
    unsigned sizes[32];
} wl_kernel_t;

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && !strcmp(s + n - k, tail);
}

/* The bytes a `param TYPE ...` line passes: ptr is a 64-bit address. */
static unsigned param_size(const char *type)
{
    static const struct { const char *t; unsigned size; } sizes[] = {
        {"ptr", 8}, {"u8", 1}, {"s8", 1}, {"u16", 2}, {"s16", 2}, {"u32", 4}, {"s32", 4},
        {"u64", 8}, {"s64", 8}, {"f32", 4}, {"f64", 8}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (!strcmp(sizes[i].t, type))
            return sizes[i].size;
    cr_assert_fail("param type %s", type);
    return 0;
}

/* The launch file's kernels, in order (a kernel may appear more than once). */
static unsigned read_kernels(const char *path, wl_kernel_t *ks, unsigned max)
{
    FILE *f = fopen(path, "r");
    cr_assert(f != NULL, "%s", path);
    char line[512], w0[64], w1[128];
    unsigned n = 0;
    while (fgets(line, sizeof line, f)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        if (sscanf(line, "%63s %127s", w0, w1) != 2)
            continue;
        if (!strcmp(w0, "kernel")) {
            cr_assert(n < max, "%s: too many kernel lines", path);
            memset(&ks[n], 0, sizeof ks[n]);
            snprintf(ks[n].name, sizeof ks[n].name, "%s", w1);
            n++;
        } else if (!strcmp(w0, "param")) {
            cr_assert(n > 0, "%s: a param line before any kernel line", path);
            cr_assert(ks[n - 1].nparams < 32);
            ks[n - 1].sizes[ks[n - 1].nparams++] = param_size(w1);
        }
    }
    fclose(f);
    return n;
}

static void check_variant(const char *name, const char *variant, const wl_kernel_t *ks, unsigned nk)
{
    char path[512], err[512];
    snprintf(path, sizeof path, WL_DIR "/gen/%s.%s.ptx", name, variant);
    ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
    cr_assert(m != NULL, "%s", err);
    for (unsigned k = 0; k < nk; k++) {
        const ptx_func_t *f = ptx_find_kernel(m, ks[k].name);
        cr_assert(f != NULL, "%s: no kernel %s", path, ks[k].name);
        cr_assert_eq(f->nparams, ks[k].nparams, "%s: %s takes %u parameters, the launch file gives %u", path,
                     ks[k].name, f->nparams, ks[k].nparams);
        for (unsigned p = 0; p < f->nparams; p++)
            cr_assert_eq(f->params[p].size, ks[k].sizes[p], "%s: %s's parameter %u is %u bytes, the launch file's %u",
                         path, ks[k].name, p, (unsigned)f->params[p].size, ks[k].sizes[p]);
    }
    ptx_module_free(m);
}

Test(ptx_workloads, every_launch_file_matches_its_four_variants)
{
    DIR *d = opendir(WL_DIR);
    cr_assert(d != NULL, "run the tests from the repository's root (no %s here)", WL_DIR);
    unsigned launches = 0;
    struct dirent *e;
    static wl_kernel_t ks[64];
    while ((e = readdir(d))) {
        if (!ends_with(e->d_name, ".launch"))
            continue;
        char path[512], name[256];
        snprintf(path, sizeof path, WL_DIR "/%s", e->d_name);
        snprintf(name, sizeof name, "%.*s", (int)(strlen(e->d_name) - strlen(".launch")), e->d_name);
        unsigned nk = read_kernels(path, ks, 64);
        cr_assert(nk > 0, "%s names no kernel", path);
        for (unsigned v = 0; v < NVARIANTS; v++)
            check_variant(name, variants[v], ks, nk);
        launches++;
    }
    closedir(d);
    cr_expect_geq(launches, 20, "%u launch files", launches);
}

/* Every generated file parses and lowers, those of no launch file too. */
Test(ptx_workloads, every_generated_file_parses)
{
    DIR *d = opendir(WL_DIR "/gen");
    cr_assert(d != NULL);
    unsigned files = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!ends_with(e->d_name, ".ptx"))
            continue;
        char path[512], err[512];
        snprintf(path, sizeof path, WL_DIR "/gen/%s", e->d_name);
        ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
        cr_assert(m != NULL, "%s", err);
        struct ptx_prog *p = ptx_prog_build(m, path, err, sizeof err);
        cr_assert(p != NULL, "%s: does not lower: %s", path, err);
        ptx_prog_free(p);
        ptx_module_free(m);
        files++;
    }
    closedir(d);
    cr_expect_geq(files, 20 * NVARIANTS, "%u PTX files", files);
}
