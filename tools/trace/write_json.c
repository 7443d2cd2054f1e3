// The Chrome trace-event JSON (ui.perfetto.dev, chrome://tracing): one track (tid) per OpenMP
// thread, a complete event ("X") per slice, flow events ("s"/"f") for task creation and
// dependences, instants for omp_control_tool, and in "otherData" what the tool noticed about
// the event stream (pairing anomalies, dropped and spilled events).
#define _GNU_SOURCE
#include "trace.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { DEVICE_TID = 100001 }; // tid of thread N's device lane: DEVICE_TID + N

// Names of the OMPT enumerations' values, by value (designated: a value missing here, or past
// the end, gets the family's default).
static const char *pick(const char *const *tab, size_t n, unsigned v, const char *other) {
  return v < n && tab[v] ? tab[v] : other;
}
#define PICK(tab, v, other) pick(tab, sizeof(tab) / sizeof(tab[0]), v, other)

// OMPT's enumerations number their values from 1 in these orders (9 is not a work type).
_Static_assert(ompt_sync_region_barrier_teams == 10 && ompt_work_scope == 8 &&
                   ompt_work_loop_other == 13 && ompt_mutex_ordered == 7 &&
                   ompt_target_data_disassociate == 6,
               "OMPT values");
// clang-format off
static const char *const sync_names[] = {NULL, "barrier", "barrier (implicit)", "barrier",
    "barrier (runtime)", "taskwait", "taskgroup", "reduction", "barrier (end of worksharing)",
    "barrier (end of parallel)", "barrier (teams)"};
static const char *const work_names[] = {NULL, "loop", "sections", "single",
    "single (not executed)", "workshare", "distribute", "taskloop", "scope", NULL,
    "loop (static)", "loop (dynamic)", "loop (guided)", "loop"};
// clang-format on
static const char *const mutex_names[] = {NULL,        "lock",     "lock",   "nest lock",
                                          "nest lock", "critical", "atomic", "ordered"};
static const char *const data_op_names[] = {
    NULL,        "device alloc", "copy to device", "copy from device", "device delete",
    "associate", "disassociate"};

// The nowait kinds are the plain ones + 8.
static const char *const target_names[] = {[ompt_target] = "target",
                                           [ompt_target_enter_data] = "target enter data",
                                           [ompt_target_exit_data] = "target exit data",
                                           [ompt_target_update] = "target update"};

static const char *construct_name(const slice_t *s, char *buf, size_t size) {
  switch (s->kind) {
  case SL_PARALLEL:
    return "parallel";
  case SL_ITASK:
    return "implicit task";
  case SL_WORK:
    return PICK(work_names, s->sub, "worksharing");
  case SL_MASKED:
    return "masked";
  case SL_SYNC:
    return PICK(sync_names, s->sub, "sync region");
  case SL_WAIT:
    snprintf(buf, size, "%s wait", PICK(sync_names, s->sub, "sync region"));
    return buf;
  case SL_REDUCTION:
    return "reduction";
  case SL_TASK:
    return "task";
  case SL_MUTEX_WAIT:
    snprintf(buf, size, "%s wait", PICK(mutex_names, s->sub, "mutex"));
    return buf;
  case SL_MUTEX_HELD:
    return PICK(mutex_names, s->sub, "mutex");
  case SL_TARGET:
    return s->sub == (ompt_target | 8) ? "target nowait"
                                       : PICK(target_names, s->sub & 7, "target data");
  case SL_DATA_OP:
    return PICK(data_op_names, s->sub & 15, "data op"); // the async ones are + 16
  case SL_KERNEL:
    return "kernel";
  default:
    return "?";
  }
}

const char *trace_slice_name(const slice_t *s, char *buf, size_t size, const trace_locs_t *locs) {
  char tmp[96];
  const char *c = construct_name(s, tmp, sizeof(tmp));
  const char *on = s->flags & SLF_GPU ? "device: " : ""; // the device's own record
  if (s->loc && locs && s->loc < locs->n)
    snprintf(buf, size, "%s%s %s", on, c, locs->v[s->loc].label);
  else
    snprintf(buf, size, "%s%s", on, c);
  return buf;
}

