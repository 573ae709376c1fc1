/* Included by x86_chained.c, which includes it once per length L
 * (X86_CHAINED_LEN, 1..7; the first part below): every op's case again,
 * labelled x86_l_<op>_L and stepping by L; with X86_CHAINED_NF defined,
 * labelled x86_l_<op>_nf_L and with the flags unwanted (X86_FLAGS_WANTED
 * 0, x86_ops.def); with X86_CHAINED_W32 defined, for plain 32-bit records
 * (x86_l_<op>_w_L, x86_l_<op>_nfw_L: X86_CHAINED_RECORD). Only the hot
 * ops' and the NF ops' copies are in the label table; GCC drops the others
 * as unreachable. No include guard: one expansion per L. */
#ifndef X86_CHAINED_LEN
#define X86_CHAINED_LEN 1
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 2
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 3
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 4
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 5
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 6
#include "x86_chained_copy.h"
#define X86_CHAINED_LEN 7
#include "x86_chained_copy.h"
#else
#define X86_CHAINED_PASTE(a, b) a##_##b
#if defined(X86_CHAINED_NF) && defined(X86_CHAINED_W32)
#define X86_CHAINED_LABEL(name, L) X86_CHAINED_PASTE(x86_l_##name##_nfw, L)
#elif defined(X86_CHAINED_NF)
#define X86_CHAINED_LABEL(name, L) X86_CHAINED_PASTE(x86_l_##name##_nf, L)
#elif defined(X86_CHAINED_W32)
#define X86_CHAINED_LABEL(name, L) X86_CHAINED_PASTE(x86_l_##name##_w, L)
#else
#define X86_CHAINED_LABEL(name, L) X86_CHAINED_PASTE(x86_l_##name, L)
#endif
#ifdef X86_CHAINED_NF
#undef X86_FLAGS_WANTED
#define X86_FLAGS_WANTED 0
#endif
#ifdef X86_CHAINED_W32
#define X86_CHAINED_IS_W32 1
#else
#define X86_CHAINED_IS_W32 0
#endif
#define X86_OP(name, unit, fmt, mn, props, exec)                                                   \
    X86_CHAINED_BODY(X86_CHAINED_LABEL(name, X86_CHAINED_LEN), name, unit, props, exec, X86_CHAINED_LEN, 0, \
                     X86_CHAINED_IS_W32)
X86_OP_TABLE
#undef X86_OP
#undef X86_FLAGS_WANTED
#define X86_FLAGS_WANTED 1
#undef X86_CHAINED_LABEL
#undef X86_CHAINED_IS_W32
#undef X86_CHAINED_PASTE
#undef X86_CHAINED_LEN
#endif
