/* The crossbar between the SMs and the L2 slices (issue 34 part 2), with
 * GPGPU-Sim's local crossbar's options (-network_mode 2,
 * local_interconnect.cc): two networks (-icnt_subnets 2), requests from
 * the SMs to the slices and answers back; an output takes a packet a cycle
 * (f cycles for a packet of f flits: every packet of warpsim's is one at
 * -icnt_flit_size 40) while its buffer has room (-icnt_out_buffer_limit:
 * a slice's request queue, an SM's answers not yet taken); an input with
 * -icnt_in_buffer_limit packets waiting in the crossbar is full: an SM
 * stops dispatching memory instructions, a slice stops answering (the
 * memory phase looks at the phases' ends: sm_memphase.h). Among the inputs
 * with a packet waiting for the same output, the arbiter picks the first
 * in node order from a pointer:
 *
 *   -icnt_arbiter_algo 0  round robin (GPGPU-Sim's RR_Advance): the pointer
 *     rotates a node each cycle, the same for every output;
 *   -icnt_arbiter_algo 1  iSLIP's grant (McKeown, IEEE/ACM ToN 7(2), 1999):
 *     each output its own pointer, moved one past the input it granted
 *     every -icnt_grant_cycles grants (GPGPU-Sim counts the router's
 *     cycles with requests; with the default 1 the two agree).
 *
 * Node numbers are GPGPU-Sim's (SMs 0 .. nsm - 1, then the slices), so the
 * pointers rotate as its do. Where warpsim's crossbar is not GPGPU-Sim's:
 * each SM has its own port (GPGPU-Sim's is a cluster's: for the TITAN V's
 * 40 clusters of two SMs, one 40-byte flit a cycle a cluster would cap the
 * L2's reads at 40 x 32 B = 1280 B/clk, below the 1366 the card measures,
 * test/system/mem_timing_test.sh); and an input's
 * packets wait per output (virtual output queues), so one that waits for a
 * busy slice does not hold back the SM's next to another, and an input may
 * send to several outputs in a cycle. GPGPU-Sim's inputs are first-in
 * first-out, and that head-of-line blocking held the TITAN V's L2 stream
 * (test/system/mem_timing_test.sh) at 944 B/clk where the card measures
 * 1366 (an input-queued switch saturates near 59% of its ports: Karol,
 * Hluchyj and Morgan, IEEE Trans. Commun. 35(12), 1987); a one-iteration
 * iSLIP match over virtual output queues gave 1130; this crossbar 1434.
 * The SMs inject a flit a cycle each (sm_gmem.h).
 *
 * Outputs are then independent. The memory phase (sm_memphase.h) moves
 * each input's new packets into the crossbar (mem_xbar_offer: a pool of
 * slots, an input's share what its buffer and a phase may hold), sorts
 * them by output and arrival
 * (mem_xbar_sort) and serves each output on its own from where the last
 * phase stopped to the phase's horizon (mem_xbar_serve), its inputs'
 * packets queued per output in arrival order; what has not crossed stays
 * queued for the next phase. */
#ifndef MEM_XBAR_H
#define MEM_XBAR_H

#include "device/mem/mem_req.h"

enum mem_xbar_algo { MEM_XBAR_RR = 0, MEM_XBAR_ISLIP = 1 };

#define MEM_XBAR_MAXIN 512u      /* inputs a network may have */
#define MEM_XBAR_MAXLIMIT 4096u  /* -icnt_in/out_buffer_limit's largest */

typedef struct mem_xbar_stats {
    uint64_t packets;           /* packets that crossed */
    uint64_t conflicts;         /* inputs that waited while another won their output, summed over grants */
    uint64_t out_full;          /* phases in which an output ran out of room with packets waiting for it */
} mem_xbar_stats_t;

