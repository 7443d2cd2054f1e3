// Binding threads to places (OpenMP 5.1 §2.6.2: primary, close, spread), the place routines
// (§3.3), affinity display (OMP_DISPLAY_AFFINITY, OMP_AFFINITY_FORMAT, §3.3.x), and libomp's
// kmp_*_affinity mask extensions.
#include "affinity.h"
#include "kmpc.h"
#include "ompt_view.h"
#include "topology.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The thread's partition clamped to the places that exist.
static void partition_of(glass_thread_t *th, int *first, int *last) {
  int n = glass_places.count;
  *first = th->part_first < n ? th->part_first : 0;
  *last = th->part_last < n ? th->part_last : n - 1;
  if (*last < *first)
    *last = n - 1;
}

void glass_affinity_fork(glass_thread_t *th, glass_team_t *team, int bind) {
  team->bind = (int8_t)bind;
  team->affinity_work = bind != GLASS_BIND_FALSE || glass_env.display_affinity;
  if (!team->affinity_work)
    return;
  glass_places_init();
  int first, last;
  partition_of(th, &first, &last);
  team->part_first = first;
  team->part_last = last;
  team->master_place = th->place >= 0 ? th->place : first;
}

static void bind_to(glass_thread_t *th, int place);

// When bind-var asks for binding (OMP_PLACES alone sets it to true, env.c), each team of a
// league gets its place and subpartition by KMP_TEAMS_PROC_BIND (spread unless set, as in
// libomp), whatever policy the team's parallel regions use.
static bool league_places(int bind) {
  return bind != GLASS_BIND_FALSE;
}

int glass_affinity_league_bind(int bind) {
  return league_places(bind) ? glass_env.teams_bind : bind;
}

void glass_affinity_single_team(glass_thread_t *th) {
  if (!league_places(th->task->icvs.bind))
    return;
  glass_places_init();
  if (glass_places.count == 0)
    return;
  int first, last;
  partition_of(th, &first, &last);
  if (th->place < first || th->place > last)
    bind_to(th, first);
}

// The initial thread is bound to the first place when it first needs one: its first region or
// league (fork and teams bind it then) or a place inquiry. Not at initialization: a root that
// only registered (omp_set_num_threads, say) keeps the mask it was started with, as in libomp.
void glass_affinity_initial_thread(glass_thread_t *th) {
  if (th->place >= 0 || th->gtid != 0 || th->is_worker || !league_places(glass_env.initial.bind))
    return;
  glass_places_init();
  if (glass_places.count > 0)
    bind_to(th, glass_env.initial.bind == GLASS_BIND_INTEL ? glass_kaff_place(th, 0, 1) : 0);
}

// close: thread tid's place counting from the master's, T threads over P places (several
// consecutive threads per place when T > P).
static int close_place(int tid, int T, int mp, int first, int P) {
  int offset;
  if (T <= P) {
    offset = tid;
  } else {
    int per = T / P, extra = T % P; // the first `extra` places get per+1 threads
    int big = extra * (per + 1);
    offset = tid < big ? tid / (per + 1) : extra + (tid - big) / per;
  }
  return first + ((mp - first) + offset) % P;
}

// spread: T <= P subpartitions of (nearly) equal size; thread tid gets the one that comes tid
// steps after the master's, and binds to its first place (the master keeps its own place).
static void spread_place(int tid, int T, int mp, int first, int P, int *place, int *pf, int *pl) {
  int size = P / T, extra = P % T;
  int j0 = 0, start = 0;
  for (int j = 0; j < T; j++) {
    int len = size + (j < extra);
    if (mp - first >= start && mp - first < start + len)
      j0 = j;
    start += len;
  }
  int j = (j0 + tid) % T;
  int s = 0;
  for (int k = 0; k < j; k++)
    s += size + (k < extra);
  *pf = first + s;
  *pl = *pf + size + (j < extra) - 1;
  *place = tid == 0 ? mp : *pf;
}

static void verbose_bound(glass_thread_t *th, int place) {
  char set[4096];
  glass_cpuset_text(&glass_places.sets[place], set, sizeof(set));
  fprintf(stderr, "OMP: Info: KMP_AFFINITY: pid %d tid %d thread %d bound to OS proc set {%s}\n",
          (int)getpid(), glass_os_tid(), th->gtid, set);
}

