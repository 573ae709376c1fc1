/* A lockstep engine's entry points, included at the end of its file, after
 * group_run, with LK_ENTRY its name (x86_lockstep_chunk). The file is built
 * twice on x86-64: as itself, the generic build, and through its
 * _x86_64_v3.c copy, which defines LK_BUILD_V3 and gets -march=x86-64-v3.
 * Each build names its chunk run LK_ENTRY_generic or LK_ENTRY_x86_64_v3;
 * the generic build adds LK_ENTRY, which picks one for the host
 * (lk_use_v3). */
#define LK_PASTE_(a, b) a##b
#define LK_PASTE(a, b) LK_PASTE_(a, b)
#define LK_CHUNK_PARAMS                                                        \
    const sim_soa_t *soa, const uint32_t *cores, uint32_t n, const LK_CODE *code, const sim_mem_t *m, \
        uint64_t budget, uint64_t limit, lockstep_stats_t *st
#define LK_CHUNK_ARGS soa, cores, n, code, m, budget, limit, st
#define LK_ENTRY_V3 LK_PASTE(LK_ENTRY, _x86_64_v3)
#define LK_ENTRY_GENERIC LK_PASTE(LK_ENTRY, _generic)
#ifdef LK_BUILD_V3
#define LK_ENTRY_BUILD LK_ENTRY_V3
#else
#define LK_ENTRY_BUILD LK_ENTRY_GENERIC
#endif

uint64_t LK_ENTRY_BUILD(LK_CHUNK_PARAMS);
uint64_t LK_ENTRY_BUILD(LK_CHUNK_PARAMS)
{
    static __thread lockstep_t S; /* 32 contexts: more than a worker's stack should hold */
    return lk_chunk(&S, LK_CHUNK_ARGS);
}

#ifndef LK_BUILD_V3
/* Whether this host runs the x86-64-v3 build. WARPSIM_LOCKSTEP_GENERIC=1
 * keeps the generic build (the lockstep test runs both); worked out once,
 * by whichever worker comes first. */
static inline int lk_use_v3(void)
{
#if defined(__x86_64__)
    static int v3 = -1;
    int use = __atomic_load_n(&v3, __ATOMIC_RELAXED);
    if (use < 0) {
        const char *g = getenv("WARPSIM_LOCKSTEP_GENERIC");
        use = sim_host_x86_64_v3() && !(g && *g && strcmp(g, "0"));
        __atomic_store_n(&v3, use, __ATOMIC_RELAXED);
    }
    return use;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
uint64_t LK_ENTRY_V3(LK_CHUNK_PARAMS);
#endif

uint64_t LK_ENTRY(LK_CHUNK_PARAMS)
{
#if defined(__x86_64__)
    if (lk_use_v3())
        return LK_ENTRY_V3(LK_CHUNK_ARGS);
#endif
    return LK_ENTRY_GENERIC(LK_CHUNK_ARGS);
}
#endif
