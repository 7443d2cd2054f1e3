// exit() from a worker in the middle of a region: the other members wait in a barrier for it
// and never come back. Shutdown must not wait for them (it used to give each busy worker about
// a second: 31 s here). (With a tool: exit_tool.c.) The program: Inputs/exit_region.c.
// The `timeout 10` is a hang detector: the exit takes milliseconds.
// RUN: %cc %flags %S/Inputs/exit_region.c -o %t
// RUN: env OMP_NUM_THREADS=32 %run timeout 10 %t worker | %FileCheck %s
// CHECK: start
// CHECK-NEXT: exit from worker, team of 32
// CHECK-NOT: past the barrier
// CHECK-NOT: after the region
