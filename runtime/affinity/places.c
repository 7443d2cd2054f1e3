// Places (OpenMP 5.1 §2.4, §6.5 OMP_PLACES): the machine's topology read from sysfs, and the
// place list built from OMP_PLACES (abstract names with an optional count, or explicit lists
// with intervals and exclusions). Built once, lazily, then read-only: the OMPT place inquiries
// read it from signal handlers.
#define _GNU_SOURCE
#include "affinity.h"
#include "topology.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

glass_places_t glass_places;

// ---------------------------------------------------------------------------------------------
// Places from the topology (topology.h).

void glass_places_add(const cpu_set_t *set) {
  if (CPU_COUNT(set) == 0)
    return;
  glass_places_t *p = &glass_places;
  if (p->count == p->capacity) {
    int cap = p->capacity ? p->capacity * 2 : 16;
    cpu_set_t *sets = glass_zalloc(sizeof(cpu_set_t) * (size_t)cap);
    if (p->count)
      memcpy(sets, p->sets, sizeof(cpu_set_t) * (size_t)p->count);
    glass_free(p->sets);
    p->sets = sets;
    p->capacity = cap;
  }
  p->sets[p->count++] = *set;
}

// One place per distinct group at `level`, in topology order, at most `limit` of them.
static void places_from_level(int level, int limit) {
  cpu_set_t seen;
  CPU_ZERO(&seen);
  for (int i = 0; i < glass_topology.npus && (limit <= 0 || glass_places.count < limit); i++) {
    int cpu = glass_topology.pus[i].os;
    if (!CPU_ISSET(cpu, &glass_places.usable) || CPU_ISSET(cpu, &seen))
      continue;
    cpu_set_t g;
    glass_topology_group(cpu, level, &g);
    CPU_AND(&g, &g, &glass_places.usable);
    CPU_OR(&seen, &seen, &g);
    glass_places_add(&g);
  }
}

// The places an abstract name gives. libomp's own names fall back to cores, with a warning,
// where the machine lacks the level; OpenMP's (numa_domains, ll_caches) take the next level
// out that exists.
static void places_from_name(int level, int limit) {
  bool libomps = level != GLASS_TOPO_THREAD && level != GLASS_TOPO_CORE &&
                 level != GLASS_TOPO_NUMA && level != GLASS_TOPO_SOCKET && level != GLASS_TOPO_LLC;
  if (libomps && glass_topology.nobjs[level] == 0) {
    glass_warn("OMP_PLACES: granularity setting: %s does not exist in topology. Using "
               "granularity=core instead",
               glass_topology_level_name(level));
    level = GLASS_TOPO_CORE;
  }
  glass_places.kind = glass_topology_level_plural(level);
  places_from_level(level, limit);
}

// ---------------------------------------------------------------------------------------------
// Explicit place lists: {0,1,2},{3:4},{0:4}:4:4,!{8}

// Every count and stride is checked before anything is expanded: an interval's processors must
// lie in 0..CPU_SETSIZE-1, and the list may hold at most MAX_PLACES places (repeats with stride
// 0 included), so that no value, however large, makes the parse loop or allocate for long.
enum { MAX_PLACES = 4 * CPU_SETSIZE };

typedef struct {
  const char *s;
  bool bad;
  char why[96]; // what was wrong, for the warning
} cursor_t;

static void fail(cursor_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(cursor_t *c, const char *fmt, ...) {
  if (c->bad)
    return; // the first reason is the one to report
  c->bad = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->why, sizeof(c->why), fmt, ap);
  va_end(ap);
}

static void skip(cursor_t *c) {
  while (isspace((unsigned char)*c->s))
    c->s++;
}

static long number(cursor_t *c, bool allow_negative) {
  skip(c);
  char *end;
  errno = 0;
  long v = strtol(c->s, &end, 10);
  if (end == c->s)
    fail(c, "a number expected at \"%.16s\"", c->s);
  else if (errno || (!allow_negative && v < 0))
    fail(c, "%.*s is out of range", (int)(end - c->s > 24 ? 24 : end - c->s), c->s);
  c->s = end;
  return v;
}

