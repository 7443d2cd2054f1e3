// Explicit tasks, flows from creation and along dependences, taskwait and taskgroup waits, traced on Glass.
// REQUIRES: ompt
// RUN: %cc %flags %S/Inputs/tasks.c -o %t
// RUN: env OMP_NUM_THREADS=2 %trace-run %t | %FileCheck %S/Inputs/tasks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'Glass' --threads ">=1" --count "task>=32" \
// RUN:   --flows "task created=32" --flows dependence=3 --count taskgroup=1 --count "taskwait>=13" \
// RUN:   --inside "task=implicit task" --inside "taskwait wait=taskwait" \
// RUN:   --inside "taskgroup wait=taskgroup" --loc taskgroup=group --source %S/Inputs/tasks.c \
// RUN:   --summary-row task --summary-row taskwait
// RUN: env OMP_NUM_THREADS=7 %trace-run %t | %FileCheck %S/Inputs/tasks.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'Glass' --threads ">=1" --count "task>=32" \
// RUN:   --flows "task created=32" --flows dependence=3 --count taskgroup=1 --count "taskwait>=13" \
// RUN:   --inside "task=implicit task" --inside "taskwait wait=taskwait" \
// RUN:   --inside "taskgroup wait=taskgroup" --loc taskgroup=group --source %S/Inputs/tasks.c \
// RUN:   --summary-row task --summary-row taskwait
