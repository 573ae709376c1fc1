/* DRAM commands and the timing constraints between them. Each bank has one
 * next command: activate its request's row, precharge another row (the page
 * stays open until a request needs another: GPGPU-Sim's open-page policy),
 * or a read or write column command moving one atom (BL x bus width bytes).
 * A constraint is the first cycle a command may issue, set when the command
 * it follows issues (GPGPU-Sim counts the same cycles down). */
#ifndef DRAM_CMD_H
#define DRAM_CMD_H

#include "device/mem/dram_state.h"

enum { DRAM_CMD_NONE, DRAM_CMD_ACT, DRAM_CMD_PRE, DRAM_CMD_RD, DRAM_CMD_WR };

SIM_INLINE uint64_t dram_max(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Bank b's next command and into *at the first cycle it may issue. While a
 * refresh is due the banks only close. A read's first column command needs
 * a return-queue entry: without one it waits for the caller to take a read
 * (GPGPU-Sim stalls its data pipe on a full return queue). */
SIM_FN uint32_t dram_next_cmd(const dram_t *d, uint32_t b, uint64_t *at)
{
    const dram_bank_t *k = &d->banks[b];
    const dram_grp_t *g = &d->grps[k->grp];
    if (d->refreshing || k->req == DRAM_NONE) {
        if (!d->refreshing || !k->open)
            return DRAM_CMD_NONE;
        *at = dram_max(k->pre_ok, g->pre_ok);
        return DRAM_CMD_PRE;
    }
    const dram_req_t *r = &d->reqs[k->req];
    if (!k->open) {
        *at = dram_max(k->act_ok, d->rrd_ok);
        return DRAM_CMD_ACT;
    }
    if (k->row != r->row) {
        *at = dram_max(k->pre_ok, g->pre_ok);
        return DRAM_CMD_PRE;
    }
    uint64_t bus = dram_max(d->ccd_ok, g->ccd_ok);
    if (r->write) {
        *at = dram_max(bus, dram_max(k->wr_ok, d->wr_ok));
        return DRAM_CMD_WR;
    }
    if (!r->started && d->returns >= d->P->return_queue)
        return DRAM_CMD_NONE;
    *at = dram_max(bus, dram_max(k->rd_ok, d->rd_ok));
    return DRAM_CMD_RD;
}

SIM_FN void dram_column(dram_t *d, uint32_t b)
{
    const dram_params_t *P = d->P;
    dram_bank_t *k = &d->banks[b];
    dram_grp_t *g = &d->grps[k->grp];
    dram_req_t *r = &d->reqs[k->req];
    uint64_t t = d->now;
    d->ccd_ok = t + P->t.tCCD;
    g->ccd_ok = t + P->t.tCCDL;
    d->st.bwutil += P->burst;
    if (r->write) {
        d->rd_ok = dram_max(d->rd_ok, t + P->tWTR);
        k->pre_ok = dram_max(k->pre_ok, t + P->tWTP);
        d->st.n_wr++;
    } else {
        d->wr_ok = dram_max(d->wr_ok, t + P->tRTW);
        k->pre_ok = dram_max(k->pre_ok, t + P->burst);
        g->pre_ok = dram_max(g->pre_ok, t + P->t.tRTPL);
        d->returns += !r->started;
        d->st.n_rd++;
    }
    r->started = 1;
    if (--r->atoms)
        return;
    uint32_t i = k->req;
    k->req = DRAM_NONE;
    if (r->write) {
        dram_list_append(d, &d->free, i);
        return;
    }
    /* the last beat: CL to the first, then the burst (CL is constant, so
     * reads finish in the order they issue and ret stays in done order) */
    r->done = t + P->t.CL + P->burst;
    dram_list_append(d, &d->ret, i);
}

SIM_FN void dram_issue(dram_t *d, uint32_t b, uint32_t cmd)
{
    const dram_params_t *P = d->P;
    dram_bank_t *k = &d->banks[b];
    uint64_t t = d->now;
    switch (cmd) {
    case DRAM_CMD_ACT:
        k->open = 1;
        k->row = d->reqs[k->req].row;
        d->rrd_ok = t + P->t.tRRD;
        k->rd_ok = t + P->t.tRCD;
        k->wr_ok = t + P->tRCDWR;
        k->pre_ok = dram_max(k->pre_ok, t + P->t.tRAS);
        k->act_ok = t + P->t.tRC;
        d->st.n_act++;
        break;
    case DRAM_CMD_PRE:
        k->open = 0;
        k->act_ok = dram_max(k->act_ok, t + P->t.tRP);
        d->st.n_pre++;
        break;
    default: dram_column(d, b); break;
    }
}

/* All banks closed and past tRP and tRC: the refresh's first cycle, or
 * DRAM_NEVER while a bank is open. */
SIM_FN uint64_t dram_refresh_at(const dram_t *d)
{
    uint64_t at = 0;
    for (uint32_t b = 0; b < d->P->t.nbk; b++) {
        if (d->banks[b].open)
            return DRAM_NEVER;
        at = dram_max(at, d->banks[b].act_ok);
    }
    return at;
}

/* This cycle's commands, banks in round-robin order: one command, or with
 * the dual bus interface (HBM's separate row and column buses) one row and
 * one column command. A row command moves the round-robin past its bank. */
SIM_FN void dram_commands(dram_t *d)
{
    const dram_params_t *P = d->P;
    uint32_t nbk = P->t.nbk, start = d->prio;
    int col = 0, row = 0;
    for (uint32_t n = 0; n < nbk; n++) {
        uint32_t b = (start + n) % nbk;
        uint64_t at = 0;
        uint32_t cmd = dram_next_cmd(d, b, &at);
        if (cmd == DRAM_CMD_NONE || at > d->now)
            continue;
        int is_col = cmd >= DRAM_CMD_RD;
        if (is_col ? col : row)
            continue;
        dram_issue(d, b, cmd);
        if (is_col)
            col = 1;
        else
            row = 1, d->prio = (b + 1) % nbk;
        if (!P->dual_bus || (col && row))
            break;
    }
    /* an all-bank refresh (JEDEC REFab) once every bank is closed: tRFC
     * before the next activate */
    if (d->refreshing && !row && dram_refresh_at(d) <= d->now) {
        for (uint32_t b = 0; b < nbk; b++)
            d->banks[b].act_ok = d->now + P->rfc;
        d->refreshing = 0;
        d->ref_due += P->refi;
        d->st.n_ref++;
    }
}

#endif
