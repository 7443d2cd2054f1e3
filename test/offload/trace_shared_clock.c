// Device tracing with clock readings shared between adjacent record boundaries. A tracing tool
// without the callbacks of target constructs and their operations (TEST_CALLBACKS=none), with
// only the target callback (target) and with every one of them (all) gets records whose times are
// ordered in the buffer and nested (a construct's operations, kernel included, inside its
// target begin and end; each operation after the one before), whose translated times lie
// inside the program's own omp_get_wtime readings around each step (a shared reading never
// reaches back past the program's code between two constructs or two memory routines) and,
// where the tool has them, between their callbacks' host times. LIBOMPTARGET_INFO=0x100 says
// at stop_trace how many clock readings timed the records: 21 for the 40 times of these steps
// without per-operation callbacks (with or without the target callback), 40 with them (no
// reading is shared while the tool has callbacks of operations).
// clang-format off
// RUN: %compile-offload
// RUN: env TEST_CALLBACKS=none LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck --check-prefixes=CHECK,FEW %s
// RUN: env TEST_CALLBACKS=target LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck --check-prefixes=CHECK,FEW %s
// RUN: env TEST_CALLBACKS=all LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck --check-prefixes=CHECK,ALL %s
// RUN: env TEST_CALLBACKS=none %run %t | %FileCheck %s
// RUN: env TEST_CALLBACKS=all %run %t | %FileCheck %s
// RUN: env TEST_CALLBACKS=none GLASS_TARGET_HOST_CLOCK=monotonic LIBOMPTARGET_INFO=0x100 %run %t 2>&1 | %FileCheck --check-prefixes=CHECK,FEW %s
// REQUIRES: offload, ompt
// clang-format on
#include "Inputs/trace_device0.h"
#include "tool.h"
#include <omp-tools.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Host times of the callbacks by id (target_id or host_op_id; small here). The program is one
// thread; so are the callbacks and buffer deliveries (flush from main).
#define IDS 256
static double cb_begin[IDS], cb_end[IDS];
static int with_ops; // the per-operation callbacks are registered

static void span(uint64_t id, ompt_scope_endpoint_t e) {
  if (id < IDS)
    (e == ompt_scope_begin ? cb_begin : cb_end)[id] = omp_get_wtime();
}

static void on_target(ompt_target_t k, ompt_scope_endpoint_t e, int d, ompt_data_t *t,
                      ompt_id_t target_id, const void *c) {
  span(target_id, e);
}

static void on_data_op_emi(ompt_scope_endpoint_t e, ompt_data_t *tt, ompt_data_t *td, ompt_id_t *id,
                           ompt_target_data_op_t op, void *s, int sd, void *d, int dd, size_t b,
                           const void *c) {
  span(*id, e);
}

static void on_submit_emi(ompt_scope_endpoint_t e, ompt_data_t *td, ompt_id_t *id, unsigned n) {
  span(*id, e);
}

static void on_map_emi(ompt_data_t *td, unsigned n, void **h, void **d, size_t *b, unsigned *f,
                       const void *c) {}

static void on_request(int d, ompt_buffer_t **buf, size_t *bytes) {
  *bytes = 1 << 20;
  *buf = malloc(*bytes);
}

// The program's steps: host times around each (w[s] before step s, w[s + 1] after it), and the
// records each makes: the records, delivered at the end, are the steps' in this order.
#define STEPS 6
static const unsigned expected[STEPS] = {3, 8, 5, 4, 4, 3};
static double w[STEPS + 1];
static int step, bad, times;
static unsigned records[STEPS];

// The current step's state: the last record's start, the last operation's end, the target
// begin of the construct under way.
static ompt_device_time_t last_time, last_op_end, target_begin;

static void fail(const char *what, const ompt_record_ompt_t *r) {
  bad++;
  printf("step %d record %u (type %d): %s\n", step, records[step], (int)r->type, what);
}

static void check_window(const ompt_record_ompt_t *r, ompt_device_time_t t0,
                         ompt_device_time_t t1) {
  double a = translate_time(dev0, t0), b = translate_time(dev0, t1);
  if (t1 < t0)
    fail("ends before it starts", r);
  if (a < w[step] || b > w[step + 1])
    fail("outside the program's readings around its step", r);
  if (t0 < last_time)
    fail("starts before the record before it", r);
  last_time = t0;
}

