// The x87 core compiled for the GPU: every operation called from a kernel,
// so that nvcc checks the single-source subset (make compiles this file
// whenever nvcc is found; nothing launches it yet).
#include "device/softfloat/fp80_all.h"

__global__ void fp80_device_check(const fp80_t *in, fp80_t *out, uint64_t *bits, fp80_env_t *envs)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    fp80_env_t env = envs[i];
    fp80_t a = in[2 * i], b = in[2 * i + 1];
    fp80_t *o = out + 32 * i;
    uint64_t *w = bits + 16 * i;
    o[0] = fp80_add(&env, a, b);
    o[1] = fp80_sub(&env, a, b);
    o[2] = fp80_mul(&env, a, b);
    o[3] = fp80_div(&env, a, b);
    o[4] = fp80_sqrt(&env, a);
    o[5] = fp80_prem(&env, a, b);
    o[6] = fp80_prem1(&env, a, b);
    o[7] = fp80_rndint(&env, a);
    o[8] = fp80_scale(&env, a, b);
    fp80_pair_t p = fp80_xtract(&env, a);
    o[9] = p.st0;
    o[10] = p.st1;
    o[11] = fp80_abs(&env, a);
    o[12] = fp80_chs(&env, b);
    fp80_fcom(&env, a, b, 0);
    fp80_fcom(&env, a, b, 1);
    w[0] = fp80_fcomi(&env, a, b, 1);
    fp80_tst(&env, a);
    fp80_xam(&env, a, 0);
    w[1] = (uint64_t)fp80_to_int(&env, a, 16, 0);
    w[2] = (uint64_t)fp80_to_int(&env, a, 32, 0);
    w[3] = (uint64_t)fp80_to_int(&env, a, 64, 1);
    o[13] = fp80_from_i64((int64_t)w[3]);
    w[4] = fp80_to_f32(&env, a);
    w[5] = fp80_to_f64(&env, b);
    o[14] = fp80_from_f32(&env, (uint32_t)w[4]);
    o[15] = fp80_from_f64(&env, w[5]);
    fp80_bcd_t d = fp80_to_bcd(&env, a);
    w[6] = d.lo;
    w[7] = d.hi;
    o[16] = fp80_from_bcd(&env, d);
    o[17] = fp80_ld_const(&env, i % 7);
    o[18] = fp80_f2xm1(&env, a);
    o[19] = fp80_yl2x(&env, a, b);
    o[20] = fp80_yl2xp1(&env, a, b);
    o[21] = fp80_sin(&env, a);
    o[22] = fp80_cos(&env, a);
    p = fp80_sincos(&env, a);
    o[23] = p.st0;
    o[24] = p.st1;
    p = fp80_ptan(&env, a);
    o[25] = p.st0;
    o[26] = p.st1;
    o[27] = fp80_patan(&env, a, b);
    envs[i] = env;
}

// The x87 executor (x86_x87.h) on the same terms: every instruction form
// reachable from a kernel, memory through a sim_mem_t as the core has it.
#include "device/x86/x86_x87.h"

__global__ void x87_exec_device_check(x87_state_t *states, const sim_mem_t *m, const uint32_t *code,
                                      uint32_t *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    x87_state_t f = states[i];
    uint32_t eax = out[2 * i], eflags = out[2 * i + 1], fault = 0;
    if (code[0] == 0)
        x86_x87_init(&f);
    for (uint32_t k = 1; k < code[0]; k++) {
        uint32_t w = code[k];
        uint32_t rc = x86_x87_exec(&f, m, i, 0xd8u + (w & 7u), (w >> 3) & 0xffu, w >> 11, k, (w >> 10) & 1u,
                                   &eax, &eflags, &fault);
        if (rc != X87_OK || x86_x87_fwait(&f) != X87_OK)
            break;
    }
    states[i] = f;
    out[2 * i] = eax;
    out[2 * i + 1] = eflags ^ fault;
}
