// Reductions across teams and threads: sum, max, a double and an int, many teams.
#include "common.h"

int main(void) {
  require_gpu();
  long n = 10000000;
  double sum = 0;
  long isum = 0;
  int mx = -1;
#pragma omp target teams distribute parallel for reduction(+ : sum, isum) reduction(max : mx)
  for (long i = 0; i < n; i++) {
    sum += 0.5;
    isum += i % 7;
    mx = (int)(i % 1000003) > mx ? (int)(i % 1000003) : mx;
  }
  long want = 0;
  for (long i = 0; i < n; i++)
    want += i % 7;
  EXPECT(sum == 0.5 * n, "sum %f", sum);
  EXPECT(isum == want, "isum %ld want %ld", isum, want);
  EXPECT(mx == 1000002, "max %d", mx);
  int teams = 0;
#pragma omp target teams num_teams(57) reduction(+ : teams)
  teams += 1;
  EXPECT(teams == 57, "57 teams counted %d", teams);
  return finish("reduction");
}
