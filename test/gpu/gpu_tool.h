// The OMPT tool the GPU programs carry: the target callbacks (EMI forms) and device_initialize,
// which keeps device 0's handle and lookup for device tracing. The program defines on_target,
// on_submit, on_data_op and gpu_tool_wanted() (whether the tool starts at all) before including
// this; GPU_TOOL_ON_LOAD names its device_load callback, if it has one.
#pragma once
#include "tool.h"

static ompt_device_t *dev0;
static ompt_function_lookup_t dev_lookup;
static char dev_type[64];
static int inits;

static void on_init(int num, const char *type, ompt_device_t *dev, ompt_function_lookup_t lookup,
                    const char *doc) {
  (void)doc;
  inits++;
  if (num == 0) {
    snprintf(dev_type, sizeof dev_type, "%s", type);
    dev0 = dev, dev_lookup = lookup;
  }
}

static int gpu_tool_init(ompt_function_lookup_t lookup, int num, ompt_data_t *data) {
  (void)num, (void)data;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  TOOL_SET(set, device_initialize, on_init);
#ifdef GPU_TOOL_ON_LOAD
  TOOL_SET(set, device_load, GPU_TOOL_ON_LOAD);
#endif
  TOOL_SET(set, target_emi, on_target);
  TOOL_SET(set, target_submit_emi, on_submit);
  TOOL_SET(set, target_data_op_emi, on_data_op);
  return 1;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime) {
  static ompt_start_tool_result_t result = {gpu_tool_init, tool_finalize_nothing, {0}};
  (void)omp_version, (void)runtime;
  return gpu_tool_wanted() ? &result : NULL;
}

// A device-tracing entry point of device 0, or NULL (no device, or not offered).
#define GPU_LOOKUP(type, name) (dev_lookup ? (type)dev_lookup(name) : (type)NULL)
