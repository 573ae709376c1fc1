// L2 bandwidth of the whole GPU (Accel-Sim's l2_bw_128 in kind:
// util/tuner/GPU_Microbenchmark/ubench/l2_cache/l2_bw_128): the stream of
// bw_stream.h over a 4 MB array (within a TITAN V's 4.5 MB L2), launched
// with 3 and with 5 passes; the two passes the second adds read the L2
// (the first launch left the array there), so the bandwidth is 8 MB over
// the cycles they add, free of the launch's ramp and of where the array
// started. Prints "l2_bw X B/clk" and a checksum line.
#include "bw_stream.h"

int main()
{
    const unsigned n16 = 1u << 18; // 4 MB
    uint4 *a = stream_array(n16);
    unsigned x3, x5;
    long long c3 = stream_span(a, n16, 3, &x3);
    long long c5 = stream_span(a, n16, 5, &x5);
    printf("l2_bw %.1f B/clk\n", 2.0 * n16 * 16 / (double)(c5 - c3));
    printf("checksum %08x %08x\n", x3, x5);
    return 0;
}
