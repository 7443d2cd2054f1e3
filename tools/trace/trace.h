// glass-trace: an OMPT tool that records a program's OpenMP events into per-thread buffers and,
// at exit, writes a Chrome/Perfetto trace (JSON), a self-contained HTML timeline and a summary.
//
// Recording (record.c, buffer.c) is the hot path: one fixed-size record per event, appended to
// the calling thread's own buffer (found through ompt_get_thread_data), no lock, no allocation
// except one chunk per few thousand events. Everything else (slices.c, symbols.c, the writers)
// runs once, at finalization, on one thread.
#ifndef GLASS_TRACE_H
#define GLASS_TRACE_H

#include <omp-tools.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// ---------------------------------------------------------------------------------------------
// Records.

enum ev_kind {
  EV_THREAD_BEGIN = 1, // sub = ompt_thread_t
  EV_THREAD_END,
  EV_PARALLEL_BEGIN, // a = parallel id, n = requested team size, code
  EV_PARALLEL_END,   // a = parallel id
  EV_ITASK_BEGIN,    // a = parallel id, b = task id, n = index in team, sub = 1 if initial task
  EV_ITASK_END,      // b = task id
  EV_WORK_BEGIN,     // sub = ompt_work_t, a = parallel id, n = count, code
  EV_WORK_END,       // sub = ompt_work_t
  EV_MASKED_BEGIN,   // code
  EV_MASKED_END,
  EV_SYNC_BEGIN, // sub = ompt_sync_region_t, code
  EV_SYNC_END,
  EV_WAIT_BEGIN, // sub = ompt_sync_region_t, code
  EV_WAIT_END,
  EV_REDUCTION_BEGIN, // code
  EV_REDUCTION_END,
  EV_TASK_CREATE,   // a = new task id, n = ompt_task_flag_t, code
  EV_TASK_SCHEDULE, // a = prior task id, b = next task id, sub = ompt_task_status_t
  EV_TASK_DEP,      // a = source task id, b = sink task id
  EV_MUTEX_ACQUIRE, // sub = ompt_mutex_t, a = wait id, code
  EV_MUTEX_ACQUIRED,
  EV_MUTEX_RELEASED,
  EV_NEST_LOCK, // sub = ompt_scope_endpoint_t, a = wait id: a held nestable lock re-acquired
  EV_CONTROL,   // n = command, a = modifier
  // Offload (OMPT target callbacks, on the host thread that issues the construct).
  EV_TARGET_BEGIN,  // sub = ompt_target_t, a = target id, n = device number, code
  EV_TARGET_END,    // sub = ompt_target_t, a = target id
  EV_DATA_OP_BEGIN, // sub = ompt_target_data_op_t, a = bytes, n = device number, code
  EV_DATA_OP_END,   // sub = ompt_target_data_op_t
  EV_SUBMIT_BEGIN,  // a = target id, n = requested teams
  EV_SUBMIT_END,
  EV_DEVICE_INIT,     // n = device number
  EV_DEVICE_LOAD,     // n = device number, a = bytes of the image
  EV_DEVICE_UNLOAD,   // n = device number, a = module id
  EV_DEVICE_FINALIZE, // n = device number
  EV_TARGET_MAP,      // n = items, a = their bytes, code
  // Device trace records (device.c), on a device lane's own track, made at finalization.
  EV_GPU_BEGIN, // sub = 0 kernel, else ompt_target_data_op_t; a = target id, b = bytes or
                // granted teams, n = device number
  EV_GPU_END,
};

// One event as the cursor hands it out (trace_cursor_next): every field decoded, t in ns since
// the tool started. Task and region ids are the tool's own (see record.c), never 0. An event has
// either a second id (b) or a code address, never both.
typedef struct trace_ev {
  uint64_t t;
  uint64_t a;
  union {
    uint64_t b;
    const void *code; // codeptr_ra of the construct, or NULL
  };
  uint32_t n;
  uint8_t kind, sub;
  uint16_t pad;
} trace_ev_t;
_Static_assert(sizeof(trace_ev_t) == 32, "trace_ev_t is 32 bytes");

