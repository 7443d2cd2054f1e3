// Dies, tiles and modules (topologies/tiles.xml: 2 sockets x 2 dies x 2 tiles x 2 modules x 2
// cores, processors in order; hwloc's Die objects and Intel's Tile and Module groups) in every
// variable that names levels: KMP_AFFINITY granularity and its compact/scatter order,
// OMP_PLACES's libomp names, KMP_HW_SUBSET's layers (words and letters), verbose's map. On a
// machine without them each falls back as libomp does: granularity and places to cores with
// one warning, KMP_HW_SUBSET to the whole machine.
// REQUIRES: hwloc
// RUN: %compile -I %S/Inputs
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml KMP_AFFINITY=verbose,granularity=tile,compact %run %t 4 2>&1 | %FileCheck %s --check-prefix=VERBOSE
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml KMP_AFFINITY=granularity=die,compact %run %t 4 | %FileCheck %s --check-prefix=DIE
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml KMP_AFFINITY=granularity=module,scatter %run %t 4 | %FileCheck %s --check-prefix=MODSCATTER
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml KMP_AFFINITY=scatter %run %t 4 | %FileCheck %s --check-prefix=SCATTER
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES="tiles(3)" OMP_PROC_BIND=spread %run %t 3 | %FileCheck %s --check-prefix=TILES
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=modules %run %t 2 | %FileCheck %s --check-prefix=MODULES
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=dice %run %t 2 | %FileCheck %s --check-prefix=DIE
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=l2_caches %run %t 2 | %FileCheck %s --check-prefix=L2
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=cores KMP_HW_SUBSET=2D,1tile@1,1M %run %t 2 | %FileCheck %s --check-prefix=SUBSET
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=cores KMP_HW_SUBSET=1s,1dice,2ti,1modules@1,1c %run %t 2 | %FileCheck %s --check-prefix=WORDS
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml OMP_PLACES=modules KMP_HW_SUBSET=:3m@2 %run %t 2 | %FileCheck %s --check-prefix=ABSOLUTE
// RUN: env HWLOC_XMLFILE=%topologies/tiles.xml KMP_SETTINGS=1 KMP_AFFINITY=granularity=tile,compact %run %t 1 2>&1 | %FileCheck %s --check-prefix=SETTINGS
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=granularity=module,compact %run %t 2 2>&1 | %FileCheck %s --check-prefix=NOMODULE
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml KMP_AFFINITY=nowarnings,granularity=die,compact %run %t 2 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES="tiles(2)" %run %t 2 2>&1 | %FileCheck %s --check-prefix=NOTILES
// RUN: env HWLOC_XMLFILE=%topologies/2s8c2t.xml OMP_PLACES=cores KMP_HW_SUBSET=1s,1ti %run %t 2 2>&1 | %FileCheck %s --check-prefix=NOSUBSET
#include "print_places.h"

// VERBOSE: 2 sockets x 2 dies/socket x 2 tiles/die x 2 modules/tile x 2 cores/module x 1 thread/core (32 total cores)
// VERBOSE: OS proc 0 maps to socket 0 die 0 tile 0 module 0 core 0 thread 0
// VERBOSE-NEXT: OS proc 1 maps to socket 0 die 0 tile 0 module 0 core 1 thread 0
// VERBOSE-NEXT: OS proc 2 maps to socket 0 die 0 tile 0 module 1 core 0 thread 0
// VERBOSE: OS proc 13 maps to socket 0 die 1 tile 1 module 0 core 1 thread 0
// VERBOSE: OS proc 31 maps to socket 1 die 1 tile 1 module 1 core 1 thread 0
// VERBOSE: places=8
// VERBOSE-NEXT: place 0: 0,1,2,3
// VERBOSE-NEXT: place 1: 4,5,6,7
// VERBOSE: place 7: 28,29,30,31
// VERBOSE: team 4: 0 1 2 3

// DIE: places=4
// DIE-NEXT: place 0: 0,1,2,3,4,5,6,7
// DIE-NEXT: place 1: 8,9,10,11,12,13,14,15
// DIE-NEXT: place 2: 16,17,18,19,20,21,22,23
// DIE-NEXT: place 3: 24,25,26,27,28,29,30,31

// Scatter alternates sockets, then dies, then tiles, then modules.
// MODSCATTER: places=16
// MODSCATTER-NEXT: place 0: 0,1
// MODSCATTER-NEXT: place 1: 16,17
// MODSCATTER-NEXT: place 2: 8,9
// MODSCATTER-NEXT: place 3: 24,25
// MODSCATTER-NEXT: place 4: 4,5
// MODSCATTER-NEXT: place 5: 20,21
// MODSCATTER-NEXT: place 6: 12,13
// MODSCATTER-NEXT: place 7: 28,29
// MODSCATTER-NEXT: place 8: 2,3
// MODSCATTER: team 4: 0 1 2 3

// SCATTER: places=32
// SCATTER-NEXT: place 0: 0
// SCATTER-NEXT: place 1: 16
// SCATTER-NEXT: place 2: 8
// SCATTER-NEXT: place 3: 24
// SCATTER-NEXT: place 4: 4
// SCATTER: place 8: 2
// SCATTER: place 16: 1

// TILES: places=3
// TILES-NEXT: place 0: 0,1,2,3
// TILES-NEXT: place 1: 4,5,6,7
// TILES-NEXT: place 2: 8,9,10,11
// TILES-NEXT: team 3: 0 1 2

// MODULES: places=16
// MODULES-NEXT: place 0: 0,1
// MODULES-NEXT: place 1: 2,3
// MODULES: place 15: 30,31

// L2: places=32
// L2-NEXT: place 0: 0
// L2-NEXT: place 1: 1

// Per socket two dies; in each die the second tile; in it the first module.
// SUBSET: places=8
// SUBSET-NEXT: place 0: 4
// SUBSET-NEXT: place 1: 5
// SUBSET-NEXT: place 2: 12
// SUBSET-NEXT: place 3: 13
// SUBSET-NEXT: place 4: 20
// SUBSET-NEXT: place 5: 21
// SUBSET-NEXT: place 6: 28
// SUBSET-NEXT: place 7: 29

// WORDS: places=2
// WORDS-NEXT: place 0: 2
// WORDS-NEXT: place 1: 6

// ABSOLUTE: places=3
// ABSOLUTE-NEXT: place 0: 4,5
// ABSOLUTE-NEXT: place 1: 6,7
// ABSOLUTE-NEXT: place 2: 8,9

// SETTINGS: KMP_AFFINITY='noverbose,warnings,respect,noreset,granularity=tile,compact,0,0'

// NOMODULE: KMP_AFFINITY: granularity setting: module does not exist in topology. Using granularity=core instead
// NOMODULE-NOT: granularity setting
// NOMODULE: places=16
// NOMODULE-NEXT: place 0: 0,16
// NOMODULE-NOT: granularity setting

// QUIET-NOT: Warning
// QUIET: places=16

// NOTILES: OMP_PLACES: granularity setting: tile does not exist in topology. Using granularity=core instead
// NOTILES-NOT: granularity setting
// NOTILES: places=2
// NOTILES-NEXT: place 0: 0,16
// NOTILES-NEXT: place 1: 1,17

// NOSUBSET: KMP_HW_SUBSET="1s,1ti" is invalid (the tile layer is not in this topology); using the whole machine
// NOSUBSET: places=16
