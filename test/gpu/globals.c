// declare target globals: initial values, updates both ways, a device function using them.
#include "common.h"

#pragma omp declare target
int counter = 5;
double table[256];
static int scale(int x) {
  return x * counter;
}
#pragma omp end declare target

int main(void) {
  require_gpu();
  int r = 0;
#pragma omp target map(from : r)
  r = scale(3);
  EXPECT(r == 15, "scale(3) with the device's counter: %d", r);
  counter = 7; // the host copy only
#pragma omp target map(from : r)
  r = counter;
  EXPECT(r == 5, "device copy changed without an update: %d", r);
#pragma omp target update to(counter)
#pragma omp target map(from : r)
  r = scale(2);
  EXPECT(r == 14, "after update to: %d", r);
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 256; i++)
    table[i] = i * 0.5;
#pragma omp target update from(table)
  EXPECT(table[255] == 127.5, "table[255] %g", table[255]);
  return finish("globals");
}
