/* Buffers: the fills (splitmix64 against Vigna's published first outputs
 * and values computed by hand), the arena's layout, files, and the checks
 * (exact and tolerance, NaN, the first difference, the largest error). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_check.h"
#include "host/ptx/ptx_launch_mem.h"
#include "ptx_fill.h"

static ptx_launch_t *parse_ok(const char *text)
{
    char err[512];
    ptx_launch_t *l = ptx_launch_parse_buffer("t.launch", "", text, err, sizeof err);
    cr_assert(l != NULL, "refused: %s", err);
    return l;
}

Test(ptx_fill, splitmix64_is_vignas)
{
    /* splitmix64.c seeded with 0: its first two outputs */
    cr_expect_eq(ptx_splitmix64(0), 0xe220a8397b1dcdafull);
    cr_expect_eq(ptx_splitmix64(0x9e3779b97f4a7c15ull), 0x6e789e6aa1b965f4ull);
}

Test(ptx_fill, every_fill)
{
    ptx_launch_t *l = parse_ok("module k.ptx\n"
                               "buffer r f32 8 random 7 -1 1\n"
                               "buffer i s16 8 random 9 -5 5\n"
                               "buffer s u8 300 seq 250 1\n"
                               "buffer d f64 4 seq 1 0.25\n"
                               "buffer c s32 3 const -2\n"
                               "kernel k grid 1 block 1\n");
    uint8_t buf[4096];
    char err[256];
    for (uint32_t b = 0; b < l->nbuffers; b++)
        cr_assert_eq(ptx_fill_buffer("t.launch", &l->buffers[b], buf + 512 * b, err, sizeof err), 0, "%s", err);
    uint32_t u32;
    memcpy(&u32, buf + 3 * 4, 4);
    cr_expect_eq(u32, 1064985705u, "f32 element 3: -1 + 2u, u from splitmix64(7 << 32 | 3), rounded to float");
    int16_t s16;
    memcpy(&s16, buf + 512 + 2 * 2, 2);
    cr_expect_eq(s16, 3, "-5 + splitmix64(9 << 32 | 2) %% 11");
    for (int i = 0; i < 8; i++) {
        memcpy(&s16, buf + 512 + 2 * i, 2);
        cr_expect(s16 >= -5 && s16 <= 5);
    }
    cr_expect_eq(buf[1024 + 0], 250);
    cr_expect_eq(buf[1024 + 5], 255);
    cr_expect_eq(buf[1024 + 6], 0, "u8 sequences wrap");
    double d;
    memcpy(&d, buf + 1536 + 3 * 8, 8);
    cr_expect_float_eq(d, 1.75, 0);
    int32_t s32;
    memcpy(&s32, buf + 2048 + 8, 4);
    cr_expect_eq(s32, -2);
    ptx_launch_free(l);
}

Test(ptx_fill, random_reals_stay_in_range_and_vary)
{
    ptx_buffer_decl_t b = {.type = PTX_E_F64, .count = 1000, .fill = PTX_FILL_RANDOM, .seed = 3,
                           .a = {.f = 2}, .b = {.f = 3}};
    double v[1000], sum = 0;
    char err[64];
    cr_assert_eq(ptx_fill_buffer("t", &b, (uint8_t *)v, err, sizeof err), 0);
    for (int i = 0; i < 1000; i++) {
        cr_expect(v[i] >= 2 && v[i] < 3);
        sum += v[i];
    }
    cr_expect(fabs(sum / 1000 - 2.5) < 0.05, "mean %g", sum / 1000);
    cr_expect_neq(v[0], v[1]);
}

Test(ptx_fill, arena_lays_out_globals_then_aligned_buffers)
{
    ptx_launch_t *l = parse_ok("module k.ptx\nbuffer a u8 3 zero\nbuffer b f64 2 const 1\nkernel k grid 1 block 1\n");
    ptx_arena_t a;
    char err[256];
    cr_assert_eq(ptx_arena_init(&a, l, 100, err, sizeof err), 0, "%s", err);
    cr_expect_eq(a.gmem.lo, PTX_GMEM_LO);
    cr_expect_eq(a.addr[0], PTX_GMEM_LO + 256);
    cr_expect_eq(a.addr[1], PTX_GMEM_LO + 512);
    cr_expect_eq(a.gmem.size, 768);
    cr_expect_eq(ptx_arena_buffer(&a, 1), a.gmem.base + 512);
    ptx_arena_free(&a);
    ptx_launch_free(l);
}

