// Environment variables (OpenMP 5.1 chapter 6 and libomp's common KMP_* ones): parsed once at
// initialization. A malformed value warns once, naming the variable and the value, and the
// default is used.
#define _GNU_SOURCE
#include "affinity.h"
#include "icv.h"
#include "platform.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

glass_env_t glass_env;

static bool warnings_on = true;

void glass_warnings_set(bool on) {
  warnings_on = on;
}

void glass_vwarn(const char *fmt, va_list ap) {
  if (!warnings_on)
    return;
  char buf[512];
  vsnprintf(buf, sizeof(buf), fmt, ap);
  fprintf(stderr, "OMP: Warning: %s\n", buf);
}

void glass_warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  glass_vwarn(fmt, ap);
  va_end(ap);
}

int glass_name_value(const glass_name_t *names, size_t count, const char *w, size_t n) {
  for (size_t i = 0; i < count; i++)
    if (strlen(names[i].name) == n && strncasecmp(w, names[i].name, n) == 0)
      return names[i].value;
  return -1;
}

static void bad_value(const char *var, const char *value, const char *expected,
                      const char *fallback) {
  glass_warn("%s=\"%s\" is invalid (%s); using %s", var, value, expected, fallback);
}

// ---------------------------------------------------------------------------------------------
// Scalars.

static const char *skip_space(const char *s) {
  while (isspace((unsigned char)*s))
    s++;
  return s;
}

static bool only_space(const char *s) {
  return *skip_space(s) == '\0';
}

// A decimal integer in [lo, hi] at *s; *s moves past it.
static bool leading_int(const char **s, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = strtol(*s, &end, 10);
  if (errno || end == *s || v < lo || v > hi)
    return false;
  *s = end;
  *out = v;
  return true;
}

// A decimal integer in [lo, hi], surrounded by optional spaces.
static bool parse_int(const char *s, long lo, long hi, long *out) {
  s = skip_space(s);
  return *s && leading_int(&s, lo, hi, out) && only_space(s);
}

static bool word_is(const char *s, const char *word) {
  s = skip_space(s);
  size_t n = strlen(word);
  return strncasecmp(s, word, n) == 0 && only_space(s + n);
}

static int parse_bool(const char *s) {
  static const char *const yes[] = {"true", "1", "yes", "on", ".t.", "t", "y"};
  static const char *const no[] = {"false", "0", "no", "off", ".f.", "f", "n"};
  for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++)
    if (word_is(s, yes[i]))
      return 1;
  for (size_t i = 0; i < sizeof(no) / sizeof(*no); i++)
    if (word_is(s, no[i]))
      return 0;
  return -1;
}

static const char *get(const char *name) {
  const char *v = getenv(name);
  return v; // an empty value is a value (and usually invalid)
}

static void read_bool(const char *name, bool *out, bool *set) {
  const char *v = get(name);
  if (!v)
    return;
  int b = parse_bool(v);
  if (b < 0) {
    bad_value(name, v, "expected true or false", *out ? "true" : "false");
    return;
  }
  *out = b;
  if (set)
    *set = true;
}

static void read_int(const char *name, long lo, long hi, int32_t *out, bool *set) {
  const char *v = get(name);
  if (!v)
    return;
  long x;
  if (!parse_int(v, lo, hi, &x)) {
    char range[96], fb[32];
    if (hi == INT_MAX)
      snprintf(range, sizeof(range), "expected an integer >= %ld", lo);
    else
      snprintf(range, sizeof(range), "expected an integer in [%ld, %ld]", lo, hi);
    if (*out == 0 && lo > 0)
      snprintf(fb, sizeof(fb), "the default"); // 0 stands for "unset" (OMP_NUM_TEAMS, ...)
    else
      snprintf(fb, sizeof(fb), "%d", *out);
    bad_value(name, v, range, fb);
    return;
  }
  *out = (int32_t)x;
  if (set)
    *set = true;
}

// ---------------------------------------------------------------------------------------------
// Lists and compound values.

// Elements a comma-separated list can have: one more than its commas.
static size_t list_room(const char *s) {
  size_t n = 1;
  for (; *s; s++)
    n += *s == ',';
  return n;
}

