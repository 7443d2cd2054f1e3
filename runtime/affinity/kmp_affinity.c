// libomp's affinity environment: KMP_AFFINITY (types compact, scatter, balanced, explicit, none,
// disabled, with granularity, permute and offset, verbose, warnings, reset) and KMP_SETTINGS.
// A KMP_AFFINITY type that binds replaces OMP_PLACES and OMP_PROC_BIND, as in libomp: the place
// list is the topology sorted in the type's order at the granularity, and thread g (by global
// number) runs on place (g + offset) mod the number of places, whatever its team.
#define _GNU_SOURCE
#include "affinity.h"
#include "topology.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

glass_kaff_t glass_kaff = {.warnings = true, .respect = true, .granularity = -1};

static void kaff_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void kaff_warn(const char *fmt, ...) {
  if (!glass_kaff.warnings)
    return;
  va_list ap;
  va_start(ap, fmt);
  glass_vwarn(fmt, ap);
  va_end(ap);
}

// ---------------------------------------------------------------------------------------------
// Parsing.

static int type_word(const char *w, size_t n) {
  static const glass_name_t names[] = {
      {"none", GLASS_KAFF_NONE},         {"disabled", GLASS_KAFF_DISABLED},
      {"compact", GLASS_KAFF_COMPACT},   {"scatter", GLASS_KAFF_SCATTER},
      {"balanced", GLASS_KAFF_BALANCED}, {"explicit", GLASS_KAFF_EXPLICIT},
      {"logical", GLASS_KAFF_COMPACT},   {"physical", GLASS_KAFF_COMPACT}};
  return glass_name_value(names, sizeof(names) / sizeof(*names), w, n);
}

static bool word_is(const char *w, size_t n, const char *word) {
  return strlen(word) == n && strncasecmp(w, word, n) == 0;
}

// One comma-separated item of KMP_AFFINITY; false when it is not understood.
static bool kaff_item(const char *w, size_t n, int *numbers) {
  static const struct {
    const char *on, *off;
    size_t field;
  } flags[] = {{"verbose", "noverbose", offsetof(glass_kaff_t, verbose)},
               {"warnings", "nowarnings", offsetof(glass_kaff_t, warnings)},
               {"respect", "norespect", offsetof(glass_kaff_t, respect)},
               {"reset", "noreset", offsetof(glass_kaff_t, reset)},
               {"duplicates", "noduplicates", offsetof(glass_kaff_t, duplicates)}};
  for (size_t i = 0; i < sizeof(flags) / sizeof(*flags); i++)
    if (word_is(w, n, flags[i].on) || word_is(w, n, flags[i].off)) {
      *(bool *)((char *)&glass_kaff + flags[i].field) = word_is(w, n, flags[i].on);
      return true;
    }
  const char *eq = memchr(w, '=', n);
  if (eq && (word_is(w, (size_t)(eq - w), "granularity") || word_is(w, (size_t)(eq - w), "gran"))) {
    int g = glass_topology_level_named(eq + 1, n - (size_t)(eq + 1 - w), GLASS_NAME_GRANULARITY);
    if (g == -1)
      return false;
    glass_kaff.granularity = g;
    return true;
  }
  if (eq && word_is(w, (size_t)(eq - w), "proclist")) {
    const char *v = eq + 1;
    size_t len = n - (size_t)(v - w);
    if (len < 2 || v[0] != '[' || v[len - 1] != ']')
      return false;
    free(glass_kaff.proclist);
    glass_kaff.proclist = strndup(v + 1, len - 2);
    return glass_kaff.proclist != NULL;
  }
  int t = type_word(w, n);
  if (t >= 0) {
    if (word_is(w, n, "logical") || word_is(w, n, "physical"))
      kaff_warn("KMP_AFFINITY: \"%.*s\" is deprecated; using compact", (int)n, w);
    glass_kaff.type = t;
    *numbers = 0;
    return true;
  }
  if (n > 0 && isdigit((unsigned char)*w) && glass_kaff.type >= GLASS_KAFF_COMPACT &&
      *numbers < 2) {
    char *end;
    long v = strtol(w, &end, 10);
    if ((size_t)(end - w) != n || v > 1 << 20)
      return false;
    if ((*numbers)++ == 0)
      glass_kaff.permute = (int)v;
    else
      glass_kaff.offset = (int)v;
    return true;
  }
  return false;
}

