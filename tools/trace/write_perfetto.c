// Perfetto's native trace format (protobuf), written as the replay hands out slices: a
// TYPE_SLICE_BEGIN packet when a slice opens and a TYPE_SLICE_END when it closes, so nothing
// per slice is kept and the file grows as it is written. ui.perfetto.dev and trace_processor
// read it.
//
// Layout (field numbers from Perfetto's public protos: Trace.packet = 1; TracePacket.timestamp
// = 8, trusted_packet_sequence_id = 10, track_event = 11, interned_data = 12, sequence_flags =
// 13, clock_snapshot = 6, trace_packet_defaults = 59, track_descriptor = 60):
//   - one packet sequence for the track descriptors: the process, a track per OpenMP thread
//     (with a ThreadDescriptor) and, when it has device slices, its device lane;
//   - one packet sequence per OpenMP thread, which starts with a clock snapshot defining a
//     sequence-scoped incremental clock (id 64, deltas in ns, anchored at BOOTTIME 0 = the
//     tool's start) and defaults (that clock; the thread's track). Its slice packets then carry
//     a 1-3 byte time delta, an interned name id and the type, 12 to 14 bytes each.
// Names ("task fib.c:12") are interned per sequence the first time a sequence uses them.
#define _GNU_SOURCE
#include "trace.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  SEQ_CLEARED = 1, // TracePacket.SequenceFlags
  SEQ_NEEDS = 2,
  CLOCK_SEQ = 64, // a sequence-scoped clock id
  CLOCK_BOOTTIME = 6,
  TYPE_BEGIN = 1, // TrackEvent.Type
  TYPE_END = 2,
  TYPE_INSTANT = 3,
  TYPE_COUNTER = 4,
  UUID_PROCESS = 1,
  UUID_COUNTER = 0x100,    // + counter
  UUID_THREAD = 0x1000,    // + track
  UUID_DEVICE = 0x2000000, // + track
  SEQ_DESCRIPTORS = 0x7fffffff,
  SEQ_COUNTERS = 0x7ffffffe,
};

// Counter tracks, from each thread's innermost open slice: threads working (in a construct and
// not in a wait) and threads running an explicit task's body. A value is written when it
// changes, at most once per COUNTER_GAP ns per counter; a change held back is written when the
// gap has passed (at its end, with the value then), so the curve is exact to within the gap and
// a large trace gets at most a sample per counter per gap.
enum { COUNTERS = 2, COUNTER_GAP = 5000 };
static const char *const counter_names[COUNTERS] = {"threads working", "threads in a task"};
enum { ST_IDLE, ST_WORK, ST_TASK, ST_WAIT }; // a thread's state: its innermost slice

typedef struct counter {
  int64_t val;     // the value now
  uint64_t last_t; // time of the last sample written
  bool pending;    // val changed since that sample
  bool started;    // a sample was written
} counter_t;

// ---------------------------------------------------------------------------------------------
// Protobuf encoding into a small buffer.

typedef struct pb {
  uint8_t b[1024];
  size_t n;
} pb_t;

// An empty message buffer (not zero-filled: only n matters).
#define PB(x)                                                                                      \
  pb_t x;                                                                                          \
  x.n = 0

