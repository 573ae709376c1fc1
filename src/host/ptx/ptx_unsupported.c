/* PTX instructions that warpsim does not implement. The front end refuses
 * them by name, so a program that needs one fails at load time with a
 * message, not at run time with a wrong result. */
#include <string.h>

#include "host/ptx/ptx_unsupported.h"

/* Opcodes, and opcode.modifier pairs where a form of a supported opcode is
 * what is missing (st.async, fence.proxy, barrier.cluster). */
static const char *const unsupported[] = {
    "mma.sp", "mma.sp::ordered_metadata", "wgmma", "tcgen05",
    "tex.level", "tex.grad", "txq.level", "sust.p", "sured", "istypep",
    "cp.reduce.async", "cp.async.bulk", "mapa", "getctarank", "elect", "griddepcontrol", "setmaxnreg",
    "applypriority", "discard", "createpolicy", "multimem", "tensormap", "clusterlaunchcontrol",
    "szext", "alloca", "stacksave", "stackrestore", "prefetchu",
    "vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vmad", "vset",
    "vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2", "vset2",
    "vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4", "vset4",
    "st.async", "red.async", "st.bulk", "fence.proxy", "membar.proxy", "barrier.cluster",
    "cvt.pack",
};

int ptx_is_unsupported(const char *const *w, const uint32_t *wlen, unsigned n)
{
    for (size_t k = 0; k < sizeof unsupported / sizeof unsupported[0]; k++) {
        const char *u = unsupported[k];
        size_t at = 0, ulen = strlen(u);
        for (unsigned j = 0; j < n && at < ulen; j++) {
            if (at + wlen[j] > ulen || memcmp(u + at, w[j], wlen[j]) != 0)
                break;
            at += wlen[j];
        }
        if (at == ulen)
            return 1;
    }
    return 0;
}