void glass_kaff_read(void) {
  const char *s = getenv("KMP_SETTINGS");
  glass_kaff.settings = s && (strcasecmp(s, "1") == 0 || strcasecmp(s, "true") == 0 ||
                              strcasecmp(s, "on") == 0 || strcasecmp(s, "yes") == 0);
  const char *v = getenv("KMP_AFFINITY");
  if (!v)
    return;
  glass_kaff.given = true;
  int numbers = 0;
  for (const char *p = v; *p;) {
    while (isspace((unsigned char)*p) || *p == ',')
      p++;
    const char *w = p;
    int depth = 0; // commas inside proclist=[...] do not end the item
    for (; *p && (depth > 0 || *p != ','); p++)
      depth += (*p == '[') - (*p == ']');
    size_t n = (size_t)(p - w);
    while (n > 0 && isspace((unsigned char)w[n - 1]))
      n--;
    if (n > 0 && !kaff_item(w, n, &numbers))
      kaff_warn("KMP_AFFINITY: parameter invalid, ignoring \"%.*s\"", (int)n, w);
  }
  if (glass_kaff.proclist && glass_kaff.type == GLASS_KAFF_UNSET)
    glass_kaff.type = GLASS_KAFF_EXPLICIT;
  if (glass_kaff.type == GLASS_KAFF_EXPLICIT && !glass_kaff.proclist) {
    kaff_warn("KMP_AFFINITY: explicit without proclist=[...]; using none");
    glass_kaff.type = GLASS_KAFF_NONE;
  }
}

bool glass_kaff_binds(void) {
  return glass_kaff.type >= GLASS_KAFF_COMPACT;
}

bool glass_kaff_overrides(void) {
  return glass_kaff.type != GLASS_KAFF_UNSET;
}

// ---------------------------------------------------------------------------------------------
// Place lists.

// The granularity level that exists (an absent one warns once and falls back to core).
static int granularity_level(void) {
  int g = glass_kaff.granularity;
  if (g == -1)
    return glass_kaff.type == GLASS_KAFF_EXPLICIT ? GLASS_TOPO_THREAD : GLASS_TOPO_CORE;
  if (g == GLASS_TOPO_LLC)
    return glass_topology_llc_level();
  if (glass_topology.nobjs[g] == 0) {
    kaff_warn("KMP_AFFINITY: granularity setting: %s does not exist in topology. Using "
              "granularity=core instead",
              glass_topology_level_name(g));
    glass_kaff.granularity = GLASS_TOPO_CORE;
    return GLASS_TOPO_CORE;
  }
  return g;
}

enum { SORT_MAX = 7 }; // the candidate levels below

// The levels that sort processors, outermost first: socket, NUMA domain, die, tile, module,
// core, thread, ordered by how many objects they have (a NUMA domain may hold sockets), less
// those that add nothing (as many objects as the level before them: the inner name stays).
static int sort_levels(int *levels) {
  int cand[SORT_MAX] = {GLASS_TOPO_SOCKET, GLASS_TOPO_NUMA, GLASS_TOPO_DIE,   GLASS_TOPO_TILE,
                        GLASS_TOPO_MODULE, GLASS_TOPO_CORE, GLASS_TOPO_THREAD};
  const int *nobjs = glass_topology.nobjs;
  for (int i = 1; i < SORT_MAX; i++) // stable: on a tie the hierarchy's order holds
    for (int j = i; j > 0 && nobjs[cand[j]] < nobjs[cand[j - 1]]; j--) {
      int t = cand[j];
      cand[j] = cand[j - 1];
      cand[j - 1] = t;
    }
  int n = 0;
  for (int i = 0; i < SORT_MAX; i++) {
    if (nobjs[cand[i]] == 0)
      continue;
    if (n > 0 && nobjs[levels[n - 1]] == nobjs[cand[i]])
      levels[n - 1] = cand[i];
    else
      levels[n++] = cand[i];
  }
  return n;
}

typedef struct {
  int pu;              // index in glass_topology.pus
  int label[SORT_MAX]; // rank at each sort level within the level outside it
} labelled_t;

static int sort_depth, sort_inner; // sort_inner: that many innermost levels sort first

static int by_labels(const void *a, const void *b) {
  const labelled_t *x = a, *y = b;
  for (int i = 0; i < sort_depth; i++) {
    int j = i < sort_inner ? sort_depth - 1 - i : i - sort_inner;
    if (x->label[j] != y->label[j])
      return x->label[j] < y->label[j] ? -1 : 1;
  }
  return x->pu - y->pu;
}

