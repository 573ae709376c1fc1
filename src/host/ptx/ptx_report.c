/* What `warpsim ptx` reports: a table on stderr (as `warpsim run` prints
 * its own) and a JSON file written with report_json.h's helpers. Counter
 * names follow GPGPU-Sim's where it has the same counter: gpu_sim_insn
 * (thread instructions of a kernel), gpu_tot_sim_insn (cumulative),
 * gpgpu_n_tot_w_icount (warp instructions); with --timing, the SM model's
 * gpu_sim_cycle and the rest (src/host/sm/sm_stats.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "host/ptx/ptx_run_cpu.h"
#include "host/ptx/ptx_session.h"
#include "host/report_json.h"

#define WARPSIM_VERSION "0.1.0"

const char *ptx_run_status_name(ptx_run_status_t s)
{
    static const char *const names[] = {"ok", "fault", "check failed", "error", "refused", "signal", "exit status"};
    return s <= PTX_RUN_EXIT ? names[s] : "unknown";
}

const char *ptx_fault_name(uint32_t code)
{
    switch (code) {
    case PTX_FAULT_NONE: return "none";
    case PTX_FAULT_ADDRESS: return "bad address";
    case PTX_FAULT_MISALIGNED: return "misaligned access";
    case PTX_FAULT_TRAP: return "trap";
    case PTX_FAULT_BARRIER: return "barrier that can never complete";
    case PTX_FAULT_STACK: return "call stack or local frames beyond the limit";
    case PTX_FAULT_UNSUPPORTED: return "unsupported instruction";
    case PTX_FAULT_INSN_LIMIT: return "instruction limit (--max-insns)";
    case PTX_FAULT_MEMBERMASK: return "membermask without the lane, naming lanes not converged here, or without the lane a shfl reads";
    case PTX_FAULT_HANDLE: return "not a texture or surface object";
    default: return "unknown fault";
    }
}

void ptx_fault_text(const ptx_session_t *s, const ptx_launch_rec_t *r, char *buf, size_t n)
{
    const ptx_kernel_decl_t *k = &s->l->kernels[r->kernel];
    const ptx_fault_t *f = &r->fault;
    int w = snprintf(buf, n, "%s:%d: kernel %s faulted: CTA %u warp %u lane %u: %s at %s:%u:%u", s->l->path, k->line,
                     k->name, f->cta, f->warp, f->lane, ptx_fault_name(f->code), s->module_path, f->line, f->col);
    if (w > 0 && (size_t)w < n && (f->code == PTX_FAULT_ADDRESS || f->code == PTX_FAULT_MISALIGNED))
        snprintf(buf + w, n - (size_t)w, " (address 0x%llx)", (unsigned long long)f->addr);
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0; }
static double mips(uint64_t insns, double seconds) { return seconds > 0 ? insns / seconds / 1e6 : 0; }

/* The whole run's counters: every launch summed. */
static ptx_stats_t run_totals(const ptx_session_t *s)
{
    ptx_stats_t t;
    memset(&t, 0, sizeof t);
    for (uint32_t i = 0; i < s->nrecs; i++)
        ptx_stats_add(&t, &s->recs[i].st);
    return t;
}

static void dims_text(const uint32_t d[3], char *buf, size_t n) { snprintf(buf, n, "%ux%ux%u", d[0], d[1], d[2]); }

/* --timing: each launch's cycles, IPC and what its schedulers saw. */
static void table_timing(FILE *f, const ptx_session_t *s)
{
    fprintf(f, "  %-16s %12s %8s %9s  %s\n", "kernel (timed)", "cycles", "IPC", "occupancy", "scheduler cycles");
    for (uint32_t i = 0; i < s->nrecs; i++) {
        const ptx_launch_rec_t *r = &s->recs[i];
        const sm_stats_t *st = &r->tr.st;
        uint64_t all = 0;
        for (uint32_t k = 0; k < SM_STALL_COUNT; k++)
            all += st->stall[k];
        fprintf(f, "  %-16.16s %12llu %8.2f %8.1f%% ", s->l->kernels[r->kernel].name, (unsigned long long)r->tr.cycles,
                ratio(r->st.thread_insns, r->tr.cycles), sm_occupancy(&s->tm.P, st->warp_cycles, st->cycles));
        for (uint32_t k = 0; k < SM_STALL_COUNT; k++)
            if (st->stall[k])
                fprintf(f, " %s %.1f%%", sm_stall_name(k), 100 * ratio(st->stall[k], all));
        fprintf(f, "\n");
    }
}

