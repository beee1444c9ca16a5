# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The cache's locks and stamps live in configs/cache.sh, below every layer,
# so that nolibc/Makefile can extract a kernel tree under the same lock
# without reaching up into kvm-scripts/. The kvm-scripts source this file
# as before.

# shellcheck source=../configs/cache.sh
source "$(dirname "${BASH_SOURCE[0]}")/../configs/cache.sh"
