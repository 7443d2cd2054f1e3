// OpenMP 5.1 device tracing (the entry points a device's lookup returns) and the trace
// buffers. The tool hands out buffers through buffer_request and gets them back through
// buffer_complete. Each thread writes its records of a device in a buffer of its own (its
// lane), so a record costs no lock and no atomic read-modify-write: the lane's thread is its
// only writer (the argument is at struct lane). The lane's thread hands a full buffer back
// itself; flush and stop hand back every lane's buffer from whichever thread calls them, after
// a handshake with each lane's writer (close_lanes). Only obtaining or handing back a buffer
// takes the trace's mutex. Cursors are byte offsets from the buffer the tool gave; a
// target_map record carries its arrays right after it.
#define _GNU_SOURCE
#include "omptarget.h"

#include <linux/membarrier.h>
#include <omp-tools.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tsc.h"

#define LIVE_NATIVE (1u << 31) // in tgt_trace.live: native records are on

// One thread's buffer for one device. Single writer: a lane is written only through its
// thread's thread-local `lanes`, where take_lane puts it under the trace's mutex; the thread
// keeps it until it exits or needs the slot, and gives it up under the same mutex (`free`),
// after which another thread may take it. So records are written and `used` advanced by one
// thread at a time, ordered by the mutex. Other threads touch a lane only under the mutex:
// close_lanes (flush, stop) sets `closed`, waits until `busy` is 0 and hands the buffer back
// up to `used`; the writer sets `busy` before it tests `closed`, so it either saw `closed`
// (and writes nothing more there) or is waited for. base, cap, tool_buf and begin change only
// under the mutex, by the lane's thread.
struct lane {
  char *base;          // the first record: the tool's buffer aligned to 8; NULL: no buffer
  size_t cap;          // bytes usable from base (0 without a buffer)
  _Atomic size_t used; // bytes of records from base (stored by the writer only)
  atomic_uint busy;    // the writer is between its test of `closed` and its commit
  atomic_bool closed;  // handed back (by close_lanes or the writer): no more records there
  bool free;           // no thread holds it: take_lane may give it to one
  bool closing;        // close_lanes: closed in this call, to hand back
  void *tool_buf;      // what the tool gave
  size_t begin;        // base - tool_buf
  uint64_t tid;        // its thread's id (ompt_record_ompt_t.thread_id)
  struct tgt_trace *t;
  struct lane *next; // every lane of the trace
};

enum { TRACE_ON = 1, TRACE_PAUSED = 2 };