// [:len[:stride]] after a resource or a place; len 1 and stride 1 when absent.
static void interval(cursor_t *c, long *len, long *stride) {
  *len = 1;
  *stride = 1;
  skip(c);
  if (*c->s != ':')
    return;
  c->s++;
  *len = number(c, false);
  skip(c);
  if (*c->s == ':') {
    c->s++;
    *stride = number(c, true);
  }
  if (!c->bad && *len < 1)
    fail(c, "a length of %ld", *len);
}

// Whether first + (len - 1) * stride stays in 0..CPU_SETSIZE-1 (with first in it).
static bool reaches_within(long first, long len, long stride, long *end) {
  long span;
  return !__builtin_mul_overflow(len - 1, stride, &span) &&
         !__builtin_add_overflow(first, span, end) && *end >= 0 && *end < CPU_SETSIZE;
}

// res[:len[:stride]] items inside braces, or !res to exclude.
static void parse_resources(cursor_t *c, cpu_set_t *set) {
  CPU_ZERO(set);
  for (;;) {
    skip(c);
    bool exclude = *c->s == '!';
    if (exclude)
      c->s++;
    long start = number(c, false), len, stride, end;
    interval(c, &len, &stride);
    if (c->bad)
      return;
    if (stride == 0)
      len = 1; // the same processor again and again
    if (start >= CPU_SETSIZE || !reaches_within(start, len, stride, &end)) {
      fail(c, "processors %ld:%ld:%ld leave 0..%d", start, len, stride, CPU_SETSIZE - 1);
      return;
    }
    for (long i = 0; i < len; i++) {
      if (exclude)
        CPU_CLR((int)(start + i * stride), set);
      else
        CPU_SET((int)(start + i * stride), set);
    }
    skip(c);
    if (*c->s != ',')
      return;
    c->s++;
  }
}

static void shift_set(const cpu_set_t *in, long by, cpu_set_t *out) {
  CPU_ZERO(out);
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, in))
      CPU_SET((int)(cpu + by), out);
}

// A place repeated len times, stride apart: every copy within the processor range.
static bool place_interval_ok(cursor_t *c, const cpu_set_t *set, long len, long stride) {
  if (len > MAX_PLACES - glass_places.count) {
    fail(c, "%ld more places; at most %d in all", len, MAX_PLACES);
    return false;
  }
  int lo = -1, hi = -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, set)) {
      lo = lo < 0 ? cpu : lo;
      hi = cpu;
    }
  long end;
  if (lo >= 0 &&
      (!reaches_within(lo, len, stride, &end) || !reaches_within(hi, len, stride, &end))) {
    fail(c, "%ld places %ld apart leave processors 0..%d", len, stride, CPU_SETSIZE - 1);
    return false;
  }
  return true;
}

static void exclude_place(const cpu_set_t *set) {
  for (int p = 0; p < glass_places.count; p++)
    if (CPU_EQUAL(&glass_places.sets[p], set))
      glass_places.sets[p] = (cpu_set_t){0};
}

static bool parse_explicit(const char *text, char *why, size_t why_size) {
  cursor_t c = {.s = text};
  for (;;) {
    skip(&c);
    bool exclude = *c.s == '!';
    if (exclude)
      c.s++;
    skip(&c);
    if (*c.s != '{') {
      fail(&c, "'{' expected at \"%.16s\"", c.s);
      break;
    }
    c.s++;
    cpu_set_t set;
    parse_resources(&c, &set);
    skip(&c);
    if (!c.bad && *c.s != '}')
      fail(&c, "'}' expected at \"%.16s\"", c.s);
    if (c.bad)
      break;
    c.s++;
    long len, stride;
    interval(&c, &len, &stride);
    if (c.bad || !place_interval_ok(&c, &set, len, stride))
      break;
    for (long i = 0; i < len; i++) {
      cpu_set_t shifted;
      shift_set(&set, i * stride, &shifted);
      CPU_AND(&shifted, &shifted, &glass_places.usable);
      if (exclude)
        exclude_place(&shifted);
      else
        glass_places_add(&shifted);
    }
    skip(&c);
    if (*c.s == '\0')
      break;
    if (*c.s != ',') {
      fail(&c, "',' expected at \"%.16s\"", c.s);
      break;
    }
    c.s++;
  }
  if (c.bad) {
    snprintf(why, why_size, "%s", c.why);
    return false;
  }
  // Drop excluded (emptied) places.
  int n = 0;
  for (int p = 0; p < glass_places.count; p++)
    if (CPU_COUNT(&glass_places.sets[p]))
      glass_places.sets[n++] = glass_places.sets[p];
  glass_places.count = n;
  if (n == 0)
    snprintf(why, why_size, "no place has a processor this process may use");
  return n > 0;
}

