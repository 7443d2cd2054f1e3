// OMPT target events. libomptarget connects to the host runtime's tool through
// ompt_libomp_connect (exported by Glass's libomp and LLVM's), receives the callbacks the tool
// registered there, and calls them itself, so host and target events reach the tool in one
// stream. The EMI form of an event is delivered when the tool registered it, else the plain
// form.
#define _GNU_SOURCE
#include "omptarget.h"

#include <dlfcn.h>
#include <omp-tools.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

bool tgt_ompt_on;
static __thread struct tgt_ompt_region *tgt_ompt_cur;

static struct {
  ompt_callback_device_initialize_t device_initialize;
  ompt_callback_device_finalize_t device_finalize;
  ompt_callback_device_load_t device_load;
  ompt_callback_device_unload_t device_unload;
  ompt_callback_target_map_t target_map;
  ompt_callback_target_map_emi_t target_map_emi;
  ompt_callback_target_t target;
  ompt_callback_target_emi_t target_emi;
  ompt_callback_target_data_op_t target_data_op;
  ompt_callback_target_data_op_emi_t target_data_op_emi;
  ompt_callback_target_submit_t target_submit;
  ompt_callback_target_submit_emi_t target_submit_emi;
} cb;
static ompt_data_t *(*get_task_data)(void);
static void *(*set_task_region)(void *); // Glass's libomp: marks the encountering task
static int32_t (*swap_league)(int32_t);  // Glass's libomp: the last league's size
static uint64_t next_id = 1;
static bool initialized_devices[256];

static uint64_t new_id(void) {
  return __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
}

static int connect_init(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *data) {
  ompt_get_callback_t get = (ompt_get_callback_t)lookup("ompt_get_callback");
  get_task_data = (ompt_data_t * (*)(void)) lookup("ompt_get_task_data");
  if (!get)
    return 0;
  // Glass's libomp answers ompt_get_target_info through us (LLVM's has no such entry).
  void (*set_info)(void *) = (void (*)(void *))lookup("glass_set_target_info");
  if (set_info)
    set_info((void *)tgt_ompt_target_info);
  set_task_region = (void *(*)(void *))lookup("glass_set_task_target");
  swap_league = (int32_t(*)(int32_t))lookup("glass_swap_league");
#define GET(name) get(ompt_callback_##name, (ompt_callback_t *)&cb.name)
  GET(device_initialize), GET(device_finalize), GET(device_load), GET(target), GET(target_emi);
  GET(target_data_op), GET(target_data_op_emi), GET(target_submit), GET(target_submit_emi);
  GET(device_unload), GET(target_map), GET(target_map_emi);
#undef GET
  tgt_ompt_on = cb.device_initialize || cb.device_finalize || cb.device_load || cb.target ||
                cb.target_emi || cb.target_data_op || cb.target_data_op_emi || cb.target_submit ||
                cb.target_submit_emi || cb.device_unload || cb.target_map || cb.target_map_emi;
  // The callbacks of operations are the only ones that come between two record boundaries
  // that could share a clock reading (trace.c): a construct's begin callback precedes its
  // first record, which reads anew, and its end callback follows its last.
  tgt_trace_sharing = !cb.target_data_op && !cb.target_data_op_emi && !cb.target_submit &&
                      !cb.target_submit_emi && !cb.target_map && !cb.target_map_emi;
  TGT_INFO(INFO_PLUGIN, -1, "connected to the host runtime's tool (target events %s)",
           tgt_ompt_on ? "on" : "off");
  return 1;
}

// Called by the host runtime before the tool's own finalizer.
static void connect_fini(ompt_data_t *data) {
  // Every trace buffer goes back to the tool before it finalizes.
  for (int i = 0; i < 256; i++) {
    struct tgt_device *d = tgt_device_peek(i);
    if (d)
      tgt_trace_stop_all(d);
  }
  if (cb.device_unload)
    tgt_unload_images(NULL);
  for (int i = 0; i < 256; i++)
    if (initialized_devices[i] && cb.device_finalize)
      cb.device_finalize(i);
  tgt_ompt_on = false;
}

static ompt_start_tool_result_t connection = {connect_init, connect_fini, {0}};

void tgt_ompt_connect(void) {
  void (*connect)(ompt_start_tool_result_t *) =
      (void (*)(ompt_start_tool_result_t *))dlsym(RTLD_DEFAULT, "ompt_libomp_connect");
  if (connect)
    connect(&connection);
}

