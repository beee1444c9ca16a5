# SPDX-License-Identifier: GPL-2.0
rcutorture.torture_type=tasks rcupdate.rcu_task_enqueue_lim=4
