// The entry points Glass exports, declared once so that the compiler checks each definition
// against them: the omp_* and kmp_* routines through the public include/omp.h, and here the
// compiler's __kmpc_* ABI and libomp's other C names (kmpc_*, ompc_*). Every file that defines
// an entry point includes this header; the build makes a definition without a prior
// declaration an error (-Werror=missing-prototypes), so a signature typed differently in two
// places cannot compile. Layouts and meanings: docs/abi.md.
//
// Not declared here: the __kmpc_atomic_* family (atomic.c generates its 332 entry points from a
// dozen shapes, each typing its signature once) and the Fortran names (name_, arguments by
// reference: no C program calls them; their definitions sit between GLASS_FORTRAN_BEGIN and
// GLASS_FORTRAN_END and call the C routine declared here or in omp.h).
#ifndef GLASS_KMPC_H
#define GLASS_KMPC_H

#include "glass.h"
#include "critical.h"

#include <omp.h>

// omp.h maps these four to their ompc_* names for programs; the runtime defines and exports
// both spellings, so it sees the omp_* names as they are.
#undef omp_set_affinity_format
#undef omp_get_affinity_format
#undef omp_display_affinity
#undef omp_capture_affinity
void omp_set_affinity_format(const char *format);
size_t omp_get_affinity_format(char *buffer, size_t size);
void omp_display_affinity(const char *format);
size_t omp_capture_affinity(char *buffer, size_t size, const char *format);

#define GLASS_FORTRAN_BEGIN                                                                        \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmissing-prototypes\"")
#define GLASS_FORTRAN_END _Pragma("GCC diagnostic pop")
// The Fortran name of a setter `void name(T)`: its argument by reference.
#define GLASS_FORTRAN_SET(name, T)                                                                 \
  GLASS_API void name##_(T *v) {                                                                   \
    name(*v);                                                                                      \
  }
// `name` is one more exported spelling of `target`, an entry point defined in the same file (an
// ompc_* or kmpc_* name, the Fortran name of a routine without arguments): one function under
// two symbols, so that the two cannot drift apart.
#define GLASS_ALIAS(name, target)                                                                  \
  extern __typeof__(target) name __attribute__((visibility("default"), alias(#target)))

// ---------------------------------------------------------------------------------------------
// ABI types (docs/abi.md, "Data layouts"). The structs are defined where they are read.

typedef struct kmp_task kmp_task_t;
typedef int32_t (*kmp_routine_t)(int32_t gtid, kmp_task_t *task);
typedef struct kmp_depend_info kmp_depend_info_t; // task_deps.c
typedef struct kmp_dim kmp_dim_t;                 // ws_ordered.c
typedef void (*kmp_reduce_fn_t)(void *lhs, void *rhs);
typedef void *(*kmp_tp_ctor_t)(void *);
typedef void *(*kmp_tp_cctor_t)(void *, void *);
typedef void (*kmp_tp_dtor_t)(void *);
typedef void *(*kmp_tp_ctor_vec_t)(void *, size_t);
typedef void *(*kmp_tp_cctor_vec_t)(void *, void *, size_t);
typedef void (*kmp_tp_dtor_vec_t)(void *, size_t);

// ---------------------------------------------------------------------------------------------
// Loops: one set per induction-variable type (4, 4u, 8, 8u).

#define GLASS_KMPC_LOOP_ENTRIES(SFX, T, ST)                                                        \
  void __kmpc_for_static_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched, int32_t *plast,     \
                                    T *plower, T *pupper, ST *pstride, ST incr, ST chunk);         \
  void __kmpc_dist_for_static_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched,                \
                                         int32_t *plast, T *plower, T *pupper, T *pupperd,         \
                                         ST *pstride, ST incr, ST chunk);                          \
  void __kmpc_team_static_init_##SFX(ident_t *loc, int32_t gtid, int32_t *plast, T *plower,        \
                                     T *pupper, ST *pstride, ST incr, ST chunk);                   \
  void __kmpc_dispatch_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched, T lb, T ub, ST st,    \
                                  ST chunk);                                                       \
  int32_t __kmpc_dispatch_next_##SFX(ident_t *loc, int32_t gtid, int32_t *plast, T *plb, T *pub,   \
                                     ST *pst);                                                     \
  void __kmpc_dispatch_fini_##SFX(ident_t *loc, int32_t gtid);                                     \
  void __kmpc_dist_dispatch_init_##SFX(ident_t *loc, int32_t gtid, int32_t sched, int32_t *plast,  \
                                       T lb, T ub, ST st, ST chunk);

