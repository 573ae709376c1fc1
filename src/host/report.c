#include "report.h"

#include <errno.h>
#include <string.h>

#include "device/sim_isa.h"
#include "host/isa.h"
#include "host/report_json.h"
#include "host/report_timing.h"

#define WARPSIM_VERSION "0.1.0"

static const char *const fault_desc[] = {
#define FAULT_DESC(name, desc) desc,
    SIM_FAULT_LIST(FAULT_DESC)
#undef FAULT_DESC
};

/* Signals a Linux kernel would have sent for each fault, for exit statuses
 * that match qemu-user's (128 + signal). */
static int fault_signal(uint32_t reason, uint32_t code)
{
    switch (reason) {
    case SIM_FAULT_UNDEF: return 4;  /* SIGILL */
    case SIM_FAULT_BKPT: return 5;   /* SIGTRAP */
    case SIM_FAULT_SIGNAL: return (int)code;
    case SIM_FAULT_INSN_LIMIT: return 24; /* SIGXCPU */
    case SIM_FAULT_ALIGN: return 7;  /* SIGBUS */
    case SIM_FAULT_DIVIDE: return 8;      /* SIGFPE */
    default: return 11;              /* SIGSEGV */
    }
}

const char *report_status_name(uint32_t status)
{
    switch (status) {
    case SIM_RUNNING: return "running";
    case SIM_HALTED: return "halted";
    case SIM_FAULTED: return "faulted";
    case SIM_WAIT_BARRIER: return "waiting-barrier";
    case SIM_WAIT_HOST: return "waiting-host";
    default: return "unknown";
    }
}

#define F(name) SIM_SYS_FIELD(name)

static uint64_t core_icount(const sim_machine_t *m, uint32_t c) { return machine_icount(m, c); }

void report_summarize(const sim_machine_t *m, const sim_run_t *r, sim_summary_t *s)
{
    memset(s, 0, sizeof *s);
    for (uint32_t c = 0; c < m->ncores; c++) {
        uint32_t st = *machine_sys(m, F(status), c);
        s->total_insns += core_icount(m, c);
        s->halted += st == SIM_HALTED;
        s->faulted += st == SIM_FAULTED;
        s->unfinished += st != SIM_HALTED && st != SIM_FAULTED;
        s->enosys_cores += *machine_sys(m, F(enosys_count), c) != 0;
    }
    s->mips = r->wall_seconds > 0 ? s->total_insns / r->wall_seconds / 1e6 : 0;
}

/* An undefined instruction: its word, or its first bytes for an ISA of
 * variable-length encodings. */
static void report_undef_insn(FILE *f, const sim_machine_t *m, uint32_t insn)
{
    if (m->ih && m->ih->undef_bytes)
        fprintf(f, " (bytes %02x %02x %02x %02x)", insn & 0xffu, (insn >> 8) & 0xffu, (insn >> 16) & 0xffu, insn >> 24);
    else
        fprintf(f, " (word 0x%08x)", insn);
}

void report_faults(FILE *f, const sim_machine_t *m)
{
    uint32_t shown = 0, total = 0;
    for (uint32_t c = 0; c < m->ncores; c++) {
        if (*machine_sys(m, F(status), c) != SIM_FAULTED)
            continue;
        if (++total > 4)
            continue;
        uint32_t reason = *machine_sys(m, F(fault_reason), c);
        uint32_t pc = *machine_sys(m, F(fault_pc), c);
        uint32_t addr = *machine_sys(m, F(fault_addr), c);
        fprintf(f, "warpsim: core %u faulted at pc 0x%08x: %s", c, pc,
                reason < SIM_FAULT_COUNT ? fault_desc[reason] : "unknown");
        if (reason == SIM_FAULT_READ || reason == SIM_FAULT_WRITE || reason == SIM_FAULT_ALIGN)
            fprintf(f, " (address 0x%08x)", addr);
        if (reason == SIM_FAULT_UNDEF)
            report_undef_insn(f, m, *machine_sys(m, F(fault_insn), c));
        if (reason == SIM_FAULT_SIGNAL)
            fprintf(f, " (signal %u)", *machine_sys(m, F(exit_code), c));
        fputc('\n', f);
        shown++;
    }
    if (total > shown)
        fprintf(f, "warpsim: %u cores faulted in all (first %u shown)\n", total, shown);
}

