/* ctype.h over all of 0..255 in the C locale: a class bitmap per function,
 * toupper/tolower, and a word/number counter built from the predicates. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    int (*fns[])(int) = { isalnum, isalpha, iscntrl, isdigit, isgraph, islower, isprint, ispunct, isspace,
                          isupper, isxdigit, isblank };
    const char *names[] = { "alnum", "alpha", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
                            "upper", "xdigit", "blank" };
    for (int f = 0; f < 12; f++) {
        uint32_t words[8] = { 0 };
        int count = 0;
        for (int c = 0; c < 256; c++)
            if (fns[f](c)) {
                words[c / 32] |= 1u << (c % 32);
                count++;
            }
        printf("%-6s %3d", names[f], count);
        for (int w = 0; w < 8; w++)
            printf(" %08x", (unsigned)words[w]);
        printf("\n");
    }
    uint32_t up = 0, lo = 0;
    for (int c = -1; c < 256; c++) {
        up = up * 33u + (uint32_t)toupper(c);
        lo = lo * 33u + (uint32_t)tolower(c);
    }
    printf("toupper hash %08x tolower hash %08x EOF->%d\n", (unsigned)up, (unsigned)lo, toupper(EOF));
    const char *text = "Hello, World! 123 abc-DEF 0x1F\tTAB\n42nd street";
    int words = 0, numbers = 0, in_word = 0;
    char shout[64];
    int k = 0;
    for (const char *p = text; *p; p++) {
        if (isalpha((unsigned char)*p)) {
            words += !in_word;
            in_word = 1;
        } else {
            in_word = 0;
        }
        if (isdigit((unsigned char)*p) && (p == text || !isdigit((unsigned char)p[-1])))
            numbers++;
        if (k < 63)
            shout[k++] = (char)toupper((unsigned char)*p);
    }
    shout[k] = 0;
    printf("words=%d numbers=%d\n%s\n", words, numbers, shout);
    return 0;
}
