// Every host callback of OpenMP 5.1 (all but the target and device ones), as functions whose
// whole body is TOOL_EVENT(<callback id>), which the including tool defines before including
// this header. Each function is assigned to a variable of the callback's own type from
// omp-tools.h, so a wrong signature does not compile.
//
// The including tool also gets tool_callbacks[], the list to register.
#ifndef BENCH_HOST_CALLBACKS_H
#define BENCH_HOST_CALLBACKS_H

#include <omp-tools.h>

#ifndef TOOL_EVENT
#error "define TOOL_EVENT(id) before including host_callbacks.h"
#endif

#define UNUSED(x) (void)(x)

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  UNUSED(type), UNUSED(thread_data);
  TOOL_EVENT(ompt_callback_thread_begin);
}

static void on_thread_end(ompt_data_t *thread_data) {
  UNUSED(thread_data);
  TOOL_EVENT(ompt_callback_thread_end);
}

static void on_parallel_begin(ompt_data_t *task_data, const ompt_frame_t *task_frame,
                              ompt_data_t *parallel_data, unsigned int requested, int flags,
                              const void *codeptr_ra) {
  UNUSED(task_data), UNUSED(task_frame), UNUSED(parallel_data), UNUSED(requested),
      UNUSED(flags), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_parallel_begin);
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *task_data, int flags,
                            const void *codeptr_ra) {
  UNUSED(parallel_data), UNUSED(task_data), UNUSED(flags), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_parallel_end);
}

static void on_task_create(ompt_data_t *task_data, const ompt_frame_t *task_frame,
                           ompt_data_t *new_task_data, int flags, int has_dependences,
                           const void *codeptr_ra) {
  UNUSED(task_data), UNUSED(task_frame), UNUSED(new_task_data), UNUSED(flags),
      UNUSED(has_dependences), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_task_create);
}

static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_status,
                             ompt_data_t *next_task_data) {
  UNUSED(prior_task_data), UNUSED(prior_status), UNUSED(next_task_data);
  TOOL_EVENT(ompt_callback_task_schedule);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(actual_parallelism),
      UNUSED(index), UNUSED(flags);
  TOOL_EVENT(ompt_callback_implicit_task);
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg,
                           const void *codeptr_ra) {
  UNUSED(command), UNUSED(modifier), UNUSED(arg), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_control_tool);
  return 0;
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel_data, ompt_data_t *task_data,
                                const void *codeptr_ra) {
  UNUSED(kind), UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_sync_region_wait);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *codeptr_ra) {
  UNUSED(kind), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_mutex_released);
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
  UNUSED(task_data), UNUSED(deps), UNUSED(ndeps);
  TOOL_EVENT(ompt_callback_dependences);
}

static void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data) {
  UNUSED(src_task_data), UNUSED(sink_task_data);
  TOOL_EVENT(ompt_callback_task_dependence);
}

static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint,
                    ompt_data_t *parallel_data, ompt_data_t *task_data, uint64_t count,
                    const void *codeptr_ra) {
  UNUSED(work_type), UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(count),
      UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_work);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                      ompt_data_t *task_data, const void *codeptr_ra) {
  UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_masked);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel_data, ompt_data_t *task_data,
                           const void *codeptr_ra) {
  UNUSED(kind), UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_sync_region);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                         ompt_wait_id_t wait_id, const void *codeptr_ra) {
  UNUSED(kind), UNUSED(hint), UNUSED(impl), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_lock_init);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  UNUSED(kind), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_lock_destroy);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr_ra) {
  UNUSED(kind), UNUSED(hint), UNUSED(impl), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_mutex_acquire);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *codeptr_ra) {
  UNUSED(kind), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_mutex_acquired);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                         const void *codeptr_ra) {
  UNUSED(endpoint), UNUSED(wait_id), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_nest_lock);
}

static void on_flush(ompt_data_t *thread_data, const void *codeptr_ra) {
  UNUSED(thread_data), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_flush);
}