// Variable `name` as a comma-separated list of `size`-byte elements, each read by `item` (which
// advances the cursor past it and returns false when it is malformed). NULL when unset or
// malformed (with a warning); *len is set only with a list.
typedef bool (*list_item_fn)(const char **s, void *elem, int index);

static void *read_list(const char *name, size_t size, list_item_fn item, int *len,
                       const char *expected, const char *fallback) {
  const char *v = get(name);
  if (!v)
    return NULL;
  size_t room = list_room(v);
  char *out = room <= INT_MAX ? malloc(size * room) : NULL;
  int n = 0;
  for (const char *s = v; out;) {
    s = skip_space(s);
    if (!item(&s, out + size * (size_t)n, n))
      break;
    n++;
    s = skip_space(s);
    if (*s == '\0') {
      *len = n;
      return out;
    }
    if (*s++ != ',')
      break;
  }
  free(out);
  bad_value(name, v, expected, fallback);
  return NULL;
}

static bool nthreads_item(const char **s, void *elem, int index) {
  (void)index;
  long x;
  bool ok = leading_int(s, 1, INT_MAX, &x);
  *(int32_t *)elem = ok ? (int32_t)x : 0;
  return ok;
}

static void read_num_threads(void) {
  char fb[32];
  snprintf(fb, sizeof(fb), "%d", glass_nprocs);
  int32_t *list =
      read_list("OMP_NUM_THREADS", sizeof(int32_t), nthreads_item, &glass_env.nthreads_len,
                "expected a comma-separated list of positive integers", fb);
  if (list) {
    glass_env.nthreads_list = list;
    glass_env.nthreads_set = true;
  }
}

static int parse_bind_word(const char *s, size_t n) {
  static const glass_name_t words[] = {
      {"false", GLASS_BIND_FALSE},    {"true", GLASS_BIND_TRUE},   {"primary", GLASS_BIND_PRIMARY},
      {"master", GLASS_BIND_PRIMARY}, {"close", GLASS_BIND_CLOSE}, {"spread", GLASS_BIND_SPREAD}};
  return glass_name_value(words, sizeof(words) / sizeof(*words), s, n);
}

// libomp's KMP_TEAMS_PROC_BIND: the policy that gives a league's teams their places and
// subpartitions (spread, close or primary; true and false have no meaning there).
static void read_teams_proc_bind(void) {
  glass_env.teams_bind = GLASS_BIND_SPREAD;
  const char *v = get("KMP_TEAMS_PROC_BIND");
  if (!v)
    return;
  const char *w = skip_space(v), *s = w;
  while (isalpha((unsigned char)*s))
    s++;
  int b = parse_bind_word(w, (size_t)(s - w));
  if (b < 0 || b == GLASS_BIND_FALSE || b == GLASS_BIND_TRUE || *skip_space(s) != '\0') {
    bad_value("KMP_TEAMS_PROC_BIND", v, "expected spread, close or primary", "spread");
    return;
  }
  glass_env.teams_bind = (int8_t)b;
}

// libomp's KMP_FORCE_REDUCTION: the reduction method to use wherever it applies.
static void read_force_reduction(void) {
  static const char *const names[] = {
      [GLASS_FORCE_REDUCTION_CRITICAL] = "critical",
      [GLASS_FORCE_REDUCTION_ATOMIC] = "atomic",
      [GLASS_FORCE_REDUCTION_TREE] = "tree",
  };
  const char *v = get("KMP_FORCE_REDUCTION");
  if (!v || !*v)
    return;
  for (int8_t m = GLASS_FORCE_REDUCTION_CRITICAL; m <= GLASS_FORCE_REDUCTION_TREE; m++)
    if (!strcasecmp(v, names[m])) {
      glass_env.force_reduction = m;
      return;
    }
  bad_value("KMP_FORCE_REDUCTION", v, "critical, atomic or tree", "the runtime's choice");
}

// true and false only as the first element.
static bool bind_item(const char **s, void *elem, int index) {
  const char *w = *s;
  while (isalpha((unsigned char)**s))
    (*s)++;
  int b = parse_bind_word(w, (size_t)(*s - w));
  if (b < 0 || (index > 0 && (b == GLASS_BIND_FALSE || b == GLASS_BIND_TRUE)))
    return false;
  *(int8_t *)elem = (int8_t)b;
  return true;
}

