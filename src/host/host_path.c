/* The cores' path requests (device/linux/linux_path.h), served on the host.
 *
 * A path is resolved as the cores see it, inside the root: component by
 * component, "." and ".." on the resolved path (".." at the top stays
 * there), each symbolic link read with readlink and its target spliced in
 * (an absolute target restarts at the root). The host path is always the
 * root followed by components that are neither ".." nor links, so no path
 * leaves the root, whatever its "..", links or links to links; the last
 * open is O_NOFOLLOW, so a link put in place after the check is not
 * followed either.
 *
 * The output tree (--output-dir): the cores see it at its real path, and
 * each core finds its own tree there (out/core<N>, or out itself with one
 * core). Every change to the host, opening for writing, unlink, rmdir,
 * mkdir and rename, happens only on a resolved path strictly inside it, so
 * no "..", absolute path or link (planted in the tree or not) writes
 * anywhere else: such a call fails with EACCES and one line on stderr. */
#include "host_fs_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "device/linux/linux_path.h"

#define HOST_LINKS_MAX 40 /* Linux's MAXSYMLINKS */

/* The part of the cores' absolute path v inside the output directory ("" for
 * the directory itself), or NULL when v is outside it or there is none. */
static const char *in_output(const host_fs_t *f, const char *v)
{
    size_t n = strlen(f->out);
    return n && !strncmp(v, f->out, n) && (v[n] == 0 || v[n] == '/') ? v + n : NULL;
}

/* The host's name for core's absolute path v: its own tree inside the
 * output directory, else under the root. */
static void host_path(const host_fs_t *f, uint32_t core, const char *v, char *out)
{
    const char *rest = in_output(f, v);
    if (rest && f->ncores > 1)
        snprintf(out, PATH_MAX + sizeof f->root, "%s/core%u%s", f->out, core, rest);
    else
        snprintf(out, PATH_MAX + sizeof f->root, "%s%s", rest ? f->out : f->root, rest ? rest : v);
}

/* Whether v is a directory above the output directory: one, under --root
 * perhaps missing from the root, that a path to the output tree walks
 * through (the output directory is a real path: no links on its way). */
static int output_parent(const host_fs_t *f, const char *v)
{
    size_t n = strlen(v);
    return f->out[0] && n < strlen(f->out) && !strncmp(f->out, v, n) && f->out[n] == '/';
}

/* Drops the last component of the resolved path res[0, *len). */
static void drop_last(char *res, size_t *len)
{
    while (*len && res[--*len] != '/')
        ;
    res[*len] = 0;
}

/* Follows component res if it is a link: its target, then rest, becomes
 * the path still to walk (in work). 1 if it was a link, 0 if not, or -errno. */
static int follow_link(const host_fs_t *f, uint32_t core, char *res, size_t *len, const char *rest, char *work,
                       int last)
{
    char host[PATH_MAX + 4096], target[PATH_MAX], next[2 * PATH_MAX];
    struct stat st;
    if (output_parent(f, res))
        return 0;
    host_path(f, core, res, host);
    if (lstat(host, &st))
        return errno == ENOENT && last ? 0 : -errno;
    if (!S_ISLNK(st.st_mode))
        return last || S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
    ssize_t n = readlink(host, target, sizeof target - 1);
    if (n < 0)
        return -errno;
    target[n] = 0;
    if (target[0] == '/')
        *len = 0, res[0] = 0;
    else
        drop_last(res, len);
    if (snprintf(next, sizeof next, "%s/%s", target, rest) >= (int)sizeof next)
        return -ENAMETOOLONG;
    memcpy(work, next, strlen(next) + 1);
    return 1;
}

/* path from directory dir (both as the cores see them) into res, absolute
 * and free of ".", ".." and links (the last component's kept unless
 * follow). 0, or -errno. */
static int resolve(const host_fs_t *f, uint32_t core, const char *dir, const char *path, int follow, char *res)
{
    char work[2 * PATH_MAX];
    size_t len = 0;
    int links = 0;
    if (snprintf(work, sizeof work, "%s/%s", path[0] == '/' ? "" : dir, path) >= (int)sizeof work)
        return -ENAMETOOLONG;
    res[0] = 0;
    for (char *p = work; *p;) {
        p += strspn(p, "/");
        size_t cl = strcspn(p, "/");
        if (!cl)
            break;
        char *rest = p + cl;
        int last = rest[strspn(rest, "/")] == 0;
        int dot = cl == 1 && p[0] == '.', dotdot = cl == 2 && p[0] == '.' && p[1] == '.';
        if (dotdot)
            drop_last(res, &len); /* at the top, ".." is the top */
        if (dot || dotdot) {
            p = rest;
            continue;
        }
        if (len + 1 + cl >= PATH_MAX)
            return -ENAMETOOLONG;
        res[len++] = '/';
        memcpy(res + len, p, cl);
        res[len += cl] = 0;
        p = rest;
        if (last && !follow)
            break;
        int r = follow_link(f, core, res, &len, rest, work, last);
        if (r < 0)
            return r;
        if (r && ++links > HOST_LINKS_MAX)
            return -ELOOP;
        if (r)
            p = work;
    }
    if (!len)
        strcpy(res, "/");
    return 0;
}

