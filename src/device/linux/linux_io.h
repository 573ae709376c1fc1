/* Writing: a descriptor that names stdout, stderr or a file opened for
 * writing in the output tree (linux_fs.h) appends records to the core's
 * output buffer, which the host drains in order:
 *
 *   m->out[core * m->out_cap ..] holds s->out_len bytes of records
 *   [fd (1 byte)][length (2 bytes, little-endian)][payload]
 *
 * When not even a one-byte record fits, the call parks the core in
 * SIM_WAIT_HOST and the ISA layer rewinds to the SVC so that it is retried
 * once the host has emptied the buffer. */
#ifndef LINUX_IO_H
#define LINUX_IO_H

#include "../sim_core.h"
#include "linux_errno.h"
#include "linux_uaccess.h"
#include "linux_fs.h"

#define LINUX_OUT_HDR 3u
/* Record kinds besides the streams 1 and 2: bytes for the host file in
 * write slot n (LINUX_OUT_FILE + n: the host opened it for this core, at the
 * open's path request), the closing of slot n (LINUX_OUT_CLOSE + n, empty),
 * bytes at an offset (LINUX_OUT_PWRITE + n: pwrite64, the offset's 4 bytes
 * first), a note of an unsupported call (linux_proc.h) and a path request
 * (linux_path.h). The slots are the host's descriptors, so a write reaches
 * the file through the same drain as the terminal's output, in order with
 * the core's other requests. */
#define LINUX_OUT_FILE 0x20u
#define LINUX_OUT_CLOSE 0x40u
#define LINUX_OUT_PWRITE 0x60u
#define LINUX_OUT_NOTE 0xfeu
#define LINUX_OUT_MAX_RECORD 0xffffu
#define LINUX_IOV_MAX 1024u

/* The record kind a descriptor writes (1, 2 or a file's slot), or 0 if it
 * does not write. */
SIM_FN uint32_t linux_out_stream(const sim_mem_t *m, uint32_t core, uint32_t fd)
{
    uint32_t k = linux_fd_kind(linux_fd_get(m, core, fd));
    if (k == LINUX_FK_OUTFILE)
        return LINUX_OUT_FILE + *linux_fd_word(m, core, fd, LINUX_FD_POS);
    return k == LINUX_FK_STDOUT ? 1u : k == LINUX_FK_STDERR ? 2u : 0u;
}

/* Whether another descriptor of core than fd shares fd's write slot. */
SIM_FN int linux_slot_shared(const sim_mem_t *m, uint32_t core, uint32_t fd)
{
    uint32_t slot = *linux_fd_word(m, core, fd, LINUX_FD_POS);
    for (uint32_t d = 0; d < LINUX_FD_MAX; d++)
        if (d != fd && linux_fd_kind(linux_fd_get(m, core, d)) == LINUX_FK_OUTFILE &&
            *linux_fd_word(m, core, d, LINUX_FD_POS) == slot)
            return 1;
    return 0;
}

/* The lowest write slot no descriptor of core holds: there is one whenever
 * a descriptor is free, as every slot in use has a descriptor. */
SIM_FN uint32_t linux_slot_free(const sim_mem_t *m, uint32_t core)
{
    uint32_t used = 0;
    for (uint32_t d = 0; m->fs && d < LINUX_FD_MAX; d++)
        if (linux_fd_kind(linux_fd_get(m, core, d)) == LINUX_FK_OUTFILE)
            used |= 1u << (*linux_fd_word(m, core, d, LINUX_FD_POS) & 31u);
    uint32_t slot = 0;
    while (slot < 31u && (used >> slot & 1u))
        slot++;
    return slot;
}

/* The host closes slot's file when no descriptor holds it any more: an
 * empty LINUX_OUT_CLOSE record. 1 when it went in, 0 when the buffer is
 * full (the core parks for the drain and the call is retried). */
