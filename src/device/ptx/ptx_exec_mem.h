/* Memory of the PTX executor: a lane's address in a state space to a host
 * (or device) pointer, through the generic windows of ptx_grid.h; loads,
 * stores and atomics of one warp instruction. A bad address is a fault with
 * the lane and the address, never a host access out of bounds. */
#ifndef PTX_EXEC_MEM_H
#define PTX_EXEC_MEM_H

#include "device/ptx/ptx_exec_its.h"
#include "device/ptx/ptx_mbar.h"

/* Global memory's bytes [addr, addr + n): the arena, else a mapped host
 * window (searched only when the arena misses), or NULL. */
SIM_INLINE uint8_t *ptx_global(const ptx_grid_t *g, uint64_t addr, uint32_t n)
{
    uint64_t o = addr - g->gmem.lo;
    if (o < g->gmem.size && n <= g->gmem.size - o)
        return g->gmem.base + o;
    for (uint32_t i = 0; i < g->nmapped; i++) {
        o = addr - g->mapped[i].lo;
        if (o < g->mapped[i].size && n <= g->mapped[i].size - o)
            return g->mapped[i].base + o;
    }
    return NULL;
}

/* A space's bytes [addr, addr + n) for thread t, or NULL. write: the
 * space must be writable. */
SIM_FN uint8_t *ptx_mem(const ptx_ctx_t *c, uint32_t space, uint64_t addr, uint32_t n, uint32_t t, int write)
{
    if (space == PTX_MS_GENERIC) {
        const ptx_gmem_t *gm = &c->g->gmem;
        if (addr - gm->lo < gm->size)
            space = PTX_MS_GLOBAL;
        else if (addr - PTX_WIN_SHARED < PTX_WIN_SIZE)
            space = PTX_MS_SHARED, addr -= PTX_WIN_SHARED;
        else if (addr - PTX_WIN_LOCAL < PTX_WIN_SIZE)
            space = PTX_MS_LOCAL, addr -= PTX_WIN_LOCAL;
        else if (addr - PTX_WIN_CONST < PTX_WIN_SIZE)
            space = PTX_MS_CONST, addr -= PTX_WIN_CONST;
        else
            space = PTX_MS_GLOBAL;   /* mapped host memory, or a fault */
    }
    switch (space) {
    case PTX_MS_GLOBAL:
        return ptx_global(c->g, addr, n);
    case PTX_MS_SHARED:
        if (addr - PTX_RESERVED_SMEM_AT < PTX_RESERVED_SMEM)
            return n <= PTX_RESERVED_SMEM_AT + PTX_RESERVED_SMEM - addr ? c->reserved_smem + (addr - PTX_RESERVED_SMEM_AT)
                                                                      : NULL;
        return addr < c->shared_size && n <= c->shared_size - addr ? c->shared + addr : NULL;
    case PTX_MS_LOCAL:
        return addr < c->local_per_lane && n <= c->local_per_lane - addr
                   ? c->local + (size_t)t * c->local_per_lane + addr : NULL;
    case PTX_MS_CONST:
        return !write && addr < c->p->cbank_size && n <= c->p->cbank_size - addr ? c->p->cbank + addr : NULL;
    case PTX_MS_KPARAM:
        return !write && addr < c->g->param_size && n <= c->g->param_size - addr
                   ? (uint8_t *)(uintptr_t)c->g->params + addr : NULL;
    }
    return NULL;
}

/* A register's low size bytes (1, 2, 4 or 8) to memory, one access. */
SIM_INLINE void ptx_store_value(uint8_t *h, uint64_t v, uint32_t size)
{
    switch (size) {
    case 1: h[0] = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; sim_copy_whole(h, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; sim_copy_whole(h, &x, 4); break; }
    default: sim_copy_whole(h, &v, 8); break;
    }
}

/* The element's value as the register holds it: zero-extended, or sign-
 * extended to the register's width. */