// On a topology that describes another machine (an hwloc XML file) the place is recorded and
// nothing is asked of the kernel, so that place rules can be checked on any machine.
static void bind_to(glass_thread_t *th, int place) {
  if (th->place == place)
    return;
  if (!glass_topology.this_system ||
      sched_setaffinity(0, sizeof(cpu_set_t), &glass_places.sets[place]) == 0) {
    __atomic_store_n(&th->place, place, __ATOMIC_RELAXED); // thieves read it (task_victims.c)
    if (unlikely(glass_kaff.verbose))
      verbose_bound(th, place);
  }
}

void glass_affinity_norespect(void) {
  if (!glass_kaff.respect && glass_kaff.type != GLASS_KAFF_DISABLED && glass_topology.this_system &&
      CPU_COUNT(&glass_topology.usable) > 0)
    sched_setaffinity(0, sizeof(cpu_set_t), &glass_topology.usable);
}

// KMP_AFFINITY=reset: the primary thread of an outermost region gets back the mask it had.
void glass_affinity_join(glass_thread_t *th, glass_team_t *team) {
  if (!glass_kaff.reset || team->level != 1 || th->place < 0)
    return;
  if (glass_topology.this_system)
    sched_setaffinity(0, sizeof(cpu_set_t), &glass_topology.initial_mask);
  __atomic_store_n(&th->place, -1, __ATOMIC_RELAXED);
}

static void display_affinity_line(glass_thread_t *th, const char *format);

// Member tid's place and partition under the team's policy (`place` is its current one, kept
// when the policy leaves it).
static int member_place(glass_thread_t *th, const glass_team_t *team, int tid, int place, int *pf,
                        int *pl) {
  int T = team->nthreads, first = team->part_first, last = team->part_last;
  int P = last - first + 1, mp = team->master_place;
  *pf = first;
  *pl = last;
  switch (team->bind) {
  case GLASS_BIND_FALSE:
    break;
  case GLASS_BIND_PRIMARY:
    place = mp;
    break;
  case GLASS_BIND_INTEL:
    place = glass_kaff_place(th, tid, T);
    break;
  case GLASS_BIND_SPREAD:
    if (T <= P) {
      spread_place(tid, T, mp, first, P, &place, pf, pl);
      break;
    }
    place = close_place(tid, T, mp, first, P);
    *pf = *pl = place;
    break;
  default: // true and close
    place = close_place(tid, T, mp, first, P);
    break;
  }
  return place;
}

int glass_affinity_member_place(const glass_team_t *team, int tid) {
  int pf, pl;
  if (team->bind == GLASS_BIND_FALSE || team->bind == GLASS_BIND_INTEL ||
      team->part_last < team->part_first)
    return -1;
  return member_place(NULL, team, tid, -1, &pf, &pl);
}

void glass_affinity_enter(glass_thread_t *th, glass_team_t *team, int tid) {
  int P = team->part_last - team->part_first + 1;
  int pf, pl;
  int place = member_place(th, team, tid, th->place, &pf, &pl);
  if (team->bind != GLASS_BIND_FALSE && P > 0 && place >= 0) {
    bind_to(th, place);
    th->part_first = pf;
    th->part_last = pl;
  }
  if (glass_env.display_affinity)
    glass_affinity_show(th);
}

// ---------------------------------------------------------------------------------------------
// Place routines.

// KMP_AFFINITY's binding reads as true (libomp answers 5, which no omp_proc_bind_t names).
GLASS_API omp_proc_bind_t omp_get_proc_bind(void) {
  int b = glass_self()->task->icvs.bind;
  return b == GLASS_BIND_INTEL ? omp_proc_bind_true : (omp_proc_bind_t)b;
}

GLASS_API int omp_get_num_places(void) {
  glass_ensure_init();
  glass_places_init();
  return glass_places.count;
}

static bool valid_place(int p) {
  glass_places_init();
  return p >= 0 && p < glass_places.count;
}

GLASS_API int omp_get_place_num_procs(int place) {
  glass_ensure_init();
  return valid_place(place) ? CPU_COUNT(&glass_places.sets[place]) : 0;
}

