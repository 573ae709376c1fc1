#include "host_fs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One host read at most: larger reads would only wait for a pipe to fill. */
#define HOST_FS_IN_CHUNK (64u << 10)
/* linux_fs_t.in_len is 32 bits. */
#define HOST_FS_IN_MAX 0xfff00000u

void host_fs_init(host_fs_t *f, int in_fd, uint32_t stdin_core)
{
    memset(f, 0, sizeof *f);
    f->in_fd = in_fd;
    f->view.in_core = stdin_core;
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
    size_t len = f->view.in_len;
    if (len + HOST_FS_IN_CHUNK > HOST_FS_IN_MAX)
        return in_end(f, "more than 4 GB: the rest is cut off");
    if (len + HOST_FS_IN_CHUNK > f->in_cap) {
        size_t cap = f->in_cap ? 2 * f->in_cap : 4 * HOST_FS_IN_CHUNK;
        uint8_t *p = realloc(f->in, cap);
        if (!p)
            return in_end(f, "out of host memory");
        f->in = p;
        f->in_cap = cap;
        f->view.in = p;
    }
    ssize_t n;
    do
        n = read(f->in_fd, f->in + len, HOST_FS_IN_CHUNK);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return in_end(f, strerror(errno));
    if (n == 0)
        return in_end(f, NULL);
    f->view.in_len = (uint32_t)(len + (size_t)n);
}

void host_fs_free(host_fs_t *f)
{
    free(f->in);
    memset(f, 0, sizeof *f);
}
