// DRAM bandwidth of the whole GPU (Accel-Sim's mem_bw in kind:
// util/tuner/GPU_Microbenchmark/ubench/mem/mem_bw): the stream of
// bw_stream.h, one pass over a 4 MB array that flush_l2 pushed out of the
// L2, so that every line comes from DRAM. Prints "dram_bw X B/clk" (4 MB
// over the kernel's span) and a checksum line.
#include "bw_stream.h"

int main()
{
    const unsigned n16 = 1u << 18; // 4 MB
    uint4 *a = stream_array(n16);
    flush_l2();
    unsigned x;
    long long c = stream_span(a, n16, 1, &x);
    printf("dram_bw %.1f B/clk\n", (double)n16 * 16 / (double)c);
    printf("checksum %08x\n", x);
    return 0;
}
