/* The executor's textures and surfaces (ptx_exec_tex.h) on a descriptor
 * written by hand into the arena, as the CUDA runtime writes one: linear
 * filtering with 9-bit weights against a lerp computed here, point fetches
 * by integer coordinates, surface stores and loads in the three clamp modes,
 * and the faults (a handle that names no object, a .trap access out of
 * range) as the launch's status. */
#include <math.h>

#include "device/ptx/ptx_texdesc.h"
#include "test_ptx_exec_fixture.h"

#define TX_KERNEL(body)                                                                                       \
    TE_HEADER ".visible .entry k(.param .u64 out, .param .u64 obj)\n{\n" TE_REGS "ld.param.u64 %rd3, [obj];\n" body \
              "\nret;\n}\n"

/* An 8-texel float texture (or surface) of values v at data + 8192, its descriptor at data + 4096. */
static uint64_t tx_object(te_t *t, const float *v, uint8_t filter, uint8_t mode)
{
    uint64_t texels = t->data + 8192, at = t->data + 4096;
    memcpy(te_ptr(t, texels), v, 8 * sizeof(float));
    ptx_texdesc_t d;
    memset(&d, 0, sizeof d);
    d.magic = PTX_TEXDESC_MAGIC;
    d.fmt = PTX_TF_FLOAT, d.chan_bytes = 4, d.nchan = 1, d.dims = 1, d.resource = PTX_TR_ARRAY;
    d.filter = filter, d.addr[0] = d.addr[1] = d.addr[2] = mode;
    d.width = 8, d.height = d.depth = d.layers = 1;
    d.data = texels, d.pitch = 32, d.slice = 32, d.bytes = 32;
    memcpy(te_ptr(t, at), &d, sizeof d);
    return at;
}

static float tx_f32(te_t *t, uint32_t i)
{
    uint32_t u = te_u32(t, i);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

Test(ptx_exec_tex, linear_fetch_uses_9_bit_weights)
{
    te_t *t = te_new(TX_KERNEL("cvt.rn.f32.u32 %f1, %r0;\nmul.f32 %f1, %f1, 0f3E0C49BA;\n" /* x = tid * 0.137 */
                               "tex.1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd3, {%f1}];\n"
                               "st.global.f32 [%rd2], %f2;"));
    float v[8] = {0, 1, 0, 1, 0.5f, -2, 3, 0.25f};
    te_param_u64(t, t->data);
    te_param_u64(t, tx_object(t, v, PTX_TFILT_LINEAR, PTX_TA_CLAMP));
    cr_assert_eq(te_launch(t, "k", 1, 64), 0);
    int differs = 0;
    for (uint32_t i = 0; i < 64; i++) {
        float x = (float)i * 0.137f - 0.5f, fl = floorf(x), frac = x - fl;
        int i0 = (int)fl, i1 = i0 + 1;
        i0 = i0 < 0 ? 0 : i0 > 7 ? 7 : i0;
        i1 = i1 < 0 ? 0 : i1 > 7 ? 7 : i1;
        float a = roundf(frac * 256.0f) / 256.0f, want = (1 - a) * v[i0] + a * v[i1];
        float full = (1 - frac) * v[i0] + frac * v[i1];
        cr_expect(fabsf(tx_f32(t, i) - want) < 1e-6f, "lane %u: %.8g, want %.8g", i, tx_f32(t, i), want);
        differs += fabsf(want - full) > 1e-4f;
    }
    cr_expect(differs > 10, "the weights differ from the full lerp in %d lanes only", differs);
    te_free(t);
}

Test(ptx_exec_tex, integer_coordinates_and_border)
{
    te_t *t = te_new(TX_KERNEL("add.s32 %r1, %r0, -3;\n"
                               "tex.1d.v4.f32.s32 {%f2, %f3, %f4, %f5}, [%rd3, {%r1}];\n"
                               "st.global.f32 [%rd2], %f2;"));
    float v[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    te_param_u64(t, t->data);
    te_param_u64(t, tx_object(t, v, PTX_TFILT_LINEAR, PTX_TA_BORDER));
    cr_assert_eq(te_launch(t, "k", 1, 16), 0);
    for (uint32_t i = 0; i < 16; i++) {
        int k = (int)i - 3;
        cr_expect_eq(tx_f32(t, i), k >= 0 && k < 8 ? v[k] : 0.0f, "texel %d", k);
    }
    te_free(t);
}

Test(ptx_exec_tex, surface_modes_and_faults)
{
    /* lane l stores l at byte 4l - 8 in .zero mode (lanes 0, 1 and 10.. dropped), then loads it
     * back .clamp (lanes past the end read texel 7) */
    te_t *t = te_new(TX_KERNEL("shl.b32 %r1, %r0, 2;\nadd.s32 %r1, %r1, -8;\n"
                               "sust.b.1d.b32.zero [%rd3, {%r1}], {%r0};\n"
                               "suld.b.1d.b32.clamp {%r2}, [%rd3, {%r1}];\n"
                               "st.global.u32 [%rd2], %r2;"));
    float zeros[8] = {0};
    te_param_u64(t, t->data);
    uint64_t s = tx_object(t, zeros, PTX_TFILT_POINT, PTX_TA_CLAMP);
    te_param_u64(t, s);
    cr_assert_eq(te_launch(t, "k", 1, 12), 0);
    for (uint32_t i = 0; i < 12; i++) {
        uint32_t want = i < 2 ? 2 : i > 9 ? 9 : i;
        cr_expect_eq(te_u32(t, i), want, "lane %u", i);
    }
    te_free(t);
    t = te_new(TX_KERNEL("shl.b32 %r1, %r0, 2;\nsuld.b.1d.b32.trap {%r2}, [%rd3, {%r1}];\nst.global.u32 [%rd2], %r2;"));
    te_param_u64(t, t->data);
    te_param_u64(t, tx_object(t, zeros, PTX_TFILT_POINT, PTX_TA_CLAMP));
    cr_expect_eq(te_launch(t, "k", 1, 9), -1, ".trap past the end");
    cr_expect(t->f.code == PTX_FAULT_ADDRESS && t->f.lane == 8, "fault %u at lane %u", t->f.code, t->f.lane);
    cr_expect_eq(te_u32(t, 0), 0, "no lane loaded before the fault");
    te_free(t);
    t = te_new(TX_KERNEL("txq.width.b32 %r2, [%rd3];\nst.global.u32 [%rd2], %r2;"));
    te_param_u64(t, t->data);
    te_param_u64(t, t->data + 64);   /* no descriptor there */
    cr_expect_eq(te_launch(t, "k", 1, 1), -1);
    cr_expect_eq(t->f.code, PTX_FAULT_HANDLE);
    te_free(t);
}