// ---------------------------------------------------------------------------------------------
// Records as they are stored (in memory and in spill files): 64-bit words, 1 to 4 per event.
// The first word is (the clock's low 48 bits) << 16 | sub << 8 | kind; then, in this order, the
// fields the kind has (trace_ev_fields): a, b (or the code address), n. A record of kind
// TRACE_W_HI (0) gives the clock's upper 16 bits for the records after it (its field a); the
// recorder writes one whenever they change, so times stay exact however long the run.
// Two storage-only kinds make the two most frequent task records one word shorter:
// TRACE_W_SWITCH, a task switch whose two ids both have a track below 255 and a counter below
// 2^24, packed into one word; TRACE_W_CREATE, a task's creation whose flags fit in sub. Reading
// back turns them into EV_TASK_SCHEDULE and EV_TASK_CREATE. A sync region's begin or end takes
// 16 bytes, a task switch or creation 16 or 24.
enum { TRACE_F_A = 1, TRACE_F_B = 2, TRACE_F_N = 4 };
#define TRACE_W_HI       0
#define TRACE_W_CREATE   61
#define TRACE_W_SWITCH   62
#define TRACE_EV_MAX     64 // kinds are below this
#define TRACE_W_MAX      4  // words of one record, at most
#define TRACE_FIELDS_ABN (TRACE_F_A | TRACE_F_B | TRACE_F_N)
static const uint8_t trace_ev_fields[TRACE_EV_MAX] = {
    [TRACE_W_HI] = TRACE_F_A,
    [EV_THREAD_BEGIN] = 0,
    [EV_THREAD_END] = 0,
    [EV_PARALLEL_BEGIN] = TRACE_FIELDS_ABN,
    [EV_PARALLEL_END] = TRACE_F_A | TRACE_F_B,
    [EV_ITASK_BEGIN] = TRACE_FIELDS_ABN,
    [EV_ITASK_END] = TRACE_F_B,
    [EV_WORK_BEGIN] = TRACE_FIELDS_ABN,
    [EV_WORK_END] = 0,
    [EV_MASKED_BEGIN] = TRACE_F_B,
    [EV_MASKED_END] = 0,
    [EV_SYNC_BEGIN] = TRACE_F_B,
    [EV_SYNC_END] = TRACE_F_B,
    [EV_WAIT_BEGIN] = TRACE_F_B,
    [EV_WAIT_END] = TRACE_F_B,
    [EV_REDUCTION_BEGIN] = TRACE_F_B,
    [EV_REDUCTION_END] = TRACE_F_B,
    [EV_TASK_CREATE] = TRACE_FIELDS_ABN,
    [EV_TASK_SCHEDULE] = TRACE_F_A | TRACE_F_B,
    [EV_TASK_DEP] = TRACE_F_A | TRACE_F_B,
    [EV_MUTEX_ACQUIRE] = TRACE_F_A | TRACE_F_B,
    [EV_MUTEX_ACQUIRED] = TRACE_F_A | TRACE_F_B,
    [EV_MUTEX_RELEASED] = TRACE_F_A | TRACE_F_B,
    [EV_NEST_LOCK] = TRACE_F_A | TRACE_F_B,
    [EV_CONTROL] = TRACE_FIELDS_ABN,
    [EV_TARGET_BEGIN] = TRACE_FIELDS_ABN,
    [EV_TARGET_END] = TRACE_F_A,
    [EV_DATA_OP_BEGIN] = TRACE_FIELDS_ABN,
    [EV_DATA_OP_END] = 0,
    [EV_SUBMIT_BEGIN] = TRACE_F_A | TRACE_F_N,
    [EV_SUBMIT_END] = 0,
    [EV_DEVICE_INIT] = TRACE_F_N,
    [EV_DEVICE_LOAD] = TRACE_F_A | TRACE_F_N,
    [EV_DEVICE_UNLOAD] = TRACE_F_A | TRACE_F_N,
    [EV_DEVICE_FINALIZE] = TRACE_F_N,
    [EV_TARGET_MAP] = TRACE_FIELDS_ABN,
    [EV_GPU_BEGIN] = TRACE_FIELDS_ABN,
    [EV_GPU_END] = 0,
    [TRACE_W_CREATE] = TRACE_F_A | TRACE_F_B,
    [TRACE_W_SWITCH] = TRACE_F_A,
};
_Static_assert(EV_GPU_END < TRACE_W_CREATE, "kinds fit the field table");
// The kinds a stored record may have.
#define TRACE_W_KINDS (((2ull << EV_GPU_END) - 1) | 1ull << TRACE_W_CREATE | 1ull << TRACE_W_SWITCH)

