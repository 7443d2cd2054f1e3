// What the three benchmark tools share: ompt_start_tool, the initializer that registers
// tool_callbacks[] (or nothing), and the report.
//
// The including file defines:
//   TOOL_NAME            "nocb", "empty" or "light"
//   TOOL_REGISTERS       1 to register every host callback (host_callbacks.h), 0 for none
//   tool_report_extra(f) writes extra JSON members at finalization (may do nothing)
//
// Report: when BENCH_TOOL_REPORT names a file, the tool appends one JSON line when it is
// initialized (what ompt_set_callback answered for each callback) and one when it is finalized,
// so the runner can prove the tool was loaded and count the events it received.
#ifndef BENCH_TOOL_COMMON_H
#define BENCH_TOOL_COMMON_H

#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>

static const char *tool_runtime_version = "";
static unsigned int tool_omp_version;
#if TOOL_REGISTERS
static int tool_set_results[TOOL_MAX_EVENT];
#endif

static void tool_report_extra(FILE *f);

static FILE *tool_report_open(void) {
  const char *path = getenv("BENCH_TOOL_REPORT");
  return path && *path ? fopen(path, "a") : NULL;
}

static void tool_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    if ((unsigned char)*s >= 0x20)
      fputc(*s, f);
  }
  fputc('"', f);
}

static int tool_initialize(ompt_function_lookup_t lookup, int initial_device_num,
                           ompt_data_t *tool_data) {
  (void)initial_device_num, (void)tool_data;
#if TOOL_REGISTERS
  ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set_callback)
    return 0;
  for (int i = 0; i < TOOL_NCALLBACKS; i++)
    tool_set_results[tool_callbacks[i].event] =
        set_callback(tool_callbacks[i].event, tool_callbacks[i].fn);
#else
  (void)lookup;
#endif
  FILE *f = tool_report_open();
  if (f) {
    fprintf(f, "{\"tool\":\"%s\",\"event\":\"initialize\",\"omp_version\":%u,\"runtime\":",
            TOOL_NAME, tool_omp_version);
    tool_json_string(f, tool_runtime_version);
    fprintf(f, ",\"set_callback\":{");
#if TOOL_REGISTERS
    for (int i = 0; i < TOOL_NCALLBACKS; i++)
      fprintf(f, "%s\"%s\":%d", i ? "," : "", tool_callbacks[i].name,
              tool_set_results[tool_callbacks[i].event]);
#endif
    fprintf(f, "}}\n");
    fclose(f);
  }
  return 1; // non-zero: the tool stays active
}

static void tool_finalize(ompt_data_t *tool_data) {
  (void)tool_data;
  FILE *f = tool_report_open();
  if (f) {
    fprintf(f, "{\"tool\":\"%s\",\"event\":\"finalize\"", TOOL_NAME);
    tool_report_extra(f);
    fprintf(f, "}\n");
    fclose(f);
  }
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                          const char *runtime_version) {
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
  tool_omp_version = omp_version;
  tool_runtime_version = runtime_version ? runtime_version : "";
  return &result;
}

#endif
