// clang-format off
// CUPTI activity records into OMPT trace records, with records built here in CUPTI 13's
// layouts: kernels with their granted teams, copies with their direction, bytes and the host
// operation's addresses, ids from the operation noted under the external correlation id, in
// whichever order CUPTI delivers the pair and the activity; nothing lost at the final flush.
// RUN: %cc -O1 -g -Wall -I%cuda-src -I%incdir %s %cuda-src/cupti_xlate.c -o %t -lpthread
// RUN: %t | %FileCheck %s
// REQUIRES: cuda-plugin
// clang-format on
#include "cupti_xlate.h"

#include <stdio.h>
#include <string.h>

static unsigned char rec[256];

static void put32(size_t off, uint32_t v) {
  memcpy(rec + off, &v, 4);
}
static void put64(size_t off, uint64_t v) {
  memcpy(rec + off, &v, 8);
}

static const void *kernel(uint32_t corr, uint64_t start, uint64_t end, uint32_t gx, uint32_t gy) {
  memset(rec, 0xee, sizeof rec);
  put32(0, CUPTI_KIND_CONCURRENT_KERNEL), put64(16, start), put64(24, end);
  put32(92, corr), put32(52, gx), put32(56, gy), put32(60, 1);
  return rec;
}
static const void *memcpy_rec(uint32_t corr, uint8_t kind, uint64_t bytes, uint64_t start) {
  memset(rec, 0xee, sizeof rec);
  put32(0, CUPTI_KIND_MEMCPY), rec[4] = kind, put64(8, bytes), put64(16, start);
  put64(24, start + 10), put32(44, corr);
  return rec;
}
static const void *memset_rec(uint32_t corr, uint64_t bytes) {
  memset(rec, 0xee, sizeof rec);
  put32(0, CUPTI_KIND_MEMSET), put64(8, bytes), put64(16, 5), put64(24, 6), put32(44, corr);
  return rec;
}
static const void *extcorr(uint32_t kind, uint64_t ext, uint32_t corr) {
  memset(rec, 0, sizeof rec);
  put32(0, CUPTI_KIND_EXTERNAL_CORRELATION), put32(4, kind), put64(8, ext), put32(16, corr);
  return rec;
}

static const char *res(enum xl_result r) {
  static const char *n[] = {"record", "consumed", "pending", "ignored", "error"};
  return n[r];
}

static void print(const ompt_record_ompt_t *r) {
  if (r->type == ompt_callback_target_submit)
    printf("  kernel target %llu op %llu thread %llu time %llu..%llu teams %u of %u\n",
           (unsigned long long)r->target_id, (unsigned long long)r->record.target_kernel.host_op_id,
           (unsigned long long)r->thread_id, (unsigned long long)r->time,
           (unsigned long long)r->record.target_kernel.end_time,
           r->record.target_kernel.granted_num_teams, r->record.target_kernel.requested_num_teams);
  else
    printf("  data op target %llu op %llu type %d %p(%d) -> %p(%d) %zu bytes time %llu..%llu\n",
           (unsigned long long)r->target_id,
           (unsigned long long)r->record.target_data_op.host_op_id,
           (int)r->record.target_data_op.optype, r->record.target_data_op.src_addr,
           r->record.target_data_op.src_device_num, r->record.target_data_op.dest_addr,
           r->record.target_data_op.dest_device_num, r->record.target_data_op.bytes,
           (unsigned long long)r->time, (unsigned long long)r->record.target_data_op.end_time);
}

static void feed(struct xl_state *s, const char *what, const void *r) {
  ompt_record_ompt_t out;
  int dev;
  enum xl_result x = xl_translate(s, r, &out, &dev);
  printf("%s: %s\n", what, res(x));
  if (x == XL_RECORD) {
    printf("  device %d\n", dev);
    print(&out);
  }
}

static void drain(struct xl_state *s, bool final) {
  ompt_record_ompt_t out;
  int dev;
  while (xl_next_ready(s, final, &out, &dev, NULL)) {
    printf("ready: device %d\n", dev);
    print(&out);
  }
}

// A copy of target 7 by thread 1.
static struct xl_op copy_op(uint64_t ext, uint64_t op, int optype, uintptr_t src, int src_dev,
                            uintptr_t dst, int dst_dev) {
  return (struct xl_op){.ext_id = ext,
                        .target_id = 7,
                        .host_op_id = op,
                        .thread_id = 1,
                        .optype = optype,
                        .src = (void *)src,
                        .src_dev = src_dev,
                        .dst = (void *)dst,
                        .dst_dev = dst_dev};
}

