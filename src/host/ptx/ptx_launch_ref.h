/* The reference protocol (kernels/ptx/README.md): every buffer's initial
 * bytes written to a fresh directory DIR as DIR/NAME.bin before the first
 * kernel; after the last, `REFDIR/NAME DIR` writes DIR/NAME.ref for each
 * checked buffer. */
#ifndef PTX_LAUNCH_REF_H
#define PTX_LAUNCH_REF_H

#include <stddef.h>

#include "host/ptx/ptx_launch.h"
#include "host/ptx/ptx_launch_mem.h"

#define PTX_REF_DIR_DEFAULT "build/kernels/ptx/ref"

/* Makes DIR (dir, at least 64 bytes) and writes the inputs. 0, or -1 with err. */
int ptx_ref_prepare(const ptx_launch_t *l, const ptx_arena_t *a, char *dir, size_t dirlen, char *err, size_t n);
/* Runs the reference on DIR, its output on stderr. 0, or -1 with
 * "LAUNCH:LINE: reference ...: why" in err. */
int ptx_ref_run(const ptx_launch_t *l, const char *refdir, const char *dir, char *err, size_t n);
/* The expected bytes' file of check c: its `file`, or DIR/NAME.ref. */
void ptx_ref_expected_path(const ptx_launch_t *l, const ptx_check_decl_t *c, const char *dir, char *buf, size_t n);
/* Removes DIR and what the protocol put there. */
void ptx_ref_cleanup(const ptx_launch_t *l, const char *dir);

#endif