int report_exit_status(const sim_machine_t *m)
{
    uint32_t st = *machine_sys(m, F(status), 0);
    uint32_t code = *machine_sys(m, F(exit_code), 0);
    if (st == SIM_HALTED)
        return (int)(code & 0xff);
    if (st == SIM_FAULTED)
        return 128 + fault_signal(*machine_sys(m, F(fault_reason), 0), code);
    return 125; /* stopped while waiting: cannot happen unless a service is lost */
}

void report_table(FILE *f, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                  const sim_summary_t *s)
{
    fprintf(f, "\nwarpsim %s: %s, %u cores, %s backend (%s, %d %s)\n", WARPSIM_VERSION, sim_isa_name(m->isa), m->ncores,
            r->backend, r->device, r->threads, !strcmp(r->backend, "cpu") ? "threads" : "threads/block");
    fprintf(f, "  %-22s %20llu\n", "instructions", (unsigned long long)s->total_insns);
    fprintf(f, "  %-22s %20.3f\n", "wall seconds", r->wall_seconds);
    fprintf(f, "  %-22s %20.1f\n", "MIPS", s->mips);
    fprintf(f, "  %-22s %20.3f\n", "setup seconds", r->init_seconds);
    if (r->engine)
        fprintf(f, "  %-22s %20s\n", "engine", r->engine);
    if (r->layout)
        fprintf(f, "  %-22s %20s\n", "memory layout", r->layout);
    if (r->lanes > 0.0)
        fprintf(f, "  %-22s %20.2f\n", "lanes per record", r->lanes);
    fprintf(f, "  %-22s %20llu\n", "bytes per core", (unsigned long long)machine_bytes_per_core(m));
    if (r->gpu_max_cores) /* the card commits every core's window up front */
        fprintf(f, "  %-22s %20llu\n", "GPU max cores", (unsigned long long)r->gpu_max_cores);
    fprintf(f, "  %-22s %10u halted %u faulted %u unfinished\n", "cores", s->halted, s->faulted,
            s->unfinished);
    fprintf(f, "  %-22s %20llu\n", "core 0 instructions", (unsigned long long)core_icount(m, 0));
    if (s->enosys_cores)
        fprintf(f, "  %-22s %20u\n", "cores with ENOSYS", s->enosys_cores);
    report_timing_table(f, m);
}

