// loops: a loop-heavy kernel, the moderate event rate of most numerical codes: Jacobi sweeps
// (three-point average, periodic) over 2^19 doubles inside one parallel region, each sweep a
// static `omp for` and its barrier, every tenth sweep a dynamic loop computing the sum. 200
// sweeps (--small: 10). The average preserves the sum, which checks the result.
#include "../apps/app.h"

#include <math.h>

int main(int argc, char **argv) {
  app_args(argc, argv);
  int n = 1 << 19, sweeps = app_small ? 10 : 200;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  if (!a || !b)
    return 1;
  double start = 0;
  for (int i = 0; i < n; i++)
    start += a[i] = (double)(i % 1000) / 1000.0;
  double sum = 0;
  double t0 = app_now();
#pragma omp parallel
  for (int s = 0; s < sweeps; s++) {
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      b[i] = (a[i ? i - 1 : n - 1] + a[i] + a[i + 1 < n ? i + 1 : 0]) / 3.0;
#pragma omp single
    {
      double *t = a;
      a = b;
      b = t;
      sum = 0;
    }
    if (s % 10 == 9) {
#pragma omp for schedule(dynamic, 4096) reduction(+ : sum)
      for (int i = 0; i < n; i++)
        sum += a[i];
    }
  }
  double t = app_now() - t0;
  double check = 0;
  for (int i = 0; i < n; i++)
    check += a[i];
  int ok = fabs(check - start) <= 1e-6 * start;
  char size[64], detail[128];
  snprintf(size, sizeof(size), "n=%d sweeps=%d", n, sweeps);
  snprintf(detail, sizeof(detail), "sum %.6f expected %.6f", check, start);
  free(a);
  free(b);
  return app_report("loops", size, t, ok, detail);
}
