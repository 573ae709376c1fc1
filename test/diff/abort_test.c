/* abort() after normal output: the process dies with SIGABRT (qemu-arm
 * exits 134); stdout written with write() must still appear, stdio data
 * flushed before the abort must appear too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int check(int v)
{
    if (v > 3) {
        printf("check failed at %d, aborting\n", v);
        fflush(stdout);
        abort();
    }
    return v * 2;
}

int main(void)
{
    const char *msg = "raw write before abort\n";
    write(1, msg, strlen(msg));
    int s = 0;
    for (int i = 0; i < 10; i++) {
        s += check(i);
        printf("i=%d s=%d\n", i, s);
    }
    return 0;
}
