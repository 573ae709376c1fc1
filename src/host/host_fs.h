/* The host's side of what the cores read (device/linux/linux_fs.h): its
 * standard input, read once into a buffer every core reads from. The CPU
 * backend points the cores at `view` directly; the CUDA backend copies what
 * was added to the device after each service round. */
#ifndef HOST_FS_H
#define HOST_FS_H

#include <stddef.h>
#include <stdint.h>

#include "device/linux/linux_fs.h"

typedef struct host_fs {
    linux_fs_t view;   /* what the cores see (on the CPU backend) */
    uint8_t *in;       /* stdin bytes read so far: view.in */
    size_t in_cap;
    int in_fd;         /* the host descriptor read for stdin (0) */
} host_fs_t;

/* stdin_core: the one core that reads stdin, or LINUX_IN_ALL. */
void host_fs_init(host_fs_t *f, int in_fd, uint32_t stdin_core);

/* One read(2) of the host's stdin, appended for every core: what is
 * available (a terminal's line, a pipe's buffer), waiting only when nothing
 * is. 0 bytes or an error (one line on stderr) mark end of file. */
void host_fs_read_stdin(host_fs_t *f);

void host_fs_free(host_fs_t *f);

#endif