// Ids as the tool makes them (record.c): (track + 1) << 40 | counter.
#define TRACE_ID_SMALL (~((0xffull << 40) | 0xffffffull)) // bits that rule out packing
static inline uint64_t trace_switch_pack(uint64_t a, uint64_t b) {
  return (a >> 40) << 56 | (a & 0xffffff) << 32 | (b >> 40) << 24 | (b & 0xffffff);
}
static inline void trace_switch_unpack(uint64_t p, uint64_t *a, uint64_t *b) {
  *a = (p >> 56) << 40 | (p >> 32 & 0xffffff);
  *b = (p >> 24 & 0xff) << 40 | (p & 0xffffff);
}

// ---------------------------------------------------------------------------------------------
// Per-thread buffers (buffer.c).

typedef struct trace_chunk {
  struct trace_chunk *next;
  uint32_t used, cap; // words (used: set when the recorder leaves the chunk)
  uint64_t events;    // records in it (likewise)
  uint64_t w[];
} trace_chunk_t;
#define TRACE_HUGE_BYTES ((size_t)2 << 20) // the largest chunk: one huge page
#define TRACE_CHUNK_HUGE ((TRACE_HUGE_BYTES - sizeof(trace_chunk_t)) / sizeof(uint64_t))

// Task sampling, per thread (record.c): each explicit task is recorded with probability 1/period,
// drawn as a geometric gap to the next recorded one, so an unrecorded creation costs a decrement
// and a compare. Auto sampling (GLASS_TRACE_SAMPLE=auto) re-chooses the period every
// TRACE_SAMPLE_WINDOW creations from the creation interval it measures.
typedef struct trace_sampler {
  uint64_t check;        // tasks_seen at which auto sampling looks at the clock next
  uint64_t rng;          // xorshift64 state
  uint64_t win_ns;       // the thread's CPU time at the start of the current window (0: none)
  uint64_t win_events;   // the thread's events then
  uint64_t win_recorded; // the thread's recorded creations then
  uint64_t measured_ns;  // windows measured: their time and creations (for the notice)
  uint64_t measured_tasks;
  double ev_sum, rec_sum; // events and recorded creations of the last windows, decaying
  uint64_t itask;         // id of the implicit task the thread began last
  uint32_t skip;          // creations until the next recorded one (1: the next)
  uint32_t period;        // N in force: a recorded task stands for N tasks
  uint32_t period_max;    // the largest N used
} trace_sampler_t;

// Auto sampling: every thread records its first TRACE_SAMPLE_WARMUP explicit tasks, then
// chooses the period every TRACE_SAMPLE_WINDOW creations, up to TRACE_SAMPLE_MAX.
#define TRACE_SAMPLE_WARMUP    4096
#define TRACE_SAMPLE_WINDOW    1024
#define TRACE_SAMPLE_MAX       1024
#define TRACE_SAMPLE_AUTO      0     // trace_opt.sample: auto
#define TRACE_SAMPLE_FIXED_MAX 65536 // GLASS_TRACE_SAMPLE=N: the largest N
// One recorded event's cost in all, ns (GLASS_TRACE_SAMPLE_COST's default): measured on the
// development machine (docs/tracing.md, "Adaptive task sampling").
#define TRACE_SAMPLE_COST_NS 130.0

// A recorded task's period N, as N - 1 in bits 8 to 23 of its creation's flags word (bits that
// ompt_task_flag_t leaves unused): N = 1 keeps the record as it was, and the few recorded tasks
// of a sampled run take the long form.
#define TRACE_CREATE_W_SHIFT 8
#define TRACE_CREATE_W_MASK  (0xffffu << TRACE_CREATE_W_SHIFT)

