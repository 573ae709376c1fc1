/* What warpsim models of a GPU, read from a GPGPU-Sim style config file
 * (configs/gpu/NAME.cfg, or a researcher's gpgpusim.config): SM count, the
 * per-SM limits the block scheduler fits CTAs into, and the clocks.
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

/* The options warpsim takes, in GPGPU-Sim's spelling:
 * X(option, kind, field, meaning). Kinds: U32 a number; PIPE
 * <threads per SM>:<warp size>; CLOCKS <core>:<icnt>:<l2>:<dram> in MHz;
 * CACHE GPGPU-Sim's cache string, [N|S:]<sets>:<line>:<ways>,... or none.
 * A memory-system field left 0 was not in the file (the CUDA runtime then
 * takes the card's published figure, cudart_card.def). */
#define GPU_CONFIG_OPTIONS(X)                                                              \
    X("gpgpu_n_clusters", U32, n_clusters, "SM clusters")                                  \
    X("gpgpu_n_cores_per_cluster", U32, cores_per_cluster, "SMs per cluster")              \
    X("gpgpu_shader_core_pipeline", PIPE, threads_per_sm, "threads per SM:warp size")      \
    X("gpgpu_shader_registers", U32, regs_per_sm, "32-bit registers per SM")               \
    X("gpgpu_registers_per_block", U32, regs_per_block, "registers per CTA")               \
    X("gpgpu_shmem_size", U32, shmem_per_sm, "shared memory per SM, bytes")                \
    X("gpgpu_shmem_per_block", U32, shmem_per_block, "shared memory per CTA, bytes")       \
    X("gpgpu_shader_cta", U32, ctas_per_sm, "CTAs per SM")                                 \
    X("gpgpu_clock_domains", CLOCKS, clock_mhz, "core:interconnect:L2:DRAM clocks, MHz")   \
    X("gpgpu_num_reg_banks", U32, reg_banks, "register file banks per SM")                 \
    X("gpgpu_compute_capability_major", U32, cc_major, "compute capability, major")        \
    X("gpgpu_compute_capability_minor", U32, cc_minor, "compute capability, minor")        \
    X("gpgpu_n_mem", U32, n_mem, "memory controllers")                                     \
    X("gpgpu_n_sub_partition_per_mchannel", U32, sub_partitions, "L2 slices a controller") \
    X("gpgpu_n_mem_per_ctrlr", U32, mem_per_ctrlr, "DRAM chips a controller")              \
    X("gpgpu_dram_buswidth", U32, dram_buswidth, "bytes a DRAM chip's bus carries")        \
    X("gpgpu_cache:dl2", CACHE, l2_slice_bytes, "L2 slice: [N|S:]sets:line:ways,...")

typedef struct gpu_config {
    char name[64];              /* the file's name without folder and .cfg/.config */
    uint32_t n_clusters, cores_per_cluster;
    uint32_t threads_per_sm, warp_size;
    uint32_t regs_per_sm, regs_per_block;
    uint32_t shmem_per_sm, shmem_per_block;
    uint32_t ctas_per_sm;
    double clock_mhz[4];
    uint32_t reg_banks;
    uint32_t cc_major, cc_minor;
    uint32_t n_mem, sub_partitions, mem_per_ctrlr, dram_buswidth;
    uint64_t l2_slice_bytes;    /* sets x line x ways of one L2 slice; 0 with l2_given: none */
    uint32_t l2_given;
    uint32_t nignored;          /* GPGPU-Sim options read and not modelled */
    char *ignored;              /* their names, ", " between; malloc'd */
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
/* Is name (without the dash) an option GPGPU-Sim knows? */
int gpu_config_gpgpusim_option(const char *name);

#endif
