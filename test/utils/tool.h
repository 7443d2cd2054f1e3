// The OMPT tool a test program carries in itself: the program defines its initializer and
// finalizer (or takes tool_finalize_nothing) and writes TOOL_START(initialize, finalize) once.
#ifndef GLASS_TEST_TOOL_H
#define GLASS_TEST_TOOL_H

#include <omp-tools.h>
#include <stdio.h>

static inline void tool_finalize_nothing(ompt_data_t *data) {
  (void)data;
}

// A finalizer that says it ran ("tool fini" on stdout).
static inline void tool_finalize_print(ompt_data_t *data) {
  (void)data;
  printf("tool fini\n");
}

// An entry point through the lookup function: TOOL_LOOKUP(lookup, get_task_info) is
// (ompt_get_task_info_t)lookup("ompt_get_task_info"), its type and name spelled once.
#define TOOL_LOOKUP(lookup, name) ((ompt_##name##_t)(lookup)("ompt_" #name))

// ompt_set_callback(event, fn) through the function the lookup returned; its answer.
#define TOOL_SET(set_callback, event, fn)                                                          \
  (set_callback)(ompt_callback_##event, (ompt_callback_t)(fn))

// Registers callbacks from a list of TOOL_CB(event, fn); the number ompt_set_callback refused
// (answered ompt_set_error or ompt_set_never).
typedef struct {
  ompt_callbacks_t event;
  ompt_callback_t fn;
} tool_callback_t;
#define TOOL_CB(event, fn)                                                                         \
  { ompt_callback_##event, (ompt_callback_t)(fn) }
static inline int tool_set_callbacks(ompt_function_lookup_t lookup, const tool_callback_t *cbs,
                                     size_t n) {
  ompt_set_callback_t set = TOOL_LOOKUP(lookup, set_callback);
  int refused = 0;
  for (size_t i = 0; i < n; i++)
    refused += set(cbs[i].event, cbs[i].fn) <= ompt_set_never;
  return refused;
}
#define TOOL_SET_ALL(lookup, ...)                                                                  \
  tool_set_callbacks(lookup, (const tool_callback_t[]){__VA_ARGS__},                               \
                     sizeof((const tool_callback_t[]){__VA_ARGS__}) / sizeof(tool_callback_t))

#define TOOL_START(initialize, finalize)                                                           \
  ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime) {       \
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};                          \
    (void)omp_version, (void)runtime;                                                              \
    return &result;                                                                                \
  }

#endif