typedef struct trace_thread {
  // The recording's fields first: where the next record goes; the end of the current chunk less
  // room for one record; the clock's upper bits as last written (TRACE_W_HI); records kept.
  uint64_t *pos, *end;
  uint64_t hi;
  uint64_t events;
  uint64_t events0;                 // events when the current chunk was started
  struct trace_thread *next_thread; // list of every thread's buffer, for finalization
  uint32_t track;                   // 0, 1, 2, ... in order of first event
  uint8_t type;                     // ompt_thread_t, or 0 if no thread_begin was seen
  bool dropping;                    // full buffer in drop mode: record nothing more
  bool unreadable;                  // the spill file could not be read back
  trace_chunk_t *head, *cur;        // chunks in memory, oldest first
  size_t bytes;                     // bytes of chunks allocated
  uint64_t next_id;                 // ids handed out by this thread (track in the high bits)
  uint64_t dropped;                 // events not recorded
  uint64_t spilled;                 // events written to the spill file
  int spill_fd;                     // -1 until the first spill
  uint64_t tasks_seen;              // explicit tasks created here (for task sampling)
  uint64_t sampled_out;             // explicit tasks created here and not recorded
  trace_sampler_t smp;              // task sampling's state (record.c)
  uint32_t muted;                   // running a task that is not recorded (depth)
  int32_t device;                   // TRACE_THREAD_DEVICE: the device number
  uint32_t lane;                    // TRACE_THREAD_DEVICE: the lane of that device (0 first)
} trace_thread_t;

// The type of a device lane's track (not an ompt_thread_t): device trace records (device.c).
#define TRACE_THREAD_DEVICE 16

// Ids of tasks that task sampling does not record carry this bit.
#define TRACE_ID_UNSAMPLED (1ull << 63)

typedef struct trace_options {
  char out[4096];            // output path prefix
  size_t buffer_bytes;       // per-thread memory budget
  size_t total_bytes;        // budget of all threads together (TRACE_TOTAL_BUFFERS of theirs)
  size_t chunk_words;        // words per chunk
  bool drop;                 // full buffer: drop (true) or spill to a temporary file (false)
  bool summary;              // print the summary on stderr
  unsigned groups;           // TRACE_G_* bits
  char spill_dir[4096];      // where spill files go
  char symbolizer[256];      // addr2line-compatible program, "" = dladdr only
  char runtime[256];         // the runtime version string given to ompt_start_tool
  char only[1024];           // GLASS_TRACE_ONLY: source locations to keep ("" = all)
  uint64_t window0, window1; // GLASS_TRACE_WINDOW, ns since the start (0, UINT64_MAX = all)
  uint32_t sample;           // GLASS_TRACE_SAMPLE: 0 auto, else one explicit task in N (1 = all)
  double sample_cost;        // GLASS_TRACE_SAMPLE_COST: ns of one recorded event, for auto
  int format;                // TRACE_FMT_*
  uint64_t json_max_events;  // auto format: JSON up to this many events, else Perfetto
  uint64_t max_bytes;        // GLASS_TRACE_MAX_SIZE: cap on the trace file (0 = none)
} trace_options_t;

#define TRACE_TOTAL_BUFFERS 4 // all threads' chunks: at most this many per-thread budgets

enum { TRACE_FMT_AUTO, TRACE_FMT_JSON, TRACE_FMT_PERFETTO, TRACE_FMT_BOTH };

enum {
  TRACE_G_PARALLEL = 1, // parallel regions, implicit tasks
  TRACE_G_WORK = 2,     // worksharing, masked
  TRACE_G_SYNC = 4,     // barriers, taskwait, taskgroup, reductions
  TRACE_G_TASKS = 8,    // explicit tasks, dependences
  TRACE_G_MUTEX = 16,   // locks, critical, atomic, ordered
  TRACE_G_TARGET = 32,  // offload: target constructs, data operations, kernels, devices
  TRACE_G_ALL = 63,
};

extern trace_options_t trace_opt;
extern trace_thread_t *_Atomic trace_threads; // every thread's buffer

