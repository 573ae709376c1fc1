/* The launch file reader: every directive read into its fields, paths
 * taken from the file's folder, and each malformed line refused with
 * "FILE:LINE: expected ...". */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "host/ptx/ptx_launch.h"

static ptx_launch_t *parse_ok(const char *text)
{
    char err[512];
    ptx_launch_t *l = ptx_launch_parse_buffer("t.launch", "dir", text, err, sizeof err);
    cr_assert(l != NULL, "refused: %s\n--- text ---\n%s", err, text);
    return l;
}

static const char *parse_err(const char *text)
{
    static char err[512];
    ptx_launch_t *l = ptx_launch_parse_buffer("t.launch", "dir", text, err, sizeof err);
    cr_assert(l == NULL, "accepted:\n%s", text);
    return err;
}

#define VECADD                                \
    "module gen/vecadd.sm_75.ptx  # comment\n" \
    "buffer a f32 1M random 1 -1 1\n"         \
    "buffer b f32 1K seq 0 0.5\n"             \
    "buffer c f32 0x100000 zero\n"            \
    "buffer n s32 4 const -7\n"               \
    "buffer d u8 16 file in/d.bin\n"          \
    "\n"                                      \
    "kernel vecadd grid 4096 block 256\n"     \
    "param ptr a\n"                           \
    "param ptr b+16\n"                        \
    "param ptr c\n"                           \
    "param u32 1048576\n"                     \
    "repeat 3\n"                              \
    "kernel step grid 2 3 4 block 8 4 shared 1K\n" \
    "param f64 -2.5e-3\n"                     \
    "check c tol 1e-6\n"                      \
    "check n exact file want/n.bin\n"         \
    "check a tol 0 1e-5\n"                    \
    "dump c out/c.bin\n"                      \
    "reference vecadd\n"

Test(ptx_launch, reads_every_directive)
{
    ptx_launch_t *l = parse_ok(VECADD);
    cr_expect_str_eq(l->module, "dir/gen/vecadd.sm_75.ptx");
    cr_assert_eq(l->nbuffers, 5);
    cr_expect_eq(l->buffers[0].count, 1u << 20);
    cr_expect_eq(l->buffers[0].fill, PTX_FILL_RANDOM);
    cr_expect_eq(l->buffers[0].seed, 1);
    cr_expect_float_eq(l->buffers[0].a.f, -1.0, 0);
    cr_expect_eq(l->buffers[1].count, 1024);
    cr_expect_float_eq(l->buffers[1].b.f, 0.5, 0);
    cr_expect_eq(l->buffers[2].count, 0x100000);
    cr_expect_eq(l->buffers[3].type, PTX_E_S32);
    cr_expect_eq(l->buffers[3].a.u, (uint64_t)-7);
    cr_expect_str_eq(l->buffers[4].path, "dir/in/d.bin");
    cr_assert_eq(l->nkernels, 2);
    ptx_kernel_decl_t *k = &l->kernels[0];
    cr_expect_str_eq(k->name, "vecadd");
    cr_expect_eq(k->grid[0], 4096);
    cr_expect_eq(k->grid[1], 1);
    cr_expect_eq(k->block[0], 256);
    cr_expect_eq(k->repeat, 1);
    cr_assert_eq(k->nparams, 4);
    cr_expect_eq(k->params[1].kind, PTX_PARAM_PTR);
    cr_expect_eq(k->params[1].buffer, 1);
    cr_expect_eq(k->params[1].offset, 16);
    cr_expect_eq(k->params[3].type, PTX_E_U32);
    cr_expect_eq(k->params[3].value.u, 1048576);
    cr_expect_eq(k->params[3].line, 12);
    k = &l->kernels[1];
    cr_expect_eq(k->repeat, 3);
    cr_expect(k->grid[0] == 2 && k->grid[1] == 3 && k->grid[2] == 4);
    cr_expect(k->block[0] == 8 && k->block[1] == 4 && k->block[2] == 1);
    cr_expect_eq(k->shared, 1024);
    cr_expect_float_eq(k->params[0].value.f, -2.5e-3, 0);
    cr_assert_eq(l->nchecks, 3);
    cr_expect(!l->checks[0].exact);
    cr_expect_float_eq(l->checks[0].abs, 1e-6, 0);
    cr_expect_null(l->checks[0].file);
    cr_expect(l->checks[1].exact);
    cr_expect_str_eq(l->checks[1].file, "dir/want/n.bin");
    cr_expect_float_eq(l->checks[2].rel, 1e-5, 0);
    cr_assert_eq(l->ndumps, 1);
    cr_expect_str_eq(l->dumps[0].path, "dir/out/c.bin");
    cr_expect_str_eq(l->reference, "vecadd");
    ptx_launch_free(l);
}

/* A design sweep (several --config) reads the launch file on several
 * threads at once: each read is its own (strtok's shared position once
 * made one thread's words another's, "expected a fill ... found '-1'"). */
static void *parse_many(void *arg)
{
    long bad = 0;
    for (int i = 0; i < 400; i++) {
        char err[512];
        ptx_launch_t *l = ptx_launch_parse_buffer("t.launch", "dir", VECADD, err, sizeof err);
        bad += !l || l->nbuffers != 5 || l->nkernels != 2 || l->kernels[0].nparams != 4 || l->nchecks != 3;
        ptx_launch_free(l);
    }
    return (void *)bad;
}

Test(ptx_launch, reads_on_threads_at_once)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, parse_many, NULL), 0);
    long bad = 0;
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad += (long)r;
    }
    cr_expect_eq(bad, 0, "%ld of 1600 reads went wrong", bad);
}

