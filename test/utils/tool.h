// The OMPT tool a test program carries in itself: the program defines its initializer and
// finalizer (or takes tool_finalize_nothing) and writes TOOL_START(initialize, finalize) once.
#ifndef GLASS_TEST_TOOL_H
#define GLASS_TEST_TOOL_H

#include <omp-tools.h>

static inline void tool_finalize_nothing(ompt_data_t *data) {
  (void)data;
}

// An entry point through the lookup function: TOOL_LOOKUP(lookup, get_task_info) is
// (ompt_get_task_info_t)lookup("ompt_get_task_info"), its type and name spelled once.
#define TOOL_LOOKUP(lookup, name) ((ompt_##name##_t)(lookup)("ompt_" #name))

// ompt_set_callback(event, fn) through the function the lookup returned; its answer.
#define TOOL_SET(set_callback, event, fn)                                                          \
  (set_callback)(ompt_callback_##event, (ompt_callback_t)(fn))

#define TOOL_START(initialize, finalize)                                                           \
  ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime) {       \
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};                          \
    (void)omp_version, (void)runtime;                                                              \
    return &result;                                                                                \
  }

#endif
