// Exceptions through measured frames: every frame an exception unwinds
// through is counted once, caught and rethrown exceptions included, and
// the per-thread stack is consistent afterwards (later calls count right).
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain && %t.plain > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json app::thrower=900 app::catcher=100 app::rethrower=100 app::Guarded::run=100 app::at_out_of_range=50 app::leaf=200 app::after=100
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json app::thrower=900 app::catcher=100 app::rethrower=100 app::Guarded::run=100 app::at_out_of_range=50 app::leaf=200 app::after=100
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.static.json %t.static > %t.static.out
// RUN: diff %t.expected %t.static.out
// RUN: %python %S/Inputs/check_counts.py %t.static.json app::thrower=900 app::catcher=100 app::rethrower=100 app::Guarded::run=100 app::at_out_of_range=50 app::leaf=200 app::after=100
#include <cstdio>
#include <stdexcept>
#include <vector>

struct Boom {
  int Depth;
};

static int Destroyed = 0;

namespace app {
// Throws from the bottom of N + 1 measured frames.
int thrower(int N) {
  if (N == 0)
    throw Boom{N};
  return thrower(N - 1) + 1;
}

int catcher(int N) {
  try {
    return thrower(N);
  } catch (const Boom &B) {
    return -1 - B.Depth;
  }
}

int rethrower(int N) {
  try {
    return thrower(N);
  } catch (...) {
    throw; // unwinds through this frame a second time
  }
}

// A frame with a destructor to run during unwinding.
struct Guarded {
  ~Guarded() { ++Destroyed; }
  int run(int N) { return thrower(N); }
};

int at_out_of_range(const std::vector<int> &V) { return V.at(V.size()); }

void leaf() {}
int after() {
  leaf();
  leaf();
  return 1;
}
} // namespace app

int main() {
  int Caught = 0, Sum = 0;
  std::vector<int> V{1, 2, 3};
  for (int I = 0; I < 100; ++I) {
    Sum += app::catcher(3); // thrower: 4 frames
    try {
      app::rethrower(2); // thrower: 3 frames
    } catch (const Boom &) {
      ++Caught;
    }
    try {
      app::Guarded G;
      G.run(1); // thrower: 2 frames
    } catch (const Boom &) {
      ++Caught;
    }
    if (I % 2 == 0) {
      try {
        app::at_out_of_range(V);
      } catch (const std::out_of_range &) {
        ++Caught;
      }
    }
    Sum += app::after();
  }
  std::printf("caught %d, sum %d, destroyed %d\n", Caught, Sum, Destroyed);
  return 0;
}
