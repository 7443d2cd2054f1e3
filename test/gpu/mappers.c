// A user-defined mapper for a structure with a pointer member, and a target update.
#include "common.h"

struct vec {
  int n;
  double *d;
};
#pragma omp declare mapper(struct vec v) map(v, v.d [0:v.n])

int main(void) {
  require_gpu();
  struct vec v = {1000, malloc(1000 * sizeof(double))};
  for (int i = 0; i < v.n; i++)
    v.d[i] = i;
#pragma omp target map(tofrom : v)
  for (int i = 0; i < v.n; i++)
    v.d[i] *= 2;
  EXPECT(v.d[999] == 1998 && v.d[1] == 2, "d[999] %g", v.d[999]);
#pragma omp target enter data map(to : v)
  for (int i = 0; i < v.n; i++)
    v.d[i] = -1;
#pragma omp target update from(v)
  EXPECT(v.d[10] == 20, "after update from: %g", v.d[10]);
#pragma omp target exit data map(delete : v)
  return finish("mappers");
}
