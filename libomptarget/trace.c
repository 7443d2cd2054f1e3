// OpenMP 5.1 device tracing (the entry points a device's lookup returns) and the trace
// buffers. The tool hands out buffers through buffer_request and gets them back through
// buffer_complete. A record costs two atomic operations and no lock: a writer reserves bytes in
// the current buffer with one atomic add, fills them and subtracts them from the buffer's
// `left`, which starts at LEFT_OPEN. The writer whose reservation crosses the buffer's end
// closes it at its own offset (`final`) by adding final - LEFT_OPEN to `left`; whichever
// operation brings `left` to 0, the close or the last commit, delivers the buffer, exactly
// once. The bookkeeping of a buffer (struct tbuf) is never freed while tracing lives: a writer
// that read the current buffer just before it was replaced may still add to its `reserved`,
// which a closed buffer keeps above any capacity, and a delivered tbuf is set up again for a
// later buffer (its `reserved` reset last, so a writer whose add lands after the reset sees the
// new buffer). Only obtaining a buffer takes the trace's mutex. Cursors are byte offsets from
// the buffer the tool gave; a target_map record carries its arrays right after it.
#define _GNU_SOURCE
#include "omptarget.h"

#include <omp-tools.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CLOSED      (UINT64_C(1) << 62) // added to `reserved` when a buffer is closed
#define LIVE_NATIVE (1u << 31)          // in tgt_trace.live: native records are on
#define LEFT_OPEN   (UINT64_C(1) << 63) // `left` of a buffer not yet closed

struct tbuf {
  void *tool_buf; // what the tool gave
  char *base;     // the first record: tool_buf aligned to 8
  size_t begin;   // base - tool_buf
  size_t cap;     // bytes usable from base; set once: a tbuf is reused only for the same size
  _Atomic uint64_t reserved;
  _Atomic uint64_t left;  // LEFT_OPEN - committed bytes, until closed: final - committed
  _Atomic uint64_t final; // the content's size once closed
  atomic_bool reusable;   // delivered (fields read): may be set up for another buffer
  struct tbuf *next;      // every tbuf of the trace
};

enum { TRACE_ON = 1, TRACE_PAUSED = 2 };

struct tgt_trace {
  struct glass_trace_sink sink; // first: the plugin hands it back to record
  struct tgt_device *dev;
  ompt_callback_buffer_request_t request;
  ompt_callback_buffer_complete_t complete;
  _Atomic(struct tbuf *) cur;
  atomic_uint state;   // TRACE_ON, TRACE_PAUSED
  atomic_uint enabled; // bit per record type (1 << ompt_callbacks_t)
  atomic_int native;   // ompt_native_mon_flag_t the plugin has on (set_trace_native)
  // What the recording path tests, in one load: `enabled` while on and not paused, with
  // LIVE_NATIVE while the plugin's native records are on too; 0 otherwise. Recomputed under
  // `slow` whenever one of the three changes.
  atomic_uint live;
  atomic_ulong dropped;
  atomic_bool warned;
  pthread_mutex_t slow; // buffer_request, start and stop
  struct tbuf *all;
  bool plugin_started;
};

// The trace state of a device, created when the tool first sets up tracing on it.
static struct tgt_trace *trace_of(struct tgt_device *d) {
  return __atomic_load_n(&d->trace, __ATOMIC_ACQUIRE);
}

// An operation libomptarget is performing on this thread.
struct cur_op {
  struct glass_trace_op op;
  struct tgt_trace *t; // NULL: not traced
  bool taken;          // reported (by the plugin or here), or not traced
};
static uint64_t next_thread_id = 1;
static __thread uint64_t thread_id;

static uint64_t my_thread_id(void) {
  if (!thread_id)
    thread_id = __atomic_fetch_add(&next_thread_id, 1, __ATOMIC_RELAXED);
  return thread_id;
}

static uint64_t device_now(struct tgt_device *d) {
  return d->rtl->get_device_time ? d->rtl->get_device_time(d->rtl_id) : 0;
}

// ---- buffers ------------------------------------------------------------------------------

