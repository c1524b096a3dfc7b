// One runtime per process: a dlopen()ed plugin carries its
// own, hidden copy of the runtime (libhotpath_rt.a linked with
// --exclude-libs): two runtimes really measure. That is detected and
// reported on stderr and in meta.warnings, not silently doubled, and the
// program's output is unchanged.
//
// Sanitizer build: the hidden copy's malloc forwards to glibc's, not ASan's.
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.plain.lib.so
// RUN: %plainclangxx -O2 %S/dso.cpp %t.plain.lib.so -o %t.plain -ldl
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.plain.plugin.so
// RUN: %t.plain %t.plain.plugin.so > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.lib.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.own-rt.so %rt_static -Wl,--exclude-libs,ALL
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %S/dso.cpp %t.lib.so -o %t.shared-main -ldl %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.two.json %t.shared-main %t.own-rt.so > %t.two.out 2> %t.two.err
// RUN: diff %t.expected %t.two.out
// RUN: %FileCheck %s < %t.two.err
// RUN: %FileCheck %s < %t.two.json
// CHECK: two copies of the hotpath runtime are loaded in this process
