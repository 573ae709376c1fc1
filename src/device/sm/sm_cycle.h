/* One SM, cycle by cycle: its stages run in reverse pipeline order
 * (write-back, dispatch, operand read, issue, fetch), so nothing moves two
 * stages in one cycle; a cycle in which nothing moved jumps to the next
 * cycle something can (a completion, a decoded instruction, a line in, a
 * unit free). CTAs come and go through the block scheduler (host: the
 * timed runner), which launches one in a free slot and collects the ones
 * that finished. */
#ifndef SM_CYCLE_H
#define SM_CYCLE_H

#include "device/sm/sm_exec.h"

/* CTA R (grid index cta) starts on the SM in CTA slot k, its warps in the
 * lowest free warp slots. */
SIM_FN void sm_cta_launch(sm_t *sm, uint32_t k, ptx_sm_cta_t *R, uint32_t cta)
{
    sm_cta_t *ct = &sm->ctas[k];
    ct->R = R;
    ct->cta = cta;
    ct->arrived = 0;
    ct->warps = R->c.nwarps;
    R->c.sm = sm->id;
    R->c.clock = &sm->clock;
    R->c.ns_per_cycle = 1000.0 / sm->P->clock_mhz;
    uint32_t entry = R->c.p->funcs[R->c.g->kernel].first, slot = 0;
    for (uint32_t i = 0; i < R->c.nwarps; i++) {
        while (sm->warps[slot].w)
            slot++;
        sm_warp_t *sw = &sm->warps[slot];
        sim_zero(sw, sizeof *sw);
        sm->sleep[slot] = 0;
        sw->w = &R->warps[i];
        sm->exited += sw->w->state == PTX_W_DONE; /* a warp can end as it starts */
        sw->cta = k;
        sw->age = sm->next_age++;
        sw->next_fetch = entry;
        sw->active = 1;
        sm_fetch_mark(sm, slot);
        sm_sub_t *sub = &sm->subs[slot % sm->P->nsub];
        sub->by_age[sub->n_age++] = (uint8_t)slot; /* the youngest: ages only grow */
        sub->live |= 1ull << (slot / sm->P->nsub);
    }
    sm->resident++;
    sm->warps_resident += R->c.nwarps;
    sm->st.ctas++;
}

/* Warps that exited and have nothing in flight, their stores acknowledged,
 * leave their slots; a CTA with none left is finished (the host collects it). */
SIM_FN void sm_retire(sm_t *sm)
{
    for (uint32_t i = 0; i < sm->P->max_warps; i++) {
        sm_warp_t *sw = &sm->warps[i];
        if (!sw->w || sw->w->state != PTX_W_DONE || sw->inflight || sw->stores)
            continue;
        sm_cta_t *ct = &sm->ctas[sw->cta];
        sm_sub_t *sub = &sm->subs[i % sm->P->nsub]; /* its sub-core's: the only one that issues it */
        if (sub->last == i)
            sub->last = SM_NONE;
        uint32_t k = 0;
        while (sub->by_age[k] != i)
            k++;
        for (sub->n_age--; k < sub->n_age; k++)
            sub->by_age[k] = sub->by_age[k + 1];
        sub->live &= ~(1ull << (i / sm->P->nsub));
        sm_wake(sm, i);
        sw->w = NULL;
        sw->cta = SM_NONE;
        sw->active = 0;
        sm->warps_resident--;
        sm->exited--;
        if (--ct->warps == 0) {
            ct->done_at = sm->now;
            sm->resident--;
            sm->ended++;
        }
    }
}

/* Barriers every thread of reached (and those that threads' exits
 * completed) release their warps. */
SIM_FN void sm_barriers(sm_t *sm)
{
    for (uint32_t k = 0; k < sm->max_ctas; k++) {
        sm_cta_t *ct = &sm->ctas[k];
        if (ct->R && ct->warps && ct->arrived) {
            ct->arrived = 0;
            ptx_sm_release(&ct->R->c, ct->R->warps);
            for (uint32_t i = 0; i < sm->P->max_warps; i++)
                if (sm->warps[i].cta == k && sm->sleep[i] == SM_STALL_BARRIER)
                    sm_wake(sm, i);
        }
    }
}