static void read_proc_bind(void) {
  int8_t *list = read_list("OMP_PROC_BIND", 1, bind_item, &glass_env.bind_len,
                           "expected true, false, or a list of primary, close, spread", "false");
  if (list)
    glass_env.bind_list = list;
}

// libomp's KMP_AFFINITY (kmp_affinity.c): a type replaces OMP_PLACES and OMP_PROC_BIND.
static void read_kmp_affinity(glass_env_t *e) {
  glass_kaff_read();
  if (!glass_kaff_overrides())
    return;
  if (e->places)
    glass_warn("OMP_PLACES: ignored because KMP_AFFINITY has been defined");
  if (e->bind_len)
    glass_warn("OMP_PROC_BIND: ignored because KMP_AFFINITY has been defined");
  e->places = NULL;
  e->bind_len = 0;
  e->initial.bind = glass_kaff_binds() ? GLASS_BIND_INTEL : GLASS_BIND_FALSE;
}

// [modifier:]kind[,chunk]
static void read_schedule(void) {
  const char *v = get("OMP_SCHEDULE");
  if (!v)
    return;
  const char *s = skip_space(v);
  int mod = 0;
  const char *colon = strchr(s, ':');
  if (colon) {
    size_t n = (size_t)(colon - s);
    if (n == 9 && strncasecmp(s, "monotonic", 9) == 0)
      mod = GLASS_SCHED_MONOTONIC;
    else if (n == 12 && strncasecmp(s, "nonmonotonic", 12) == 0)
      mod = 0;
    else
      goto bad;
    s = skip_space(colon + 1);
  }
  const char *w = s;
  while (isalpha((unsigned char)*s) || *s == '_')
    s++;
  size_t n = (size_t)(s - w);
  int kind;
  if (n == 6 && strncasecmp(w, "static", 6) == 0)
    kind = GLASS_SCHED_STATIC;
  else if (n == 7 && strncasecmp(w, "dynamic", 7) == 0)
    kind = GLASS_SCHED_DYNAMIC;
  else if (n == 6 && strncasecmp(w, "guided", 6) == 0)
    kind = GLASS_SCHED_GUIDED;
  else if (n == 4 && strncasecmp(w, "auto", 4) == 0)
    kind = GLASS_SCHED_AUTO;
  else if (n == 12 && strncasecmp(w, "static_steal", 12) == 0)
    kind = GLASS_SCHED_DYNAMIC; // libomp's work-stealing kind, which it too reports as dynamic
  else if (n == 11 && strncasecmp(w, "trapezoidal", 11) == 0)
    kind = GLASS_SCHED_TRAPEZOIDAL;
  else
    goto bad;
  long chunk = 0;
  s = skip_space(s);
  if (*s == ',') {
    if (!parse_int(s + 1, 1, INT_MAX, &chunk))
      goto bad;
  } else if (*s) {
    goto bad;
  }
  glass_env.initial.sched_kind = kind | mod;
  glass_env.initial.sched_chunk = (int32_t)chunk;
  return;
bad:
  bad_value("OMP_SCHEDULE", v,
            "expected [monotonic:|nonmonotonic:]static|dynamic|guided|auto[,chunk]", "static");
}

// size[B|K|M|G], default unit K (OpenMP 5.1 §6.6).
static void read_stacksize(void) {
  const char *v = get("OMP_STACKSIZE");
  if (!v)
    return;
  const char *s = skip_space(v);
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 10);
  if (end == s || errno || *s == '-')
    goto bad;
  s = skip_space(end);
  unsigned long long unit = 1024;
  if (*s) {
    switch (toupper((unsigned char)*s)) {
    case 'B':
      unit = 1;
      break;
    case 'K':
      unit = 1024;
      break;
    case 'M':
      unit = 1024ull * 1024;
      break;
    case 'G':
      unit = 1024ull * 1024 * 1024;
      break;
    default:
      goto bad;
    }
    s++;
    if (!only_space(s))
      goto bad;
  }
  if (x == 0 || x > (1ull << 40) / unit)
    goto bad;
  glass_env.stacksize = (size_t)(x * unit);
  if (glass_env.stacksize < GLASS_MIN_STACKSIZE) {
    glass_warn("OMP_STACKSIZE=\"%s\" is below the minimum stack size; using %zuK", v,
               GLASS_MIN_STACKSIZE >> 10);
    glass_env.stacksize = GLASS_MIN_STACKSIZE;
  }
  return;
