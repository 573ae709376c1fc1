/* One n-body step in double: a_i = sum_j m_j (p_j - p_i) / (|p_j - p_i|^2 + eps2)^1.5,
 * v' = v + a dt, p' = p + v' dt (w components carried over). */
#include <math.h>

#include "ref_io.h"

#define N 1024
#define DT 0.01f
#define EPS2 0.05f

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    float *pos = ref_load("pos", 16, N), *vel = ref_load("vel", 16, N);
    const float *mass = ref_load("mass", 4, N);
    float *np = ref_alloc(16, N), *nv = ref_alloc(16, N);
    double worst = 0;
    for (int i = 0; i < N; i++) {
        double a[3] = {0, 0, 0}, mag = 0;
        for (int j = 0; j < N; j++) {
            double d[3], r2 = EPS2;
            for (int c = 0; c < 3; c++) {
                d[c] = (double)pos[4 * j + c] - pos[4 * i + c];
                r2 += d[c] * d[c];
            }
            double f = mass[j] / (r2 * sqrt(r2));
            for (int c = 0; c < 3; c++)
                a[c] += d[c] * f;
            mag += sqrt(r2 - EPS2) * f;
        }
        worst = mag > worst ? mag : worst;
        for (int c = 0; c < 3; c++) {
            nv[4 * i + c] = (float)(vel[4 * i + c] + a[c] * DT);
            np[4 * i + c] = (float)(pos[4 * i + c] + (double)nv[4 * i + c] * DT);
        }
        nv[4 * i + 3] = vel[4 * i + 3];
        np[4 * i + 3] = pos[4 * i + 3];
    }
    if (getenv("NBODY_STATS"))
        fprintf(stderr, "largest sum of |terms|: %g\n", worst);
    ref_store("new_vel", nv, 16, N);
    ref_store("new_pos", np, 16, N);
    return 0;
}
