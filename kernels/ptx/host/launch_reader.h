/* A launch file (../README.md) read by a driver that runs a workload outside
 * `warpsim ptx`: cpu_launch (the CUDA source compiled for the CPU, ../cpu)
 * and cuda_launch (the workload as a CUDA program, cuda_launch.c). An
 * independent reading of the format: what these drivers check is the
 * workload, or the CUDA runtime under it, not warpsim's own parser.
 *
 * The reader fills the buffers as the file says, hands the driver each
 * kernel line with its parameters (a driver turns `ptr` parameters into its
 * own addresses), and after the last kernel runs the reference protocol:
 * the initial buffers to DIR/NAME.bin, REFDIR/NAME DIR, then the checks
 * against DIR/NAME.ref. Its messages go to stderr (stdout is the kernels'
 * printf output). */
#ifndef LAUNCH_READER_H
#define LAUNCH_READER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LR_MAX_PARAMS 32

typedef struct lr_buffer {
    char name[64], type[8];
    size_t count, elem;
    void *data;                 /* the host copy: initial contents, then what the driver gives back */
    void *dev;                  /* the driver's own (device) copy, if it keeps one */
} lr_buffer_t;

typedef struct lr_param {
    char type[8];               /* ptr, u8 .. s64, f32, f64 */
    size_t size;                /* bytes: ptr 8 */
    uint64_t bits;              /* a scalar's value, little-endian in its low bytes */
    lr_buffer_t *buf;           /* ptr: the buffer, and the byte offset into it */
    size_t offset;
} lr_param_t;

typedef struct lr_kernel {
    char name[64];
    unsigned grid[3], block[3];
    unsigned shared;            /* dynamic shared memory, bytes */
    int repeat;
    int nparams;
    lr_param_t params[LR_MAX_PARAMS];
} lr_kernel_t;

typedef struct lr_driver {
    /* before the first kernel: the buffers' initial contents are in data */
    int (*start)(lr_buffer_t *bufs, int n);
    /* one kernel line, run k->repeat times */
    int (*run)(const lr_kernel_t *k);
    /* after the last kernel: the buffers' final contents into data */
    int (*finish)(lr_buffer_t *bufs, int n);
} lr_driver_t;

/* Runs the launch file with driver d and checks; the references are in
 * refdir. 0 when every check passes, 1 when one fails or the driver or the
 * reference does, 2 when the file cannot be read (FILE:LINE: on stderr). */
int lr_run(const char *path, const char *refdir, const lr_driver_t *d);

#ifdef __cplusplus
}
#endif

#endif
