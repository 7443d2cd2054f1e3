// OpenMP 6.0 num_threads lists through libomp's entry points (no compiler emits them yet, so
// they are called by hand): __kmpc_push_num_threads_list gives the next region its first item
// and the regions nested in it the rest, keeping the last item past the list's end, and leaves
// later regions to OMP_NUM_THREADS; a first item of 0 means "no clause". The strict form is an
// error (with its severity and message) when the first item cannot be had. The same binary on
// libomp 19.1.7 prints the same; bad lists (empty, non-positive items, too long) are Glass's.
// RUN: %compile
// RUN: env OMP_NUM_THREADS=5,6,7 OMP_THREAD_LIMIT=16 %run %t > %t.glass 2>%t.err
// RUN: %FileCheck %s < %t.glass
// RUN: %FileCheck %s --check-prefix=WARN < %t.err
// RUN: env OMP_NUM_THREADS=5,6,7 OMP_THREAD_LIMIT=16 LD_LIBRARY_PATH=/usr/lib/llvm-22/lib \
// RUN:   %t > %t.llvm 2>/dev/null
// RUN: diff %t.glass %t.llvm
// RUN: env OMP_THREAD_LIMIT=3 %not %run %t fatal 2>&1 | %FileCheck %s --check-prefix=FATAL
// RUN: env OMP_NUM_THREADS=2 %run %t bad 2>&1 | %FileCheck %s --check-prefix=BAD
#include <omp.h>
#include <stdio.h>
#include <string.h>

void __kmpc_push_num_threads_list(void *loc, int gtid, unsigned len, int *list);
void __kmpc_push_num_threads_list_strict(void *loc, int gtid, unsigned len, int *list, int sev,
                                         const char *msg);
int __kmpc_global_thread_num(void *loc);
#define G __kmpc_global_thread_num(NULL)

static void show(int depth) {
  printf("%*slevel %d team %d max %d\n", depth * 2, "", omp_get_level(), omp_get_num_threads(),
         omp_get_max_threads());
  if (depth > 1) {
#pragma omp parallel
    if (omp_get_thread_num() == 0)
      show(depth - 1);
  }
}

static void region(int depth) {
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    show(depth);
}

// The list outlives the caller's array: a push from a frame that is gone before the fork.
static void __attribute__((noinline)) push_from_dead_frame(void) {
  int list[3] = {2, 3, 2};
  __kmpc_push_num_threads_list(NULL, G, 3, list);
}

static void __attribute__((noinline)) clobber_stack(void) {
  volatile int junk[64];
  for (int i = 0; i < 64; i++)
    junk[i] = -7;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // warnings and lines in program order
  omp_set_max_active_levels(6);
  if (argc > 1 && !strcmp(argv[1], "fatal")) {
    int list[2] = {8, 2};
    __kmpc_push_num_threads_list_strict(NULL, G, 2, list, 2, "eight or nothing");
    region(1);
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "bad")) {
    __kmpc_push_num_threads_list(NULL, G, 0, NULL);
    region(1);
    int one[1] = {3};
    __kmpc_push_num_threads_list(NULL, G, 1, one);
    region(2);
    int neg[4] = {3, 2, -1, 4};
    __kmpc_push_num_threads_list(NULL, G, 4, neg);
    region(3);
    int longl[20];
    for (int i = 0; i < 20; i++)
      longl[i] = 1;
    __kmpc_push_num_threads_list(NULL, G, 20, longl);
    region(1);
    push_from_dead_frame();
    clobber_stack();
    region(2);
    return 0;
  }
  int list[3] = {3, 2, 4};
  __kmpc_push_num_threads_list(NULL, G, 3, list);
  region(5);
  printf("after\n");
  region(2);
  int zero_first[2] = {0, 3};
  __kmpc_push_num_threads_list(NULL, G, 2, zero_first);
  region(2);
  // Inside a region entered with a list, a new list replaces the rest for its own nest only.
  __kmpc_push_num_threads_list(NULL, G, 3, list);
#pragma omp parallel
  if (omp_get_thread_num() == 0) {
    int inner[2] = {2, 3};
    __kmpc_push_num_threads_list(NULL, G, 2, inner);
    region(2);
    printf("inner after\n");
    region(2);
  }
  int big[2] = {40, 2};
  __kmpc_push_num_threads_list_strict(NULL, G, 2, big, 1, "forty is too many");
  region(2);
  return 0;
}
// CHECK:      level 1 team 3 max 2
// CHECK-NEXT:     level 2 team 2 max 4
// CHECK-NEXT:       level 3 team 4 max 4
// CHECK-NEXT:         level 4 team 4 max 4
// CHECK-NEXT:           level 5 team 4 max 4
// CHECK-NEXT: after
// CHECK-NEXT:     level 1 team 5 max 6
// CHECK-NEXT:   level 2 team 6 max 7
// CHECK-NEXT:     level 1 team 5 max 3
// CHECK-NEXT:   level 2 team 3 max 3
// CHECK-NEXT:     level 2 team 2 max 3
// CHECK-NEXT:   level 3 team 3 max 3
// CHECK-NEXT: inner after
// CHECK-NEXT:     level 2 team 2 max 4
// CHECK-NEXT:   level 3 team 4 max 4
// CHECK-NEXT:     level 1 team 16 max 2
// CHECK-NEXT:   level 2 team 1 max 2
// WARN: forty is too many
// FATAL: OMP: Error: {{.*}}eight or nothing
// FATAL-NOT: level
// BAD: an empty list; ignored
// BAD: level 1 team 2
// BAD: level 1 team 3 max 2
// BAD-NEXT: level 2 team 2 max 2
// BAD: list item 3 is -1, not positive; the list ends before it
// BAD: level 1 team 3 max 2
// BAD-NEXT: level 2 team 2 max 2
// BAD-NEXT: level 3 team 2 max 2
// BAD: num_threads list of 20 items: only the first 17 are used
// BAD: level 1 team 1 max 1
// BAD-NEXT: level 1 team 2 max 3
// BAD-NEXT: level 2 team 3 max 2
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