/* Sub-core s's scheduler this cycle: 1 if it issued. */
SIM_FN int sm_schedule(sm_t *sm, uint32_t s)
{
    const sm_params_t *P = sm->P;
    uint32_t order[64], n, seen = SM_STALL_IDLE;
    if (P->sched == SM_SCHED_TWO_LEVEL)
        sm_two_level(sm, s);
    n = sm_sched_order(sm, s, order);
    static const uint8_t rank[SM_STALL_COUNT] = {
#define SM_STALL_RANK(name, key, rank) rank,
        SM_STALL_LIST(SM_STALL_RANK)
#undef SM_STALL_RANK
    };
    for (uint32_t k = 0; k < n && !sm->fault; k++) {
        uint32_t i = order[k], pc = 0;
        uint32_t why = sm_warp_look(sm, s, i, &pc);
        if (why != SM_STALL_ISSUED) {
            if (rank[why] > rank[seen])
                seen = why;
            continue;
        }
        int lanes = sm_issue(sm, s, i, pc);
        if (lanes <= 0)
            return lanes == 0;
        sm->subs[s].last = i;
        sm->subs[s].seen = SM_STALL_ISSUED;
        sm->st.issued_lanes[lanes - 1]++;
        sm->st.stall[SM_STALL_ISSUED]++;
        /* a second instruction of the same warp, to another unit if the config says */
        uint32_t unit = sm->dec[pc].unit;
        for (uint32_t more = 1; more < P->issue_per_warp && !sm->fault; more++) {
            uint32_t pc2 = 0;
            if (sm_warp_look(sm, s, i, &pc2) != SM_STALL_ISSUED || (P->dual_diff_units && sm->dec[pc2].unit == unit))
                break;
            if (sm_issue(sm, s, i, pc2) <= 0)
                break;
            unit = sm->dec[pc2].unit;
        }
        return 1;
    }
    sm->st.stall[seen]++;
    sm->subs[s].seen = seen;
    return 0;
}

/* One cycle; 1 if anything moved. */
SIM_FN int sm_cycle(sm_t *sm)
{
    const sm_params_t *P = sm->P;
    int moved = sm->l1d ? sm_gmem_answers(sm) : 0;
    moved |= sm_writeback(sm);
    if (moved || sm->retire) {
        sm->retire = 0;
        if (sm->exited)
            sm_retire(sm);
    }
    uint32_t first = (uint32_t)(sm->now % P->nsub); /* the shared structures' round robin */
    for (uint32_t k = 0; k < P->nsub; k++)
        moved |= sm_dispatch(sm, (first + k) % P->nsub);
    for (uint32_t s = 0; s < P->nsub; s++)
        moved |= sm_read(sm, s);
    for (uint32_t s = 0; s < P->nsub && !sm->fault; s++)
        moved |= sm_schedule(sm, s);
    sm_barriers(sm);
    for (uint32_t s = 0; s < P->nsub; s++)
        moved |= sm_fetch(sm, s);
    uint8_t *row = sm_wb_row(sm, (uint32_t)(sm->now & (SM_RING - 1)));
    for (uint32_t k = 0, n = sm_wb_stride(P); k < n; k++)
        row[k] = 0;
    return moved;
}

