/* GPU configs: the default GPU (H100 SXM5), the figures derived from a
 * config, and the names of GPGPU-Sim's options. Reading a file is
 * gpu_config_read.c. */
#include "host/ptx/gpu_config.h"

#include "host/mem/cache_config.h"
#include "host/ptx/gpu_config_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const gpgpusim_names[] = {
#define GPGPUSIM_OPT(name) name,
#include "host/ptx/gpgpusim_options.def"
#undef GPGPUSIM_OPT
};

int gpu_config_gpgpusim_option(const char *name)
{
    for (size_t i = 0; i < sizeof gpgpusim_names / sizeof gpgpusim_names[0]; i++)
        if (!strcmp(gpgpusim_names[i], name))
            return 1;
    return 0;
}

static void set_list(uint32_t *to, const uint32_t *from, size_t n) { memcpy(to, from, n * sizeof *to); }

/* 4 units (one a sub-core), as every Accel-Sim trace.config has them;
 * disabled, GPGPU-Sim's registered default "0,4,4,4,4,BRA". */
static void set_spec_unit(gpu_spec_unit_t *u, uint32_t enabled, uint32_t max_latency, const char *name)
{
    u->enabled = enabled;
    u->units = 4;
    u->max_latency = max_latency;
    u->id_oc = u->oc_ex = 4;
    snprintf(u->name, sizeof u->name, "%s", name);
}

/* The SM of configs/gpu/h100.cfg, where each value's source is given:
 * Accel-Sim's SM90_H100 gpgpusim.config (gpgpu-sim_distribution 01f6fc4)
 * and trace.config (accel-sim-framework 618c2ef), the H100 whitepaper's four
 * processing blocks per SM, seed 003's L0 instruction cache. */
static void h100_sm(gpu_config_t *c)
{
    static const uint32_t widths[GPU_PIPE_COUNT] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8, 4, 4};
    static const uint32_t lat_int[6] = {4, 4, 4, 4, 21, 32}, init_int[6] = {2, 2, 2, 2, 2, 4};
    static const uint32_t lat_fp[5] = {4, 4, 4, 4, 39}, init_fp[5] = {2, 2, 2, 2, 4};
    static const uint32_t lat_dp[5] = {8, 8, 8, 8, 330}, init_dp[5] = {2, 2, 2, 2, 130};
    c->sub_core_model = 1;
    c->sched_per_sm = 4;
    c->scheduler = GPU_SCHED_LRR;
    c->max_insn_issue_per_warp = 1;
    c->dual_issue_diff_units = 1;
    set_list(c->pipeline_widths, widths, GPU_PIPE_COUNT);
    c->num_sp_units = c->num_dp_units = c->num_int_units = c->num_sfu_units = c->num_tensor_units = 4;
    c->tensor_core_avail = 1;
    c->oc_units = c->oc_in_ports = c->oc_out_ports = 8;
    c->reg_banks = 64;
    c->reg_port_throughput = 2;
    set_list(c->lat_int, lat_int, 6);
    set_list(c->init_int, init_int, 6);
    set_list(c->lat_fp, lat_fp, 5);
    set_list(c->init_fp, init_fp, 5);
    set_list(c->lat_dp, lat_dp, 5);
    set_list(c->init_dp, init_dp, 5);
    c->lat_sfu = 23;
    c->init_sfu = 8;
    c->lat_tensor = 24;
    c->init_tensor = 8;
    set_spec_unit(&c->spec_unit[0], 1, 4, "BRA");
    set_spec_unit(&c->spec_unit[1], 1, 200, "TEX");
    set_spec_unit(&c->spec_unit[2], 1, 12, "TENSOR");
    set_spec_unit(&c->spec_unit[3], 1, 4, "UDP");
    set_spec_unit(&c->spec_unit[4], 1, 128, "GMMA");
    for (int i = 5; i < GPU_SPEC_UNITS; i++)
        set_spec_unit(&c->spec_unit[i], 0, 4, "BRA");
    c->inst_fetch_throughput = 4;
    c->il1_sets = 64, c->il1_line = 128, c->il1_ways = 16;
    c->l0i_sets = 32, c->l0i_line = 128, c->l0i_ways = 4;
    c->perfect_inst_const_cache = 1;
    c->shmem_banks = 32;
    c->l1_latency = 41;
    c->smem_latency = 29;
    c->l2_rop_latency = 237;
    c->dram_latency = 194;
    c->coalesce_arch = 90;
    c->icnt_flit_size = 40;
    c->icnt_latency = 1;
    /* as every Accel-Sim config of Volta and later (GPGPU-Sim's own
     * defaults, icnt_wrapper.cc, are 64 and 64) */
    c->icnt_in_limit = 512;
    c->icnt_out_limit = 512;
    c->icnt_arbiter = 1;
    c->icnt_grant_cycles = 1;
    c->icnt_subnets = 2;
    c->network_mode = 2;
    c->memory_system = 1;
    c->perf_sim_memcpy = 1;
    c->kernel_launch_latency = 3000;
    c->n_chiplet = 2;
    c->chiplet_latency = 111;
}

/* The DRAM of configs/gpu/h100.cfg: Accel-Sim's SM90_H100 gpgpusim.config
 * (gpgpu-sim_distribution baf2b8f, its "New HBM3 timing parameters"); no
 * write queue and no refresh, as there; 40 channels of 2 slices (01f6fc4),
 * each 16 bytes wide with bursts of 2 (h100.cfg says why not AS's 8 and 4). */
