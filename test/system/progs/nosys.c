/* Calls a core cannot make (fork, pipe, an unknown number): each fails with
 * ENOSYS, never a silent success (test/system/files_test.sh). */
#include <stdio.h>
#include <unistd.h>
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
int main(void)
{
    int p[2];
    for (int i = 0; i < 3; i++) {
        long r = syscall(SYS_fork);
        printf("fork %ld %s\n", r, r < 0 ? strerror(errno) : "");
    }
    printf("pipe %d %s\n", pipe(p), strerror(errno));
    printf("nr 9999 %ld %s\n", syscall(9999), strerror(errno));
    return 0;
}
