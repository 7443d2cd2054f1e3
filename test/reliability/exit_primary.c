// exit() from the primary thread while the other members compute (here: spin forever). The
// process ends at once (shutdown used to give each busy worker about a second: 15 s here);
// with a tool: exit_tool.c. The program: Inputs/exit_region.c.
// The `timeout 10` is a hang detector: the exit takes milliseconds.
// RUN: %cc %flags %S/Inputs/exit_region.c -o %t
// RUN: env OMP_NUM_THREADS=16 %run timeout 10 %t primary | %FileCheck %s
// CHECK: exit from the primary, 15 workers computing
// CHECK-NOT: after the region
