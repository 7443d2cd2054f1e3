// libomptarget internals: images, devices, the mapping table, and the entry points' helpers.
#pragma once
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plugin.h"

#define TGT_API    __attribute__((visibility("default")))
#define TGT_HIDDEN __attribute__((visibility("hidden")))

// Map-type bits clang emits (the values of LLVM's ABI).
enum {
  MAP_TO = 0x1,
  MAP_FROM = 0x2,
  MAP_ALWAYS = 0x4,
  MAP_DELETE = 0x8,
  MAP_PTR_AND_OBJ = 0x10,
  MAP_TARGET_PARAM = 0x20,
  MAP_RETURN_PARAM = 0x40,
  MAP_PRIVATE = 0x80,
  MAP_LITERAL = 0x100,
  MAP_IMPLICIT = 0x200,
  MAP_CLOSE = 0x400,
  MAP_PRESENT = 0x1000,
  MAP_OMPX_HOLD = 0x2000,
  MAP_ATTACH = 0x4000,
};
#define MAP_NON_CONTIG 0x100000000000ull
#define MAP_MEMBER_OF  0xffff000000000000ull
// The index of a member's parent in the same argument list, or -1.
static inline int map_parent(int64_t type) {
  uint64_t m = ((uint64_t)type & MAP_MEMBER_OF) >> 48;
  return m ? (int)m - 1 : -1;
}

typedef struct tgt_ident {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} tgt_ident_t;

// __tgt_device_image and __tgt_bin_desc, as the linker wrapper builds them.
struct tgt_device_image {
  void *start, *end;
  void *entries_begin, *entries_end;
};
struct tgt_bin_desc {
  int32_t num_images;
  struct tgt_device_image *images;
  void *entries_begin, *entries_end;
};

// The kernel-argument struct of __tgt_target_kernel (version 2 and 3 share this prefix).
struct tgt_kernel_args {
  uint32_t version, nargs;
  void **base_ptrs, **ptrs;
  int64_t *sizes, *types;
  void **names, **mappers;
  uint64_t tripcount, flags;
  uint32_t num_teams[3], thread_limit[3];
  uint32_t dyn_cgroup_mem;
};

// An offload entry in the form both entry layouts reduce to.
struct tgt_entry {
  void *addr; // host address: a kernel's region id or a global
  const char *name;
  uint64_t size; // 0 for kernels
  uint32_t flags;
};
#define ENTRY_LINK 0x1 // declare target link: the entry is the variable's reference pointer
#define ENTRY_INDIRECT                                                                             \
  0x8 // declare target indirect: the device symbol holds the function's address
#define ENTRY_REQUIRES 0x10 // clang >= 19: not an entry, the program's `requires` clauses

struct tgt_image {
  const void *elf;
  size_t size;
  bool dyn_ptr; // kernels take a leading launch-environment pointer (clang >= 17)
  struct tgt_entry *entries;
  int nentries;
  struct tgt_bin_desc *desc;
};

// One row of a device's present table: host [begin, end) lives at tgt on the device.
struct map_row {
  uintptr_t begin, end, tgt;
  uintptr_t base; // <= begin: the base pointer of the array section that created the row
  uint64_t dyn_ref, hold_ref; // dyn_ref REF_INF: never released (globals, associate_ptr)
  bool owned;                 // tgt was allocated by the runtime and is freed with the row
  bool releasing;             // scheduled for removal by the current data-end call
  bool associated;            // entered by omp_target_associate_ptr
  uint64_t born;              // the device's epoch when the row was created
};
#define REF_INF UINT64_MAX

struct map_table {
  struct map_row *rows; // sorted by begin, disjoint
  size_t n, cap;
};

struct alloc_set {
  uintptr_t *ptrs; // sorted
  size_t n, cap;
};
TGT_HIDDEN bool alloc_set_add(struct alloc_set *s, uintptr_t p);
TGT_HIDDEN bool alloc_set_remove(struct alloc_set *s, uintptr_t p);
TGT_HIDDEN bool alloc_set_has(const struct alloc_set *s, uintptr_t p);