static void deliver(struct tgt_trace *t, struct tbuf *b) {
  void *buf = b->tool_buf;
  size_t begin = b->begin, n = atomic_load_explicit(&b->final, memory_order_relaxed);
  atomic_store_explicit(&b->reusable, true, memory_order_release);
  t->complete(t->dev->id, buf, begin + n, begin, 1);
}

// Closes b at offset off (the reservation that crossed its end, or close_buffer's): what was
// reserved below off is its content. The caller has added CLOSED to `reserved`, so later
// reservations fail and refill sees b closed.
static void close_at(struct tgt_trace *t, struct tbuf *b, uint64_t off) {
  atomic_store_explicit(&b->final, off, memory_order_relaxed);
  if (atomic_fetch_add(&b->left, off - LEFT_OPEN) == LEFT_OPEN - off)
    deliver(t, b);
}

static void commit(struct tgt_trace *t, struct tbuf *b, size_t size) {
  if (atomic_fetch_sub(&b->left, size) == size)
    deliver(t, b);
}

static void warn_dropped(struct tgt_trace *t, const char *why, size_t got, size_t need) {
  atomic_fetch_add(&t->dropped, 1);
  if (!atomic_exchange(&t->warned, true))
    tgt_error("device %d: the tool's buffer_request %s (%zu bytes, a record needs %zu); trace "
              "records are dropped while that lasts (counted at stop_trace)",
              t->dev->id, why, got, need);
}

// A delivered tbuf of capacity cap to set up again, or a new one. Called with t->slow held.
// `cap` never changes once set: a writer whose reservation failed in a buffer that has since
// been delivered and set up again still reads it, and must not find room there that its
// reservation never made.
static struct tbuf *free_tbuf(struct tgt_trace *t, size_t cap) {
  for (struct tbuf *b = t->all; b; b = b->next)
    if (b->cap == cap && atomic_load_explicit(&b->reusable, memory_order_acquire))
      return b;
  struct tbuf *b = calloc(1, sizeof *b);
  if (b)
    b->cap = cap, b->next = t->all, t->all = b;
  return b;
}

// A buffer from the tool with room for `need` bytes, or NULL (the record is dropped). Called
// with t->slow held.
static struct tbuf *new_buffer(struct tgt_trace *t, size_t need) {
  void *buf = NULL;
  size_t bytes = 0;
  t->request(t->dev->id, &buf, &bytes);
  size_t begin = buf ? (size_t)(-(uintptr_t)buf & 7) : 0;
  if (!buf || bytes < begin + need) {
    if (buf) // the tool's own memory: handed back, empty
      t->complete(t->dev->id, buf, 0, 0, 1);
    warn_dropped(t, buf ? "gave a buffer too small" : "gave no buffer", bytes, need);
    return NULL;
  }
  struct tbuf *b = free_tbuf(t, bytes - begin);
  if (!b) {
    t->complete(t->dev->id, buf, 0, 0, 1);
    warn_dropped(t, "was answered but libomptarget is out of memory", bytes, need);
    return NULL;
  }
  b->tool_buf = buf, b->begin = begin, b->base = (char *)buf + begin;
  atomic_store_explicit(&b->reusable, false, memory_order_relaxed);
  atomic_store_explicit(&b->left, LEFT_OPEN, memory_order_relaxed);
  atomic_store_explicit(&b->reserved, 0, memory_order_release); // last: see the comment above
  return b;
}

// Closes b where its reservations end, unless a writer whose reservation crossed its end
// closed it already. A writer holding b from before it was last set up may have reserved in it.
static void close_buffer(struct tgt_trace *t, struct tbuf *b) {
  uint64_t off = atomic_fetch_add(&b->reserved, CLOSED);
  if (off <= b->cap)
    close_at(t, b, off);
}

// A closed buffer may still be current: the writer that closes it replaces it.
static bool closed(struct tbuf *b) {
  return atomic_load_explicit(&b->reserved, memory_order_relaxed) >= CLOSED;
}

