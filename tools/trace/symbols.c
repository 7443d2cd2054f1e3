// Source locations for code addresses (codeptr_ra). At finalization the distinct addresses are
// grouped by the object they fall in (dl_iterate_phdr), and each object's addresses go to one
// run of an addr2line-compatible program (GLASS_TRACE_SYMBOLIZER, default addr2line), which
// reads the debug information. Addresses it cannot place get symbol+offset from dladdr.
// codeptr_ra is a return address: the call is the instruction before it, so we look up
// address - 1 (but see run_symbolizer for function entries).
#define _GNU_SOURCE
#include "trace.h"

#include <dlfcn.h>
#include <link.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct obj_find {
  uintptr_t addr;
  uintptr_t bias;
  char name[4096];
  bool found;
} obj_find_t;

static int find_object(struct dl_phdr_info *info, size_t size, void *arg) {
  obj_find_t *f = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (f->addr >= lo && f->addr < lo + ph->p_memsz) {
      f->bias = info->dlpi_addr;
      if (info->dlpi_name && *info->dlpi_name)
        snprintf(f->name, sizeof(f->name), "%s", info->dlpi_name);
      else {
        ssize_t n = readlink("/proc/self/exe", f->name, sizeof(f->name) - 1);
        f->name[n > 0 ? n : 0] = 0;
      }
      f->found = true;
      return 1;
    }
  }
  return 0;
}

static const char *base_name(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

const char *(*trace_codeptr_source)(const void *codeptr);

// bias: where the object is loaded, so that the label does not depend on the run.
static void fallback(trace_loc_t *l, uintptr_t bias) {
  Dl_info info;
  if (dladdr(l->code, &info) && info.dli_sname) {
    snprintf(l->func, sizeof(l->func), "%s", info.dli_sname);
    snprintf(l->label, sizeof(l->label), "%s+0x%lx", info.dli_sname,
             (unsigned long)((uintptr_t)l->code - (uintptr_t)info.dli_saddr));
  } else if (l->object[0]) {
    snprintf(l->label, sizeof(l->label), "%s+0x%lx", l->object,
             (unsigned long)((uintptr_t)l->code - bias));
  } else {
    snprintf(l->label, sizeof(l->label), "%p", l->code);
  }
}

// Reads one function/location pair of the symbolizer's output; false at the end.
static bool read_pair(FILE *f, char *func, size_t fn, char *where, size_t wn) {
  if (!fgets(func, (int)fn, f) || !fgets(where, (int)wn, f))
    return false;
  func[strcspn(func, "\n")] = 0;
  where[strcspn(where, "\n")] = 0;
  char *disc = strstr(where, " (discriminator");
  if (disc)
    *disc = 0;
  return true;
}

static bool known_line(const char *where) {
  const char *colon = strrchr(where, ':');
  return colon && where[0] != '?' && colon[1] != '?' && colon[1] != '0';
}

// Runs the symbolizer on one object's addresses; fills file/line for those it resolves.
// Each address is asked twice: as a return address (the call is at address - 1) and as is.
// When the two fall in different functions the address is a function's first instruction:
// the runtime reports the outlined function itself when it was reached by a tail call, and
// its first line is the construct's.
static void run_symbolizer(const char *object, trace_loc_t **locs, const uintptr_t *vaddr,
                           size_t n) {
  if (!trace_opt.symbolizer[0] || n == 0)
    return;
  char **argv = calloc(2 * n + 6, sizeof(char *));
  char *addrs = malloc(2 * n * 24);
  if (!argv || !addrs) {
    free(argv);
    free(addrs);
    return;
  }
  size_t a = 0;
  argv[a++] = trace_opt.symbolizer;
  argv[a++] = "-f";
  argv[a++] = "-C";
  argv[a++] = "-e";
  argv[a++] = (char *)object;
  for (size_t i = 0; i < 2 * n; i++) {
    snprintf(addrs + i * 24, 24, "0x%lx", (unsigned long)(vaddr[i / 2] - (i % 2 == 0)));
    argv[a++] = addrs + i * 24;
  }
  int out[2];
  posix_spawn_file_actions_t fa;
  pid_t pid;
  if (pipe(out) != 0) {
    free(argv);
    free(addrs);
    return;
  }
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&fa, out[0]);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", 1, 0);
  int rc = posix_spawnp(&pid, trace_opt.symbolizer, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(out[1]);
  if (rc != 0) {
    close(out[0]);
    free(argv);
    free(addrs);
    return;
  }
  FILE *f = fdopen(out[0], "r");
  char func[1024], where[4096], func2[1024], where2[4096];
  for (size_t i = 0; f && i < n; i++) {
    if (!read_pair(f, func, sizeof(func), where, sizeof(where)) ||
        !read_pair(f, func2, sizeof(func2), where2, sizeof(where2)))
      break;
    if (strcmp(func, func2) != 0 && strcmp(func2, "??") != 0) { // a function's entry
      strcpy(func, func2);
      strcpy(where, where2);
    }
    if (!known_line(where))
      continue;
    trace_loc_t *l = locs[i];
    if (strcmp(func, "??") != 0)
      snprintf(l->func, sizeof(l->func), "%s", func);
    snprintf(l->file, sizeof(l->file), "%s", where);
    snprintf(l->label, sizeof(l->label), "%s", base_name(where));
    l->placed = true;
  }
  if (f)
    fclose(f);
  else
    close(out[0]);
  waitpid(pid, NULL, 0);
  free(argv);
  free(addrs);
}

// A target construct the debug information does not place (clang-19 gives its runtime call
// line 0), from the source string the compiler passed to the runtime: ";file;function;line;...".
static void from_source(trace_loc_t *l) {
  const char *(*fn)(const void *) = __atomic_load_n(&trace_codeptr_source, __ATOMIC_RELAXED);
  const char *ps = fn ? fn(l->code) : NULL;
  char file[512], func[128];
  unsigned line = 0;
  if (!ps || sscanf(ps, ";%511[^;];%127[^;];%u", file, func, &line) != 3 || line == 0)
    return;
  snprintf(l->func, sizeof(l->func), "%s", func);
  snprintf(l->file, sizeof(l->file), "%s:%u", file, line);
  snprintf(l->label, sizeof(l->label), "%s", base_name(l->file));
  l->placed = true;
}

static int by_code(const void *x, const void *y) {
  uintptr_t a = (uintptr_t) * (const void *const *)x, b = (uintptr_t) * (const void *const *)y;
  return a < b ? -1 : a > b;
}

uint32_t trace_loc_index(const trace_locs_t *locs, const void *code) {
  if (!code || !locs->n)
    return 0;
  size_t lo = 1, hi = locs->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((uintptr_t)locs->v[mid].code < (uintptr_t)code)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo >= locs->n || locs->v[lo].code != code)
    return 0;
  return locs->canon ? locs->canon[lo] : (uint32_t)lo;
}

