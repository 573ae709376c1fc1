/* GPGPU-Sim's statistics (../shared/GPU-TIMING-REFERENCE.md section 2):
 * the per-kernel lines in gpu_print_stat's formats and the shader and
 * cache counters under their names, so that Accel-Sim's get_stats.py and
 * its regexes read a warpsim run as they read GPGPU-Sim's. What GPGPU-Sim
 * has no name for (the scheduler's stall breakdown) is under warpsim_. */
#include "host/sm/sm_host.h"

#include <stdlib.h>
#include <string.h>

const char *sm_stall_name(uint32_t i)
{
    static const char *const names[SM_STALL_COUNT] = {
#define SM_STALL_NAME(name, key, rank) key,
        SM_STALL_LIST(SM_STALL_NAME)
#undef SM_STALL_NAME
    };
    return i < SM_STALL_COUNT ? names[i] : "?";
}

double sm_occupancy(const sm_params_t *P, uint64_t warp_cycles, uint64_t sm_cycles)
{
    return sm_cycles ? 100.0 * (double)warp_cycles / ((double)sm_cycles * P->max_warps) : 0.0;
}

static double per(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static const char *const cache_type_names[CACHE_NTYPES] = {
#define SM_NAME(name) #name,
    CACHE_ACCESS_TYPES(SM_NAME)};
static const char *const cache_status_names[CACHE_NSTATUS] = {CACHE_STATUSES(SM_NAME)};
#undef SM_NAME

/* A cache's [type][status] cells and each type's TOTAL_ACCESS (its hits,
 * pending hits and misses), as gpu-cache.cc's print_stats names them. */
static void cache_cells(const char *name, const cache_stats_t *c, sm_counter_fn put, void *ctx)
{
    char key[96];
    for (uint32_t t = 0; t < CACHE_NTYPES; t++) {
        const uint64_t *a = c->acc[t];
        for (uint32_t k = 0; k < CACHE_NSTATUS; k++) {
            snprintf(key, sizeof key, "%s[%s][%s]", name, cache_type_names[t], cache_status_names[k]);
            put(ctx, key, a[k], 1);
        }
        snprintf(key, sizeof key, "%s[%s][TOTAL_ACCESS]", name, cache_type_names[t]);
        put(ctx, key, a[CACHE_HIT] + a[CACHE_HIT_RESERVED] + a[CACHE_MISS] + a[CACHE_SECTOR_MISS], 1);
    }
}

static void cache_total_lines(const char *name, const cache_stats_t *c, int indent, sm_counter_fn put, void *ctx)
{
    char key[96];
    cache_totals_t t = cache_stats_totals(c);
    snprintf(key, sizeof key, "%s_total_cache_accesses", name);
    put(ctx, key, t.accesses, indent);
    snprintf(key, sizeof key, "%s_total_cache_misses", name);
    put(ctx, key, t.misses, indent);
    snprintf(key, sizeof key, "%s_total_cache_pending_hits", name);
    put(ctx, key, t.pending_hits, indent);
    snprintf(key, sizeof key, "%s_total_cache_reservation_fails", name);
    put(ctx, key, t.res_fails, indent);
}

void sm_mem_counters(const sm_result_t *tr, sm_counter_fn put, void *ctx)
{
    if (!tr->mem_on)
        return;
    cache_total_lines("L1D", &tr->st.l1d, 1, put, ctx);
    cache_cells("Total_core_cache_stats_breakdown", &tr->st.l1d, put, ctx);
    cache_total_lines("L2", &tr->l2, 0, put, ctx);
    cache_cells("L2_cache_stats_breakdown", &tr->l2, put, ctx);
    put(ctx, "total dram reads", tr->dram.rd_atoms, 0);
    put(ctx, "total dram writes", tr->dram.wr_atoms, 0);
    put(ctx, "warpsim_dram_activates", tr->dram.n_act, 0);
    put(ctx, "warpsim_dram_row_hits", tr->dram.hits, 0);
    put(ctx, "warpsim_dram_accesses", tr->dram.access, 0);
    put(ctx, "icnt_total_pkts_simt_to_mem", tr->mem.icnt_to_mem, 0);
    put(ctx, "icnt_total_pkts_mem_to_simt", tr->mem.icnt_to_sm, 0);
    /* the crossbar (mem_xbar.h): GPGPU-Sim's local crossbar's packet
     * counts, and warpsim's of arbitration lost and full outputs */
    put(ctx, "Req_Network_injected_packets_num", tr->mem.req.packets, 0);
    put(ctx, "Reply_Network_injected_packets_num", tr->mem.reply.packets, 0);
    put(ctx, "warpsim_icnt_req_conflicts", tr->mem.req.conflicts, 0);
    put(ctx, "warpsim_icnt_reply_conflicts", tr->mem.reply.conflicts, 0);
    put(ctx, "warpsim_icnt_req_out_full", tr->mem.req.out_full, 0);
    put(ctx, "warpsim_icnt_reply_out_full", tr->mem.reply.out_full, 0);
    put(ctx, "warpsim_icnt_input_full_stalls", tr->st.icnt_stalls, 0);
    put(ctx, "warpsim_icnt_reply_room_risk", tr->st.reply_risk, 0);
    put(ctx, "warpsim_l1d_dispatch_stalls", tr->st.l1d_stalls, 0);
    put(ctx, "warpsim_mem_overflows", tr->mem.overflows, 0);
    put(ctx, "warpsim_l2_far_reads", tr->mem.xreads, 0);
    put(ctx, "warpsim_l2_far_writes", tr->mem.xwrites, 0);
}

static void stat_line(void *f, const char *key, uint64_t v, int indent)
{
    fprintf((FILE *)f, "%s%s = %llu\n", indent ? "\t" : "", key, (unsigned long long)v);
}

/* Each DRAM channel's and L2 slice's counters, as gpgpu_sim::gpu_print_stat
 * prints them (dram_t::print, the L2_cache_bank[i] lines). The DRAM lines
 * leave out what warpsim does not count: busW and BL (the config has them),
 * n_nop, n_rd_L2_A, n_wr_bk, the banks' bkN lines. */
static void bank_lines(FILE *f, const sm_timing_t *tm)
{
    const dram_timing_t *t = &tm->P.mem.dram.t;
    const sm_banks_t *bk = &tm->banks;
    for (uint32_t c = 0; c < bk->nchans; c++) {
        const dram_stats_t *d = &bk->dram[c];
        fprintf(f, "DRAM[%u]: %u bks, CL=%u, tRRD=%u tCCD=%u, tRCD=%u tRAS=%u tRP=%u tRC=%u\n", c, t->nbk, t->CL,
                t->tRRD, t->tCCD, t->tRCD, t->tRAS, t->tRP, t->tRC);
        fprintf(f, "n_cmd=%llu n_act=%llu n_pre=%llu n_ref_event=%llu n_req=%llu n_rd=%llu n_write=%llu bw_util=%.4g\n",
                (unsigned long long)d->n_cmd, (unsigned long long)d->n_act, (unsigned long long)d->n_pre,
                (unsigned long long)d->n_ref, (unsigned long long)d->n_req, (unsigned long long)d->n_rd,
                (unsigned long long)d->n_wr, per(d->bwutil, d->n_cmd));
        fprintf(f, "n_activity=%llu dram_eff=%.4g\n", (unsigned long long)d->n_activity, per(d->bwutil, d->n_activity));
    }
    for (uint32_t b = 0; b < bk->nchans * bk->nsubs; b++) {
        const cache_totals_t *l = &bk->l2[b];
        fprintf(f, "L2_cache_bank[%u]: Access = %llu, Miss = %llu, Miss_rate = %.3f, Pending_hits = %llu, "
                   "Reservation_fails = %llu\n",
                b, (unsigned long long)l->accesses, (unsigned long long)l->misses, per(l->misses, l->accesses),
                (unsigned long long)l->pending_hits, (unsigned long long)l->res_fails);
    }
}

void sm_banks_copy(const sm_banks_t *from, sm_banks_t *to)
{
    *to = (sm_banks_t){0};
    size_t nl = (size_t)from->nchans * from->nsubs;
    if (!from->nchans || !(to->l2 = (cache_totals_t *)malloc(sizeof *to->l2 * nl)) ||
        !(to->dram = (dram_stats_t *)malloc(sizeof *to->dram * from->nchans))) {
        sm_banks_free(to);
        return;
    }
    memcpy(to->l2, from->l2, sizeof *to->l2 * nl);
    memcpy(to->dram, from->dram, sizeof *to->dram * from->nchans);
    to->nchans = from->nchans, to->nsubs = from->nsubs;
}

void sm_banks_free(sm_banks_t *b)
{
    free(b->l2);
    free(b->dram);
    *b = (sm_banks_t){0};
}

void sm_stats_print(FILE *f, const char *kernel, uint32_t uid, uint64_t insns, const sm_result_t *tr,
                    const sm_timing_t *tm, uint32_t nsm)
{
    const sm_stats_t *st = &tr->st;
    const sm_params_t *P = &tm->P;
    unsigned long long u;
    fprintf(f, "kernel_name = %s \n", kernel);
    fprintf(f, "kernel_launch_uid = %u \n", uid);
    fprintf(f, "gpu_sim_cycle = %llu\n", (unsigned long long)tr->cycles);
    fprintf(f, "gpu_sim_insn = %llu\n", (unsigned long long)insns);
    fprintf(f, "gpu_ipc = %12.4f\n", per(insns, tr->cycles));
    fprintf(f, "gpu_tot_sim_cycle = %llu\n", (unsigned long long)tm->tot_cycles);
    fprintf(f, "gpu_tot_sim_insn = %llu\n", (unsigned long long)tm->tot_insns);
    fprintf(f, "gpu_tot_ipc = %12.4f\n", per(tm->tot_insns, tm->tot_cycles));
    fprintf(f, "gpu_tot_issued_cta = %llu\n", (unsigned long long)tm->tot_ctas);
    fprintf(f, "gpu_occupancy = %.4f%% \n", sm_occupancy(P, st->warp_cycles, st->cycles));
    fprintf(f, "gpu_tot_occupancy = %.4f%% \n", sm_occupancy(P, tm->tot_warp_cycles, tm->tot_sm_cycles));
    fprintf(f, "L1I_cache:\n");
    u = (unsigned long long)(P->l0i_ways ? st->l0i_access : st->l1i_access);
    fprintf(f, "\tL1I_total_cache_accesses = %llu\n", u);
    fprintf(f, "\tL1I_total_cache_misses = %llu\n", (unsigned long long)(P->l0i_ways ? st->l0i_miss : st->l1i_miss));
    fprintf(f, "\tL1I_total_cache_miss_rate = %.4f\n",
            per(P->l0i_ways ? st->l0i_miss : st->l1i_miss, P->l0i_ways ? st->l0i_access : st->l1i_access));
    fprintf(f, "gpgpu_n_tot_thrd_icount = %llu\n", (unsigned long long)insns);
    fprintf(f, "gpgpu_n_tot_w_icount = %llu\n", (unsigned long long)st->warp_insns);
    fprintf(f, "gpgpu_n_mem_read_global = %llu\n", (unsigned long long)st->gmem_ld);
    fprintf(f, "gpgpu_n_mem_write_global = %llu\n", (unsigned long long)st->gmem_st);
    fprintf(f, "gpgpu_n_mem_const = %llu\n", (unsigned long long)st->const_requests);
    fprintf(f, "gpgpu_n_load_insn  = %llu\n", (unsigned long long)st->gmem_ld);
    fprintf(f, "gpgpu_n_store_insn = %llu\n", (unsigned long long)st->gmem_st);
    fprintf(f, "gpgpu_n_shmem_insn = %llu\n", (unsigned long long)st->shmem_accesses);
    fprintf(f, "gpgpu_n_shmem_bkconflict = %llu\n", (unsigned long long)st->shmem_conflict_passes);
    fprintf(f, "gpu_reg_bank_conflict_stalls = %llu\n", (unsigned long long)st->bank_conflicts);
    fprintf(f, "warpsim_result_bus_stalls = %llu\n", (unsigned long long)st->result_bus_stalls);
    fprintf(f, "warpsim_gmem_requests = %llu\n", (unsigned long long)st->gmem_requests);
    fprintf(f, "warpsim_gmem_sectors = %llu\n", (unsigned long long)st->gmem_sectors);
    fprintf(f, "warpsim_local_requests = %llu\n", (unsigned long long)st->local_requests);
    fprintf(f, "warpsim_l1i_accesses = %llu\n", (unsigned long long)st->l1i_access);
    fprintf(f, "warpsim_l1i_misses = %llu\n", (unsigned long long)st->l1i_miss);
    fprintf(f, "warpsim_sms_used = %llu of %u\n", (unsigned long long)tr->sms_used, nsm);
    /* each scheduler's cycles by what it saw: they sum to cycles x schedulers */
    for (uint32_t i = 0; i < SM_STALL_COUNT; i++)
        fprintf(f, "warpsim_scheduler_cycles[%s] = %llu\n", sm_stall_name(i), (unsigned long long)st->stall[i]);
    fprintf(f, "warpsim_issued_active_lanes =");
    for (uint32_t i = 0; i < 32; i++)
        fprintf(f, " %llu", (unsigned long long)st->issued_lanes[i]);
    fprintf(f, "\n");
    if (tr->mem_on) {
        bank_lines(f, tm);
        fprintf(f, "L1D_cache:\n");
        sm_mem_counters(tr, stat_line, f);
        fprintf(f, "Row_Buffer_Locality = %.6f\n", per(tr->dram.hits, tr->dram.access));
        fprintf(f, "bw_util = %.4g\n", per(tr->dram.bwutil, tr->dram.n_cmd));
    }
}

void sm_timeline_header(FILE *f)
{
    fprintf(f, "cycle,kernel,ipc,active_warps");
    for (uint32_t i = 0; i < SM_STALL_COUNT; i++)
        fprintf(f, ",sched_%s", sm_stall_name(i));
    fprintf(f, "\n");
}

void sm_stats_end(FILE *f, const sm_timing_t *tm)
{
    unsigned secs = (unsigned)tm->tot_seconds;
    fprintf(f, "gpgpu_simulation_time = %u days, %u hrs, %u min, %u sec (%u sec)\n", secs / 86400, secs / 3600 % 24,
            secs / 60 % 60, secs % 60, secs);
    fprintf(f, "gpgpu_simulation_rate = %u (inst/sec)\n",
            (unsigned)(tm->tot_seconds > 0 ? (double)tm->tot_insns / tm->tot_seconds : 0));
    fprintf(f, "gpgpu_simulation_rate = %u (cycle/sec)\n",
            (unsigned)(tm->tot_seconds > 0 ? (double)tm->tot_cycles / tm->tot_seconds : 0));
    fprintf(f, "GPGPU-Sim: *** exit detected ***\n");
}
