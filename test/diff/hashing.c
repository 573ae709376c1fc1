/* Hash functions over fixed messages: CRC-32 (table and bitwise), FNV-1a 32
 * and 64, Adler-32, djb2, MurmurHash3 x86_32 and MD5 (RFC 1321 test
 * vectors). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t crc_table[256];
static void crc_init(void)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}
static uint32_t crc32_table(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}
static uint32_t crc32_bits(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1));
    }
    return ~c;
}
static uint32_t fnv1a32(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}
static uint64_t fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    while (n--)
        h = (h ^ *p++) * 1099511628211ULL;
    return h;
}
static uint32_t adler32(const uint8_t *p, size_t n)
{
    uint32_t a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}
static uint32_t djb2(const uint8_t *p, size_t n)
{
    uint32_t h = 5381;
    while (n--)
        h = h * 33u + *p++;
    return h;
}
static uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static uint32_t murmur3(const uint8_t *p, size_t n, uint32_t seed)
{
    uint32_t h = seed, k;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        memcpy(&k, p + i, 4);
        k *= 0xcc9e2d51u; k = rotl32(k, 15); k *= 0x1b873593u;
        h ^= k; h = rotl32(h, 13); h = h * 5 + 0xe6546b64u;
    }
    k = 0;
    switch (n & 3) {
    case 3: k ^= (uint32_t)p[i + 2] << 16; /* fall through */
    case 2: k ^= (uint32_t)p[i + 1] << 8; /* fall through */
    case 1: k ^= p[i]; k *= 0xcc9e2d51u; k = rotl32(k, 15); k *= 0x1b873593u; h ^= k;
    }
    h ^= (uint32_t)n;
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    return h;
}

/* MD5, RFC 1321 */
static const uint32_t md5_k[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391 };
static const uint8_t md5_r[64] = { 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                   5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                   4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                   6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21 };

static void md5_block(uint32_t h[4], const uint8_t *blk)
{
    uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)blk[4 * i] | (uint32_t)blk[4 * i + 1] << 8 | (uint32_t)blk[4 * i + 2] << 16 |
               (uint32_t)blk[4 * i + 3] << 24;
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        if (i < 16) { f = (b & c) | (~b & d); g = i; }
        else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) & 15; }
        else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) & 15; }
        else { f = c ^ (b | ~d); g = (7 * i) & 15; }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rotl32(a + f + md5_k[i] + w[g], md5_r[i]);
        a = t;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
}

static void md5(const uint8_t *msg, size_t n, uint8_t out[16])
{
    uint32_t h[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };
    uint8_t blk[64];
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        md5_block(h, msg + i);
    size_t rem = n - i;
    memset(blk, 0, 64);
    memcpy(blk, msg + i, rem);
    blk[rem] = 0x80;
    if (rem >= 56) {
        md5_block(h, blk);
        memset(blk, 0, 64);
    }
    uint64_t bits = (uint64_t)n * 8;
    for (int k = 0; k < 8; k++)
        blk[56 + k] = (uint8_t)(bits >> (8 * k));
    md5_block(h, blk);
    for (int k = 0; k < 16; k++)
        out[k] = (uint8_t)(h[k / 4] >> (8 * (k % 4)));
}

int main(void)
{
    crc_init();
    const char *msgs[] = { "", "a", "abc", "message digest", "abcdefghijklmnopqrstuvwxyz",
                           "The quick brown fox jumps over the lazy dog",
                           "12345678901234567890123456789012345678901234567890123456789012345678901234567890" };
    int bad = 0;
    for (size_t i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
        const uint8_t *p = (const uint8_t *)msgs[i];
        size_t n = strlen(msgs[i]);
        uint8_t dg[16];
        md5(p, n, dg);
        uint32_t c1 = crc32_table(p, n), c2 = crc32_bits(p, n);
        bad += c1 != c2;
        printf("crc=%08x fnv=%08x fnv64=%016llx adler=%08x djb2=%08x murmur=%08x md5=", (unsigned)c1,
               (unsigned)fnv1a32(p, n), (unsigned long long)fnv1a64(p, n), (unsigned)adler32(p, n),
               (unsigned)djb2(p, n), (unsigned)murmur3(p, n, 0x9747b28cu));
        for (int k = 0; k < 16; k++)
            printf("%02x", dg[k]);
        printf("\n");
    }
    static uint8_t blob[4096];
    for (int i = 0; i < 4096; i++)
        blob[i] = (uint8_t)(i * 131 + (i >> 7));
    uint8_t dg[16];
    md5(blob, sizeof blob, dg);
    printf("blob crc=%08x md5[0..3]=%02x%02x%02x%02x\n", (unsigned)crc32_table(blob, sizeof blob), dg[0], dg[1],
           dg[2], dg[3]);
    return bad;
}