const char *trace_slice_category(const slice_t *s) {
  switch (s->kind) {
  case SL_PARALLEL:
  case SL_ITASK:
    return "parallel";
  case SL_WORK:
  case SL_MASKED:
    return "work";
  case SL_SYNC:
  case SL_REDUCTION:
    return "sync";
  case SL_WAIT:
  case SL_MUTEX_WAIT:
    return "wait";
  case SL_TASK:
    return "task";
  case SL_MUTEX_HELD:
    return "mutex";
  case SL_TARGET:
    return "target";
  case SL_DATA_OP:
  case SL_KERNEL:
    return "device";
  default:
    return "other";
  }
}

// Shared with the options (buffer.c) and the other writers; here so that the writers build
// alone (test/trace/page-device.c).
size_t trace_parse_size(const char *s, bool *ok) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  size_t mul = 1;
  if (*end == 'k' || *end == 'K')
    mul = 1024, end++;
  else if (*end == 'm' || *end == 'M')
    mul = 1024 * 1024, end++;
  else if (*end == 'g' || *end == 'G')
    mul = 1024 * 1024 * 1024, end++;
  if (*end == 'b' || *end == 'B')
    end++;
  *ok = end != s && *end == 0 && errno == 0 && v > 0 && v <= SIZE_MAX / mul;
  return (size_t)v * mul;
}

void trace_exe_name(char *buf, size_t size) {
  char exe[512];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0) {
    snprintf(buf, size, "program");
    return;
  }
  exe[n] = 0;
  snprintf(buf, size, "%s", strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe);
}

// The JSON escape of s, into buf (at most 6 bytes per byte of s, 2 quotes, a NUL).
static size_t json_escape(char *buf, const char *s) {
  size_t n = 0;
  buf[n++] = '"';
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      buf[n++] = '\\', buf[n++] = (char)c;
    else if (c < 0x20)
      n += (size_t)sprintf(buf + n, "\\u%04x", c);
    else
      buf[n++] = (char)c;
  }
  buf[n++] = '"';
  buf[n] = 0;
  return n;
}

void trace_json_string(FILE *f, const char *s) {
  char small[512], *buf = strlen(s) < 80 ? small : malloc(strlen(s) * 6 + 3);
  if (buf)
    fwrite(buf, 1, json_escape(buf, s), f);
  if (buf != small)
    free(buf);
}

void trace_out_flush(trace_out_t *o) {
  if (o->n)
    fwrite(o->b, 1, o->n, o->f);
  o->n = 0;
}

char *trace_fmt_u64(char *end, uint64_t v) {
  static const char two[] = "00010203040506070809101112131415161718192021222324252627282930313233"
                            "34353637383940414243444546474849505152535455565758596061626364656667"
                            "6869707172737475767778798081828384858687888990919293949596979899";
  char *q = end;
  for (; v >= 100; v /= 100)
    q -= 2, memcpy(q, two + 2 * (v % 100), 2);
  if (v >= 10)
    q -= 2, memcpy(q, two + 2 * v, 2);
  else
    *--q = (char)('0' + v);
  return q;
}

void trace_out_u64(trace_out_t *o, uint64_t v) {
  char t[24], *e = t + sizeof(t), *q = trace_fmt_u64(e, v);
  trace_out_mem(o, q, (size_t)(e - q));
}

void trace_out_json_string(trace_out_t *o, const char *s) {
  char small[512], *buf = strlen(s) < 80 ? small : malloc(strlen(s) * 6 + 3);
  if (buf)
    trace_out_mem(o, buf, json_escape(buf, s));
  if (buf != small)
    free(buf);
}

// "%llu.%03u" of ns / 1000, ending at end; returns where it starts. Twice per slice.
static char *fmt_us(char *end, uint64_t ns) {
  char *q = end;
  unsigned frac = (unsigned)(ns % 1000);
  for (int i = 0; i < 3; i++, frac /= 10)
    *--q = (char)('0' + frac % 10);
  *--q = '.';
  return trace_fmt_u64(q, ns / 1000);
}

static void us(trace_out_t *o, uint64_t ns) {
  char b[32], *e = b + sizeof(b), *q = fmt_us(e, ns);
  trace_out_mem(o, q, (size_t)(e - q));
}

static void us_file(FILE *f, uint64_t ns) {
  char b[32], *e = b + sizeof(b), *q = fmt_us(e, ns);
  fwrite(q, 1, (size_t)(e - q), f);
}

// Device slices go to the issuing thread's device lane, a tid of its own.
static unsigned tid_of(const slice_t *s) {
  return s->flags & SLF_DEVICE ? DEVICE_TID + s->track : s->track + 1;
}