Test(ptx_launch, absolute_paths_stay)
{
    ptx_launch_t *l = parse_ok("module /abs/k.ptx\nkernel k grid 1 block 1\n");
    cr_expect_str_eq(l->module, "/abs/k.ptx");
    ptx_launch_free(l);
}

Test(ptx_launch, a_file_takes_paths_from_its_folder)
{
    char dir[] = "/tmp/ptx_launch_XXXXXX", path[64], err[256];
    cr_assert(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/x.launch", dir);
    FILE *f = fopen(path, "w");
    fputs("module k.ptx\nkernel k grid 1 block 32\n", f);
    fclose(f);
    ptx_launch_t *l = ptx_launch_parse_file(path, err, sizeof err);
    cr_assert(l, "%s", err);
    char want[80];
    snprintf(want, sizeof want, "%s/k.ptx", dir);
    cr_expect_str_eq(l->module, want);
    ptx_launch_free(l);
    remove(path);
    rmdir(dir);
    cr_expect_null(ptx_launch_parse_file(path, err, sizeof err));
    cr_expect(strstr(err, path) != NULL, "%s", err);
}

typedef struct bad_case {
    const char *text;
    const char *want;   /* the whole message after "t.launch:" */
} bad_case_t;

#define HEAD "module k.ptx\n"
ParameterizedTestParameters(ptx_launch, refuses_with_the_line)
{
    static bad_case_t cases[] = {
        {HEAD "bogus 1\n", "2: expected a directive (module, buffer, kernel, param, repeat, check, dump, reference), found 'bogus'"},
        {HEAD "buffer a f31 4 zero\n", "2: expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found 'f31'"},
        {HEAD "buffer a f32 4\n", "2: expected a fill: zero, const V, seq START STEP, random SEED LO HI or file PATH"},
        {HEAD "buffer a f32 4 zero 1\n", "2: expected the end of the line, found '1'"},
        {HEAD "buffer a f32 4Q zero\n", "2: expected an element count (K, M suffixes), found '4Q'"},
        {HEAD "buffer a f32 0 zero\n", "2: expected an element count from 1 to 274877906944, found '0'"},
        {HEAD "buffer a u8 4 const 256\n", "2: expected a value of type u8 in range, found '256'"},
        {HEAD "buffer a u8 4 const -1\n", "2: expected a value of type u8 in range, found '-1'"},
        {HEAD "buffer a s8 4 const -129\n", "2: expected a value of type s8 in range, found '-129'"},
        {HEAD "buffer a f32 4 const x\n", "2: expected a value of type f32, found 'x'"},
        {HEAD "buffer a s32 4 random 1 5 -5\n", "2: expected LO <= HI, found 5 -5"},
        {HEAD "buffer a f32 4 zero\nbuffer a f32 4 zero\n", "3: expected a new buffer name, 'a' is declared above"},
        {HEAD "param u32 1\n", "2: expected a 'kernel' line before its 'param' lines"},
        {HEAD "kernel k grid 1 block\n", "2: expected block dimensions"},
        {HEAD "kernel k grid 0 block 1\n", "2: expected grid dimensions from 1 to 4294967295, found '0'"},
        {HEAD "kernel k block 1\n", "2: expected 'grid' after the kernel name, found 'block'"},
        {HEAD "kernel k grid 1 2 3 4 block 1\n", "2: expected 'block' after the grid, found '4'"},
        {HEAD "kernel k grid 1 block 1 shared\n", "2: expected the dynamic shared memory's bytes"},
        {HEAD "kernel k grid 1 block 1\nparam ptr a\n", "3: expected a buffer declared above, found 'a'"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\nparam ptr a+5\n",
         "4: expected an offset within a's 4 bytes, found 5"},
        {HEAD "kernel k grid 1 block 1\nparam f16 1\n",
         "3: expected a parameter type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64 ptr), found 'f16'"},
        {HEAD "repeat 2\nbuffer a u8 4 zero\n", "3: expected a 'kernel' line after the 'repeat' on line 2"},
        {HEAD "kernel k grid 1 block 1\nrepeat 2\n", "3: expected a 'kernel' line after 'repeat'"},
        {HEAD "repeat 0\n", "2: expected a repeat count from 1 to 4294967295, found '0'"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\ncheck a\n", "4: expected 'exact' or 'tol ABS [REL]'"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\ncheck a tol -1 file x\n",
         "4: expected tolerances of 0 or more"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\ncheck a exact\n",
         "4: expected 'file PATH' at the end (there is no 'reference' line)"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\ncheck a exact fille x\n",
         "4: expected 'file PATH' or the end of the line, found 'fille'"},
        {HEAD "buffer a u8 4 zero\nkernel k grid 1 block 1\ndump a\n", "4: expected a file to dump the buffer to"},
        {HEAD "module k2.ptx\n", "2: expected one 'module' line (the first is on line 1)"},
        {HEAD "reference a\nreference b\n", "3: expected one 'reference' line (the first is on line 2)"},
        {HEAD "reference ../x\n", "2: expected a program name (letters, digits, _), found '../x'"},
        {"kernel k grid 1 block 1\n", "1: expected a 'module PATH' line (or --module)"},
        {HEAD "buffer a u8 4 zero\n", "1: expected at least one 'kernel' line"},
    };
    return cr_make_param_array(bad_case_t, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(bad_case_t *c, ptx_launch, refuses_with_the_line)
{
    char want[512];
    snprintf(want, sizeof want, "t.launch:%s", c->want);
    cr_expect_str_eq(parse_err(c->text), want, "for:\n%s", c->text);
}
