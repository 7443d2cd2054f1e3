// libomp entry points of older compilers and Fortran, called by hand: the split barrier
// (__kmpc_barrier_master: the others wait until the master's block ends;
// __kmpc_barrier_master_nowait: they do not), task ids (a task's parent id is its creator's
// id), __kmpc_omp_task_parts (an ordinary deferred task), __kmpc_pop_num_threads and the
// Fortran names of kmp_malloc and the affinity masks: the same binary on libomp 19.1.7 prints
// the same. The dependence inquiries answer NULL (Glass only: libomp crashes on them for a
// task that is not being tracked); task ids tell tasks apart (libomp's are all ~0).
// RUN: %compile
// RUN: env OMP_NUM_THREADS=4 %run %t > %t.glass
// RUN: %FileCheck %s < %t.glass
// RUN: env OMP_NUM_THREADS=4 LD_LIBRARY_PATH=/usr/lib/llvm-22/lib %t > %t.llvm
// RUN: diff %t.glass %t.llvm
// RUN: env OMP_NUM_THREADS=4 %run %t glass | %FileCheck %s --check-prefix=GLASS
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  void *shareds;
  int32_t (*routine)(int32_t, void *);
  int32_t part_id;
} kmp_task_t;

int __kmpc_global_thread_num(void *loc);
int32_t __kmpc_barrier_master(void *loc, int32_t gtid);
void __kmpc_end_barrier_master(void *loc, int32_t gtid);
int32_t __kmpc_barrier_master_nowait(void *loc, int32_t gtid);
void __kmpc_pop_num_threads(void *loc, int32_t gtid);
uint64_t __kmpc_get_taskid(void);
uint64_t __kmpc_get_parent_taskid(void);
kmp_task_t *__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags, size_t size,
                                  size_t shareds, int32_t (*routine)(int32_t, void *));
int32_t __kmpc_omp_task_parts(void *loc, int32_t gtid, kmp_task_t *task);
int32_t __kmpc_omp_taskwait(void *loc, int32_t gtid);
void *__kmpc_task_get_depnode(kmp_task_t *task);
void *__kmpc_task_get_successors(kmp_task_t *task);
void *kmp_malloc_(size_t *size);
void *kmp_calloc_(size_t *nelem, size_t *elsize);
void *kmp_realloc_(void **ptr, size_t *size);
void kmp_free_(void **ptr);
void *kmp_aligned_malloc_(size_t *size, size_t *alignment);
void kmp_create_affinity_mask_(void **mask);
void kmp_destroy_affinity_mask_(void **mask);
int kmp_set_affinity_mask_proc_(int *proc, void **mask);
int kmp_unset_affinity_mask_proc_(int *proc, void **mask);
int kmp_get_affinity_mask_proc_(int *proc, void **mask);
int kmp_get_affinity_(void **mask);
int kmp_get_affinity_max_proc_(void);
#define G __kmpc_global_thread_num(NULL)

static int parts_ran, glass_only;
static uint64_t parts_parent;

static int32_t part_body(int32_t gtid, void *task) {
  (void)gtid, (void)task;
  parts_parent = __kmpc_get_parent_taskid();
#pragma omp atomic
  parts_ran++;
  return 0;
}

static void barriers(void) {
  int shared = 0, late = 0, early = 0, masters = 0, nowait_masters = 0;
#pragma omp parallel reduction(+ : late, masters, nowait_masters)
  {
    for (int round = 1; round <= 50; round++) {
      if (__kmpc_barrier_master(NULL, G)) {
        masters++;
        for (volatile int spin = 0; spin < 10000; spin++)
          ;
        shared = round; // the others read it only once the block has ended
        __kmpc_end_barrier_master(NULL, G);
      } else if (shared != round) {
        late++;
      }
#pragma omp barrier
    }
    if (__kmpc_barrier_master_nowait(NULL, G))
      nowait_masters++;
  }
  (void)early;
  printf("barrier_master: %d master blocks, %d stale reads; nowait masters %d\n", masters, late,
         nowait_masters);
}

static void tasks(void) {
  uint64_t outer = __kmpc_get_taskid(), inner = 0, inner_parent = 0;
#pragma omp task shared(inner, inner_parent)
  {
    inner = __kmpc_get_taskid();
    inner_parent = __kmpc_get_parent_taskid();
  }
#pragma omp taskwait
  printf("taskid: outer %s, inner's parent is outer %d\n", outer ? "set" : "0",
         inner_parent == outer);
  if (glass_only) // libomp's release builds give every task the id ~0
    printf("taskid: inner %s\n", inner && inner != outer ? "distinct" : "same");
  int gtid = G;
  kmp_task_t *t = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t) + 64, 0, part_body);
  __kmpc_omp_task_parts(NULL, gtid, t);
  __kmpc_omp_taskwait(NULL, gtid);
  printf("task_parts ran %d, its parent is the creator %d\n", parts_ran, parts_parent == outer);
  __kmpc_pop_num_threads(NULL, gtid);
}

static void fortran(void) {
  size_t n = 16, one = 1, align = 64, bigger = 32;
  char *p = kmp_malloc_(&n);
  memset(p, 'x', 16);
  void *pp = p;
  p = kmp_realloc_(&pp, &bigger);
  int kept = p[15] == 'x';
  pp = p;
  kmp_free_(&pp);
  char *z = kmp_calloc_(&n, &one);
  int zero = z[0] == 0 && z[15] == 0;
  pp = z;
  kmp_free_(&pp);
  void *a = kmp_aligned_malloc_(&n, &align);
  int aligned = ((uintptr_t)a & 63) == 0;
  kmp_free_(&a);
  void *mask;
  kmp_create_affinity_mask_(&mask);
  int proc = 0;
  int set = kmp_set_affinity_mask_proc_(&proc, &mask);
  int isset = kmp_get_affinity_mask_proc_(&proc, &mask);
  int unset = kmp_unset_affinity_mask_proc_(&proc, &mask);
  int after = kmp_get_affinity_mask_proc_(&proc, &mask);
  int got = kmp_get_affinity_(&mask);
  kmp_destroy_affinity_mask_(&mask);
  printf("fortran: realloc kept %d calloc zero %d aligned %d mask %d %d %d %d get %d max>0 %d\n",
         kept, zero, aligned, set, isset, unset, after, got, kmp_get_affinity_max_proc_() > 0);
}

int main(int argc, char **argv) {
  glass_only = argc > 1 && !strcmp(argv[1], "glass");
  if (glass_only) {
    int x = 0;
    void *node = (void *)1;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : x)
      x = 1;
#pragma omp task depend(in : x)
      node = (void *)((uintptr_t)__kmpc_task_get_successors(NULL) |
                      (uintptr_t)__kmpc_task_get_depnode(NULL));
    }
    printf("with dependences: %p\n", node);
  }
  barriers();
#pragma omp parallel num_threads(2)
#pragma omp single
  tasks();
  fortran();
  return 0;
}
// CHECK: barrier_master: 50 master blocks, 0 stale reads; nowait masters 1
// CHECK: taskid: outer set, inner's parent is outer 1
// CHECK: task_parts ran 1, its parent is the creator 1
// CHECK: fortran: realloc kept 1 calloc zero 1 aligned 1 mask 0 1 0 0 get 0 max>0 1
// GLASS: with dependences: (nil)
// GLASS: taskid: inner distinct
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
