/* The memory pipeline's shape of one warp instruction (seed 003, section
 * 2.3; seed 004, section III.A): where its accesses go, and how many cycles
 * its sub-core's address latch spends on them. Global and local accesses
 * coalesce into one request per 128-byte line, a line a cycle (32 address
 * comparators, not 496); shared memory takes one pass per bank conflict
 * way (lanes that read the same word share it); constant and parameter
 * loads take a cycle per distinct address. Global and local lines go to the
 * L1D and below (sm_gmem.h) when the config has a memory system, else are
 * answered after the config's fixed latency (sm_exec.h). */
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

/* The record's cache operator as the caches take it (ld.global.nc: NC;
 * none given: .ca for a load, .wb for a store). */
SIM_INLINE uint8_t sm_cache_op(const ptx_rec_t *r)
{
    if (r->cop & PTX_COP_NC)
        return CACHE_OP_NC;
    switch (r->cop) {
    case PTX_CACHE_CG: return CACHE_OP_CG;
    case PTX_CACHE_CS: return CACHE_OP_CS;
    case PTX_CACHE_LU: return CACHE_OP_LU;
    case PTX_CACHE_CV: return CACHE_OP_CV;
    case PTX_CACHE_WT: return CACHE_OP_WT;
    case PTX_CACHE_WB: return CACHE_OP_WB;
    default: return r->ex == PTX_EX_ST ? CACHE_OP_WB : CACHE_OP_CA;
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
    cu->nlines = 0;
    cu->op = sm_cache_op(r);
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
        /* The requests: the lines of each group of eight lanes and the bytes
         * of each (seed 004 section III-A: Volta's coalescer works on eight
         * threads at a time, each group's sectors its own L1 accesses; the
         * lanes' accesses are aligned, so one lane's bytes are in one line).
         * The address latch takes a line a cycle, the groups' requests for
         * the same line in its cycle. Local memory interleaves the lanes'
         * 32-bit words (as CUDA lays it out), a vector's words 128 bytes apart. */
        int local = cu->space == SM_SP_LOCAL;
        sm_line_t *L = sm->lines + (size_t)(cu - sm->cus) * SM_LINES;
        uint32_t nl = 0, lines = 0, chunk = local && bytes > 4 ? 4 : bytes, nchunks = local && bytes > 4 ? words : 1;
        for (uint32_t g = 0; g < 4; g++) {
            uint32_t g0 = nl;
            for (uint32_t l = 8 * g; l < 8 * g + 8; l++) {
                if (!(exec >> l & 1u))
                    continue;
                uint64_t a0 = local ? ((la[l] >> 2) * 32 + l) * 4 + (la[l] & 3u) : la[l];
                for (uint32_t k = 0; k < nchunks; k++) {
                    uint64_t a = a0 + (uint64_t)k * 32 * 4, line = a & ~(uint64_t)127;
                    uint32_t j = g0;
                    while (j < nl && L[j].addr != line)
                        j++;
                    if (j == nl) {
                        if (nl == SM_LINES)
                            continue; /* cannot happen: 32 lanes x 4 words */
                        L[nl].addr = line;
                        L[nl].bytes[0] = L[nl].bytes[1] = L[nl].bytes[2] = L[nl].bytes[3] = 0;
                        uint32_t c = 0; /* its latch cycle: the line's among the warp's */
                        while (c < nl && L[c].addr != line)
                            c++;
                        L[nl].cyc = c < nl ? L[c].cyc : lines++;
                        nl++;
                    }
                    uint32_t off = (uint32_t)(a & 127);
                    for (uint32_t b = off; b < off + chunk && b < 128; b++)
                        L[j].bytes[b >> 5] |= 1u << (b & 31);
                }
            }
        }
        uint32_t sectors = 0;
        for (uint32_t j = 0; j < nl; j++)
            for (uint32_t w = 0; w < 4; w++)
                sectors += L[j].bytes[w] != 0;
        cu->nlines = nl;
        cu->ncycles = lines ? lines : 1;
        st->gmem_sectors += sectors;
        if (local)
            st->local_requests += cu->ncycles;
        else
            st->gmem_requests += cu->ncycles;
        return;
    }
    }
}

#endif