static void put_varint(pb_t *p, uint64_t v) {
  while (v >= 0x80 && p->n < sizeof(p->b)) {
    p->b[p->n++] = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  if (p->n < sizeof(p->b))
    p->b[p->n++] = (uint8_t)v;
}

static void put_u(pb_t *p, unsigned field, uint64_t v) { // wire type 0
  put_varint(p, (uint64_t)field << 3);
  put_varint(p, v);
}

static void put_bytes(pb_t *p, unsigned field, const void *d, size_t n) { // wire type 2
  put_varint(p, (uint64_t)field << 3 | 2);
  put_varint(p, n);
  if (p->n + n <= sizeof(p->b)) {
    memcpy(p->b + p->n, d, n);
    p->n += n;
  } else
    p->n = sizeof(p->b); // too long: the caller checks overflow()
}

static void put_fixed64(pb_t *p, unsigned field, uint64_t v) { // wire type 1
  put_varint(p, (uint64_t)field << 3 | 1);
  for (int i = 0; i < 8 && p->n < sizeof(p->b); i++, v >>= 8)
    p->b[p->n++] = (uint8_t)v;
}

static void put_str(pb_t *p, unsigned field, const char *s) {
  put_bytes(p, field, s, strlen(s));
}

static void put_msg(pb_t *p, unsigned field, const pb_t *m) {
  put_bytes(p, field, m->b, m->n);
}

static bool overflow(const pb_t *p) {
  return p->n >= sizeof(p->b);
}

// ---------------------------------------------------------------------------------------------
// Names: (kind, sub, loc) -> iid, one table for the file; each sequence remembers which iids it
// has defined.

typedef struct seq {
  uint64_t last;    // time of the sequence's last packet (deltas are from it)
  bool started;     // clock snapshot and defaults written
  uint8_t *defined; // per iid: defined on this sequence
  size_t ndefined;
  uint32_t open, open_dev; // slices begun and not ended (thread track, device lane)
  bool lane;               // has a device lane
} seq_t;

enum { OUT_BYTES = 1 << 20 };

struct trace_pf {
  FILE *f;
  uint8_t *out; // packets not yet written (OUT_BYTES)
  size_t nout;
  const trace_model_t *m; // filled by the replay before the first slice comes
  bool header;
  uint64_t open_total; // slices begun and not ended, all sequences
  char path[4200];
  const trace_locs_t *locs;
  seq_t *seq;
  uint32_t nseq;
  trace_map_t names; // (kind, sub, loc) + 1 -> iid
  size_t nnames;
  uint64_t bytes, max;
  bool capped, failed;
  uint64_t capped_at; // time of the first packet not written
  uint64_t packets;
  uint8_t *state; // per track: ST_*
  counter_t counter[COUNTERS];
  bool counters_started; // the counter sequence's first packet is written
};

static void header(trace_pf_t *w);

static uint32_t name_iid(trace_pf_t *w, const slice_t *s) {
  uint64_t key = ((uint64_t)s->kind << 40 | (uint64_t)s->sub << 32 | s->loc) + 1;
  bool fresh;
  trace_map_ent_t *e = trace_map_get(&w->names, key, &fresh);
  if (e && fresh)
    e->val = ++w->nnames;
  return e ? (uint32_t)e->val : 0;
}

// ---------------------------------------------------------------------------------------------
// Packets.

static void flush_out(trace_pf_t *w) {
  if (w->nout && fwrite(w->out, 1, w->nout, w->f) != w->nout)
    w->failed = true;
  w->nout = 0;
}

// Appends one Trace.packet: its key, its length, its bytes (into the writer's buffer: a packet is
// a dozen bytes, and a write call per packet was much of the writer's cost).
static void emit_bytes(trace_pf_t *w, const uint8_t *b, size_t n) {
  if (w->failed || w->capped)
    return;
  if (w->nout + n + 11 > OUT_BYTES)
    flush_out(w);
  if (n + 11 > OUT_BYTES) { // cannot happen: packets are at most sizeof(pb_t.b)
    w->failed = true;
    return;
  }
  uint8_t *o = w->out + w->nout, *o0 = o;
  *o++ = 1 << 3 | 2; // Trace.packet
  uint64_t v = n;
  for (; v >= 0x80; v >>= 7)
    *o++ = (uint8_t)(v | 0x80);
  *o++ = (uint8_t)v;
  memcpy(o, b, n);
  o += n;
  w->nout += (size_t)(o - o0);
  w->bytes += (uint64_t)(o - o0);
  w->packets++;
}

static void emit(trace_pf_t *w, const pb_t *packet) {
  emit_bytes(w, packet->b, packet->n);
}

// Room for this packet and for closing every open slice afterwards (about 8 bytes each)?
static bool room(trace_pf_t *w, size_t n, uint64_t t) {
  if (w->capped)
    return false;
  if (!w->max)
    return true;
  return w->bytes + n + 16 + 12 * w->open_total <= w->max;
}

static void thread_track(trace_pf_t *w, uint32_t track, const thread_info_t *ti, int pid) {
  char name[96];
  trace_track_label(ti, track, name, sizeof(name));
  PB(th);
  PB(td);
  PB(p);
  put_u(&th, 1, (uint64_t)pid);       // ThreadDescriptor.pid
  put_u(&th, 2, (uint64_t)track + 1); // ThreadDescriptor.tid (the tool's thread number + 1)
  put_str(&th, 5, name);              // ThreadDescriptor.thread_name
  put_u(&td, 1, UUID_THREAD + track); // TrackDescriptor.uuid
  put_u(&td, 5, UUID_PROCESS);        // TrackDescriptor.parent_uuid
  put_str(&td, 2, name);              // TrackDescriptor.name
  put_msg(&td, 4, &th);               // TrackDescriptor.thread
  put_u(&p, 10, SEQ_DESCRIPTORS);
  put_msg(&p, 60, &td);
  emit(w, &p);
}

static void device_track(trace_pf_t *w, uint32_t track) {
  char name[96];
  snprintf(name, sizeof(name), "OpenMP thread %u: device", track);
  PB(td);
  PB(p);
  put_u(&td, 1, UUID_DEVICE + track);
  put_u(&td, 5, UUID_PROCESS);
  put_str(&td, 2, name);
  put_u(&p, 10, SEQ_DESCRIPTORS);
  put_msg(&p, 60, &td);
  emit(w, &p);
}

// The sequence's first packet: incremental state cleared, the clock, the defaults.
static void start_seq(trace_pf_t *w, uint32_t track) {
  seq_t *q = &w->seq[track];
  PB(c1);
  PB(c2);
  PB(cs);
  PB(ted);
  PB(def);
  PB(p);
  put_u(&c1, 1, CLOCK_SEQ); // Clock.clock_id
  put_u(&c1, 2, 0);         // Clock.timestamp
  put_u(&c1, 3, 1);         // Clock.is_incremental
  put_u(&c2, 1, CLOCK_BOOTTIME);
  put_u(&c2, 2, 0);
  put_msg(&cs, 1, &c1); // ClockSnapshot.clocks
  put_msg(&cs, 1, &c2);
  put_u(&ted, 11, UUID_THREAD + track); // TrackEventDefaults.track_uuid
  put_u(&def, 58, CLOCK_SEQ);           // TracePacketDefaults.timestamp_clock_id
  put_msg(&def, 11, &ted);              // TracePacketDefaults.track_event_defaults
  put_u(&p, 10, track + 1);
  put_u(&p, 13, SEQ_CLEARED);
  put_msg(&p, 6, &cs);
  put_msg(&p, 59, &def);
  emit(w, &p);
  q->started = true;
  q->last = 0;
}

// A packet on a thread's sequence at time t: the delta, the sequence id, and the flag that
// says it depends on the sequence's incremental state.
static void seq_packet(trace_pf_t *w, pb_t *p, uint32_t track, uint64_t t) {
  seq_t *q = &w->seq[track];
  if (!q->started)
    start_seq(w, track);
  if (t < q->last)
    t = q->last; // a clock that stepped back between threads: keep the deltas unsigned
  put_u(p, 8, t - q->last);
  put_u(p, 10, track + 1);
  put_u(p, 13, SEQ_NEEDS); // it uses the sequence's clock, defaults and names
  q->last = t;
}

static void slice_name(trace_pf_t *w, const slice_t *s, char *buf, size_t size) {
  trace_slice_name(s, buf, size, w->locs);
}

static uint8_t *raw_varint(uint8_t *o, uint64_t v) {
  for (; v >= 0x80; v >>= 7)
    *o++ = (uint8_t)(v | 0x80);
  *o++ = (uint8_t)v;
  return o;
}

// The two most frequent packets, encoded by hand: a slice's begin (its name already interned on
// the sequence, no arguments) or end. The timestamp delta, the sequence id, the flags, and a
// TrackEvent with its type, its track when it is the device lane, and its name id (begin).
static void emit_slice_event(trace_pf_t *w, uint32_t track, uint64_t t, int type, bool device,
                             uint32_t iid) {
  seq_t *q = &w->seq[track];
  if (!q->started)
    start_seq(w, track);
  if (t < q->last)
    t = q->last; // a clock that stepped back between threads: keep the deltas unsigned
  if (w->failed || w->capped)
    return;
  if (w->nout + 64 > OUT_BYTES)
    flush_out(w);
  // Straight into the output buffer: the packet is under 128 bytes, so its length is one byte.
  uint8_t *p0 = w->out + w->nout, *b = p0 + 2, *o = b;
  *o++ = 8 << 3; // TracePacket.timestamp
  o = raw_varint(o, t - q->last);
  *o++ = 10 << 3; // trusted_packet_sequence_id
  o = raw_varint(o, (uint64_t)track + 1);
  *o++ = 13 << 3; // sequence_flags
  *o++ = SEQ_NEEDS;
  *o++ = 11 << 3 | 2; // track_event
  uint8_t *len = o++;
  *o++ = 9 << 3; // TrackEvent.type
  *o++ = (uint8_t)type;
  if (device) {
    *o++ = 11 << 3; // TrackEvent.track_uuid
    o = raw_varint(o, UUID_DEVICE + track);
  }
  if (iid) {
    *o++ = 10 << 3; // TrackEvent.name_iid
    o = raw_varint(o, iid);
  }
  *len = (uint8_t)(o - len - 1);
  q->last = t;
  p0[0] = 1 << 3 | 2; // Trace.packet
  p0[1] = (uint8_t)(o - b);
  w->nout += (size_t)(o - p0);
  w->bytes += (uint64_t)(o - p0);
  w->packets++;
}

// Tasks, waits and the other constructs have no arguments (tasks are most of a large trace).
static bool has_args(const slice_t *s) {
  return (s->flags & (SLF_TRUNCATED | SLF_RESUMED | SLF_FLOW_END)) || s->kind == SL_DATA_OP ||
         s->kind == SL_TARGET || s->kind == SL_KERNEL || s->kind == SL_PARALLEL ||
         s->kind == SL_WORK;
}

static void put_args(pb_t *te, const slice_t *s) {
  struct {
    const char *name;
    uint64_t v;
    bool on;
  } args[] = {{"bytes", s->task, s->kind == SL_DATA_OP},
              {"device", s->count, s->kind == SL_DATA_OP || s->kind == SL_TARGET},
              {"target_id", s->id, s->kind == SL_TARGET || s->kind == SL_KERNEL},
              {"requested_teams", s->count, s->kind == SL_KERNEL},
              {"requested_threads", s->count, s->kind == SL_PARALLEL},
              {"iterations", s->count, s->kind == SL_WORK},
              {"truncated", 1, (s->flags & SLF_TRUNCATED) != 0},
              {"resumed", 1, (s->flags & SLF_RESUMED) != 0}};
  for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++)
    if (args[i].on) { // DebugAnnotation: name = 10, uint_value = 3
      PB(a);
      put_str(&a, 10, args[i].name);
      put_u(&a, 3, args[i].v);
      put_msg(te, 4, &a);
    }
  if (s->flags & SLF_FLOW_END)  // the flow from the task's creation ends here
    put_fixed64(te, 48, s->id); // TrackEvent.terminating_flow_ids
}