// Replaces `seen` (the buffer found full, or NULL) by a new one, unless another thread did.
// `seen` may have been delivered and set up again as the current buffer since the caller read
// it; that one is open and stays. False: tracing stopped meanwhile, or no buffer.
static bool refill(struct tgt_trace *t, struct tbuf *seen, size_t need) {
  pthread_mutex_lock(&t->slow);
  bool ok = atomic_load(&t->state) & TRACE_ON;
  if (ok && atomic_load(&t->cur) == seen && (!seen || closed(seen))) {
    struct tbuf *b = new_buffer(t, need);
    if (b && !(atomic_load(&t->state) & TRACE_ON)) { // the tool stopped from buffer_request
      close_buffer(t, b);
      b = NULL;
    }
    ok = b != NULL;
    if (b)
      atomic_store(&t->cur, b);
  }
  pthread_mutex_unlock(&t->slow);
  return ok;
}

// reserve's way when the current buffer has no room (or there is none).
static __attribute__((noinline)) void *reserve_slow(struct tgt_trace *t, size_t size,
                                                    struct tbuf **out) {
  for (;;) {
    struct tbuf *b = atomic_load_explicit(&t->cur, memory_order_acquire);
    if (b) {
      uint64_t off = atomic_fetch_add(&b->reserved, size);
      if (off + size <= b->cap) {
        *out = b;
        return b->base + off;
      }
      if (off <= b->cap) { // this reservation crossed the end: close b where it began
        atomic_fetch_add(&b->reserved, CLOSED);
        close_at(t, b, off);
      }
    }
    if (!refill(t, b, size))
      return NULL;
  }
}

// Room for a record of `size` bytes (a multiple of 8), or NULL (dropped, counted). The common
// case, room in the current buffer, is one atomic add.
static inline void *reserve(struct tgt_trace *t, size_t size, struct tbuf **out) {
  struct tbuf *b = atomic_load_explicit(&t->cur, memory_order_acquire);
  if (__builtin_expect(b != NULL, 1)) {
    uint64_t off = atomic_fetch_add(&b->reserved, size);
    if (__builtin_expect(off + size <= b->cap, 1)) {
      *out = b;
      return b->base + off;
    }
    if (off <= b->cap) { // this reservation crossed the end: close b where it began
      atomic_fetch_add(&b->reserved, CLOSED);
      close_at(t, b, off);
    }
  }
  return reserve_slow(t, size, out);
}

// Closes the current buffer (delivered once its writers commit) and leaves none current.
// Called with t->slow held.
static void close_current(struct tgt_trace *t, bool even_empty) {
  struct tbuf *b = atomic_load(&t->cur);
  if (!b || (!even_empty && atomic_load(&b->reserved) == 0))
    return;
  atomic_store(&t->cur, NULL);
  close_buffer(t, b);
}

// ---- records --------------------------------------------------------------------------------

static bool type_enabled(struct tgt_trace *t, int type) {
  return atomic_load_explicit(&t->enabled, memory_order_relaxed) & (1u << type);
}

static unsigned live(struct tgt_trace *t) {
  return atomic_load_explicit(&t->live, memory_order_relaxed);
}

static bool type_on(struct tgt_trace *t, int type) {
  return live(t) & (1u << type);
}

// Called with t->slow held, after state, enabled or native changed.
static void update_live(struct tgt_trace *t) {
  unsigned state = atomic_load(&t->state), v = 0;
  if ((state & (TRACE_ON | TRACE_PAUSED)) == TRACE_ON)
    v = atomic_load(&t->enabled) | (atomic_load(&t->native) ? LIVE_NATIVE : 0);
  atomic_store_explicit(&t->live, v, memory_order_relaxed);
}

static size_t map_record_size(unsigned n) {
  size_t s =
      sizeof(ompt_record_ompt_t) + n * (2 * sizeof(void *) + sizeof(size_t)) + n * sizeof(unsigned);
  return (s + 7) & ~(size_t)7;
}

// A native record in a buffer: an ompt_record_ompt_t head with type NATIVE_TYPE (no
// callback has that number), then the abstract description, then the plugin's bytes.
#define NATIVE_TYPE 0
struct native_rec {
  ompt_record_ompt_t head;
  uint64_t host_op_id;
  uint64_t bytes; // of native[]
  ompt_record_abstract_t abstract;
  _Alignas(8) unsigned char native[];
};

