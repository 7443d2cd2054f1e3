// The launch contract of LLVM 19's NVPTX device runtime, as clang-19 emits it (docs/offload.md
// has the whole of it), and the grid a launch gets. Pure functions, unit-tested without a GPU.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../plugin.h"

// <kernel>_kernel_environment (48 bytes): the configuration part the plugin reads.
enum { KERNEL_ENV_SIZE = 48, LAUNCH_ENV_SIZE = 16, DEVICE_ENV_SIZE = 48 };
enum { EXEC_GENERIC = 1, EXEC_SPMD = 2, EXEC_GENERIC_SPMD = 3 };
struct kernel_env {
  uint8_t exec_mode;
  int32_t min_threads, max_threads, min_teams, max_teams;
  int32_t reduction_size, reduction_length; // cross-team reduction buffer: bytes per slot, slots
};
// Decodes the configuration from the global's 48 bytes. False: an unknown execution mode.
bool kernel_env_decode(const unsigned char bytes[KERNEL_ENV_SIZE], struct kernel_env *env);

// __omp_rtl_device_environment, as the device runtime reads it.
struct device_env {
  uint32_t debug_kind, num_devices, device_num, dynamic_mem_size;
  uint64_t clock_frequency, indirect_call_table, indirect_call_table_size, hardware_parallelism;
};
void device_env_encode(const struct device_env *env, unsigned char bytes[DEVICE_ENV_SIZE]);

// What the device can run and what the plugin starts with when nothing says otherwise.
struct device_limits {
  int max_threads_per_block, max_grid_x, warp_size, multiprocessors;
  int default_threads; // threads of a team when neither clause nor kernel says (128)
  int teams_per_sm;    // default teams per multiprocessor when nothing else says
};

struct grid {
  unsigned teams, threads;
};
// The grid of one launch: from the clauses, the kernel's environment (its maximum, which
// is also its PTX .maxntid), the function's own limit (registers: fn_max_threads, 0 when
// unknown) and the loop's trip count.
struct grid launch_grid(const struct glass_launch *how, const struct kernel_env *env,
                        int fn_max_threads, const struct device_limits *lim);
