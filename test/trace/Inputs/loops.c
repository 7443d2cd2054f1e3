// Worksharing constructs for the trace tests: each prints its result so a wrong runtime fails.
#include <omp.h>
#include <stdio.h>

static double spin(int i) {
  double x = 0;
  for (int k = 0; k < 200 * (i % 7 + 1); k++)
    x += 1.0 / (k + 1);
  return x;
}

int main(void) {
  static double a[400];
  int singles = 0, masters = 0, sections = 0;
  double total = 0;
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 4) // @dynamic
    for (int i = 0; i < 400; i++)
      a[i] = spin(i);
#pragma omp for schedule(static) // @static
    for (int i = 0; i < 400; i++)
      a[i] = a[i] > 0 ? 1 : 0;
#pragma omp single // @single
    {
      for (int i = 0; i < 400; i++)
        total += a[i];
      singles++;
    }
#pragma omp master // @master
    masters++;
#pragma omp sections // @sections
    {
#pragma omp section
      {
#pragma omp atomic
        sections++;
      }
#pragma omp section
      {
#pragma omp atomic
        sections++;
      }
    }
  }
  // OUT: loops: total 400 singles 1 masters 1 sections 2
  printf("loops: total %.0f singles %d masters %d sections %d\n", total, singles, masters,
         sections);
  return total == 400 && singles == 1 && masters == 1 && sections == 2 ? 0 : 1;
}