/* One per_core element; NULL when out of memory. */
static json_t *core_json(const sim_machine_t *m, uint32_t c)
{
    uint32_t st = *machine_sys(m, F(status), c), en = *machine_sys(m, F(enosys_count), c);
    json_t *j = json_pack("{s:I, s:I, s:I, s:s}", "core", (json_int_t)c, "instructions",
                          (json_int_t)core_icount(m, c), "exit_code",
                          (json_int_t)*machine_sys(m, F(exit_code), c), "status", report_status_name(st));
    int bad = !j;
    if (!bad && st == SIM_FAULTED) {
        uint32_t reason = *machine_sys(m, F(fault_reason), c);
        bad |= json_object_set_new(j, "fault", json_string(reason < SIM_FAULT_COUNT ? fault_desc[reason] : "unknown"));
        bad |= json_object_set_new(j, "fault_pc", json_integer(*machine_sys(m, F(fault_pc), c)));
        bad |= json_object_set_new(j, "fault_addr", json_integer(*machine_sys(m, F(fault_addr), c)));
    }
    if (!bad && en) {
        bad |= json_object_set_new(j, "enosys", json_integer(en));
        bad |= json_object_set_new(j, "enosys_last", json_integer(*machine_sys(m, F(enosys_last), c)));
    }
    if (!bad && machine_timing(m)) {
        json_t *t = report_timing_json(m, c);
        bad |= !t || json_object_set_new(j, "timing", t);
    }
    if (bad) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* The whole report, NULL when out of memory (json_pack's "o" takes the
 * values it is given, and frees them when it fails). */
static json_t *run_json(const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r, const sim_summary_t *s)
{
    json_t *cores = json_array();
    for (uint32_t c = 0; cores && c < m->ncores; c++)
        if (json_array_append_new(cores, core_json(m, c)))
            json_decref(cores), cores = NULL;
    if (!cores)
        return NULL;
    return json_pack("{s:s, s:s, s:s, s:o, s:o, s:I, s:i, s:I, s:o, s:o, s:o, s:I, s:s, s:i, s:I, s:I, s:I,"
                     " s:I, s:I, s:o}",
                     "warpsim_version", WARPSIM_VERSION, "isa", sim_isa_name(m->isa), "backend", r->backend,
                     "device", report_json_text(r->device), "program", report_json_text(o->program),
                     "cores", (json_int_t)m->ncores, "threads", r->threads,
                     "total_instructions", (json_int_t)s->total_insns,
                     "wall_seconds", report_json_real(r->wall_seconds, 6),
                     "setup_seconds", report_json_real(r->init_seconds, 6), "mips", report_json_real(s->mips, 3),
                     "bytes_per_core", (json_int_t)machine_bytes_per_core(m), "mode", o->mode,
                     "block_size", o->block_size, "regroup", (json_int_t)o->regroup,
                     "quantum", (json_int_t)o->quantum, "rounds", (json_int_t)r->rounds,
                     "halted", (json_int_t)s->halted, "faulted", (json_int_t)s->faulted, "per_core", cores);
}

static int write_json(FILE *f, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                      const sim_summary_t *s)
{
    json_t *doc = run_json(m, o, r, s);
    if (doc && r->gpu_max_cores && json_object_set_new(doc, "gpu_max_cores", json_integer((json_int_t)r->gpu_max_cores)))
        json_decref(doc), doc = NULL;
    if (doc && r->layout && json_object_set_new(doc, "layout", json_string(r->layout)))
        json_decref(doc), doc = NULL;
    if (doc && r->engine && json_object_set_new(doc, "engine", json_string(r->engine)))
        json_decref(doc), doc = NULL;
    if (doc && r->lanes > 0.0 && json_object_set_new(doc, "lockstep_lanes", report_json_real(r->lanes, 3)))
        json_decref(doc), doc = NULL;
    if (doc && machine_timing(m)) {
        json_t *t = report_timing_json(m, m->ncores);
        if (!t || json_object_set_new(doc, "timing", t))
            json_decref(doc), doc = NULL;
    }
    if (!doc) {
        errno = ENOMEM;
        return -1;
    }
    int rc = report_json_dumpf(doc, f);
    json_decref(doc);
    return rc;
}

static void write_csv(FILE *f, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                      const sim_summary_t *s)
{
    fprintf(f, "isa,backend,device,cores,threads,total_instructions,wall_seconds,mips,bytes_per_core,"
               "core,instructions,exit_code,status\n");
    for (uint32_t c = 0; c < m->ncores; c++)
        fprintf(f, "%s,%s,\"%s\",%u,%d,%llu,%.6f,%.3f,%llu,%u,%llu,%u,%s\n", sim_isa_name(m->isa), r->backend, r->device, m->ncores,
                r->threads, (unsigned long long)s->total_insns, r->wall_seconds, s->mips,
                (unsigned long long)machine_bytes_per_core(m), c, (unsigned long long)core_icount(m, c),
                *machine_sys(m, F(exit_code), c), report_status_name(*machine_sys(m, F(status), c)));
}

int report_check_name(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot || (strcmp(dot, ".json") && strcmp(dot, ".csv"))) {
        fprintf(stderr, "warpsim: %s: report name must end in .json or .csv\n", path);
        return 2;
    }
    return 0;
}

int report_write(const char *path, const sim_machine_t *m, const sim_options_t *o, const sim_run_t *r,
                 const sim_summary_t *s)
{
    if (report_check_name(path))
        return 2;
    const char *dot = strrchr(path, '.');
    int csv = !strcmp(dot, ".csv");
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
        return 2;
    }
    int err = 0;
    if (csv)
        write_csv(f, m, o, r, s);
    else if (write_json(f, m, o, r, s))
        err = errno;
    if (fclose(f) && !err)
        err = errno;
    if (err) {
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(err));
        return 2;
    }
    return 0;
}
