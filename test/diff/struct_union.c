/* Struct copy and return by value (small and large), nested structs, arrays
 * in structs, unions for type punning, bitfields (signed, unsigned, packed),
 * and offsetof/sizeof of the ABI's layouts. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct vec3 { int x, y, z; };
struct big { char tag[10]; struct vec3 pts[8]; double weight; long long id; };
struct flags {
    unsigned ready : 1;
    unsigned mode : 3;
    signed level : 5;
    unsigned count : 12;
    unsigned : 0;
    unsigned high : 20;
};
union pun { uint32_t u; int32_t i; float f; uint8_t b[4]; uint16_t h[2]; };
struct __attribute__((packed)) packed { uint8_t a; uint32_t b; uint16_t c; };

static struct vec3 vadd(struct vec3 a, struct vec3 b)
{
    struct vec3 r = { a.x + b.x, a.y + b.y, a.z + b.z };
    return r;
}

static struct big make_big(int seed)
{
    struct big b;
    memset(&b, 0, sizeof b);
    snprintf(b.tag, sizeof b.tag, "big%d", seed);
    for (int i = 0; i < 8; i++) {
        struct vec3 p = { seed * i, seed - i, i * i };
        b.pts[i] = p;
    }
    b.weight = seed * 0.25;
    b.id = (long long)seed << 40;
    return b;
}

static long sum_big(struct big b)
{
    long s = 0;
    for (int i = 0; i < 8; i++)
        s += b.pts[i].x * 3 + b.pts[i].y * 5 + b.pts[i].z * 7;
    b.pts[0].x = 999999; /* a copy: the caller's value must not change */
    return s;
}

int main(void)
{
    struct vec3 a = { 1, 2, 3 }, b = { 10, 20, 30 };
    struct vec3 c = vadd(vadd(a, b), a);
    printf("vadd: %d %d %d\n", c.x, c.y, c.z);
    struct big x = make_big(7), y;
    y = x;
    y.pts[3].y = -1;
    printf("big: %s %ld %ld %.2f %lld %d\n", x.tag, sum_big(x), sum_big(y), y.weight, y.id, x.pts[0].x);
    struct big arr[3];
    for (int i = 0; i < 3; i++)
        arr[i] = make_big(i + 1);
    arr[0] = arr[2];
    printf("arr: %s %s %ld\n", arr[0].tag, arr[1].tag, sum_big(arr[0]) + sum_big(arr[1]));

    struct flags f;
    memset(&f, 0, sizeof f);
    f.ready = 1;
    f.mode = 5;
    f.level = -9;
    f.count = 4000;
    f.high = 0xabcde;
    uint32_t raw[2];
    memcpy(raw, &f, sizeof raw);
    printf("flags: size=%zu raw=%08x %08x ready=%u mode=%u level=%d count=%u high=%x\n", sizeof f,
           (unsigned)raw[0], (unsigned)raw[1], f.ready, f.mode, f.level, f.count, f.high);
    f.level += 20; /* 11: fits in signed 5 bits */
    f.count += 100; /* 4100 wraps to 4 in 12 bits */
    f.mode++;
    printf("flags2: level=%d count=%u mode=%u\n", f.level, f.count, f.mode);

    union pun p;
    p.f = -1.5f;
    printf("pun: u=%08x i=%d b=%02x%02x%02x%02x h=%04x,%04x\n", (unsigned)p.u, (int)p.i, p.b[0], p.b[1], p.b[2],
           p.b[3], p.h[0], p.h[1]);
    p.u = 0x40490fdbu;
    printf("pun: f=%.6f\n", (double)p.f);

    struct packed pk = { 0x11, 0x22334455u, 0x6677 };
    uint8_t pb[sizeof pk];
    memcpy(pb, &pk, sizeof pk);
    printf("packed: size=%zu off=%zu,%zu bytes=", sizeof pk, offsetof(struct packed, b),
           offsetof(struct packed, c));
    for (size_t i = 0; i < sizeof pk; i++)
        printf("%02x", pb[i]);
    pk.b += 0x01010101u;
    printf(" b=%08x\n", (unsigned)pk.b);
    printf("layout: big=%zu tag@%zu pts@%zu weight@%zu id@%zu\n", sizeof(struct big), offsetof(struct big, tag),
           offsetof(struct big, pts), offsetof(struct big, weight), offsetof(struct big, id));
    return 0;
}
