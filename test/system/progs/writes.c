/* Writing files (README, "Files"): each argument is one action, and one
 * line of output says how it went, so that warpsim and qemu-arm can be
 * compared and a test can tell refusals from successes:
 *
 *   w:PATH:TEXT  create/truncate PATH and write TEXT (%p: the pid, which
 *                differs between warpsim's cores) in two writes, then close
 *   a:PATH:TEXT  append TEXT with O_APPEND
 *   v:PATH:TEXT  writev TEXT as two pieces to a new PATH
 *   p:PATH       "hello world", then pwrite "HELLO" at 0, through a dup
 *   r:PATH       read PATH back and print it
 *   m:PATH  d:PATH  u:PATH  n:OLD:NEW   mkdir, rmdir, unlink, rename */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static void say(const char *what, const char *path, int r)
{
    printf("%s %s: %s\n", what, path, r < 0 ? strerror(errno) : "ok");
}

/* TEXT with %p replaced by the pid. */
static void expand(const char *text, char *out, size_t n)
{
    const char *p = strstr(text, "%p");
    if (p)
        snprintf(out, n, "%.*s%d%s", (int)(p - text), text, (int)getpid(), p + 2);
    else
        snprintf(out, n, "%s", text);
}

static void put(char op, char *path, char *text)
{
    char buf[256];
    expand(text ? text : "", buf, sizeof buf);
    int flags = O_WRONLY | O_CREAT | (op == 'a' ? O_APPEND : O_TRUNC);
    int fd = open(path, flags, 0644);
    if (fd < 0)
        return say("open", path, -1);
    size_t half = strlen(buf) / 2;
    int r = 0;
    if (op == 'v') {
        struct iovec iov[2] = {{buf, half}, {buf + half, strlen(buf) - half}};
        r = writev(fd, iov, 2) == (ssize_t)strlen(buf) ? 0 : -1;
    } else {
        r = write(fd, buf, half) == (ssize_t)half && write(fd, buf + half, strlen(buf) - half) >= 0 ? 0 : -1;
    }
    say("write", path, r);
    say("close", path, close(fd));
}

static void pw(char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return say("open", path, -1);
    int d = dup(fd);
    int r = write(fd, "hello world\n", 12) == 12 && pwrite(d, "HELLO", 5, 0) == 5 ? 0 : -1;
    close(fd);
    say("pwrite", path, r);
    say("close", path, close(d));
}

static void get(char *path)
{
    char buf[256];
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return say("read", path, -1);
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    buf[n < 0 ? 0 : n] = 0;
    printf("read %s: %s\n", path, buf);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char *a = strdup(argv[i]), op = a[0];
        char *path = strtok(a + 2, ":"), *rest = strtok(NULL, "");
        if (!path)
            continue;
        switch (op) {
        case 'w': case 'a': case 'v': put(op, path, rest); break;
        case 'p': pw(path); break;
        case 'r': get(path); break;
        case 'm': say("mkdir", path, mkdir(path, 0755)); break;
        case 'd': say("rmdir", path, rmdir(path)); break;
        case 'u': say("unlink", path, unlink(path)); break;
        case 'n': say("rename", path, rename(path, rest)); break;
        }
        free(a);
    }
    return 0;
}