static void put_loc_args(FILE *f, const trace_loc_t *l) {
  fputs(",\"location\":", f);
  trace_json_string(f, l->label);
  if (l->func[0]) {
    fputs(",\"function\":", f);
    trace_json_string(f, l->func);
  }
  if (l->file[0]) {
    fputs(",\"source\":", f);
    trace_json_string(f, l->file);
  }
  fprintf(f, ",\"codeptr\":\"%p\"", l->code);
}

// Per location, its arguments as JSON, rendered once: every slice at the location repeats them.
static char **loc_args(const trace_locs_t *locs) {
  char **v = calloc(locs->n + 1, sizeof(char *));
  for (size_t i = 1; v && i < locs->n; i++) {
    size_t len;
    FILE *f = open_memstream(&v[i], &len);
    if (!f)
      continue;
    put_loc_args(f, &locs->v[i]);
    if (fclose(f) != 0) {
      free(v[i]);
      v[i] = NULL;
    }
  }
  return v;
}

trace_map_ent_t *trace_map_get(trace_map_t *m, uint64_t key, bool *fresh) {
  *fresh = false;
  if (2 * (m->n + 1) > m->cap) { // at most half full
    size_t cap = m->cap ? 2 * m->cap : 256;
    trace_map_ent_t *v = calloc(cap, sizeof(*v));
    if (!v)
      return NULL;
    for (size_t i = 0; i < m->cap; i++)
      for (size_t j = trace_hash64(m->v[i].key) & (cap - 1); m->v[i].key; j = (j + 1) & (cap - 1))
        if (!v[j].key) {
          v[j] = m->v[i];
          break;
        }
    free(m->v);
    m->v = v;
    m->cap = cap;
  }
  size_t j = trace_hash64(key) & (m->cap - 1);
  while (m->v[j].key && m->v[j].key != key)
    j = (j + 1) & (m->cap - 1);
  if (!m->v[j].key) {
    m->v[j] = (trace_map_ent_t){.key = key};
    m->n++;
    *fresh = true;
  }
  return &m->v[j];
}

// A slice's name and category, rendered once per construct, location and device flag: the
// slices of a trace have few distinct names. The map gives an index + 1 into the texts.
typedef struct name_text {
  char *text;
  size_t len;
} name_text_t;

typedef struct name_tab {
  trace_map_t map;
  name_text_t *v;
  size_t n, cap;
} name_tab_t;

static uint64_t name_key(const slice_t *s) {
  return 1 | (uint64_t)s->kind << 1 | (uint64_t)s->sub << 9 |
         (uint64_t) !!(s->flags & SLF_GPU) << 17 | (uint64_t)s->loc << 18;
}

static char *render_name(const slice_t *s, const trace_locs_t *locs, size_t *len) {
  char name[256];
  char *text = NULL;
  FILE *f = open_memstream(&text, len);
  if (!f)
    return NULL;
  fputs(",\"name\":", f);
  trace_json_string(f, trace_slice_name(s, name, sizeof(name), locs));
  fprintf(f, ",\"cat\":\"%s\",\"args\":{\"depth\":", trace_slice_category(s));
  if (fclose(f) != 0) {
    free(text);
    return NULL;
  }
  return text;
}

static const name_text_t *name_of(name_tab_t *t, const slice_t *s, const trace_locs_t *locs) {
  bool fresh;
  trace_map_ent_t *e = trace_map_get(&t->map, name_key(s), &fresh);
  if (!e)
    return NULL;
  if (fresh) {
    if (t->n == t->cap) {
      size_t cap = t->cap ? 2 * t->cap : 64;
      name_text_t *v = realloc(t->v, cap * sizeof(*v));
      if (!v)
        return NULL; // val stays 0: write_slice formats this name each time
      t->v = v;
      t->cap = cap;
    }
    name_text_t *nt = &t->v[t->n];
    if (!(nt->text = render_name(s, locs, &nt->len)))
      return NULL; // likewise
    e->val = ++t->n;
  }
  return e->val ? &t->v[e->val - 1] : NULL;
}

static void name_tab_free(name_tab_t *t) {
  for (size_t i = 0; i < t->n; i++)
    free(t->v[i].text);
  free(t->v);
  free(t->map.v);
}

typedef struct json_ctx {
  trace_out_t *o;
  const trace_locs_t *locs;
  char **args;
  name_tab_t names;
  char head[64]; // ",\n{"ph":"X","pid":P,"tid":"
  size_t headlen;
} json_ctx_t;

