// Many threads: every call of every thread is counted, whether the thread
// was joined, left through pthread_exit from inside measured calls, or is a
// detached thread still blocked (inside a measured call) when main returns.
// The program must exit without waiting for it.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain -pthread && %t.plain > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json timeout 60 %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json app::worker=16 app::work=32000 app::short_lived=64 app::before_block=10 app::leave_thread=4 app::via_exit=4
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json timeout 60 %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json app::worker=16 app::work=32000 app::short_lived=64 app::before_block=10 app::leave_thread=4 app::via_exit=4
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static -pthread %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.static.json timeout 60 %t.static > %t.static.out
// RUN: diff %t.expected %t.static.out
// RUN: %python %S/Inputs/check_counts.py %t.static.json app::worker=16 app::work=32000 app::short_lived=64 app::before_block=10 app::leave_thread=4 app::via_exit=4
#include <atomic>
#include <cstdio>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <vector>

static std::atomic<bool> Parked{false};

namespace app {
unsigned long work(unsigned long I) { return I * 2654435761u % 1000; }

unsigned long worker(unsigned Id) {
  unsigned long Sum = 0;
  for (unsigned I = 0; I < 2000; ++I)
    Sum += work(I + Id);
  return Sum;
}

// Threads that start and end at once: their queues must still be drained.
void short_lived() {}

void before_block() {}

// Ends its thread from two measured frames down (forced unwinding).
[[noreturn]] void leave_thread() { pthread_exit(nullptr); }
void via_exit() {
  leave_thread();
}

// Never returns: reads a pipe that nobody writes to.
void blocked_forever(int Fd) {
  char C;
  while (read(Fd, &C, 1) != 0) {
  }
}

void detached_main(int Fd) {
  for (int I = 0; I < 10; ++I)
    before_block();
  Parked = true;
  blocked_forever(Fd);
}
} // namespace app

static void *exitingThread(void *) {
  app::via_exit();
  return nullptr;
}

int main() {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return 1;
  std::thread(app::detached_main, Pipe[0]).detach();

  std::vector<unsigned long> Sums(16);
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < 16; ++T)
    Threads.emplace_back([T, &Sums] { Sums[T] = app::worker(T); });
  for (int Round = 0; Round < 8; ++Round) {
    std::vector<std::thread> Short;
    for (int T = 0; T < 8; ++T)
      Short.emplace_back(app::short_lived);
    for (std::thread &T : Short)
      T.join();
  }
  for (int T = 0; T < 4; ++T) {
    pthread_t Th;
    pthread_create(&Th, nullptr, exitingThread, nullptr);
    pthread_join(Th, nullptr);
  }
  unsigned long Total = 0;
  for (unsigned T = 0; T < 16; ++T) {
    Threads[T].join();
    Total += Sums[T];
  }
  while (!Parked)
    std::this_thread::yield();
  std::printf("total %lu\n", Total);
  return 0; // the detached thread is still inside app::blocked_forever
}
