// Locks for the trace tests: every thread takes a lock, a nestable lock (twice, nested) and a
// named critical section 20 times.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_lock_t lock;
  omp_nest_lock_t nest;
  long locked = 0, nested = 0, critical = 0;
  int threads = 0;
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
#pragma omp parallel
  {
#pragma omp single nowait
    threads = omp_get_num_threads();
    for (int k = 0; k < 20; k++) {
      omp_set_lock(&lock); // @lock
      locked++;
      omp_unset_lock(&lock);
      omp_set_nest_lock(&nest);
      omp_set_nest_lock(&nest);
      nested++;
      omp_unset_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
#pragma omp critical(count) // @critical
      critical++;
    }
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  // OUT: locks: {{[0-9]+}} threads, lock [[N:[0-9]+]] nest [[N]] critical [[N]]
  printf("locks: %d threads, lock %ld nest %ld critical %ld\n", threads, locked, nested,
         critical);
  return locked == 20L * threads && nested == locked && critical == locked ? 0 : 1;
}