static void put_arg(trace_out_t *o, const char *key, uint64_t v) {
  trace_out_str(o, key);
  trace_out_u64(o, v);
}

static void write_slice(json_ctx_t *J, const slice_t *s) {
  trace_out_t *o = J->o;
  trace_out_mem(o, J->head, J->headlen);
  trace_out_u64(o, tid_of(s));
  trace_out_str(o, ",\"ts\":");
  us(o, s->t0);
  trace_out_str(o, ",\"dur\":");
  us(o, s->t1 - s->t0);
  const name_text_t *ne = name_of(&J->names, s, J->locs);
  if (ne) {
    trace_out_mem(o, ne->text, ne->len);
  } else { // out of memory: the same, uncached
    char name[256];
    trace_out_str(o, ",\"name\":");
    trace_out_json_string(o, trace_slice_name(s, name, sizeof(name), J->locs));
    trace_out_str(o, ",\"cat\":\"");
    trace_out_str(o, trace_slice_category(s));
    trace_out_str(o, "\",\"args\":{\"depth\":");
  }
  // A device lane holds one operation at a time: its slices are all at the top there.
  trace_out_u64(o, s->flags & SLF_DEVICE ? 0 : s->depth);
  if (s->loc && s->loc < J->locs->n) {
    if (J->args && J->args[s->loc]) {
      trace_out_str(o, J->args[s->loc]);
    } else {
      trace_out_flush(o);
      put_loc_args(o->f, &J->locs->v[s->loc]);
    }
  }
  if (s->kind == SL_PARALLEL)
    put_arg(o, ",\"requested_threads\":", s->count);
  if (s->kind == SL_ITASK)
    put_arg(o, ",\"thread_num\":", s->count);
  if (s->kind == SL_WORK)
    put_arg(o, ",\"count\":", s->count);
  if (s->kind == SL_TASK)
    put_arg(o, ",\"task_id\":", s->id);
  if (s->kind == SL_TARGET || s->kind == SL_KERNEL || (s->flags & SLF_GPU))
    put_arg(o, ",\"target_id\":", s->id);
  if (s->kind == SL_TARGET || s->kind == SL_DATA_OP)
    put_arg(o, ",\"device\":", s->count);
  if (s->kind == SL_DATA_OP)
    put_arg(o, ",\"bytes\":", s->task);
  if (s->kind == SL_KERNEL)
    put_arg(o, s->flags & SLF_GPU ? ",\"granted_teams\":" : ",\"requested_teams\":", s->count);
  if (s->flags & SLF_GPU)
    trace_out_str(o, ",\"device_record\":true");
  if (s->par)
    put_arg(o, ",\"parallel_id\":", s->par);
  if (s->flags & SLF_TRUNCATED)
    trace_out_str(o, ",\"truncated\":true");
  if (s->flags & SLF_RESUMED)
    trace_out_str(o, ",\"resumed\":true");
  trace_out_str(o, "}}");
}

// Every slice, through a buffer (finalization runs on one thread: one buffer is enough).
static void write_slices(FILE *f, int pid, const trace_model_t *m, const trace_locs_t *locs) {
  static trace_out_t out;
  json_ctx_t J = {.o = &out, .locs = locs, .args = loc_args(locs)};
  out.f = f;
  out.n = 0;
  J.headlen = (size_t)snprintf(J.head, sizeof(J.head), ",\n{\"ph\":\"X\",\"pid\":%d,\"tid\":", pid);
  fflush(f);
  for (size_t i = 0; i < m->nslices; i++)
    write_slice(&J, &m->slices[i]);
  trace_out_flush(&out);
  name_tab_free(&J.names);
  for (size_t i = 0; J.args && i < locs->n; i++)
    free(J.args[i]);
  free(J.args);
}

const char *trace_instant_name(uint8_t kind) {
  switch (kind) {
  case IN_DEVICE_INIT:
    return "device initialize";
  case IN_DEVICE_LOAD:
    return "device load";
  case IN_DEVICE_UNLOAD:
    return "device unload";
  case IN_DEVICE_FINALIZE:
    return "device finalize";
  case IN_TARGET_MAP:
    return "target map";
  default:
    return "?";
  }
}

