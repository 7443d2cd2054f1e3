// Host threads offloading at once: each maps its own data and all of them share one mapping
// through enter/exit data, so the present table sees concurrent inserts, reference changes
// and removals. Target teams regions run from inside a parallel region.
// RUN: %compile-offload && env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

#define ROUNDS 200

int main(void) {
  int shared[64], bad = 0;
  long teams_sum = 0;
  for (int i = 0; i < 64; i++)
    shared[i] = i;
#pragma omp parallel num_threads(4) reduction(+ : bad, teams_sum)
  {
    int own[32];
    for (int r = 0; r < ROUNDS; r++) {
      for (int i = 0; i < 32; i++)
        own[i] = r + i;
#pragma omp target enter data map(to : shared)
#pragma omp target map(tofrom : own) map(to : shared)
      for (int i = 0; i < 32; i++)
        own[i] += shared[i];
#pragma omp target exit data map(release : shared)
      for (int i = 0; i < 32; i++)
        bad += own[i] != r + 2 * i;
    }
    long s = 0;
#pragma omp target teams distribute parallel for num_teams(2) reduction(+ : s) map(to : shared)
    for (int i = 0; i < 64; i++)
      s += shared[i];
    teams_sum += s;
  }
  // CHECK: bad 0 teams 8064 present 0
  printf("bad %d teams %ld present %d\n", bad, teams_sum,
         omp_target_is_present(shared, omp_get_default_device()));
  return 0;
}