GLASS_KMPC_LOOP_ENTRIES(4, int32_t, int32_t)
GLASS_KMPC_LOOP_ENTRIES(4u, uint32_t, int32_t)
GLASS_KMPC_LOOP_ENTRIES(8, int64_t, int64_t)
GLASS_KMPC_LOOP_ENTRIES(8u, uint64_t, int64_t)

// ---------------------------------------------------------------------------------------------

// Affinity format under the ompc_* names omp.h maps the omp_* ones to (affinity.c).
void ompc_set_affinity_format(const char *format);
size_t ompc_get_affinity_format(char *buffer, size_t size);
void ompc_display_affinity(const char *format);
size_t ompc_capture_affinity(char *buffer, size_t size, const char *format);

// Memory allocators (alloc.c).
void *__kmpc_alloc(int32_t gtid, size_t size, omp_allocator_handle_t allocator);
void *__kmpc_aligned_alloc(int32_t gtid, size_t align, size_t size,
                           omp_allocator_handle_t allocator);
void *__kmpc_calloc(int32_t gtid, size_t nmemb, size_t size, omp_allocator_handle_t allocator);
void *__kmpc_realloc(int32_t gtid, void *ptr, size_t size, omp_allocator_handle_t allocator,
                     omp_allocator_handle_t free_allocator);
void __kmpc_free(int32_t gtid, void *ptr, omp_allocator_handle_t allocator);
omp_allocator_handle_t __kmpc_init_allocator(int32_t gtid, omp_allocator_handle_t memspace,
                                             int ntraits, const void *traits);
void __kmpc_destroy_allocator(int32_t gtid, omp_allocator_handle_t allocator);
void __kmpc_set_default_allocator(int32_t gtid, omp_allocator_handle_t allocator);
omp_allocator_handle_t __kmpc_get_default_allocator(int32_t gtid);

// ompc_* spellings of ICV setters and queries (api.c).
void ompc_set_num_threads(int n);
void ompc_set_dynamic(int flag);
void ompc_set_nested(int flag);
void ompc_set_max_active_levels(int levels);
void ompc_set_schedule(int kind, int chunk);
int ompc_get_ancestor_thread_num(int level);
int ompc_get_team_size(int level);

// Cancellation (cancel.c).
int32_t __kmpc_cancel(ident_t *loc, int32_t gtid, int32_t kind);
int32_t __kmpc_cancellationpoint(ident_t *loc, int32_t gtid, int32_t kind);
int kmp_get_cancellation_status(int kind);
int32_t __kmpc_cancel_barrier(ident_t *loc, int32_t gtid);

// Critical sections (critical.c).
void __kmpc_critical(ident_t *loc, int32_t gtid, kmp_critical_name *crit);
void __kmpc_critical_with_hint(ident_t *loc, int32_t gtid, kmp_critical_name *crit, uint32_t hint);
void __kmpc_end_critical(ident_t *loc, int32_t gtid, kmp_critical_name *crit);

// Devices (device_api.c).
int __kmpc_get_target_offload(void);

// The error directive (error.c).
void __kmpc_error(ident_t *loc, int32_t severity, const char *message);

// flush (flush.c).
void __kmpc_flush(ident_t *loc);

// Entry points of older compilers (kmp_compat.c).
int32_t __kmpc_barrier_master(ident_t *loc, int32_t gtid);
void __kmpc_end_barrier_master(ident_t *loc, int32_t gtid);
int32_t __kmpc_barrier_master_nowait(ident_t *loc, int32_t gtid);
void __kmpc_pop_num_threads(ident_t *loc, int32_t gtid);
uint64_t __kmpc_get_taskid(void);
uint64_t __kmpc_get_parent_taskid(void);
int32_t __kmpc_omp_task_parts(ident_t *loc, int32_t gtid, void *task);
void *__kmpc_task_get_depnode(void *task);
void *__kmpc_task_get_successors(void *task);

// Resource control and libomp's kmpc_* aliases of kmp_* controls (kmp_ext.c).
int __kmpc_pause_resource(int kind);
int kmp_get_num_known_threads(void);
void kmpc_set_blocktime(int ms);
void kmpc_set_stacksize(int size);
void kmpc_set_stacksize_s(size_t size);
void kmpc_set_library(int mode);
void kmpc_set_defaults(char const *settings);
void kmpc_set_disp_num_buffers(int n);