static void table_launches(FILE *f, const ptx_session_t *s)
{
    fprintf(f, "  %-16s %-14s %-11s %7s %14s %14s %8s %6s %s\n", "kernel", "grid", "block", "CTAs/SM", "thread insns",
            "warp insns", "MIPS", "lanes", "status");
    for (uint32_t i = 0; i < s->nrecs; i++) {
        const ptx_launch_rec_t *r = &s->recs[i];
        const ptx_kernel_decl_t *k = &s->l->kernels[r->kernel];
        char g[40], b[40];
        dims_text(k->grid, g, sizeof g);
        dims_text(k->block, b, sizeof b);
        fprintf(f, "  %-16.16s %-14s %-11s %7u %14llu %14llu %8.1f %6.2f %s\n", k->name, g, b,
                s->plans[r->kernel].sched.ctas_per_sm, (unsigned long long)r->st.thread_insns,
                (unsigned long long)r->st.warp_insns, mips(r->st.thread_insns, r->seconds),
                ratio(r->st.thread_insns, r->st.warp_insns), r->faulted ? "fault" : "ok");
    }
}

static void table_checks(FILE *f, const ptx_session_t *s)
{
    for (uint32_t i = 0; i < s->l->nchecks; i++) {
        const ptx_check_rec_t *c = &s->checks[i];
        const char *name = s->l->buffers[s->l->checks[i].buffer].name;
        if (!c->done)
            fprintf(f, "  check %-12s %s\n", name, s->status == PTX_RUN_FAULT ? "not run (fault)" : "not compared");
        else
            fprintf(f, "  check %-12s %s, max error %g, %llu elements differ\n", name, c->r.pass ? "pass" : "FAIL",
                    c->r.max_err, (unsigned long long)c->r.ndiff);
    }
}

void ptx_report_table(FILE *f, const ptx_session_t *s)
{
    ptx_stats_t t = run_totals(s);
    int threads = s->nrecs ? s->recs[0].threads : 0;
    if (!strcmp(s->backend, "cuda"))
        fprintf(f, "\nwarpsim %s ptx: %s on %s (%u SMs), cuda backend (%s)\n", WARPSIM_VERSION, s->l->path,
                s->cfg.name, gpu_config_sms(&s->cfg), s->device);
    else
        fprintf(f, "\nwarpsim %s ptx: %s on %s (%u SMs), cpu backend (%d threads)\n", WARPSIM_VERSION, s->l->path,
                s->cfg.name, gpu_config_sms(&s->cfg), threads);
    table_launches(f, s);
    if (s->nrecs && s->recs[0].timed)
        table_timing(f, s);
    fprintf(f, "  %-22s %20llu\n", "thread instructions", (unsigned long long)t.thread_insns);
    fprintf(f, "  %-22s %20llu\n", "warp instructions", (unsigned long long)t.warp_insns);
    fprintf(f, "  %-22s %20.3f\n", "wall seconds", s->run_seconds);
    fprintf(f, "  %-22s %20.1f\n", "MIPS (thread)", mips(t.thread_insns, s->run_seconds));
    fprintf(f, "  %-22s %20.1f\n", "MIPS (warp)", mips(t.warp_insns, s->run_seconds));
    fprintf(f, "  %-22s %20.2f\n", "active lanes/warp insn", ratio(t.thread_insns, t.warp_insns));
    fprintf(f, "  %-22s", "mix (warp insns)");
    for (int m = 0; m < SIM_MIX_COUNT; m++)
        if (t.mix[m])
            fprintf(f, " %s %.1f%%", sim_mix_key((uint32_t)m), 100 * ratio(t.mix[m], t.warp_insns));
    if (t.shfl_inactive)
        fprintf(f, "\n  %-22s %20llu (from lanes not executing the shfl: given 0, as GPGPU-Sim gives)",
                "shfl inactive reads", (unsigned long long)t.shfl_inactive);
    fprintf(f, "\n  %-22s %20s\n", "status", ptx_run_status_name(s->status));
    for (uint32_t i = 0; i < s->nrefusals; i++)
        fprintf(f, "  refused: %s\n", s->refusals[i]);
    char sig[32];
    snprintf(sig, sizeof sig, "SIG%s", s->exit.signal ? sigabbrev_np(s->exit.signal) : "");
    if (s->exit.known && s->exit.signal)
        fprintf(f, "  %-22s %20s\n", "killed by", sig);
    else if (s->exit.known && s->exit.status)
        fprintf(f, "  %-22s %20d\n", "exit status", s->exit.status);
    table_checks(f, s);
}

