// Worksharing slices (loops, single, masked, sections), traced on LLVM's libomp 19, at 2 and 7 threads.
// REQUIRES: libomp19
// RUN: %cc %flags-libomp %S/Inputs/loops.c -o %t
// RUN: env OMP_NUM_THREADS=2 %trace-run-libomp %t | %FileCheck %S/Inputs/loops.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads 2 --count parallel=1 --count "loop (dynamic)=2" \
// RUN:   --count "loop (static)=2" --count single=1 --count "single (not executed)=1" \
// RUN:   --count masked=1 --count sections=2 --inside "loop (dynamic)=implicit task" \
// RUN:   --inside "sections=implicit task" --loc "loop (dynamic)=dynamic" --loc "loop (static)=static" \
// RUN:   --loc single=single --loc masked=master --loc sections=sections --source %S/Inputs/loops.c \
// RUN:   --summary-row "loop (dynamic)" --summary-row sections
// RUN: env OMP_NUM_THREADS=7 %trace-run-libomp %t | %FileCheck %S/Inputs/loops.c --check-prefix=OUT
// RUN: %check-trace %t --runtime 'LLVM' --threads 7 --count parallel=1 --count "loop (dynamic)=7" \
// RUN:   --count "loop (static)=7" --count single=1 --count "single (not executed)=6" \
// RUN:   --count masked=1 --count sections=7 --inside "loop (dynamic)=implicit task" \
// RUN:   --inside "sections=implicit task" --loc "loop (dynamic)=dynamic" --loc "loop (static)=static" \
// RUN:   --loc single=single --loc masked=master --loc sections=sections --source %S/Inputs/loops.c \
// RUN:   --summary-row "loop (dynamic)" --summary-row sections
// LLVM's libomp runs this program too: it is not instrumented, so ThreadSanitizer cannot see
// its synchronization and reports races that are not there.
// UNSUPPORTED: tsan
