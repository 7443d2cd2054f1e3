// The interface between libomptarget and its device plugins (libomptarget.rtl.<name>.so).
// A plugin exports one function, glass_plugin_get, that returns its operations. Device
// addresses are opaque to libomptarget: it reaches device memory only through these calls,
// so the host plugin behaves like a device with memory of its own.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GLASS_PLUGIN_ABI 4 // 3: queue_begin, queue_end, queue_done; 4: time_is_tsc

// ---- Device tracing --------------------------------------------------------------------------
// libomptarget owns OpenMP's device-tracing interface: the tool's buffers, the record layout,
// what is enabled or paused. A plugin only times what its device did and reports it, one
// glass_trace_op per operation, through the sink libomptarget hands to trace_start. It learns
// which operation it is performing from sink->current() while libomptarget is inside one of
// its calls (alloc, free, submit, retrieve, copy, launch), copies that description (an
// asynchronous plugin keeps it until the device finishes: a CUDA plugin can tag the operation
// with host_op_id as CUPTI's external correlation id), fills in the device times and, for a
// kernel, the teams granted, and passes it to sink->record. An operation no plugin call took is
// recorded by libomptarget when it ends (with device times read around it when the plugin has
// no trace_start, as an instant at its end otherwise).

enum glass_trace_kind {
  GLASS_TRACE_DATA_OP = 1, // an allocation, a transfer or a release (ompt_target_data_op_t)
  GLASS_TRACE_KERNEL = 2,  // a kernel's execution
};

struct glass_trace_op {
  enum glass_trace_kind kind;
  int optype;            // GLASS_TRACE_DATA_OP: ompt_target_data_op_t (alloc, to, from, delete...)
  uint64_t target_id;    // the construct the operation belongs to (0: a device memory routine)
  uint64_t host_op_id;   // the id the host's callbacks gave the operation
  uint64_t thread_id;    // the host thread that issued it (set by libomptarget)
  const void *src, *dst; // data op: addresses (dst of an alloc: set by the plugin)
  int src_device, dst_device; // data op: OpenMP device numbers (the host is the device count)
  uint64_t bytes;
  uint32_t requested_teams, granted_teams; // kernel
  uint64_t start, end;                     // device clock (get_device_time's), set by the plugin
};

// ompt_record_abstract_t's fields: what any tool can read of a native record.
struct glass_native_abstract {
  int rclass;                    // ompt_record_native_t: 1 info, 2 event
  const char *type;              // a static string naming the record ("kernel", "memcpy", ...)
  uint64_t start_time, end_time; // device clock; 0 unknown
  uint64_t hwid;                 // the device's hardware id for it; 0 unknown
};

struct glass_trace_sink {
  // The operation this thread asked the plugin to perform, while the plugin's call lasts;
  // NULL when it is not traced (tracing off or paused, or a record type disabled).
  const struct glass_trace_op *(*current)(void);
  // One finished operation of the device this sink was given for (pass the sink itself).
  // Any thread, any time between trace_start and the return of trace_stop; takes no lock
  // unless a tool buffer has to be obtained or handed back; `op` is copied before it returns.
  void (*record)(const struct glass_trace_sink *sink, const struct glass_trace_op *op);
  // One of the device's own records (set_trace_native), `bytes` long, copied before it
  // returns, with its abstract description and the host operation it belongs to (0: none).
  void (*record_native)(const struct glass_trace_sink *sink, const void *native, size_t bytes,
                        const struct glass_native_abstract *abstract, uint64_t host_op_id);
};

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

  // Tracing (all optional: NULL means not supported).
  // The device's clock, monotonic, in the device's own units and epoch (translate_time
  // converts).
  uint64_t (*get_device_time)(int dev);
  // A device time on omp_get_wtime()'s clock (seconds), so a tool can place device records
  // among the host callbacks of the same operations.
  double (*translate_time)(int dev, uint64_t device_time);
  // Processors of the device (OMPT get_device_num_procs).
  int (*num_procs)(int dev);
  // trace_start: report the operations of `dev` to `sink` from now on (0 on success; one sink
  // per device, valid until trace_stop returns). trace_flush: report every operation that has
  // finished, before returning. trace_stop: flush, then stop; no record call after it returns.
  int (*trace_start)(int dev, const struct glass_trace_sink *sink);
  void (*trace_flush)(int dev);
  void (*trace_stop)(int dev);
  // Native records: the ompt_native_mon_flag_t set (flags) turned on or off (enable); returns
  // ompt_set_result_t (never when the device has none of those). NULL: no native records.
  int (*trace_native)(int dev, int enable, int flags);

  // Asynchronous operation chains (all three or none; NULL: every operation completes before
  // its call returns). queue_begin: the operations the calling thread asks of `dev` from now
  // on (submit, retrieve, copy, set, launch, launch_kernel, free) go in order on one stream
  // of the chain's own and may still be running when their calls return: host buffers a
  // retrieve writes are written, and memory a free releases is released, when the chain's
  // work is done. NULL when the plugin cannot start one (the calls stay synchronous).
  // queue_end: the calling thread's operations are synchronous again; the chain runs on.
  // queue_done: 0 while the chain's work runs (only when !wait), else 1 (done) or -1 (an
  // operation failed) with every host-side effect made and the chain freed.
  void *(*queue_begin)(int dev);
  void (*queue_end)(void *queue);
  int (*queue_done)(void *queue, bool wait);

  // Optional (NULL: no). Whether get_device_time is this CPU's time-stamp counter, read as is;
  // libomptarget then reads it itself on the recording path (no call per record).
  bool (*time_is_tsc)(int dev);
};

typedef const struct glass_plugin *(*glass_plugin_get_fn)(void);