// The file reached its cap at time t: what is open ends there, and nothing more is written (an
// instant refused while a later, smaller packet went through would break its flow).
static void cap_at(trace_pf_t *w, uint64_t t) {
  if (w->capped)
    return;
  w->capped = true;
  w->capped_at = t;
  for (uint32_t i = 0; i < w->nseq; i++)
    for (seq_t *q = &w->seq[i]; q->open + q->open_dev > 0;) {
      bool dev = q->open_dev > 0;
      if (dev)
        q->open_dev--;
      else
        q->open--;
      w->open_total--;
      w->capped = false; // let these through
      emit_slice_event(w, i, t, TYPE_END, dev, 0);
      w->capped = true;
    }
}

static void counter_sample(trace_pf_t *w, int k, uint64_t t, int64_t v) {
  counter_t *c = &w->counter[k];
  t = t < c->last_t ? c->last_t : t;
  c->last_t = t;
  c->started = true;
  if (!room(w, 32, t))
    cap_at(w, t);
  if (w->capped || w->failed)
    return;
  PB(te);
  PB(p);
  put_u(&te, 9, TYPE_COUNTER);
  put_u(&te, 11, UUID_COUNTER + (uint64_t)k);
  put_u(&te, 30, (uint64_t)v); // TrackEvent.counter_value
  put_u(&p, 8, t);             // absolute: the default clock, BOOTTIME (0 = the tool's start)
  put_u(&p, 10, SEQ_COUNTERS);
  if (!w->counters_started)
    put_u(&p, 13, SEQ_CLEARED);
  w->counters_started = true;
  put_msg(&p, 11, &te);
  emit(w, &p);
}

