// Glass's omp.h and omp-tools.h against LLVM 22's: every enumerator has the same value, every
// typedef the same type (function signatures included), every record the same layout, every
// FOREACH_* list the same elements; a realistic tool compiles unchanged with either header (C
// and C++, -Werror) and runs on Glass; every omp.h routine compiles with clang-14, clang-22 and
// gcc, in C and C++. Compiler-independent, so it runs in the clang-22 pass only.
// REQUIRES: clang-22
// RUN: python3 %S/Inputs/gen_dump.py /usr/lib/llvm-22/lib/clang/22/include/omp-tools.h omp-tools.h > %t.tools.cpp
// RUN: clang++-22 %t.tools.cpp -o %t.tools.llvm && %t.tools.llvm > %t.tools.llvm.txt
// RUN: clang++-22 -I%incdir %t.tools.cpp -o %t.tools.ours && %t.tools.ours > %t.tools.ours.txt
// RUN: diff %t.tools.llvm.txt %t.tools.ours.txt
// RUN: %FileCheck %s --check-prefix=TOOLS < %t.tools.ours.txt
// RUN: python3 %S/Inputs/gen_dump.py /usr/lib/llvm-22/lib/clang/22/include/omp.h omp.h > %t.omp.cpp
// RUN: clang++-22 %t.omp.cpp -o %t.omp.llvm && %t.omp.llvm > %t.omp.llvm.txt
// RUN: clang++-22 -I%incdir %t.omp.cpp -o %t.omp.ours && %t.omp.ours > %t.omp.ours.txt
// RUN: diff %t.omp.llvm.txt %t.omp.ours.txt
// RUN: %FileCheck %s --check-prefix=OMP < %t.omp.ours.txt
// RUN: python3 %S/Inputs/layouts.py clang-22 omp-tools.h > %t.lay.llvm
// RUN: python3 %S/Inputs/layouts.py clang-22 omp-tools.h -I%incdir > %t.lay.ours
// RUN: diff %t.lay.llvm %t.lay.ours
// RUN: python3 %S/Inputs/layouts.py clang-22 omp.h > %t.olay.llvm
// RUN: python3 %S/Inputs/layouts.py clang-22 omp.h -I%incdir > %t.olay.ours
// RUN: diff %t.olay.llvm %t.olay.ours
//
// The tool, against LLVM's header and against ours, as C and C++:
// RUN: clang-22 -fopenmp -Wall -Wextra -Werror -Wincompatible-pointer-types -c %S/Inputs/tool_compat.c -o %t.a.o
// RUN: clang-22 -fopenmp -Wall -Wextra -Werror -Wincompatible-pointer-types -I%incdir -c %S/Inputs/tool_compat.c -o %t.b.o
// RUN: clang++-22 -fopenmp -Wall -Wextra -Werror -x c++ -c %S/Inputs/tool_compat.c -o %t.c.o
// RUN: clang++-22 -fopenmp -Wall -Wextra -Werror -x c++ -I%incdir -c %S/Inputs/tool_compat.c -o %t.d.o
// RUN: clang-14 -fopenmp -Wall -Wextra -Werror -I%incdir -c %S/Inputs/tool_compat.c -o %t.e.o
// RUN: gcc -fopenmp -Wall -Wextra -Werror -I%incdir -c %S/Inputs/tool_compat.c -o %t.f.o
// RUN: g++ -fopenmp -Wall -Wextra -Werror -x c++ -I%incdir -c %S/Inputs/tool_compat.c -o %t.g.o
// RUN: %if ompt %{ %cc %flags -DGLASS_TOOL_MAIN %S/Inputs/tool_compat.c -o %t.tool && %run %t.tool | %FileCheck %s --check-prefix=RUNS %}
//
// Every omp.h routine:
// RUN: clang-14 -fopenmp -Wall -Werror -I%incdir -c %S/Inputs/api_all.c -o %t.h.o
// RUN: clang-22 -fopenmp -Wall -Werror -I%incdir -c %S/Inputs/api_all.c -o %t.i.o
// RUN: gcc -fopenmp -Wall -Werror -I%incdir -c %S/Inputs/api_all.c -o %t.j.o
// RUN: clang++-14 -fopenmp -Wall -Werror -x c++ -I%incdir -c %S/Inputs/api_all.c -o %t.k.o
// RUN: clang++-22 -fopenmp -Wall -Werror -x c++ -I%incdir -c %S/Inputs/api_all.c -o %t.l.o
// RUN: g++ -fopenmp -Wall -Werror -x c++ -I%incdir -c %S/Inputs/api_all.c -o %t.m.o
//
// TOOLS: enum ompt_callback_error = 37
// TOOLS: enum ompt_state_undefined = 258
// TOOLS: type ompt_callback_parallel_begin_t =
// TOOLS: list FOREACH_OMPT_51_EVENT
// OMP: enum omp_atv_all = 19
// OMP: enum omp_default_mem_space = 99
// OMP: type omp_lock_t = {{.*}} size 8
// RUNS: tool: initial device 0, 37 callbacks registered of 33 listed
// RUNS: threads: 2
// RUNS: tool: saw events
