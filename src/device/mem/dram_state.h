/* One DRAM channel's state (a memory controller and its banks), in one
 * block of memory the caller allocates (dram_bytes) and dram_init carves:
 * the requests in a fixed pool, linked into the read queue, the write queue,
 * the reads whose data is on its way or waiting to be taken, and the free
 * list; the banks and bank groups with the first cycle each command may
 * issue under the timing constraints. */
#ifndef DRAM_STATE_H
#define DRAM_STATE_H

#include "device/mem/dram_addr.h"

#define DRAM_NONE  0xffffffffu
#define DRAM_NEVER 0xffffffffffffffffull

typedef struct dram_req {
    uint64_t addr;
    uint64_t arrive;            /* the first cycle the controller sees it */
    uint64_t done;              /* a read: the cycle its last data beat is in */
    uint32_t id;                /* the caller's */
    uint32_t bank, row;
    uint32_t atoms;             /* column commands still to issue */
    uint32_t write;
    uint32_t started;           /* a column command issued: a read holds a return-queue entry */
    uint32_t next;              /* the next in its list */
} dram_req_t;

typedef struct dram_list {
    uint32_t head, tail, n;
} dram_list_t;

typedef struct dram_bank {
    uint32_t open, row;         /* the row in the row buffer, when open */
    uint32_t req;               /* the request it serves; DRAM_NONE: none */
    uint32_t grp;
    uint64_t act_ok;            /* tRP after precharge, tRC after activate, tRFC after refresh */
    uint64_t rd_ok, wr_ok;      /* tRCD, tRCDWR after activate */
    uint64_t pre_ok;            /* tRAS after activate, the burst after a read, tWTP after a write */
} dram_bank_t;

typedef struct dram_grp {
    uint64_t ccd_ok;            /* tCCDL after a column command in the group */
    uint64_t pre_ok;            /* tRTPL after a read in the group */
} dram_grp_t;

/* Counters, each named by the GPGPU-Sim statistics line it feeds. */
typedef struct dram_stats {
    uint64_t n_cmd;             /* cycles run: "n_cmd=" of the DRAM[i] line */
    uint64_t n_activity;        /* cycles with a request in the queues or banks: "n_activity=" */
    uint64_t bwutil;            /* cycles the data bus carries a burst: bw_util = bwutil / n_cmd,
                                 * dram_eff = bwutil / n_activity */
    uint64_t n_req;             /* requests taken: "n_req=" */
    uint64_t n_rd, n_wr;        /* read and write column commands: "n_rd=", "n_write=" */
    uint64_t n_act, n_pre, n_ref; /* "n_act=", "n_pre=", "n_ref_event=" */
    uint64_t rd_atoms, wr_atoms;  /* bursts asked for: "total dram reads = N", "total dram writes = N" */
    uint64_t access, hits;      /* requests given a bank, those to its open row:
                                 * "Row_Buffer_Locality = hits / access" */
    uint64_t access_rd, hits_rd, access_wr, hits_wr; /* "Row_Buffer_Locality_read/_write" */
} dram_stats_t;

typedef struct dram {
    const dram_params_t *P;
    uint64_t now;               /* the first cycle not yet run */
    uint64_t ccd_ok, rrd_ok;    /* tCCD after a column command, tRRD after an activate */
    uint64_t rd_ok, wr_ok;      /* tWTR after a write, tRTW after a read */
    uint64_t ref_due;           /* the next refresh; DRAM_NEVER: none */
    uint32_t refreshing;        /* due: closing the banks for it */
    uint32_t prio;              /* the bank the round-robin looks at first */
    uint32_t write_mode;        /* draining the write queue */
    uint32_t returns;           /* reads holding a return-queue entry */
    uint64_t quiet_until;       /* nothing can change before it (dram_ready_at after the last cycle
                                 * run); 0: not known (a request came or left since) */
    dram_list_t rq, wq, ret, free; /* with FIFO or one queue, every request is in rq */
    dram_req_t *reqs;
    dram_bank_t *banks;
    dram_grp_t *grps;
    uint32_t nreqs;
    dram_stats_t st;
} dram_t;

SIM_INLINE size_t dram_align(size_t v) { return (v + 63) & ~(size_t)63; }

/* Requests a channel holds at most: its queues, one in each bank, and the
 * reads in the return path. */
SIM_INLINE uint32_t dram_pool(const dram_params_t *P)
{
    return P->queue + (P->write_queue ? P->wq_size : 0) + P->t.nbk + P->return_queue;
}

SIM_FN size_t dram_bytes(const dram_params_t *P)
{
    return dram_align(sizeof(dram_t)) + dram_align(sizeof(dram_req_t) * dram_pool(P)) +
           dram_align(sizeof(dram_bank_t) * P->t.nbk) + dram_align(sizeof(dram_grp_t) * P->t.nbkgrp);
}

SIM_INLINE void dram_list_clear(dram_list_t *l) { l->head = l->tail = DRAM_NONE, l->n = 0; }

SIM_INLINE void dram_list_append(dram_t *d, dram_list_t *l, uint32_t i)
{
    d->reqs[i].next = DRAM_NONE;
    if (l->tail == DRAM_NONE)
        l->head = i;
    else
        d->reqs[l->tail].next = i;
    l->tail = i;
    l->n++;
}

/* Takes i out of l; prev is the entry before it (DRAM_NONE: i is the head). */
SIM_INLINE void dram_list_unlink(dram_t *d, dram_list_t *l, uint32_t prev, uint32_t i)
{
    uint32_t next = d->reqs[i].next;
    if (prev == DRAM_NONE)
        l->head = next;
    else
        d->reqs[prev].next = next;
    if (l->tail == i)
        l->tail = prev;
    l->n--;
}

/* Channel state in mem (dram_bytes long), empty, at cycle 0. */
SIM_FN dram_t *dram_init(void *mem, const dram_params_t *P)
{
    uint8_t *m = (uint8_t *)mem;
    sim_zero(m, dram_bytes(P));
    dram_t *d = (dram_t *)m;
    size_t o = dram_align(sizeof(dram_t));
    d->reqs = (dram_req_t *)(m + o), o += dram_align(sizeof(dram_req_t) * dram_pool(P));
    d->banks = (dram_bank_t *)(m + o), o += dram_align(sizeof(dram_bank_t) * P->t.nbk);
    d->grps = (dram_grp_t *)(m + o);
    d->P = P;
    d->nreqs = dram_pool(P);
    dram_list_clear(&d->rq), dram_list_clear(&d->wq), dram_list_clear(&d->ret), dram_list_clear(&d->free);
    for (uint32_t i = 0; i < d->nreqs; i++)
        dram_list_append(d, &d->free, i);
    for (uint32_t b = 0; b < P->t.nbk; b++) {
        d->banks[b].req = DRAM_NONE;
        d->banks[b].grp = dram_group_of(P, b);
    }
    d->ref_due = P->refi ? P->refi : DRAM_NEVER;
    return d;
}

#endif
