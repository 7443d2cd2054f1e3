// OMP_DISPLAY_AFFINITY: a thread's line comes on stdout when it enters its first region, a
// serialized one (a team of one) included, and again only when a field of the format changes
// (here the team size); the same region again shows nothing, nor does a new format by itself.
// RUN: %compile && env OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="D L%L n%n N%N" \
// RUN:   %run %t 2>%t.err | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // the runtime's lines and ours in one ordered stream
  omp_set_num_threads(1);
  printf("one\n");
#pragma omp parallel
  {
  }
  printf("one again\n");
#pragma omp parallel
  {
  }
  printf("two\n");
#pragma omp parallel num_threads(2)
  {
  }
  printf("format\n");
  omp_set_affinity_format("X L%L n%n N%N");
#pragma omp parallel num_threads(2)
  {
  }
  printf("end\n");
  return 0;
}
// CHECK: one
// CHECK-NEXT: D L1 n0 N1
// CHECK-NEXT: one again
// CHECK-NEXT: two
// CHECK-DAG: D L1 n0 N2
// CHECK-DAG: D L1 n1 N2
// CHECK: format
// CHECK-NEXT: end
