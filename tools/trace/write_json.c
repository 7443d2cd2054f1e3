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

void trace_json_string(FILE *f, const char *s) {
  size_t n = 0;
  while (s[n] && s[n] != '"' && s[n] != '\\' && (unsigned char)s[n] >= 0x20)
    n++;
  fputc('"', f);
  if (!s[n]) { // nothing to escape (the usual case): one write
    fwrite(s, 1, n, f);
    fputc('"', f);
    return;
  }
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void us(FILE *f, uint64_t ns) { // "%llu.%03u" of ns / 1000, by hand: twice per slice
  char b[32], *e = b + sizeof(b), *q = e;
  unsigned frac = (unsigned)(ns % 1000);
  for (int i = 0; i < 3; i++, frac /= 10)
    *--q = (char)('0' + frac % 10);
  *--q = '.';
  uint64_t v = ns / 1000;
  do
    *--q = (char)('0' + v % 10);
  while (v /= 10);
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

static void write_slice(FILE *f, int pid, const slice_t *s, const trace_locs_t *locs,
                        char *const *args) {
  char name[256];
  fprintf(f, ",\n{\"ph\":\"X\",\"pid\":%d,\"tid\":%u,\"ts\":", pid, tid_of(s));
  us(f, s->t0);
  fputs(",\"dur\":", f);
  us(f, s->t1 - s->t0);
  fputs(",\"name\":", f);
  trace_json_string(f, trace_slice_name(s, name, sizeof(name), locs));
  // A device lane holds one operation at a time: its slices are all at the top there.
  fprintf(f, ",\"cat\":\"%s\",\"args\":{\"depth\":%u", trace_slice_category(s),
          s->flags & SLF_DEVICE ? 0 : s->depth);
  if (s->loc && s->loc < locs->n) {
    if (args && args[s->loc])
      fputs(args[s->loc], f);
    else
      put_loc_args(f, &locs->v[s->loc]);
  }
  if (s->kind == SL_PARALLEL)
    fprintf(f, ",\"requested_threads\":%u", s->count);
  if (s->kind == SL_ITASK)
    fprintf(f, ",\"thread_num\":%u", s->count);
  if (s->kind == SL_WORK)
    fprintf(f, ",\"count\":%u", s->count);
  if (s->kind == SL_TASK)
    fprintf(f, ",\"task_id\":%llu", (unsigned long long)s->id);
  if (s->kind == SL_TARGET || s->kind == SL_KERNEL || (s->flags & SLF_GPU))
    fprintf(f, ",\"target_id\":%llu", (unsigned long long)s->id);
  if (s->kind == SL_TARGET || s->kind == SL_DATA_OP)
    fprintf(f, ",\"device\":%u", s->count);
  if (s->kind == SL_DATA_OP)
    fprintf(f, ",\"bytes\":%llu", (unsigned long long)s->task);
  if (s->kind == SL_KERNEL)
    fprintf(f, ",\"%s\":%u", s->flags & SLF_GPU ? "granted_teams" : "requested_teams", s->count);
  if (s->flags & SLF_GPU)
    fputs(",\"device_record\":true", f);
  if (s->par)
    fprintf(f, ",\"parallel_id\":%llu", (unsigned long long)s->par);
  if (s->flags & SLF_TRUNCATED)
    fputs(",\"truncated\":true", f);
  if (s->flags & SLF_RESUMED)
    fputs(",\"resumed\":true", f);
  fputs("}}", f);
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
  char **args = loc_args(locs);
  for (size_t i = 0; i < m->nslices; i++)
    write_slice(f, pid, &m->slices[i], locs, args);
  for (size_t i = 0; args && i < locs->n; i++)
    free(args[i]);
  free(args);
  for (size_t i = 0; i < m->nflows; i++) {
    const flow_t *fl = &m->flows[i];
    const char *name = fl->kind == FLOW_CREATE ? "task created" : "dependence";
    // The start binds to the slice enclosing it: for a dependence, the source task, which
    // ends at t0, so the start sits just inside it.
    uint64_t t0 = fl->kind == FLOW_DEPEND && fl->t0 > 0 ? fl->t0 - 1 : fl->t0;
    fprintf(f, ",\n{\"ph\":\"s\",\"id\":%zu,\"pid\":%d,\"tid\":%u,\"ts\":", i + 1, pid,
            fl->track0 + 1);
    us(f, t0);
    fprintf(f, ",\"name\":\"%s\",\"cat\":\"flow\"}", name);
    fprintf(f, ",\n{\"ph\":\"f\",\"bp\":\"e\",\"id\":%zu,\"pid\":%d,\"tid\":%u,\"ts\":", i + 1, pid,
            fl->track1 + 1);
    us(f, fl->t1);
    fprintf(f, ",\"name\":\"%s\",\"cat\":\"flow\"}", name);
  }
  for (size_t i = 0; i < m->ninstants; i++) {
    const instant_t *in = &m->instants[i];
    fprintf(f, ",\n{\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%u,\"ts\":", pid, in->track + 1);
    us(f, in->t);
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