GLASS_API void omp_get_place_proc_ids(int place, int *ids) {
  glass_ensure_init();
  if (!valid_place(place) || !ids)
    return;
  int n = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, &glass_places.sets[place]))
      ids[n++] = cpu;
}

GLASS_API int omp_get_place_num(void) {
  glass_thread_t *th = glass_self();
  glass_affinity_initial_thread(th);
  return th->place;
}

GLASS_API int omp_get_partition_num_places(void) {
  glass_thread_t *th = glass_self();
  glass_affinity_initial_thread(th);
  glass_places_init();
  int first, last;
  partition_of(th, &first, &last);
  return glass_places.count ? last - first + 1 : 0;
}

GLASS_API void omp_get_partition_place_nums(int *place_nums) {
  glass_thread_t *th = glass_self();
  glass_affinity_initial_thread(th);
  glass_places_init();
  if (!place_nums || !glass_places.count)
    return;
  int first, last;
  partition_of(th, &first, &last);
  for (int p = first; p <= last; p++)
    place_nums[p - first] = p;
}

// Async-signal-safe views for the OMPT inquiries (the place list is immutable once ready).
int glass_places_count_safe(void) {
  return __atomic_load_n(&glass_places.ready, __ATOMIC_ACQUIRE) ? glass_places.count : 0;
}

int glass_place_proc_ids_safe(int place, int size, int *ids) {
  if (place < 0 || place >= glass_places_count_safe())
    return 0;
  int n = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, &glass_places.sets[place])) {
      if (ids && n < size)
        ids[n] = cpu;
      n++;
    }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Affinity format (OpenMP 5.1 §6.14): %[0][.][width]<field>, field a letter or {name}.

static char affinity_format[512] = "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";
// Set once, from OMP_AFFINITY_FORMAT by the first display (every member of a region displays at
// once) or by omp_set_affinity_format: under format_lock, published by format_set.
static _Atomic bool format_set;
static glass_mutex_t format_lock = GLASS_MUTEX_INIT;

static const char *format_text(void) {
  if (!atomic_load_explicit(&format_set, memory_order_acquire) && glass_env.affinity_format) {
    glass_mutex_lock(&format_lock);
    if (!atomic_load_explicit(&format_set, memory_order_relaxed)) {
      snprintf(affinity_format, sizeof(affinity_format), "%s", glass_env.affinity_format);
      atomic_store_explicit(&format_set, true, memory_order_release);
    }
    glass_mutex_unlock(&format_lock);
  }
  return affinity_format;
}

void glass_cpuset_text(const cpu_set_t *set, char *buf, size_t n) {
  size_t off = 0;
  buf[0] = '\0';
  for (int cpu = 0; cpu < CPU_SETSIZE && off < n; cpu++) {
    if (!CPU_ISSET(cpu, set))
      continue;
    int end = cpu;
    while (end + 1 < CPU_SETSIZE && CPU_ISSET(end + 1, set))
      end++;
    off += (size_t)snprintf(buf + off, n - off, off ? ",%d" : "%d", cpu);
    if (end > cpu && off < n)
      off += (size_t)snprintf(buf + off, n - off, end > cpu + 1 ? "-%d" : ",%d", end);
    cpu = end;
  }
}

// The thread's processors: the kernel's answer, or its place on a described machine.
static void procs_text(glass_thread_t *th, char *buf, size_t n) {
  cpu_set_t set;
  buf[0] = '\0';
  if (!glass_topology.this_system && glass_topology.ready) {
    if (th->place >= 0 && th->place < glass_places.count)
      glass_cpuset_text(&glass_places.sets[th->place], buf, n);
    else
      glass_cpuset_text(&glass_topology.usable, buf, n);
    return;
  }
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    glass_cpuset_text(&set, buf, n);
}

