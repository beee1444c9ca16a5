# SPDX-License-Identifier: GPL-2.0
locktorture.torture_type=percpu_rwsem_lock
