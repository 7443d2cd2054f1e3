// Tool discovery and life cycle (OpenMP 5.1 §4.2): OMP_TOOL, an ompt_start_tool already in the
// process, then OMP_TOOL_LIBRARIES in order, then (as libomp) LLVM's Archer;
// OMP_TOOL_VERBOSE_INIT reports every step in libomp's words.
#define _GNU_SOURCE
#include "ompt-entry.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLASS_OMP_VERSION     202011
#define GLASS_RUNTIME_VERSION "Glass OpenMP runtime 0.1 (OpenMP 5.1, OMPT 5.1)"

static ompt_start_tool_result_t *tool;
static bool tool_active;
// The tool's initializer returned 0: it keeps the entry points it looked up, and the inquiries
// answer as for no tool (states and frames are not maintained for it).
static bool tool_declined;
static _Atomic bool finalized;
static FILE *vlog;
static bool vlog_close;

// The runtime's own ompt_start_tool: exported weak (as libomp does) so a tool's strong
// definition wins; discovery never mistakes it for a tool. Discovery compares with the local
// name: taking the address of the exported one would give the interposing tool's.
static ompt_start_tool_result_t *default_start_tool(unsigned int omp_version,
                                                    const char *runtime_version) {
  return NULL;
}
extern __typeof__(default_start_tool) ompt_start_tool
    __attribute__((weak, alias("default_start_tool"), visibility("default")));

// The log has libomp's wording, line for line (tools' test suites and users' scripts match it):
// say() writes a whole line; say_part() the start of one, which say_more() completes once the
// step's outcome is known (a tool's ompt_start_tool may print in between).
static void say_va(bool newline, const char *fmt, va_list ap) {
  if (!vlog)
    return;
  vfprintf(vlog, fmt, ap);
  if (newline)
    fputc('\n', vlog);
  fflush(vlog);
}

#define SAY_FN(name, newline)                                                                      \
  static void name(const char *fmt, ...) __attribute__((format(printf, 1, 2)));                    \
  static void name(const char *fmt, ...) {                                                         \
    va_list ap;                                                                                    \
    va_start(ap, fmt);                                                                             \
    say_va(newline, fmt, ap);                                                                      \
    va_end(ap);                                                                                    \
  }
SAY_FN(say, true)
SAY_FN(say_part, false)
SAY_FN(say_more, true)

static void open_verbose_log(void) {
  const char *v = glass_env.tool_verbose_init;
  if (!v || !*v || strcasecmp(v, "disabled") == 0)
    return;
  if (strcasecmp(v, "stdout") == 0) {
    vlog = stdout;
  } else if (strcasecmp(v, "stderr") == 0) {
    vlog = stderr;
  } else {
    vlog = fopen(v, "w");
    if (!vlog) {
      glass_warn("OMP_TOOL_VERBOSE_INIT=\"%s\": cannot open the file; logging to stderr", v);
      vlog = stderr;
    } else {
      vlog_close = true;
    }
  }
}

static void close_verbose_log(void) {
  if (vlog_close)
    fclose(vlog);
  vlog = NULL;
  vlog_close = false;
}

typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int, const char *);

static const char *dl_error(void) {
  const char *err = dlerror();
  return err ? err : "unknown error";
}

// Calls a library's ompt_start_tool after "Searching for ompt_start_tool in ... " and completes
// that line. in_list: the library is an entry of OMP_TOOL_LIBRARIES, whose search goes on.
static ompt_start_tool_result_t *call_start_tool(start_tool_fn fn, bool in_list) {
  ompt_start_tool_result_t *r = fn(GLASS_OMP_VERSION, GLASS_RUNTIME_VERSION);
  if (r) {
    say_more("Success.");
    say("Tool was started and is using the OMPT interface.");
  } else {
    say_more("Found but not using the OMPT interface.");
    if (in_list)
      say("Continuing search...");
  }
  return r;
}

// Opens `lib` and asks its ompt_start_tool; the library stays open only if it gave a tool.
static ompt_start_tool_result_t *try_library(const char *lib, bool in_list) {
  say_part("Opening %s... ", lib);
  void *h = dlopen(lib, RTLD_LAZY | RTLD_LOCAL);
  if (!h) {
    say_more("Failed: %s", dl_error());
    return NULL;
  }
  say_more("Success.");
  say_part("Searching for ompt_start_tool in %s... ", lib);
  start_tool_fn fn = (start_tool_fn)dlsym(h, "ompt_start_tool");
  ompt_start_tool_result_t *r = NULL;
  if (!fn)
    say_more("Failed: %s", dl_error());
  else if (fn == default_start_tool) // the library only links the runtime
    say_more("Failed: %s: no ompt_start_tool of its own", lib);
  else
    r = call_start_tool(fn, in_list);
  if (!r)
    dlclose(h);
  return r;
}

