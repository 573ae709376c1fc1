/* The SM model's parameters from a GPU config (sm_host.h). GPGPU-Sim gives
 * unit and collector counts per SM; with the sub-core model (seed 003:
 * every modern NVIDIA SM has four) each scheduler owns its share. */
#include <stdio.h>
#include <string.h>

#include "host/sm/sm_host.h"
#include "host/mem/mem_params.h"

/* A per-SM count's share of one of nsub sub-cores (at least one where the
 * SM has any). */
static uint32_t share(uint32_t per_sm, uint32_t nsub)
{
    return per_sm ? (per_sm + nsub - 1) / nsub : 0;
}

int sm_mode_check(const char *sync, uint64_t quantum, char *why, size_t n)
{
    if (sync && strcmp(sync, "quantum") && strcmp(sync, "workgroup")) {
        snprintf(why, n, "--sync must be quantum or workgroup, not '%s'", sync);
        return -1;
    }
    if (quantum > SM_MAX_QUANTUM) {
        snprintf(why, n, "--quantum %llu: at most %u cycles", (unsigned long long)quantum, SM_MAX_QUANTUM);
        return -1;
    }
    return 0;
}

int sm_params_mode(sm_params_t *P, const char *sync, uint64_t quantum, char *why, size_t n)
{
    if (sm_mode_check(sync, quantum, why, n))
        return -1;
    P->wg_parallel = sync ? !strcmp(sync, "workgroup") : !quantum;
    if (P->wg_parallel)
        P->cta_quantum = SM_WG_TOP; /* its top point's stride (sm_params.h) */
    if (quantum)
        P->cta_quantum = (uint32_t)quantum;
    return 0;
}

