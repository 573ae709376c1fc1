/* warpsim's device library (cudart_devlib.c): PTX bodies of the device
 * runtime's functions a module declares. */
#ifndef CUDART_DEVLIB_H
#define CUDART_DEVLIB_H

/* The comment on the trap a failed device assert ends in (__assertfail):
 * a fault there is cudaErrorAssert. */
#define CUDART_DEVLIB_ASSERT_TRAP "// warpsim: __assertfail"

/* ptx (malloc'd) with the library's files whose functions it declares
 * appended (and the state variable heap.ptx and cdp.ptx share, once); it
 * may move. NULL: out of memory. */
char *cudart_devlib_link(char *ptx);

#endif
