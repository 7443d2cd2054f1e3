// Benchmark tool "empty": registers every host callback, each with an empty body. What
// delivering the events costs the runtime, with nothing done in the tool.
#define TOOL_NAME "empty"
#define TOOL_REGISTERS 1
#define TOOL_EVENT(id) (void)(id)
#include "host_callbacks.h"
#include "tool_common.h"

static void tool_report_extra(FILE *f) { (void)f; }
