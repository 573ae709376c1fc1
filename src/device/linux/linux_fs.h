/* What the host gives every core to read, in memory they all share (host
 * memory on the CPU backend, device memory on the GPU):
 *
 *   stdin: the bytes the host has read from its standard input so far,
 *   in[0, in_len), read once however many cores read them; each core keeps
 *   its own position (sim_sys_t.in_off). A core that has read them all while
 *   the host has not reached end of file asks for more: it parks in
 *   SIM_WAIT_HOST with host_req = LINUX_REQ_STDIN and the ISA layer rewinds
 *   to the system call, which runs again once the host has served it
 *   (services.c reads what its stdin has available, as read(2) would).
 *
 * sim_mem_t.fs points here; NULL (the unit tests' machines) reads as an
 * empty stdin. */
#ifndef LINUX_FS_H
#define LINUX_FS_H

#include "../sim_port.h"

/* sim_sys_t.host_req: what a core parked in SIM_WAIT_HOST asks of the host
 * (LINUX_REQ_NONE: only that its output buffer be drained). */
enum { LINUX_REQ_NONE = 0, LINUX_REQ_STDIN = 1 };

/* in_core when every core reads stdin. */
#define LINUX_IN_ALL 0xffffffffu

typedef struct linux_fs {
    const uint8_t *in; /* stdin bytes read so far */
    uint32_t in_len;
    uint32_t in_eof;   /* 1: the host's stdin is at end of file (or failed) */
    uint32_t in_core;  /* --stdin-core: the one core that reads stdin (the others
                        * read /dev/null), or LINUX_IN_ALL */
} linux_fs_t;

#endif
