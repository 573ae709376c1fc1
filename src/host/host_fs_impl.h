/* What host_fs.c and host_path.c share: the entries' keys and helpers. */
#ifndef HOST_FS_IMPL_H
#define HOST_FS_IMPL_H

#include <sys/stat.h>

#include "host/host_fs.h"

/* What an entry is: an inode (a file, directory, link, device: its stat, and
 * its bytes once opened), a link's target, or a string (getcwd, the program). */
enum { HOST_ENTRY_INODE, HOST_ENTRY_LINK, HOST_ENTRY_STRING };

typedef struct host_entry {
    int kind;
    uint64_t dev, ino;
    char *vpath; /* the path the cores named it by (relative paths from a directory) */
    char *str;   /* HOST_ENTRY_STRING's text */
} host_entry_t;

/* A path already named in a note on stderr. */
struct host_note {
    struct host_note *next;
    char path[];
};

int host_buf_reserve(host_buf_t *b, size_t n);
/* The entry of kind for (dev, ino), or for str if not NULL; -1 if none. */
int32_t host_entry_find(const host_fs_t *f, int kind, uint64_t dev, uint64_t ino, const char *str);
/* A new entry (st may be NULL); its number, or -ENOMEM. */
int32_t host_entry_add(host_fs_t *f, int kind, const struct stat *st, const char *vpath, const char *str);
/* Entry id's bytes: len bytes copied into the shared data. 0, or -ENOMEM. */
int host_entry_set_data(host_fs_t *f, uint32_t id, const void *bytes, size_t len);
/* The entry holding string s (found or added), or -ENOMEM. */
int32_t host_entry_string(host_fs_t *f, const char *s);

/* Puts host descriptor hf in core's write slot (closing what was there:
 * a slot a dup2 overwrote). 0, or -ENOMEM. */
int host_slot_set(host_fs_t *f, uint32_t core, uint32_t slot, int hf);

#endif
