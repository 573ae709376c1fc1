/* Warp collectives (vote, shfl, match, redux, activemask) and the other
 * records that read more than their own lane or the warp's state: special
 * registers, symbol addresses, cvta, isspacep, vector pack and unpack. A
 * collective reads the other lanes' registers before any lane writes (on
 * the GPU: a __syncwarp between). */
#ifndef PTX_EXEC_WARP_H
#define PTX_EXEC_WARP_H

#include "device/ptx/ptx_exec_its.h"
#include "device/ptx/ptx_exec_mem.h"

SIM_INLINE uint64_t ptx_lane_src(const ptx_warp_t *w, const ptx_rec_t *r, uint32_t i, uint32_t l)
{
    uint64_t v = w->regs[(size_t)r->src[i] * 32 + l];
    return (r->neg >> i & 1u) ? !(v & 1u) : v;
}

/* %clock: with the timing model the cycle of the warp's SM, as on the
 * card; without, the warp's instructions times the cycles each takes when
 * the SM's resident warps share its schedulers (ptx_sched_clock), so that
 * runs repeat exactly and a kernel waiting for N cycles runs about as long
 * as on the card. */
SIM_INLINE uint64_t ptx_clock(const ptx_ctx_t *c, const ptx_warp_t *w)
{
    return c->clock ? *c->clock : w->icount * (c->g->clock_cpi ? c->g->clock_cpi : 1u);
}

/* %globaltimer in ns: the clock above at the config's core clock. */
SIM_INLINE uint64_t ptx_globaltimer(const ptx_ctx_t *c, const ptx_warp_t *w)
{
    double ns = c->clock ? c->ns_per_cycle : c->g->ns_per_cycle > 0 ? c->g->ns_per_cycle : 1000.0;
    return (uint64_t)((double)ptx_clock(c, w) * ns);
}

/* A special register's value in lane l. */
SIM_FN uint64_t ptx_sreg_value(const ptx_ctx_t *c, const ptx_warp_t *w, uint32_t s, uint32_t comp, uint32_t l)
{
    const ptx_grid_t *g = c->g;
    uint32_t t = w->index * 32 + l, k = comp ? comp - 1 : 0;
    switch (s) {
    case PTX_SREG_TID:
        return k == 0 ? t % g->block[0] : k == 1 ? t / g->block[0] % g->block[1]
             : k == 2 ? t / (g->block[0] * g->block[1]) : 0;
    case PTX_SREG_NTID: return k < 3 ? g->block[k] : 0;
    case PTX_SREG_CTAID: case PTX_SREG_CLUSTERID: return k < 3 ? c->ctaid[k] : 0;
    case PTX_SREG_NCTAID: case PTX_SREG_NCLUSTERID: return k < 3 ? g->grid[k] : 0;
    case PTX_SREG_CLUSTER_NCTAID: return k < 3 ? 1 : 0;
    case PTX_SREG_CLUSTER_NCTARANK: return 1;
    case PTX_SREG_LANEID: return l;
    case PTX_SREG_WARPID: return w->index;
    case PTX_SREG_NWARPID: return g->warps_per_sm;
    case PTX_SREG_SMID: return c->sm;
    case PTX_SREG_NSMID: return g->nsm;
    case PTX_SREG_GRIDID: return g->gridid;
    case PTX_SREG_CLOCK: return (uint32_t)ptx_clock(c, w);
    case PTX_SREG_CLOCK_HI: return (uint32_t)(ptx_clock(c, w) >> 32);
    case PTX_SREG_CLOCK64: return ptx_clock(c, w);
    case PTX_SREG_GLOBALTIMER: return ptx_globaltimer(c, w);
    case PTX_SREG_GLOBALTIMER_LO: return (uint32_t)ptx_globaltimer(c, w);
    case PTX_SREG_GLOBALTIMER_HI: return (uint32_t)(ptx_globaltimer(c, w) >> 32);
    case PTX_SREG_LANEMASK_EQ: return 1u << l;
    case PTX_SREG_LANEMASK_LE: return (uint32_t)((2ull << l) - 1u);
    case PTX_SREG_LANEMASK_LT: return (1u << l) - 1u;
    case PTX_SREG_LANEMASK_GE: return ~((1u << l) - 1u);
    case PTX_SREG_LANEMASK_GT: return (uint32_t)~((2ull << l) - 1u);
    case PTX_SREG_DYNAMIC_SMEM_SIZE: return g->dyn_smem;
    case PTX_SREG_TOTAL_SMEM_SIZE: case PTX_SREG_AGGR_SMEM_SIZE: return c->shared_size;
    case PTX_SREG_RESERVED_SMEM_BEGIN: return PTX_RESERVED_SMEM_AT;
    case PTX_SREG_RESERVED_SMEM_END: return PTX_RESERVED_SMEM_AT + PTX_RESERVED_SMEM;
    case PTX_SREG_RESERVED_SMEM_CAP: return PTX_RESERVED_SMEM;
    case PTX_SREG_RESERVED_SMEM_OFFSET: return PTX_RESERVED_SMEM_AT + comp * (PTX_RESERVED_SMEM / 2); /* two halves */
    /* the driver's ABI (cooperative_groups/details/driver_abi.h): the grid workspace */
    case PTX_SREG_ENVREG: return comp == 1 ? g->grid_ws >> 32 : comp == 2 ? (uint32_t)g->grid_ws : 0;
    default: return 0; /* cluster rank and ids of a one-CTA cluster, other envregs, pm, reserved */
    }
}

