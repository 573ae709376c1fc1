/* ptx_grid.h's ptx_cta_run: the CTA runner built for the host's vector unit
 * (ptx_cta_x86_64_v3.c) where the host has one, else the generic build. */
#include "device/ptx/ptx_grid.h"

int ptx_cta_run_generic(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st,
                        ptx_out_t *out, ptx_fault_t *f);
#if defined(__x86_64__)
int ptx_cta_run_x86_64_v3(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st,
                          ptx_out_t *out, ptx_fault_t *f);
#endif

/* 1 when the x86-64-v3 build may run here. */
int ptx_cta_vector_build(void) { return sim_host_x86_64_v3(); }

int ptx_cta_run(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st, ptx_out_t *out,
                ptx_fault_t *f)
{
#if defined(__x86_64__)
    if (ptx_cta_vector_build())
        return ptx_cta_run_x86_64_v3(g, cta, scratch, st, out, f);
#endif
    return ptx_cta_run_generic(g, cta, scratch, st, out, f);
}
