/* The seed's best case (BC, SIMD; seed 002, section 3.1): every core enters
 * the instruction mix at block 0, so all cores fetch and execute the same
 * instruction stream in step. mix.h has the usage. */
#include "mix.h"

WS_MEMORY(4096, 8192);

int main(int argc, char **argv) { return mix_main(argc, argv, "best", 0); }
