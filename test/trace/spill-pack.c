// The spill file's packed blocks (tools/trace/buffer.c): events packed and unpacked come back
// bit for bit, whatever their values (random 64-bit times, ids and code addresses, every kind,
// sub, count and pad), within the bound the spill buffers are sized by; a block cut short or
// with a byte too many is refused (a damaged spill file ends the thread's stream there instead
// of inventing events). Built from the recorder's source.
// RUN: %cc -O1 -g -I%S/../../tools/trace -I%incdir %s -o %t
// RUN: %t | %FileCheck %s
#include "buffer.c"

#include <stdio.h>

size_t trace_parse_size(const char *s, bool *ok) { // the options' helper (write_json.c)
  *ok = false;
  return 0;
}

enum { N = 1000 };

int main(void) {
  static trace_ev_t ev[N], back[N];
  static uint8_t buf[N * PACK_EV_MAX + 64];
  static pack_prev_t pv;
  uint64_t x = 88172645463325252ull;
  int bad = 0;
  for (int round = 0; round < 300; round++) {
    for (int i = 0; i < N; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      ev[i] = (trace_ev_t){.t = x,
                           .a = x * 3,
                           .b = round & 1 ? x >> 7 : ~x,
                           .n = (uint32_t)(x >> 11),
                           .kind = (uint8_t)(x >> 40),
                           .sub = (uint8_t)(x >> 50),
                           .pad = (uint16_t)(x >> 3)};
      if (round % 3 == 0) // the usual shape: rising times, few kinds and codes, small ids
        ev[i] = (trace_ev_t){.t = 1000 + 10ull * (uint64_t)i,
                             .a = (1ull << 40) + (uint64_t)i / 2,
                             .b = 0x401000 + 16 * (x & 3),
                             .n = i & 1,
                             .kind = (uint8_t)(1 + (x & 3)),
                             .sub = 5};
    }
    size_t n = pack(ev, N, buf, &pv);
    pack_hdr_t h;
    memcpy(&h, buf, sizeof(h));
    bad += h.events != N || h.bytes + sizeof(h) != n || n > trace_pack_bound(N);
    bad += !unpack(buf + sizeof(h), h.bytes, N, back, &pv) || memcmp(ev, back, sizeof(ev)) != 0;
    bad += unpack(buf + sizeof(h), h.bytes - 1, N, back, &pv); // cut short
    buf[sizeof(h) + h.bytes] = 0;
    bad += unpack(buf + sizeof(h), h.bytes + 1, N, back, &pv); // a byte too many
    if (round == 0)
      printf("usual events: %.1f bytes each\n", (double)h.bytes / N);
  }
  printf("round trips: %s\n", bad ? "FAILED" : "exact");
  return bad != 0;
}
// CHECK: usual events: {{[0-9]+\.[0-9]}} bytes each
// CHECK: round trips: exact
