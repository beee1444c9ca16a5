# SPDX-License-Identifier: GPL-2.0
rcupdate.rcu_self_test=1