/* Is special register s the same in every lane of a warp (all but the
 * thread's id, the lane's id and the lane masks)? */
SIM_INLINE int ptx_sreg_uniform(uint32_t s)
{
    switch (s) {
    case PTX_SREG_TID: case PTX_SREG_LANEID: case PTX_SREG_LANEMASK_EQ: case PTX_SREG_LANEMASK_LE:
    case PTX_SREG_LANEMASK_LT: case PTX_SREG_LANEMASK_GE: case PTX_SREG_LANEMASK_GT: return 0;
    default: return 1;
    }
}

/* Special register s of the lanes of exec into d[PTX_LI(l)]: on the CPU a
 * uniform one read once for the warp (a clock-spinning loop reads %clock
 * on every turn). */
SIM_INLINE void ptx_sreg_lanes(const ptx_ctx_t *c, const ptx_warp_t *w, uint32_t s, uint32_t comp, uint32_t exec,
                               uint64_t *d)
{
#if PTX_NL == 32
    if (ptx_sreg_uniform(s)) {
        uint64_t v = ptx_sreg_value(c, w, s, comp, 0);
        for (uint32_t l = 0; l < 32; l++)
            if (exec >> l & 1u)
                d[l] = v;
        return;
    }
#endif
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[PTX_LI(l)] = ptx_sreg_value(c, w, s, comp, l);
    }
}

SIM_FN void ptx_exec_sreg(const ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
#if PTX_NL == 32
    ptx_sreg_lanes(c, w, r->sub, r->aux, exec, w->regs + (size_t)r->dst[0] * 32);
#else
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = ptx_sreg_value(c, w, r->sub, r->aux, l);
    }
#endif
}

SIM_FN void ptx_exec_symaddr(ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint64_t v = (uint64_t)r->imm + ((r->flags & PTX_RF_FRAME) ? w->local_base : 0);
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = v;
    }
}

SIM_INLINE uint64_t ptx_window(uint32_t space)
{
    return space == PTX_MS_SHARED ? PTX_WIN_SHARED : space == PTX_MS_LOCAL ? PTX_WIN_LOCAL
         : space == PTX_MS_CONST ? PTX_WIN_CONST : 0;
}

/* cvta: a space's address to generic, or (.to) back. */
SIM_FN void ptx_exec_cvta(ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint64_t win = ptx_window(r->space);
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    const uint64_t *s = w->regs + (size_t)r->src[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = (r->flags & PTX_RF_TO) ? s[l] - win : s[l] + win;
    }
}

SIM_FN void ptx_exec_isspacep(const ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint64_t win = ptx_window(r->space);
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    const uint64_t *s = w->regs + (size_t)r->src[0] * 32;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        d[l] = r->space == PTX_MS_GLOBAL ? ptx_global(c->g, s[l], 1) != NULL : s[l] - win < PTX_WIN_SIZE;
    }
}

