/* What the memory system behind the SMs' coalescers needs of a GPU config
 * (issue 34; seed 004 sections II-III), as plain numbers the host fills
 * (src/host/mem/mem_params.c) and device code reads: an L1D per SM, a
 * crossbar, and per memory partition (a DRAM channel) its L2 slices
 * (sub-partitions) and the channel. Times are core cycles but for the
 * channel's own (dram_params_t: its command clock). */
#ifndef MEM_PARAMS_H
#define MEM_PARAMS_H

#include "device/mem/cache_params.h"
#include "device/mem/dram_params.h"
#include "device/mem/mem_hash.h"

/* Bytes of a crossbar packet's header (GPGPU-Sim's READ_PACKET_SIZE and
 * the control part of a write or a reply). */
#define MEM_HEADER_BYTES 8u

typedef struct mem_params {
    uint32_t on;                /* 0: fixed latencies stand behind the coalescer (sm_params_t.gmem_latency) */
    uint32_t nchan, nsub;       /* memory partitions (-gpgpu_n_mem) and L2 slices each */
    cache_params_t l1d, l2;     /* an SM's L1D (its ways for the kernel's shared memory) and one slice */
    dram_params_t dram;         /* one channel; its map gives channel and sub-partition */
    mem_hash_t hash;            /* -gpgpu_memory_partition_indexing: those moved (mem_route) */
    uint32_t l1_latency;        /* an L1D access: a hit's data, or a miss leaving for the crossbar */
    uint32_t rop_latency;       /* a request at its slice waits this long for the L2 (GPGPU-Sim's ROP queue) */
    uint32_t dram_latency;      /* an L2 miss reaches its channel this long after the access */
    uint32_t perf_memcpy;       /* -gpgpu_perf_sim_memcpy: host-device copies fill the L2 (mem_copy_fill) */
    uint32_t icnt_latency;      /* a crossbar traversal, each way */
    uint32_t flit;              /* bytes a crossbar port moves a cycle (-icnt_flit_size) */
    uint32_t in_limit;          /* packets an input may have waiting to cross (-icnt_in_buffer_limit) */
    uint32_t out_limit;         /* packets an output holds not yet taken (-icnt_out_buffer_limit) */
    uint32_t arbiter;           /* enum mem_xbar_algo (-icnt_arbiter_algo) */
    uint32_t grant_cycles;      /* iSLIP: cycles with requests between pointer moves (-icnt_grant_cycles) */
    uint32_t core_khz, dram_khz; /* core and DRAM command clocks: core cycles into the channel's */
    uint32_t nhalves;           /* 2: the L2 in a near and a far half (mem_route.h), else 1 */
    uint32_t half_latency;      /* a message between the halves, each way */
    uint32_t sm_per_half;       /* SMs 0 .. sm_per_half - 1 are in half 0 */
    uint32_t lookahead;         /* the fewest cycles from a request leaving an SM to its answer
                                 * (2 x icnt + rop), and from a message leaving one half of the L2
                                 * to the other: the windows are no longer (sm_memphase.h) */
    /* the L1D's share of the unified L1/shared array, chosen per kernel (cache_split.h) */
    uint32_t unified_kb, adaptive, nopts, opts_kb[16];
} mem_params_t;

/* Crossbar flits of a packet carrying `data` bytes. */
SIM_INLINE uint32_t mem_flits(const mem_params_t *M, uint32_t data)
{
    uint32_t f = M->flit ? M->flit : 32;
    return (MEM_HEADER_BYTES + data + f - 1) / f;
}

/* Core cycle t in the channel's command clock (the first DRAM cycle not
 * before it), and back (the first core cycle not before DRAM cycle d). */
SIM_INLINE uint64_t mem_to_dram(const mem_params_t *M, uint64_t t)
{
    return (t * M->dram_khz + M->core_khz - 1) / M->core_khz;
}
SIM_INLINE uint64_t mem_to_core(const mem_params_t *M, uint64_t d)
{
    return (d * M->core_khz + M->dram_khz - 1) / M->dram_khz;
}

#endif
