// Soak: 400 rounds mixing threads, exceptions, longjmp, signals and forks,
// bounded in time. Each round starts 4 threads (each 400 calls, one in 40
// leaving by an exception), takes a SIGUSR1 whose handler runs measured
// code, leaves a measured frame by longjmp, and every 10th round forks a
// child that runs measured code and leaves with _exit. Every count is exact
// in every mode, output and status are the plain build's.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 -pthread %s -o %t.plain
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -pthread %s -o %t %rt_shared
// RUN: %python %S/Inputs/same.py --timeout 180 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.all.json %t.plain %t
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.all.json app::leaf=640400 app::risky=16000 app::worker=1600 app::in_handler=400 app::jumpy=400 app::round=400
// RUN: %python %S/Inputs/same.py --timeout 180 --status 0 --env HOTPATH_MODE=default --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.default.json %t.plain %t
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.default.json app::leaf=640400 app::risky=16000 app::worker=1600 app::in_handler=400 app::jumpy=400 app::round=400
// RUN: %python %S/Inputs/same.py --timeout 180 --status 0 --env HOTPATH_TIME_SAMPLING_RATE=0 --env HOTPATH_ALLOC=0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.count.json %t.plain %t
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.count.json app::leaf=640400 app::risky=16000 app::worker=1600 app::in_handler=400 app::jumpy=400 app::round=400
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

static volatile unsigned long Sink;
static std::jmp_buf Env;

namespace app {
[[gnu::noinline]] void leaf(unsigned long X) { Sink = Sink + X; }
[[gnu::noinline]] void risky(unsigned long X) {
  leaf(X);
  throw std::runtime_error("risky");
}
void worker(unsigned long Seed) {
  unsigned long Caught = 0;
  for (unsigned long I = 0; I < 400; ++I) {
    if (I % 40 == 0) {
      try {
        risky(Seed + I);
      } catch (const std::exception &) {
        ++Caught;
      }
    } else {
      leaf(Seed + I);
    }
  }
  Sink = Sink + Caught;
}
void in_handler(int Sig) { Sink = Sink + unsigned(Sig); }
[[gnu::noinline]] void jumpy() {
  leaf(1);
  std::longjmp(Env, 1);
}
void round(int R) {
  std::vector<std::thread> Ts;
  for (int T = 0; T < 4; ++T)
    Ts.emplace_back(worker, unsigned(R * 4 + T));
  raise(SIGUSR1);
  if (setjmp(Env) == 0)
    jumpy();
  if (R % 10 == 0) {
    std::fflush(stdout);
    pid_t P = fork();
    if (P == 0) {
      for (int I = 0; I < 10; ++I)
        leaf(unsigned(I));
      _exit(0);
    }
    int St;
    waitpid(P, &St, 0);
  }
  for (auto &T : Ts)
    T.join();
}
} // namespace app

int main() {
  signal(SIGUSR1, app::in_handler);
  for (int R = 0; R < 400; ++R)
    app::round(R);
  std::printf("400 rounds\n");
  return 0;
}
