# SPDX-License-Identifier: GPL-2.0
locktorture.torture_type=rtmutex_lock