typedef struct mem_xbar {
    uint32_t nin, nout;         /* inputs and outputs */
    uint32_t nodes;             /* SMs + slices: the pointers' range */
    uint32_t in0;               /* node number of input 0 */
    uint32_t algo, grant_cycles;
    uint32_t slots;             /* packets an input may have in the crossbar */
    uint32_t words;             /* 64-bit words of an output's set of inputs */
    uint64_t now;               /* the first cycle not yet served */
    /* the packets in the crossbar: nin x slots */
    uint32_t cap;
    mem_req_t *pkt;
    uint64_t *cross;            /* a slot's crossing cycle, once it crossed */
    uint32_t *next, *sin;       /* a slot's next in its queue (or the free list), its input */
    uint8_t *sfl;               /* its flits */
    uint32_t free_head, fresh; /* the free list, then slots fresh .. cap never used (not touched at init) */
    uint32_t *used;             /* each input: the slots it holds */
    /* each output's queues, one an input (output o, input i at o x nin + i), and the inputs with one */
    uint32_t *qhead, *qtail;
    uint64_t *busy;             /* each output: `words` words, bit i: input i's queue is not empty */
    uint32_t *nbusy;
    uint64_t *out_free;         /* each output: the cycle it takes a packet again */
    uint32_t *ptr, *grant_left; /* each output: iSLIP's grant pointer (a node), grants before it moves */
    uint32_t *room;             /* each output: packets it may still take (the caller sets it) */
    /* this phase's new packets: as offered (aout, aslot), then by output in arrival order (start, bslot) */
    uint32_t n;
    uint32_t *aout, *aslot, *start, *bslot, *tmp; /* tmp: the merge's */
    uint32_t start_zero;        /* start[] is all zeros (the last sort had no packets) */
    uint32_t *done, ndone;      /* the slots that crossed this phase, each output's in crossing order */
    mem_xbar_stats_t st;
} mem_xbar_t;

SIM_INLINE size_t mem_xbar_bytes(uint32_t nin, uint32_t nout, uint32_t slots)
{
    size_t cap = (size_t)nin * slots, words = (nin + 63) / 64;
    return cap * (sizeof(mem_req_t) + sizeof(uint64_t) + 7 * sizeof(uint32_t) + 1) + (size_t)nout * nin * 2 * sizeof(uint32_t) +
           (size_t)nout * (words + 1) * sizeof(uint64_t) + (size_t)nout * 5 * sizeof(uint32_t) + sizeof(uint32_t) +
           (size_t)nin * sizeof(uint32_t) + 64;
}

/* A network of nin inputs (node numbers from in0) that may each have
 * `slots` packets in it and nout outputs, in mem (mem_xbar_bytes long,
 * 8-byte aligned): empty at cycle 0. */
SIM_FN void mem_xbar_init(mem_xbar_t *x, void *mem, uint32_t nin, uint32_t nout, uint32_t slots, uint32_t in0,
                          uint32_t nodes, uint32_t algo, uint32_t grant_cycles)
{
    uint8_t *m = (uint8_t *)mem;
    sim_zero(x, sizeof *x);
    x->nin = nin, x->nout = nout, x->slots = slots, x->in0 = in0, x->nodes = nodes;
    x->algo = algo;
    x->grant_cycles = grant_cycles ? grant_cycles : 1;
    x->words = (nin + 63) / 64;
    x->cap = nin * slots;
#define MEM_XBAR_CARVE(f, type, count) x->f = (type *)m, m += sizeof(type) * (count)
    MEM_XBAR_CARVE(pkt, mem_req_t, x->cap);
    MEM_XBAR_CARVE(cross, uint64_t, x->cap);
    MEM_XBAR_CARVE(busy, uint64_t, (size_t)nout * x->words);
    MEM_XBAR_CARVE(out_free, uint64_t, nout);
    MEM_XBAR_CARVE(next, uint32_t, x->cap);
    MEM_XBAR_CARVE(sin, uint32_t, x->cap);
    MEM_XBAR_CARVE(aout, uint32_t, x->cap);
    MEM_XBAR_CARVE(aslot, uint32_t, x->cap);
    MEM_XBAR_CARVE(bslot, uint32_t, x->cap);
    MEM_XBAR_CARVE(done, uint32_t, x->cap);
    MEM_XBAR_CARVE(tmp, uint32_t, x->cap);
    MEM_XBAR_CARVE(qhead, uint32_t, (size_t)nout * nin);
    MEM_XBAR_CARVE(qtail, uint32_t, (size_t)nout * nin);
    MEM_XBAR_CARVE(nbusy, uint32_t, nout);
    MEM_XBAR_CARVE(ptr, uint32_t, nout);
    MEM_XBAR_CARVE(grant_left, uint32_t, nout);
    MEM_XBAR_CARVE(room, uint32_t, nout);
    MEM_XBAR_CARVE(start, uint32_t, nout + 1);
    MEM_XBAR_CARVE(used, uint32_t, nin);
    MEM_XBAR_CARVE(sfl, uint8_t, x->cap);
#undef MEM_XBAR_CARVE
    sim_zero(x->busy, sizeof(uint64_t) * nout * x->words);
    sim_zero(x->out_free, sizeof(uint64_t) * nout);
    x->free_head = MEM_NONE, x->fresh = 0;
    for (size_t q = 0; q < (size_t)nout * nin; q++)
        x->qhead[q] = x->qtail[q] = MEM_NONE;
    for (uint32_t o = 0; o < nout; o++)
        x->nbusy[o] = x->ptr[o] = 0, x->grant_left[o] = x->grant_cycles;
    for (uint32_t i = 0; i < nin; i++)
        x->used[i] = 0;
}