SIM_INLINE uint64_t ptx_load_value(const uint8_t *h, uint32_t size, uint32_t flags)
{
    uint64_t v = 0;
    switch (size) {
    case 1: v = h[0]; break;
    case 2: { uint16_t x; sim_copy_whole(&x, h, 2); v = x; break; }
    case 4: { uint32_t x; sim_copy_whole(&x, h, 4); v = x; break; }
    default: sim_copy_whole(&v, h, 8); return v;
    }
    if (flags & PTX_RF_SIGNED) {
        uint32_t sh = 64 - size * 8;
        v = (uint64_t)((int64_t)(v << sh) >> sh);
        if (!(flags & PTX_RF_DST64))
            v &= 0xffffffffull;
    }
    return v;
}

/* The lane's address of a memory record (before the space's window). */
SIM_INLINE uint64_t ptx_rec_addr(const ptx_warp_t *w, const ptx_rec_t *r, uint32_t l)
{
    uint64_t a = (uint64_t)r->imm;
    if (r->base != PTX_NOSLOT)
        a += w->regs[(size_t)r->base * 32 + l];
    if (r->flags & PTX_RF_ADDR32)
        a &= 0xffffffffull;
    if (r->flags & PTX_RF_FRAME)
        a += w->local_base;
    return a;
}

/* Every lane's address at once (CPU): the record's fields read once, not
 * per lane (under -fno-strict-aliasing each register store would make the
 * compiler read them again), the lanes' sums vectorised. */
SIM_INLINE void ptx_rec_addrs(const ptx_warp_t *w, const ptx_rec_t *r, uint64_t a[32])
{
    uint64_t imm = (uint64_t)r->imm, mask = (r->flags & PTX_RF_ADDR32) ? 0xffffffffull : ~0ull;
    uint64_t frame = (r->flags & PTX_RF_FRAME) ? w->local_base : 0;
    if (r->base == PTX_NOSLOT) {
        for (uint32_t l = 0; l < 32; l++)
            a[l] = (imm & mask) + frame;
        return;
    }
    const uint64_t *b = w->regs + (size_t)r->base * 32;
    for (uint32_t l = 0; l < 32; l++)
        a[l] = ((b[l] + imm) & mask) + frame;
}

/* Checks every executing lane's access first (a fault leaves memory as it
 * was), recording the addresses for the timing model. */
SIM_FN int ptx_check_access(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write)
{
    uint32_t bytes = (uint32_t)r->size * r->vec;
    if (exec)
        ptx_its_note_access(w, (uint32_t)(uintptr_t)r, ptx_rec_addr(w, r, ptx_ffs(exec)));
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t a = ptx_rec_addr(w, r, l);
        if (c->lane_addr)
            c->lane_addr[l] = a;
        if (a & (bytes - 1u) & 15u)
            return ptx_fault(c, w, r, PTX_FAULT_MISALIGNED, l, a);
        if (!ptx_mem(c, r->space, a, bytes, w->index * 32 + l, write))
            return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, a);
    }
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->g->memcheck != NULL))
        ptx_memcheck_access(c, w, r, exec, write);
#endif
    return PTX_STEP_OK;
}

/* The common case in one pass over the lanes: an access of the shared or
 * global space whose lanes, all aligned, fall inside the CTA's shared
 * memory (outside the reserved window) or inside the arena, or a load of
 * the kernel's parameters or the constant bank (read-only: a store there
 * takes the other path, and faults). Returns the block's host base, with
 * its first target address in *lo, so that a lane's bytes are base +
 * (address - *lo); NULL: take ptx_check_access and ptx_mem lane by lane
 * (mapped host windows, faults, other spaces). On the CPU every lane's
 * address is left in a[] (ptx_rec_addrs: worked out once, for the access
 * too). The addresses are recorded for the timing model as there. */
