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

static void mark(const char *what) {
  printf("loop %s\n", what);
  fflush(stdout);
}

int main(void) {
  volatile int sink = 0;
  mark("auto");
#pragma omp parallel for schedule(auto) num_threads(2)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("runtime=auto");
#pragma omp parallel for schedule(runtime) num_threads(2)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("serialized guided");
#pragma omp parallel for schedule(guided) if (0)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("serialized auto");
#pragma omp parallel for schedule(auto) num_threads(1)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("serialized dynamic");
#pragma omp parallel for schedule(dynamic) num_threads(1)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("static");
#pragma omp parallel for schedule(static) num_threads(2)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("dynamic");
#pragma omp parallel for schedule(dynamic) num_threads(2)
  for (int i = 0; i < 64; i++)
    sink += i;
  mark("end");
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
