// Leaving measured frames without their exits: an exception through 100
// measured frames, 1000 times; longjmp over 51 measured frames, 1000 times
// (from C++ code compiled without cleanups for the jump: the frames are
// abandoned and closed when the next call finds them). Counts exact at -O0
// and -O2, output unchanged.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.O0.json %t.plain %t.O0
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.O0.json app::descend=100000 app::thrower=1000 app::jump_descend=51000 app::jumper=1000 app::after=1000
// RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.O2.json %t.plain %t.O2
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.O2.json app::descend=100000 app::thrower=1000 app::jump_descend=51000 app::jumper=1000 app::after=1000
#include <csetjmp>
#include <cstdio>
#include <stdexcept>

static volatile int Sink;
static std::jmp_buf Env;

namespace app {
[[gnu::noinline]] void descend(int Depth) {
  Sink = Sink + 1;
  if (Depth == 1)
    throw std::runtime_error("bottom");
  descend(Depth - 1);
  Sink = Sink + 1;
}
[[gnu::noinline]] void thrower() { descend(100); }

// longjmp past frames whose destructors would not run: no C++ objects here.
[[gnu::noinline]] void jump_descend(int Depth) {
  Sink = Sink + 1;
  if (Depth == 1)
    std::longjmp(Env, 1);
  jump_descend(Depth - 1);
  Sink = Sink + 1;
}
[[gnu::noinline]] void jumper() { jump_descend(51); }
[[gnu::noinline]] void after() { Sink = Sink + 1; }
} // namespace app

int main() {
  int Caught = 0, Jumped = 0;
  for (int I = 0; I < 1000; ++I) {
    try {
      app::thrower();
    } catch (const std::exception &) {
      ++Caught;
    }
    if (setjmp(Env) == 0)
      app::jumper();
    else
      ++Jumped;
    app::after();
  }
  printf("caught %d, jumped %d\n", Caught, Jumped);
  return 0;
}
