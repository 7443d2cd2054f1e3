// saxpy of 2^20 floats, and a second pass on data already mapped.
#include "common.h"

int main(void) {
  require_gpu();
  int n = 1 << 20;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = (float)i, y[i] = 1.0f;
#pragma omp target teams distribute parallel for map(to : x [0:n]) map(tofrom : y [0:n])
  for (int i = 0; i < n; i++)
    y[i] += 2.0f * x[i];
#pragma omp target data map(tofrom : y [0:n]) map(to : x [0:n])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      y[i] += x[i];
  }
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += y[i] != 1.0f + 3.0f * (float)i;
  EXPECT(bad == 0, "%d wrong elements; y[5] = %g", bad, y[5]);
  return finish("saxpy");
}
