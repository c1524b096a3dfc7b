// A thread returning from a measured call while the program exits: the
// call counts once, as a finished call or as an open one. Its exit hook
// comes after the session stopped accepting calls and closes nothing; the
// thread then exits with the frame open, and the final sweep counted the
// open frames of running threads only: the call was lost (db_bench's
// Benchmark::ThreadBody, 1 call of 2 in most runs).
//
// The worker tells main it is done from inside app::body, so main's exit
// runs while body returns. Sixty runs: the call was lost in about one in
// seven.
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -pthread %s -o %t %rt_shared
// RUN: rm -f %t.run*.json
// RUN: for i in $(seq 1 40); do \
// RUN:   env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.run$i.json %t > /dev/null || exit 1; \
// RUN: done
// RUN: for i in $(seq 41 60); do \
// RUN:   env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=default HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.run$i.json %t > /dev/null || exit 1; \
// RUN: done
// One check over the sixty reports (a Python start per report took a
// minute on a busy machine).
// RUN: %python -c "import glob, json, sys; fs = sorted(glob.glob(sys.argv[1])); assert len(fs) == 60, len(fs); bad = [(f, c) for f in fs for c in [{x['name']: x['calls'] for x in json.load(open(f))['functions_timing']['data']}] if c.get('app::body()') != 1 or c.get('app::leaf(unsigned long)') != 20000]; print('bad:', bad) if bad else print('every run counts body once')" '%t.run*.json' | FileCheck %s
// CHECK: every run counts body once
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
