// ompt_set_callback answers for every callback what ompt/callbacks.def says (the one list the
// runtime's tables are generated from), and the enumerations list exactly the states and mutex
// implementations of ompt/states.def and ompt/mutex_impls.def, with the header's values. Whether
// an "always" is true is proved by each event's own tests.
// REQUIRES: ompt
// RUN: %compile && env GLASS_PRINTER_REGISTRATION=1 %run-tool %t > %t.out
// RUN: python3 %S/Inputs/check_registration.py %S/../.. %t.out | %FileCheck %s
#include <omp.h>
int main(void) { return omp_get_max_threads() < 1; }
// CHECK: registration: {{[0-9]+}} callbacks, {{[0-9]+}} states, {{[0-9]+}} mutex implementations checked
