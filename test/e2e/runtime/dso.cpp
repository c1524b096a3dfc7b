// Measured code in a shared library and in a dlopen()ed object, all with
// the one shared runtime: every row appears once with exact counts, also
// when the dlopen()ed object is unloaded (dlclose) before the report.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.plain.lib.so
// RUN: %plainclangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.plain.plugin.so
// RUN: %plainclangxx -O2 %s %t.plain.lib.so -o %t.plain -ldl
// RUN: %t.plain %t.plain.plugin.so > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.O0.lib.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.O0.plugin.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s %t.O0.lib.so -o %t.O0 -ldl %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 %t.O0.plugin.so > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json app::lib_square=60 app::lib_sum_squares=6 app_plugin_entry=7 app::plugin_helper=14 app::main_side=1
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.close.json %t.O0 %t.O0.plugin.so close > %t.O0.close.out
// RUN: diff %t.expected %t.O0.close.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.close.json app::lib_square=60 app::lib_sum_squares=6 app_plugin_entry=7 app::plugin_helper=14 app::main_side=1
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_lib.cpp -o %t.O2.lib.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -fPIC -shared %S/Inputs/dso_plugin.cpp -o %t.O2.plugin.so %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s %t.O2.lib.so -o %t.O2 -ldl %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 %t.O2.plugin.so > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json app::lib_square=60 app::lib_sum_squares=6 app_plugin_entry=7 app::plugin_helper=14 app::main_side=1
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.close.json %t.O2 %t.O2.plugin.so close > %t.O2.close.out
// RUN: diff %t.expected %t.O2.close.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.close.json app::lib_square=60 app::lib_sum_squares=6 app_plugin_entry=7 app::plugin_helper=14 app::main_side=1
#include <cstdio>
#include <cstring>
#include <dlfcn.h>

namespace app {
int lib_sum_squares(int N);
int main_side(int X) { return X * 2; }
} // namespace app

int main(int argc, char **argv) {
  int Sum = 0;
  for (int I = 0; I < 6; ++I)
    Sum += app::lib_sum_squares(10); // lib_square: 10 calls each
  void *Plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!Plugin) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto *Entry = reinterpret_cast<int (*)(int)>(dlsym(Plugin, "app_plugin_entry"));
  for (int I = 0; I < 7; ++I)
    Sum += Entry(I);
  if (argc > 2 && std::strcmp(argv[2], "close") == 0)
    dlclose(Plugin);
  Sum += app::main_side(Sum);
  std::printf("sum %d\n", Sum);
  return 0;
}