int trace_write_json(const trace_model_t *m, const trace_locs_t *locs, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "glass-trace: cannot write %s: %m\n", path);
    return 1;
  }
  int pid = (int)getpid();
  char exe[512];
  trace_exe_name(exe, sizeof(exe));
  bool *lane = calloc(m->ntracks + 1, sizeof(bool));
  if (!lane) {
    fclose(f);
    return 1;
  }
  fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  fprintf(f, "{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":", pid);
  trace_json_string(f, exe);
  fputs("}}", f);
  for (uint32_t t = 0; t < m->ntracks; t++) {
    char label[96];
    fprintf(f,
            ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"name\":\"thread_name\",\"args\":{\"name\":"
            "\"%s\"}}",
            pid, t + 1, trace_track_label(&m->threads[t], t, label, sizeof(label)));
    fprintf(f,
            ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"name\":\"thread_sort_index\",\"args\":{"
            "\"sort_index\":%u}}",
            pid, t + 1, t);
  }
  for (size_t i = 0; i < m->nslices; i++)
    if (m->slices[i].flags & SLF_DEVICE) // name the lanes that have slices
      lane[m->slices[i].track] = true;
  for (uint32_t t = 0; t < m->ntracks; t++)
    if (lane[t])
      fprintf(f,
              ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"name\":\"thread_name\",\"args\":{"
              "\"name\":\"OpenMP thread %u: device\"}}",
              pid, DEVICE_TID + t, t);
  free(lane);
  write_slices(f, pid, m, locs);
  for (size_t i = 0; i < m->nflows; i++) {
    const flow_t *fl = &m->flows[i];
    const char *name = fl->kind == FLOW_CREATE ? "task created" : "dependence";
    // The start binds to the slice enclosing it: for a dependence, the source task, which
    // ends at t0, so the start sits just inside it.
    uint64_t t0 = fl->kind == FLOW_DEPEND && fl->t0 > 0 ? fl->t0 - 1 : fl->t0;
    fprintf(f, ",\n{\"ph\":\"s\",\"id\":%zu,\"pid\":%d,\"tid\":%u,\"ts\":", i + 1, pid,
            fl->track0 + 1);
    us_file(f, t0);
    fprintf(f, ",\"name\":\"%s\",\"cat\":\"flow\"}", name);
    fprintf(f, ",\n{\"ph\":\"f\",\"bp\":\"e\",\"id\":%zu,\"pid\":%d,\"tid\":%u,\"ts\":", i + 1, pid,
            fl->track1 + 1);
    us_file(f, fl->t1);
    fprintf(f, ",\"name\":\"%s\",\"cat\":\"flow\"}", name);
  }
  for (size_t i = 0; i < m->ninstants; i++) {
    const instant_t *in = &m->instants[i];
    fprintf(f, ",\n{\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%u,\"ts\":", pid, in->track + 1);
    us_file(f, in->t);
    if (in->kind == IN_CONTROL)
      fprintf(f,
              ",\"name\":\"omp_control_tool\",\"cat\":\"control\",\"args\":{\"command\":%u,"
              "\"modifier\":%llu}}",
              in->n, (unsigned long long)in->a);
    else if (in->kind == IN_TARGET_MAP)
      fprintf(f,
              ",\"name\":\"target map\",\"cat\":\"device\",\"args\":{\"items\":%u,\"bytes\":%llu}}",
              in->n, (unsigned long long)in->a);
    else
      fprintf(f, ",\"name\":\"%s\",\"cat\":\"device\",\"args\":{\"device\":%u,\"%s\":%llu}}",
              trace_instant_name(in->kind), in->n,
              in->kind == IN_DEVICE_UNLOAD ? "module" : "bytes", (unsigned long long)in->a);
  }
  fputs("\n],\n\"otherData\":{\"runtime\":", f);
  trace_json_string(f, trace_opt.runtime);
  fprintf(f,
          ",\"tool\":\"glass-trace\",\"threads\":%u,\"slices\":%zu,"
          "\"flows\":%zu,\"unmatched_begins\":%llu,\"unmatched_ends\":%llu,\"truncated\":%llu,"
          "\"dropped_events\":%llu,\"spilled_events\":%llu}}\n",
          m->ntracks, m->nslices, m->nflows, (unsigned long long)m->unmatched_begins,
          (unsigned long long)m->unmatched_ends, (unsigned long long)m->truncated,
          (unsigned long long)m->dropped, (unsigned long long)m->spilled);
  int bad = ferror(f);
  bad |= fclose(f) != 0;
  if (bad)
    fprintf(stderr, "glass-trace: error writing %s\n", path);
  return bad;
}