struct tgt_trace {
  struct glass_trace_sink sink; // first: the plugin hands it back to record
  struct tgt_device *dev;
  ompt_callback_buffer_request_t request;
  ompt_callback_buffer_complete_t complete;
  atomic_uint state;   // TRACE_ON, TRACE_PAUSED
  atomic_uint enabled; // bit per record type (1 << ompt_callbacks_t)
  atomic_int native;   // ompt_native_mon_flag_t the plugin has on (set_trace_native)
  // What the recording path tests, in one load: `enabled` while on and not paused, with
  // LIVE_NATIVE while the plugin's native records are on too; 0 otherwise. Recomputed under
  // `slow` whenever one of the three changes.
  atomic_uint live;
  atomic_ulong dropped;
  atomic_bool warned;
  pthread_mutex_t slow; // buffer_request and buffer_complete, lanes, start and stop
  struct lane *lanes;
  bool plugin_started;
  bool tsc;        // the device's clock is the TSC
  bool inline_tsc; // tsc, and no readings counted: read_clock reads it inline
  bool counting;   // LIBOMPTARGET_INFO had 0x100 at start_trace: readings are counted
  atomic_ulong readings;
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
  bool typed;          // its record type was on at its begin (else native records only)
  int32_t league;      // a host kernel: the host runtime's last league size before it ran
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

static __attribute__((noinline)) uint64_t read_clock_slow(struct tgt_trace *t) {
  if (t->counting)
    atomic_fetch_add_explicit(&t->readings, 1, memory_order_relaxed);
  return t->tsc ? glass_tsc_read() : device_now(t->dev);
}

// The device's time: the TSC inline when that is the device's clock (no call, and no registers
// to save around one).
static inline uint64_t read_clock(struct tgt_trace *t) {
  if (__builtin_expect(t->inline_tsc, 1))
    return glass_tsc_read();
  return read_clock_slow(t);
}

// One clock reading can serve two adjacent record boundaries of a construct on this thread when
// nothing that could tell the difference runs between them: no tool code and no program code.
// Tool code: the callbacks of operations (data_op, submit, map) would sit between two such
// boundaries, so no reading is kept while the tool has any (tgt_trace_sharing); a construct's
// own callbacks do not (its begin callback precedes its first record, which always reads anew,
// and its end callback follows its last); buffer_request and buffer_complete break the memo
// here before they are called. Program code: an operation's begin breaks it (the operation
// follows, or the kernel's code), and so does the end of a construct or of a device memory
// routine (ompt.c). A shared time is the earlier boundary's: the later record's time is early
// by libomptarget's own bookkeeping between the two (a map lookup, building the kernel's
// arguments), never by tool or program code. The reading at a construct's begin, at an
// operation's end and at a boundary that found no memo is kept.
__thread struct tgt_clock_memo tgt_clock_memo;
bool tgt_trace_sharing;

static inline uint64_t now_fresh(struct tgt_trace *t) {
  uint64_t now = read_clock(t);
  if (tgt_trace_sharing)
    tgt_clock_memo.now = now, tgt_clock_memo.t = t;
  return now;
}

static inline uint64_t now_shared(struct tgt_trace *t) {
  return tgt_clock_memo.t == t ? tgt_clock_memo.now : now_fresh(t);
}

// ---- buffers ------------------------------------------------------------------------------

// A writer stores `busy` then loads `closed`; a closer stores `closed` then loads `busy` (a
// Dekker handshake: one of them must see the other's store). With membarrier(2) the closer
// makes every running thread of the process execute a full barrier, so the writer needs only
// a compiler barrier; without it, each record pays a full fence.
static bool light_writers; // membarrier's private expedited command is registered
static pthread_once_t barrier_once = PTHREAD_ONCE_INIT;

static void barrier_setup(void) {
  long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  light_writers = cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
                  syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
}

static inline void writer_barrier(void) {
  if (__builtin_expect(light_writers, 1))
    atomic_signal_fence(memory_order_seq_cst);
  else
    atomic_thread_fence(memory_order_seq_cst);
}

// Once registered, the command does not fail, but a forked child starts unregistered: it
// registers again, and as a last resort the global command (slower) does the same job.
static void closer_barrier(void) {
  atomic_thread_fence(memory_order_seq_cst);
  if (!light_writers || syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0)
    return;
  if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 &&
      syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0)
    return;
  syscall(SYS_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0);
}

#define LANES 4 // traced devices a thread writes to before it gives up a lane
static __thread struct lane *lanes[LANES]; // this thread's, most recently used first
static pthread_key_t lane_key;             // its destructor frees the exiting thread's lanes
static pthread_once_t lane_key_once = PTHREAD_ONCE_INIT;

// Gives lane l up (its thread exits, or needs the slot): another thread may take it, with
// whatever its buffer holds; flush and stop hand that back as any other.
static void release_lane(struct lane *l) {
  pthread_mutex_lock(&l->t->slow);
  l->free = true;
  pthread_mutex_unlock(&l->t->slow);
}

static void lanes_exit(void *unused) {
  for (int i = 0; i < LANES && lanes[i]; i++) {
    release_lane(lanes[i]);
    lanes[i] = NULL;
  }
}

static void lane_key_setup(void) {
  pthread_key_create(&lane_key, lanes_exit);
}

