# SPDX-License-Identifier: GPL-2.0
locktorture.torture_type=rwsem_lock
