/* The kernels of one workload by name: host.mk generates, from NAME.launch's
 * kernel lines, a file that includes src/NAME.cu and lists each kernel with
 * its host stub's address (what <<<>>> and cudaLaunchKernel take). nvcc
 * gives the stubs internal linkage, so a table compiled beside them, not
 * dlsym, finds them. */
#ifndef KERNEL_TABLE_H
#define KERNEL_TABLE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wl_kernel {
    const char *name;
    const void *stub;
} wl_kernel_t;

/* ends with {0, 0} */
extern const wl_kernel_t wl_kernels[];

#ifdef __cplusplus
}
#endif

#endif
