# SPDX-License-Identifier: GPL-2.0
rcutree.rcu_fanout_exact=1 rcupdate.rcu_self_test=1
