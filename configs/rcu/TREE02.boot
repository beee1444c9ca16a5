# SPDX-License-Identifier: GPL-2.0
rcutorture.fwd_progress=2
