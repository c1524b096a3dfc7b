// A thread returning from a measured call while the program exits: the
// call counts once, as a finished call or as an open one. The exit hook
// takes the frame off the shadow stack before it hands the call to the
// queue; a final sweep that ran between the two saw neither and lost the
// call (db_bench's Benchmark::ThreadBody: 1 call of 2 in most runs).
//
// The worker tells main it is done from inside app::body, so main's exit
// runs while body returns. Forty runs: the race was lost in about one in
// seven.
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -pthread %s -o %t %rt_shared
// RUN: for i in $(seq 1 40); do \
// RUN:   env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > /dev/null || exit 1; \
// RUN:   %python %S/Inputs/check_report.py %t.json app::body=1 app::leaf=20000 || exit 1; \
// RUN: done
// RUN: for i in $(seq 1 20); do \
// RUN:   env HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.s.json %t > /dev/null || exit 1; \
// RUN:   %python %S/Inputs/check_report.py %t.s.json app::body=1 app::leaf=20000 || exit 1; \
// RUN: done
#include <condition_variable>
#include <mutex>
#include <thread>

namespace app {
std::mutex Mu;
std::condition_variable Cv;
bool Done = false;
volatile unsigned long Sink;
[[gnu::noinline]] void leaf(unsigned long X) { Sink = Sink + X; }
[[gnu::noinline]] void body() {
  for (unsigned long I = 0; I < 20000; ++I)
    leaf(I);
  std::lock_guard<std::mutex> L(Mu);
  Done = true;
  Cv.notify_all();
}
} // namespace app

int main() {
  std::thread(app::body).detach();
  std::unique_lock<std::mutex> L(app::Mu);
  app::Cv.wait(L, [] { return app::Done; });
  return 0;
}
