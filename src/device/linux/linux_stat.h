/* File status. A cached file's comes from the host's stat of it (times
 * included: they are the file's, not virtual); the standard streams are each
 * a FIFO (as under a shell pipeline, which is how the qemu-user oracle runs)
 * with a 4096-byte block size, so glibc fully buffers stdout just as it does
 * there. The ISA-neutral part is the values (linux_kstat_t) and statx, whose
 * layout is the same on every architecture; stat64 layouts differ
 * (linux_syscall.h). */
#ifndef LINUX_STAT_H
#define LINUX_STAT_H

#include "linux_fd.h"

#define LINUX_S_IFMT 0170000u
#define LINUX_S_IFIFO 0010000u
#define LINUX_S_IFDIR 0040000u
#define LINUX_S_IFCHR 0020000u
#define LINUX_AT_EMPTY_PATH 0x1000u
#define LINUX_AT_SYMLINK_NOFOLLOW 0x100u
#define LINUX_STATX_BASIC_STATS 0x7ffu
#define LINUX_STATX_SIZE 256u

typedef struct linux_kstat {
    uint32_t mode, nlink, uid, gid, blksize;
    uint64_t ino, size, blocks, dev, rdev;
    uint32_t time[6]; /* atime, atime ns, mtime, mtime ns, ctime, ctime ns */
} linux_kstat_t;

/* The status of file entry f. */
SIM_FN void linux_file_kstat(const sim_mem_t *m, uint32_t f, linux_kstat_t *st)
{
#define LF(w) linux_file_word(m, f, w)
#define LF64(lo, hi) ((uint64_t)LF(hi) << 32 | LF(lo))
    st->mode = LF(LF_MODE);
    st->nlink = LF(LF_NLINK);
    st->uid = LF(LF_UID);
    st->gid = LF(LF_GID);
    st->blksize = LF(LF_BLKSIZE);
    st->ino = LF64(LF_INO_LO, LF_INO_HI);
    st->size = LF(LF_SIZE);
    st->blocks = LF(LF_BLOCKS);
    st->dev = LF64(LF_DEV_LO, LF_DEV_HI);
    st->rdev = LF64(LF_RDEV_LO, LF_RDEV_HI);
    for (uint32_t i = 0; i < 6u; i++)
        st->time[i] = LF(LF_ATIME + i);
#undef LF64
#undef LF
}

SIM_FN int32_t linux_fd_kstat(const sim_mem_t *m, uint32_t core, uint32_t fd, linux_kstat_t *st)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (k == LINUX_FK_FILE || k == LINUX_FK_DIR || k == LINUX_FK_NULL || k == LINUX_FK_OUTFILE) {
        linux_file_kstat(m, linux_fd_file(w), st);
        return 0;
    }
    /* inode 1, 2, 3 for stdin, stdout, stderr, dup'ed or not */
    linux_kstat_t fifo = {LINUX_S_IFIFO | 0600u, 1, 0, 0, 4096, k, 0, 0, 0, 0, {0, 0, 0, 0, 0, 0}};
    *st = fifo;
    return 0;
}

/* statx's fields from st into buf (struct statx, linux/stat.h). */
SIM_FN int32_t linux_put_statx(const sim_mem_t *m, uint32_t core, uint32_t buf, const linux_kstat_t *st)
{
    int bad = linux_zero(m, core, buf, LINUX_STATX_SIZE);
    bad |= linux_put32(m, core, buf + 0u, LINUX_STATX_BASIC_STATS);
    bad |= linux_put32(m, core, buf + 4u, st->blksize);
    bad |= linux_put32(m, core, buf + 16u, st->nlink);
    bad |= linux_put32(m, core, buf + 20u, st->uid);
    bad |= linux_put32(m, core, buf + 24u, st->gid);
    bad |= linux_put16(m, core, buf + 28u, st->mode);
    bad |= linux_put64(m, core, buf + 32u, st->ino);
    bad |= linux_put64(m, core, buf + 40u, st->size);
    bad |= linux_put64(m, core, buf + 48u, st->blocks);
    /* atime 64, btime 80 (left 0), ctime 96, mtime 112: { s64 sec; u32 nsec; } */
    const uint32_t at[3] = {64u, 112u, 96u};
    for (uint32_t i = 0; i < 3u; i++) {
        bad |= linux_put32(m, core, buf + at[i], st->time[2 * i]);
        bad |= linux_put32(m, core, buf + at[i] + 8u, st->time[2 * i + 1]);
    }
    /* glibc's dev_t: major in bits 8-19 and 32-43, minor in 0-7 and 20-31 */
    uint32_t d[2] = {(uint32_t)st->rdev, (uint32_t)st->dev};
    for (uint32_t i = 0; i < 2u; i++) {
        bad |= linux_put32(m, core, buf + 128u + 8u * i, (d[i] >> 8) & 0xfffu);
        bad |= linux_put32(m, core, buf + 132u + 8u * i, (d[i] & 0xffu) | ((d[i] >> 12) & ~0xffu));
    }
    return bad ? -LINUX_EFAULT : 0;
}

#endif
