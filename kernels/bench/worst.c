/* The seed's worst case (WC, MIMD; seed 002, section 3.1): core c enters the
 * instruction mix at block c mod 32, so the 32 cores of a host warp are in
 * 32 different blocks, fetching different instructions of different
 * operations at every step, for as long as they run (mix_arm.S explains the
 * layout). Same instructions in total per core as best.c. mix.h has the usage. */
#include "mix.h"

WS_MEMORY(4096, 8192);

int main(int argc, char **argv) { return mix_main(argc, argv, "worst", ws_core_id()); }
