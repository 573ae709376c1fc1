/* Reading files the ways a C program does (test/system/files_test.sh runs it
 * under qemu-arm and warpsim and compares): stdio, open/read/pread/lseek,
 * dup/dup2, fstat/stat/lstat, mmap of a file, readlink, access, chdir,
 * getcwd, relative paths. Its argument is a directory holding a.txt and a
 * link to it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/mman.h>
int main(int argc, char **argv)
{
    const char *d = argv[1];
    char p[512], buf[256];
    snprintf(p, sizeof p, "%s/a.txt", d);
    FILE *f = fopen(p, "r");
    if (!f) { perror("fopen"); return 1; }
    while (fgets(buf, sizeof buf, f)) printf("line: %s", buf);
    fclose(f);
    int fd = open(p, O_RDONLY);
    printf("fd %d\n", fd);
    printf("lseek end %ld\n", (long)lseek(fd, 0, SEEK_END));
    printf("pread %zd\n", pread(fd, buf, 5, 2)); buf[5] = 0; printf("  %s\n", buf);
    int fd2 = dup(fd); printf("dup %d\n", fd2);
    lseek(fd, 0, SEEK_SET);
    struct stat st; fstat(fd, &st); printf("size %ld mode %o nlink %ld mtime %ld\n", (long)st.st_size, st.st_mode, (long)st.st_nlink, (long)st.st_mtime);
    char *mp = mmap(NULL, 100, PROT_READ, MAP_PRIVATE, fd, 0);
    printf("mmap %.6s\n", mp == MAP_FAILED ? "FAILED" : mp);
    struct stat st2;
    printf("stat %d same inode %d\n", stat(p, &st2), st2.st_ino == st.st_ino);
    printf("stat missing %d %s\n", stat("/nonexistent/x", &st), strerror(errno));
    snprintf(p, sizeof p, "%s/link", d);
    ssize_t n = readlink(p, buf, sizeof buf); buf[n > 0 ? n : 0] = 0; printf("readlink %zd %s\n", n, buf);
    printf("lstat %d islnk %d\n", lstat(p, &st), S_ISLNK(st.st_mode));
    printf("access %d\n", access(d, R_OK));
    printf("chdir %d\n", chdir(d));
    char *cwd = getcwd(buf, sizeof buf); printf("cwd %s\n", cwd ? strrchr(cwd, '/') : "NULL");
    f = fopen("a.txt", "r"); printf("relative %s\n", f ? "ok" : strerror(errno));
    printf("dup2 %d\n", dup2(fd, 0));
    n = read(0, buf, 3); buf[3] = 0; printf("read0 %zd %s\n", n, buf);
    printf("close %d %d\n", close(fd), close(fd));
    return 0;
}
