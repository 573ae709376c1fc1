/* printf and strtod of floating point in many formats: %f %e %g %a with
 * flags, widths and precisions; the digits come from glibc's exact
 * conversions, so every floating-point and integer step shows. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    static const double vs[] = {0.0, -0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, 2.0 / 3.0, 123456.789, 1e-7, 9.999999e22,
                                1.7976931348623157e308, 4.9e-324, 2.2250738585072014e-308, 0.5, 1e15 + 0.3};
    static const char *fmts[] = {"%f", "%.0f", "%.3f", "%12.4f", "%-12.2f|", "%+e", "%.10e", "%E", "%g",
                                 "%.15g", "%#g", "%G", "%a", "%.3a", "%A", "%010.3f", "% .2e"};
    for (unsigned i = 0; i < sizeof vs / sizeof vs[0]; i++) {
        for (unsigned j = 0; j < sizeof fmts / sizeof fmts[0]; j++) {
            printf(fmts[j], vs[i]);
            putchar(' ');
        }
        printf("\n%.17g %.9g\n", vs[i], (double)(float)vs[i]);
    }
    static const char *ins[] = {"3.14159", "1e-320", "0x1.8p3", "-inf", "nan", "2.5e+308", "0.1e-5",
                                "123456789012345678901234567890", "1.00000000000000011102230246251565"};
    for (unsigned i = 0; i < sizeof ins / sizeof ins[0]; i++)
        printf("strtod %s -> %a strtof -> %a\n", ins[i], strtod(ins[i], NULL), (double)strtof(ins[i], NULL));
    return 0;
}