bad:
  bad_value("OMP_STACKSIZE", v, "expected a positive size with an optional B, K, M or G unit",
            "the system default");
}

// Milliseconds, optionally with an ms/us/s unit, or "infinite".
static void read_blocktime(void) {
  const char *v = get("KMP_BLOCKTIME");
  if (!v)
    return;
  if (word_is(v, "infinite") || word_is(v, "infinity")) {
    glass_env.blocktime_ms = -1;
    glass_env.blocktime_set = true;
    return;
  }
  const char *s = skip_space(v);
  char *end;
  errno = 0;
  long long x = strtoll(s, &end, 10);
  if (end == s || errno || x < 0)
    goto bad;
  s = skip_space(end);
  if (*s) {
    if (word_is(s, "ms"))
      ;
    else if (word_is(s, "us"))
      x = (x + 999) / 1000;
    else if (word_is(s, "s"))
      x *= 1000;
    else
      goto bad;
  }
  if (x > INT_MAX)
    x = -1; // libomp treats huge values as infinite
  glass_env.blocktime_ms = x;
  glass_env.blocktime_set = true;
  return;
bad:
  bad_value("KMP_BLOCKTIME", v, "expected milliseconds or \"infinite\"", "200");
}

// libomp's KMP_DISP_NUM_BUFFERS: how many consecutive nowait loops a team may run side by side
// (its dispatch slots, ws_dispatch.c). Out of libomp's range, 1 to 4096, the nearest bound.
static void read_disp_num_buffers(void) {
  const char *v = get("KMP_DISP_NUM_BUFFERS");
  long n;
  if (!v)
    return;
  if (!parse_int(v, LONG_MIN, LONG_MAX, &n)) {
    bad_value("KMP_DISP_NUM_BUFFERS", v, "expected an integer from 1 to 4096", "7");
    return;
  }
  if (n < 1 || n > 4096) {
    glass_warn("KMP_DISP_NUM_BUFFERS=\"%s\" is too %s; using %d", v, n < 1 ? "small" : "large",
               n < 1 ? 1 : 4096);
    n = n < 1 ? 1 : 4096;
  }
  glass_env.disp_num_buffers = (int32_t)n;
}

static void read_wait_policy(void) {
  const char *v = get("OMP_WAIT_POLICY");
  if (!v)
    return;
  if (word_is(v, "active"))
    glass_env.wait_policy = GLASS_WAIT_ACTIVE;
  else if (word_is(v, "passive"))
    glass_env.wait_policy = GLASS_WAIT_PASSIVE;
  else
    bad_value("OMP_WAIT_POLICY", v, "expected active or passive", "the default");
}

static void read_display_env(void) {
  const char *v = get("OMP_DISPLAY_ENV");
  if (!v)
    return;
  if (word_is(v, "verbose")) {
    glass_env.display_env = 2;
    return;
  }
  int b = parse_bool(v);
  if (b < 0)
    bad_value("OMP_DISPLAY_ENV", v, "expected true, false or verbose", "false");
  else
    glass_env.display_env = b;
}

static void read_tool(void) {
  const char *v = get("OMP_TOOL");
  if (v) {
    if (word_is(v, "enabled"))
      glass_env.tool = 1;
    else if (word_is(v, "disabled"))
      glass_env.tool = 0;
    else
      bad_value("OMP_TOOL", v, "expected enabled or disabled", "enabled");
  }
  const char *libs = get("OMP_TOOL_LIBRARIES");
  glass_env.tool_libraries = libs ? strdup(libs) : NULL;
  const char *verbose = get("OMP_TOOL_VERBOSE_INIT");
  glass_env.tool_verbose_init = verbose ? strdup(verbose) : NULL;
}

// glass_env.target_offload's encoding of an OMP_TARGET_OFFLOAD value; default when invalid.
static int parse_target_offload(const char *v) {
  if (word_is(v, "default"))
    return 0;
  if (word_is(v, "mandatory"))
    return 1;
  if (word_is(v, "disabled"))
    return 2;
  bad_value("OMP_TARGET_OFFLOAD", v, "expected mandatory, disabled or default", "default");
  return 0;
}

