/* The PTX corpus (test/ptx/gen, from test/ptx/src by nvcc 13 and clang-19):
 * every file parses, and prints back to text that parses to the same IR. */
#include <dirent.h>

#include "test_ptx_fixture.h"

#define CORPUS "test/ptx/gen"

typedef struct {
    unsigned files, funcs, insns, by_flavour[6];
    unsigned ops[PTX_OP_COUNT];
} corpus_stats_t;

static const char *const flavours[6] = {".sm_75.ptx", ".sm_80.ptx", ".sm_86.ptx", ".sm_90.ptx", ".sm_75.G.ptx",
                                        ".clang.ptx"};

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && !strcmp(s + n - k, tail);
}

static void check_file(const char *path, corpus_stats_t *st)
{
    char err[512];
    ptx_module_t *m = ptx_parse_file(path, err, sizeof err);
    cr_assert(m != NULL, "%s", err);
    tp_round_trip(m);
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        st->funcs++;
        st->insns += m->funcs[f].ninsns;
        for (uint32_t i = 0; i < m->funcs[f].ninsns; i++)
            st->ops[m->funcs[f].insns[i].op]++;
    }
    ptx_module_free(m);
}

Test(ptx_corpus, every_file_parses_and_round_trips)
{
    corpus_stats_t st;
    memset(&st, 0, sizeof st);
    DIR *d = opendir(CORPUS);
    cr_assert(d != NULL, "run the tests from the repository's root (no %s here)", CORPUS);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!ends_with(e->d_name, ".ptx"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", CORPUS, e->d_name);
        check_file(path, &st);
        st.files++;
        for (int k = 0; k < 6; k++)
            st.by_flavour[k] += ends_with(e->d_name, flavours[k]) && (k == 4 || !ends_with(e->d_name, ".G.ptx"));
    }
    closedir(d);
    for (int k = 0; k < 6; k++)
        cr_expect_geq(st.by_flavour[k], 15, "%u files of flavour %s", st.by_flavour[k], flavours[k]);
    cr_expect_geq(st.insns, 10000);
    /* the corpus exercises the table: most rows appear in it */
    unsigned used = 0;
    for (int op = 0; op < PTX_OP_COUNT; op++)
        used += st.ops[op] != 0;
    cr_expect_geq(used, PTX_OP_COUNT * 3 / 4, "%u of %d ops appear in the corpus", used, PTX_OP_COUNT);
}
