// exit() in the middle of a region with a tool attached (exit_worker.c and exit_primary.c
// without one): from a worker while the others wait in a barrier, and from the primary while
// the workers compute. The process ends at once (the `timeout 10` is a hang detector), the
// tool's finalizer runs exactly once, after the exiting program's last line, and no thread
// ends twice; the initial thread ends. The program: Inputs/exit_region.c.
// REQUIRES: ompt
// RUN: %cc %flags %S/Inputs/exit_region.c -o %t
// RUN: env OMP_NUM_THREADS=32 %run-tool timeout 10 %t worker > %t.w
// RUN: %FileCheck --check-prefix=WORKER %s < %t.w
// RUN: grep -c ": finalize " %t.w | %FileCheck --check-prefix=ONCE %s
// RUN: grep ": thread_end " %t.w | sort | uniq -d | wc -l | %FileCheck --check-prefix=NODUP %s
// RUN: env OMP_NUM_THREADS=16 %run-tool timeout 10 %t primary > %t.p
// RUN: %FileCheck --check-prefix=PRIMARY %s < %t.p
// RUN: grep -c ": finalize " %t.p | %FileCheck --check-prefix=ONCE %s
// RUN: grep ": thread_end " %t.p | sort | uniq -d | wc -l | %FileCheck --check-prefix=NODUP %s
// WORKER: 1: thread_begin type=initial thread=1
// WORKER: exit from worker, team of 32
// WORKER-NOT: past the barrier
// WORKER: thread_end thread=1
// WORKER-NOT: after the region
// WORKER: finalize
// PRIMARY: 1: thread_begin type=initial thread=1
// PRIMARY: exit from the primary, 15 workers computing
// PRIMARY: 1: thread_end thread=1
// PRIMARY-NOT: after the region
// PRIMARY: 1: finalize
// ONCE: 1
// NODUP: 0
