/* n-body, one step: each body's acceleration from all bodies (softened,
 * with rsqrt), the bodies staged through shared memory a block at a time;
 * then velocity and position move by dt (new buffers: no body sees another's
 * update). pos is float4 (w unused), masses separate. */
#include "wl_math.cuh"

#define NB_THREADS 128

extern "C" __global__ void nbody(float4 *new_pos, float4 *new_vel, const float4 *pos, const float4 *vel,
                                 const float *mass, float dt, float eps2, int n)
{
    __shared__ float4 sh[NB_THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int base = 0; base < n; base += NB_THREADS) {
        float4 q = pos[base + threadIdx.x];
        q.w = mass[base + threadIdx.x];
        sh[threadIdx.x] = q;
        __syncthreads();
        for (int j = 0; j < NB_THREADS; j++) {
            float dx = sh[j].x - p.x, dy = sh[j].y - p.y, dz = sh[j].z - p.z;
            float inv = wl_rsqrt(dx * dx + dy * dy + dz * dz + eps2);
            float f = sh[j].w * inv * inv * inv;
            ax += dx * f;
            ay += dy * f;
            az += dz * f;
        }
        __syncthreads();
    }
    float4 v = vel[i];
    v.x += ax * dt;
    v.y += ay * dt;
    v.z += az * dt;
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
    new_vel[i] = v;
    new_pos[i] = p;
}
