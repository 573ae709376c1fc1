/* The timing decode of a program's records (sm_host.h): the unit each runs
 * on, its latency and initiation interval from the config (GPGPU-Sim's
 * set_opcode_and_latency classes, ptx_ops.def's lat column), and the
 * register slots it reads and writes. */
#include <stdlib.h>

#include "host/sm/sm_host.h"

static uint32_t unit_of(const ptx_rec_t *r, ptx_lat_t lat)
{
    static const uint8_t pipe[SIM_UNIT_COUNT] = {
#define SIM_UNIT(name, key, pipe) SM_UNIT_##pipe,
#include "device/sim_units.def"
    };
    if (lat == PTX_LAT_MEM)
        return SM_UNIT_MEM;
    if (lat == PTX_LAT_DIV || lat == PTX_LAT_SFU) /* GPGPU-Sim: div and rem go to the SFU too */
        return SM_UNIT_SFU;
    return r->unit < SIM_UNIT_COUNT ? pipe[r->unit] : SM_UNIT_INT;
}

/* The latency (or, with ii, the initiation interval) of r. */
static uint32_t time_of(const sm_params_t *P, const ptx_rec_t *r, ptx_lat_t lat, int ii)
{
    const uint32_t *in = ii ? P->ii_int : P->lat_int, *fp = ii ? P->ii_fp : P->lat_fp, *dp = ii ? P->ii_dp : P->lat_dp;
    uint32_t v;
    if (lat == PTX_LAT_MEM)
        return 1;
    if (lat == PTX_LAT_SFU)
        return ii ? P->ii_sfu : P->lat_sfu;
    if (lat == PTX_LAT_TENSOR)
        return ii ? P->ii_tensor : P->lat_tensor;
    if (lat == PTX_LAT_SHFL)
        v = in[PTX_LAT_SHFL];
    else if (r->unit == SIM_UNIT_FP64)
        v = dp[lat];
    else if (r->unit == SIM_UNIT_FP32)
        v = fp[lat];
    else
        v = in[lat];
    if (r->op == PTX_OP_MUL24 || r->op == PTX_OP_MAD24)
        v++; /* GPGPU-Sim: mul24 runs on the 32-bit multiplier with masking */
    return v ? v : 1;
}

static uint32_t mem_of(const ptx_rec_t *r)
{
    switch (r->ex) {
    case PTX_EX_LD: case PTX_EX_WMMA_LD: return SM_MEM_LD;
    case PTX_EX_ST: case PTX_EX_WMMA_ST: case PTX_EX_CPASYNC: return SM_MEM_ST;
    case PTX_EX_ATOM: return SM_MEM_ATOM;
    default: return r->op == PTX_OP_MEMBAR || r->op == PTX_OP_FENCE ? SM_MEM_FENCE : SM_MEM_NONE;
    }
}

static void add_slot(uint32_t *to, uint8_t *n, uint32_t cap, uint32_t slot, uint32_t nregs)
{
    if (slot == PTX_NOSLOT || slot >= nregs || *n >= cap)
        return;
    for (uint32_t i = 0; i < *n; i++)
        if (to[i] == slot)
            return;
    to[(*n)++] = slot;
}

/* A warp matrix record's fragments beyond the record's four slots each way. */
static void add_fragments(sm_dec_t *d, const ptx_mma_t *mm, uint32_t ex, uint32_t nregs)
{
    for (uint32_t f = 0; f < PTX_FRAG_COUNT; f++) {
        int written = ex == PTX_EX_WMMA_LD || (ex == PTX_EX_WMMA_MMA && f == PTX_FRAG_D);
        for (uint32_t i = 0; i < mm->nreg[f]; i++) {
            if (written)
                add_slot(d->dst, &d->ndst, SM_NDST, mm->slot[f][i], nregs);
            else
                add_slot(d->src, &d->nsrc, SM_NSRC, mm->slot[f][i], nregs);
        }
    }
}

sm_dec_t *sm_decode(const ptx_prog_t *p, const sm_params_t *P)
{
    sm_dec_t *dec = calloc(p->nrecs ? p->nrecs : 1, sizeof *dec);
    if (!dec)
        return NULL;
    for (uint32_t f = 0; f < p->nfuncs; f++) {
        const ptx_pfunc_t *pf = &p->funcs[f];
        /* registers, then the sink and the special-register placeholder, then immediates */
        uint32_t nregs = pf->imm_slot0 >= 2 ? pf->imm_slot0 - 2 : 0;
        for (uint32_t i = 0; i < pf->nrecs; i++) {
            const ptx_rec_t *r = &p->recs[pf->first + i];
            sm_dec_t *d = &dec[pf->first + i];
            ptx_lat_t lat = ptx_op_lat((ptx_op_t)r->op);
            d->unit = (uint8_t)P->runs_on[unit_of(r, lat)];
            d->mem = (uint8_t)mem_of(r);
            d->lat = (uint16_t)time_of(P, r, lat, 0);
            d->ii = (uint16_t)time_of(P, r, lat, 1);
            for (uint32_t k = 0; k < 4; k++)
                add_slot(d->src, &d->nsrc, SM_NSRC, r->src[k], nregs);
            add_slot(d->src, &d->nsrc, SM_NSRC, r->guard, nregs);
            if (r->ex == PTX_EX_LD || r->ex == PTX_EX_ST || r->ex == PTX_EX_ATOM || r->ex == PTX_EX_WMMA_LD ||
                r->ex == PTX_EX_WMMA_ST || r->ex == PTX_EX_CPASYNC)
                add_slot(d->src, &d->nsrc, SM_NSRC, r->base, nregs);
            if (r->ex == PTX_EX_WMMA_LD || r->ex == PTX_EX_WMMA_ST || r->ex == PTX_EX_WMMA_MMA)
                add_fragments(d, &p->mmas[r->target], r->ex, nregs);
            for (uint32_t k = 0; k < 4; k++)
                add_slot(d->dst, &d->ndst, SM_NDST, r->dst[k], nregs);
            add_slot(d->dst, &d->ndst, SM_NDST, r->dst2, nregs);
        }
    }
    return dec;
}