Test(ptx_fill, file_fill_needs_the_exact_size)
{
    char path[] = "/tmp/ptx_fill_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, "\1\2\3\4\5\6", 6), 6);
    close(fd);
    ptx_buffer_decl_t b = {.name = "x", .type = PTX_E_U16, .count = 3, .fill = PTX_FILL_FILE, .path = path, .line = 4};
    uint8_t got[8];
    char err[256];
    cr_expect_eq(ptx_fill_buffer("t.launch", &b, got, err, sizeof err), 0, "%s", err);
    cr_expect_eq(got[5], 6);
    b.count = 4;
    cr_expect_eq(ptx_fill_buffer("t.launch", &b, got, err, sizeof err), -1);
    char want[256];
    snprintf(want, sizeof want, "t.launch:4: buffer x: %s: 6 bytes, expected 8", path);
    cr_expect_str_eq(err, want);
    remove(path);
}

Test(ptx_check, exact_counts_and_finds_the_first)
{
    ptx_check_decl_t c = {.exact = 1};
    int32_t got[5] = {1, 2, 3, -4, 5}, want[5] = {1, 2, 7, -5, 5};
    ptx_check_result_t r;
    ptx_check_compare(&c, PTX_E_S32, 5, (uint8_t *)got, (uint8_t *)want, &r);
    cr_expect(!r.pass);
    cr_expect_eq(r.ndiff, 2);
    cr_expect_eq(r.first, 2);
    cr_expect_float_eq(r.got, 3, 0);
    cr_expect_float_eq(r.want, 7, 0);
    cr_expect_float_eq(r.max_err, 4, 0);
    ptx_check_compare(&c, PTX_E_S32, 2, (uint8_t *)got, (uint8_t *)want, &r);
    cr_expect(r.pass);
    cr_expect_float_eq(r.max_err, 0, 0);
}

Test(ptx_check, exact_is_bits_not_values)
{
    ptx_check_decl_t c = {.exact = 1};
    float got[1] = {-0.0f}, want[1] = {0.0f};
    ptx_check_result_t r;
    ptx_check_compare(&c, PTX_E_F32, 1, (uint8_t *)got, (uint8_t *)want, &r);
    cr_expect(!r.pass, "-0 and +0 differ in their bits");
}

Test(ptx_check, tolerance_absolute_and_relative)
{
    ptx_check_decl_t c = {.abs = 1e-3, .rel = 1e-2};
    float want[4] = {1, 100, 0, NAN}, got[4] = {1.0009f, 100.9f, 0.0011f, NAN};
    ptx_check_result_t r;
    ptx_check_compare(&c, PTX_E_F32, 4, (uint8_t *)got, (uint8_t *)want, &r);
    cr_expect_eq(r.ndiff, 1, "only 0.0011 against 0 is out (abs 1e-3, rel of 0 nothing)");
    cr_expect_eq(r.first, 2);
    cr_expect(fabs(r.max_err - 0.9) < 1e-4, "max error %g", r.max_err);
    got[3] = 0;
    ptx_check_compare(&c, PTX_E_F32, 4, (uint8_t *)got, (uint8_t *)want, &r);
    cr_expect_eq(r.ndiff, 2, "NaN wanted, 0 got: a difference");
    cr_expect(isnan(r.max_err));
}

Test(ptx_check, element_text)
{
    char buf[64];
    uint8_t b[8] = {0xff, 0xff, 0, 0};
    ptx_elem_text(PTX_E_S16, b, buf, sizeof buf);
    cr_expect_str_eq(buf, "-1");
    ptx_elem_text(PTX_E_U16, b, buf, sizeof buf);
    cr_expect_str_eq(buf, "65535");
    float f = 0.1f;
    memcpy(b, &f, 4);
    ptx_elem_text(PTX_E_F32, b, buf, sizeof buf);
    cr_expect_str_eq(buf, "0.100000001");
}
