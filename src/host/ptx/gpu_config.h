/* What warpsim models of a GPU, read from a GPGPU-Sim style config file
 * (configs/gpu/NAME.cfg, or a researcher's gpgpusim.config): SM count, the
 * per-SM limits the block scheduler fits CTAs into, the clocks, the SM
 * pipeline the timing model builds (sub-cores, schedulers, collectors,
 * register banks, units and their latencies, instruction caches) and the
 * fixed latencies that stand for the memory system until it is modelled.
 *
 *   gpu_config_t c;
 *   gpu_config_defaults(&c);                       // H100 SXM5 (configs/gpu/h100.cfg)
 *   if (gpu_config_load(&c, "gpgpusim.config", err, sizeof err)) ...   // "gpgpusim.config:12: expected ..."
 *   if (c.nignored) fprintf(stderr, "%u options not modelled: %s\n", c.nignored, c.ignored);
 *   gpu_config_free(&c);
 */
#ifndef GPU_CONFIG_H
#define GPU_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "device/mem/dram_params.h"
#include "device/mem/cache_params.h"
#include "device/mem/mem_hash.h"

/* The options warpsim takes, in GPGPU-Sim's spelling (one row each):
 * X(option, kind, field, meaning). Kinds:
 *   U32     a number above 0          U32Z  a number, 0 allowed
 *   BOOL    0 or 1                    PIPE  <threads per SM>:<warp size>
 *   CLOCKS  <core>:<icnt>:<l2>:<dram> in MHz
 *   CACHE   GPGPU-Sim's cache string (all 15 fields, src/host/mem/cache_config.c)
 *           or none, into the cache_params_t field; the L2's also keeps
 *           l2_slice_bytes (sets x line x ways)
 *   KBLIST  up to GPU_SHMEM_OPTIONS numbers in KB, ascending: the carve-outs
 *   ICACHE  the same string into <field>_sets, _line, _ways; none only for the L0
 *   LAT     ADD,MAX,MUL,MAD,DIV[,SHFL] (enum gpu_lat_class): GPGPU-Sim reads
 *           them with sscanf, so its shipped 5-number int lists leave SHFL
 *           as it was; warpsim does the same (it keeps the earlier value)
 *   WIDTHS  the 13 widths of enum gpu_pipe, or 11 (no tensor stages: 0)
 *   SCHED   lrr | gto | two_level_active:<active warps>:0:1
 *   SPEC    <enabled>,<units>,<max latency>,<ID_OC width>,<OC_EX width>,<name>
 *   DTIMING GPGPU-Sim's DRAM timing: nbk=16:CCD=1:... (any order; nbkgrp,
 *           CCDL and RTPL may be left out: 1, 0, 0) or the legacy 11 to 14
 *           numbers in DRAM_TIMING_FIELDS order
 *   ADDRMAP [dramid@<bit>;]<64 of D B R C S 0, dots and spaces ignored>
 *   WQUEUE  <entries>:<high watermark>:<low watermark>
 *   REFRESH <tREFI>:<tRFC> in DRAM cycles, 0:0 none
 * A memory-system field left 0 was not in the file (the CUDA runtime then
 * takes the card's published figure, cudart_card.def). -warpsim_cache:l0i is
 * warpsim's own: GPGPU-Sim has no L0 instruction cache (seed 003 adds one);
 * so is -warpsim_dram_refresh: GPGPU-Sim models no refresh. */
