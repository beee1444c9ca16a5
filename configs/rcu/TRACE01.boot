# SPDX-License-Identifier: GPL-2.0
rcutorture.torture_type=tasks-tracing
