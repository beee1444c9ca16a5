# SPDX-License-Identifier: GPL-2.0
#
# The two commands a new machine needs:
#   make run     the main job: an rcutorture TINY01 run on this machine's arch
#   make check   every test: fast tier, then end-to-end boots
# Both install what is missing first (scripts/deps.sh, as root).

TORTURE ?= rcu
CONFIGS ?= TINY01
DURATION ?= 30s

.PHONY: run check check-fast check-e2e deps deps-all sizes help

help:
	@sed -n '3,6s/^# \{0,1\}//p' Makefile
	@echo "Other targets: check-fast check-e2e sizes deps deps-all"

deps:
	scripts/deps.sh base

deps-all:
	scripts/deps.sh base sizes cross

run: deps
	kvm-scripts/kvm.sh --torture $(TORTURE) --configs "$(CONFIGS)" --duration $(DURATION)

check: deps
	scripts/deps.sh sizes cross netboot
	tests/run.sh fast e2e

check-fast: deps
	tests/run.sh fast

check-e2e: deps
	tests/run.sh e2e

sizes: deps
	scripts/deps.sh sizes
	bench/sizes.sh
