// Every affinity-format field, by letter and by name, at widths from none to past any fixed
// buffer, justified left, right and right with zeros, captured into buffers of every size
// around the length it needs: the length returned is the whole line's, the text is the field
// padded as asked, and nothing is written past the buffer (the sanitizer build checks that).
// RUN: %compile && %run %t | %FileCheck %s
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close %run %t | %FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fields[][2] = {
    {"t", "team_num"},       {"T", "num_teams"},      {"L", "nesting_level"},
    {"n", "thread_num"},     {"N", "num_threads"},    {"a", "ancestor_tnum"},
    {"H", "host"},           {"P", "process_id"},     {"i", "native_thread_id"},
    {"A", "thread_affinity"}};
static const int widths[] = {0, 1, 2, 7, 63, 64, 65, 511, 512, 4095, 4096, 4097, 9000};

// One format, checked against the field's bare value: every buffer size near the length.
static int check_one(const char *fmt, const char *value, int width, int mode) {
  size_t vlen = strlen(value), want = (size_t)width > vlen ? (size_t)width : vlen;
  size_t need = omp_capture_affinity(NULL, 0, fmt);
  if (need != want)
    return 0;
  char *full = malloc(want + 1);
  if (omp_capture_affinity(full, want + 1, fmt) != want || strlen(full) != want)
    return free(full), 0;
  size_t pad = want - vlen;
  int ok = 1;
  if (mode == 0) // left-justified, spaces after
    ok = memcmp(full, value, vlen) == 0 && strspn(full + vlen, " ") == pad;
  else
    ok = strspn(full, mode == 2 ? "0" : " ") >= pad && memcmp(full + pad, value, vlen) == 0;
  size_t sizes[] = {1, 2, want > 1 ? want - 1 : 1, want > 0 ? want : 1, want + 1, want + 2};
  for (size_t k = 0; k < sizeof(sizes) / sizeof(*sizes) && ok; k++) {
    size_t size = sizes[k];
    char *buf = malloc(size); // exactly size bytes: one more written is a heap overflow
    size_t got = omp_capture_affinity(buf, size, fmt);
    size_t kept = want < size - 1 ? want : size - 1;
    ok = got == want && buf[kept] == '\0' && memcmp(buf, full, kept) == 0;
    free(buf);
  }
  free(full);
  return ok;
}

// All fields, names and widths for the calling thread; the number of failures.
static int check_all(void) {
  int bad = 0;
  for (size_t f = 0; f < sizeof(fields) / sizeof(*fields); f++) {
    for (int name = 0; name < 2; name++) {
      char bare[40], fmt[64];
      snprintf(bare, sizeof(bare), name ? "%%{%s}" : "%%%s", fields[f][name]);
      char value[8192];
      omp_capture_affinity(value, sizeof(value), bare);
      for (size_t w = 0; w < sizeof(widths) / sizeof(*widths); w++) {
        for (int mode = 0; mode < 3; mode++) {
          static const char *const flags[] = {"", ".", "0."};
          if (widths[w] == 0 && mode > 0)
            continue;
          snprintf(fmt, sizeof(fmt), "%%%s%.0d%s", flags[mode], widths[w],
                   bare + 1);
          if (!check_one(fmt, value, widths[w], mode)) {
            printf("FAIL %s\n", fmt);
            bad++;
          }
        }
      }
    }
  }
  return bad;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int bad = check_all();
#pragma omp parallel num_threads(2) reduction(+ : bad)
  bad += check_all();
#pragma omp teams num_teams(2)
  {
    int b = check_all();
    if (b)
      printf("teams: %d failures\n", b);
  }
  printf("failures: %d\n", bad);
  return 0;
}
// CHECK-NOT: FAIL
// CHECK-NOT: failures
// CHECK: failures: 0
