// Lock, nestable lock and critical slices with their waits, traced on LLVM's libomp 19.
// REQUIRES: libomp19
// RUN: %cc %flags-libomp %S/Inputs/locks.c -o %t
// RUN: env OMP_NUM_THREADS=2 %trace-run-libomp %t | %FileCheck %S/Inputs/locks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads 2 --count lock=40 --count "lock wait=40" \
// RUN:   --count "nest lock=40" --count critical=40 --count "critical wait=40" \
// RUN:   --inside "lock=implicit task" --inside "critical=implicit task" --loc lock=lock \
// RUN:   --loc critical=critical --source %S/Inputs/locks.c --summary-row lock --summary-row critical
// RUN: env OMP_NUM_THREADS=7 %trace-run-libomp %t | %FileCheck %S/Inputs/locks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads 7 --count lock=140 --count "lock wait=140" \
// RUN:   --count "nest lock=140" --count critical=140 --count "critical wait=140" \
// RUN:   --inside "lock=implicit task" --inside "critical=implicit task" --loc lock=lock \
// RUN:   --loc critical=critical --source %S/Inputs/locks.c --summary-row lock --summary-row critical
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
