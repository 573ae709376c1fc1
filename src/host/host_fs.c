/* The host's side of the cores' files: stdin, the shared buffers and the
 * entry table (host_fs.h). Resolving paths and serving requests is
 * host_path.c. */
#include "host_fs.h"
#include "host_fs_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One host read at most: larger reads would only wait for a pipe to fill. */
#define HOST_FS_IN_CHUNK (64u << 10)
/* Offsets and lengths the cores see are 32 bits. */
#define HOST_FS_MAX 0xfff00000u

/* Room for n more bytes in b; 0 ok. */
int host_buf_reserve(host_buf_t *b, size_t n)
{
    if (b->len + n > HOST_FS_MAX)
        return -1;
    if (b->len + n <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64u << 10;
    while (cap < b->len + n)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        return -1;
    b->p = p;
    b->cap = cap;
    return 0;
}

/* The cores' view follows the buffers, which realloc may move. */
static void view_update(host_fs_t *f)
{
    f->view.in = f->in.p;
    f->view.in_len = (uint32_t)f->in.len;
    f->view.data = f->data.p;
    f->view.files = (const uint32_t *)f->table.p;
    f->view.nfiles = (uint32_t)(f->table.len / (LF_WORDS * 4u));
}

int host_fs_init(host_fs_t *f, int in_fd, uint32_t stdin_core, uint32_t ncores, const char *root,
                 const char *program)
{
    char buf[PATH_MAX];
    memset(f, 0, sizeof *f);
    f->in_fd = in_fd;
    f->ncores = ncores;
    f->view.in_core = stdin_core;
    if (root && !realpath(root, buf)) {
        fprintf(stderr, "warpsim: --root %s: %s\n", root, strerror(errno));
        return 2;
    }
    if (root && strcmp(buf, "/"))
        snprintf(f->root, sizeof f->root, "%s", buf);
    /* Under --root the cores start at its top, as in a chroot; else where warpsim runs. */
    f->cwd0 = strdup(root ? "/" : getcwd(buf, sizeof buf) ? buf : "/");
    f->exe = strdup(realpath(program, buf) ? buf : program);
    f->cwd = calloc(ncores, sizeof *f->cwd);
    /* zeroed descriptors are every core's first table (linux_fs.h); calloc
     * of this size maps fresh pages, touched only by cores that open files */
    f->view.fds = calloc((size_t)ncores * LINUX_FD_MAX * LINUX_FD_WORDS, sizeof(uint32_t));
    if (!f->cwd0 || !f->exe || !f->cwd || !f->view.fds) {
        fprintf(stderr, "warpsim: out of host memory for %u cores' file tables\n", ncores);
        host_fs_free(f);
        return 2;
    }
    return 0;
}

int host_fs_set_output(host_fs_t *f, const char *dir)
{
    if (!realpath(dir, f->out)) {
        fprintf(stderr, "warpsim: --output-dir %s: %s\n", dir, strerror(errno));
        f->out[0] = 0;
        return 2;
    }
    f->tree_made = calloc(f->ncores, 1);
    f->wfd = calloc(f->ncores, sizeof *f->wfd);
    f->rename_from = calloc(f->ncores, sizeof *f->rename_from);
    if (!f->tree_made || !f->wfd || !f->rename_from) {
        fprintf(stderr, "warpsim: out of host memory for %u cores' output trees\n", f->ncores);
        return 2;
    }
    return 0;
}

/* ---- write slots ---- */

int host_slot_set(host_fs_t *f, uint32_t core, uint32_t slot, int hf)
{
    if (!f->wfd[core]) {
        f->wfd[core] = malloc(LINUX_FD_MAX * sizeof(int));
        if (!f->wfd[core])
            return -ENOMEM;
        for (uint32_t i = 0; i < LINUX_FD_MAX; i++)
            f->wfd[core][i] = -1;
    }
    host_fs_close_slot(f, core, slot);
    f->wfd[core][slot] = hf;
    return 0;
}

static int slot_fd(const host_fs_t *f, uint32_t core, uint32_t slot)
{
    return f->wfd && core < f->ncores && f->wfd[core] && slot < LINUX_FD_MAX ? f->wfd[core][slot] : -1;
}

void host_fs_write(host_fs_t *f, uint32_t core, uint32_t slot, const uint8_t *p, size_t n, int64_t off)
{
    int hf = slot_fd(f, core, slot);
    while (hf >= 0 && n) {
        ssize_t w = off < 0 ? write(hf, p, n) : pwrite(hf, p, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            /* the core's write already returned: a full disk loses bytes, said once */
            host_fs_note(f, core, "writing", f->out, strerror(w < 0 ? errno : ENOSPC));
            return;
        }
        p += w;
        n -= (size_t)w;
        off = off < 0 ? off : off + w;
    }
}

void host_fs_close_slot(host_fs_t *f, uint32_t core, uint32_t slot)
{
    int hf = slot_fd(f, core, slot);
    if (hf >= 0) {
        close(hf);
        f->wfd[core][slot] = -1;
    }
}

static void in_end(host_fs_t *f, const char *why)
{
    if (why)
        fprintf(stderr, "warpsim: reading stdin: %s\n", why);
    f->view.in_eof = 1;
}

void host_fs_read_stdin(host_fs_t *f)
{
    if (f->view.in_eof)
        return;
    if (host_buf_reserve(&f->in, HOST_FS_IN_CHUNK))
        return in_end(f, "out of host memory, or past 4 GB: the rest is cut off");
    ssize_t n;
    do
        n = read(f->in_fd, f->in.p + f->in.len, HOST_FS_IN_CHUNK);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        in_end(f, strerror(errno));
    else if (n == 0)
        in_end(f, NULL);
    else
        f->in.len += (size_t)n;
    view_update(f);
}

/* ---- entries ---- */

int32_t host_entry_find(const host_fs_t *f, int kind, uint64_t dev, uint64_t ino, const char *str)
{
    for (uint32_t i = 0; i < f->view.nfiles; i++) {
        const host_entry_t *k = &f->keys[i];
        if (k->kind == kind && (str ? !strcmp(k->str, str) : k->dev == dev && k->ino == ino))
            return (int32_t)i;
    }
    return -1;
}

static uint32_t *entry_words(host_fs_t *f, uint32_t id)
{
    return (uint32_t *)f->table.p + (size_t)id * LF_WORDS;
}

/* st's fields into entry words w (linux_fs.h's LF_*). */
static void entry_stat(uint32_t *w, const struct stat *st)
{
    w[LF_SIZE] = st->st_size > (off_t)HOST_FS_MAX ? HOST_FS_MAX : (uint32_t)st->st_size;
    w[LF_MODE] = st->st_mode;
    w[LF_NLINK] = (uint32_t)st->st_nlink;
    w[LF_UID] = st->st_uid;
    w[LF_GID] = st->st_gid;
    w[LF_BLKSIZE] = (uint32_t)st->st_blksize;
    w[LF_BLOCKS] = (uint32_t)st->st_blocks;
    w[LF_INO_LO] = (uint32_t)st->st_ino;
    w[LF_INO_HI] = (uint32_t)((uint64_t)st->st_ino >> 32);
    w[LF_DEV_LO] = (uint32_t)st->st_dev;
    w[LF_DEV_HI] = (uint32_t)((uint64_t)st->st_dev >> 32);
    w[LF_RDEV_LO] = (uint32_t)st->st_rdev;
    w[LF_RDEV_HI] = (uint32_t)((uint64_t)st->st_rdev >> 32);
    const struct timespec *t[3] = {&st->st_atim, &st->st_mtim, &st->st_ctim};
    for (int i = 0; i < 3; i++) {
        w[LF_ATIME + 2 * i] = (uint32_t)t[i]->tv_sec;
        w[LF_ATIME + 2 * i + 1] = (uint32_t)t[i]->tv_nsec;
    }
}

int32_t host_entry_add(host_fs_t *f, int kind, const struct stat *st, const char *vpath, const char *str)
{
    uint32_t id = f->view.nfiles;
    host_entry_t *keys = realloc(f->keys, (id + 1) * sizeof *keys);
    if (!keys)
        return -ENOMEM;
    f->keys = keys;
    if (host_buf_reserve(&f->table, LF_WORDS * 4u))
        return -ENOMEM;
    host_entry_t *k = &keys[id];
    memset(k, 0, sizeof *k);
    k->kind = kind;
    k->dev = st ? st->st_dev : 0;
    k->ino = st ? st->st_ino : 0;
    k->vpath = vpath ? strdup(vpath) : NULL;
    k->str = str ? strdup(str) : NULL;
    uint32_t *w = (uint32_t *)(f->table.p + f->table.len);
    memset(w, 0, LF_WORDS * 4u);
    w[LF_DATA] = LINUX_NO_DATA;
    if (st)
        entry_stat(w, st);
    f->table.len += LF_WORDS * 4u;
    view_update(f);
    return (int32_t)id;
}

int host_entry_set_data(host_fs_t *f, uint32_t id, const void *bytes, size_t len)
{
    if (host_buf_reserve(&f->data, len))
        return -ENOMEM;
    memcpy(f->data.p + f->data.len, bytes, len);
    uint32_t *w = entry_words(f, id);
    w[LF_DATA] = (uint32_t)f->data.len;
    w[LF_DLEN] = (uint32_t)len;
    f->data.len += len;
    size_t at = (size_t)id * LF_WORDS * 4u;
    f->table_changed = at < f->table_changed ? at : f->table_changed;
    view_update(f);
    return 0;
}

int32_t host_entry_string(host_fs_t *f, const char *s)
{
    int32_t id = host_entry_find(f, HOST_ENTRY_STRING, 0, 0, s);
    if (id >= 0)
        return id;
    id = host_entry_add(f, HOST_ENTRY_STRING, NULL, NULL, s);
    if (id >= 0 && host_entry_set_data(f, (uint32_t)id, s, strlen(s)))
        return -ENOMEM;
    return id;
}

void host_fs_changes(host_fs_t *f, size_t *from)
{
    *from = f->table_changed;
    f->table_changed = f->table.len;
}

void host_fs_free(host_fs_t *f)
{
    for (uint32_t i = 0; f->keys && i < f->view.nfiles; i++) {
        free(f->keys[i].vpath);
        free(f->keys[i].str);
    }
    for (uint32_t c = 0; f->cwd && c < f->ncores; c++)
        free(f->cwd[c]);
    for (uint32_t c = 0; f->wfd && c < f->ncores; c++) {
        for (uint32_t i = 0; f->wfd[c] && i < LINUX_FD_MAX; i++)
            host_fs_close_slot(f, c, i);
        free(f->wfd[c]);
        free(f->rename_from ? f->rename_from[c] : NULL);
    }
    free(f->wfd);
    free(f->rename_from);
    free(f->tree_made);
    while (f->notes) {
        struct host_note *n = f->notes;
        f->notes = n->next;
        free(n);
    }
    free(f->keys);
    free(f->cwd);
    free(f->cwd0);
    free(f->exe);
    free(f->in.p);
    free(f->data.p);
    free(f->table.p);
    free(f->view.fds);
    memset(f, 0, sizeof *f);
}
