// The work kind of a worksharing loop's work events is the schedule the loop runs with
// (OpenMP 5.2's ompt_work_loop_* values): auto, which Glass runs as guided, is loop_guided (as
// libomp), also through schedule(runtime) with OMP_SCHEDULE=auto; a guided or auto loop in a
// team of one (if(0), num_threads(1)) runs as one static block and is loop_static, as libomp
// reports it, while a dynamic one stays loop_dynamic; static and dynamic are themselves. Never
// loop_other.
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=2 OMP_SCHEDULE=auto %run-tool %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>

#define PRAGMA(x) _Pragma(#x)
// Marks the output, then runs one loop with the given clauses.
#define LOOP(what, clauses)                                                                        \
  do {                                                                                             \
    printf("loop %s\n", what);                                                                     \
    fflush(stdout);                                                                                \
    PRAGMA(omp parallel for clauses)                                                               \
    for (int i = 0; i < 64; i++)                                                                   \
      sink += i;                                                                                   \
  } while (0)

int main(void) {
  volatile int sink = 0;
  LOOP("auto", schedule(auto) num_threads(2));
  LOOP("runtime=auto", schedule(runtime) num_threads(2));
  LOOP("serialized guided", schedule(guided) if (0));
  LOOP("serialized auto", schedule(auto) num_threads(1));
  LOOP("serialized dynamic", schedule(dynamic) num_threads(1));
  LOOP("static", schedule(static) num_threads(2));
  LOOP("dynamic", schedule(dynamic) num_threads(2));
  printf("loop end\n");
  return 0;
}
// CHECK-NOT: loop_other
// CHECK: loop auto
// CHECK-NOT: loop_other
// CHECK: work_begin type=loop_guided
// CHECK-NOT: loop_other
// CHECK: loop runtime=auto
// CHECK-NOT: loop_other
// CHECK: work_begin type=loop_guided
// CHECK-NOT: loop_other
// CHECK: loop serialized guided
// CHECK: work_begin type=loop_static
// CHECK: loop serialized auto
// CHECK-NOT: loop_other
// CHECK: work_begin type=loop_static
// CHECK: loop serialized dynamic
// CHECK: work_begin type=loop_dynamic
// CHECK: loop static
// CHECK-NOT: loop_other
// CHECK: work_begin type=loop_static
// CHECK: loop dynamic
// CHECK-NOT: loop_other
// CHECK: work_begin type=loop_dynamic
// CHECK-NOT: loop_other
// CHECK: loop end