static void h100_dram(gpu_config_t *c)
{
    static const dram_timing_t timing = {16, 1, 6, 19, 45, 19, 50, 19, 6, 8, 21, 4, 6, 8};
    c->dram_timing = timing;
    c->n_mem = 40;
    c->sub_partitions = 2;
    c->mem_per_ctrlr = 1;
    c->dram_buswidth = 16;
    /* dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS */
    memset(&c->dram_map, 0, sizeof c->dram_map);
    c->dram_map.chip_start = 8;
    c->dram_map.mask[DRAM_F_ROW] = 0x0fff8000u;
    c->dram_map.mask[DRAM_F_BANK] = 0x7080u;
    c->dram_map.mask[DRAM_F_COL] = 0x0f7fu;
    c->dram_map.mask[DRAM_F_BURST] = 0x1fu;
    c->dram_scheduler = 1;
    c->dram_queue = 128;
    c->dram_return_queue = 384;
    c->dram_burst_length = 2;
    c->dram_freq_ratio = 2;
    c->dram_bank_index = DRAM_BANK_LINEAR;
    c->dram_bankgrp_index = DRAM_BANKGRP_LOW;
    c->dram_write_queue = 0;
    c->dram_wq[0] = 32, c->dram_wq[1] = 28, c->dram_wq[2] = 16; /* GPGPU-Sim's default */
    c->dram_dual_bus = 1;
    c->partition_index = MEM_HASH_IPOLY_MODULO; /* Accel-Sim's newer SM90_H100 (01f6fc4) */
}

/* The caches of configs/gpu/h100.cfg, whose comments give the sources. */
static void h100_caches(gpu_config_t *c)
{
    static const uint32_t carve_kb[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
    char err[256];
    cache_config_parse("S:4:128:64,L:T:m:L:L,A:512:64,16:0,32", "gpgpu_cache:dl1", 1, &c->l1d, err, sizeof err);
    cache_config_parse("S:256:128:20,L:B:m:L:X,A:384:4,32:0,32", "gpgpu_cache:dl2", 2, &c->l2, err, sizeof err);
    c->l2_given = 1;
    c->l2_slice_bytes = (uint64_t)c->l2.sets * c->l2.line * c->l2.ways;
    c->unified_l1d_kb = 256;
    c->adaptive_cache = 1;
    set_list(c->shmem_options, carve_kb, sizeof carve_kb / sizeof carve_kb[0]);
    c->n_shmem_options = sizeof carve_kb / sizeof carve_kb[0];
    c->l1_write_ratio = 25;
    c->l1_banks = 4;
    c->l1_bank_bytes = 32;
    gpu_config_finish_caches(c);
}

void gpu_config_defaults(gpu_config_t *c)
{
    /* NVIDIA H100 Tensor Core GPU Architecture whitepaper (SXM5: 132 SMs,
     * boost 1980 MHz); CUDA C++ Programming Guide, compute capability 9.0:
     * 2048 threads, 32 CTAs, 64K registers, 228 KB shared memory per SM,
     * 227 KB per block. configs/gpu/h100.cfg says the same. */
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "h100");
    c->n_clusters = 66;
    c->cores_per_cluster = 2;
    c->threads_per_sm = 2048;
    c->warp_size = 32;
    c->regs_per_sm = 65536;
    c->regs_per_block = 65536;
    c->shmem_per_sm = 233472;
    c->shmem_per_block = 232448;
    c->ctas_per_sm = 32;
    c->clock_mhz[0] = c->clock_mhz[1] = c->clock_mhz[2] = 1980.0;
    c->clock_mhz[3] = 2619.0;
    c->cc_major = 9;
    c->cc_minor = 0;
    h100_sm(c);
    h100_dram(c);
    h100_caches(c);
}

void gpu_config_free(gpu_config_t *c)
{
    free(c->ignored);
    c->ignored = NULL;
    c->nignored = 0;
}

uint32_t gpu_config_sms(const gpu_config_t *c) { return c->n_clusters * c->cores_per_cluster; }

double gpu_config_core_mhz(const gpu_config_t *c) { return c->clock_mhz[0] > 0 ? c->clock_mhz[0] : 1000.0; }

uint32_t gpu_config_max_warps_per_sm(const gpu_config_t *c) { return c->threads_per_sm / c->warp_size; }

uint32_t gpu_config_block_threads(const gpu_config_t *c) { return c->cc_major < 2 ? 512 : 1024; }

int64_t gpu_config_l2_bytes(const gpu_config_t *c)
{
    if (!c->l2_given)
        return -1;
    return (int64_t)c->l2_slice_bytes * (c->n_mem ? c->n_mem : 8) * (c->sub_partitions ? c->sub_partitions : 1);
}

int64_t gpu_config_bus_bits(const gpu_config_t *c)
{
    if (!c->n_mem)
        return -1;
    return (int64_t)c->n_mem * (c->mem_per_ctrlr ? c->mem_per_ctrlr : 1) * (c->dram_buswidth ? c->dram_buswidth : 4) * 8;
}

uint32_t gpu_config_thread_regs(const gpu_config_t *c)
{
    if (c->cc_major < 2)
        return 124;
    return c->cc_major < 3 || (c->cc_major == 3 && c->cc_minor < 5) ? 63 : 255;
}