static char field_letter(const char **p) {
  static const struct {
    const char *name;
    char letter;
  } names[] = {{"team_num", 't'},       {"num_teams", 'T'},   {"nesting_level", 'L'},
               {"thread_num", 'n'},     {"num_threads", 'N'}, {"ancestor_tnum", 'a'},
               {"host", 'H'},           {"process_id", 'P'},  {"native_thread_id", 'i'},
               {"thread_affinity", 'A'}};
  if (**p != '{')
    return *(*p)++;
  const char *close = strchr(*p, '}');
  if (!close)
    return 0;
  size_t len = (size_t)(close - *p - 1);
  const char *name = *p + 1;
  *p = close + 1;
  for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
    if (strlen(names[i].name) == len && strncmp(name, names[i].name, len) == 0)
      return names[i].letter;
  return 0;
}

// What capture writes: as much as fits in out[0..size-1] (always terminated), while len counts
// everything, so that the caller learns the size it needs, as snprintf tells.
typedef struct {
  char *out;
  size_t size, len;
} sink_t;

static void put(sink_t *s, const char *text, size_t n) {
  if (s->out && s->len + 1 < s->size) {
    size_t room = s->size - 1 - s->len;
    memcpy(s->out + s->len, text, n < room ? n : room);
  }
  s->len += n;
}

static void put_fill(sink_t *s, char c, size_t n) {
  static const char zeros[] = "0000000000000000000000000000000000000000000000000000000000000000";
  static const char spaces[] = "                                                                ";
  const char *src = c == '0' ? zeros : spaces;
  // Only what can still be written is copied; the rest is counted.
  while (n > 0 && s->out && s->len + 1 < s->size) {
    size_t k = n < sizeof(zeros) - 1 ? n : sizeof(zeros) - 1;
    put(s, src, k);
    n -= k;
  }
  s->len += n;
}

static void field_text(glass_thread_t *th, char field, int32_t nteams, int32_t team_num, char *val,
                       size_t size) {
  switch (field) {
  case 't':
    snprintf(val, size, "%d", team_num);
    break;
  case 'T':
    snprintf(val, size, "%d", nteams);
    break;
  case 'L':
    snprintf(val, size, "%d", th->team->level);
    break;
  case 'n':
    snprintf(val, size, "%d", th->tid);
    break;
  case 'N':
    snprintf(val, size, "%d", th->team->nthreads);
    break;
  case 'a': {
    glass_task_t *enc = th->team->parent_task;
    snprintf(val, size, "%d", th->team->level > 0 && enc ? enc->thread_num : -1);
    break;
  }
  case 'H':
    gethostname(val, size);
    val[size - 1] = '\0';
    break;
  case 'P':
    snprintf(val, size, "%d", (int)getpid());
    break;
  case 'i':
    snprintf(val, size, "%d", glass_os_tid());
    break;
  case 'A':
    procs_text(th, val, size);
    break;
  default:
    snprintf(val, size, "undefined");
    break;
  }
}

// The formatted line's length, whatever size is (OpenMP 5.1 §3.3.11: the number of characters
// the whole string needs); at most size - 1 of them are stored.
static size_t capture(glass_thread_t *th, char *out, size_t size, const char *format) {
  sink_t s = {out, size, 0};
  if (!format)
    format = format_text();
  int32_t nteams, team_num;
  glass_ws_league(th, &nteams, &team_num);
  for (const char *p = format; *p;) {
    const char *lit = p;
    while (*p && *p != '%')
      p++;
    put(&s, lit, (size_t)(p - lit));
    if (!*p++)
      break;
    if (*p == '%') {
      put(&s, p++, 1);
      continue;
    }
    bool zero = *p == '0';
    p += zero;
    bool right = *p == '.';
    p += right;
    size_t width = 0;
    for (; *p >= '0' && *p <= '9'; p++)
      width = width < 1000000 ? width * 10 + (size_t)(*p - '0') : width; // saturates
    if (!*p)
      break;        // a format ending inside a field has no field to print
    char val[4096]; // a processor list of CPU_SETSIZE entries fits
    field_text(th, field_letter(&p), nteams, team_num, val, sizeof(val));
    size_t len = strlen(val), pad = width > len ? width - len : 0;
    if (right)
      put_fill(&s, zero ? '0' : ' ', pad);
    put(&s, val, len);
    if (!right)
      put_fill(&s, ' ', pad);
  }
  if (out && size)
    out[s.len < size ? s.len : size - 1] = '\0';
  return s.len;
}

