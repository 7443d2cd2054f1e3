// libomp.so.5 has libomp's soname, depends only on the C library, and exports only ABI names,
// each with the version node VERSION that clang-linked programs require.
// RUN: python3 %S/../utils/check_exports.py %libdir/libomp.so.5 | %FileCheck %s
// CHECK: soname libomp.so.5
// CHECK-NOT: unexpected
// CHECK-NOT: not an ABI name
// CHECK-NOT: no VERSION node
// CHECK: exports ok
// A sanitizer build depends on the sanitizer's runtime.
// UNSUPPORTED: tsan
