// Tasks in nested and serialized regions bind to the innermost team: an inner team's barrier
// and join complete its own tasks (an outer task created before the inner region is not
// waited for by it, and inner tasks are done when the inner region ends), omp_get_level /
// omp_get_team_size seen from inside a task are the creating team's, a taskwait in an inner
// implicit task waits for its children only, and tasks created in a serialized region (if(0),
// inactive nesting, num_threads(1)) complete before the region ends.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 OMP_MAX_ACTIVE_LEVELS=1 %run %t | %FileCheck %s
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  atomic_int inner_done = 0, inner_seen_at_end = 0, bad = 0, outer = 0;
  int outer_threads = 0;
#pragma omp parallel num_threads(2) shared(outer_threads)
  {
#pragma omp single
    outer_threads = omp_get_num_threads();
    int level = omp_get_level();
#pragma omp task shared(outer)
    {
      usleep(1000);
      atomic_fetch_add(&outer, 1);
    }
    int mine = 0;
#pragma omp parallel num_threads(3) shared(mine)
    {
      int inner_size = omp_get_num_threads();
      for (int i = 0; i < 5; i++) {
#pragma omp task firstprivate(inner_size, level)
        {
          if (omp_get_level() != level + 1 || omp_get_num_threads() != inner_size) bad++;
          usleep(100);
          atomic_fetch_add(&inner_done, 1);
        }
      }
#pragma omp barrier
      // Every inner task of this team is complete at the barrier.
#pragma omp single
      mine = 1;
      for (int i = 0; i < 4; i++) {
#pragma omp task
        atomic_fetch_add(&inner_done, 1);
      }
#pragma omp taskwait
    }
    // The inner join completed the inner tasks.
    atomic_fetch_add(&inner_seen_at_end, mine);
  }
  int per_team_ok = inner_done > 0 && inner_done % 9 == 0;
  printf("nested inner_tasks_multiple_of_9=%d seen=%d outer=%d bad=%d\n", per_team_ok,
         (int)inner_seen_at_end == outer_threads, (int)outer == outer_threads, (int)bad);

  // Serialized regions.
  atomic_int ser = 0;
  int done_if0 = 0, done_one = 0;
#pragma omp parallel if (0) shared(done_if0)
  {
    for (int i = 0; i < 20; i++) {
#pragma omp task
      {
#pragma omp task
        atomic_fetch_add(&ser, 1);
      }
    }
#pragma omp barrier
    done_if0 = ser;
  }
#pragma omp parallel num_threads(1) shared(done_one)
  {
    for (int i = 0; i < 20; i++) {
#pragma omp task
      atomic_fetch_add(&ser, 1);
    }
  }
  done_one = ser;
  // A serialized region nested in an active one (max active levels 1) or an active one (2).
  atomic_int nest2 = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp single
      for (int i = 0; i < 10; i++) {
#pragma omp task
        atomic_fetch_add(&nest2, 1);
      }
    }
  }
  printf("serialized if0=%d one=%d nest2=%d\n", done_if0, done_one, (int)nest2);
  return 0;
}
// CHECK: nested inner_tasks_multiple_of_9=1 seen=1 outer=1 bad=0
// CHECK-NEXT: serialized if0=20 one=40 nest2=20
