// target nowait with depend: a chain of regions in order, two independent chains, taskwait.
#include "common.h"

int main(void) {
  require_gpu();
  enum { N = 1 << 16 };
  static int a[N], b[N];
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int step = 0; step < 10; step++) {
#pragma omp target teams distribute parallel for nowait depend(inout : a) map(tofrom : a)
      for (int i = 0; i < N; i++)
        a[i] = a[i] * 2 + 1;
#pragma omp target teams distribute parallel for nowait depend(inout : b) map(tofrom : b)
      for (int i = 0; i < N; i++)
        b[i] += step;
    }
#pragma omp taskwait
  }
  EXPECT(a[123] == 1023, "a chain of 10 doublings: %d", a[123]);
  EXPECT(b[N - 1] == 45, "the sum of steps: %d", b[N - 1]);
  return finish("nowait");
}