SIM_INLINE uint8_t *ptx_access_block(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write,
                                     uint64_t *lo, uint64_t a[32])
{
    uint32_t bytes = (uint32_t)r->size * r->vec, space = r->space;
    int readonly = space == PTX_MS_KPARAM || space == PTX_MS_CONST;
    if (!exec || (space != PTX_MS_SHARED && space != PTX_MS_GLOBAL && !readonly) || (readonly && write))
        return NULL;
    uint64_t mn = ~0ull, mx = 0, bits = 0;
#if PTX_NL == 32
    ptx_rec_addrs(w, r, a);
#endif
    for (uint32_t l = 0; l < 32; l++) {
        if (!(exec >> l & 1u))
            continue;
#if PTX_NL == 32
        uint64_t v = a[l];
#else
        uint64_t v = ptx_rec_addr(w, r, l);
#endif
        if (c->lane_addr)
            c->lane_addr[l] = v;
        bits |= v;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
    }
    if (bits & (bytes - 1u) & 15u)
        return NULL;
    if (readonly) {
        uint64_t size = space == PTX_MS_KPARAM ? c->g->param_size : c->p->cbank_size;
        if (mx >= size || bytes > size - mx)
            return NULL;
        *lo = 0;
        return space == PTX_MS_KPARAM ? (uint8_t *)(uintptr_t)c->g->params : c->p->cbank;
    }
    if (space == PTX_MS_SHARED) {
        if (mx >= c->shared_size || bytes > c->shared_size - mx ||
            (mx + bytes > PTX_RESERVED_SMEM_AT && mn < PTX_RESERVED_SMEM_AT + PTX_RESERVED_SMEM))
            return NULL;
        *lo = 0;
        return c->shared;
    }
    const ptx_gmem_t *gm = &c->g->gmem;
    if (mn - gm->lo >= gm->size || mx - gm->lo >= gm->size || bytes > gm->size - (mx - gm->lo))
        return NULL;
    *lo = gm->lo;
    return gm->base;
}

/* CPU, cooperative grids: a load of the grid barrier's word is a spin's
 * poll; the runner then gives the other CTAs their turn (ptx_cta.c). */
SIM_INLINE void ptx_note_poll(ptx_ctx_t *c, const ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
#ifndef __CUDA_ARCH__
    uint64_t ws = c->g->grid_ws;
    if (SIM_UNLIKELY(ws != 0) && exec && ptx_rec_addr(w, r, ptx_ffs(exec)) - (ws + 4) < 4)
        c->polled = w->index + 1, c->poll = r;
#endif
}

/* ptx_check_access, with the one-pass case first: *base is the block's
 * host base (ptx_access_block, which leaves the lanes' addresses in a[] on
 * the CPU), or NULL where each lane's bytes are to be found by ptx_mem. */
SIM_INLINE int ptx_check_span(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec, int write,
                              uint8_t **base, uint64_t *lo, uint64_t a[32])
{
    *lo = 0;
    if (!(*base = ptx_access_block(c, w, r, exec, write, lo, a)))
        return ptx_check_access(c, w, r, exec, write);
    ptx_its_note_access(w, (uint32_t)(uintptr_t)r, ptx_rec_addr(w, r, ptx_ffs(exec)));
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->g->memcheck != NULL))
        ptx_memcheck_access(c, w, r, exec, write);
#endif
    return PTX_STEP_OK;
}

/* A lane's n <= 32 bytes of a vector access between memory and its
 * elements, 16 bytes (a whole aligned access) at a time: other threads see
 * the vector whole, as on the hardware (sim_copy_whole), not an element at
 * a time. */
SIM_INLINE void ptx_vec_copy(uint8_t *dst, const uint8_t *src, uint32_t n)
{
    for (uint32_t o = 0; o < n; o += 16)
        sim_copy_whole(dst + o, src + o, n - o < 16 ? n - o : 16);
}

SIM_FN int ptx_exec_ld(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint8_t *base;
    uint64_t lo, a[PTX_NL];
    int rc = ptx_check_span(c, w, r, exec, 0, &base, &lo, a);
    if (rc != PTX_STEP_OK)
        return rc;
    ptx_note_poll(c, w, r, exec);
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->race != NULL))
        ptx_race_access(c, w, r, exec, 0);
#endif
#if PTX_NL == 32
    if (base && r->vec == 1) {   /* one element a lane from one block: the common case, fields read once */
        uint64_t *d = w->regs + (size_t)r->dst[0] * 32;
        uint32_t size = r->size, flags = r->flags;
        for (uint32_t l = 0; l < 32; l++)
            if (exec >> l & 1u)
                d[l] = ptx_load_value(base + (a[l] - lo), size, flags);
        return PTX_STEP_OK;
    }
