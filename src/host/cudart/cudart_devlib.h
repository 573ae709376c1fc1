/* warpsim's device library (cudart_devlib.c): PTX bodies of the device
 * runtime's functions a module declares. */
#ifndef CUDART_DEVLIB_H
#define CUDART_DEVLIB_H

/* ptx (malloc'd) with the library's functions it declares appended; it may
 * move. NULL: out of memory (ptx is then still the caller's). */
char *cudart_devlib_link(char *ptx);

#endif
