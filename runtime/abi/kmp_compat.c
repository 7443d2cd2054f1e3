// Entry points libomp 19.1.7 exports that no current clang emits but that older compilers,
// hand-written code and Fortran programs call: the split "barrier master" barriers, task ids,
// task_parts, the dependence-node inquiries, and the Fortran names of the kmp_* allocation and
// affinity extensions. docs/internals.md lists the libomp exports Glass leaves out, and why.
#include "glass.h"
#include "kmpc.h"
#include "task_internal.h"

#include <stddef.h>

// ---------------------------------------------------------------------------------------------
// Barriers with a master block (Intel compilers' split barrier): every thread arrives; the
// master (return 1) then runs a block while the others (return 0) wait until it calls
// __kmpc_end_barrier_master. Made of two plain barriers, the second one closing the block.

GLASS_API int32_t __kmpc_barrier_master(ident_t *loc, int32_t gtid) {
  __kmpc_barrier(loc, gtid);
  if (glass_self()->tid == 0)
    return 1;
  __kmpc_barrier(loc, gtid);
  return 0;
}

GLASS_API void __kmpc_end_barrier_master(ident_t *loc, int32_t gtid) {
  if (glass_self()->tid != 0) {
    glass_warn("__kmpc_end_barrier_master called by a thread that is not the master; ignored");
    return;
  }
  __kmpc_barrier(loc, gtid);
}

// Nobody waits for the master's block.
GLASS_API int32_t __kmpc_barrier_master_nowait(ident_t *loc, int32_t gtid) {
  __kmpc_barrier(loc, gtid);
  return glass_self()->tid == 0;
}

// The num_threads clause applies to one region only: nothing to pop.
GLASS_API void __kmpc_pop_num_threads(ident_t *loc, int32_t gtid) {}

// ---------------------------------------------------------------------------------------------
// Tasks.

// Ids that tell apart the tasks alive at one time (a task's descriptor address); 0 before the
// runtime knows the calling thread, or for the parent of an initial task.
GLASS_API uint64_t __kmpc_get_taskid(void) {
  glass_thread_t *th = glass_self_peek();
  return th && th->task ? (uint64_t)(uintptr_t)th->task : 0;
}

GLASS_API uint64_t __kmpc_get_parent_taskid(void) {
  glass_thread_t *th = glass_self_peek();
  return th && th->task ? (uint64_t)(uintptr_t)th->task->parent : 0;
}

// A task scheduled "in parts" is an ordinary deferred task here.
GLASS_API int32_t __kmpc_omp_task_parts(ident_t *loc, int32_t gtid, void *task) {
  return __kmpc_omp_task(loc, gtid, task);
}

// libomp's dependence-graph inquiries: the task's dependence node (NULL: no dependences) and a
// list of its successors laid out as libomp's kmp_depnode_list_t (task_deps.c builds the view).
GLASS_API void *__kmpc_task_get_depnode(void *task) {
  return task ? glass_deps_node_of(xtask_of(task)) : NULL;
}

GLASS_API void *__kmpc_task_get_successors(void *task) {
  return task ? glass_deps_successors_of(xtask_of(task)) : NULL;
}

// ---------------------------------------------------------------------------------------------
// Fortran names of the kmp_* extensions: arguments by reference.

GLASS_FORTRAN_BEGIN
GLASS_API void *kmp_malloc_(size_t *size) {
  return kmp_malloc(*size);
}
GLASS_API void *kmp_calloc_(size_t *nelem, size_t *elsize) {
  return kmp_calloc(*nelem, *elsize);
}
GLASS_API void *kmp_realloc_(void **ptr, size_t *size) {
  return kmp_realloc(*ptr, *size);
}
GLASS_API void kmp_free_(void **ptr) {
  kmp_free(*ptr);
}
GLASS_API void *kmp_aligned_malloc_(size_t *size, size_t *alignment) {
  return kmp_aligned_malloc(*size, *alignment);
}
GLASS_API void kmp_create_affinity_mask_(void **mask) {
  kmp_create_affinity_mask(mask);
}
GLASS_API void kmp_destroy_affinity_mask_(void **mask) {
  kmp_destroy_affinity_mask(mask);
}
GLASS_API int kmp_set_affinity_mask_proc_(int *proc, void **mask) {
  return kmp_set_affinity_mask_proc(*proc, mask);
}
GLASS_API int kmp_unset_affinity_mask_proc_(int *proc, void **mask) {
  return kmp_unset_affinity_mask_proc(*proc, mask);
}
GLASS_API int kmp_get_affinity_mask_proc_(int *proc, void **mask) {
  return kmp_get_affinity_mask_proc(*proc, mask);
}
GLASS_API int kmp_set_affinity_(void **mask) {
  return kmp_set_affinity(mask);
}
GLASS_API int kmp_get_affinity_(void **mask) {
  return kmp_get_affinity(mask);
}
GLASS_API int kmp_get_affinity_max_proc_(void) {
  return kmp_get_affinity_max_proc();
}
GLASS_FORTRAN_END
