/* warpsim command line: `warpsim run [options] PROG [args]`, `warpsim ptx [options] FILE.launch`,
 * `warpsim report ...`, --version, --help. */
#include <stdio.h>
#include <string.h>

#include "host/backend.h"
#include "host/report.h"
#include "host/report_cmd.h"
#include "host/ptx/ptx_cmd.h"

static void print_version(void)
{
    printf("warpsim 0.1.0\nbackends: cpu");
#ifdef WARPSIM_HAVE_CUDA
    char name[160];
    printf(", cuda (%s)", backend_cuda_available(name, sizeof name) ? name : "compiled in; no GPU found");
#else
    printf(" (built without nvcc: no cuda backend)");
#endif
    for (uint32_t i = SIM_ISA_NONE + 1; i < SIM_ISA_COUNT; i++)
        if (isa_host((sim_isa_t)i))
            printf("\nisa: %s (%s)", sim_isa_name(i), isa_host((sim_isa_t)i)->describe);
    /* PTX is not a core's ISA: kernels run through `warpsim ptx` */
    printf("\nptx: kernel launches (warpsim ptx): PTX ISA as nvcc 13 and clang emit it, sm_75 to sm_90\n");
}

static int choose_backend(const sim_options_t *o, int *use_cuda)
{
    char name[160];
    int timed = strcmp(o->timing, "none") != 0;
    *use_cuda = 0;
    if (!strcmp(o->backend, "cpu"))
        return 0;
    if (!strcmp(o->backend, "auto")) {
        /* the timing seam runs on the CPU backend */
        *use_cuda = !timed && backend_cuda_available(name, sizeof name);
        return 0;
    }
    if (strcmp(o->backend, "cuda")) {
        fprintf(stderr, "warpsim: unknown backend '%s' (cpu, cuda, auto)\n", o->backend);
        return 2;
    }
    if (timed) {
        fprintf(stderr, "warpsim: --timing %s runs on the CPU backend only (use --backend cpu)\n", o->timing);
        return 2;
    }
    if (!backend_cuda_available(name, sizeof name)) {
#ifdef WARPSIM_HAVE_CUDA
        fprintf(stderr, "warpsim: --backend cuda: no usable CUDA device found\n");
#else
        fprintf(stderr, "warpsim: --backend cuda: this warpsim was built without nvcc\n");
#endif
        return 2;
    }
    *use_cuda = 1;
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    sim_options_t o;
    options_defaults(&o);
    int rc = options_parse_run(&o, argc, argv);
    int use_cuda = 0;
    if (rc || (o.report && (rc = report_check_name(o.report))))
        return rc;
    /* The program is checked before the backend, so bad input reads the
     * same whichever backend was asked for. */
    sim_machine_t m;
    double t0 = now_seconds();
    if ((rc = machine_create(&m, &o)) || (rc = choose_backend(&o, &use_cuda))) {
        machine_free(&m);
        return rc;
    }
    if (use_cuda && m.image.wx_size) {
        /* each core's writable code is decoded from its window, which only
         * the CPU backend keeps in host memory (DESIGN.md, self-modifying code) */
        if (!strcmp(o.backend, "cuda")) {
            fprintf(stderr, "warpsim: %s: writable code (a W+X segment) runs on the CPU backend only\n",
                    o.program);
            machine_free(&m);
            return 2;
        }
        use_cuda = 0;
    }
    sim_outputs_t out;
    host_fs_t fs;
    sim_run_t r;
    memset(&r, 0, sizeof r);
    if (host_fs_init(&fs, 0, o.stdin_core, m.ncores, o.root, o.program)) {
        machine_free(&m);
        return 2;
    }
    if (outputs_open(&out, m.ncores, o.output_dir) || (o.output_dir && host_fs_set_output(&fs, o.output_dir))) {
        host_fs_free(&fs);
        machine_free(&m);
        return 2;
    }
    out.fs = &fs;
    double created = now_seconds() - t0;
    rc = use_cuda ? backend_cuda_run(&m, &o, &out, &r) : backend_cpu_run(&m, &o, &out, &r);
    r.init_seconds += created; /* setup: the machine (contexts, code, templates) and its memory */
    host_fs_free(&fs);
    if (rc) {
        machine_free(&m);
        return 2;
    }
    fflush(stdout);
    sim_summary_t s;
    report_summarize(&m, &r, &s);
    report_faults(stderr, &m);
    /* On stderr, as time(1) and perf stat print theirs: the program's
     * stdout stays what it would be natively. */
    if (!o.quiet)
        report_table(stderr, &m, &o, &r, &s);
    if (o.report && report_write(o.report, &m, &o, &r, &s))
        rc = 2;
    if (o.dump_state && machine_dump_state(&m, o.dump_state))
        rc = 2;
    int status = rc ? rc : report_exit_status(&m);
    machine_free(&m);
    return status;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
        print_version();
        return 0;
    }
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        options_usage(stdout);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "run"))
        return cmd_run(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "ptx"))
        return ptx_cmd_main(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "report"))
        return report_cmd_main(argc - 2, argv + 2);
    options_usage(stderr);
    return 2;
}
