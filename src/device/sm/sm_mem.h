/* The memory pipeline's shape of one warp instruction (seed 003, section
 * 2.3; seed 004, section III.A): where its accesses go, and how many cycles
 * its sub-core's address latch spends on them. Global and local accesses
 * coalesce into one request per 128-byte line, a line a cycle (32 address
 * comparators, not 496); shared memory takes one pass per bank conflict
 * way (lanes that read the same word share it); constant and parameter
 * loads take a cycle per distinct address. Until the memory-system issue,
 * requests are answered after the config's fixed latencies (sm_exec.h). */
#ifndef SM_MEM_H
#define SM_MEM_H

#include "device/sm/sm_state.h"

/* Sorts v[0..n) and returns how many distinct values it holds. */
SIM_INLINE uint32_t sm_distinct(uint64_t *v, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint64_t x = v[i];
        uint32_t j = i;
        while (j && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    uint32_t d = 0;
    for (uint32_t i = 0; i < n; i++)
        d += !i || v[i] != v[i - 1];
    return d;
}

/* The space of an access (a generic one by its first lane's address). */
SIM_FN uint32_t sm_space(const ptx_ctx_t *c, const ptx_rec_t *r, uint64_t a)
{
    switch (r->space) {
    case PTX_MS_SHARED: return SM_SP_SHARED;
    case PTX_MS_LOCAL: return SM_SP_LOCAL;
    case PTX_MS_CONST: case PTX_MS_KPARAM: return SM_SP_CONST;
    case PTX_MS_GENERIC:
        if (a - c->g->gmem.lo < c->g->gmem.size)
            return SM_SP_GLOBAL;
        if (a - PTX_WIN_SHARED < PTX_WIN_SIZE)
            return SM_SP_SHARED;
        if (a - PTX_WIN_LOCAL < PTX_WIN_SIZE)
            return SM_SP_LOCAL;
        if (a - PTX_WIN_CONST < PTX_WIN_SIZE)
            return SM_SP_CONST;
        return SM_SP_GLOBAL;
    default: return SM_SP_GLOBAL;
    }
}

/* Fills cu's space and address-latch cycles from the executed accesses
 * (the trace's lanes and addresses), and counts them. */
SIM_FN void sm_mem_shape(sm_t *sm, const ptx_ctx_t *c, const ptx_rec_t *r, const sim_trace_t *t, sm_cu_t *cu)
{
    uint32_t exec = t->active, bytes = (uint32_t)r->size * r->vec;
    uint64_t v[8 * 32]; /* a lane's access is at most 8 words (v4 of 64 bits) */
    uint32_t n = 0;
    cu->ncycles = 1;
    cu->space = SM_SP_GLOBAL;
    if (!exec || !t->lane_addr)
        return;
    const uint64_t *la = t->lane_addr;
    cu->space = sm_space(c, r, la[ptx_ffs(exec)]);
    uint32_t words = bytes < 4 ? 1 : bytes / 4;
    sm_stats_t *st = &sm->st;
    switch (cu->space) {
    case SM_SP_SHARED: {
        /* distinct words, then the most of them in one bank */
        for (uint32_t l = 0; l < 32; l++)
            if (exec >> l & 1u)
                for (uint32_t k = 0; k < words; k++)
                    v[n++] = (la[l] & 0xffffffffull) / 4 + k;
        sm_distinct(v, n); /* sorted: each word counts once in its bank below */
        uint32_t most = 0, banks = sm->P->shmem_banks;
        uint32_t count[64];
        for (uint32_t b = 0; b < banks && b < 64; b++)
            count[b] = 0;
        for (uint32_t i = 0; i < n; i++)
            if (!i || v[i] != v[i - 1]) {
                uint32_t b = (uint32_t)(v[i] % banks) & 63u;
                if (++count[b] > most)
                    most = count[b];
            }
        cu->ncycles = most ? most : 1;
        st->shmem_accesses++;
        st->shmem_conflict_passes += cu->ncycles - 1;
        return;
    }
    case SM_SP_CONST:
        for (uint32_t l = 0; l < 32; l++)
            if (exec >> l & 1u)
                v[n++] = la[l];
        cu->ncycles = sm_distinct(v, n);
        st->const_requests += cu->ncycles;
        return;
    default: {
        /* local memory interleaves the lanes' 32-bit words (as CUDA lays it out) */
        int local = cu->space == SM_SP_LOCAL;
        uint64_t sec[4 * 32];
        uint32_t ns = 0;
        for (uint32_t l = 0; l < 32; l++) {
            if (!(exec >> l & 1u))
                continue;
            uint64_t a = local ? ((la[l] >> 2) * 32 + l) * 4 + (la[l] & 3u) : la[l];
            uint64_t last = a + bytes - 1;
            if (local && bytes > 4)
                last = a + (uint64_t)(words - 1) * 32 * 4 + 3;
            v[n++] = a >> 7;
            if (last >> 7 != a >> 7)
                v[n++] = last >> 7;
            for (uint64_t s = a >> 5; s <= last >> 5 && ns < 4 * 32; s += local && bytes > 4 ? 4 : 1)
                sec[ns++] = s;
        }
        cu->ncycles = sm_distinct(v, n);
        st->gmem_sectors += sm_distinct(sec, ns);
        if (local)
            st->local_requests += cu->ncycles;
        else
            st->gmem_requests += cu->ncycles;
        return;
    }
    }
}

#endif
