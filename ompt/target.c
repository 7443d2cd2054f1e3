// The connection an offload runtime makes to this runtime's tool (LLVM's protocol): it calls
// ompt_libomp_connect with an ompt_start_tool_result_t of its own; when a tool is active we
// run its initializer with a lookup for the callbacks the tool registered here, so that one
// tool sees host and target events in one stream. Its finalizer runs before the tool's.
#define _GNU_SOURCE
#include "ompt-entry.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

// Glass's libomptarget knows the target construct and operation each thread is in; it hands
// us the function that says so (region NULL: the calling thread's), for ompt_get_target_info,
// and marks the task that encounters a construct. The threads of the construct's kernel (its
// teams and their parallel regions) find the construct up their tasks' ancestry.
typedef int (*target_info_fn)(void *region, uint64_t *, ompt_id_t *, ompt_id_t *);
static target_info_fn target_info;

static void target_set_info(void *fn) {
  __atomic_store_n(&target_info, (target_info_fn)fn, __ATOMIC_RELEASE);
}

// Marks the calling thread's task as in `region` (NULL: none); returns the previous mark.
static void *target_set_task_region(void *region) {
  glass_thread_t *th = glass_self_peek();
  if (!th || !th->task)
    return NULL;
  void *old = th->task->target_region;
  __atomic_store_n(&th->task->target_region, region, __ATOMIC_RELEASE);
  return old;
}

int glass_ompt_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id) {
  target_info_fn fn = __atomic_load_n(&target_info, __ATOMIC_ACQUIRE);
  if (!fn)
    return 0;
  if (fn(NULL, device_num, target_id, host_op_id))
    return 1;
  glass_thread_t *th = glass_self_peek();
  for (glass_task_t *t = th ? th->task : NULL; t; t = t->parent) {
    void *r = __atomic_load_n(&t->target_region, __ATOMIC_ACQUIRE);
    if (r)
      return fn(r, device_num, target_id, host_op_id);
  }
  return 0;
}

// The league size the calling thread's last teams construct got, replaced by v: a host kernel's
// trace record takes what its own league got (libomptarget saves and restores the value around
// a kernel, so that a kernel offloading from inside its league still finds its own).
static int32_t target_swap_league(int32_t v) {
  glass_thread_t *th = glass_self_peek();
  if (!th)
    return 0;
  int32_t old = th->ws.league_granted;
  th->ws.league_granted = v;
  return old;
}

static ompt_interface_fn_t target_lookup(const char *name) {
  if (!name)
    return NULL;
  if (!strcmp(name, "glass_set_target_info"))
    return (ompt_interface_fn_t)target_set_info;
  if (!strcmp(name, "glass_set_task_target"))
    return (ompt_interface_fn_t)target_set_task_region;
  if (!strcmp(name, "glass_swap_league"))
    return (ompt_interface_fn_t)target_swap_league;
  if (!strcmp(name, "ompt_get_callback"))
    return (ompt_interface_fn_t)glass_ompt_get_callback;
  if (!strcmp(name, "ompt_get_task_data"))
    return (ompt_interface_fn_t)target_get_task_data;
  if (!strcmp(name, "ompt_get_target_task_data"))
    return (ompt_interface_fn_t)target_get_target_task_data;
  return glass_ompt_lookup(name);
}

// Loads libglass-omp-alias.so (soname "libomp.so") from this library's directory, so that an
// offload runtime's later dlopen("libomp.so") gets this runtime (runtime/abi/omp_alias.c).
static void load_alias(void) {
  Dl_info self;
  char path[4096], *real;
  if (!dladdr((void *)load_alias, &self) || !self.dli_fname ||
      !(real = realpath(self.dli_fname, NULL))) // the build's directory, not a link's
    return;
  const char *slash = strrchr(real, '/');
  int dir = slash ? (int)(slash - real) + 1 : 0;
  snprintf(path, sizeof path, "%.*slibglass-omp-alias.so", dir, real);
  free(real);
  dlopen(path, RTLD_NOW | RTLD_LOCAL); // absent: nothing to protect against, or nothing we can do
}

static pthread_once_t alias_once = PTHREAD_ONCE_INIT;

// LLVM's libomptarget loads its plugins, and so libomp.so, from its own constructor, which runs
// after ours (it depends on us) and before it connects: when one is already mapped, the alias
// has to be in place now.
__attribute__((constructor)) static void alias_for_offload(void) {
  static const char *names[] = {"libomptarget.so.22.1", "libomptarget.so.19.1", "libomptarget.so"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    void *h = dlopen(names[i], RTLD_LAZY | RTLD_NOLOAD);
    if (h) {
      dlclose(h);
      pthread_once(&alias_once, load_alias);
      return;
    }
  }
}

GLASS_API void ompt_libomp_connect(ompt_start_tool_result_t *result) {
  pthread_once(&alias_once, load_alias);
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