void trace_symbolize_codes(const void **codes, size_t n, trace_locs_t *locs) {
  memset(locs, 0, sizeof(*locs));
  if (codes)
    qsort(codes, n, sizeof(void *), by_code);
  size_t u = 0;
  for (size_t i = 0; i < n; i++)
    if (u == 0 || codes[u - 1] != codes[i])
      codes[u++] = codes[i];
  // Entry 0 is "no location".
  locs->v = calloc(u + 1, sizeof(trace_loc_t));
  locs->n = locs->v ? u + 1 : 0;
  if (!locs->v)
    return;
  snprintf(locs->v[0].label, sizeof(locs->v[0].label), "-");
  uintptr_t *bias = calloc(u + 1, sizeof(uintptr_t));
  for (size_t i = 0; i < u; i++) {
    trace_loc_t *l = &locs->v[i + 1];
    l->code = codes[i];
    obj_find_t f = {.addr = (uintptr_t)codes[i]};
    dl_iterate_phdr(find_object, &f);
    if (f.found) {
      snprintf(l->object, sizeof(l->object), "%s", base_name(f.name));
      snprintf(l->file, sizeof(l->file), "%s", f.name); // the object until the file is known
      if (bias)
        bias[i + 1] = f.bias;
    }
    fallback(l, f.found ? f.bias : 0);
  }
  // One symbolizer run per object (entries are sorted by address, so objects are contiguous).
  trace_loc_t **batch = calloc(u + 1, sizeof(*batch));
  uintptr_t *vaddr = calloc(u + 1, sizeof(*vaddr));
  for (size_t i = 1; batch && vaddr && bias && i < locs->n;) {
    size_t j = i, k = 0;
    char object[4096];
    snprintf(object, sizeof(object), "%s", locs->v[i].file);
    while (j < locs->n && strcmp(locs->v[j].file, object) == 0 && bias[j] == bias[i]) {
      batch[k] = &locs->v[j];
      vaddr[k++] = (uintptr_t)locs->v[j].code - bias[j];
      j++;
    }
    if (locs->v[i].object[0])
      run_symbolizer(object, batch, vaddr, k);
    i = j;
  }
  for (size_t i = 1; i < locs->n; i++)
    if (!locs->v[i].placed)
      from_source(&locs->v[i]);
  for (size_t i = 1; i < locs->n; i++) // a file we did not learn is not a source file
    if (!strchr(locs->v[i].label, ':') || strcmp(locs->v[i].file, locs->v[i].object) == 0)
      if (strstr(locs->v[i].file, locs->v[i].object))
        locs->v[i].file[0] = 0;
  // Addresses on the same source line are one location (a construct's begin and end calls).
  uint32_t *canon = malloc((locs->n + 1) * sizeof(uint32_t));
  for (size_t i = 0; canon && i < locs->n; i++) {
    canon[i] = (uint32_t)i;
    if (!locs->v[i].file[0])
      continue;
    for (size_t j = 1; j < i; j++)
      if (canon[j] == j && strcmp(locs->v[j].label, locs->v[i].label) == 0 &&
          strcmp(locs->v[j].file, locs->v[i].file) == 0) {
        canon[i] = (uint32_t)j;
        break;
      }
  }
  locs->canon = canon;
  free(batch);
  free(vaddr);
  free(bias);
}

void trace_locs_free(trace_locs_t *locs) {
  free(locs->v);
  free(locs->canon);
  memset(locs, 0, sizeof(*locs));
}
