// A realistic OMPT tool, written the way tools are written against LLVM's omp-tools.h: every
// callback is a function with the exact parameter list the specification gives, registered
// through a variable of the callback's type; every entry point is looked up into a variable of
// its type and called. It must compile unchanged (C and C++, -Werror) against LLVM 22's header
// and against Glass's. It also runs on Glass as a tool.
#include <omp-tools.h>
#include <stdio.h>

static ompt_set_callback_t set_callback;
static ompt_get_callback_t get_callback;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_num_procs_t get_num_procs;
static ompt_get_num_places_t get_num_places;
static ompt_get_place_proc_ids_t get_place_proc_ids;
static ompt_get_place_num_t get_place_num;
static ompt_get_partition_place_nums_t get_partition_place_nums;
static ompt_get_proc_id_t get_proc_id;
static ompt_get_state_t get_state;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_task_memory_t get_task_memory;
static ompt_get_num_devices_t get_num_devices;
static ompt_get_target_info_t get_target_info;
static ompt_get_unique_id_t get_unique_id;
static ompt_finalize_tool_t finalize_tool;
static ompt_enumerate_states_t enumerate_states;
static ompt_enumerate_mutex_impls_t enumerate_mutex_impls;
static long events;

static void on_thread_begin(ompt_thread_t thread_type, ompt_data_t *thread_data) {
  thread_data->value = get_unique_id();
  (void)thread_type;
  events++;
}
static void on_thread_end(ompt_data_t *thread_data) { (void)thread_data; events++; }
static void on_parallel_begin(ompt_data_t *encountering_task_data,
                              const ompt_frame_t *encountering_task_frame,
                              ompt_data_t *parallel_data, unsigned int requested_parallelism,
                              int flags, const void *codeptr_ra) {
  (void)encountering_task_data, (void)encountering_task_frame, (void)requested_parallelism;
  (void)flags, (void)codeptr_ra;
  parallel_data->value = get_unique_id();
  events++;
}
static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data,
                            int flags, const void *codeptr_ra) {
  (void)parallel_data, (void)encountering_task_data, (void)flags, (void)codeptr_ra;
  events++;
}
static void on_task_create(ompt_data_t *encountering_task_data,
                           const ompt_frame_t *encountering_task_frame, ompt_data_t *new_task_data,
                           int flags, int has_dependences, const void *codeptr_ra) {
  (void)encountering_task_data, (void)encountering_task_frame, (void)new_task_data, (void)flags;
  (void)has_dependences, (void)codeptr_ra;
}
static void on_task_schedule(ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t *next_task_data) {
  (void)prior_task_data, (void)prior_task_status, (void)next_task_data;
}
static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  (void)endpoint, (void)parallel_data, (void)task_data, (void)actual_parallelism, (void)index;
  (void)flags;
  events++;
}
static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                      ompt_data_t *task_data, ompt_id_t target_id, const void *codeptr_ra) {
  (void)kind, (void)endpoint, (void)device_num, (void)task_data, (void)target_id, (void)codeptr_ra;
}
static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id,
                              ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                              void *dest_addr, int dest_device_num, size_t bytes,
                              const void *codeptr_ra) {
  (void)target_id, (void)host_op_id, (void)optype, (void)src_addr, (void)src_device_num;
  (void)dest_addr, (void)dest_device_num, (void)bytes, (void)codeptr_ra;
}
static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id,
                             unsigned int requested_num_teams) {
  (void)target_id, (void)host_op_id, (void)requested_num_teams;
}
static int on_control_tool(uint64_t command, uint64_t modifier, void *arg,
                           const void *codeptr_ra) {
  (void)command, (void)modifier, (void)arg, (void)codeptr_ra;
  return 0;
}
static void on_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                 ompt_function_lookup_t lookup, const char *documentation) {
  (void)device_num, (void)type, (void)device, (void)documentation;
  ompt_set_trace_ompt_t set_trace_ompt = (ompt_set_trace_ompt_t)lookup("ompt_set_trace_ompt");
  ompt_start_trace_t start_trace = (ompt_start_trace_t)lookup("ompt_start_trace");
  ompt_get_device_time_t device_time = (ompt_get_device_time_t)lookup("ompt_get_device_time");
  ompt_translate_time_t translate = (ompt_translate_time_t)lookup("ompt_translate_time");
  ompt_get_record_ompt_t get_record = (ompt_get_record_ompt_t)lookup("ompt_get_record_ompt");
  ompt_advance_buffer_cursor_t advance =
      (ompt_advance_buffer_cursor_t)lookup("ompt_advance_buffer_cursor");
  (void)set_trace_ompt, (void)start_trace, (void)device_time, (void)translate, (void)get_record;
  (void)advance;
}
static void on_device_finalize(int device_num) { (void)device_num; }
static void on_device_load(int device_num, const char *filename, int64_t offset_in_file,
                           void *vma_in_file, size_t bytes, void *host_addr, void *device_addr,
                           uint64_t module_id) {
  (void)device_num, (void)filename, (void)offset_in_file, (void)vma_in_file, (void)bytes;
  (void)host_addr, (void)device_addr, (void)module_id;
}
static void on_device_unload(int device_num, uint64_t module_id) {
  (void)device_num, (void)module_id;
}
static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel_data, ompt_data_t *task_data,
                           const void *codeptr_ra) {
  (void)kind, (void)endpoint, (void)parallel_data, (void)task_data, (void)codeptr_ra;
}
static void on_mutex(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  (void)kind, (void)wait_id, (void)codeptr_ra;
}
static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr_ra) {
  (void)kind, (void)hint, (void)impl, (void)wait_id, (void)codeptr_ra;
}
static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
  (void)task_data, (void)deps, (void)ndeps;
}
static void on_task_dependence(ompt_data_t *src_task_data, ompt_data_t *sink_task_data) {
  (void)src_task_data, (void)sink_task_data;
}
static void on_work(ompt_work_t work_type, ompt_scope_endpoint_t endpoint,
                    ompt_data_t *parallel_data, ompt_data_t *task_data, uint64_t count,
                    const void *codeptr_ra) {
  (void)work_type, (void)endpoint, (void)parallel_data, (void)task_data, (void)count;
  (void)codeptr_ra;
}
static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                      ompt_data_t *task_data, const void *codeptr_ra) {
  (void)endpoint, (void)parallel_data, (void)task_data, (void)codeptr_ra;
}
static void on_target_map(ompt_id_t target_id, unsigned int nitems, void **host_addr,
                          void **device_addr, size_t *bytes, unsigned int *mapping_flags,
                          const void *codeptr_ra) {
  (void)target_id, (void)nitems, (void)host_addr, (void)device_addr, (void)bytes;
  (void)mapping_flags, (void)codeptr_ra;
}
static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                         const void *codeptr_ra) {
  (void)endpoint, (void)wait_id, (void)codeptr_ra;
}
static void on_flush(ompt_data_t *thread_data, const void *codeptr_ra) {
  (void)thread_data, (void)codeptr_ra;
}
static void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr_ra) {
  (void)task_data, (void)flags, (void)codeptr_ra;
}
static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  (void)parallel_data, (void)task_data, (void)kind, (void)instance;
  if (kind == ompt_dispatch_ws_loop_chunk) {
    ompt_dispatch_chunk_t *chunk = (ompt_dispatch_chunk_t *)instance.ptr;
    (void)chunk->start, (void)chunk->iterations;
  }
}
static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                          ompt_data_t *task_data, ompt_data_t *target_task_data,
                          ompt_data_t *target_data, const void *codeptr_ra) {
  (void)kind, (void)endpoint, (void)device_num, (void)task_data, (void)target_task_data;
  (void)target_data, (void)codeptr_ra;
}
static void on_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                                  ompt_data_t *target_data, ompt_id_t *host_op_id,
                                  ompt_target_data_op_t optype, void *src_addr,
                                  int src_device_num, void *dest_addr, int dest_device_num,
                                  size_t bytes, const void *codeptr_ra) {
  (void)endpoint, (void)target_task_data, (void)target_data, (void)host_op_id, (void)optype;
  (void)src_addr, (void)src_device_num, (void)dest_addr, (void)dest_device_num, (void)bytes;
  (void)codeptr_ra;
}
static void on_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
                                 ompt_id_t *host_op_id, unsigned int requested_num_teams) {
  (void)endpoint, (void)target_data, (void)host_op_id, (void)requested_num_teams;
}
static void on_target_map_emi(ompt_data_t *target_data, unsigned int nitems, void **host_addr,
                              void **device_addr, size_t *bytes, unsigned int *mapping_flags,
                              const void *codeptr_ra) {
  (void)target_data, (void)nitems, (void)host_addr, (void)device_addr, (void)bytes;
  (void)mapping_flags, (void)codeptr_ra;
}
static void on_error(ompt_severity_t severity, const char *message, size_t length,
                     const void *codeptr_ra) {
  (void)severity, (void)message, (void)length, (void)codeptr_ra;
}

