// What one reading of the trace clock costs on this machine, in process CPU time (the waits of
// a loaded machine do not count): rdtsc back to back, rdtsc among a few stores (as on the
// recording path, where the reading's latency can overlap other work), and a vDSO
// clock_gettime(CLOCK_MONOTONIC) (the host device's fallback clock). Prints one JSON line with
// the best of 3 rounds of each, in ns. bench/offload.py runs it beside the offload figures.
//
//   clock_cost [--count N]
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

static volatile uint64_t sink[64];

static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// ns per iteration of each loop; the "stores" loop without the reading is subtracted.
static void round_once(long n, double *tsc, double *tsc_stores, double *gettime) {
  uint64_t s = 0;
  double t0 = cpu_s();
#if defined(__x86_64__)
  for (long i = 0; i < n; i++)
    s += __rdtsc();
#endif
  double t1 = cpu_s();
  for (long i = 0; i < n; i++) {
    sink[i & 63] = (uint64_t)i, sink[(i + 1) & 63] = (uint64_t)i * 3;
    sink[(i + 2) & 63] = (uint64_t)i ^ 5, sink[(i + 3) & 63] = (uint64_t)i + 7;
  }
  double t2 = cpu_s();
#if defined(__x86_64__)
  for (long i = 0; i < n; i++) {
    sink[i & 63] = (uint64_t)i, sink[(i + 1) & 63] = (uint64_t)i * 3;
    sink[(i + 2) & 63] = __rdtsc(), sink[(i + 3) & 63] = (uint64_t)i + 7;
  }
#endif
  double t3 = cpu_s();
  struct timespec ts;
  for (long i = 0; i < n / 4; i++)
    clock_gettime(CLOCK_MONOTONIC, &ts);
  double t4 = cpu_s();
  sink[0] = s;
  *tsc = (t1 - t0) / (double)n * 1e9;
  *tsc_stores = ((t3 - t2) - (t2 - t1)) / (double)n * 1e9;
  *gettime = (t4 - t3) / (double)(n / 4) * 1e9;
}

int main(int argc, char **argv) {
  long n = 10000000;
  if (argc == 3 && !strcmp(argv[1], "--count"))
    n = atol(argv[2]);
  if (n < 4) {
    fprintf(stderr, "clock_cost: --count N (N >= 4)\n");
    return 2;
  }
  double best[3] = {1e9, 1e9, 1e9};
  for (int r = 0; r < 3; r++) {
    double v[3];
    round_once(n, &v[0], &v[1], &v[2]);
    for (int k = 0; k < 3; k++)
      best[k] = v[k] < best[k] ? v[k] : best[k];
  }
#if defined(__x86_64__)
  printf("{\"rdtsc_ns\":%.2f,\"rdtsc_among_stores_ns\":%.2f,\"clock_gettime_ns\":%.2f}\n", best[0],
         best[1], best[2]);
#else
  printf("{\"rdtsc_ns\":null,\"rdtsc_among_stores_ns\":null,\"clock_gettime_ns\":%.2f}\n", best[2]);
#endif
  return 0;
}