// Hands the lane's buffer back to the tool, as far as it is written; it must be closed (no
// writer) and the caller holds t->slow.
static void hand_back(struct tgt_trace *t, struct lane *l) {
  void *buf = l->tool_buf;
  size_t begin = l->begin, n = atomic_load_explicit(&l->used, memory_order_relaxed);
  tgt_trace_clock_break(); // the tool runs
  t->complete(t->dev->id, buf, begin + n, begin, 1);
}

static void warn_dropped(struct tgt_trace *t, const char *why, size_t got, size_t need) {
  atomic_fetch_add(&t->dropped, 1);
  if (!atomic_exchange(&t->warned, true))
    tgt_error("device %d: the tool's buffer_request %s (%zu bytes, a record needs %zu); trace "
              "records are dropped while that lasts (counted at stop_trace)",
              t->dev->id, why, got, need);
}

// A buffer from the tool with room for `need` bytes for this thread's lane l, whose buffer
// (if any) is full or closed. Called with t->slow held. False: tracing stopped (the tool may
// stop from buffer_complete or buffer_request), or no buffer (the record is dropped).
static bool refill(struct tgt_trace *t, struct lane *l, size_t need) {
  if (l->base && !atomic_load(&l->closed)) { // this thread's own full buffer
    atomic_store(&l->closed, true);
    hand_back(t, l);
  }
  l->base = NULL, l->cap = 0;
  if (!(atomic_load(&t->state) & TRACE_ON))
    return false;
  void *buf = NULL;
  size_t bytes = 0;
  tgt_trace_clock_break(); // the tool runs
  t->request(t->dev->id, &buf, &bytes);
  size_t begin = buf ? (size_t)(-(uintptr_t)buf & 7) : 0;
  bool on = atomic_load(&t->state) & TRACE_ON;
  if (!buf || bytes < begin + need || !on) {
    if (buf) // the tool's own memory: handed back, empty
      t->complete(t->dev->id, buf, 0, 0, 1);
    if (on)
      warn_dropped(t, buf ? "gave a buffer too small" : "gave no buffer", bytes, need);
    return false;
  }
  l->tool_buf = buf, l->begin = begin, l->base = (char *)buf + begin, l->cap = bytes - begin;
  atomic_store_explicit(&l->used, 0, memory_order_relaxed);
  atomic_store_explicit(&l->closed, false, memory_order_relaxed);
  return true;
}

// This thread's lane of t, first in `lanes`: its own, a free one, or a new one. Called with
// t->slow held; the caller made room in `lanes`.
static struct lane *take_lane(struct tgt_trace *t) {
  int i = 0;
  while (i < LANES && lanes[i] && lanes[i]->t != t)
    i++;
  struct lane *l = i < LANES ? lanes[i] : NULL;
  if (!l) {
    for (l = t->lanes; l && !l->free; l = l->next)
      ;
    if (!l && (l = calloc(1, sizeof *l)))
      l->t = t, l->next = t->lanes, t->lanes = l;
    if (!l)
      return NULL;
    l->free = false, l->tid = my_thread_id();
    pthread_once(&lane_key_once, lane_key_setup);
    pthread_setspecific(lane_key, lanes);
    for (i = 0; i < LANES - 1 && lanes[i]; i++)
      ;
  }
  memmove(&lanes[1], &lanes[0], (size_t)i * sizeof *lanes);
  lanes[0] = l;
  return l;
}

