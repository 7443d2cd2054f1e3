// The dependence entry points as a test calls them by hand (so that clang-14, which has neither
// omp_all_memory nor taskwait nowait, runs it too): kmp_depend_info's layout and flags, the
// task header, the calls. EXPECT (expect.h) checks inside tasks.
#ifndef GLASS_TEST_DEPS_ABI_H
#define GLASS_TEST_DEPS_ABI_H

#include "expect.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

typedef struct {
  intptr_t base;
  size_t len;
  uint8_t flags;
} dep_t;

enum { IN = 1, INOUT = 3, ALL = 0x80 }; // ALL with address 0: omp_all_memory

typedef struct task {
  void *shareds;
  int32_t (*routine)(int32_t, struct task *);
  int32_t part_id;
  void *data1, *data2;
} task_t;

task_t *__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags, size_t size, size_t shareds,
                              int32_t (*entry)(int32_t, task_t *));
int32_t __kmpc_omp_task_with_deps(void *loc, int32_t gtid, task_t *t, int32_t n, dep_t *d,
                                  int32_t nn, dep_t *nd);
void __kmpc_omp_wait_deps(void *loc, int32_t gtid, int32_t n, dep_t *d, int32_t nn, dep_t *nd);
void __kmpc_omp_taskwait_deps_51(void *loc, int32_t gtid, int32_t n, dep_t *d, int32_t nn,
                                 dep_t *nd, int32_t nowait);
int32_t __kmpc_global_thread_num(void *loc);

// The body of a task ordered by its dependences: it checks what its predecessors published,
// sleeps (so that a missing edge shows as a wrong value in a later task), then counts itself.
#define STEP(cond, us, counter)                                                                    \
  do {                                                                                             \
    EXPECT(cond);                                                                                  \
    usleep(us);                                                                                    \
    atomic_fetch_add(counter, 1);                                                                  \
  } while (0)

#endif
