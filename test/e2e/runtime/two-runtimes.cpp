// One runtime per process: a program with the static runtime
// loads a library linked against the shared runtime: the library's hooks
// bind to the program's runtime (the first definition in the global
// scope), so one runtime counts everything, exactly once, and the
// program's output is unchanged. A plugin with a hidden copy of its own:
// two-runtimes-hidden.cpp.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.plain.lib.so
// RUN: %plainclangxx -O2 %S/dso.cpp %t.plain.lib.so -o %t.plain -ldl
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.plain.plugin.so
// RUN: %t.plain %t.plain.plugin.so > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.lib.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.plugin.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %S/dso.cpp %t.lib.so -o %t.static-main -ldl %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t.static-main %t.plugin.so > %t.out
// RUN: diff %t.expected %t.out
// RUN: %python %S/Inputs/check_counts.py --only %t.json app::lib_square=60 app::lib_sum_squares=6 app_plugin_entry=7 app::plugin_helper=14 app::main_side=1
