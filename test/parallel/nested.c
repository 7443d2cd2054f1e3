// Nested parallel regions: active up to max-active-levels, serialized beyond; omp_get_level,
// omp_get_active_level, omp_get_ancestor_thread_num and omp_get_team_size see every level.
// RUN: %compile
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s --check-prefix=TWO
// RUN: env OMP_MAX_ACTIVE_LEVELS=1 %run %t | %FileCheck %s --check-prefix=ONE
// RUN: env OMP_NESTED=true %run %t | %FileCheck %s --check-prefix=NESTED
// RUN: env OMP_NUM_THREADS=3,2 %run %t | %FileCheck %s --check-prefix=LIST
#include <omp.h>
#include <stdio.h>

int main(void) {
  int hits[4][4][4] = {{{0}}};
  int bad = 0;
  int sizes[4] = {0};
  int active = -1, level = -1;
#pragma omp parallel num_threads(2)
  {
    int a = omp_get_thread_num();
#pragma omp parallel num_threads(3)
    {
      int b = omp_get_thread_num();
#pragma omp parallel num_threads(2)
      {
        int c = omp_get_thread_num();
        if (omp_get_ancestor_thread_num(0) != 0 || omp_get_ancestor_thread_num(1) != a ||
            omp_get_ancestor_thread_num(2) != b || omp_get_ancestor_thread_num(3) != c ||
            omp_get_ancestor_thread_num(4) != -1 || omp_get_ancestor_thread_num(-1) != -1)
          bad++;
        if (omp_get_team_size(0) != 1 || omp_get_team_size(4) != -1)
          bad++;
#pragma omp atomic
        hits[a][b][c]++;
        if (a == 0 && b == 0 && c == 0) {
          level = omp_get_level();
          active = omp_get_active_level();
          for (int l = 1; l <= 3; l++)
            sizes[l] = omp_get_team_size(l);
        }
      }
    }
  }
  int total = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      for (int c = 0; c < 4; c++)
        total += hits[a][b][c];
  printf("level=%d active=%d sizes=%d,%d,%d total=%d bad=%d\n", level, active, sizes[1], sizes[2],
         sizes[3], total, bad);

  // Default team sizes follow the OMP_NUM_THREADS list per level.
  int outer = 0, inner = 0, inner_max = 0;
#pragma omp parallel
  {
#pragma omp parallel
    {
      if (omp_get_ancestor_thread_num(1) == 0 && omp_get_thread_num() == 0) {
        outer = omp_get_team_size(1);
        inner = omp_get_num_threads();
        inner_max = omp_get_max_threads();
      }
    }
  }
  printf("list: outer=%d inner=%d inner_max=%d\n", outer, inner, inner_max);
  return bad != 0;
}
// TWO: level=3 active=2 sizes=2,3,1 total=6 bad=0
// ONE: level=3 active=1 sizes=2,1,1 total=2 bad=0
// NESTED: level=3 active=3 sizes=2,3,2 total=12 bad=0
// LIST: level=3 active=3 sizes=2,3,2 total=12 bad=0
// LIST: list: outer=3 inner=2 inner_max=2
