// REQUIRES: valgrind
// Under Valgrind allocations are not tracked (Memcheck replaces malloc,
// Callgrind's run of merged mode leaves them to the native run): the
// program runs cleanly under Memcheck with the interposers in place, no
// warning is added, and an explicitly requested alloc section says why.
//
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -gdwarf-4 -O1 %S/Inputs/other.cpp -o %t %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.mc.json HOTPATH_REPORT=all %valgrind -q --error-exitcode=9 --tool=memcheck %t > %t.mc.out
// RUN: %python %S/Inputs/check_alloc.py %t.mc.json "description~Not tracked under Valgrind" timing:app::work=100
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.auto.json %valgrind -q --error-exitcode=9 --tool=memcheck %t > %t.auto.out
// RUN: %python %S/Inputs/check_alloc.py %t.auto.json tracked=0 nowarnings timing:app::work=100
