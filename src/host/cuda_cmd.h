/* `warpsim cuda [options] -- PROG [args]`: an unmodified CUDA program
 * (nvcc -cudart shared) on warpsim's CUDA runtime (build/lib/libcudart.so.13,
 * src/host/cudart/). */
#ifndef CUDA_CMD_H
#define CUDA_CMD_H

/* argv after "cuda"; warpsim's exit status, or never returns (exec). */
int cuda_cmd_main(int argc, char **argv);

#endif