/* ---- JSON ---------------------------------------------------------------------- */

static json_t *dims_json(const uint32_t d[3]) { return json_pack("[i, i, i]", d[0], d[1], d[2]); }

static json_t *mix_json(const ptx_stats_t *st)
{
    json_t *j = json_object();
    for (int m = 0; j && m < SIM_MIX_COUNT; m++)
        if (json_object_set_new(j, sim_mix_key((uint32_t)m), json_integer((json_int_t)st->mix[m])))
            json_decref(j), j = NULL;
    return j;
}

/* The counters GPGPU-Sim names alike, and the rates, into j. */
static int counters_json(json_t *j, const ptx_stats_t *st, double seconds)
{
    return json_object_set_new(j, "gpgpu_n_tot_w_icount", json_integer((json_int_t)st->warp_insns)) ||
           json_object_set_new(j, "warps", json_integer((json_int_t)st->warps)) ||
           json_object_set_new(j, "shfl_inactive_reads", json_integer((json_int_t)st->shfl_inactive)) ||
           json_object_set_new(j, "wall_seconds", report_json_real(seconds, 6)) ||
           json_object_set_new(j, "mips", report_json_real(mips(st->thread_insns, seconds), 3)) ||
           json_object_set_new(j, "warp_mips", report_json_real(mips(st->warp_insns, seconds), 3)) ||
           json_object_set_new(j, "avg_active_lanes", report_json_real(ratio(st->thread_insns, st->warp_insns), 4)) ||
           json_object_set_new(j, "simd_efficiency", report_json_real(ratio(st->thread_insns, st->warp_insns) / 32, 4)) ||
           json_object_set_new(j, "instruction_mix", mix_json(st));
}

static json_t *fault_json(const ptx_session_t *s, const ptx_launch_rec_t *r)
{
    const ptx_fault_t *f = &r->fault;
    return json_pack("{s:s, s:i, s:i, s:i, s:s, s:i, s:i, s:I}", "fault", ptx_fault_name(f->code), "cta", f->cta,
                     "warp", f->warp, "lane", f->lane, "file", r->module ? r->module : s->module_path, "line",
                     f->line, "col", f->col, "addr", (json_int_t)f->addr);
}

/* --racecheck's words: how many, and the first ones. */
static json_t *race_json(const ptx_launch_rec_t *r)
{
    json_t *words = json_array();
    for (uint32_t i = 0; words && i < r->race_kept; i++) {
        const ptx_race_word_t *w = &r->race_words[i];
        json_t *e = json_pack("{s:s, s:I, s:i, s:s, s:[i,i], s:[i,i]}", "space",
                              w->space == PTX_MS_SHARED ? "shared" : "global", "address", (json_int_t)w->addr, "cta",
                              w->cta, "hazard", ptx_race_kind_name(w->kind), "warps", w->warp[0], w->warp[1], "lines",
                              w->line[0], w->line[1]);
        if (!e || json_array_append_new(words, e))
            return json_decref(words), NULL;
    }
    return words ? json_pack("{s:I, s:o}", "racing_words", (json_int_t)r->race_total, "words", words) : NULL;
}