// reserve's way when this thread has no open lane of t with room. The tool's callbacks that
// refill calls may record on other devices (a tool that offloads), which reorders `lanes` and
// may give this lane up: it is reclaimed (no other thread can have taken it: this one holds
// the mutex), and *out names it.
static __attribute__((noinline)) void *reserve_slow(struct tgt_trace *t, size_t size,
                                                    struct lane **out) {
  bool mine = false;
  for (int i = 0; i < LANES && lanes[i]; i++)
    mine |= lanes[i]->t == t;
  if (!mine && lanes[LANES - 1]) { // give up the least recently used (not under t->slow)
    release_lane(lanes[LANES - 1]);
    lanes[LANES - 1] = NULL;
  }
  pthread_mutex_lock(&t->slow);
  struct lane *l = take_lane(t);
  void *r = NULL;
  if (!l)
    warn_dropped(t, "was not asked: libomptarget is out of memory", 0, size);
  else if ((atomic_load(&t->state) & TRACE_ON) &&
           ((l->base && !atomic_load(&l->closed) && atomic_load(&l->used) + size <= l->cap) ||
            refill(t, l, size))) {
    // Under the mutex: a closer that takes it next sees the record under way and waits.
    l->free = false;
    atomic_store_explicit(&l->busy, 1, memory_order_relaxed);
    r = l->base + atomic_load_explicit(&l->used, memory_order_relaxed);
    *out = l;
  }
  pthread_mutex_unlock(&t->slow);
  return r;
}

// Room for a record of `size` bytes (a multiple of 8) in this thread's lane, *out, or NULL
// (dropped, counted); commit ends the record. The common case: two plain stores, two loads.
static inline __attribute__((always_inline)) void *reserve(struct tgt_trace *t, size_t size,
                                                           struct lane **out) {
  struct lane *l = lanes[0];
  if (__builtin_expect(l && l->t == t, 1)) {
    atomic_store_explicit(&l->busy, 1, memory_order_relaxed);
    writer_barrier();
    size_t off = atomic_load_explicit(&l->used, memory_order_relaxed);
    if (__builtin_expect(
            !atomic_load_explicit(&l->closed, memory_order_relaxed) && off + size <= l->cap, 1)) {
      *out = l;
      return l->base + off;
    }
    atomic_store_explicit(&l->busy, 0, memory_order_relaxed);
  }
  return reserve_slow(t, size, out);
}

static inline void commit(struct lane *l, size_t size) {
  size_t used = atomic_load_explicit(&l->used, memory_order_relaxed);
  atomic_store_explicit(&l->used, used + size, memory_order_relaxed);
  atomic_store_explicit(&l->busy, 0, memory_order_release); // the record, then used, are seen
}

