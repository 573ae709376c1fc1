/* `warpsim ptx [options] FILE.launch` (kernels/ptx/README.md). */
#ifndef PTX_CMD_H
#define PTX_CMD_H

/* argv after "ptx"; warpsim's exit status. */
int ptx_cmd_main(int argc, char **argv);

#endif
