# SPDX-License-Identifier: GPL-2.0
nohz_full=2-11
