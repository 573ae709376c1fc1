/* The reference protocol (ptx_launch_ref.h). */
#include "host/ptx/ptx_launch_ref.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void buffer_path(const char *dir, const char *name, const char *ext, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s.%s", dir, name, ext);
}

int ptx_ref_prepare(const ptx_launch_t *l, const ptx_arena_t *a, char *dir, size_t dirlen, char *err, size_t n)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, dirlen, "%s/warpsim-ref-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(err, n, "%s: %s", dir, strerror(errno));
        return -1;
    }
    for (uint32_t i = 0; i < l->nbuffers; i++) {
        char path[4096];
        buffer_path(dir, l->buffers[i].name, "bin", path, sizeof path);
        if (ptx_write_file(path, ptx_arena_buffer(a, i), ptx_buffer_bytes(&l->buffers[i]), err, n))
            return -1;
    }
    return 0;
}

int ptx_ref_run(const ptx_launch_t *l, const char *refdir, const char *dir, char *err, size_t n)
{
    char prog[4096];
    snprintf(prog, sizeof prog, "%s/%s", refdir, l->reference);
    if (access(prog, X_OK)) {
        snprintf(err, n, "%s:%d: reference %s: %s (make builds it from kernels/ptx/ref/%s.c)", l->path,
                 l->reference_line, prog, strerror(errno), l->reference);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, n, "%s:%d: reference %s: fork: %s", l->path, l->reference_line, prog, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        /* the kernels' printf output owns stdout */
        dup2(2, 1);
        execl(prog, prog, dir, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, n, "%s:%d: reference %s: wait: %s", l->path, l->reference_line, prog, strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status))
        snprintf(err, n, "%s:%d: reference %s %s exited with status %d", l->path, l->reference_line, prog, dir,
                 WEXITSTATUS(status));
    else
        snprintf(err, n, "%s:%d: reference %s %s was killed by signal %d", l->path, l->reference_line, prog, dir,
                 WTERMSIG(status));
    return -1;
}

void ptx_ref_expected_path(const ptx_launch_t *l, const ptx_check_decl_t *c, const char *dir, char *buf, size_t n)
{
    if (c->file)
        snprintf(buf, n, "%s", c->file);
    else
        buffer_path(dir, l->buffers[c->buffer].name, "ref", buf, n);
}

void ptx_ref_cleanup(const ptx_launch_t *l, const char *dir)
{
    char path[4096];
    for (uint32_t i = 0; i < l->nbuffers; i++) {
        buffer_path(dir, l->buffers[i].name, "bin", path, sizeof path);
        unlink(path);
        buffer_path(dir, l->buffers[i].name, "ref", path, sizeof path);
        unlink(path);
    }
    rmdir(dir);
}
