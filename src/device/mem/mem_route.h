/* Where a sector's request goes below the crossbar: its home partition
 * (DRAM channel) and L2 slice, moved by the channel hash, and the address
 * the slice knows; with the L2 in two halves (A100, H100: GPGPU-Sim's
 * -gpgpu_n_chiplet_partition 2) the slice of the SM's own half that stands
 * for the home one. */
#ifndef MEM_ROUTE_H
#define MEM_ROUTE_H

#include "device/mem/mem_params.h"
#include "device/mem/mem_req.h"

/* Marks a partition address cached in the half that is not its home: the
 * copy must not meet, in the same slice, the line that slice is home to
 * with the same partition address (partition addresses are below 2^48). */
#define MEM_PA_FAR (1ull << 62)

/* A request's partition (channel) and its slice there; pa: the address the
 * slice knows, without the channel's bits (GPGPU-Sim's partition_address).
 * The DRAM map's consecutive choice, moved by the partition hash. */
SIM_FN uint32_t mem_route(const mem_params_t *M, uint64_t addr, uint32_t *slice, uint64_t *pa)
{
    const dram_map_t *m = &M->dram.map;
    dram_addr_t a;
    dram_decode(m, addr, &a);
    if (m->gap) {
        uint32_t s = (uint32_t)m->chip_start;
        *pa = (addr >> s) / m->n_chan << s | (addr & ((1ull << s) - 1));
    } else {
        *pa = dram_gather(~m->mask[DRAM_F_CHIP], addr);
    }
    uint32_t sub = mem_hash(&M->hash, *pa, a.sub, 0);
    *slice = sub % M->nsub;
    return sub / M->nsub;
}

/* The inverse: the address of partition address pa in slice `slice` of
 * channel chip. */
SIM_FN uint64_t mem_unroute(const mem_params_t *M, uint64_t pa, uint32_t chip, uint32_t slice)
{
    const dram_map_t *m = &M->dram.map;
    chip = mem_hash(&M->hash, pa, chip * M->nsub + slice, 1) / M->nsub;
    if (m->gap) {
        uint32_t s = (uint32_t)m->chip_start;
        return ((pa >> s) * m->n_chan + chip) << s | (pa & ((1ull << s) - 1));
    }
    uint64_t out = 0, rest = pa, cbits = chip;
    for (uint32_t b = 0; b < 64; b++) {
        if (m->mask[DRAM_F_CHIP] >> b & 1) {
            out |= (cbits & 1) << b;
            cbits >>= 1;
        } else {
            out |= (rest & 1) << b;
            rest >>= 1;
        }
    }
    return out;
}

/* The half partition p belongs to (the first nchan/2 channels are half 0). */
SIM_INLINE uint32_t mem_half_of(const mem_params_t *M, uint32_t p) { return M->nhalves > 1 && p >= M->nchan / 2; }

/* The partition in the other half at p's place there: where p's misses of
 * lines homed in the other half go, and its tag updates (GPGPU-Sim's peer
 * L2: the same place in the other chiplet). */
SIM_INLINE uint32_t mem_peer(const mem_params_t *M, uint32_t p) { return (p + M->nchan / 2) % M->nchan; }

/* The partition SM sm sends a request for home partition `home` to: with
 * one L2, the home; with two halves, the one at the home's place in the
 * SM's half (SMs split in halves by number, as GPGPU-Sim's chiplets take
 * consecutive SMs), pa marked MEM_PA_FAR when that is not the home. */
SIM_INLINE uint32_t mem_near(const mem_params_t *M, uint32_t home, uint32_t sm, uint64_t *pa)
{
    if (M->nhalves < 2)
        return home;
    uint32_t half = sm >= M->sm_per_half;
    if (mem_half_of(M, home) == half)
        return home;
    *pa |= MEM_PA_FAR;
    return mem_peer(M, home);
}

/* Slice k of partition p as the crossbar and the statistics number the
 * slices (GPGPU-Sim's sub-partition id). */
SIM_INLINE uint32_t mem_slice(const mem_params_t *M, uint32_t p, uint32_t k) { return p * M->nsub + k; }

/* Request r's slice (mem_slice: the SM's near copy where the L2 has
 * halves); *pa its address there. */
SIM_INLINE uint32_t mem_req_port(const mem_params_t *M, const mem_req_t *r, uint64_t *pa)
{
    uint32_t k;
    uint32_t p = mem_near(M, mem_route(M, r->addr, &k, pa), r->sm, pa);
    return mem_slice(M, p, k);
}

#endif
