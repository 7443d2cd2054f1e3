// Inquiry entry points (OpenMP 5.1 §4.6.1). Those a sampling profiler calls from a signal
// handler (state, thread data, parallel and task info, unique ids) take no lock and allocate
// nothing: they read the runtime's own structs, which are published with a signal fence before
// the thread's pointers change.
#define _GNU_SOURCE
#include "ompt-entry.h"
#include "ompt_view.h"

#include <sched.h>

// ---------------------------------------------------------------------------------------------
// States and mutex implementations.

static const struct {
  int id;
  const char *name;
} states[] = {
#define GLASS_OMPT_STATE(name) {ompt_state_##name, "ompt_state_" #name},
#include "states.def"
#undef GLASS_OMPT_STATE
};

static const struct {
  int id;
  const char *name;
} mutex_impls[] = {
#define GLASS_OMPT_MUTEX_IMPL(name, value, text) {value, text},
#include "mutex_impls.def"
#undef GLASS_OMPT_MUTEX_IMPL
};

#define ENUMERATE(table, current, next, name)                                                      \
  do {                                                                                             \
    size_t n_ = sizeof(table) / sizeof(*(table));                                                  \
    for (size_t i_ = 0; i_ + 1 < n_; i_++) {                                                       \
      if ((table)[i_].id == (current)) {                                                           \
        if (next)                                                                                  \
          *(next) = (table)[i_ + 1].id;                                                            \
        if (name)                                                                                  \
          *(name) = (table)[i_ + 1].name;                                                          \
        return 1;                                                                                  \
      }                                                                                            \
    }                                                                                              \
    return 0;                                                                                      \
  } while (0)

int glass_ompt_enumerate_states(int current, int *next, const char **name) {
  ENUMERATE(states, current, next, name);
}

int glass_ompt_enumerate_mutex_impls(int current, int *next, const char **name) {
  ENUMERATE(mutex_impls, current, next, name);
}

// ---------------------------------------------------------------------------------------------
// Thread, state, ids.

ompt_data_t *glass_ompt_get_thread_data(void) {
  if (unlikely(glass_ompt_tool_declined()))
    return NULL;
  glass_thread_t *th = glass_self_peek();
  return th ? &th->ompt_thread_data : NULL;
}

int glass_ompt_get_state(ompt_wait_id_t *wait_id) {
  glass_thread_t *th = glass_self_peek();
  if (!th) {
    if (wait_id)
      *wait_id = ompt_wait_id_none;
    return ompt_state_undefined;
  }
  int state = th->ompt_state;
  if (wait_id)
    *wait_id = th->ompt_wait_id;
  return state;
}

// Ids come from one global counter in blocks, so a thread takes a global atomic once per block.
// Taking an id from the thread's block is a compare-and-swap on a thread-private word: a signal
// handler that interrupts it makes the swap fail and retry, and a handler that interrupts a
// refill takes its id from the global counter directly.
// The first id is 10^15 + 1: every id has 16 digits (until 9 * 10^15 are handed out), so logs
// keyed by ids sort as text in id order (LLVM's OMPT tests sort their output with plain
// `sort`), and ids are as large as libomp's, which tools already handle.
#define ID_BLOCK 1024
#define ID_FIRST 1000000000000001ull
static _Atomic uint64_t id_counter = ID_FIRST;

static uint64_t global_ids(uint64_t n) {
  return atomic_fetch_add_explicit(&id_counter, n, memory_order_relaxed);
}

