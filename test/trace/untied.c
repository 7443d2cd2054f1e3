// Untied tasks: clang splits an untied body at each scheduling point (creating a task, the
// taskwait) into parts, and a part that returns leaves its task suspended until it resumes,
// on this thread or another one, maybe after the thread ran other tasks. Each part is a piece
// of the task's slice: a suspended task's piece ends when its thread goes back to a task below
// it (or to its implicit task), and the pieces pair by task id, not by the thread that began
// the task. Before, the suspended piece stayed open, the tasks the thread ran next nested
// inside it, and the tool warned about begins without an end (here, nearly every run: while
// a child sleeps on one thread, its untied parent's taskwait runs sibling untied tasks).
// The trace must have no begin without an end and no end without a begin, every task starts
// once (one creation flow each: 20 untied + 20 children), and the summary is consistent.
// REQUIRES: ompt
// RUN: %compile
// RUN: %trace-run %t 2>%t.err | %FileCheck %s
// RUN: %not grep -i "without" %t.err
// RUN: %check-trace %t --flows "task created=40" --count "task>=40" --summary-count "task>=40" \
// RUN:   --summary-count taskwait=20
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int done = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 20; i++) {
#pragma omp task untied shared(done)
    {
#pragma omp task
      usleep(200);
#pragma omp taskwait
#pragma omp atomic
      done++;
    }
  }
  printf("done %d\n", done);
  // CHECK: done 20
  return 0;
}