/* mov d, {a, b, ..} and mov {a, b, ..}, s: elements low first. */
SIM_FN void ptx_exec_pack(ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint32_t bits = r->size * 8u;
    uint64_t m = bits == 64 ? ~0ull : (1ull << bits) - 1u;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        if (r->ex == PTX_EX_PACK) {
            uint64_t v = 0;
            for (uint32_t i = 0; i < r->vec; i++)
                v |= (w->regs[(size_t)r->src[i] * 32 + l] & m) << (i * bits);
            w->regs[(size_t)r->dst[0] * 32 + l] = v;
        } else {
            uint64_t v = w->regs[(size_t)r->src[0] * 32 + l];
            for (uint32_t i = 0; i < r->vec; i++)
                w->regs[(size_t)r->dst[i] * 32 + l] = (v >> (i * bits)) & m;
        }
    }
}

/* The membermask of a .sync collective (vote, shfl, match, redux) in lane
 * l: the lanes l takes part with; without .sync (slot PTX_NOSLOT), the
 * executing ones. */
SIM_INLINE uint32_t ptx_members(const ptx_warp_t *w, uint32_t slot, uint32_t exec, uint32_t l)
{
    return slot == PTX_NOSLOT ? exec : (uint32_t)w->regs[(size_t)slot * 32 + l];
}

/* vote: each lane's result over the executing lanes of its membermask. */
SIM_FN int ptx_exec_vote(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_check_members(c, w, r, r->src[1], exec);
    if (rc != PTX_STEP_OK)
        return rc;
    uint32_t ballot = 0;
    for (uint32_t l = 0; l < 32; l++)
        if ((exec >> l & 1u) && (ptx_lane_src(w, r, 0, l) & 1u))
            ballot |= 1u << l;
    uint64_t v[PTX_NL];
    PTX_LANES(l) {
        uint32_t m = ptx_members(w, r->src[1], exec, l) & exec, b = ballot & m;
        uint64_t x = 0;
        switch (r->sub) {
        case PTX_VOTE_BALLOT: x = b; break;
        case PTX_VOTE_ALL: x = b == m; break;
        case PTX_VOTE_ANY: x = b != 0; break;
        case PTX_VOTE_UNI: x = b == 0 || b == m; break;
        }
        v[PTX_LI(l)] = x;
    }
    PTX_WARP_SYNC();
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = v[PTX_LI(l)];
    }
    return PTX_STEP_OK;
}

/* The lane that lane l of a shfl reads (itself where the source is out of
 * its segment's range: *in 0). */
SIM_INLINE uint32_t ptx_shfl_src(const ptx_warp_t *w, const ptx_rec_t *r, uint32_t l, int *in)
{
    uint32_t b = (uint32_t)w->regs[(size_t)r->src[1] * 32 + l] & 31u;
    uint32_t cc = (uint32_t)w->regs[(size_t)r->src[2] * 32 + l];
    uint32_t seg = (cc >> 8) & 31u, cval = cc & 31u;
    int32_t maxl = (int32_t)((l & seg) | (cval & ~seg)), minl = (int32_t)(l & seg), j = 0;
    int p = 0;
    switch (r->sub) {
    case PTX_SHFL_UP: j = (int32_t)l - (int32_t)b; p = j >= maxl; break;
    case PTX_SHFL_DOWN: j = (int32_t)l + (int32_t)b; p = j <= maxl; break;
    case PTX_SHFL_BFLY: j = (int32_t)(l ^ b); p = j <= maxl; break;
    default: j = minl | (int32_t)(b & ~seg); p = j <= maxl; break;
    }
    *in = p;
    return p ? (uint32_t)j : l;
}

/* shfl: each lane reads its source lane's value. A source lane that does
 * not execute this shfl (diverged, exited, beyond the block, guard off)
 * gives 0, counted in shfl_inactive: PTX calls the value undefined; 0 is
 * GPGPU-Sim's answer (instructions.cc shfl_impl, "shfl input value
 * unpredictable for inactive threads") and what public reports measured on
 * cards ("always 0 during my test": apache/tvm#12274; PaddlePaddle/CINN#938),
 * and NVIDIA's reduction sample, whose reduce7 reads lanes 8-31 that sit out
 * holding stale partial sums, passes on cards only so. A source lane that
 * executes it outside the reader's membermask has no answer known (not
 * measured: bench/hw/cudart_probe.cu), so that read faults
 * (PTX_FAULT_MEMBERMASK at the reader, the mask as its address). Every lane
 * works out all 32 sources, so that on the GPU the warp agrees on the
 * count and the fault; the reads use them. */