static void label_pus(labelled_t *l, const int *levels, int depth) {
  const glass_topology_t *t = &glass_topology;
  int *count = glass_zalloc(sizeof(int) * (size_t)(t->npus + 1));
  int *rank = glass_zalloc(sizeof(int) * (size_t)(t->npus + 1));
  for (int i = 0; i < t->npus; i++)
    l[i].pu = i;
  for (int d = 0; d < depth; d++) {
    for (int k = 0; k <= t->npus; k++)
      count[k] = 0, rank[k] = -1;
    for (int i = 0; i < t->npus; i++) {
      int obj = t->pus[i].id[levels[d]];
      int parent = d == 0 ? 0 : t->pus[i].id[levels[d - 1]];
      if (rank[obj] < 0)
        rank[obj] = count[parent]++;
      l[i].label[d] = rank[obj];
    }
  }
  glass_free(count);
  glass_free(rank);
}

static bool has_place(const cpu_set_t *set) {
  for (int p = 0; p < glass_places.count; p++)
    if (CPU_EQUAL(&glass_places.sets[p], set))
      return true;
  return false;
}

// compact, scatter, balanced: the granularity's groups in the order of the sorted processors.
static void sorted_places(void) {
  const glass_topology_t *t = &glass_topology;
  int levels[SORT_MAX];
  int depth = sort_levels(levels);
  labelled_t *l = glass_zalloc(sizeof(labelled_t) * (size_t)(t->npus + 1));
  label_pus(l, levels, depth);
  int k = glass_kaff.permute;
  if (glass_kaff.type == GLASS_KAFF_SCATTER)
    k = depth - 1 - k;
  if (k < 0 || k >= depth)
    k = 0;
  sort_depth = depth;
  sort_inner = k;
  qsort(l, (size_t)t->npus, sizeof(*l), by_labels);
  int gran = granularity_level();
  for (int i = 0; i < t->npus; i++) {
    cpu_set_t g;
    glass_topology_group(t->pus[l[i].pu].os, gran, &g);
    if (!has_place(&g))
      glass_places_add(&g);
  }
  glass_free(l);
}

// proclist=[3,0-2,{4,5},7-15:2]: a number or a range gives one place per processor, braces one
// place of all they hold.
static bool proclist_number(const char **s, int *out) {
  char *end;
  long v = strtol(*s, &end, 10);
  if (end == *s || v < 0 || v >= CPU_SETSIZE)
    return false;
  *s = end;
  *out = (int)v;
  return true;
}

static bool proclist_range(const char **s, cpu_set_t *each, bool single) {
  int a, b, stride = 1;
  if (!proclist_number(s, &a))
    return false;
  b = a;
  if (**s == '-') {
    (*s)++;
    if (!proclist_number(s, &b) || b < a)
      return false;
    if (**s == ':') {
      (*s)++;
      if (!proclist_number(s, &stride) || stride < 1)
        return false;
    }
  }
  for (int c = a; c <= b; c += stride) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(c, &one);
    if (single) {
      CPU_OR(each, each, &one);
    } else {
      CPU_AND(&one, &one, &glass_places.usable);
      if (CPU_COUNT(&one))
        glass_places_add(&one);
    }
  }
  return true;
}

static bool explicit_places(const char *list) {
  const char *s = list;
  while (*s) {
    while (isspace((unsigned char)*s))
      s++;
    if (*s == '{') {
      s++;
      cpu_set_t set;
      CPU_ZERO(&set);
      for (;;) {
        if (!proclist_range(&s, &set, true))
          return false;
        if (*s != ',')
          break;
        s++;
      }
      if (*s++ != '}')
        return false;
      CPU_AND(&set, &set, &glass_places.usable);
      if (CPU_COUNT(&set))
        glass_places_add(&set);
    } else if (!proclist_range(&s, NULL, false)) {
      return false;
    }
    while (isspace((unsigned char)*s))
      s++;
    if (*s == ',')
      s++;
    else if (*s)
      return false;
  }
  int gran = glass_kaff.granularity == -1 ? GLASS_TOPO_THREAD : granularity_level();
  if (gran != GLASS_TOPO_THREAD) // widen each place to the granularity's groups
    for (int p = 0; p < glass_places.count; p++) {
      cpu_set_t wide;
      CPU_ZERO(&wide);
      for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &glass_places.sets[p])) {
          cpu_set_t g;
          glass_topology_group(c, gran, &g);
          CPU_OR(&wide, &wide, &g);
        }
      glass_places.sets[p] = wide;
    }
  return glass_places.count > 0;
}

