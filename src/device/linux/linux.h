/* The Linux system call layer, ISA-neutral: each call's semantics once, as
 * functions of (sim_sys_t, sim_mem_t, core, arguments) returning the Linux
 * result (negative errno). Each ISA maps its numbers and registers onto
 * these (arm/arm_syscall.h) and writes the structures whose layout differs
 * between ISAs (stat64). */
#ifndef LINUX_H
#define LINUX_H

#include "linux_errno.h"
#include "linux_uaccess.h"
#include "linux_io.h"
#include "linux_fd.h"
#include "linux_stat.h"
#include "linux_path.h"
#include "linux_mm.h"
#include "linux_time.h"
#include "linux_proc.h"

#endif