// Timestamps: the TSC where it is constant and runs in every state (one instruction), else
// CLOCK_MONOTONIC. trace_clock_start/stop calibrate ticks against CLOCK_MONOTONIC; trace_ns turns
// a recorded tick count into ns since the start.
extern bool trace_use_tsc;
void trace_clock_start(void);
void trace_clock_stop(void);
uint64_t trace_ns(uint64_t ticks);
uint64_t trace_monotonic(void);
static inline uint64_t trace_tsc(void) { // only where trace_use_tsc
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  return trace_monotonic();
#endif
}
static inline uint64_t trace_now(void) {
  return __builtin_expect(trace_use_tsc, 1) ? trace_tsc() : trace_monotonic();
}

// Mixes a 64-bit key for the tool's open-addressing tables.
static inline size_t trace_hash64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x;
}

// An open-addressing map from nonzero 64-bit keys to 64-bit values (write_json.c), for the
// writers' name tables.
typedef struct trace_map_ent {
  uint64_t key, val; // key 0: empty
} trace_map_ent_t;
typedef struct trace_map {
  trace_map_ent_t *v;
  size_t cap, n; // cap: 0 or a power of 2
} trace_map_t;
// The entry of key (nonzero); a new one has val 0 and sets *fresh. NULL when out of memory.
trace_map_ent_t *trace_map_get(trace_map_t *m, uint64_t key, bool *fresh);

trace_thread_t *trace_thread_new(uint8_t type);
uint32_t trace_ntracks(void); // threads seen so far
// Appends one record at clock reading t: the slow path (a new chunk, a spill, dropping, the
// clock's upper bits) is out of line. kind is a constant at every call, so the field tests fold.
void trace_put_slow(trace_thread_t *th, uint64_t t, uint8_t kind, uint8_t sub, uint64_t a,
                    uint64_t b, uint32_t n);
static inline __attribute__((always_inline)) uint64_t *trace_store(uint64_t *p, uint64_t t,
                                                                   uint8_t kind, uint8_t sub,
                                                                   uint64_t a, uint64_t b,
                                                                   uint32_t n) {
  unsigned f = trace_ev_fields[kind];
  *p++ = t << 16 | (uint64_t)sub << 8 | kind;
  if (f & TRACE_F_A)
    *p++ = a;
  if (f & TRACE_F_B)
    *p++ = b;
  if (f & TRACE_F_N)
    *p++ = n;
  return p;
}
static inline __attribute__((always_inline)) void trace_put(trace_thread_t *th, uint64_t t,
                                                            uint8_t kind, uint8_t sub, uint64_t a,
                                                            uint64_t b, uint32_t n) {
  uint64_t *p = th->pos;
  if (__builtin_expect(p >= th->end || (t >> 48) != th->hi, 0)) {
    trace_put_slow(th, t, kind, sub, a, b, n);
    return;
  }
  th->pos = trace_store(p, t, kind, sub, a, b, n);
  th->events++;
}
// A task switch and a task's creation, in their short form when they fit.
static inline __attribute__((always_inline)) void
trace_put_switch(trace_thread_t *th, uint64_t t, uint8_t status, uint64_t prior, uint64_t next) {
  if (__builtin_expect(((prior | next) & TRACE_ID_SMALL) == 0, 1))
    trace_put(th, t, TRACE_W_SWITCH, status, trace_switch_pack(prior, next), 0, 0);
  else
    trace_put(th, t, EV_TASK_SCHEDULE, status, prior, next, 0);
}
static inline __attribute__((always_inline)) void
trace_put_create(trace_thread_t *th, uint64_t t, uint64_t id, uint64_t code, uint32_t flags) {
  if (__builtin_expect(flags < 256, 1))
    trace_put(th, t, TRACE_W_CREATE, (uint8_t)flags, id, code, 0);
  else
    trace_put(th, t, EV_TASK_CREATE, 0, id, code, flags);
}
// An event made outside a callback (device.c), its t in clock ticks.
static inline void trace_push(trace_thread_t *th, const trace_ev_t *ev) {
  trace_put_slow(th, ev->t, ev->kind, ev->sub, ev->a, ev->b, ev->n);
}
// Reads a thread's events in order (spilled ones first) a block at a time, with times in ns:
// memory stays bounded however long the stream. Can be opened again for another pass.
typedef struct trace_cursor {
  trace_thread_t *th;
  trace_ev_t *blk;   // events decoded, times in ns
  size_t n, i;       // of blk
  uint64_t *words;   // a block of the spill file
  const uint64_t *w; // the words left to decode, in that block or in a chunk in memory
  size_t nw;
  uint64_t done;        // events decoded
  size_t spill_done;    // events read back from the spill file
  uint64_t spill_off;   // bytes of it read
  trace_chunk_t *chunk; // next in-memory chunk, once the spill is read
  int stage;            // 0: spill file, 1: memory, 2: done
  uint64_t hi;          // the clock's upper bits (TRACE_W_HI)
  uint64_t last;        // the previous event's time
  bool started;
} trace_cursor_t;
bool trace_cursor_open(trace_cursor_t *c, trace_thread_t *th);
const trace_ev_t *trace_cursor_refill(trace_cursor_t *c);
static inline const trace_ev_t *trace_cursor_next(trace_cursor_t *c) { // NULL at the end
  return __builtin_expect(c->i < c->n, 1) ? &c->blk[c->i++] : trace_cursor_refill(c);
}
void trace_cursor_close(trace_cursor_t *c);
size_t trace_thread_count(const trace_thread_t *th); // events kept (spilled + in memory)
void trace_thread_release(trace_thread_t *th);
int trace_parse_options(void); // 0 on success; prints a warning for every bad value
// "4096", "64K", "16M", "1G" (binary units, optional B); ok is false for anything else or 0.
size_t trace_parse_size(const char *s, bool *ok);
void trace_exe_name(char *buf, size_t size); // the program's file name, or "program"

