/* The host's side of what the cores read (device/linux/linux_fs.h): its
 * standard input, read once into a buffer every core reads from, and the
 * files the cores open, each cached once per run, found by resolving the
 * cores' paths inside the root (--root). The CPU backend points the cores
 * at `view` directly; the CUDA backend copies what was added or changed to
 * the device after each service round (host_fs_changes). */
#ifndef HOST_FS_H
#define HOST_FS_H

#include <stddef.h>
#include <stdint.h>

#include "device/linux/linux_fs.h"

typedef struct host_buf {
    uint8_t *p;
    size_t len, cap;
} host_buf_t;

struct host_entry;
struct host_note;

typedef struct host_fs {
    linux_fs_t view;          /* what the cores see (on the CPU backend) */
    host_buf_t in;            /* stdin bytes read so far: view.in */
    int in_fd;                /* the host descriptor read for stdin (0) */
    uint32_t ncores;
    char root[4096];          /* the host directory paths resolve in; "" for / */
    char *cwd0;               /* the cores' first working directory, as they see it */
    char **cwd;               /* each core's, after a chdir; NULL: cwd0 */
    char *exe;                /* what readlink("/proc/self/exe") says */
    host_buf_t data;          /* every entry's bytes: view.data */
    host_buf_t table;         /* the entries, LF_WORDS words each: view.files */
    struct host_entry *keys;  /* what each entry is, to find it again */
    size_t table_changed;     /* lowest table byte changed since host_fs_changes */
    struct host_note *notes;  /* paths already named in a refusal on stderr */
    char out[4096];           /* --output-dir's real path, where the cores may write; "" for none */
    uint8_t *tree_made;       /* per core: its tree out/core<N> exists (more than one core) */
    int **wfd;                /* per core: the host descriptors of its write slots (linux_io.h), or NULL */
    char **rename_from;       /* per core: the host name a rename's first request named */
} host_fs_t;

/* stdin_core: the one core that reads stdin, or LINUX_IN_ALL; root: --root
 * or NULL; program: the ELF's path. 0, or one line on stderr and 2 (a bad
 * --root, no memory). */
int host_fs_init(host_fs_t *f, int in_fd, uint32_t stdin_core, uint32_t ncores, const char *root,
                 const char *program);

/* Lets the cores write inside dir (--output-dir, which exists): each core
 * in its own tree, dir/core<N> (with one core, dir itself), which the cores
 * see at dir's real path. 0, or one line on stderr and 2. */
int host_fs_set_output(host_fs_t *f, const char *dir);

/* A LINUX_OUT_FILE, LINUX_OUT_PWRITE or LINUX_OUT_CLOSE record of core for
 * its write slot (linux_io.h): n bytes to the host file (at off, or at its
 * position when off < 0), or (close) the file closed. */
void host_fs_write(host_fs_t *f, uint32_t core, uint32_t slot, const uint8_t *p, size_t n, int64_t off);
void host_fs_close_slot(host_fs_t *f, uint32_t core, uint32_t slot);

/* One read(2) of the host's stdin, appended for every core: what is
 * available (a terminal's line, a pipe's buffer), waiting only when nothing
 * is. 0 bytes or an error (one line on stderr) mark end of file. */
void host_fs_read_stdin(host_fs_t *f);

/* Serves core's path request (the payload of a LINUX_OUT_REQ record,
 * linux_path.h); returns the answer for host_ret. */
int32_t host_fs_request(host_fs_t *f, uint32_t core, const uint8_t *req, uint32_t len);

/* "warpsim: core N: what path: why" on stderr, the first time path is named. */
void host_fs_note(host_fs_t *f, uint32_t core, const char *what, const char *path, const char *why);

/* The table bytes changed since the last call (from *from to the end). */
void host_fs_changes(host_fs_t *f, size_t *from);

void host_fs_free(host_fs_t *f);

#endif
