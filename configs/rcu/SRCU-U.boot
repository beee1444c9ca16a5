# SPDX-License-Identifier: GPL-2.0
rcutorture.torture_type=srcud rcupdate.rcu_self_test=1