// balanced: the core of each place (of its first processor), built with the place list.
static int *place_core;

static void note_place_cores(void) {
  place_core = glass_zalloc(sizeof(int) * (size_t)(glass_places.count + 1));
  for (int p = 0; p < glass_places.count; p++) {
    int cpu = 0;
    while (cpu < CPU_SETSIZE - 1 && !CPU_ISSET(cpu, &glass_places.sets[p]))
      cpu++;
    int i = glass_topology_index(cpu);
    place_core[p] = i < 0 ? -1 : glass_topology.pus[i].id[GLASS_TOPO_CORE];
  }
}

bool glass_kaff_places(void) {
  switch (glass_kaff.type) {
  case GLASS_KAFF_UNSET:
    return false;
  case GLASS_KAFF_DISABLED:
    glass_places.kind = "disabled";
    return true;
  case GLASS_KAFF_NONE: // one place of every usable processor, nothing bound
    glass_places.kind = "none";
    glass_places_add(&glass_places.usable);
    return true;
  case GLASS_KAFF_EXPLICIT:
    glass_places.kind = "explicit";
    if (explicit_places(glass_kaff.proclist))
      return true;
    kaff_warn("KMP_AFFINITY: proclist=[%s] is invalid or names no usable processor; using "
              "compact",
              glass_kaff.proclist);
    glass_places.count = 0;
    glass_kaff.type = GLASS_KAFF_COMPACT;
    glass_kaff.granularity = -1;
    break;
  default:
    break;
  }
  static const char *const kinds[] = {[GLASS_KAFF_COMPACT] = "compact",
                                      [GLASS_KAFF_SCATTER] = "scatter",
                                      [GLASS_KAFF_BALANCED] = "balanced"};
  glass_places.kind = kinds[glass_kaff.type];
  sorted_places();
  if (glass_kaff.type == GLASS_KAFF_BALANCED)
    note_place_cores();
  return true;
}

// ---------------------------------------------------------------------------------------------
// Binding.

// balanced: the team's threads over the cores, in compact order, as evenly as they go;
// consecutive threads share a core when there are more threads than cores; each takes the next
// place of its core when the places are finer than cores.
static int balanced_place(int tid, int T) {
  int C = glass_topology.nobjs[GLASS_TOPO_CORE], P = glass_places.count;
  if (C <= 0 || P <= 0 || !place_core)
    return 0;
  int core, k; // the core's rank among cores, the thread's rank on it
  if (T <= C) {
    core = (int)((long)tid * C / T);
    k = 0;
  } else {
    int per = T / C, extra = T % C, big = extra * (per + 1);
    core = tid < big ? tid / (per + 1) : extra + (tid - big) / per;
    k = tid < big ? tid % (per + 1) : (tid - big) % per;
  }
  // The core'th distinct core in place order (a core's places are consecutive), then its k-th
  // place, the last one when it has fewer.
  for (int p = 0, seen = -1; p < P; p++) {
    if (p == 0 || place_core[p] != place_core[p - 1])
      seen++;
    if (seen == core) {
      while (k > 0 && p + 1 < P && place_core[p + 1] == place_core[p])
        p++, k--;
      return p;
    }
  }
  return tid % P;
}

int glass_kaff_place(glass_thread_t *th, int tid, int T) {
  int P = glass_places.count;
  if (P <= 0)
    return -1;
  if (glass_kaff.type == GLASS_KAFF_BALANCED && th->team && th->team->level <= 1)
    return balanced_place(tid, T);
  if (glass_kaff.type == GLASS_KAFF_BALANCED && th->place >= 0)
    return th->place; // nested: a thread keeps the place its outer team gave it
  long g = (long)th->gtid + glass_kaff.offset;
  return (int)(g % P);
}

// ---------------------------------------------------------------------------------------------
// Text.

