/* What the host gives every core to read, in memory they all share (host
 * memory on the CPU backend, device memory on the GPU), and each core's file
 * descriptors.
 *
 * stdin: the bytes the host has read from its standard input so far,
 * in[0, in_len), read once however many cores read them; each core keeps its
 * own position (sim_sys_t.in_off). A core that has read them all while the
 * host has not reached end of file asks for more: it parks in SIM_WAIT_HOST
 * with host_req = LINUX_REQ_STDIN, and the ISA layer rewinds to the system
 * call, which runs again once the host has served it (services.c reads what
 * its stdin has available, as read(2) would).
 *
 * Files: every file, directory listing or link target a core has opened,
 * cached once per run: an entry of LF_WORDS words in `files` (the host's
 * stat, and where its bytes are in `data`). Opening and every other call
 * that names a path is a host service (linux_path.h): the core writes the
 * request into its output buffer, parks, and finds the answer, an entry
 * number or -errno, in host_ret. Reads, seeks and fstat are served here,
 * on the device.
 *
 * Descriptors: LINUX_FD_MAX per core, two words each (LINUX_FD_*), stored
 * structure-of-arrays: word w of descriptor fd of core c at
 * fds[(fd * 2 + w) * ncores + c]. The kind word is kept XORed with the kind
 * the descriptor starts with (0, 1, 2: stdin, stdout, stderr; the rest
 * closed), so that zeroed memory is every core's first table: a million
 * cores need no initialization pass.
 *
 * sim_mem_t.fs points here; NULL (the unit tests' machines) reads as an
 * empty stdin and no files. */
#ifndef LINUX_FS_H
#define LINUX_FS_H

#include "../sim_mem.h"

/* sim_sys_t.host_req: what a core parked in SIM_WAIT_HOST asks of the host
 * (LINUX_REQ_NONE: only that its output buffer be drained). DONE: the host
 * answered a path request; the answer is in host_ret. */
enum { LINUX_REQ_NONE = 0, LINUX_REQ_STDIN = 1, LINUX_REQ_PATH = 2, LINUX_REQ_DONE = 3 };

/* in_core when every core reads stdin. */
#define LINUX_IN_ALL 0xffffffffu

/* A file entry's words: its bytes at data[LF_DATA], LF_DLEN of them (a
 * file's contents, a directory's struct linux_dirent64 records, a link's
 * target, a path for getcwd), then the host's stat. LF_DATA is LINUX_NO_DATA
 * until the file is opened: a stat alone reads no bytes. */
enum {
    LF_DATA, LF_DLEN, LF_SIZE, LF_MODE, LF_NLINK, LF_UID, LF_GID, LF_BLKSIZE, LF_BLOCKS,
    LF_INO_LO, LF_INO_HI, LF_DEV_LO, LF_DEV_HI, LF_RDEV_LO, LF_RDEV_HI,
    LF_ATIME, LF_ATIME_NS, LF_MTIME, LF_MTIME_NS, LF_CTIME, LF_CTIME_NS,
    LF_WORDS
};
#define LINUX_NO_DATA 0xffffffffu

typedef struct linux_fs {
    const uint8_t *in;     /* stdin bytes read so far */
    uint32_t in_len;
    uint32_t in_eof;       /* 1: the host's stdin is at end of file (or failed) */
    uint32_t in_core;      /* --stdin-core: the one core that reads stdin (the others
                            * read /dev/null), or LINUX_IN_ALL */
    uint32_t nfiles;       /* entries in files */
    const uint8_t *data;   /* the cached bytes of every entry */
    const uint32_t *files; /* nfiles entries of LF_WORDS words */
    uint32_t *fds;         /* every core's descriptors (above) */
} linux_fs_t;

/* ---- descriptors ---- */

#define LINUX_FD_MAX 32u
/* The kind word: kind in bits 0-3, FD_CLOEXEC in bit 4, the file entry from bit 8. */
enum { LINUX_FD_KIND, LINUX_FD_POS, LINUX_FD_WORDS };
/* LINUX_FK_NULL: /dev/null, opened for reading or writing. LINUX_FK_OUTFILE:
 * a file opened for writing in the output tree (linux_io.h); its POS word
 * holds the host's slot for it, which a dup shares. */
enum { LINUX_FK_CLOSED, LINUX_FK_STDIN, LINUX_FK_STDOUT, LINUX_FK_STDERR, LINUX_FK_FILE, LINUX_FK_DIR, LINUX_FK_NULL,
       LINUX_FK_OUTFILE };
#define LINUX_FD_CLOEXEC 0x10u
#define LINUX_O_CLOEXEC 0x80000u /* 02000000: the same on ARM and IA-32 */
#define LINUX_FD_FILE_SHIFT 8u

SIM_FN uint32_t *linux_fd_word(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t w)
{
    return &m->fs->fds[((uint64_t)fd * LINUX_FD_WORDS + w) * m->ncores + core];
}

/* The kind word of fd (LINUX_FK_CLOSED for any fd out of range). */
SIM_FN uint32_t linux_fd_get(const sim_mem_t *m, uint32_t core, uint32_t fd)
{
    uint32_t first = fd <= 2u ? fd + 1u : 0u;
    if (!m->fs)
        return first;
    return fd < LINUX_FD_MAX ? *linux_fd_word(m, core, fd, LINUX_FD_KIND) ^ first : 0u;
}

SIM_FN void linux_fd_set(const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t word, uint32_t pos)
{
    if (!m->fs || fd >= LINUX_FD_MAX)
        return;
    uint32_t first = fd <= 2u ? fd + 1u : 0u;
    *linux_fd_word(m, core, fd, LINUX_FD_KIND) = word ^ first;
    *linux_fd_word(m, core, fd, LINUX_FD_POS) = pos;
}

SIM_FN uint32_t linux_fd_kind(uint32_t word) { return word & 15u; }
SIM_FN uint32_t linux_fd_file(uint32_t word) { return word >> LINUX_FD_FILE_SHIFT; }

/* Word w of file entry f. */
SIM_FN uint32_t linux_file_word(const sim_mem_t *m, uint32_t f, uint32_t w)
{
    return m->fs->files[(uint64_t)f * LF_WORDS + w];
}

/* The lowest closed descriptor at or above from, or -1. */
SIM_FN int32_t linux_fd_lowest(const sim_mem_t *m, uint32_t core, uint32_t from)
{
    for (uint32_t fd = from; m->fs && fd < LINUX_FD_MAX; fd++)
        if (linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_CLOSED)
            return (int32_t)fd;
    return -1;
}

#endif
