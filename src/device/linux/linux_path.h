/* System calls that name a path: each is a host service (the host resolves
 * the path, under --root, and caches what it finds: linux_fs.h). The core
 * appends a request record to its output buffer,
 *
 *   [LINUX_OUT_REQ][length (2 bytes)] op, base, flags, mode (4 bytes each),
 *   the path and its NUL
 *
 * where base is the file entry of the directory a relative path starts from
 * (openat's dirfd) or LINUX_BASE_CWD, and parks in SIM_WAIT_HOST with
 * host_req = LINUX_REQ_PATH. The host serves the record as it drains the
 * buffer, puts the answer in host_ret (an entry number, 0, or -errno) and
 * sets host_req to LINUX_REQ_DONE; the call, run again, takes the answer. */
#ifndef LINUX_PATH_H
#define LINUX_PATH_H

#include "linux_stat.h"

#define LINUX_OUT_REQ 0xffu
#define LINUX_REQ_HDR 16u
#define LINUX_PATH_MAX 4096u
#define LINUX_BASE_CWD 0xffffffffu
#define LINUX_AT_FDCWD 0xffffff9cu /* -100 */

/* The requests, by op. */
enum { LINUX_PATH_OPEN, LINUX_PATH_STAT, LINUX_PATH_ACCESS, LINUX_PATH_READLINK, LINUX_PATH_CHDIR,
       LINUX_PATH_GETCWD, LINUX_PATH_UNLINK, LINUX_PATH_RMDIR, LINUX_PATH_MKDIR, LINUX_PATH_RENAME };
/* An open for writing names the write slot its file takes in mode's bits
 * from LINUX_SLOT_SHIFT (linux_io.h). */
#define LINUX_SLOT_SHIFT 16u

/* open's flags as the host reads them: the same on every ISA (the ISAs'
 * O_DIRECTORY and O_NOFOLLOW differ: linux_open_flags). */
#define LINUX_OF_ACCMODE 3u
#define LINUX_OF_CREAT 0x40u
#define LINUX_OF_EXCL 0x80u
#define LINUX_OF_TRUNC 0x200u
#define LINUX_OF_APPEND 0x400u
#define LINUX_OF_DIRECTORY 0x10000u
#define LINUX_OF_NOFOLLOW 0x20000u

/* The entry a relative path starts from: dirfd's directory, or the cwd. */
SIM_FN int32_t linux_path_base(const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t *base)
{
    *base = LINUX_BASE_CWD;
    if (dirfd == LINUX_AT_FDCWD)
        return 0;
    uint32_t w = linux_fd_get(m, core, dirfd), k = linux_fd_kind(w);
    if (k == LINUX_FK_CLOSED)
        return -LINUX_EBADF;
    if (k != LINUX_FK_DIR)
        return -LINUX_ENOTDIR;
    *base = linux_fd_file(w);
    return 0;
}

/* The request record of op into the output buffer: 1 when the core parks
 * for the answer, 0 when it parks for room first, or -errno. */
SIM_FN int32_t linux_path_send(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t op, uint32_t dirfd,
                               uint32_t path, uint32_t flags, uint32_t mode)
{
    uint32_t len = 0, b = 0, first = 0, base = LINUX_BASE_CWD;
    for (; path && len < LINUX_PATH_MAX; len++) {
        if (sim_ld8(m, core, path + len, &b))
            return -LINUX_EFAULT;
        first = len ? first : b;
        if (b == 0)
            break;
    }
    if (len == LINUX_PATH_MAX)
        return -LINUX_ENAMETOOLONG;
    if (path && len == 0)
        return -LINUX_ENOENT;
    /* an absolute path ignores dirfd, even a bad one */
    int32_t r = first == '/' ? 0 : linux_path_base(m, core, dirfd, &base);
    if (r < 0 || !m->fs)
        return r < 0 ? r : -LINUX_ENOENT; /* no host file system in this machine */
    uint32_t need = LINUX_OUT_HDR + LINUX_REQ_HDR + len + 1u, room = m->out_cap - s->out_len;
    if (need > room)
        return s->out_len ? 0 : -LINUX_ENAMETOOLONG;
    uint8_t *rec = m->out + (uint64_t)core * m->out_cap + s->out_len;
    uint32_t v[4] = {op, base, flags, mode};
    rec[0] = (uint8_t)LINUX_OUT_REQ;
    rec[1] = (uint8_t)(need - LINUX_OUT_HDR);
    rec[2] = (uint8_t)((need - LINUX_OUT_HDR) >> 8);
    for (uint32_t i = 0; i < LINUX_REQ_HDR; i++)
        rec[LINUX_OUT_HDR + i] = (uint8_t)(v[i / 4u] >> (8u * (i % 4u)));
    for (uint32_t i = 0; i <= len; i++) {
        uint32_t c = 0;
        if (i < len)
            sim_ld8(m, core, path + i, &c);
        rec[LINUX_OUT_HDR + LINUX_REQ_HDR + i] = (uint8_t)c;
    }
    s->out_len += need;
    return 1;
}

