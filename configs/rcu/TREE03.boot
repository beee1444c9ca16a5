# SPDX-License-Identifier: GPL-2.0
rcutree.kthread_prio=2 threadirqs rcutree.use_softirq=0 rcutorture.onoff_interval=300 rcutorture.onoff_holdoff=20 rcutree.gp_preinit_delay=5
