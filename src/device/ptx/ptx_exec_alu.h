/* ALU records through the ALU's seam (ptx_alu.h): on the CPU the whole warp
 * at once (ptx_alu_warp, sources as 32-lane arrays), on the GPU one lane
 * (ptx_alu_eval; PTX_LANE_THREADS). A special-register
 * source (cvt from %tid.x) are made into a lane array first; the ALU
 * applies a !p source's negation itself. */
#ifndef PTX_EXEC_ALU_H
#define PTX_EXEC_ALU_H

#include "device/ptx/ptx_exec_warp.h"

SIM_INLINE void ptx_exec_alu(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint64_t sreg[PTX_NL];
    const uint64_t *s[4];
    for (uint32_t i = 0; i < 4; i++)
        s[i] = r->src[i] != PTX_NOSLOT ? w->regs + (size_t)r->src[i] * 32 : NULL;
    if (SIM_UNLIKELY(r->flags & PTX_RF_SREGSRC)) {
        ptx_sreg_lanes(c, w, r->sub, r->aux, ~0u, sreg);
        s[0] = sreg;
    }
    uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
    uint64_t *d2 = r->dst2 != PTX_NOSLOT ? w->regs + (size_t)r->dst2 * 32 : NULL;
#ifdef PTX_LANE_THREADS
    uint32_t l = threadIdx.x & 31u;
    if (exec >> l & 1u) {
        uint32_t li = (r->flags & PTX_RF_SREGSRC) ? 0 : l;
        uint32_t cc = w->cc[l];
        uint64_t q = d2 ? d2[l] : 0;
        d[l] = ptx_alu_eval(&r->alu, s[0] ? s[0][li] : 0, s[1] ? s[1][l] : 0, s[2] ? s[2][l] : 0,
                            s[3] ? s[3][l] : 0, &cc, &q);
        w->cc[l] = (uint8_t)cc;
        if (d2)
            d2[l] = q;
    }
#else
    if (SIM_UNLIKELY(c->g->alu_per_lane))
        ptx_alu_warp_generic(&r->alu, d, d2, s, exec, w->cc);
    else
        ptx_alu_warp(&r->alu, d, d2, s, exec, w->cc);
#endif
}

#endif
