# SPDX-License-Identifier: GPL-2.0
rcu_nocbs=1-7:1/2 rcupdate.rcu_self_test=1
