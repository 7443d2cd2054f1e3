// target nowait with depend: a chain of regions in order, two independent chains, taskwait;
// then chains of nowait data constructs with host tasks between them, which must see what each
// step left (a target task that completed before its copies reached the host shows here).
// Every construct here goes through the asynchronous path (one stream per construct, its task
// completed when the stream's work ends); run.sh counts them under LIBOMPTARGET_INFO=0x10.
#include "common.h"

enum { N = 1 << 16, SMALL = 1000 }; // SMALL ints go through the pinned staging buffer

static void data_chain(int *x, int n, int *wrong) {
#pragma omp target enter data map(to : x [0:n]) nowait depend(out : x[0])
#pragma omp task depend(inout : x[0])
  for (int i = 0; i < n; i++)
    x[i] = -1;
#pragma omp target update from(x [0:n]) nowait depend(inout : x[0])
#pragma omp task depend(inout : x[0])
  for (int i = 0; i < n; i++) {
    *wrong += x[i] != i;
    x[i] = i + 1;
  }
#pragma omp target update to(x [0:n]) nowait depend(inout : x[0])
#pragma omp target teams distribute parallel for nowait depend(inout : x[0])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
#pragma omp target exit data map(from : x [0:n]) nowait depend(inout : x[0])
}

int main(void) {
  require_gpu();
  static int a[N], b[N], c[N], d[SMALL];
  int wrong_c = 0, wrong_d = 0, constructs = 0;
  for (int i = 0; i < N; i++)
    c[i] = i;
  for (int i = 0; i < SMALL; i++)
    d[i] = i;
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
      constructs += 2;
    }
    data_chain(c, N, &wrong_c);
    data_chain(d, SMALL, &wrong_d);
    constructs += 10;
#pragma omp taskwait
  }
  EXPECT(a[123] == 1023, "a chain of 10 doublings: %d", a[123]);
  EXPECT(b[N - 1] == 45, "the sum of steps: %d", b[N - 1]);
  EXPECT(wrong_c == 0 && wrong_d == 0, "copies back before the next task: %d, %d wrong", wrong_c,
         wrong_d);
  EXPECT(c[N - 1] == 2 * N && d[SMALL - 1] == 2 * SMALL, "the chains' results: %d %d", c[N - 1],
         d[SMALL - 1]);
  printf("nowait constructs %d\n", constructs);
  return finish("nowait");
}
