/* Reading and the descriptor table (linux_fs.h): read, readv, pread64,
 * lseek, close, dup, fcntl, ioctl, getdents64, all served on the device from
 * the cached bytes. A dup'ed descriptor keeps its own file position (Linux
 * shares one between the two). */
#ifndef LINUX_FD_H
#define LINUX_FD_H

#include "linux_io.h"

#define LINUX_SEEK_SET 0u
#define LINUX_SEEK_CUR 1u
#define LINUX_SEEK_END 2u

/* Reading stdin: from the bytes the host has read so far, or, when this core
 * has read them all, a request for more: the core parks and the call is
 * retried once the host has read (0 bytes: end of file). Cores other than
 * --stdin-core's read /dev/null. */
SIM_FN int32_t linux_read_stdin(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t buf, uint32_t count)
{
    const linux_fs_t *fs = m->fs;
    if (!fs || (fs->in_core != LINUX_IN_ALL && fs->in_core != core) || count == 0)
        return 0;
    if (s->in_off >= fs->in_len) {
        if (fs->in_eof)
            return 0;
        s->host_req = LINUX_REQ_STDIN;
        s->status = SIM_WAIT_HOST;
        return 0;
    }
    uint32_t avail = fs->in_len - s->in_off, n = count < avail ? count : avail;
    uint32_t got = linux_copy_out(m, core, buf, fs->in + s->in_off, n);
    s->in_off += got;
    return got ? (int32_t)got : -LINUX_EFAULT;
}

/* count bytes of the file behind descriptor word w from position pos. */
SIM_FN int32_t linux_read_at(const sim_mem_t *m, uint32_t core, uint32_t w, uint32_t buf, uint32_t count,
                             uint64_t pos)
{
    uint32_t f = linux_fd_file(w), size = linux_file_word(m, f, LF_DLEN);
    if (linux_fd_kind(w) == LINUX_FK_DIR)
        return -LINUX_EISDIR;
    if (pos >= size || count == 0)
        return 0;
    uint32_t n = size - (uint32_t)pos < count ? size - (uint32_t)pos : count;
    const uint8_t *src = m->fs->data + linux_file_word(m, f, LF_DATA) + pos;
    uint32_t got = linux_copy_out(m, core, buf, src, n);
    return got ? (int32_t)got : -LINUX_EFAULT;
}

/* read(fd, buf, count) */
SIM_FN int32_t linux_read(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf,
                          uint32_t count)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_STDIN)
        return linux_read_stdin(s, m, core, buf, count);
    if (k == LINUX_FK_NULL)
        return 0;
    if (k != LINUX_FK_FILE && k != LINUX_FK_DIR)
        return -LINUX_EBADF; /* closed, or stdout, stderr or a file opened for writing: write-only */
    uint32_t pos = *linux_fd_word(m, core, fd, LINUX_FD_POS);
    int32_t r = linux_read_at(m, core, w, buf, count, pos);
    if (r > 0)
        *linux_fd_word(m, core, fd, LINUX_FD_POS) = pos + (uint32_t)r;
    return r;
}

/* readv(fd, iov, iovcnt): segment by segment; a segment that would wait for
 * the host ends the call with what the earlier ones got, as a short read. */
SIM_FN int32_t linux_readv(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t iov,
                           uint32_t iovcnt)
{
    if (iovcnt > LINUX_IOV_MAX)
        return -LINUX_EINVAL;
    uint32_t total = 0;
    for (uint32_t i = 0; i < iovcnt; i++) {
        uint32_t base, len;
        if (linux_get32(m, core, iov + 8u * i, &base) || linux_get32(m, core, iov + 8u * i + 4u, &len))
            return total ? (int32_t)total : -LINUX_EFAULT;
        int32_t r = linux_read(s, m, core, fd, base, len);
        if (s->status == SIM_WAIT_HOST && total) {
            s->status = SIM_RUNNING;
            s->host_req = LINUX_REQ_NONE;
        }
        if (r < 0)
            return total ? (int32_t)total : r;
        total += (uint32_t)r;
        if ((uint32_t)r < len)
            break;
    }
    return (int32_t)total;
}

/* pread64(fd, buf, count, offset): the position stays. */
SIM_FN int32_t linux_pread(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf, uint32_t count,
                           uint32_t off_lo, uint32_t off_hi)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED || k == LINUX_FK_STDOUT || k == LINUX_FK_STDERR || k == LINUX_FK_OUTFILE)
        return -LINUX_EBADF;
    if (k == LINUX_FK_STDIN)
        return -LINUX_ESPIPE;
    if (off_hi & 0x80000000u)
        return -LINUX_EINVAL;
    return linux_read_at(m, core, w, buf, count, (uint64_t)off_hi << 32 | off_lo);
}

