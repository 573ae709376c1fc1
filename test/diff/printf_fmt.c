/* printf conversions and modifiers: widths, precision, flags (- + space 0 #),
 * * widths, %d %i %u %x %X %o %c %s %%, h/hh/l/ll/z/j/t length modifiers,
 * and the return value (characters written). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    int total = 0;
    const int ints[] = { 0, 1, -1, 42, -42, 255, 65535, 2147483647, -2147483647 - 1 };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        int v = ints[i];
        total += printf("[%d][%5d][%-5d|][%05d][%+d][% d][%.3d][%8.3d][%x][%#x][%X][%#o][%o][%u]\n", v, v, v, v,
                        v, v, v, v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v);
    }
    total += printf("[%c][%3c][%-3c][%c]\n", 'A', 'b', 'c', 0x7e);
    const char *s = "warpsim";
    total += printf("[%s][%10s][%-10s][%.3s][%10.3s][%-10.3s][%.0s][%s]\n", s, s, s, s, s, s, s, "");
    for (int w = 0; w <= 12; w += 4)
        total += printf("[%*d][%-*d][%.*d][%*.*s]\n", w, 99, w, 99, w / 2, 7, w, w / 4, s);
    total += printf("[%hhd][%hhu][%hd][%hu][%ld][%lu][%lld][%zu][%zd][%td][%jd]\n", (signed char)-3, (unsigned char)253,
                    (short)-30000, (unsigned short)60000, -100000L, 4000000000UL, -1234567890123LL, (size_t)77,
                    (ptrdiff_t)-5, (ptrdiff_t)12345, (intmax_t)-99);
    total += printf("[%#.0o][%#.0x][%.0d][%+.0d][%#5x][%-#8o|][%0#10x]\n", 0u, 0u, 0, 0, 255u, 8u, 48879u);
    total += printf("100%% done [%%]\n");
    total += printf("[%e][%.2e][%E][%f][%.0f][%#.0f][%g][%G][%10.4g][%-12.3e|][%+f][% f]\n", 1234.5678,
                    0.000123456, 1e-300, -0.5, 2.5, 3.0, 1e-5, 123456789.0, 3.14159265, 6.02e23, 1.0, 2.0);
    printf("total=%d\n", total);
    return total % 256;
}
