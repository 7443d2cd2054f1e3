// clang-format off
// More device operations at once than the 32 lanes the device tracks once had: 40 threads each
// run a target region on host device 0 that waits at a gate until all 40 are inside it, so all
// 40 kernels are in flight together whatever the scheduling (no timing involved). Their device
// trace records go on one track per lane, "device 0" and "device 0 lane 1" to "lane 39": each
// lane a time-ordered stream whose slices never overlap, in the JSON (check_device, check_trace)
// and in the Perfetto file (check_pftrace: every SLICE_END closes the last open SLICE_BEGIN of
// its track, the same slices as the JSON; where protoc is installed, it decodes the file and
// the published schema's rules are checked on its text). Exactly 40 lanes (a thread's copy back
// follows its kernel, so no more than 40 operations ever overlap), all 40 kernels in progress
// together in the output (check_device: "at most 40 at once"; the old 32nd lane took the 8
// beyond and drew them at wrong times, 32 at once), and none of the 80 records lost. The gate
// is a mutex and a condition variable (visible to ThreadSanitizer), with a deadline that only
// keeps a broken runtime from hanging the test: a team smaller than 40 or a gate that timed out
// is printed and fails the CHECK.
// REQUIRES: offload, ompt
// RUN: %compile-offload
// RUN: env GLASS_TRACE_DEVICE=all GLASS_TRACE_FORMAT=both %trace-run %t | %FileCheck %s
// RUN: python3 %S/Inputs/check_device.py %t --slack-us 1000 | %FileCheck --check-prefix=DEV %s
// RUN: %check-trace %t --count "device: kernel=40" --count "device: copy from device=40" \
// RUN:   --count kernel=40 --count target=40
// RUN: %check-pftrace %t --json --device-tracks 40 --count "device: kernel=40" \
// RUN:   --count "device: copy from device=40" --summary | %FileCheck --check-prefix=PF %s
// RUN: %FileCheck --check-prefix=SUM %s < %t.txt
// RUN: %if protoc %{ %check-protoc %t.pftrace %t.decoded | %FileCheck --check-prefix=PROTOC %s %}
// RUN: %if protoc %{ %check-schema-rules %t.decoded | %FileCheck --check-prefix=RULES %s %}
// clang-format on
#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define N 40

typedef struct gate {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int in, need, timeouts;
} gate_t;

#pragma omp declare target
// Waits until `need` threads are in (30 s at most: a hang guard, not a timing).
static void gate_pass(gate_t *g) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 30;
  pthread_mutex_lock(&g->mu);
  if (++g->in == g->need)
    pthread_cond_broadcast(&g->cv);
  while (g->in < g->need)
    if (pthread_cond_timedwait(&g->cv, &g->mu, &until) == ETIMEDOUT) {
      g->timeouts++;
      break;
    }
  pthread_mutex_unlock(&g->mu);
}
#pragma omp end declare target

int main(void) {
  static gate_t gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};
  gate_t *g = &gate;
  int team = 0, ran = 0;
#pragma omp parallel num_threads(N) reduction(+ : ran)
  {
#pragma omp single
    team = g->need = omp_get_num_threads();
    int one = 0;
#pragma omp target map(from : one) is_device_ptr(g)
    {
      gate_pass(g);
      one = 1;
    }
    ran += one;
  }
  printf("team %d ran %d timeouts %d\n", team, ran, gate.timeouts);
  return 0;
}
// CHECK: team 40 ran 40 timeouts 0
// DEV: device 0: 40 kernel(s), 0 copies to (0 bytes), 40 from (160 bytes)
// DEV-NEXT: device 0: at most 40 record(s) at once
// DEV-NOT: check_device
// PF: check_pftrace: ok: {{.*}}, same as the JSON
// SUM: device (trace records)
// SUM-NEXT: kernel offload-lanes.c:{{[0-9]+}} 40{{ }}
// SUM-NEXT: copy from device offload-lanes.c:{{[0-9]+}} 40{{ }}
// PROTOC: check-pftrace-protoc: ok:
// RULES: check-perfetto-schema: ok: {{.*}} slices
