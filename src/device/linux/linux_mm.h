/* A core's address space below the stack, from the bottom up:
 *
 *   [priv_base, brk_min)       data and bss
 *   [brk_min, brk_cur)         heap grown by brk
 *   [mmap_low, stack_lo)       anonymous mappings, handed out downwards
 *   [stack_lo, window end)     the stack reserve
 *
 * brk and mmap meet in the middle and never cross. Memory they hand out is
 * zeroed, since munmap or a shrinking brk may have left old bytes behind,
 * except memory neither has handed out before ([brk_max, mmap_min)), which
 * still holds the zeros the window started with: a program's first heap
 * (glibc's malloc asks for 132 KiB) is not written word by word on every
 * core. (A program that wrote there without asking, which Linux faults
 * where warpsim does not, finds its bytes again.)
 *
 * Of the protections only execution is kept (sim_xmap.h): mmap, mprotect
 * and munmap say which pages of the window a core may run code from, and
 * each counts as a change of the core's code (sys.code_gen), so records
 * decoded from a page before are decoded again, as for a fresh page the
 * kernel hands out. Reads and writes are allowed whatever the protection,
 * and munmap leaves the bytes readable. */
#ifndef LINUX_MM_H
#define LINUX_MM_H

#include "../sim_core.h"
#include "linux_errno.h"
#include "linux_uaccess.h"
#include "linux_fd.h"
#include "linux_proc.h"
#include "../sim_xmap.h"

#define LINUX_PAGE 4096u
#define LINUX_MAP_SHARED 1u
#define LINUX_PROT_WRITE 2u
#define LINUX_PROT_EXEC 4u
#define LINUX_MAP_FIXED 0x10u
#define LINUX_MAP_ANONYMOUS 0x20u

SIM_FN uint32_t linux_page_up(uint32_t v) { return (v + (LINUX_PAGE - 1u)) & ~(LINUX_PAGE - 1u); }

/* Pages of [addr, addr + size) become executable or not (prot's PROT_EXEC);
 * what the core decoded from them may be stale. */
SIM_FN void linux_map_exec(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t size,
                           uint32_t prot)
{
    sim_xmap_set(m, core, addr, size, prot & LINUX_PROT_EXEC);
    s->code_gen++;
}

/* PROT_EXEC where no code runs from the windows (m->xmap NULL: the CUDA
 * backend, whose windows are device memory the host's decoder does not
 * read): -EACCES, as Linux answers where a policy forbids executable
 * memory, and a note the host prints once. */
SIM_FN int32_t linux_exec_refused(sim_sys_t *s, const sim_mem_t *m, uint32_t core, const char *call)
{
    return linux_note(s, m, core, LINUX_NOTE_NOEXEC, 0, call) ? 0 : -LINUX_EACCES;
}

/* [lo, hi) handed out: zeroed but for the part never handed out before,
 * which is then handed out. */
SIM_FN int linux_hand_out(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t lo, uint32_t hi)
{
    uint32_t plo = s->brk_max, phi = s->mmap_min;
    if (plo >= phi || hi <= plo || lo >= phi)
        return linux_zero(m, core, lo, hi - lo);
    if (lo < plo && linux_zero(m, core, lo, plo - lo))
        return 1;
    if (hi > phi && linux_zero(m, core, phi, hi - phi))
        return 1;
    /* brk hands out from the bottom of the range, mmap from its top */
    if (lo <= plo)
        s->brk_max = hi < phi ? hi : phi;
    else
        s->mmap_min = lo;
    return 0;
}

/* brk(addr): moves the break within [brk_min, mmap_low]; on any failure the
 * result is the old break, which is how Linux reports it. */
SIM_FN int32_t linux_brk(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr)
{
    if (addr < s->brk_min || addr > s->mmap_low)
        return (int32_t)s->brk_cur;
    if (addr > s->brk_cur && linux_hand_out(s, m, core, s->brk_cur, addr))
        return (int32_t)s->brk_cur;
    s->brk_cur = addr;
    return (int32_t)addr;
}

/* mmap2(addr, len, prot, flags, fd, pgoff) / mmap: anonymous memory, or a
 * private copy of a cached file's bytes (linux_mmap_file). MAP_FIXED is
 * honoured inside the mapped area; other hints are ignored. */
SIM_FN int32_t linux_mmap_anon(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len,
                               uint32_t flags)
{
    if (len == 0 || len > 0xfffff000u)
        return -LINUX_EINVAL;
    uint32_t size = linux_page_up(len);
    if (flags & LINUX_MAP_FIXED) {
        if (addr & (LINUX_PAGE - 1u))
            return -LINUX_EINVAL;
        if (addr < s->mmap_low || addr > m->stack_lo || size > m->stack_lo - addr)
            return -LINUX_ENOMEM;
        return linux_hand_out(s, m, core, addr, addr + size) ? -LINUX_ENOMEM : (int32_t)addr;
    }
    uint32_t low = s->mmap_low & ~(LINUX_PAGE - 1u);
    if (size > low || low - size < s->brk_cur)
        return -LINUX_ENOMEM;
    low -= size;
    if (linux_hand_out(s, m, core, low, low + size))
        return -LINUX_ENOMEM;
    s->mmap_low = low;
    return (int32_t)low;
}

