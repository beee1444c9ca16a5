# SPDX-License-Identifier: GPL-2.0
rcu_nocbs=1-7 rcutorture.nocbs_nthreads=4 rcutorture.nocbs_toggle=500 rcutree.gp_init_delay=2 rcutree.gp_cleanup_delay=2
