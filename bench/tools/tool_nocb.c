// Benchmark tool "nocb": found and initialized, registers no callback. What a tool that is
// present but listens to nothing costs the runtime.
#define TOOL_NAME "nocb"
#define TOOL_REGISTERS 0
#define TOOL_NCALLBACKS 0
#define TOOL_MAX_EVENT 64
#include "tool_common.h"

static void tool_report_extra(FILE *f) { (void)f; }
