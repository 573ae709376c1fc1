/* The memory system's parameters (src/device/mem/mem_params.h) from a GPU
 * config: on when the config gives an L1D, an L2 slice, the channels and
 * their DRAM (and -warpsim_memory_system is not 0), else the SM model's
 * fixed latencies stand behind the coalescer. With them the channel hash's
 * (src/device/mem/mem_hash.h). */
#include "host/mem/mem_params.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/mem/dram_params.h"
#include "device/mem/mem_xbar.h"

/* The lowest primitive polynomial of degree k (bit i: x^i's coefficient):
 * the one whose x has order 2^k - 1. */
static uint32_t lowest_primitive(uint32_t k)
{
    uint32_t top = 1u << k;
    for (uint32_t p = top | 1; p < top << 1; p += 2) {
        uint32_t t = 1, order = 0;
        do {
            t <<= 1;
            if (t & top)
                t ^= p;
            order++;
        } while (t != 1 && order < top);
        if (order == top - 1)
            return p;
    }
    return 0;
}

void mem_hash_ipoly_masks(uint32_t bits, uint32_t cols, uint64_t *mask)
{
    memset(mask, 0, bits * sizeof *mask);
    if (!bits)
        return;
    uint32_t top = 1u << bits, p = lowest_primitive(bits);
    uint32_t t = p ^ top; /* x^bits mod p */
    for (uint32_t j = 0; j < cols; j++) {
        for (uint32_t i = 0; i < bits; i++)
            mask[i] |= (uint64_t)(t >> i & 1) << j;
        t <<= 1;
        if (t & top)
            t ^= p;
    }
}

/* What the hash permutes and the high bits it reads: GPGPU-Sim's
 * rest_of_addr_high_bits, the address above the channel bits and the
 * sub-partitions' (dramid@N; with D bits, from the lowest), or with a gap
 * the quotient over the channels; both the partition address shifted. */
static void hash_params(const gpu_config_t *c, mem_params_t *M)
{
    mem_hash_t *H = &M->hash;
    const dram_map_t *m = &M->dram.map;
    H->fn = c->partition_index;
    uint32_t low = m->chip_start >= 0 ? (uint32_t)m->chip_start
                   : m->mask[DRAM_F_CHIP] ? (uint32_t)__builtin_ctzll(m->mask[DRAM_F_CHIP]) : 0;
    H->shift = low + (m->gap ? 0 : (uint32_t)__builtin_ctz(M->nsub));
    if (H->fn == MEM_HASH_XOR) {
        H->unit = M->nsub, H->n = M->nchan;
        return;
    }
    H->unit = 1, H->n = M->nchan * M->nsub;
    while (1u << H->bits < H->n)
        H->bits++;
    /* GPGPU-Sim's equations (hashing.cc) read 13, 15 and 19 high bits for
     * 16, 32 and 64 sub-partitions; it has none for other counts */
    uint32_t cols = H->bits == 4 ? 13 : H->bits == 5 ? 15 : H->bits == 6 ? 19 : 64;
    mem_hash_ipoly_masks(H->bits, cols, H->mask);
}

