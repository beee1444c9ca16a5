/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Directory streams on getdents64.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_DIRENT_H
#define _NOLIBC_DIRENT_H

#include "sys.h"
#include "stdlib.h"
#include "string.h"
#include "fcntl.h"
#include "unistd.h"
#include "sys/stat.h"

/* int sys_getdents64(int fd, struct linux_dirent64 *dirp, int count); */
__nolibc_fn int sys_getdents64(int fd, struct linux_dirent64 *dirp, int count)
{
	return __nolibc_sc(3, __NR_getdents64, fd, (long)dirp, count);
}

/* int getdents64(int fd, struct linux_dirent64 *dirp, int count); */
__nolibc_fn int getdents64(int fd, struct linux_dirent64 *dirp, int count)
{
	return __sysret(sys_getdents64(fd, dirp, count));
}

/*
 * The same layout as the kernel's getdents64 record (and glibc's struct
 * dirent64): offsets 0, 8, 16, 18 and 19 on every ABI, so readdir() hands
 * out the records where the kernel wrote them. A record is d_reclen bytes,
 * often fewer than sizeof(struct dirent); d_name ends at its NUL. d_off is
 * the kernel's 64-bit position cookie, even where off_t is 32 bits.
 */
struct dirent {
	ino_t d_ino;
	off64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[256];
};

#define _DIRENT_HAVE_D_RECLEN
#define _DIRENT_HAVE_D_OFF
#define _DIRENT_HAVE_D_TYPE
#define IFTODT(mode) (((mode) & 0170000) >> 12)
#define DTTOIF(type) ((type) << 12)

/* One allocation: the descriptor and a buffer of records still to hand out. */
#define __NOLIBC_DIR_BUF 2048

typedef struct {
	int fd;
	int pos;
	int len;
	char buf[__NOLIBC_DIR_BUF] __attribute__((aligned(8)));
} DIR;

/* DIR *fdopendir(int fd); the stream owns fd from then on */
__nolibc_fn DIR *fdopendir(int fd)
{
	struct stat st;
	DIR *dir;
	int ret;

	ret = sys_fstatat(fd, "", &st, AT_EMPTY_PATH);
	if (!ret && !S_ISDIR(st.st_mode))
		ret = -ENOTDIR;
	if (ret < 0) {
		SET_ERRNO(-ret);
		return NULL;
	}
	dir = malloc(sizeof(*dir));
	if (!dir)
		return NULL;
	dir->fd = fd;
	dir->pos = 0;
	dir->len = 0;
	return dir;
}

/* DIR *opendir(const char *path); */
__nolibc_fn DIR *opendir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dir;

	if (fd < 0)
		return NULL;
	dir = fdopendir(fd);
	if (!dir)
		sys_close(fd);
	return dir;
}

/* int closedir(DIR *dir); */
__nolibc_fn int closedir(DIR *dir)
{
	int fd = dir->fd;

	free(dir);
	return close(fd);
}

/* int dirfd(DIR *dir); */
__nolibc_fn int dirfd(DIR *dir)
{
	return dir->fd;
}

/* struct dirent *__nolibc_readdir(DIR *dir, int *err); NULL at the end
 * (*err 0) or on an error (*err the positive errno)
 */
__nolibc_fn struct dirent *__nolibc_readdir(DIR *dir, int *err)
{
	struct dirent *ent;
	int ret;

	*err = 0;
	if (dir->pos >= dir->len) {
		ret = sys_getdents64(dir->fd, (struct linux_dirent64 *)dir->buf,
				     sizeof(dir->buf));
		if (ret <= 0) {
			*err = -ret;
			return NULL;
		}
		dir->len = ret;
		dir->pos = 0;
	}
	ent = (struct dirent *)(dir->buf + dir->pos);
	dir->pos += ent->d_reclen;
	return ent;
}

/* struct dirent *readdir(DIR *dir); NULL at the end, errno unchanged */
__nolibc_fn struct dirent *readdir(DIR *dir)
{
	struct dirent *ent;
	int err;

	ent = __nolibc_readdir(dir, &err);
	if (err)
		SET_ERRNO(err);
	return ent;
}

/* int readdir_r(DIR *dir, struct dirent *entry, struct dirent **result);
 * 0 or the errno; *result is entry, or NULL at the end
 */
__nolibc_fn int readdir_r(DIR *dir, struct dirent *entry, struct dirent **result)
{
	struct dirent *ent;
	int err;

	ent = __nolibc_readdir(dir, &err);
	*result = NULL;
	if (ent) {
		memcpy(entry, ent, ent->d_reclen < sizeof(*entry) ? ent->d_reclen :
		       sizeof(*entry));
		*result = entry;
	}
	return err;
}

#endif /* _NOLIBC_DIRENT_H */