#define GPU_CONFIG_OPTIONS(X)                                                                          \
    X("gpgpu_n_clusters", U32, n_clusters, "SM clusters")                                              \
    X("gpgpu_n_cores_per_cluster", U32, cores_per_cluster, "SMs per cluster")                          \
    X("gpgpu_shader_core_pipeline", PIPE, threads_per_sm, "threads per SM:warp size")                  \
    X("gpgpu_shader_registers", U32, regs_per_sm, "32-bit registers per SM")                           \
    X("gpgpu_registers_per_block", U32, regs_per_block, "registers per CTA")                           \
    X("gpgpu_shmem_size", U32, shmem_per_sm, "shared memory per SM, bytes")                            \
    X("gpgpu_shmem_per_block", U32, shmem_per_block, "shared memory per CTA, bytes")                   \
    X("gpgpu_shader_cta", U32, ctas_per_sm, "CTAs per SM")                                             \
    X("gpgpu_clock_domains", CLOCKS, clock_mhz, "core:interconnect:L2:DRAM clocks, MHz")               \
    X("gpgpu_num_reg_banks", U32, reg_banks, "register file banks per SM")                             \
    X("gpgpu_compute_capability_major", U32, cc_major, "compute capability, major")                    \
    X("gpgpu_compute_capability_minor", U32Z, cc_minor, "compute capability, minor")                   \
    X("gpgpu_n_mem", U32, n_mem, "memory controllers")                                                 \
    X("gpgpu_n_sub_partition_per_mchannel", U32, sub_partitions, "L2 slices a controller")             \
    X("gpgpu_n_mem_per_ctrlr", U32, mem_per_ctrlr, "DRAM chips a controller")                          \
    X("gpgpu_dram_buswidth", U32, dram_buswidth, "bytes a DRAM chip's bus carries")                    \
    X("gpgpu_dram_timing_opt", DTIMING, dram_timing, "DRAM banks and timing, DRAM cycles")            \
    X("gpgpu_mem_addr_mapping", ADDRMAP, dram_map, "address bits of channel, bank, row, column")      \
    X("gpgpu_dram_scheduler", BOOL, dram_scheduler, "DRAM scheduler: 0 FIFO, 1 FR-FCFS")              \
    X("gpgpu_frfcfs_dram_sched_queue_size", U32, dram_queue, "DRAM request queue entries")           \
    X("gpgpu_dram_return_queue_size", U32Z, dram_return_queue, "DRAM return queue; 0: 1024")         \
    X("gpgpu_dram_burst_length", U32, dram_burst_length, "DRAM burst length, beats")                 \
    X("dram_data_command_freq_ratio", U32, dram_freq_ratio, "DRAM data beats a command cycle")       \
    X("dram_bnk_indexing_policy", U32Z, dram_bank_index, "DRAM bank: 0 linear, 1 XOR, 2 IPOLY")      \
    X("dram_bnkgrp_indexing_policy", BOOL, dram_bankgrp_index, "bank group: 0 high bits, 1 low")     \
    X("dram_seperate_write_queue_enable", BOOL, dram_write_queue, "DRAM writes queue apart")         \
    X("dram_write_queue_size", WQUEUE, dram_wq, "DRAM write queue:high:low watermarks")              \
    X("dram_dual_bus_interface", BOOL, dram_dual_bus, "a DRAM row and column command a cycle")       \
    X("warpsim_dram_refresh", REFRESH, dram_refresh, "DRAM all-bank refresh tREFI:tRFC (warpsim's)") \
    X("gpgpu_memory_partition_indexing", U32Z, partition_index, "channel hash: 0, XOR 1, IPOLY 2/6") \
    X("gpgpu_cache:dl2", CACHE, l2, "L2 slice: type:sets:line:ways,policies,MSHR,queues")              \
    X("gpgpu_cache:dl2_texture_only", BOOL, l2_texture_only, "the L2 caches texture data only")        \
    X("gpgpu_cache:dl1", CACHE, l1d, "SM's L1D: type:sets:line:ways,policies,MSHR,queues")             \
    X("gpgpu_unified_l1d_size", U32Z, unified_l1d_kb, "L1D + shared memory array, KB; 0 none")        \
    X("gpgpu_adaptive_cache_config", BOOL, adaptive_cache, "L1D gets what shared memory leaves")       \
    X("gpgpu_shmem_option", KBLIST, shmem_options, "shared memory carve-outs, KB, ascending")          \
    X("gpgpu_l1_cache_write_ratio", U32Z, l1_write_ratio, "% of L1D lines dirty before dirty victims")  \
    X("gpgpu_l1_banks", U32, l1_banks, "L1D banks")                                                    \
    X("gpgpu_l1_banks_byte_interleaving", U32, l1_bank_bytes, "bytes a bank holds in a row")          \
    X("gpgpu_l1_banks_hashing_function", U32Z, l1_bank_hash, "0 linear, 1 XOR, 2 IPOLY, 3 Fermi")      \
    X("gpgpu_gmem_skip_L1D", BOOL, gmem_skip_l1d, "global loads bypass the L1D (-dlcm=cg)")          \
    X("gpgpu_sub_core_model", BOOL, sub_core_model, "each scheduler owns its units and banks")         \
    X("gpgpu_num_sched_per_core", U32, sched_per_sm, "warp schedulers (sub-cores) per SM")             \
    X("gpgpu_scheduler", SCHED, scheduler, "lrr, gto or two_level_active:N:0:1")                       \
    X("gpgpu_max_insn_issue_per_warp", U32, max_insn_issue_per_warp, "a warp's issues a cycle, 1-2")   \
    X("gpgpu_dual_issue_diff_exec_units", BOOL, dual_issue_diff_units, "dual issue to two units")      \
    X("gpgpu_pipeline_widths", WIDTHS, pipeline_widths, "stage widths, enum gpu_pipe order")           \
    X("gpgpu_num_sp_units", U32, num_sp_units, "SP (FP32) units per SM")                               \
    X("gpgpu_num_dp_units", U32Z, num_dp_units, "DP (FP64) units per SM")                              \
    X("gpgpu_num_int_units", U32Z, num_int_units, "INT units per SM")                                  \
    X("gpgpu_num_sfu_units", U32, num_sfu_units, "SFU units per SM")                                   \
    X("gpgpu_num_tensor_core_units", U32Z, num_tensor_units, "tensor units per SM")                    \
    X("gpgpu_tensor_core_avail", BOOL, tensor_core_avail, "0: no tensor pipe")                         \
    X("gpgpu_operand_collector_num_units_gen", U32, oc_units, "collector units per SM")                \
    X("gpgpu_operand_collector_num_in_ports_gen", U32, oc_in_ports, "collector in ports")              \
    X("gpgpu_operand_collector_num_out_ports_gen", U32, oc_out_ports, "collector out ports")           \
    X("gpgpu_reg_file_port_throughput", U32, reg_port_throughput, "ports per register bank")           \
    X("ptx_opcode_latency_int", LAT, lat_int, "INT latency, cycles")                                   \
    X("ptx_opcode_latency_fp", LAT, lat_fp, "FP32 latency, cycles")                                    \
    X("ptx_opcode_latency_dp", LAT, lat_dp, "FP64 latency, cycles")                                    \
    X("ptx_opcode_latency_sfu", U32, lat_sfu, "SFU latency, cycles")                                   \
    X("ptx_opcode_latency_tesnor", U32, lat_tensor, "tensor latency (GPGPU-Sim's spelling)")           \
    X("ptx_opcode_initiation_int", LAT, init_int, "INT initiation interval, cycles")                   \
    X("ptx_opcode_initiation_fp", LAT, init_fp, "FP32 initiation interval")                            \
    X("ptx_opcode_initiation_dp", LAT, init_dp, "FP64 initiation interval")                            \
    X("ptx_opcode_initiation_sfu", U32, init_sfu, "SFU initiation interval")                           \
    X("ptx_opcode_initiation_tensor", U32, init_tensor, "tensor initiation interval")                  \
    X("specialized_unit_1", SPEC, spec_unit[0], "specialized unit 1")                                  \
    X("specialized_unit_2", SPEC, spec_unit[1], "specialized unit 2")                                  \
    X("specialized_unit_3", SPEC, spec_unit[2], "specialized unit 3")                                  \
    X("specialized_unit_4", SPEC, spec_unit[3], "specialized unit 4")                                  \
    X("specialized_unit_5", SPEC, spec_unit[4], "specialized unit 5")                                  \
    X("specialized_unit_6", SPEC, spec_unit[5], "specialized unit 6")                                  \
    X("specialized_unit_7", SPEC, spec_unit[6], "specialized unit 7")                                  \
    X("specialized_unit_8", SPEC, spec_unit[7], "specialized unit 8")                                  \
    X("gpgpu_inst_fetch_throughput", U32, inst_fetch_throughput, "instructions fetched a cycle")       \
    X("gpgpu_cache:il1", ICACHE, il1_sets, "L1 instruction cache, shared by the sub-cores")            \
    X("warpsim_cache:l0i", ICACHE, l0i_sets, "L0 instruction cache per sub-core (warpsim's)")          \
    X("gpgpu_perfect_inst_const_cache", BOOL, perfect_inst_const_cache, "instruction caches hit")      \
    X("gpgpu_shmem_num_banks", U32, shmem_banks, "shared memory banks")                                \
    X("gpgpu_l1_latency", U32, l1_latency, "L1D hit latency, cycles")                                  \
    X("gpgpu_smem_latency", U32, smem_latency, "shared memory latency, cycles")                        \
    X("gpgpu_l2_rop_latency", U32, l2_rop_latency, "L2 latency beyond L1, cycles")                     \
    X("dram_latency", U32, dram_latency, "DRAM latency beyond L2, cycles")                             \
    X("gpgpu_coalesce_arch", U32, coalesce_arch, "coalescer: 13 GT200, 20 Fermi, 40 up sectors")       \
    X("icnt_flit_size", U32, icnt_flit_size, "crossbar flit, bytes a port moves a cycle")              \
    X("warpsim_icnt_latency", U32Z, icnt_latency, "crossbar traversal each way, cycles (warpsim's)")  \
    X("icnt_in_buffer_limit", U32, icnt_in_limit, "crossbar input buffer, packets")                    \
    X("icnt_out_buffer_limit", U32, icnt_out_limit, "crossbar output buffer, packets")                 \
    X("icnt_arbiter_algo", U32Z, icnt_arbiter, "crossbar arbiter: 0 round robin, 1 iSLIP")             \
    X("icnt_grant_cycles", U32, icnt_grant_cycles, "iSLIP: cycles between pointer moves")              \
    X("icnt_subnets", U32, icnt_subnets, "crossbar networks: 2, requests and answers apart")           \
    X("network_mode", U32, network_mode, "interconnect: 2, GPGPU-Sim's local crossbar (1, BookSim: no)") \
    X("warpsim_memory_system", BOOL, memory_system, "1: L1D, crossbar, L2, DRAM; 0: fixed latencies") \
    X("gpgpu_perf_sim_memcpy", BOOL, perf_sim_memcpy, "1: host-device copies fill the L2")            \
    X("gpgpu_n_chiplet_partition", U32, n_chiplet, "L2 halves: 1, or 2 with a near and a far half")     \
    X("warpsim_chiplet_latency", U32Z, chiplet_latency, "cycles each way between the L2's halves")     \
    X("gpgpu_kernel_launch_latency", U32Z, kernel_launch_latency, "cycles before a kernel's first CTA")