// An operation's record: after the operation before, inside its construct, between its
// callbacks when the tool has them.
static void check_op(const ompt_record_ompt_t *r, uint64_t id, ompt_device_time_t end) {
  times += 2;
  check_window(r, r->time, end);
  if (r->time < last_op_end)
    fail("starts before the operation before it ended", r);
  last_op_end = end;
  if (r->target_id && r->time < target_begin)
    fail("starts before its construct", r);
  double a = translate_time(dev0, r->time), b = translate_time(dev0, end);
  if (with_ops && id < IDS && (a < cb_begin[id] || b > cb_end[id]))
    fail("not between its callbacks", r);
}

static void check(const ompt_record_ompt_t *r) {
  while (step < STEPS && records[step] == expected[step]) {
    step++;
    last_time = last_op_end = target_begin = 0;
  }
  if (step == STEPS) {
    bad++;
    printf("more records than the steps make\n");
    return;
  }
  switch (r->type) {
  case ompt_callback_target: {
    const ompt_record_target_t *t = &r->record.target;
    times++;
    check_window(r, r->time, r->time);
    double a = translate_time(dev0, r->time);
    uint64_t id = r->target_id;
    if (id < IDS && cb_begin[id] > 0 && (a < cb_begin[id] || a > cb_end[id]))
      fail("target record not between its callbacks", r);
    if (t->endpoint == ompt_scope_begin)
      target_begin = r->time;
    else if (r->time < last_op_end)
      fail("target end before its last operation ended", r);
    break;
  }
  case ompt_callback_target_data_op:
    check_op(r, r->record.target_data_op.host_op_id, r->record.target_data_op.end_time);
    break;
  case ompt_callback_target_submit:
    check_op(r, r->record.target_kernel.host_op_id, r->record.target_kernel.end_time);
    break;
  case ompt_callback_target_map:
    times++;
    check_window(r, r->time, r->time);
    if (r->time < target_begin)
      fail("map record before its construct", r);
    break;
  default:
    fail("unexpected type", r);
  }
  records[step]++;
}

static int init(ompt_function_lookup_t lookup, int dev, ompt_data_t *data) {
  const char *mode = getenv("TEST_CALLBACKS");
  mode = mode ? mode : "none";
  TOOL_SET_ALL(lookup, TOOL_CB(device_initialize, on_device_init));
  if (!strcmp(mode, "target") || !strcmp(mode, "all"))
    TOOL_SET_ALL(lookup, TOOL_CB(target, on_target));
  with_ops = !strcmp(mode, "all");
  if (with_ops)
    TOOL_SET_ALL(lookup, TOOL_CB(target_data_op_emi, on_data_op_emi),
                 TOOL_CB(target_submit_emi, on_submit_emi), TOOL_CB(target_map_emi, on_map_emi));
  return 1;
}

static void fini(ompt_data_t *data) {}

TOOL_START(init, fini)

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with libomptarget's lines on stderr
  checking = 1;
  int x = 1, y = 2, dev = omp_get_default_device(), host = omp_get_initial_device();
  // Nothing but the program's own reading between two steps: a record time shared across it
  // would fall before w[s] (a flush between steps would call the tool, which breaks sharing).
  w[0] = omp_get_wtime();
#pragma omp target
  {}
  w[1] = omp_get_wtime();
#pragma omp target map(tofrom : x)
  x++;
  w[2] = omp_get_wtime();
#pragma omp target enter data map(to : y)
  w[3] = omp_get_wtime();
#pragma omp target update from(y)
  w[4] = omp_get_wtime();
#pragma omp target exit data map(release : y)
  w[5] = omp_get_wtime();
  void *p = omp_target_alloc(sizeof x, dev);
  omp_target_memcpy(p, &x, sizeof x, 0, 0, dev, host);
  omp_target_free(p, dev);
  w[6] = omp_get_wtime();
  flush_trace(dev0);
  for (int s = 0; s < STEPS; s++)
    printf("step %d: %u records\n", s, records[s]);
  printf("x %d, times %d, bad %d\n", x, times, bad);
  stop_trace(dev0);
  return bad != 0 || x != 2;
}
// clang-format off
// CHECK: trace 5 1
// CHECK: step 0: 3 records
// CHECK-NEXT: step 1: 8 records
// CHECK-NEXT: step 2: 5 records
// CHECK-NEXT: step 3: 4 records
// CHECK-NEXT: step 4: 4 records
// CHECK-NEXT: step 5: 3 records
// CHECK-NEXT: x 2, times 40, bad 0
// FEW-NEXT: omptarget device 0 info: tracing stopped: 21 clock reading(s) timed the records
// ALL-NEXT: omptarget device 0 info: tracing stopped: 40 clock reading(s) timed the records
