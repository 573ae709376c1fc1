/* The memory system's state below the L1Ds, in one block of memory the
 * runner allocates (mem_bytes) and mem_init carves, as the SM's is: per
 * memory partition its L2 slices with their request queues, its DRAM
 * channel, the requests waiting on the slices' fills and on the channel,
 * and the answers a memory phase makes (mem_phase.h). */
#ifndef MEM_STATE_H
#define MEM_STATE_H

#include "device/mem/cache.h"
#include "device/mem/dram.h"
#include "device/mem/mem_params.h"
#include "device/mem/mem_req.h"
#include "device/mem/mem_route.h"
#include "device/mem/mem_xbar.h"

/* Reads of the other half a partition's home slices may pass by at once
 * (mem_xtake): channel-read slots beyond the MSHR entries' own. */
#define MEM_PASSED_READS 64u

/* A channel read in flight: which slice's fill it is, or (slice MEM_NONE)
 * the other half's read that the home slice passed by (mem_xtake). */
typedef struct mem_dread {
    uint64_t addr;              /* the sector, as the slice knows it (partition address) */
    uint32_t slice, next;       /* next: the free list */
    uint32_t peer;              /* slice MEM_NONE: the other half's read slot to reply to */
} mem_dread_t;

/* What crosses between the L2's halves (mem_route.h), as GPGPU-Sim's
 * chiplet queues carry it: a read a slice missed of a line homed in the
 * other half, to the home slice; its reply, the fill of the sender's
 * channel-read slot; and a write's tag update (GPGPU-Sim's WRITE_FORWARD,
 * its pseudo-coherence: the other half's copy of the sector is valid). */
enum mem_xkind { MEM_X_READ, MEM_X_REPLY, MEM_X_WRITE };

typedef struct mem_xmsg {
    uint64_t at;                /* reaches the other half */
    uint64_t addr;              /* the sector's address */
    uint32_t kind;              /* enum mem_xkind */
    uint32_t id;                /* READ, REPLY: the reading partition's channel-read slot */
    uint32_t slice;             /* READ, WRITE: the slice (its place is the same in both halves) */
} mem_xmsg_t;

/* A DRAM request the channel's queue had no room for yet. */
typedef struct mem_dwait {
    uint64_t addr, arrive;      /* arrive: DRAM cycles */
    uint32_t write, id;
} mem_dwait_t;

typedef struct mem_part {
    cache_t **l2;               /* nsub slices */
    dram_t *dram;
    mem_req_t *q;               /* nsub x qcap: each slice's queue, a ring in access-time order */
    uint32_t *qh, *qn;          /* each ring's head and count */
    uint64_t *l2_free;          /* ... and at the L2: an access a cycle */
    mem_req_t *wait;            /* requests a slice's MSHR holds (their ids index this); nwait */
    uint32_t *wait_free, nwait_free;
    mem_dread_t *dread;         /* channel reads in flight (their ids index this) */
    uint32_t dread_free;
    mem_dwait_t *dq;            /* DRAM requests waiting for room, in order: a ring */
    uint32_t dq_h, dq_n;
    mem_req_t *ans;             /* answers not yet across the crossbar, in time order; nans */
    uint32_t nans;
    /* From the other half, two rings in time order (GPGPU-Sim's chiplet
     * request and reply queues: replies must pass reads that wait for the
     * MSHR entries those replies free), and to it, this phase's sent. */
    mem_xmsg_t *xin[2], *xout;  /* [0] reads and tag updates, [1] replies */
    uint32_t xin_h[2], xin_n[2], nxout;
    uint64_t xin_at[2];         /* the cycle each ring's last message was taken: the next is not taken sooner */
    uint32_t npassed;           /* reads of the other half in flight past the L2 (MEM_PASSED_READS) */
    uint32_t xturn;             /* a queue's access failed: the other half's message goes first on a tie */
    uint64_t overflows;         /* its share of mem_stats_t.overflows (partitions run apart) */
    uint64_t xreads, xwrites;   /* reads and tag updates it sent the other half */
} mem_part_t;

typedef struct mem_stats {
    uint64_t icnt_to_mem, icnt_to_sm;   /* packets: icnt_total_pkts_simt_to_mem, _mem_to_simt */
    mem_xbar_stats_t req, reply;        /* the crossbar's two networks (mem_xbar.h) */
    uint64_t overflows;         /* a full queue or array held something back or dropped it (the overload limit: mem_part.h) */
    uint64_t xreads, xwrites;   /* reads and tag updates between the L2's halves */
} mem_stats_t;

typedef struct mem_sys {
    const mem_params_t *M;
    uint32_t npart, nsm;
    uint32_t qcap, nwait, ndread, dqcap, anscap, xcap;
    mem_part_t *parts;
    mem_xbar_t req, reply;      /* the crossbar: SMs to slices, slices to SMs */
    uint32_t nreplied;          /* answers the last phase brought to the SMs */
    mem_stats_t st;
} mem_sys_t;