static void read_target_offload(void) {
  const char *v = get("OMP_TARGET_OFFLOAD");
  if (v)
    glass_env.target_offload = parse_target_offload(v);
}

void glass_env_set_target_offload(const char *value) {
  __atomic_store_n(&glass_env.target_offload, parse_target_offload(value), __ATOMIC_RELAXED);
}

void glass_env_read(void) {
  glass_env_t *e = &glass_env;
  memset(e, 0, sizeof(*e));
  e->tool = 1;
  e->thread_limit = INT_MAX;
  e->blocktime_ms = 200;
  e->affinity_format = "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";
  e->initial.nthreads = glass_nprocs;
  e->initial.max_active_levels = 1;
  e->initial.thread_limit = INT_MAX;
  e->initial.sched_kind = GLASS_SCHED_STATIC;
  e->initial.sched_chunk = 0;
  e->initial.bind = GLASS_BIND_FALSE;

  read_num_threads();
  if (e->nthreads_len > 0)
    e->initial.nthreads = e->nthreads_list[0];
  read_bool("OMP_DYNAMIC", &e->initial.dyn, &e->dynamic_set);
  bool nested = false;
  read_bool("OMP_NESTED", &nested, &e->nested_set);
  read_int("OMP_MAX_ACTIVE_LEVELS", 0, INT_MAX, &e->initial.max_active_levels,
           &e->max_active_levels_set);
  if (!e->max_active_levels_set) {
    // As libomp: nesting is on when asked for by OMP_NESTED or by a list of team sizes.
    if (e->nested_set)
      e->initial.max_active_levels = nested ? INT_MAX : 1;
    else if (e->nthreads_len > 1)
      e->initial.max_active_levels = INT_MAX;
  }
  read_int("OMP_THREAD_LIMIT", 1, INT_MAX, &e->thread_limit, NULL);
  e->initial.thread_limit = e->thread_limit;
  read_wait_policy();
  read_stacksize();
  read_blocktime();
  read_disp_num_buffers();
  bool throttle = true; // libomp's knob; off, a producer never runs a task to make room
  read_bool("KMP_ENABLE_TASK_THROTTLING", &throttle, NULL);
  e->no_task_throttling = !throttle;
  read_schedule();
  e->places = get("OMP_PLACES");
  read_proc_bind();
  read_teams_proc_bind();
  read_force_reduction();
  if (e->bind_len > 0)
    e->initial.bind = e->bind_list[0];
  else if (e->places)
    e->initial.bind = GLASS_BIND_TRUE; // places named, binding left unsaid: bind (as libomp)
  read_kmp_affinity(e);
  read_bool("OMP_CANCELLATION", &e->cancellation, NULL);
  read_bool("GLASS_STATS", &e->stats, NULL);
  read_int("OMP_MAX_TASK_PRIORITY", 0, INT_MAX, &e->max_task_priority, NULL);
  read_int("OMP_DEFAULT_DEVICE", 0, INT_MAX, &e->initial.default_device, NULL);
  read_int("OMP_NUM_TEAMS", 1, INT_MAX, &e->num_teams, NULL);
  read_int("OMP_TEAMS_THREAD_LIMIT", 1, INT_MAX, &e->teams_thread_limit, NULL);
  read_bool("OMP_DISPLAY_AFFINITY", &e->display_affinity, NULL);
  const char *fmt = get("OMP_AFFINITY_FORMAT");
  if (fmt)
    e->affinity_format = strdup(fmt);
  e->allocator = get("OMP_ALLOCATOR");
  e->initial.def_allocator = glass_alloc_from_env(e->allocator);
  read_target_offload();
  read_display_env();
  read_tool();
}

// ---------------------------------------------------------------------------------------------
// OMP_DISPLAY_ENV (OpenMP 5.1 §6.12): name='value' lines between BEGIN and END markers.

static const char *bind_name(int b) {
  static const char *const names[] = {"false", "true", "primary", "close", "spread", "intel"};
  return b >= 0 && b <= GLASS_BIND_INTEL ? names[b] : "false";
}

