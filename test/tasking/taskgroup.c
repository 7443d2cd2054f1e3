// taskgroup waits for its tasks and their descendants; taskwait waits for children only;
// tasks in serialized and nested regions; if(0), final and omp_in_final; taskyield.
// RUN: %compile && env OMP_NUM_THREADS=1 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=7 OMP_MAX_ACTIVE_LEVELS=2 %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static int spin(int us) {
  usleep(us);
  return 1;
}

int main(void) {
  int done = 0, grandchildren = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp taskgroup
      {
        for (int i = 0; i < 8; i++) {
#pragma omp task shared(done, grandchildren)
          {
#pragma omp task shared(grandchildren)
            {
              spin(1000);
#pragma omp atomic
              grandchildren++;
            }
#pragma omp atomic
            done++;
          }
        }
      }
      printf("taskgroup: done=%d grandchildren=%d\n", done, grandchildren);
    }
  }

  // final: descendants are included (run at once, and final themselves).
  int in_final = 0, outer_final = -1;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task final(1) shared(in_final, outer_final)
      {
        outer_final = omp_in_final();
        int local = 0;
#pragma omp task shared(local)
        local = omp_in_final();
        // Included: already complete without a taskwait.
        in_final = local;
      }
    }
  }
  printf("final: outer=%d child=%d main=%d\n", outer_final, in_final, omp_in_final());

  // if(0): runs at once on the encountering thread, before the next statement.
  int order = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
      int mine = 0;
#pragma omp task if (0) shared(mine)
      {
        spin(100);
        mine = 1;
      }
      order = mine;
    }
  }
  printf("if0: %d\n", order);

  // Serialized (if(0) parallel) and nested regions: tasks bind to the innermost team.
  int ser = 0, nested = 0;
#pragma omp parallel if (0)
  {
    for (int i = 0; i < 10; i++) {
#pragma omp task shared(ser)
      {
#pragma omp atomic
        ser++;
      }
    }
  }
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(3)
    {
      for (int i = 0; i < 10; i++) {
#pragma omp task shared(nested)
        {
          spin(10);
#pragma omp atomic
          nested++;
        }
      }
#pragma omp taskyield
    }
  }
  printf("serialized=%d nested=%d\n", ser, nested);
  return 0;
}
// CHECK: taskgroup: done=8 grandchildren=8
// CHECK: final: outer=1 child=1 main=0
// CHECK: if0: 1
// CHECK: serialized=10 nested=