SIM_INLINE size_t mem_align(size_t v) { return (v + 63) & ~(size_t)63; }

/* Requests an SM may hold sent ahead of its cycle, waiting for its
 * crossbar port (a flit a cycle: sm_send): its dispatch of a memory
 * instruction waits while that many, less room for the instruction's own,
 * wait (sm_gmem_dispatch). A count of the SM's own, the same in every
 * mode, so that no mode's cycles depend on its window. */
#define MEM_OUT_BACKLOG 520u

/* Requests an SM's outbox holds (sm_state.h), run in windows of `window`
 * cycles: its backlog, what it sent for the cycles since the last memory
 * phase took them (a flit a cycle, so no more than the window, or in the
 * work-group mode the lookahead an SM that waits runs past the phase's
 * horizon), and evicted lines' sectors over. */
SIM_INLINE uint32_t mem_outbox_cap(const mem_params_t *M, uint32_t window)
{
    return MEM_OUT_BACKLOG + (window > M->lookahead ? window : M->lookahead) + 64u;
}

/* Queue sizes: a slice's queue is the crossbar's output buffer; the
 * answers a phase makes, with those the reply network left, what a slice
 * answers in a window and its fills. */
SIM_FN void mem_sizes(const mem_params_t *M, uint32_t nsm, uint32_t window, mem_sys_t *s)
{
    s->npart = M->nchan;
    s->nsm = nsm;
    s->qcap = M->out_limit; /* a slice's queue is the request network's output buffer */
    s->nwait = M->l2.mshr_entries * M->l2.mshr_merge * M->nsub;
    /* a read a slice's MSHR entry, and with halves some the home slices
     * passed by (those wait on the DRAM alone, so they always free) */
    s->ndread = M->l2.mshr_entries * M->nsub + 1 + (M->nhalves > 1 ? MEM_PASSED_READS : 0);
    s->dqcap = s->ndread + 4 * M->nsub * s->qcap / 64 + 64;
    /* a slice answers at most an access a cycle, and each fill its merged waiters */
    s->anscap = M->nsub * (M->l2.mshr_entries * M->l2.mshr_merge + 4 * (window + M->lookahead) + 64);
    /* what a partition sends the other half in a phase: at most a message
     * an access or an answer; its inbox holds two phases' */
    s->xcap = M->nhalves > 1 ? s->anscap : 0;
}

/* Packets an input may have in the crossbar (mem_xbar.h): a full buffer
 * (-icnt_in_buffer_limit, which the memory phase lets an input reach only
 * at a phase's end) and what it may add in a phase: an SM's outbox, a
 * partition's answers. */
SIM_INLINE uint32_t mem_req_slots(const mem_params_t *M, uint32_t window) { return M->in_limit + mem_outbox_cap(M, window); }
SIM_INLINE uint32_t mem_reply_slots(const mem_params_t *M, const mem_sys_t *s) { return M->in_limit + s->anscap; }

SIM_FN size_t mem_part_bytes(const mem_params_t *M, const mem_sys_t *s)
{
    size_t n = mem_align(sizeof(cache_t *) * M->nsub);
    n += mem_align(dram_bytes(&M->dram));
    n += mem_align(sizeof(mem_req_t) * M->nsub * s->qcap);
    n += 2 * mem_align(sizeof(uint32_t) * M->nsub) + mem_align(sizeof(uint64_t) * M->nsub);
    n += mem_align(sizeof(mem_req_t) * s->nwait) + mem_align(sizeof(uint32_t) * s->nwait);
    n += mem_align(sizeof(mem_dread_t) * s->ndread);
    n += mem_align(sizeof(mem_dwait_t) * s->dqcap);
    n += mem_align(sizeof(mem_req_t) * s->anscap);
    n += 5 * mem_align(sizeof(mem_xmsg_t) * s->xcap);
    return n;
}

/* Bytes of the memory system for nsm SMs run in windows of `window` cycles. */
SIM_FN size_t mem_bytes(const mem_params_t *M, uint32_t nsm, uint32_t window)
{
    mem_sys_t s;
    mem_sizes(M, nsm, window, &s);
    size_t n = mem_align(sizeof(mem_sys_t)) + mem_align(sizeof(mem_part_t) * s.npart);
    n += s.npart * mem_part_bytes(M, &s);
    uint32_t nslice = s.npart * M->nsub;
    n += mem_align(mem_xbar_bytes(nsm, nslice, mem_req_slots(M, window)));
    n += mem_align(mem_xbar_bytes(nslice, nsm, mem_reply_slots(M, &s)));
    return n;
}

