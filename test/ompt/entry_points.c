// The lookup function knows every host entry point of OpenMP 5.1 Table 4.1 and nothing else;
// ompt_set_callback rejects unknown callbacks; ompt_get_callback returns what was registered;
// inquiry answers are right for what exists (no devices, no places); unique ids are unique
// across threads and all have 16 digits (text order is id order: LLVM's tests sort logs as
// text). The program is its own tool (ompt_start_tool linked in).
// REQUIRES: ompt
// RUN: %compile && env OMP_NUM_THREADS=4 %run %t | %FileCheck %s
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ompt_function_lookup_t lookup;
static ompt_get_unique_id_t get_unique_id;
static int failures;
#define EXPECT(c)                                                                                  \
  do {                                                                                             \
    if (!(c)) {                                                                                    \
      printf("FAILED: %s (line %d)\n", #c, __LINE__);                                              \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void on_thread_begin(ompt_thread_t t, ompt_data_t *d) { (void)t, (void)d; }

static int initialize(ompt_function_lookup_t l, int dev, ompt_data_t *data) {
  lookup = l;
  static const char *names[] = {
      "ompt_enumerate_states", "ompt_enumerate_mutex_impls", "ompt_set_callback",
      "ompt_get_callback", "ompt_get_thread_data", "ompt_get_num_procs", "ompt_get_num_places",
      "ompt_get_place_proc_ids", "ompt_get_place_num", "ompt_get_partition_place_nums",
      "ompt_get_proc_id", "ompt_get_state", "ompt_get_parallel_info", "ompt_get_task_info",
      "ompt_get_task_memory", "ompt_get_num_devices", "ompt_get_target_info",
      "ompt_get_unique_id", "ompt_finalize_tool"};
  int found = 0;
  for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++)
    found += lookup(names[i]) != NULL;
  printf("lookup: %d of %zu host entry points\n", found, sizeof(names) / sizeof(*names));
  EXPECT(lookup("ompt_no_such_entry") == NULL);
  EXPECT(lookup("ompt_start_trace") == NULL); // device entry points come from device lookups
  EXPECT(lookup("") == NULL);

  ompt_set_callback_t set_cb = (ompt_set_callback_t)lookup("ompt_set_callback");
  ompt_get_callback_t get_cb = (ompt_get_callback_t)lookup("ompt_get_callback");
  EXPECT(set_cb((ompt_callbacks_t)0, (ompt_callback_t)on_thread_begin) == ompt_set_error);
  EXPECT(set_cb((ompt_callbacks_t)38, (ompt_callback_t)on_thread_begin) == ompt_set_error);
  EXPECT(set_cb((ompt_callbacks_t)-1, (ompt_callback_t)on_thread_begin) == ompt_set_error);
  ompt_callback_t got = NULL;
  EXPECT(get_cb(ompt_callback_thread_begin, &got) == 0);
  EXPECT(set_cb(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin) == ompt_set_always);
  EXPECT(get_cb(ompt_callback_thread_begin, &got) == 1 && got == (ompt_callback_t)on_thread_begin);
  EXPECT(get_cb((ompt_callbacks_t)99, &got) == 0);

  EXPECT(((ompt_get_num_devices_t)lookup("ompt_get_num_devices"))() == 0);
  EXPECT(((ompt_get_num_places_t)lookup("ompt_get_num_places"))() == 0);
  EXPECT(((ompt_get_place_num_t)lookup("ompt_get_place_num"))() == -1);
  EXPECT(((ompt_get_num_procs_t)lookup("ompt_get_num_procs"))() >= 1);
  uint64_t dn;
  ompt_id_t tid, hid;
  EXPECT(((ompt_get_target_info_t)lookup("ompt_get_target_info"))(&dn, &tid, &hid) == 0);
  get_unique_id = (ompt_get_unique_id_t)lookup("ompt_get_unique_id");
  EXPECT(get_unique_id() != 0);
  printf("initial_device_num=%d\n", dev);
  (void)data;
  return 1;
}

static void finalize(ompt_data_t *data) {
  (void)data;
  printf("finalize: failures=%d\n", failures);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int v, const char *rt) {
  static ompt_start_tool_result_t r = {initialize, finalize, {0}};
  printf("omp_version=%u\n", v);
  (void)rt;
  return &r;
}

static int cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  enum { PER = 5000 };
  int n = omp_get_max_threads();
  uint64_t *ids = calloc((size_t)n * PER, sizeof(uint64_t));
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < PER; i++)
      ids[t * PER + i] = get_unique_id();
  }
  qsort(ids, (size_t)n * PER, sizeof(uint64_t), cmp);
  int dup = 0, zero = ids[0] == 0;
  for (int i = 1; i < n * PER; i++)
    dup += ids[i] == ids[i - 1];
  char first[24], last[24];
  snprintf(first, sizeof first, "%llu", (unsigned long long)ids[0]);
  snprintf(last, sizeof last, "%llu", (unsigned long long)ids[n * PER - 1]);
  int width = strlen(first) == 16 && strlen(last) == 16;
  printf("ids: %d threads, duplicates=%d zero=%d 16-digit=%d\n", n, dup, zero, width);
  free(ids);
  return 0;
}
// CHECK: omp_version=202011
// CHECK-NEXT: lookup: 19 of 19 host entry points
// CHECK-NEXT: initial_device_num=0
// CHECK-NEXT: ids: 4 threads, duplicates=0 zero=0 16-digit=1
// CHECK-NEXT: finalize: failures=0
// CHECK-NOT: FAILED
