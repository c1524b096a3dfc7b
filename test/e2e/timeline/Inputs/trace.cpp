// A program whose every call is known, for HOTPATH_TRACE: nesting, a
// recursion, an exception crossing measured frames, two threads.
#include <cstdio>
#include <stdexcept>
#include <thread>

namespace tl {

volatile unsigned Sink;

__attribute__((noinline)) void leaf(unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    Sink = Sink + I;
}

__attribute__((noinline)) unsigned depth(unsigned N) {
  leaf(50);
  return N ? depth(N - 1) + 1 : 0;
}

__attribute__((noinline)) void thrower(unsigned N) {
  leaf(N);
  throw std::runtime_error("tl");
}

__attribute__((noinline)) void catcher() {
  try {
    thrower(100);
  } catch (const std::exception &) {
    leaf(10);
  }
}

__attribute__((noinline)) void worker(unsigned Rounds) {
  for (unsigned I = 0; I < Rounds; ++I)
    leaf(1000);
}

__attribute__((noinline)) void run(unsigned Rounds) {
  std::thread T(worker, Rounds);
  for (unsigned I = 0; I < Rounds; ++I) {
    leaf(200);
    depth(5);
  }
  catcher();
  T.join();
}

} // namespace tl

int main(int argc, char **argv) {
  unsigned Rounds = argc > 1 ? unsigned(std::atoi(argv[1])) : 20;
  tl::run(Rounds);
  std::printf("done %u\n", Rounds);
  return 0;
}
