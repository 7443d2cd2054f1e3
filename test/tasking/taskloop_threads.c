// The chunk tasks of a deferred taskloop are available to the other members of the team: in a
// team of 2, both threads run chunks. Each chunk waits (up to 10 s, a bound for a broken runtime,
// not a timing assertion) until chunks have run on two threads, so a correct runtime passes
// however late the second thread comes, and one that keeps the chunks to the encountering
// thread fails. The first region of the program (workers just created), single, master (the
// other member has gone idle at the join), a taskloop of more chunks than a deque holds, one
// with grainsize, and a nested taskloop in a chunk.
// RUN: %compile && %run %t | %FileCheck %s
// RUN: %if ompt %{ %run-tool %t > /dev/null %}
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_uint ran_on; // bit per thread number
static atomic_int chunks;

static void chunk_body(void) {
  atomic_fetch_or(&ran_on, 1u << omp_get_thread_num());
  atomic_fetch_add(&chunks, 1);
  double t0 = omp_get_wtime();
  while (atomic_load(&ran_on) != 3u && omp_get_wtime() - t0 < 10.0)
    ;
}

static void report(const char *what, int expect) {
  printf("%s: threads=%s chunks_ok=%d\n", what, atomic_load(&ran_on) == 3u ? "both" : "one",
         atomic_load(&chunks) == expect);
  atomic_store(&ran_on, 0);
  atomic_store(&chunks, 0);
}

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop num_tasks(8)
  for (int i = 0; i < 8; i++)
    chunk_body();
  report("first region", 8);

#pragma omp parallel num_threads(2)
#pragma omp master
#pragma omp taskloop num_tasks(8)
  for (int i = 0; i < 8; i++)
    chunk_body();
  report("master", 8);

#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop grainsize(5)
  for (int i = 0; i < 100; i++)
    chunk_body();
  report("grainsize", 100);

#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop num_tasks(3000)
  for (int i = 0; i < 3000; i++)
    chunk_body();
  report("many chunks", 3000);

#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop num_tasks(2)
  for (int i = 0; i < 2; i++) {
#pragma omp taskloop num_tasks(4)
    for (int j = 0; j < 4; j++)
      chunk_body();
  }
  report("nested", 8);
  return 0;
}
// CHECK: first region: threads=both chunks_ok=1
// CHECK-NEXT: master: threads=both chunks_ok=1
// CHECK-NEXT: grainsize: threads=both chunks_ok=1
// CHECK-NEXT: many chunks: threads=both chunks_ok=1
// CHECK-NEXT: nested: threads=both chunks_ok=1