// Step 1: an ompt_start_tool that is already in the address space (linked into the program or
// a library it uses, or preloaded).
static ompt_start_tool_result_t *try_in_process(void) {
  say_part("Search for OMP tool in current address space... ");
  start_tool_fn own = default_start_tool;
  start_tool_fn fn = (start_tool_fn)dlsym(RTLD_DEFAULT, "ompt_start_tool");
  if (!fn || fn == own) // ours is first in the search order: a tool may still follow us
    fn = (start_tool_fn)dlsym(RTLD_NEXT, "ompt_start_tool");
  ompt_start_tool_result_t *r = NULL;
  if (fn && fn != own)
    r = fn(GLASS_OMP_VERSION, GLASS_RUNTIME_VERSION);
  if (!r) {
    say_more("Failed.");
    return NULL;
  }
  say_more("Success.");
  say("Tool was started and is using the OMPT interface.");
  return r;
}

// Step 2: each entry of OMP_TOOL_LIBRARIES, in order, until one returns a tool.
static ompt_start_tool_result_t *try_libraries(void) {
  const char *libs = glass_env.tool_libraries;
  if (!libs || !*libs) {
    say("No OMP_TOOL_LIBRARIES defined.");
    return NULL;
  }
  say("Searching tool libraries...");
  say("OMP_TOOL_LIBRARIES = %s", libs);
  char *copy = strdup(libs);
  ompt_start_tool_result_t *r = NULL;
  char *save = NULL;
  for (char *lib = strtok_r(copy, ":", &save); lib && !r; lib = strtok_r(NULL, ":", &save)) {
    if (!*lib)
      continue;
    r = try_library(lib, true);
  }
  free(copy);
  return r;
}

// Step 3, not in the OpenMP text but what libomp does: when no tool was found, LLVM's Archer if
// it is on the library path, so that a program built with -fsanitize=thread gets it and
// ThreadSanitizer sees OpenMP's synchronization (no false races). Without the TSan runtime
// Archer declines; the cost is one dlopen at start-up, as with libomp.
static ompt_start_tool_result_t *try_archer(void) {
  say("...searching tool libraries failed. Using archer tool.");
  return try_library("libarcher.so", false);
}

void glass_ompt_discover_and_init(void) {
  if (!GLASS_OMPT)
    return; // built without tool support
  open_verbose_log();
  if (!glass_env.tool) {
    say("OMP tool disabled.");
    close_verbose_log();
    return;
  }
  say("----- START LOGGING OF TOOL REGISTRATION -----");
  ompt_start_tool_result_t *r = try_in_process();
  if (!r)
    r = try_libraries();
  if (!r)
    r = try_archer();
  if (!r) {
    say("No OMP tool loaded.");
    say("----- END LOGGING OF TOOL REGISTRATION -----");
    close_verbose_log();
    return;
  }
  say("----- END LOGGING OF TOOL REGISTRATION -----");
  tool = r;
  int ok = r->initialize ? r->initialize(glass_ompt_lookup, 0, &r->tool_data) : 0;
  if (ok) {
    tool_active = true;
    glass_roots_activate_tool(); // publishes the callbacks
  } else {
    tool_declined = true;
    glass_ompt_unpublish();
  }
  // Beyond libomp's log: what the initializer decided.
  say("Tool initializer returned %d: the OMPT interface is %s.", ok,
      ok ? "active" : "inactive (no callbacks, no finalizer)");
  close_verbose_log();
}

bool glass_ompt_tool_loaded(void) {
  return tool_active;
}

bool glass_ompt_tool_declined(void) {
  return tool_declined;
}

bool glass_ompt_finalize_started(void) {
  return atomic_load(&finalized);
}

// The tool's finalizer runs once, with every callback already disabled.
void glass_ompt_finalize(void) {
  if (!tool_active || atomic_exchange(&finalized, true))
    return;
  glass_ompt_target_finalize(); // device_finalize events, while callbacks still reach the tool
  glass_ompt_unpublish();
  if (tool->finalize)
    tool->finalize(&tool->tool_data);
}

void glass_ompt_finalize_tool(void) {
  glass_finalize_tool_request();
}
