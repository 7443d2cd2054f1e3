// teams distribute parallel for: num_teams and thread_limit honoured, every iteration once,
// generic-mode regions (code between teams and parallel), omp_get_* inside.
#include "common.h"

int main(void) {
  require_gpu();
  enum { N = 100000 };
  static int hits[N];
  int nteams = 0, nthreads = 0;
#pragma omp target teams distribute parallel for num_teams(40) thread_limit(64)                    \
    map(tofrom                                                                                     \
        : hits, nteams, nthreads)
  for (int i = 0; i < N; i++) {
    hits[i]++;
    if (i == 0)
      nteams = omp_get_num_teams(), nthreads = omp_get_num_threads();
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += hits[i] != 1;
  EXPECT(bad == 0, "%d iterations not run exactly once", bad);
  EXPECT(nteams == 40, "num_teams %d", nteams);
  EXPECT(nthreads >= 1 && nthreads <= 64, "threads %d", nthreads);
  static int per_team[16];
#pragma omp target teams num_teams(16) map(tofrom : per_team)
  {
    int t = omp_get_team_num();
    int local = 0;
#pragma omp parallel reduction(+ : local)
    local += 1;
    per_team[t] = local;
  }
  for (int t = 0; t < 16; t++)
    EXPECT(per_team[t] >= 1, "team %d ran %d threads", t, per_team[t]);
  return finish("teams");
}