/* --memcheck's accesses: how many, and the first ones (ptx_memcheck.h's order). */
static json_t *memcheck_json(const ptx_launch_rec_t *r)
{
    json_t *bad = json_array();
    for (uint32_t i = 0; bad && i < r->memcheck_kept; i++) {
        const ptx_memcheck_bad_t *b = &r->memcheck_bad[i];
        json_t *e = json_pack("{s:s, s:i, s:I, s:i, s:i, s:i, s:I, s:I}", "access", b->write ? "write" : "read",
                              "size", b->size, "address", (json_int_t)b->addr, "cta", b->cta, "thread", b->thread,
                              "line", b->line, "nearest_allocation", (json_int_t)b->near.base, "nearest_size",
                              (json_int_t)b->near.size);
        if (!e || json_array_append_new(bad, e))
            return json_decref(bad), NULL;
    }
    return bad ? json_pack("{s:I, s:o}", "invalid_accesses", (json_int_t)r->memcheck_total, "accesses", bad) : NULL;
}

/* A memory-system counter into the timing object (spaces as underscores:
 * "total dram reads" is total_dram_reads, as hw_counters.def reads it). */
static void mem_counter_json(void *ctx, const char *key, uint64_t v, int indent)
{
    char k[128];
    size_t i = 0;
    (void)indent;
    for (; key[i] && i + 1 < sizeof k; i++)
        k[i] = key[i] == ' ' ? '_' : key[i];
    k[i] = 0;
    json_object_set_new((json_t *)ctx, k, json_integer((json_int_t)v));
}

/* Each DRAM channel's counters, named as the stats file's DRAM[i] lines. */
static json_t *dram_channels_json(const sm_banks_t *b)
{
    json_t *a = json_array();
    for (uint32_t c = 0; a && c < b->nchans; c++) {
        const dram_stats_t *d = &b->dram[c];
        if (json_array_append_new(
                a, json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:o}", "n_cmd", (json_int_t)d->n_cmd, "n_act",
                             (json_int_t)d->n_act, "n_pre", (json_int_t)d->n_pre, "n_ref_event", (json_int_t)d->n_ref,
                             "n_req", (json_int_t)d->n_req, "n_rd", (json_int_t)d->n_rd, "n_write", (json_int_t)d->n_wr,
                             "n_activity", (json_int_t)d->n_activity, "bw_util",
                             report_json_real(ratio(d->bwutil, d->n_cmd), 4), "dram_eff",
                             report_json_real(ratio(d->bwutil, d->n_activity), 4))))
            json_decref(a), a = NULL;
    }
    return a;
}

/* Each L2 slice's, as its L2_cache_bank[i] line (i = channel x slices + slice). */
static json_t *l2_banks_json(const sm_banks_t *b)
{
    json_t *a = json_array();
    for (uint32_t i = 0; a && i < b->nchans * b->nsubs; i++) {
        const cache_totals_t *l = &b->l2[i];
        if (json_array_append_new(a, json_pack("{s:I, s:I, s:o, s:I, s:I}", "access", (json_int_t)l->accesses, "miss",
                                               (json_int_t)l->misses, "miss_rate",
                                               report_json_real(ratio(l->misses, l->accesses), 3), "pending_hits",
                                               (json_int_t)l->pending_hits, "reservation_fails",
                                               (json_int_t)l->res_fails)))
            json_decref(a), a = NULL;
    }
    return a;
}

