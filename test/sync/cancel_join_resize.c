// A cancelled region whose members join in its barrier, followed at once by a smaller region
// (and now and then by omp_pause_resource): a member released late from that barrier must
// still see that it was the join, though the master has since run and cancelled further
// regions on the same team, and must relay the release to the whole cancelled team.
// RUN: %compile
// RUN: env OMP_CANCELLATION=true %run %t 3000 | %FileCheck %s
// RUN: env OMP_CANCELLATION=true KMP_BLOCKTIME=0 %run %t 1000 | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void cancelled_region(void) {
#pragma omp parallel num_threads(7)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
#pragma omp barrier
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 1000;
  long small = 0;
  omp_set_dynamic(0);
  for (int r = 0; r < rounds; r++) {
    cancelled_region();
#pragma omp parallel num_threads(2) reduction(+ : small)
    small += 1;
    if (r % 100 == 0) {
      cancelled_region();
      omp_pause_resource(omp_pause_soft, omp_get_initial_device());
    }
  }
  // A region nobody cancels still runs with the whole team.
  int members = 0;
#pragma omp parallel num_threads(7) reduction(+ : members)
  members += 1;
  printf("small=%d members=%d\n", small == 2L * rounds, members == 7);
  return 0;
}
// CHECK: small=1 members=1
