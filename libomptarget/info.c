// LIBOMPTARGET_INFO: a bit mask (or -1 for everything) of what to report on stderr. The bits
// LLVM's libomptarget defines keep their meaning; 0x100 is Glass's (plugins, images, devices).
#include "omptarget.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t tgt_info_flags;

void tgt_info_init(void) {
  static bool done;
  if (__atomic_exchange_n(&done, true, __ATOMIC_ACQ_REL))
    return;
  const char *v = getenv("LIBOMPTARGET_INFO");
  if (!v || !*v)
    return;
  char *end;
  long long x = strtoll(v, &end, 0);
  if (*end) {
    fprintf(stderr, "omptarget warning: LIBOMPTARGET_INFO=%s is not a number; ignored\n", v);
    return;
  }
  __atomic_or_fetch(&tgt_info_flags, (uint32_t)x, __ATOMIC_RELAXED);
}

TGT_API void __tgt_set_info_flag(uint32_t flags) {
  tgt_info_init();
  __atomic_store_n(&tgt_info_flags, flags, __ATOMIC_RELAXED);
}

void tgt_info(int device, const char *fmt, ...) {
  char line[1024];
  int n = device >= 0 ? snprintf(line, sizeof line, "omptarget device %d info: ", device)
                      : snprintf(line, sizeof line, "omptarget info: ");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line + n, sizeof line - n, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s\n", line); // one write per line, so threads' lines do not interleave
}

// "file:line:col" from the ";file;function;line;col;;" string clang puts in ident_t.
const char *tgt_loc_str(const tgt_ident_t *loc, char *buf, size_t len) {
  const char *s = loc ? loc->psource : NULL;
  if (!s || s[0] != ';') {
    snprintf(buf, len, "unknown location");
    return buf;
  }
  char file[200] = "?", func[100] = "?";
  int line = 0, col = 0;
  if (sscanf(s, ";%199[^;];%99[^;];%d;%d", file, func, &line, &col) < 3)
    snprintf(buf, len, "unknown location");
  else
    snprintf(buf, len, "%s:%d:%d (%s)", file, line, col, func);
  return buf;
}

// The device's present table, under a heading saying when it was taken.
static void dump_rows(struct tgt_device *d, const char *when) {
  pthread_mutex_lock(&d->lock);
  tgt_info(d->id, "mappings %s: %zu", when, d->table.n);
  for (size_t i = 0; i < d->table.n; i++) {
    struct map_row *r = &d->table.rows[i];
    tgt_info(d->id, "  host %p device %p size %zu dyn_ref %lld hold_ref %llu", (void *)r->begin,
             (void *)r->tgt, (size_t)(r->end - r->begin),
             r->dyn_ref == REF_INF ? -1LL : (long long)r->dyn_ref, (unsigned long long)r->hold_ref);
  }
  pthread_mutex_unlock(&d->lock);
}

void tgt_dump_table(struct tgt_device *d, const tgt_ident_t *loc) {
  char where[256], when[264];
  snprintf(when, sizeof when, "after %s", tgt_loc_str(loc, where, sizeof where));
  dump_rows(d, when);
}

// LLVM's extension: every device's table, whatever LIBOMPTARGET_INFO says.
TGT_API void ompx_dump_mapping_tables(void) {
  int n = tgt_num_devices();
  if (n == 0)
    tgt_info(-1, "mappings: no devices");
  for (int i = 0; i < n; i++)
    dump_rows(tgt_device_peek(i), "now (ompx_dump_mapping_tables)");
}
