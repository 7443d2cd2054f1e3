// The chunk omp_get_schedule reports when none was given, or one below 1 (OpenMP 5.1: the
// default): 1 for dynamic and guided (their default chunk), 0 for static (balanced blocks, no
// number); auto ignores the chunk and reports 1. As libomp. Given chunks come back as given.
// libomp's static_steal kind runs as dynamic and reports dynamic (libomp reports it so too);
// its trapezoidal kind runs as guided and reports 101 (omp_set_schedule takes 101 too), as
// libomp reports it; a schedule(runtime) loop runs every iteration once under each.
// RUN: %compile && env OMP_SCHEDULE=dynamic %run %t | %FileCheck %s --check-prefix=DYN
// RUN: env OMP_SCHEDULE=guided %run %t | %FileCheck %s --check-prefix=GUI
// RUN: env OMP_SCHEDULE=monotonic:dynamic %run %t | %FileCheck %s --check-prefix=MON
// RUN: env OMP_SCHEDULE=static %run %t | %FileCheck %s --check-prefix=STA
// RUN: env OMP_SCHEDULE=auto %run %t | %FileCheck %s --check-prefix=AUT
// RUN: env OMP_SCHEDULE=dynamic,7 %run %t | %FileCheck %s --check-prefix=DYN7
// RUN: env OMP_SCHEDULE=static_steal %run %t 2>&1 | %FileCheck %s --check-prefix=DYN
// RUN: env OMP_SCHEDULE=static_steal,14 %run %t 2>&1 | %FileCheck %s --check-prefix=STEAL
// RUN: env OMP_SCHEDULE=static_stea %run %t 2>&1 | %FileCheck %s --check-prefix=TYPO
// RUN: env OMP_SCHEDULE=trapezoidal %run %t 2>&1 | %FileCheck %s --check-prefix=TRAP
// RUN: env OMP_SCHEDULE=trapezoidal,13 OMP_DISPLAY_ENV=true %run %t 2>&1 | %FileCheck %s --check-prefix=TRAP13
// RUN: %run %t | %FileCheck %s --check-prefix=STA
#include <omp.h>
#include <stdio.h>

static void show(const char *what) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("%s: kind=%#x chunk=%d\n", what, (unsigned)kind, chunk);
}

int main(void) {
  show("env");
  int once = 0;
  static int hits[1000];
#pragma omp parallel for schedule(runtime) num_threads(2)
  for (int i = 0; i < 1000; i++)
    hits[i]++;
  for (int i = 0; i < 1000; i++)
    once += hits[i] == 1;
  printf("runtime loop: %d of 1000 once\n", once);
  omp_set_schedule(omp_sched_dynamic, 0);
  show("dynamic,0");
  omp_set_schedule(omp_sched_guided, -4);
  show("guided,-4");
  omp_set_schedule(omp_sched_static, 0);
  show("static,0");
  omp_set_schedule(omp_sched_static, 3);
  show("static,3");
  omp_set_schedule(omp_sched_auto, 5);
  show("auto,5");
  omp_set_schedule((omp_sched_t)101, 2);
  show("trapezoidal,2");
  omp_set_schedule(omp_sched_guided, 9);
#pragma omp parallel num_threads(2)
#pragma omp single
  show("inherited guided,9");
  return 0;
}
// DYN: env: kind=0x2 chunk=1
// GUI: env: kind=0x3 chunk=1
// MON: env: kind=0x80000002 chunk=1
// STA: env: kind=0x1 chunk=0
// AUT: env: kind=0x4 chunk=1
// DYN7: env: kind=0x2 chunk=7
// STEAL: env: kind=0x2 chunk=14
// TYPO: OMP_SCHEDULE="static_stea" is invalid
// TYPO: env: kind=0x1 chunk=0
// TRAP: env: kind=0x65 chunk=1
// TRAP-NEXT: runtime loop: 1000 of 1000 once
// TRAP13: OMP_SCHEDULE='TRAPEZOIDAL,13'
// TRAP13: env: kind=0x65 chunk=13
// TRAP13-NEXT: runtime loop: 1000 of 1000 once
// DYN: dynamic,0: kind=0x2 chunk=1
// DYN-NEXT: guided,-4: kind=0x3 chunk=1
// DYN-NEXT: static,0: kind=0x1 chunk=0
// DYN-NEXT: static,3: kind=0x1 chunk=3
// DYN-NEXT: auto,5: kind=0x4 chunk=1
// DYN-NEXT: trapezoidal,2: kind=0x65 chunk=2
// DYN-NEXT: inherited guided,9: kind=0x3 chunk=9