// A device pointer the runtime pointed at a device pointee (attach): copies of the range that
// holds it must not carry the device value to the host or the host value to the device.
struct shadow {
  uintptr_t host_addr; // where the pointer lives on the host
  uintptr_t tgt_addr;  // and on the device
  uintptr_t tgt_value; // what it holds on the device
};
struct shadow_set {
  struct shadow *v; // sorted by host_addr
  size_t n, cap;
};
TGT_HIDDEN void shadow_put(struct shadow_set *s, struct shadow x);
// The shadows in [begin, end): *first and the count.
TGT_HIDDEN size_t shadow_range(struct shadow_set *s, uintptr_t begin, uintptr_t end,
                               struct shadow **first);
TGT_HIDDEN void shadow_drop(struct shadow_set *s, uintptr_t begin, uintptr_t end);

struct loaded_image {
  void *module;
  void **addrs; // device address per entry
  bool unload_reported;
};

struct tgt_device {
  int id;       // the OpenMP device number
  int rtl_id;   // the plugin's number for it
  char uid[24]; // "<plugin>-<rtl_id>": the same device whatever other plugins are loaded
  const struct glass_plugin *rtl;
  pthread_mutex_t lock; // guards table, images, ready
  bool ready;
  struct map_table table;
  struct loaded_image *images; // indexed like the registry's images
  int nimages;
  struct alloc_set allocs; // omp_target_alloc's blocks, to refuse a bad or double free
  struct shadow_set shadows;
  uint64_t epoch;          // counts data-begin steps, to tell rows created by the current one
  struct tgt_trace *trace; // device tracing state (trace.c), once the tool sets it up
};

// What libomptarget calls in the host runtime (libomp.so.5, Glass's or LLVM's).
extern int __kmpc_get_target_offload(void);
extern int omp_get_default_device(void);
extern int32_t __kmpc_global_thread_num(const tgt_ident_t *loc);
extern void __kmpc_omp_wait_deps(const tgt_ident_t *loc, int32_t gtid, int32_t ndeps, void *deps,
                                 int32_t ndeps_noalias, void *noalias);
extern void omp_fulfill_event(uintptr_t event);
// Glass's libomp only (weak: NULL under LLVM's): the running target task's completion event.
extern uintptr_t __kmpc_glass_target_task_event(void) __attribute__((weak));

// async.c: `target nowait` on a plugin with queues. begin opens the calling thread's chain for
// the construct's device operations when `nowait` and both plugin and libomp allow it; end
// hands the chain to the progress thread, which completes the current target task when the
// chain's work is done (or, when that is impossible, waits for it there).
struct tgt_async {
  struct tgt_device *d;
  void *queue; // NULL: synchronous
};
TGT_HIDDEN void tgt_async_begin(struct tgt_async *a, struct tgt_device *d, bool nowait);
TGT_HIDDEN void tgt_async_end(struct tgt_async *a, const tgt_ident_t *loc);

// rtl.c: registry, plugins, devices, policy.
TGT_HIDDEN int tgt_num_devices(void);
TGT_HIDDEN struct tgt_device *tgt_device_get(int64_t *device_id, const tgt_ident_t *loc,
                                             const char *what);