static void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr_ra) {
  UNUSED(task_data), UNUSED(flags), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_cancel);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data,
                         const void *codeptr_ra) {
  UNUSED(kind), UNUSED(endpoint), UNUSED(parallel_data), UNUSED(task_data), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_reduction);
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data,
                        ompt_dispatch_t kind, ompt_data_t instance) {
  UNUSED(parallel_data), UNUSED(task_data), UNUSED(kind), UNUSED(instance);
  TOOL_EVENT(ompt_callback_dispatch);
}

static void on_error(ompt_severity_t severity, const char *message, size_t length,
                     const void *codeptr_ra) {
  UNUSED(severity), UNUSED(message), UNUSED(length), UNUSED(codeptr_ra);
  TOOL_EVENT(ompt_callback_error);
}

// The list to register, as an X-macro: X(event, function, type of the callback).
#define TOOL_HOST_CALLBACKS(X) \
  X(ompt_callback_thread_begin, on_thread_begin, ompt_callback_thread_begin_t) \
  X(ompt_callback_thread_end, on_thread_end, ompt_callback_thread_end_t) \
  X(ompt_callback_parallel_begin, on_parallel_begin, ompt_callback_parallel_begin_t) \
  X(ompt_callback_parallel_end, on_parallel_end, ompt_callback_parallel_end_t) \
  X(ompt_callback_task_create, on_task_create, ompt_callback_task_create_t) \
  X(ompt_callback_task_schedule, on_task_schedule, ompt_callback_task_schedule_t) \
  X(ompt_callback_implicit_task, on_implicit_task, ompt_callback_implicit_task_t) \
  X(ompt_callback_control_tool, on_control_tool, ompt_callback_control_tool_t) \
  X(ompt_callback_sync_region_wait, on_sync_region_wait, ompt_callback_sync_region_t) \
  X(ompt_callback_mutex_released, on_mutex_released, ompt_callback_mutex_t) \
  X(ompt_callback_dependences, on_dependences, ompt_callback_dependences_t) \
  X(ompt_callback_task_dependence, on_task_dependence, ompt_callback_task_dependence_t) \
  X(ompt_callback_work, on_work, ompt_callback_work_t) \
  X(ompt_callback_masked, on_masked, ompt_callback_masked_t) \
  X(ompt_callback_sync_region, on_sync_region, ompt_callback_sync_region_t) \
  X(ompt_callback_lock_init, on_lock_init, ompt_callback_mutex_acquire_t) \
  X(ompt_callback_lock_destroy, on_lock_destroy, ompt_callback_mutex_t) \
  X(ompt_callback_mutex_acquire, on_mutex_acquire, ompt_callback_mutex_acquire_t) \
  X(ompt_callback_mutex_acquired, on_mutex_acquired, ompt_callback_mutex_t) \
  X(ompt_callback_nest_lock, on_nest_lock, ompt_callback_nest_lock_t) \
  X(ompt_callback_flush, on_flush, ompt_callback_flush_t) \
  X(ompt_callback_cancel, on_cancel, ompt_callback_cancel_t) \
  X(ompt_callback_reduction, on_reduction, ompt_callback_sync_region_t) \
  X(ompt_callback_dispatch, on_dispatch, ompt_callback_dispatch_t) \
  X(ompt_callback_error, on_error, ompt_callback_error_t)

// Compile-time signature check: each function initializes a pointer of its callback's type.
#define TOOL_CHECK(event, fn, type) static const type check_##fn __attribute__((unused)) = fn;
TOOL_HOST_CALLBACKS(TOOL_CHECK)
#undef TOOL_CHECK

#define TOOL_ENTRY(event, fn, type) {event, #event, (ompt_callback_t)fn},
static const struct tool_callback {
  ompt_callbacks_t event;
  const char *name;
  ompt_callback_t fn;
} tool_callbacks[] = {TOOL_HOST_CALLBACKS(TOOL_ENTRY)};
#undef TOOL_ENTRY
#define TOOL_NCALLBACKS ((int)(sizeof(tool_callbacks) / sizeof(tool_callbacks[0])))
#define TOOL_MAX_EVENT 64

#endif
