// A fully static executable (-static) links and runs: libc.a's malloc is
// a strong definition that wins over the runtime's weak interposers, so
// allocations cannot be tracked; hotpath says why in one warning and still
// reports timing.
//
// Sanitizer build: ASan programs cannot be linked -static.
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %S/Inputs/other.cpp -o %t.plain -ldl && %t.plain | sed 's/from .*/from/' > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -static -O2 %S/Inputs/other.cpp -o %t.static %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t.static 2> %t.err | sed 's/from .*/from/' > %t.out
// RUN: diff %t.expected %t.out
// RUN: FileCheck %s < %t.err
// RUN: %python %S/Inputs/check_alloc.py %t.json tracked=0 "warning~linked statically (-static)" timing:app::work=100
// CHECK: hotpath: allocation tracking is off: the program is linked statically (-static): libc.a's malloc cannot be interposed; link dynamically to track allocations
// CHECK-NOT: hotpath:
