/* The system-call dispatch every ISA shares: a call's number, in the
 * numbering of the ISA's ABI, and its arguments go to the call's semantics
 * (linux_syscalls.def); what differs between ISAs beyond the numbers is in
 * linux_abi_t. An ISA's syscall file gathers the number and arguments from
 * its registers, answers its own private calls, and calls linux_syscall. */
#ifndef LINUX_SYSCALL_H
#define LINUX_SYSCALL_H

#include "linux.h"
#include "linux_syscalls.def"
#include "warpsim_abi.h"

/* The ABIs, by the numbering column they use. */
enum { LINUX_ABI_ARM_EABI, LINUX_ABI_I386 };

typedef struct linux_abi {
    uint32_t id;         /* LINUX_ABI_* */
    const char *machine; /* uname's machine field */
} linux_abi_t;

/* struct stat64: ARM EABI's aligns its 64-bit members to 8 bytes (104
 * bytes), i386's packs them at 4 (96 bytes;
 * arch/{arm,x86}/include/uapi/asm/stat.h). */
SIM_FN int linux_put_stat64(linux_abi_t abi, const sim_mem_t *m, uint32_t core, uint32_t a,
                            const linux_kstat_t *st)
{
    int arm = abi.id == LINUX_ABI_ARM_EABI;
    uint32_t size = arm ? 104u : 96u, wide = arm ? 4u : 0u; /* the 64-bit members' shift */
    int bad = linux_zero(m, core, a, size);
    bad |= linux_put64(m, core, a + 0u, st->dev);
    bad |= linux_put32(m, core, a + 12u, (uint32_t)st->ino); /* __st_ino */
    bad |= linux_put32(m, core, a + 16u, st->mode);
    bad |= linux_put32(m, core, a + 20u, st->nlink);
    bad |= linux_put32(m, core, a + 24u, st->uid);
    bad |= linux_put32(m, core, a + 28u, st->gid);
    bad |= linux_put64(m, core, a + 32u, st->rdev);
    bad |= linux_put64(m, core, a + 44u + wide, st->size);
    bad |= linux_put32(m, core, a + 52u + wide, st->blksize);
    bad |= linux_put64(m, core, a + 56u + 2u * wide, st->blocks);
    for (uint32_t i = 0; i < 6u; i++) /* atime, mtime, ctime: seconds, nanoseconds */
        bad |= linux_put32(m, core, a + 64u + 2u * wide + 4u * i, st->time[i]);
    bad |= linux_put64(m, core, a + 88u + 2u * wide, st->ino);
    return bad;
}

/* fstat64(fd, buf) */
SIM_FN int32_t linux_fstat64(linux_abi_t abi, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf)
{
    linux_kstat_t st;
    int32_t r = linux_fd_kstat(m, core, fd, &st);
    if (r)
        return r;
    return linux_put_stat64(abi, m, core, buf, &st) ? -LINUX_EFAULT : 0;
}

/* fstatat64(dirfd, path, buf, flags); stat64 and lstat64 are it at the cwd. */
SIM_FN int32_t linux_fstatat64(linux_abi_t abi, sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd,
                               uint32_t path, uint32_t buf, uint32_t flags)
{
    linux_kstat_t st;
    int32_t r = linux_path_kstat(s, m, core, dirfd, path, flags, &st);
    if (r <= 0)
        return r;
    return linux_put_stat64(abi, m, core, buf, &st) ? -LINUX_EFAULT : 0;
}

/* pread64: ARM EABI passes the 64-bit offset in an aligned register pair
 * (r4, r5: a4, a5), i386 in the next two (a3, a4). */
SIM_FN int32_t linux_pread64(linux_abi_t abi, const sim_mem_t *m, uint32_t core, const uint32_t *a)
{
    int arm = abi.id == LINUX_ABI_ARM_EABI;
    return linux_pread(m, core, a[0], a[1], a[2], arm ? a[4] : a[3], arm ? a[5] : a[4]);
}

/* pwrite64: the offset in the same registers as pread64's. */
SIM_FN int32_t linux_pwrite64(linux_abi_t abi, sim_sys_t *s, const sim_mem_t *m, uint32_t core, const uint32_t *a)
{
    int arm = abi.id == LINUX_ABI_ARM_EABI;
    return linux_pwrite(s, m, core, a[0], a[1], a[2], arm ? a[4] : a[3], arm ? a[5] : a[4]);
}

/* The name of call nr of abi, for reports; NULL if the table lacks it. */
SIM_FN const char *linux_syscall_name(uint32_t abi, uint32_t nr)
{
#define LINUX_NAME_ARM(name, arm, i386, call) case arm: return #name;
#define LINUX_NAME_I386(name, arm, i386, call) case i386: return #name;
    if (abi == LINUX_ABI_ARM_EABI) {
        switch (nr) {
            LINUX_SYSCALLS(LINUX_NAME_ARM)
        }
    } else {
        switch (nr) {
            LINUX_SYSCALLS(LINUX_NAME_I386)
        }
    }
#undef LINUX_NAME_ARM
#undef LINUX_NAME_I386
    return NULL;
}

/* Call nr of abi with arguments a[0..5], from the instruction at pc. An
 * unknown number is -ENOSYS, counted in the OS state. */
SIM_FN int32_t linux_syscall(linux_abi_t abi, uint32_t nr, sim_sys_t *s, const sim_mem_t *m, uint32_t core,
                             const uint32_t *a, uint32_t pc)
{
    uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];
    int arm = abi.id == LINUX_ABI_ARM_EABI;
    (void)a4, (void)a5, (void)arm;
#define LINUX_CASE_ARM(name, arm, i386, call) case arm: return (int32_t)(call);
#define LINUX_CASE_I386(name, arm, i386, call) case i386: return (int32_t)(call);
    if (abi.id == LINUX_ABI_ARM_EABI) {
        switch (nr) {
            LINUX_SYSCALLS(LINUX_CASE_ARM)
        }
    } else {
        switch (nr) {
            LINUX_SYSCALLS(LINUX_CASE_I386)
        }
    }
#undef LINUX_CASE_ARM
#undef LINUX_CASE_I386
    return linux_unsupported(s, m, core, nr, linux_syscall_name(abi.id, nr));
}

#endif