#endif
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t a = ptx_rec_addr(w, r, l);
        const uint8_t *h = base ? base + (a - lo) : ptx_mem(c, r->space, a, (uint32_t)r->size * r->vec,
                                                           w->index * 32 + l, 0);
        if (r->vec == 1) {
            w->regs[(size_t)r->dst[0] * 32 + l] = ptx_load_value(h, r->size, r->flags);
            continue;
        }
        uint8_t whole[32] __attribute__((aligned(16)));
        ptx_vec_copy(whole, h, (uint32_t)r->size * r->vec);
        for (uint32_t i = 0; i < r->vec; i++)
            w->regs[(size_t)r->dst[i] * 32 + l] = ptx_load_value(whole + i * r->size, r->size, r->flags);
    }
    return PTX_STEP_OK;
}

SIM_FN int ptx_exec_st(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    uint8_t *base;
    uint64_t lo, a[PTX_NL];
    int rc = ptx_check_span(c, w, r, exec, 1, &base, &lo, a);
    if (rc != PTX_STEP_OK)
        return rc;
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->race != NULL))
        ptx_race_access(c, w, r, exec, 1);
#endif
    /* lanes in order: the highest lane's store to a shared address wins */
#if PTX_NL == 32
    if (base && r->vec == 1) {   /* as in ptx_exec_ld */
        const uint64_t *v = w->regs + (size_t)r->src[0] * 32;
        uint32_t size = r->size;
        for (uint32_t l = 0; l < 32; l++)
            if (exec >> l & 1u)
                ptx_store_value(base + (a[l] - lo), v[l], size);
        return PTX_STEP_OK;
    }
#endif
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint64_t a = ptx_rec_addr(w, r, l);
        uint8_t *h = base ? base + (a - lo) : ptx_mem(c, r->space, a, (uint32_t)r->size * r->vec, w->index * 32 + l, 1);
        if (r->vec == 1) {
            ptx_store_value(h, w->regs[(size_t)r->src[0] * 32 + l], r->size);
            continue;
        }
        uint8_t whole[32] __attribute__((aligned(16)));
        for (uint32_t i = 0; i < r->vec; i++) {
            uint64_t v = w->regs[(size_t)r->src[i] * 32 + l];
            sim_memcpy(whole + i * r->size, &v, r->size); /* little-endian: the low bytes */
        }
        ptx_vec_copy(h, whole, (uint32_t)r->size * r->vec);
    }
    return PTX_STEP_OK;
}

/* cp.async's bytes read from global memory in lane l: src-size (cp-size
 * without the operand), at most cp-size. */
SIM_INLINE uint32_t ptx_cp_async_n(const ptx_warp_t *w, const ptx_rec_t *r, uint32_t l)
{
    uint64_t n = r->src[2] == PTX_NOSLOT ? r->size : (uint32_t)w->regs[(size_t)r->src[2] * 32 + l];
    return n < r->size ? (uint32_t)n : r->size;
}

/* The memory checks of cp.async's source: the lanes that read all cp-size
 * bytes together, each lane that reads fewer on its own. */
SIM_INLINE void ptx_cp_async_note(ptx_ctx_t *c, ptx_warp_t *w, ptx_rec_t *s, uint32_t exec)
{
#ifndef __CUDA_ARCH__
    uint32_t size = s->size, whole = 0;
    for (uint32_t l = 0; l < 32; l++)
        if ((exec >> l & 1u) && ptx_cp_async_n(w, s, l) == size)
            whole |= 1u << l;
    for (uint32_t l = 0; l <= 32; l++) {
        uint32_t lanes = l == 32 ? whole : (exec & ~whole) >> l & 1u ? 1u << l : 0;
        if (!lanes)
            continue;
        s->size = (uint8_t)(l == 32 ? size : ptx_cp_async_n(w, s, l));
        if (s->size && SIM_UNLIKELY(c->g->memcheck != NULL))
            ptx_memcheck_access(c, w, s, lanes, 0);
        if (s->size && SIM_UNLIKELY(c->race != NULL))
            ptx_race_access(c, w, s, lanes, 0);
        s->size = (uint8_t)size;
    }
#endif
}

/* cp.async.{ca,cg}.shared.global: each lane copies src-size bytes of global
 * memory to shared memory and zero-fills the rest of cp-size; a lane that
 * reads none (src-size 0) does not touch the source. The copy is made now,
 * at issue: the program may rely on the data only after cp.async.wait_group
 * or wait_all, which then have nothing left to wait for. Every access is
 * checked before any is made. */