// Device trace records (device.c): at device_initialize, tracing of kernels and data transfers
// is started on devices that offer it (GLASS_TRACE_DEVICE: "auto", the default, every device
// but the host's own x86-64 devices; "all"; "off"); at finalization the records become slices
// on one track per device (more when its operations overlap).
void trace_device_init(int device_num, const char *type, ompt_device_t *device,
                       ompt_function_lookup_t lookup);
void trace_device_finish(void);

// ---------------------------------------------------------------------------------------------
// Slices (slices.c): the events of every thread, paired into intervals.

enum slice_kind {
  SL_PARALLEL,
  SL_ITASK,
  SL_WORK,
  SL_MASKED,
  SL_SYNC,
  SL_WAIT,
  SL_REDUCTION,
  SL_TASK,
  SL_MUTEX_WAIT,
  SL_MUTEX_HELD,
  SL_TARGET,  // a target construct on the host thread: sub = ompt_target_t, id = target id,
              // count = device number
  SL_DATA_OP, // a data operation: sub = ompt_target_data_op_t, task = bytes, count = device
  SL_KERNEL,  // a kernel (target_submit): id = target id, count = requested teams
  SL_KINDS,
};

// SLF_DEVICE: the slice ran on a device for the host thread of its track (data operations,
// kernels); a timeline draws it on that thread's device lane. Its depth and parent are still
// its nesting on the host track (inside the SL_TARGET that issued it).
// SLF_FLOW_END: the first piece of a task whose creation was an IN_TASK_CREATE instant.
// SLF_GPU: the slice is a device trace record (device.c), on the device's own track: what the
// device itself did and when; its id is the target construct that issued it (0: none).
// (16 is slices.c's SLF_HIDDEN.)
enum { SLF_TRUNCATED = 1, SLF_RESUMED = 2, SLF_DEVICE = 8, SLF_FLOW_END = 32, SLF_GPU = 64 };

typedef struct slice {
  uint64_t t0, t1;
  uint64_t id;   // parallel id (parallel, implicit task), task id (task), else 0
  uint64_t par;  // parallel region this slice is part of (from the enclosing implicit task)
  uint64_t task; // implicit task: the task's id; data operation: bytes
  size_t parent; // index + 1 of the enclosing slice on the same track, 0 at the top
  const void *code;
  uint32_t track;
  uint16_t depth;
  uint8_t kind, sub;
  uint8_t flags;
  uint16_t wm1;   // task sampling: the slice stands for wm1 + 1 (its innermost task's period)
  uint32_t loc;   // index into the location table (symbols.c), filled after symbolization
  uint32_t count; // worksharing: iteration count reported at begin
} slice_t;
_Static_assert(sizeof(slice_t) == 80, "slice_t stays 80 bytes");

enum flow_kind { FLOW_CREATE, FLOW_DEPEND };

