// regions: many short parallel regions, as in codes that parallelize small inner loops: each
// region runs a 64-iteration `omp for` with a reduction. 5,000 regions (--small: 200); every
// region makes a parallel, implicit-task, loop, reduction and barrier slice per thread.
#include "../apps/app.h"

int main(int argc, char **argv) {
  app_args(argc, argv);
  int regions = app_small ? 200 : 5000;
  long total = 0;
  double t0 = app_now();
  for (int r = 0; r < regions; r++) {
    long sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < 64; i++)
      sum += i + r;
    total += sum;
  }
  double t = app_now() - t0;
  // sum over r of (0 + ... + 63) + 64 r
  long expect = (long)regions * 2016 + 64L * regions * (regions - 1) / 2;
  char size[64], detail[96];
  snprintf(size, sizeof(size), "regions=%d", regions);
  snprintf(detail, sizeof(detail), "total %ld expected %ld", total, expect);
  return app_report("regions", size, t, total == expect, detail);
}
