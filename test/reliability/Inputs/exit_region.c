// exit() in the middle of a region (exit_worker.c, exit_primary.c, exit_tool.c run it).
// `worker`: a worker exits while the other members wait in a barrier for it; `primary`: the
// primary exits while the workers compute (spin forever).
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int started;
static volatile int stop;

static void from_worker(void) {
  printf("start\n");
  fflush(stdout);
#pragma omp parallel
  {
    if (omp_get_thread_num() == omp_get_num_threads() / 2) {
      printf("exit from worker, team of %d\n", omp_get_num_threads());
      fflush(stdout);
      exit(0);
    }
#pragma omp barrier
    printf("past the barrier\n");
  }
}

static void from_primary(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      while (started < omp_get_num_threads() - 1)
        ;
      printf("exit from the primary, %d workers computing\n", started);
      fflush(stdout);
      exit(0);
    }
    started++;
    while (!stop)
      ;
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "worker"))
    from_worker();
  else
    from_primary();
  printf("after the region\n");
  return 1;
}