/* A new phase's packets begin. */
SIM_INLINE void mem_xbar_begin(mem_xbar_t *x) { x->n = 0, x->ndone = 0; }

/* Packet r (r->at: when it reached input i) into the crossbar, bound for
 * output o: 1, or 0 when input i has all its slots (the packet stays with
 * its sender). An input's packets come in its order. */
SIM_INLINE int mem_xbar_offer(mem_xbar_t *x, uint32_t i, uint32_t o, const mem_req_t *r, uint32_t flits)
{
    if (x->used[i] >= x->slots || (x->free_head == MEM_NONE && x->fresh == x->cap))
        return 0;
    uint32_t k = x->free_head;
    if (k == MEM_NONE)
        k = x->fresh++;
    else
        x->free_head = x->next[k];
    x->used[i]++;
    x->pkt[k] = *r, x->sin[k] = i, x->sfl[k] = (uint8_t)(flits ? flits : 1);
    x->aout[x->n] = o, x->aslot[x->n++] = k;
    return 1;
}

/* Is slot a's packet later than slot b's? */
SIM_INLINE int mem_xbar_later(const mem_xbar_t *x, uint32_t a, uint32_t b) { return x->pkt[a].at > x->pkt[b].at; }

/* bslot[lo, hi) in arrival order, stably. It holds runs in order (an
 * input's packets come in its order, one input after another): a few are
 * merged by insertion; more (a long window's, the work-group mode's), a
 * run pair at a time through tmp until one is left. */
SIM_FN void mem_xbar_order(mem_xbar_t *x, uint32_t lo, uint32_t hi)
{
    uint32_t *b = x->bslot, *t = x->tmp;
    if (hi - lo <= 32) {
        for (uint32_t j = lo + 1; j < hi; j++) {
            uint32_t v = b[j], k = j;
            for (; k > lo && mem_xbar_later(x, b[k - 1], v); k--)
                b[k] = b[k - 1];
            b[k] = v;
        }
        return;
    }
    for (;;) {
        uint32_t runs = 0, i = lo;
        while (i < hi) { /* merge the run at i with the next, into tmp */
            uint32_t m = i + 1;
            while (m < hi && !mem_xbar_later(x, b[m - 1], b[m]))
                m++;
            uint32_t e = m < hi ? m + 1 : hi;
            while (e < hi && !mem_xbar_later(x, b[e - 1], b[e]))
                e++;
            uint32_t p = i, q = m, o = i;
            while (p < m && q < e)
                t[o++] = mem_xbar_later(x, b[p], b[q]) ? b[q++] : b[p++];
            while (p < m)
                t[o++] = b[p++];
            while (q < e)
                t[o++] = b[q++];
            runs++;
            i = e;
        }
        for (uint32_t j = lo; j < hi; j++)
            b[j] = t[j];
        if (runs == 1)
            return;
    }
}

/* This phase's new packets by output, each output's in arrival order
 * (ties: the order offered). */
SIM_FN void mem_xbar_sort(mem_xbar_t *x)
{
    uint32_t *st = x->start;
    if (!x->n && x->start_zero) /* most phases of the cycle-by-cycle mode */
        return;
    x->start_zero = !x->n;
    for (uint32_t o = 0; o <= x->nout; o++)
        st[o] = 0;
    for (uint32_t k = 0; k < x->n; k++)
        st[x->aout[k] + 1]++;
    for (uint32_t o = 0; o < x->nout; o++)
        st[o + 1] += st[o];
    for (uint32_t k = 0; k < x->n; k++) /* st[o] walks to o's end, then back below */
        x->bslot[st[x->aout[k]]++] = x->aslot[k];
    for (uint32_t o = x->nout; o > 0; o--)
        st[o] = st[o - 1];
    st[0] = 0;
    for (uint32_t o = 0; o < x->nout; o++)
        if (st[o + 1] - st[o] > 1)
            mem_xbar_order(x, st[o], st[o + 1]);
}

