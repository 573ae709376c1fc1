/* A core's address space below the stack, from the bottom up:
 *
 *   [priv_base, brk_min)       data and bss
 *   [brk_min, brk_cur)         heap grown by brk
 *   [mmap_low, stack_lo)       anonymous mappings, handed out downwards
 *   [stack_lo, window end)     the stack reserve
 *
 * brk and mmap meet in the middle and never cross. Memory they hand out is
 * zeroed, since munmap or a shrinking brk may have left old bytes behind. */
#ifndef LINUX_MM_H
#define LINUX_MM_H

#include "../sim_core.h"
#include "linux_errno.h"
#include "linux_uaccess.h"
#include "linux_fd.h"

#define LINUX_PAGE 4096u
#define LINUX_MAP_SHARED 1u
#define LINUX_PROT_WRITE 2u
#define LINUX_MAP_FIXED 0x10u
#define LINUX_MAP_ANONYMOUS 0x20u

SIM_FN uint32_t linux_page_up(uint32_t v) { return (v + (LINUX_PAGE - 1u)) & ~(LINUX_PAGE - 1u); }

/* brk(addr): moves the break within [brk_min, mmap_low]; on any failure the
 * result is the old break, which is how Linux reports it. */
SIM_FN int32_t linux_brk(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr)
{
    if (addr < s->brk_min || addr > s->mmap_low)
        return (int32_t)s->brk_cur;
    if (addr > s->brk_cur && linux_zero(m, core, s->brk_cur, addr - s->brk_cur))
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
        return linux_zero(m, core, addr, size) ? -LINUX_ENOMEM : (int32_t)addr;
    }
    uint32_t low = s->mmap_low & ~(LINUX_PAGE - 1u);
    if (size > low || low - size < s->brk_cur)
        return -LINUX_ENOMEM;
    low -= size;
    if (linux_zero(m, core, low, size))
        return -LINUX_ENOMEM;
    s->mmap_low = low;
    return (int32_t)low;
}

/* A file mapped into the core's own memory: its bytes from page pgoff are
 * copied, the rest of the last page is zero. Writes stay private, so a
 * shared writable mapping (which would write the file) is refused, as for
 * a file opened read-only. */
SIM_FN int32_t linux_mmap(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t addr, uint32_t len,
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

/* munmap(addr, len): only the lowest mapping is given back (the area is a
 * stack of mappings); unmapping anything else succeeds and leaks. */
SIM_FN int32_t linux_munmap(sim_sys_t *s, const sim_mem_t *m, uint32_t addr, uint32_t len)
{
    if ((addr & (LINUX_PAGE - 1u)) || len == 0 || len > 0xfffff000u)
        return -LINUX_EINVAL;
    if (addr == s->mmap_low) {
        uint32_t size = linux_page_up(len);
        s->mmap_low = size < m->stack_lo - addr ? addr + size : m->stack_lo;
    }
    return 0;
}

/* mremap: never possible in place here; glibc's realloc then copies. */
SIM_FN int32_t linux_mremap(void) { return -LINUX_ENOMEM; }

/* mprotect, madvise: every page stays readable and writable. */
SIM_FN int32_t linux_mm_advice(void) { return 0; }

#endif