/* The next cycle after now at which something can move, SM_NEVER if none. */
SIM_FN uint64_t sm_next_event(sm_t *sm)
{
    const sm_params_t *P = sm->P;
    uint64_t now = sm->now, next = SM_NEVER;
#define SM_SOONER(t) do { uint64_t t_ = (t); if (t_ > now && t_ < next) next = t_; } while (0)
    if (sm->in_n)
        SM_SOONER(sm->in[sm->in_h].at);
    if (sm->live_flights) /* the first write-back booked, unless an answer comes sooner */
        for (uint64_t t = now + 1; t < now + SM_RING && t < next; t++)
            if (sm->ring[t & (SM_RING - 1)] != SM_NONE) {
                next = t;
                break;
            }
    for (uint32_t i = 0; i < P->max_warps; i++) {
        const sm_warp_t *sw = &sm->warps[i];
        if (!sw->w)
            continue;
        if (sw->ib_n)
            SM_SOONER(sw->ib_at[0]);
        SM_SOONER(sw->fetch_at);
    }
    uint32_t per = sm_units_per_sub(P);
    for (uint32_t i = 0; i < P->nsub * P->collectors; i++) {
        const sm_cu_t *cu = &sm->cus[i];
        if (cu->warp == SM_NONE)
            continue;
        if (cu->ready_at != SM_NEVER && cu->ready_at > now) {
            SM_SOONER(cu->ready_at);
            continue;
        }
        if (cu->left)
            SM_SOONER(now + 1);
        const uint64_t *uf = sm->unit_free + (size_t)(i / P->collectors) * per;
        for (uint32_t u = 0; u < per; u++)
            SM_SOONER(uf[u]);
        SM_SOONER(now + 1); /* a write-back slot may free up by moving on */
    }
#undef SM_SOONER
    return next;
}

/* Work-group parallel: could the SM's crossbar input be full (its dispatch
 * stalled, sm_gmem_dispatch) at this cycle, past the last memory phase's
 * horizon? It held icnt_waiting requests then; since, it can only have
 * gained those its outbox holds from before this cycle (the crossbar only
 * takes from it, at a pace the other SMs' requests set). If so the SM
 * stops here until a memory phase has run to this cycle, as cycle by
 * cycle would have before its dispatch looked. */
SIM_FN int sm_icnt_may_fill(const sm_t *sm)
{
    uint32_t limit = sm->P->mem.in_limit;
    if (sm->now <= sm->icnt_at || sm->icnt_waiting + sm->nout < limit)
        return 0;
    return sm->icnt_waiting + sm_out_due(sm) >= limit;
}

/* Runs the SM until cycle `until` or a fault. Returns 1 (and sets
 * sm->stuck) if it is stuck: CTAs resident and nothing can ever move (a
 * barrier no thread will reach). In the work-group parallel mode (wg_safe
 * set, sm_grid.h) it stops sooner: after a cycle in which a CTA ended when
 * sm->wg_stop says so (sm->parked), and at wg_safe while it waits for an
 * answer from below (one the next memory phase may bring sooner). */
SIM_FN int sm_run(sm_t *sm, uint64_t until)
{
    while (sm->now < until && !sm->fault) {
        if (sm->wg_stop && sm->ended) {
            sm->parked = 1;
            break;
        }
        if (sm->wg_safe && ((sm->mem_wait && sm->now >= sm->wg_safe) || sm_icnt_may_fill(sm)))
            break;
        if (!sm->resident) {
            sm->clock += until - sm->now;
            sm->now = until;
            break;
        }
        sm->st.cycles++;
        sm->st.warp_cycles += sm->warps_resident;
        if (sm_cycle(sm) || (sm->wg_stop && sm->ended)) {
            sm->now++, sm->clock++;
            continue;
        }
        uint64_t next = sm_next_event(sm);
        if (sm->wg_safe && sm->mem_wait && next > sm->wg_safe)
            next = sm->wg_safe;
        else if (next == SM_NEVER && sm->mem_wait)
            next = until; /* answers from below come after the window */
        if (next == SM_NEVER && sm->resident)
            return sm->stuck = 1;
        if (next > until)
            next = until;
        /* the skipped cycles look as this one did */
        uint64_t skip = next - sm->now - 1;
        for (uint32_t s = 0; s < sm->P->nsub; s++)
            sm->st.stall[sm->subs[s].seen] += skip;
        sm->st.cycles += skip;
        sm->st.warp_cycles += skip * sm->warps_resident;
        sm->clock += next - sm->now;
        sm->now = next;
    }
    if (sm->wg_stop && sm->ended) /* its CTA ended in the round's last cycle */
        sm->parked = 1;
    return 0;
}

#endif
