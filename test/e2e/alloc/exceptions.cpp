// An exception unwinding through allocating measured functions. The
// exception object comes from __cxa_allocate_exception, which calls malloc
// for the object plus libstdc++'s 128-byte header: it is an allocation of
// the innermost measured function at the throw (thrower: 64 + 128 = 192
// bytes), and its free (__cxa_free_exception, at the end of the catch
// block) a free of the function that caught it (catcher; usable size 200).
// A std::vector<int>(10) in middle is freed by the unwinder's cleanup, in
// middle (its exit hook runs after the destructors). Usable sizes:
// malloc(50) -> 56, malloc(40) -> 40.
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static %rt_static
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.json \
// RUN:   app::thrower=10 app::thrower#total=2420 app::thrower#allocs=20 app::thrower#frees=10 app::thrower#freed=560 \
// RUN:   app::middle=10 app::middle#total=400 app::middle#allocs=10 app::middle#frees=10 app::middle#freed=400 \
// RUN:   app::catcher=10 app::catcher#total=0 app::catcher#allocs=0 app::catcher#frees=10 app::catcher#freed=2000 || exit 1; done
// The default mode: the untimed calls take the wrappers' fast path, whose
// cleanup gives the current call back to the caller while the exception
// unwinds: the catch block's free is the catcher's again.
// RUN: for b in O0 O2 static; do env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=default HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.s.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.s.json \
// RUN:   app::thrower=10 app::thrower#total=2420 app::thrower#allocs=20 app::thrower#frees=10 app::thrower#freed=560 \
// RUN:   app::middle=10 app::middle#total=400 app::middle#allocs=10 app::middle#frees=10 app::middle#freed=400 \
// RUN:   app::catcher=10 app::catcher#total=0 app::catcher#allocs=0 app::catcher#frees=10 app::catcher#freed=2000 || exit 1; done
// RUN: for b in O0 O2 static; do env HOTPATH_ALLOC_CUMULATIVE=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.c.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only %t.$b.c.json \
// RUN:   app::thrower#total=2420 app::thrower#allocs=20 \
// RUN:   app::middle#total=2820 app::middle#allocs=30 app::middle#freed=960 \
// RUN:   app::catcher#total=2820 app::catcher#allocs=30 app::catcher#frees=30 app::catcher#freed=2960 || exit 1; done
#include <cstdlib>
#include <vector>

struct Err {
  char Msg[64];
};

namespace app {
void *volatile Sink;
[[gnu::noinline]] void thrower(int I) {
  void *P = malloc(50);
  Sink = P;
  free(P);
  throw Err{{char('a' + I)}};
}
[[gnu::noinline]] int middle(int I) {
  std::vector<int> V(10);
  Sink = V.data();
  thrower(I);
  return V[0];
}
[[gnu::noinline]] int catcher(int I) {
  try {
    return middle(I);
  } catch (const Err &E) {
    return E.Msg[0];
  }
}
} // namespace app

int main() {
  int S = 0;
  for (int I = 0; I < 10; ++I)
    S += app::catcher(I);
  return S == 10 * 'a' + 45 ? 0 : 1;
}
