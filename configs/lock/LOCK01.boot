# SPDX-License-Identifier: GPL-2.0
locktorture.torture_type=spin_lock locktorture.onoff_interval=5 locktorture.onoff_holdoff=30
