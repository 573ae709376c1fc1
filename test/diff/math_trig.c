/* libm trigonometry on soft-float doubles: sin, cos, tan, asin, acos, atan,
 * atan2, sinh, cosh, tanh, hypot; printed with %.6f, %g and %e. */
#include <math.h>
#include <stdio.h>

int main(void)
{
    const double pi = 3.14159265358979323846;
    for (int i = -8; i <= 8; i++) {
        double x = i * pi / 8.0;
        printf("x=%+.6f sin=%.6f cos=%.6f tan=%g\n", x, sin(x), cos(x), (i == 4 || i == -4) ? 0.0 : tan(x));
    }
    for (int i = -4; i <= 4; i++) {
        double y = i / 4.0;
        printf("y=%g asin=%.6f acos=%.6f atan=%.6f\n", y, asin(y), acos(y), atan(y * 10));
    }
    const double pts[][2] = { { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 }, { 0, 1 }, { 0, -1 }, { 3, 4 } };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++)
        printf("atan2(%g,%g)=%.6f hypot=%.6f\n", pts[i][0], pts[i][1], atan2(pts[i][0], pts[i][1]),
               hypot(pts[i][0], pts[i][1]));
    for (double x = -2; x <= 2; x += 1)
        printf("sinh(%g)=%e cosh=%e tanh=%e\n", x, sinh(x), cosh(x), tanh(x));
    float f = 0.5f;
    printf("float: sinf=%.6f cosf=%.6f sqrtf=%.6f\n", (double)sinf(f), (double)cosf(f), (double)sqrtf(f));
    double acc = 0;
    for (int i = 1; i <= 200; i++)
        acc += sin(i * 0.1) * cos(i * 0.05);
    printf("sum=%.9f\n", acc);
    return 0;
}