static size_t native_record_size(size_t bytes) {
  return (sizeof(struct native_rec) + bytes + 7) & ~(size_t)7;
}

static size_t record_size(const ompt_record_ompt_t *r) {
  if (r->type == (ompt_callbacks_t)NATIVE_TYPE)
    return native_record_size(((const struct native_rec *)r)->bytes);
  return r->type == ompt_callback_target_map ? map_record_size(r->record.target_map.nitems)
                                             : sizeof *r;
}

// Reserves and heads a record; the caller fills r->record (and r->time where it is read once
// there is room) and calls end_record.
static inline ompt_record_ompt_t *begin_record(struct tgt_trace *t, int type, size_t size,
                                               uint64_t time, uint64_t thread, uint64_t target_id,
                                               struct tbuf **b) {
  ompt_record_ompt_t *r = reserve(t, size, b);
  if (!r)
    return NULL;
  r->type = (ompt_callbacks_t)type;
  r->time = time;
  r->thread_id = thread;
  r->target_id = target_id;
  return r;
}

static inline void end_record(struct tgt_trace *t, struct tbuf *b, size_t size) {
  commit(t, b, size);
}

static const struct glass_trace_op *sink_current(void);

// The plugin's own record of an operation, kept as it is.
static void sink_record_native(const struct glass_trace_sink *sink, const void *native,
                               size_t bytes, const struct glass_native_abstract *a,
                               uint64_t host_op_id) {
  struct tgt_trace *t = (struct tgt_trace *)sink;
  struct tbuf *b;
  size_t size = native_record_size(bytes);
  struct native_rec *r;
  if (!(atomic_load(&t->state) & TRACE_ON) ||
      !(r = (struct native_rec *)begin_record(t, NATIVE_TYPE, size, a->start_time, 0, 0, &b)))
    return;
  r->host_op_id = host_op_id;
  r->bytes = bytes;
  r->abstract = (ompt_record_abstract_t){(ompt_record_native_t)a->rclass, a->type, a->start_time,
                                         a->end_time, a->hwid};
  memcpy(r->native, native, bytes);
  end_record(t, b, size);
}

// An operation's OMPT record, written in place (no temporary to copy).
static inline __attribute__((always_inline)) void
record_op(struct tgt_trace *t, int kind, int optype, uint64_t target_id, uint64_t host_op_id,
          uint64_t thread, const void *src, int src_dev, const void *dst, int dst_dev,
          uint64_t bytes, unsigned requested, unsigned granted, uint64_t start, uint64_t end) {
  bool kernel = kind == GLASS_TRACE_KERNEL;
  int type = kernel ? ompt_callback_target_submit : ompt_callback_target_data_op;
  struct tbuf *b;
  ompt_record_ompt_t *r = begin_record(t, type, sizeof *r, start, thread, target_id, &b);
  if (!r)
    return;
  if (kernel) {
    ompt_record_target_kernel_t *k = &r->record.target_kernel;
    k->host_op_id = host_op_id, k->requested_num_teams = requested;
    k->granted_num_teams = granted, k->end_time = end;
  } else {
    ompt_record_target_data_op_t *o = &r->record.target_data_op;
    o->host_op_id = host_op_id, o->optype = (ompt_target_data_op_t)optype;
    o->src_addr = (void *)src, o->src_device_num = src_dev;
    o->dest_addr = (void *)dst, o->dest_device_num = dst_dev;
    o->bytes = bytes, o->end_time = end, o->codeptr_ra = NULL;
  }
  end_record(t, b, sizeof *r);
}

// The plugin's report of one operation.
static void sink_record(const struct glass_trace_sink *sink, const struct glass_trace_op *op) {
  struct tgt_trace *t = (struct tgt_trace *)sink;
  int type =
      op->kind == GLASS_TRACE_KERNEL ? ompt_callback_target_submit : ompt_callback_target_data_op;
  // An operation described for native records alone has no OMPT record.
  if (!(atomic_load(&t->state) & TRACE_ON) || !type_enabled(t, type))
    return;
  record_op(t, op->kind, op->optype, op->target_id, op->host_op_id, op->thread_id, op->src,
            op->src_device, op->dst, op->dst_device, op->bytes, op->requested_teams,
            op->granted_teams, op->start, op->end);
}

