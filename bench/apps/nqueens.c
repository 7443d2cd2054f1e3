// nqueens: counts the placements of n queens, one task per placement in the first rows.
#include "app.h"

static int depth_cutoff;

static long queens_serial(int n, int row, unsigned cols, unsigned d1, unsigned d2) {
  if (row == n)
    return 1;
  long count = 0;
  unsigned avail = ~(cols | d1 | d2) & ((1u << n) - 1);
  while (avail) {
    unsigned bit = avail & -avail;
    avail -= bit;
    count += queens_serial(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
  }
  return count;
}

static long queens(int n, int row, unsigned cols, unsigned d1, unsigned d2) {
  if (row >= depth_cutoff)
    return queens_serial(n, row, cols, d1, d2);
  if (row == n)
    return 1;
  long counts[32] = {0};
  unsigned avail = ~(cols | d1 | d2) & ((1u << n) - 1);
  for (int k = 0; avail; k++) {
    unsigned bit = avail & -avail;
    avail -= bit;
#pragma omp task shared(counts) firstprivate(k, bit)
    counts[k] = queens(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
  }
#pragma omp taskwait
  long total = 0;
  for (int k = 0; k < n; k++)
    total += counts[k];
  return total;
}

int main(int argc, char **argv) {
  app_args(argc, argv);
  static const long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712};
  int n = app_small ? 8 : 13;
  depth_cutoff = app_small ? 3 : 5;
  long result = 0;
  double t0 = app_now();
#pragma omp parallel
#pragma omp single
  result = queens(n, 0, 0, 0, 0);
  double t = app_now() - t0;
  char size[64], detail[96];
  snprintf(size, sizeof(size), "n=%d task-depth=%d", n, depth_cutoff);
  snprintf(detail, sizeof(detail), "%ld solutions, expected %ld", result, known[n]);
  return app_report("nqueens", size, t, result == known[n], detail);
}
