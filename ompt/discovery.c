// Tool discovery and life cycle (OpenMP 5.1 §4.2): OMP_TOOL, an ompt_start_tool already in the
// process, then OMP_TOOL_LIBRARIES in order, then (as libomp) Archer under ThreadSanitizer;
// OMP_TOOL_VERBOSE_INIT reports every step.
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

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  if (!vlog)
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(vlog, fmt, ap);
  va_end(ap);
  fputc('\n', vlog);
  fflush(vlog);
}

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

static ompt_start_tool_result_t *call_start_tool(start_tool_fn fn, const char *where) {
  ompt_start_tool_result_t *r = fn(GLASS_OMP_VERSION, GLASS_RUNTIME_VERSION);
  if (r)
    say("  %s: ompt_start_tool returned a tool: chosen.", where);
  else
    say("  %s: ompt_start_tool returned NULL: the tool declined.", where);
  return r;
}

// Step 1: an ompt_start_tool that is already in the address space (linked into the program or
// a library it uses, or preloaded).
static ompt_start_tool_result_t *try_in_process(void) {
  say("Looking for ompt_start_tool in the process (linked or preloaded)...");
  start_tool_fn own = default_start_tool;
  start_tool_fn fn = (start_tool_fn)dlsym(RTLD_DEFAULT, "ompt_start_tool");
  if (!fn || fn == own) // ours is first in the search order: a tool may still follow us
    fn = (start_tool_fn)dlsym(RTLD_NEXT, "ompt_start_tool");
  if (!fn || fn == own) {
    say("  none found.");
    return NULL;
  }
  Dl_info info;
  const char *where = dladdr((void *)fn, &info) && info.dli_fname && *info.dli_fname
                          ? info.dli_fname
                          : "the program";
  say("  found in %s.", where);
  return call_start_tool(fn, where);
}

// Step 2: each entry of OMP_TOOL_LIBRARIES, in order, until one returns a tool.
static ompt_start_tool_result_t *try_libraries(void) {
  const char *libs = glass_env.tool_libraries;
  if (!libs || !*libs) {
    say("OMP_TOOL_LIBRARIES is not set.");
    return NULL;
  }
  say("Trying OMP_TOOL_LIBRARIES=\"%s\"...", libs);
  char *copy = strdup(libs);
  ompt_start_tool_result_t *r = NULL;
  char *save = NULL;
  for (char *lib = strtok_r(copy, ":", &save); lib && !r; lib = strtok_r(NULL, ":", &save)) {
    if (!*lib)
      continue;
    say("  Loading \"%s\"...", lib);
    void *h = dlopen(lib, RTLD_LAZY | RTLD_LOCAL);
    if (!h) {
      const char *err = dlerror();
      say("    failed: library not found or not loadable (%s).", err ? err : "unknown error");
      continue;
    }
    start_tool_fn fn = (start_tool_fn)dlsym(h, "ompt_start_tool");
    if (!fn || fn == default_start_tool) {
      say("    loaded, but it defines no ompt_start_tool.");
      dlclose(h);
      continue;
    }
    r = call_start_tool(fn, lib);
    if (!r)
      dlclose(h);
  }
  free(copy);
  return r;
}

// Step 3, not in the OpenMP text but what libomp does: a program built with
// -fsanitize=thread whose OMP_TOOL_LIBRARIES gave no tool gets LLVM's Archer, so ThreadSanitizer
// sees OpenMP's synchronization and does not report it as races. Only when the TSan runtime is
// in the process: Archer declines without it, and other programs are spared a dlopen.
static ompt_start_tool_result_t *try_archer(void) {
  if (!dlsym(RTLD_DEFAULT, "__tsan_init")) {
    say("The ThreadSanitizer runtime is not in the process: Archer is not looked for.");
    return NULL;
  }
  say("The ThreadSanitizer runtime is in the process: trying Archer (libarcher.so)...");
  void *h = dlopen("libarcher.so", RTLD_LAZY | RTLD_LOCAL);
  if (!h) {
    const char *err = dlerror();
    say("  failed: library not found or not loadable (%s).", err ? err : "unknown error");
    return NULL;
  }
  start_tool_fn fn = (start_tool_fn)dlsym(h, "ompt_start_tool");
  ompt_start_tool_result_t *r = NULL;
  if (!fn || fn == default_start_tool)
    say("  loaded, but it defines no ompt_start_tool.");
  else
    r = call_start_tool(fn, "libarcher.so");
  if (!r)
    dlclose(h);
  return r;
}

void glass_ompt_discover_and_init(void) {
  if (!GLASS_OMPT)
    return; // built without tool support
  open_verbose_log();
  say("----- Glass OMPT tool discovery -----");
  if (!glass_env.tool) {
    say("OMP_TOOL=disabled: no tool is looked for.");
    say("----- end of tool discovery -----");
    close_verbose_log();
    return;
  }
  ompt_start_tool_result_t *r = try_in_process();
  if (!r)
    r = try_libraries();
  if (!r)
    r = try_archer();
  if (!r) {
    say("No tool was found: the OMPT interface is inactive.");
    say("----- end of tool discovery -----");
    close_verbose_log();
    return;
  }
  tool = r;
  say("Calling the tool's initializer...");
  int ok = r->initialize ? r->initialize(glass_ompt_lookup, 0, &r->tool_data) : 0;
  if (!r->initialize)
    say("  the tool gave no initializer.");
  if (ok) {
    tool_active = true;
    glass_roots_activate_tool(); // publishes the callbacks
    say("  initializer returned %d: the OMPT interface is active.", ok);
  } else {
    tool_declined = true;
    glass_ompt_unpublish();
    say("  initializer returned 0: the OMPT interface is inactive (no callbacks, no finalizer).");
  }
  say("----- end of tool discovery -----");
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