/* Asks the host op on path (relative to dirfd). Returns 1 with the answer in
 * *ret, or 0 when the core parked: the call is retried and then answered. */
SIM_FN int linux_path_ask(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t op, uint32_t dirfd,
                          uint32_t path, uint32_t flags, uint32_t mode, int32_t *ret)
{
    if (s->host_req == LINUX_REQ_DONE) {
        s->host_req = LINUX_REQ_NONE;
        *ret = (int32_t)s->host_ret;
        return 1;
    }
    int32_t r = linux_path_send(s, m, core, op, dirfd, path, flags, mode);
    if (r < 0) {
        *ret = r;
        return 1;
    }
    s->host_req = r ? LINUX_REQ_PATH : LINUX_REQ_NONE;
    s->status = SIM_WAIT_HOST;
    return 0;
}

/* The ISA's open flags in the host's terms (LINUX_OF_*); O_CLOEXEC is the
 * same everywhere. ARM: O_DIRECTORY 040000, O_NOFOLLOW 0100000; IA-32 has
 * the generic 0200000 and 0400000. */
SIM_FN uint32_t linux_open_flags(uint32_t flags, int arm)
{
    uint32_t dir = arm ? 0x4000u : 0x10000u, nofollow = arm ? 0x8000u : 0x20000u;
    uint32_t f = flags & (LINUX_OF_ACCMODE | LINUX_OF_CREAT | LINUX_OF_EXCL | LINUX_OF_TRUNC | LINUX_OF_APPEND);
    return f | (flags & dir ? LINUX_OF_DIRECTORY : 0) | (flags & nofollow ? LINUX_OF_NOFOLLOW : 0);
}

/* openat(dirfd, path, flags, mode): the host caches the file (or the
 * directory's listing); the lowest free descriptor gets it. */
SIM_FN int32_t linux_openat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                            uint32_t flags, uint32_t mode, int arm)
{
    int32_t r;
    if (m->fs && s->host_req != LINUX_REQ_DONE && linux_fd_lowest(m, core, 0) < 0)
        return -LINUX_EMFILE;
    uint32_t of = linux_open_flags(flags, arm), slot = linux_slot_free(m, core);
    if (!linux_path_ask(s, m, core, LINUX_PATH_OPEN, dirfd, path, of, (mode & 0xfffu) | slot << LINUX_SLOT_SHIFT, &r))
        return 0;
    int32_t fd = linux_fd_lowest(m, core, 0);
    if (r < 0 || fd < 0)
        return r < 0 ? r : -LINUX_EMFILE;
    uint32_t type = linux_file_word(m, (uint32_t)r, LF_MODE) & LINUX_S_IFMT;
    uint32_t kind = type == LINUX_S_IFDIR ? LINUX_FK_DIR : type == LINUX_S_IFCHR ? LINUX_FK_NULL : LINUX_FK_FILE;
    /* the host opened a regular file for writing in the slot (host_path.c) */
    int writes = (of & LINUX_OF_ACCMODE) || (of & (LINUX_OF_CREAT | LINUX_OF_TRUNC | LINUX_OF_APPEND));
    kind = writes && kind == LINUX_FK_FILE ? LINUX_FK_OUTFILE : kind;
    uint32_t cloexec = flags & LINUX_O_CLOEXEC ? LINUX_FD_CLOEXEC : 0;
    linux_fd_set(m, core, (uint32_t)fd, (uint32_t)r << LINUX_FD_FILE_SHIFT | cloexec | kind,
                 kind == LINUX_FK_OUTFILE ? slot : 0);
    return fd;
}

/* fstatat64, statx and friends: the status of path, or of dirfd itself
 * with an empty path and AT_EMPTY_PATH. Returns 1 with *st filled, 0 when
 * parked, or -errno. */
SIM_FN int32_t linux_path_kstat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                                uint32_t flags, linux_kstat_t *st)
{
    uint32_t b = 1;
    int32_t r;
    if (s->host_req != LINUX_REQ_DONE && (flags & LINUX_AT_EMPTY_PATH) && !sim_ld8(m, core, path, &b) && b == 0) {
        r = linux_fd_kstat(m, core, dirfd, st);
        return r < 0 ? r : 1;
    }
    if (!linux_path_ask(s, m, core, LINUX_PATH_STAT, dirfd, path, flags & LINUX_AT_SYMLINK_NOFOLLOW, 0, &r))
        return 0;
    if (r < 0)
        return r;
    linux_file_kstat(m, (uint32_t)r, st);
    return 1;
}

