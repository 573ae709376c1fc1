/* The floating-point environment through fenv.h: each rounding mode for
 * arithmetic, conversions and rint, and the exception flags that
 * operations raise (tested and cleared). */
#include <fenv.h>
#include <math.h>
#include <stdio.h>

static volatile double one = 1.0, three = 3.0, zero = 0.0, big = 1e308, tiny = 1e-308;
static volatile float onef = 1.0f, threef = 3.0f;

static void flags(const char *what)
{
    printf("%-10s%s%s%s%s%s\n", what, fetestexcept(FE_INEXACT) ? " inexact" : "",
           fetestexcept(FE_DIVBYZERO) ? " divbyzero" : "", fetestexcept(FE_UNDERFLOW) ? " underflow" : "",
           fetestexcept(FE_OVERFLOW) ? " overflow" : "", fetestexcept(FE_INVALID) ? " invalid" : "");
    feclearexcept(FE_ALL_EXCEPT);
}

int main(void)
{
    static const int modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    static const char *names[] = {"nearest", "upward", "downward", "towardzero"};
    for (int m = 0; m < 4; m++) {
        int rc = fesetround(modes[m]);
        printf("%s: fesetround %d fegetround ok %d\n", names[m], rc, fegetround() == modes[m]);
        volatile double q = one / three, nq = -one / three;
        volatile float qf = onef / threef;
        printf(" 1/3 %a -1/3 %a f %a\n", q, nq, (double)qf);
        printf(" rint %a %a %a nearbyint %a lrint %ld\n", rint(2.5), rint(-2.5), rint(3.5), nearbyint(-0.5),
               lrint(7.5));
        printf(" sum %a prod %a sqrt2 %a\n", 0.1 + 0.2 * one, big * 1.5 / big, sqrt(2.0 * one));
        printf(" (float)1/3 %a (int)2.7 %d\n", (double)(float)(one / three), (int)(2.7 * one));
        feclearexcept(FE_ALL_EXCEPT);
        volatile double r = one / three;
        flags(" 1/3");
        r = one / zero;
        flags(" 1/0");
        r = zero / zero;
        flags(" 0/0");
        r = big * big;
        flags(" big*big");
        r = tiny * tiny;
        flags(" tiny^2");
        r = one + one;
        flags(" 1+1");
        r = sqrt(-one);
        flags(" sqrt(-1)");
        (void)r;
    }
    fesetround(FE_TONEAREST);
    fenv_t env;
    fegetenv(&env);
    feraiseexcept(FE_OVERFLOW | FE_INEXACT);
    flags("raised");
    fesetenv(&env);
    return 0;
}
