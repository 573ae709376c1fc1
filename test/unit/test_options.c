/* The one option parser (getopt_long over options.c's table): both forms of
 * a value, "--", the program and its argv left alone, and the errors. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/options.h"

#define TO_ARGC(a) ((int)(sizeof(a) / sizeof(a)[0]))

static int to_run(sim_options_t *o, int argc, const char **argv)
{
    options_defaults(o);
    return options_parse_run(o, argc, (char **)argv);
}

Test(options, values_program_and_its_argv)
{
    const char *argv[] = {"--cores", "8", "--heap=1M", "--quiet", "prog.elf", "--cores", "3", "-x", "--"};
    sim_options_t o;
    cr_assert_eq(to_run(&o, TO_ARGC(argv), argv), 0);
    cr_expect_eq(o.cores, 8);
    cr_expect_eq(o.heap_size, 1u << 20);
    cr_expect_eq(o.quiet, 1);
    cr_expect_str_eq(o.program, "prog.elf");
    cr_expect_eq(o.prog_argc, 5, "everything after the program is its argv, not permuted");
    cr_expect_eq(o.prog_argv, (char **)argv + 4);
}

Test(options, double_dash_ends_the_options)
{
    const char *argv[] = {"--cores=2", "--", "--weird-name", "a"};
    sim_options_t o;
    cr_assert_eq(to_run(&o, TO_ARGC(argv), argv), 0);
    cr_expect_eq(o.cores, 2);
    cr_expect_str_eq(o.program, "--weird-name");
    cr_expect_eq(o.prog_argc, 2);
}

Test(options, parses_again_from_the_start)
{
    const char *a[] = {"--cores", "4", "p"}, *b[] = {"--threads", "2", "q"};
    sim_options_t o;
    cr_assert_eq(to_run(&o, TO_ARGC(a), a), 0);
    cr_assert_eq(to_run(&o, TO_ARGC(b), b), 0);
    cr_expect_eq(o.threads, 2);
    cr_expect_eq(o.cores, 1);
    cr_expect_str_eq(o.program, "q");
}

/* argv must fail with exit status 2 and one line on stderr holding want. */
static void to_refused(const char **argv, int argc, const char *want)
{
    sim_options_t o;
    char line[256] = "";
    FILE *err = tmpfile();
    cr_assert_not_null(err);
    int saved = dup(2);
    fflush(stderr);
    dup2(fileno(err), 2);
    int rc = to_run(&o, argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(err);
    cr_expect_eq(rc, 2, "%s: accepted", want);
    cr_expect_not_null(fgets(line, sizeof line, err));
    cr_expect(strstr(line, want) != NULL, "'%s' lacks '%s'", line, want);
    cr_expect_null(fgets(line, sizeof line, err), "more than one line: %s", line);
    fclose(err);
}

#define TO_REFUSED(want, ...)                                  \
    do {                                                       \
        const char *argv_[] = {__VA_ARGS__};                   \
        to_refused(argv_, TO_ARGC(argv_), want);               \
    } while (0)

Test(options, errors)
{
    TO_REFUSED("unknown option '--bogus'", "--bogus", "p");
    TO_REFUSED("unknown option '--bogus'", "--bogus=1", "p");
    TO_REFUSED("unknown option '-q'", "-q", "p");
    TO_REFUSED("ambiguous option '--b'", "--b", "cpu", "p");
    TO_REFUSED("'--cores' needs a value (N)", "--cores");
    TO_REFUSED("'--quiet' takes no value", "--quiet=yes", "p");
    TO_REFUSED("bad value 'many' for --cores", "--cores", "many", "p");
    TO_REFUSED("bad value '4G' for --cores", "--cores=4G", "p");
    TO_REFUSED("no program given", "--cores", "2");
    TO_REFUSED("no program given", "--");
    TO_REFUSED("--mode must be sk or mk", "--mode", "xk", "p");
    TO_REFUSED("--block-size must be", "--block-size", "48", "p");
    TO_REFUSED("bad value '0' for --quantum (expected N, from 1)", "--quantum", "0", "p");
}

Test(options, config_file_lines)
{
    char path[] = "/tmp/test_options_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    const char *text = "# a machine\n-cores 16   # sixteen\n\n--stack 64K\n-quiet\n";
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    const char *argv[] = {"--config", path, "--cores", "32", "p"};
    sim_options_t o;
    cr_assert_eq(to_run(&o, TO_ARGC(argv), argv), 0);
    cr_expect_eq(o.cores, 32, "later options win");
    cr_expect_eq(o.stack_size, 64u << 10);
    cr_expect_eq(o.quiet, 1);
    cr_expect_str_eq(o.config, path);
    FILE *f = fopen(path, "w");
    fputs("-cores 4\n-frobnicate 3\n", f);
    fclose(f);
    char want[256]; /* the path and the longest message below */
    snprintf(want, sizeof want, "%s:2: unknown option 'frobnicate'", path);
    TO_REFUSED(want, "--config", path, "p");
    f = fopen(path, "w");
    fputs("-cores\n", f);
    fclose(f);
    snprintf(want, sizeof want, "%s:1: option 'cores' takes exactly one value", path);
    TO_REFUSED(want, "--config", path, "p");
    unlink(path);
}

Test(options, report_options)
{
    const char *argv[] = {"--format=csv", "--baseline", "b.json", "-h", "--", "--r.json", "s.json"};
    report_options_t r = {.format = "table"};
    cr_assert_eq(options_parse_report(&r, TO_ARGC(argv), (char **)argv), 0);
    cr_expect_str_eq(r.format, "csv");
    cr_expect_eq(r.baselines.count, 1);
    cr_expect_str_eq(r.baselines.items[0], "b.json");
    cr_expect_eq(r.help, 1);
    cr_expect_eq(r.nfiles, 2);
    cr_expect_str_eq(r.files[0], "--r.json");
    options_report_free(&r);
}

static int to_ptx(ptx_options_t *p, int argc, const char **argv)
{
    options_ptx_defaults(p);
    return options_parse_ptx(p, argc, (char **)argv);
}

Test(options, ptx_values_and_its_launch_file)
{
    const char *argv[] = {"--config=configs/gpu/a100.cfg", "--threads", "3", "--quiet", "--max-insns", "1K", "x.launch"};
    ptx_options_t p;
    cr_assert_eq(to_ptx(&p, TO_ARGC(argv), argv), 0);
    cr_expect_str_eq(p.config, "configs/gpu/a100.cfg");
    cr_expect_eq(p.threads, 3);
    cr_expect_eq(p.quiet, 1);
    cr_expect_eq(p.max_insns, 1024);
    cr_expect_str_eq(p.backend, "auto");
    cr_expect_str_eq(p.ref_dir, "build/kernels/ptx/ref");
    cr_expect_str_eq(p.launch, "x.launch");
}

Test(options, ptx_errors, .init = cr_redirect_stderr)
{
    ptx_options_t p;
    const char *none[] = {"--quiet"};
    cr_expect_eq(to_ptx(&p, TO_ARGC(none), none), 2);
    const char *two[] = {"a.launch", "b.launch"};
    cr_expect_eq(to_ptx(&p, TO_ARGC(two), two), 2);
    const char *backend[] = {"--backend", "fpga", "a.launch"};
    cr_expect_eq(to_ptx(&p, TO_ARGC(backend), backend), 2);
    const char *csv[] = {"--report", "r.csv", "a.launch"};
    cr_expect_eq(to_ptx(&p, TO_ARGC(csv), csv), 2);
    const char *runopt[] = {"--cores", "4", "a.launch"};
    cr_expect_eq(to_ptx(&p, TO_ARGC(runopt), runopt), 2, "run's options are not ptx's");
    fflush(stderr);
    cr_expect_stderr_eq_str("warpsim ptx: no launch file given (usage: warpsim ptx [options] FILE.launch)\n"
                            "warpsim ptx: one launch file, then nothing: found 'b.launch' after 'a.launch' (options go first)\n"
                            "warpsim ptx: --backend must be cpu, cuda or auto, not 'fpga'\n"
                            "warpsim ptx: r.csv: report name must end in .json\n"
                            "warpsim ptx: unknown option '--cores' (see warpsim --help)\n");
}
