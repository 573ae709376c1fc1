/* warpsim command line: `warpsim run [options] PROG [args]`, `warpsim ptx [options] FILE.launch`,
 * `warpsim cuda [options] -- PROG [args]`, `warpsim report ...`, --version, --help. */
#include <stdio.h>
#include <string.h>

#include "host/backend.h"
#include "host/gpu_memory.h"
#include "host/report.h"
#include "host/report_cmd.h"
#include "host/ptx/ptx_cmd.h"
#include "host/cuda_cmd.h"

static void print_version(void)
{
    printf("warpsim 0.1.0\nbackends: cpu");
#ifdef WARPSIM_HAVE_CUDA
    cuda_device_t d;
    if (backend_cuda_probe(&d))
        printf(", cuda (%s)", d.name);
    else
        printf(", cuda (compiled in; %s)", d.why);
#else
    printf(" (built without nvcc: no cuda backend)");
#endif
    for (uint32_t i = SIM_ISA_NONE + 1; i < SIM_ISA_COUNT; i++)
        if (isa_host((sim_isa_t)i))
            printf("\nisa: %s (%s)", sim_isa_name(i), isa_describe((sim_isa_t)i));
    /* PTX is not a core's ISA: kernels run through `warpsim ptx` */
    printf("\nptx: kernel launches (warpsim ptx): PTX ISA as nvcc 13 and clang emit it, sm_75 to sm_90\n");
}

/* The card's capacity for this program, or 0 with a line on stderr (a note
 * when auto falls back to the CPU, an error for --backend cuda): the GPU
 * backend commits every core's private window up front. */
static uint64_t cuda_capacity(const sim_machine_t *m, const sim_options_t *o, const cuda_device_t *d, int is_auto)
{
    gpu_footprint_t f = gpu_footprint(m, o);
    uint64_t max = gpu_max_cores(d->free_bytes, &f);
    if (m->ncores <= max)
        return max;
    fprintf(stderr, "warpsim: %s%s has %llu MiB free, which holds at most %llu cores of this program "
            "(%llu bytes each, committed up front); %u asked for%s\n", is_auto ? "note: " : "--backend cuda: ",
            d->name, (unsigned long long)(d->free_bytes >> 20), (unsigned long long)max,
            (unsigned long long)f.per_core, m->ncores, is_auto ? ": running on the CPU backend" : "");
    return 0;
}

/* cpu, cuda or auto (the GPU when one can run this program, else the CPU);
 * *gpu_max: the card's capacity, when it runs on the GPU. */
static int choose_backend(const sim_machine_t *m, const sim_options_t *o, int *use_cuda, uint64_t *gpu_max)
{
    cuda_device_t d;
    int timed = strcmp(o->timing, "none") != 0, is_auto = !strcmp(o->backend, "auto");
    *use_cuda = 0;
    if (!strcmp(o->backend, "cpu") || (is_auto && timed)) /* the timing seam runs on the CPU backend */
        return 0;
    if (!is_auto && strcmp(o->backend, "cuda")) {
        fprintf(stderr, "warpsim: unknown backend '%s' (cpu, cuda, auto)\n", o->backend);
        return 2;
    }
    if (timed) {
        fprintf(stderr, "warpsim: --timing %s runs on the CPU backend only (use --backend cpu)\n", o->timing);
        return 2;
    }
    if (!backend_cuda_probe(&d)) {
        if (!is_auto)
            fprintf(stderr, "warpsim: --backend cuda: %s\n", d.why);
        else if (d.present) /* a GPU is there but cannot run the kernel: say why the CPU runs */
            fprintf(stderr, "warpsim: note: %s: running on the CPU backend\n", d.why);
        return is_auto ? 0 : 2;
    }
    *gpu_max = cuda_capacity(m, o, &d, is_auto);
    if (!*gpu_max)
        return is_auto ? 0 : 2;
    *use_cuda = 1;
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    sim_options_t o;
    options_defaults(&o);
    int rc = options_parse_run(&o, argc, argv);
    int use_cuda = 0;
    uint64_t gpu_max = 0;
    if (rc || (o.report && (rc = report_check_name(o.report))))
        return rc;
    /* The program is checked before the backend, so bad input reads the
     * same whichever backend was asked for. */
    sim_machine_t m;
    double t0 = now_seconds();
    if ((rc = machine_create(&m, &o)) || (rc = choose_backend(&m, &o, &use_cuda, &gpu_max))) {
        machine_free(&m);
        return rc;
    }
    if (use_cuda && (m.image.wx_size || m.image.exec_stack)) {
        /* each core's code in its window is decoded from the window, which
         * only the CPU backend keeps in host memory (DESIGN.md, code written
         * at run time) */
        if (!strcmp(o.backend, "cuda")) {
            fprintf(stderr, "warpsim: %s: writable code (%s) runs on the CPU backend only\n", o.program,
                    m.image.wx_size ? "a W+X segment" : "an executable stack, PT_GNU_STACK");
            machine_free(&m);
            return 2;
        }
        use_cuda = 0;
    }
    sim_outputs_t out;
    host_fs_t fs;
    sim_run_t r;
    memset(&r, 0, sizeof r);
    r.gpu_max_cores = use_cuda ? gpu_max : 0;
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
    /* the GPU runs one engine (its warps share each fetch) on one layout */
    if (use_cuda && !strcmp(o.layout, "contiguous"))
        fprintf(stderr, "warpsim: --layout contiguous: the CUDA backend's private memory is interleaved\n");
    if (use_cuda && strcmp(o.engine, "percore"))
        fprintf(stderr, "warpsim: --engine %s: a CPU backend option; the CUDA backend's warps share each fetch\n",
                o.engine);
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
    if (argc >= 2 && !strcmp(argv[1], "cuda"))
        return cuda_cmd_main(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "report"))
        return report_cmd_main(argc - 2, argv + 2);
    options_usage(stderr);
    return 2;
}
