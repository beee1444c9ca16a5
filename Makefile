# SPDX-License-Identifier: GPL-2.0
#
# The two commands a new machine needs:
#   make run     the main job: an rcutorture TINY01 run on this machine's arch
#   make check   the tests a change most often breaks: unit, cross, system
#                (tests/README.md; make check-all adds every arch and scenario)
# Both install what is missing first (scripts/deps.sh, as root).

TORTURE ?= rcu
CONFIGS ?= TINY01
DURATION ?= 30s
# run, selftest-vm, matrix: linux-source-$(KERNEL) (e.g. 6.1, 6.12),
# installed when missing; default: the newest installed. check-patches
# checks the 6.1 series whatever it says.
KERNEL ?=
KERNEL_OPT = $(if $(KERNEL),--kernel $(KERNEL))
# selftest-vm: the arch to boot the nolibc selftest on (default: this host's)
ARCH ?=
# matrix: arches (default all), scenario and results folder
ARCHES ?= all
MATRIX_RESULTS ?=
# check: test scripts run at a time (tests/run.sh --jobs); 2 on two cores is
# not yet measured whole, so one stays the default
TEST_JOBS ?= 1

.PHONY: run check check-unit check-cross check-system check-all deps deps-all sizes help lint
.PHONY: selftest-vm selftest-vm-all matrix check-patches

help:
	@sed -n '3,6s/^# \{0,1\}//p' Makefile
	@echo "Other targets: check-unit check-cross check-system check-all sizes deps deps-all"
	@echo "  lint                      shellcheck, checkpatch, pyflakes3, SPDX lines (scripts/lint.sh)"
	@echo "  KERNEL=6.1|6.12 for run, selftest-vm, selftest-vm-all and matrix (default: newest installed)"
	@echo "  selftest-vm [ARCH=s390x]  nolibc selftest as PID 1 of a kernel of ARCH in QEMU"
	@echo "  selftest-vm-all           the same on every arch, with a table"
	@echo "  matrix [CONFIGS=TREE01] [ARCHES=\"s390x arm\"]  one scenario on every arch, with a table"
	@echo "  check-patches             the kernel patch series: apply, checkpatch, build, selftest, boot"

deps:
	scripts/deps.sh base

deps-all:
	scripts/deps.sh base sizes cross

run: deps
	kvm-scripts/kvm.sh $(KERNEL_OPT) --torture $(TORTURE) --configs "$(CONFIGS)" --duration $(DURATION)

# The tiers by what they need (tests/README.md): unit (bash, gcc), cross
# (cross compilers, qemu-user), system (x86_64 kernels booted in QEMU).
check: deps
	scripts/deps.sh sizes cross netboot patches lava render remote
	tests/run.sh --jobs $(TEST_JOBS) unit cross system

check-unit: deps
	scripts/deps.sh sizes netboot lava render remote
	tests/run.sh --jobs $(TEST_JOBS) unit

check-cross: deps
	scripts/deps.sh sizes cross patches
	tests/run.sh --jobs $(TEST_JOBS) cross

check-system: deps
	scripts/deps.sh netboot lava remote
	tests/run.sh --jobs $(TEST_JOBS) system

# Hours on two cores: make check, then every arch booted (TINY01 and the
# nolibc selftest), the whole CFLIST (1 minute each), and the patch series with the patched
# trees' own kvm.sh. Each step's results and dated numbers: tests/README.md.
check-all: check matrix selftest-vm-all check-patches
	kvm-scripts/kvm.sh $(KERNEL_OPT) --duration 1

# Static checks, each a section with its count (scripts/lint.sh); the patches
# group brings git and checkpatch's perl.
lint: deps
	scripts/deps.sh patches
	scripts/lint.sh

sizes: deps
	scripts/deps.sh sizes
	bench/sizes.sh

# The nolibc selftest booted as PID 1 (kvm.sh --torture nolibc). These live
# here, not in nolibc/Makefile, because the library must not depend on the
# scripts that boot kernels.
selftest-vm: deps
	scripts/deps.sh cross
	kvm-scripts/kvm.sh $(KERNEL_OPT) --torture nolibc $(if $(ARCH),--arch $(ARCH)) --duration 5m

selftest-vm-all: deps
	scripts/deps.sh cross
	kvm-scripts/arch-matrix.sh --arches "$(ARCHES)" --torture nolibc --duration 5m \
		$(if $(MATRIX_RESULTS),--results $(MATRIX_RESULTS)) $(if $(KERNEL),-- $(KERNEL_OPT))

# Slow: a kernel build per arch when the cache is cold (see README.md).
matrix: deps
	scripts/deps.sh cross
	kvm-scripts/arch-matrix.sh --arches "$(ARCHES)" --torture $(TORTURE) --configs "$(CONFIGS)" \
		--duration $(DURATION) $(if $(MATRIX_RESULTS),--results $(MATRIX_RESULTS)) $(if $(KERNEL),-- $(KERNEL_OPT))

# The kernel patch series (patches/): every check, including the boots with
# the tree's own kvm.sh on x86_64 and s390x. Slow: see patches/README.md.
check-patches: deps
	scripts/deps.sh cross patches
	patches/check.sh