/* statx(dirfd, path, flags, mask, buf) */
SIM_FN int32_t linux_statx(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                           uint32_t flags, uint32_t buf)
{
    linux_kstat_t st;
    int32_t r = linux_path_kstat(s, m, core, dirfd, path, flags, &st);
    return r <= 0 ? r : linux_put_statx(m, core, buf, &st);
}

/* faccessat(dirfd, path, mode): what the host says of its file. */
SIM_FN int32_t linux_faccessat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                               uint32_t mode)
{
    int32_t r;
    return linux_path_ask(s, m, core, LINUX_PATH_ACCESS, dirfd, path, 0, mode, &r) ? r : 0;
}

/* Copies entry f's bytes (a link target, a directory name) to buf. */
SIM_FN uint32_t linux_file_copy(const sim_mem_t *m, uint32_t core, uint32_t f, uint32_t buf, uint32_t n)
{
    return linux_copy_out(m, core, buf, m->fs->data + linux_file_word(m, f, LF_DATA), n);
}

/* readlinkat(dirfd, path, buf, size): the target, not NUL-terminated;
 * /proc/self/exe names the program. */
SIM_FN int32_t linux_readlinkat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                                uint32_t buf, uint32_t size)
{
    int32_t r;
    if ((int32_t)size <= 0)
        return -LINUX_EINVAL;
    if (!linux_path_ask(s, m, core, LINUX_PATH_READLINK, dirfd, path, 0, 0, &r))
        return 0;
    if (r < 0)
        return r;
    uint32_t len = linux_file_word(m, (uint32_t)r, LF_DLEN), n = len < size ? len : size;
    return linux_file_copy(m, core, (uint32_t)r, buf, n) == n ? (int32_t)n : -LINUX_EFAULT;
}

/* chdir(path): the host keeps each core's working directory. */
SIM_FN int32_t linux_chdir(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t path)
{
    int32_t r;
    return linux_path_ask(s, m, core, LINUX_PATH_CHDIR, LINUX_AT_FDCWD, path, 0, 0, &r) ? r : 0;
}

/* getcwd(buf, size): the length with its NUL. */
SIM_FN int32_t linux_getcwd(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t buf, uint32_t size)
{
    int32_t r;
    if (!linux_path_ask(s, m, core, LINUX_PATH_GETCWD, LINUX_AT_FDCWD, 0, 0, 0, &r))
        return 0;
    if (r < 0)
        return r;
    uint32_t len = linux_file_word(m, (uint32_t)r, LF_DLEN);
    if (len + 1u > size)
        return -LINUX_ERANGE;
    if (linux_file_copy(m, core, (uint32_t)r, buf, len) != len || sim_st8(m, core, buf + len, 0))
        return -LINUX_EFAULT;
    return (int32_t)len + 1;
}

/* unlinkat(dirfd, path, flags), rmdir and mkdirat: the host acts only
 * inside the output tree (host_path.c). AT_REMOVEDIR (0x200) is rmdir. */
SIM_FN int32_t linux_unlinkat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                              uint32_t flags)
{
    int32_t r;
    uint32_t op = flags & 0x200u ? LINUX_PATH_RMDIR : LINUX_PATH_UNLINK;
    return linux_path_ask(s, m, core, op, dirfd, path, 0, 0, &r) ? r : 0;
}

SIM_FN int32_t linux_mkdirat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t dirfd, uint32_t path,
                             uint32_t mode)
{
    int32_t r;
    return linux_path_ask(s, m, core, LINUX_PATH_MKDIR, dirfd, path, 0, mode & 0xfffu, &r) ? r : 0;
}

/* renameat(olddirfd, old, newdirfd, new): two path requests, each from its
 * own directory: the old name first (the host keeps it for this core), then
 * the new one (flags 1: the host renames). The call is retried after each
 * answer; io_done marks the first as answered. */
SIM_FN int32_t linux_renameat(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t olddirfd, uint32_t oldp,
                              uint32_t newdirfd, uint32_t newp)
{
    int32_t r;
    /* io_done: 1 once the host has the old name, so the retried call goes on */
    if (!s->io_done) {
        if (!linux_path_ask(s, m, core, LINUX_PATH_RENAME, olddirfd, oldp, 0, 0, &r))
            return 0;
        if (r < 0)
            return r;
        s->io_done = 1;
    }
    if (!linux_path_ask(s, m, core, LINUX_PATH_RENAME, newdirfd, newp, 1, 0, &r))
        return 0;
    s->io_done = 0;
    return r;
}

#endif
