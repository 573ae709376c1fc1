/* Moving bytes between system calls and target memory. Everything goes
 * through the sim_ld / sim_st accessors, so a bad user pointer is a failed
 * copy (-EFAULT for the caller), never a host fault. Each helper returns 0 on
 * success and 1 if any byte was unmapped. */
#ifndef LINUX_UACCESS_H
#define LINUX_UACCESS_H

#include "../sim_mem.h"

SIM_FN int linux_put32(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    return sim_st32(m, core, a, v);
}

SIM_FN int linux_put64(const sim_mem_t *m, uint32_t core, uint32_t a, uint64_t v)
{
    return sim_st32(m, core, a, (uint32_t)v) | sim_st32(m, core, a + 4u, (uint32_t)(v >> 32));
}

SIM_FN int linux_put16(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t v)
{
    return sim_st16(m, core, a, v);
}

SIM_FN int linux_get32(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *v)
{
    return sim_ld32(m, core, a, v);
}

/* Zero n bytes at a: bytes up to a word boundary, then whole words. */
SIM_FN int linux_zero(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t n)
{
    while (n && (a & 3u)) {
        if (sim_st8(m, core, a++, 0))
            return 1;
        n--;
    }
    for (; n >= 4u; n -= 4u, a += 4u)
        if (sim_st32(m, core, a, 0))
            return 1;
    for (; n; n--)
        if (sim_st8(m, core, a++, 0))
            return 1;
    return 0;
}

/* A NUL-terminated string into a fixed field of len bytes, zero-padded. */
SIM_FN int linux_put_field(const sim_mem_t *m, uint32_t core, uint32_t a, const char *str, uint32_t len)
{
    uint32_t i = 0;
    for (; i + 1u < len && str[i]; i++)
        if (sim_st8(m, core, a + i, (uint8_t)str[i]))
            return 1;
    return linux_zero(m, core, a + i, len - i);
}

/* n bytes from host memory src to target address a. Returns the bytes
 * stored: fewer than n if the target range ends in unmapped memory. */
SIM_FN uint32_t linux_copy_out(const sim_mem_t *m, uint32_t core, uint32_t a, const uint8_t *src, uint32_t n)
{
    uint32_t i = 0;
    for (; i < n; i++)
        if (sim_st8(m, core, a + i, src[i]))
            break;
    return i;
}

/* Whether the user string at a can be read, and whether it is empty. */
SIM_FN int linux_path_empty(const sim_mem_t *m, uint32_t core, uint32_t a, uint32_t *empty)
{
    uint32_t b;
    if (sim_ld8(m, core, a, &b))
        return 1;
    *empty = b == 0;
    return 0;
}

#endif