// OMP_DISPLAY_AFFINITY: a thread's line is shown at its first region and again whenever any
// field of the format changes (place, nesting level, thread number, team size, ...), as libomp
// does; a hash of the formatted line covers every field at once.
void glass_affinity_show(glass_thread_t *th) {
  // Every field a format can name that may change (a new format alone is no reason to show).
  // And the team's placement (policy, primary's place, partition) and the thread's place: as in
  // libomp, a new placement shows every member's line again, even where its processors stay.
  char fields[4096];
  size_t len = capture(th, fields, sizeof(fields), "%t %T %L %n %N %a %A");
  glass_team_t *team = th->team;
  if (len < sizeof(fields) - 64)
    snprintf(fields + len, sizeof(fields) - len, " %d %d %d %d %d", th->place,
             team && team->affinity_work ? team->bind : -1,
             team && team->affinity_work ? team->master_place : -1,
             team && team->affinity_work ? team->part_first : -1,
             team && team->affinity_work ? team->part_last : -1);
  uint32_t h = 2166136261u; // FNV-1a
  for (const char *c = fields; *c; c++)
    h = (h ^ (unsigned char)*c) * 16777619u;
  h += h == 0; // 0 means never shown
  if (h == th->shown_hash)
    return;
  th->shown_hash = h;
  display_affinity_line(th, NULL);
}

// On stdout, where libomp prints it: tools and tests read it there.
static void display_affinity_line(glass_thread_t *th, const char *format) {
  char line[4096];
  size_t n = capture(th, line, sizeof(line), format);
  char *big = n >= sizeof(line) ? malloc(n + 1) : NULL;
  if (big)
    capture(th, big, n + 1, format);
  fprintf(stdout, "%s\n", big ? big : line);
  free(big);
}

GLASS_API void ompc_set_affinity_format(const char *format) {
  glass_ensure_init();
  glass_mutex_lock(&format_lock);
  snprintf(affinity_format, sizeof(affinity_format), "%s", format ? format : "");
  atomic_store_explicit(&format_set, true, memory_order_release);
  glass_mutex_unlock(&format_lock);
}

GLASS_API size_t ompc_get_affinity_format(char *buffer, size_t size) {
  glass_ensure_init();
  const char *f = format_text();
  if (buffer && size) {
    snprintf(buffer, size, "%s", f);
  }
  return strlen(f);
}

GLASS_API void ompc_display_affinity(const char *format) {
  display_affinity_line(glass_self(), format && *format ? format : NULL);
}

GLASS_API size_t ompc_capture_affinity(char *buffer, size_t size, const char *format) {
  return capture(glass_self(), buffer, size, format && *format ? format : NULL);
}

GLASS_API void omp_set_affinity_format(const char *format) {
  ompc_set_affinity_format(format);
}
GLASS_API size_t omp_get_affinity_format(char *buffer, size_t size) {
  return ompc_get_affinity_format(buffer, size);
}
GLASS_API void omp_display_affinity(const char *format) {
  ompc_display_affinity(format);
}
GLASS_API size_t omp_capture_affinity(char *buffer, size_t size, const char *format) {
  return ompc_capture_affinity(buffer, size, format);
}

GLASS_FORTRAN_BEGIN
GLASS_API int omp_get_proc_bind_(void) {
  return omp_get_proc_bind();
}
GLASS_API int omp_get_num_places_(void) {
  return omp_get_num_places();
}
GLASS_API int omp_get_place_num_procs_(int *place) {
  return omp_get_place_num_procs(*place);
}
GLASS_API void omp_get_place_proc_ids_(int *place, int *ids) {
  omp_get_place_proc_ids(*place, ids);
}
GLASS_API int omp_get_place_num_(void) {
  return omp_get_place_num();
}
GLASS_API int omp_get_partition_num_places_(void) {
  return omp_get_partition_num_places();
}
GLASS_API void omp_get_partition_place_nums_(int *nums) {
  omp_get_partition_place_nums(nums);
}
GLASS_FORTRAN_END

// ---------------------------------------------------------------------------------------------
// libomp's affinity mask extensions: masks are heap cpu_set_t objects.

