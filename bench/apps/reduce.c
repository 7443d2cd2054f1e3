// reduce: many short parallel loops, each with a sum and a max reduction, so the cost of the
// reduction and of the fork/join dominates.
#include "app.h"

static long value(long i) { return (i * 7919) % 1009; }

int main(int argc, char **argv) {
  app_args(argc, argv);
  long m = 2048, loops = app_small ? 200 : 50000;
  long sum_all = 0, max_all = 0;
  double t0 = app_now();
  for (long r = 0; r < loops; r++) {
    long sum = 0, mx = 0;
#pragma omp parallel for reduction(+ : sum) reduction(max : mx)
    for (long i = 0; i < m; i++) {
      long v = value(i + r);
      sum += v;
      mx = v > mx ? v : mx;
    }
    sum_all += sum;
    max_all = mx > max_all ? mx : max_all;
  }
  double t = app_now() - t0;
  // The expected values, from a sliding window over value(): O(loops + m).
  long want_sum = 0, want_max = 0, window = 0;
  for (long i = 0; i < m; i++)
    window += value(i);
  for (long r = 0; r < loops; r++) {
    want_sum += window;
    window += value(r + m) - value(r);
  }
  for (long i = 0; i < loops - 1 + m; i++)
    want_max = value(i) > want_max ? value(i) : want_max;
  char size[64], detail[128];
  snprintf(size, sizeof(size), "loops=%ld length=%ld", loops, m);
  snprintf(detail, sizeof(detail), "sum %ld max %ld, expected %ld and %ld", sum_all, max_all,
           want_sum, want_max);
  return app_report("reduce", size, t, sum_all == want_sum && max_all == want_max, detail);
}