static void counter_set(trace_pf_t *w, int k, int64_t v, uint64_t t) {
  counter_t *c = &w->counter[k];
  if (v == c->val)
    return;
  if (c->pending && t >= c->last_t + COUNTER_GAP) // the held value, once the gap has passed
    counter_sample(w, k, c->last_t + COUNTER_GAP, c->val), c->pending = false;
  c->val = v;
  if (t >= c->last_t + COUNTER_GAP || !c->started)
    counter_sample(w, k, t, v), c->pending = false;
  else
    c->pending = true;
}

static uint8_t state_of(const slice_t *s) {
  return s->kind == SL_WAIT || s->kind == SL_MUTEX_WAIT ? ST_WAIT
         : s->kind == SL_TASK                           ? ST_TASK
                                                        : ST_WORK;
}

// Thread `track` is now in state st (its innermost slice changed at t).
static void thread_state(trace_pf_t *w, uint32_t track, uint8_t st, uint64_t t) {
  if (!w->state || track >= w->nseq || w->state[track] == st)
    return;
  uint8_t old = w->state[track];
  w->state[track] = st;
  int64_t work =
      w->counter[0].val + (st == ST_WORK || st == ST_TASK) - (old == ST_WORK || old == ST_TASK);
  int64_t task = w->counter[1].val + (st == ST_TASK) - (old == ST_TASK);
  counter_set(w, 0, work, t);
  counter_set(w, 1, task, t);
}

