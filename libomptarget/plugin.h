// The interface between libomptarget and its device plugins (libomptarget.rtl.<name>.so).
// A plugin exports one function, glass_plugin_get, that returns its operations. Device
// addresses are opaque to libomptarget: it reaches device memory only through these calls,
// so the host plugin behaves like a device with memory of its own.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GLASS_PLUGIN_ABI 1

// How a kernel is to be launched: the clauses and what the compiler knows of the loop.
struct glass_launch {
  int32_t num_teams;    // num_teams clause; 0 unspecified; -1 a target region without teams
  int32_t thread_limit; // thread_limit clause; 0 unspecified
  uint64_t tripcount;   // the loop's trip count when the compiler knows it, else 0
  uint32_t dyn_shared;  // ompx_dyn_cgroup_mem bytes
};

struct glass_plugin {
  int abi;          // GLASS_PLUGIN_ABI
  const char *name; // "host"
  // The devices this plugin drives (0 when it finds none). Called once.
  int (*init)(void);
  // The device's type string (OMPT device_initialize's `type`).
  const char *(*device_type)(int dev);
  // Whether the plugin can run this device image (an ELF file in memory).
  bool (*is_compatible)(const void *image, size_t size);
  // Loads an image on a device; *module receives a handle for lookup. 0 on success; on
  // failure `why` (size `whylen`) says why.
  int (*load)(int dev, const void *image, size_t size, void **module, char *why, size_t whylen);
  // The device address of a symbol of a loaded image, or NULL.
  void *(*lookup)(int dev, void *module, const char *name);
  void *(*alloc)(int dev, size_t size);
  int (*free)(int dev, void *tgt);
  int (*submit)(int dev, void *tgt, const void *host, size_t size);   // host -> device
  int (*retrieve)(int dev, void *host, const void *tgt, size_t size); // device -> host
  int (*copy)(int dev, void *dst, const void *src, size_t size);      // within a device
  int (*set)(int dev, void *tgt, int value, size_t size);
  // Runs the kernel `fn` (an address lookup returned) with `nargs` pointer-sized arguments
  // and waits for it.
  int (*launch)(int dev, void *fn, void **args, int nargs);

  // Optional (NULL: every image the plugin is_compatible with is loaded). How well an image
  // fits the device: 0 not at all, higher better. libomptarget then loads, of the images one
  // library registered, the best-scoring one the device accepts (next best when load fails).
  int (*image_score)(int dev, const void *image, size_t size);
  // Optional (NULL: launch). launch with the construct's geometry; the plugin sizes the grid.
  int (*launch_kernel)(int dev, void *fn, void **args, int nargs, const struct glass_launch *how);
  // Optional: one line on what init found (the driver, the devices, or why there are none),
  // which libomptarget prints under LIBOMPTARGET_INFO.
  const char *(*describe)(void);
};

typedef const struct glass_plugin *(*glass_plugin_get_fn)(void);
