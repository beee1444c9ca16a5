/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * PID 1 for a VM that runs several test programs in one boot: mounts what
 * the nolibc selftest wants as a plain process (proc, devtmpfs, a tmpfs on
 * /tmp), runs each program named in /t/list (one path a line) in order,
 * prints "vm-runner: PATH status N" after each, and powers off.
 */
static void mount_dir(const char *src, const char *dir, const char *type, const char *opts)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, opts) < 0)
		printf("vm-runner: %s not mounted: %s\n", dir, strerror(errno));
}

int main(void)
{
	static char list[4096];
	char *path, *save = NULL;
	int fd, n, status;
	pid_t pid;

	mount_dir("proc", "/proc", "proc", NULL);
	mount_dir("devtmpfs", "/dev", "devtmpfs", NULL);
	mount_dir("tmpfs", "/tmp", "tmpfs", "size=16m");
	fd = open("/t/list", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, list, sizeof(list) - 1);
	if (n < 0)
		printf("vm-runner: no /t/list: %s\n", strerror(errno));
	for (path = n > 0 ? strtok_r(list, "\n", &save) : NULL; path;
	     path = strtok_r(NULL, "\n", &save)) {
		char *argv[] = { path, NULL };

		pid = fork();
		if (pid == 0) {
			execve(path, argv, environ);
			printf("vm-runner: cannot run %s: %s\n", path, strerror(errno));
			_exit(127);
		}
		status = -1;
		if (pid > 0)
			waitpid(pid, &status, 0);
		printf("vm-runner: %s status %d\n", path, status);
	}
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