/* The directory a relative path starts from: the core's cwd or entry base's path. */
static const char *start_dir(const host_fs_t *f, uint32_t core, uint32_t base)
{
    if (base == LINUX_BASE_CWD)
        return f->cwd[core] ? f->cwd[core] : f->cwd0;
    return base < f->view.nfiles && f->keys[base].vpath ? f->keys[base].vpath : NULL;
}

/* The entry for the inode at v (stat'ed as st), found or added; inside the
 * output tree always a new one, as the cores may have changed the file. */
static int32_t inode_entry(host_fs_t *f, const struct stat *st, const char *v)
{
    if (in_output(f, v))
        return host_entry_add(f, HOST_ENTRY_INODE, st, v, NULL);
    int32_t id = host_entry_find(f, HOST_ENTRY_INODE, st->st_dev, st->st_ino, NULL);
    return id >= 0 ? id : host_entry_add(f, HOST_ENTRY_INODE, st, v, NULL);
}

/* A directory's listing as struct linux_dirent64 records: u64 d_ino, s64
 * d_off (where the next record starts), u16 d_reclen, u8 d_type, the name
 * and its NUL, padded to 8 bytes; in the host's order, as qemu passes it on. */
static int list_dir(host_fs_t *f, uint32_t id, const char *host)
{
    DIR *d = opendir(host);
    if (!d)
        return -errno;
    host_buf_t b = {0};
    int r = 0;
    for (struct dirent *e; !r && (e = readdir(d));) {
        size_t nl = strlen(e->d_name), rl = (19 + nl + 1 + 7) & ~(size_t)7;
        if (host_buf_reserve(&b, rl)) {
            r = -ENOMEM;
            break;
        }
        uint8_t *p = b.p + b.len;
        uint64_t ino = e->d_ino, off = b.len + rl;
        memset(p, 0, rl);
        memcpy(p, &ino, 8);
        memcpy(p + 8, &off, 8);
        p[16] = (uint8_t)rl;
        p[17] = (uint8_t)(rl >> 8);
        p[18] = e->d_type;
        memcpy(p + 19, e->d_name, nl);
        b.len += rl;
    }
    closedir(d);
    if (!r)
        r = host_entry_set_data(f, id, b.p ? b.p : (uint8_t *)"", b.len);
    free(b.p);
    return r;
}

/* A regular file's contents, read through a descriptor that does not
 * follow a link put in place after the path was resolved. */
