// Resource control: omp_pause_resource (OpenMP 5.1 §3.2.43) and libomp's kmp_* extensions
// that programs written for libomp call (block time, stack size, library mode, warnings).
#include "glass.h"
#include "kmpc.h"

#include <stdlib.h>
#include <string.h>

enum { PAUSE_SOFT = 1, PAUSE_HARD = 2 };

GLASS_API int __kmpc_pause_resource(int kind) {
  glass_thread_t *th = glass_self();
  if (kind != PAUSE_SOFT && kind != PAUSE_HARD)
    return -1;
  return glass_release_workers(th);
}

GLASS_API int omp_pause_resource(omp_pause_resource_t kind, int device_num) {
  glass_ensure_init();
  int host = omp_get_initial_device();
  if (device_num != host)
    return -1; // no device of ours to pause
  return __kmpc_pause_resource(kind);
}

GLASS_API int omp_pause_resource_all(omp_pause_resource_t kind) {
  return __kmpc_pause_resource(kind);
}

GLASS_FORTRAN_BEGIN
GLASS_API int omp_pause_resource_(int *kind, int *device) {
  return omp_pause_resource(*kind, *device);
}
GLASS_API int omp_pause_resource_all_(int *kind) {
  return omp_pause_resource_all(*kind);
}
GLASS_FORTRAN_END

// Block time in milliseconds; applies to waits that start afterwards.
GLASS_API void kmp_set_blocktime(int ms) {
  glass_ensure_init();
  glass_set_blocktime(ms < 0 ? UINT64_MAX : (uint64_t)ms * 1000000ull);
}

GLASS_API int kmp_get_blocktime(void) {
  glass_ensure_init();
  uint64_t ns = glass_blocktime();
  return ns == UINT64_MAX ? INT32_MAX : (int)(ns / 1000000ull);
}

// A size below GLASS_MIN_STACKSIZE is raised to it, as OMP_STACKSIZE's (without its warning).
GLASS_API void kmp_set_stacksize_s(size_t size) {
  glass_ensure_init();
  if (size > 0)
    glass_env.stacksize = size < GLASS_MIN_STACKSIZE ? GLASS_MIN_STACKSIZE : size;
}

GLASS_API void kmp_set_stacksize(int size) {
  if (size > 0)
    kmp_set_stacksize_s((size_t)size);
}

GLASS_API int kmp_get_stacksize(void) {
  glass_ensure_init();
  return (int)(glass_env.stacksize ? glass_env.stacksize : 8u << 20);
}

GLASS_API size_t kmp_get_stacksize_s(void) {
  glass_ensure_init();
  return glass_env.stacksize ? glass_env.stacksize : (size_t)8 << 20;
}

// libomp's library modes map onto the wait policy: serial runs teams of one, turnaround spins,
// throughput spins for the block time and then sleeps. Leaving turnaround gives back the block
// time it replaced (unless kmp_set_blocktime changed it since); a block time that was infinite
// before (OMP_WAIT_POLICY=active) becomes libomp's default, as libomp does for throughput.
enum { LIB_SERIAL = 1, LIB_TURNAROUND = 2, LIB_THROUGHPUT = 3 };
enum { DEFAULT_BLOCKTIME_NS = 200000000 };
static int library_mode = LIB_THROUGHPUT;
static uint64_t blocktime_before_turnaround = UINT64_MAX; // UINT64_MAX: none saved

GLASS_API void kmp_set_library(int mode) {
  glass_thread_t *th = glass_self();
  switch (mode) {
  case LIB_SERIAL:
    th->task->icvs.nthreads = 1;
    break;
  case LIB_TURNAROUND:
    if (library_mode != LIB_TURNAROUND)
      blocktime_before_turnaround = glass_blocktime();
    glass_set_blocktime(UINT64_MAX);
    break;
  case LIB_THROUGHPUT:
    if (glass_blocktime() == UINT64_MAX)
      glass_set_blocktime(blocktime_before_turnaround != UINT64_MAX ? blocktime_before_turnaround
                                                                    : DEFAULT_BLOCKTIME_NS);
    blocktime_before_turnaround = UINT64_MAX;
    break;
  default:
    glass_warn("kmp_set_library(%d): unknown library mode; ignored", mode);
    return;
  }
  library_mode = mode;
}

