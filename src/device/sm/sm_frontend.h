/* The front end of a sub-core (seed 003, section 2.1): a fetch unit that
 * each cycle picks, round robin, one of its warps with room in its
 * instruction buffer and reads a few consecutive instructions of it from
 * the sub-core's L0 instruction cache; a decode stage a cycle later; the
 * warp's instruction buffer. An L0 miss goes to the SM's L1 instruction
 * cache through a round-robin arbiter that takes one request a cycle.
 * Without an L0 (GPGPU-Sim's SMs) the L1I is the fetch's own cache. */
#ifndef SM_FRONTEND_H
#define SM_FRONTEND_H

#include "device/sm/sm_icache.h"

/* The warp's buffer is wrong from here on (a branch went elsewhere, another
 * thread group runs): empty it and fetch at pc. */
SIM_INLINE void sm_redirect(sm_warp_t *sw, uint32_t pc)
{
    sw->ib_n = 0;
    sw->next_fetch = pc;
    sw->fetch_at = 0;
}

/* Looks the line of the warp's next fetch up: 1 if its instructions can be
 * read now, 0 if a miss was sent (fetch_at: when the line is in). */
SIM_FN int sm_fetch_line(sm_t *sm, uint32_t s, sm_warp_t *sw, uint64_t line)
{
    const sm_params_t *P = sm->P;
    uint64_t now = sm->now;
    if (P->perfect_icache || sw->fetch_at)
        return 1; /* a perfect cache; or the line this warp missed on is in */
    if (!P->l0i_ways) {
        sm->st.l1i_access++;
        if (sm_icache_access(sm->l1i, P->l1i_sets, P->l1i_ways, line, now))
            return 1;
        sm->st.l1i_miss++;
        sw->fetch_at = now + P->imiss_latency;
        return 0;
    }
    sm->st.l0i_access++;
    uint64_t *l0 = sm->l0i + 2 * (size_t)s * P->l0i_sets * P->l0i_ways;
    if (sm_icache_access(l0, P->l0i_sets, P->l0i_ways, line, now))
        return 1;
    sm->st.l0i_miss++;
    uint64_t t = sm->l1i_free > now ? sm->l1i_free : now;
    sm->l1i_free = t + 1;
    sm->st.l1i_access++;
    int hit = sm_icache_access(sm->l1i, P->l1i_sets, P->l1i_ways, line, t);
    sm->st.l1i_miss += !hit;
    sw->fetch_at = t + (hit ? P->l1i_latency : P->imiss_latency);
    return 0;
}

/* Fetches for one warp of sub-core s: 1 (the fetch unit was used). */
SIM_FN int sm_fetch_warp(sm_t *sm, uint32_t s, sm_warp_t *sw)
{
    const sm_params_t *P = sm->P;
    uint64_t now = sm->now;
    uint64_t addr = sm->code_base + (uint64_t)sw->next_fetch * SM_INSN_BYTES;
    if (!sm_fetch_line(sm, s, sw, addr / P->iline))
        return 1;
    sw->fetch_at = 0;
    /* the rest of the line and of the buffer (past a function's end, the
     * next function's records: flushed when the warp does not go there) */
    uint32_t per_line = P->iline / SM_INSN_BYTES;
    uint32_t in_line = per_line - (uint32_t)(addr / SM_INSN_BYTES % per_line);
    uint32_t room = SM_IBUF - sw->ib_n, n = in_line < room ? in_line : room;
    if (sw->next_fetch + n > sm->prog->nrecs)
        n = sm->prog->nrecs - sw->next_fetch;
    for (uint32_t i = 0; i < n; i++) {
        sw->ib_pc[sw->ib_n] = sw->next_fetch + i;
        sw->ib_at[sw->ib_n++] = now + 2; /* decoded next cycle, issued the one after */
    }
    sw->next_fetch += n;
    return 1;
}

/* Sub-core s's fetch unit for this cycle: the first warp after the last
 * one fetched, round robin, with room in its buffer. Only the warps whose
 * fetch bit is set are looked at (reading every slot's state each cycle
 * was the model's largest host cost); a warp that cannot want a fetch
 * until its buffer drains loses its bit. */
SIM_FN int sm_fetch(sm_t *sm, uint32_t s)
{
    const sm_params_t *P = sm->P;
    sm_sub_t *sub = &sm->subs[s];
    uint32_t per_sub = (P->max_warps + P->nsub - 1 - s) / P->nsub, start = (sub->fetch_rr + 1) % per_sub;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t m = sub->fetch_mask & (pass ? (1ull << start) - 1u : ~0ull << start);
        while (m) {
            uint32_t k = sim_ctz64(m), slot = s + k * P->nsub;
            m &= m - 1u;
            sm_warp_t *sw = &sm->warps[slot];
            if (!sw->w || sw->w->state == PTX_W_DONE || sw->ib_n == SM_IBUF) {
                sub->fetch_mask &= ~(1ull << k);
                continue;
            }
            if (sw->next_fetch >= sm->prog->nrecs || sw->fetch_at > sm->now)
                continue; /* past the code (a redirect brings it back); its line is on its way */
            sub->fetch_rr = k;
            return sm_fetch_warp(sm, s, sw);
        }
    }
    return 0;
}

#endif
