/* atexit handlers run in reverse order of registration when exit() is
 * called from deep inside nested calls; stdio buffers are flushed by exit;
 * the status comes from the exit() argument. */
#include <stdio.h>
#include <stdlib.h>

static int order;

static void h1(void) { printf("handler 1 (order %d)\n", ++order); }
static void h2(void) { printf("handler 2 (order %d)\n", ++order); }
static void h3(void)
{
    printf("handler 3 (order %d) registers nothing\n", ++order);
    fflush(stdout);
}

static void nested(int depth)
{
    if (depth == 0) {
        printf("exiting from depth 0, no newline yet...");
        exit(23);
    }
    printf("enter %d\n", depth);
    nested(depth - 1);
    printf("never printed %d\n", depth);
}

int main(void)
{
    atexit(h1);
    atexit(h2);
    atexit(h3);
    printf("registered\n");
    nested(5);
    return 99;
}