int mem_params_from_config(const gpu_config_t *c, mem_params_t *M, char *why, size_t n)
{
    memset(M, 0, sizeof *M);
    if (!c->memory_system || !c->l1d.sets || !c->l2.sets || !c->n_mem || !c->dram_timing.nbk)
        return 0;
    if (dram_params_from_config(c, &M->dram, why, n))
        return -1;
    M->nchan = c->n_mem;
    M->nsub = c->sub_partitions ? c->sub_partitions : 1;
    hash_params(c, M);
    M->l1d = c->l1d;
    M->l2 = c->l2;
    if (M->l1d.mshr_merge > 64 || M->l2.mshr_merge > 64) {
        snprintf(why, n, "an MSHR merging %u requests: the memory system takes at most 64",
                 M->l1d.mshr_merge > 64 ? M->l1d.mshr_merge : M->l2.mshr_merge);
        return -1;
    }
    M->l1_latency = c->l1_latency ? c->l1_latency : 1;
    M->rop_latency = c->l2_rop_latency;
    M->dram_latency = c->dram_latency;
    M->perf_memcpy = c->perf_sim_memcpy;
    M->icnt_latency = c->icnt_latency;
    M->flit = c->icnt_flit_size ? c->icnt_flit_size : 40;
    if (c->icnt_arbiter > 1) {
        snprintf(why, n, "-icnt_arbiter_algo %u: the crossbar's arbiters are 0 (round robin) and 1 (iSLIP)",
                 c->icnt_arbiter);
        return -1;
    }
    if (c->network_mode != 2) {
        snprintf(why, n,
                 "-network_mode %u: warpsim models GPGPU-Sim's local crossbar (-network_mode 2), not its BookSim "
                 "networks (1)",
                 c->network_mode);
        return -1;
    }
    if (c->icnt_subnets != 2) {
        snprintf(why, n, "-icnt_subnets %u: warpsim's crossbar has two networks, requests and answers (2)",
                 c->icnt_subnets);
        return -1;
    }
    if (gpu_config_sms(c) > MEM_XBAR_MAXIN || M->nchan * M->nsub > MEM_XBAR_MAXIN) {
        snprintf(why, n, "%u SMs and %u L2 slices: the crossbar takes at most %u of each", gpu_config_sms(c),
                 M->nchan * M->nsub, MEM_XBAR_MAXIN);
        return -1;
    }
    if (c->icnt_in_limit > MEM_XBAR_MAXLIMIT || c->icnt_out_limit > MEM_XBAR_MAXLIMIT) {
        int in = c->icnt_in_limit > MEM_XBAR_MAXLIMIT;
        snprintf(why, n, "-icnt_%s_buffer_limit %u: the crossbar holds at most %u packets a port", in ? "in" : "out",
                 in ? c->icnt_in_limit : c->icnt_out_limit, MEM_XBAR_MAXLIMIT);
        return -1;
    }
    M->in_limit = c->icnt_in_limit;
    M->out_limit = c->icnt_out_limit;
    M->arbiter = c->icnt_arbiter;
    M->grant_cycles = c->icnt_grant_cycles;
    M->core_khz = (uint32_t)lround(gpu_config_core_mhz(c) * 1000.0);
    M->dram_khz = (uint32_t)lround((c->clock_mhz[3] > 0 ? c->clock_mhz[3] : gpu_config_core_mhz(c)) * 1000.0);
    M->lookahead = 2 * M->icnt_latency + M->rop_latency;
    if (c->n_chiplet > 1) {
        M->nhalves = 2;
        M->half_latency = c->chiplet_latency;
        M->sm_per_half = (gpu_config_sms(c) + 1) / 2;
        if (M->half_latency < M->lookahead)
            M->lookahead = M->half_latency;
    } else {
        M->nhalves = 1;
    }
    if (!M->lookahead) {
        snprintf(why, n, "no latency between the SMs and the L2 (-gpgpu_l2_rop_latency and -warpsim_icnt_latency 0): "
                         "the memory phase needs at least a cycle");
        return -1;
    }
    M->unified_kb = c->unified_l1d_kb;
    M->adaptive = c->adaptive_cache;
    M->nopts = c->n_shmem_options < 16 ? c->n_shmem_options : 16;
    memcpy(M->opts_kb, c->shmem_options, M->nopts * sizeof M->opts_kb[0]);
    M->on = 1;
    return 0;
}

void mem_params_for_kernel(mem_params_t *M, uint64_t shmem_bytes)
{
    cache_split_t sp;
    if (!M->on || !M->adaptive || !M->unified_kb || !M->nopts)
        return;
    if (cache_split_for(&M->l1d, M->unified_kb, M->opts_kb, M->nopts, shmem_bytes, &sp))
        return; /* no carve-out holds it: the launch check refuses such a kernel first */
    M->l1d.ways = sp.ways ? sp.ways : 1;
    M->l1d.alloc = sp.alloc;
}