// Threads, parallel regions, barriers (kmpc_parallel.c).
int32_t __kmpc_global_thread_num(ident_t *loc);
int32_t __kmpc_global_num_threads(ident_t *loc);
int32_t __kmpc_bound_thread_num(ident_t *loc);
int32_t __kmpc_bound_num_threads(ident_t *loc);
int32_t __kmpc_in_parallel(ident_t *loc);
int32_t __kmpc_ok_to_fork(ident_t *loc);
void __kmpc_begin(ident_t *loc, int32_t flags);
void __kmpc_end(ident_t *loc);
void __kmpc_push_num_threads(ident_t *loc, int32_t gtid, int32_t nthreads);
void __kmpc_push_num_threads_strict(ident_t *loc, int32_t gtid, int32_t nthreads, int32_t severity,
                                    const char *message);
void __kmpc_push_num_threads_list(ident_t *loc, int32_t gtid, uint32_t len, int32_t *list);
void __kmpc_push_num_threads_list_strict(ident_t *loc, int32_t gtid, uint32_t len, int32_t *list,
                                         int32_t severity, const char *message);
void __kmpc_set_thread_limit(ident_t *loc, int32_t gtid, int32_t thread_limit);
void __kmpc_push_proc_bind(ident_t *loc, int32_t gtid, int32_t bind);
void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...);
void __kmpc_fork_call_if(ident_t *loc, int32_t argc, kmpc_micro fn, int32_t cond, void *args);
void __kmpc_serialized_parallel(ident_t *loc, int32_t gtid);
void __kmpc_end_serialized_parallel(ident_t *loc, int32_t gtid);
void __kmpc_barrier(ident_t *loc, int32_t gtid);

// Tasks, taskwait, taskyield, taskgroup (kmpc_task.c).
kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags, size_t sizeof_task,
                                  size_t sizeof_shareds, kmp_routine_t entry);
kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                         size_t sizeof_task, size_t sizeof_shareds,
                                         kmp_routine_t entry, int64_t device_id);
int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, kmp_task_t *kt);
void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt);
void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid, kmp_task_t *kt);
int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid);
int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part);
void __kmpc_taskgroup(ident_t *loc, int32_t gtid);
void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid);
int32_t __kmpc_omp_has_task_team(int32_t gtid);

// Locks through the compiler's entry points (lock.c): one set for simple locks, one for nestable.
#define GLASS_KMPC_LOCK_ENTRIES(NEST)                                                              \
  void __kmpc_init_##NEST##lock(ident_t *loc, int32_t gtid, void **user_lock);                     \
  void __kmpc_init_##NEST##lock_with_hint(ident_t *loc, int32_t gtid, void **user_lock,            \
                                          uintptr_t hint);                                         \
  void __kmpc_destroy_##NEST##lock(ident_t *loc, int32_t gtid, void **user_lock);                  \
  void __kmpc_set_##NEST##lock(ident_t *loc, int32_t gtid, void **user_lock);                      \
  void __kmpc_unset_##NEST##lock(ident_t *loc, int32_t gtid, void **user_lock);                    \
  int __kmpc_test_##NEST##lock(ident_t *loc, int32_t gtid, void **user_lock);
GLASS_KMPC_LOCK_ENTRIES()
GLASS_KMPC_LOCK_ENTRIES(nest_)

// Reductions (reduce.c).
int32_t __kmpc_reduce_nowait(ident_t *loc, int32_t gtid, int32_t nvars, size_t size, void *data,
                             kmp_reduce_fn_t func, kmp_critical_name *lck);
void __kmpc_end_reduce_nowait(ident_t *loc, int32_t gtid, kmp_critical_name *lck);
int32_t __kmpc_reduce(ident_t *loc, int32_t gtid, int32_t nvars, size_t size, void *data,
                      kmp_reduce_fn_t func, kmp_critical_name *lck);
void __kmpc_end_reduce(ident_t *loc, int32_t gtid, kmp_critical_name *lck);

// Task affinity (task_affinity.c).
int32_t __kmpc_omp_reg_task_with_affinity(ident_t *loc, int32_t gtid, kmp_task_t *task,
                                          int32_t naffins, void *affin_list);

// Task dependences (task_deps.c).
int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, kmp_task_t *kt, int32_t ndeps,
                                  kmp_depend_info_t *deps, int32_t nnoalias,
                                  kmp_depend_info_t *noalias);
void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps, kmp_depend_info_t *deps,
                          int32_t nnoalias, kmp_depend_info_t *noalias);
void __kmpc_omp_taskwait_deps_51(ident_t *loc, int32_t gtid, int32_t ndeps, kmp_depend_info_t *deps,
                                 int32_t nnoalias, kmp_depend_info_t *noalias, int32_t nowait);