// The source strings of target constructs (an ident's psource, ";file;function;line;col;;") by
// codeptr, for tools: clang-19 gives a construct's runtime call no line in the debug
// information, so a tool's symbolizer cannot place its codeptr. A slot is claimed by its codeptr
// (compare-and-swap), then given the string; a full table takes no more.
#define SOURCES 1024 // a power of 2
static struct {
  const void *_Atomic code;
  const char *_Atomic psource;
} sources[SOURCES];

static size_t source_slot(const void *code) {
  return (size_t)(((uintptr_t)code * UINT64_C(0x9e3779b97f4a7c15)) >> 40) & (SOURCES - 1);
}

static __thread const void *last_noted; // the construct this thread noted last

static void note_source(const void *code, const tgt_ident_t *loc) {
  if (code == last_noted || !code || !loc || !loc->psource)
    return;
  last_noted = code;
  for (size_t i = 0, k = source_slot(code); i < SOURCES; i++, k = (k + 1) & (SOURCES - 1)) {
    const void *seen = atomic_load_explicit(&sources[k].code, memory_order_relaxed);
    if (seen == code)
      return;
    if (!seen && atomic_compare_exchange_strong(&sources[k].code, &seen, code)) {
      atomic_store_explicit(&sources[k].psource, loc->psource, memory_order_release);
      return;
    }
    if (seen == code) // another thread claimed it for the same construct
      return;
  }
}

// glass_codeptr_source (the device's lookup): the source string of the target construct whose
// codeptr this is, or NULL.
static const char *codeptr_source(const void *code) {
  for (size_t i = 0, k = source_slot(code); code && i < SOURCES; i++, k = (k + 1) & (SOURCES - 1)) {
    const void *seen = atomic_load_explicit(&sources[k].code, memory_order_relaxed);
    if (seen == code)
      return atomic_load_explicit(&sources[k].psource, memory_order_acquire);
    if (!seen)
      return NULL;
  }
  return NULL;
}

static ompt_interface_fn_t device_lookup(const char *name) {
  if (name && !strcmp(name, "glass_codeptr_source"))
    return (ompt_interface_fn_t)codeptr_source;
  return (ompt_interface_fn_t)tgt_trace_lookup(name);
}

void tgt_ompt_tracing_started(void) {
  __atomic_store_n(&tgt_ompt_on, true, __ATOMIC_RELAXED);
}

int tgt_ompt_target_info(void *region, uint64_t *device_num, uint64_t *target_id,
                         uint64_t *host_op_id) {
  struct tgt_ompt_region *r = region ? region : tgt_ompt_cur;
  if (!r)
    return 0;
  if (device_num)
    *device_num = (uint64_t)r->device;
  if (target_id)
    *target_id = r->target_id;
  if (host_op_id)
    *host_op_id = __atomic_load_n(&r->host_op, __ATOMIC_RELAXED);
  return 1;
}

void tgt_ompt_device_init(struct tgt_device *d) {
  if (d->id < 256)
    initialized_devices[d->id] = true;
  if (cb.device_initialize)
    cb.device_initialize(d->id, d->rtl->device_type(d->rtl_id), (ompt_device_t *)d, device_lookup,
                         "Glass host device: x86-64 device images run in the host process");
}

void tgt_ompt_device_load(struct tgt_device *d, int image, const void *elf, size_t size,
                          void *module) {
  if (cb.device_load)
    cb.device_load(d->id, "(in memory)", -1, NULL, size, (void *)elf, module, (uint64_t)image);
}

static ompt_data_t *task_data(void) {
  return get_task_data ? get_task_data() : NULL;
}

void tgt_ompt_target(struct tgt_ompt_region *r, bool begin) {
  ompt_scope_endpoint_t ep = begin ? ompt_scope_begin : ompt_scope_end;
  ompt_data_t *td = task_data();
  if (begin) {
    note_source(r->codeptr, r->loc);
    r->target_id = new_id();
    r->target_data.value = 0;
    r->task_id = td ? td->value : 0;
    r->prev = tgt_ompt_cur;
    tgt_ompt_cur = r;
    if (set_task_region) // the kernel's threads find the construct through their tasks
      r->task_prev = set_task_region(r);
  } else {
    tgt_trace_target(r->dev, r, false);
  }
  if (cb.target_emi)
    cb.target_emi((ompt_target_t)r->kind, ep, r->device, td, NULL, (ompt_data_t *)&r->target_data,
                  r->codeptr);
  else if (cb.target)
    cb.target((ompt_target_t)r->kind, ep, r->device, td, r->target_id, r->codeptr);
  // The record's time lies between the callbacks' (after begin's, before end's).
  if (begin) {
    tgt_trace_target(r->dev, r, true);
  } else {
    tgt_trace_clock_break(); // the program runs next
    tgt_ompt_cur = r->prev;
    if (set_task_region)
      set_task_region(r->task_prev);
  }
}

