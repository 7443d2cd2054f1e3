// The glass-trace command: runs the program with the tool on Glass, passes its arguments and
// exit status through, names its outputs; rejects bad options and missing programs.
// REQUIRES: ompt
// RUN: %compile
// RUN: rm -f %t.json %t.html %t.txt
// RUN: env OMP_NUM_THREADS=2 %glass-trace -q -o %t -- %t hello 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=WHERE %s < %t.err
// RUN: %check-trace %t --runtime Glass --count parallel=1 --count "implicit task=2"
// RUN: env OMP_NUM_THREADS=2 %glass-trace -e parallel -o %t %t hello 2>%t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=SUMMARY %s < %t.err
// RUN: %check-trace %t --count parallel=1 --count barrier=0
// RUN: %not %glass-trace -o %t -- %t fail 2>%t.err
// RUN: %FileCheck --check-prefix=WHERE %s < %t.err
// RUN: %not %glass-trace --bogus %t 2>&1 | %FileCheck --check-prefix=BADOPT %s
// RUN: %glass-trace -o %t -- %t.missing 2>%t.err || test $? = 127
// RUN: %FileCheck --check-prefix=MISSING %s < %t.err
// RUN: %glass-trace --help | %FileCheck --check-prefix=HELP %s
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp barrier
#pragma omp atomic
    n++;
  }
  printf("%s from %d threads\n", argc > 1 ? argv[1] : "?", n);
  return argc > 1 && strcmp(argv[1], "fail") == 0 ? 3 : 0;
}
// CHECK: hello from 2 threads
// WHERE: glass-trace: timeline {{.*}}.html, trace {{.*}}.json (ui.perfetto.dev), summary {{.*}}.txt
// SUMMARY: glass-trace summary:
// SUMMARY: parallel
// SUMMARY: glass-trace: timeline
// BADOPT: glass-trace: unknown option --bogus
// MISSING: glass-trace: cannot find the program
// HELP: usage: glass-trace [options] [--] program [arguments]