void tgt_trace_target(struct tgt_device *d, const struct tgt_ompt_region *r, bool begin) {
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  struct tbuf *b;
  ompt_record_ompt_t *rec;
  if (!t || !type_on(t, ompt_callback_target) ||
      !(rec = begin_record(t, ompt_callback_target, sizeof *rec, 0, my_thread_id(), r->target_id,
                           &b)))
    return;
  rec->time = device_now(d); // once there is room: the begin callback is further behind
  rec->record.target = (ompt_record_target_t){(ompt_target_t)r->kind,
                                              begin ? ompt_scope_begin : ompt_scope_end,
                                              d->id,
                                              r->task_id,
                                              r->target_id,
                                              r->codeptr};
  end_record(t, b, sizeof *rec);
}

bool tgt_trace_map_wanted(struct tgt_device *d) {
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  return t && type_on(t, ompt_callback_target_map);
}

void tgt_trace_map(struct tgt_device *d, uint64_t target_id, unsigned n, const void *items,
                   const void *codeptr) {
  struct tgt_trace *t = trace_of(d);
  size_t size = map_record_size(n);
  struct tbuf *b;
  ompt_record_ompt_t *r;
  if (!t ||
      !(r = begin_record(t, ompt_callback_target_map, size, 0, my_thread_id(), target_id, &b)))
    return;
  r->time = device_now(d);
  // The arrays follow the record in the caller's layout: pointers first (8-byte aligned),
  // then the flags; one copy.
  void **h = (void **)(r + 1), **v = h + n;
  size_t *s = (size_t *)(v + n);
  memcpy(h, items, n * (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned)));
  r->record.target_map =
      (ompt_record_target_map_t){target_id, n, h, v, s, (unsigned *)(s + n), codeptr};
  end_record(t, b, size);
}

// Data operations and kernels. A plugin with trace_start times and reports them while they
// are current on this thread (sink_current); one it did not take is recorded here at its end,
// as an instant. A device whose plugin has no trace_start (the host) is timed here: the
// clock is read at the begin hook, which runs right after the begin callback and just before
// the plugin call, and at the end hook, right after the call and before the end callback; the
// record is then written in place from the end hook's arguments, the same as the begin's but
// for an allocation's destination. Operations nest only through a kernel that itself
// offloads, so a short stack suffices; deeper ones go unrecorded (and are counted as dropped).
#define OP_DEPTH 8
static __thread struct cur_op ops[OP_DEPTH];
static __thread int op_depth;

void tgt_trace_op_begin(struct tgt_device *d, int kind, int optype, uint64_t target_id,
                        uint64_t host_op_id, const void *src, int src_dev, const void *dst,
                        int dst_dev, uint64_t bytes, unsigned teams) {
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  int type =
      kind == GLASS_TRACE_KERNEL ? ompt_callback_target_submit : ompt_callback_target_data_op;
  // Described to the plugin for its native records too, when those are on without the type.
  bool on = t && (live(t) & ((1u << type) | LIVE_NATIVE));
  if (__builtin_expect(op_depth >= OP_DEPTH, 0)) {
    if (on)
      atomic_fetch_add(&t->dropped, 1);
    op_depth++;
    return;
  }
  struct cur_op *o = &ops[op_depth++];
  o->t = on ? t : NULL;
  o->taken = !on;
  if (!on)
    return;
  struct glass_trace_op *op = &o->op;
  if (!t->plugin_started) { // timed here: only the start is kept
    op->start = device_now(d);
    return;
  }
  // Field by field: a compound literal zeroes the whole struct first (a `rep stos`, slow to
  // start for 100 bytes).
  op->kind = (enum glass_trace_kind)kind, op->optype = optype;
  op->target_id = target_id, op->host_op_id = host_op_id, op->thread_id = my_thread_id();
  op->src = src, op->dst = dst, op->src_device = src_dev, op->dst_device = dst_dev;
  op->bytes = bytes, op->requested_teams = op->granted_teams = teams;
  op->start = op->end = 0;
}