TGT_HIDDEN int tgt_device_ready(struct tgt_device *d);
TGT_HIDDEN struct tgt_device *tgt_device_at(int id);
// The device with this number if the devices are known, without initialising it, or NULL.
TGT_HIDDEN struct tgt_device *tgt_device_peek(int id);
// The device a tool's ompt_device_t * designates, or NULL.
TGT_HIDDEN struct tgt_device *tgt_device_from_handle(const void *handle);
TGT_HIDDEN void *tgt_kernel_lookup(struct tgt_device *d, void *region_id, bool *dyn_ptr);
// `requires unified_shared_memory` is in force and device d shares the host's memory (the host
// device): maps use the host's storage itself.
TGT_HIDDEN bool tgt_shared_memory(const struct tgt_device *d);
TGT_HIDDEN int tgt_offload_policy(void); // 0 disabled, 1 default, 2 mandatory
TGT_HIDDEN void tgt_fatal(const tgt_ident_t *loc, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));
TGT_HIDDEN void tgt_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// info.c: LIBOMPTARGET_INFO.
enum {
  INFO_KERNEL_ARGS = 0x1,
  INFO_MAPPING_EXISTS = 0x2,
  INFO_DUMP_TABLE = 0x4,
  INFO_KERNEL_LAUNCH = 0x10,
  INFO_DATA_TRANSFER = 0x20,
  INFO_PLUGIN = 0x100, // Glass: plugins, images, devices
};
TGT_HIDDEN extern uint32_t tgt_info_flags;
TGT_HIDDEN void tgt_info_init(void);
TGT_HIDDEN void tgt_info(int device, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
TGT_HIDDEN const char *tgt_loc_str(const tgt_ident_t *loc, char *buf, size_t len);
TGT_HIDDEN void tgt_dump_table(struct tgt_device *d, const tgt_ident_t *loc);
#define TGT_INFO(bit, dev, ...)                                                                    \
  do {                                                                                             \
    if (__builtin_expect(tgt_info_flags & (bit), 0))                                               \
      tgt_info(dev, __VA_ARGS__);                                                                  \
  } while (0)

// map.c: the present table (callers hold the device lock).
TGT_HIDDEN struct map_row *map_find(struct map_table *t, uintptr_t begin, uint64_t size,
                                    bool *extends);
TGT_HIDDEN struct map_row *map_insert(struct map_table *t, uintptr_t begin, uint64_t size,
                                      uintptr_t tgt);
TGT_HIDDEN void map_remove(struct map_table *t, struct map_row *row);
// The device address of host address p if it lies in a mapped range, else NULL.
TGT_HIDDEN void *map_translate(struct map_table *t, uintptr_t p);
// The same for the value of a pointer, which may also name a mapped section by its base.
TGT_HIDDEN void *map_translate_pointer(struct map_table *t, uintptr_t p);
TGT_HIDDEN bool map_clip(struct map_table *t, uintptr_t *begin, uint64_t *size);

// data.c: the data-mapping steps of target, target data, enter/exit data and update.
struct map_args {
  int32_t n;
  void **bases, **begins;
  int64_t *sizes, *types;
  void **names, **mappers;
};
TGT_HIDDEN int tgt_data_begin(struct tgt_device *d, const struct map_args *a,
                              const tgt_ident_t *loc);
TGT_HIDDEN int tgt_data_end(struct tgt_device *d, const struct map_args *a, const tgt_ident_t *loc);
TGT_HIDDEN int tgt_data_update(struct tgt_device *d, const struct map_args *a,
                               const tgt_ident_t *loc);
TGT_HIDDEN const char *tgt_map_name(const struct map_args *a, int i, char *buf, size_t len);
// An implicit entry's range [*begin, *begin + *size) of which one part is already mapped
// becomes that part.
TGT_HIDDEN void tgt_entry_clip(struct tgt_device *d, uintptr_t *begin, uint64_t *size);
// Entry i's host range; for an implicit entry of which one part is already mapped, that part.
// Inline: every entry of every construct asks, and only implicit ones need a lookup.
static inline void tgt_entry_range(struct tgt_device *d, const struct map_args *a, int i,
                                   uintptr_t *begin, uint64_t *size) {
  *begin = (uintptr_t)a->begins[i], *size = (uint64_t)a->sizes[i];
  if (__builtin_expect((a->types[i] & MAP_IMPLICIT) && *size, 0))
    tgt_entry_clip(d, begin, size);
}

// ompt.c: target events for the host runtime's tool. Each hook is behind `if (tgt_ompt_on)`.
typedef union {
  uint64_t value;
  void *ptr;
} tgt_ompt_data_t; // ompt_data_t
struct tgt_ompt_region {
  int kind; // ompt_target_t
  int device;
  const void *codeptr;
  const tgt_ident_t *loc; // the construct's source location (its psource), or NULL
  uint64_t target_id;
  tgt_ompt_data_t target_data;
  struct tgt_ompt_region *prev;
  struct tgt_device *dev;
  uint64_t host_op; // the operation under way (0 between them); read by the kernel's threads
  uint64_t task_id; // the encountering task's data value (trace records' task_id)
  void *task_prev;  // the encountering task's previous construct (glass_set_task_target)
};
enum { // ompt_target_data_op_t
  OMPT_ALLOC = 1,
  OMPT_TO = 2,
  OMPT_FROM = 3,
  OMPT_DELETE = 4,
  OMPT_ASSOCIATE = 5,
  OMPT_DISASSOCIATE = 6,
};
TGT_HIDDEN extern bool tgt_ompt_on;
TGT_HIDDEN void tgt_ompt_connect(void);
TGT_HIDDEN void tgt_ompt_device_init(struct tgt_device *d);
TGT_HIDDEN void tgt_ompt_device_load(struct tgt_device *d, int image, const void *elf, size_t size,
                                     void *module);
TGT_HIDDEN void tgt_ompt_target(struct tgt_ompt_region *r, bool begin);
TGT_HIDDEN void tgt_ompt_data_op(int op, bool begin, uint64_t *host_op_id, const void *src,
                                 int src_dev, const void *dst, int dst_dev, size_t bytes);
// A device memory routine's operation (codeptr: its caller); tgt_ompt_data_op: a construct's.
TGT_HIDDEN void tgt_ompt_data_op_at(int op, bool begin, uint64_t *host_op_id, const void *src,
                                    int src_dev, const void *dst, int dst_dev, size_t bytes,
                                    const void *codeptr);
TGT_HIDDEN void tgt_ompt_api_op(int op, bool begin, uint64_t *host_op_id, const void *host, int dev,
                                const void *dev_ptr, size_t bytes, const void *codeptr);
TGT_HIDDEN void tgt_ompt_submit(bool begin, uint64_t *host_op_id, unsigned teams);
TGT_HIDDEN void tgt_ompt_device_unload(struct tgt_device *d, int image);
TGT_HIDDEN void tgt_ompt_map(struct tgt_device *d, const struct map_args *a, bool exiting);
// rtl.c: reports device_unload for each loaded image of desc (all images when NULL) not yet
// reported.
TGT_HIDDEN void tgt_unload_images(const struct tgt_bin_desc *desc);
// For ompt_get_target_info: the construct `region` (NULL: the one the calling thread is in):
// device, target_id and the operation under way (host_op_id); 0 when there is none.
TGT_HIDDEN int tgt_ompt_target_info(void *region, uint64_t *device_num, uint64_t *target_id,
                                    uint64_t *host_op_id);
// Tracing has started on some device: ids and hooks are needed even without callbacks.
TGT_HIDDEN void tgt_ompt_tracing_started(void);
// Glass's libomp: the league size of the calling thread's last teams construct, replaced by v
// (-1 when the host runtime does not say: LLVM's libomp).
TGT_HIDDEN int32_t tgt_ompt_swap_league(int32_t v);

// trace.c: device tracing (OpenMP 5.1). The hooks are called from ompt.c's, only while
// tgt_ompt_on; each returns at once unless the device is being traced.
TGT_HIDDEN void *tgt_trace_lookup(const char *name); // an ompt_interface_fn_t, or NULL
TGT_HIDDEN void tgt_trace_target(struct tgt_device *d, const struct tgt_ompt_region *r, bool begin);
TGT_HIDDEN bool tgt_trace_map_wanted(struct tgt_device *d);
// items: n host addresses, n device addresses, n sizes (size_t), n flags (unsigned), in
// that order, contiguous.
TGT_HIDDEN void tgt_trace_map(struct tgt_device *d, uint64_t target_id, unsigned n,
                              const void *items, const void *codeptr);
// An operation (GLASS_TRACE_DATA_OP or _KERNEL) is under way on this thread: the plugin may
// take it through the sink. Every begin is paired with an end on the same thread, with the
// same description (but an allocation's dst, known at the end).
TGT_HIDDEN void tgt_trace_op_begin(struct tgt_device *d, int kind, int optype, uint64_t target_id,
                                   uint64_t host_op_id, const void *src, int src_dev,
                                   const void *dst, int dst_dev, uint64_t bytes, unsigned teams);
TGT_HIDDEN void tgt_trace_op_end(struct tgt_device *d, int kind, int optype, uint64_t target_id,
                                 uint64_t host_op_id, const void *src, int src_dev, const void *dst,
                                 int dst_dev, uint64_t bytes, unsigned teams);
// Stops tracing on the device, returning every buffer (at the tool's finalization).
TGT_HIDDEN void tgt_trace_stop_all(struct tgt_device *d);
// The clock reading of this thread's last record boundary, which the next boundary shares when
// nothing a tool or the program can see ran between them (trace.c): only while the tool has no
// callbacks of operations (tgt_trace_sharing, set at connection), and until the thread leaves
// the construct's own bookkeeping (tgt_trace_clock_break).
struct tgt_clock_memo {
  uint64_t now;
  const struct tgt_trace *t; // whose clock; NULL: no reading to share
};
TGT_HIDDEN extern __thread struct tgt_clock_memo tgt_clock_memo;
TGT_HIDDEN extern bool tgt_trace_sharing;
static inline void tgt_trace_clock_break(void) {
  tgt_clock_memo.t = NULL;
}