SIM_FN int ptx_exec_cp_async(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    ptx_rec_t s = *r; /* the source, as a record of the global space */
    s.base = r->src[0], s.space = PTX_MS_GLOBAL, s.flags = 0;
    s.imm = (int64_t)w->regs[(size_t)r->src[1] * 32];
    int rc = ptx_check_access(c, w, r, exec, 1);
    if (rc != PTX_STEP_OK)
        return rc;
    for (uint32_t l = 0; l < 32; l++) {
        uint64_t a = ptx_rec_addr(w, &s, l);
        uint32_t n = ptx_cp_async_n(w, r, l);
        if (!(exec >> l & 1u) || !n)
            continue;
        if (a & (r->size - 1u))
            return ptx_fault(c, w, r, PTX_FAULT_MISALIGNED, l, a);
        if (!ptx_mem(c, PTX_MS_GLOBAL, a, n, w->index * 32 + l, 0))
            return ptx_fault(c, w, r, PTX_FAULT_ADDRESS, l, a);
    }
    ptx_cp_async_note(c, w, &s, exec);
#ifndef __CUDA_ARCH__
    if (SIM_UNLIKELY(c->race != NULL))
        ptx_race_access(c, w, r, exec, 1);
#endif
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint32_t n = ptx_cp_async_n(w, r, l);
        uint8_t *d = ptx_mem(c, PTX_MS_SHARED, ptx_rec_addr(w, r, l), r->size, w->index * 32 + l, 1);
        const uint8_t *h = n ? ptx_mem(c, PTX_MS_GLOBAL, ptx_rec_addr(w, &s, l), n, w->index * 32 + l, 0) : NULL;
        for (uint32_t i = 0; i < r->size; i++)
            d[i] = i < n ? h[i] : 0;
    }
    return PTX_STEP_OK;
}

/* ---- atomics ------------------------------------------------------------------ */
SIM_INLINE double ptx_atom_to_f64(uint64_t v) { double d; sim_memcpy(&d, &v, 8); return d; }
SIM_INLINE float ptx_atom_to_f32(uint32_t v) { float f; sim_memcpy(&f, &v, 4); return f; }
SIM_INLINE uint64_t ptx_atom_of_f64(double d) { uint64_t v; sim_memcpy(&v, &d, 8); return v; }
SIM_INLINE uint32_t ptx_atom_of_f32(float f) { uint32_t v; sim_memcpy(&v, &f, 4); return v; }

/* The value an atomic leaves, from the old one and its operands. */
SIM_FN uint64_t ptx_atom_apply(uint32_t op, uint32_t size, uint32_t flags, uint64_t old, uint64_t b, uint64_t cv)
{
    uint64_t mask = size == 4 ? 0xffffffffull : ~0ull;
    int sgn = (flags & PTX_RF_SIGNED) != 0;
    int64_t so = size == 4 ? (int64_t)(int32_t)old : (int64_t)old;
    int64_t sb = size == 4 ? (int64_t)(int32_t)b : (int64_t)b;
    old &= mask, b &= mask;
    switch (op) {
    case PTX_ATOM_ADD:
        if (flags & PTX_RF_FLOAT)
            return size == 4 ? ptx_atom_of_f32(ptx_atom_to_f32((uint32_t)old) + ptx_atom_to_f32((uint32_t)b))
                             : ptx_atom_of_f64(ptx_atom_to_f64(old) + ptx_atom_to_f64(b));
        return (old + b) & mask;
    case PTX_ATOM_AND: return old & b;
    case PTX_ATOM_OR: return old | b;
    case PTX_ATOM_XOR: return old ^ b;
    case PTX_ATOM_EXCH: return b;
    case PTX_ATOM_CAS: return old == b ? (cv & mask) : old;
    case PTX_ATOM_INC: return old >= b ? 0 : old + 1;
    case PTX_ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
    case PTX_ATOM_MIN: return (sgn ? so < sb : old < b) ? old : b;
    case PTX_ATOM_MAX: return (sgn ? so > sb : old > b) ? old : b;
    case PTX_ATOM_MBAR: return ptx_mbar_next((uint32_t)cv, old, (uint32_t)b); /* cv: the update */
    }
    return old;
}

/* One lane's read-modify-write, atomic against other host threads (global
 * memory is shared by CTAs on several threads) and other CUDA warps. */