SIM_FN int ptx_exec_shfl(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_check_members(c, w, r, r->src[3], exec);
    if (rc != PTX_STEP_OK)
        return rc;
    uint8_t src[32], in[32];
    uint32_t inactive = 0;
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        int p;
        uint32_t j = ptx_shfl_src(w, r, l, &p), m = ptx_members(w, r->src[3], exec, l);
        src[l] = (uint8_t)j, in[l] = (uint8_t)p;
        if (!(exec >> j & 1u))
            inactive++;
        else if (!(m >> j & 1u))
            return ptx_fault(c, w, r, PTX_FAULT_MEMBERMASK, l, m);
    }
    c->st->shfl_inactive += inactive;
    uint64_t val[PTX_NL];
    PTX_LANES(l) {
        if (exec >> l & 1u)
            val[PTX_LI(l)] = exec >> src[l] & 1u ? w->regs[(size_t)r->src[0] * 32 + src[l]] & 0xffffffffu : 0;
    }
    PTX_WARP_SYNC();
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        w->regs[(size_t)r->dst[0] * 32 + l] = val[PTX_LI(l)];
        if (r->dst2 != PTX_NOSLOT)
            w->regs[(size_t)r->dst2 * 32 + l] = in[l];
    }
    return PTX_STEP_OK;
}

/* match: each lane compares its value with the executing lanes of its
 * membermask (.any: those with the same value; .all: the whole group when
 * they all agree, else 0). */
SIM_FN int ptx_exec_match(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_check_members(c, w, r, r->src[1], exec);
    if (rc != PTX_STEP_OK)
        return rc;
    uint64_t m = r->type == PTX_T_B32 ? 0xffffffffull : ~0ull;
    const uint64_t *a = w->regs + (size_t)r->src[0] * 32;
    uint32_t same[PTX_NL], all[PTX_NL];
    PTX_LANES(l) {
        uint32_t group = ptx_members(w, r->src[1], exec, l) & exec, s = 0;
        for (uint32_t k = 0; k < 32; k++)
            if ((group >> k & 1u) && (a[k] & m) == (a[l] & m))
                s |= 1u << k;
        same[PTX_LI(l)] = s;
        all[PTX_LI(l)] = s == group;
    }
    PTX_WARP_SYNC();
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint32_t group = ptx_members(w, r->src[1], exec, l) & exec;
        w->regs[(size_t)r->dst[0] * 32 + l] =
            r->sub == PTX_MATCH_ALL ? (all[PTX_LI(l)] ? group : 0) : same[PTX_LI(l)];
        if (r->dst2 != PTX_NOSLOT)
            w->regs[(size_t)r->dst2 * 32 + l] = all[PTX_LI(l)];
    }
    return PTX_STEP_OK;
}

/* redux.sync: each lane reduces over the executing lanes its own
 * membermask names: tiles of a warp (cooperative groups' tiled_partition)
 * reduce apart in one instruction, each with its tile's mask. */
SIM_FN int ptx_exec_redux(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_check_members(c, w, r, r->src[1], exec);
    if (rc != PTX_STEP_OK)
        return rc;
    const uint64_t *a = w->regs + (size_t)r->src[0] * 32, *mm = w->regs + (size_t)r->src[1] * 32;
    int sgn = r->type == PTX_T_S32;
    uint32_t out[PTX_NL];
    PTX_LANES(l) {
        uint32_t group = exec & (uint32_t)mm[l], v = 0, first = 1;
        for (uint32_t k = 0; k < 32; k++) {
            if (!(group >> k & 1u))
                continue;
            uint32_t x = (uint32_t)a[k];
            if (first) {
                v = x, first = 0;
                continue;
            }
            switch (r->sub) {
            case PTX_ATOM_ADD: v += x; break;
            case PTX_ATOM_AND: v &= x; break;
            case PTX_ATOM_OR: v |= x; break;
            case PTX_ATOM_XOR: v ^= x; break;
            case PTX_ATOM_MIN: v = (sgn ? (int32_t)x < (int32_t)v : x < v) ? x : v; break;
            case PTX_ATOM_MAX: v = (sgn ? (int32_t)x > (int32_t)v : x > v) ? x : v; break;
            }
        }
        out[PTX_LI(l)] = v;
    }
    PTX_WARP_SYNC();
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = out[PTX_LI(l)];
    }
    return PTX_STEP_OK;
}

SIM_FN void ptx_exec_activemask(ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    PTX_LANES(l) {
        if (exec >> l & 1u)
            d[l] = exec;
    }
}

#endif