/* Has output o nothing to serve this phase (none queued, none new)? */
SIM_INLINE int mem_xbar_idle(const mem_xbar_t *x, uint32_t o)
{
    return !x->nbusy[o] && x->start[o] == x->start[o + 1];
}

/* Slot s into output o's queue of its input. */
SIM_INLINE void mem_xbar_queue(mem_xbar_t *x, uint32_t o, uint32_t s)
{
    uint32_t i = x->sin[s];
    size_t q = (size_t)o * x->nin + i;
    x->next[s] = MEM_NONE;
    if (x->qtail[q] == MEM_NONE) {
        x->qhead[q] = s;
        x->busy[(size_t)o * x->words + i / 64] |= 1ull << (i % 64);
        x->nbusy[o]++;
    } else {
        x->next[x->qtail[q]] = s;
    }
    x->qtail[q] = s;
}

/* The first input in w from input `from` on, wrapping. */
SIM_INLINE uint32_t mem_xbar_first(const uint64_t *w, uint32_t nwords, uint32_t from)
{
    uint32_t wi = from / 64;
    uint64_t v = w[wi] & (~0ull << (from % 64));
    for (uint32_t k = 0; k < nwords; k++) { /* from's word above it, the words after, wrapping */
        if (v)
            return wi * 64 + sim_ctz64(v);
        wi = wi + 1 < nwords ? wi + 1 : 0;
        v = w[wi];
    }
    v = w[from / 64] & ~(~0ull << (from % 64)); /* from's word below it */
    return v ? from / 64 * 64 + sim_ctz64(v) : MEM_NONE;
}

/* Output o served from the network's cycle to `until`: its queued packets
 * and this phase's, as they arrive, cross a packet at a time (its flits'
 * cycles) while it has room, the arbiter choosing among the inputs. The
 * slots that crossed are done[ndone ..] (how many: returned), each's cycle
 * in cross[]; mem_xbar_release frees them once the caller took them. */
SIM_FN uint32_t mem_xbar_serve(mem_xbar_t *x, uint32_t o, uint64_t until)
{
    uint64_t *busy = x->busy + (size_t)o * x->words;
    uint32_t j = x->start[o], hi = x->start[o + 1], crossed = 0;
    uint64_t t = x->out_free[o] > x->now ? x->out_free[o] : x->now;
    while (x->room[o]) {
        if (!x->nbusy[o]) { /* idle until the next arrival */
            if (j == hi)
                break;
            if (x->pkt[x->bslot[j]].at > t)
                t = x->pkt[x->bslot[j]].at;
        }
        if (t >= until)
            break;
        for (; j < hi && x->pkt[x->bslot[j]].at <= t; j++)
            mem_xbar_queue(x, o, x->bslot[j]);
        uint32_t p = x->algo == MEM_XBAR_ISLIP ? x->ptr[o] : (uint32_t)(t % x->nodes);
        uint32_t i = mem_xbar_first(busy, x->words, p >= x->in0 && p < x->in0 + x->nin ? p - x->in0 : 0);
        size_t q = (size_t)o * x->nin + i;
        uint32_t s = x->qhead[q];
        x->st.conflicts += x->nbusy[o] - 1;
        if ((x->qhead[q] = x->next[s]) == MEM_NONE) {
            x->qtail[q] = MEM_NONE;
            busy[i / 64] &= ~(1ull << (i % 64));
            x->nbusy[o]--;
        }
        x->cross[s] = t;
        x->done[x->ndone + crossed++] = s;
        x->room[o]--;
        if (x->algo == MEM_XBAR_ISLIP && --x->grant_left[o] == 0) {
            x->grant_left[o] = x->grant_cycles;
            x->ptr[o] = (x->in0 + i + 1) % x->nodes;
        }
        t += x->sfl[s];
        x->out_free[o] = t;
    }
    for (; j < hi; j++) /* arrivals it could not take before the phase's end wait */
        mem_xbar_queue(x, o, x->bslot[j]);
    x->st.out_full += !x->room[o] && x->nbusy[o];
    x->st.packets += crossed;
    return crossed;
}

/* The slots output o's serve left in done[ndone .. + n), taken: free. */
SIM_INLINE void mem_xbar_release(mem_xbar_t *x, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t s = x->done[x->ndone + k];
        x->used[x->sin[s]]--;
        x->next[s] = x->free_head;
        x->free_head = s;
    }
    x->ndone += n;
}

/* The phase served every output up to `until`. */
SIM_INLINE void mem_xbar_end(mem_xbar_t *x, uint64_t until)
{
    if (x->now < until)
        x->now = until;
}

#endif
