// Device tracing on the host device, record by record against the callbacks: a target_map
// record's arrays equal the target_map_emi callback's item for item, also when the clause has
// items that are not mapped (a firstprivate scalar, which the callback and the record both
// leave out); device times are in get_device_time's units (between its readings before and
// after the construct) and translate_time puts each record's times between the host times
// (omp_get_wtime) read in the begin and end callbacks of its operation, a target_map record's
// after its callback.
// RUN: %compile-offload && %run %t | %FileCheck %s
// RUN: env GLASS_TARGET_HOST_CLOCK=monotonic %run %t | %FileCheck %s
// REQUIRES: offload, ompt
#include "Inputs/trace_device0.h"
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// What the callbacks saw: one target construct at a time (the program is one thread).
#define MAXMAP 8
static struct {
  unsigned n;
  void *host[MAXMAP], *dev[MAXMAP];
  size_t bytes[MAXMAP];
  unsigned flags[MAXMAP];
  double at; // host time after the callback
} maps[4];
static int nmaps;
static double op_begin[64], op_end[64]; // by host_op_id (small here)
static double target_begin, target_end;

static void on_target_emi(ompt_target_t k, ompt_scope_endpoint_t e, int d, ompt_data_t *t,
                          ompt_data_t *td, ompt_data_t *tt, const void *c) {
  if (e == ompt_scope_begin)
    target_begin = omp_get_wtime();
  else
    target_end = omp_get_wtime();
}

static void on_data_op_emi(ompt_scope_endpoint_t e, ompt_data_t *tt, ompt_data_t *td, ompt_id_t *id,
                           ompt_target_data_op_t op, void *s, int sd, void *d, int dd, size_t b,
                           const void *c) {
  if (*id < 64)
    (e == ompt_scope_begin ? op_begin : op_end)[*id] = omp_get_wtime();
}

static void on_submit_emi(ompt_scope_endpoint_t e, ompt_data_t *td, ompt_id_t *id, unsigned n) {
  if (*id < 64)
    (e == ompt_scope_begin ? op_begin : op_end)[*id] = omp_get_wtime();
}

static void on_map_emi(ompt_data_t *td, unsigned n, void **h, void **d, size_t *b, unsigned *f,
                       const void *c) {
  if (nmaps == 4 || n > MAXMAP) {
    printf("map callback: %d maps, %u items: more than the test keeps\n", nmaps, n);
    return;
  }
  maps[nmaps].n = n;
  memcpy(maps[nmaps].host, h, n * sizeof *h), memcpy(maps[nmaps].dev, d, n * sizeof *d);
  memcpy(maps[nmaps].bytes, b, n * sizeof *b), memcpy(maps[nmaps].flags, f, n * sizeof *f);
  maps[nmaps++].at = omp_get_wtime();
}

static void on_request(int d, ompt_buffer_t **buf, size_t *bytes) {
  *bytes = 1 << 16;
  *buf = malloc(*bytes);
}

static int bad, records, map_records;
static ompt_device_time_t dev_before, dev_after;

// The record's device times lie in get_device_time's window and, translated, in lo..hi.
static void check_times(const char *what, ompt_device_time_t t0, ompt_device_time_t t1, double lo,
                        double hi) {
  double a = translate_time(dev0, t0), b = translate_time(dev0, t1);
  if (t0 < dev_before || t1 > dev_after || t1 < t0 || a < lo || b > hi) {
    bad++;
    printf("%s: device %llu..%llu (window %llu..%llu), host %.9f..%.9f not in %.9f..%.9f\n", what,
           (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)dev_before,
           (unsigned long long)dev_after, a, b, lo, hi);
  }
}

static void check_map(const ompt_record_ompt_t *r) {
  const ompt_record_target_map_t *m = &r->record.target_map;
  int k = map_records++;
  if (k >= nmaps || m->nitems != maps[k].n) {
    bad++;
    printf("map record %d: %u items, callback %u\n", k, m->nitems, k < nmaps ? maps[k].n : 0);
    return;
  }
  for (unsigned i = 0; i < m->nitems; i++)
    if (m->host_addr[i] != maps[k].host[i] || m->device_addr[i] != maps[k].dev[i] ||
        m->bytes[i] != maps[k].bytes[i] || m->mapping_flags[i] != maps[k].flags[i]) {
      bad++;
      printf("map record %d item %u: %p %p %zu %#x, callback %p %p %zu %#x\n", k, i,
             m->host_addr[i], m->device_addr[i], m->bytes[i], m->mapping_flags[i], maps[k].host[i],
             maps[k].dev[i], maps[k].bytes[i], maps[k].flags[i]);
    }
  check_times("map", r->time, r->time, maps[k].at, target_end);
  printf("map record %d: %u items as the callback's\n", k, m->nitems);
}

static void check(const ompt_record_ompt_t *r) {
  records++;
  switch (r->type) {
  case ompt_callback_target:
    check_times("target", r->time, r->time, target_begin, target_end);
    break;
  case ompt_callback_target_data_op: {
    uint64_t id = r->record.target_data_op.host_op_id;
    check_times("data_op", r->time, r->record.target_data_op.end_time, id < 64 ? op_begin[id] : 1,
                id < 64 ? op_end[id] : 0);
    break;
  }
  case ompt_callback_target_submit: {
    uint64_t id = r->record.target_kernel.host_op_id;
    check_times("kernel", r->time, r->record.target_kernel.end_time, id < 64 ? op_begin[id] : 1,
                id < 64 ? op_end[id] : 0);
    break;
  }
  case ompt_callback_target_map:
    check_map(r);
    break;
  default:
    bad++;
    printf("unexpected record type %d\n", (int)r->type);
  }
}

static int init(ompt_function_lookup_t lookup, int dev, ompt_data_t *data) {
  TOOL_SET_ALL(lookup, TOOL_CB(device_initialize, on_device_init),
               TOOL_CB(target_emi, on_target_emi), TOOL_CB(target_data_op_emi, on_data_op_emi),
               TOOL_CB(target_submit_emi, on_submit_emi), TOOL_CB(target_map_emi, on_map_emi));
  return 1;
}

static void fini(ompt_data_t *data) {}

TOOL_START(init, fini)

int main(void) {
  int a = 1, c = 5, v[4] = {1, 2, 3, 4};
#pragma omp target map(to : a) // the device, initialized; its records are not checked here
  a++;
  flush_trace(dev0);
  records = map_records = nmaps = bad = 0;
  checking = 1;
  dev_before = get_device_time(dev0);
#pragma omp target map(tofrom : a) map(to : v [1:2]) firstprivate(c)
  a += c + v[1] + v[2];
  dev_after = get_device_time(dev0);
  flush_trace(dev0);
  printf("a %d, records %d, map records %d of %d, bad %d\n", a, records, map_records, nmaps, bad);
  return bad != 0;
}
// CHECK: trace 5 1
// CHECK: map record 0: 2 items as the callback's
// CHECK-NEXT: a 11, records 11, map records 1 of 1, bad 0
