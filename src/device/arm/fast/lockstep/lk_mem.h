/* Loads and stores, every slot at once: single (ls_run), multiple
 * (lockstep_lsm) and exclusive (lockstep_excl). A part of arm_lockstep.c,
 * included there once. */

/* A single load or store on every slot of the group whose condition
 * passes; a lane whose access faults (or leaves the fast accessors' reach
 * and faults there) runs the record again by the full path, which stops
 * it the same way. Returns whether a lane stopped. LOAD, SIZE and SIGN are
 * constants where this inlines (lockstep_ls): an access inside the lane's
 * window is then one host access at the slot's window pointer (lk_host;
 * on the interleaved layout one that stays in a word, and where all the
 * slots' offsets are one and the chunk dense, one vector for them all),
 * anything else goes through arm_ld_size and arm_st_size. */
static inline __attribute__((always_inline)) uint32_t ls_run(lockstep_t *S, uint32_t g, const arm_insn_t *in,
                                                             uint32_t pc, uint32_t thumb, uint64_t k,
                                                             const uint32_t LOAD, const uint32_t SIZE,
                                                             const uint32_t SIGN)
{
    const uint32_t rd = in->rd, rn = in->rn, rm = in->rm, imm = in->imm, reg = arm_op_fmts[in->op] == ARM_FMT_LS_REG;
    const uint32_t pre = in->flags & ARM_F_P, up = in->flags & ARM_F_U, w = in->flags & ARM_F_W;
    const uint32_t base0 = S->mem[0].priv_base; /* every lane's */
    const uint32_t fast = !reg || (in->shift == ARM_SH_LSL && in->amount < 32u);
    uint32_t okb[NL] __attribute__((aligned(64))), a[NL] __attribute__((aligned(64)));
    uint32_t wbv[NL] __attribute__((aligned(64))), v[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    uint32_t faulted = 0, *rdv = S->R[rd];
    lk_where_t wh;
    wh.ok = 0;
    if (fast) { /* every slot's address, then where they fall: vector code */
        const uint32_t *rmv = S->R[rm & 15u], *rnv = S->R[rn], sh = reg ? in->amount : 0u;
        for (uint32_t s = 0; s < NL; s++) {
            uint32_t off = reg ? rmv[s] << sh : imm, base = rnv[s], wb = up ? base + off : base - off;
            wbv[s] = wb;
            a[s] = pre ? wb : base;
        }
        lk_where(S, a, ok, SIZE, &wh);
    }
    if (SIM_LIKELY(wh.ok)) {
        /* a load writes the base back before Rt, so that a load into the
         * base keeps the value (arm_load); a store stores Rt as it was
         * before (arm_store) */
        if (w && LOAD)
            for (uint32_t s = 0; s < NL; s++)
                S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
        if (LOAD) {
            lk_ld_at(S, g, &wh, v, SIZE);
            for (uint32_t s = 0; s < NL; s++) { /* vector code */
                uint32_t x = SIGN ? arm_sign_extend(v[s], SIZE) : v[s];
                rdv[s] = lk_sel(ok[s], x, rdv[s]);
            }
        } else
            lk_st_at(S, g, ok, &wh, rdv, SIZE);
        if (w && !LOAD)
            for (uint32_t s = 0; s < NL; s++)
                S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
        return 0;
    }
    if (LOAD && SIZE == 4u && fast && !lk_ld_shared(S, g, ok, a, v)) {
        if (w)
            for (uint32_t s = 0; s < NL; s++)
                S->R[rn][s] = lk_sel(ok[s], wbv[s], S->R[rn][s]);
        for (uint32_t s = 0; s < NL; s++)
            rdv[s] = lk_sel(ok[s], v[s], rdv[s]);
        return 0;
    }
    FOR_SLOTS(s, g) {
        if (!ok[s])
            continue;
        uint32_t off = imm, unused;
        if (reg)
            off = in->shift == ARM_SH_LSL
                      ? S->R[rm][s] << in->amount
                      : arm_shift_c(S->R[rm][s], in->shift, in->amount, (S->NZCV[s] >> 1) & 1u, &unused);
        uint32_t base = S->R[rn][s], wb = up ? base + off : base - off, addr = pre ? wb : base, x;
        uint32_t l = S->lane[s], po = addr - base0, here = lk_fits(S, po, SIZE);
        if (LOAD) {
            if (SIM_LIKELY(here))
                x = lk_host_ld(lk_host(S, s, po), SIZE);
            else if (SIM_UNLIKELY(arm_ld_size(&S->mem[l], S->core[l], addr, SIZE, &x))) {
                faulted |= 1u << s;
                continue;
            }
            if (SIGN)
                x = arm_sign_extend(x, SIZE);
            if (w) /* the base before Rt: a load into the base keeps the value (arm_load) */
                S->R[rn][s] = wb;
            S->R[rd][s] = x;
        } else {
            x = S->R[rd][s];
            if (SIM_LIKELY(here))
                __builtin_memcpy(lk_host(S, s, po), &x, SIZE); /* little-endian: the low bytes */
            else if (SIM_UNLIKELY(arm_st_size(&S->mem[l], S->core[l], addr, SIZE, x))) {
                faulted |= 1u << s;
                continue;
            }
            if (w)
                S->R[rn][s] = wb;
        }
    }
    if (SIM_LIKELY(!faulted))
        return 0;
    /* the full path, on the faulting lanes alone */
    FOR_SLOTS(s, faulted) {
        const uint8_t *regs = all_regs;
        uint32_t nr = 0, r15 = pc + (thumb ? 4u : 8u), npc = pc + arm_len(in);
        LANE_STEP_BEGIN(s)
        arm_step_record(c, in, m, core, pc, icount);
        (void)r15;
        (void)npc;
        slot_from_ctx(S, s, regs, nr);
    }
    return 1;
}

static uint32_t lockstep_ls(lockstep_t *S, uint32_t g, const arm_insn_t *in, uint32_t pc, uint32_t thumb,
                            uint64_t k)
{
    const ls_op_t o = ls_ops[in->op];
    if (!o.load)
        return o.size == 4u ? ls_run(S, g, in, pc, thumb, k, 0, 4, 0)
               : o.size == 2u ? ls_run(S, g, in, pc, thumb, k, 0, 2, 0)
                              : ls_run(S, g, in, pc, thumb, k, 0, 1, 0);
    if (o.size == 4u)
        return ls_run(S, g, in, pc, thumb, k, 1, 4, 0);
    if (o.size == 2u)
        return o.sign ? ls_run(S, g, in, pc, thumb, k, 1, 2, 1) : ls_run(S, g, in, pc, thumb, k, 1, 2, 0);
    return o.sign ? ls_run(S, g, in, pc, thumb, k, 1, 1, 1) : ls_run(S, g, in, pc, thumb, k, 1, 1, 0);
}

/* LDM and STM (PUSH and POP among them) on every slot of the group whose
 * condition passes, where every such slot's words are aligned and inside
 * its window (so that none can fault): on a dense chunk with one address a
 * row of 32 host words a register, else a slot at a time at lk_host. As
 * arm_ldm and arm_stm: the lowest register at the lowest address, the base
 * written back unless an LDM loads it, STM stores the registers as they
 * were; a loaded pc interworks, and ends the record's block: each slot's
 * PC is then set (next: the pc of a slot whose condition fails). Returns
 * LSM_NOT where some slot's words may fault (the caller runs the record
 * lane by lane), LSM_PC after a loaded pc, else LSM_DONE. */
enum { LSM_NOT, LSM_DONE, LSM_PC };
static uint32_t lockstep_lsm(lockstep_t *S, const arm_insn_t *in, uint32_t next)
{
    const uint32_t list = arm_lsm_list(in), bytes = arm_lsm_bytes(in), rn = in->rn, load = in->op == ARM_OP_LDM;
    const uint32_t first = arm_lsm_first_offset(in), wbo = arm_lsm_wb_offset(in);
    const uint32_t base0 = S->mem[0].priv_base, size = S->mem[0].priv_size; /* every lane's */
    uint32_t okb[NL] __attribute__((aligned(64))), po[NL] __attribute__((aligned(64)));
    uint32_t last[NL] __attribute__((aligned(64)));
    const uint32_t *ok = cond_mask(S, in->cond, okb);
    uint32_t lo = ~0u, hi = 0, any = 0, *rb = S->R[rn];
    for (uint32_t s = 0; s < NL; s++) {
        uint32_t o = (rb[s] + first - base0) & ok[s];
        po[s] = o;
        lo = (o | ~ok[s]) < lo ? o | ~ok[s] : lo;
        hi = o > hi ? o : hi;
        any |= o;
    }
    if (bytes > size || hi > size - bytes || (any & 3u))
        return LSM_NOT;
    uint32_t i = 0;
    if (S->dense && lo == hi) {
        const uint32_t *row0 = S->dense + (uint64_t)(lo >> 2) * S->sw;
        for (uint32_t l = list; l; l &= l - 1u, i++) {
            uint32_t r = (uint32_t)__builtin_ctz(l), *row = (uint32_t *)row0 + (uint64_t)i * S->sw;
            uint32_t *v = r == 15u ? last : S->R[r];
            for (uint32_t s = 0; s < NL; s++) {
                if (load)
                    v[s] = lk_sel(ok[s], row[s], v[s]);
                else
                    row[s] = lk_sel(ok[s], v[s], row[s]);
            }
        }
    } else
        FOR_SLOTS(s, S->live)
            if (ok[s]) {
                uint32_t *p = (uint32_t *)lk_host(S, s, po[s]);
                i = 0;
                for (uint32_t l = list; l; l &= l - 1u, i++) {
                    uint32_t r = (uint32_t)__builtin_ctz(l), *w = p + (uint64_t)i * S->sw;
                    uint32_t *v = r == 15u ? &last[s] : &S->R[r][s];
                    if (load)
                        *v = *w;
                    else
                        *w = *v;
                }
            }
    if ((in->flags & ARM_F_W) && !(load && (list & (1u << rn))))
        for (uint32_t s = 0; s < NL; s++)
            rb[s] = lk_sel(ok[s], rb[s] + wbo, rb[s]);
    if (!(load && (list & 0x8000u)))
        return LSM_DONE;
    FOR_SLOTS(s, S->live)
        if (S->gm[s]) {
            uint32_t a = last[s];
            if (ok[s]) { /* arm_bx_write_pc */
                S->ctx[S->lane[s]].thumb = a & 1u;
                a = (a & 1u) ? a & ~1u : a & ~3u;
            } else
                a = next;
            S->PC[s] = a;
        }
    return LSM_PC;
}

/* A group at an LDREX: each lane in turn runs on its own, a step at a time,
 * until its exclusive access is over (the monitor clear again: its STREX,
 * or a CLREX), it stops, or its budget ends. A lane's load-exclusive to
 * store-exclusive is then never interleaved with another lane's, as on the
 * per-core engine, whose cores each run a quantum uninterrupted: the other
 * way, every lane's STREX after the first would fail and retry, changing
 * its instruction count (the results stay right either way). The group's
 * k shared steps so far are counted here; returns 0 further steps. */
static uint64_t lockstep_excl(lockstep_t *S, uint32_t g, const arm_code_t *code, uint64_t k)
{
    const arm_code_t im = *code;
    FOR_SLOTS(s, g) {
        uint32_t l = S->lane[s];
        arm_ctx_t *c = &S->ctx[l];
        S->done[s] += k;
        S->left[s] -= k;
        slot_to_ctx(S, s, all_regs, 0);
        c->r[15] = S->PC[s];
        do {
            arm_step_inline(c, im, &S->mem[l], S->core[l], S->start[l] + S->done[s]);
            S->done[s]++;
            S->left[s]--;
        } while (c->excl_addr != ARM_EXCL_NONE && c->sys.status == SIM_RUNNING && S->left[s]);
        slot_from_ctx(S, s, all_regs, 0);
    }
    return 0;
}