static void show(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void show(const char *name, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  fprintf(stderr, "  [host] %s='%s'\n", name, buf);
}

void glass_env_display(bool verbose) {
  const glass_env_t *e = &glass_env;
  const glass_icvs_t *i = &e->initial;
  fprintf(stderr, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
  fprintf(stderr, "  _OPENMP='202011'\n");
  show("OMP_AFFINITY_FORMAT", "%s", e->affinity_format);
  show("OMP_ALLOCATOR", "%s", e->allocator ? e->allocator : "omp_default_mem_alloc");
  show("OMP_CANCELLATION", "%s", e->cancellation ? "TRUE" : "FALSE");
  show("OMP_DEFAULT_DEVICE", "%d", i->default_device);
  show("OMP_DISPLAY_AFFINITY", "%s", e->display_affinity ? "TRUE" : "FALSE");
  show("OMP_DISPLAY_ENV", "%s",
       e->display_env == 2 ? "VERBOSE"
       : e->display_env    ? "TRUE"
                           : "FALSE");
  show("OMP_DYNAMIC", "%s", i->dyn ? "TRUE" : "FALSE");
  show("OMP_MAX_ACTIVE_LEVELS", "%d", i->max_active_levels);
  show("OMP_MAX_TASK_PRIORITY", "%d", e->max_task_priority);
  show("OMP_NESTED", "%s", i->max_active_levels > 1 ? "TRUE" : "FALSE");
  show("OMP_NUM_TEAMS", "%d", e->num_teams);
  fprintf(stderr, "  [host] OMP_NUM_THREADS='");
  if (e->nthreads_len == 0)
    fprintf(stderr, "%d", i->nthreads);
  for (int k = 0; k < e->nthreads_len; k++)
    fprintf(stderr, "%s%d", k ? "," : "", e->nthreads_list[k]);
  fprintf(stderr, "'\n");
  show("OMP_PLACES", "%s", e->places ? e->places : "");
  fprintf(stderr, "  [host] OMP_PROC_BIND='%s", bind_name(i->bind));
  for (int k = 1; k < e->bind_len; k++)
    fprintf(stderr, ",%s", bind_name(e->bind_list[k]));
  fprintf(stderr, "'\n");
  static const char *const kinds[] = {"", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
  int kind = i->sched_kind & ~GLASS_SCHED_MONOTONIC;
  const char *mod = (i->sched_kind & GLASS_SCHED_MONOTONIC) ? "MONOTONIC:" : "";
  const char *name = kind == GLASS_SCHED_TRAPEZOIDAL ? "TRAPEZOIDAL" : kinds[kind & 7];
  if (i->sched_chunk > 0)
    show("OMP_SCHEDULE", "%s%s,%d", mod, name, i->sched_chunk);
  else
    show("OMP_SCHEDULE", "%s%s", mod, name);
  if (e->stacksize)
    show("OMP_STACKSIZE", "%zuK", e->stacksize / 1024);
  else
    show("OMP_STACKSIZE", "%s", "8192K");
  static const char *const offload[] = {"DEFAULT", "MANDATORY", "DISABLED"};
  show("OMP_TARGET_OFFLOAD", "%s", offload[e->target_offload]);
  show("OMP_TEAMS_THREAD_LIMIT", "%d", e->teams_thread_limit);
  show("OMP_THREAD_LIMIT", "%d", e->thread_limit);
  show("OMP_TOOL", "%s", e->tool ? "enabled" : "disabled");
  show("OMP_TOOL_LIBRARIES", "%s", e->tool_libraries ? e->tool_libraries : "");
  show("OMP_TOOL_VERBOSE_INIT", "%s", e->tool_verbose_init ? e->tool_verbose_init : "");
  show("OMP_WAIT_POLICY", "%s", e->wait_policy == GLASS_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
  if (verbose) {
    if (e->blocktime_ms < 0)
      show("KMP_BLOCKTIME", "%s", "infinite");
    else
      show("KMP_BLOCKTIME", "%lld", (long long)e->blocktime_ms);
    fprintf(stderr, "  [host] GLASS_NUM_PROCS='%d'\n", glass_nprocs);
  }
  fprintf(stderr, "OPENMP DISPLAY ENVIRONMENT END\n");
}
