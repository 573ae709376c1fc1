/* Reads argv (run with the fixed arguments in argv_test.args): counts,
 * lengths, numeric parsing, and a checksum; argv[0] is never printed since
 * it differs between runners. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    printf("argc=%d\n", argc);
    long total = 0;
    unsigned h = 0;
    for (int i = 1; i < argc; i++) {
        char *end;
        long v = strtol(argv[i], &end, 0);
        int numeric = *argv[i] && *end == '\0';
        printf("argv[%d] = '%s' len=%zu %s", i, argv[i], strlen(argv[i]), numeric ? "number" : "text");
        if (numeric) {
            printf(" value=%ld", v);
            total += v;
        }
        printf("\n");
        for (const char *p = argv[i]; *p; p++)
            h = h * 131u + (unsigned char)*p;
    }
    printf("total=%ld hash=%08x argv[argc]=%s\n", total, h, argv[argc] == NULL ? "NULL" : "non-null");
    return argc;
}
