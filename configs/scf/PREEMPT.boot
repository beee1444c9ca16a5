# SPDX-License-Identifier: GPL-2.0
scftorture.onoff_interval=2 scftorture.onoff_holdoff=20