GLASS_API void kmp_create_affinity_mask(void **mask) {
  cpu_set_t *set = glass_zalloc(sizeof(cpu_set_t));
  *mask = set;
}

GLASS_API void kmp_destroy_affinity_mask(void **mask) {
  glass_free(*mask);
  *mask = NULL;
}

GLASS_API int kmp_set_affinity_mask_proc(int proc, void **mask) {
  if (!mask || !*mask || proc < 0 || proc >= CPU_SETSIZE)
    return -1;
  CPU_SET(proc, (cpu_set_t *)*mask);
  return 0;
}

GLASS_API int kmp_unset_affinity_mask_proc(int proc, void **mask) {
  if (!mask || !*mask || proc < 0 || proc >= CPU_SETSIZE)
    return -1;
  CPU_CLR(proc, (cpu_set_t *)*mask);
  return 0;
}

GLASS_API int kmp_get_affinity_mask_proc(int proc, void **mask) {
  if (!mask || !*mask || proc < 0 || proc >= CPU_SETSIZE)
    return -1;
  return CPU_ISSET(proc, (cpu_set_t *)*mask) ? 1 : 0;
}

GLASS_API int kmp_set_affinity(void **mask) {
  glass_thread_t *th = glass_self();
  if (!mask || !*mask)
    return -1;
  if (sched_setaffinity(0, sizeof(cpu_set_t), (cpu_set_t *)*mask) != 0)
    return -1;
  th->place = -1; // bound by hand, not to one of our places
  return 0;
}

GLASS_API int kmp_get_affinity(void **mask) {
  glass_ensure_init();
  if (!mask || !*mask)
    return -1;
  return sched_getaffinity(0, sizeof(cpu_set_t), (cpu_set_t *)*mask) == 0 ? 0 : -1;
}

GLASS_API int kmp_get_affinity_max_proc(void) {
  glass_ensure_init();
  return CPU_SETSIZE;
}

// Fortran names of the affinity-format routines: a character argument comes as a pointer and a
// hidden length (after all other arguments), blank-padded rather than NUL-terminated.
static char *fortran_string(const char *s, size_t len, char *buf, size_t size) {
  while (len > 0 && s[len - 1] == ' ')
    len--;
  if (len >= size)
    len = size - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return buf;
}

static void fortran_pad(char *buffer, size_t size, const char *text) {
  size_t n = strlen(text);
  if (n > size)
    n = size;
  memcpy(buffer, text, n);
  memset(buffer + n, ' ', size - n);
}

GLASS_FORTRAN_BEGIN
GLASS_API void omp_set_affinity_format_(const char *format, size_t len) {
  char f[512];
  ompc_set_affinity_format(fortran_string(format, len, f, sizeof(f)));
}

GLASS_API size_t omp_get_affinity_format_(char *buffer, size_t size) {
  glass_ensure_init();
  const char *f = format_text();
  fortran_pad(buffer, size, f);
  return strlen(f);
}

GLASS_API void omp_display_affinity_(const char *format, size_t len) {
  char f[512];
  ompc_display_affinity(fortran_string(format, len, f, sizeof(f)));
}

GLASS_API size_t omp_capture_affinity_(char *buffer, const char *format, size_t size,
                                       size_t format_len) {
  char f[512], line[4096];
  const char *fmt = fortran_string(format, format_len, f, sizeof(f));
  size_t n = ompc_capture_affinity(line, sizeof(line), fmt);
  char *big = n >= sizeof(line) ? malloc(n + 1) : NULL;
  if (big)
    ompc_capture_affinity(big, n + 1, fmt);
  fortran_pad(buffer, size, big ? big : line);
  free(big);
  return n;
}
GLASS_FORTRAN_END

// libomp's kmpc_* spellings of the mask routines: the same functions.
GLASS_API int kmpc_set_affinity_mask_proc(int proc, void **mask)
    __attribute__((alias("kmp_set_affinity_mask_proc")));
GLASS_API int kmpc_unset_affinity_mask_proc(int proc, void **mask)
    __attribute__((alias("kmp_unset_affinity_mask_proc")));
GLASS_API int kmpc_get_affinity_mask_proc(int proc, void **mask)
    __attribute__((alias("kmp_get_affinity_mask_proc")));
