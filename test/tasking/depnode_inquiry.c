// libomp's dependence-graph inquiries (__kmpc_task_get_depnode, __kmpc_task_get_successors),
// read the way code written against libomp reads them: a depnode's first word is its successor
// list, a list of {node, next} pairs naming the successors' depnodes. Each successor appears
// once even when it depends on its predecessor through several addresses; a node with more
// successors than fit inline lists all of them; a task without dependences, or without
// successors, answers NULL. All tasks wait on a gate so the graph is inspected before any
// completes (so at least 2 threads: a one-thread team may run a task at once). The gate is a
// mutex, not an atomic: this file is not built with -fsanitize=thread, so under the TSan build
// only intercepted calls show ThreadSanitizer that the inspection precedes every completion.
// RUN: %compile && env OMP_NUM_THREADS=2 %run %t | %FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  intptr_t base;
  size_t len;
  uint8_t flags;
} dep_t;

typedef struct succ {
  void *node;
  struct succ *next;
} succ_t;

typedef struct {
  succ_t *successors;
} depnode_t;

void *__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags, size_t size, size_t shareds,
                            int32_t (*entry)(int32_t, void *));
int32_t __kmpc_omp_task_with_deps(void *loc, int32_t gtid, void *t, int32_t n, dep_t *d, int32_t nn,
                                  dep_t *nd);
int32_t __kmpc_omp_task(void *loc, int32_t gtid, void *t);
int32_t __kmpc_global_thread_num(void *loc);
depnode_t *__kmpc_task_get_depnode(void *task);
succ_t *__kmpc_task_get_successors(void *task);

enum { IN = 1, OUT = 2, INOUTSET = 8, NREADERS = 10 };

static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static int released;
static atomic_int ran;
static int x, y, z;

static int is_released(void) {
  pthread_mutex_lock(&gate);
  int r = released;
  pthread_mutex_unlock(&gate);
  return r;
}

static int32_t gated(int32_t gtid, void *task) {
  while (!is_released())
    ;
  atomic_fetch_add(&ran, 1);
  return 0;
}

static void *submit(int32_t gtid, int n, dep_t *d) {
  void *t = __kmpc_omp_task_alloc(NULL, gtid, 1, 64, 0, gated);
  if (n)
    __kmpc_omp_task_with_deps(NULL, gtid, t, n, d, 0, NULL);
  else
    __kmpc_omp_task(NULL, gtid, t);
  return t;
}

static int length(succ_t *l) {
  int n = 0;
  for (; l; l = l->next)
    n++;
  return n;
}

static int count_of(succ_t *l, void *node) {
  int n = 0;
  for (; l; l = l->next)
    n += l->node == node;
  return n;
}

static void graph(void) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  dep_t out_xy[2] = {{(intptr_t)&x, 4, OUT}, {(intptr_t)&y, 4, OUT}};
  dep_t in_xy[2] = {{(intptr_t)&x, 4, IN}, {(intptr_t)&y, 4, IN}};
  dep_t in_x = {(intptr_t)&x, 4, IN}, out_y = {(intptr_t)&y, 4, OUT};
  void *a = submit(gtid, 2, out_xy);
  void *b = submit(gtid, 2, in_xy);
  void *c = submit(gtid, 1, &in_x);
  void *d = submit(gtid, 1, &out_y);
  void *e = submit(gtid, 0, NULL);
  depnode_t *na = __kmpc_task_get_depnode(a), *nb = __kmpc_task_get_depnode(b);
  depnode_t *nc = __kmpc_task_get_depnode(c), *nd = __kmpc_task_get_depnode(d);
  succ_t *sa = __kmpc_task_get_successors(a);
  // CHECK: nodes distinct: 1
  printf("nodes distinct: %d\n", na && nb && nc && nd && na != nb && nb != nc && nc != nd);
  // CHECK: a: 2 successors, b 1, c 1
  printf("a: %d successors, b %d, c %d\n", length(sa), count_of(sa, nb), count_of(sa, nc));
  // CHECK: first word is the list: 1
  printf("first word is the list: %d\n", na->successors == sa);
  succ_t *sb = __kmpc_task_get_successors(b);
  // CHECK: b: 1 successors, d 1
  printf("b: %d successors, d %d\n", length(sb), count_of(sb, nd));
  // CHECK: leaves: 1 1, no deps: 1 1
  printf("leaves: %d %d, no deps: %d %d\n", __kmpc_task_get_successors(c) == NULL,
         __kmpc_task_get_successors(d) == NULL, __kmpc_task_get_depnode(e) == NULL,
         __kmpc_task_get_successors(e) == NULL);
  // CHECK: asked again: 2
  printf("asked again: %d\n", length(__kmpc_task_get_successors(a)));

  dep_t out_z = {(intptr_t)&z, 4, OUT}, set_z = {(intptr_t)&z, 4, INOUTSET};
  void *w = submit(gtid, 1, &out_z);
  void *readers[NREADERS];
  for (int i = 0; i < NREADERS; i++)
    readers[i] = submit(gtid, 1, &set_z);
  succ_t *sw = __kmpc_task_get_successors(w);
  int each_once = 1;
  for (int i = 0; i < NREADERS; i++)
    each_once &= count_of(sw, __kmpc_task_get_depnode(readers[i])) == 1;
  // CHECK: w: 10 successors, each once 1
  printf("w: %d successors, each once %d\n", length(sw), each_once);
  pthread_mutex_lock(&gate);
  released = 1;
  pthread_mutex_unlock(&gate);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    graph();
#pragma omp taskwait
  }
  // CHECK: ran 16
  printf("ran %d\n", atomic_load(&ran));
  // CHECK: null task: 1
  printf("null task: %d\n", !__kmpc_task_get_depnode(NULL) && !__kmpc_task_get_successors(NULL));
  return 0;
}
