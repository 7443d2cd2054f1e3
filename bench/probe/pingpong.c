// Core-to-core round trip: two threads pinned to CPUs 0 and 1 pass a counter back and forth
// through one cache line. Prints {"pingpong_ns": <mean round trip>}.
//
// Why: on a virtual machine the host decides where the virtual CPUs run. Two virtual CPUs on
// sibling hyperthreads of one core exchange a cache line several times faster than two on
// different cores or dies, and every barrier and fork pays that exchange. The runner probes
// before every round, so a change of placement during a run shows in the report instead of
// being mistaken for a change of the runtime.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Atomic long flag __attribute__((aligned(64)));
static long rounds = 20000;

static int pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof(set), &set);
}

static void *responder(void *arg) {
  (void)arg;
  pin(1);
  for (long i = 0; i < rounds; i++) {
    while (atomic_load_explicit(&flag, memory_order_acquire) != 2 * i + 1)
      ;
    atomic_store_explicit(&flag, 2 * i + 2, memory_order_release);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    rounds = atol(argv[1]);
  if (pin(0) != 0) {
    printf("{\"pingpong_ns\":null}\n"); // fewer than 2 CPUs usable
    return 0;
  }
  pthread_t t;
  if (pthread_create(&t, NULL, responder, NULL) != 0)
    return 1;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < rounds; i++) {
    atomic_store_explicit(&flag, 2 * i + 1, memory_order_release);
    while (atomic_load_explicit(&flag, memory_order_acquire) != 2 * i + 2)
      ;
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  pthread_join(t, NULL);
  double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / rounds;
  printf("{\"pingpong_ns\":%.1f}\n", ns);
  return 0;
}
