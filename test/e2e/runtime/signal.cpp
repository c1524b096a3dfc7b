// A signal handler that calls measured functions, delivered while the
// interrupted thread runs measured code (often inside a hook): nothing is
// corrupted or lost. The number of signals handled varies from run to run,
// so the program writes the counts it expects to a file (argv[1]).
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain -pthread && %t.plain %t.plain.counts > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 %t.O0.counts > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json @%t.O0.counts app::work=200000 'app::on_signal>=20'
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 %t.O2.counts > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json @%t.O2.counts app::work=200000 'app::on_signal>=20'
#include <atomic>
#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <sched.h>
#include <thread>

static std::atomic<unsigned> Handled{0};
static std::atomic<bool> Done{false};
static volatile unsigned long Sink;

namespace app {
unsigned long leaf(unsigned long X) { return X * 31 + 7; }

unsigned long work(unsigned long X) { return leaf(X) ^ (X >> 3); }

// The handler itself is measured, and calls measured code.
void on_signal(int) {
  Sink = Sink + leaf(Handled.load(std::memory_order_relaxed));
  Handled.fetch_add(1, std::memory_order_release);
}
} // namespace app

int main(int argc, char **argv) {
  struct sigaction Sa = {};
  Sa.sa_handler = app::on_signal;
  Sa.sa_flags = SA_RESTART;
  sigemptyset(&Sa.sa_mask);
  sigaction(SIGUSR1, &Sa, nullptr);

  // The sender interrupts the main thread again as soon as the previous
  // signal was handled, at least 20 times, until the main loop is done.
  pthread_t Main = pthread_self();
  std::thread Sender([Main] {
    for (unsigned Sent = 0; !Done || Sent < 20; ++Sent) {
      pthread_kill(Main, SIGUSR1);
      while (Handled.load(std::memory_order_acquire) <= Sent)
        sched_yield();
    }
  });

  unsigned long Acc = 0;
  for (unsigned long I = 0; I < 200000; ++I)
    Acc += app::work(I);
  Done = true;
  Sender.join();

  unsigned N = Handled;
  if (FILE *F = argc > 1 ? std::fopen(argv[1], "w") : nullptr) {
    std::fprintf(F, "app::on_signal=%u\napp::leaf=%lu\n", N, 200000ul + N);
    std::fclose(F);
  }
  std::printf("acc %lu\n", Acc);
  return 0;
}
