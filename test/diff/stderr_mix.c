/* Interleaved stdout and stderr: fprintf(stderr) unbuffered, stdout fully
 * buffered when not a terminal, puts/fputs/fwrite/putchar, perror-free
 * messages, and a non-zero return. Only stdout and the status are compared
 * on one core; each stream is compared on its own with --output-dir. */
#include <stdio.h>

int main(void)
{
    int errors = 0;
    for (int i = 0; i < 12; i++) {
        printf("out line %d\n", i);
        if (i % 3 == 0) {
            fprintf(stderr, "err line %d\n", i);
            errors++;
        }
    }
    fputs("fputs to stdout\n", stdout);
    fputs("fputs to stderr\n", stderr);
    puts("puts adds a newline");
    fwrite("fwrite 12345\n", 1, 13, stdout);
    fwrite("fwrite err\n", 1, 11, stderr);
    for (char c = 'a'; c <= 'j'; c++)
        putchar(c);
    putchar('\n');
    fputc('!', stderr);
    fputc('\n', stderr);
    fprintf(stderr, "%d errors reported\n", errors);
    fflush(stdout);
    printf("after flush\n");
    return errors;
}
