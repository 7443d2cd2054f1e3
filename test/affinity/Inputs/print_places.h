// Prints the place list (one line per place: its processors) and where each member of a team
// of argv[1] threads (default 4) runs: the place numbers in thread order, and the processors
// the kernel lets each run on when the topology is this machine's (GLASS_CHECK_KERNEL set);
// last, the processor count and the default team size.
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_places(void) {
  int np = omp_get_num_places();
  printf("places=%d\n", np);
  for (int p = 0; p < np; p++) {
    int k = omp_get_place_num_procs(p);
    int *ids = calloc((size_t)k + 1, sizeof(int));
    omp_get_place_proc_ids(p, ids);
    printf("place %d:", p);
    for (int i = 0; i < k; i++)
      printf("%s%d", i ? "," : " ", ids[i]);
    printf("\n");
    free(ids);
  }
}

// Whether every member of the team runs where its place says (the kernel's mask equals the
// place's processors); members with no place are not checked.
static void print_team(int n) {
  int where[256];
  int mismatch = 0;
#pragma omp parallel num_threads(n)
  {
    int t = omp_get_thread_num(), p = omp_get_place_num();
    where[t] = p;
    if (p >= 0 && getenv("GLASS_CHECK_KERNEL")) {
      cpu_set_t mask, want;
      CPU_ZERO(&want);
      int k = omp_get_place_num_procs(p), ids[CPU_SETSIZE];
      omp_get_place_proc_ids(p, ids);
      for (int i = 0; i < k; i++)
        CPU_SET(ids[i], &want);
      if (sched_getaffinity(0, sizeof(mask), &mask) != 0 || !CPU_EQUAL(&mask, &want)) {
#pragma omp atomic
        mismatch++;
      }
    }
  }
  printf("team %d:", n);
  for (int t = 0; t < n; t++)
    printf(" %d", where[t]);
  printf("\n");
  if (getenv("GLASS_CHECK_KERNEL"))
    printf("kernel masks %s\n", mismatch ? "DIFFER" : "match");
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int n = argc > 1 ? atoi(argv[1]) : 4;
  if (n < 1 || n > 256)
    n = 4;
  print_places();
  print_team(n);
  printf("procs=%d max_threads=%d\n", omp_get_num_procs(), omp_get_max_threads());
  return 0;
}
