/* Linux i386 system calls: `int $0x80` with the number in EAX, arguments
 * in EBX ECX EDX ESI EDI EBP, the result in EAX. The calls are the ones
 * every ISA shares (linux/linux_syscall.h, the i386 column of
 * linux_syscalls.def); this file gathers the registers and answers the
 * i386 private calls: set_thread_area and get_thread_area, the GDT entry
 * glibc's TLS lives in (one entry, X86_TLS_ENTRY; its base is sys.tls).
 *
 * No vsyscall page: the initial stack has no AT_SYSINFO, so glibc makes
 * its calls with int $0x80 (and never `call *%gs:0x10`). */
#ifndef X86_SYSCALL_H
#define X86_SYSCALL_H

#include "x86_ctx.h"
#include "../sim_mem.h"
#include "../linux/linux_syscall.h"

/* struct user_desc: entry_number, base_addr, limit, flags (seg_32bit 1,
 * contents 2 bits, read_exec_only, limit_in_pages, seg_not_present, useable). */
#define X86_USER_DESC_BYTES 16u

/* set_thread_area(u_info): entry -1 asks for a free one (ours, the only
 * one); the entry's base becomes the thread pointer. */
SIM_FN int32_t x86_set_thread_area(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t ud)
{
    uint32_t entry, base;
    if (sim_ld32(m, core, ud, &entry) || sim_ld32(m, core, ud + 4u, &base))
        return -LINUX_EFAULT;
    if (entry != 0xffffffffu && entry != X86_TLS_ENTRY)
        return -LINUX_EINVAL;
    if (sim_st32(m, core, ud, X86_TLS_ENTRY))
        return -LINUX_EFAULT;
    c->sys.tls = base;
    if (c->gs == X86_TLS_SELECTOR) /* the segment register caches the old base until reloaded,
                                    * but glibc reloads it right after: keep them in step */
        c->gs_base = base;
    return 0;
}

/* get_thread_area(u_info): the entry's base, a 4 GiB flat data segment. */
SIM_FN int32_t x86_get_thread_area(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t ud)
{
    uint32_t entry;
    if (sim_ld32(m, core, ud, &entry))
        return -LINUX_EFAULT;
    if (entry != X86_TLS_ENTRY)
        return -LINUX_EINVAL;
    if (sim_st32(m, core, ud + 4u, c->sys.tls) || sim_st32(m, core, ud + 8u, 0xfffffu) ||
        sim_st32(m, core, ud + 12u, 0x51u)) /* seg_32bit, limit_in_pages, useable */
        return -LINUX_EFAULT;
    return 0;
}

/* _(name, number, call), in scope of c, m, core and the argument a0 */
#define X86_PRIVATE_SYSCALLS(_)                                                \
    _(set_thread_area, 243, x86_set_thread_area(c, m, core, a0))             \
    _(get_thread_area, 244, x86_get_thread_area(c, m, core, a0))             \
    /* socketcall and ipc multiplex what a core cannot do (no sockets, no IPC) */ \
    _(socketcall,      102, linux_unsupported(&c->sys, m, core, 102, "socketcall")) \
    _(ipc,             117, linux_unsupported(&c->sys, m, core, 117, "ipc"))

SIM_FN const char *x86_syscall_name(uint32_t nr)
{
    switch (nr) {
#define X86_PRIVATE_NAME(name, num, call) case num: return #name;
        X86_PRIVATE_SYSCALLS(X86_PRIVATE_NAME)
#undef X86_PRIVATE_NAME
    }
    return linux_syscall_name(LINUX_ABI_I386, nr);
}

/* int $0x80, with EIP already past it. A call that parks in SIM_WAIT_HOST
 * is retried after the host has served it: EIP goes back to the INT and
 * EAX is left alone. */
SIM_FN void x86_syscall(x86_ctx_t *c, const sim_mem_t *m, uint32_t core, uint32_t pc)
{
    sim_sys_t *s = &c->sys;
    uint32_t nr = c->r[0], a0 = c->r[3];
    const uint32_t a[6] = {c->r[3], c->r[1], c->r[2], c->r[6], c->r[7], c->r[5]};
    const linux_abi_t abi = {LINUX_ABI_I386, "i686"};
    int32_t r;
    (void)a0;
    switch (nr) {
#define X86_PRIVATE_CASE(name, num, call) case num: r = (int32_t)(call); break;
        X86_PRIVATE_SYSCALLS(X86_PRIVATE_CASE)
#undef X86_PRIVATE_CASE
    default:
        r = linux_syscall(abi, nr, s, m, core, a, pc);
    }
    if (s->status == SIM_WAIT_HOST) {
        c->eip = pc;
        return;
    }
    if (s->status != SIM_HALTED && s->status != SIM_FAULTED)
        c->r[0] = (uint32_t)r;
}

#endif