void glass_kaff_text(char *buf, size_t n) {
  static const char *const types[] = {"none",    "none",     "disabled", "compact",
                                      "scatter", "balanced", "explicit"};
  int g = glass_kaff.granularity;
  if (g == -1)
    g = glass_kaff.type == GLASS_KAFF_EXPLICIT ? GLASS_TOPO_THREAD : GLASS_TOPO_CORE;
  const char *gran = glass_topology_level_keyword(g);
  int len = snprintf(
      buf, n, "%s,%s,%s,%s,granularity=%s", glass_kaff.verbose ? "verbose" : "noverbose",
      glass_kaff.warnings ? "warnings" : "nowarnings", glass_kaff.respect ? "respect" : "norespect",
      glass_kaff.reset ? "reset" : "noreset", gran);
  if (len < 0 || (size_t)len >= n)
    return;
  if (glass_kaff.type == GLASS_KAFF_EXPLICIT)
    snprintf(buf + len, n - (size_t)len, ",proclist=[%s],explicit", glass_kaff.proclist);
  else if (glass_kaff.type >= GLASS_KAFF_COMPACT)
    snprintf(buf + len, n - (size_t)len, ",%s,%d,%d", types[glass_kaff.type], glass_kaff.permute,
             glass_kaff.offset);
  else
    snprintf(buf + len, n - (size_t)len, ",%s", types[glass_kaff.type]);
}

// The place list as OMP_PLACES would name it: the abstract name, or the places themselves.
static void places_text(char *buf, size_t n) {
  if (!glass_places.explicit_list) {
    snprintf(buf, n, "%s", glass_places.kind ? glass_places.kind : "");
    return;
  }
  size_t off = 0;
  buf[0] = '\0';
  for (int p = 0; p < glass_places.count && off + 16 < n; p++) {
    off += (size_t)snprintf(buf + off, n - off, "%s{", p ? "," : "");
    glass_cpuset_text(&glass_places.sets[p], buf + off, n - off);
    off += strlen(buf + off);
    off += (size_t)snprintf(buf + off, n - off, "}");
  }
}

static void setting(const char *name, const char *value) {
  if (value)
    fprintf(stderr, "   %s='%s'\n", name, value);
  else
    fprintf(stderr, "   %s: value is not defined\n", name);
}

extern char **environ;

// KMP_SETTINGS: the variables the user set, then the values in effect, as libomp prints them
// (on stderr), for the affinity variables and the ICVs they interact with.
void glass_kaff_settings_print(void) {
  glass_places_init();
  fprintf(stderr, "\nUser settings:\n\n");
  for (char **e = environ; e && *e; e++)
    if (strncmp(*e, "KMP_", 4) == 0 || strncmp(*e, "OMP_", 4) == 0)
      fprintf(stderr, "   %s\n", *e);
  fprintf(stderr, "\nEffective settings:\n\n");
  char buf[4096];
  glass_kaff_text(buf, sizeof(buf));
  setting("KMP_AFFINITY", buf);
  snprintf(buf, sizeof(buf), "%lldms", (long long)glass_env.blocktime_ms);
  setting("KMP_BLOCKTIME", glass_env.blocktime_ms < 0 ? "infinite" : buf);
  setting("KMP_HW_SUBSET", getenv("KMP_HW_SUBSET"));
  setting("KMP_SETTINGS", "true");
  static const char *const binds[] = {"false", "true", "primary", "close", "spread", "intel"};
  setting("KMP_TEAMS_PROC_BIND", binds[glass_env.teams_bind]);
  setting("KMP_TOPOLOGY_METHOD", glass_topology.source);
  setting("OMP_AFFINITY_FORMAT", glass_env.affinity_format);
  setting("OMP_DISPLAY_AFFINITY", glass_env.display_affinity ? "true" : "false");
  setting("OMP_DYNAMIC", glass_env.initial.dyn ? "true" : "false");
  snprintf(buf, sizeof(buf), "%d", glass_env.initial.max_active_levels);
  setting("OMP_MAX_ACTIVE_LEVELS", buf);
  snprintf(buf, sizeof(buf), "%d", glass_env.initial.nthreads);
  setting("OMP_NUM_THREADS", glass_env.nthreads_set ? buf : NULL);
  places_text(buf, sizeof(buf));
  setting("OMP_PLACES", glass_places.count ? buf : NULL);
  int b = glass_env.initial.bind;
  setting("OMP_PROC_BIND", binds[b >= 0 && b <= GLASS_BIND_INTEL ? b : 0]);
  snprintf(buf, sizeof(buf), "%d", glass_env.thread_limit);
  setting("OMP_THREAD_LIMIT", buf);
  setting("OMP_WAIT_POLICY", glass_env.wait_policy == GLASS_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
  fprintf(stderr, "\n");
}