// ---------------------------------------------------------------------------------------------

// An abstract name with an optional (count): OpenMP's threads, cores, ll_caches, numa_domains,
// sockets, and libomp's l1_caches, l2_caches, l3_caches, modules, tiles, dice. *named is the
// name's level when the text starts with one (so that a malformed count can fall back to the
// name alone, as libomp does).
enum { NOT_NAMED = -100 };

static bool parse_abstract(const char *text, int *named, char *why, size_t why_size) {
  const char *s = text;
  *named = NOT_NAMED;
  while (isspace((unsigned char)*s))
    s++;
  const char *r = s;
  while (isalnum((unsigned char)*r) || *r == '_')
    r++;
  int level = glass_topology_level_named(s, (size_t)(r - s), GLASS_NAME_PLACES);
  if (level == -1)
    return false;
  *named = level;
  while (isspace((unsigned char)*r))
    r++;
  long limit = 0;
  if (*r == '(') {
    char *end;
    limit = strtol(r + 1, &end, 10);
    if (end == r + 1 || limit < 1 || *end != ')') {
      snprintf(why, why_size, "the count in parentheses must be a positive number");
      return false;
    }
    if (limit > INT_MAX)
      limit = INT_MAX; // more than there are: all of them
    r = end + 1;
    while (isspace((unsigned char)*r))
      r++;
  }
  if (*r) {
    snprintf(why, why_size, "unexpected \"%.16s\" after %s", r, glass_topology_level_plural(level));
    return false;
  }
  places_from_name(level, (int)limit);
  return glass_places.count > 0;
}

static glass_mutex_t places_lock = GLASS_MUTEX_INIT;

// OMP_PLACES; a malformed value warns and falls back to the abstract name it starts with, or to
// cores (libomp's choices).
static void places_from_env(const char *text) {
  int named = NOT_NAMED;
  bool ok = false;
  if (text && *text) {
    char why[128] = "expected threads, cores, ll_caches, numa_domains, sockets with an optional "
                    "(count), or a list of {places}";
    ok = strchr(text, '{') ? parse_explicit(text, why, sizeof(why))
                           : parse_abstract(text, &named, why, sizeof(why));
    if (!ok) {
      glass_warn("OMP_PLACES=\"%s\" is invalid (%s); using %s", text, why,
                 glass_topology_level_plural(named != NOT_NAMED ? named : GLASS_TOPO_CORE));
      glass_places.count = 0;
    } else if (!glass_places.kind) {
      glass_places.kind = "explicit";
      glass_places.explicit_list = true;
    }
  }
  if (!ok)
    places_from_name(named != NOT_NAMED ? named : GLASS_TOPO_CORE, 0);
  glass_places.explicit_request = text && *text && ok;
}

void glass_places_init(void) {
  if (__atomic_load_n(&glass_places.ready, __ATOMIC_ACQUIRE))
    return;
  glass_mutex_lock(&places_lock);
  if (!glass_places.ready) {
    glass_topology_init();
    glass_places.usable = glass_topology.usable;
    if (glass_kaff_places()) {
      glass_places.explicit_request = glass_kaff_binds();
      glass_places.explicit_list = glass_kaff.type == GLASS_KAFF_EXPLICIT;
    } else {
      places_from_env(glass_env.places);
    }
    if (glass_kaff.verbose)
      glass_topology_print();
    if (getenv("GLASS_TOPOLOGY_QUERIES"))
      glass_topology_print_queries();
    __atomic_store_n(&glass_places.ready, true, __ATOMIC_RELEASE);
  }
  glass_mutex_unlock(&places_lock);
}

// The place whose processors contain all of `set`'s, or -1.
int glass_place_containing(const cpu_set_t *set) {
  for (int p = 0; p < glass_places.count; p++) {
    cpu_set_t both;
    CPU_AND(&both, set, &glass_places.sets[p]);
    if (CPU_EQUAL(&both, set))
      return p;
  }
  return -1;
}