// The device of a data operation: the one that is not the host.
static struct tgt_device *op_device(int src_dev, int dst_dev) {
  struct tgt_device *d = tgt_device_peek(dst_dev);
  return d ? d : tgt_device_peek(src_dev);
}

// An operation of construct r (or none) begins (a new id in *host_op_id) or ends; r's
// operation under way.
static void op_step(struct tgt_ompt_region *r, bool begin, uint64_t *host_op_id) {
  if (begin)
    *host_op_id = new_id();
  if (r)
    __atomic_store_n(&r->host_op, begin ? *host_op_id : 0, __ATOMIC_RELAXED);
}

// A data operation of a construct (routine false) or of a device memory routine (codeptr: the
// routine's caller), which is part of the target construct it runs in, if any.
static inline __attribute__((always_inline)) void
data_op(int op, bool begin, uint64_t *host_op_id, const void *src, int src_dev, const void *dst,
        int dst_dev, size_t bytes, const void *codeptr, bool routine) {
  struct tgt_ompt_region *r = tgt_ompt_cur;
  if (!codeptr && r)
    codeptr = r->codeptr;
  struct tgt_device *d = op_device(src_dev, dst_dev);
  uint64_t target_id = r ? r->target_id : 0;
  op_step(r, begin, host_op_id);
  if (!begin) // its trace record (unless the plugin made it), before the end callback
    tgt_trace_op_end(d, GLASS_TRACE_DATA_OP, op, target_id, *host_op_id, src, src_dev, dst, dst_dev,
                     bytes, 0);
  if (cb.target_data_op_emi)
    cb.target_data_op_emi(begin ? ompt_scope_begin : ompt_scope_end, NULL,
                          r ? (ompt_data_t *)&r->target_data : NULL, (ompt_id_t *)host_op_id,
                          (ompt_target_data_op_t)op, (void *)src, src_dev, (void *)dst, dst_dev,
                          bytes, codeptr);
  else if (cb.target_data_op && begin)
    cb.target_data_op(r ? r->target_id : 0, *host_op_id, (ompt_target_data_op_t)op, (void *)src,
                      src_dev, (void *)dst, dst_dev, bytes, codeptr);
  if (begin) // the id the tool's EMI callback may have set
    tgt_trace_op_begin(d, GLASS_TRACE_DATA_OP, op, target_id, *host_op_id, src, src_dev, dst,
                       dst_dev, bytes, 0);
  else if (routine) // the program runs next
    tgt_trace_clock_break();
}

void tgt_ompt_data_op(int op, bool begin, uint64_t *host_op_id, const void *src, int src_dev,
                      const void *dst, int dst_dev, size_t bytes) {
  data_op(op, begin, host_op_id, src, src_dev, dst, dst_dev, bytes, NULL, false);
}

void tgt_ompt_data_op_at(int op, bool begin, uint64_t *host_op_id, const void *src, int src_dev,
                         const void *dst, int dst_dev, size_t bytes, const void *codeptr) {
  data_op(op, begin, host_op_id, src, src_dev, dst, dst_dev, bytes, codeptr, true);
}

int32_t tgt_ompt_swap_league(int32_t v) {
  return swap_league ? swap_league(v) : -1;
}

void tgt_ompt_submit(bool begin, uint64_t *host_op_id, unsigned teams) {
  struct tgt_ompt_region *r = tgt_ompt_cur;
  struct tgt_device *d = r ? r->dev : NULL;
  uint64_t target_id = r ? r->target_id : 0;
  op_step(r, begin, host_op_id);
  if (!begin)
    tgt_trace_op_end(d, GLASS_TRACE_KERNEL, 0, target_id, *host_op_id, NULL, 0, NULL, 0, 0, teams);
  if (cb.target_submit_emi)
    cb.target_submit_emi(begin ? ompt_scope_begin : ompt_scope_end,
                         r ? (ompt_data_t *)&r->target_data : NULL, (ompt_id_t *)host_op_id, teams);
  else if (cb.target_submit && begin)
    cb.target_submit(r ? r->target_id : 0, *host_op_id, teams);
  if (begin)
    tgt_trace_op_begin(d, GLASS_TRACE_KERNEL, 0, target_id, *host_op_id, NULL, 0, NULL, 0, 0,
                       teams);
}

