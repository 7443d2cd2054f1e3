// A hang detector for tests of wake-ups that must never be lost (no timed nap in the runtime
// may hide a lost one): the test counts its rounds in `progress` and names its scenario in
// `stage`; every 3 seconds (alarm) the watchdog checks that some round completed since its last
// look (a loaded machine is slow, a hang makes no progress at all), and otherwise prints
// "FAIL: hang (a lost wake-up) in stage ..." and exits with status 1.
#ifndef GLASS_TEST_WATCHDOG_H
#define GLASS_TEST_WATCHDOG_H

#include <sched.h>
#include <signal.h>
#include <unistd.h>

static volatile const char *stage = "start";
static volatile sig_atomic_t progress, seen = -1;

static void watchdog(int sig) {
  (void)sig;
  if (progress != seen) {
    seen = progress;
    alarm(3);
    return;
  }
  // A hang: some wake-up was lost (async-signal-safe output only).
  static const char msg[] = "FAIL: hang (a lost wake-up) in stage ";
  write(1, msg, sizeof(msg) - 1);
  const char *s = (const char *)stage;
  size_t n = 0;
  while (s[n])
    n++;
  write(1, s, n);
  write(1, "\n", 1);
  _exit(1);
}

static void watchdog_start(void) {
  signal(SIGALRM, watchdog);
  alarm(3);
}

// Busy-waits for *flag to become non-zero, yielding the CPU (not a scheduling point) so that a
// loaded 2-CPU machine still runs the thread that sets it.
static inline void wait_for_flag(int *flag) {
  int f = 0;
  while (!f) {
    sched_yield();
#pragma omp atomic read seq_cst
    f = *flag;
  }
}

#endif