// Detachable tasks (task_detach.c).
void *__kmpc_task_allow_completion_event(ident_t *loc, int32_t gtid, kmp_task_t *kt);
uintptr_t __kmpc_glass_target_task_event(void);

// Task reductions (task_reduction.c).
void *__kmpc_taskred_init(int32_t gtid, int32_t num, void *data);
void *__kmpc_task_reduction_init(int32_t gtid, int32_t num, void *data);
void *__kmpc_task_reduction_get_th_data(int32_t gtid, void *tskgrp, void *data);
void *__kmpc_taskred_modifier_init(ident_t *loc, int32_t gtid, int32_t is_ws, int32_t num,
                                   void *data);
void *__kmpc_task_reduction_modifier_init(ident_t *loc, int32_t gtid, int32_t is_ws, int32_t num,
                                          void *data);
void __kmpc_task_reduction_modifier_fini(ident_t *loc, int32_t gtid, int32_t is_ws);

// taskloop (taskloop.c).
void __kmpc_taskloop(ident_t *loc, int32_t gtid, kmp_task_t *task, int32_t if_val, uint64_t *lb,
                     uint64_t *ub, int64_t st, int32_t nogroup, int32_t sched, uint64_t grainsize,
                     void *task_dup);
void __kmpc_taskloop_5(ident_t *loc, int32_t gtid, kmp_task_t *task, int32_t if_val, uint64_t *lb,
                       uint64_t *ub, int64_t st, int32_t nogroup, int32_t sched, uint64_t grainsize,
                       int32_t modifier, void *task_dup);

// teams (teams.c).
void __kmpc_push_num_teams(ident_t *loc, int32_t gtid, int32_t num_teams, int32_t thread_limit);
void __kmpc_push_num_teams_51(ident_t *loc, int32_t gtid, int32_t lb, int32_t ub,
                              int32_t thread_limit);
void __kmpc_fork_teams(ident_t *loc, int32_t argc, kmpc_micro fn, ...);

// threadprivate (threadprivate.c).
void *__kmpc_threadprivate_cached(ident_t *loc, int32_t gtid, void *data, size_t size,
                                  void ***cache);
void *__kmpc_threadprivate(ident_t *loc, int32_t gtid, void *data, size_t size);
void __kmpc_threadprivate_register(ident_t *loc, void *data, kmp_tp_ctor_t ctor,
                                   kmp_tp_cctor_t cctor, kmp_tp_dtor_t dtor);
void __kmpc_threadprivate_register_vec(ident_t *loc, void *data, kmp_tp_ctor_vec_t ctor,
                                       kmp_tp_cctor_vec_t cctor, kmp_tp_dtor_vec_t dtor,
                                       size_t vector_length);

// Dynamic loops (ws_dispatch.c).
void __kmpc_dispatch_deinit(ident_t *loc, int32_t gtid);

// ordered and doacross (ws_ordered.c).
void __kmpc_ordered(ident_t *loc, int32_t gtid);
void __kmpc_end_ordered(ident_t *loc, int32_t gtid);
void __kmpc_doacross_init(ident_t *loc, int32_t gtid, int32_t ndims, const kmp_dim_t *dims);
void __kmpc_doacross_wait(ident_t *loc, int32_t gtid, const int64_t *vec);
void __kmpc_doacross_post(ident_t *loc, int32_t gtid, const int64_t *vec);
void __kmpc_doacross_fini(ident_t *loc, int32_t gtid);

// single, masked, master, copyprivate, scope (ws_single.c).
int32_t __kmpc_single(ident_t *loc, int32_t gtid);
void __kmpc_end_single(ident_t *loc, int32_t gtid);
void __kmpc_copyprivate(ident_t *loc, int32_t gtid, size_t size, void *data,
                        void (*copy)(void *dst, void *src), int32_t didit);
void *__kmpc_copyprivate_light(ident_t *loc, int32_t gtid, void *data);
int32_t __kmpc_masked(ident_t *loc, int32_t gtid, int32_t filter);
void __kmpc_end_masked(ident_t *loc, int32_t gtid);
int32_t __kmpc_master(ident_t *loc, int32_t gtid);
void __kmpc_end_master(ident_t *loc, int32_t gtid);
void __kmpc_scope(ident_t *loc, int32_t gtid, void *reserved);
void __kmpc_end_scope(ident_t *loc, int32_t gtid, void *reserved);

// Static loops (ws_static.c).
void __kmpc_for_static_fini(ident_t *loc, int32_t gtid);
#endif
