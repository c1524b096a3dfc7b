// Four threads contend on one std::mutex a known number of times. The
// report's acquisitions are exact; its wait, and with every hold timed
// its hold, agree with what the program measures itself around its own
// lock calls in the same run (Inputs/check_locks.py: a run that a busy
// machine preempted inside the program's brackets is run again); the
// waits are the measured function's; the lock is named by its symbol. By
// default one hold in 16 of each thread is timed: 313 of each thread's
// 5000. With HOTPATH_LOCKS=0, no locks section and no wait.
//
// The sanitizer build's runtime intercepts the pthread lock functions too
// (its own, in the program): which one a lock call reaches depends on the
// link, as with malloc (docs/locks.md).
// UNSUPPORTED: sanitizer
//
// RUN: %plainclangxx -O2 %s -o %t.plain -pthread && %t.plain | grep -v '^self' > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/locks.toml %clangxx -O2 -g %s -o %t -pthread %rt_shared
// RUN: env HOTPATH_LOCK_HOLD_PERIOD=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json timeout 60 %t > %t.out
// RUN: grep -v '^self' %t.out | diff %t.expected -
// RUN: %python %S/Inputs/check_locks.py %t.json %t.out %hotpath "lock|app::Shared|mutex|acquisitions=20000" "lock|app::Shared|mutex|contended>0" "lock|app::Shared|mutex|holds_timed=20000" wait~self --again "env HOTPATH_LOCK_HOLD_PERIOD=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json timeout 60 %t > %t.out" "hold~self|app::Shared" "fnwait>0|app::contend(int)" "waiter|app::Shared|app::contend(int)"
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.sampled.json timeout 60 %t > %t.sampled.out
// RUN: %python %S/Inputs/check_locks.py %t.sampled.json %t.sampled.out %hotpath "lock|app::Shared|mutex|acquisitions=20000" "lock|app::Shared|mutex|holds_timed~1252" wait~self --again "env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.sampled.json timeout 60 %t > %t.sampled.out"
// RUN: %hotpath report %t.json | %FileCheck %s
// RUN: env HOTPATH_LOCKS=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.off.json timeout 60 %t > /dev/null
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert 'locks' not in r and all('wait' not in x for x in r['functions_timing']['data'])" %t.off.json
//
// And linked with the static runtime.
// RUN: env HOTPATH_CONFIG=%S/Inputs/locks.toml %clangxx -O2 -g %s -o %t.static -pthread %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.static.json timeout 60 %t.static > %t.static.out
// RUN: %python %S/Inputs/check_locks.py %t.static.json %t.static.out %hotpath "lock|app::Shared|mutex|acquisitions=20000" wait~self --again "env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.static.json timeout 60 %t.static > %t.static.out"
//
// And fully static (-static): the interposers reach libc.a's own locks.
// RUN: env HOTPATH_CONFIG=%S/Inputs/locks.toml %clangxx -static -O2 -g %s -o %t.full -pthread %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.full.json timeout 60 %t.full > %t.full.out
// RUN: grep -v '^self' %t.full.out | diff %t.expected -
// RUN: %python %S/Inputs/check_locks.py %t.full.json %t.full.out %hotpath "lock|app::Shared|mutex|acquisitions=20000" "lock|app::Shared|mutex|contended>0" wait~self --again "env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.full.json timeout 60 %t.full > %t.full.out"
//
// CHECK: | Wait
// CHECK: locks - Locks (HOTPATH_LOCKS)
// CHECK: | Lock
// CHECK-NEXT: +
// CHECK-NEXT: | app::Shared | mutex | 20,000 |
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>
#include <time.h>
#include <vector>
#include <x86intrin.h>

namespace app {
std::mutex Shared;
std::atomic<unsigned long long> OwnWait{0}, OwnHold{0};
static volatile unsigned long Sink;

// The program's own clock inside the holds it times must cost little, as
// hotpath's does: the time-stamp counter, converted to ns over the run.
static unsigned long long nowTicks() { return __rdtsc(); }
static unsigned long long monoNs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (unsigned long long)T.tv_sec * 1000000000ull + T.tv_nsec;
}

__attribute__((noinline)) void work(int N) {
  for (int I = 0; I < N; ++I)
    Sink = Sink + I;
}

std::atomic<int> Started{0};

// Every 250th hold sleeps 200 us: however a loaded machine schedules the
// threads, the others come to the lock while it is held.
void contend(int Iters) {
  ++Started;
  while (Started.load() < 4)
    std::this_thread::yield();
  unsigned long long Wait = 0, Hold = 0;
  for (int I = 0; I < Iters; ++I) {
    unsigned long long A = nowTicks();
    Shared.lock();
    unsigned long long B = nowTicks();
    work(1500);
    if (I % 250 == 0)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    unsigned long long C = nowTicks();
    Shared.unlock();
    Wait += B - A;
    Hold += C - B;
  }
  OwnWait += Wait;
  OwnHold += Hold;
}
} // namespace app

int main() {
  unsigned long long Ns0 = app::monoNs(), Ticks0 = __rdtsc();
  std::vector<std::thread> T;
  for (int I = 0; I < 4; ++I)
    T.emplace_back(app::contend, 5000);
  for (auto &X : T)
    X.join();
  double NsPerTick = double(app::monoNs() - Ns0) / double(__rdtsc() - Ticks0);
  printf("done %lu\n", app::Sink > 0 ? 1ul : 0ul);
  printf("self wait ns %.0f\n", app::OwnWait.load() * NsPerTick);
  printf("self hold ns %.0f\n", app::OwnHold.load() * NsPerTick);
  return 0;
}