int main(void) {
  struct xl_state s;
  xl_init(&s);
  struct xl_op k = {.ext_id = 11,
                    .target_id = 7,
                    .host_op_id = 70,
                    .thread_id = 1,
                    .requested_teams = 4,
                    .dev = 2};
  struct xl_op to = copy_op(12, 71, ompt_target_data_transfer_to_device, 0x1000, 1, 0x2000, 0);
  struct xl_op from = copy_op(13, 72, ompt_target_data_transfer_from_device, 0x2000, 0, 0x1000, 1);
  printf("noted %d %d %d %d\n", xl_note_op(&s, &k), xl_note_op(&s, &to), xl_note_op(&s, &from),
         xl_note_op(&s, &(struct xl_op){.ext_id = 0}));
  // The pair first, then the activity.
  feed(&s, "pair 12", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, 12, 500));
  feed(&s, "memcpy 500", memcpy_rec(500, CUPTI_MEMCPY_HTOD, 4096, 100));
  // The activity first: held until its pair arrives.
  feed(&s, "kernel 501", kernel(501, 200, 300, 4, 2));
  drain(&s, false);
  feed(&s, "pair 11", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, 11, 501));
  drain(&s, false);
  // Another tool's external ids are not ours.
  feed(&s, "foreign pair", extcorr(1, 13, 502));
  feed(&s, "memcpy 502", memcpy_rec(502, CUPTI_MEMCPY_DTOH, 4096, 400));
  feed(&s, "pair 13", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, 13, 502));
  drain(&s, false);
  // A memset nobody described has no OMPT operation; a copy nobody described keeps its
  // direction; a driver copy whose pair never comes is delivered at the final flush.
  feed(&s, "memset 503", memset_rec(503, 64));
  feed(&s, "pair 99", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, 99, 504));
  feed(&s, "dtod 504", memcpy_rec(504, CUPTI_MEMCPY_DTOD, 8, 600));
  feed(&s, "orphan 505", memcpy_rec(505, CUPTI_MEMCPY_DTOH, 16, 700));
  // The plugin's own copies (launch environments) go under the internal id: consumed silently,
  // whichever comes first.
  feed(&s, "internal pair", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, XL_INTERNAL_ID, 506));
  feed(&s, "internal copy", memcpy_rec(506, CUPTI_MEMCPY_HTOD, 16, 800));
  feed(&s, "internal copy first", memcpy_rec(507, CUPTI_MEMCPY_HTOD, 16, 900));
  feed(&s, "internal pair after", extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, XL_INTERNAL_ID, 507));
  drain(&s, false);
  feed(&s, "other kind", extcorr(0, 0, 0) /* kind 39 */);
  put32(0, 5); // CUPTI_ACTIVITY_KIND_RUNTIME
  feed(&s, "runtime api", rec);
  drain(&s, true);
  printf("unmatched %llu pending %zu\n", (unsigned long long)s.unmatched, s.pending_n);

  // Many operations, pairs in reverse order, activities held first: the tables grow and every
  // record comes out with its own ids.
  enum { N = 3000 };
  for (uint32_t i = 1; i <= N; i++)
    xl_note_op(
        &s, &(struct xl_op){
                .ext_id = 1000 + i, .target_id = i, .host_op_id = 5000 + i, .requested_teams = i});
  int held = 0, good = 0, dev;
  for (uint32_t i = 1; i <= N; i++) {
    ompt_record_ompt_t out;
    held += xl_translate(&s, kernel(10000 + i, i, i + 1, i, 1), &out, &dev) == XL_PENDING;
  }
  for (uint32_t i = N; i >= 1; i--) {
    ompt_record_ompt_t out;
    xl_translate(&s, extcorr(CUPTI_EXTERNAL_KIND_CUSTOM0, 1000 + i, 10000 + i), &out, &dev);
  }
  ompt_record_ompt_t out;
  uint64_t last = 0;
  bool ordered = true;
  while (xl_next_ready(&s, false, &out, &dev, NULL)) {
    good += out.target_id == out.record.target_kernel.granted_num_teams &&
            out.record.target_kernel.host_op_id == 5000 + out.target_id &&
            out.record.target_kernel.requested_num_teams == out.target_id;
    ordered &= out.time > last;
    last = out.time;
  }
  printf("bulk: held %d, matched %d, in order %d, left %zu ops %zu\n", held, good, ordered,
         s.pending_n, s.ops_n);
  xl_destroy(&s);
  return 0;
}
// CHECK: noted 1 1 1 0
// CHECK: pair 12: consumed
// CHECK: memcpy 500: record
// CHECK-NEXT: device 0
// CHECK-NEXT: data op target 7 op 71 type 2 0x1000(1) -> 0x2000(0) 4096 bytes time 100..110
// CHECK: kernel 501: pending
// CHECK-NEXT: pair 11: consumed
// CHECK-NEXT: ready: device 2
// CHECK-NEXT: kernel target 7 op 70 thread 1 time 200..300 teams 8 of 4
// CHECK: foreign pair: consumed
// CHECK: memcpy 502: pending
// CHECK: pair 13: consumed
// CHECK-NEXT: ready: device 0
// CHECK-NEXT: data op target 7 op 72 type 3 0x2000(0) -> 0x1000(1) 4096 bytes time 400..410
// CHECK: memset 503: pending
// CHECK: pair 99: consumed
// CHECK: dtod 504: record
// CHECK-NEXT: device -1
// CHECK-NEXT: data op target 0 op 0 type 2 (nil)(0) -> (nil)(0) 8 bytes time 600..610
// CHECK: orphan 505: pending
// CHECK: internal pair: consumed
// CHECK-NEXT: internal copy: ignored
// CHECK-NEXT: internal copy first: pending
// CHECK-NEXT: internal pair after: consumed
// CHECK-NEXT: other kind: consumed
// CHECK: runtime api: ignored
// CHECK-NEXT: ready: device -1
// CHECK-NEXT: data op target 0 op 0 type 3 (nil)(0) -> (nil)(0) 16 bytes time 700..710
// CHECK-NEXT: unmatched 3 pending 0
// CHECK: bulk: held 3000, matched 3000, in order 1, left 0 ops 0
