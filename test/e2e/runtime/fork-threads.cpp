// fork while other threads run measured code (and may be inside a hook or
// hold a runtime lock): every child gets a working runtime, counts only its
// own calls and writes its own report at exit(); nothing deadlocks; the
// parent's counts stay exact. The workers' call count varies from run to
// run, so the program writes it to a file (argv[1]).
//
// The children inherit the workers' thread states but not the threads that
// own them: LeakSanitizer (sanitizer build) would call those leaks.
// DEFINE: %{env} = env ASAN_OPTIONS=detect_leaks=0:halt_on_error=1
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %plainclangxx -O2 %s -o %t.plain -pthread && %t.plain %t.plain.counts > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 -pthread %rt_shared
// RUN: %{env} HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/O0.%%p.json timeout 120 %t.O0 %t.O0.counts > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py '%t.d/O0.*.json' @%t.O0.counts app::forker=1 '!app::in_child' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin'
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 -pthread %rt_shared
// RUN: %{env} HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/O2.%%p.json timeout 120 %t.O2 %t.O2.counts > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py '%t.d/O2.*.json' @%t.O2.counts app::forker=1 '!app::in_child' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin' \
// RUN:   --- app::in_child=3 '!app::spin' --- app::in_child=3 '!app::spin'
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

static std::atomic<bool> Stop{false};
static volatile unsigned long Sink;

namespace app {
void spin(unsigned long I) { Sink = Sink + I; }

void in_child(int I) { Sink = Sink + I; }

// Forks 10 children while the workers are busy; each child measures a few
// calls of its own and leaves through exit(), which ends its session.
int forker() {
  int Ok = 0;
  for (int C = 0; C < 10; ++C) {
    std::fflush(stdout);
    pid_t Pid = fork();
    if (Pid < 0)
      return -1;
    if (Pid == 0) {
      for (int I = 0; I < 3; ++I)
        in_child(I);
      std::exit(0); // no return: the workers' std::thread objects live on
    }
    int Status = 0;
    waitpid(Pid, &Status, 0);
    Ok += WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
  }
  return Ok;
}
} // namespace app

int main(int argc, char **argv) {
  std::vector<unsigned long> Calls(4);
  std::vector<std::thread> Workers;
  for (unsigned W = 0; W < 4; ++W)
    Workers.emplace_back([W, &Calls] {
      unsigned long N = 0;
      while (!Stop.load(std::memory_order_relaxed))
        app::spin(N++);
      Calls[W] = N;
    });
  // Let every worker get going before the first fork.
  while (Sink == 0)
    std::this_thread::yield();
  int Ok = app::forker();
  Stop = true;
  unsigned long Total = 0;
  for (unsigned W = 0; W < 4; ++W) {
    Workers[W].join();
    Total += Calls[W];
  }
  if (FILE *F = argc > 1 ? std::fopen(argv[1], "w") : nullptr) {
    std::fprintf(F, "app::spin=%lu\n", Total);
    std::fclose(F);
  }
  std::printf("%d children exited cleanly\n", Ok);
  return 0;
}