/* The new position of a seek, or -errno: files are below 4 GB here. */
SIM_FN int64_t linux_seek_pos(const sim_mem_t *m, uint32_t core, uint32_t fd, int64_t off, uint32_t whence)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (k == LINUX_FK_NULL)
        return 0;
    if (k != LINUX_FK_FILE && k != LINUX_FK_DIR)
        return -LINUX_ESPIPE; /* the standard streams are pipes; a file being written, a host stream */
    int64_t base = whence == LINUX_SEEK_SET ? 0
                 : whence == LINUX_SEEK_CUR ? (int64_t)*linux_fd_word(m, core, fd, LINUX_FD_POS)
                 : whence == LINUX_SEEK_END ? (int64_t)linux_file_word(m, linux_fd_file(w), LF_SIZE) : -1;
    if (base < 0 || base + off < 0)
        return -LINUX_EINVAL;
    if (base + off > 0xffffffffll)
        return -LINUX_EOVERFLOW;
    *linux_fd_word(m, core, fd, LINUX_FD_POS) = (uint32_t)(base + off);
    return base + off;
}

/* lseek(fd, offset, whence) */
SIM_FN int32_t linux_lseek(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t off, uint32_t whence)
{
    int64_t r = linux_seek_pos(m, core, fd, (int32_t)off, whence);
    return r > 0x7fffffffll ? -LINUX_EOVERFLOW : (int32_t)r;
}

/* _llseek(fd, offset_high, offset_low, result, whence) */
SIM_FN int32_t linux_llseek(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t hi, uint32_t lo,
                            uint32_t result, uint32_t whence)
{
    int64_t r = linux_seek_pos(m, core, fd, (int64_t)((uint64_t)hi << 32 | lo), whence);
    if (r < 0)
        return (int32_t)r;
    return linux_put64(m, core, result, (uint64_t)r) ? -LINUX_EFAULT : 0;
}

/* Frees descriptor fd; a file open for writing that no other descriptor
 * holds has its host file closed (in order after its writes). 0 when the
 * core parks for room for that, else 1. */
SIM_FN int linux_fd_release(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd)
{
    if (linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_OUTFILE && !linux_slot_shared(m, core, fd) &&
        !linux_out_close(s, m, core, *linux_fd_word(m, core, fd, LINUX_FD_POS)))
        return 0;
    linux_fd_set(m, core, fd, 0, 0);
    return 1;
}

