// Explicit tasks, flows from creation and along dependences, taskwait and taskgroup waits, traced on LLVM's libomp 19.
// REQUIRES: libomp19
// RUN: %cc %flags-libomp %S/Inputs/tasks.c -o %t
// RUN: env OMP_NUM_THREADS=2 %trace-run-libomp %t | %FileCheck %S/Inputs/tasks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads ">=1" --count "task>=32" \
// RUN:   --flows "task created=32" --flows dependence=3 --count taskgroup=1 --count "taskwait>=13" \
// RUN:   --inside "task=implicit task" --inside "taskwait wait=taskwait" \
// RUN:   --inside "taskgroup wait=taskgroup" --loc taskgroup=group --source %S/Inputs/tasks.c \
// RUN:   --summary-row task --summary-row taskwait
// RUN: env OMP_NUM_THREADS=7 %trace-run-libomp %t | %FileCheck %S/Inputs/tasks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads ">=1" --count "task>=32" \
// RUN:   --flows "task created=32" --flows dependence=3 --count taskgroup=1 --count "taskwait>=13" \
// RUN:   --inside "task=implicit task" --inside "taskwait wait=taskwait" \
// RUN:   --inside "taskgroup wait=taskgroup" --loc taskgroup=group --source %S/Inputs/tasks.c \
// RUN:   --summary-row task --summary-row taskwait
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
