// kmp_set_defaults("OMP_TARGET_OFFLOAD=...") changes target-offload-var also after start-up,
// as libomp's does: any case of disabled, default and mandatory; anything else warns and
// means default. Before start-up the setting acts as the environment (which it does not
// override). __kmpc_get_target_offload reports it in libomptarget's encoding (0 disabled,
// 1 default, 2 mandatory).
// RUN: %compile && %run %t 2>&1 | %FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory %run %t 2>&1 | %FileCheck %s --check-prefix=ENV
#include <omp.h>
#include <stdio.h>

extern int __kmpc_get_target_offload(void);
extern void kmp_set_defaults(char const *str);

static void set_and_show(const char *value) {
  char buf[64];
  snprintf(buf, sizeof buf, "OMP_TARGET_OFFLOAD=%s", value);
  kmp_set_defaults(buf);
  printf("%s -> %d\n", value, __kmpc_get_target_offload());
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  set_and_show("DisAbled"); // before start-up: as the environment
  set_and_show("default");
  set_and_show("MANDATORY");
  set_and_show("disabled");
  set_and_show("enabled");
  return 0;
}
// CHECK: DisAbled -> 0
// CHECK-NEXT: default -> 1
// CHECK-NEXT: MANDATORY -> 2
// CHECK-NEXT: disabled -> 0
// CHECK-NEXT: OMP: Warning: OMP_TARGET_OFFLOAD="enabled" is invalid (expected mandatory, disabled or default); using default
// CHECK-NEXT: enabled -> 1
// ENV: DisAbled -> 2
// ENV-NEXT: default -> 1