/* close(fd) */
SIM_FN int32_t linux_close(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd)
{
    if (linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    linux_fd_release(s, m, core, fd);
    return 0;
}

/* dup3(old, new, flags) and its relatives: new gets old's file and position;
 * FD_CLOEXEC only from flags (O_CLOEXEC). */
SIM_FN int32_t linux_dup_to(const sim_mem_t *m, uint32_t core, uint32_t old, int32_t new_fd, uint32_t cloexec)
{
    uint32_t w = linux_fd_get(m, core, old);
    if (linux_fd_kind(w) == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (new_fd < 0)
        return -LINUX_EMFILE;
    if ((uint32_t)new_fd >= LINUX_FD_MAX)
        return -LINUX_EBADF;
    uint32_t pos = old < LINUX_FD_MAX && m->fs ? *linux_fd_word(m, core, old, LINUX_FD_POS) : 0;
    linux_fd_set(m, core, (uint32_t)new_fd, (w & ~LINUX_FD_CLOEXEC) | (cloexec ? LINUX_FD_CLOEXEC : 0), pos);
    return new_fd;
}

SIM_FN int32_t linux_dup(const sim_mem_t *m, uint32_t core, uint32_t old)
{
    return linux_dup_to(m, core, old, linux_fd_lowest(m, core, 0), 0);
}

SIM_FN int32_t linux_dup2(const sim_mem_t *m, uint32_t core, uint32_t old, uint32_t new_fd)
{
    if (old == new_fd)
        return linux_fd_kind(linux_fd_get(m, core, old)) == LINUX_FK_CLOSED ? -LINUX_EBADF : (int32_t)new_fd;
    return linux_dup_to(m, core, old, (int32_t)new_fd, 0);
}

SIM_FN int32_t linux_dup3(const sim_mem_t *m, uint32_t core, uint32_t old, uint32_t new_fd, uint32_t flags)
{
    if (old == new_fd || (flags & ~LINUX_O_CLOEXEC))
        return -LINUX_EINVAL;
    return linux_dup_to(m, core, old, (int32_t)new_fd, flags);
}

/* fcntl64(fd, cmd, arg): F_DUPFD 0, F_GETFD 1, F_SETFD 2, F_GETFL 3, F_SETFL 4,
 * F_DUPFD_CLOEXEC 1030; status flags are not kept (F_SETFL does nothing). */
SIM_FN int32_t linux_fcntl(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t cmd, uint32_t arg)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    switch (cmd) {
    case 0: case 1030:
        return arg >= LINUX_FD_MAX ? -LINUX_EINVAL : linux_dup_to(m, core, fd, linux_fd_lowest(m, core, arg), cmd == 1030);
    case 1: return (w & LINUX_FD_CLOEXEC) ? 1 : 0;
    case 2:
        linux_fd_set(m, core, fd, (w & ~LINUX_FD_CLOEXEC) | (arg & 1u ? LINUX_FD_CLOEXEC : 0),
                     fd < LINUX_FD_MAX && m->fs ? *linux_fd_word(m, core, fd, LINUX_FD_POS) : 0);
        return 0;
    case 3: /* O_WRONLY, O_RDONLY */
        return k == LINUX_FK_STDOUT || k == LINUX_FK_STDERR || k == LINUX_FK_OUTFILE ? 1 : 0;
    case 4: return 0;
    }
    return -LINUX_EINVAL;
}

/* No terminal: TCGETS and every other request fail as on a pipe or file. */
SIM_FN int32_t linux_ioctl(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t req)
{
    return linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_CLOSED ? -LINUX_EBADF : -LINUX_ENOTTY;
}

/* getdents64(fd, dirp, count): whole struct linux_dirent64 records (the host
 * laid them out: d_reclen at byte 16), from the position on. */
SIM_FN int32_t linux_getdents64(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t dirp, uint32_t count)
{
    uint32_t w = linux_fd_get(m, core, fd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (k != LINUX_FK_DIR)
        return -LINUX_ENOTDIR;
    uint32_t f = linux_fd_file(w), size = linux_file_word(m, f, LF_DLEN);
    const uint8_t *d = m->fs->data + linux_file_word(m, f, LF_DATA);
    uint32_t pos = *linux_fd_word(m, core, fd, LINUX_FD_POS), done = 0;
    while (pos + 19u <= size) {
        uint32_t len = d[pos + 16] | (uint32_t)d[pos + 17] << 8;
        if (len > count - done)
            break;
        if (linux_copy_out(m, core, dirp + done, d + pos, len) != len)
            return -LINUX_EFAULT;
        done += len;
        pos += len;
    }
    if (done == 0 && pos + 19u <= size)
        return -LINUX_EINVAL; /* the buffer holds not even one record */
    *linux_fd_word(m, core, fd, LINUX_FD_POS) = pos;
    return (int32_t)done;
}

/* poll(fds, nfds, timeout): struct pollfd { int fd; short events, revents; }.
 * Files and the output streams are always ready; stdin is when this core has
 * bytes left or the host's stdin ended. With nothing ready and a timeout
 * other than 0 the core waits for the host to read stdin, as poll would
 * wait for the terminal or the pipe (wait: 0 when the timeout is 0). */
#define LINUX_POLLIN 1u
#define LINUX_POLLOUT 4u
#define LINUX_POLLNVAL 0x20u

SIM_FN uint32_t linux_poll_one(const sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t events,
                               int *want_stdin)
{
    uint32_t k = linux_fd_kind(linux_fd_get(m, core, fd)), ready;
    if ((int32_t)fd < 0)
        return 0;
    if (k == LINUX_FK_CLOSED)
        return LINUX_POLLNVAL;
    int writes = k == LINUX_FK_STDOUT || k == LINUX_FK_STDERR || k == LINUX_FK_OUTFILE;
    ready = writes ? LINUX_POLLOUT : LINUX_POLLIN;
    if (k == LINUX_FK_STDIN && m->fs && (m->fs->in_core == LINUX_IN_ALL || m->fs->in_core == core) &&
        s->in_off >= m->fs->in_len && !m->fs->in_eof) {
        *want_stdin |= (events & LINUX_POLLIN) != 0;
        ready = 0;
    }
    return ready & (events | LINUX_POLLNVAL);
}

SIM_FN int32_t linux_poll(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fds, uint32_t nfds, int wait)
{
    if (nfds > LINUX_FD_MAX * 4u)
        return -LINUX_EINVAL;
    int want_stdin = 0;
    int32_t n = 0;
    for (uint32_t i = 0; i < nfds; i++) {
        uint32_t fd, ev;
        if (linux_get32(m, core, fds + 8u * i, &fd) || sim_ld16(m, core, fds + 8u * i + 4u, &ev))
            return -LINUX_EFAULT;
        uint32_t r = linux_poll_one(s, m, core, fd, ev, &want_stdin);
        if (linux_put16(m, core, fds + 8u * i + 6u, r))
            return -LINUX_EFAULT;
        n += r != 0;
    }
    if (n == 0 && want_stdin && wait) {
        s->host_req = LINUX_REQ_STDIN;
        s->status = SIM_WAIT_HOST;
    }
    return n;
}

/* ppoll(fds, nfds, tsp, sigmask, size): tsp NULL waits, a zero one does not. */
SIM_FN int32_t linux_ppoll(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fds, uint32_t nfds, uint32_t tsp,
                           int wide)
{
    uint32_t sec = 0, nsec = 0;
    if (tsp && (linux_get32(m, core, tsp, &sec) || linux_get32(m, core, tsp + (wide ? 8u : 4u), &nsec)))
        return -LINUX_EFAULT;
    return linux_poll(s, m, core, fds, nfds, !tsp || sec || nsec);
}

#endif