SIM_FN uint64_t ptx_atom_rmw(uint8_t *h, uint32_t op, uint32_t size, uint32_t flags, uint64_t b, uint64_t cv)
{
#ifdef __CUDA_ARCH__
    if (size == 4) {
        unsigned int *p = (unsigned int *)h, old = *p, seen;
        do {
            seen = old;
            old = atomicCAS(p, seen, (unsigned int)ptx_atom_apply(op, 4, flags, seen, b, cv));
        } while (old != seen);
        return old;
    }
    unsigned long long *p = (unsigned long long *)h, old = *p, seen;
    do {
        seen = old;
        old = atomicCAS(p, seen, (unsigned long long)ptx_atom_apply(op, 8, flags, seen, b, cv));
    } while (old != seen);
    return old;
#else
    if (size == 4) {
        uint32_t *p = (uint32_t *)h, old = __atomic_load_n(p, __ATOMIC_RELAXED);
        while (!__atomic_compare_exchange_n(p, &old, (uint32_t)ptx_atom_apply(op, 4, flags, old, b, cv), 0,
                                            __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            ;
        return old;
    }
    uint64_t *p = (uint64_t *)h, old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(p, &old, ptx_atom_apply(op, 8, flags, old, b, cv), 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED))
        ;
    return old;
#endif
}

/* atom and red: on the CPU lanes in lane order; on the GPU as the hardware orders them. */
SIM_FN int ptx_exec_atom(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int rc = ptx_check_access(c, w, r, exec, 1);
    if (rc != PTX_STEP_OK)
        return rc;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint8_t *h = ptx_mem(c, r->space, ptx_rec_addr(w, r, l), r->size, w->index * 32 + l, 1);
        uint64_t b = w->regs[(size_t)r->src[0] * 32 + l];
        uint64_t cv = r->src[1] != PTX_NOSLOT ? w->regs[(size_t)r->src[1] * 32 + l] : 0;
        w->regs[(size_t)r->dst[0] * 32 + l] = ptx_atom_rmw(h, r->sub, r->size, r->flags, b, cv);
    }
    return PTX_STEP_OK;
}

/* mbarrier: an update (aux: PTX_MBAR_*) atomically, its state token the word
 * it found; a wait (aux: PTX_MBAR_WAIT, _WAIT_PARITY) its predicate. A wait
 * that is not over lets the other warps run (w->yield, as a loop's back
 * edge does): the arrivals it waits for are theirs. */
SIM_FN int ptx_exec_mbar(ptx_ctx_t *c, ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    int wait = r->aux >= PTX_MBAR_WAIT;
    int rc = ptx_check_access(c, w, r, exec, !wait);
    if (rc != PTX_STEP_OK)
        return rc;
    uint32_t waiting = 0;
    PTX_LANES(l) {
        if (!(exec >> l & 1u))
            continue;
        uint8_t *h = ptx_mem(c, r->space, ptx_rec_addr(w, r, l), 8, w->index * 32 + l, !wait);
        uint64_t a = r->src[0] != PTX_NOSLOT ? w->regs[(size_t)r->src[0] * 32 + l] : 1, v;
        if (wait) {
#ifdef __CUDA_ARCH__
            uint64_t x = *(volatile unsigned long long *)h;
#else
            uint64_t x = __atomic_load_n((uint64_t *)h, __ATOMIC_ACQUIRE);
#endif
            v = (uint64_t)ptx_mbar_done(x, a, r->aux == PTX_MBAR_WAIT_PARITY);
            waiting |= !v;
        } else {
            v = ptx_atom_rmw(h, PTX_ATOM_MBAR, 8, 0, (uint32_t)a, r->aux);
        }
        w->regs[(size_t)r->dst[0] * 32 + l] = v;
    }
    if (waiting)
        w->yield = 1;
    return PTX_STEP_OK;
}

/* mbarrier.pending_count.b64 d, state */
SIM_FN void ptx_exec_mbar_count(ptx_warp_t *w, const ptx_rec_t *r, uint32_t exec)
{
    PTX_LANES(l) {
        if (exec >> l & 1u)
            w->regs[(size_t)r->dst[0] * 32 + l] = ptx_mbar_pending(w->regs[(size_t)r->src[0] * 32 + l]);
    }
}

#endif
