/* The CPU backend's CTA runner (ptx_grid.h's ptx_cta_run): a CTA set up in
 * its scratch and run by the SM's functional policy (src/device/ptx/ptx_sm.h:
 * warps in turn, barriers released between turns, deadlock when none can
 * move). The same runs a cooperative grid's CTAs in turns (ptx_coop_cta_*,
 * ptx_run_coop.c). */
#include <stdlib.h>
#include <string.h>

/* ptx_cta_x86_64_v3.c compiles this file again under another name for AVX2
 * and FMA; ptx_cta_dispatch.c picks one at run time. */
#ifndef PTX_CTA_RUN
#define PTX_CTA_RUN ptx_cta_run_generic
#define PTX_CTA_PRIMARY 1
#endif

#include "device/ptx/ptx_sm.h"
#include "host/ptx/ptx_race.h"

int PTX_CTA_RUN(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st, ptx_out_t *out, ptx_fault_t *f);

#ifdef PTX_CTA_PRIMARY
size_t ptx_cta_scratch_bytes(const ptx_grid_t *g)
{
    return ptx_layout(g).total;
}
#endif

/* CTA cta of g set up in scratch s: memory cleared, warps entered at the
 * kernel; 0, or -1 with *f. */
static int cta_begin(ptx_sm_cta_t *R, const ptx_grid_t *g, uint32_t cta, uint8_t *s, ptx_stats_t *st, ptx_out_t *out,
                     ptx_fault_t *f)
{
    if (ptx_sm_cta_setup(R, g, cta, s, st, out, f)) /* it clears R->c (race: none) first */
        return -1;
    if (g->tm)
        ptx_sm_cta_traced(R);
    if (g->race && !(R->c.race = ptx_race_new(g->race, cta)))
        return -1;
    return 0;
}

/* What the CTA holds besides its scratch, released. */
static void cta_end(ptx_sm_cta_t *R)
{
    ptx_race_free(R->c.race);
    R->c.race = NULL;
}

int PTX_CTA_RUN(const ptx_grid_t *g, uint32_t cta, void *scratch, ptx_stats_t *st, ptx_out_t *out, ptx_fault_t *f)
{
    ptx_sm_cta_t R;
    int rc = cta_begin(&R, g, cta, (uint8_t *)scratch, st, out, f);
    if (rc == 0)
        rc = ptx_sm_turns(&R, 0) == PTX_CTA_DONE ? 0 : -1;
    cta_end(&R);
    return rc;
}

#ifdef PTX_CTA_PRIMARY
/* ---- CTAs in turns (cooperative grids, ptx_run_coop.c) ------------------------- */

size_t ptx_coop_cta_bytes(const ptx_grid_t *g)
{
    return ptx_sm_cta_bytes(g);
}

int ptx_coop_cta_start(const ptx_grid_t *g, uint32_t cta, void *mem, ptx_stats_t *st, ptx_out_t *out, ptx_fault_t *f)
{
    return cta_begin((ptx_sm_cta_t *)mem, g, cta, ptx_sm_cta_scratch((ptx_sm_cta_t *)mem), st, out, f);
}

int ptx_coop_cta_turn(void *mem, uint64_t quantum)
{
    return ptx_sm_turns((ptx_sm_cta_t *)mem, quantum ? quantum : 1);
}

void ptx_coop_cta_end(void *mem) { cta_end((ptx_sm_cta_t *)mem); }

void ptx_coop_cta_stuck(void *mem)
{
    ptx_sm_cta_t *R = (ptx_sm_cta_t *)mem;
    ptx_ctx_t *c = &R->c;
    ptx_warp_t *w = &R->warps[c->polled ? c->polled - 1 : 0];
    const ptx_pfunc_t *pf = &c->p->funcs[w->func];
    uint32_t pc = w->sp ? w->simt[w->sp - 1].pc : 0;
    const ptx_rec_t *r = c->poll ? c->poll : &c->p->recs[pf->first + (pc ? pc - 1 : 0)];
    ptx_fault(c, w, r, PTX_FAULT_BARRIER, w->sp ? ptx_ffs(w->simt[w->sp - 1].mask) : 0, c->g->grid_ws);
    c->f->pc = (uint32_t)(r - &c->p->recs[pf->first]);
}

int ptx_coop_cta_spinning(const void *mem)
{
    const ptx_sm_cta_t *R = (const ptx_sm_cta_t *)mem;
    if (!R->c.polled)
        return 0;
    for (uint32_t i = 0; i < R->c.nwarps; i++)
        if (i + 1 != R->c.polled && R->warps[i].state == PTX_W_RUN)
            return 0;
    return 1;
}

void ptx_coop_cta_unpoll(void *mem) { ((ptx_sm_cta_t *)mem)->c.polled = 0; }

uint32_t ptx_coop_barrier_word(const ptx_grid_t *g)
{
    uint32_t v;
    memcpy(&v, g->gmem.base + (g->grid_ws + 4 - g->gmem.lo), 4);
    return v;
}
#endif
