/* Included by x86_chained.c once per length L (X86_CHAINED_LEN, 1..7):
 * every op's case again, labelled x86_l_<op>_L and stepping by L. Only the
 * hot ops' copies are in the label table (X86_CHAINED_HOT); GCC drops the
 * others as unreachable. No include guard: one expansion per L. */
#define X86_CHAINED_PASTE(a, b) a##_##b
#define X86_CHAINED_LABEL(name, L) X86_CHAINED_PASTE(x86_l_##name, L)
#define X86_OP(name, unit, fmt, mn, props, exec)                                                   \
    X86_CHAINED_BODY(X86_CHAINED_LABEL(name, X86_CHAINED_LEN), name, props, exec, X86_CHAINED_LEN)
X86_OP_TABLE
#undef X86_OP
#undef X86_CHAINED_LABEL
#undef X86_CHAINED_PASTE
#undef X86_CHAINED_LEN
