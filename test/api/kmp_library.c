// kmp_set_library: turnaround makes waiting threads spin without limit (an infinite block
// time); throughput gives back the block time turnaround replaced, or libomp's default 200 ms
// when the block time was infinite before (as after OMP_WAIT_POLICY=active). A block time set
// during turnaround stays. An unknown mode is refused with a warning and changes nothing. RUN:
// %compile && %run %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

static void show(const char *what) {
  printf("%s: library %d blocktime %d\n", what, kmp_get_library(), kmp_get_blocktime());
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with the warning on stderr
  kmp_set_blocktime(50);
  show("start");
  // CHECK: start: library 3 blocktime 50
  kmp_set_library_turnaround();
  show("turnaround");
  // CHECK: turnaround: library 2 blocktime 2147483647
  kmp_set_library_turnaround(); // again: the saved block time is still 50
  kmp_set_library_throughput();
  show("throughput");
  // CHECK: throughput: library 3 blocktime 50

  kmp_set_library_turnaround();
  kmp_set_blocktime(7); // set while turning around: it stays
  kmp_set_library_throughput();
  show("set meanwhile");
  // CHECK: set meanwhile: library 3 blocktime 7

  kmp_set_blocktime(-1); // infinite without turnaround: throughput bounds it
  kmp_set_library_throughput();
  show("from infinite");
  // CHECK: from infinite: library 3 blocktime 200

  kmp_set_library(9);
  show("unknown");
  // CHECK: OMP: Warning: kmp_set_library(9): unknown library mode; ignored
  // CHECK: unknown: library 3 blocktime 200

  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += 1;
  printf("sum %d\n", sum);
  // CHECK: sum 2
  return 0;
}