/* -gpgpu_pipeline_widths, in GPGPU-Sim's order (shader.h pipeline_stage_name_t). */
enum gpu_pipe {
    GPU_PIPE_ID_OC_SP,
    GPU_PIPE_ID_OC_DP,
    GPU_PIPE_ID_OC_INT,
    GPU_PIPE_ID_OC_SFU,
    GPU_PIPE_ID_OC_MEM,
    GPU_PIPE_OC_EX_SP,
    GPU_PIPE_OC_EX_DP,
    GPU_PIPE_OC_EX_INT,
    GPU_PIPE_OC_EX_SFU,
    GPU_PIPE_OC_EX_MEM,
    GPU_PIPE_EX_WB,
    GPU_PIPE_ID_OC_TENSOR,
    GPU_PIPE_OC_EX_TENSOR,
    GPU_PIPE_COUNT
};

/* -ptx_opcode_latency_* and _initiation_* lists; SHFL is in the int list only. */
enum gpu_lat_class { GPU_LAT_ADD, GPU_LAT_MAX, GPU_LAT_MUL, GPU_LAT_MAD, GPU_LAT_DIV, GPU_LAT_SHFL };

/* -gpgpu_scheduler. GPGPU-Sim's rrr, old and warp_limiting are errors. */
enum gpu_sched { GPU_SCHED_LRR, GPU_SCHED_GTO, GPU_SCHED_TWO_LEVEL };