/* The SM model's figures of a launch, under GPGPU-Sim's names where it has them. */
static json_t *timing_json(const ptx_session_t *s, const ptx_launch_rec_t *r)
{
    const sm_stats_t *st = &r->tr.st;
    json_t *stalls = json_object();
    for (uint32_t i = 0; stalls && i < SM_STALL_COUNT; i++)
        if (json_object_set_new(stalls, sm_stall_name(i), json_integer((json_int_t)st->stall[i])))
            json_decref(stalls), stalls = NULL;
    if (!stalls)
        return NULL;
    json_t *j = json_pack("{s:I, s:I, s:o, s:o, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "gpu_sim_cycle",
                     (json_int_t)r->tr.cycles, "gpu_tot_sim_cycle", (json_int_t)r->tot_cycles, "gpu_ipc",
                     report_json_real(ratio(r->st.thread_insns, r->tr.cycles), 4), "gpu_occupancy",
                     report_json_real(sm_occupancy(&s->tm.P, st->warp_cycles, st->cycles), 4), "sms_used",
                     (json_int_t)r->tr.sms_used, "gpgpu_n_shmem_bkconflict", (json_int_t)st->shmem_conflict_passes,
                     "gpu_reg_bank_conflict_stalls", (json_int_t)st->bank_conflicts, "result_bus_stalls",
                     (json_int_t)st->result_bus_stalls, "gmem_requests", (json_int_t)st->gmem_requests,
                     "gmem_sectors", (json_int_t)st->gmem_sectors, "l0i_misses", (json_int_t)st->l0i_miss,
                     "l1i_misses", (json_int_t)st->l1i_miss, "sm_cycles", (json_int_t)st->cycles, "scheduler_cycles",
                     stalls);
    if (j) {
        const sm_params_t *P = &s->tm.P;
        const char *mode = P->wg_parallel ? "work-group parallel"
                           : !P->mem.on                       ? "fixed latencies"
                           : P->cta_quantum <= P->mem.lookahead ? "exact"
                                                                : "bounded slack";
        json_object_set_new(j, "quantum", json_integer(P->cta_quantum));
        json_object_set_new(j, "sync_points", json_integer((json_int_t)r->tr.syncs));
        json_object_set_new(j, "memory_mode", json_string(mode));
        json_object_set_new(j, "cycles_proven_exact", json_boolean(sm_cycles_exact(P, &r->tr)));
        sm_mem_counters(&r->tr, mem_counter_json, j);
        if (r->banks.nchans && (json_object_set_new(j, "dram_channels", dram_channels_json(&r->banks)) ||
                                json_object_set_new(j, "l2_banks", l2_banks_json(&r->banks))))
            json_decref(j), j = NULL;
    }
    return j;
}

static json_t *launch_json(const ptx_session_t *s, const ptx_launch_rec_t *r)
{
    const ptx_kernel_decl_t *k = &s->l->kernels[r->kernel];
    const ptx_kplan_t *p = &s->plans[r->kernel];
    char limits[80];
    ptx_sched_limit_names(p->sched.limits, limits, sizeof limits);
    json_t *j = json_pack("{s:s, s:i, s:o, s:o, s:i, s:I, s:I, s:i, s:s, s:I, s:i, s:i, s:I, s:I, s:s}", "kernel",
                          k->name, "iteration", r->iteration, "grid", dims_json(k->grid), "block", dims_json(k->block),
                          "dynamic_shared", k->shared, "ctas", (json_int_t)p->sched.nctas, "ctas_run",
                          (json_int_t)r->ctas_run, "ctas_per_sm", p->sched.ctas_per_sm, "occupancy_limited_by", limits,
                          "waves", (json_int_t)p->sched.waves, "ptx_regs_per_thread", p->ki.regs_per_thread,
                          "shared_static", p->ki.shared_static, "gpu_sim_insn", (json_int_t)r->st.thread_insns,
                          "gpu_tot_sim_insn", (json_int_t)r->tot_thread_insns, "status", r->faulted ? "fault" : "ok");
    if (j && (json_object_set_new(j, "regs_per_thread", json_integer(p->sched.regs_per_thread)) ||
              counters_json(j, &r->st, r->seconds)))
        json_decref(j), j = NULL;
    if (j && r->faulted && json_object_set_new(j, "fault", fault_json(s, r)))
        json_decref(j), j = NULL;
    if (j && r->racecheck && json_object_set_new(j, "racecheck", race_json(r)))
        json_decref(j), j = NULL;
    if (j && r->memcheck && json_object_set_new(j, "memcheck", memcheck_json(r)))
        json_decref(j), j = NULL;
    if (j && r->timed && json_object_set_new(j, "timing", timing_json(s, r)))
        json_decref(j), j = NULL;
    return j;
}