GLASS_API int kmp_get_library(void) {
  return library_mode;
}
GLASS_API void kmp_set_library_serial(void) {
  kmp_set_library(LIB_SERIAL);
}
GLASS_API void kmp_set_library_turnaround(void) {
  kmp_set_library(LIB_TURNAROUND);
}
GLASS_API void kmp_set_library_throughput(void) {
  kmp_set_library(LIB_THROUGHPUT);
}

GLASS_API void kmp_set_warnings_on(void) {
  glass_warnings_set(true);
}
GLASS_API void kmp_set_warnings_off(void) {
  glass_warnings_set(false);
}

GLASS_API int kmp_get_num_known_threads(void) {
  glass_ensure_init();
  return atomic_load_explicit(&glass_nthreads_live, memory_order_relaxed);
}

GLASS_FORTRAN_BEGIN
GLASS_FORTRAN_SET(kmp_set_blocktime, int)
GLASS_FORTRAN_SET(kmp_set_stacksize, int)
GLASS_FORTRAN_SET(kmp_set_stacksize_s, size_t)
GLASS_FORTRAN_SET(kmp_set_library, int)
GLASS_FORTRAN_END
GLASS_ALIAS(kmp_get_blocktime_, kmp_get_blocktime);
GLASS_ALIAS(kmp_get_stacksize_, kmp_get_stacksize);
GLASS_ALIAS(kmp_get_stacksize_s_, kmp_get_stacksize_s);
GLASS_ALIAS(kmp_get_library_, kmp_get_library);
GLASS_ALIAS(kmp_set_library_serial_, kmp_set_library_serial);
GLASS_ALIAS(kmp_set_library_turnaround_, kmp_set_library_turnaround);
GLASS_ALIAS(kmp_set_library_throughput_, kmp_set_library_throughput);
GLASS_ALIAS(kmp_set_warnings_on_, kmp_set_warnings_on);
GLASS_ALIAS(kmp_set_warnings_off_, kmp_set_warnings_off);
GLASS_ALIAS(kmp_get_num_known_threads_, kmp_get_num_known_threads);

// kmpc_* spellings libomp exports for the same controls.
GLASS_ALIAS(kmpc_set_blocktime, kmp_set_blocktime);
GLASS_ALIAS(kmpc_set_stacksize, kmp_set_stacksize);
GLASS_ALIAS(kmpc_set_stacksize_s, kmp_set_stacksize_s);
GLASS_ALIAS(kmpc_set_library, kmp_set_library);

// kmp_set_defaults("NAME=value ..."): settings in environment syntax. Before the runtime
// starts they act as if they were in the environment (without overriding it); afterwards only
// the block time and (as libomp) target-offload-var can still change.
GLASS_API void kmp_set_defaults(char const *settings) {
  if (!settings)
    return;
  char *copy = strdup(settings);
  char *save = NULL;
  bool started = atomic_load_explicit(&glass_init_state, memory_order_acquire) == 2;
  for (char *item = strtok_r(copy, " \t\n", &save); item; item = strtok_r(NULL, " \t\n", &save)) {
    char *eq = strchr(item, '=');
    if (!eq || eq == item) {
      glass_warn("kmp_set_defaults: \"%s\" is not NAME=value; ignored", item);
      continue;
    }
    *eq = '\0';
    if (!started) {
      setenv(item, eq + 1, 0);
    } else if (strcmp(item, "KMP_BLOCKTIME") == 0) {
      kmp_set_blocktime(atoi(eq + 1));
    } else if (strcmp(item, "OMP_TARGET_OFFLOAD") == 0) {
      glass_env_set_target_offload(eq + 1);
    } else {
      glass_warn("kmp_set_defaults: %s cannot change once the runtime has started; ignored", item);
    }
  }
  free(copy);
}

// A hint for the worksharing layer (ws_dispatch.c).
GLASS_API void kmp_set_disp_num_buffers(int n) {
  if (n > 0 && n <= 4096)
    glass_disp_num_buffers = n;
}

GLASS_FORTRAN_BEGIN
GLASS_FORTRAN_SET(kmp_set_disp_num_buffers, int)
GLASS_FORTRAN_END
GLASS_ALIAS(kmp_set_defaults_, kmp_set_defaults);
GLASS_ALIAS(kmpc_set_defaults, kmp_set_defaults);
GLASS_ALIAS(kmpc_set_disp_num_buffers, kmp_set_disp_num_buffers);