/* A file mapped into the core's own memory: its bytes from page pgoff are
 * copied, the rest of the last page is zero. Writes stay private, so a
 * shared writable mapping (which would write the file) is refused, as for
 * a file opened read-only. */
SIM_FN int32_t linux_mmap_any(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len,
                              uint32_t prot, uint32_t flags, uint32_t fd, uint32_t pgoff)
{
    if (flags & LINUX_MAP_ANONYMOUS)
        return linux_mmap_anon(s, m, core, addr, len, flags);
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (k != LINUX_FK_FILE)
        return -LINUX_ENODEV;
    if ((flags & 3u) == LINUX_MAP_SHARED && (prot & LINUX_PROT_WRITE))
        return -LINUX_EACCES;
    int32_t r = linux_mmap_anon(s, m, core, addr, len, flags);
    uint32_t f = linux_fd_file(w), size = linux_file_word(m, f, LF_DLEN);
    uint64_t off = (uint64_t)pgoff * LINUX_PAGE;
    if (r < 0 && r > -4096)
        return r;
    if (off < size) {
        uint32_t n = size - (uint32_t)off < len ? size - (uint32_t)off : len;
        linux_copy_out(m, core, (uint32_t)r, m->fs->data + linux_file_word(m, f, LF_DATA) + off, n);
    }
    return r;
}

/* mmap2: the mapping, and the pages it made executable or not. */
SIM_FN int32_t linux_mmap(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len,
                          uint32_t prot, uint32_t flags, uint32_t fd, uint32_t pgoff)
{
    if ((prot & LINUX_PROT_EXEC) && !m->xmap)
        return linux_exec_refused(s, m, core, "mmap2");
    int32_t r = linux_mmap_any(s, m, core, addr, len, prot, flags, fd, pgoff);
    if (r >= 0 || r < -4095)
        linux_map_exec(s, m, core, (uint32_t)r, linux_page_up(len), prot);
    return r;
}

/* munmap(addr, len): only the lowest mapping is given back (the area is a
 * stack of mappings); unmapping anything else succeeds and leaks. Either
 * way no page of the range is executable any more. */
SIM_FN int32_t linux_munmap(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len)
{
    if ((addr & (LINUX_PAGE - 1u)) || len == 0 || len > 0xfffff000u)
        return -LINUX_EINVAL;
    uint32_t size = linux_page_up(len);
    if (addr == s->mmap_low)
        s->mmap_low = size < m->stack_lo - addr ? addr + size : m->stack_lo;
    linux_map_exec(s, m, core, addr, size, 0);
    return 0;
}

/* Whether [a, a + size) lies in the read-only image's pages or the window
 * (which may share a page), where mprotect can give PROT_EXEC: the text
 * runs as it always does, and the window's pages as the map says. */
SIM_FN int linux_exec_range_ok(const sim_mem_t *m, uint32_t a, uint32_t size)
{
    uint64_t lo = a, hi = (uint64_t)a + size, ro_end = linux_page_up(m->ro_base + m->ro_size);
    uint64_t win_end = (uint64_t)m->priv_base + m->priv_size;
    if (lo >= m->priv_base && hi <= win_end)
        return 1;
    return lo >= m->ro_base && hi <= (ro_end >= m->priv_base ? win_end : ro_end);
}

/* mprotect(addr, len, prot): the window's pages in the range become
 * executable or not; PROT_EXEC beyond the read-only image and the window
 * (the shared region) is refused, as code never runs there. The text stays
 * executable whatever is asked. */
SIM_FN int32_t linux_mprotect(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len,
                              uint32_t prot)
{
    if (addr & (LINUX_PAGE - 1u))
        return -LINUX_EINVAL;
    if (len == 0)
        return 0;
    uint32_t size = linux_page_up(len);
    if (size == 0 || (uint64_t)addr + size > 0x100000000ull)
        return -LINUX_ENOMEM;
    if (prot & LINUX_PROT_EXEC) {
        if (!m->xmap)
            return linux_exec_refused(s, m, core, "mprotect");
        if (!linux_exec_range_ok(m, addr, size))
            return -LINUX_EACCES;
    }
    linux_map_exec(s, m, core, addr, size, prot);
    return 0;
}

/* mremap: never possible in place here; glibc's realloc then copies. */
SIM_FN int32_t linux_mremap(void) { return -LINUX_ENOMEM; }

/* madvise: advice only. */
SIM_FN int32_t linux_mm_advice(void) { return 0; }

#endif
