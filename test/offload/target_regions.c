// Target regions on the host device: results of target, target parallel, target teams with
// num_teams/thread_limit (run through Glass's teams), a reduction across teams, `declare
// target` functions and globals (the device has its own copy of a global), and many
// arguments (more than the six that travel in registers).
// RUN: %compile-offload && %run %t | %FileCheck %s
// REQUIRES: offload
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int counter = 5;
static int scale(int x) {
  return x * counter;
}
#pragma omp end declare target

int main(void) {
  int a[64], sum = 0;
  for (int i = 0; i < 64; i++)
    a[i] = i;
#pragma omp target map(to : a) map(tofrom : sum)
  for (int i = 0; i < 64; i++)
    sum += scale(a[i]);
  // CHECK: sum 10080
  printf("sum %d\n", sum);

  // The device's counter is its own: the host's change is not seen until an update.
  counter = 7;
  int dev_counter = 0;
#pragma omp target map(from : dev_counter)
  dev_counter = counter;
  // CHECK: device counter 5 host 7
  printf("device counter %d host %d\n", dev_counter, counter);
#pragma omp target update to(counter)
#pragma omp target map(from : dev_counter)
  {
    dev_counter = counter;
    counter = 11;
  }
  // CHECK: after update 7 host 7
  printf("after update %d host %d\n", dev_counter, counter);
#pragma omp target update from(counter)
  // CHECK: host after update from 11
  printf("host after update from %d\n", counter);

  int teams = 0, threads = 0;
  long total = 0;
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(2) \
      reduction(+: total) map(tofrom: teams, threads)
  for (int i = 0; i < 1000; i++) {
    total += i;
    if (i == 0) {
      teams = omp_get_num_teams();
      threads = omp_get_num_threads();
    }
  }
  // CHECK: teams 3 threads<=2 1 total 499500
  printf("teams %d threads<=2 %d total %ld\n", teams, threads >= 1 && threads <= 2, total);

  int nthreads = 0;
#pragma omp target parallel num_threads(2) map(tofrom : nthreads)
  {
#pragma omp atomic
    nthreads++;
  }
  // CHECK: parallel 2
  printf("parallel %d\n", nthreads);

  int v0 = 1, v1 = 2, v2 = 3, v3 = 4, v4 = 5, v5 = 6, v6 = 7, v7 = 8, v8 = 9, out = 0;
#pragma omp target map(to : v0, v1, v2, v3, v4, v5, v6, v7, v8) map(from : out)
  out = v0 + 10 * v1 + 100 * v2 + 1000 * v3 + 10000 * v4 + 100000 * v5 + 1000000 * v6 +
        10000000 * v7 + 100000000 * v8;
  // CHECK: nine arguments 987654321
  printf("nine arguments %d\n", out);

  // Every device has its own memory and its own image: device 0 counts from 11, the others 5.
  int id[4] = {0};
  for (int dev = 0; dev < omp_get_num_devices() && dev < 4; dev++) {
#pragma omp target device(dev) map(tofrom : id [dev:1])
    id[dev] = counter + dev;
  }
  // CHECK: devices 11 6 7 8
  printf("devices %d %d %d %d\n", id[0], id[1], id[2], id[3]);
  return 0;
}