int sm_params_from_config(const gpu_config_t *c, sm_params_t *P, char *why, size_t n)
{
    memset(P, 0, sizeof *P);
    uint32_t nsub = c->sub_core_model && c->sched_per_sm ? c->sched_per_sm : 1;
    P->nsub = nsub;
    P->max_warps = gpu_config_max_warps_per_sm(c);
    if (P->max_warps / nsub > 64 || P->max_warps > 256) {
        snprintf(why, n, "%u warps an SM over %u schedulers: the SM model takes at most 64 a scheduler", P->max_warps,
                 nsub);
        return -1;
    }
    P->sched = c->scheduler == GPU_SCHED_GTO ? SM_SCHED_GTO
               : c->scheduler == GPU_SCHED_TWO_LEVEL ? SM_SCHED_TWO_LEVEL : SM_SCHED_LRR;
    P->two_level_active = c->two_level_active ? c->two_level_active : 1;
    P->issue_per_warp = c->max_insn_issue_per_warp ? c->max_insn_issue_per_warp : 1;
    P->dual_diff_units = c->dual_issue_diff_units;
    uint32_t per_sm[SM_UNIT_COUNT] = {0};
    per_sm[SM_UNIT_SP] = c->num_sp_units;
    per_sm[SM_UNIT_DP] = c->num_dp_units;
    per_sm[SM_UNIT_INT] = c->num_int_units;
    per_sm[SM_UNIT_SFU] = c->num_sfu_units;
    per_sm[SM_UNIT_TENSOR] = c->tensor_core_avail ? c->num_tensor_units : 0;
    per_sm[SM_UNIT_MEM] = nsub; /* a memory pipeline per sub-core (seed 003, section 2.3) */
    static const uint32_t id_oc_field[SM_UNIT_COUNT] = {
#define SM_UNIT(name, key, option, id_oc, oc_ex) id_oc,
#include "device/sm/sm_units.def"
    };
    for (uint32_t k = 0; k < SM_UNIT_COUNT; k++) {
        P->units[k] = share(per_sm[k], nsub);
        P->id_oc[k] = share(c->pipeline_widths[id_oc_field[k]], nsub);
        if (!P->id_oc[k])
            P->id_oc[k] = 1;
    }
    if (!P->units[SM_UNIT_SP] || !P->units[SM_UNIT_SFU]) {
        snprintf(why, n, "the SM model needs SP and SFU units (-gpgpu_num_sp_units, -gpgpu_num_sfu_units)");
        return -1;
    }
    /* where a kind has no unit, GPGPU-Sim runs it elsewhere: integer on the
     * SP (before Volta), double precision and tensor work on the SFU */
    for (uint32_t k = 0; k < SM_UNIT_COUNT; k++)
        P->runs_on[k] = P->units[k] ? k : k == SM_UNIT_INT ? SM_UNIT_SP : SM_UNIT_SFU;
    P->result_buses = share(c->pipeline_widths[GPU_PIPE_EX_WB], nsub);
    if (!P->result_buses)
        P->result_buses = 1;
    P->collectors = share(c->oc_units, nsub);
    if (!P->collectors)
        P->collectors = 1;
    if (P->collectors > 32) {
        snprintf(why, n, "%u collector units a scheduler: the SM model takes at most 32", P->collectors);
        return -1;
    }
    P->banks = share(c->reg_banks, nsub);
    if (!P->banks)
        P->banks = 1;
    if (P->banks > 64) {
        snprintf(why, n, "%u register banks a scheduler: the SM model takes at most 64", P->banks);
        return -1;
    }
    P->bank_ports = c->reg_port_throughput ? c->reg_port_throughput : 1;
    memcpy(P->lat_int, c->lat_int, sizeof P->lat_int);
    memcpy(P->lat_fp, c->lat_fp, sizeof P->lat_fp);
    memcpy(P->lat_dp, c->lat_dp, sizeof P->lat_dp);
    memcpy(P->ii_int, c->init_int, sizeof P->ii_int);
    memcpy(P->ii_fp, c->init_fp, sizeof P->ii_fp);
    memcpy(P->ii_dp, c->init_dp, sizeof P->ii_dp);
    P->lat_sfu = c->lat_sfu, P->lat_tensor = c->lat_tensor;
    P->ii_sfu = c->init_sfu, P->ii_tensor = c->init_tensor;
    P->iline = c->il1_line ? c->il1_line : 128;
    if (P->iline < SM_INSN_BYTES || P->iline % SM_INSN_BYTES) {
        snprintf(why, n, "an instruction cache line of %u bytes: not a multiple of 16", P->iline);
        return -1;
    }
    P->l1i_sets = c->il1_sets ? c->il1_sets : 1;
    P->l1i_ways = c->il1_ways ? c->il1_ways : 1;
    P->l0i_sets = c->l0i_sets ? c->l0i_sets : 1;
    P->l0i_ways = c->l0i_ways; /* 0: no L0, every fetch goes to the L1I */
    P->perfect_icache = c->perfect_inst_const_cache;
    /* the instruction caches' latencies: the L1I as the L1D, a miss as an L2 hit */
    P->l1i_latency = c->l1_latency ? c->l1_latency : 1;
    P->imiss_latency = P->l1i_latency + c->l2_rop_latency;
    P->shmem_banks = c->shmem_banks ? c->shmem_banks : 32;
    if (P->shmem_banks > 64) {
        snprintf(why, n, "%u shared-memory banks: the SM model takes at most 64", P->shmem_banks);
        return -1;
    }
    P->smem_latency = c->smem_latency ? c->smem_latency : 1;
    /* until the memory system: every global access an L1 miss that hits in the L2 */
    P->gmem_latency = P->l1i_latency + c->l2_rop_latency;
    P->const_latency = P->l1i_latency;
    P->launch_latency = c->kernel_launch_latency;
    P->cta_quantum = 32;
    if (mem_params_from_config(c, &P->mem, why, n))
        return -1;
    if (P->mem.on && P->mem.lookahead < P->cta_quantum)
        P->cta_quantum = P->mem.lookahead; /* no answer from below may fall in the window that asked (sm_memphase.h) */
    P->clock_mhz = gpu_config_core_mhz(c);
    uint32_t most = P->gmem_latency + P->imiss_latency;
    for (uint32_t i = 0; i < 6; i++)
        most = P->lat_int[i] > most ? P->lat_int[i] : most;
    for (uint32_t i = 0; i < 5; i++) {
        most = P->lat_fp[i] > most ? P->lat_fp[i] : most;
        most = P->lat_dp[i] > most ? P->lat_dp[i] : most;
    }
    most = P->lat_sfu > most ? P->lat_sfu : most;
    if (most + 256 >= SM_RING) {
        snprintf(why, n, "a latency of %u cycles: the SM model books at most %u ahead", most, SM_RING - 256);
        return -1;
    }
    return 0;
}

sm_params_t sm_params_for_launch(const sm_params_t *P, const ptx_sched_t *s)
{
    sm_params_t L = *P;
    mem_params_for_kernel(&L.mem, (uint64_t)s->shmem_per_cta * s->ctas_per_sm);
    return L;
}