static int registered;
#define REGISTER(event, type, fn)                                                                  \
  do {                                                                                             \
    type typed = fn;                                                                               \
    if (set_callback(event, (ompt_callback_t)typed) != ompt_set_error)                             \
      registered++;                                                                                \
  } while (0)

// Every callback name in the list macros, counted, the way multiplexing tools use them.
#define COUNT_EVENT(name, type, value) +1
static const int listed = 0 FOREACH_OMPT_51_EVENT(COUNT_EVENT);

#define LOOKUP_FN(name) name##_t name##_fn = (name##_t)lookup(#name);
#define USE_FN(name) (void)name##_fn;

static int initialize(ompt_function_lookup_t lookup, int initial_device_num,
                      ompt_data_t *tool_data) {
  FOREACH_OMPT_INQUIRY_FN(LOOKUP_FN)
  FOREACH_OMPT_INQUIRY_FN(USE_FN)
  set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_callback = (ompt_get_callback_t)lookup("ompt_get_callback");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  get_num_procs = (ompt_get_num_procs_t)lookup("ompt_get_num_procs");
  get_num_places = (ompt_get_num_places_t)lookup("ompt_get_num_places");
  get_place_proc_ids = (ompt_get_place_proc_ids_t)lookup("ompt_get_place_proc_ids");
  get_place_num = (ompt_get_place_num_t)lookup("ompt_get_place_num");
  get_partition_place_nums =
      (ompt_get_partition_place_nums_t)lookup("ompt_get_partition_place_nums");
  get_proc_id = (ompt_get_proc_id_t)lookup("ompt_get_proc_id");
  get_state = (ompt_get_state_t)lookup("ompt_get_state");
  get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  get_task_memory = (ompt_get_task_memory_t)lookup("ompt_get_task_memory");
  get_num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
  get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
  get_unique_id = (ompt_get_unique_id_t)lookup("ompt_get_unique_id");
  finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
  enumerate_states = (ompt_enumerate_states_t)lookup("ompt_enumerate_states");
  enumerate_mutex_impls = (ompt_enumerate_mutex_impls_t)lookup("ompt_enumerate_mutex_impls");

  REGISTER(ompt_callback_thread_begin, ompt_callback_thread_begin_t, on_thread_begin);
  REGISTER(ompt_callback_thread_end, ompt_callback_thread_end_t, on_thread_end);
  REGISTER(ompt_callback_parallel_begin, ompt_callback_parallel_begin_t, on_parallel_begin);
  REGISTER(ompt_callback_parallel_end, ompt_callback_parallel_end_t, on_parallel_end);
  REGISTER(ompt_callback_task_create, ompt_callback_task_create_t, on_task_create);
  REGISTER(ompt_callback_task_schedule, ompt_callback_task_schedule_t, on_task_schedule);
  REGISTER(ompt_callback_implicit_task, ompt_callback_implicit_task_t, on_implicit_task);
  REGISTER(ompt_callback_target, ompt_callback_target_t, on_target);
  REGISTER(ompt_callback_target_data_op, ompt_callback_target_data_op_t, on_target_data_op);
  REGISTER(ompt_callback_target_submit, ompt_callback_target_submit_t, on_target_submit);
  REGISTER(ompt_callback_control_tool, ompt_callback_control_tool_t, on_control_tool);
  REGISTER(ompt_callback_device_initialize, ompt_callback_device_initialize_t,
           on_device_initialize);
  REGISTER(ompt_callback_device_finalize, ompt_callback_device_finalize_t, on_device_finalize);
  REGISTER(ompt_callback_device_load, ompt_callback_device_load_t, on_device_load);
  REGISTER(ompt_callback_device_unload, ompt_callback_device_unload_t, on_device_unload);
  REGISTER(ompt_callback_sync_region_wait, ompt_callback_sync_region_t, on_sync_region);
  REGISTER(ompt_callback_mutex_released, ompt_callback_mutex_t, on_mutex);
  REGISTER(ompt_callback_dependences, ompt_callback_dependences_t, on_dependences);
  REGISTER(ompt_callback_task_dependence, ompt_callback_task_dependence_t, on_task_dependence);
  REGISTER(ompt_callback_work, ompt_callback_work_t, on_work);
  REGISTER(ompt_callback_masked, ompt_callback_masked_t, on_masked);
  REGISTER(ompt_callback_target_map, ompt_callback_target_map_t, on_target_map);
  REGISTER(ompt_callback_sync_region, ompt_callback_sync_region_t, on_sync_region);
  REGISTER(ompt_callback_lock_init, ompt_callback_mutex_acquire_t, on_mutex_acquire);
  REGISTER(ompt_callback_lock_destroy, ompt_callback_mutex_t, on_mutex);
  REGISTER(ompt_callback_mutex_acquire, ompt_callback_mutex_acquire_t, on_mutex_acquire);
  REGISTER(ompt_callback_mutex_acquired, ompt_callback_mutex_t, on_mutex);
  REGISTER(ompt_callback_nest_lock, ompt_callback_nest_lock_t, on_nest_lock);
  REGISTER(ompt_callback_flush, ompt_callback_flush_t, on_flush);
  REGISTER(ompt_callback_cancel, ompt_callback_cancel_t, on_cancel);
  REGISTER(ompt_callback_reduction, ompt_callback_sync_region_t, on_sync_region);
  REGISTER(ompt_callback_dispatch, ompt_callback_dispatch_t, on_dispatch);
  REGISTER(ompt_callback_target_emi, ompt_callback_target_emi_t, on_target_emi);
  REGISTER(ompt_callback_target_data_op_emi, ompt_callback_target_data_op_emi_t,
           on_target_data_op_emi);
  REGISTER(ompt_callback_target_submit_emi, ompt_callback_target_submit_emi_t,
           on_target_submit_emi);
  REGISTER(ompt_callback_target_map_emi, ompt_callback_target_map_emi_t, on_target_map_emi);
  REGISTER(ompt_callback_error, ompt_callback_error_t, on_error);

  ompt_callback_t cb;
  int have = get_callback(ompt_callback_thread_begin, &cb);
  ompt_wait_id_t wait_id;
  int state = get_state(&wait_id);
  ompt_data_t *pd;
  int size;
  int flags, thread_num;
  ompt_data_t *td, *tpd;
  ompt_frame_t *frame;
  void *addr;
  size_t bytes;
  uint64_t device;
  ompt_id_t target_id, host_op_id;
  int ids[8], nums[8];
  const char *name;
  int next;
  enumerate_states(ompt_state_undefined, &next, &name);
  enumerate_mutex_impls(ompt_mutex_impl_none, &next, &name);
  (void)get_parallel_info(0, &pd, &size);
  (void)get_task_info(0, &flags, &td, &frame, &tpd, &thread_num);
  (void)get_task_memory(&addr, &bytes, 0);
  (void)get_target_info(&device, &target_id, &host_op_id);
  (void)get_place_proc_ids(0, 8, ids);
  (void)get_partition_place_nums(8, nums);
  (void)get_num_procs(), (void)get_num_places(), (void)get_place_num(), (void)get_proc_id();
  (void)get_num_devices(), (void)get_thread_data(), (void)state, (void)have;
  printf("tool: initial device %d, %d callbacks registered of %d listed\n", initial_device_num,
         registered, listed);
  tool_data->value = 0;
  return 1;
}

static void finalize(ompt_data_t *tool_data) {
  (void)tool_data;
  printf("tool: %s events\n", events > 0 ? "saw" : "no");
}

#ifdef __cplusplus
extern "C"
#endif
ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {initialize, finalize, ompt_data_none};
  (void)omp_version, (void)runtime_version;
  return &result;
}

#ifdef GLASS_TOOL_MAIN
#include <omp.h>
int main(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    n++;
  }
  printf("threads: %d\n", n);
  return 0;
}
#endif
