/* Lists a directory with getdents64 directly (glibc's 32-bit readdir fails
 * with EOVERFLOW on hosts whose directory offsets need 64 bits, under
 * qemu-arm too), then names the program (readlink /proc/self/exe) and
 * tries to open files for writing: argv[1] the directory, argv[2..] files. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <errno.h>

struct d64 { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; };

int main(int argc, char **argv)
{
    char buf[512], exe[256];
    int fd = open(argv[1], O_RDONLY | O_DIRECTORY);
    if (fd < 0) { printf("open %s: %s\n", argv[1], strerror(errno)); return 1; }
    long n;
    /* a small buffer: several calls, each of whole records */
    while ((n = syscall(SYS_getdents64, fd, buf, 64)) > 0)
        for (long i = 0; i < n; i += ((struct d64 *)(buf + i))->reclen)
            printf("%s %d\n", ((struct d64 *)(buf + i))->name, ((struct d64 *)(buf + i))->type);
    printf("end %ld\n", n);
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    printf("exe %s\n", strrchr(exe, '/') ? strrchr(exe, '/') + 1 : "?");
    for (int i = 2; i < argc; i++) {
        int w = open(argv[i], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        printf("write %s: %s\n", argv[i], w < 0 ? strerror(errno) : "opened");
        int r = open(argv[i], O_RDONLY);
        char c[64] = "";
        ssize_t got = r < 0 ? -1 : read(r, c, sizeof c - 1);
        printf("read %s: %s\n", argv[i], r < 0 ? strerror(errno) : got >= 0 ? c : "error");
    }
    return 0;
}