static int read_file(host_fs_t *f, uint32_t id, const char *host, size_t size)
{
    int fd = open(host, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    uint8_t *buf = malloc(size ? size : 1);
    size_t got = 0;
    while (buf && got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    int r = buf ? host_entry_set_data(f, id, buf, got) : -ENOMEM;
    free(buf);
    return r;
}

void host_fs_note(host_fs_t *f, uint32_t core, const char *what, const char *path, const char *why)
{
    for (struct host_note *n = f->notes; n; n = n->next)
        if (!strcmp(n->path, path))
            return;
    struct host_note *n = malloc(sizeof *n + strlen(path) + 1);
    if (n) {
        strcpy(n->path, path);
        n->next = f->notes;
        f->notes = n;
    }
    fprintf(stderr, "warpsim: core %u: %s %s: %s\n", core, what, path, why);
}

/* The bytes behind entry id, read when first opened. */
static int32_t load(host_fs_t *f, uint32_t core, int32_t id, const struct stat *st, const char *host,
                    const char *v)
{
    if (((const uint32_t *)f->table.p)[(size_t)id * LF_WORDS + LF_DATA] != LINUX_NO_DATA)
        return id;
    int r;
    if (S_ISREG(st->st_mode))
        r = read_file(f, (uint32_t)id, host, (size_t)st->st_size);
    else if (S_ISDIR(st->st_mode))
        r = list_dir(f, (uint32_t)id, host);
    else if (S_ISCHR(st->st_mode) && st->st_rdev == makedev(1, 3))
        r = host_entry_set_data(f, (uint32_t)id, "", 0); /* /dev/null */
    else {
        host_fs_note(f, core, "open", v, "only regular files, directories and /dev/null can be opened (ENXIO)");
        r = -ENXIO;
    }
    return r < 0 ? r : id;
}

/* Whether core may change the host at v (what: the call, for the note):
 * only strictly inside the output directory. 0, or -EACCES with a note. */
static int may_write(host_fs_t *f, uint32_t core, const char *what, const char *v)
{
    const char *rest = in_output(f, v);
    if (rest && rest[0])
        return 0;
    char why[sizeof f->out + 64];
    if (f->out[0])
        snprintf(why, sizeof why, "refused: outside the output directory %s (EACCES)", f->out);
    else
        snprintf(why, sizeof why, "refused: writing needs --output-dir (EACCES)");
    host_fs_note(f, core, what, v, why);
    return -EACCES;
}

/* The host's open flags for a write: write-only (reads go through the
 * cache), never following a link put in place after resolving, and never
 * waiting on a FIFO. */
static int host_write_flags(uint32_t flags)
{
    return O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (flags & LINUX_OF_CREAT ? O_CREAT : 0) |
           (flags & LINUX_OF_EXCL ? O_EXCL : 0) | (flags & LINUX_OF_TRUNC ? O_TRUNC : 0) |
           (flags & LINUX_OF_APPEND ? O_APPEND : 0);
}

/* Opens the file at v (host name host) for writing in core's write slot
 * (mode's bits from LINUX_SLOT_SHIFT); its entry has the stat at open. */
static int32_t open_for_writing(host_fs_t *f, uint32_t core, const char *v, const char *host, uint32_t flags,
                                uint32_t mode)
{
    struct stat st;
    int r = may_write(f, core, "open for writing", v);
    if (r)
        return r;
    int hf = open(host, host_write_flags(flags), mode & 07777u);
    if (hf < 0)
        return -errno;
    r = fstat(hf, &st) ? -errno : S_ISREG(st.st_mode) ? 0 : -ENXIO;
    int32_t id = r ? r : host_entry_add(f, HOST_ENTRY_INODE, &st, v, NULL);
    if (id >= 0 && host_slot_set(f, core, (mode >> LINUX_SLOT_SHIFT) % LINUX_FD_MAX, hf) == 0)
        return id;
    close(hf);
    return id < 0 ? id : -ENOMEM;
}

static int32_t req_open(host_fs_t *f, uint32_t core, const char *dir, const char *path, uint32_t flags,
                        uint32_t mode)
{
    char v[PATH_MAX], host[PATH_MAX + 4096];
    struct stat st;
    int nofollow = (flags & LINUX_OF_NOFOLLOW) != 0;
    int r = resolve(f, core, dir, path, !nofollow, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    int st_err = (nofollow ? lstat : stat)(host, &st) ? -errno : 0;
    int is_null = !st_err && S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3);
    int writes = (flags & LINUX_OF_ACCMODE) || (flags & (LINUX_OF_CREAT | LINUX_OF_TRUNC | LINUX_OF_APPEND));
    if (writes && !is_null)
        return open_for_writing(f, core, v, host, flags, mode);
    if (st_err)
        return st_err;
    if (S_ISLNK(st.st_mode))
        return -ELOOP;
    if ((flags & LINUX_OF_DIRECTORY) && !S_ISDIR(st.st_mode))
        return -ENOTDIR;
    int32_t id = inode_entry(f, &st, v);
    return id < 0 ? id : load(f, core, id, &st, host, v);
}

/* rename's two requests: the old name is kept (flags 0), then the new one
 * renames it (flags 1). */
static int32_t do_rename(host_fs_t *f, uint32_t core, const char *host, uint32_t flags)
{
    char **from = &f->rename_from[core];
    if (!flags) {
        free(*from);
        *from = strdup(host);
        return *from ? 0 : -ENOMEM;
    }
    int r = !*from ? -EINVAL : rename(*from, host) ? -errno : 0;
    free(*from);
    *from = NULL;
    return r;
}

/* unlink, rmdir, mkdir and rename: only strictly inside the output tree,
 * the last component never followed (a link is removed or renamed itself). */
static int32_t req_change(host_fs_t *f, uint32_t core, uint32_t op, const char *dir, const char *path,
                          uint32_t flags, uint32_t mode)
{
    static const char *const what[] = {"unlink", "rmdir", "mkdir", "rename"};
    char v[PATH_MAX], host[PATH_MAX + 4096];
    struct stat st;
    int r = resolve(f, core, dir, path, 0, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    /* mkdir -p makes every directory on the way, the output directory's
     * parents too: an existing one is EEXIST, as on Linux, not a refusal */
    if (op == LINUX_PATH_MKDIR && !lstat(host, &st))
        return -EEXIST;
    if ((r = may_write(f, core, what[op - LINUX_PATH_UNLINK], v)))
        return r;
    switch (op) {
    case LINUX_PATH_UNLINK: return unlink(host) ? -errno : 0;
    case LINUX_PATH_RMDIR: return rmdir(host) ? -errno : 0;
    case LINUX_PATH_MKDIR: return mkdir(host, mode & 07777u) ? -errno : 0;
    }
    return do_rename(f, core, host, flags);
}

/* A core's own tree, made when it first names a path: a million cores that
 * never write make no directories. */
static void make_tree(host_fs_t *f, uint32_t core)
{
    char tree[sizeof f->out + 32];
    if (!f->out[0] || f->ncores == 1 || f->tree_made[core])
        return;
    snprintf(tree, sizeof tree, "%s/core%u", f->out, core);
    if (mkdir(tree, 0755) && errno != EEXIST)
        host_fs_note(f, core, "making", tree, strerror(errno));
    f->tree_made[core] = 1;
}

static int32_t req_stat(host_fs_t *f, uint32_t core, const char *dir, const char *path, int nofollow)
{
    char v[PATH_MAX], host[PATH_MAX + 4096];
    struct stat st;
    int r = resolve(f, core, dir, path, !nofollow, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    if ((nofollow ? lstat : stat)(host, &st))
        return -errno;
    return inode_entry(f, &st, v);
}

static int32_t req_readlink(host_fs_t *f, uint32_t core, const char *dir, const char *path)
{
    char v[PATH_MAX], host[PATH_MAX + 4096], target[PATH_MAX];
    struct stat st;
    if (!strcmp(path, "/proc/self/exe"))
        return host_entry_string(f, f->exe);
    int r = resolve(f, core, dir, path, 0, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    if (lstat(host, &st))
        return -errno;
    if (!S_ISLNK(st.st_mode))
        return -EINVAL;
    int32_t id = host_entry_find(f, HOST_ENTRY_LINK, st.st_dev, st.st_ino, NULL);
    if (id >= 0)
        return id;
    ssize_t n = readlink(host, target, sizeof target);
    if (n < 0)
        return -errno;
    id = host_entry_add(f, HOST_ENTRY_LINK, &st, v, NULL);
    return id < 0 ? id : host_entry_set_data(f, (uint32_t)id, target, (size_t)n) ? -ENOMEM : id;
}

static int32_t req_chdir(host_fs_t *f, uint32_t core, const char *dir, const char *path)
{
    char v[PATH_MAX], host[PATH_MAX + 4096];
    struct stat st;
    int r = resolve(f, core, dir, path, 1, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    if (stat(host, &st))
        return -errno;
    if (!S_ISDIR(st.st_mode))
        return -ENOTDIR;
    char *copy = strdup(v);
    if (!copy)
        return -ENOMEM;
    free(f->cwd[core]);
    f->cwd[core] = copy;
    return 0;
}

static int32_t req_access(host_fs_t *f, uint32_t core, const char *dir, const char *path, uint32_t mode)
{
    char v[PATH_MAX], host[PATH_MAX + 4096];
    int r = resolve(f, core, dir, path, 1, v);
    if (r)
        return r;
    host_path(f, core, v, host);
    return access(host, (int)(mode & 7u)) ? -errno : 0;
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

int32_t host_fs_request(host_fs_t *f, uint32_t core, const uint8_t *req, uint32_t len)
{
    if (len <= LINUX_REQ_HDR || req[len - 1] != 0 || core >= f->ncores)
        return -EINVAL;
    uint32_t op = le32(req), base = le32(req + 4), flags = le32(req + 8), mode = le32(req + 12);
    const char *path = (const char *)req + LINUX_REQ_HDR;
    const char *dir = start_dir(f, core, base);
    if (!dir)
        return -EBADF;
    make_tree(f, core);
    switch (op) {
    case LINUX_PATH_OPEN: return req_open(f, core, dir, path, flags, mode);
    case LINUX_PATH_STAT: return req_stat(f, core, dir, path, flags != 0);
    case LINUX_PATH_ACCESS: return req_access(f, core, dir, path, mode);
    case LINUX_PATH_READLINK: return req_readlink(f, core, dir, path);
    case LINUX_PATH_CHDIR: return req_chdir(f, core, dir, path);
    case LINUX_PATH_GETCWD: return host_entry_string(f, dir);
    case LINUX_PATH_UNLINK: case LINUX_PATH_RMDIR: case LINUX_PATH_MKDIR: case LINUX_PATH_RENAME:
        return req_change(f, core, op, dir, path, flags, mode);
    }
    return -EINVAL;
}
