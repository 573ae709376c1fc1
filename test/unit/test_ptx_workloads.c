/* The PTX workloads (kernels/ptx): every generated PTX file parses and
 * lowers to an executable program (ptx_prog_build); every launch file reads
 * with warpsim's reader, has a reference source, and its kernels are in all
 * four variants with parameters its `param` lines match (ptx_params_check,
 * the launcher's own test). Running them is `make ptx-workloads`. */
#include <dirent.h>
#include <unistd.h>

#include "device/ptx/ptx_grid.h"
#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_params.h"
#include "test_ptx_fixture.h"

#define WL_DIR "kernels/ptx"

static const char *const variants[] = {"sm_75", "sm_90", "sm_75.G", "clang"};
#define NVARIANTS (sizeof variants / sizeof variants[0])

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && !strcmp(s + n - k, tail);
}

static void check_variant(const ptx_launch_t *l, const char *name, const char *variant)
{
    char path[512], err[512];
    snprintf(path, sizeof path, WL_DIR "/gen/%s.%s.ptx", name, variant);
    ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
    cr_assert(m != NULL, "%s", err);
    for (uint32_t k = 0; k < l->nkernels; k++) {
        const ptx_func_t *f = ptx_find_kernel(m, l->kernels[k].name);
        cr_assert(f != NULL, "%s: no kernel %s", path, l->kernels[k].name);
        cr_assert_eq(ptx_params_check(l, &l->kernels[k], f, err, sizeof err), 0, "%s (%s)", err, path);
    }
    ptx_module_free(m);
}

static void check_launch(const char *file)
{
    char path[512], name[256], err[512], ref[512];
    snprintf(path, sizeof path, WL_DIR "/%s", file);
    snprintf(name, sizeof name, "%.*s", (int)(strlen(file) - strlen(".launch")), file);
    ptx_launch_t *l = ptx_launch_parse_file(path, err, sizeof err);
    cr_assert(l != NULL, "%s", err);
    cr_assert(l->nkernels > 0 && l->nchecks > 0, "%s: no kernel or no check", path);
    cr_assert(l->reference != NULL, "%s: no reference", path);
    snprintf(ref, sizeof ref, WL_DIR "/ref/%s.c", l->reference);
    cr_assert(access(ref, R_OK) == 0, "%s: no %s", path, ref);
    for (unsigned v = 0; v < NVARIANTS; v++)
        check_variant(l, name, variants[v]);
    ptx_launch_free(l);
}

Test(ptx_workloads, every_launch_file_matches_its_four_variants)
{
    DIR *d = opendir(WL_DIR);
    cr_assert(d != NULL, "run the tests from the repository's root (no %s here)", WL_DIR);
    unsigned launches = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (ends_with(e->d_name, ".launch")) {
            check_launch(e->d_name);
            launches++;
        }
    closedir(d);
    cr_expect_geq(launches, 20, "%u launch files", launches);
}

/* Every generated file parses and lowers, those of no launch file too. */
Test(ptx_workloads, every_generated_file_parses_and_lowers)
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