typedef struct flow {
  uint64_t t0, t1;
  uint32_t track0, track1;
  uint8_t kind;
} flow_t;

// IN_TASK_CREATE: a = the task's id; only in a streamed replay (no model), for tasks that another
// thread runs: the start of a flow that the task's first slice (SLF_FLOW_END) ends.
// IN_TARGET_MAP: n = items of the construct's map clauses, a = their bytes.
enum instant_kind {
  IN_CONTROL,
  IN_DEVICE_INIT,
  IN_DEVICE_LOAD,
  IN_TASK_CREATE,
  IN_DEVICE_UNLOAD,
  IN_DEVICE_FINALIZE,
  IN_TARGET_MAP,
};
// The name of a device or map instant (IN_DEVICE_*, IN_TARGET_MAP; write_json.c).
const char *trace_instant_name(uint8_t kind);

typedef struct instant {
  uint64_t t;
  uint32_t track;
  uint32_t n; // control: command; device events: device number
  uint64_t a; // control: modifier; device load: bytes
  uint8_t kind;
} instant_t;

typedef struct thread_info {
  uint8_t type;
  int32_t device;             // TRACE_THREAD_DEVICE tracks: the device number
  uint32_t lane;              // TRACE_THREAD_DEVICE tracks: the device's lane
  uint64_t created, executed; // explicit tasks (recorded ones when sampling)
  uint64_t events, dropped, spilled;
  uint64_t last;                        // time of the thread's last event
  uint64_t sampled_out;                 // explicit tasks created here and not recorded (sampling)
  uint64_t measured_ns, measured_tasks; // auto sampling's windows: their time and creations
  uint32_t period_max;                  // the largest sampling period used
} thread_info_t;

typedef struct trace_model {
  slice_t *slices;
  size_t nslices, capslices;
  flow_t *flows;
  size_t nflows, capflows;
  instant_t *instants;
  size_t ninstants, capinstants;
  thread_info_t *threads;
  uint32_t ntracks;
  uint64_t unmatched_begins, unmatched_ends; // pairing anomalies found in the event stream
  uint64_t truncated;                        // slices closed by the end of the recording
  uint64_t tend;                             // last timestamp
  uint64_t dropped, spilled;
  uint64_t nslices_seen, ninstants_seen; // handed to the sinks (the model may hold none)
  uint64_t sampled_out;                  // explicit tasks not recorded (sampling)
} trace_model_t;

// Where slices go as the replay produces them. open returns a handle that comes back with
// close; a slice's parent field holds its parent's handle + 1 (0 at the top). close gets the
// final slice, its exclusive time (minus its visible children), the enclosing visible slice,
// and whether it is an implicit task not nested in another one.
typedef struct trace_sink {
  void *ctx;
  size_t (*open)(void *ctx, const slice_t *s);
  void (*close)(void *ctx, const slice_t *s, size_t handle, uint64_t excl, const slice_t *parent,
                bool outermost_itask);
  void (*instant)(void *ctx, const instant_t *in); // may be NULL
} trace_sink_t;

typedef struct trace_locs trace_locs_t;
// Replays every thread's events (merged by time, a block at a time) into the sinks; fills the
// counters of *m (not its slices) and the location table. flows: creation and dependence
// flows into m->flows (needs 24 bytes per task id).
void trace_replay(trace_model_t *m, trace_locs_t *locs, trace_sink_t *const *sinks, size_t nsinks,
                  bool flows);
// The whole model in memory (for JSON and HTML).
void trace_build_model(trace_model_t *m, trace_locs_t *locs);

// ---------------------------------------------------------------------------------------------
// Source locations (symbols.c).
// Glass's libomptarget's source string of a target construct by codeptr (the device lookup's
// glass_codeptr_source, taken at device_initialize), or NULL.
extern const char *(*trace_codeptr_source)(const void *codeptr);

typedef struct trace_loc {
  const void *code;
  char label[160]; // "file.c:42" or "func+0x1c" or "?"
  char func[128];
  char file[512]; // full path when known
  char object[128];
  bool placed; // the debug information (or the runtime's source string) gave its line
} trace_loc_t;

