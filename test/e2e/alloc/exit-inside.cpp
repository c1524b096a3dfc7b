// exit() from inside an allocating measured function: the session ends
// with the frame open, the runtime closes it and writes the report (its
// own allocations: the snapshot, the report, JSON), and none of those is
// charged to the open function or to the thread: exactly 100 bytes.
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
// RUN: %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.json \
// RUN:   app::inner=1 app::inner#total=100 app::inner#allocs=1 app::inner#frees=0 \
// RUN:   app::outer=1 app::outer#total=0 app::outer#allocs=0
// RUN: %python %S/Inputs/check_alloc.py %t.json thread:exit-thread:alloc_bytes=100 thread:exit-thread:allocs=1 thread:exit-thread:frees=0
#include <cstdlib>
#include <pthread.h>

namespace app {
void *volatile Sink;
[[noreturn]] void inner() {
  Sink = malloc(100);
  exit(0);
}
void outer() { inner(); }
} // namespace app

int main() {
  pthread_setname_np(pthread_self(), "exit-thread");
  app::outer();
}