SIM_FN int linux_out_close(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t slot)
{
    if (m->out_cap < s->out_len + LINUX_OUT_HDR) {
        s->status = SIM_WAIT_HOST;
        return 0;
    }
    uint8_t *rec = m->out + (uint64_t)core * m->out_cap + s->out_len;
    rec[0] = (uint8_t)(LINUX_OUT_CLOSE + slot);
    rec[1] = rec[2] = 0;
    s->out_len += LINUX_OUT_HDR;
    return 1;
}

/* Appends up to len bytes from target address buf as one record. Returns the
 * bytes taken (0: no room at all) or -EFAULT if the first byte is unmapped;
 * a fault later in the buffer ends the record there. */
SIM_FN int32_t linux_out_append(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd,
                                uint32_t buf, uint32_t len)
{
    uint32_t room = m->out_cap > s->out_len ? m->out_cap - s->out_len : 0u;
    if (room <= LINUX_OUT_HDR)
        return 0;
    uint32_t n = room - LINUX_OUT_HDR;
    n = n < len ? n : len;
    n = n < LINUX_OUT_MAX_RECORD ? n : LINUX_OUT_MAX_RECORD;
    uint8_t *rec = m->out + (uint64_t)core * m->out_cap + s->out_len;
    uint32_t i = 0;
    for (; i < n; i++) {
        uint32_t b;
        if (sim_ld8(m, core, buf + i, &b))
            break;
        rec[LINUX_OUT_HDR + i] = (uint8_t)b;
    }
    if (i == 0)
        return -LINUX_EFAULT;
    rec[0] = (uint8_t)fd; /* the stream or the file's slot */
    rec[1] = (uint8_t)i;
    rec[2] = (uint8_t)(i >> 8);
    s->out_len += LINUX_OUT_HDR + i;
    return (int32_t)i;
}

/* Appends len bytes at buf as records, as many as it takes. Returns 0 when
 * all went in, 1 when the buffer filled first, -1 at an unmapped byte;
 * *taken counts the bytes appended. */
SIM_FN int linux_out_all(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf,
                         uint32_t len, uint32_t *taken)
{
    for (uint32_t i = 0; i < len;) {
        int32_t r = linux_out_append(s, m, core, fd, buf + i, len - i);
        if (r <= 0)
            return r == 0 ? 1 : -1;
        i += (uint32_t)r;
        *taken += (uint32_t)r;
    }
    return 0;
}

/* A write completes whole, as on a blocking pipe: when the output buffer
 * fills, the core parks for the host to drain it and the call is retried,
 * its first io_done bytes already taken. A fault ends it with what was
 * taken (-EFAULT if nothing), as a partly unmapped buffer does on Linux. */
SIM_FN int32_t linux_write_end(sim_sys_t *s, int full_or_fault, uint32_t taken)
{
    if (full_or_fault > 0) {
        s->io_done = taken;
        s->status = SIM_WAIT_HOST;
        return 0;
    }
    s->io_done = 0;
    return full_or_fault < 0 && taken == 0 ? -LINUX_EFAULT : (int32_t)taken;
}

/* write(fd, buf, count) */
SIM_FN int32_t linux_write(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf,
                           uint32_t count)
{
    if (linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_NULL)
        return (int32_t)count; /* /dev/null takes everything */
    fd = linux_out_stream(m, core, fd);
    if (!fd)
        return -LINUX_EBADF;
    if (count == 0)
        return 0;
    if (m->out_cap <= LINUX_OUT_HDR)
        return -LINUX_EIO;
    uint32_t taken = s->io_done;
    int r = linux_out_all(s, m, core, fd, buf + taken, count - taken, &taken);
    return linux_write_end(s, r, taken);
}

/* The bytes an iovec array asks for, or -EFAULT. */
SIM_FN int32_t linux_iov_total(const sim_mem_t *m, uint32_t core, uint32_t iov, uint32_t iovcnt)
{
    uint32_t total = 0, len;
    for (uint32_t i = 0; i < iovcnt; i++) {
        if (linux_get32(m, core, iov + 8u * i + 4u, &len))
            return -LINUX_EFAULT;
        total += len;
    }
    return (int32_t)total;
}