#define GPU_SPEC_UNITS 8
#define GPU_SHMEM_OPTIONS 16

/* -specialized_unit_N: a unit class of its own (Accel-Sim's trace mode puts
 * BRA, TEX, TENSOR, UDP, GMMA there). GPGPU-Sim uses units 1.. up to the
 * first disabled one; an enabled unit after a disabled one is an error. */
typedef struct gpu_spec_unit {
    uint32_t enabled, units, max_latency, id_oc, oc_ex;
    char name[16];
} gpu_spec_unit_t;

typedef struct gpu_config {
    char name[64];              /* the file's name without folder and .cfg/.config */
    uint32_t n_clusters, cores_per_cluster;
    uint32_t threads_per_sm, warp_size;
    uint32_t regs_per_sm, regs_per_block;
    uint32_t shmem_per_sm, shmem_per_block;
    uint32_t ctas_per_sm;
    double clock_mhz[4];
    uint32_t reg_banks;         /* per SM; the sub-core model splits them among the schedulers */
    uint32_t cc_major, cc_minor;
    uint32_t n_mem, sub_partitions, mem_per_ctrlr, dram_buswidth;
    uint64_t l2_slice_bytes;    /* sets x line x ways of one L2 slice; 0 with l2_given: none */
    uint32_t l2_given;
    /* A DRAM channel, as GPGPU-Sim's options give it (src/host/mem/dram_params.c
     * turns them into the device model's dram_params_t). */
    dram_timing_t dram_timing;
    dram_map_t dram_map;        /* the mapping string's masks (n_chan 0: not yet fitted to -gpgpu_n_mem) */
    uint32_t dram_scheduler, dram_queue, dram_return_queue;
    uint32_t dram_burst_length, dram_freq_ratio;
    uint32_t dram_bank_index, dram_bankgrp_index;
    uint32_t dram_write_queue, dram_wq[3]; /* entries, high and low watermarks */
    uint32_t dram_dual_bus;
    uint32_t dram_refresh[2];   /* tREFI, tRFC */
    uint32_t partition_index;   /* the channel hash (MEM_HASH_*, device/mem/mem_hash.h) */
    /* The caches as models (src/device/mem/cache.h); sets 0: none (or not
     * given). The L1D's banks, write ratio and ways to grow to come from
     * the options below once a text is read (gpu_config_check.c). */
    cache_params_t l2, l1d;
    uint32_t l2_texture_only, gmem_skip_l1d;
    uint32_t unified_l1d_kb, adaptive_cache, l1_write_ratio;
    uint32_t l1_banks, l1_bank_bytes, l1_bank_hash;
    uint32_t shmem_options[GPU_SHMEM_OPTIONS], n_shmem_options;

    /* SM pipeline. Unit and collector counts are per SM, as GPGPU-Sim's; with
     * sub_core_model each scheduler owns count / sched_per_sm of them. */
    uint32_t sub_core_model;
    uint32_t sched_per_sm;
    uint32_t scheduler;                 /* enum gpu_sched */
    uint32_t two_level_active;          /* N of two_level_active:N:0:1, else 0 */
    uint32_t max_insn_issue_per_warp;
    uint32_t dual_issue_diff_units;
    uint32_t pipeline_widths[GPU_PIPE_COUNT];
    uint32_t num_sp_units, num_dp_units, num_int_units, num_sfu_units;
    uint32_t num_tensor_units;          /* 0 when tensor_core_avail is 0 */
    uint32_t tensor_core_avail;
    uint32_t oc_units, oc_in_ports, oc_out_ports;
    uint32_t reg_port_throughput;
    uint32_t lat_int[6], lat_fp[5], lat_dp[5], lat_sfu, lat_tensor;        /* enum gpu_lat_class */
    uint32_t init_int[6], init_fp[5], init_dp[5], init_sfu, init_tensor;
    gpu_spec_unit_t spec_unit[GPU_SPEC_UNITS];
    uint32_t inst_fetch_throughput;
    uint32_t il1_sets, il1_line, il1_ways;
    uint32_t l0i_sets, l0i_line, l0i_ways;  /* all 0: no L0 (fetch from the L1I, as GPGPU-Sim) */
    uint32_t perfect_inst_const_cache;
    uint32_t shmem_banks;
    /* The memory system's latencies as GPGPU-Sim's options define them (each
     * beyond the level above: the tuner derives -dram_latency as DRAM's load
     * latency minus L2's), standing behind the coalescer until it is modelled. */
    uint32_t l1_latency, smem_latency, l2_rop_latency, dram_latency;
    uint32_t coalesce_arch;
    uint32_t icnt_flit_size, icnt_latency;
    uint32_t icnt_in_limit, icnt_out_limit, icnt_arbiter, icnt_grant_cycles, icnt_subnets, network_mode;
    uint32_t memory_system;     /* model what is below the coalescer when the caches and DRAM are given */
    uint32_t perf_sim_memcpy;   /* the copy engine fills the L2 (GPGPU-Sim's default: 1) */
    uint32_t n_chiplet, chiplet_latency; /* the L2 in halves (src/device/mem/mem_route.h), each way between them */
    uint32_t kernel_launch_latency;

    uint32_t nignored;          /* GPGPU-Sim options read and not modelled */
    char *ignored;              /* their names, once each, ", " between; malloc'd */
} gpu_config_t;