static void counters_end(trace_pf_t *w, uint64_t t) {
  for (int k = 0; k < COUNTERS; k++)
    if (w->counter[k].pending)
      counter_sample(
          w, k, t < w->counter[k].last_t + COUNTER_GAP ? t : w->counter[k].last_t + COUNTER_GAP,
          w->counter[k].val);
}

static void counter_tracks(trace_pf_t *w) {
  for (int k = 0; k < COUNTERS; k++) {
    PB(cd);
    PB(td);
    PB(p);
    put_u(&td, 1, UUID_COUNTER + (uint64_t)k);
    put_u(&td, 5, UUID_PROCESS);
    put_str(&td, 2, counter_names[k]);
    put_msg(&td, 8, &cd); // TrackDescriptor.counter: an empty CounterDescriptor
    put_u(&p, 10, SEQ_DESCRIPTORS);
    put_msg(&p, 60, &td);
    emit(w, &p);
  }
}

static size_t pf_open(void *ctx, const slice_t *s) {
  trace_pf_t *w = ctx;
  header(w);
  if (s->track >= w->nseq)
    return SIZE_MAX;
  if (!room(w, 64, s->t0)) {
    cap_at(w, s->t0);
    return SIZE_MAX;
  }
  seq_t *q = &w->seq[s->track];
  uint32_t iid = name_iid(w, s);
  if (!has_args(s) && !(s->flags & SLF_DEVICE) && iid < q->ndefined && q->defined[iid]) {
    emit_slice_event(w, s->track, s->t0, TYPE_BEGIN, false, iid);
    q->open++;
    w->open_total++;
    thread_state(w, s->track, state_of(s), s->t0);
    return 0;
  }
  PB(te);
  PB(p);
  PB(in);
  PB(en);
  seq_packet(w, &p, s->track, s->t0);
  put_u(&te, 9, TYPE_BEGIN);
  if (s->flags & SLF_DEVICE) {
    put_u(&te, 11, UUID_DEVICE + s->track);
    if (!q->lane) {
      q->lane = true;
      device_track(w, s->track);
    }
  }
  put_u(&te, 10, iid); // TrackEvent.name_iid
  // A few arguments, as debug annotations, where they say more than the name.
  if (has_args(s))
    put_args(&te, s);
  put_msg(&p, 11, &te);
  if (iid >= q->ndefined || !q->defined[iid]) { // intern the name on this sequence
    if (iid >= q->ndefined) {
      size_t c = q->ndefined ? q->ndefined : 64;
      while (c <= iid)
        c *= 2;
      uint8_t *d = realloc(q->defined, c);
      if (d) {
        memset(d + q->ndefined, 0, c - q->ndefined);
        q->defined = d;
        q->ndefined = c;
      }
    }
    char name[256];
    slice_name(w, s, name, sizeof(name));
    put_u(&en, 1, iid);    // EventName.iid
    put_str(&en, 2, name); // EventName.name
    put_msg(&in, 2, &en);  // InternedData.event_names
    put_msg(&p, 12, &in);
    if (iid < q->ndefined)
      q->defined[iid] = 1;
  }
  if (overflow(&p))
    return SIZE_MAX;
  emit(w, &p);
  if (s->flags & SLF_DEVICE)
    q->open_dev++;
  else
    q->open++;
  w->open_total++;
  if (!(s->flags & SLF_DEVICE))
    thread_state(w, s->track, state_of(s), s->t0);
  return 0;
}