// Hands back every lane's buffer that holds a record (or, even_empty, any buffer), after the
// writer finishes a record under way; one still empty then (its writer backed off on seeing
// it closed) is opened again instead. Called with t->slow held. A tool may flush or stop from
// the buffer_complete this calls: those skip the lanes closed here.
static void close_lanes(struct tgt_trace *t, bool even_empty) {
  int n = 0;
  for (struct lane *l = t->lanes; l; l = l->next)
    if (l->base && !atomic_load(&l->closed) &&
        (even_empty || atomic_load(&l->used) || atomic_load(&l->busy)))
      atomic_store(&l->closed, true), l->closing = true, n++;
  if (!n)
    return;
  closer_barrier();
  for (struct lane *l = t->lanes; l; l = l->next)
    if (l->closing) {
      l->closing = false;
      while (atomic_load_explicit(&l->busy, memory_order_acquire))
        sched_yield();
      if (even_empty || atomic_load_explicit(&l->used, memory_order_relaxed))
        hand_back(t, l);
      else
        atomic_store(&l->closed, false);
    }
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

// A record's head: its type, then, in the 4 bytes of padding before `time`, its size in the
// buffer (target_map and native records carry more than the struct), which
// advance_buffer_cursor reads instead of working it out from the type.
struct head {
  uint32_t type, size;
};
_Static_assert(sizeof(ompt_callbacks_t) == 4 && offsetof(ompt_record_ompt_t, time) == 8,
               "ompt_record_ompt_t has 4 bytes of padding after its type");
#define MAX_RECORD UINT32_MAX // a larger record (a map clause of 150 million items) is dropped

static size_t record_size(const ompt_record_ompt_t *r) {
  struct head h;
  memcpy(&h, r, sizeof h);
  return h.size;
}

#define MINE UINT64_MAX // begin_record's thread: the calling thread (its lane knows its id)

// Reserves and heads a record; the caller fills r->time and r->record and calls commit.
static inline __attribute__((always_inline)) ompt_record_ompt_t *
begin_record(struct tgt_trace *t, int type, size_t size, uint64_t thread, uint64_t target_id,
             struct lane **b) {
  ompt_record_ompt_t *r = reserve(t, size, b);
  if (!r)
    return NULL;
  struct head h = {(uint32_t)type, (uint32_t)size};
  memcpy(r, &h, sizeof h); // one store
  r->thread_id = thread == MINE ? (*b)->tid : thread;
  r->target_id = target_id;
  return r;
}

static const struct glass_trace_op *sink_current(void);

// The plugin's own record of an operation, kept as it is.
static void sink_record_native(const struct glass_trace_sink *sink, const void *native,
                               size_t bytes, const struct glass_native_abstract *a,
                               uint64_t host_op_id) {
  struct tgt_trace *t = (struct tgt_trace *)sink;
  struct lane *b;
  size_t size = native_record_size(bytes);
  struct native_rec *r;
  if (size > MAX_RECORD)
    atomic_fetch_add(&t->dropped, 1);
  if (!(atomic_load(&t->state) & TRACE_ON) || size > MAX_RECORD ||
      !(r = (struct native_rec *)begin_record(t, NATIVE_TYPE, size, 0, 0, &b)))
    return;
  r->head.time = a->start_time;
  r->host_op_id = host_op_id;
  r->bytes = bytes;
  r->abstract = (ompt_record_abstract_t){(ompt_record_native_t)a->rclass, a->type, a->start_time,
                                         a->end_time, a->hwid};
  memcpy(r->native, native, bytes);
  commit(b, size);
}

// An operation's OMPT record, written in place (no temporary to copy).
static inline __attribute__((always_inline)) void
record_op(struct tgt_trace *t, int kind, int optype, uint64_t target_id, uint64_t host_op_id,
          uint64_t thread, const void *src, int src_dev, const void *dst, int dst_dev,
          uint64_t bytes, unsigned requested, unsigned granted, uint64_t start, uint64_t end) {
  bool kernel = kind == GLASS_TRACE_KERNEL;
  int type = kernel ? ompt_callback_target_submit : ompt_callback_target_data_op;
  struct lane *b;
  ompt_record_ompt_t *r = begin_record(t, type, sizeof *r, thread, target_id, &b);
  if (!r)
    return;
  r->time = start;
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
  commit(b, sizeof *r);
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
  struct lane *b;
  ompt_record_ompt_t *rec;
  if (!t || !type_on(t, ompt_callback_target) ||
      !(rec = begin_record(t, ompt_callback_target, sizeof *rec, MINE, r->target_id, &b)))
    return;
  // Once there is room (getting a buffer calls the tool); the begin reads anew (the program ran
  // since the last construct), the end may share the last operation's end.
  rec->time = begin ? now_fresh(t) : now_shared(t);
  rec->record.target = (ompt_record_target_t){(ompt_target_t)r->kind,
                                              begin ? ompt_scope_begin : ompt_scope_end,
                                              d->id,
                                              r->task_id,
                                              r->target_id,
                                              r->codeptr};
  commit(b, sizeof *rec);
}

bool tgt_trace_map_wanted(struct tgt_device *d) {
  struct tgt_trace *t = d ? trace_of(d) : NULL;
  return t && type_on(t, ompt_callback_target_map);
}

void tgt_trace_map(struct tgt_device *d, uint64_t target_id, unsigned n, const void *items,
                   const void *codeptr) {
  struct tgt_trace *t = trace_of(d);
  size_t size = map_record_size(n);
  struct lane *b;
  ompt_record_ompt_t *r;
  if (t && size > MAX_RECORD)
    atomic_fetch_add(&t->dropped, 1);
  if (!t || size > MAX_RECORD ||
      !(r = begin_record(t, ompt_callback_target_map, size, MINE, target_id, &b)))
    return;
  r->time = now_shared(t);
  // The arrays follow the record in the caller's layout: pointers first (8-byte aligned),
  // then the flags; one copy.
  void **h = (void **)(r + 1), **v = h + n;
  size_t *s = (size_t *)(v + n);
  memcpy(h, items, n * (2 * sizeof(void *) + sizeof(size_t) + sizeof(unsigned)));
  r->record.target_map =
      (ompt_record_target_map_t){target_id, n, h, v, s, (unsigned *)(s + n), codeptr};
  commit(b, size);
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
  unsigned v = t ? live(t) : 0;
  bool on = v & ((1u << type) | LIVE_NATIVE);
  // Every path drops the kept reading (after using it for the start): the operation, or the
  // kernel's code, runs next, traced or not.
  if (__builtin_expect(op_depth >= OP_DEPTH, 0)) {
    tgt_trace_clock_break();
    if (on)
      atomic_fetch_add(&t->dropped, 1);
    op_depth++;
    return;
  }
  struct cur_op *o = &ops[op_depth++];
  o->t = on ? t : NULL;
  o->taken = !on;
  if (!on) {
    tgt_trace_clock_break();
    return;
  }
  o->typed = v & (1u << type);
  struct glass_trace_op *op = &o->op;
  if (!t->plugin_started) { // timed here: only the start is kept
    // A kernel's league will say what it was granted.
    if (kind == GLASS_TRACE_KERNEL)
      o->league = tgt_ompt_swap_league(0);
    op->start = now_shared(t);
    tgt_trace_clock_break();
    return;
  }
  tgt_trace_clock_break();
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
  uint64_t end = now_fresh(t);
  // A start of 0: a tracing plugin made no call for it (an instant at its end).
  uint64_t start = o->op.start ? o->op.start : end;
  unsigned granted = teams;
  if (kind == GLASS_TRACE_KERNEL && !t->plugin_started) {
    // A kernel run by the host runtime: its league (none: one team), unless that runtime does
    // not say. The value before the kernel goes back, for a kernel this one runs inside.
    int32_t league = tgt_ompt_swap_league(o->league);
    if (league >= 0)
      granted = league > 0 ? (unsigned)league : 1;
  }
  if (!o->typed) // described for native records alone
    return;
  record_op(t, kind, optype, target_id, host_op_id, MINE, src, src_dev, dst, dst_dev, bytes, teams,
            granted, start, end);
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
  pthread_once(&barrier_once, barrier_setup); // before any record
  pthread_mutex_lock(&t->slow);
  int ok = !(atomic_load(&t->state) & TRACE_ON);
  if (ok) {
    t->request = request, t->complete = complete;
    t->plugin_started = d->rtl->trace_start && d->rtl->trace_start(d->rtl_id, &t->sink) == 0;
    t->tsc = d->rtl->time_is_tsc && d->rtl->time_is_tsc(d->rtl_id);
    t->counting = tgt_info_flags & INFO_PLUGIN;
    t->inline_tsc = t->tsc && !t->counting;
    atomic_store(&t->readings, 0);
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
  close_lanes(t, false);
  pthread_mutex_unlock(&t->slow);
  return 1;
}

// Stops recording and returns every lane's buffer, even an empty one, before it
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
  close_lanes(t, true); // every record written is handed back before this returns
  unsigned long lost = atomic_exchange(&t->dropped, 0);
  atomic_store(&t->warned, false);
  bool counted = t->counting; // under the mutex: a start may follow at once
  unsigned long readings = atomic_load(&t->readings);
  pthread_mutex_unlock(&t->slow);
  if (counted)
    TGT_INFO(INFO_PLUGIN, d->id, "tracing stopped: %lu clock reading(s) timed the records",
             readings);
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
