// For test/affinity/device-check.sh: each member of a team of argv[1] threads (default: all
// processors) prints its thread number, place and the processors the kernel lets it run on,
// in thread order.
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_text(const cpu_set_t *set, char *buf, size_t n) {
  size_t off = 0;
  buf[0] = '\0';
  for (int c = 0; c < CPU_SETSIZE && off + 16 < n; c++) {
    if (!CPU_ISSET(c, set))
      continue;
    int e = c;
    while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
      e++;
    off += (size_t)snprintf(buf + off, n - off, e > c ? "%s%d-%d" : "%s%d", off ? "," : "", c, e);
    c = e;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : omp_get_num_procs();
  if (n < 1 || n > 1024)
    n = omp_get_num_procs();
  static char lines[1024][512];
  printf("places=%d bind=%d procs=%d\n", omp_get_num_places(), (int)omp_get_proc_bind(),
         omp_get_num_procs());
#pragma omp parallel num_threads(n)
  {
    cpu_set_t set;
    char text[480] = "?";
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
      set_text(&set, text, sizeof(text));
    int t = omp_get_thread_num();
    snprintf(lines[t], sizeof(lines[t]), "thread %d place %d cpus {%s}", t, omp_get_place_num(),
             text);
  }
  for (int t = 0; t < n; t++)
    printf("%s\n", lines[t]);
  return 0;
}
