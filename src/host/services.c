#include "services.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "device/linux/linux_path.h"
#include "device/linux/linux_proc.h"

static int core_file(const sim_outputs_t *s, uint32_t core, int fd, int flags)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/core%u.%s", s->dir, core, fd == 2 ? "err" : "out");
    int f = open(path, flags, 0644);
    if (f < 0)
        fprintf(stderr, "warpsim: %s: %s\n", path, strerror(errno));
    return f;
}

int outputs_open(sim_outputs_t *s, uint32_t ncores, const char *dir)
{
    s->ncores = ncores;
    s->dir = dir;
    s->passthrough = 1;
    s->fs = NULL;
    if (!dir)
        return 0;
    if (mkdir(dir, 0755) && errno != EEXIST) {
        fprintf(stderr, "warpsim: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    for (uint32_t c = 0; c < ncores; c++)
        for (int fd = 1; fd <= 2; fd++) {
            int f = core_file(s, c, fd, O_WRONLY | O_CREAT | O_TRUNC);
            if (f < 0)
                return -1;
            close(f);
        }
    return 0;
}

static void write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return; /* a closed pipe loses the target's output, not the run */
        p += w;
        n -= (size_t)w;
    }
}

/* A note from the Linux layer (linux_note): one line, the first time. */
static void note(const sim_outputs_t *s, uint32_t core, const uint8_t *p, uint32_t n)
{
    char call[64];
    uint32_t kind = n ? p[0] : LINUX_NOTE_ENOSYS;
    uint32_t nr = n >= 5 ? p[1] | p[2] << 8 | p[3] << 16 | (uint32_t)p[4] << 24 : 0;
    int len = n > 5 ? (int)(n - 5) : 0;
    if (!s->fs)
        return;
    if (kind == LINUX_NOTE_NOEXEC) {
        snprintf(call, sizeof call, "%.*s", len, (const char *)p + 5);
        host_fs_note(s->fs, core, call, "PROT_EXEC",
                     "refused: code written at run time runs on the CPU backend only (EACCES)");
        return;
    }
    if (len)
        snprintf(call, sizeof call, "%.*s (%u)", len, (const char *)p + 5, nr);
    else
        snprintf(call, sizeof call, "%u", nr);
    host_fs_note(s->fs, core, "system call", call, "not supported: ENOSYS (counted in the report)");
}

/* A record for a file the core opened for writing (linux_io.h). */
static void drain_file(const sim_outputs_t *s, uint32_t core, uint32_t kind, const uint8_t *p, uint32_t n)
{
    uint32_t slot = kind % LINUX_FD_MAX;
    if (!s->fs)
        return;
    if (kind >= LINUX_OUT_PWRITE && n >= 4)
        host_fs_write(s->fs, core, slot, p + 4, n - 4, p[0] | p[1] << 8 | p[2] << 16 | (int64_t)p[3] << 24);
    else if (kind >= LINUX_OUT_CLOSE && kind < LINUX_OUT_PWRITE)
        host_fs_close_slot(s->fs, core, slot);
    else if (kind < LINUX_OUT_CLOSE)
        host_fs_write(s->fs, core, slot, p, n, -1);
}

/* Records: [fd][len lo][len hi][payload], appended by the syscall layer;
 * fd LINUX_OUT_REQ is a path request (linux_path.h), answered in the rows. */
static uint32_t drain_core(const sim_outputs_t *s, const services_rows_t *rows, uint32_t core, const uint8_t *buf,
                           uint32_t len)
{
    uint32_t i = 0, answered = 0;
    while (i + 3 <= len) {
        int fd = buf[i];
        uint32_t n = buf[i + 1] | (uint32_t)buf[i + 2] << 8;
        const uint8_t *p = buf + i + 3;
        if (i + 3 + n > len)
            n = len - i - 3;
        if (fd == LINUX_OUT_NOTE) {
            note(s, core, p, n);
            i += 3 + n;
            continue;
        }
        if (fd >= (int)LINUX_OUT_FILE && fd < (int)LINUX_OUT_PWRITE + (int)LINUX_FD_MAX) {
            drain_file(s, core, (uint32_t)fd, p, n);
            i += 3 + n;
            continue;
        }
        if (fd == LINUX_OUT_REQ) {
            rows->host_ret[core] = (uint32_t)(s->fs ? host_fs_request(s->fs, core, p, n) : -ENOENT);
            rows->host_req[core] = LINUX_REQ_DONE;
            answered++;
            i += 3 + n;
            continue;
        }
        if (core == 0 && s->passthrough) {
            fflush(stdout);
            write_all(fd == 2 ? 2 : 1, p, n);
        }
        if (s->dir) {
            int f = core_file(s, core, fd, O_WRONLY | O_APPEND);
            if (f >= 0) {
                write_all(f, p, n);
                close(f);
            }
        }
        i += 3 + n;
    }
    return answered;
}

uint32_t services_round(const sim_outputs_t *s, const services_rows_t *rows, const uint8_t *out, uint32_t out_cap,
                        uint32_t *answered)
{
    uint32_t running = 0, waiting = 0, want_stdin = 0, n_answered = 0;
    uint32_t *status = rows->status, *out_len = rows->out_len, *req = rows->host_req;
    for (uint32_t c = 0; c < s->ncores; c++) {
        if (out_len[c]) {
            n_answered += drain_core(s, rows, c, out + (uint64_t)c * out_cap, out_len[c]);
            out_len[c] = 0;
        }
        want_stdin |= status[c] == SIM_WAIT_HOST && req[c] == LINUX_REQ_STDIN;
    }
    /* One host read serves every core that asked: they all read the same bytes. */
    if (want_stdin && s->fs)
        host_fs_read_stdin(s->fs);
    for (uint32_t c = 0; c < s->ncores; c++) {
        if (status[c] == SIM_WAIT_HOST) {
            status[c] = SIM_RUNNING;
            /* an answer stays for the retried call to take */
            req[c] = req[c] == LINUX_REQ_DONE ? LINUX_REQ_DONE : LINUX_REQ_NONE;
        }
        running += status[c] == SIM_RUNNING;
        waiting += status[c] == SIM_WAIT_BARRIER;
    }
    /* A barrier opens when every core still alive has arrived. */
    if (running == 0 && waiting) {
        for (uint32_t c = 0; c < s->ncores; c++)
            if (status[c] == SIM_WAIT_BARRIER)
                status[c] = SIM_RUNNING;
        running = waiting;
    }
    if (answered)
        *answered = n_answered;
    return running;
}