static void pf_close(void *ctx, const slice_t *s, size_t handle, uint64_t excl,
                     const slice_t *parent, bool outermost_itask) {
  trace_pf_t *w = ctx;
  if (handle == SIZE_MAX || w->capped || s->track >= w->nseq)
    return;
  seq_t *q = &w->seq[s->track];
  emit_slice_event(w, s->track, s->t1, TYPE_END, s->flags & SLF_DEVICE, 0);
  if (s->flags & SLF_DEVICE)
    q->open_dev -= q->open_dev > 0;
  else
    q->open -= q->open > 0;
  w->open_total -= w->open_total > 0;
  if (!(s->flags & SLF_DEVICE)) // after the counts: a counter's sample may reach the cap
    thread_state(w, s->track, parent && parent->track == s->track ? state_of(parent) : ST_IDLE,
                 s->t1);
}

static void pf_instant(void *ctx, const instant_t *in) {
  trace_pf_t *w = ctx;
  header(w);
  if (in->track >= w->nseq)
    return;
  if (!room(w, 96, in->t)) {
    cap_at(w, in->t);
    return;
  }
  char name[96];
  if (in->kind == IN_CONTROL)
    snprintf(name, sizeof(name), "omp_control_tool %u %llu", in->n, (unsigned long long)in->a);
  else if (in->kind == IN_TASK_CREATE)
    snprintf(name, sizeof(name), "task create");
  else if (in->kind == IN_DEVICE_INIT)
    snprintf(name, sizeof(name), "device %u initialize", in->n);
  else if (in->kind == IN_DEVICE_LOAD)
    snprintf(name, sizeof(name), "device %u load (%llu bytes)", in->n, (unsigned long long)in->a);
  else if (in->kind == IN_TARGET_MAP)
    snprintf(name, sizeof(name), "target map (%u items, %llu bytes)", in->n,
             (unsigned long long)in->a);
  else
    snprintf(name, sizeof(name), "%s %u", trace_instant_name(in->kind), in->n);
  PB(te);
  PB(p);
  seq_packet(w, &p, in->track, in->t);
  put_u(&te, 9, TYPE_INSTANT);
  put_str(&te, 23, name); // TrackEvent.name
  if (in->kind == IN_TASK_CREATE)
    put_fixed64(&te, 47, in->a); // TrackEvent.flow_ids: ended by the task's first slice
  put_msg(&p, 11, &te);
  emit(w, &p);
}