/* H100 SXM5, as configs/gpu/h100.cfg says. */
void gpu_config_defaults(gpu_config_t *c);
/* Applies the options of a file on top of c. 0, or -1 with one line
 * "PATH:LINE: expected ..." in err. */
int gpu_config_load(gpu_config_t *c, const char *path, char *err, size_t n);
/* The same for text, name being what messages call it. */
int gpu_config_parse(gpu_config_t *c, const char *name, const char *text, char *err, size_t n);
void gpu_config_free(gpu_config_t *c);

uint32_t gpu_config_sms(const gpu_config_t *c);
/* The core clock (-gpgpu_clock_domains' first), MHz; 1000 where the config has none. */
double gpu_config_core_mhz(const gpu_config_t *c);
/* Warps an SM holds: threads per SM over the warp size. */
uint32_t gpu_config_max_warps_per_sm(const gpu_config_t *c);
/* CUDA's threads per block: 512 before compute capability 2.0, then 1024. */
uint32_t gpu_config_block_threads(const gpu_config_t *c);
/* Registers a thread may have: 124 on 1.x, 63 up to 3.0, then 255. */
uint32_t gpu_config_thread_regs(const gpu_config_t *c);
/* The L2's bytes as GPGPU-Sim builds it (a -gpgpu_cache:dl2 slice in each
 * of -gpgpu_n_mem x -gpgpu_n_sub_partition_per_mchannel sub-partitions,
 * GPGPU-Sim's defaults 8 and 1 for what is missing); -1 without dl2. */
int64_t gpu_config_l2_bytes(const gpu_config_t *c);
/* The DRAM bus in bits (-gpgpu_n_mem x -gpgpu_n_mem_per_ctrlr x
 * -gpgpu_dram_buswidth bytes, defaults 1 and 4); -1 without -gpgpu_n_mem. */
int64_t gpu_config_bus_bits(const gpu_config_t *c);
/* Is name (without the dash) an option GPGPU-Sim or Accel-Sim knows
 * (gpgpusim_options.def)? */
int gpu_config_gpgpusim_option(const char *name);

#endif