void tgt_trace_op_end(struct tgt_device *d, int kind, int optype, uint64_t target_id,
                      uint64_t host_op_id, const void *src, int src_dev, const void *dst,
                      int dst_dev, uint64_t bytes, unsigned teams) {
  if (op_depth <= 0) // tracing started between this operation's begin and end
    return;
  if (op_depth-- > OP_DEPTH)
    return;
  struct cur_op *o = &ops[op_depth];
  if (o->taken)
    return;
  o->taken = true;
  struct tgt_trace *t = o->t;
  uint64_t end = device_now(d);
  // A start of 0: a tracing plugin made no call for it (an instant at its end).
  uint64_t start = o->op.start ? o->op.start : end;
  if (!(atomic_load_explicit(&t->state, memory_order_relaxed) & TRACE_ON) ||
      !type_enabled(t, kind == GLASS_TRACE_KERNEL ? ompt_callback_target_submit
                                                  : ompt_callback_target_data_op))
    return; // described for native records alone
  record_op(t, kind, optype, target_id, host_op_id, my_thread_id(), src, src_dev, dst, dst_dev,
            bytes, teams, teams, start, end);
}

static const struct glass_trace_op *sink_current(void) {
  if (op_depth <= 0 || op_depth > OP_DEPTH)
    return NULL;
  struct cur_op *c = &ops[op_depth - 1];
  if (c->taken)
    return NULL;
  c->taken = true; // one record per operation, however many plugin calls it takes
  return &c->op;
}

// ---- the entry points -----------------------------------------------------------------------

// The device behind a tool's ompt_device_t *, or NULL (with a message) when it is not one.
static struct tgt_device *dev_of(ompt_device_t *device, const char *what) {
  struct tgt_device *d = tgt_device_from_handle(device);
  if (!d)
    tgt_error("%s: %p is not a device handle from device_initialize", what, (void *)device);
  return d;
}

// Not the device's lock: device_initialize, where a tool sets tracing up, runs under it.
static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;

static struct tgt_trace *trace_make(struct tgt_device *d) {
  struct tgt_trace *t = trace_of(d);
  if (t)
    return t;
  pthread_mutex_lock(&make_lock);
  t = d->trace;
  if (!t && (t = calloc(1, sizeof *t))) {
    t->dev = d;
    t->sink = (struct glass_trace_sink){sink_current, sink_record, sink_record_native};
    // Recursive: a tool may flush or stop from buffer_complete, which can run under it.
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&t->slow, &a);
    pthread_mutexattr_destroy(&a);
    __atomic_store_n(&d->trace, t, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&make_lock);
  return t;
}

static int get_device_num_procs(ompt_device_t *device) {
  struct tgt_device *d = dev_of(device, "ompt_get_device_num_procs");
  return !d ? 0 : d->rtl->num_procs ? d->rtl->num_procs(d->rtl_id) : 1;
}

static ompt_device_time_t get_device_time(ompt_device_t *device) {
  struct tgt_device *d = dev_of(device, "ompt_get_device_time");
  return d ? device_now(d) : 0;
}

static double translate_time(ompt_device_t *device, ompt_device_time_t time) {
  struct tgt_device *d = dev_of(device, "ompt_translate_time");
  return d && d->rtl->translate_time ? d->rtl->translate_time(d->rtl_id, time) : 0.0;
}

// Record types are named by their callbacks, plain or EMI.
static int record_type(unsigned etype) {
  switch (etype) {
  case ompt_callback_target:
  case ompt_callback_target_emi:
    return ompt_callback_target;
  case ompt_callback_target_data_op:
  case ompt_callback_target_data_op_emi:
    return ompt_callback_target_data_op;
  case ompt_callback_target_submit:
  case ompt_callback_target_submit_emi:
    return ompt_callback_target_submit;
  case ompt_callback_target_map:
  case ompt_callback_target_map_emi:
    return ompt_callback_target_map;
  default:
    return -1;
  }
}

#define ALL_TYPES                                                                                  \
  ((1u << ompt_callback_target) | (1u << ompt_callback_target_data_op) |                           \
   (1u << ompt_callback_target_submit) | (1u << ompt_callback_target_map))