static void header(trace_pf_t *w) {
  if (w->header)
    return;
  w->header = true;
  const trace_model_t *m = w->m;
  w->nseq = m->ntracks;
  w->seq = calloc(m->ntracks + 1, sizeof(seq_t));
  if (!w->seq) {
    w->failed = true;
    w->nseq = 0;
    return;
  }
  int pid = (int)getpid();
  char exe[512];
  trace_exe_name(exe, sizeof(exe));
  PB(pd);
  PB(td);
  PB(p);
  put_u(&pd, 1, (uint64_t)pid); // ProcessDescriptor.pid
  put_str(&pd, 6, exe);         // ProcessDescriptor.process_name
  put_u(&td, 1, UUID_PROCESS);
  put_msg(&td, 3, &pd); // TrackDescriptor.process
  put_u(&p, 10, SEQ_DESCRIPTORS);
  put_u(&p, 13, SEQ_CLEARED);
  put_msg(&p, 60, &td);
  emit(w, &p);
  for (uint32_t t = 0; t < m->ntracks; t++)
    thread_track(w, t, &m->threads[t], pid);
  w->state = calloc(m->ntracks + 1, 1);
  if (w->state) {
    counter_tracks(w);
    for (int k = 0; k < COUNTERS; k++) // each starts at 0: no thread is in a construct yet
      counter_sample(w, k, 0, 0);
  }
}

// m and locs are read when the first slice comes (the replay fills them first).
trace_pf_t *trace_pf_open(const char *path, const trace_model_t *m, const trace_locs_t *locs) {
  trace_pf_t *w = calloc(1, sizeof(*w));
  if (!w)
    return NULL;
  w->f = fopen(path, "w");
  if (!w->f) {
    fprintf(stderr, "glass-trace: cannot write %s: %m\n", path);
    free(w);
    return NULL;
  }
  w->out = malloc(OUT_BYTES);
  if (!w->out) {
    fclose(w->f);
    free(w);
    return NULL;
  }
  snprintf(w->path, sizeof(w->path), "%s", path);
  w->m = m;
  w->locs = locs;
  w->max = trace_opt.max_bytes;
  return w;
}

trace_sink_t trace_pf_sink(trace_pf_t *w) {
  return (trace_sink_t){w, pf_open, pf_close, pf_instant};
}

int trace_pf_close(trace_pf_t *w, const trace_model_t *m) {
  if (!w)
    return 1;
  header(w);
  counters_end(w, m->tend);
  flush_out(w);
  int bad = w->failed;
  bad |= fclose(w->f) != 0;
  if (bad)
    fprintf(stderr, "glass-trace: error writing %s\n", w->path);
  if (w->capped)
    fprintf(stderr,
            "glass-trace: %s reached the size cap (GLASS_TRACE_MAX_SIZE=%llu bytes) at %.3f ms "
            "of %.3f ms: the trace stops there (slices open then end there); the summary "
            "covers the whole run. Raise the cap, or narrow the trace with GLASS_TRACE_WINDOW, "
            "GLASS_TRACE_ONLY or GLASS_TRACE_SAMPLE\n",
            w->path, (unsigned long long)w->max, (double)w->capped_at / 1e6, (double)m->tend / 1e6);
  for (uint32_t i = 0; w->seq && i < w->nseq; i++)
    free(w->seq[i].defined);
  free(w->seq);
  free(w->state);
  free(w->names.v);
  free(w->out);
  free(w);
  return bad;
}
