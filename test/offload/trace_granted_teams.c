// clang-format off
// A host kernel's trace record gives the teams its league really got: nteams-var when the
// construct asks for none (its requested count is then 0: none named; a target region without
// teams requests 1), the clause's count, the host's cap of 1024 for more (with the
// runtime's warning), one team for a target region without teams, and the league of each
// kernel when target regions are offloaded from several host threads at once. The program's
// own omp_get_num_teams() inside each kernel is printed beside them.
// RUN: %compile-offload
// RUN: env OMP_NUM_TEAMS=3 GLASS_PRINTER_TRACE=1 %run-tool %t 2>&1 | %FileCheck %s
// RUN: env GLASS_PRINTER_TRACE=1 %run-tool %t 2>&1 | %FileCheck %s --check-prefix=DEFAULT
// RUN: env OMP_NUM_TEAMS=3 GLASS_PRINTER_TRACE=1 %run-tool %t par 2>&1 | grep -o "requested_num_teams=[0-9]* granted_num_teams=[0-9]*" | sort | uniq -c | %FileCheck %s --check-prefix=PAR
// REQUIRES: offload, ompt
// clang-format on
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int teams_of_kernel(int which) {
  int n = 0;
  switch (which) {
  case 0:
#pragma omp target map(from : n)
    n = omp_get_num_teams();
    break;
  case 1:
#pragma omp target teams map(from : n)
    if (omp_get_team_num() == 0)
      n = omp_get_num_teams();
    break;
  case 2:
#pragma omp target teams num_teams(5) map(from : n)
    if (omp_get_team_num() == 0)
      n = omp_get_num_teams();
    break;
  default:
#pragma omp target teams num_teams(100000) map(from : n)
    if (omp_get_team_num() == 0)
      n = omp_get_num_teams();
  }
  return n;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with the tool's lines
  if (argc < 2 || strcmp(argv[1], "par")) {
    for (int k = 0; k < 4; k++)
      printf("kernel %d: %d teams\n", k, teams_of_kernel(k));
    return 0;
  }
  // Two host threads offload at once: each record gets its own kernel's league.
  int bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  for (int i = 0; i < 20; i++) {
    int k = 1 + (omp_get_thread_num() + i) % 2, want = k == 1 ? 3 : 5;
    int got = teams_of_kernel(k);
    bad += got != want;
  }
  if (bad)
    fprintf(stderr, "parallel: %d kernels saw the wrong league\n", bad);
  return bad != 0; // fails the pipe
}
// clang-format off
// CHECK: kernel 0: 1 teams
// CHECK: kernel 1: 3 teams
// CHECK: kernel 2: 5 teams
// CHECK: 100000 teams requested; this runtime runs at most 1024 teams on the host
// CHECK: kernel 3: 1024 teams
// CHECK: trace_target_kernel {{.*}} requested_num_teams=1 granted_num_teams=1
// CHECK: trace_target_kernel {{.*}} requested_num_teams=0 granted_num_teams=3
// CHECK: trace_target_kernel {{.*}} requested_num_teams=5 granted_num_teams=5
// CHECK: trace_target_kernel {{.*}} requested_num_teams=100000 granted_num_teams=1024
// CHECK-NOT: trace_target_kernel
// CHECK: device_finalize

// DEFAULT: kernel 1: 1 teams
// DEFAULT: trace_target_kernel {{.*}} requested_num_teams=1 granted_num_teams=1
// DEFAULT: trace_target_kernel {{.*}} requested_num_teams=0 granted_num_teams=1
// DEFAULT: trace_target_kernel {{.*}} requested_num_teams=5 granted_num_teams=5
// DEFAULT: trace_target_kernel {{.*}} requested_num_teams=100000 granted_num_teams=1024

// 20 kernels of each kind, each with its own league's size.
// PAR: {{^ *}}20 requested_num_teams=0 granted_num_teams=3
// PAR-NEXT: {{^ *}}20 requested_num_teams=5 granted_num_teams=5
// PAR-NOT: requested
