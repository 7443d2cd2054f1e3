// Kernel and device environments of LLVM 19's NVPTX device runtime, and launch geometry.
#include "launch.h"

#include <string.h>

static int32_t get32(const unsigned char *p) {
  int32_t v;
  memcpy(&v, p, 4);
  return v;
}

// Layout (clang-19, -S -emit-llvm): i8 use-generic-state-machine, i8 may-use-nested-
// parallelism, i8 execution mode, then i32 min/max threads, min/max teams, reduction data size,
// reduction buffer length (offsets 4..24), then the ident and dynamic-environment pointers.
bool kernel_env_decode(const unsigned char b[KERNEL_ENV_SIZE], struct kernel_env *env) {
  *env = (struct kernel_env){
      .exec_mode = b[2],
      .min_threads = get32(b + 4),
      .max_threads = get32(b + 8),
      .min_teams = get32(b + 12),
      .max_teams = get32(b + 16),
      .reduction_size = get32(b + 20),
      .reduction_length = get32(b + 24),
  };
  return env->exec_mode >= EXEC_GENERIC && env->exec_mode <= EXEC_GENERIC_SPMD;
}

void device_env_encode(const struct device_env *e, unsigned char b[DEVICE_ENV_SIZE]) {
  memcpy(b + 0, &e->debug_kind, 4);
  memcpy(b + 4, &e->num_devices, 4);
  memcpy(b + 8, &e->device_num, 4);
  memcpy(b + 12, &e->dynamic_mem_size, 4);
  memcpy(b + 16, &e->clock_frequency, 8);
  memcpy(b + 24, &e->indirect_call_table, 8);
  memcpy(b + 32, &e->indirect_call_table_size, 8);
  memcpy(b + 40, &e->hardware_parallelism, 8);
}

static unsigned threads_of(const struct glass_launch *how, const struct kernel_env *env,
                           int fn_max_threads, const struct device_limits *lim) {
  long cap = lim->max_threads_per_block;
  if (env->max_threads > 0 && env->max_threads < cap)
    cap = env->max_threads;
  if (fn_max_threads > 0 && fn_max_threads < cap)
    cap = fn_max_threads;
  long t;
  if (how->thread_limit > 0) {
    t = how->thread_limit;
    // A generic kernel's main thread runs in a warp of its own, beside the team's workers.
    if (env->exec_mode == EXEC_GENERIC)
      t += lim->warp_size;
  } else {
    t = env->max_threads > 0 ? env->max_threads : lim->default_threads;
  }
  if (t > cap)
    t = cap;
  return t > 0 ? (unsigned)t : 1;
}

static unsigned teams_of(const struct glass_launch *how, const struct kernel_env *env,
                         unsigned threads, const struct device_limits *lim) {
  long max = lim->max_grid_x > 0 ? lim->max_grid_x : 65535;
  if (env->max_teams > 0 && env->max_teams < max)
    max = env->max_teams;
  long n;
  if (how->num_teams > 0)
    n = how->num_teams;
  else if (how->num_teams < 0) // `target` without `teams`: one initial thread, one team
    n = 1;
  else if (env->min_teams > 0)
    n = env->min_teams;
  else if (how->tripcount > 0) { // SPMD: one iteration per thread; else one per team
    uint64_t trip = how->tripcount;
    uint64_t want = env->exec_mode == EXEC_SPMD ? trip / threads + (trip % threads != 0) : trip;
    n = want > (uint64_t)max ? max : (long)want;
  } else
    n = (long)lim->multiprocessors * (lim->teams_per_sm > 0 ? lim->teams_per_sm : 1);
  if (n > max)
    n = max;
  return n > 0 ? (unsigned)n : 1;
}

struct grid launch_grid(const struct glass_launch *how, const struct kernel_env *env,
                        int fn_max_threads, const struct device_limits *lim) {
  struct grid g;
  g.threads = threads_of(how, env, fn_max_threads, lim);
  g.teams = teams_of(how, env, g.threads, lim);
  return g;
}
