/* Linux errno values (asm-generic/errno-base.h, errno.h): the same numbers
 * on ARM and IA-32. System calls return them negated. */
#ifndef LINUX_ERRNO_H
#define LINUX_ERRNO_H

#define LINUX_EPERM 1
#define LINUX_ENOENT 2
#define LINUX_ESRCH 3
#define LINUX_EIO 5
#define LINUX_ENXIO 6
#define LINUX_EBADF 9
#define LINUX_EAGAIN 11
#define LINUX_ENOMEM 12
#define LINUX_EACCES 13
#define LINUX_EFAULT 14
#define LINUX_EEXIST 17
#define LINUX_ENODEV 19
#define LINUX_ENOTDIR 20
#define LINUX_EISDIR 21
#define LINUX_EINVAL 22
#define LINUX_EMFILE 24
#define LINUX_ENOTTY 25
#define LINUX_ESPIPE 29
#define LINUX_ERANGE 34
#define LINUX_ENAMETOOLONG 36
#define LINUX_ENOSYS 38
#define LINUX_ELOOP 40
#define LINUX_EOVERFLOW 75

#endif