static ompt_set_result_t set_trace_ompt(ompt_device_t *device, unsigned enable, unsigned etype) {
  struct tgt_device *d = dev_of(device, "ompt_set_trace_ompt");
  struct tgt_trace *t = d ? trace_make(d) : NULL;
  if (!t)
    return ompt_set_error;
  int type = record_type(etype);
  if (etype != 0 && type < 0)
    return ompt_set_never; // this device records no such event
  unsigned bits = etype == 0 ? ALL_TYPES : 1u << type;
  pthread_mutex_lock(&t->slow);
  if (enable)
    atomic_fetch_or(&t->enabled, bits);
  else
    atomic_fetch_and(&t->enabled, ~bits);
  update_live(t);
  pthread_mutex_unlock(&t->slow);
  return ompt_set_always;
}

// Native records are the plugin's (the CUDA plugin: CUPTI's activity records); the host
// device has none.
static ompt_set_result_t set_trace_native(ompt_device_t *device, int enable, int flags) {
  struct tgt_device *d = dev_of(device, "ompt_set_trace_native");
  if (!d)
    return ompt_set_error;
  if (!d->rtl->trace_native)
    return ompt_set_never;
  struct tgt_trace *t = trace_make(d);
  int r = d->rtl->trace_native(d->rtl_id, enable, flags);
  // The flags the plugin can record (never: none of them); libomptarget only needs to know
  // whether any is on, to describe operations to the plugin when no OMPT type is.
  if (t && r != ompt_set_never && r != ompt_set_error) {
    pthread_mutex_lock(&t->slow);
    if (enable)
      atomic_fetch_or(&t->native, flags);
    else
      atomic_fetch_and(&t->native, ~flags);
    update_live(t);
    pthread_mutex_unlock(&t->slow);
  }
  return (ompt_set_result_t)r;
}

static int start_trace(ompt_device_t *device, ompt_callback_buffer_request_t request,
                       ompt_callback_buffer_complete_t complete) {
  struct tgt_device *d = dev_of(device, "ompt_start_trace");
  struct tgt_trace *t = d ? trace_make(d) : NULL;
  if (!t)
    return 0;
  if (!request || !complete) {
    tgt_error("ompt_start_trace: device %d: buffer_request and buffer_complete are required",
              d->id);
    return 0;
  }
  pthread_mutex_lock(&t->slow);
  int ok = !(atomic_load(&t->state) & TRACE_ON);
  if (ok) {
    t->request = request, t->complete = complete;
    t->plugin_started = d->rtl->trace_start && d->rtl->trace_start(d->rtl_id, &t->sink) == 0;
    atomic_store(&t->state, TRACE_ON);
    update_live(t);
  }
  pthread_mutex_unlock(&t->slow);
  if (ok)
    tgt_ompt_tracing_started();
  return ok;
}

static int pause_trace(ompt_device_t *device, int begin_pause) {
  struct tgt_device *d = dev_of(device, "ompt_pause_trace");
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  if (!t)
    return 0;
  pthread_mutex_lock(&t->slow);
  bool on = atomic_load(&t->state) & TRACE_ON;
  if (on && begin_pause)
    atomic_fetch_or(&t->state, TRACE_PAUSED);
  else if (on)
    atomic_fetch_and(&t->state, ~(unsigned)TRACE_PAUSED);
  update_live(t);
  pthread_mutex_unlock(&t->slow);
  return on;
}

// Delivers every record written so far: the plugin's pending ones first.
static int flush_trace(ompt_device_t *device) {
  struct tgt_device *d = dev_of(device, "ompt_flush_trace");
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  if (!t || !(atomic_load(&t->state) & TRACE_ON))
    return 0;
  if (t->plugin_started && d->rtl->trace_flush)
    d->rtl->trace_flush(d->rtl_id);
  pthread_mutex_lock(&t->slow);
  close_current(t, false);
  pthread_mutex_unlock(&t->slow);
  return 1;
}

