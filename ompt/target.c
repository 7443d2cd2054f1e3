// The connection an offload runtime makes to this runtime's tool (LLVM's protocol): it calls
// ompt_libomp_connect with an ompt_start_tool_result_t of its own; when a tool is active we
// run its initializer with a lookup for the callbacks the tool registered here, so that one
// tool sees host and target events in one stream. Its finalizer runs before the tool's.
#include "ompt-entry.h"

#include <string.h>

static ompt_start_tool_result_t *connected;

static ompt_data_t *target_get_task_data(void) {
  glass_thread_t *th = glass_self_peek();
  return th && th->task ? &th->task->ompt_data : NULL;
}

// Target tasks are ordinary explicit tasks here: the encountering task's data serves.
static ompt_data_t *target_get_target_task_data(void) {
  return NULL;
}

// Glass's libomptarget knows the target region and operation each thread is in; it hands us
// the function that says so, for ompt_get_target_info.
typedef int (*target_info_fn)(uint64_t *, ompt_id_t *, ompt_id_t *);
static target_info_fn target_info;

static void target_set_info(void *fn) {
  __atomic_store_n(&target_info, (target_info_fn)fn, __ATOMIC_RELEASE);
}

int glass_ompt_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id) {
  target_info_fn fn = __atomic_load_n(&target_info, __ATOMIC_ACQUIRE);
  return fn ? fn(device_num, target_id, host_op_id) : 0;
}

static ompt_interface_fn_t target_lookup(const char *name) {
  if (!name)
    return NULL;
  if (!strcmp(name, "glass_set_target_info"))
    return (ompt_interface_fn_t)target_set_info;
  if (!strcmp(name, "ompt_get_callback"))
    return (ompt_interface_fn_t)glass_ompt_get_callback;
  if (!strcmp(name, "ompt_get_task_data"))
    return (ompt_interface_fn_t)target_get_task_data;
  if (!strcmp(name, "ompt_get_target_task_data"))
    return (ompt_interface_fn_t)target_get_target_task_data;
  return glass_ompt_lookup(name);
}

GLASS_API void ompt_libomp_connect(ompt_start_tool_result_t *result) {
  glass_ensure_init();
  if (!result || !result->initialize || !glass_ompt_tool_loaded() ||
      __atomic_load_n(&connected, __ATOMIC_ACQUIRE))
    return;
  __atomic_store_n(&connected, result, __ATOMIC_RELEASE);
  result->initialize(target_lookup, 0, NULL);
}

void glass_ompt_target_finalize(void) {
  ompt_start_tool_result_t *r = __atomic_exchange_n(&connected, NULL, __ATOMIC_ACQ_REL);
  if (r && r->finalize)
    r->finalize(NULL);
}
