// The number of threads the process has, as the kernel lists them: what tests of thread
// creation, reuse and joining count.
#ifndef GLASS_TEST_OS_THREADS_H
#define GLASS_TEST_OS_THREADS_H

#include <dirent.h>
#include <time.h>

static inline int os_threads(void) {
  int n = 0;
  DIR *d = opendir("/proc/self/task");
  for (struct dirent *e; d && (e = readdir(d));)
    n += e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

// The count once it reaches `want`, or after a second: a joined thread's /proc entry may
// linger a moment.
static inline int os_threads_settled(int want) {
  int n = os_threads();
  for (int i = 0; i < 1000 && n != want; i++) {
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
    n = os_threads();
  }
  return n;
}

#endif
