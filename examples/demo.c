// The Glass demo: a few parallel regions, nested ones, and barriers, with their results
// printed. Run under a tool (scripts/demo.sh uses glass-printer) to see what the runtime
// reports.
#include <omp.h>
#include <stdio.h>

static double work(int i) {
  double x = 0;
  for (int k = 0; k < 1000 * (i + 1); k++)
    x += 1.0 / (k + 1);
  return x;
}

int main(void) {
  double sums[8] = {0};
  int team = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0)
      team = omp_get_num_threads();
    sums[t % 8] = work(t);
#pragma omp barrier
  }
  printf("demo: a team of %d threads computed their partial sums\n", team);

  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0)
        printf("demo: nested region at level %d, ancestor thread %d\n", omp_get_level(),
               omp_get_ancestor_thread_num(1));
    }
  }
  printf("demo: done in %s\n", sums[0] > 0 ? "good shape" : "bad shape");
  return 0;
}