void tgt_ompt_device_unload(struct tgt_device *d, int image) {
  if (cb.device_unload)
    cb.device_unload(d->id, (uint64_t)image);
}

// ompt_target_map_flag_t from a map type: with neither to nor from, an item is allocated on
// entry and released on exit (delete when the clause says so).
static unsigned map_flags(int64_t type, bool exiting) {
  unsigned f = 0;
  if (type & MAP_TO)
    f |= ompt_target_map_flag_to;
  if (type & MAP_FROM)
    f |= ompt_target_map_flag_from;
  if (type & MAP_DELETE)
    f |= ompt_target_map_flag_delete;
  else if (!(type & (MAP_TO | MAP_FROM)))
    f |= exiting ? ompt_target_map_flag_release : ompt_target_map_flag_alloc;
  if (type & MAP_IMPLICIT)
    f |= ompt_target_map_flag_implicit;
  return f;
}

// The arrays of a target_map: on the stack up to MAP_STACK items, else one heap block; laid
// out as a trace record's (tgt_trace_map copies them at once).
#define MAP_STACK 16
#define MAP_ITEM  (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned))
struct map_items {
  void **host, **dev;
  size_t *bytes;
  unsigned *flags;
};

static void *map_arrays(size_t n, void *stack, struct map_items *m) {
  void *p = n <= MAP_STACK ? stack : malloc(n * MAP_ITEM);
  if (p) {
    m->host = p, m->dev = m->host + n;
    m->bytes = (size_t *)(m->dev + n), m->flags = (unsigned *)(m->bytes + n);
  }
  return p;
}

// The items of m (allocated for more than k) made contiguous, as tgt_trace_map takes them.
static const void *pack(struct map_items *m, unsigned k, void *mem) {
  if ((void *)m->dev != (void *)(m->host + k)) {
    memmove(m->host + k, m->dev, k * sizeof *m->dev);
    memmove(m->host + 2 * k, m->bytes, k * sizeof *m->bytes);
    memmove((size_t *)(m->host + 2 * k) + k, m->flags, k * sizeof *m->flags);
  }
  return mem;
}

// The construct's map items (literals and firstprivate copies are not mapped), with the device
// address each has now. Called with d->lock held, once the items are present.
void tgt_ompt_map(struct tgt_device *d, const struct map_args *a, bool exiting) {
  if (a->n <= 0) // an empty clause: no callback, no record
    return;
  struct tgt_ompt_region *r = tgt_ompt_cur;
  bool trace = tgt_trace_map_wanted(d);
  if (!cb.target_map_emi && !cb.target_map && !trace)
    return;
  _Alignas(void *) char stack[MAP_STACK * MAP_ITEM];
  struct map_items m;
  void *mem = map_arrays((size_t)a->n, stack, &m);
  if (!mem) {
    tgt_error("out of memory reporting a map clause to the tool; target_map not delivered");
    return;
  }
  unsigned k = 0;
  for (int i = 0; i < a->n; i++) {
    if (a->types[i] & (MAP_LITERAL | MAP_PRIVATE))
      continue;
    m.host[k] = a->begins[i];
    m.dev[k] = map_translate(&d->table, (uintptr_t)a->begins[i]);
    m.bytes[k] = a->sizes[i] > 0 ? (size_t)a->sizes[i] : 0;
    m.flags[k++] = map_flags(a->types[i], exiting);
  }
  const void *codeptr = r ? r->codeptr : NULL;
  if (k > 0 && cb.target_map_emi)
    cb.target_map_emi(r ? (ompt_data_t *)&r->target_data : NULL, k, m.host, m.dev, m.bytes, m.flags,
                      codeptr);
  else if (k > 0 && cb.target_map)
    cb.target_map(r ? r->target_id : 0, k, m.host, m.dev, m.bytes, m.flags, codeptr);
  if (k > 0 && trace)
    tgt_trace_map(d, r ? r->target_id : 0, k, pack(&m, k, mem), codeptr);
  if (mem != stack)
    free(mem);
}

// The memory routines' operations: the host is the other side.
void tgt_ompt_api_op(int op, bool begin, uint64_t *host_op_id, const void *host, int dev,
                     const void *dev_ptr, size_t bytes, const void *codeptr) {
  tgt_ompt_data_op_at(op, begin, host_op_id, host, tgt_num_devices(), dev_ptr, dev, bytes, codeptr);
}
