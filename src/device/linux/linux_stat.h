/* File status of the standard streams: each is a FIFO (as under a shell
 * pipeline, which is how the qemu-user oracle runs) with a 4096-byte block
 * size, so glibc fully buffers stdout just as it does there. The ISA-neutral
 * part is the values (linux_kstat_t) and statx, whose layout is the same on
 * every architecture; stat64 layouts differ and live with each ISA. */
#ifndef LINUX_STAT_H
#define LINUX_STAT_H

#include "linux_io.h"

#define LINUX_S_IFIFO 0010000u
#define LINUX_AT_EMPTY_PATH 0x1000u
#define LINUX_STATX_BASIC_STATS 0x7ffu
#define LINUX_STATX_SIZE 256u

typedef struct linux_kstat {
    uint32_t mode, ino, nlink, uid, gid, blksize;
    uint64_t size, blocks;
} linux_kstat_t;

SIM_FN int32_t linux_fd_kstat(uint32_t fd, linux_kstat_t *st)
{
    if (!linux_std_fd(fd))
        return -LINUX_EBADF;
    st->mode = LINUX_S_IFIFO | 0600u;
    st->ino = 1u + fd;
    st->nlink = 1;
    st->uid = 0;
    st->gid = 0;
    st->blksize = 4096;
    st->size = 0;
    st->blocks = 0;
    return 0;
}

/* The fd a path-taking stat call means: only (dirfd, "", AT_EMPTY_PATH)
 * names anything here. Returns 0 with *fd set, or a negative errno. */
SIM_FN int32_t linux_at_fd(const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path, uint32_t flags,
                           uint32_t *fd)
{
    uint32_t empty;
    if (linux_path_empty(m, core, path, &empty))
        return -LINUX_EFAULT;
    if (!empty || !(flags & LINUX_AT_EMPTY_PATH))
        return -LINUX_ENOENT;
    *fd = dirfd;
    return 0;
}

/* statx(dirfd, path, flags, mask, buf): struct statx (linux/stat.h). */
SIM_FN int32_t linux_statx(const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path, uint32_t flags,
                           uint32_t mask, uint32_t buf)
{
    uint32_t fd;
    linux_kstat_t st;
    int32_t r = linux_at_fd(m, core, dirfd, path, flags, &fd);
    if (r == 0)
        r = linux_fd_kstat(fd, &st);
    if (r)
        return r;
    int bad = linux_zero(m, core, buf, LINUX_STATX_SIZE);
    bad |= linux_put32(m, core, buf + 0u, LINUX_STATX_BASIC_STATS);
    bad |= linux_put32(m, core, buf + 4u, st.blksize);
    bad |= linux_put32(m, core, buf + 16u, st.nlink);
    bad |= linux_put32(m, core, buf + 20u, st.uid);
    bad |= linux_put32(m, core, buf + 24u, st.gid);
    bad |= linux_put16(m, core, buf + 28u, st.mode);
    bad |= linux_put64(m, core, buf + 32u, st.ino);
    bad |= linux_put64(m, core, buf + 40u, st.size);
    bad |= linux_put64(m, core, buf + 48u, st.blocks);
    return bad ? -LINUX_EFAULT : 0;
}

#endif