/* The memory system in mem (mem_bytes long), empty, at cycle 0, but for
 * its L2 slices: those are in l2 (mem_l2_bytes long, apart: they outlive a
 * kernel), made ready by mem_l2_ready before the first cycle. */
SIM_FN mem_sys_t *mem_init(void *mem, const mem_params_t *M, uint32_t nsm, uint32_t window, uint8_t *l2)
{
    uint8_t *m = (uint8_t *)mem;
    mem_sys_t *s = (mem_sys_t *)m;
    sim_zero(s, sizeof *s);
    mem_sizes(M, nsm, window, s);
    s->M = M;
    size_t o = mem_align(sizeof(mem_sys_t));
#define MEM_CARVE(field, type, count) field = (type *)(m + o), o += mem_align(sizeof(type) * (count))
    MEM_CARVE(s->parts, mem_part_t, s->npart);
    for (uint32_t p = 0; p < s->npart; p++) {
        mem_part_t *pt = &s->parts[p];
        sim_zero(pt, sizeof *pt);
        MEM_CARVE(pt->l2, cache_t *, M->nsub);
        for (uint32_t k = 0; k < M->nsub; k++)
            pt->l2[k] = (cache_t *)(void *)(l2 + mem_align(cache_bytes(&M->l2)) * mem_slice(M, p, k));
        pt->dram = dram_init(m + o, &M->dram);
        o += mem_align(dram_bytes(&M->dram));
        MEM_CARVE(pt->q, mem_req_t, M->nsub * s->qcap);
        MEM_CARVE(pt->qh, uint32_t, M->nsub);
        MEM_CARVE(pt->qn, uint32_t, M->nsub);
        MEM_CARVE(pt->l2_free, uint64_t, M->nsub);
        MEM_CARVE(pt->wait, mem_req_t, s->nwait);
        MEM_CARVE(pt->wait_free, uint32_t, s->nwait);
        MEM_CARVE(pt->dread, mem_dread_t, s->ndread);
        MEM_CARVE(pt->dq, mem_dwait_t, s->dqcap);
        MEM_CARVE(pt->ans, mem_req_t, s->anscap);
        MEM_CARVE(pt->xin[0], mem_xmsg_t, 2 * s->xcap);
        MEM_CARVE(pt->xin[1], mem_xmsg_t, 2 * s->xcap);
        MEM_CARVE(pt->xout, mem_xmsg_t, s->xcap);
        for (uint32_t k = 0; k < M->nsub; k++)
            pt->qh[k] = pt->qn[k] = 0, pt->l2_free[k] = 0;
        for (uint32_t i = 0; i < s->nwait; i++)
            pt->wait_free[i] = s->nwait - 1 - i;
        pt->nwait_free = s->nwait;
        for (uint32_t i = 0; i < s->ndread; i++)
            pt->dread[i].next = i + 1 < s->ndread ? i + 1 : MEM_NONE;
        pt->dread_free = 0;
        pt->dq_h = pt->dq_n = 0;
        pt->nans = 0;
        pt->xin_h[0] = pt->xin_n[0] = pt->xin_h[1] = pt->xin_n[1] = pt->nxout = 0;
    }
    /* GPGPU-Sim's node numbers: the SMs, then the slices */
    uint32_t nslice = s->npart * M->nsub;
    uint32_t rq = mem_req_slots(M, window), rp = mem_reply_slots(M, s);
    mem_xbar_init(&s->req, m + o, nsm, nslice, rq, 0, nsm + nslice, M->arbiter, M->grant_cycles);
    o += mem_align(mem_xbar_bytes(nsm, nslice, rq));
    mem_xbar_init(&s->reply, m + o, nslice, nsm, rp, nsm, nsm + nslice, M->arbiter, M->grant_cycles);
    o += mem_align(mem_xbar_bytes(nslice, nsm, rp));
#undef MEM_CARVE
    return s;
}

/* The L2 slices, slice k of partition p at mem_slice(M, p, k): what
 * GPGPU-Sim keeps from one kernel to the next. The rest of the memory
 * system (queues, the DRAM's banks) starts each kernel empty. */
SIM_FN size_t mem_l2_bytes(const mem_params_t *M)
{
    return (size_t)M->nchan * M->nsub * mem_align(cache_bytes(&M->l2));
}

/* The slices ready for a kernel: empty (fresh), or as the last kernel left
 * them (cache_reuse: lines kept, MSHRs and counters empty); slices first,
 * first + step, ... of them (a GPU's threads share the work). */
SIM_FN void mem_l2_ready(mem_sys_t *s, int fresh, uint32_t first, uint32_t step)
{
    for (uint32_t i = first; i < s->npart * s->M->nsub; i += step) {
        cache_t **c = &s->parts[i / s->M->nsub].l2[i % s->M->nsub];
        *c = fresh ? cache_init(*c, &s->M->l2) : cache_reuse(*c, &s->M->l2);
    }
}

#endif