uint64_t glass_ompt_unique_id(void) {
  glass_thread_t *th = glass_self_peek();
  if (unlikely(!th))
    return global_ids(1);
  for (;;) {
    uint64_t next = __atomic_load_n(&th->ompt_id_next, __ATOMIC_RELAXED);
    uint64_t end = __atomic_load_n(&th->ompt_id_end, __ATOMIC_RELAXED);
    if (next >= end)
      break;
    if (__atomic_compare_exchange_n(&th->ompt_id_next, &next, next + 1, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
      return next;
  }
  if (__atomic_exchange_n(&th->ompt_id_refilling, 1, __ATOMIC_ACQUIRE))
    return global_ids(1);
  uint64_t base = global_ids(ID_BLOCK);
  __atomic_store_n(&th->ompt_id_end, 0, __ATOMIC_RELAXED);
  atomic_signal_fence(memory_order_seq_cst);
  __atomic_store_n(&th->ompt_id_next, base + 1, __ATOMIC_RELAXED);
  atomic_signal_fence(memory_order_seq_cst);
  __atomic_store_n(&th->ompt_id_end, base + ID_BLOCK, __ATOMIC_RELAXED);
  __atomic_store_n(&th->ompt_id_refilling, 0, __ATOMIC_RELEASE);
  return base;
}

uint64_t glass_ompt_get_unique_id(void) {
  return glass_ompt_unique_id();
}

// ---------------------------------------------------------------------------------------------
// Ancestors: parallel regions and tasks, through active and serialized regions alike.

int glass_ompt_get_parallel_info(int level, ompt_data_t **parallel_data, int *team_size) {
  glass_thread_t *th = glass_self_peek();
  if (!th || level < 0 || unlikely(glass_ompt_tool_declined()))
    return 0;
  glass_task_t *task = th->task;
  if (!task || glass_thread_detached(th, task))
    return 0; // idle, or a worker's thread_begin/thread_end: not in any parallel region
  glass_team_t *team = task->team;
  for (int i = 0; i < level && team; i++)
    team = team->parent;
  if (!team)
    return 0;
  if (parallel_data)
    *parallel_data = glass_team_parallel_data(team);
  if (team_size)
    *team_size = team->nthreads;
  return 2;
}

int glass_ompt_get_task_info(int level, int *flags, ompt_data_t **task_data,
                             ompt_frame_t **task_frame, ompt_data_t **parallel_data,
                             int *thread_num) {
  glass_thread_t *th = glass_self_peek();
  if (!th || level < 0 || unlikely(glass_ompt_tool_declined()))
    return 0;
  glass_task_t *task = th->task;
  for (int i = 0; i < level && task; i++)
    task = glass_task_ancestor(task);
  if (!task || glass_thread_detached(th, task))
    return 0;
  if (flags)
    *flags = task->ompt_flags;
  if (task_data)
    *task_data = &task->ompt_data;
  if (task_frame)
    *task_frame = &task->ompt_frame;
  if (parallel_data)
    *parallel_data = task->team ? glass_team_parallel_data(task->team) : NULL;
  if (thread_num)
    *thread_num = task->thread_num;
  return 2;
}

// The blocks of the current task (task_ompt.c); the return value says whether a block numbered
// block + 1 exists.
int glass_ompt_get_task_memory(void **addr, size_t *size, int block) {
  glass_thread_t *th = glass_self_peek();
  if (addr)
    *addr = NULL;
  if (size)
    *size = 0;
  return glass_task_memory(th ? th->task : NULL, block, addr, size);
}

// ---------------------------------------------------------------------------------------------
// Places and processors: read from the immutable place list (built at initialization when a
// tool is attached).

int glass_ompt_get_num_procs(void) {
  return glass_nprocs;
}

int glass_ompt_get_num_places(void) {
  return glass_places_count_safe();
}

int glass_ompt_get_place_proc_ids(int place_num, int ids_size, int *ids) {
  return glass_place_proc_ids_safe(place_num, ids_size, ids);
}

int glass_ompt_get_place_num(void) {
  glass_thread_t *th = glass_self_peek();
  return th ? th->place : -1;
}

int glass_ompt_get_partition_place_nums(int place_nums_size, int *place_nums) {
  glass_thread_t *th = glass_self_peek();
  int n = glass_places_count_safe();
  if (!th || n == 0)
    return 0;
  int first = th->part_first < n ? th->part_first : 0;
  int last = th->part_last < n ? th->part_last : n - 1;
  for (int p = first; p <= last && place_nums && p - first < place_nums_size; p++)
    place_nums[p - first] = p;
  return last - first + 1;
}

// -1 (5.1: "failure to retrieve" the processor) only for a tool whose initializer declined.
// A thread the runtime never saw is not an OpenMP thread yet: no processor either, as it has
// no place (libomp answers the same).
int glass_ompt_get_proc_id(void) {
  if (unlikely(glass_ompt_tool_declined()) || !glass_self_peek())
    return -1;
  return sched_getcpu();
}

// ---------------------------------------------------------------------------------------------
// Devices belong to libomptarget: omp_get_num_devices asks it when it is loaded.

int glass_ompt_get_num_devices(void) {
  return omp_get_num_devices();
}

int glass_ompt_get_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id) {
  return glass_ompt_target_info(device_num, target_id, host_op_id);
}
