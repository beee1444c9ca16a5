# SPDX-License-Identifier: GPL-2.0
rcutorture.torture_type=srcud srcutree.convert_to_big=2 rcupdate.rcu_self_test=1