static json_t *check_json(const ptx_session_t *s, uint32_t i)
{
    const ptx_check_decl_t *c = &s->l->checks[i];
    const ptx_check_rec_t *r = &s->checks[i];
    json_t *j = json_pack("{s:s, s:s, s:b}", "buffer", s->l->buffers[c->buffer].name, "mode",
                          c->exact ? "exact" : "tol", "compared", r->done);
    if (j && r->done &&
        (json_object_set_new(j, "pass", json_boolean(r->r.pass)) ||
         json_object_set_new(j, "max_error", report_json_real(r->r.max_err, 9)) ||
         json_object_set_new(j, "differing", json_integer((json_int_t)r->r.ndiff)) ||
         (r->r.ndiff && json_object_set_new(j, "first_differing", json_integer((json_int_t)r->r.first)))))
        json_decref(j), j = NULL;
    return j;
}

static json_t *gpu_json(const gpu_config_t *c)
{
    char cc[24];
    snprintf(cc, sizeof cc, "%u.%u", c->cc_major, c->cc_minor);
    return json_pack("{s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:s, s:i}", "name", c->name, "sms",
                     gpu_config_sms(c), "threads_per_sm", c->threads_per_sm, "warp_size", c->warp_size, "regs_per_sm",
                     c->regs_per_sm, "shmem_per_sm", c->shmem_per_sm, "ctas_per_sm", c->ctas_per_sm, "reg_banks",
                     c->reg_banks, "core_clock_mhz", report_json_real(c->clock_mhz[0], 1), "compute_capability",
                     cc, "ignored_options", c->nignored);
}

static json_t *array_of(const ptx_session_t *s, uint32_t n, json_t *(*one)(const ptx_session_t *, uint32_t))
{
    json_t *a = json_array();
    for (uint32_t i = 0; a && i < n; i++)
        if (json_array_append_new(a, one(s, i)))
            json_decref(a), a = NULL;
    return a;
}

static json_t *launch_at(const ptx_session_t *s, uint32_t i) { return launch_json(s, &s->recs[i]); }

static json_t *refusals_json(const ptx_session_t *s)
{
    json_t *a = json_array();
    for (uint32_t i = 0; a && i < s->nrefusals; i++)
        if (json_array_append_new(a, report_json_text(s->refusals[i])))
            json_decref(a), a = NULL;
    return a;
}

static json_t *exit_json(const ptx_program_exit_t *e)
{
    return e->signal ? json_pack("{s:i, s:s}", "signal", e->signal, "signal_name", sigabbrev_np(e->signal))
                     : json_pack("{s:i}", "status", e->status);
}

static json_t *run_json(const ptx_session_t *s)
{
    ptx_stats_t t = run_totals(s);
    json_t *j = json_pack("{s:s, s:s, s:o, s:o, s:s, s:o, s:i, s:o, s:s, s:I, s:o, s:o, s:o}", "warpsim_version",
                          WARPSIM_VERSION, "command", "ptx", "launch", report_json_text(s->l->path), "module",
                          report_json_text(s->module_path), "backend", s->backend, "device",
                          report_json_text(s->device), "threads",
                          s->nrecs ? s->recs[0].threads : 0, "gpu", gpu_json(&s->cfg), "status",
                          ptx_run_status_name(s->status), "gpu_tot_sim_insn", (json_int_t)t.thread_insns,
                          "setup_seconds", report_json_real(s->setup_seconds, 6), "launches",
                          array_of(s, s->nrecs, launch_at), "checks", array_of(s, s->l->nchecks, check_json));
    if (j && counters_json(j, &t, s->run_seconds))
        json_decref(j), j = NULL;
    if (j && s->exit.known && (json_object_set_new(j, "refusals", refusals_json(s)) ||
                               json_object_set_new(j, "exit", exit_json(&s->exit))))
        json_decref(j), j = NULL;
    return j;
}

int ptx_report_json(const char *path, const ptx_session_t *s)
{
    json_t *doc = run_json(s);
    FILE *f = doc ? fopen(path, "w") : NULL;
    int err = !doc ? ENOMEM : !f ? errno : 0;
    if (f && report_json_dumpf(doc, f))
        err = errno;
    if (f && fclose(f) && !err)
        err = errno;
    json_decref(doc);
    if (err) {
        fprintf(stderr, "warpsim ptx: %s: %s\n", path, strerror(err));
        return 2;
    }
    return 0;
}