// Stops recording and returns every buffer, the current one even when empty, before it
// returns: writers still inside a record finish first.
static int stop(struct tgt_trace *t) {
  struct tgt_device *d = t->dev;
  pthread_mutex_lock(&t->slow);
  if (!(atomic_load(&t->state) & TRACE_ON)) {
    pthread_mutex_unlock(&t->slow);
    return 0;
  }
  if (t->plugin_started && d->rtl->trace_stop)
    d->rtl->trace_stop(d->rtl_id);
  atomic_store(&t->state, 0);
  update_live(t);
  close_current(t, true);
  // Every buffer is closed now and no new one is set up: each is delivered once the writers
  // that reserved in it commit (never this thread: it holds no reservation here).
  for (struct tbuf *b = t->all; b; b = b->next)
    while (!atomic_load_explicit(&b->reusable, memory_order_acquire))
      sched_yield();
  unsigned long lost = atomic_exchange(&t->dropped, 0);
  atomic_store(&t->warned, false);
  pthread_mutex_unlock(&t->slow);
  if (lost)
    tgt_error("device %d: %lu trace record(s) dropped: the tool's buffer_request gave no room "
              "for them",
              d->id, lost);
  return 1;
}

static int stop_trace(ompt_device_t *device) {
  struct tgt_device *d = dev_of(device, "ompt_stop_trace");
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  return t ? stop(t) : 0;
}

void tgt_trace_stop_all(struct tgt_device *d) {
  struct tgt_trace *t = trace_of(d);
  if (t)
    stop(t);
}

static int advance_buffer_cursor(ompt_device_t *device, ompt_buffer_t *buffer, size_t size,
                                 ompt_buffer_cursor_t current, ompt_buffer_cursor_t *next) {
  if (!buffer || !next || current + sizeof(ompt_record_ompt_t) > size)
    return 0;
  const ompt_record_ompt_t *r = (const void *)((const char *)buffer + current);
  ompt_buffer_cursor_t n = current + record_size(r);
  if (n + sizeof(ompt_record_ompt_t) > size)
    return 0;
  *next = n;
  return 1;
}

static ompt_record_t get_record_type(ompt_buffer_t *buffer, ompt_buffer_cursor_t current) {
  if (!buffer)
    return ompt_record_invalid;
  const ompt_record_ompt_t *r = (const void *)((const char *)buffer + current);
  return r->type == (ompt_callbacks_t)NATIVE_TYPE ? ompt_record_native : ompt_record_ompt;
}

static ompt_record_ompt_t *get_record_ompt(ompt_buffer_t *buffer, ompt_buffer_cursor_t current) {
  ompt_record_ompt_t *r = buffer ? (ompt_record_ompt_t *)((char *)buffer + current) : NULL;
  return r && r->type != (ompt_callbacks_t)NATIVE_TYPE ? r : NULL;
}

static void *get_record_native(ompt_buffer_t *buffer, ompt_buffer_cursor_t current,
                               ompt_id_t *host_op_id) {
  struct native_rec *r = buffer ? (void *)((char *)buffer + current) : NULL;
  if (r && r->head.type != (ompt_callbacks_t)NATIVE_TYPE)
    r = NULL;
  if (host_op_id)
    *host_op_id = r ? r->host_op_id : 0;
  return r ? r->native : NULL;
}

// `native_record` is what get_record_native returned: its description sits just before it.
static ompt_record_abstract_t *get_record_abstract(void *native_record) {
  if (!native_record)
    return NULL;
  struct native_rec *r =
      (struct native_rec *)((char *)native_record - offsetof(struct native_rec, native));
  return &r->abstract;
}

void *tgt_trace_lookup(const char *name) {
  static const struct {
    const char *name;
    ompt_interface_fn_t fn;
  } fns[] = {
#define FN(n) {"ompt_" #n, (ompt_interface_fn_t)n}
      FN(get_device_num_procs), FN(get_device_time),       FN(translate_time),  FN(set_trace_ompt),
      FN(set_trace_native),     FN(start_trace),           FN(pause_trace),     FN(flush_trace),
      FN(stop_trace),           FN(advance_buffer_cursor), FN(get_record_type), FN(get_record_ompt),
      FN(get_record_native),    FN(get_record_abstract),
#undef FN
  };
  for (size_t i = 0; name && i < sizeof fns / sizeof *fns; i++)
    if (!strcmp(name, fns[i].name))
      return (void *)fns[i].fn;
  return NULL;
}