struct trace_locs {
  trace_loc_t *v; // sorted by code address; entry 0 is "no location"
  size_t n;
  uint32_t *canon; // per entry: the first entry with the same file and line
};

// Symbolizes the distinct addresses among codes (sorted in place).
void trace_symbolize_codes(const void **codes, size_t n, trace_locs_t *locs);
uint32_t trace_loc_index(const trace_locs_t *locs, const void *code); // 0 = unknown
void trace_locs_free(trace_locs_t *locs);

// ---------------------------------------------------------------------------------------------
// Writers.

const char *trace_slice_name(const slice_t *s, char *buf, size_t size, const trace_locs_t *locs);
// The label of a track: "OpenMP thread N (type)" or "device D" (lane L when it has several).
const char *trace_track_label(const thread_info_t *ti, uint32_t track, char *buf, size_t size);
const char *trace_slice_category(const slice_t *s);
int trace_write_json(const trace_model_t *m, const trace_locs_t *locs, const char *path);
// summary: the summary's text, or NULL to have it made from the model.
int trace_write_html(const trace_model_t *m, const trace_locs_t *locs, const char *path,
                     const char *summary);
void trace_write_summary(const trace_model_t *m, const trace_locs_t *locs, FILE *f);
// The summary, built slice by slice (as a sink of the replay or from a model).
typedef struct trace_summary trace_summary_t;
trace_summary_t *trace_summary_new(uint32_t ntracks);
void trace_summary_add(trace_summary_t *S, const slice_t *s, uint64_t excl, const slice_t *parent,
                       bool outermost_itask);
trace_sink_t trace_summary_sink(trace_summary_t *S);
// One instant: device events and map clauses are counted per kind.
void trace_summary_instant(trace_summary_t *S, const instant_t *in);
void trace_summary_write(trace_summary_t *S, const trace_model_t *m, const trace_locs_t *locs,
                         FILE *f); // may be called more than once
void trace_summary_free(trace_summary_t *S);
// "head[tasks created every X ns on average; ]recorded R of C tasks (1 in N[ at most]); tail".
void trace_sampling_note(const trace_model_t *m, FILE *f, const char *head, const char *tail);
// Perfetto's protobuf trace, streamed as slices open and close (write_perfetto.c).
typedef struct trace_pf trace_pf_t;
trace_pf_t *trace_pf_open(const char *path, const trace_model_t *m, const trace_locs_t *locs);
trace_sink_t trace_pf_sink(trace_pf_t *w);
int trace_pf_close(trace_pf_t *w, const trace_model_t *m); // 0, or 1 if the file is incomplete
// The HTML page of a streamed trace (write_html.c): the aggregates of every slice, the detail of
// the first slices that fit its bound. Close writes the page and frees the sink.
typedef struct trace_page trace_page_t;
trace_page_t *trace_page_open(uint32_t ntracks);
trace_sink_t trace_page_sink(trace_page_t *pg);
int trace_page_close(trace_page_t *pg, const trace_model_t *m, const trace_locs_t *locs,
                     trace_summary_t *S, const char *path);
void trace_json_string(FILE *f, const char *s);

// Buffered output for the writers (write_json.c): fields formatted by hand into a 64 KiB buffer
// that goes out with one fwrite when full; a call into stdio per field was most of the cost of
// writing a trace.
typedef struct trace_out {
  FILE *f;
  size_t n;
  char b[1 << 16];
} trace_out_t;
void trace_out_flush(trace_out_t *o);
static inline void trace_out_mem(trace_out_t *o, const void *p, size_t n) {
  if (__builtin_expect(o->n + n > sizeof(o->b), 0)) {
    trace_out_flush(o);
    if (n > sizeof(o->b)) {
      fwrite(p, 1, n, o->f);
      return;
    }
  }
  memcpy(o->b + o->n, p, n);
  o->n += n;
}
static inline void trace_out_str(trace_out_t *o, const char *s) {
  trace_out_mem(o, s, strlen(s));
}
// The decimal digits of v, written so that they end at end; returns where they start (at most
// 20 bytes before end).
char *trace_fmt_u64(char *end, uint64_t v);
void trace_out_u64(trace_out_t *o, uint64_t v);
void trace_out_json_string(trace_out_t *o, const char *s);

#endif
