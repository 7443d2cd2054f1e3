// Lock, nestable lock and critical slices with their waits, traced on Glass.
// REQUIRES: ompt
// RUN: %cc %flags %S/Inputs/locks.c -o %t
// RUN: env OMP_NUM_THREADS=2 %trace-run %t | %FileCheck %S/Inputs/locks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'Glass' --threads 2 --count lock=40 --count "lock wait=40" \
// RUN:   --count "nest lock=40" --count critical=40 --count "critical wait=40" \
// RUN:   --inside "lock=implicit task" --inside "critical=implicit task" --loc lock=lock \
// RUN:   --loc critical=critical --source %S/Inputs/locks.c --summary-row lock --summary-row critical
// RUN: env OMP_NUM_THREADS=7 %trace-run %t | %FileCheck %S/Inputs/locks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'Glass' --threads 7 --count lock=140 --count "lock wait=140" \
// RUN:   --count "nest lock=140" --count critical=140 --count "critical wait=140" \
// RUN:   --inside "lock=implicit task" --inside "critical=implicit task" --loc lock=lock \
// RUN:   --loc critical=critical --source %S/Inputs/locks.c --summary-row lock --summary-row critical