/* writev(fd, iov, iovcnt): struct iovec is { void *base; size_t len; }. */
SIM_FN int32_t linux_writev(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t iov,
                            uint32_t iovcnt)
{
    if (iovcnt > LINUX_IOV_MAX)
        return -LINUX_EINVAL;
    if (linux_fd_kind(linux_fd_get(m, core, fd)) == LINUX_FK_NULL)
        return linux_iov_total(m, core, iov, iovcnt); /* /dev/null takes everything */
    fd = linux_out_stream(m, core, fd);
    if (!fd)
        return -LINUX_EBADF;
    if (m->out_cap <= LINUX_OUT_HDR)
        return -LINUX_EIO;
    uint32_t skip = s->io_done, taken = s->io_done;
    int r = 0;
    for (uint32_t i = 0; i < iovcnt && r == 0; i++) {
        uint32_t base, len;
        if (linux_get32(m, core, iov + 8u * i, &base) || linux_get32(m, core, iov + 8u * i + 4u, &len)) {
            r = -1;
            break;
        }
        uint32_t from = skip < len ? skip : len;
        skip -= from;
        r = linux_out_all(s, m, core, fd, base + from, len - from, &taken);
    }
    return linux_write_end(s, r, taken);
}

/* pwrite64(fd, buf, count, offset) on a file opened for writing: records
 * that carry their offset (files are below 4 GB here); the position stays. */
SIM_FN int32_t linux_pwrite(sim_sys_t *s, const sim_mem_t *m, uint32_t core, uint32_t fd, uint32_t buf,
                            uint32_t count, uint32_t off_lo, uint32_t off_hi)
{
    uint32_t k = linux_fd_kind(linux_fd_get(m, core, fd));
    if (k == LINUX_FK_NULL)
        return (int32_t)count;
    if (k != LINUX_FK_OUTFILE)
        return k == LINUX_FK_STDIN || k == LINUX_FK_STDOUT || k == LINUX_FK_STDERR ? -LINUX_ESPIPE : -LINUX_EBADF;
    if (off_hi || off_lo + (uint64_t)count > 0xffffffffull)
        return -LINUX_EINVAL;
    uint32_t slot = *linux_fd_word(m, core, fd, LINUX_FD_POS), taken = s->io_done;
    while (taken < count) {
        uint32_t room = m->out_cap > s->out_len ? m->out_cap - s->out_len : 0u;
        if (room <= LINUX_OUT_HDR + 4u)
            return linux_write_end(s, 1, taken);
        uint32_t n = room - LINUX_OUT_HDR - 4u, i = 0, off = off_lo + taken;
        n = n < count - taken ? n : count - taken;
        n = n < LINUX_OUT_MAX_RECORD - 4u ? n : LINUX_OUT_MAX_RECORD - 4u;
        uint8_t *rec = m->out + (uint64_t)core * m->out_cap + s->out_len;
        for (uint32_t b; i < n && !sim_ld8(m, core, buf + taken + i, &b); i++)
            rec[LINUX_OUT_HDR + 4u + i] = (uint8_t)b;
        if (i == 0)
            return linux_write_end(s, -1, taken);
        rec[0] = (uint8_t)(LINUX_OUT_PWRITE + slot);
        rec[1] = (uint8_t)(i + 4u);
        rec[2] = (uint8_t)((i + 4u) >> 8);
        for (uint32_t j = 0; j < 4u; j++)
            rec[LINUX_OUT_HDR + j] = (uint8_t)(off >> (8u * j));
        s->out_len += LINUX_OUT_HDR + 4u + i;
        taken += i;
        if (i < n)
            return linux_write_end(s, -1, taken);
    }
    return linux_write_end(s, 0, taken);
}

#endif
