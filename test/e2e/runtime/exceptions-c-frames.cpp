// An exception thrown through measured C frames (nounwind, so their
// wrappers have no cleanup and their exit hooks never run): the runtime
// closes those abandoned frames once, counts stay exact, and later calls
// nest correctly.
//
// RUN: rm -f %t*.json
// RUN: %plainclang -O2 -c %S/Inputs/c_frames.c -o %t.plain.c.o
// RUN: %plainclangxx -O2 %s %t.plain.c.o -o %t.plain && %t.plain > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O0 -c %S/Inputs/c_frames.c -o %t.O0.c.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 %s %t.O0.c.o -o %t.O0 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py --only %t.O0.json app_c_call=200 app::callback=150 app::quiet=200 app::run=100 app::leaf=450
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 -c %S/Inputs/c_frames.c -o %t.O2.c.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s %t.O2.c.o -o %t.O2 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py --only %t.O2.json app_c_call=200 app::callback=150 app::quiet=200 app::run=100 app::leaf=450
#include <cstdio>

extern "C" void app_c_call(void (*Fn)(int), int N);

static volatile int Sink;

namespace app {
void leaf() { Sink = Sink + 1; }

// Throws on odd arguments: every second app_c_call is left by an exception.
void callback(int N) {
  leaf();
  if (N % 2)
    throw N;
}

// Measured C++ frame between the throw and the catch: its cleanup runs.
int run(int N) {
  try {
    app_c_call(callback, N); // C frame; odd N throws from its first call
  } catch (int) {
    leaf();
    return 1;
  }
  return 0;
}

void quiet(int) { leaf(); }
} // namespace app

int main() {
  int Thrown = 0;
  for (int I = 0; I < 100; ++I) {
    // Even I: callback(I) returns, callback(I + 1) throws through the C
    // frame. Odd I: callback(I) throws at once.
    Thrown += app::run(I);
    // Then a C frame whose callbacks return: it must nest normally.
    app_c_call(app::quiet, I);
  }
  std::printf("thrown %d\n", Thrown);
  return 0;
}
