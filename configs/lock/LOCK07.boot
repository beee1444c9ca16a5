# SPDX-License-Identifier: GPL-2.0
locktorture.torture_type=ww_mutex_lock
